"""Scores from statistics: the brevity penalty and BLEU's one scoring function.

Nothing here reads text or checks arguments: the functions take numbers
that :mod:`bleu_lab.counting` produced and :mod:`bleu_lab.settings` checked.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .settings import BleuSettings
from .smoothing import LOG_ZERO, Orders


def brevity_penalty_value(candidate_length: float, reference_length: float) -> float:
    """BP = 1 if c > r else exp(1 - r/c) (Papineni et al. 2002, sections 2.2.2 and 2.3); 0 when c = 0.

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

    One function for a sentence (one row), a corpus (its summed row) and a bootstrap (one row per
    resample). ``matches`` and ``totals`` are (B, K) with K >= N; the precisions p_n come from the
    smoothing method of ``settings`` (its ``rule`` in :mod:`bleu_lab.smoothing`). The two families
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

    >>> from bleu_lab.settings import BleuSettings
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
            precisions = method.rule(Orders(np, m, t, c, last_length, fifth_matches, fifth_totals), value)
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
            precisions, reached = method.rule(Orders(np, m, t, c, c, c, c), value)
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
