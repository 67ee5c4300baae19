"""BLEU (Papineni et al. 2002): clipped n-gram precision, brevity penalty, geometric mean.

    BLEU = BP * exp( sum_{n=1..N} w_n log p_n )
    p_n  = clipped matching n-grams / candidate n-grams    (modified precision)
    BP   = 1 if c > r else exp(1 - r / c)                   (0 when c = 0)

with uniform weights w_n = 1/N and N = 4 unless told otherwise. Scores are on
the 0-1 scale of the formula; sacrebleu prints 100 times these numbers.

The score is computed from statistics alone (:func:`bleu_from_stats`); the
sentence and corpus functions only tokenize, count and add up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from itertools import chain
from typing import Any

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
    describe,
    keywords_checked,
    warn_if_impossible,
)
from ..fast.counting import count_statistics
from ..results import BleuResult, BrevityPenaltyResult, PrecisionResult
from ..scoring import bleu_scores, brevity_penalty_value
from ..settings import BleuSettings
from ..tokenizers import get_tokenizer, lines_for_counting, tokenize_lines_with
from .statistics import SentenceStats, closest_reference_length, ngram_matches, sentence_statistics, sum_statistics

# nltk's smoothing methods 5 and 7 look at the 5-gram precision whatever the order.
_NLTK_FIFTH_ORDER = 5


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
    """:func:`bleu_from_stats` with its keywords already checked as ``settings``.

    ``given``: the totals are a caller's, so they are checked to be a text's too (counted ones are;
    nltk's phantom totals, max(1, t_n) per sentence, need not be)."""
    order = settings.order
    counts = check_counts("counts", counts, order)
    totals = check_counts("totals", totals, order)
    candidate_length = check_count(candidate_length, "candidate_length")
    reference_length = check_count(reference_length, "reference_length")
    # Under add-k too: (m + k) / (t + k) above 1 is no precision (sacrebleu accepts it and returns BLEU > 1).
    check_matches_within_totals(counts[:order], totals[:order])
    if given:  # scored as sacrebleu scores them, with a warning naming what no text can give
        warn_if_impossible(totals[:order], candidate_length)
    method = settings.method
    last = None
    if method.fifth_order and len(totals if last_sentence is None else last_sentence.totals) < _NLTK_FIFTH_ORDER:
        raise ValueError(
            f"smoothing={settings.smoothing!r} averages with the 5-gram precision, as nltk does; give counts and "
            f"totals for orders 1-5 (or use sentence_bleu / corpus_bleu, which count them)"
        )
    if last_sentence is not None:
        last = ([last_sentence.candidate_length], [last_sentence.matches], [last_sentence.totals])
    scored = bleu_scores([counts], [totals], [candidate_length], [reference_length], settings, last=last)
    used = int(scored.used[0])
    return BleuResult(
        score=float(scored.scores[0]),
        _precisions=tuple(scored.precisions[0].tolist()),
        _counts=counts[:order],
        # nltk's methods divide by max(1, total): report the denominators used.
        _totals=tuple(max(1, t) for t in totals[:order]) if method.phantom_ngrams else totals[:order],
        brevity_penalty=float(scored.brevity_penalties[0]),
        candidate_length=candidate_length,
        reference_length=reference_length,
        weights=_result_weights(settings.weights, used, settings.effective_order),
        settings=settings,
        used_orders=used,
        n_references=n_references,
    )


def _result_weights(weights, used, effective_order):
    """The weights the score used: uniform over the used orders unless given (and not re-weighted)."""
    if weights is None or effective_order:
        total = 1.0 if weights is None else sum(weights)
        return tuple([total / used] * used)
    return weights


def _tokens_only(candidates, references) -> bool:
    """Whether every text of a checked corpus is a token sequence: then no tokenizer runs."""
    return all(not isinstance(c, str) for c in candidates) and all(
        not isinstance(r, str) for refs in references for r in refs
    )


def settings_for_texts(settings: BleuSettings, candidates, references) -> BleuSettings:
    """``settings`` as the signature must tell them: token sequences given for every text are used as
    they are, so no tokenizer ran and the signature says ``tok:none`` (the score is the same: token
    sequences are never re-tokenized)."""
    if settings.tokenize not in (None, "none") and _tokens_only(candidates, references):
        return replace(settings, tokenize="none")
    return settings


def tokenize_sentence(candidate, references, tokenize, lowercase):
    """Tokenize a checked candidate and its references (token sequences are kept as they are)."""
    candidates, reference_lists = tokenize_corpus([candidate], [references], tokenize, lowercase)
    return candidates[0], reference_lists[0]


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
    candidate_tokens, reference_tokens = tokenize_sentence(candidate, references, tokenize, lowercase)
    stats = sentence_statistics(candidate_tokens, reference_tokens, settings.counting_order)
    result = score_with_settings(
        stats.matches, stats.totals, stats.candidate_length, stats.reference_length, settings,
        n_references=len(references),
    )
    return replace(result, candidate_tokens=candidate_tokens, reference_tokens=tuple(reference_tokens))


def corpus_statistics(candidates, references, *, max_order=4, tokenize="13a", lowercase=False) -> SentenceStats:
    """Statistics of a checked corpus: one row per sentence (:class:`bleu_lab.SentenceStats`)."""
    candidate_lines, reference_lines = tokenize_corpus(candidates, references, tokenize, lowercase, counted=True)
    return count_statistics(candidate_lines, reference_lines, max_order, lines=True)


def tokenize_corpus(candidates, references, tokenize, lowercase, *, counted: bool = False):
    """Tokenize a checked corpus: what :func:`tokenize_sentence` does per sentence, with one tokenizer lookup.

    ``counted=True`` for texts that are only counted: each string becomes its tokens as one line, for
    counting with ``lines=True`` (see :func:`bleu_lab.tokenizers.lines_for_counting`), which splits
    them all at once."""
    if counted:
        tokenized = partial(lines_for_counting, name=tokenize, lowercase=lowercase)
    else:
        tokenized = partial(tokenize_lines_with, function=get_tokenizer(tokenize), lowercase=lowercase)
    candidate_tokens = tokenized(candidates)
    # All reference lines in one pass, then nested again per sentence.
    flat = tokenized(list(chain.from_iterable(references)))
    if len(flat) == len(references):  # one reference each (every list is non-empty): each a 1-tuple, built in C
        return candidate_tokens, list(zip(flat))
    reference_tokens, start = [], 0
    for refs in references:
        reference_tokens.append(flat[start : start + len(refs)])
        start += len(refs)
    return candidate_tokens, reference_tokens


def tokenize_systems(systems: Mapping[str, Any], references, settings: BleuSettings, *, function: str, call: str):
    """Check and tokenize several systems' lines against the same references, every text once:
    ``(candidate lines of each system, reference lines)``, to be counted with ``lines=True`` (see
    :func:`tokenize_corpus`). ``systems`` maps the names that messages use to the lines (see
    :func:`bleu_lab.checks.check_systems`)."""
    checked, checked_references = check_systems(systems, references, function=function, call=call)
    candidate_lines = [tokenize_corpus(lines, [], settings.tokenize, settings.lowercase, counted=True)[0]
                       for lines in checked]
    _, reference_lines = tokenize_corpus([], checked_references, settings.tokenize, settings.lowercase, counted=True)
    return candidate_lines, reference_lines


def score_statistics(statistics: Sequence[SentenceStats], **bleu_keywords: Any) -> BleuResult:
    """Corpus BLEU from a list of per-sentence statistics: the score of their sum.

    ``bleu_keywords`` are the scoring keywords of :func:`bleu_from_stats`.
    """
    settings = BleuSettings(**bleu_keywords, tokenize=None, lowercase=None)
    return score_counted(statistics, settings)


def score_counted(statistics, settings: BleuSettings, *, n_references=None) -> BleuResult:
    """The score of summed statistics; nltk's methods count each sentence's empty orders as one
    phantom n-gram and look at the last sentence (rules of their smoothing method)."""
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
    totals = total.totals
    last = None
    if settings.method.phantom_ngrams:
        totals = total.phantom_totals
        last = total[-1]
    return score_with_settings(
        total.matches, totals, total.candidate_length, total.reference_length, settings, last,
        n_references=n_references,
    )


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
    result = score_counted(statistics, settings, n_references=frozenset(len(r) for r in references))
    return replace(result, sentences=len(statistics))


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
    BleuSettings(tokenize=tokenize, lowercase=lowercase)
    candidate_tokens, reference_tokens = tokenize_sentence(candidate, references, tokenize, lowercase)
    matches = ngram_matches(candidate_tokens, reference_tokens, n)
    return PrecisionResult(
        n=n,
        matches=sum(m.clipped for m in matches),
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
    BleuSettings(tokenize=tokenize, lowercase=lowercase)
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
