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
from dataclasses import dataclass

from .inputs import check_name, check_smooth_value


@dataclass(frozen=True)
class Smoothing:
    """One smoothing method: its name, its library and the rules that come with it.

    ``default`` is the value of its parameter (None: it takes none), ``meaning`` what the
    parameter is. The nltk methods (Chen and Cherry 2014, as nltk's ``SmoothingFunction``)
    bring three rules of nltk's: ``phantom_ngrams`` (an order with no candidate n-gram counts
    one, so its precision is 0/1, and a zero precision is left out of the mean), the last
    sentence (methods 4-7 look at the last sentence of a corpus: ``last_sentence``), and
    ``can_exceed_one`` (their precisions, and so the score, can be above 1).
    """

    name: str
    library: str  # "sacrebleu" or "nltk"
    description: str
    default: float | None = None
    meaning: str = ""
    positive: bool = False  # the value divides: 0 is refused
    at_most_one: bool = False  # the value stands in for a match count: above 1 is refused
    can_exceed_one: bool = False
    last_sentence: bool = False
    fifth_order: bool = False  # averages with the 5-gram precision whatever the order (methods 5 and 7)

    @property
    def phantom_ngrams(self) -> bool:
        """nltk's rule: an order with no n-gram has precision 0/1, and zero precisions are skipped in the mean."""
        return self.library == "nltk"

    @property
    def effective_order_allowed(self) -> bool:
        """Effective order is sacrebleu's option; nltk has none."""
        return self.library == "sacrebleu"

    def resolve(self, value) -> float | None:
        """The parameter to use: the default when ``value`` is None, else ``value`` checked."""
        if value is None:
            return self.default
        if self.default is None:
            takes = ", ".join(f"{m.name!r} ({m.meaning})" for m in SMOOTHING.values() if m.default is not None)
            raise ValueError(f"smoothing={self.name!r} takes no smooth_value; only {takes} do")
        return check_smooth_value(
            value, self.name, meaning=self.meaning, positive=self.positive, at_most_one=self.at_most_one
        )

    def label(self, value: float | None) -> str:
        """sacrebleu's signature form: the name, and the value in brackets with two decimals ("floor[0.10]")."""
        return self.name if self.default is None else f"{self.name}[{value:.2f}]"


SMOOTHING = {
    method.name: method
    for method in (
        Smoothing("none", "sacrebleu", "no smoothing: an order with no match makes BLEU 0"),
        Smoothing("floor", "sacrebleu", "a zero match count becomes the floor value", 0.1, "floor value",
                  at_most_one=True),
        Smoothing("add-k", "sacrebleu", "add k to matches and totals of orders 2 and up", 1.0, "k"),
        Smoothing("exp", "sacrebleu", "the k-th order with no match gets 1 / (2^k total) (mteval-v13a)"),
        Smoothing("method0", "nltk", "no smoothing (nltk)"),
        Smoothing("method1", "nltk", "add epsilon to a zero match count", 0.1, "epsilon", at_most_one=True),
        Smoothing("method2", "nltk", "add 1 to matches and totals of orders 2 and up"),
        Smoothing("method3", "nltk", "NIST geometric sequence, like 'exp'"),
        Smoothing("method4", "nltk", "like method3, scaled by k / ln(c)", 5.0, "k", positive=True,
                  can_exceed_one=True, last_sentence=True),
        Smoothing("method5", "nltk", "average each precision with its neighbours", can_exceed_one=True,
                  last_sentence=True, fifth_order=True),
        Smoothing("method6", "nltk", "interpolate with a prior from the two lower orders", 5.0, "alpha",
                  positive=True, can_exceed_one=True, last_sentence=True),
        Smoothing("method7", "nltk", "method4, then method5", 5.0, "k", positive=True, can_exceed_one=True,
                  last_sentence=True, fifth_order=True),
    )
}
SACREBLEU_SMOOTHING = {name: m.default for name, m in SMOOTHING.items() if m.library == "sacrebleu"}
NLTK_SMOOTHING = {name: m.default for name, m in SMOOTHING.items() if m.library == "nltk"}
SMOOTHING_NAMES = tuple(SMOOTHING)

# sacrebleu takes log(0) as this number, so an unsmoothed zero precision makes BLEU 0.
_LOG_ZERO = -9999999999.0


def get_smoothing(name) -> Smoothing:
    """The smoothing method called ``name``; a clear error for anything else."""
    return SMOOTHING[check_name(name, "smoothing", SMOOTHING_NAMES, example="'exp' or 'method1'")]


def resolve_smoothing(smoothing, smooth_value):
    """Check a smoothing name and value; return the value to use (the default when None)."""
    return get_smoothing(smoothing).resolve(smooth_value)


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
