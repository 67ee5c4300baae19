"""Live widgets: the BLEU playground, the brevity-penalty explorer and the paraphrase explorer.

Each widget only wires controls to a plain function of :mod:`bleu_lab.show.playground`
(which computes every number, message and piece of HTML shown) and draws one
matplotlib figure that it keeps and updates: bars and texts change, the figure
is never created again.

Live at the speed of typing: every keystroke updates the score, the table and
the highlights at once (a computation of about a millisecond, cached by its
inputs, so nothing unchanged is computed twice). The chart and the other
libraries' numbers, which cost tens of milliseconds, follow once typing has
paused for ``debounce`` seconds (at once when there is no running event loop,
as in a plain Python session or a test).

``presenter=True`` (or the "presenter" toggle) sets large text (20 px body
text) and a sharper, larger chart for a projector. Every widget carries its
own small style sheet: long tokens wrap, rows of controls wrap on a narrow
screen, and charts shrink to fit.

Importing this module imports ipywidgets and matplotlib; ``import bleu_lab``
does not import it.

Usage in a notebook (the last expression of a cell displays the widget)::

    from bleu_lab.show.widgets import playground
    playground()
"""

from __future__ import annotations

import asyncio
import base64
import difflib
import io
from contextlib import contextmanager

from ..answers import in_voila
from ..course import needs_extra

with needs_extra("bleu_lab.show.widgets"):  # says which extra to install when it is missing
    import ipywidgets as widgets

from ..bleu.scoring import SMOOTHING, SMOOTHING_NAMES
from ..checks import check_bool, describe, is_finite_number, is_real_number
from ..style import (
    BLACK,
    BLUE,
    DARK_GREY,
    GREEN,
    GREY,
    ORDER_COLOURS,
    VERMILLION,
    WIDGET_CSS,
    cell,
    element,
    opening,
    row,
    text,
)
from .playground import (
    MAX_REFERENCES,
    METRIC_VIEWS,
    PARAPHRASE_METRICS,
    PARAPHRASE_REFERENCE,
    PARAPHRASE_REWRITES,
    ChartSpec,
    ParaphraseView,
    available_tokenizers,
    bp_token_limits,
    chart_alt_text,
    check_bp_length,
    compute_bp_explorer,
    compute_paraphrase,
    compute_playground,
    message_html,
    paraphrase_table,
    presets,
    text_problem,
)

_FONT = 12
_CUSTOM = "(your own text)"
# Seconds without a keystroke before the chart and the other libraries' numbers follow.
FOLLOW_SECONDS = 0.2
# The longest debounce a widget takes. A student who stops typing looks for the chart within a second or
# two; past a few seconds it seems never to come (1e9 would never redraw), so a larger value is a mistake
# (milliseconds given as seconds, say), not a setting. 5 s leaves room for a slow machine or a live demo.
MAX_DEBOUNCE = 5.0
# Chart resolution: the presenter's is sharper, since it is shown larger.
_DPI, _PRESENTER_DPI = 96, 144


class _Summary:
    """A one-line text/plain for a widget: what a static view, nbval and a notebook opened before
    Run All show instead of ipywidgets' long repr of every child."""

    _summary = "a bleu_lab widget"

    def __repr__(self) -> str:
        return f"{self._summary} (a live widget: run the cells in JupyterLab, or open the notebook in Voila)"


class LabNote:
    """Markdown for JupyterLab and static views that Voila does not show (a demo app has no menus or Ctrl+C).

    Voila hides code but shows every Markdown cell; a note written as the output of a code cell
    instead is shown wherever the notebook is read, and left out when the kernel runs under Voila.
    Its text/plain is the same text, so nbval compares it like any printed line.
    """

    def __init__(self, markdown: str):
        self.markdown = markdown

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict:
        if in_voila():
            return {"text/plain": ""}
        return {"text/markdown": self.markdown, "text/plain": self.markdown}

    def __repr__(self) -> str:
        return "" if in_voila() else self.markdown


def lab_note(markdown: str) -> LabNote:
    """A note shown in JupyterLab and static views only, e.g. ``lab_note("Run > Run All Cells ...")``."""
    if not isinstance(markdown, str):
        raise TypeError(f"lab_note takes the note's Markdown text, not {type(markdown).__name__}")
    return LabNote(markdown)


def _style_sheet() -> widgets.HTML:
    return widgets.HTML(f"<style>{WIDGET_CSS}</style>", layout=widgets.Layout(height="0px", margin="0"))


def _row(children, **layout) -> widgets.HBox:
    """A row of controls that wraps onto more lines on a narrow screen."""
    row = widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start", **layout))
    row.add_class("bl-row")
    return row


def _check_presenter(presenter, function: str) -> bool:
    """A widget's ``presenter`` argument: True or False (check_bool: "yes" and 1 are refused)."""
    return check_bool(presenter, "presenter", f". Right: {function}(presenter=True)")


def _check_debounce(debounce, function: str) -> float:
    """A widget's ``debounce`` argument: a finite number of seconds from 0 (at once) to MAX_DEBOUNCE."""
    right = f"Right: {function}(debounce={FOLLOW_SECONDS})"
    try:  # "0.3": show the number it holds
        meant = float(debounce) if isinstance(debounce, str) else None
    except ValueError:
        meant = None
    if meant is not None and is_finite_number(meant) and 0 <= meant <= MAX_DEBOUNCE:
        right = f"Right: {function}(debounce={meant!r})"
    if not is_real_number(debounce):
        raise TypeError(
            f"debounce must be a number of seconds from 0 to {MAX_DEBOUNCE:g}, such as {FOLLOW_SECONDS}, not "
            f"{describe(debounce)}. {right}"
        )
    if not is_finite_number(debounce) or not 0 <= debounce <= MAX_DEBOUNCE:
        raise ValueError(
            f"debounce must be a number of seconds from 0 (the chart follows at once) to {MAX_DEBOUNCE:g} (longer, "
            f"and it seems never to follow), got {debounce!r}. {right}"
        )
    return float(debounce)


def _check_preset(preset, labels) -> str:
    """The playground's ``preset``: the label of one of ``labels`` (None: the first), else a clear error."""
    labels = list(labels)
    if preset is None:
        return labels[0]
    names = ", ".join(map(repr, labels))
    if not isinstance(preset, str):
        raise TypeError(
            f"preset must be the label of an example (a string), or None for the first one, not "
            f"{describe(preset)}. The presets are: {names}. Right: playground(preset={labels[0]!r})"
        )
    if preset in labels:
        return preset
    # Labels that hold what was typed ("nasa", or an example's key such as "nasa_rover"), else the closest.
    given = preset.strip().lower().replace("_", " ")
    close = [label for label in labels if given and given in label.lower()]
    if not close:
        lowered = {label.lower(): label for label in labels}
        close = [lowered[match] for match in difflib.get_close_matches(given, list(lowered), n=1, cutoff=0.5)]
    suggestion = f" Did you mean {' or '.join(map(repr, close[:3]))}?" if close else ""
    raise ValueError(
        f"unknown preset {preset!r}.{suggestion} The presets are: {names}. "
        f"Right: playground(preset={(close or labels)[0]!r})"
    )


def _presenter_toggle(widget, value: bool) -> widgets.ToggleButton:
    toggle = widgets.ToggleButton(value=value, description="presenter", icon="desktop",
                                  tooltip="large text for a projector", layout=widgets.Layout(width="auto"))
    toggle.add_class("bl-presenter-toggle")
    toggle.observe(lambda change: widget.set_presenter(change["new"]), names="value")
    return toggle
_SMOOTHING_LABELS = {name: method.menu_label for name, method in SMOOTHING.items()}


def _running_loop():
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class _Debouncer:
    """Call ``function`` once typing has paused for ``delay`` seconds (at once without an event loop)."""

    def __init__(self, function, delay: float):
        self.function = function
        self.delay = delay
        self._pending = None

    def __call__(self, *_):
        loop = _running_loop()
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
        if loop is None or not self.delay:
            self.function()
        else:
            self._pending = loop.call_later(self.delay, self.function)


@contextmanager
def _loading(widget):
    """Mark the widget's own changes to its controls, so their observers do not take them for the user's."""
    widget._loading = True
    try:
        yield
    finally:
        widget._loading = False


def _png(figure) -> bytes:
    buffer = io.BytesIO()
    # Fast zlib level: the image is redrawn while the user types.
    figure.savefig(buffer, format="png", pil_kwargs={"compress_level": 1})
    return buffer.getvalue()


def _new_figure(width: float, height: float, margins=(0.14, 0.97, 0.88, 0.12)):
    """A matplotlib Figure outside pyplot: nothing is displayed or kept globally."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), dpi=96)
    FigureCanvasAgg(figure)
    # Fixed margins: a layout engine would cost more time than the drawing on every update.
    left, right, top, bottom = margins
    figure.subplots_adjust(left=left, right=right, top=top, bottom=bottom)
    return figure


class ChartImage(widgets.HTML):
    """A chart as an ``<img>`` with a text alternative: ipywidgets' ``Image`` has no ``alt`` attribute, so a
    screen reader would find an image with no name (WCAG 2.1, 1.1.1; axe-core's rule image-alt).

    ``show(png, alt)`` puts the PNG bytes in a data URL; ``png`` and ``alt`` keep what is on display.
    """

    def __init__(self, css_class: str, width: str):
        super().__init__(layout=widgets.Layout(width=width, flex="0 1 auto"))
        self.add_class("bl-chart-image")
        self.add_class(css_class)
        self.png = b""
        self.alt = ""

    def show(self, png: bytes, alt: str) -> None:
        if (png, alt) == (self.png, self.alt):
            return
        self.png, self.alt = png, alt
        data = base64.b64encode(png).decode("ascii")
        self.value = opening("img", class_="widget-image", src=f"data:image/png;base64,{data}", alt=alt)


class BarChart:
    """One bar chart kept for the life of a widget: ``show(spec)`` updates bars and texts in place.

    The bars are rebuilt only when the set of labels changes (another metric
    view or max order); otherwise heights, texts and lines move.
    """

    def __init__(self, width: float = 5.6, height: float = 3.3, margins=(0.12, 0.78, 0.88, 0.1)):
        self.figure = _new_figure(width, height, margins)
        self.ax = self.figure.add_subplot()
        self._key: tuple | None = None
        self._last: tuple | None = None  # (spec, colours, dpi) and the PNG drawn for them
        self._bars: list = []
        self._texts: list = []
        self._lines: list = []
        self._line_texts: list = []
        self.redraws = 0  # how many times the bars were rebuilt (for tests)

    def _rebuild(self, spec: ChartSpec, colours):
        ax = self.ax
        ax.clear()
        zeros = [0.0] * len(spec.labels)
        self._bars = list(ax.bar(spec.labels, zeros, color=colours, edgecolor="black", linewidth=0.6))
        # A white box behind each bar's text keeps it readable where a dashed line crosses it.
        self._texts = [
            ax.text(i, 0.0, "", ha="center", va="bottom", fontsize=_FONT, zorder=5,
                    bbox={"facecolor": "white", "edgecolor": "none", "pad": 1.0})
            for i in range(len(spec.labels))
        ]
        self._lines, self._line_texts = [], []
        for style, colour in (("--", BLACK), (":", GREY)):
            self._lines.append(ax.axhline(0.0, linestyle=style, color=colour, linewidth=1.5, visible=False))
            # Line labels sit right of the axes, where they cannot cover a bar's text.
            self._line_texts.append(
                ax.text(1.01, 0.0, "", transform=ax.get_yaxis_transform(), ha="left", va="center", color=colour,
                        fontsize=_FONT - 1)
            )
        ax.set_ylim(0, 1.15)
        ax.set_ylabel(spec.ylabel, fontsize=_FONT, fontweight="bold")
        ax.tick_params(labelsize=_FONT)
        ax.spines[["top", "right"]].set_visible(False)
        self._key = spec.labels
        self.redraws += 1

    def show(self, spec: ChartSpec | None, colours=None) -> bytes:
        """Draw ``spec`` (None: empty bars and "No score to show") and return the figure as PNG bytes.

        The same spec, colours and resolution as last time return the same PNG without drawing.
        """
        key = (spec, tuple(colours) if colours else None, self.figure.dpi)
        if self._last is not None and self._last[0] == key:
            return self._last[1]
        if spec is None:
            labels = self._key or ("",)
            spec = ChartSpec("No score to show", labels, (0.0,) * len(labels), ("",) * len(labels), "value")
        if spec.labels != self._key:
            self._rebuild(spec, colours or [ORDER_COLOURS[i % len(ORDER_COLOURS)] for i in range(len(spec.labels))])
        self.ax.set_title(spec.title, fontsize=_FONT + 1, fontweight="bold")
        for bar, bar_text, value, label in zip(self._bars, self._texts, spec.values, spec.texts):
            bar.set_height(value)
            bar_text.set_position((bar.get_x() + bar.get_width() / 2, value + 0.02))
            bar_text.set_text(label)
        for i, (line, line_text) in enumerate(zip(self._lines, self._line_texts)):
            if i < len(spec.lines):
                value, label = spec.lines[i]
                line.set_ydata([value, value])
                line.set_visible(True)
                line_text.set_position((1.01, value))
                line_text.set_text(label)
            else:
                line.set_visible(False)
                line_text.set_text("")
        png = _png(self.figure)
        self._last = (key, png)
        return png


def _text_box(description: str, value: str, css: str, placeholder: str = "") -> widgets.Text:
    box = widgets.Text(
        value=value,
        description=description,
        placeholder=placeholder,
        continuous_update=True,  # every keystroke reaches the kernel
        layout=widgets.Layout(width="98%"),
        style={"description_width": "95px"},
    )
    box.add_class(css)
    return box


def _length_box(value: int, largest: int, description: str, css: str) -> widgets.BoundedIntText:
    """A number box from 1 to ``largest`` tokens (arrow keys step by one). Not a slider: ipywidgets 8 ties a
    number box's description to its input as a ``<label for>``, but gives a slider's handle no name a screen
    reader can announce (axe-core's rule aria-input-field-name)."""
    box = widgets.BoundedIntText(value=value, min=1, max=largest, step=1, description=description,
                                 continuous_update=True, style={"description_width": "95px"},
                                 layout=widgets.Layout(width="220px", max_width="100%"))
    box.add_class(css)
    return box


def _dropdown(options, value, description: str, width: str, label_width: str) -> widgets.Dropdown:
    return widgets.Dropdown(options=options, value=value, description=description,
                            layout=widgets.Layout(width=width, max_width="100%"),
                            style={"description_width": label_width})


class Playground(_Summary, widgets.VBox):
    """The BLEU playground: edit a candidate and up to four references, watch every part of the score.

    ``view`` is the :class:`bleu_lab.show.playground.PlaygroundView` on display.
    The score, table and highlights follow every keystroke; the chart and the
    other libraries' numbers follow ``debounce`` seconds after the last one.
    """

    _summary = "BLEU playground"

    def __init__(self, *, preset: str | None = None, debounce: float = FOLLOW_SECONDS, presenter: bool = False):
        # Constructor arguments are checked before anything is built: a mistake raises here, never later
        # inside a callback (where it could only be shown as a message, on every keystroke).
        presenter = _check_presenter(presenter, "playground")
        debounce = _check_debounce(debounce, "playground")
        self._presets = presets()
        first = _check_preset(preset, self._presets)
        candidate, references = self._presets[first]
        self.chart = BarChart()
        self.preset = _dropdown([*self._presets, _CUSTOM], first, "example", "420px", "95px")
        self.metric = widgets.ToggleButtons(options=list(METRIC_VIEWS), value="BLEU",
                                            style={"button_width": "70px"})
        self.metric.add_class("bl-metric-buttons")
        self.presenter = _presenter_toggle(self, presenter)
        self.candidate = _text_box("candidate", candidate, "bl-candidate-box", "type a candidate translation")
        self.references = [
            _text_box(f"reference {i + 1}", references[i] if i < len(references) else "", f"bl-reference-box-{i + 1}",
                      "optional: leave empty to drop it" if i else "type a reference translation")
            for i in range(MAX_REFERENCES)
        ]
        self.tokenize = _dropdown(list(available_tokenizers()), "13a", "tokenizer", "200px", "70px")
        self.lowercase = widgets.Checkbox(value=False, description="lowercase", indent=False,
                                          layout=widgets.Layout(width="110px"))
        self.max_order = _dropdown([1, 2, 3, 4], 4, "max order", "150px", "70px")
        self.smoothing = _dropdown([(_SMOOTHING_LABELS.get(s, s), s) for s in SMOOTHING_NAMES], "none", "smoothing",
                                   "240px", "75px")
        for control in (self.tokenize, self.max_order, self.smoothing):
            control.add_class("bl-setting")
        self.message = widgets.HTML()
        self.message.add_class("bl-message-area")
        self.highlights = widgets.HTML(layout=widgets.Layout(max_width="100%"))
        self.highlights.add_class("bl-highlights-area")
        self.numbers = widgets.HTML(layout=widgets.Layout(flex="0 1 auto", min_width="280px", max_width="100%"))
        self.numbers.add_class("bl-numbers-area")
        self.image = ChartImage("bl-chart", "520px")
        self.comparison = widgets.HTML(layout=widgets.Layout(max_width="100%"))
        self.comparison.add_class("bl-comparison-area")
        self.view = None
        self._loading = False

        title = widgets.HTML(
            element("h3", "BLEU playground", css="margin:2px 0")
            + "<div class='bl-intro'>Edit the candidate or a reference: the highlights, the per-order table, BP "
            "and the score follow every keystroke; the chart and the other libraries follow when you pause. "
            "Empty reference boxes are left out.</div>"
        )
        super().__init__(
            [
                _style_sheet(),
                title,
                _row([self.preset, self.metric, self.presenter]),
                self.candidate,
                *self.references,
                _row([self.tokenize, self.lowercase, self.max_order, self.smoothing]),
                self.message,
                self.highlights,
                _row([self.numbers, self.image]),
                self.comparison,
            ],
            layout=widgets.Layout(width="100%"),
        )
        self.add_class("bleu-lab-widget")
        self.add_class("bleu-lab-playground")

        self._follow = _Debouncer(self._show_chart, debounce)
        for box in (self.candidate, *self.references):
            box.observe(self._on_text, names="value")
        for control in (self.tokenize, self.lowercase, self.max_order, self.smoothing, self.metric):
            control.observe(lambda _change: self.refresh(), names="value")
        self.preset.observe(self._on_preset, names="value")
        self.set_presenter(presenter)
        self.refresh()

    def set_presenter(self, on: bool):
        """Large text and a larger, sharper chart for a projector (the "presenter" toggle)."""
        _set_presenter(self, on, self.chart.figure, self._follow)

    def _on_text(self, _change):
        if self._loading:
            return
        if self.preset.value != _CUSTOM:
            with _loading(self):
                self.preset.value = _CUSTOM
        self.refresh()

    def _on_preset(self, change):
        if self._loading or change["new"] not in self._presets:
            return
        candidate, references = self._presets[change["new"]]
        with _loading(self):
            self.candidate.value = candidate
            for i, box in enumerate(self.references):
                box.value = references[i] if i < len(references) else ""
        self.refresh()

    def _compute(self, compare: bool):
        return compute_playground(
            self.candidate.value,
            [box.value for box in self.references],
            tokenize=self.tokenize.value,
            lowercase=self.lowercase.value,
            max_order=self.max_order.value,
            smoothing=self.smoothing.value,
            metric=self.metric.value,
            compare=compare,
        )

    def refresh(self):
        """Recompute from the controls: the text parts now, the chart and other libraries after a pause.

        Never raises."""
        try:
            view = self._compute(compare=False)
            self.view = view
            self.message.value = message_html(view.message, view.notes)
            self.highlights.value = view.highlights_html
            empty = "<div class='bl-numbers'>BLEU = <span class='bl-score'>n/a</span></div>"
            self.numbers.value = view.numbers_html or empty
        except Exception as error:  # noqa: BLE001 - show a message, never a traceback
            self.message.value = message_html(f"Could not update the playground: {error}")
        self._follow()

    def _show_chart(self):
        try:
            # The chart first, from the view already shown (cached); then the slower other libraries. Once
            # they show the new numbers, the new chart is there too.
            chart = self._compute(compare=False).chart
            colours = [GREY, BLUE] if chart is not None and chart.labels and chart.labels[0] == "BLEU" else None
            self.image.show(self.chart.show(chart, colours), chart_alt_text(chart))
            view = self._compute(compare=True)  # bleu_lab's part is cached: only the other libraries are new
            self.view = view
            self.comparison.value = view.comparison_html
        except Exception as error:  # noqa: BLE001
            self.message.value = message_html(f"Could not update the chart: {error}")


def plot_bp_tradeoff(ax=None, *, reference_length: int = 12, mark=(4, 8, 12, 16)):
    """BP, p1 and p1 x BP against the candidate length c, for the explorer's texts cut to c and r tokens.

    The brevity penalty BP = exp(1 - r/c) for c <= r, else 1 (Papineni et al. 2002, sections 2.2.2 and 2.3) rises
    with c while the unigram precision p1 tends to fall: their product is BLEU with N = 1. ``mark``
    lengths get a marker and their value printed. Every curve is :func:`compute_bp_explorer`'s (no
    arithmetic here). Returns the axes.
    """
    from . import plotting

    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(7.5, 4.2), layout="constrained")
    first = compute_bp_explorer(1, reference_length)
    lengths = first.curve_lengths
    r = first.reference_length
    ax.plot(lengths, first.curve_values, color=BLUE, linewidth=2.5, label="BP")
    ax.plot(lengths, first.curve_p1, color=GREY, linewidth=1.5, linestyle="--", label="p1 (clipped unigram precision)")
    # Dash-dot with diamonds: told apart from the solid BP line without its colour (grayscale, colour-blind readers).
    ax.plot(lengths, first.curve_products, color=GREEN, linewidth=2.5, linestyle="-.", marker="D", markersize=4,
            label="p1 \u00d7 BP (BLEU with N = 1)")
    ax.axvline(r, color=GREY, linestyle=":", linewidth=1.5)
    ax.text(r + 0.3, 0.04, f"c = r = {r}", fontsize=_FONT, color=DARK_GREY)
    marked = []
    for c in mark or ():
        view = compute_bp_explorer(c, r)
        marked.append(view)
        ax.plot([view.candidate_length], [view.product], "s", color=VERMILLION, markersize=8, zorder=4)
        # Below right while the curves rise (c < r), above right where the product falls (or is too near 0
        # for room below): off the curves. A white box keeps the value readable where it still touches one.
        offset = (7, -15) if view.candidate_length < r and view.product > 0.09 else (7, 7)
        ax.annotate(f"{view.product:.3f}", (view.candidate_length, view.product), xytext=offset,
                    textcoords="offset points", ha="left", fontsize=_FONT - 1, color=VERMILLION, zorder=5,
                    bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none", "alpha": 0.9})
    ax.set_xlim(0, len(lengths) + 1)
    ax.set_ylim(0, 1.1)
    ax.set_xlabel("candidate length c (tokens)", fontsize=_FONT + 1, fontweight="bold")
    ax.set_ylabel("value", fontsize=_FONT + 1, fontweight="bold")
    ax.set_title(f"Brevity penalty against unigram precision (r = {r})", fontsize=_FONT + 2, fontweight="bold")
    ax.tick_params(labelsize=_FONT)
    ax.grid(alpha=0.3)
    ax.spines[["top", "right"]].set_visible(False)
    # Below the axes: a legend inside would cover the curves somewhere along c.
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=3, fontsize=_FONT - 2, frameon=False)
    best = max(range(len(lengths)), key=lambda i: first.curve_products[i])
    text = (f"Line chart: BP, p1 and p1 x BP against the candidate length c from 1 to {lengths[-1]} tokens, for a "
            f"reference of r = {r} tokens. BP rises from {first.curve_values[0]:.4f} at c = 1 to 1 at c = r; p1 "
            f"{plotting._trend(list(first.curve_p1), 4)}; p1 x BP is highest, {first.curve_products[best]:.4f}, "
            f"at c = {lengths[best]}.")
    if marked:
        text += " Marked: " + "; ".join(f"c = {v.candidate_length}: BP = {v.brevity_penalty:.4f}, p1 x BP = "
                                         f"{v.product:.4f}" for v in marked) + "."
    return plotting.describe_axes(ax, text)


class BpExplorer(_Summary, widgets.VBox):
    """Brevity penalty: move the candidate length (and the reference length) along the BP curve."""

    _summary = "Brevity-penalty explorer"

    def __init__(self, *, candidate_length: int = 8, reference_length: int = 12, presenter: bool = False):
        presenter = _check_presenter(presenter, "bp_explorer")
        max_c, max_r = bp_token_limits()
        # compute_bp_explorer's check and message: a length the boxes cannot hold is refused, not bent
        # to fit. Both boxes start at 1 (c = 0 has no p1; BP is 0 there by definition).
        right = ("The length boxes run from 1 to the number of tokens of each text. "
                 "Right: bp_explorer(candidate_length=8, reference_length=12)")
        candidate_length = check_bp_length(candidate_length, "candidate_length", 1, max_c, "candidate", right)
        reference_length = check_bp_length(reference_length, "reference_length", 1, max_r, "reference", right)
        self.candidate_length = _length_box(candidate_length, max_c, "candidate c", "bl-bp-candidate-length")
        self.reference_length = _length_box(reference_length, max_r, "reference r", "bl-bp-reference-length")
        self.text = widgets.HTML(layout=widgets.Layout(flex="0 1 auto", min_width="260px", max_width="100%"))
        self.text.add_class("bl-bp-text")
        self.image = ChartImage("bl-bp-chart", "480px")
        self.presenter = _presenter_toggle(self, presenter)

        # The legend sits in its own strip under the axes, where no marker can be (bottom margin 0.3).
        self.figure = _new_figure(5.0, 3.6, margins=(0.13, 0.97, 0.9, 0.3))
        ax = self.ax = self.figure.add_subplot()
        view = compute_bp_explorer(self.candidate_length.value, self.reference_length.value)
        (self._curve,) = ax.plot(
            view.curve_lengths, view.curve_values, color=BLUE, linewidth=2, label="BP(c) for this r"
        )
        self._r_line = ax.axvline(view.reference_length, color=GREY, linestyle=":", linewidth=1.5, label="c = r")
        (self._point,) = ax.plot([view.candidate_length], [view.brevity_penalty], "o", color=VERMILLION,
                                 markersize=10, label="BP at c")
        (self._product,) = ax.plot([view.candidate_length], [view.product], "s", color=GREEN, markersize=8,
                                   label="p1 x BP at c")
        ax.set_xlim(0, len(view.curve_lengths) + 1)
        ax.set_ylim(0, 1.08)
        ax.set_xlabel("candidate length c (tokens)", fontsize=_FONT, fontweight="bold")
        ax.set_ylabel("value", fontsize=_FONT, fontweight="bold")
        ax.set_title("Brevity penalty: BP = exp(1 - r/c) for c \u2264 r", fontsize=_FONT, fontweight="bold")
        ax.tick_params(labelsize=_FONT)
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, fontsize=_FONT - 2, frameon=False)
        ax.spines[["top", "right"]].set_visible(False)

        super().__init__(
            [
                _style_sheet(),
                _row([widgets.HTML(element("h3", "Brevity-penalty explorer", css="margin:2px 0")), self.presenter]),
                widgets.HTML("<div class='bl-intro'>The candidate and the reference are cut to the lengths in "
                             "the two boxes (type a number, or use the arrow keys).</div>"),
                self.candidate_length,
                self.reference_length,
                _row([self.text, self.image]),
            ]
        )
        self.add_class("bleu-lab-widget")
        self.add_class("bleu-lab-bp-explorer")
        self.candidate_length.observe(lambda _change: self.refresh(), names="value")
        self.reference_length.observe(lambda _change: self.refresh(), names="value")
        self.view = None
        self.set_presenter(presenter)
        self.refresh()

    def set_presenter(self, on: bool):
        """Large text and a sharper chart for a projector."""
        _set_presenter(self, on, self.figure, self.refresh)

    def refresh(self):
        """Recompute from the length boxes and redraw (never raises)."""
        try:
            view = compute_bp_explorer(self.candidate_length.value, self.reference_length.value)
            self.view = view
            self.text.value = view.html
            self._curve.set_ydata(view.curve_values)
            self._r_line.set_xdata([view.reference_length, view.reference_length])
            self._point.set_data([view.candidate_length], [view.brevity_penalty])
            self._product.set_data([view.candidate_length], [view.product])
            self.image.show(_png(self.figure), view.alt_text)
        except Exception as error:  # noqa: BLE001
            self.text.value = message_html(f"Could not update: {error}")


def _set_presenter(widget, on: bool, figure, redraw):
    """Presenter mode on or off: the CSS class (large text), the toggle, and the chart's resolution."""
    on = check_bool(on, "on", ". Right: widget.set_presenter(True)")  # the toggle always passes a bool
    if on:
        widget.add_class("bl-presenter")
    else:
        widget.remove_class("bl-presenter")
    if widget.presenter.value != on:
        widget.presenter.value = on
    dpi = _PRESENTER_DPI if on else _DPI
    if figure.dpi != dpi:
        figure.set_dpi(dpi)
        if widget.view is not None:
            redraw()


class ParaphraseExplorer(_Summary, widgets.VBox):
    """Rewrites of a reference scored by BLEU, ROUGE-1/2/L, chrF and the embedding similarity, side by side."""

    _summary = "Paraphrase explorer"

    def __init__(self, *, reference: str = PARAPHRASE_REFERENCE, debounce: float = FOLLOW_SECONDS,
                 presenter: bool = False):
        presenter = _check_presenter(presenter, "paraphrase_explorer")
        debounce = _check_debounce(debounce, "paraphrase_explorer")
        if not isinstance(reference, str):
            problem = text_problem(reference, "reference") or f"reference is {describe(reference)}, not a text"
            raise TypeError(
                f"{problem}. The explorer scores rewrites against one reference sentence, a string. "
                f"Right: paraphrase_explorer(reference={PARAPHRASE_REFERENCE!r})"
            )
        first = next(iter(PARAPHRASE_REWRITES))
        self.rewrite = _dropdown([*PARAPHRASE_REWRITES, _CUSTOM], first, "rewrite", "420px", "95px")
        self.reference = _text_box("reference", reference, "bl-paraphrase-reference")
        self.candidate = _text_box("rewrite text", PARAPHRASE_REWRITES[first], "bl-paraphrase-candidate")
        self.text = widgets.HTML(layout=widgets.Layout(min_width="220px", flex="0 1 auto"))
        self.text.add_class("bl-paraphrase-text")
        self.table = widgets.HTML(layout=widgets.Layout(max_width="100%"))
        self.table.add_class("bl-paraphrase-table")
        self.image = ChartImage("bl-paraphrase-chart", "560px")
        # Wide enough for six labels side by side at the chart's font size.
        self.chart = BarChart(6.6, 3.3, margins=(0.1, 0.98, 0.88, 0.1))
        self.presenter = _presenter_toggle(self, presenter)
        # Six different colours; the meaning-based score's (ochre) is apart from the overlap metrics'.
        self._colours = [GREY, *ORDER_COLOURS[:4], ORDER_COLOURS[5]]
        self._loading = False
        self.view: ParaphraseView | None = None
        super().__init__(
            [
                _style_sheet(),
                _row([widgets.HTML(element("h3", "Paraphrase explorer", css="margin:2px 0")), self.presenter]),
                widgets.HTML("<div class='bl-intro'>Pick or type a rewrite of the reference. BLEU uses "
                             "sacrebleu's 'exp' smoothing; ROUGE and chrF are F-measures; 'embedding' is "
                             "bleu_lab.similarity, the cosine of mean wordllama word vectors (it compares "
                             "the words' vectors, not their order: it sees synonyms, and misses negation "
                             "and swapped roles).</div>"),
                self.rewrite,
                self.reference,
                self.candidate,
                _row([self.text, self.image]),
                self.table,
            ]
        )
        self.add_class("bleu-lab-widget")
        self.add_class("bleu-lab-paraphrase-explorer")
        self._follow = _Debouncer(self._show_chart, debounce)
        self._follow_table = _Debouncer(self._show_table, debounce)
        self.rewrite.observe(self._on_rewrite, names="value")
        self.candidate.observe(self._on_candidate, names="value")
        self.reference.observe(lambda _change: self.refresh(table=True), names="value")
        self.set_presenter(presenter)
        self.refresh(table=True)

    def set_presenter(self, on: bool):
        """Large text and a sharper chart for a projector."""
        _set_presenter(self, on, self.chart.figure, self._follow)

    def _on_rewrite(self, change):
        if self._loading or change["new"] not in PARAPHRASE_REWRITES:
            return
        with _loading(self):
            self.candidate.value = PARAPHRASE_REWRITES[change["new"]]
        self.refresh()

    def _on_candidate(self, _change):
        if self._loading:
            return
        if self.rewrite.value != _CUSTOM:
            with _loading(self):
                self.rewrite.value = _CUSTOM
        self.refresh()

    def refresh(self, table: bool = False):
        """Rescore the rewrite now, redraw after a pause; ``table=True`` also rescores every preset rewrite
        (after the pause too). Never raises."""
        try:
            view = compute_paraphrase(self.candidate.value, self.reference.value)
            self.view = view
            self.text.value = view.html
        except Exception as error:  # noqa: BLE001
            self.text.value = message_html(f"Could not update: {error}")
        self._follow()
        if table:
            self._follow_table()

    def _show_chart(self):
        try:
            view = self.view
            values = tuple(view.scores.get(name) or 0.0 for name in PARAPHRASE_METRICS)
            texts = tuple(
                "n/a" if view.scores.get(name) is None else f"{view.scores[name]:.3f}" for name in PARAPHRASE_METRICS
            )
            spec = ChartSpec("One rewrite, six scores", PARAPHRASE_METRICS, values, texts, "score (F for ROUGE)")
            shown = spec if view.scores else None
            self.image.show(self.chart.show(shown, self._colours), chart_alt_text(shown))
        except Exception as error:  # noqa: BLE001
            self.text.value = message_html(f"Could not draw: {error}")

    def _show_table(self):
        try:
            self.table.value = _rewrites_table(self.reference.value)
        except Exception as error:  # noqa: BLE001
            self.table.value = message_html(f"Could not score the rewrites: {error}")


def _rewrites_table(reference: str) -> str:
    pad, right = "padding:1px 8px", "padding:1px 8px;text-align:right"
    rows = []
    for label, view in paraphrase_table(reference).items():
        numbers = [cell("n/a" if view.scores.get(m) is None else f"{view.scores[m]:.3f}", class_="bl-nowrap", css=right)
                   for m in PARAPHRASE_METRICS]
        # The label and text columns keep a readable width; on a narrow screen the table scrolls instead.
        rows.append(row(cell(text(label), css=f"{pad};min-width:9em"),
                        cell(f"<i>{text(view.candidate)}</i>", css=f"{pad};min-width:12em"), *numbers))
    header = [cell(h, header=True, css=f"{pad};text-align:left") for h in ("rewrite", "text")]
    header += [cell(h, header=True, css=right) for h in PARAPHRASE_METRICS]
    rows_html = f"<tr>{''.join(header)}</tr>{''.join(rows)}"
    return element(
        "div",
        element("div", "Every preset rewrite against the reference", css="margin-top:8px;font-weight:bold")
        + element("div", element("table", rows_html, css="border-collapse:collapse"), class_="bl-scroll"),
        css="line-height:1.35",
    )


def playground(*, preset: str | None = None, debounce: float = FOLLOW_SECONDS, presenter: bool = False) -> Playground:
    """The BLEU playground widget (display it as the last expression of a cell).

    ``preset``: the label of the example to start with (a key of :func:`bleu_lab.show.playground.presets`;
    None: the first). ``debounce``: seconds, from 0 to ``MAX_DEBOUNCE``, after the last keystroke before
    the chart and the other libraries follow (the score, table and highlights follow every keystroke).
    ``presenter=True``: large text for a projector. A wrong argument is a ``TypeError`` or ``ValueError``.
    """
    return Playground(preset=preset, debounce=debounce, presenter=presenter)


def bp_explorer(*, candidate_length: int = 8, reference_length: int = 12, presenter: bool = False) -> BpExplorer:
    """The brevity-penalty explorer widget.

    The lengths are whole numbers from 1 to the tokens of each text (:func:`bleu_lab.show.playground.bp_token_limits`);
    anything else is a ``TypeError`` or ``ValueError``, as in :func:`bleu_lab.show.playground.compute_bp_explorer`.
    """
    return BpExplorer(candidate_length=candidate_length, reference_length=reference_length, presenter=presenter)


def paraphrase_explorer(*, reference: str = PARAPHRASE_REFERENCE, debounce: float = FOLLOW_SECONDS,
                        presenter: bool = False) -> ParaphraseExplorer:
    """The paraphrase explorer widget (``presenter=True``: large text for a projector).

    ``reference`` is one sentence (a string); ``debounce`` as in :func:`playground`.
    """
    return ParaphraseExplorer(reference=reference, debounce=debounce, presenter=presenter)


__all__ = [
    "BarChart",
    "BpExplorer",
    "LabNote",
    "ParaphraseExplorer",
    "Playground",
    "bp_explorer",
    "in_voila",
    "lab_note",
    "paraphrase_explorer",
    "playground",
    "plot_bp_tradeoff",
]
