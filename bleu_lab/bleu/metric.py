"""BLEU (Papineni et al. 2002): clipped n-gram precision, brevity penalty, geometric mean.

    BLEU = BP * exp( sum_{n=1..N} w_n log p_n )
    p_n  = clipped matching n-grams / candidate n-grams    (modified precision)
    BP   = 1 if c > r else exp(1 - r / c)                   (0 when c = 0)

with uniform weights w_n = 1/N and N = 4 unless told otherwise. Scores are on
the 0-1 scale of the formula; sacrebleu prints 100 times these numbers.

Each public function reads as the formula's steps: check the input, tokenize, count
(:mod:`.statistics`), score the statistics (:func:`.scoring.bleu_score`). A corpus is scored from
the sums of its sentences' statistics; above :data:`bleu_lab.fast.FAST_FROM` characters the array
engine (:mod:`bleu_lab.fast.counting`) counts them, with the same numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import chain
from operator import is_
from typing import Any

from .. import fast
from ..checks import (
    References,
    Text,
    Weights,
    check_candidate_and_references,
    check_corpus,
    check_count,
    check_counts,
    check_matches_within_totals,
    check_order,
    check_systems,
    check_text_settings,
    describe,
    keywords_checked,
    warn_if_impossible,
)
from ..tokenizers import get_tokenizer, lines_for_counting, sacrebleu_line_tokenizer
from .results import BleuResult, BrevityPenaltyResult, PrecisionResult
from .scoring import NLTK_FIFTH_ORDER, BleuSettings, bleu_score, brevity_penalty_value
from .statistics import SentenceStats, closest_reference_length, ngram_matches, sentence_statistics, sum_statistics


@keywords_checked
def bleu_from_stats(
    counts: Sequence[int],
    totals: Sequence[int],
    candidate_length: int,
    reference_length: int,
    *,
    max_order: int | None = None,
    weights: Weights | None = None,
    smoothing: str = "none",
    smooth_value: float | None = None,
    effective_order: bool = False,
    last_sentence: SentenceStats | None = None,
) -> BleuResult:
    """BLEU from sufficient statistics alone, no text needed.

    ``counts[n-1]`` clipped matches and ``totals[n-1]`` candidate n-grams of
    order n; ``candidate_length`` c and ``reference_length`` r (summed over a
    corpus). ``max_order`` is 4 unless ``weights`` set it; more entries than the
    order are refused unless ``max_order`` or ``weights`` was given (then the
    first N are scored: BLEU-2 of 4-gram statistics). Whatever sacrebleu's
    ``BLEU.compute_bleu`` scores is scored, with its number; statistics that no
    text can give (``candidate_length`` other than ``totals[0]``, every token being
    one unigram; totals that grow with the order) get an
    :class:`~bleu_lab.checks.ImpossibleStatisticsWarning` naming the inconsistency.
    Only matches above totals, negative numbers and wrong lengths are errors. With nltk's methods
    4-7, ``last_sentence`` is the ``SentenceStats`` (to order 5) of the sentence
    they look at; by default the statistics given are that sentence.

    The paper's example of section 2.3 with made-up counts:

    >>> result = bleu_from_stats([5, 4, 3, 2], [6, 5, 4, 3], 6, 6)
    >>> round(result.score, 4)   # (5/6 * 4/5 * 3/4 * 2/3) ** (1/4) = (1/3) ** 0.25
    0.7598
    >>> bleu_from_stats([0, 0, 0, 0], [3, 2, 1, 0], 3, 6).score
    0.0
    """
    settings = BleuSettings(max_order, weights, smoothing, smooth_value, effective_order, None, None)
    order, counted = settings.order, settings.counting_order
    checked = {name: check_counts(name, values, order) for name, values in (("counts", counts), ("totals", totals))}
    order_given = max_order is not None or weights is not None  # a lower order on purpose (BLEU-2 of 4-gram counts)
    for name, values in checked.items():
        if len(values) > counted and not order_given:  # the default order would ignore the rest without a word
            raise ValueError(
                f"{name} has {len(values)} entries but the default order is {order}; give {counted} (one per "
                f"n-gram order), or say which order to score: max_order={len(values)} for all of them, or "
                f"max_order=2 for BLEU-2. Right: bleu_from_stats([5, 4, 3, 2], [6, 5, 4, 3], 6, 6)"
            )
    check_count(candidate_length, "candidate_length")
    if last_sentence is not None:
        right = ("Right: bleu_from_stats([3, 1, 0, 0], [4, 3, 2, 1], 4, 5, smoothing='method4', "
                 "last_sentence=SentenceStats(4, 5, (3, 1, 0, 0), (4, 3, 2, 1)))")
        if not isinstance(last_sentence, SentenceStats) or len(last_sentence) != 1:
            what = (f"a SentenceStats of {len(last_sentence)} sentences" if isinstance(last_sentence, SentenceStats)
                    else describe(last_sentence))
            raise TypeError(f"last_sentence is {what}; it must be the SentenceStats of the one sentence that "
                            f"nltk's methods 4-7 look at (the last of a corpus). {right}")
        if not settings.method.last_sentence:
            raise ValueError(f"last_sentence is read only by nltk's methods 4-7, which look at the last sentence of "
                             f"a corpus; smoothing={settings.smoothing!r} does not, so leave it out. {right}")
    return score_with_settings(counts, totals, candidate_length, reference_length, settings, last_sentence,
                               given=True)


def score_with_settings(counts, totals, candidate_length, reference_length, settings: BleuSettings,
                        last_sentence=None, *, n_references=None, given: bool = False) -> BleuResult:
    """:func:`bleu_from_stats` with its keywords already checked as ``settings``: the statistics are
    checked (a caller's), then scored. ``given``: the totals are a caller's, so they are checked to be a
    text's too (counted ones are; nltk's phantom totals, max(1, t_n) per sentence, need not be)."""
    order = settings.order
    counts = check_counts("counts", counts, order)
    totals = check_counts("totals", totals, order)
    candidate_length = check_count(candidate_length, "candidate_length")
    reference_length = check_count(reference_length, "reference_length")
    # Under add-k too: (m + k) / (t + k) above 1 is no precision (sacrebleu accepts it and returns BLEU > 1).
    check_matches_within_totals(counts[:order], totals[:order])
    if given:  # scored as sacrebleu scores them, with a warning naming what no text can give
        warn_if_impossible(totals[:order], candidate_length)
    counted = len(totals if last_sentence is None else last_sentence.totals)
    if settings.method.fifth_order and counted < NLTK_FIFTH_ORDER:
        raise ValueError(
            f"smoothing={settings.smoothing!r} averages with the 5-gram precision, as nltk does; give counts and "
            f"totals for orders 1-5 (or use sentence_bleu / corpus_bleu, which count them)"
        )
    last = None if last_sentence is None else last_sentence.for_nltk()[1]
    shared = min(len(counts), len(totals))  # the orders both give
    statistics = SentenceStats(candidate_length, reference_length, counts[:shared], totals[:shared])
    return score_counted(statistics, settings, last=last, n_references=n_references)


def score_counted(statistics: SentenceStats, settings: BleuSettings, *, last=None, n_references=None,
                  **extra: Any) -> BleuResult:
    """The score of counted statistics (one sentence, or a corpus: their sums) as a result object, with every
    number that went into it. nltk's methods count each sentence's empty orders as one phantom n-gram and
    look at the last sentence (their smoothing's rules); ``last`` overrides that sentence."""
    c, r, *counts = statistics.as_row()
    order = len(counts) // 2
    matches, totals = counts[:order], counts[order:]
    if settings.method.phantom_ngrams:  # nltk divides by max(1, t_n) in each sentence
        phantom_totals, last_of_corpus = statistics.for_nltk()
        totals = list(phantom_totals)
        last = last or last_of_corpus
    scored = bleu_score(matches, totals, c, r, settings, last)
    used, order = scored.used, settings.order
    if settings.weights is None or settings.effective_order:  # uniform over the orders used
        weights = (((1.0 if settings.weights is None else sum(settings.weights)) / used),) * used
    else:
        weights = tuple(settings.weights)
    return BleuResult(score=scored.value, _precisions=scored.precisions, _counts=tuple(matches[:order]),
                      _totals=tuple(totals[:order]), brevity_penalty=scored.brevity_penalty, candidate_length=c,
                      reference_length=r, weights=weights, settings=settings, used_orders=used,
                      n_references=n_references, **extra)


def settings_for_texts(settings: BleuSettings, candidates, references) -> BleuSettings:
    """``settings`` as the signature must tell them: token sequences given for every text are used as
    they are, so no tokenizer ran and the signature says ``tok:none`` (the score is the same: token
    sequences are never re-tokenized). Checked texts are ``str`` or token sequences."""
    if settings.tokenize in (None, "none") or str in map(type, candidates) or str in map(
        type, chain.from_iterable(references)
    ):
        return settings
    return replace(settings, tokenize="none")


def tokens_of(text, tokenize: str, lowercase: bool) -> tuple:
    """The tokens of a checked text: a token sequence as given (lowercased if asked), a string tokenized.

    sacrebleu lowercases first, strips trailing whitespace, then runs its tokenizer, which returns the
    tokens as one line separated by spaces (``BLEU._preprocess_segment``).
    """
    if not isinstance(text, str):
        return tuple(token.lower() for token in text) if lowercase else tuple(text)
    if lowercase:
        text = text.lower()
    line = sacrebleu_line_tokenizer(tokenize)  # built once, then cached
    if line is None:  # a tokenizer that gives a list of tokens (nltk's)
        return tuple(get_tokenizer(tokenize)(text))
    return tuple(line(text.rstrip()).split())


def tokenize_sentence(candidate, references, tokenize, lowercase):
    """Tokenize a checked candidate and its references (token sequences are kept as they are)."""
    check_text_settings(tokenize, lowercase)
    references = [tokens_of(reference, tokenize, lowercase) for reference in references]
    return tokens_of(candidate, tokenize, lowercase), references


@keywords_checked
def sentence_bleu(
    candidate: Text,
    references: References,
    *,
    max_order: int | None = None,
    weights: Weights | None = None,
    smoothing: str = "none",
    smooth_value: float | None = None,
    effective_order: bool = False,
    tokenize: str = "13a",
    lowercase: bool = False,
) -> BleuResult:
    """BLEU of one candidate against one or more references, with its breakdown.

    ``max_order`` is 4 unless ``weights`` (one per order) set it. A text given as a token list is
    used as given (only ``lowercase`` applies to it); when every text is one, no tokenizer ran and
    the signature says ``tok:none``. The worked
    example of Papineni et al. (2002) scores a candidate against several
    references; here the textbook cat/mat pair:

    >>> result = sentence_bleu("a cat is on the mat", ["the cat is on the mat"])
    >>> result.counts, result.totals
    ([5, 4, 3, 2], [6, 5, 4, 3])
    >>> round(result.score, 4)   # (5/6 * 4/5 * 3/4 * 2/3) ** (1/4)
    0.7598
    """
    candidate, references = check_candidate_and_references(candidate, references, function="sentence_bleu")
    settings = BleuSettings(max_order, weights, smoothing, smooth_value, effective_order, tokenize, lowercase)
    settings = settings_for_texts(settings, [candidate], [references])
    candidate_tokens = tokens_of(candidate, tokenize, lowercase)
    reference_tokens = tuple([tokens_of(reference, tokenize, lowercase) for reference in references])
    stats = sentence_statistics(candidate_tokens, reference_tokens, settings.counting_order)
    return score_counted(stats, settings, n_references=len(references),
                         candidate_tokens=candidate_tokens, reference_tokens=reference_tokens)


def corpus_statistics(candidates, references, *, max_order=4, tokenize="13a", lowercase=False) -> SentenceStats:
    """Statistics of a checked corpus, one row per sentence (:class:`SentenceStats`): counted sentence by
    sentence (:func:`.statistics.sentence_statistics`), or by the array engine from
    :data:`bleu_lab.fast.FAST_FROM` characters of text on (the same numbers, tests/test_fast_engine.py)."""
    texts = chain(candidates, chain.from_iterable(references))  # a token counts its letters and a space
    characters = sum([len(text) if isinstance(text, str) else sum(map(len, text)) + len(text) for text in texts])
    if characters < fast.FAST_FROM:
        return SentenceStats(rows=[
            sentence_statistics(tokens_of(candidate, tokenize, lowercase),
                                [tokens_of(r, tokenize, lowercase) for r in refs], max_order).as_row()
            for candidate, refs in zip(candidates, references)
        ])
    from ..fast.counting import count_statistics

    candidate_lines, reference_lines = tokenize_corpus(candidates, references, tokenize, lowercase)
    return count_statistics(candidate_lines, reference_lines, max_order, lines=True)


def tokenize_corpus(candidates, references, tokenize, lowercase):
    """Tokenize a checked corpus for the array engine: each string becomes its tokens as one line,
    split later with all the others (``lines=True``, :func:`bleu_lab.tokenizers.lines_for_counting`);
    token sequences stay as given. ``references[i]`` stays the list of references of sentence i."""
    candidate_lines = lines_for_counting(candidates, tokenize, lowercase)
    # All reference lines in one pass, then nested again per sentence.
    flat = lines_for_counting(list(chain.from_iterable(references)), tokenize, lowercase)
    if len(flat) == len(references):  # one reference each (every list is non-empty): each a 1-tuple, built in C
        return candidate_lines, list(zip(flat))
    if all(map(is_, flat, chain.from_iterable(references))):  # token lists, passed on as they are
        return candidate_lines, references
    reference_lines, start = [], 0
    for refs in references:
        reference_lines.append(flat[start : start + len(refs)])
        start += len(refs)
    return candidate_lines, reference_lines


def tokenize_systems(systems: Mapping[str, Any], references, settings: BleuSettings, *, function: str, call: str):
    """Check and tokenize several systems' lines against the same references, every text once:
    ``(candidate lines of each system, reference lines)``, to be counted with ``lines=True`` (see
    :func:`tokenize_corpus`). ``systems`` maps the names that messages use to the lines (see
    :func:`bleu_lab.checks.check_systems`)."""
    checked, checked_references = check_systems(systems, references, function=function, call=call)
    tokenize, lowercase = settings.tokenize or "none", bool(settings.lowercase)
    candidate_lines = [lines_for_counting(lines, tokenize, lowercase) for lines in checked]
    _, reference_lines = tokenize_corpus([], checked_references, tokenize, lowercase)
    return candidate_lines, reference_lines


def score_statistics(statistics: Sequence[SentenceStats], **bleu_keywords: Any) -> BleuResult:
    """Corpus BLEU from a list of per-sentence statistics: the score of their sum.

    ``bleu_keywords`` are the scoring keywords of :func:`bleu_from_stats`.
    """
    settings = BleuSettings(**bleu_keywords, tokenize=None, lowercase=None)
    total: SentenceStats
    if isinstance(statistics, SentenceStats):
        total = statistics
    elif isinstance(statistics, (list, tuple)) and all(isinstance(s, SentenceStats) for s in statistics):
        total = sum_statistics(statistics)
    else:
        raise TypeError(
            f"statistics must be SentenceStats (or a list of them), not {describe(statistics)}. "
            f"Right: score_statistics(corpus_statistics(candidates, references))"
        )
    if len(total) == 0:
        raise ValueError("cannot score empty statistics; a corpus needs at least one sentence")
    return score_counted(total, settings)


@keywords_checked
def corpus_bleu(
    candidates: Sequence[Text],
    references: Sequence[References],
    *,
    max_order: int | None = None,
    weights: Weights | None = None,
    smoothing: str = "none",
    smooth_value: float | None = None,
    effective_order: bool = False,
    tokenize: str = "13a",
    lowercase: bool = False,
) -> BleuResult:
    """Corpus BLEU: sum the statistics of every sentence, then score the sums once.

    ``references[i]`` is the list of references of ``candidates[i]``. This is
    not the mean of sentence scores (Papineni et al. 2002, section 2.1.1).

    >>> corpus_bleu(["the cat is on the mat", "a dog"], [["the cat is on the mat"], ["a dog"]]).counts
    [8, 6, 4, 3]
    """
    candidates, references = check_corpus(candidates, references, function="corpus_bleu")
    settings = BleuSettings(max_order, weights, smoothing, smooth_value, effective_order, tokenize, lowercase)
    settings = settings_for_texts(settings, candidates, references)
    statistics = corpus_statistics(
        candidates, references, max_order=settings.counting_order, tokenize=tokenize, lowercase=lowercase
    )
    return score_counted(statistics, settings, n_references=frozenset(map(len, references)),
                         sentences=len(candidates))


@keywords_checked
def modified_precision(
    candidate: Text, references: References, n: int, *, tokenize: str = "13a", lowercase: bool = False
) -> PrecisionResult:
    """Clipped n-gram precision p_n (Papineni et al. 2002, section 2.1).

    p_n = sum over candidate n-grams of min(count, max count in one reference)
          / number of candidate n-grams

    The paper's first example: seven "the" against two references.

    >>> p = modified_precision("the the the the the the the",
    ...                        ["The cat is on the mat.", "There is a cat on the mat."], 1, lowercase=True)
    >>> p.matches, p.total, round(p.value, 4)
    (2, 7, 0.2857)
    """
    candidate, references = check_candidate_and_references(candidate, references, function="modified_precision")
    n = check_order(n, "n")
    check_text_settings(tokenize, lowercase)
    candidate_tokens = tokens_of(candidate, tokenize, lowercase)
    matches = ngram_matches(candidate_tokens, [tokens_of(r, tokenize, lowercase) for r in references], n)
    return PrecisionResult(
        n=n,
        matches=sum([m.clipped for m in matches]),
        total=max(0, len(candidate_tokens) - n + 1),
        ngrams=matches,
    )


@keywords_checked
def brevity_penalty(
    candidate: Text, references: References, *, tokenize: str = "13a", lowercase: bool = False
) -> BrevityPenaltyResult:
    """The brevity penalty of one candidate, with c and the closest reference length r.

    >>> bp = brevity_penalty("the cat", ["the cat is on the mat", "there is a cat on the mat"])
    >>> bp.candidate_length, bp.reference_length, round(bp.value, 4)   # exp(1 - 6/2)
    (2, 6, 0.1353)
    """
    candidate, references = check_candidate_and_references(candidate, references, function="brevity_penalty")
    candidate_tokens, reference_tokens = tokenize_sentence(candidate, references, tokenize, lowercase)
    c = len(candidate_tokens)
    return BrevityPenaltyResult(c, closest_reference_length(c, [len(r) for r in reference_tokens]))


__all__ = [
    "SentenceStats",
    "bleu_from_stats",
    "brevity_penalty",
    "brevity_penalty_value",
    "corpus_bleu",
    "corpus_statistics",
    "modified_precision",
    "score_statistics",
    "sentence_bleu",
    "settings_for_texts",
]
