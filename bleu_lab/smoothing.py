"""Smoothing: what to do with an n-gram order that has no match.

Without smoothing one empty order makes the geometric mean, and so BLEU,
zero; short sentences hit this all the time. Chen and Cherry (2014) compare
the remedies. Two families are offered, each computed exactly as its
library does so that numbers agree to the last digit:

sacrebleu's names (Post 2018)
    ``"none"``, ``"floor"`` (a zero count becomes ``smooth_value``, default
    0.1), ``"add-k"`` (add ``smooth_value``, default 1, to matches and totals
    of orders 2 and up), ``"exp"`` (the k-th empty order gets precision
    1 / (2^k * total), as mteval-v13a does).

nltk's ``SmoothingFunction`` names (Chen and Cherry 2014)
    ``"method0"`` no smoothing; ``"method1"`` add epsilon (0.1) to a zero
    count; ``"method2"`` add 1 to matches and totals of orders 2 and up;
    ``"method3"`` the NIST geometric sequence, like ``"exp"``; ``"method4"``
    like method3 but scaled by 1/ln(c) with k = 5; ``"method5"`` average each
    precision with its neighbours; ``"method6"`` interpolate with a prior from
    the two lower orders (alpha = 5); ``"method7"`` method4 then method5.

Where nltk itself differs from sacrebleu, the nltk names keep nltk's
behaviour: an order with no candidate n-gram counts one (a "phantom"
n-gram, so its precision is 0/1), an order whose precision is still zero
after smoothing is left out of the mean instead of zeroing it, and methods
4-7 look at the last sentence of a corpus. The totals a result reports
are then these denominators. One difference is not kept: for
``"method0"`` nltk puts the smallest float (about 2.2e-308) in place of a
zero precision, which gives about 1e-78 with uniform weights (and much
larger numbers with weights near 0); bleu_lab returns 0.0 whenever an order
with a positive weight has no match.
"""

from __future__ import annotations

import math

from .tokenizers import _unknown_name_message

SACREBLEU_SMOOTHING = {"none": None, "floor": 0.1, "add-k": 1.0, "exp": None}
NLTK_SMOOTHING = {
    "method0": None,
    "method1": 0.1,  # epsilon
    "method2": None,
    "method3": None,
    "method4": 5.0,  # k
    "method5": None,
    "method6": 5.0,  # alpha
    "method7": 5.0,  # k of method4
}
SMOOTHING_NAMES = (*SACREBLEU_SMOOTHING, *NLTK_SMOOTHING)

# sacrebleu takes log(0) as this number, so an unsmoothed zero precision makes BLEU 0.
_LOG_ZERO = -9999999999.0


def resolve_smoothing(smoothing, smooth_value):
    """Check a smoothing name and value; return the value to use (the default when None)."""
    if not isinstance(smoothing, str):
        raise TypeError(f"smoothing must be a name such as 'exp' or 'method1', not {type(smoothing).__name__}")
    if smoothing not in SACREBLEU_SMOOTHING and smoothing not in NLTK_SMOOTHING:
        raise ValueError(_unknown_name_message("smoothing", smoothing, SMOOTHING_NAMES))
    default = SACREBLEU_SMOOTHING.get(smoothing, NLTK_SMOOTHING.get(smoothing))
    if smooth_value is None:
        return default
    if default is None:
        raise ValueError(
            f"smoothing={smoothing!r} takes no smooth_value; only 'floor', 'add-k', 'method1' (epsilon), "
            f"'method4' and 'method7' (k) and 'method6' (alpha) do"
        )
    if isinstance(smooth_value, bool) or not isinstance(smooth_value, (int, float)):
        raise TypeError(f"smooth_value must be a number, not {type(smooth_value).__name__}")
    # k (method4/7) and alpha (method6) divide: 0 would be a ZeroDivisionError.
    divides = smoothing in ("method4", "method6", "method7")
    if not math.isfinite(smooth_value) or smooth_value < 0 or (divides and smooth_value == 0):
        raise ValueError(f"smooth_value must be a finite number above 0 for {smoothing!r}, got {smooth_value}")
    return float(smooth_value)


def sacrebleu_precisions(counts, totals, order, smoothing, value, effective_order):
    """Precisions as sacrebleu's ``BLEU.compute_bleu`` makes them (Post 2018).

    p_n = m_n / t_n, stopping at the first order with t_n = 0, except where
    m_n = 0: "floor" gives value / t_n; "exp" gives 1 / (2^k t_n) to the k-th
    such order (mteval-v13a's rule, method 3 of Chen and Cherry 2014);
    "add-k" uses (m_n + k) / (t_n + k) for n >= 2.

    Returns ``(precisions, used_orders)``: the precision of each order and how
    many orders enter the geometric mean (fewer than ``order`` only with
    ``effective_order``, which stops at the first order with no n-grams).
    """
    precisions = [0.0] * order
    used_orders = order
    multiplier = 1.0
    for n in range(order):
        matches, total = counts[n], totals[n]
        if smoothing == "add-k" and n > 0:
            matches, total = matches + value, total + value
        if total == 0:
            break
        if effective_order:
            used_orders = n + 1
        if matches == 0:
            if smoothing == "exp":
                multiplier *= 2
                precisions[n] = 1.0 / (multiplier * total)
            elif smoothing == "floor":
                precisions[n] = value / total
        else:
            precisions[n] = matches / total
    return precisions, used_orders


def sacrebleu_log_mean(precisions, weights):
    """sum_n w_n log p_n, with log 0 taken as a huge negative number (so the mean is 0)."""
    return sum(w * (math.log(p) if p > 0 else _LOG_ZERO) for w, p in zip(weights, precisions))


def nltk_precisions(counts, totals, order, smoothing, value, candidate_length, last_sentence):
    """Precisions as nltk's ``SmoothingFunction().<method>`` makes them (Chen and Cherry 2014).

    p_n = m_n / max(1, t_n), then changed by the method as the module
    docstring lists (methods 1-7 are the paper's smoothing techniques 1-7).

    ``last_sentence`` is ``(length, fifth_order_matches, fifth_order_total)`` of
    the sentence nltk's methods 4-7 look at: the sentence itself, or the
    last sentence of a corpus.
    """
    last_length, fifth_matches, fifth_total = last_sentence
    # nltk divides by max(1, total): an order with no n-gram has precision 0/1.
    denominators = [max(1, t) for t in totals[:order]]
    numerators = list(counts[:order])
    precisions = [m / d for m, d in zip(numerators, denominators)]

    if smoothing == "method1":
        precisions = [value / d if m == 0 else p for m, d, p in zip(numerators, denominators, precisions)]
    elif smoothing == "method2":
        precisions = [precisions[0]] + [(m + 1) / (d + 1) for m, d in zip(numerators[1:], denominators[1:])]
    elif smoothing == "method3":
        k = 1
        for n in range(order):
            if numerators[n] == 0:
                precisions[n] = 1 / (2**k * denominators[n])
                k += 1
    elif smoothing in ("method4", "method7"):
        length = candidate_length if candidate_length else last_length
        k = 1
        for n in range(order):
            if numerators[n] == 0 and length > 1:
                precisions[n] = 1 / (2**k * value / math.log(length)) / denominators[n]
                k += 1
    if smoothing in ("method5", "method7"):
        following = precisions + [fifth_matches / max(1, fifth_total)]
        previous = precisions[0] + 1
        for n in range(order):
            precisions[n] = (previous + precisions[n] + following[n + 1]) / 3
            previous = precisions[n]
    elif smoothing == "method6":
        if order < 3 or numerators[2] == 0:
            raise ValueError(
                "smoothing='method6' needs at least 3 orders and at least one matching trigram (nltk asserts "
                "this); choose another method for this sentence"
            )
        for n in range(2, order):
            prior = 0 if precisions[n - 2] == 0 else precisions[n - 1] ** 2 / precisions[n - 2]
            ngram_count = max(0, last_length - n)
            precisions[n] = (numerators[n] + value * prior) / (ngram_count + value)
    return precisions


def nltk_log_mean(precisions, weights):
    """sum_n w_n log p_n over the orders with p_n > 0, as nltk sums it (zeros are skipped)."""
    return math.fsum(w * math.log(p) for w, p in zip(weights, precisions) if p > 0)
