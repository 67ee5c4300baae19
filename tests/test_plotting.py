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
from bleu_lab.show import plotting  # noqa: E402

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
        "loaded = [m for m in ('matplotlib', 'ipywidgets', 'bleu_lab.show.plotting') if m in sys.modules]\n"
        "print(','.join(loaded))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_importing_and_plotting_change_no_global_style():
    before = dict(matplotlib.rcParams)
    code = "import matplotlib, bleu_lab.show.plotting; print(matplotlib.rcParams['font.size'])"
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
    assert points["c = 2: BP = 0.1353"] == pytest.approx((2, math.exp(1 - 3)))
    assert points["c = 9: BP = 1.0000"] == pytest.approx((9, 1.0))
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


def _grey(colour):
    """The grey a colour prints as (ITU-R BT.601 luma, 0-255), as a grayscale printer or filter shows it."""
    red, green, blue = (round(255 * c) for c in matplotlib.colors.to_rgb(colour))
    return round(0.299 * red + 0.587 * green + 0.114 * blue)


@pytest.mark.parametrize("draw", ["precisions", "metric_comparison", "smoothing_comparison"])
def test_grouped_bars_are_told_apart_without_colour(draw):
    # Five series, as the gallery of notebook 07 draws. By hand: Okabe-Ito orange #e69f00, reddish purple
    # #cc79a7 and sky blue #56b4e9 print as greys 162, 151 and 158, too close to tell apart, so each series
    # needs a pattern of its own; every bar of one series carries the same one.
    assert abs(_grey("#e69f00") - _grey("#56b4e9")) < 10 and abs(_grey("#cc79a7") - _grey("#56b4e9")) < 10
    names = ["BLEU", "ROUGE-1", "ROUGE-2", "ROUGE-L", "chrF"]
    if draw == "precisions":
        results = {name: bleu_lab.sentence_bleu("the cat sat on the mat", REFS) for name in names}
        ax = plotting.plot_precisions(results)
    else:
        scores = {"a": dict.fromkeys(names, 0.5), "b": dict.fromkeys(names, 0.9)}
        ax = getattr(plotting, f"plot_{draw}")(scores)
    patterns = [{bar.get_hatch() or "" for bar in container} for container in ax.containers]
    assert all(len(pattern) == 1 for pattern in patterns), patterns
    assert len({pattern.pop() for pattern in patterns}) == len(names)


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
    # Notebook 08_ter_and_wer's rotation of 13 words: one shift is 1/13 for TER whatever k is (by hand).
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


# --------------------------------------------------------------------------- mistakes refused with a clear message
def _all_plot_functions():
    """Every plot function, each with a valid call, by name."""
    interval = bleu_lab.significance.BootstrapResult(score=0.43, low=0.42, high=0.44, mean=0.43, confidence=0.95,
                                                     n_samples=10, seed=1)
    return {
        **{name: draw for name, draw in all_plots().items()},
        "precision and brevity": lambda ax: plotting.plot_precision_and_brevity(["the cat"], REFS, ax=ax),
        "system scores": lambda ax: plotting.plot_system_scores({"A": {"BLEU": 0.4}}, ax=ax),
        "histogram": lambda ax: plotting.plot_score_histogram({"A": [0.1, 0.5]}, ax=ax),
        "intervals": lambda ax: plotting.plot_confidence_intervals({"A": interval}, ax=ax),
    }


@pytest.mark.parametrize("name", list(_all_plot_functions()))
def test_the_pyplot_module_as_ax_is_refused_before_anything_is_drawn(name):
    draw = _all_plot_functions()[name]
    with pytest.raises(TypeError, match=r"ax must be a matplotlib Axes, not the pyplot module\. "
                                        r"Right: fig, ax = plt\.subplots\(\); plot_\w+\(\.\.\., ax=ax\)"):
        draw(plt)
    assert plt.get_fignums() == [], "nothing is drawn before the refusal"


def test_the_ax_message_names_the_function_called():
    with pytest.raises(TypeError, match=r"plot_metric_comparison\(\.\.\., ax=ax\)"):
        plotting.plot_metric_comparison({"a": {"BLEU": 0.5}}, ax=plt)
    with pytest.raises(TypeError, match=r"not the string 'ax'\. Right: .*plot_brevity_penalty\(\.\.\., ax=ax\)"):
        plotting.plot_brevity_penalty("ax")


@pytest.mark.parametrize("function, series", [
    (plotting.plot_metric_comparison, "metric name"),
    (plotting.plot_smoothing_comparison, "sentence label"),
    (plotting.plot_system_scores, "metric"),
])
def test_grouped_bars_refuse_rows_with_nothing_to_draw(function, series):
    name = function.__name__
    with pytest.raises(ValueError, match=rf"scores\['a'\] is an empty dict: there is nothing to draw; give at least "
                                         rf"one {series} and its value\. Right: {name}\("):
        function({"a": {}})
    with pytest.raises(ValueError, match=r"scores\['a'\] and every other row are empty dicts"):
        function({"a": {}, "b": {}})
    # One empty row among others is a gap, marked "n/a" (a smoothing method that scores no sentence).
    ax = function({"a": {}, "b": {"X": 0.5}})
    assert "n/a" in texts(ax)


@pytest.mark.parametrize("function, shape", [
    (plotting.plot_metric_comparison, "{candidate label: {metric name: value}}"),
    (plotting.plot_smoothing_comparison, "{method label: {sentence label: value}}"),
    (plotting.plot_system_scores, "{system: {metric: value}}"),
])
def test_grouped_bars_messages_name_their_own_function_and_shape(function, shape):
    with pytest.raises(TypeError) as info:
        function({})
    assert str(info.value).startswith(f"scores must be a non-empty dict {shape}, got an empty dict. "
                                      f"Right: {function.__name__}(")


def test_grouped_bar_values_must_be_finite_numbers_on_the_0_1_scale():
    with pytest.raises(ValueError, match=r"scores\['a'\]\['BLEU'\] is -0\.1; scores are on the 0-1 scale\. R") as info:
        plotting.plot_metric_comparison({"a": {"BLEU": -0.1}})
    assert "divide by 100" not in str(info.value), "a negative value is not a 0-100 score"
    with pytest.raises(ValueError, match="divide by 100"):
        plotting.plot_metric_comparison({"a": {"BLEU": 40.9}})
    with pytest.raises(ValueError, match=r"scores\['a'\]\['BLEU'\] must be a finite number on the 0-1 scale, got nan"):
        plotting.plot_metric_comparison({"a": {"BLEU": math.nan}})
    with pytest.raises(ValueError, match=r"must be a finite number on the 0-1 scale"):
        plotting.plot_system_scores({"a": {"BLEU": 10**400}})  # too large for a float
    with pytest.raises(TypeError, match=r"give result\.score, not the result"):
        plotting.plot_smoothing_comparison({"exp": {"A": bleu_lab.sentence_bleu("the cat", REFS)}})


def test_system_scores_title_counts_the_systems_given():
    two = {"A": {"BLEU": 0.4}, "B": {"BLEU": 0.3}}
    assert plotting.plot_system_scores(two).get_title() == "Corpus scores of 2 systems"
    assert plotting.plot_system_scores({"A": {"BLEU": 0.4}}).get_title() == "Corpus scores of 1 system"
    # notebook 08 gives its own title
    title = "WMT19 en-de: 12 systems ranked by corpus BLEU"
    assert plotting.plot_system_scores({"A": {"BLEU": 0.4}}, title=title).get_title() == title


def test_figures_stay_within_40_inches():
    # 60 systems x 3 metrics: 1.4 + 0.34 * 180 = 62.6 inches tall, capped at 40
    many = {f"system {i}": {"BLEU": 0.3, "chrF": 0.5, "TER": 0.6} for i in range(60)}
    assert list(plotting.plot_system_scores(many).figure.get_size_inches()) == pytest.approx([10.5, 40.0])
    # notebook 08's 12 systems x 2 metrics keep their size: 1.4 + 0.34 * 24 = 9.56 inches
    twelve = {f"system {i}": {"BLEU": 0.3, "chrF": 0.5} for i in range(12)}
    assert list(plotting.plot_system_scores(twelve).figure.get_size_inches()) == pytest.approx([10.5, 9.56])


@pytest.mark.parametrize("call, error, message", [
    (lambda: plotting.ngram_count_table("the cat", REFS, 10**9), ValueError, "limit of 100 n-gram orders"),
    (lambda: plotting.ngram_count_table("the cat", REFS, 1.5), TypeError, "n must be a whole number"),
    (lambda: plotting.ngram_count_table("the cat", REFS, None), TypeError, "n must be a whole number.*not None"),
    (lambda: plotting.plot_ngram_counts("the cat", REFS, "2"), TypeError, "n must be a whole number.*'2'"),
    (lambda: plotting.plot_ngram_counts("the cat", REFS, 10**9), ValueError, "limit of 100"),
    (lambda: plotting.ngram_count_table("the cat", REFS, lowercase="yes"), TypeError,
     r"lowercase must be True or False, not the string 'yes'\. Right: ngram_count_table\("),
])
def test_ngram_counts_check_n_and_lowercase_first(call, error, message):
    with pytest.raises(error, match=message):
        call()


@pytest.mark.parametrize("x_max", [math.inf, math.nan, -5, 1.0])
def test_bp_ratio_curve_refuses_an_x_max_it_would_replace(x_max):
    with pytest.raises(ValueError, match=r"x_max must be a finite number of at least 1\.5 .* Right: "
                                         r"brevity_penalty_curve\('ratio', x_max=3\)"):
        plotting.brevity_penalty_curve(x_max=x_max)


def test_bp_curves_refuse_x_max_of_the_wrong_kind():
    with pytest.raises(TypeError, match="x_max must be a number.*not the string 'a'"):
        plotting.brevity_penalty_curve(x_max="a")
    with pytest.raises(TypeError, match="x_max must be a whole number of tokens"):
        plotting.brevity_penalty_curve("length", 6, x_max=7.5)
    with pytest.raises(ValueError, match=r"above reference_length = 6 .* Right: brevity_penalty_curve\('length', 6, "
                                         r"x_max=12\)"):
        plotting.brevity_penalty_curve("length", 6, x_max=6)  # c = r is still BP = 1: no curve beyond it


def test_bp_curves_have_a_bounded_number_of_points_with_their_corner():
    xs, bps = plotting.brevity_penalty_curve(x_max=100.4)  # r = 100, c = 1 marked: 10,016 points at step 0.01
    assert len(xs) <= 1001 and xs[0] == 0.25 and xs[-1] == pytest.approx(100.4)
    assert bps[xs.index(1.0)] == 1.0  # the corner r/c = 1 is a point of the curve
    for x, bp in zip(xs, bps):
        assert bp == pytest.approx(1.0 if x <= 1 else math.exp(1 - x), abs=1e-12)
    xs, bps = plotting.brevity_penalty_curve("length", 5, x_max=10**6)
    assert len(xs) <= 1001 and xs[0] == 1 and xs[-1] == 10**6 and all(isinstance(c, int) for c in xs)
    assert bps[0] == pytest.approx(math.exp(1 - 5)) and bps[xs.index(5)] == 1.0  # c = 1 and c = r


def test_bp_plot_of_a_long_reference_draws_a_bounded_curve():
    ax = plotting.plot_brevity_penalty(reference_length=1000, mark=1)  # r/c = 1000: 100,016 points at step 0.01
    xs, _ = bp_curve(ax)
    assert len(xs) <= 1001 and xs[-1] == pytest.approx(1000.4)
    (point,) = [line for line in ax.get_lines() if line.get_label().startswith("c = 1:")]
    assert (point.get_xdata()[0], point.get_ydata()[0]) == pytest.approx((1000, math.exp(1 - 1000)))
    with pytest.raises(ValueError, match=r"reference_length = .* is above bleu_lab's limit of 1,000,000,000 tokens"):
        plotting.plot_brevity_penalty(against="length", reference_length=10**400)


def test_dicts_where_lists_belong_are_refused():
    with pytest.raises(TypeError, match=r"candidates is a dict .*keys would be read as the candidates.*Right: "
                                        r"precision_and_brevity_table\("):
        plotting.precision_and_brevity_table({"a": "the cat"}, REFS)
    with pytest.raises(TypeError, match=r"candidates must be a list of candidate sentences, not a value of type int"):
        plotting.precision_and_brevity_table(5, REFS)
    with pytest.raises(TypeError, match=r"mark is a dict .*candidate lengths.*Right: plot_brevity_penalty\("):
        plotting.plot_brevity_penalty(mark={3: 1}, reference_length=5)
    with pytest.raises(TypeError, match=r"mark must be a candidate length or a list of them, not the string '3'"):
        plotting.plot_brevity_penalty(mark="3", reference_length=5)
    # a tuple of candidates is fine: "the cat" against r = 6 has c = 2, p1 = 1, BP = exp(1 - 6/2)
    assert plotting.precision_and_brevity_table(("the cat",), REFS[:1]) == [(2, 6, 1.0, math.exp(-2), math.exp(-2))]


@pytest.mark.parametrize("bins, error, message", [
    (0, ValueError, "bins must be from 1 to 200"),
    (-1, ValueError, "bins must be from 1 to 200"),
    (201, ValueError, "bins must be from 1 to 200"),
    (2.5, TypeError, "bins must be a whole number"),
    ("auto", TypeError, "bins must be a whole number.*'auto'"),
    ([0, 0.5, 1], TypeError, "bins must be a whole number"),
])
def test_score_histogram_refuses_bins_it_cannot_draw(bins, error, message):
    with pytest.raises(error, match=message + r".*Right: plot_score_histogram\("):
        plotting.plot_score_histogram({"A": [0.5]}, bins=bins)
    assert plt.get_fignums() == []


@pytest.mark.parametrize("scores, error, message", [
    ({"A": 0.5}, TypeError, r"scores\['A'\] must be a list of sentence scores, not a value of type float"),
    ({"A": "01"}, TypeError, r"scores\['A'\] must be a list of sentence scores, not the string '01'"),
    ({"A": ["0.1", "x"]}, TypeError, r"scores\['A'\]\[0\] must be a number on the 0-1 scale, not the string '0.1'"),
    ({"A": [0.5, math.nan]}, ValueError, r"scores\['A'\]\[1\] must be a finite number"),
    ({"A": []}, ValueError, r"scores\['A'\] is empty"),
    ({"A": [45.0]}, ValueError, r"scores\['A'\]\[0\] is 45.0; scores are on the 0-1 scale \(sacrebleu"),
])
def test_score_histogram_takes_lists_of_numbers_on_the_0_1_scale(scores, error, message):
    with pytest.raises(error, match=message):
        plotting.plot_score_histogram(scores)
    assert plt.get_fignums() == [], "no empty figure is left behind"


def test_score_histogram_names_a_result_given_for_its_score():
    with pytest.raises(TypeError, match=r"not a value of type BleuResult \(give result\.score, not the result\)"):
        plotting.plot_score_histogram({"A": [bleu_lab.sentence_bleu("the cat", REFS)]})


class _Interval:
    def __init__(self, score, low, high, **more):
        self.score, self.low, self.high = score, low, high
        self.__dict__.update(more)


@pytest.mark.parametrize("interval, error, message", [
    (_Interval(0.5, 0.6, 0.4), ValueError, r"intervals\['A'\] has low = 0\.6 above high = 0\.4"),
    (_Interval(None, 0.4, 0.6), TypeError, r"intervals\['A'\]\.score must be a number on the 0-1 scale, not None"),
    (_Interval(0.5, "0.4", 0.6), TypeError, r"intervals\['A'\]\.low must be a number.*the string '0\.4'"),
    (_Interval(math.nan, math.nan, math.nan), ValueError, r"intervals\['A'\]\.score must be a finite number"),
    (_Interval(math.nan, 0.4, 0.6), ValueError, r"intervals\['A'\]\.score must be a finite number on the 0-1 scale, "
                                                r"got nan"),
    (_Interval(45, 40, 50), ValueError, r"intervals\['A'\]\.score is 45; scores are on the 0-1 scale \(sacrebleu"),
])
def test_confidence_intervals_refuse_values_they_cannot_draw(interval, error, message):
    with pytest.raises(error, match=message + r".*Right: plot_confidence_intervals\("):
        plotting.plot_confidence_intervals({"A": interval})
    assert plt.get_fignums() == []


def test_a_score_outside_its_percentile_interval_is_drawn_apart_from_the_bar():
    # A percentile interval can miss the score; the bar still runs from 0.4 to 0.6 and the dot stands at 0.7.
    ax = plotting.plot_confidence_intervals({"A": _Interval(0.7, 0.4, 0.6)})
    (bar,) = ax.containers[0].lines[2]
    (segment,) = bar.get_segments()
    assert [x for x, _ in segment] == pytest.approx([0.4, 0.6])
    assert any(list(line.get_xdata()) == [0.7] for line in ax.get_lines())
    assert "0.700 [0.400, 0.600]" in texts(ax)


def test_confidence_interval_title_gives_the_results_confidence():
    at_90 = bleu_lab.significance.BootstrapResult(score=0.43, low=0.42, high=0.44, mean=0.43, confidence=0.9,
                                                  n_samples=10, seed=1)
    assert plotting.plot_confidence_intervals({"A": at_90}).get_title() == "Corpus BLEU with 90% bootstrap intervals"
    plain = _Interval(0.43, 0.42, 0.44)
    assert plotting.plot_confidence_intervals({"A": plain}).get_title() == "Corpus BLEU with 95% bootstrap intervals"
    mixed = {"A": at_90, "B": _Interval(0.43, 0.42, 0.44, confidence=0.95)}
    assert plotting.plot_confidence_intervals(mixed).get_title() == "Corpus BLEU with bootstrap intervals"


@pytest.mark.parametrize("steps, error, message", [
    (2, TypeError, r"steps must be a list of x values, one per score, not a value of type int"),
    ([0, math.nan], ValueError, r"steps\[1\] must be a finite number, got nan"),
    ([None, None], TypeError, r"steps\[0\] must be a number, not None"),
])
def test_score_lines_refuse_steps_that_are_not_numbers(steps, error, message):
    with pytest.raises(error, match=message + r"\. Right: plot_score_lines\("):
        plotting.plot_score_lines({"TER": [0.1, 0.2]}, steps)


def test_score_lines_take_an_array_row_and_have_default_labels():
    np = pytest.importorskip("numpy")
    ax = plotting.plot_score_lines({"TER": np.array([0.0, 0.5])}, [0, 1])
    assert list(ax.get_lines()[0].get_ydata()) == [0.0, 0.5]
    assert (ax.get_title(), ax.get_xlabel()) == ("Scores along a change", "step")


def test_precision_labels_must_be_a_list():
    result = bleu_lab.sentence_bleu("the cat", REFS)
    with pytest.raises(TypeError, match=r"labels must be a list with one label per result, not a value of type int\. "
                                        r"Right: plot_precisions\("):
        plotting.plot_precisions(result, labels=5)
    with pytest.raises(TypeError, match=r"not the string 'c1' \(one result: labels=\['c1'\]\)"):
        plotting.plot_precisions(result, labels="c1")


def test_a_brevity_penalty_plot_marks_a_few_lengths_not_thousands():
    # Each marked length is a point with its own legend entry: 12 still fit beside the curve.
    ax = plotting.plot_brevity_penalty(against="length", reference_length=6, mark=list(range(1, 13)))
    assert len(ax.get_legend().get_texts()) == 2 + 12  # the curve, the shaded region, 12 marks
    with pytest.raises(ValueError, match=r"mark gives 10,000 candidate lengths; a plot shows at most 12 .*"
                                         r"Right: plot_brevity_penalty\(reference_length=6, mark=\[3, 9\]\)"):
        plotting.plot_brevity_penalty(against="length", reference_length=6, mark=range(1, 10_001))


def test_a_long_change_gets_readable_ticks_and_thinned_markers():
    # 3,000 steps: a tick label per step would be an unreadable black band (and slow to draw).
    steps = list(range(3000))
    ax = plotting.plot_score_lines({"TER": [min(1.0, k / 3000) for k in steps]}, steps)
    assert len(ax.get_xticks()) < 20
    assert ax.get_lines()[0].get_markevery() == 3000 // 25
    # A short change still labels every step.
    ax = plotting.plot_score_lines({"TER": [0.0, 0.1, 0.2]}, [0, 1, 2])
    assert list(ax.get_xticks()) == [0, 1, 2]


def test_score_histogram_parts_its_systems_in_grayscale():
    """Two overlaid histograms differ in more than colour: a hatch and the mean line's style."""
    ax = plotting.plot_score_histogram({"A": [0.1, 0.2, 0.6], "B": [0.3, 0.4, 0.9]})
    hatches = [patch.get_hatch() or "" for patch in ax.patches]
    assert len(hatches) == 2 and hatches[0] != hatches[1]
    means = [line for line in ax.lines if len(set(line.get_xdata())) == 1]
    assert [round(line.get_xdata()[0], 4) for line in means] == [0.3, 0.5333]  # (0.1+0.2+0.6)/3, (0.3+0.4+0.9)/3
    assert means[0].get_linestyle() != means[1].get_linestyle()
    plt.close(ax.figure)


def test_score_histogram_alt_text_names_each_mean_line_as_drawn():
    ax = plotting.plot_score_histogram({"A": [0.1, 0.2, 0.6], "B": [0.3, 0.4, 0.9]})
    means = [line for line in ax.lines if len(set(line.get_xdata())) == 1]
    assert [line.get_linestyle() for line in means] == ["--", ":"]  # matplotlib's names of what it drew
    alt = plotting.alt_text(ax)
    assert "A: 3 sentences, mean 0.300 (dashed line)" in alt  # (0.1 + 0.2 + 0.6) / 3
    assert "B: 3 sentences, mean 0.533 (dotted line)" in alt  # (0.3 + 0.4 + 0.9) / 3
    plt.close(ax.figure)
