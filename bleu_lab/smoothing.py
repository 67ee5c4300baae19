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
zero precision, which gives at most about 1e-77 with uniform weights (about 1e-78
for one empty order of four, about 1e-154 for two; much larger numbers with
weights near 0); bleu_lab returns 0.0 whenever an order
with a positive weight has no match.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .checks import check_name, check_smooth_value

# sacrebleu takes log(0) as this number, so an unsmoothed zero precision makes BLEU 0.
LOG_ZERO = -9999999999.0


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


# ---------------------------------------------------------------- the fraction an explanation shows
# sacrebleu's methods change the fraction itself; each returns it as text, or None where the order
# keeps m / t. ``unmatched`` counts the orders so far (this one included) with n-grams but no match.


def _floor_fraction(n, m, t, value, unmatched):
    return f"{value:g} / {t}" if m == 0 and t > 0 else None


def _add_k_fraction(n, m, t, value, unmatched):
    return f"({m} + {value:g}) / ({t} + {value:g})" if n > 1 else None


def _exp_fraction(n, m, t, value, unmatched):
    return f"1 / (2^{unmatched} x {t})" if m == 0 and t > 0 else None


class Method6Undefined(ValueError):
    """nltk's method6 needs three orders and a matching trigram (nltk asserts it); ``rows`` rows have none."""

    def __init__(self, rows: int):
        self.rows = rows
        super().__init__(
            "smoothing='method6' needs at least 3 orders and at least one matching trigram (nltk asserts this); "
            "choose another method for this sentence, e.g. smoothing='method3'"
        )


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
    rule: Callable = _none  # (Orders, value) -> precisions (nltk) or (precisions, reached) (sacrebleu)
    zero_when_unsmoothed: bool = False  # method0: a zero precision with a weight makes BLEU 0 (nltk: about 1e-78)
    smooths: bool = True  # False for "none" and "method0": precision = clipped / total
    fraction: Callable | None = None  # (n, m, t, value, unmatched) -> the fraction as text, or None if m / t

    @property
    def nltk_name(self) -> str | None:
        """The same method in nltk's ``SmoothingFunction``: its own name, "method0" for "none", else None."""
        if self.library == "nltk":
            return self.name
        return None if self.smooths else "method0"

    @property
    def menu_label(self) -> str:
        """How a menu shows it: the name and, for a method that smooths, its library ("exp (sacrebleu)")."""
        return f"{self.name} ({self.library})" if self.smooths or self.library == "nltk" else self.name

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
            value, self.name, meaning=self.meaning, positive=self.positive, at_most_one=self.at_most_one,
            default=self.default,
        )

    def label(self, value: float | None) -> str:
        """sacrebleu's signature form: the name, and the value in brackets with two decimals ("floor[0.10]").

        A value that two decimals would round (0.121 and 0.124 both print 0.12 in sacrebleu) is written
        in full, "floor[0.121]", so that two set-ups with different scores never share a signature.
        """
        if self.default is None or value is None:
            return self.name
        shown = f"{value:.2f}"
        return f"{self.name}[{shown if float(shown) == value else repr(float(value))}]"


SMOOTHING = {
    method.name: method
    for method in (
        Smoothing("none", "sacrebleu", "no smoothing: an order with no match makes BLEU 0", rule=_none,
                  smooths=False),
        Smoothing("floor", "sacrebleu", "a zero match count becomes the floor value", 0.1, "floor value",
                  at_most_one=True, rule=_floor, fraction=_floor_fraction),
        Smoothing("add-k", "sacrebleu", "add k to matches and totals of orders 2 and up", 1.0, "k", rule=_add_k,
                  fraction=_add_k_fraction),
        Smoothing("exp", "sacrebleu", "the k-th order with no match gets 1 / (2^k total) (mteval-v13a)", rule=_exp,
                  fraction=_exp_fraction),
        Smoothing("method0", "nltk", "no smoothing (nltk)", rule=_method0, zero_when_unsmoothed=True,
                  smooths=False),
        Smoothing("method1", "nltk", "add epsilon to a zero match count", 0.1, "epsilon", at_most_one=True,
                  rule=_method1),
        Smoothing("method2", "nltk", "add 1 to matches and totals of orders 2 and up", rule=_method2),
        Smoothing("method3", "nltk", "NIST geometric sequence, like 'exp'", rule=_method3),
        Smoothing("method4", "nltk", "like method3, scaled by k / ln(c)", 5.0, "k", positive=True,
                  can_exceed_one=True, last_sentence=True, rule=_method4),
        Smoothing("method5", "nltk", "average each precision with its neighbours", can_exceed_one=True,
                  last_sentence=True, fifth_order=True, rule=_method5),
        Smoothing("method6", "nltk", "interpolate with a prior from the two lower orders", 5.0, "alpha",
                  positive=True, can_exceed_one=True, last_sentence=True, rule=_method6),
        Smoothing("method7", "nltk", "method4, then method5", 5.0, "k", positive=True, can_exceed_one=True,
                  last_sentence=True, fifth_order=True, rule=_method7),
    )
}
SACREBLEU_SMOOTHING = {name: m.default for name, m in SMOOTHING.items() if m.library == "sacrebleu"}
NLTK_SMOOTHING = {name: m.default for name, m in SMOOTHING.items() if m.library == "nltk"}
SMOOTHING_NAMES = tuple(SMOOTHING)


def method_names(library: str) -> str:
    """One library's methods for a message: ``method_names("sacrebleu")`` is "'none', 'floor', 'add-k' or 'exp'"."""
    names = [repr(name) for name, method in SMOOTHING.items() if method.library == library]
    return ", ".join(names[:-1]) + " or " + names[-1]


def get_smoothing(name) -> Smoothing:
    """The smoothing method called ``name``; a clear error for anything else."""
    return SMOOTHING[check_name(name, "smoothing", SMOOTHING_NAMES, example="'exp' or 'method1'")]


def resolve_smoothing(smoothing, smooth_value) -> float | None:
    """Check a smoothing name and value; return the value to use (the default when None)."""
    return get_smoothing(smoothing).resolve(smooth_value)
