"""Statistics to a BLEU score: the settings, the smoothing registry, the brevity penalty and the formula.

    BLEU = BP * exp( sum_{n=1..N} w_n log p_n )              (Papineni et al. 2002, section 2.3)

Everything here works on the numbers of one row of statistics (a sentence, or a corpus's sums):
plain Python, one function per step. The array engine scores many rows at once (a bootstrap's
resamples) with :func:`bleu_lab.fast.scoring.bleu_scores`, which equals :func:`bleu_score` row by row
(tests/test_fast_engine.py).

Smoothing: what to do with an n-gram order that has no match. Without it one empty order makes the
geometric mean, and so BLEU, zero; short sentences hit this all the time. Chen and Cherry (2014)
compare the remedies. Two families are offered, each computed exactly as its library does so that
numbers agree to the last digit:

sacrebleu's names (Post 2018)
    ``"none"``, ``"floor"`` (a zero count becomes ``smooth_value``, default 0.1), ``"add-k"`` (add
    ``smooth_value``, default 1, to matches and totals of orders 2 and up), ``"exp"`` (the k-th
    empty order gets precision 1 / (2^k * total), as mteval-v13a does).

nltk's ``SmoothingFunction`` names (Chen and Cherry 2014)
    ``"method0"`` no smoothing; ``"method1"`` add epsilon (0.1) to a zero count; ``"method2"`` add 1
    to matches and totals of orders 2 and up; ``"method3"`` the NIST geometric sequence, like
    ``"exp"``; ``"method4"`` like method3 but scaled by 1/ln(c) with k = 5; ``"method5"`` average
    each precision with its neighbours; ``"method6"`` interpolate with a prior from the two lower
    orders (alpha = 5); ``"method7"`` method4 then method5.

Where nltk itself differs from sacrebleu, the nltk names keep nltk's behaviour: an order with no
candidate n-gram counts one (a "phantom" n-gram, so its precision is 0/1), an order whose precision
is still zero after smoothing is left out of the mean instead of zeroing it, and methods 4-7 look at
the last sentence of a corpus. The totals a result reports are then these denominators. One
difference is not kept: for ``"method0"`` nltk puts the smallest float (about 2.2e-308) in place of a
zero precision, which gives at most about 1e-77 with uniform weights; bleu_lab returns 0.0 whenever
an order with a positive weight has no match.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from ..checks import (
    DEFAULT_ORDER,
    check_bool,
    check_keywords,
    check_name,
    check_order,
    check_order_and_weights,
    check_smooth_value,
    check_text_settings,
)
from ..signature import BLEU_KEYWORDS, __version__, _join, _nrefs, _yes_no, resampling_signature, sacrebleu_version
from ..tokenizers import SACREBLEU_TOKENIZERS

# sacrebleu takes log(0) as this number, so an unsmoothed zero precision makes BLEU 0.
LOG_ZERO = -9999999999.0
# nltk's smoothing methods 5 and 7 look at the 5-gram precision whatever the order.
NLTK_FIFTH_ORDER = 5


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
class Row:
    """What a smoothing rule reads: one row of summed statistics, N orders.

    ``totals`` are nltk's phantom totals for nltk's methods (an empty order counts one per sentence);
    ``last_length``, ``fifth_matches`` and ``fifth_totals`` are the length and 5-gram counts of the
    sentence nltk's methods 4-7 look at (the last one; 0 where only N < 5 orders were counted).
    """

    matches: Sequence[int]
    totals: Sequence[float]
    length: int
    last_length: int = 0
    fifth_matches: int = 0
    fifth_totals: int = 0


# ---------------------------------------------------------------- sacrebleu's rules (Post 2018)
# Each returns (precisions, reached): sacrebleu stops at the first order with no n-gram, so orders
# from there on get precision 0 and, with effective order, leave the mean; ``reached`` counts the rest.


def _sacrebleu(row: Row, value=None, zero: str = "none") -> tuple[list[float], int]:
    """sacrebleu's precisions: p_n = m_n / t_n, stopping at the first order with no n-gram (``reached``
    counts the orders before it). ``zero`` names what an order with n-grams but no match gets: "none" 0;
    "floor" value / t_n; "exp" 1 / (2^j t_n) for the j-th such order (mteval-v13a; Chen and Cherry 2014,
    method 3); "add-k" first adds k = value to the matches and totals of orders 2 and up."""
    add = value if zero == "add-k" else 0
    precisions = [0.0] * len(row.totals)
    reached = unmatched = 0
    for n, (m, t) in enumerate(zip(row.matches, row.totals)):
        if n > 0:  # add-k: orders 2 and up
            m, t = m + add, t + add
        if t <= 0:
            break
        reached += 1
        if m != 0:
            precisions[n] = m / t
        elif zero == "floor":
            precisions[n] = value / t
        elif zero == "exp":
            unmatched += 1
            precisions[n] = 1.0 / (2.0**unmatched * t)
    return precisions, reached


# ---------------------------------------------------------------- nltk's rules (Chen and Cherry 2014)
# Each returns the precisions, from p_n = m_n / max(1, t_n).


def _method0(row: Row, value):
    """p_n = m_n / max(1, t_n)."""
    return [m / max(t, 1.0) for m, t in zip(row.matches, row.totals)]


def _method1(row: Row, value):
    """Add epsilon to a zero match count: epsilon / t_n."""
    return [(m if m else value) / max(t, 1.0) for m, t in zip(row.matches, row.totals)]


def _method2(row: Row, value):
    """Add 1 to matches and totals of orders 2 and up."""
    precisions = _method0(row, value)
    return precisions[:1] + [(m + 1) / (max(t, 1.0) + 1) for m, t in zip(row.matches[1:], row.totals[1:])]


def _geometric(row: Row, value: float, divisor: float) -> list[float]:
    """The j-th order with no match gets 1 / (2^j value / divisor) / max(1, t_n); the others m_n / max(1, t_n)."""
    precisions, unmatched = [], 0
    for m, t in zip(row.matches, row.totals):
        if m == 0:
            unmatched += 1
            precisions.append(1 / (2.0**unmatched * value / divisor) / max(t, 1.0))
        else:
            precisions.append(m / max(t, 1.0))
    return precisions


def _method3(row: Row, value):
    """The NIST geometric sequence: the j-th order with no match gets 1 / (2^j t_n)."""
    return _geometric(row, 1.0, 1.0)


def _method4(row: Row, value):
    """Like method3, scaled by k / ln(c): the j-th empty order gets 1 / (2^j k / ln c) / t_n (when c > 1)."""
    if row.length <= 1:
        return _method0(row, value)
    return _geometric(row, value, math.log(row.length))


def _average_with_neighbours(row: Row, precisions):
    """p_n = (p_{n-1} + p_n + p_{n+1}) / 3 in turn, with p_0 = p_1 + 1 and p_{N+1} the last sentence's 5-gram p."""
    following = [*precisions, row.fifth_matches / max(row.fifth_totals, 1.0)]
    smoothed, previous = [], precisions[0] + 1
    for n, precision in enumerate(precisions):
        previous = (previous + precision + following[n + 1]) / 3
        smoothed.append(previous)
    return smoothed


def _method5(row: Row, value):
    """Average each precision with its neighbours."""
    return _average_with_neighbours(row, _method0(row, value))


def _method6(row: Row, value):
    """(m_n + alpha prior) / (max(0, l - n) + alpha), prior = p_{n-1}^2 / p_{n-2}, l the last sentence's length."""
    precisions = _method0(row, value)
    # A row with no unigram match scores 0 before any smoothing (nltk's rule): it cannot fail.
    if row.matches[0] > 0 and (len(precisions) < 3 or row.matches[2] == 0):
        raise Method6Undefined(1)
    for n in range(2, len(precisions)):
        earlier = precisions[n - 2]
        prior = 0.0 if earlier == 0 else precisions[n - 1] ** 2 / earlier
        precisions[n] = (row.matches[n] + value * prior) / (max(0, row.last_length - n) + value)
    return precisions


def _method7(row: Row, value):
    """method4, then method5."""
    return _average_with_neighbours(row, _method4(row, value))


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
    rule: Callable = _sacrebleu  # (Row, value) -> precisions (nltk) or (precisions, reached) (sacrebleu)
    zero_when_unsmoothed: bool = False  # method0: a zero precision with a weight makes BLEU 0 (nltk: about 1e-78)
    smooths: bool = True  # False for "none" and "method0": precision = clipped / total
    fraction: Callable | None = None  # (n, m, t, value, unmatched) -> the fraction as text, or None if m / t
    # nltk's rule: an order with no n-gram has precision 0/1, and zero precisions are skipped in the mean.
    phantom_ngrams: bool = field(init=False)
    # Effective order is sacrebleu's option; nltk has none.
    effective_order_allowed: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "phantom_ngrams", self.library == "nltk")
        object.__setattr__(self, "effective_order_allowed", self.library == "sacrebleu")

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
        Smoothing("none", "sacrebleu", "no smoothing: an order with no match makes BLEU 0", rule=_sacrebleu,
                  smooths=False),
        Smoothing("floor", "sacrebleu", "a zero match count becomes the floor value", 0.1, "floor value",
                  at_most_one=True, rule=partial(_sacrebleu, zero="floor"), fraction=_floor_fraction),
        Smoothing("add-k", "sacrebleu", "add k to matches and totals of orders 2 and up", 1.0, "k",
                  rule=partial(_sacrebleu, zero="add-k"), fraction=_add_k_fraction),
        Smoothing("exp", "sacrebleu", "the k-th order with no match gets 1 / (2^k total) (mteval-v13a)",
                  rule=partial(_sacrebleu, zero="exp"), fraction=_exp_fraction),
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


@dataclass(frozen=True)
class BleuSettings:
    """The keywords of :func:`bleu_lab.sentence_bleu` / :func:`bleu_lab.corpus_bleu`, checked and frozen.

    ``max_order`` is the order used (4 unless given, or the number of ``weights``);
    ``weights`` is None for uniform weights 1/N; ``smooth_value`` is the value used (the
    method's default when not given). ``tokenize`` and ``lowercase`` are None for scores
    computed from statistics alone (:func:`bleu_lab.bleu_from_stats`), which know neither.
    """

    max_order: int | None = None
    weights: Sequence[float] | None = None  # stored as a tuple of floats
    smoothing: str = "none"
    smooth_value: float | None = None
    effective_order: bool = False
    tokenize: str | None = "13a"
    lowercase: bool | None = False
    # Set from the fields above: N, the number of n-gram orders in the score (``max_order`` once checked), the
    # smoothing method object, and how many orders to count (N, or 5 for nltk's methods 5 and 7: 5-grams).
    order: int = field(init=False, repr=False, compare=False)
    method: Smoothing = field(init=False, repr=False, compare=False)
    counting_order: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.weights is not None:  # the weights set the order (and must agree with max_order)
            order, weights = check_order_and_weights(self.max_order, self.weights)
        else:
            order = DEFAULT_ORDER if self.max_order is None else check_order(self.max_order, "max_order")
            weights = None
        method = SMOOTHING.get(self.smoothing) if isinstance(self.smoothing, str) else None
        method = method or get_smoothing(self.smoothing)  # an unknown name: the error lists the methods
        value = method.default if self.smooth_value is None else method.resolve(self.smooth_value)
        if self.effective_order.__class__ is not bool:
            check_bool(self.effective_order, "effective_order")
        if self.effective_order and (not method.effective_order_allowed or len(set(weights or ())) > 1):
            _refuse_effective_order(self.smoothing, method, weights)
        check_text_settings(self.tokenize, self.lowercase)
        # Frozen, so the normalised values are set the one way a frozen dataclass allows.
        counting_order = max(order, NLTK_FIFTH_ORDER) if method.fifth_order else order
        for name, normalised in (("max_order", order), ("order", order), ("weights", weights), ("smooth_value", value),
                                 ("method", method), ("counting_order", counting_order)):
            object.__setattr__(self, name, normalised)

    @classmethod
    def from_keywords(cls, keywords: dict, function: str, own: Sequence[str] = ()) -> BleuSettings:
        """Settings from ``**bleu_keywords`` (the bootstrap's), refusing a keyword BLEU does not take
        (the message lists ``own`` too: the keywords of ``function`` itself)."""
        check_keywords(keywords, BLEU_KEYWORDS, function, own)
        return cls(**keywords)

    @property
    def scoring(self) -> BleuSettings:
        """These settings without tokenizer and case: what :func:`bleu_lab.bleu_from_stats` knows."""
        return BleuSettings(self.max_order, self.weights, self.smoothing, self.smooth_value,
                            self.effective_order, None, None)

    def _uniform_weights_or(self) -> Sequence[float] | None:
        """The weights, or None when they are sacrebleu's (and the paper's) uniform 1/N."""
        weights = self.weights
        if weights is not None and len(set(weights)) == 1 and abs(sum(weights) - 1) < 1e-12:
            return None  # uniform weights summing to 1 are the default for this order
        return weights

    def not_in_sacrebleu(self) -> str | None:
        """What of these settings sacrebleu cannot do ("no method3", "no weights ..."), or None if it can
        give the same score: then sacrebleu's number can be quoted beside bleu_lab's."""
        if self.method.library != "sacrebleu":
            return f"no {self.smoothing}"
        if self._uniform_weights_or() is not None:
            return "no weights (each order counts 1/N)"
        if self.tokenize is not None and self.tokenize not in SACREBLEU_TOKENIZERS:  # bleu_lab's own
            return f"no tokenizer {self.tokenize!r}"
        return None

    def _extra(self) -> list[tuple[str, str | None]]:
        """bleu_lab's keys that sacrebleu has no place for, shown only when they differ from its fixed choice."""
        weights = self._uniform_weights_or()
        if weights is not None:
            # Shortest exact form (0.7, 0.3333333333333333): ":g" printed 0.333333 for 1/3 and 0.3333331 alike.
            return [("weights", ",".join(repr(float(w)).removesuffix(".0") for w in weights))]
        return [("order", None if self.order == 4 else str(self.order))]

    def signature(self, nrefs=None, *, n_samples: int | None = None, seed: int | None = None) -> str:
        """The signature in sacrebleu's format plus bleu_lab's version (see the module docstring).

        ``nrefs`` is the number of references per sentence (a set of them for a corpus: one value,
        or ``var``); ``n_samples`` and ``seed`` are a bootstrap's (sacrebleu's ``bs`` and ``seed``).
        """
        plain = _join([
            ("nrefs", _nrefs(nrefs)),
            ("case", None if self.lowercase is None else ("lc" if self.lowercase else "mixed")),
            ("eff", _yes_no(self.effective_order)),
            ("tok", self.tokenize),
            ("smooth", self.method.label(self.smooth_value)),
            *self._extra(),
            ("version", sacrebleu_version()),
            ("bleu_lab", __version__),
        ])
        return plain if n_samples is None else resampling_signature(plain, "bs", n_samples, seed)




def _refuse_effective_order(smoothing: str, method: Smoothing, weights) -> None:
    """Effective order (sacrebleu's) re-weights the orders uniformly: not with uneven weights or nltk's methods."""
    if len(set(weights or ())) > 1:
        raise ValueError(
            "effective_order re-weights the orders uniformly; it cannot be combined with non-uniform weights"
        )
    if not method.effective_order_allowed:
        raise ValueError(
            f"effective_order is sacrebleu's option and smoothing={smoothing!r} is nltk's; nltk has no "
            f"effective order. Use one of sacrebleu's, {method_names('sacrebleu')}, e.g. smoothing='exp' with "
            f"effective_order=True"
        )


@dataclass(frozen=True)
class Score:
    """BLEU of one row of statistics, with what went into it: ``precisions`` as used in the mean, ``used``
    orders in the mean (fewer than N only with effective order), ``brevity_penalty``."""

    value: float
    precisions: tuple
    used: int
    brevity_penalty: float


def bleu_score(matches, totals, candidate_length: int, reference_length: int, settings: BleuSettings,
               last: tuple[int, int, int] | None = None) -> Score:
    """BLEU = BP * exp(sum_n w_n log p_n) of one row of summed statistics (Papineni et al. 2002, section 2.3).

    ``matches`` and ``totals`` have at least N entries; p_n comes from the smoothing method of ``settings``.
    The two families keep their libraries' rules, so the numbers agree with each to the last digit:

    * sacrebleu's (Post 2018): the orders stop at the first one with no n-gram; log 0 is taken as
      -9999999999 (so an unsmoothed empty order gives 0); BLEU is 0 when nothing matched at all;
      effective order spreads the weight over the orders reached.
    * nltk's (Chen and Cherry 2014): ``totals`` are the phantom totals (an empty order counts one per
      sentence, as nltk divides by max(1, t_n)); orders whose precision is 0 are left out of the sum;
      BLEU is 0 when no unigram matched (and, for method0, when a weighted order has no match).
      ``last`` is ``(length, 5-gram matches, 5-gram totals)`` of the sentence methods 4-7 look at; by
      default the row itself (0 for the 5-grams when fewer than 5 orders were counted).

    >>> settings = BleuSettings(tokenize=None, lowercase=None)
    >>> round(bleu_score([5, 4, 3, 2], [6, 5, 4, 3], 6, 6, settings).value, 4)   # (5/6 * 4/5 * 3/4 * 2/3) ** (1/4)
    0.7598
    """
    order = settings.order
    # c = r = 0 with matches is no text's statistics; sacrebleu's compute_bleu gives them BP = 1 (c < r fails).
    impossible_empty = candidate_length == 0 == reference_length and any(matches)
    bp = 1.0 if impossible_empty else brevity_penalty_value(candidate_length, reference_length)
    if last is None:
        fifth = (matches[4], totals[4]) if len(matches) >= NLTK_FIFTH_ORDER else (0, 0)
        last = (candidate_length, *fifth)
    row = Row(tuple(matches[:order]), tuple(totals[:order]), candidate_length, *last)
    try:
        scored = (_nltk_score if settings.method.phantom_ngrams else _sacrebleu_score)(row, settings, bp)
        if not math.isfinite(scored.value):
            raise OverflowError("the score is not a finite number")
        return scored
    except OverflowError as error:
        # Only absurd inputs get here: huge weights on a smoothed precision above 1, or lengths beyond a float.
        raise ValueError(
            f"the score overflows a float ({error}); weights are usually fractions that sum to 1, "
            f"e.g. weights=(0.25, 0.25, 0.25, 0.25), and lengths are token counts"
        ) from None


def _sacrebleu_score(row: Row, settings: BleuSettings, bp: float) -> Score:
    """sacrebleu's mean: log 0 is LOG_ZERO; uniform weights (or effective order) average the logs."""
    order = settings.order
    precisions, reached = settings.method.rule(row, settings.smooth_value)
    logs = [math.log(p) if p > 0 else LOG_ZERO for p in precisions]
    used = reached if settings.effective_order and reached else order
    if settings.weights is None or settings.effective_order:
        scale = 1.0 if settings.weights is None else float(sum(settings.weights))
        log_mean = sum(logs[:used]) * scale / used
    else:
        log_mean = sum([log * weight for log, weight in zip(logs, settings.weights)])
    if not any(row.matches):  # sacrebleu stops early when nothing matches (its issue #141)
        return Score(0.0, (0.0,) * order, used, bp)
    return Score(bp * math.exp(log_mean), tuple(precisions), used, bp)


def _nltk_score(row: Row, settings: BleuSettings, bp: float) -> Score:
    """nltk's mean: math.fsum of w_n log p_n over the positive precisions (as nltk's corpus_bleu)."""
    order = settings.order
    if row.matches[0] == 0:  # nltk returns 0 before any smoothing
        return Score(0.0, (0.0,) * order, order, bp)
    precisions = settings.method.rule(row, settings.smooth_value)
    weights = settings.weights if settings.weights is not None else (1.0 / order,) * order
    if settings.method.zero_when_unsmoothed and any([p <= 0 < w for p, w in zip(precisions, weights)]):
        return Score(0.0, tuple(precisions), order, bp)  # nltk: about 1e-78 here (the log of the smallest float)
    log_mean = math.fsum([w * math.log(p) for w, p in zip(weights, precisions) if p > 0])
    return Score(bp * math.exp(log_mean), tuple(precisions), order, bp)
