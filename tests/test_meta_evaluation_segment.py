"""Segment-level meta-evaluation: segment_correlation against scipy, pairwise accuracy (Kocmi et al. 2021),
pair counts and tie-calibrated pairwise accuracy (Deutsch et al. 2023) against plain-Python counting.

Expected values come from scipy.stats.kendalltau / pearsonr called here group by group, from counting
pairs one by one in plain Python, and from hand calculations written beside each case.
"""

import math
import warnings
from itertools import combinations

import pytest
import scipy.stats
from hypothesis import given, settings
from hypothesis import strategies as st

from bleu_lab.meta_evaluation import (
    pair_counts,
    pairwise_accuracy,
    segment_correlation,
    tie_calibrated_accuracy,
)


@st.composite
def judged(draw, min_systems=2):
    """{system: metric scores}, {system: human scores or None}: few distinct values, so ties are common."""
    n_systems = draw(st.integers(min_systems, 5))
    n_segments = draw(st.integers(2, 8))
    names = [f"S{i}" for i in range(n_systems)]
    score = st.integers(0, 3).map(float) | st.floats(0, 1, allow_nan=False)
    human_score = st.none() | st.integers(-2, 0).map(float)
    metric = {name: draw(st.lists(score, min_size=n_segments, max_size=n_segments)) for name in names}
    human = {name: draw(st.lists(human_score, min_size=n_segments, max_size=n_segments)) for name in names}
    return metric, human


def scipy_value(x, y, method):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # scipy warns about constant input and returns nan
        if len(x) < 2:
            return math.nan
        if method == "kendall":
            return scipy.stats.kendalltau(x, y).statistic  # tau-b
        if len(set(x)) == 1 or len(set(y)) == 1:
            return math.nan
        return scipy.stats.pearsonr(x, y).statistic


def expected_by_scipy(metric, human, grouping, method):
    systems = list(human)
    n = len(human[systems[0]])
    if grouping == "item":
        groups = [[(metric[s][j], human[s][j]) for s in systems if human[s][j] is not None] for j in range(n)]
    elif grouping == "system":
        groups = [[(metric[s][j], human[s][j]) for j in range(n) if human[s][j] is not None] for s in systems]
    else:
        groups = [[(metric[s][j], human[s][j]) for s in systems for j in range(n) if human[s][j] is not None]]
    values = [scipy_value([m for m, _ in g], [h for _, h in g], method) for g in groups]
    kept = [v for v in values if not math.isnan(v)]
    return (sum(kept) / len(kept) if kept else None), len(kept)


@settings(max_examples=150, deadline=None)
@given(judged(), st.sampled_from(["item", "system", "none"]), st.sampled_from(["kendall", "pearson"]))
def test_segment_correlation_is_scipys_statistic_averaged_over_groups(data, grouping, method):
    metric, human = data
    expected, n_groups = expected_by_scipy(metric, human, grouping, method)
    if expected is None:
        with pytest.raises(ValueError, match="no group has a defined correlation"):
            segment_correlation(metric, human, grouping=grouping, method=method, n_resamples=200)
        return
    result = segment_correlation(metric, human, grouping=grouping, method=method, n_resamples=200)
    assert result.value == pytest.approx(expected, abs=1e-12)
    assert result.n_groups == n_groups
    assert (result.grouping, result.method) == (grouping, method)
    assert result.interval[0] <= result.interval[1]


def test_by_hand_item_grouping_and_unrated_segments():
    # Segment 1: metric 3 > 2 > 1, people 0 > -1 > -5: tau 1. Segment 2: metric B > A, people A > B: tau -1.
    # Segment 3: only A is rated: skipped. Mean (1 - 1) / 2 = 0.
    metric = {"A": [3, 1, 0.5], "B": [2, 2, 0.1], "C": [1, 0, 0.2]}
    human = {"A": [0, 0, -1], "B": [-1, -2, None], "C": [-5, None, None]}
    result = segment_correlation(metric, human)
    assert (result.value, result.n_groups, result.skipped) == (0.0, 2, 1)


def test_interval_is_seeded_and_resamples_groups():
    metric = {"A": [3, 1, 2, 5, 1, 2], "B": [2, 2, 1, 1, 0, 3], "C": [1, 3, 0, 2, 2, 1]}
    human = {"A": [0, -1, -2, 0, -1, 0], "B": [-1, -5, -2, -3, -1, -2], "C": [-5, 0, -3, -1, 0, -4]}
    first = segment_correlation(metric, human, seed=1)
    assert segment_correlation(metric, human, seed=1).interval == first.interval
    # Resampled means of the group values lie between the smallest and the largest group value.
    per_segment = [segment_correlation({s: [metric[s][j]] for s in metric}, {s: [human[s][j]] for s in human},
                                       n_resamples=100).value for j in range(6)]
    assert min(per_segment) <= first.interval[0] <= first.value <= first.interval[1] <= max(per_segment)


def expected_pairwise_accuracy(metric, human):
    right = ordered = 0
    for a, b in combinations(list(human), 2):
        if human[a] == human[b]:
            continue  # people tie: neither
        ordered += 1
        right += (metric[a] - metric[b]) * (human[a] - human[b]) > 0
    return right / ordered if ordered else None


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from("ABCDEFG"), st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=2))
def test_pairwise_accuracy_counts_pairs_as_kocmi_et_al(scores):
    metric = {name: float(m) for name, (m, _) in scores.items()}
    human = {name: float(h) for name, (_, h) in scores.items()}
    expected = expected_pairwise_accuracy(metric, human)
    if expected is None:
        with pytest.raises(ValueError, match="people tie every pair"):
            pairwise_accuracy(metric, human)
    else:
        assert pairwise_accuracy(metric, human) == pytest.approx(expected)


def test_pairwise_accuracy_by_hand():
    # Pairs A-B, A-C right; B-C: people tie it (neither); C-D: the metric ties it (wrong): 3 / 5... by hand:
    # ordered pairs: A-B, A-C, A-D, B-D, C-D (B-C tied by people) = 5; right: A-B, A-C, A-D, B-D = 4.
    metric = {"A": 4, "B": 3, "C": 1, "D": 1}
    human = {"A": 9, "B": 5, "C": 5, "D": 0}
    assert pairwise_accuracy(metric, human) == 4 / 5


def plain_pairs(metric, human):
    """(metric difference, human difference, segment) of every rated pair, counted one by one."""
    systems, pairs = list(human), []
    for j in range(len(human[systems[0]])):
        for a, b in combinations(systems, 2):
            if human[a][j] is not None and human[b][j] is not None:
                pairs.append((metric[a][j] - metric[b][j], human[a][j] - human[b][j], j))
    return pairs


@settings(max_examples=100, deadline=None)
@given(judged(), st.sampled_from([0.0, 0.5, 1.0]))
def test_pair_counts_match_counting_one_by_one(data, epsilon):
    metric, human = data
    pairs = plain_pairs(metric, human)
    counts = pair_counts(metric, human, epsilon=epsilon)
    assert counts.pairs == len(pairs)
    assert counts.human_ties == sum(h == 0 for _, h, _ in pairs)
    assert counts.metric_ties == sum(abs(m) <= epsilon for m, _, _ in pairs)
    assert counts.both_tied == sum(abs(m) <= epsilon and h == 0 for m, h, _ in pairs)
    assert counts.concordant == sum(abs(m) > epsilon and m * h > 0 for m, h, _ in pairs)
    assert counts.discordant == sum(abs(m) > epsilon and m * h < 0 for m, h, _ in pairs)


def acc_eq(pairs, epsilon):
    """Deutsch et al. (2023): right = both order the pair the same way, or both tie it; mean over segments."""
    by_segment = {}
    for m, h, j in pairs:
        tied = abs(m) <= epsilon
        right = (tied and h == 0) or (not tied and m * h > 0)
        by_segment.setdefault(j, []).append(right)
    return sum(sum(v) / len(v) for v in by_segment.values()) / len(by_segment)


@settings(max_examples=150, deadline=None)
@given(judged())
def test_tie_calibration_tries_every_epsilon(data):
    metric, human = data
    pairs = plain_pairs(metric, human)
    if not pairs:
        with pytest.raises(ValueError, match="nothing to compare"):
            tie_calibrated_accuracy(metric, human)
        return
    candidates = {0.0} | {abs(m) for m, _, _ in pairs}
    best = max(acc_eq(pairs, e) for e in candidates)
    result = tie_calibrated_accuracy(metric, human)
    assert result.accuracy == pytest.approx(best)
    assert result.accuracy_at_zero == pytest.approx(acc_eq(pairs, 0.0))
    assert acc_eq(pairs, result.epsilon) == pytest.approx(best)


def test_tau_b_ignores_ties_that_acc_eq_rewards():
    # One segment, people tie B and C. Metric 1 ties them too, metric 2 orders them.
    human = {"A": [0], "B": [-1], "C": [-1]}
    tying = {"A": [3], "B": [1], "C": [1]}
    ordering = {"A": [3], "B": [2], "C": [1]}
    # tau-b: tying: 2 concordant / sqrt(3 - 1)(3 - 1) = 1; ordering: 2 / sqrt(3 * 2) = 0.816.
    assert segment_correlation(tying, human, n_resamples=100).value == pytest.approx(1.0)
    assert segment_correlation(ordering, human, n_resamples=100).value == pytest.approx(2 / math.sqrt(6))
    # acc_eq at epsilon 0: tying gets all 3 pairs right, ordering 2 of 3.
    assert tie_calibrated_accuracy(tying, human).accuracy_at_zero == 1.0
    assert tie_calibrated_accuracy(ordering, human).accuracy_at_zero == pytest.approx(2 / 3)


@pytest.mark.parametrize("call, error, message", [
    (lambda: segment_correlation({"A": [1, 2]}, {"A": [0, 1]}, grouping="items"), ValueError, "grouping='items'"),
    (lambda: segment_correlation({"A": [1, 2]}, {"A": [0, 1]}, method="spearman"), ValueError, "'kendall'"),
    (lambda: segment_correlation({"A": [1, None]}, {"A": [0, 1]}), TypeError, r"metric\['A'\]\[1\] is None"),
    (lambda: segment_correlation({"A": [1, 2]}, {"A": [0, "1"]}), TypeError, "not a finite number"),
    (lambda: segment_correlation({"A": [1, 2]}, {"A": [0, 1, 2]}), ValueError, "one score per segment"),
    (lambda: segment_correlation({"A": [1, 2]}, {"B": [0, 1]}), ValueError, "system names match"),
    (lambda: segment_correlation([1, 2], {"A": [0, 1]}), TypeError, "mapping"),
    (lambda: segment_correlation({"A": "12"}, {"A": [0, 1]}), TypeError, "one score per segment"),
    (lambda: segment_correlation({"A": [1, 1], "B": [1, 1]}, {"A": [0, 1], "B": [1, 0]}), ValueError,
     "no group"),
    (lambda: segment_correlation({"A": [1, 2]}, {"A": [0, 1]}, n_resamples=3), ValueError, "n_resamples"),
    (lambda: segment_correlation({"A": [1, 2]}, {"A": [0, 1]}, confidence=95), ValueError, "confidence"),
    (lambda: pairwise_accuracy({"A": 1, "B": 1}, {"A": 0, "B": 0}), ValueError, "people tie every pair"),
    (lambda: pairwise_accuracy({"A": [1]}, {"A": 0, "B": 0}), ValueError, "at least 2"),
    (lambda: pair_counts({"A": [1]}, {"A": [0]}, epsilon=-1), ValueError, "epsilon"),
    (lambda: tie_calibrated_accuracy({"A": [1]}, {"A": [0]}), ValueError, "nothing to compare"),
])
def test_misuse_is_a_clear_error(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_metric_agreement_gathers_the_statistics_of_this_module():
    from bleu_lab.meta_evaluation import correlation, format_agreement, metric_agreement

    human_segments = {"A": [0, -1, -2, 0], "B": [-1, -5, -2, -3], "C": [-5, 0, -3, -1]}
    human_systems = {"A": -0.75, "B": -2.75, "C": -2.25}
    segments = {"good": {"A": [3, 1, 2, 5], "B": [2, 0, 1, 1], "C": [1, 3, 0, 2]}}
    systems = {"good": {"A": 0.4, "B": 0.1, "C": 0.3}}
    result = metric_agreement(segments, systems, human_segments, human_systems)["good"]
    assert result.system.kendall == correlation(systems["good"], human_systems).kendall == 1.0
    assert result.segment.value == segment_correlation(segments["good"], human_segments).value
    assert result.pooled.value == segment_correlation(segments["good"], human_segments, grouping="none").value
    assert result.ties == tie_calibrated_accuracy(segments["good"], human_segments)
    table = format_agreement({"good": result})
    assert table.splitlines()[1].startswith("good        1.000")
    with pytest.raises(ValueError, match="no system scores for"):
        metric_agreement(segments, {}, human_segments, human_systems)
