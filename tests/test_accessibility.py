"""Accessibility (WCAG 2.1 AA) of what bleu_lab draws and writes, without a browser.

- Every plotting function gives its figure a text alternative that says what it shows, with the key
  numbers (success criterion 1.1.1). The expected numbers are worked out here by hand (exp(1 - r/c) with
  math.exp, clipped counts of the cat/mat sentences), or come from scipy.
- A notebook output of such a figure carries the text as the PNG's ``alt`` metadata, which nbconvert's
  HTML writes into ``<img alt>``; under Voila the figure also goes as HTML with the alt attribute.
- Widget inputs have a description ipywidgets 8 ties to the input as its label (4.1.2).
- Text colours keep a contrast of at least 4.5:1 (1.4.3) in JupyterLab's light and dark themes: the
  themes' own CSS variables are read from the installed JupyterLab, and the ratio is computed here with
  WCAG's formula written out (not bleu_lab's function).

The browser checks (axe-core on the Voila app and the static site) are in test_browser.py and test_site.py.
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")  # inside the test process only
import matplotlib.pyplot as plt  # noqa: E402

import bleu_lab  # noqa: E402
from bleu_lab.show import plotting  # noqa: E402

REFS = ["the cat is on the mat", "there is a cat on the mat"]


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def bp(c, r):
    """Papineni et al. (2002), 2.2.2: 1 if c > r, else exp(1 - r/c); written out here."""
    return 1.0 if c > r else math.exp(1 - r / c)


# ---------------------------------------------------------------- text alternatives: the key numbers


def test_brevity_penalty_curve_says_where_it_falls():
    text = plotting.alt_text(plotting.plot_brevity_penalty())
    assert text.startswith("Line chart: the brevity penalty")
    assert "BP is 1 while r/c is at most 1" in text
    # r/c = 2 is a candidate half as long as the reference: exp(-1)
    assert f"{math.exp(-1):.4f} at r/c = 2" in text and f"{math.exp(-2):.4f} at r/c = 3" in text


def test_brevity_penalty_by_length_names_the_marked_lengths():
    ax = plotting.plot_brevity_penalty(against="length", reference_length=6, mark=[2, 4])
    text = plotting.alt_text(ax)
    assert f"c = 2: BP = {bp(2, 6):.4f}" in text and f"c = 4: BP = {bp(4, 6):.4f}" in text
    assert "is 1 from c = r = 6 on" in text


def test_precision_bars_give_every_count():
    # "a cat is on the mat" against REFS, by hand: all 6 unigrams occur in reference 2; the 5 bigrams
    # (a cat | cat is | is on | on the | the mat) each in some reference; trigrams: "a cat is" in neither
    # (3/4); 4-grams: "a cat is on" in neither (2/3).
    result = bleu_lab.sentence_bleu("a cat is on the mat", REFS)
    text = plotting.alt_text(plotting.plot_precisions(result, labels=["a cat"]))
    assert text.startswith("Bar chart:")
    for part in ("a cat: p1 = 6/6 = 1.000", "p2 = 5/5 = 1.000", "p3 = 3/4 = 0.750", "p4 = 2/3 = 0.667"):
        assert part in text


def test_clipping_bars_give_counts_and_the_clipped_total():
    # "the the the": 3 in the candidate, 2 in reference 1, 1 in reference 2, clipped to max(2, 1) = 2.
    text = plotting.alt_text(plotting.plot_ngram_counts("the the the", REFS))
    assert '"the": candidate 3, reference 1 2, reference 2 1, clipped 2' in text
    assert "2 of 3 candidate 1-grams count" in text


def test_grouped_bars_give_every_value_and_the_missing_ones():
    text = plotting.alt_text(plotting.plot_metric_comparison({"a": {"BLEU": 0.5, "chrF": 0.25}, "b": {"BLEU": 0.1}}))
    assert "a: BLEU 0.50, chrF 0.25; b: BLEU 0.10, chrF n/a" in text
    text = plotting.alt_text(plotting.plot_system_scores({"A": {"BLEU": 0.4493, "chrF": 0.6893}}))
    assert "A: BLEU 0.449, chrF 0.689" in text
    text = plotting.alt_text(plotting.plot_smoothing_comparison({"none": {"A": 0.0}, "method6": {"A": 0.3875}}))
    assert "none: A 0.000; method6: A 0.388" in text  # 0.3875 rounds half to even in binary: 0.388


def test_precision_and_brevity_names_the_peak():
    # Reference of 6 tokens. c = 2 ("the cat"): p1 = 1, BP = exp(1 - 3); c = 6 (the reference): 1 and 1;
    # c = 8 (two extra words): p1 = 6/8, BP = 1. The product peaks at c = 6.
    ax = plotting.plot_precision_and_brevity(["the cat", REFS[0], REFS[0] + " today ok"], REFS[:1])
    text = plotting.alt_text(ax)
    assert f"c = 2: p1 = 1.000, BP = {bp(2, 6):.3f}" in text
    assert f"c = 8: p1 = {6 / 8:.3f}, BP = 1.000" in text
    assert "highest, 1.000, at c = 6" in text


def test_histogram_gives_each_mean():
    text = plotting.alt_text(plotting.plot_score_histogram({"A": [0.1, 0.5, 0.02], "B": [0.3]}))
    assert f"A: 3 sentences, mean {(0.1 + 0.5 + 0.02) / 3:.3f}" in text and "B: 1 sentence, mean 0.300" in text
    assert "1 below 0.05" in text  # 0.02 is in the lowest of 20 bins


def test_intervals_give_score_and_bounds():
    class Interval:
        score, low, high = 0.30, 0.25, 0.35

    text = plotting.alt_text(plotting.plot_confidence_intervals({"sys": Interval()}))
    assert "sys 0.300 [0.250, 0.350]" in text


def test_score_lines_say_which_way_each_goes():
    scores = {"TER (lower is better)": [0.0, 1 / 13], "BLEU (higher is better)": [1.0, 0.9306]}
    text = plotting.alt_text(plotting.plot_score_lines(scores, [0, 1], title="One rotation", xlabel="k"))
    assert f"TER (lower is better) rises from 0.000 to {1 / 13:.3f}" in text
    assert "BLEU (higher is better) falls from 1.000 to 0.931" in text


def test_metric_against_human_gives_the_correlations():
    scipy_stats = pytest.importorskip("scipy.stats")
    from bleu_lab.show.agreement_plots import plot_metric_vs_human

    metric, human = {"A": 0.3, "B": 0.25, "C": 0.1}, {"A": 0.2, "B": 0.3, "C": -0.5}
    text = plotting.alt_text(plot_metric_vs_human(metric, human, highlight=["C"]))
    r = scipy_stats.pearsonr([0.3, 0.25, 0.1], [0.2, 0.3, -0.5]).statistic
    tau = scipy_stats.kendalltau([0.3, 0.25, 0.1], [0.2, 0.3, -0.5]).statistic
    assert f"Pearson r = {r:.3f}" in text and f"Kendall tau = {tau:.3f}" in text
    assert "C (0.100, -0.500)" in text and "Highlighted: C." in text


def test_agreement_bars_give_the_counts():
    from bleu_lab.meta_evaluation import AgreementBin
    from bleu_lab.show.agreement_plots import plot_agreement_by_difference

    bins = [AgreementBin(0, 1, 9, 5), AgreementBin(1, 5, 4, 4), AgreementBin(5, 10, 0, 0)]
    text = plotting.alt_text(plot_agreement_by_difference(bins))
    assert "0 to 1: 5 of 9 (0.56)" in text and "1 to 5: 4 of 4 (1.00)" in text and "5 to 10: no pairs" in text


def test_bp_tradeoff_plot_names_its_marked_lengths():
    from bleu_lab.show.widgets import plot_bp_tradeoff

    text = plotting.alt_text(plot_bp_tradeoff(reference_length=12, mark=[4, 8]))
    assert f"c = 4: BP = {bp(4, 12):.4f}" in text and f"c = 8: BP = {bp(8, 12):.4f}" in text


def test_drawn_on_the_callers_axes_a_panel_each_and_set_alt_text_wins():
    fig, (left, right) = plt.subplots(1, 2)
    plotting.plot_brevity_penalty(ax=left)
    plotting.plot_metric_comparison({"a": {"BLEU": 0.5}}, ax=right)
    text = plotting.alt_text(fig)
    assert text.startswith("Panel 1 of 2: Line chart") and "Panel 2 of 2: Bar chart" in text
    plotting.set_alt_text(left, "Two charts: the brevity penalty, and one BLEU bar of 0.50.")
    assert plotting.alt_text(right) == "Two charts: the brevity penalty, and one BLEU bar of 0.50."
    fig, ax = plt.subplots()
    assert plotting.alt_text(ax) is None  # nothing drawn by bleu_lab, nothing said
    with pytest.raises(ValueError, match="non-empty string"):
        plotting.set_alt_text(ax, "  ")
    with pytest.raises(TypeError, match="Axes or Figure"):
        plotting.alt_text("a figure")


def test_widget_charts_have_alt_text_with_their_numbers():
    from bleu_lab.show.widgets import bp_explorer, playground

    explorer = bp_explorer(candidate_length=9, reference_length=15)
    assert f"Marked at c = 9: BP = {bp(9, 15):.4f}" in explorer.image.alt
    assert f"alt='{explorer.image.alt}'" in explorer.image.value  # the <img> carries it
    widget = playground(debounce=0)
    widget.candidate.value = "a cat is on the mat"
    widget.references[0].value, widget.references[1].value = REFS
    for part in ("p1: 6/6", "p2: 5/5", "p3: 3/4", "p4: 2/3"):
        assert part in widget.image.alt
    assert "<img" in widget.image.value and "alt='Bar chart: Modified n-gram precisions" in widget.image.value


def test_every_widget_input_has_a_label_and_no_unnamed_control_is_used():
    import ipywidgets

    from bleu_lab.show.widgets import bp_explorer, paraphrase_explorer, playground

    inputs = (ipywidgets.Text, ipywidgets.Dropdown, ipywidgets.Checkbox, ipywidgets.BoundedIntText)
    for widget in (playground(debounce=0), bp_explorer(), paraphrase_explorer(debounce=0)):
        stack, seen = [widget], 0
        while stack:
            child = stack.pop()
            stack.extend(getattr(child, "children", ()))
            # ipywidgets 8 gives a slider handle and an Image no accessible name (no aria-label, no alt)
            assert not isinstance(child, (ipywidgets.IntSlider, ipywidgets.FloatSlider, ipywidgets.Image)), child
            if isinstance(child, inputs):
                seen += 1
                assert child.description.strip(), f"{type(child).__name__} without a label"
        assert seen >= 2


# ---------------------------------------------------------------- the alt text in notebook outputs


def _run_cells(tmp_path, code: str, env_extra=None):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    from conftest import jupyter_env

    env = jupyter_env(tmp_path / "home")
    env.update(env_extra or {})
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    import os
    from unittest import mock

    with mock.patch.dict(os.environ, env, clear=True):
        nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3",
                                resources={"metadata": {"path": str(tmp_path)}}).execute()
    return notebook


FIGURE_CELL = (
    "import matplotlib.pyplot as plt\n"
    "from bleu_lab.show.plotting import plot_brevity_penalty\n"
    "fig, ax = plt.subplots()\n"
    "plot_brevity_penalty(ax=ax)\n"
    "plt.show()\n"
)


@pytest.mark.notebooks
def test_a_figure_in_a_notebook_carries_its_alt_text_and_nbconvert_classic_writes_it(tmp_path):
    nbconvert = pytest.importorskip("nbconvert")
    notebook = _run_cells(tmp_path, FIGURE_CELL)
    (png,) = [o for o in notebook.cells[0].outputs if "image/png" in o.get("data", {})]
    alt = png["metadata"]["image/png"]["alt"]
    assert f"{math.exp(-1):.4f} at r/c = 2" in alt
    assert "text/html" not in png["data"]  # outside Voila the stored notebook keeps one copy of the picture
    # nbconvert's classic template reads the metadata; its lab template (nbconvert 7's default) does not, and
    # then writes "No description has been provided for this image" (docs/accessibility.md).
    body, _ = nbconvert.HTMLExporter(template_name="classic").from_notebook_node(notebook)
    assert re.search(r'<img alt="Line chart: the brevity penalty[^"]*" src="data:image/png;base64,', body)


@pytest.mark.notebooks
def test_under_voila_the_figure_also_goes_as_html_with_alt(tmp_path):
    notebook = _run_cells(tmp_path, FIGURE_CELL, {"VOILA_KERNEL_ID": "test"})
    (png,) = [o for o in notebook.cells[0].outputs if "image/png" in o.get("data", {})]
    assert re.match(r'<img src="data:image/png;base64,[^"]+" alt="Line chart: the brevity penalty',
                    png["data"]["text/html"])


# ---------------------------------------------------------------- contrast, in both JupyterLab themes


def _luminance(rgb) -> float:
    def linear(c):
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(c) for c in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def _contrast(first, second) -> float:
    a, b = _luminance(first), _luminance(second)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def _parse(colour: str, page) -> tuple:
    """#rgb, #rrggbb, white, or rgba(r,g,b,a) blended over ``page`` (an (r, g, b) triple)."""
    colour = colour.strip()
    if colour == "white":
        return (255, 255, 255)
    if colour.startswith("#"):
        value = colour[1:]
        if len(value) == 3:
            value = "".join(c * 2 for c in value)
        return tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))
    match = re.fullmatch(r"rgba\(([\d.]+),([\d.]+),([\d.]+),([\d.]+)\)", colour.replace(" ", ""))
    assert match, colour
    *rgb, alpha = (float(g) for g in match.groups())
    return tuple(alpha * c + (1 - alpha) * p for c, p in zip(rgb, page))


def _theme_variables(name: str) -> dict:
    """The --jp-* variables of an installed JupyterLab theme ('light' or 'dark'), var(...) resolved."""
    root = Path(sys.prefix) / "share" / "jupyter" / "lab" / "themes" / "@jupyterlab" / f"theme-{name}-extension"
    if not (root / "index.css").exists():
        pytest.fail(f"JupyterLab's {name} theme is not installed at {root} (pip install 'bleu_lab[lab]')")
    css = (root / "index.css").read_text(encoding="utf-8")
    raw = dict(re.findall(r"(--jp-[\w-]+):\s*([^;}]+)", css))

    def resolve(value):
        match = re.fullmatch(r"var\((--[\w-]+)(?:,\s*(.+))?\)", value.strip())
        if not match:
            return value.strip()
        name, fallback = match.groups()
        return resolve(raw[name]) if name in raw else resolve(fallback)

    return {key: resolve(value) for key, value in raw.items()}


def _css_colour(expression: str, variables, page) -> tuple:
    """A colour as written in bleu_lab's HTML (``#hex`` or ``var(--jp-..., #fallback)``) in a theme."""
    match = re.fullmatch(r"var\((--[\w-]+),\s*(#[0-9a-fA-F]{3,6})\)", expression)
    if match:
        name, fallback = match.groups()
        return _parse(variables.get(name, fallback), page)
    return _parse(expression, page)


THEMES = {
    "light": ("light", ["--jp-layout-color0", "--jp-layout-color1"]),
    "dark": ("dark", ["--jp-layout-color0", "--jp-layout-color1"]),
    "static site": (None, []),  # no JupyterLab variables: the fallbacks, on white
}


@pytest.mark.parametrize("theme", list(THEMES))
def test_page_text_keeps_4_5_to_1_in_both_jupyterlab_themes(theme):
    from bleu_lab.style import TEXT_CSS

    name, backgrounds = THEMES[theme]
    variables = _theme_variables(name) if name else {}
    pages = [_parse(variables[b], (255, 255, 255)) for b in backgrounds] or [(255, 255, 255)]
    for page in pages:
        for role, expression in TEXT_CSS.items():
            ratio = _contrast(_css_colour(expression, variables, page), page)
            assert ratio >= 4.5, f"{role} text {expression} on {page} in the {theme} theme: {ratio:.2f}:1"


def test_text_on_bleu_labs_own_backgrounds_keeps_4_5_to_1():
    from bleu_lab.style import ORDER_TINTS, STYLE

    white = (255, 255, 255)
    pairs = [(STYLE["on_light"], tint) for tint in ORDER_TINTS]
    pairs += [(STYLE["on_light"], STYLE["message_background"]), (STYLE["ok"], STYLE["ok_background"]),
              (STYLE["warn_text"], STYLE["warn_background"])]
    for text, background in pairs:
        ratio = _contrast(_parse(text, white), _parse(background, white))
        assert ratio >= 4.5, f"{text} on {background}: {ratio:.2f}:1"


def test_every_coloured_text_in_the_html_views_is_theme_safe():
    """In the modules that write the HTML views, a text colour is either a theme variable with a fallback
    (TEXT_CSS) or sits on a background set in the same style attribute: never a fixed grey on the page,
    which in the dark theme would be dark grey on near-black."""
    from bleu_lab.bleu.explanation import bleu_html, order_style
    from bleu_lab.show import playground
    from bleu_lab.style import STYLE, TEXT_CSS

    result = bleu_lab.sentence_bleu("a cat is on the mat", REFS)
    view = playground.compute_playground("a cat is on the mat", REFS)
    pages = [bleu_html(result), view.html, playground.compute_bp_explorer(8, 12).html,
             playground.message_html("No score", ["a note"]), order_style(1)]
    allowed = set(TEXT_CSS.values())
    for page in pages:
        for style in re.findall(r"style=['\"]([^'\"]*)['\"]", page) or [page]:
            declarations = dict(
                (k.strip(), v.strip()) for k, _, v in (d.partition(":") for d in style.split(";")) if v.strip()
            )
            colour = declarations.get("color")
            if colour is None:
                continue
            assert colour in allowed or "background" in declarations, f"color {colour} without a background: {style}"
    assert STYLE["on_light"] in order_style(1)


def test_widget_style_sheet_uses_the_theme_muted_colour():
    from bleu_lab.show import widgets
    from bleu_lab.style import TEXT_CSS, WIDGET_CSS

    assert f"<style>{WIDGET_CSS}</style>" == widgets._style_sheet().value  # the sheet every widget carries
    assert f".bl-intro {{ color: {TEXT_CSS['muted']};" in WIDGET_CSS
    assert not re.search(r"color:\s*#", WIDGET_CSS)


def test_notebook_output_with_alt_round_trips_through_json(tmp_path):
    """The metadata is plain JSON: a stored notebook keeps it (nbformat validates it)."""
    nbformat = pytest.importorskip("nbformat")
    output = nbformat.v4.new_output("display_data", data={"image/png": "iVBORw0KGgo=", "text/plain": "<Figure>"},
                                    metadata={"image/png": {"alt": "Line chart: ..."}})
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x", outputs=[output])])
    nbformat.validate(notebook)
    again = nbformat.reads(json.dumps(notebook), as_version=4)
    assert again.cells[0].outputs[0]["metadata"]["image/png"]["alt"] == "Line chart: ..."


def test_result_views_take_secondary_text_colour_from_the_theme():
    # #555 on JupyterLab's dark background (#111) is 2.5:1, below WCAG's 4.5:1: the views of chrF, TER,
    # METEOR and the embedding score now use the theme's secondary text colour, as BLEU's does.
    from bleu_lab.style import MUTED_CSS

    candidate, references = "the cat sat on the mat", ["the cat is on the mat"]
    views = [bleu_lab.chrf(candidate, references)._repr_html_(), bleu_lab.ter(candidate, references)._repr_html_(),
             bleu_lab.meteor(candidate, references)._repr_html_()]
    for view in views:
        assert "#555" not in view and MUTED_CSS in view
