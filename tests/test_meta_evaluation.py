"""bleu_lab.meta_evaluation: the same numbers as sacrebleu and scipy, and pictures whose labels fit.

Expected values come from sacrebleu (corpus and sentence BLEU, chrF), scipy.stats (Pearson,
Kendall) and hand counts written here; never from bleu_lab.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import sacrebleu
import scipy.stats

from bleu_lab import meta_evaluation as meta
from bleu_lab.datasets import load_wmt19_en_de, load_wmt19_human_scores, load_wmt19_references

LINES = 300  # a slice of WMT19 keeps the comparisons quick; the notebook test covers all 1997 lines


@pytest.fixture(scope="module")
def wmt():
    data = load_wmt19_en_de()
    refs = load_wmt19_references()
    systems = {name: data.systems[name][:LINES] for name in ("Facebook_FAIR", "online-X", "en_de_task")}
    return systems, {key: lines[:LINES] for key, lines in refs.items()}


def test_system_bleu_equals_sacrebleu_per_system(wmt):
    systems, refs = wmt
    for key in ("WMT", "AR.p"):
        ours = meta.system_bleu(systems, [[r] for r in refs[key]])
        for name, lines in systems.items():
            theirs = sacrebleu.corpus_bleu(lines, [refs[key]], force=True).score / 100
            assert ours[name].score == pytest.approx(theirs, abs=1e-9), (key, name)
            assert ours[name].signature.startswith("nrefs:1|case:mixed|eff:no|tok:13a|")


def test_system_bleu_with_several_references_equals_sacrebleu(wmt):
    systems, refs = wmt
    nested = [list(r) for r in zip(*refs.values())]
    ours = meta.system_bleu(systems, nested)
    for name, lines in systems.items():
        theirs = sacrebleu.corpus_bleu(lines, list(refs.values()), force=True).score / 100
        assert ours[name].score == pytest.approx(theirs, abs=1e-9)


def test_pre_tokenized_lines_give_the_same_score(wmt):
    systems, refs = wmt
    tokens = {name: meta.tokenize_lines(lines) for name, lines in systems.items()}
    reference = [[r] for r in meta.tokenize_lines(refs["WMT"])]
    plain = meta.system_bleu(systems, [[r] for r in refs["WMT"]])
    for name, result in meta.system_bleu(tokens, reference).items():
        assert result.score == pytest.approx(plain[name].score, abs=1e-12)


def test_sentence_scores_equal_sacrebleu_sentence_bleu(wmt):
    systems, refs = wmt
    rows = meta.system_statistics(systems, [[r] for r in refs["WMT"]])["online-X"]
    ours = meta.sentence_bleu_scores(rows)
    metric = sacrebleu.metrics.BLEU(smooth_method="exp", effective_order=False)
    for i in range(0, LINES, 7):
        theirs = metric.sentence_score(systems["online-X"][i], [refs["WMT"][i]]).score / 100
        assert ours[i] == pytest.approx(theirs, abs=1e-9), i


def test_system_chrf_equals_sacrebleu(wmt):
    systems, refs = wmt
    ours = meta.system_chrf(systems, [[r] for r in refs["WMT"]])
    two = meta.system_chrf(systems, [[a, b] for a, b in zip(refs["WMT"], refs["AR"])])
    for name, lines in systems.items():
        assert ours[name].score == pytest.approx(sacrebleu.corpus_chrf(lines, [refs["WMT"]]).score / 100, abs=1e-9)
        both = sacrebleu.corpus_chrf(lines, [refs["WMT"], refs["AR"]]).score / 100
        assert two[name].score == pytest.approx(both, abs=1e-9)


HUMAN = {"A": 0.5, "B": 0.3, "C": 0.35, "D": -0.2, "E": 0.0}
METRIC = {"A": 40.0, "B": 38.5, "C": 37.0, "D": 30.0, "E": 31.0, "not judged": 50.0}


def test_correlation_is_scipys():
    c = meta.correlation(METRIC, HUMAN)
    x = [METRIC[n] for n in HUMAN]
    y = list(HUMAN.values())
    expected = scipy.stats.pearsonr(x, y)
    assert c.systems == tuple(HUMAN)  # the unjudged system is left out
    assert c.pearson == pytest.approx(expected.statistic)
    assert c.pearson_interval == pytest.approx(tuple(expected.confidence_interval(0.95)))
    assert c.kendall == pytest.approx(scipy.stats.kendalltau(x, y).statistic)
    assert c.kendall_interval[0] <= c.kendall <= c.kendall_interval[1]
    assert meta.correlation(METRIC, HUMAN).kendall_interval == c.kendall_interval  # seeded
    assert "Kendall tau" in str(c) and "95% CI" in str(c)


def test_the_kendall_interval_is_scipys_percentile_bootstrap_at_the_level_asked():
    """Ten systems, so that 90% and 95% give different intervals (with five both are (0, 1))."""
    import inspect
    import warnings

    import numpy as np

    metric = {f"s{i}": float(i) for i in range(10)}
    human = dict(zip(metric, [0.1, 0.3, 0.2, 0.5, 0.4, 0.45, 0.9, 0.6, 1.0, 0.8]))
    x, y = np.array(list(metric.values())), np.array(list(human.values()))

    def tau(a, b):
        value = scipy.stats.kendalltau(a, b).statistic
        return 0.0 if np.isnan(value) else value  # one system drawn alone: no order

    generator = "rng" if "rng" in inspect.signature(scipy.stats.bootstrap).parameters else "random_state"
    for level in (0.9, 0.95):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = scipy.stats.bootstrap((x, y), tau, paired=True, vectorized=False, n_resamples=1000,
                                             confidence_level=level, method="percentile",
                                             **{generator: np.random.default_rng(12345)}).confidence_interval
        c = meta.correlation(metric, human, confidence=level)
        assert c.kendall_interval == pytest.approx((expected.low, expected.high), abs=1e-12), level
    assert meta.correlation(metric, human, confidence=0.9).kendall_interval != c.kendall_interval


def test_kendall_difference_is_the_difference_of_scipys_taus_resampled_in_pairs():
    reversed_metric = {name: -score for name, score in METRIC.items()}
    d = meta.kendall_difference(METRIC, reversed_metric, HUMAN)
    x, y = [METRIC[n] for n in HUMAN], list(HUMAN.values())
    tau = scipy.stats.kendalltau(x, y).statistic  # the reversed metric's tau is -tau
    assert d.systems == tuple(HUMAN)
    assert d.difference == pytest.approx(2 * tau)
    assert d.interval[0] <= d.difference <= d.interval[1]
    swapped = meta.kendall_difference(reversed_metric, METRIC, HUMAN)
    assert swapped.difference == pytest.approx(-d.difference)
    assert swapped.interval == pytest.approx((-d.interval[1], -d.interval[0]))
    # A metric against itself: every resample gives 0, so it never beats itself.
    same = meta.kendall_difference(METRIC, dict(METRIC), HUMAN)
    assert (same.difference, same.interval, same.share_at_or_below_zero) == (0.0, (0.0, 0.0), 1.0)
    assert "tau difference" in str(d) and "resamples" in str(d)


def test_kendall_difference_needs_the_same_systems():
    fewer = {name: METRIC[name] for name in list(HUMAN)[:-1]}
    with pytest.raises(ValueError, match=r"a and b must score the same systems .*only one of them scores"):
        meta.kendall_difference(METRIC, fewer, HUMAN)


def test_pairs_count_the_concordant_pairs_by_hand():
    pairs = meta.pairwise_agreement(METRIC, HUMAN)
    assert len(pairs) == 10  # 5 systems with both scores: 5 * 4 / 2
    # By hand: B-C (38.5 > 37.0 but 0.30 < 0.35) and D-E (31.0 > 30.0 for E, and 0.0 > -0.2: agrees).
    disagreeing = {(p.better, p.worse) for p in pairs if not p.agrees}
    assert disagreeing == {("B", "C")}
    tau = scipy.stats.kendalltau([METRIC[n] for n in HUMAN], list(HUMAN.values())).statistic
    assert sum(p.agrees for p in pairs) == pytest.approx(10 * (1 + tau) / 2)
    assert meta.correlation(METRIC, HUMAN).agreeing_share == pytest.approx(9 / 10)  # 9 of the 10 pairs agree
    assert [p.metric_difference for p in pairs] == sorted((p.metric_difference for p in pairs), reverse=True)


@pytest.mark.parametrize("human", [{"A": 1, "B": 2}, {"A": 2, "B": 1}])
def test_a_metric_tie_orders_no_pair_whichever_system_it_names_first(human):
    # The metric gives A and B the same score: it orders nothing, so the pair cannot agree with people
    # (it did, or did not, depending only on which system the dict listed first).
    (pair,) = meta.pairwise_agreement({"A": 1, "B": 1}, human)
    assert pair.tied and not pair.agrees and pair.metric_difference == 0
    (untied,) = meta.pairwise_agreement({"A": 1, "B": 0.5}, human)
    assert not untied.tied and untied.agrees == (human["A"] > human["B"])


def test_agreement_bins():
    pairs = meta.pairwise_agreement(METRIC, HUMAN)
    bins = meta.agreement_by_difference(pairs, [0, 2, 5, 20])
    # Differences: A-B 1.5, A-C 3, A-D 10, A-E 9, B-C 1.5 (wrong), B-D 8.5, B-E 7.5, C-D 7, C-E 6, E-D 1.
    assert [(b.pairs, b.agreeing) for b in bins] == [(3, 2), (1, 1), (6, 6)]
    # Bins are [low, high): a difference on an edge goes to the bin above it. Edges at 1.5 and 3:
    # E-D (1) alone below 1.5; A-B and B-C (1.5, wrong) in [1.5, 3); A-C (3) and the six others from 3 up.
    on_edges = meta.agreement_by_difference(pairs, [0, 1.5, 3, 20])
    assert [(b.pairs, b.agreeing) for b in on_edges] == [(1, 1), (2, 1), (7, 7)]
    assert math.isnan(meta.agreement_by_difference(pairs, [50, 60])[0].rate)


def wilson_by_hand(k: int, n: int, z: float) -> tuple:
    """Wilson (1927): (p + z^2/2n +- z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n), with p = k/n."""
    p = k / n
    centre, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ((centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n))


@pytest.mark.parametrize("k, n, confidence", [(4, 9, 0.95), (6, 8, 0.95), (16, 16, 0.95), (0, 3, 0.9)])
def test_agreement_bin_wilson_interval(k, n, confidence):
    z = {0.95: 1.959963984540054, 0.9: 1.6448536269514722}[confidence]  # normal quantiles, from tables
    low, high = meta.AgreementBin(0, 1, n, k).interval(confidence)
    assert (low, high) == pytest.approx(wilson_by_hand(k, n, z), abs=1e-12)
    assert 0 <= low <= k / n <= high <= 1
    if k == 4:  # 4 of 9 right: the interval reaches far on both sides of a coin's 0.5
        assert (round(low, 3), round(high, 3)) == (0.189, 0.733)


def test_an_empty_bin_has_no_interval_and_a_bad_level_is_an_error():
    assert all(math.isnan(v) for v in meta.AgreementBin(0, 1, 0, 0).interval())
    with pytest.raises(ValueError, match="between 0 and 1"):
        meta.AgreementBin(0, 1, 9, 4).interval(95)


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: meta.correlation([1, 2, 3], HUMAN), TypeError, "mapping"),
        (lambda: meta.correlation({"A": 1, "B": 2}, HUMAN), ValueError, "at least 3"),
        (lambda: meta.correlation(METRIC, HUMAN, confidence=95), ValueError, "between 0 and 1"),
        (lambda: meta.agreement_by_difference([], [1]), ValueError, "increasing"),
        (lambda: meta.system_bleu([], [["a"]]), TypeError, "mapping"),
        (lambda: meta.system_bleu({"A": ["a b"], "B": ["a", "b"]}, [["a b"]]), ValueError, "systems['B']"),
        (lambda: meta.system_bleu({"A": ["a b"]}, ["a b"]), TypeError, "not nested"),
        (lambda: meta.tokenize_lines("one line"), TypeError, "single string"),
    ],
)
def test_misuse_raises_a_clear_error(call, error, words):
    with pytest.raises(error, match=None) as caught:
        call()
    assert words in str(caught.value)


def _plots():
    """bleu_lab.show.agreement_plots, imported when a test draws (it loads matplotlib)."""
    from bleu_lab.show import agreement_plots

    return agreement_plots


def _boxes_overlap(a, b) -> bool:
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def test_scatter_labels_neither_overlap_nor_leave_the_figure():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    # Systems whose points nearly coincide, as MSRA.MADL, UCAM and NEU do in WMT19.
    metric = {"MSRA.MADL": 0.449, "UCAM": 0.430, "NEU": 0.435, "Facebook_FAIR": 0.427, "online-X": 0.295,
              "Microsoft-WMT19-sentence_document": 0.439}
    human = {"MSRA.MADL": 0.214, "UCAM": 0.213, "NEU": 0.208, "Facebook_FAIR": 0.347, "online-X": -0.4,
             "Microsoft-WMT19-sentence_document": 0.311}
    ax = _plots().plot_metric_vs_human(metric, human, highlight=["online-X"])
    figure = ax.figure
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    labels = [t for t in ax.texts if t.get_text() in metric]
    assert len(labels) == len(metric)
    # Text's own box, without the leader line that Annotation.get_window_extent would add.
    boxes = [matplotlib.text.Text.get_window_extent(t, renderer) for t in labels]
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            assert not _boxes_overlap(boxes[i], boxes[j]), (labels[i].get_text(), labels[j].get_text())
    axes_box = ax.get_window_extent(renderer)
    for label, box in zip(labels, boxes):
        assert axes_box.x0 <= box.x0 and box.x1 <= axes_box.x1, label.get_text()
        assert axes_box.y0 <= box.y0 and box.y1 <= axes_box.y1, label.get_text()
    # No empty band on the right: the widest label ends near the axes' edge (it used to leave a fifth free).
    assert axes_box.x1 - max(box.x1 for box in boxes) < 0.05 * axes_box.width
    assert ax.get_xlabel() and ax.get_ylabel() and ax.get_title()
    # The series' style: regular-weight labels (bold DejaVu Sans reads as a serif at notebook sizes).
    assert ax.xaxis.label.get_fontweight() == "normal" and ax.xaxis.label.get_fontsize() >= 13
    plt.close(figure)


def test_agreement_plot_has_one_bar_per_bin():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    bins = meta.agreement_by_difference(meta.pairwise_agreement(METRIC, HUMAN), [0, 2, 5, 20])
    ax = _plots().plot_agreement_by_difference(bins)
    assert len(ax.patches) == 3
    assert {t.get_text() for t in ax.texts} >= {"2 of 3", "1 of 1", "6 of 6"}
    plt.close(ax.figure)


# ---------------------------------------------------------------- leader lines on the real WMT19 scatters

# Notebook 09's embedding scores (section 6, as printed there). They are only the points to be drawn here:
# the picture's geometry is under test, not the scores.
SIMILARITY = {"Facebook_FAIR": 0.8379, "Microsoft-WMT19-sentence_document": 0.8401, "MSRA.MADL": 0.8405,
              "UCAM": 0.8340, "NEU": 0.8362, "online-B": 0.8269, "online-Y": 0.8330, "PROMT_NMT_EN-DE": 0.8140,
              "online-G": 0.8147, "UdS-DFKI": 0.8138, "online-X": 0.7915}


@pytest.fixture(scope="module")
def wmt19_points():
    """Notebook 09's three scatters: sacrebleu's corpus BLEU and chrF (official reference), the similarities."""
    data = load_wmt19_en_de()
    human = load_wmt19_human_scores().scores
    bleu = {n: sacrebleu.corpus_bleu(data.systems[n], [data.reference]).score / 100 for n in human}
    chrf = {n: sacrebleu.corpus_chrf(data.systems[n], [data.reference]).score / 100 for n in human}
    return human, {"BLEU": bleu, "chrF": chrf, "similarity": SIMILARITY}


def _distance_to_segment(point, start, end) -> float:
    (px, py), (ax_, ay), (bx, by) = point, start, end
    dx, dy = bx - ax_, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax_) * dx + (py - ay) * dy) / length))
    return math.hypot(px - (ax_ + t * dx), py - (ay + t * dy))


def _segments_cross(a, b, c, d) -> bool:
    def side(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0


@pytest.mark.parametrize("metric", ["BLEU", "chrF", "similarity"])
def test_no_leader_line_passes_through_another_systems_marker(wmt19_points, metric):
    """Display coordinates (pixels) of the drawn figure: every leader line starts at its own point, keeps
    out of every other system's marker (radius from the marker size in points squared: sqrt(s) / 2, plus
    half the edge), crosses no other leader line and no other label, and no label covers a marker, so
    each label names one dot. The old layout ran UCAM's line through MSRA.MADL's dot in all three."""
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt
    from matplotlib.text import Annotation

    human, metrics = wmt19_points
    scores = metrics[metric]
    ax = _plots().plot_metric_vs_human(scores, human, highlight=["Facebook_FAIR", "online-X"])
    figure = ax.figure
    figure.canvas.draw()
    markers = ax.collections[0]
    points_to_pixels = figure.dpi / 72
    radius = (math.sqrt(markers.get_sizes()[0]) / 2 + markers.get_linewidths()[0] / 2) * points_to_pixels
    centre = {name: tuple(ax.transData.transform((scores[name], human[name]))) for name in human}
    leaders = {}
    for annotation in ax.texts:
        if isinstance(annotation, Annotation) and annotation.get_text() in human:
            arrow = annotation.arrow_patch
            vertices = arrow.get_transform().transform_path(arrow.get_path()).vertices
            leaders[annotation.get_text()] = [tuple(v) for v in vertices]
    assert set(leaders) == set(human)
    for name, line in leaders.items():
        # The end nearest the system's own point lies just outside its marker (the line is shrunk there).
        assert min(math.dist(v, centre[name]) for v in line) < 2 * radius, name
        for other, point in centre.items():
            if other == name:
                continue
            closest = min(_distance_to_segment(point, a, b) for a, b in zip(line, line[1:]))
            assert closest > radius, f"{metric}: {name}'s leader line passes {closest:.1f} px from {other}"
    # Nor does a label sit on a marker, or a leader line run through another system's label.
    renderer = figure.canvas.get_renderer()
    boxes = {t.get_text(): matplotlib.text.Text.get_window_extent(t, renderer)
             for t in ax.texts if t.get_text() in human}
    for name, box in boxes.items():
        for other, (px, py) in centre.items():
            gap = math.hypot(max(box.x0 - px, 0, px - box.x1), max(box.y0 - py, 0, py - box.y1))
            assert gap > radius, f"{metric}: the label {name} lies on {other}'s marker"
        corners = [(box.x0, box.y0), (box.x1, box.y0), (box.x1, box.y1), (box.x0, box.y1)]
        for other, line in leaders.items():
            if other != name:
                assert not any(_segments_cross(a, b, c, d) for a, b in zip(line, line[1:])
                               for c, d in zip(corners, corners[1:] + corners[:1])), (metric, other, name)
    names = list(leaders)
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            crossing = any(_segments_cross(a, b, c, d) for a, b in zip(leaders[first], leaders[first][1:])
                           for c, d in zip(leaders[second], leaders[second][1:]))
            assert not crossing, f"{metric}: the leader lines of {first} and {second} cross"
    plt.close(figure)


def test_agreement_labels_keep_off_the_coin_flip_line():
    """A share just below 0.5 (4 of 9, as in notebook 09) put its label on the dashed line; in display
    coordinates no label's box may touch the line."""
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    bins = [meta.AgreementBin(0, 1, 9, 4), meta.AgreementBin(1, 2, 8, 6), meta.AgreementBin(2, 4, 10, 8),
            meta.AgreementBin(4, 8, 2, 1), meta.AgreementBin(8, 20, 0, 0)]
    ax = _plots().plot_agreement_by_difference(bins)
    figure = ax.figure
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    line_y = ax.transData.transform((0, 0.5))[1]
    texts = [t for t in ax.texts if " of " in t.get_text() or t.get_text() == "no pairs"]
    assert sorted(t.get_text() for t in texts) == ["1 of 2", "4 of 9", "6 of 8", "8 of 10", "no pairs"]
    for text in texts:
        box = text.get_window_extent(renderer)
        patch = text.get_bbox_patch()
        if patch is not None:
            box = patch.get_window_extent(renderer)
        assert not box.y0 - 2 <= line_y <= box.y1 + 2, f"{text.get_text()!r} touches the 0.5 line"
    plt.close(figure)


# ---------------------------------------------------------------- misuse: a clear error, never a quiet number

SCORES = {"A": 3, "B": 2, "C": 1, "D": 0}
JUDGED = {"A": 0.3, "B": 0.1, "C": 0.2, "D": -0.5}
PERFECT = [4, 4, 4, 3, 2, 1, 4, 3, 2, 1]  # "the cat sat down" against itself: c = r = 4, every n-gram matches


def _pairs():
    return meta.pairwise_agreement({"A": 3, "B": 2.5, "C": 0}, {"A": 1, "B": 2, "C": 0})


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        # tokenize_lines checks every line as corpus_bleu does (it used to tokenize bytes into numbers,
        # return [] for a generator, keep a token with a space, and fail with "not iterable").
        (lambda: meta.tokenize_lines([b"a"]), TypeError, "lines[0] is bytes"),
        (lambda: meta.tokenize_lines(x for x in ["a b"]), TypeError, "list(lines)"),
        (lambda: meta.tokenize_lines({"a b"}), TypeError, "must be a list of lines"),
        (lambda: meta.tokenize_lines([["a b", "c"]]), ValueError, "lines[0][0] is 'a b'"),
        (lambda: meta.tokenize_lines(["a", None]), TypeError, "lines[1] is None"),
        (lambda: meta.tokenize_lines([5]), TypeError, "lines[0] is a value of type int"),
        # Statistics rows are checked as bleu_from_stats checks counts.
        (lambda: meta.sentence_bleu_scores(-np.ones((2, 10))), ValueError, "whole numbers >= 0"),
        (lambda: meta.sentence_bleu_scores(np.full((1, 10), 0.5)), ValueError, "rows[0] is [0.5"),
        (lambda: meta.sentence_bleu_scores(np.array([PERFECT, [3, 3, 5, 5, 5, 5, 3, 2, 1, 0]])), ValueError,
         "rows[1] is [3, 3, 5, 5, 5, 5, 3, 2, 1, 0]: order 1 has 5 matches but 3 n-grams"),
        (lambda: meta.sentence_bleu_scores(np.zeros((2, 3))), ValueError, "has 3 columns"),
        (lambda: meta.sentence_bleu_scores(PERFECT), ValueError, "wrap its row: [row]"),
        (lambda: meta.sentence_bleu_scores([PERFECT, [1, 1]]), ValueError, "different lengths"),
        (lambda: meta.sentence_bleu_scores([["4"] * 10]), TypeError, "must hold counts"),
        (lambda: meta.sentence_bleu_scores(None), TypeError, "rows is None"),
        (lambda: meta.bleu_of_statistics(None), TypeError, "non-empty dict"),
        (lambda: meta.bleu_of_statistics([1]), TypeError, "not a list of 1 item(s)"),
        (lambda: meta.bleu_of_statistics({}), ValueError, "statistics is an empty dict"),
        (lambda: meta.bleu_of_statistics(np.array([PERFECT])), TypeError, "wrap it, {'A': rows}"),
        (lambda: meta.bleu_of_statistics({"A": np.full((1, 10), 0.5)}), ValueError, "statistics['A'][0]"),
        (lambda: meta.bleu_of_statistics({"A": np.zeros((0, 10))}), ValueError, "statistics['A'] has no rows"),
        # c (column 0) is 3 but the unigram total (column 2 + 4 = 6) is 6: six unigrams need six tokens.
        (lambda: meta.sentence_bleu_scores([[3, 6, 6, 5, 4, 3, 6, 5, 4, 3]]), ValueError,
         "rows[0] is [3, 6, 6, 5, 4, 3, 6, 5, 4, 3]: its candidate length c (column 0) is 3 but its unigram "
         "total (column 6) is 6"),
        (lambda: meta.bleu_of_statistics({"A": [PERFECT, [3, 6, 6, 5, 4, 3, 6, 5, 4, 3]]}), ValueError,
         "statistics['A'][1] is [3, 6, 6, 5, 4, 3, 6, 5, 4, 3]: its candidate length c"),
        # Two orders (2 + 2 * 2 columns): c = 5, but the unigram total in column 4 is 4.
        (lambda: meta.sentence_bleu_scores([[5, 5, 4, 3, 4, 3]]), ValueError, "(column 4) is 4"),
        # Scores: finite numbers, the system named.
        (lambda: meta.correlation({**SCORES, "A": math.nan}, JUDGED), ValueError, "metric score of 'A' is nan"),
        (lambda: meta.correlation({**SCORES, "B": math.inf}, JUDGED), ValueError, "metric score of 'B' is inf"),
        (lambda: meta.correlation(SCORES, {**JUDGED, "C": math.nan}), ValueError, "human score of 'C' is nan"),
        (lambda: meta.correlation(dict.fromkeys(SCORES, 0.4), JUDGED), ValueError,
         "the metric gives every system the same score (0.4); a correlation is undefined"),
        (lambda: meta.correlation(SCORES, dict.fromkeys(JUDGED, 0.0)), ValueError, "the human gives every system"),
        # An int too large for a float: a clear error, not OverflowError from math.isfinite.
        (lambda: meta.correlation({"A": 10**400, "B": 2, "C": 3}, {"A": 0.1, "B": 0.5, "C": 0.3}), ValueError,
         "the metric score of 'A' is 1000"),
        (lambda: meta.correlation(SCORES, {**JUDGED, "B": 10**400}), ValueError,
         "the human score of 'B' is 1000"),
        (lambda: meta.pairwise_agreement({"A": 10**400, "B": 2, "C": 3}, {"A": 0.1, "B": 0.5, "C": 0.3}),
         ValueError, "not a finite number that fits in a float"),
        (lambda: meta.correlation({**SCORES, "A": "3"}, JUDGED), TypeError, "the string '3'"),
        (lambda: meta.correlation({**SCORES, "A": True}, JUDGED), TypeError, "the bool True"),
        (lambda: meta.correlation({**SCORES, "D": None}, JUDGED), TypeError, "metric score of 'D' is None"),
        (lambda: meta.correlation({**SCORES, "A": "abc"}, JUDGED), TypeError, "the string 'abc'"),
        (lambda: meta.correlation({k: meta.system_bleu({k: ["a b"]}, [["a b"]])[k] for k in JUDGED}, JUDGED),
         TypeError, "is a BleuResult, not a number; pass result.score"),
        (lambda: meta.correlation(SCORES, JUDGED, n_resamples=1), ValueError, "too few for a bootstrap interval"),
        (lambda: meta.correlation(SCORES, JUDGED, n_resamples=99), ValueError, "below 100 resamples"),
        (lambda: meta.correlation(SCORES, JUDGED, seed=-1), ValueError, "seed must be >= 0"),
        (lambda: meta.correlation(SCORES, JUDGED, seed=1.5), TypeError, "seed must be a whole number"),
        (lambda: meta.correlation(SCORES, JUDGED, seed="x"), TypeError, "seed must be a whole number"),
        (lambda: meta.pairwise_agreement({"A": math.nan, "B": 2}, {"A": 1, "B": 2}), ValueError, "'A' is nan"),
        (lambda: meta.pairwise_agreement({"A": "1", "B": "2"}, {"A": 1, "B": 2}), TypeError,
         "Right: pairwise_agreement("),
        # Pairs and edges.
        (lambda: meta.agreement_by_difference(_pairs(), [0, math.nan, 5]), ValueError, "increasing finite numbers"),
        (lambda: meta.agreement_by_difference(_pairs(), [0, math.inf]), ValueError, "increasing finite numbers"),
        (lambda: meta.agreement_by_difference(_pairs(), [0, 10**400]), ValueError,
         "increasing finite numbers that fit in a float"),
        (lambda: meta.agreement_by_difference(_pairs(), None), TypeError, "edges is None"),
        (lambda: meta.agreement_by_difference(_pairs(), "012"), TypeError, "edges is the string '012'"),
        (lambda: meta.agreement_by_difference(_pairs(), (x for x in [0, 1, 10])), TypeError,
         "edges is a generator object, which can be read only once"),
        (lambda: meta.agreement_by_difference(_pairs(), [0, "1"]), TypeError, "edges must be numbers"),
        (lambda: meta.agreement_by_difference([{"a": 1}], [0, 1]), TypeError, "pairs[0] is a value of type dict"),
        (lambda: meta.agreement_by_difference(SCORES, [0, 1]), TypeError, "pairwise_agreement(metric, human)"),
        (lambda: meta.agreement_by_difference(iter(_pairs()), [0, 1]), TypeError,
         "pairs is a list_iterator object, which can be read only once"),
        (lambda: _plots().plot_agreement_by_difference(_pairs()), TypeError,
         "bins must come from agreement_by_difference(pairs, edges); you passed the pairs themselves"),
        (lambda: _plots().plot_agreement_by_difference([]), ValueError, "bins is empty"),
        (lambda: _plots().plot_agreement_by_difference([{"low": 0}]), TypeError, "not an AgreementBin"),
        (lambda: _plots().plot_metric_vs_human({**SCORES, "A": math.nan}, JUDGED), ValueError, "'A' is nan"),
        (lambda: _plots().plot_metric_vs_human(dict.fromkeys(SCORES, 1), JUDGED), ValueError, "same score"),
    ],
)
def test_misuse_names_the_mistake(call, error, words):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg", force=True)  # the old code drew some of these
    with pytest.raises(error) as caught:
        call()
    assert words in str(caught.value)
    import matplotlib.pyplot as plt

    plt.close("all")


def test_tokenize_lines_takes_token_lists_and_strips_a_byte_order_mark():
    # As corpus_bleu reads them: a token list is used as is, a leading byte-order mark is no part of the text.
    assert meta.tokenize_lines([["Hallo", ","], "\ufeffa b", ("c",)]) == [("Hallo", ","), ("a", "b"), ("c",)]
    assert meta.tokenize_lines(("A b",), lowercase=True) == [("a", "b")]


def test_statistics_rows_as_lists_and_float_matrices():
    # By hand: PERFECT scores 1; "the cat sat on" against "the cat sat down" matches 3, 2, 1, 0 of 4, 3, 2, 1
    # n-grams, and exp smoothing puts 1 / (2 * 1) for the 4-gram: (3/4 * 2/3 * 1/2 * 1/2) ** (1/4) = (1/8) ** 0.25.
    rows = [PERFECT, [4, 4, 3, 2, 1, 0, 4, 3, 2, 1]]
    expected = [1.0, (1 / 8) ** 0.25]
    assert meta.sentence_bleu_scores(rows) == pytest.approx(expected)
    assert meta.sentence_bleu_scores(np.array(rows, dtype=float)) == pytest.approx(expected)  # whole floats
    # Corpus BLEU of both rows summed: matches 7, 5, 3, 1 of 8, 6, 4, 2, no smoothing, c = r.
    corpus = (7 / 8 * 5 / 6 * 3 / 4 * 1 / 2) ** 0.25
    assert meta.bleu_of_statistics({"A": rows})["A"].score == pytest.approx(corpus)


def test_scores_of_any_real_type_and_a_reported_fresh_seed():
    import fractions

    pairs = meta.pairwise_agreement({"A": np.int64(2), "B": fractions.Fraction(1, 2)}, {"A": np.float32(1), "B": 0})
    assert [(p.better, p.metric_difference, p.human_difference) for p in pairs] == [("A", 1.5, 1.0)]
    fresh = meta.correlation(SCORES, JUDGED, seed=None, n_resamples=100)
    assert isinstance(fresh.seed, int) and fresh.seed >= 0  # reported, so the interval can be drawn again
    again = meta.correlation(SCORES, JUDGED, seed=fresh.seed, n_resamples=100)
    assert again.kendall_interval == fresh.kendall_interval
    # By hand: pairs A-B, A-C, A-D, B-D, C-D agree and B-C does not, tau = (5 - 1) / 6.
    assert meta.correlation(SCORES, JUDGED, n_resamples=100).kendall == pytest.approx(4 / 6)


@pytest.mark.parametrize("highlight", [["C"], ("C",), {"C"}, frozenset({"C"})])
def test_highlight_takes_a_collection_of_known_systems(highlight):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_rgba

    from bleu_lab.show import plotting

    # A bare name was read as its letters, and an unknown name was silently not drawn.
    with pytest.raises(TypeError, match=r"highlight must be a list, tuple or set of system names, not the "
                                        r"string 'A' \(one system: highlight=\['A'\]\)"):
        _plots().plot_metric_vs_human(SCORES, JUDGED, highlight="A")
    # it would be used up by the check
    with pytest.raises(TypeError, match=r"not a generator object, which can be read only once"):
        _plots().plot_metric_vs_human(SCORES, JUDGED, highlight=(name for name in ["A"]))
    with pytest.raises(ValueError, match=r"highlight names \['Z'\], which are not among the systems"):
        _plots().plot_metric_vs_human(SCORES, JUDGED, highlight={"A", "Z"})
    ax = _plots().plot_metric_vs_human(SCORES, JUDGED, highlight=highlight)
    # One marker per system, in JUDGED's order A, B, C, D: only C (the third) in the highlight colour.
    colours = [tuple(c) for c in ax.collections[0].get_facecolors()]
    assert len(colours) == 4
    assert colours[2] == pytest.approx(to_rgba(plotting.MARK_COLOUR))
    for i in (0, 1, 3):
        assert colours[i] != pytest.approx(to_rgba(plotting.MARK_COLOUR)), "ABCD"[i]
    label = {t.get_text(): t for t in ax.texts}
    assert to_rgba(label["C"].get_color()) == pytest.approx(to_rgba(plotting.MARK_COLOUR))
    assert to_rgba(label["A"].get_color()) == to_rgba("black")
    plt.close("all")


@pytest.mark.parametrize(
    "call",
    [
        lambda: meta.correlation([1, 2, 3], HUMAN),
        lambda: meta.correlation({**SCORES, "A": math.nan}, JUDGED),
        lambda: meta.pairwise_agreement({"A": "1", "B": "2"}, {"A": 1, "B": 2}),
        lambda: meta.pairwise_agreement({"A": 10**400, "B": 2}, {"A": 1, "B": 2}),
        lambda: _plots().plot_metric_vs_human(dict.fromkeys(SCORES, 1), JUDGED),
        lambda: _plots().plot_metric_vs_human(SCORES, JUDGED, highlight="A"),
        lambda: _plots().plot_metric_vs_human(SCORES, JUDGED, highlight=["Z"]),
        lambda: meta.agreement_by_difference(_pairs(), [0, 10**400]),
        lambda: meta.sentence_bleu_scores([[3, 6, 6, 5, 4, 3, 6, 5, 4, 3]]),
        lambda: meta.bleu_of_statistics({"A": [[3, 6, 6, 5, 4, 3, 6, 5, 4, 3]]}),
        lambda: meta.tokenize_lines("one line"),
    ],
)
def test_the_right_call_in_a_message_is_python_that_runs(call):
    """The "Right:" call of an error is valid Python ("{'A': 0.41, ...}" was a SyntaxError) and runs."""
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    with pytest.raises((TypeError, ValueError)) as caught:
        call()
    message = str(caught.value)
    assert message.count("Right: ") == 1, message
    right = message.split("Right: ", 1)[1]
    code = compile(right, "<Right: call>", "eval")  # a SyntaxError fails the test
    names = {name: getattr(meta, name) for name in meta.__all__}
    names.update((name, getattr(_plots(), name)) for name in _plots().__all__)
    eval(code, names)  # and it runs without an error
    plt.close("all")


def test_many_systems_get_the_plain_column_without_a_search():
    """The label search weighs ~9 n layouts a step, each of n^2 checks: 40 systems took 6.5 s. Above the
    limit every label stays in the column, in the order of its point's height, without a search (the
    time itself belongs in benchmarks/, not in a test)."""
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    rng = np.random.default_rng(0)
    names = [f"system-{i}" for i in range(40)]
    metric = dict(zip(names, rng.random(40).tolist()))
    human = dict(zip(names, rng.random(40).tolist()))
    assert len(names) > _plots().LAYOUT_SEARCH_LIMIT
    ax = _plots().plot_metric_vs_human(metric, human)
    # The plain column: every label right of all points, from top to bottom in the order of the human scores.
    labels = [t for t in ax.texts if t.get_text() in metric]
    assert len(labels) == 40 and all(t.get_ha() == "left" for t in labels)
    by_height = sorted(labels, key=lambda t: -t.get_position()[1])
    assert [t.get_text() for t in by_height] == sorted(names, key=lambda name: -human[name])
    plt.close("all")


def test_too_many_resamples_are_named_by_correlations_own_keyword():
    with pytest.raises(ValueError, match=r"^n_resamples=1000000000 is above"):
        meta.correlation(SCORES, JUDGED, n_resamples=10**9)


def test_the_meta_evaluation_plots_name_themselves_for_a_wrong_ax():
    import matplotlib.pyplot as plt

    with pytest.raises(TypeError, match=r"not the pyplot module\. Right: fig, ax = plt\.subplots\(\); "
                                        r"plot_metric_vs_human\(\.\.\., ax=ax\)"):
        _plots().plot_metric_vs_human(METRIC, HUMAN, ax=plt)


@pytest.mark.parametrize("a, b, error, message", [
    ([1, 2, 3], METRIC, TypeError, "a scores must be a mapping from system name to score, not list"),
    (METRIC, {**METRIC, "B": "4"}, TypeError, "the b score of 'B' is the string '4'"),
    (METRIC, dict.fromkeys(METRIC, 1.0), ValueError, "the b gives every system the same score (1)"),
])
def test_kendall_difference_names_the_argument_at_fault(a, b, error, message):
    with pytest.raises(error) as caught:
        meta.kendall_difference(a, b, HUMAN)
    text = str(caught.value)
    assert message in text
    assert text.endswith("Right: kendall_difference(bleu_scores, chrf_scores, human_scores), each a "
                         "{system: score} mapping")
