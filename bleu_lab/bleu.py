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

import math
from dataclasses import replace

from .counting import (
    VECTORISED_MIN_SENTENCES,
    SentenceStats,
    check_order,
    closest_reference_length,
    corpus_statistics_matrix,
    ngram_matches,
    sentence_statistics,
    sum_statistics,
)
from .inputs import _is_real_number, _is_whole_number, _kind, check_bool, check_candidate_and_references, check_corpus
from .results import BleuResult, BrevityPenaltyResult, PrecisionResult
from .smoothing import (
    NLTK_SMOOTHING,
    nltk_log_mean,
    nltk_precisions,
    resolve_smoothing,
    sacrebleu_log_mean,
    sacrebleu_precisions,
)
from .tokenizers import apply_tokenizer, get_tokenizer

# nltk's smoothing methods 5 and 7 look at the 5-gram precision whatever the order.
_NLTK_FIFTH_ORDER = 5


def brevity_penalty_value(candidate_length: int, reference_length: int) -> float:
    """BP = 1 if c > r else exp(1 - r/c), and 0 when c = 0 (Papineni et al. 2002, section 2.2.2).

    >>> brevity_penalty_value(6, 6)
    1.0
    >>> round(brevity_penalty_value(4, 6), 4)   # exp(1 - 6/4) = exp(-0.5)
    0.6065
    """
    if candidate_length > reference_length:
        return 1.0
    if candidate_length == 0:
        return 0.0
    return math.exp(1 - reference_length / candidate_length)


def _resolve_weights(weights, max_order):
    """Return (order, weights or None for uniform); the length of ``weights`` sets the order."""
    check_order(max_order, "max_order")
    if weights is None:
        return max_order, None
    if isinstance(weights, (str, bytes)) or not hasattr(weights, "__len__"):
        raise TypeError(f"weights must be a sequence of numbers such as (0.5, 0.5), not {_kind(weights)}")
    if len(weights) == 0:
        raise ValueError("weights is empty; give one weight per n-gram order, e.g. weights=(0.5, 0.5)")
    for w in weights:
        if not _is_real_number(w):
            raise TypeError(f"weights must be numbers, got {_kind(w)} in {weights!r}")
        if not math.isfinite(w) or w < 0:
            raise ValueError(f"weights must be finite and non-negative, got {weights!r}")
    if not any(weights):
        raise ValueError(f"at least one weight must be above 0, got {weights!r}")
    if max_order not in (4, len(weights)):
        raise ValueError(
            f"weights has {len(weights)} entries but max_order={max_order}; the length of weights sets the "
            f"order, so drop max_order or give {max_order} weights"
        )
    return len(weights), tuple(float(w) for w in weights)


def _check_counts(name, values, order):
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise TypeError(f"{name} must be a list of whole numbers, one per order, not {_kind(values)}")
    if len(values) < order:
        raise ValueError(f"{name} has {len(values)} entries but the order is {order}; give one per n-gram order")
    for v in values:
        if not _is_whole_number(v) or v < 0:
            raise ValueError(f"{name} must hold whole numbers >= 0, got {list(values)!r}")
    return tuple(int(v) for v in values)


def bleu_from_stats(
    counts,
    totals,
    candidate_length,
    reference_length,
    *,
    max_order=4,
    weights=None,
    smoothing="none",
    smooth_value=None,
    effective_order=False,
    last_sentence=None,
) -> BleuResult:
    """BLEU from sufficient statistics alone, no text needed.

    ``counts[n-1]`` clipped matches and ``totals[n-1]`` candidate n-grams of
    order n; ``candidate_length`` c and ``reference_length`` r (summed over a
    corpus). With nltk's methods 4-7, ``last_sentence`` is the
    ``SentenceStats`` (to order 5) of the sentence they look at; by default
    the statistics given are that sentence.

    The paper's example of section 2.3 with made-up counts:

    >>> result = bleu_from_stats([5, 4, 3, 2], [6, 5, 4, 3], 6, 6)
    >>> round(result.score, 4)   # (5/6 * 4/5 * 3/4 * 2/3) ** (1/4) = (1/3) ** 0.25
    0.7598
    >>> bleu_from_stats([0, 0, 0, 0], [3, 2, 1, 0], 3, 6).score
    0.0
    """
    order, weights = _resolve_weights(weights, max_order)
    value = resolve_smoothing(smoothing, smooth_value)
    counts = _check_counts("counts", counts, order)
    totals = _check_counts("totals", totals, order)
    for name, length in (("candidate_length", candidate_length), ("reference_length", reference_length)):
        if not _is_whole_number(length) or length < 0:
            raise ValueError(f"{name} must be a whole number >= 0, got {length!r}")
    if any(m > t for m, t in zip(counts, totals)) and smoothing != "add-k":
        raise ValueError(f"counts cannot exceed totals (matches are a subset of candidate n-grams): {counts} > {totals}")
    check_bool(effective_order, "effective_order")
    if effective_order and weights is not None and len(set(weights)) > 1:
        raise ValueError("effective_order re-weights the orders uniformly; it cannot be combined with non-uniform weights")
    nltk_style = smoothing in NLTK_SMOOTHING
    if effective_order and nltk_style:
        raise ValueError(
            f"effective_order is sacrebleu's option and smoothing={smoothing!r} is nltk's; nltk has no "
            f"effective order. Use smoothing='exp' (or 'floor', 'add-k', 'none') with effective_order=True"
        )

    try:
        bp = brevity_penalty_value(candidate_length, reference_length)
        if nltk_style:
            score, precisions, used = _nltk_score(
                counts, totals, order, weights, smoothing, value, candidate_length, bp, last_sentence
            )
        else:
            score, precisions, used = _sacrebleu_score(
                counts, totals, order, weights, smoothing, value, effective_order, bp
            )
    except OverflowError as error:
        # Only absurd inputs get here: huge weights on a smoothed precision above 1, or lengths beyond a float.
        raise ValueError(
            f"the score overflows a float ({error}); weights are usually fractions that sum to 1, "
            f"e.g. weights=(0.25, 0.25, 0.25, 0.25), and lengths are token counts"
        ) from None
    return BleuResult(
        score=score,
        _precisions=tuple(precisions),
        _counts=counts[:order],
        # nltk's methods divide by max(1, total): report the denominators used.
        _totals=tuple(max(1, t) for t in totals[:order]) if nltk_style else totals[:order],
        brevity_penalty=bp,
        candidate_length=int(candidate_length),
        reference_length=int(reference_length),
        weights=_result_weights(weights, used, effective_order),
        smoothing=smoothing,
        smooth_value=value,
        effective_order=effective_order,
        used_orders=used,
    )


def _result_weights(weights, used, effective_order):
    """The weights the score used: uniform over the used orders unless given (and not re-weighted)."""
    if weights is None or effective_order:
        total = 1.0 if weights is None else sum(weights)
        return tuple([total / used] * used)
    return weights


def _sacrebleu_score(counts, totals, order, weights, smoothing, value, effective_order, bp):
    # sacrebleu stops early when nothing matches at all (its issue #141), whatever the smoothing.
    if not any(counts[:order]):
        return 0.0, [0.0] * order, order
    precisions, used = sacrebleu_precisions(counts, totals, order, smoothing, value, effective_order)
    if weights is None or effective_order:
        # Effective order spreads the (uniform) total weight over the orders that have n-grams.
        scale = 1.0 if weights is None else sum(weights)
        log_mean = sacrebleu_log_mean(precisions[:used], [1.0] * used) * scale / used
    else:
        log_mean = sacrebleu_log_mean(precisions, weights)
    return bp * math.exp(log_mean), precisions, used


def _nltk_score(counts, totals, order, weights, smoothing, value, candidate_length, bp, last_sentence):
    weights = weights if weights is not None else (1.0 / order,) * order
    # nltk returns 0 as soon as no unigram matches, before any smoothing.
    if counts[0] == 0:
        return 0.0, [0.0] * order, order
    if last_sentence is None:
        last_length, last_matches, last_totals = candidate_length, counts, totals
    else:
        last_length, last_matches, last_totals = (
            last_sentence.candidate_length, last_sentence.matches, last_sentence.totals)
    fifth = (
        (last_matches[4], last_totals[4]) if len(last_totals) >= _NLTK_FIFTH_ORDER else (0, 0)
    )
    last = (last_length, *fifth)
    if smoothing in ("method5", "method7") and len(last_totals) < _NLTK_FIFTH_ORDER:
        raise ValueError(
            f"smoothing={smoothing!r} averages with the 5-gram precision, as nltk does; give counts and "
            f"totals for orders 1-5 (or use sentence_bleu / corpus_bleu, which count them)"
        )
    precisions = nltk_precisions(counts, totals, order, smoothing, value, candidate_length, last)
    if smoothing == "method0" and any(p == 0 and w > 0 for p, w in zip(precisions, weights)):
        return 0.0, precisions, order  # nltk: about 1e-78 here (log of the smallest float)
    return bp * math.exp(nltk_log_mean(precisions, weights)), precisions, order


def _check_options(tokenize, lowercase):
    check_bool(lowercase, "lowercase")
    if not isinstance(tokenize, str):
        raise TypeError(f"tokenize must be a tokenizer name such as '13a', not {_kind(tokenize)}")


def _counting_order(weights, max_order, smoothing, smooth_value):
    """How many orders to count: the scoring order, or 5 for nltk's methods 5 and 7."""
    order, _ = _resolve_weights(weights, max_order)
    resolve_smoothing(smoothing, smooth_value)  # a bad name fails before any text is counted
    if smoothing in ("method5", "method7"):
        return max(order, _NLTK_FIFTH_ORDER)
    return order


def tokenize_sentence(candidate, references, tokenize, lowercase):
    """Tokenize a checked candidate and its references (token sequences are kept as they are)."""
    candidates, reference_lists = tokenize_corpus([candidate], [references], tokenize, lowercase)
    return candidates[0], reference_lists[0]


def sentence_bleu(
    candidate,
    references,
    *,
    max_order=4,
    weights=None,
    smoothing="none",
    smooth_value=None,
    effective_order=False,
    tokenize="13a",
    lowercase=False,
) -> BleuResult:
    """BLEU of one candidate against one or more references, with its breakdown.

    The worked example of Papineni et al. (2002) scores a candidate against
    several references; here the textbook cat/mat pair:

    >>> result = sentence_bleu("a cat is on the mat", ["the cat is on the mat"])
    >>> result.counts, result.totals
    ([5, 4, 3, 2], [6, 5, 4, 3])
    >>> round(result.score, 4)   # (5/6 * 4/5 * 3/4 * 2/3) ** (1/4)
    0.7598
    """
    candidate, references = check_candidate_and_references(candidate, references, function="sentence_bleu")
    _check_options(tokenize, lowercase)
    counting_order = _counting_order(weights, max_order, smoothing, smooth_value)
    candidate_tokens, reference_tokens = tokenize_sentence(candidate, references, tokenize, lowercase)
    stats = sentence_statistics(candidate_tokens, reference_tokens, counting_order)
    result = bleu_from_stats(
        stats.matches,
        stats.totals,
        stats.candidate_length,
        stats.reference_length,
        max_order=max_order,
        weights=weights,
        smoothing=smoothing,
        smooth_value=smooth_value,
        effective_order=effective_order,
    )
    return _with_context(result, tokenize, lowercase, candidate_tokens, tuple(reference_tokens))


def _with_context(result, tokenize, lowercase, candidate_tokens=None, reference_tokens=None, sentences=1):
    """The result with what produced it (tokenizer, case, tokens), for str, explain() and the HTML."""
    return replace(
        result,
        tokenize=tokenize,
        lowercase=lowercase,
        candidate_tokens=candidate_tokens,
        reference_tokens=reference_tokens,
        sentences=sentences,
    )


def corpus_statistics(candidates, references, *, max_order=4, tokenize="13a", lowercase=False):
    """Per-sentence statistics of a checked corpus, as a list of ``SentenceStats``.

    Large corpora are counted all at once with numpy
    (:func:`bleu_lab.counting.corpus_statistics_matrix`); the numbers are
    the same as sentence by sentence.
    """
    candidate_tokens, reference_tokens = tokenize_corpus(candidates, references, tokenize, lowercase)
    if len(candidate_tokens) < VECTORISED_MIN_SENTENCES:
        return [sentence_statistics(c, r, max_order) for c, r in zip(candidate_tokens, reference_tokens)]
    matrix = corpus_statistics_matrix(candidate_tokens, reference_tokens, max_order)
    return [SentenceStats.from_row(row) for row in matrix.tolist()]


def tokenize_corpus(candidates, references, tokenize, lowercase):
    """Tokenize a checked corpus: what :func:`tokenize_sentence` does per sentence, with one tokenizer lookup."""
    function = get_tokenizer(tokenize)
    return (
        [apply_tokenizer(c, function, lowercase) for c in candidates],
        [[apply_tokenizer(r, function, lowercase) for r in refs] for refs in references],
    )


def score_statistics(statistics, **bleu_keywords) -> BleuResult:
    """Corpus BLEU from a list of per-sentence statistics: the score of their sum.

    nltk's methods count each sentence's empty orders as one phantom n-gram
    and look at the last sentence; both are handled here so that
    :func:`bleu_from_stats` stays a pure function of the sums.
    """
    if isinstance(statistics, (str, bytes)) or not hasattr(statistics, "__len__") or not all(
        isinstance(s, SentenceStats) for s in statistics
    ):
        raise TypeError(
            f"statistics must be a list of SentenceStats, not {_kind(statistics)}. "
            f"Right: score_statistics(corpus_statistics(candidates, references))"
        )
    total = sum_statistics(statistics)
    totals = total.totals
    last = None
    if bleu_keywords.get("smoothing", "none") in NLTK_SMOOTHING:
        totals = tuple(sum(max(1, s.totals[n]) for s in statistics) for n in range(len(totals)))
        last = statistics[-1]
    return bleu_from_stats(
        total.matches, totals, total.candidate_length, total.reference_length, last_sentence=last, **bleu_keywords
    )


def corpus_bleu(
    candidates,
    references,
    *,
    max_order=4,
    weights=None,
    smoothing="none",
    smooth_value=None,
    effective_order=False,
    tokenize="13a",
    lowercase=False,
) -> BleuResult:
    """Corpus BLEU: sum the statistics of every sentence, then score the sums once.

    ``references[i]`` is the list of references of ``candidates[i]``. This is
    not the mean of sentence scores (Papineni et al. 2002, section 2.1.1).

    >>> corpus_bleu(["the cat is on the mat", "a dog"], [["the cat is on the mat"], ["a dog"]]).counts
    [8, 6, 4, 3]
    """
    candidates, references = check_corpus(candidates, references, function="corpus_bleu")
    _check_options(tokenize, lowercase)
    counting_order = _counting_order(weights, max_order, smoothing, smooth_value)
    statistics = corpus_statistics(
        candidates, references, max_order=counting_order, tokenize=tokenize, lowercase=lowercase
    )
    result = score_statistics(
        statistics,
        max_order=max_order,
        weights=weights,
        smoothing=smoothing,
        smooth_value=smooth_value,
        effective_order=effective_order,
    )
    return _with_context(result, tokenize, lowercase, sentences=len(statistics))


def modified_precision(candidate, references, n, *, tokenize="13a", lowercase=False) -> PrecisionResult:
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
    check_order(n, "n")
    _check_options(tokenize, lowercase)
    candidate_tokens, reference_tokens = tokenize_sentence(candidate, references, tokenize, lowercase)
    matches = ngram_matches(candidate_tokens, reference_tokens, n)
    return PrecisionResult(
        n=n,
        matches=sum(m.clipped for m in matches),
        total=max(0, len(candidate_tokens) - n + 1),
        ngrams=matches,
    )


def brevity_penalty(candidate, references, *, tokenize="13a", lowercase=False) -> BrevityPenaltyResult:
    """The brevity penalty of one candidate, with c and the closest reference length r.

    >>> bp = brevity_penalty("the cat", ["the cat is on the mat", "there is a cat on the mat"])
    >>> bp.candidate_length, bp.reference_length, round(bp.value, 4)   # exp(1 - 6/2)
    (2, 6, 0.1353)
    """
    candidate, references = check_candidate_and_references(candidate, references, function="brevity_penalty")
    _check_options(tokenize, lowercase)
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
]
