"""The plotting module draws the numbers bleu_lab computes, labelled, without side effects.

Expected values are worked out by hand here (clipped counts of the cat/mat
examples, exp(1 - r/c) with math.exp), never read back from bleu_lab.
"""

import math
import subprocess
import sys

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")  # inside the test process only: no window, no display needed
import matplotlib.pyplot as plt  # noqa: E402

import bleu_lab  # noqa: E402
from bleu_lab import plotting  # noqa: E402

REFS = ["the cat is on the mat", "there is a cat on the mat"]


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def bar_heights(ax, index=0):
    return [patch.get_height() for patch in ax.containers[index]]


def texts(ax):
    return [t.get_text() for t in ax.texts]


def bp_curve(ax):
    (line,) = [line for line in ax.get_lines() if line.get_gid() == "bp_curve"]
    return list(line.get_xdata()), list(line.get_ydata())


def assert_labelled(ax):
    assert ax.get_title().strip(), "the plot has no title"
    assert ax.get_xlabel().strip(), "the x axis has no label"
    assert ax.get_ylabel().strip(), "the y axis has no label"
    # readable on a projector
    assert ax.title.get_fontsize() >= 14
    assert ax.xaxis.label.get_fontsize() >= 12
    assert ax.yaxis.label.get_fontsize() >= 12
    for label in ax.get_xticklabels() + ax.get_yticklabels():
        assert label.get_fontsize() >= 11
    for text in ax.texts:
        assert text.get_fontsize() >= 11


def all_plots():
    precision = bleu_lab.sentence_bleu("a cat is on the mat", REFS)
    return {
        "bp ratio": lambda ax: plotting.plot_brevity_penalty(ax),
        "bp length": lambda ax: plotting.plot_brevity_penalty(ax, against="length", reference_length=6, mark=[2, 4]),
        "precisions": lambda ax: plotting.plot_precisions(precision, ax=ax),
        "metrics": lambda ax: plotting.plot_metric_comparison({"a": {"BLEU": 0.5, "chrF": 0.25}}, ax=ax),
        "counts": lambda ax: plotting.plot_ngram_counts("the the the", REFS, ax=ax),
        "smoothing": lambda ax: plotting.plot_smoothing_comparison(
            {"none": {"A": 0.0, "B": 0.0}, "method6": {"A": 0.3875}}, ax=ax),
        "lines": lambda ax: plotting.plot_score_lines(
            {"TER (lower is better)": [0.0, 1 / 13], "BLEU (higher is better)": [1.0, 0.9306]}, [0, 1], ax=ax,
            title="One rotation", xlabel="k, words moved"),
    }


# --------------------------------------------------------------------------- import and style
def test_import_bleu_lab_does_not_import_matplotlib():
    code = (
        "import sys, bleu_lab\n"
        "loaded = [m for m in ('matplotlib', 'ipywidgets', 'bleu_lab.plotting') if m in sys.modules]\n"
        "print(','.join(loaded))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_importing_and_plotting_change_no_global_style():
    before = dict(matplotlib.rcParams)
    code = "import matplotlib, bleu_lab.plotting; print(matplotlib.rcParams['font.size'])"
    fresh = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    default_size = subprocess.run(
        [sys.executable, "-c", "import matplotlib; print(matplotlib.rcParams['font.size'])"],
        capture_output=True, text=True, check=True,
    )
    assert fresh.stdout == default_size.stdout
    for draw in all_plots().values():
        draw(None)
    assert dict(matplotlib.rcParams) == before


@pytest.mark.parametrize("name", list(all_plots()))
def test_every_plot_is_titled_labelled_and_readable(name):
    ax = all_plots()[name](None)
    assert_labelled(ax)


@pytest.mark.parametrize("name", list(all_plots()))
def test_the_axes_passed_in_is_drawn_on_and_returned(name):
    fig, ax = plt.subplots()
    assert all_plots()[name](ax) is ax
    assert len(fig.axes) == 1


@pytest.mark.parametrize("name", ["precisions", "metrics", "counts", "bp length", "smoothing", "lines"])
def test_legend_stays_off_the_data(name):
    ax = all_plots()[name](None)
    fig = ax.figure
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    legend_box = ax.get_legend().get_window_extent(renderer)
    axes_box = ax.get_window_extent(renderer)
    assert legend_box.x0 >= axes_box.x1 - 1, "the legend overlaps the plotting area"
    assert fig.bbox.contains(legend_box.x1 - 1, legend_box.y0 + 1), "the legend is cut off by the figure edge"


# --------------------------------------------------------------------------- brevity penalty
def test_bp_curve_against_ratio_is_one_then_exp_of_one_minus_ratio():
    ax = plotting.plot_brevity_penalty()
    xs, ys = bp_curve(ax)
    assert min(xs) < 1 < max(xs)
    for x, y in zip(xs, ys):
        expected = 1.0 if x <= 1 else math.exp(1 - x)
        assert y == pytest.approx(expected, abs=1e-12)
    # BP of half the reference length: exp(1 - 2) = e^-1
    assert ys[xs.index(2.0)] == pytest.approx(0.36787944117144233)


def test_bp_curve_against_length_for_a_fixed_reference():
    ax = plotting.plot_brevity_penalty(against="length", reference_length=6)
    xs, ys = bp_curve(ax)
    assert list(xs) == list(range(1, 13))
    for c, y in zip(xs, ys):
        expected = 1.0 if c >= 6 else math.exp(1 - 6 / c)
        assert y == pytest.approx(expected, abs=1e-12)
    assert ys[3] == pytest.approx(math.exp(-0.5))  # c = 4: exp(1 - 6/4)


def test_bp_plot_marks_the_no_penalty_region_and_the_asymmetry():
    ax = plotting.plot_brevity_penalty(against="length", reference_length=6)
    shaded = [p for p in ax.patches if p.get_label().startswith("c \u2265 r")]
    assert len(shaded) == 1
    # the shaded region starts at c = r and covers every longer candidate
    region = shaded[0]
    x0 = region.get_x() if hasattr(region, "get_x") else min(v[0] for v in region.get_xy())  # Rectangle or Polygon
    assert x0 == pytest.approx(6)
    assert any("no penalty" in t and "longer" in t for t in texts(ax))


def test_bp_marks_are_drawn_at_their_penalty():
    ax = plotting.plot_brevity_penalty(against="length", reference_length=6, mark=[2, 9])
    points = {line.get_label(): (line.get_xdata()[0], line.get_ydata()[0])
              for line in ax.get_lines() if line.get_label().startswith("c = ")}
    assert points["c = 2: BP = 0.135"] == pytest.approx((2, math.exp(1 - 3)))
    assert points["c = 9: BP = 1.000"] == pytest.approx((9, 1.0))
    ax = plotting.plot_brevity_penalty(reference_length=6, mark=4)
    (point,) = [line for line in ax.get_lines() if line.get_label().startswith("c = 4")]
    assert (point.get_xdata()[0], point.get_ydata()[0]) == pytest.approx((1.5, math.exp(-0.5)))


def test_bp_plot_refuses_unclear_requests():
    with pytest.raises(ValueError, match="reference_length"):
        plotting.plot_brevity_penalty(against="length")
    with pytest.raises(ValueError, match="reference length"):
        plotting.plot_brevity_penalty(mark=[3])
    with pytest.raises(ValueError, match="'ratio'"):
        plotting.plot_brevity_penalty(against="lenght")
    with pytest.raises(ValueError, match="whole number"):
        plotting.plot_brevity_penalty(against="length", reference_length=6, mark=[0])


# --------------------------------------------------------------------------- precisions
def test_precision_bars_of_the_repeated_the_are_two_sevenths():
    # Papineni et al. (2002), section 2.1: seven "the", clipped at 2 (the first reference has two).
    result = bleu_lab.sentence_bleu("the the the the the the the", REFS)
    ax = plotting.plot_precisions(result)
    assert bar_heights(ax) == pytest.approx([2 / 7, 0 / 6, 0 / 5, 0 / 4])
    assert texts(ax) == ["2/7", "0/6", "0/5", "0/4"]
    assert ax.get_ylim() == pytest.approx((0, 1.05))


def test_precision_bars_for_several_candidates_side_by_side():
    # by hand, against REFS:
    # "a cat is on the mat": 6/6; 5/5; "a cat is" is in no reference -> 3/4; 2/3
    # "the cat sat on the mat": "sat" misses -> 5/6; "on the", "the mat", "the cat" -> 3/5; "on the mat" -> 1/4; 0/3
    candidates = ["a cat is on the mat", "the cat sat on the mat"]
    results = [bleu_lab.sentence_bleu(c, REFS) for c in candidates]
    ax = plotting.plot_precisions(results, labels=candidates)
    assert bar_heights(ax, 0) == pytest.approx([1, 1, 3 / 4, 2 / 3])
    assert bar_heights(ax, 1) == pytest.approx([5 / 6, 3 / 5, 1 / 4, 0])
    assert [c.get_label() for c in ax.containers] == candidates
    assert [t.get_text() for t in ax.get_legend().get_texts()] == candidates
    assert "3/4" in texts(ax) and "1/4" in texts(ax)
    # side by side: the second candidate's bars sit right of the first's in every group
    first = [p.get_x() for p in ax.containers[0]]
    second = [p.get_x() for p in ax.containers[1]]
    assert all(a < b for a, b in zip(first, second))


def test_precision_bars_from_modified_precision_results_and_a_dict():
    parts = [bleu_lab.modified_precision("the the the the the the the", REFS, n) for n in (1, 2)]
    ax = plotting.plot_precisions(parts)
    assert bar_heights(ax) == pytest.approx([2 / 7, 0])
    ax = plotting.plot_precisions({"cheat": parts, "full": bleu_lab.sentence_bleu(REFS[0], REFS)})
    assert [c.get_label() for c in ax.containers] == ["cheat", "full"]
    assert bar_heights(ax, 1) == pytest.approx([1, 1, 1, 1])


def test_precision_bars_refuse_the_wrong_input():
    with pytest.raises(TypeError, match="BleuResult"):
        plotting.plot_precisions("the cat")
    with pytest.raises(TypeError, match="BleuResult"):
        plotting.plot_precisions([0.5, 0.25])
    result = bleu_lab.sentence_bleu("the cat", REFS)
    with pytest.raises(ValueError, match="one label per result"):
        plotting.plot_precisions([result, result], labels=["only one"])


# --------------------------------------------------------------------------- metric comparison
def test_metric_comparison_bars_and_printed_values():
    scores = {
        "literal": {"BLEU": 1.0, "ROUGE-1": 1.0, "chrF": 1.0},
        "paraphrase": {"BLEU": 0.0, "ROUGE-1": 1 / 3, "chrF": 0.25},
    }
    ax = plotting.plot_metric_comparison(scores, title="Paraphrase")
    assert ax.get_title() == "Paraphrase"
    assert [c.get_label() for c in ax.containers] == ["BLEU", "ROUGE-1", "chrF"]
    assert bar_heights(ax, 0) == [1.0, 0.0]
    assert bar_heights(ax, 1) == pytest.approx([1.0, 1 / 3])
    assert bar_heights(ax, 2) == [1.0, 0.25]
    assert sorted(texts(ax)) == sorted(["1.00", "1.00", "1.00", "0.00", "0.33", "0.25"])
    assert [t.get_text() for t in ax.get_xticklabels()] == ["literal", "paraphrase"]
    assert ax.get_ylim() == pytest.approx((0, 1.05))


def test_metric_comparison_refuses_the_0_100_scale():
    with pytest.raises(ValueError, match="0-1 scale.*divide by 100"):
        plotting.plot_metric_comparison({"nasa": {"BLEU": 40.9}})
    with pytest.raises(TypeError, match="dict"):
        plotting.plot_metric_comparison([("BLEU", 0.5)])


def test_smoothing_comparison_fits_a_projector_with_every_value_and_gap_shown():
    # Notebook 04's table: 12 methods x 3 sentences, method6 undefined for B and C (nltk asserts).
    methods = ["none", "floor", "add-k", "exp"] + [f"method{i}" for i in range(8)]
    scores = {method: {"A": 0.25, "B": 0.5, "C": 0.125} for method in methods}
    scores["method6"] = {"A": 0.375}
    ax = plotting.plot_smoothing_comparison(scores)
    width, height = ax.figure.get_size_inches()
    assert width / height >= 16 / 9 and height <= 6, "a 16:9 projector shows it whole, without scrolling"
    assert [t.get_text() for t in ax.get_xticklabels()] == methods
    assert bar_heights(ax, 0)[10] == 0.375 and len(bar_heights(ax, 1)) == len(bar_heights(ax, 2)) == 11
    shown = texts(ax)
    assert shown.count("n/a") == 2 and shown.count("0.250") == 11 and "0.375" in shown
    fig = ax.figure
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    axes_box = ax.get_window_extent(renderer)
    for text in ax.texts:  # every printed value stays inside the axes, none cut by the top
        box = text.get_window_extent(renderer)
        assert axes_box.y0 - 1 <= box.y0 and box.y1 <= axes_box.y1 + 1, text.get_text()


def test_score_lines_draw_each_metric_at_its_steps():
    # Notebook 05b's rotation of 13 words: one shift is 1/13 for TER whatever k is (by hand).
    ax = plotting.plot_score_lines({"TER": [0.0, 1 / 13, 1 / 13], "WER": [0.0, 2 / 13, 4 / 13]}, range(3),
                                   title="Rotations", xlabel="k")
    lines = ax.get_lines()
    assert [line.get_label() for line in lines] == ["TER", "WER"]
    assert list(lines[0].get_xdata()) == [0, 1, 2] and list(lines[1].get_ydata()) == [0.0, 2 / 13, 4 / 13]
    assert lines[0].get_marker() != lines[1].get_marker(), "markers, not colour alone, tell the lines apart"


@pytest.mark.parametrize("scores, steps, message", [
    ({"TER": [0.0, 0.5]}, [0, 1, 2],
     r"scores\['TER'\] must be a list with one score per step \(3 steps\), not a list of 2 item"),
    ({"BLEU": [0.0, 38.0]}, [0, 1], r"scores\['BLEU'\]\[1\] is 38.0; scores are on the 0-1 scale"),
    ({"BLEU": "0.5"}, [0], r"one score per step \(1 step\), not the string '0.5'"),
])
def test_score_lines_refuse_scores_that_do_not_fit_the_steps(scores, steps, message):
    with pytest.raises(ValueError, match=message):
        plotting.plot_score_lines(scores, steps, title="t", xlabel="x")


# --------------------------------------------------------------------------- clipping counts
def test_ngram_counts_show_each_word_clipped_by_a_different_reference():
    references = ["the cat and the dog", "a cat saw another cat"]
    rows = plotting.ngram_count_table("the the the cat cat cat", references)
    # "the": 3 in the candidate, 2 in reference 1, 0 in reference 2 -> clipped to 2
    # "cat": 3 in the candidate, 1 in reference 1, 2 in reference 2 -> clipped to 2
    assert rows == [(("the",), 3, [2, 0], 2, 2), (("cat",), 3, [1, 2], 2, 2)]
    ax = plotting.plot_ngram_counts("the the the cat cat cat", references)
    assert [c.get_label() for c in ax.containers] == [
        "in the candidate", "in reference 1", "in reference 2", "clipped (counted)"]
    assert bar_heights(ax, 0) == [3, 3]
    assert bar_heights(ax, 3) == [2, 2]


def test_ngram_counts_of_the_repeated_the():
    ax = plotting.plot_ngram_counts("the the the the the the the", REFS)
    assert [c[0].get_height() for c in ax.containers] == [7, 2, 1, 2]
    assert [t.get_text() for t in ax.get_xticklabels()] == ['"the"']


def test_the_brevity_penalty_marks_are_drawn_whole_inside_the_axes():
    # c = 1 against r = 6 has BP = exp(1 - 6) = 0.0067: its point sat on the x axis, half cut, and its
    # label touched the frame.
    ax = plotting.plot_brevity_penalty(against="length", reference_length=6, mark=[1, 2, 4, 6, 10])
    assert ax.get_ylim()[0] < 0
    renderer = ax.figure.canvas.get_renderer()
    frame = ax.get_window_extent(renderer)
    labels = [t for t in ax.texts if t.get_text().startswith("c = ")]
    assert [t.get_text() for t in labels] == ["c = 1", "c = 2", "c = 4", "c = 6", "c = 10"]
    for label in labels:
        box = label.get_window_extent(renderer)
        assert frame.x0 < box.x0 and box.x1 < frame.x1 and frame.y0 < box.y0 and box.y1 < frame.y1, label.get_text()
