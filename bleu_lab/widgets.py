"""Live widgets: the BLEU playground, the brevity-penalty explorer and the paraphrase explorer.

Each widget only wires controls to a plain function of :mod:`bleu_lab.playground`
(which computes every number, message and piece of HTML shown) and draws one
matplotlib figure that it keeps and updates: bars and texts change, the figure
is never created again. Typing is debounced: the widget recomputes once the
user has stopped typing for ``debounce`` seconds (immediately when there is no
running event loop, as in a plain Python session or a test).

Importing this module imports ipywidgets and matplotlib; ``import bleu_lab``
does not import it.

Usage in a notebook (the last expression of a cell displays the widget)::

    from bleu_lab.widgets import playground
    playground()
"""

from __future__ import annotations

import asyncio
import html
import io
from contextlib import contextmanager

from .course import needs_extra

with needs_extra("bleu_lab.widgets"):  # says which extra to install when it is missing
    import ipywidgets as widgets

from .explanation import ORDER_COLOURS
from .playground import (
    MAX_REFERENCES,
    METRIC_VIEWS,
    PARAPHRASE_METRICS,
    PARAPHRASE_REFERENCE,
    PARAPHRASE_REWRITES,
    ChartSpec,
    available_tokenizers,
    bp_token_limits,
    compute_bp_explorer,
    compute_paraphrase,
    compute_playground,
    message_html,
    paraphrase_table,
    presets,
)
from .smoothing import SMOOTHING_NAMES

# Okabe-Ito colours (colour-blind safe) for bars that are not n-gram orders.
_BLUE, _VERMILLION, _GREY = "#0072b2", "#d55e00", "#555555"
_FONT = 12
_CUSTOM = "(your own text)"
_SMOOTHING_LABELS = {
    "none": "none",
    "floor": "floor (sacrebleu)",
    "add-k": "add-k (sacrebleu)",
    "exp": "exp (sacrebleu)",
    **{f"method{i}": f"method{i} (nltk)" for i in range(8)},
}


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


class BarChart:
    """One bar chart kept for the life of a widget: ``show(spec)`` updates bars and texts in place.

    The bars are rebuilt only when the set of labels changes (another metric
    view or max order); otherwise heights, texts and lines move.
    """

    def __init__(self, width: float = 5.6, height: float = 3.3, margins=(0.12, 0.78, 0.88, 0.1)):
        self.figure = _new_figure(width, height, margins)
        self.ax = self.figure.add_subplot()
        self._key = None
        self._bars = []
        self._texts = []
        self._lines = []
        self._line_texts = []
        self.redraws = 0  # how many times the bars were rebuilt (for tests)

    def _rebuild(self, spec: ChartSpec, colours):
        ax = self.ax
        ax.clear()
        self._bars = list(ax.bar(spec.labels, [0.0] * len(spec.labels), color=colours, edgecolor="black", linewidth=0.6))
        # A white box behind each bar's text keeps it readable where a dashed line crosses it.
        self._texts = [
            ax.text(i, 0.0, "", ha="center", va="bottom", fontsize=_FONT, zorder=5,
                    bbox={"facecolor": "white", "edgecolor": "none", "pad": 1.0})
            for i in range(len(spec.labels))
        ]
        self._lines, self._line_texts = [], []
        for style, colour in (("--", _VERMILLION), (":", _GREY)):
            self._lines.append(ax.axhline(0.0, linestyle=style, color=colour, linewidth=1.5, visible=False))
            # Line labels sit right of the axes, where they cannot cover a bar's text.
            self._line_texts.append(
                ax.text(1.01, 0.0, "", transform=ax.get_yaxis_transform(), ha="left", va="center", color=colour,
                        fontsize=_FONT - 1)
            )
        ax.set_ylim(0, 1.15)
        ax.set_ylabel(spec.ylabel, fontsize=_FONT)
        ax.tick_params(labelsize=_FONT)
        ax.spines[["top", "right"]].set_visible(False)
        self._key = spec.labels
        self.redraws += 1

    def show(self, spec: ChartSpec | None, colours=None) -> bytes:
        """Draw ``spec`` (None: empty bars and "No score to show") and return the figure as PNG bytes."""
        if spec is None:
            labels = self._key or ("",)
            spec = ChartSpec("No score to show", labels, (0.0,) * len(labels), ("",) * len(labels), "value")
        if spec.labels != self._key:
            self._rebuild(spec, colours or [ORDER_COLOURS[i % len(ORDER_COLOURS)] for i in range(len(spec.labels))])
        self.ax.set_title(spec.title, fontsize=_FONT + 1)
        for bar, text, value, label in zip(self._bars, self._texts, spec.values, spec.texts):
            bar.set_height(value)
            text.set_position((bar.get_x() + bar.get_width() / 2, value + 0.02))
            text.set_text(label)
        for i, (line, text) in enumerate(zip(self._lines, self._line_texts)):
            if i < len(spec.lines):
                value, label = spec.lines[i]
                line.set_ydata([value, value])
                line.set_visible(True)
                text.set_position((1.01, value))
                text.set_text(label)
            else:
                line.set_visible(False)
                text.set_text("")
        return _png(self.figure)


def _text_box(description: str, value: str, css: str, placeholder: str = "") -> widgets.Text:
    box = widgets.Text(
        value=value,
        description=description,
        placeholder=placeholder,
        continuous_update=True,
        layout=widgets.Layout(width="98%"),
        style={"description_width": "95px"},
    )
    box.add_class(css)
    return box


class Playground(widgets.VBox):
    """The BLEU playground: edit a candidate and up to four references, watch every part of the score.

    ``view`` is the :class:`bleu_lab.playground.PlaygroundView` on display.
    """

    def __init__(self, *, preset: str | None = None, debounce: float = 0.3):
        self._presets = presets()
        first = preset if preset in self._presets else next(iter(self._presets))
        candidate, references = self._presets[first]
        self.chart = BarChart()
        self.preset = widgets.Dropdown(
            options=[*self._presets, _CUSTOM], value=first, description="example",
            layout=widgets.Layout(width="420px"), style={"description_width": "95px"},
        )
        self.metric = widgets.ToggleButtons(options=list(METRIC_VIEWS), value="BLEU",
                                            style={"button_width": "70px"})
        self.candidate = _text_box("candidate", candidate, "bl-candidate-box", "type a candidate translation")
        self.references = [
            _text_box(f"reference {i + 1}", references[i] if i < len(references) else "", f"bl-reference-box-{i + 1}",
                      "optional: leave empty to drop it" if i else "type a reference translation")
            for i in range(MAX_REFERENCES)
        ]
        self.tokenize = widgets.Dropdown(options=list(available_tokenizers()), value="13a", description="tokenizer",
                                         layout=widgets.Layout(width="200px"), style={"description_width": "70px"})
        self.lowercase = widgets.Checkbox(value=False, description="lowercase", indent=False,
                                          layout=widgets.Layout(width="110px"))
        self.max_order = widgets.Dropdown(options=[1, 2, 3, 4], value=4, description="max order",
                                          layout=widgets.Layout(width="150px"), style={"description_width": "70px"})
        self.smoothing = widgets.Dropdown(options=[(_SMOOTHING_LABELS.get(s, s), s) for s in SMOOTHING_NAMES],
                                          value="none", description="smoothing",
                                          layout=widgets.Layout(width="240px"), style={"description_width": "75px"})
        self.message = widgets.HTML()
        self.message.add_class("bl-message-area")
        self.highlights = widgets.HTML()
        self.highlights.add_class("bl-highlights-area")
        self.numbers = widgets.HTML(layout=widgets.Layout(flex="1 1 auto", min_width="320px"))
        self.numbers.add_class("bl-numbers-area")
        self.image = widgets.Image(format="png", layout=widgets.Layout(width="520px", flex="0 0 auto"))
        self.image.add_class("bl-chart")
        self.comparison = widgets.HTML()
        self.comparison.add_class("bl-comparison-area")
        self.view = None
        self._loading = False

        title = widgets.HTML(
            "<h3 style='margin:2px 0'>BLEU playground</h3>"
            "<div style='color:#444;line-height:1.35;margin-bottom:4px'>Edit the candidate or a reference: the "
            "highlights, the per-order table, BP, the score and the chart follow as you type. Empty reference "
            "boxes are left out.</div>"
        )
        super().__init__(
            [
                title,
                widgets.HBox([self.preset, widgets.HTML("&nbsp;&nbsp;metric&nbsp;"), self.metric]),
                self.candidate,
                *self.references,
                widgets.HBox([self.tokenize, self.lowercase, self.max_order, self.smoothing]),
                self.message,
                self.highlights,
                widgets.HBox([self.numbers, self.image], layout=widgets.Layout(align_items="flex-start")),
                self.comparison,
            ],
            layout=widgets.Layout(width="100%"),
        )
        self.add_class("bleu-lab-playground")

        self._typed = _Debouncer(self.refresh, debounce)
        for box in (self.candidate, *self.references):
            box.observe(self._on_text, names="value")
        for control in (self.tokenize, self.lowercase, self.max_order, self.smoothing, self.metric):
            control.observe(lambda _change: self.refresh(), names="value")
        self.preset.observe(self._on_preset, names="value")
        self.refresh()

    def _on_text(self, _change):
        if self._loading:
            return
        if self.preset.value != _CUSTOM:
            with _loading(self):
                self.preset.value = _CUSTOM
        self._typed()

    def _on_preset(self, change):
        if self._loading or change["new"] not in self._presets:
            return
        candidate, references = self._presets[change["new"]]
        with _loading(self):
            self.candidate.value = candidate
            for i, box in enumerate(self.references):
                box.value = references[i] if i < len(references) else ""
        self.refresh()

    def refresh(self):
        """Recompute from the controls and update every output (never raises)."""
        try:
            view = compute_playground(
                self.candidate.value,
                [box.value for box in self.references],
                tokenize=self.tokenize.value,
                lowercase=self.lowercase.value,
                max_order=self.max_order.value,
                smoothing=self.smoothing.value,
                metric=self.metric.value,
            )
            self.view = view
            colours = None
            if view.chart is not None and view.chart.labels and view.chart.labels[0] == "BLEU":
                colours = [_GREY, _BLUE]
            # The chart goes first: when the numbers show the new text, the new chart has arrived too.
            self.image.value = self.chart.show(view.chart, colours)
            self.message.value = message_html(view.message, view.notes)
            self.highlights.value = view.highlights_html
            self.comparison.value = view.comparison_html
            self.numbers.value = view.numbers_html or "<div class='bl-numbers'>BLEU = <span class='bl-score'>n/a</span></div>"
        except Exception as error:  # noqa: BLE001 - show a message, never a traceback
            self.message.value = message_html(f"Could not update the playground: {error}")


class BpExplorer(widgets.VBox):
    """Brevity penalty: move the candidate length (and the reference length) along the BP curve."""

    def __init__(self, *, candidate_length: int = 8, reference_length: int = 12):
        max_c, max_r = bp_token_limits()
        self.candidate_length = widgets.IntSlider(value=min(candidate_length, max_c), min=1, max=max_c,
                                                  description="candidate c", style={"description_width": "95px"},
                                                  layout=widgets.Layout(width="520px"))
        self.candidate_length.add_class("bl-bp-candidate-slider")
        self.reference_length = widgets.IntSlider(value=min(reference_length, max_r), min=1, max=max_r,
                                                  description="reference r", style={"description_width": "95px"},
                                                  layout=widgets.Layout(width="520px"))
        self.reference_length.add_class("bl-bp-reference-slider")
        self.text = widgets.HTML(layout=widgets.Layout(flex="1 1 auto", min_width="300px"))
        self.text.add_class("bl-bp-text")
        self.image = widgets.Image(format="png", layout=widgets.Layout(width="480px", flex="0 0 auto"))
        self.image.add_class("bl-bp-chart")

        self.figure = _new_figure(5.0, 3.3, margins=(0.13, 0.97, 0.9, 0.15))
        ax = self.ax = self.figure.add_subplot()
        view = compute_bp_explorer(self.candidate_length.value, self.reference_length.value)
        (self._curve,) = ax.plot(view.curve_lengths, view.curve_values, color=_BLUE, linewidth=2, label="BP(c) for this r")
        self._r_line = ax.axvline(view.reference_length, color=_GREY, linestyle=":", linewidth=1.5, label="c = r")
        (self._point,) = ax.plot([view.candidate_length], [view.brevity_penalty], "o", color=_VERMILLION,
                                 markersize=10, label="BP at c")
        (self._product,) = ax.plot([view.candidate_length], [view.product], "s", color="#009e73", markersize=8,
                                   label="p1 x BP at c")
        ax.set_xlim(0, len(view.curve_lengths) + 1)
        ax.set_ylim(0, 1.08)
        ax.set_xlabel("candidate length c (tokens)", fontsize=_FONT)
        ax.set_ylabel("value", fontsize=_FONT)
        ax.set_title("Brevity penalty: BP = exp(1 - r/c) for c \u2264 r", fontsize=_FONT)
        ax.tick_params(labelsize=_FONT)
        ax.legend(loc="lower right", fontsize=_FONT - 2)
        ax.spines[["top", "right"]].set_visible(False)

        super().__init__(
            [
                widgets.HTML("<h3 style='margin:2px 0'>Brevity-penalty explorer</h3>"
                             "<div style='color:#444'>The candidate and the reference are cut to the lengths on "
                             "the sliders.</div>"),
                self.candidate_length,
                self.reference_length,
                widgets.HBox([self.text, self.image], layout=widgets.Layout(align_items="flex-start")),
            ]
        )
        self.add_class("bleu-lab-bp-explorer")
        self.candidate_length.observe(lambda _change: self.refresh(), names="value")
        self.reference_length.observe(lambda _change: self.refresh(), names="value")
        self.view = None
        self.refresh()

    def refresh(self):
        """Recompute from the sliders and redraw (never raises)."""
        try:
            view = compute_bp_explorer(self.candidate_length.value, self.reference_length.value)
            self.view = view
            self._curve.set_ydata(view.curve_values)
            self._r_line.set_xdata([view.reference_length, view.reference_length])
            self._point.set_data([view.candidate_length], [view.brevity_penalty])
            self._product.set_data([view.candidate_length], [view.product])
            self.image.value = _png(self.figure)
            self.text.value = view.html
        except Exception as error:  # noqa: BLE001
            self.text.value = message_html(f"Could not update: {error}")


class ParaphraseExplorer(widgets.VBox):
    """Rewrites of a reference scored by BLEU, ROUGE-1/2/L and chrF, side by side."""

    def __init__(self, *, reference: str = PARAPHRASE_REFERENCE, debounce: float = 0.3):
        first = next(iter(PARAPHRASE_REWRITES))
        self.rewrite = widgets.Dropdown(options=[*PARAPHRASE_REWRITES, _CUSTOM], value=first, description="rewrite",
                                        layout=widgets.Layout(width="420px"), style={"description_width": "95px"})
        self.reference = _text_box("reference", reference, "bl-paraphrase-reference")
        self.candidate = _text_box("rewrite text", PARAPHRASE_REWRITES[first], "bl-paraphrase-candidate")
        self.text = widgets.HTML(layout=widgets.Layout(min_width="220px"))
        self.text.add_class("bl-paraphrase-text")
        self.table = widgets.HTML()
        self.image = widgets.Image(format="png", layout=widgets.Layout(width="480px", flex="0 0 auto"))
        self.chart = BarChart(5.6, 3.3, margins=(0.12, 0.97, 0.88, 0.1))
        self._colours = [_GREY, ORDER_COLOURS[0], ORDER_COLOURS[1], ORDER_COLOURS[2], _BLUE]
        self._loading = False
        super().__init__(
            [
                widgets.HTML("<h3 style='margin:2px 0'>Paraphrase explorer</h3>"
                             "<div style='color:#444'>Pick or type a rewrite of the reference. BLEU uses "
                             "sacrebleu's 'exp' smoothing; ROUGE and chrF are F-measures.</div>"),
                self.rewrite,
                self.reference,
                self.candidate,
                widgets.HBox([self.text, self.image], layout=widgets.Layout(align_items="flex-start")),
                self.table,
            ]
        )
        self.add_class("bleu-lab-paraphrase-explorer")
        self._typed = _Debouncer(self.refresh, debounce)
        self._typed_reference = _Debouncer(lambda: self.refresh(table=True), debounce)
        self.rewrite.observe(self._on_rewrite, names="value")
        self.candidate.observe(self._on_candidate, names="value")
        self.reference.observe(lambda _change: self._typed_reference(), names="value")
        self.view = None
        self.refresh(table=True)

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
        self._typed()

    def refresh(self, table: bool = False):
        """Rescore the rewrite and redraw; ``table=True`` also rescores every preset rewrite (never raises)."""
        try:
            view = compute_paraphrase(self.candidate.value, self.reference.value)
            self.view = view
            values = tuple(view.scores.get(name) or 0.0 for name in PARAPHRASE_METRICS)
            texts = tuple("n/a" if view.scores.get(name) is None else f"{view.scores[name]:.3f}" for name in PARAPHRASE_METRICS)
            spec = ChartSpec("One rewrite, five metrics", PARAPHRASE_METRICS, values, texts, "score (F for ROUGE)")
            self.image.value = self.chart.show(spec if view.scores else None, self._colours)
            self.text.value = view.html
            if table:
                self.table.value = _rewrites_table(self.reference.value)
        except Exception as error:  # noqa: BLE001
            self.text.value = message_html(f"Could not update: {error}")


def _rewrites_table(reference: str) -> str:
    rows = []
    for label, view in paraphrase_table(reference).items():
        cells = "".join(
            f"<td style='padding:1px 8px;text-align:right'>{'n/a' if view.scores.get(m) is None else f'{view.scores[m]:.3f}'}</td>"
            for m in PARAPHRASE_METRICS
        )
        rows.append(
            f"<tr><td style='padding:1px 8px'>{html.escape(label)}</td>"
            f"<td style='padding:1px 8px'><i>{html.escape(view.candidate)}</i></td>{cells}</tr>"
        )
    header = "".join(f"<th style='padding:1px 8px'>{h}</th>" for h in ("rewrite", "text", *PARAPHRASE_METRICS))
    return (f"<div style='line-height:1.35'><div style='margin-top:8px;font-weight:bold'>Every preset rewrite "
            f"against the reference</div><table style='border-collapse:collapse'><tr>{header}</tr>{''.join(rows)}"
            f"</table></div>")


def playground(*, preset: str | None = None, debounce: float = 0.3) -> Playground:
    """The BLEU playground widget (display it as the last expression of a cell)."""
    return Playground(preset=preset, debounce=debounce)


def bp_explorer(*, candidate_length: int = 8, reference_length: int = 12) -> BpExplorer:
    """The brevity-penalty explorer widget."""
    return BpExplorer(candidate_length=candidate_length, reference_length=reference_length)


def paraphrase_explorer(*, reference: str = PARAPHRASE_REFERENCE, debounce: float = 0.3) -> ParaphraseExplorer:
    """The paraphrase explorer widget."""
    return ParaphraseExplorer(reference=reference, debounce=debounce)


__all__ = ["BarChart", "BpExplorer", "ParaphraseExplorer", "Playground", "bp_explorer", "paraphrase_explorer", "playground"]
