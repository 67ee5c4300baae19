"""BLEU of many rows of statistics at once (numpy): a bootstrap's resamples, a randomization's shuffles.

:func:`bleu_scores` equals :func:`bleu_lab.bleu.scoring.bleu_score` row by row (tests/test_fast_engine.py
proves it on generated statistics, to the last bit or within 1e-12 where numpy's log and exp round
differently from the math module's); the smoothing rules below are the readable ones of
:mod:`bleu_lab.bleu.scoring`, written for a matrix of rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..bleu.scoring import LOG_ZERO, BleuSettings, Method6Undefined, brevity_penalty_value


@dataclass(frozen=True)
class Orders:
    """What a smoothing rule works on, for B rows of summed statistics at once (numpy float arrays).

    ``matches`` and ``totals`` are (B, N); for nltk's methods ``totals`` are the phantom
    totals (each sentence's empty order counts one). ``length`` (B,) is the candidate
    length c of each row; ``last_length``, ``fifth_matches`` and ``fifth_totals`` (B,) are
    the length and 5-gram counts of the sentence nltk's methods 4-7 look at (the last one).
    """

    np: Any  # numpy, imported where counting starts (``import bleu_lab`` stays light)
    matches: Any
    totals: Any
    length: Any
    last_length: Any
    fifth_matches: Any
    fifth_totals: Any


# ---------------------------------------------------------------- sacrebleu's rules (Post 2018)
# Each returns (precisions, reached): reached[b, n] is False from the first order with no n-gram on,
# where sacrebleu stops (those orders get precision 0 and, with effective order, leave the mean).


def _sacrebleu(o: Orders, matches, totals, zero_rule=None):
    np = o.np
    reached = np.cumprod(totals > 0, axis=1).astype(bool)
    safe_totals = np.where(totals > 0, totals, 1.0)
    precisions = np.where(reached & (matches != 0), matches / safe_totals, 0.0)
    if zero_rule is not None:
        zero = reached & (matches == 0)
        precisions = np.where(zero, zero_rule(zero, safe_totals), precisions)
    return precisions, reached


def _none(o: Orders, value):
    """p_n = m_n / t_n."""
    return _sacrebleu(o, o.matches, o.totals)


def _floor(o: Orders, value):
    """A zero match count becomes ``value``: p_n = value / t_n."""
    return _sacrebleu(o, o.matches, o.totals, lambda zero, totals: value / totals)


def _add_k(o: Orders, value):
    """(m_n + k) / (t_n + k) for n >= 2."""
    matches, totals = o.matches.copy(), o.totals.copy()
    matches[:, 1:] += value
    totals[:, 1:] += value
    return _sacrebleu(o, matches, totals)


def _exp(o: Orders, value):
    """The j-th order with no match gets 1 / (2^j t_n) (mteval-v13a; Chen and Cherry 2014, method 3)."""
    return _sacrebleu(o, o.matches, o.totals, lambda zero, totals: 1.0 / (2.0 ** o.np.cumsum(zero, axis=1) * totals))


# ---------------------------------------------------------------- nltk's rules (Chen and Cherry 2014)
# Each returns the precisions, from p_n = m_n / max(1, t_n).


def _plain(o: Orders):
    denominators = o.np.maximum(o.totals, 1.0)
    return o.matches / denominators, denominators


def _method0(o: Orders, value):
    """p_n = m_n / max(1, t_n)."""
    return _plain(o)[0]


def _method1(o: Orders, value):
    """Add epsilon to a zero match count: epsilon / t_n."""
    precisions, denominators = _plain(o)
    return o.np.where(o.matches == 0, value / denominators, precisions)


def _method2(o: Orders, value):
    """Add 1 to matches and totals of orders 2 and up."""
    precisions, denominators = _plain(o)
    precisions[:, 1:] = (o.matches[:, 1:] + 1) / (denominators[:, 1:] + 1)
    return precisions


def _method3(o: Orders, value):
    """The NIST geometric sequence: the j-th order with no match gets 1 / (2^j t_n)."""
    precisions, denominators = _plain(o)
    zero = o.matches == 0
    return o.np.where(zero, 1.0 / (2.0 ** o.np.cumsum(zero, axis=1) * denominators), precisions)


def _method4(o: Orders, value):
    """Like method3, scaled by k / ln(c): the j-th empty order gets 1 / (2^j k / ln c) / t_n (when c > 1)."""
    np = o.np
    precisions, denominators = _plain(o)
    longer = o.length > 1
    zero = (o.matches == 0) & longer[:, None]
    log_length = np.log(np.where(longer, o.length, 2.0))[:, None]
    return np.where(zero, 1 / (2.0 ** np.cumsum(zero, axis=1) * value / log_length) / denominators, precisions)


def _average_with_neighbours(o: Orders, precisions):
    """p_n = (p_{n-1} + p_n + p_{n+1}) / 3 in turn, with p_0 = p_1 + 1 and p_{N+1} the last sentence's 5-gram p."""
    np = o.np
    fifth = o.fifth_matches / np.maximum(o.fifth_totals, 1.0)
    following = np.concatenate([precisions, fifth[:, None]], axis=1)
    smoothed = precisions.copy()
    previous = precisions[:, 0] + 1
    for n in range(precisions.shape[1]):
        smoothed[:, n] = (previous + precisions[:, n] + following[:, n + 1]) / 3
        previous = smoothed[:, n]
    return smoothed


def _method5(o: Orders, value):
    """Average each precision with its neighbours."""
    return _average_with_neighbours(o, _plain(o)[0])


def _method6(o: Orders, value):
    """(m_n + alpha prior) / (max(0, l - n) + alpha), prior = p_{n-1}^2 / p_{n-2}, l the last sentence's length."""
    np = o.np
    precisions = _plain(o)[0]
    # Rows with no unigram match score 0 before any smoothing (nltk's rule): they cannot fail.
    live = o.matches[:, 0] > 0
    undefined = live if precisions.shape[1] < 3 else live & (o.matches[:, 2] == 0)
    if undefined.any():
        raise Method6Undefined(int(undefined.sum()))
    for n in range(2, precisions.shape[1]):
        earlier = precisions[:, n - 2]
        prior = np.where(earlier == 0, 0.0, precisions[:, n - 1] ** 2 / np.where(earlier == 0, 1.0, earlier))
        ngram_count = np.maximum(0, o.last_length - n)
        precisions[:, n] = (o.matches[:, n] + value * prior) / (ngram_count + value)
    return precisions


def _method7(o: Orders, value):
    """method4, then method5."""
    return _average_with_neighbours(o, _method4(o, value))



# The matrix form of each method of the registry (bleu_lab.bleu.scoring.SMOOTHING), by name.
RULES = {
    "none": _none, "floor": _floor, "add-k": _add_k, "exp": _exp,
    "method0": _method0, "method1": _method1, "method2": _method2, "method3": _method3,
    "method4": _method4, "method5": _method5, "method6": _method6, "method7": _method7,
}


@dataclass(frozen=True)
class Scored:
    """BLEU of B rows of summed statistics: ``scores`` (B,), ``precisions`` (B, N) as used in the mean,
    ``used`` (B,) orders in the mean (fewer than N only with effective order), ``brevity_penalties`` (B,)."""

    scores: Any
    precisions: Any
    used: Any
    brevity_penalties: Any


def bleu_scores(matches, totals, candidate_lengths, reference_lengths, settings: BleuSettings, *,
                last=None) -> Scored:
    """BLEU = BP * exp(sum_n w_n log p_n) for many rows of summed statistics at once (Papineni et al. 2002).

    Equals :func:`bleu_lab.bleu.scoring.bleu_score` on each row.

    One function for a sentence (one row), a corpus (its summed row) and a bootstrap (one row per
    resample). ``matches`` and ``totals`` are (B, K) with K >= N; the precisions p_n come from the
    smoothing method of ``settings`` (its matrix form in :data:`RULES`). The two families
    keep their libraries' rules, so the numbers agree with each to the last digit:

    * sacrebleu's (Post 2018): the orders stop at the first one with no n-gram; log 0 is taken as
      -9999999999 (so an unsmoothed empty order gives 0); BLEU is 0 when nothing matched at all;
      effective order spreads the weight over the orders reached.
    * nltk's (Chen and Cherry 2014): ``totals`` are the phantom totals (an empty order counts
      one per sentence, as nltk divides by max(1, t_n)); orders whose precision is 0 are left out
      of the sum; BLEU is 0 when no unigram matched (and, for method0, when a weighted order has
      no match). ``last`` is ``(lengths, matches, totals)``, one row per row of the sentence
      methods 4-7 look at (they read its length and 5-gram counts; 0 where only N < 5 orders
      were counted); by default each row is its own last sentence.

    >>> scored = bleu_scores([[5, 4, 3, 2]], [[6, 5, 4, 3]], [6], [6], BleuSettings())
    >>> round(float(scored.scores[0]), 4)   # (5/6 * 4/5 * 3/4 * 2/3) ** (1/4)
    0.7598
    """
    try:
        return _bleu_scores(matches, totals, candidate_lengths, reference_lengths, settings, last)
    except (FloatingPointError, OverflowError) as error:
        # Only absurd inputs get here: huge weights on a smoothed precision above 1, or lengths beyond a float.
        raise ValueError(
            f"the score overflows a float ({error}); weights are usually fractions that sum to 1, "
            f"e.g. weights=(0.25, 0.25, 0.25, 0.25), and lengths are token counts"
        ) from None


def _bleu_scores(matches, totals, candidate_lengths, reference_lengths, settings: BleuSettings, last) -> Scored:
    import numpy as np

    order, method, value = settings.order, settings.method, settings.smooth_value
    all_matches = np.asarray(matches, dtype=np.float64)
    all_totals = np.asarray(totals, dtype=np.float64)
    m, t = all_matches[:, :order], all_totals[:, :order]
    c = np.asarray(candidate_lengths, dtype=np.float64)
    r = np.asarray(reference_lengths, dtype=np.float64)
    rows = len(c)
    with np.errstate(over="raise", divide="ignore", invalid="ignore"):
        # c = r = 0 with matches is no text's statistics; sacrebleu's compute_bleu gives them BP = 1 (c < r fails).
        impossible_empty = (c == 0) & (r == 0) & (all_matches > 0).any(axis=1)
        # One formula, one float: the same math.exp as brevity_penalty() (numpy's exp can differ in the last bit).
        bp = np.where(impossible_empty, 1.0, [brevity_penalty_value(ci, ri) for ci, ri in zip(c.tolist(), r.tolist())])
        if method.phantom_ngrams:
            last_length, last_matches, last_totals = (
                (c, all_matches, all_totals) if last is None else (np.asarray(x, dtype=np.float64) for x in last)
            )
            has_fifth = last_matches.shape[1] >= 5
            fifth_matches = last_matches[:, 4] if has_fifth else np.zeros(rows)
            fifth_totals = last_totals[:, 4] if has_fifth else np.zeros(rows)
            precisions = RULES[settings.smoothing](Orders(np, m, t, c, last_length, fifth_matches, fifth_totals), value)
            weights = np.asarray(settings.weights if settings.weights is not None else (1.0 / order,) * order)
            positive = precisions > 0
            logs = np.where(positive, np.log(np.where(positive, precisions, 1.0)), 0.0)
            scores = bp * np.exp((logs * weights).sum(axis=1))
            if method.zero_when_unsmoothed:  # nltk: about 1e-78 here (the log of the smallest float)
                scores = np.where((~positive & (weights > 0)).any(axis=1), 0.0, scores)
            no_unigram = m[:, 0] == 0  # nltk returns 0 before any smoothing
            scores = np.where(no_unigram, 0.0, scores)
            precisions = np.where(no_unigram[:, None], 0.0, precisions)
            used = np.full(rows, order)
        else:
            precisions, reached = RULES[settings.smoothing](Orders(np, m, t, c, c, c, c), value)
            positive = precisions > 0
            logs = np.where(positive, np.log(np.where(positive, precisions, 1.0)), LOG_ZERO)
            used = np.full(rows, order)
            if settings.weights is None or settings.effective_order:
                if settings.effective_order:
                    used = np.where(reached.any(axis=1), reached.sum(axis=1), order)
                scale = 1.0 if settings.weights is None else float(sum(settings.weights))
                log_mean = np.where(np.arange(order) < used[:, None], logs, 0.0).sum(axis=1) * scale / used
            else:
                log_mean = (logs * np.asarray(settings.weights)).sum(axis=1)
            anything = np.asarray((m > 0).any(axis=1))  # sacrebleu stops early when nothing matches (its issue #141)
            scores = np.where(anything, bp * np.exp(log_mean), 0.0)
            precisions = np.where(anything[:, None], precisions, 0.0)
    return Scored(scores, precisions, used, bp)
