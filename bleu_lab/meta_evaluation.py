"""Meta-evaluation: how far a metric agrees with people, at the level of whole systems.

A metric is judged by how well its system scores follow the human scores of
the same systems (Barrault et al. 2019 for WMT19; Mathur, Baldwin and Cohn
2020 on how to read such numbers):

- correlation: Pearson's r (linear agreement of the values) and Kendall's
  tau (agreement of the order), each with a confidence interval. The
  statistics are scipy's (``scipy.stats.pearsonr``, ``kendalltau``,
  ``bootstrap``), not written here;
- pairs: for every pair of systems, does the metric put them in the same
  order as the humans? With n systems there are n (n - 1) / 2 pairs; with no
  ties, Kendall's tau = (agreeing - disagreeing) / pairs, so the share of
  agreeing pairs is (1 + tau) / 2.

Scoring many systems against the same references is the costly part; here
every text is tokenized once (:func:`tokenize_lines`) and all systems are
counted against a reference set in one pass (:func:`system_bleu`).
"""

from __future__ import annotations

import inspect
import math
import reprlib
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from .bleu.metric import score_counted, tokenize_systems
from .bleu.scoring import BleuSettings
from .bleu.statistics import SentenceStats
from .checks import (
    check_confidence,
    check_n_samples,
    check_text,
    describe,
    is_finite_number,
    is_real_number,
    is_sequence,
    seed_to_use,
)
from .chrf import system_chrf
from .fast.counting import checked_statistics_rows, statistics_columns, systems_statistics_matrices
from .fast.scoring import bleu_scores
from .moved import moved
from .tokenizers import get_tokenizer, tokenize_lines_with


def tokenize_lines(lines: Sequence[str], *, tokenize: str = "13a", lowercase: bool = False) -> list:
    """Each line as a tuple of tokens, so that later scoring never tokenizes it again.

    bleu_lab uses a token sequence as is, so ``corpus_bleu(tokenize_lines(c), ...)``
    gives the same score as ``corpus_bleu(c, ...)`` with the same settings,
    and a text scored against five reference sets is tokenized once, not five times.

    >>> tokenize_lines(["Hallo, Welt!"])
    [('Hallo', ',', 'Welt', '!')]
    """
    call = "tokenize_lines(['the cat sat', 'a dog ran'])"
    if isinstance(lines, str):
        raise TypeError(f"lines is a single string; pass a list of lines. Right: tokenize_lines([{lines[:40]!r}])")
    if not is_sequence(lines):
        # As check_corpus: a generator would be used up by the first pass over it, a set has no line order.
        raise TypeError(f"lines is {describe(lines)}; it must be a list of lines (strings or token lists), "
                        f"e.g. list(lines). Right: {call}")
    BleuSettings(tokenize=tokenize, lowercase=lowercase)  # checks both
    function = get_tokenizer(tokenize)
    # Each line as corpus_bleu checks a candidate, so the tokens are those corpus_bleu would count.
    checked = [check_text(line, what=f"lines[{i}]", call=call) for i, line in enumerate(lines)]
    return tokenize_lines_with(checked, function, lowercase)


def system_statistics(
    systems: Mapping[str, Sequence], references: Sequence[Sequence], *, tokenize: str = "13a", lowercase: bool = False
) -> dict:
    """Per-sentence BLEU statistics of several systems against the same references, counted in one pass.

    ``systems`` maps a name to its candidate lines (strings, or token
    sequences from :func:`tokenize_lines`); ``references[i]`` is the list of
    references of segment i, shared by every system. Returns ``{name: matrix}``:
    row i of a system's numpy matrix holds segment i's c, r, clipped matches
    of orders 1-4 and candidate n-gram totals of orders 1-4 (Papineni et al.
    2002), the numbers ``bleu_lab.bleu.statistics.sentence_statistics`` gives. The
    references are checked once, not once per system.

    >>> system_statistics({"A": ["the cat sat"]}, [["the cat sat"]])["A"].tolist()
    [[3, 3, 3, 2, 1, 0, 3, 2, 1, 0]]
    """
    if not isinstance(systems, Mapping) or not systems:
        raise TypeError(
            "systems must be a non-empty mapping from a system name to its candidate lines. "
            "Right: system_bleu({'A': lines_a, 'B': lines_b}, [[ref] for ref in reference_lines])"
        )
    settings = BleuSettings(tokenize=tokenize, lowercase=lowercase)
    candidate_lines, reference_lines = tokenize_systems(
        {f"systems[{name!r}]": lines for name, lines in systems.items()}, references, settings,
        function="system_bleu", call="system_bleu({'A': lines_a, 'B': lines_b}, [[ref] for ref in reference_lines])",
    )
    return dict(zip(systems, systems_statistics_matrices(candidate_lines, reference_lines, settings.counting_order,
                                                         lines=True)))


def system_bleu(
    systems: Mapping[str, Sequence], references: Sequence[Sequence], *, tokenize: str = "13a", lowercase: bool = False
) -> dict:
    """Corpus BLEU (Papineni et al. 2002) of each system against the same references: ``{name: BleuResult}``.

    ``systems`` maps a name to its candidate lines (strings, or token
    sequences from :func:`tokenize_lines`); ``references[i]`` is the list of
    references of segment i, shared by every system. The numbers are those of
    ``corpus_bleu(systems[name], references)`` (no smoothing; on a test set
    of this size sacrebleu's default "exp" smoothing changes nothing): each
    system's per-sentence statistics are summed and scored once, but all
    systems are counted in one pass and the references are checked once.

    >>> scores = system_bleu({"A": ["the cat sat down"], "B": ["a cat"]}, [["the cat sat down"]])
    >>> {name: round(result.score, 4) for name, result in scores.items()}
    {'A': 1.0, 'B': 0.0}
    """
    statistics = system_statistics(systems, references, tokenize=tokenize, lowercase=lowercase)
    n_references = {len(refs) for refs in references}
    return bleu_of_statistics(statistics, tokenize=tokenize, lowercase=lowercase, n_references=n_references)


def bleu_of_statistics(
    statistics: Mapping, *, tokenize: str = "13a", lowercase: bool = False, n_references=None
) -> dict:
    """Corpus BLEU of each system from its :func:`system_statistics` matrix: the score of the summed rows.

    ``tokenize``, ``lowercase`` and ``n_references`` only go into the
    results' signatures: say how the statistics were counted.

    >>> statistics = system_statistics({"A": ["the cat sat down"]}, [["the cat sat down"]])
    >>> bleu_of_statistics(statistics)["A"].score
    1.0
    """
    call = "bleu_of_statistics(system_statistics({'A': ['the cat sat'], 'B': ['a cat']}, [['the cat sat']]))"
    if isinstance(statistics, Mapping) and not statistics:
        raise ValueError(f"statistics is an empty dict; give at least one system's matrix. Right: {call}")
    if not isinstance(statistics, Mapping):
        one = " (one system's matrix: wrap it, {'A': rows})" if hasattr(statistics, "shape") else ""
        raise TypeError(f"statistics must be a non-empty dict {{system name: statistics matrix}} as "
                        f"system_statistics returns, not {describe(statistics)}{one}. Right: {call}")
    settings = BleuSettings(tokenize=tokenize, lowercase=lowercase)
    checked = {name: checked_statistics_rows(rows, f"statistics[{name!r}]", call) for name, rows in statistics.items()}
    for name, rows in checked.items():
        if not len(rows):
            raise ValueError(f"statistics[{name!r}] has no rows; a corpus needs at least one sentence. Right: {call}")
    return {
        name: replace(score_counted(SentenceStats(rows=rows), settings, n_references=n_references), sentences=len(rows))
        for name, rows in checked.items()
    }


def sentence_bleu_scores(rows, *, smoothing: str = "exp") -> list:
    """Sentence BLEU of each row of a :func:`system_statistics` matrix (``sentence_bleu(..., smoothing=...)``).

    "exp" smoothing by default, sacrebleu's, but without the effective order its
    ``sentence_bleu`` adds (which rescues outputs of under four words): without
    smoothing most sentences that miss one 4-gram would score exactly 0.

    >>> rows = system_statistics({"A": ["the cat sat down", "the cat sat on"]}, [["the cat sat down"]] * 2)["A"]
    >>> [round(s, 4) for s in sentence_bleu_scores(rows)]
    [1.0, 0.5946]
    """
    settings = BleuSettings(smoothing=smoothing, tokenize=None, lowercase=None)
    call = "sentence_bleu_scores(system_statistics({'A': ['the cat sat']}, [['the cat sat']])['A'])"
    rows = checked_statistics_rows(rows, "rows", call)
    c, r, matches, totals = statistics_columns(rows)
    return bleu_scores(matches, totals, c, r, settings).scores.tolist()  # each row its own sentence


EXAMPLE_METRIC = {"A": 0.41, "B": 0.38, "C": 0.25}  # the scores of the "Right:" examples
EXAMPLE_HUMAN = {"A": 0.2, "B": -0.1, "C": 0.05}


def _paired(metric: Mapping[str, float], human: Mapping[str, float], at_least: int = 3, *,
            function: str = "correlation", varying: bool = False, label: str = "metric",
            call: str | None = None) -> tuple:
    """The systems scored by both, in the human order, and their two score lists (checked finite numbers).

    ``varying``: refuse a score list that gives every system the same value, which has no correlation.
    ``label`` names the metric argument in messages, ``call`` is the right call they show.
    """
    # Three systems, so that the example runs for correlation and plot_metric_vs_human too.
    call = call or f"{function}({EXAMPLE_METRIC!r}, {EXAMPLE_HUMAN!r})"
    for name, scores in ((label, metric), ("human", human)):
        if not isinstance(scores, Mapping):
            raise TypeError(
                f"{name} scores must be a mapping from system name to score, not {type(scores).__name__}. "
                f"Right: {call}"
            )
    systems = [name for name in human if name in metric]
    if len(systems) < at_least:
        raise ValueError(
            f"only {len(systems)} system(s) have both a metric and a human score; at least {at_least} are needed. "
            f"Check that the system names match."
        )
    lists = []
    for name, scores in ((label, metric), ("human", human)):
        for system in systems:
            value = scores[system]
            if hasattr(value, "score") and not is_real_number(value):
                raise TypeError(
                    f"the {name} score of {system!r} is a {type(value).__name__}, not a number; pass result.score: "
                    f"{{name: result.score for name, result in results.items()}}. Right: {call}"
                )
            if not is_real_number(value):  # "3" and True are refused, not read as 3.0 and 1.0
                hint = " (convert strings with float())" if isinstance(value, str) else ""
                raise TypeError(f"the {name} score of {system!r} is {describe(value)}; every score must be a "
                                f"number{hint}. Right: {call}")
            if not is_finite_number(value):  # also an int too large for a float (10**400), not an OverflowError
                raise ValueError(f"the {name} score of {system!r} is {reprlib.repr(value)}, not a finite number "
                                 f"that fits in a float; give it a score or leave the system out. Right: {call}")
        values = [float(scores[s]) for s in systems]
        if varying and len(set(values)) == 1:
            raise ValueError(f"the {name} gives every system the same score ({values[0]:g}); a correlation "
                             f"is undefined. Right: {call}")
        lists.append(values)
    return systems, lists[0], lists[1]


@dataclass(frozen=True)
class Correlation:
    """Pearson's r and Kendall's tau of metric against human system scores, with confidence intervals.

    ``pearson_interval``: Fisher's z-transform interval (``scipy.stats.pearsonr``);
    ``kendall_interval``: percentile bootstrap over systems (``scipy.stats.bootstrap``,
    paired, seeded). ``*_p`` are scipy's two-sided p-values for "no correlation".
    """

    systems: tuple
    pearson: float
    pearson_interval: tuple
    pearson_p: float
    kendall: float
    kendall_interval: tuple
    kendall_p: float
    confidence: float
    n_resamples: int
    seed: int

    @property
    def n(self) -> int:
        """How many systems the correlation is computed over."""
        return len(self.systems)

    @property
    def agreeing_share(self) -> float:
        """(1 + tau) / 2: the share of system pairs the metric orders as the humans do, when neither
        score list has ties (tau = (agreeing - disagreeing) / pairs; see :func:`pairwise_agreement`)."""
        return (1 + self.kendall) / 2

    def __str__(self) -> str:
        level = f"{100 * self.confidence:g}%"
        return (
            f"n = {self.n}: Pearson r = {self.pearson:.3f} [{level} CI {self.pearson_interval[0]:.3f}, "
            f"{self.pearson_interval[1]:.3f}], Kendall tau = {self.kendall:.3f} "
            f"[{level} CI {self.kendall_interval[0]:.3f}, {self.kendall_interval[1]:.3f}]"
        )

    def __repr__(self) -> str:
        return f"<Correlation {self}>"


MIN_RESAMPLES = 100  # correlation's bootstrap: fewer cannot place the percentiles of a 95% interval
# Each resample is one Python call of scipy's Kendall tau (about 0.4 ms for 11 systems): 10,000 (scipy's
# default is 9,999) take a few seconds, where the limit of the sentence bootstrap would take minutes.
MAX_RESAMPLES = 10_000


def _kendall(x, y) -> float:
    """scipy's Kendall tau; 0.0 (no order either way) for a resample that drew one system only, where it is nan."""
    import scipy.stats

    value = float(scipy.stats.kendalltau(x, y).statistic)
    return 0.0 if math.isnan(value) else value


def _bootstrap_over_systems(columns, statistic, confidence: float, n_resamples: int, seed: int):
    """scipy's percentile bootstrap of ``statistic(*columns)``, resampling systems (the same rows of every
    column: paired), seeded. Returns scipy's result (``confidence_interval``, ``bootstrap_distribution``)."""
    import numpy as np
    import scipy.stats

    # scipy 1.15 renamed the generator argument random_state to rng.
    generator = "rng" if "rng" in inspect.signature(scipy.stats.bootstrap).parameters else "random_state"
    with warnings.catch_warnings():
        # A resample that repeats one system only has no order: scipy warns and the statistic is nan.
        warnings.simplefilter("ignore")
        return scipy.stats.bootstrap(
            tuple(np.asarray(column) for column in columns), statistic, paired=True, vectorized=False,
            n_resamples=n_resamples, confidence_level=confidence, method="percentile",
            **{generator: np.random.default_rng(seed)},
        )


def _checked_resamples(n_resamples):
    return check_n_samples(
        n_resamples, minimum=MIN_RESAMPLES, limit=MAX_RESAMPLES, name="n_resamples",
        why=f": too few for a bootstrap interval, whose ends are percentiles of the resampled taus (at 95%, the "
            f"2.5% ones); below {MIN_RESAMPLES} resamples they are one or two draws, or the same draw",
    )


def correlation(
    metric: Mapping[str, float],
    human: Mapping[str, float],
    *,
    confidence: float = 0.95,
    n_resamples: int = 1000,
    seed: int = 12345,
) -> Correlation:
    """Correlation of metric and human scores over the systems that have both (scipy's statistics).

    Pearson: r = cov(x, y) / (sd(x) sd(y)); Kendall (tau-b): (concordant -
    discordant) pairs over all pairs, corrected for ties. With ten or so
    systems the intervals are wide: read them before the point value
    (Mathur, Baldwin and Cohn 2020).

    >>> c = correlation({"A": 3, "B": 2, "C": 1, "D": 0}, {"A": 0.3, "B": 0.1, "C": 0.2, "D": -0.5})
    >>> round(c.kendall, 3), c.n
    (0.667, 4)
    """
    import scipy.stats

    confidence = check_confidence(confidence)
    n_resamples = _checked_resamples(n_resamples)
    seed = seed_to_use(seed)  # None: a fresh seed, reported in the result so the interval can be drawn again
    systems, x, y = _paired(metric, human, varying=True)
    pearson = scipy.stats.pearsonr(x, y)
    p_low, p_high = pearson.confidence_interval(confidence_level=confidence)
    kendall = scipy.stats.kendalltau(x, y)
    interval = _bootstrap_over_systems((x, y), _kendall, confidence, n_resamples, seed).confidence_interval
    return Correlation(
        systems=tuple(systems),
        pearson=float(pearson.statistic),
        pearson_interval=(float(p_low), float(p_high)),
        pearson_p=float(pearson.pvalue),
        kendall=float(kendall.statistic),
        kendall_interval=(float(interval.low), float(interval.high)),
        kendall_p=float(kendall.pvalue),
        confidence=confidence,
        n_resamples=n_resamples,
        seed=seed,
    )


@dataclass(frozen=True)
class KendallDifference:
    """How much better metric ``a`` orders the systems than metric ``b``: tau(a, human) - tau(b, human).

    ``interval``: percentile bootstrap over systems, both taus computed on the same resample (paired),
    as :class:`Correlation`'s; ``share_at_or_below_zero``: the share of resamples where ``a`` does not
    beat ``b``, a one-sided bootstrap p-value for "a orders the systems no better than b".
    """

    systems: tuple
    difference: float
    interval: tuple
    share_at_or_below_zero: float
    confidence: float
    n_resamples: int
    seed: int

    def __str__(self) -> str:
        return (f"n = {len(self.systems)}: tau difference = {self.difference:.3f} [{100 * self.confidence:g}% CI "
                f"{self.interval[0]:.3f}, {self.interval[1]:.3f}], at or below 0 in "
                f"{100 * self.share_at_or_below_zero:.1f}% of {self.n_resamples} resamples")


def kendall_difference(
    a: Mapping[str, float],
    b: Mapping[str, float],
    human: Mapping[str, float],
    *,
    confidence: float = 0.95,
    n_resamples: int = 1000,
    seed: int = 12345,
) -> KendallDifference:
    """Is metric ``a`` really closer to the human order than metric ``b``? A paired bootstrap over systems.

    Two overlapping intervals of tau (one per metric, from :func:`correlation`) do not answer it: both
    taus come from the same systems and human scores, so their errors move together, and the interval
    of the *difference* is narrower than the two intervals suggest. Here each resample draws systems
    with replacement and computes tau(a, human) - tau(b, human) on that one draw (the paired design
    of Koehn 2004, applied to systems; Mathur et al. 2020 test such differences with the Williams test
    for Pearson's r). ``a`` and ``b`` must score the same systems.

    >>> human = {"A": 0.3, "B": 0.2, "C": 0.1, "D": 0.0}
    >>> d = kendall_difference({"A": 4, "B": 3, "C": 2, "D": 1}, {"A": 1, "B": 2, "C": 3, "D": 4}, human)
    >>> d.difference   # tau 1 against tau -1
    2.0
    """
    confidence = check_confidence(confidence)
    n_resamples = _checked_resamples(n_resamples)
    seed = seed_to_use(seed)
    call = "kendall_difference(bleu_scores, chrf_scores, human_scores), each a {system: score} mapping"
    systems, x_a, y = _paired(a, human, function="kendall_difference", varying=True, label="a", call=call)
    systems_b, x_b, _ = _paired(b, human, function="kendall_difference", varying=True, label="b", call=call)
    if systems_b != systems:
        only = sorted(set(systems) ^ set(systems_b))
        raise ValueError(f"a and b must score the same systems (with a human score); only one of them scores "
                         f"{', '.join(map(repr, only))}. Right: {call}, over the same systems")

    def difference(first, second, people):
        return _kendall(first, people) - _kendall(second, people)

    resampled = _bootstrap_over_systems((x_a, x_b, y), difference, confidence, n_resamples, seed)
    draws = resampled.bootstrap_distribution
    return KendallDifference(
        systems=tuple(systems), difference=float(difference(x_a, x_b, y)),
        interval=(float(resampled.confidence_interval.low), float(resampled.confidence_interval.high)),
        share_at_or_below_zero=float((draws <= 0).mean()), confidence=confidence, n_resamples=n_resamples,
        seed=seed,
    )


@dataclass(frozen=True)
class PairAgreement:
    """One pair of systems: ``better`` has the higher metric score; ``agrees`` if the humans say so too.

    A metric tie (``tied``: the same score for both) orders nothing, so it never agrees, whichever
    of the two is named ``better``: a metric that cannot tell two systems apart has not ordered them
    as people do.
    """

    better: str
    worse: str
    metric_difference: float
    human_difference: float

    @property
    def tied(self) -> bool:
        """True when the metric gives both systems the same score."""
        return self.metric_difference == 0

    @property
    def agrees(self) -> bool:
        """True when the metric orders the pair and the humans also score ``better`` above ``worse``."""
        return not self.tied and self.human_difference > 0


def pairwise_agreement(metric: Mapping[str, float], human: Mapping[str, float]) -> list:
    """Every pair of systems with both scores, largest metric difference first.

    ``metric_difference`` >= 0 is how far the metric puts ``better`` above
    ``worse``; ``human_difference`` is the human score of ``better`` minus
    that of ``worse`` (negative when the humans order the pair the other way).

    >>> [(p.better, p.worse, p.agrees) for p in pairwise_agreement({"A": 2, "B": 1}, {"A": -1, "B": 0})]
    [('A', 'B', False)]
    """
    systems, x, y = _paired(metric, human, at_least=2, function="pairwise_agreement")
    checked_metric, checked_human = dict(zip(systems, x)), dict(zip(systems, y))
    pairs = []
    for a, b in combinations(systems, 2):
        if checked_metric[a] < checked_metric[b]:
            a, b = b, a
        pairs.append(PairAgreement(a, b, checked_metric[a] - checked_metric[b], checked_human[a] - checked_human[b]))
    return sorted(pairs, key=lambda p: -p.metric_difference)


@dataclass(frozen=True)
class AgreementBin:
    """Pairs whose metric difference lies in [low, high): how many, and how many the humans order the same way."""

    low: float
    high: float
    pairs: int
    agreeing: int

    @property
    def rate(self) -> float:
        """Share of the pairs in the bin that the metric orders as the humans do (nan for an empty bin)."""
        return self.agreeing / self.pairs if self.pairs else math.nan

    def interval(self, confidence: float = 0.95) -> tuple:
        """Wilson score interval of :attr:`rate` (Wilson 1927): ``(low, high)``, ``(nan, nan)`` for an empty bin.

        With z the normal quantile for ``confidence`` and p = agreeing / pairs = k / n, the interval is
        (p + z²/2n ± z sqrt(p (1 - p) / n + z²/4n²)) / (1 + z²/n): unlike p ± z sqrt(p (1 - p) / n) it stays
        within 0 and 1 and is honest for the few pairs a bin holds. Computed by scipy,
        ``scipy.stats.binomtest(k, n).proportion_ci(confidence, method="wilson")``.

        >>> low, high = AgreementBin(0, 1, 9, 4).interval()
        >>> round(low, 3), round(high, 3)
        (0.189, 0.733)
        """
        confidence = check_confidence(confidence)
        if not self.pairs:
            return (math.nan, math.nan)
        import scipy.stats

        wilson = scipy.stats.binomtest(self.agreeing, self.pairs).proportion_ci(confidence, method="wilson")
        return (float(wilson.low), float(wilson.high))


def agreement_by_difference(pairs: Sequence[PairAgreement], edges: Sequence[float]) -> list:
    """Group pairs by metric difference into bins [edges[k], edges[k+1]) and count the agreeing ones.

    >>> pairs = pairwise_agreement({"A": 3, "B": 2.5, "C": 0}, {"A": 1, "B": 2, "C": 0})
    >>> [(b.low, b.high, b.pairs, b.agreeing) for b in agreement_by_difference(pairs, [0, 1, 10])]
    [(0, 1, 1, 0), (1, 10, 2, 2)]
    """
    call = f"agreement_by_difference(pairwise_agreement({EXAMPLE_METRIC!r}, {EXAMPLE_HUMAN!r}), [0, 0.1, 0.2])"
    if isinstance(pairs, Mapping) or not is_sequence(pairs):
        raise TypeError(f"pairs is {describe(pairs)}; it must be the list pairwise_agreement(metric, human) "
                        f"returns. Right: {call}")
    for i, pair in enumerate(pairs):
        if not isinstance(pair, PairAgreement):
            raise TypeError(f"pairs[{i}] is {describe(pair)}, not a PairAgreement; pairs must come from "
                            f"pairwise_agreement(metric, human). Right: {call}")
    if not is_sequence(edges):
        raise TypeError(f"edges is {describe(edges)}; it must be a list of increasing numbers such as [0, 1, 2, 5]. "
                        f"Right: {call}")
    for edge in edges:
        if not is_real_number(edge):
            raise TypeError(f"edges must be numbers, such as [0, 1, 2, 5], not {reprlib.repr(list(edges))} "
                            f"({describe(edge)}). Right: {call}")
    # A nan edge would make every comparison false: each pair would quietly fall out of every bin.
    # is_finite_number: an int too large for a float (10**400) is refused here too, not an OverflowError.
    if len(edges) < 2 or not all(map(is_finite_number, edges)) or any(b <= a for a, b in zip(edges, edges[1:])):
        raise ValueError(f"edges must be at least two increasing finite numbers that fit in a float, such as "
                         f"[0, 1, 2, 5], not {reprlib.repr(list(edges))}. Right: {call}")
    bins = []
    for low, high in zip(edges, edges[1:]):
        inside = [p for p in pairs if low <= p.metric_difference < high]
        bins.append(AgreementBin(low, high, len(inside), sum(p.agrees for p in inside)))
    return bins


# ---------------------------------------------------------------- segment level (Freitag et al. 2021)

GROUPINGS = ("item", "system", "none")
SEGMENT_METHODS = ("kendall", "pearson")
_SEGMENT_CALL = ("segment_correlation({'A': [0.3, 0.5, 0.1], 'B': [0.2, 0.6, 0.4]}, "
                 "{'A': [-1.0, 0.0, None], 'B': [-5.0, -1.0, -2.0]})")


def _segment_scores(scores, name: str, allow_none: bool, call: str) -> dict:
    """``{system: list of float}`` from a mapping of score lists; None becomes nan where ``allow_none``."""
    if not isinstance(scores, Mapping) or not scores:
        raise TypeError(f"{name} must be a non-empty mapping {{system: [score per segment]}}, not "
                        f"{describe(scores)}. Right: {call}")
    checked = {}
    for system, values in scores.items():
        if not is_sequence(values):
            raise TypeError(f"{name}[{system!r}] is {describe(values)}; it must be a list with one score per "
                            f"segment. Right: {call}")
        row = []
        for i, value in enumerate(values):
            if value is None and allow_none:
                row.append(math.nan)
            elif not (is_real_number(value) and is_finite_number(value)):
                unrated = " (the human scores may use None for an unrated segment)" if value is None else ""
                hint = " (pass result.score)" if hasattr(value, "score") else ""
                raise TypeError(f"{name}[{system!r}][{i}] is {describe(value)}, not a finite number"
                                f"{unrated}{hint}. Right: {call}")
            else:
                row.append(float(value))
        checked[system] = row
    return checked


def _segment_matrices(metric, human, call: str) -> tuple:
    """The systems both score (in the human order) and two (systems x segments) arrays; nan = unrated."""
    import numpy as np

    metric_rows = _segment_scores(metric, "metric", False, call)
    human_rows = _segment_scores(human, "human", True, call)
    systems = [name for name in human_rows if name in metric_rows]
    if not systems:
        raise ValueError(f"no system has both metric and human scores; check that the system names match "
                         f"(metric: {reprlib.repr(list(metric_rows))}, human: {reprlib.repr(list(human_rows))}). "
                         f"Right: {call}")
    lengths = {len(metric_rows[s]) for s in systems} | {len(human_rows[s]) for s in systems}
    if len(lengths) != 1 or 0 in lengths:
        raise ValueError(f"every system needs one score per segment, the same number for the metric and the "
                         f"humans; got lengths {sorted(lengths)}. Right: {call}")
    return (systems, np.array([metric_rows[s] for s in systems]), np.array([human_rows[s] for s in systems]))


def _correlation_statistic(method: str):
    """tau-b as scipy.stats.kendalltau, or Pearson's r as scipy.stats.pearsonr; nan where undefined."""
    import numpy as np
    import scipy.stats

    def kendall(x, y) -> float:
        if len(x) < 2 or np.ptp(x) == 0 or np.ptp(y) == 0:
            return math.nan  # a constant list has no order to compare (scipy warns and gives nan)
        return float(scipy.stats.kendalltau(x, y).statistic)

    def pearson(x, y) -> float:
        if len(x) < 2 or np.ptp(x) == 0 or np.ptp(y) == 0:
            return math.nan
        return float(scipy.stats.pearsonr(x, y).statistic)

    return kendall if method == "kendall" else pearson


def _groups(metric, human, grouping: str) -> list:
    """The (metric, human) value pairs of each group, rated entries only: per segment, per system, or all."""
    import numpy as np

    rated = ~np.isnan(human)
    if grouping == "item":
        return [(metric[rated[:, j], j], human[rated[:, j], j]) for j in range(metric.shape[1])]
    if grouping == "system":
        return [(metric[i, rated[i]], human[i, rated[i]]) for i in range(metric.shape[0])]
    return [(metric[rated], human[rated])]


def _checked_choice(value, name: str, choices: tuple, call: str) -> str:
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{name}={value!r} is not one of {', '.join(map(repr, choices))}. Right: {call}")
    return value


@dataclass(frozen=True)
class SegmentCorrelation:
    """A segment-level correlation of metric and human scores (Freitag et al. 2021; Deutsch et al. 2023).

    ``value``: the mean of the group correlations (grouping "item" or "system") or the pooled correlation
    ("none"); ``interval``: percentile bootstrap over groups ("none": over segments); ``n_groups``: groups
    that had a defined correlation; ``skipped``: groups left out (fewer than 2 rated entries, or a
    constant metric or human score in the group, where the correlation is undefined).
    """

    value: float
    interval: tuple
    n_groups: int
    skipped: int
    grouping: str
    method: str
    confidence: float
    n_resamples: int
    seed: int

    def __str__(self) -> str:
        name = "Kendall tau-b" if self.method == "kendall" else "Pearson r"
        return (f"{name} = {self.value:.3f} [{100 * self.confidence:g}% CI {self.interval[0]:.3f}, "
                f"{self.interval[1]:.3f}], grouping {self.grouping!r}: {self.n_groups} groups "
                f"({self.skipped} skipped)")


def _percentile_interval(draws, confidence: float) -> tuple:
    import numpy as np

    tail = 100 * (1 - confidence) / 2
    low, high = np.percentile(draws, [tail, 100 - tail])
    return float(low), float(high)


def _pooled_interval(metric, human, statistic, confidence, n_resamples, seed) -> tuple:
    """Grouping "none": resample segments (all systems' scores of a drawn segment together), pool, correlate."""
    import numpy as np

    generator = np.random.default_rng(seed)
    n = metric.shape[1]
    draws = np.empty(n_resamples)
    for k in range(n_resamples):
        take = generator.integers(0, n, n)
        m, h = metric[:, take], human[:, take]
        rated = ~np.isnan(h)
        draws[k] = statistic(m[rated], h[rated])
    return _percentile_interval(draws[~np.isnan(draws)], confidence)


def segment_correlation(
    metric: Mapping[str, Sequence[float]],
    human: Mapping[str, Sequence],
    *,
    grouping: str = "item",
    method: str = "kendall",
    confidence: float = 0.95,
    n_resamples: int = 1000,
    seed: int = 12345,
) -> SegmentCorrelation:
    """Correlation of segment scores with human segment scores, as WMT computes it since 2021.

    ``metric``: ``{system: [score per segment]}``; ``human``: ``{system: [score or None per segment]}``
    (None: not rated, skipped); systems in both count. ``grouping``:

    - ``"item"``: for each segment, the correlation across the systems' outputs of it, then the mean
      over segments (does the metric order translations of the same sentence as people do?);
    - ``"system"``: for each system, the correlation across its segments, then the mean;
    - ``"none"``: all rated (system, segment) pairs pooled into one correlation.

    A group with fewer than 2 rated entries, or whose correlation is undefined (a constant score list),
    is skipped and counted in ``skipped``. ``method``: ``"kendall"`` (tau-b, exactly
    ``scipy.stats.kendalltau``) or ``"pearson"`` (``scipy.stats.pearsonr``). The interval is a
    percentile bootstrap that resamples groups (for "none": segments), seeded.

    >>> metric = {"A": [3, 1, 2], "B": [2, 2, 1], "C": [1, 3, 0]}
    >>> human = {"A": [0, -1, None], "B": [-1, -5, -2], "C": [-5, 0, -3]}
    >>> result = segment_correlation(metric, human)  # per segment: tau 1, (2 - 1) / 3, 1 (A unrated)
    >>> round(result.value, 4), round(7 / 9, 4), result.n_groups
    (0.7778, 0.7778, 3)
    """
    import numpy as np

    grouping = _checked_choice(grouping, "grouping", GROUPINGS, _SEGMENT_CALL)
    method = _checked_choice(method, "method", SEGMENT_METHODS, _SEGMENT_CALL)
    confidence = check_confidence(confidence)
    n_resamples = _checked_resamples(n_resamples)
    seed = seed_to_use(seed)
    _, metric_matrix, human_matrix = _segment_matrices(metric, human, _SEGMENT_CALL)
    statistic = _correlation_statistic(method)
    groups = _groups(metric_matrix, human_matrix, grouping)
    values = np.array([statistic(x, y) if len(x) >= 2 else math.nan for x, y in groups])
    kept = values[~np.isnan(values)]
    if not kept.size:
        raise ValueError(f"no group has a defined correlation (grouping={grouping!r}): each needs at least 2 "
                         f"rated entries whose metric and human scores both vary. Right: {_SEGMENT_CALL}")
    if grouping == "none":
        interval = _pooled_interval(metric_matrix, human_matrix, statistic, confidence, n_resamples, seed)
    else:
        draws = np.random.default_rng(seed).choice(kept, size=(n_resamples, kept.size)).mean(axis=1)
        interval = _percentile_interval(draws, confidence)
    return SegmentCorrelation(
        value=float(kept.mean()), interval=interval, n_groups=int(kept.size), skipped=len(groups) - int(kept.size),
        grouping=grouping, method=method, confidence=confidence, n_resamples=n_resamples, seed=seed,
    )


def pairwise_accuracy(metric: Mapping[str, float], human: Mapping[str, float]) -> float:
    """The share of system pairs that the metric orders as people do (Kocmi et al. 2021).

    accuracy = |pairs where sign(metric difference) = sign(human difference)| / |pairs people order|.
    A pair that people tie counts as neither right nor wrong (it leaves the denominator); a pair the
    metric ties but people order counts as wrong. Higher human and metric scores mean better: for MQM
    penalties, pass the negated penalties.

    >>> pairwise_accuracy({"A": 3, "B": 2, "C": 1}, {"A": 0.5, "B": 0.1, "C": 0.2})  # B-C is wrong
    0.6666666666666666
    """
    pairs = pairwise_agreement(metric, human)
    ordered = [pair for pair in pairs if pair.human_difference != 0]
    if not ordered:
        raise ValueError("people tie every pair of systems: no pair is ordered, so accuracy is undefined. "
                         f"Right: pairwise_accuracy({EXAMPLE_METRIC!r}, {EXAMPLE_HUMAN!r})")
    return sum(pair.agrees for pair in ordered) / len(ordered)


@dataclass(frozen=True)
class PairCounts:
    """Pairs of systems' outputs of the same segment (grouping "item"), both rated, counted by outcome.

    ``concordant``/``discordant``: both order the pair, the same way / the other way; ``human_ties``:
    people give both the same score (``both_tied`` of them the metric ties too); ``metric_ties``: the
    metric gives both the same score (within ``epsilon``).
    """

    pairs: int
    concordant: int
    discordant: int
    human_ties: int
    metric_ties: int
    both_tied: int
    epsilon: float

    def __str__(self) -> str:
        share = self.human_ties / self.pairs if self.pairs else math.nan
        return (f"{self.pairs} pairs: {self.concordant} concordant, {self.discordant} discordant, people tie "
                f"{self.human_ties} ({100 * share:.1f}%), the metric ties {self.metric_ties}, both tie "
                f"{self.both_tied}")


def _item_pairs(metric, human, call: str) -> tuple:
    """For every pair of rated outputs of the same segment: metric difference, human difference, group."""
    import numpy as np

    _, metric_matrix, human_matrix = _segment_matrices(metric, human, call)
    first, second = np.triu_indices(metric_matrix.shape[0], k=1)
    metric_difference = metric_matrix[first] - metric_matrix[second]  # (pairs of systems, segments)
    human_difference = human_matrix[first] - human_matrix[second]
    rated = ~np.isnan(human_difference)
    segment = np.broadcast_to(np.arange(metric_matrix.shape[1]), rated.shape)
    return metric_difference[rated], human_difference[rated], segment[rated]


def pair_counts(metric: Mapping[str, Sequence[float]], human: Mapping[str, Sequence], *,
                epsilon: float = 0.0) -> PairCounts:
    """Count the segment pairs (two systems' outputs of one segment) by agreement and ties.

    A metric tie is a difference of at most ``epsilon`` (0: exactly equal). This is what tau-b
    (``segment_correlation``) reads: with ``t`` the human ties and ``u`` the metric ties of n0 pairs,
    tau-b = (concordant - discordant) / sqrt((n0 - t)(n0 - u)) per group, so tied pairs are
    neither rewarded nor punished (Deutsch et al. 2023).

    >>> print(pair_counts({"A": [2, 1], "B": [1, 1]}, {"A": [0, 0], "B": [-1, 0]}))
    2 pairs: 1 concordant, 0 discordant, people tie 1 (50.0%), the metric ties 1, both tie 1
    """
    call = "pair_counts({'A': [0.3, 0.5], 'B': [0.2, 0.6]}, {'A': [-1.0, 0.0], 'B': [-5.0, -1.0]})"
    epsilon = _checked_epsilon(epsilon, call)
    metric_difference, human_difference, _ = _item_pairs(metric, human, call)
    metric_tie = abs(metric_difference) <= epsilon
    human_tie = human_difference == 0
    agree = (metric_difference * human_difference > 0) & ~metric_tie
    disagree = (metric_difference * human_difference < 0) & ~metric_tie
    return PairCounts(
        pairs=int(metric_difference.size), concordant=int(agree.sum()), discordant=int(disagree.sum()),
        human_ties=int(human_tie.sum()), metric_ties=int(metric_tie.sum()),
        both_tied=int((metric_tie & human_tie).sum()), epsilon=float(epsilon),
    )


def _checked_epsilon(epsilon, call: str) -> float:
    if not (is_real_number(epsilon) and is_finite_number(epsilon)) or epsilon < 0:
        raise ValueError(f"epsilon must be a finite number >= 0 (0: only equal scores tie), not "
                         f"{reprlib.repr(epsilon)}. Right: {call}")
    return float(epsilon)


@dataclass(frozen=True)
class TieCalibration:
    """Pairwise accuracy with ties (acc_eq, Deutsch et al. 2023), at epsilon 0 and at the best epsilon.

    ``accuracy``: acc_eq with metric differences up to ``epsilon`` read as ties, ``epsilon`` chosen to
    maximise it; ``accuracy_at_zero``: acc_eq with only exactly equal scores tied; ``n_groups``: segments
    with at least one rated pair.
    """

    accuracy: float
    epsilon: float
    accuracy_at_zero: float
    n_groups: int

    def __str__(self) -> str:
        return (f"acc_eq = {self.accuracy:.3f} with ties up to epsilon = {self.epsilon:.4g} "
                f"({self.accuracy_at_zero:.3f} with exact ties only), {self.n_groups} segments")


def tie_calibrated_accuracy(metric: Mapping[str, Sequence[float]], human: Mapping[str, Sequence]) -> TieCalibration:
    """Pairwise accuracy that rewards correct ties, with tie calibration (Deutsch et al. 2023).

    For every pair of two systems' outputs of one segment (both rated), the metric is right when it
    orders the pair as people do, or when both tie it: acc_eq = (concordant + both tied) / pairs,
    computed per segment and averaged over segments (grouping "item"). A metric rarely gives two
    outputs the very same score, so a difference up to epsilon counts as a metric tie; tie calibration
    picks the epsilon (one of the observed differences, or 0) that maximises acc_eq. Unlike tau-b, a
    metric gains nothing from tying a pair people order, and gains from tying a pair people tie.

    >>> result = tie_calibrated_accuracy({"A": [0.5, 0.9], "B": [0.49, 0.1]}, {"A": [0, 0], "B": [0, -5]})
    >>> result.accuracy_at_zero, result.accuracy, round(result.epsilon, 4)  # 0.01 apart in segment 1: a tie
    (0.5, 1.0, 0.01)
    """
    import numpy as np

    call = "tie_calibrated_accuracy({'A': [0.3, 0.5], 'B': [0.2, 0.6]}, {'A': [-1.0, 0.0], 'B': [-5.0, -1.0]})"
    metric_difference, human_difference, segment = _item_pairs(metric, human, call)
    if not metric_difference.size:
        raise ValueError(f"no segment has two rated outputs of systems both scores know; nothing to compare. "
                         f"Right: {call}")
    # Each pair weighs 1 / (pairs of its segment) / (segments): the mean over segments of the per-segment acc_eq.
    groups, group_of_pair, sizes = np.unique(segment, return_inverse=True, return_counts=True)
    weight = 1.0 / sizes[group_of_pair] / groups.size
    human_tie = human_difference == 0
    ordered_right = metric_difference * human_difference > 0
    # With epsilon below a pair's |difference| the pair is ordered (right if ordered_right); at or above it,
    # tied (right if people tie it). Sorting by |difference| lets one cumulative sum try every epsilon.
    gaps = np.abs(metric_difference)
    order = np.argsort(gaps, kind="stable")
    change = (weight * (human_tie.astype(float) - ordered_right))[order]
    base = float((weight * ordered_right).sum())
    cumulative = base + np.cumsum(change)
    sorted_gaps = gaps[order]
    last_of_each = np.r_[sorted_gaps[1:] != sorted_gaps[:-1], True]  # ties of |difference| switch together
    candidates, accuracies = sorted_gaps[last_of_each], cumulative[last_of_each]
    at_zero = float(accuracies[0]) if candidates[0] == 0 else base
    best = int(np.argmax(accuracies))
    if base >= accuracies[best] and candidates[0] > 0:
        best_accuracy, best_epsilon = base, 0.0
    else:
        best_accuracy, best_epsilon = float(accuracies[best]), float(candidates[best])
    return TieCalibration(accuracy=best_accuracy, epsilon=best_epsilon, accuracy_at_zero=at_zero,
                          n_groups=int(groups.size))


@dataclass(frozen=True)
class MetricAgreement:
    """How one metric agrees with human scores: over systems (:func:`correlation`), over segments
    (:func:`segment_correlation`, grouping "item" and "none", Kendall) and over segment pairs with ties
    (:func:`tie_calibrated_accuracy`)."""

    system: Correlation
    segment: SegmentCorrelation
    pooled: SegmentCorrelation
    ties: TieCalibration


def metric_agreement(segment_scores: Mapping[str, Mapping], system_scores: Mapping[str, Mapping],
                     human_segments: Mapping[str, Sequence], human_systems: Mapping[str, float], *,
                     seed: int = 12345) -> dict:
    """Every statistic of this module for several metrics at once: ``{metric: MetricAgreement}``.

    ``segment_scores``: ``{metric: {system: [score per segment]}}``; ``system_scores``: ``{metric:
    {system: score}}`` (higher = better for both, as for the human scores); ``human_segments``:
    ``{system: [score or None]}``; ``human_systems``: ``{system: score}``. Print the result with
    :func:`format_agreement`.
    """
    missing = [m for m in segment_scores if not isinstance(system_scores, Mapping) or m not in system_scores]
    if not isinstance(segment_scores, Mapping) or not segment_scores or missing:
        raise ValueError(f"segment_scores and system_scores must be dicts {{metric: scores}} with the same metrics; "
                         f"no system scores for {missing!r}. Right: metric_agreement({{'BLEU': segment_bleu}}, "
                         f"{{'BLEU': system_bleu}}, human_segments, human_systems)")
    return {
        metric: MetricAgreement(
            system=correlation(system_scores[metric], human_systems, seed=seed),
            segment=segment_correlation(scores, human_segments, seed=seed),
            pooled=segment_correlation(scores, human_segments, grouping="none", seed=seed),
            ties=tie_calibrated_accuracy(scores, human_segments),
        )
        for metric, scores in segment_scores.items()
    }


def format_agreement(agreements: Mapping[str, MetricAgreement]) -> str:
    """A table of :func:`metric_agreement`'s results: one row per metric, Kendall's tau over systems and
    over segments (with 95% intervals), pooled, and pairwise accuracy with ties (exact, calibrated)."""
    lines = [f"{'':<10}{'system tau [CI]':>23}{'segment tau [CI]':>23}{'pooled':>8}{'acc_eq':>8}"
             f"{'calibrated (epsilon)':>22}"]
    for metric, a in agreements.items():
        low, high = a.system.kendall_interval
        lines.append(f"{metric:<10}{a.system.kendall:>7.3f} [{low:6.3f}, {high:5.3f}]"
                     f"{a.segment.value:>8.3f} [{a.segment.interval[0]:5.3f}, {a.segment.interval[1]:5.3f}]"
                     f"{a.pooled.value:>8.3f}{a.ties.accuracy_at_zero:>8.3f}"
                     f"{a.ties.accuracy:>12.3f} ({a.ties.epsilon:.3f})")
    return "\n".join(lines)


# The pictures moved to bleu_lab.show.agreement_plots (meta_evaluation is numbers only); the old names keep
# working for one release (0.3) with a DeprecationWarning.
_MOVED_TO_SHOW = frozenset({
    "plot_metric_vs_human", "plot_agreement_by_difference", "MARKER_AREA", "LAYOUT_STEPS", "LAYOUT_SEARCH_LIMIT",
    "_stack", "_box_distance", "_boxes_overlap", "_clashes", "_label_layout", "_LabelLayout",
})


def __getattr__(name: str):
    if name not in _MOVED_TO_SHOW:
        raise AttributeError(f"module 'bleu_lab.meta_evaluation' has no attribute {name!r}")
    return moved("bleu_lab.meta_evaluation", name, "bleu_lab.show.agreement_plots")


__all__ = [
    "AgreementBin",
    "Correlation",
    "KendallDifference",
    "MetricAgreement",
    "PairAgreement",
    "PairCounts",
    "SegmentCorrelation",
    "TieCalibration",
    "agreement_by_difference",
    "bleu_of_statistics",
    "correlation",
    "format_agreement",
    "kendall_difference",
    "metric_agreement",
    "pair_counts",
    "pairwise_accuracy",
    "pairwise_agreement",
    "segment_correlation",
    "sentence_bleu_scores",
    "system_bleu",
    "system_chrf",
    "system_statistics",
    "tie_calibrated_accuracy",
    "tokenize_lines",
]
