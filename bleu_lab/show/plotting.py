"""Pictures of the numbers: brevity penalty curves, precision bars, metric comparisons.

Imported only when asked for (``from bleu_lab.show import plotting``): ``import
bleu_lab`` does not load matplotlib. Every function takes an optional
matplotlib ``ax``, draws on it, and returns it, titled and labelled, with
fonts large enough for a projector. Nothing here changes matplotlib's global
style: font sizes are passed explicitly to each call.

The plots compute nothing of their own: every height and curve point comes
from a bleu_lab function (``brevity_penalty_value``, ``precision_and_brevity``,
``sentence_bleu``, ``ngram_matches``), so a picture cannot disagree with the
numbers printed beside it.

Colours are Okabe and Ito's colour-blind-safe palette.
"""

from __future__ import annotations

import numbers
import reprlib
from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from typing import Any

from ..course import needs_extra

with needs_extra("bleu_lab.show.plotting"):  # says which extra to install when it is missing
    import matplotlib.pyplot as plt
    from matplotlib.axes import Axes

from ..bleu.explanation import precision_and_brevity
from ..bleu.metric import brevity_penalty_value, tokenize_sentence
from ..bleu.results import BleuResult, PrecisionResult
from ..bleu.scoring import BleuSettings
from ..bleu.statistics import max_reference_counts, ngrams
from ..checks import (
    check_bool,
    check_candidate_and_references,
    check_order,
    check_text,
    describe,
    is_finite_number,
    is_real_number,
    is_whole_number,
    refuse_unordered,
)
from ..style import BLUE, DARK_GREEN, MARK_COLOUR, PURPLE, SERIES_COLOURS, SHADE_COLOUR, SKY_BLUE, opening

# Font sizes in points: readable from the back of a lecture room.
TITLE_SIZE = 15
LABEL_SIZE = 13
TICK_SIZE = 12
TEXT_SIZE = 11

# Labels stay regular weight: at 11-12 pt and a notebook's 100 dpi, Agg's hinting draws bold DejaVu Sans
# with slab-like strokes that read as a serif font. Emphasis comes from colour and size instead.
LABEL_WEIGHT = "normal"

# SERIES_COLOURS (bleu_lab.style) are in an order where neighbouring bars differ in hue and lightness.
# A fill pattern per series, so that bars told apart by colour are told apart in grayscale and by a
# colour-blind reader too (WCAG 2.1, 1.4.1: colour is not the only means); the first series stays plain.
HATCHES = (None, "//", "..", "xx", "\\\\", "++", "--", "oo")
LINE_STYLES = ("--", ":", "-.", (0, (5, 1, 1, 1)))
LINE_STYLE_NAMES = ("dashed", "dotted", "dash-dot", "dash-dot-dot")  # LINE_STYLES in words, for alt texts

# Limits: beyond these a figure shows nothing more, it only costs time and memory.
MAX_FIGURE_INCHES = 40.0  # each side of a new figure
MAX_CURVE_POINTS = 1000  # points of a brevity penalty curve: smooth at any width
MAX_LENGTH = 10**9  # tokens, for a reference or candidate length on a BP plot (a large corpus has fewer)
MAX_BINS = 200  # bins of a histogram of scores on the 0-1 scale
MAX_MARKS = 12  # marked lengths on a BP plot: each has a legend entry, and more would cover the curve
MAX_STEP_TICKS = 25  # a line plot labels every step up to this many; beyond, matplotlib picks the ticks


def axes_for(ax, figsize, function="plot_..."):
    """The given axes, or new ones on a new figure (at most ``MAX_FIGURE_INCHES`` a side) with a layout that
    keeps outside legends. ``function`` names the caller in the message for an ``ax`` that is not an Axes."""
    if ax is None:
        width, height = figsize
        _, ax = plt.subplots(figsize=(min(width, MAX_FIGURE_INCHES), min(height, MAX_FIGURE_INCHES)),
                             layout="constrained")
    elif not isinstance(ax, Axes):
        shown = "the pyplot module" if ax is plt else describe(ax)
        raise TypeError(f"ax must be a matplotlib Axes, not {shown}. Right: fig, ax = plt.subplots(); "
                        f"{function}(..., ax=ax)")
    return ax


def set_alt_text(target, text: str):
    """Give the figure of ``target`` (an Axes or a Figure) a text alternative, and return ``target``.

    A screen reader cannot see a plot, so every figure of the series says in words what it shows (its
    trend and its key numbers; WCAG 2.1, success criterion 1.1.1). The text travels with the picture:
    when the notebook displays the figure, the PNG output carries it as ``alt`` metadata, which nbconvert,
    Voila and the static site write into the ``<img alt>`` attribute. Every plotting function of bleu_lab
    already describes what it drew (:func:`describe_axes`); this text, given for the whole figure,
    replaces those descriptions: a caller who draws several plots on one figure, or wants to say more,
    calls it once for the whole.
    """
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"a text alternative must be a non-empty string, not {describe(text)}. "
                         f"Right: set_alt_text(ax, 'Bars: precision falls from 0.83 at order 1 to 0.20 at order 4')")
    figure = _root_figure(target, "set_alt_text")
    figure.bleu_lab_alt_text = text.strip()
    _publish_with_alt_text(figure)
    return target


def describe_axes(ax, text: str):
    """Record what ``ax`` shows (a plotting function's description of its own data) and return ``ax``.

    Every plotting function of bleu_lab calls this, whether it made its figure (``ax=None``) or drew on
    the caller's axes: the description belongs to the axes it drew. The figure's text alternative
    (:func:`alt_text`) is the text given to :func:`set_alt_text` when there is one; otherwise the
    descriptions of its axes, "Panel 1 of 2: ..." when several were described. Drawing again on the same
    axes replaces its description.
    """
    if not isinstance(ax, Axes):
        raise TypeError(f"describe_axes takes a matplotlib Axes, not {describe(ax)}. "
                        f"Right: describe_axes(ax, 'Line chart: ...')")
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"a description must be a non-empty string, not {describe(text)}. "
                         f"Right: describe_axes(ax, 'Line chart: ...')")
    setattr(ax, "bleu_lab_description", text.strip())  # noqa: B010 - mypy: Axes has no such attribute
    _publish_with_alt_text(_root_figure(ax, "describe_axes"))
    return ax


def alt_text(target) -> str | None:
    """The text alternative the figure of ``target`` (an Axes or a Figure) carries when displayed, or None.

    The text given to :func:`set_alt_text`, else the descriptions the plotting functions recorded on its
    axes (:func:`describe_axes`), in the order of the axes. Print it next to the figure where a reader
    cannot get at the image's ``alt`` attribute (JupyterLab 4 does not show it: docs/accessibility.md).
    """
    figure = _root_figure(target, "alt_text")
    explicit = getattr(figure, "bleu_lab_alt_text", None)
    if explicit:
        return explicit
    described = [ax.bleu_lab_description for ax in figure.get_axes() if getattr(ax, "bleu_lab_description", None)]
    if not described:
        return None
    if len(described) == 1:
        return described[0]
    count = len(described)
    return " ".join(f"Panel {i} of {count}: {text}" for i, text in enumerate(described, 1))


def _root_figure(target, function):
    """The whole figure ``target`` (an Axes, a Figure or a SubFigure) belongs to."""
    figure: Any = target.figure if isinstance(target, Axes) else target
    if hasattr(figure, "get_figure") and not hasattr(figure, "savefig"):
        figure = figure.get_figure(root=True)  # a SubFigure: the alt text belongs to the whole picture
    if not hasattr(figure, "savefig"):
        raise TypeError(f"{function} takes a matplotlib Axes or Figure, not {describe(target)}. "
                        f"Right: {function}(ax, 'what the figure shows')")
    return figure


def _publish_with_alt_text(figure) -> None:
    # IPython asks an object's _ipython_display_ first (before the inline backend's PNG printer, which would
    # drop any metadata), so the figure publishes its own PNG with the alt text beside it.
    figure._ipython_display_ = partial(_display_with_alt_text, figure)


def _display_with_alt_text(figure) -> None:
    """Publish ``figure`` as a PNG (as the inline backend draws it) with its text alternative as ``alt``."""
    from IPython.core.pylabtools import print_figure
    from IPython.display import publish_display_data

    from ..answers import in_voila

    png = print_figure(figure, "png", bbox_inches="tight", base64=True)
    text = alt_text(figure)
    data = {"image/png": png, "text/plain": repr(figure)}
    if text and in_voila():
        # Voila draws outputs with JupyterLab's image renderer, which writes no alt attribute (nbconvert's
        # templates and the static site read the metadata): there the same picture goes as HTML too, which
        # Voila prefers, so a screen reader finds <img alt>. Only under Voila: stored notebooks stay small.
        data["text/html"] = opening("img", quote='"', src=f"data:image/png;base64,{png}", alt=text,
                                    css="max-width: 100%; height: auto")
    publish_display_data(data, metadata={"image/png": {"alt": text}} if text else {})


def _number(value, digits: int = 3) -> str:
    """A value as the figure labels it: ``digits`` decimals (4 for a brevity penalty, as the notebooks print)."""
    return f"{value:.{digits}f}"


def _trend(values, digits: int = 3) -> str:
    """'rises from a to b', 'falls from a to b', 'stays at a' or 'goes from a to b' (up and down) for a series."""
    first, last = values[0], values[-1]
    steps = [b - a for a, b in zip(values, values[1:])]
    if all(step == 0 for step in steps):
        return f"stays at {_number(first, digits)}"
    if all(step >= 0 for step in steps):
        way = "rises"
    elif all(step <= 0 for step in steps):
        way = "falls"
    else:
        low, high = min(values), max(values)
        return (f"goes from {_number(first, digits)} to {_number(last, digits)} (lowest {_number(low, digits)}, "
                f"highest {_number(high, digits)})")
    return f"{way} from {_number(first, digits)} to {_number(last, digits)}"


def style_axes(ax, title, xlabel, ylabel):
    """Title and axis labels in the series' projector sizes."""
    ax.set_title(title, fontsize=TITLE_SIZE, pad=12)
    ax.set_xlabel(xlabel, fontsize=LABEL_SIZE)
    ax.set_ylabel(ylabel, fontsize=LABEL_SIZE)
    ax.tick_params(labelsize=TICK_SIZE)


def finish_axes(ax, title, xlabel, ylabel, *, grid, legend=True):
    """Titles, labels, a light grid behind the bars (``grid`` = "x" or "y") and the legend outside."""
    ax.grid(axis=grid, alpha=0.3)
    ax.set_axisbelow(True)
    style_axes(ax, title, xlabel, ylabel)
    if legend:
        _legend_outside(ax)


def _legend_outside(ax):
    """Legend to the right of the axes, where it cannot cover a bar."""
    ax.legend(fontsize=TEXT_SIZE, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0, frameon=False)


def _label_bars(ax, bars, texts, *, crowded):
    """Write ``texts`` on ``bars``: above each bar, or, when bars are narrow (``crowded``), turned upright
    and inside the tallest bars so no label crosses the top of the axes."""
    for bar, text in zip(bars, texts):
        x = bar.get_x() + bar.get_width() / 2
        height = bar.get_height()
        inside = crowded and height > 0.75
        # Black text on light bars, white on dark ones (relative luminance, sRGB weights).
        red, green, blue, _ = bar.get_facecolor()
        light = 0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.5
        # Inside a bar, the label sits on a patch of the bar's colour, so the series' hatch does not cross it.
        backing = dict(boxstyle="square,pad=0.1", facecolor=bar.get_facecolor(), edgecolor="none") if inside else None
        ax.annotate(
            text, (x, height), xytext=(0, -4 if inside else 3), textcoords="offset points",
            ha="center", va="top" if inside else "bottom", rotation=90 if crowded else 0,
            fontsize=TEXT_SIZE, color="white" if inside and not light else "black", fontweight=LABEL_WEIGHT,
            bbox=backing,
        )


def _is_list_like(values) -> bool:
    """A list, tuple, range or 1-D array of values; not a string (its characters would be read as the values)."""
    return not isinstance(values, (str, bytes)) and (isinstance(values, Sequence) or getattr(values, "ndim", None) == 1)


def _score(value, what, right):
    """``value`` as a float if it is a finite number on the 0-1 scale, else a TypeError or ValueError naming ``what``;
    ``right`` ends the message."""
    if not is_real_number(value):
        hint = " (give result.score, not the result)" if hasattr(value, "score") else ""
        raise TypeError(f"{what} must be a number on the 0-1 scale, not {describe(value)}{hint}. {right}")
    if not is_finite_number(value):
        raise ValueError(f"{what} must be a finite number on the 0-1 scale, got {reprlib.repr(value)}. {right}")
    if not 0 <= value <= 1:
        hint = " (sacrebleu prints 0-100: divide by 100)" if 1 < value <= 100 else ""
        raise ValueError(f"{what} is {value!r}; scores are on the 0-1 scale{hint}. {right}")
    return float(value)


def _positive_length(value, name):
    if not is_whole_number(value) or value < 1:
        raise ValueError(f"{name} must be a whole number of tokens >= 1, got {value!r}")
    if value > MAX_LENGTH:
        raise ValueError(f"{name} = {reprlib.repr(value)} is above bleu_lab's limit of {MAX_LENGTH:,} tokens for a "
                         f"brevity penalty plot. Right: plot_brevity_penalty(against='length', reference_length=12)")
    return int(value)


def _marks(mark):
    if mark is None:
        return []
    right = "Right: plot_brevity_penalty(reference_length=6, mark=[3, 9])"
    refuse_unordered(mark, "mark", "candidate lengths", f"one per point. {right}")
    if not isinstance(mark, numbers.Number) and not _is_list_like(mark):
        raise TypeError(f"mark must be a candidate length or a list of them, not {describe(mark)}. {right}")
    values = [mark] if isinstance(mark, numbers.Number) else list(mark)
    if len(values) > MAX_MARKS:
        raise ValueError(f"mark gives {len(values):,} candidate lengths; a plot shows at most {MAX_MARKS} (each has "
                         f"a legend entry), so pick a few. {right}")
    return [_positive_length(c, "mark (a candidate length)") for c in values]


# --------------------------------------------------------------------------- brevity penalty
MARKERS = ("o", "s", "D", "^", "v", "P", "X", "*")


def brevity_penalty_curve(against="ratio", reference_length=None, *, x_max=None):
    """The points the BP plot draws, as two lists ``(x, bp)``.

    ``against="ratio"``: x = r/c from 0.25 to ``x_max`` (default 3, at least 1.5; step 0.01);
    BP = 1 if r/c <= 1 else exp(1 - r/c) (Papineni et al. 2002, sections 2.2.2 and 2.3),
    computed by :func:`bleu_lab.bleu.brevity_penalty_value` with c = 1 and r = x.
    ``against="length"``: x = candidate lengths c = 1 .. ``x_max`` (default 2r,
    a whole number above r) and BP = brevity_penalty_value(c, r).
    Where that would be more than ``MAX_CURVE_POINTS`` points, that many are spread evenly
    (whole lengths for ``"length"``), with the corner of the curve (r/c = 1, c = r) among them.
    """
    if against == "ratio":
        right = "Right: brevity_penalty_curve('ratio', x_max=3)"
        if x_max is not None and not is_real_number(x_max):
            raise TypeError(f"x_max must be a number, the largest r/c drawn, such as 3, not {describe(x_max)}. {right}")
        if x_max is not None and (not is_finite_number(x_max) or x_max < 1.5):
            raise ValueError(f"x_max must be a finite number of at least 1.5 (the curve starts at r/c = 0.25 and the "
                             f"penalty at r/c = 1), got {reprlib.repr(x_max)}. {right}")
        top = 3.0 if x_max is None else float(x_max)
        steps = int(round((top - 0.25) / 0.01))
        if steps < MAX_CURVE_POINTS:
            xs = [round(0.25 + 0.01 * i, 2) for i in range(steps + 1)]
        else:
            xs = sorted({0.25 + (top - 0.25) * i / (MAX_CURVE_POINTS - 1) for i in range(MAX_CURVE_POINTS)} | {1.0})
        return xs, [brevity_penalty_value(1.0, x) for x in xs]
    if against == "length":
        if reference_length is None:
            raise ValueError(
                "against='length' draws BP for one fixed reference length; give it, e.g. "
                "plot_brevity_penalty(against='length', reference_length=12)"
            )
        r = _positive_length(reference_length, "reference_length")
        right = f"Right: brevity_penalty_curve('length', {r}, x_max={2 * r})"
        if x_max is not None and not is_whole_number(x_max):
            raise TypeError(f"x_max must be a whole number of tokens, the longest candidate drawn, not "
                            f"{describe(x_max)}. {right}")
        if x_max is not None and (x_max <= r or not is_finite_number(x_max)):
            raise ValueError(f"x_max must be a candidate length above reference_length = {r} (where BP reaches 1) "
                             f"that fits in a float, got {reprlib.repr(x_max)}. {right}")
        top = 2 * r if x_max is None else int(x_max)
        if top <= MAX_CURVE_POINTS:
            xs = list(range(1, top + 1))
        else:
            xs = sorted({1 + (top - 1) * i // (MAX_CURVE_POINTS - 1) for i in range(MAX_CURVE_POINTS)} | {r})
        return xs, [brevity_penalty_value(c, r) for c in xs]
    raise ValueError(f"against must be 'ratio' (BP against r/c) or 'length' (BP against c), got {against!r}")


def plot_brevity_penalty(ax=None, *, against="ratio", reference_length=None, mark=None):
    """Plot the brevity penalty BP = 1 if c > r else exp(1 - r/c) (Papineni et al. 2002, 2.2.2 and 2.3).

    ``against="ratio"`` draws BP against r/c (further right = shorter
    candidate); ``against="length"`` draws it against the candidate length c
    for a fixed ``reference_length`` r. The region where the candidate is at
    least as long as the reference is shaded: BP is 1 there, so a longer
    candidate is never penalised by BP (its extra words cost precision
    instead). ``mark`` is a candidate length, or a list of them, drawn as
    points labelled "c = ..." with their BP in the legend; with
    ``against="ratio"`` it needs ``reference_length`` to place them.

    The curve is the first line of the axes (gid ``"bp_curve"``).
    """
    if against not in ("ratio", "length"):
        raise ValueError(f"against must be 'ratio' (BP against r/c) or 'length' (BP against c), got {against!r}")
    marks = _marks(mark)
    if marks and reference_length is None:
        raise ValueError(
            "mark gives candidate lengths; BP also needs the reference length, e.g. "
            f"plot_brevity_penalty(against={against!r}, reference_length=6, mark={marks!r})"
        )
    r = None if reference_length is None else _positive_length(reference_length, "reference_length")
    ax = axes_for(ax, (9.5, 5.2), "plot_brevity_penalty")
    region_text = "no penalty\nfor longer\ncandidates\n(c \u2265 r)"
    if against == "ratio":
        x_max = max([3.0] + [r / c + 0.4 for c in marks])
        xs, bps = brevity_penalty_curve("ratio", x_max=x_max)
        (line,) = ax.plot(xs, bps, color=SERIES_COLOURS[0], linewidth=2.5, label="BP = exp(1 - r/c) when c \u2264 r")
        ax.axvspan(xs[0], 1.0, color=SHADE_COLOUR, alpha=0.15, label="c \u2265 r: BP = 1")
        ax.axvline(1.0, color="0.4", linestyle="--", linewidth=1)
        ax.text(0.3, 0.45, region_text, fontsize=TEXT_SIZE + 1, color=DARK_GREEN, va="center")
        ax.text(0.5 * (1 + x_max) + 0.1, 0.78, "shorter candidates:\nthe penalty grows fast",
                fontsize=TEXT_SIZE + 1, color="0.25")
        ax.set_xlim(xs[0], xs[-1])
        style_axes(ax, "Brevity penalty against the length ratio r/c",
               "r / c   (reference length / candidate length)", "brevity penalty BP")
        points = [(r / c, brevity_penalty_value(c, r), c) for c in marks]
        offset, align = (5, 8), "left"
    else:
        if r is None:
            brevity_penalty_curve("length")  # raises the error that shows the right call
        xs, bps = brevity_penalty_curve("length", r, x_max=max([2 * r] + [c + 1 for c in marks]))
        (line,) = ax.plot(xs, bps, color=SERIES_COLOURS[0], linewidth=2.5, marker="o", markersize=4,
                          label=f"BP for reference length r = {r}")
        ax.axvspan(r, xs[-1] + 0.5, color=SHADE_COLOUR, alpha=0.15, label="c \u2265 r: BP = 1")
        ax.axvline(r, color="0.4", linestyle="--", linewidth=1)
        ax.text(r + 0.04 * xs[-1] + 0.1, 0.45, region_text, fontsize=TEXT_SIZE + 1, color=DARK_GREEN,
                va="center")
        # Room left of c = 1 for its label (drawn left of the point), which would otherwise touch the frame.
        ax.set_xlim(-0.7 if any(c <= 1 for c in marks) else 0, xs[-1] + 0.5)
        style_axes(ax, f"Brevity penalty against candidate length (r = {r})", "candidate length c (tokens)",
               "brevity penalty BP")
        points = [(c, brevity_penalty_value(c, r), c) for c in marks]
        offset, align = (-5, 8), "right"
    line.set_gid("bp_curve")
    for i, (x, bp, c) in enumerate(points):
        ax.plot([x], [bp], linestyle="none", marker=MARKERS[i % len(MARKERS)], markersize=10, color=MARK_COLOUR,
                markeredgecolor="white", label=f"c = {c}: BP = {bp:.4f}", zorder=3)  # 4 places, as the notebooks print
        ax.annotate(f"c = {c}", (x, bp), textcoords="offset points", xytext=offset, ha=align,
                    fontsize=TEXT_SIZE + 1, color=MARK_COLOUR, fontweight=LABEL_WEIGHT)
    ax.set_ylim(-0.04, 1.12)  # below 0: a point at BP = 0.007 is drawn whole, not cut by the axis
    ax.grid(alpha=0.3)
    _legend_outside(ax)
    return describe_axes(ax, _brevity_penalty_description(against, r, xs, points))


def _brevity_penalty_description(against, r, xs, points) -> str:
    """The text alternative of :func:`plot_brevity_penalty`: the curve's shape, its values at a few x, the marks."""
    if against == "ratio":
        shown = [x for x in (1.5, 2.0, 3.0) if x <= xs[-1]]
        values = ", ".join(f"{brevity_penalty_value(1.0, x):.4f} at r/c = {x:g}" for x in shown)
        text = (f"Line chart: the brevity penalty BP against the length ratio r/c from {xs[0]:g} to {xs[-1]:g}. "
                f"BP is 1 while r/c is at most 1 (the candidate at least as long as the reference, shaded) "
                f"and falls for shorter candidates: {values}.")
    else:
        half = max(1, r // 2)
        text = (f"Line chart: the brevity penalty BP against the candidate length c from 1 to {xs[-1]} tokens, "
                f"for a reference of r = {r} tokens. BP rises from {brevity_penalty_value(1, r):.4f} at c = 1 to "
                f"{brevity_penalty_value(half, r):.4f} at c = {half} and is 1 from c = r = {r} on (shaded).")
    if points:
        text += " Marked: " + "; ".join(f"c = {c}: BP = {bp:.4f}" for _, bp, c in points) + "."
    return text


def precision_and_brevity_table(candidates, references, *, tokenize="13a", lowercase=False):
    """Per candidate: (c, r, p1, BP, p1 x BP), from :func:`bleu_lab.bleu.explanation.precision_and_brevity`.

    p1 is the clipped unigram precision (Papineni et al. 2002, section 2.1), BP = 1 if c > r else
    exp(1 - r/c) with r the closest reference length (sections 2.2.2 and 2.3). p1 x BP is BLEU with unigrams
    only: dropping words keeps p1 high and the brevity penalty makes them pay.
    """
    if isinstance(candidates, str):
        raise TypeError(
            "candidates is a single string; it must be a list of candidates (a bare string would be read as "
            f"one candidate per character). Right: precision_and_brevity_table([{candidates[:40]!r}], references)"
        )
    call = "precision_and_brevity_table(['the cat', 'the cat sat on the mat'], ['the cat sat on the mat'])"
    refuse_unordered(candidates, "candidates", "candidates", f"one per row. Right: {call}")
    if not isinstance(candidates, Iterable):
        raise TypeError(f"candidates must be a list of candidate sentences, not {describe(candidates)}. Right: {call}")
    BleuSettings(tokenize=tokenize, lowercase=lowercase)  # a wrong setting says what is wrong, before any text
    if isinstance(references, str):
        raise TypeError(
            "references is a single string; it must be the list of references that every candidate is scored "
            "against, even when there is only one. "
            f"Right: precision_and_brevity_table(candidates, [{references[:40]!r}])"
        )
    rows = []
    for k, candidate in enumerate(candidates):
        # Name the candidate that is wrong; the references are the same for all and checked as one list.
        candidate = check_text(candidate, what=f"candidates[{k}]", call=call)
        candidate, checked = check_candidate_and_references(
            candidate, references, function="precision_and_brevity_table", call=call
        )
        candidate_tokens, reference_tokens = tokenize_sentence(candidate, checked, tokenize, lowercase)
        row = precision_and_brevity(candidate_tokens, reference_tokens)
        rows.append((row.candidate_length, row.reference_length, row.p1, row.brevity_penalty, row.product))
    return rows


def plot_precision_and_brevity(candidates, references, ax=None, *, tokenize="13a", lowercase=False,
                               title="Unigram precision, brevity penalty and their product"):
    """p1, BP and p1 x BP against the candidate length c, one point per candidate.

    Short candidates keep p1 high and lose through BP; long ones keep BP = 1 and lose through p1;
    the product (BLEU with unigrams only) peaks where the candidate has the reference's length.
    The numbers are :func:`precision_and_brevity_table`'s.
    """
    rows = precision_and_brevity_table(candidates, references, tokenize=tokenize, lowercase=lowercase)
    if not rows:
        raise ValueError("give at least one candidate, e.g. plot_precision_and_brevity(['the cat'], ['the cat sat'])")
    ax = axes_for(ax, (9.5, 5.2), "plot_precision_and_brevity")
    lengths = [row[0] for row in rows]
    # The product equals BP where p1 = 1 (c <= r here) and p1 where BP = 1 (c >= r), so it lies on one of
    # the other two everywhere. Each is drawn so that the one beneath still shows: p1 as a broad line
    # with large squares, BP with large hollow circles (the square or diamond inside stays visible),
    # the product last as a thin black dashed line with small diamonds, the broad line showing around it.
    series = (("p1 (unigram precision)", 2, "s", SERIES_COLOURS[1], SERIES_COLOURS[1], "-", 6.0, 11, 2),
              ("BP (brevity penalty)", 3, "o", SERIES_COLOURS[0], "none", "-", 3.0, 20, 3),
              ("p1 x BP (unigram BLEU):\n= BP where p1 = 1, = p1 where BP = 1", 4, "D", "black", MARK_COLOUR, "--",
               1.4, 6, 4))
    for label, column, marker, colour, face, style, width, size, layer in series:
        ax.plot(lengths, [row[column] for row in rows], marker=marker, markersize=size, linewidth=width, color=colour,
                linestyle=style, markerfacecolor=face, markeredgewidth=2.2 if face == "none" else 1, label=label,
                zorder=layer, clip_on=False)
    for r in sorted({row[1] for row in rows}):
        ax.axvline(r, color="0.4", linestyle=":", linewidth=1.2)
        ax.annotate(f"r = {r}", (r, 1.06), xytext=(4, 0), textcoords="offset points", ha="left",
                    fontsize=TEXT_SIZE, color="0.25")
    ax.set_ylim(-0.04, 1.12)  # below 0, so that a circle at BP = 0.0067 is not cut by the axis
    ax.set_xlim(0, max(lengths) + 1)
    finish_axes(ax, title, "candidate length c (tokens)", "value (0-1)", grid="both")
    best = max(rows, key=lambda row: row[4])
    references = ", ".join(f"r = {r}" for r in sorted({row[1] for row in rows}))
    points = "; ".join(f"c = {c}: p1 = {p1:.3f}, BP = {bp:.3f}, p1 x BP = {product:.3f}"
                       for c, _, p1, bp, product in rows)
    return describe_axes(ax, f"Line chart: {title}, against the candidate length c, one point per candidate "
                             f"({references}). {points}. The product is highest, {best[4]:.3f}, at c = {best[0]}.")


# --------------------------------------------------------------------------- precisions
def _precision_series(result):
    """(matches, totals) per order for a BleuResult or a sequence of PrecisionResult."""
    if isinstance(result, BleuResult):
        return result.counts, result.totals
    if isinstance(result, PrecisionResult):
        return [result.matches], [result.total]
    if isinstance(result, Sequence) and result and all(isinstance(p, PrecisionResult) for p in result):
        ordered = sorted(result, key=lambda p: p.n)
        return [p.matches for p in ordered], [p.total for p in ordered]
    raise TypeError(
        f"plot_precisions takes a BleuResult, a list of PrecisionResult, or a list of those; got {describe(result)}. "
        "Right: plot_precisions([sentence_bleu(c1, refs), sentence_bleu(c2, refs)], labels=['c1', 'c2'])"
    )


def _as_series_list(results, labels):
    if isinstance(results, Mapping):
        if labels is None:
            labels = list(results)
        results = list(results.values())
    single = isinstance(results, (BleuResult, PrecisionResult)) or (
        isinstance(results, Sequence) and results and all(isinstance(p, PrecisionResult) for p in results)
    )
    if single:
        results = [results]
    elif not isinstance(results, Sequence) or isinstance(results, str) or not results:
        raise TypeError(
            f"plot_precisions takes a BleuResult or a non-empty list of results, got {describe(results)}. "
            "Right: plot_precisions([sentence_bleu(c1, refs), sentence_bleu(c2, refs)], labels=['c1', 'c2'])"
        )
    series = [_precision_series(r) for r in results]
    if labels is None:
        labels = [f"candidate {i}" for i in range(1, len(series) + 1)] if len(series) > 1 else ["candidate"]
    right = "Right: plot_precisions([sentence_bleu(c1, refs), sentence_bleu(c2, refs)], labels=['c1', 'c2'])"
    if not _is_list_like(labels):
        one = f" (one result: labels=[{labels!r}])" if isinstance(labels, str) else ""
        raise TypeError(f"labels must be a list with one label per result, not {describe(labels)}{one}. {right}")
    if len(labels) != len(series):
        raise ValueError(f"give one label per result: {len(series)} results, labels={labels!r}. {right}")
    return series, [str(label) for label in labels]


def _bar_width(groups):
    return 0.8 / groups


def plot_precisions(results, labels=None, ax=None, *, title="Modified (clipped) n-gram precision"):
    """Grouped bars of modified precision p_n = clipped matches / candidate n-grams (Papineni et al. 2002, 2.1).

    ``results``: one ``BleuResult``, one list of ``PrecisionResult`` (from
    ``modified_precision``), a list of either, or a dict ``{label: result}``.
    Heights are ``counts[n] / totals[n]`` (the precision before any smoothing;
    0 when there is no n-gram of that order) and every bar is labelled with
    its "matches/total". The y axis runs from 0 to 1.05.
    """
    series, labels = _as_series_list(results, labels)
    orders = max(len(totals) for _, totals in series)
    k = len(series)
    # Long legend entries sit beside the axes: widen a new figure so the bars keep their room.
    legend_room = 0.09 * max(0, max(len(label) for label in labels) - 14)
    ax = axes_for(ax, (min(13.0, max(8.0, 2.5 + 0.5 * k * orders) + legend_room), 5.2), "plot_precisions")
    width = _bar_width(k)
    for i, ((matches, totals), label) in enumerate(zip(series, labels)):
        xs = [n + (i - (k - 1) / 2) * width for n in range(len(totals))]
        heights = [m / t if t else 0.0 for m, t in zip(matches, totals)]
        bars = ax.bar(xs, heights, width * 0.92, color=SERIES_COLOURS[i % len(SERIES_COLOURS)], label=label,
                      edgecolor="white", linewidth=0.5, hatch=HATCHES[i % len(HATCHES)])
        _label_bars(ax, bars, [f"{m}/{t}" for m, t in zip(matches, totals)], crowded=k > 3)
    names = {1: "unigrams", 2: "bigrams", 3: "trigrams", 4: "4-grams"}
    ax.set_xticks(range(orders), [f"p{n}\n({names.get(n, f'{n}-grams')})" for n in range(1, orders + 1)])
    ax.set_ylim(0, 1.05)
    ax.set_xlim(-0.5, orders - 0.5)
    finish_axes(ax, title, "n-gram order", "modified precision p_n", grid="y")
    parts = []
    for (matches, totals), label in zip(series, labels):
        values = ", ".join(f"p{n} = {m}/{t} = {m / t if t else 0.0:.3f}"
                           for n, (m, t) in enumerate(zip(matches, totals), 1))
        parts.append(f"{label}: {values}")
    return describe_axes(ax, f"Bar chart: {title}, by n-gram order (matches/total). " + "; ".join(parts) + ".")


# --------------------------------------------------------------------------- metric comparison
# What the scores of each grouped-bars function hold, for its messages: (row, series, an example of scores).
SCORE_SHAPES = {
    "plot_metric_comparison": ("candidate label", "metric name", "{'literal': {'BLEU': 1.0, 'chrF': 1.0}}"),
    "plot_smoothing_comparison": ("method label", "sentence label", "{'exp': {'A': 0.25, 'B': 0.5}}"),
    "plot_system_scores": ("system", "metric", "{'MSRA.MADL': {'BLEU': 0.4493, 'chrF': 0.6893}}"),
}


def _check_scores(scores, function):
    """The series of ``scores`` = ``{row: {series: value on the 0-1 scale}}``, in order of first appearance;
    messages name ``function`` and its shape (``SCORE_SHAPES``)."""
    row_key, series_key, example = SCORE_SHAPES[function]
    right = f"Right: {function}({example})"
    if not isinstance(scores, Mapping) or not scores:
        shown = "an empty dict" if isinstance(scores, Mapping) else describe(scores)
        raise TypeError(f"scores must be a non-empty dict {{{row_key}: {{{series_key}: value}}}}, got {shown}. {right}")
    series = []
    for label, row in scores.items():
        if not isinstance(row, Mapping):
            raise TypeError(f"scores[{label!r}] must be a dict {{{series_key}: value}}, got {describe(row)}. {right}")
        for name, value in row.items():
            _score(value, f"scores[{label!r}][{name!r}]", right)
            if name not in series:
                series.append(name)
    if not series:
        first = f"scores[{next(iter(scores))!r}]"
        empty = f"{first} is an empty dict" if len(scores) == 1 else f"{first} and every other row are empty dicts"
        raise ValueError(f"{empty}: there is nothing to draw; give at least one {series_key} and its value. {right}")
    return series


def _grouped_axes(scores, ax, figsize, function) -> tuple:
    """``(series, groups, ax, bar width)`` of grouped bars: the checked series of ``scores``, its groups in
    order, the axes (new ones of ``figsize(series, groups)`` inches when ``ax`` is None)."""
    series = _check_scores(scores, function)
    groups = list(scores)
    return series, groups, axes_for(ax, figsize(len(series), len(groups)), function), _bar_width(len(series))


def _bar_positions(scores, groups, name, index, k, width) -> tuple:
    """``(positions, values, missing)`` of series ``name``, the ``index``-th of ``k``, in each group of ``scores``:
    where its bar stands (offset from the group's centre by bars of ``width``) and its value, for the groups
    that have one; where its bar would stand, for the groups that do not."""
    positions, values, missing = [], [], []
    for g, group in enumerate(groups):
        position = g + (index - (k - 1) / 2) * width
        if name in scores[group]:
            positions.append(position)
            values.append(float(scores[group][name]))
        else:
            missing.append(position)
    return positions, values, missing


def _grouped_bars_up(scores, ax, *, function, figsize, digits, crowded_past, title, xlabel, ylabel):
    """Upright grouped bars for ``{group: {series: value}}`` on the 0-1 scale: one group per key (in order),
    one coloured bar per series, each value printed with ``digits`` decimals (turned upright when there are
    more than ``crowded_past`` series). A series missing from a group is marked "n/a" where its bar would stand."""
    series, groups, ax, width = _grouped_axes(scores, ax, figsize, function)
    crowded = len(series) > crowded_past
    for i, name in enumerate(series):
        xs, heights, missing = _bar_positions(scores, groups, name, i, len(series), width)
        bars = ax.bar(xs, heights, width * 0.92, color=SERIES_COLOURS[i % len(SERIES_COLOURS)], label=name,
                      edgecolor="white", linewidth=0.5, hatch=HATCHES[i % len(HATCHES)])
        _label_bars(ax, bars, [f"{h:.{digits}f}" for h in heights], crowded=crowded)
        for x in missing:
            ax.annotate("n/a", (x, 0), xytext=(0, 3), textcoords="offset points", ha="center", va="bottom",
                        rotation=90 if crowded else 0, fontsize=TEXT_SIZE, color="0.35")
    ax.set_xticks(range(len(groups)), groups)
    ax.set_ylim(0, 1.05)
    ax.set_xlim(-0.5, len(groups) - 0.5)
    finish_axes(ax, title, xlabel, ylabel, grid="y")
    return describe_axes(ax, _grouped_description(scores, series, title, xlabel, ylabel, digits))


def _grouped_description(scores, series, title, row_label, value_label, digits) -> str:
    """The text alternative of grouped bars: every value, group by group ("n/a" where a series has none)."""
    rows = []
    for group, row in scores.items():
        values = ", ".join(f"{name} {float(row[name]):.{digits}f}" if name in row else f"{name} n/a"
                           for name in series)
        rows.append(f"{group}: {values}")
    return f"Bar chart: {title}; {value_label}, one group per {row_label}. " + "; ".join(rows) + "."


def plot_metric_comparison(scores, ax=None, title="The same candidates under different metrics"):
    """Grouped bars: one group per candidate, one bar per metric, the value printed on each bar.

    ``scores`` is ``{candidate label: {metric name: value}}`` with values on
    the 0-1 scale, e.g. ``{"paraphrase": {"BLEU": 0.0, "ROUGE-1": 0.3333,
    "chrF": 0.28}}``. A metric missing for a candidate is marked "n/a". Zero bars
    still show "0.00", so a metric that gives nothing is visible.
    """
    return _grouped_bars_up(
        scores, ax, function="plot_metric_comparison",
        figsize=lambda k, groups: (min(12.0, max(8.0, 2.5 + 0.45 * k * groups)), 5.2), digits=2,
        crowded_past=3, title=title, xlabel="candidate", ylabel="score (0-1 scale)",
    )


# --------------------------------------------------------------------------- n-gram counts
def ngram_count_table(candidate, references, n=1, *, tokenize="13a", lowercase=False):
    """Rows ``(ngram, candidate count, [count in each reference], clip, clipped count)`` for each distinct
    candidate n-gram, in order of first appearance.

    clip = the largest count in any single reference; clipped = min(candidate count, clip)
    (Papineni et al. 2002, section 2.1). These are the numbers :func:`plot_ngram_counts` draws.
    """
    n = check_order(n, "n")  # first: n = 10**9 would count for ever
    check_bool(lowercase, "lowercase", ". Right: ngram_count_table(candidate, references, lowercase=True)")
    candidate, references = check_candidate_and_references(candidate, references, function="ngram_count_table")
    cand, refs = tokenize_sentence(candidate, references, tokenize, lowercase)
    clips = max_reference_counts(refs, n)
    per_reference = [ngrams(r, n) for r in refs]
    return [
        (gram, count, [c[gram] for c in per_reference], clips.get(gram, 0), min(count, clips.get(gram, 0)))
        for gram, count in ngrams(cand, n).items()
    ]


def plot_ngram_counts(candidate, references, n=1, ax=None, *, tokenize="13a", lowercase=False, title=None):
    """Bars per distinct candidate n-gram: its count in the candidate, in each reference, and after clipping.

    Shows clipping at work: the clipped count is min(candidate count, the
    largest count in any one reference), so each n-gram may be clipped by a
    different reference (Papineni et al. 2002, section 2.1).
    """
    rows = ngram_count_table(candidate, references, n, tokenize=tokenize, lowercase=lowercase)
    n_refs = len(rows[0][2]) if rows else len(references)
    kinds = ["in the candidate"] + [f"in reference {j}" for j in range(1, n_refs + 1)] + ["clipped (counted)"]
    k = len(kinds)
    ax = axes_for(ax, (max(8.0, 2.5 + 0.45 * k * max(1, len(rows))), 5.2), "plot_ngram_counts")
    width = _bar_width(k)
    reference_tints = (SKY_BLUE, BLUE, PURPLE)
    colours = [SERIES_COLOURS[1], *(reference_tints[j % 3] for j in range(n_refs)), SERIES_COLOURS[2]]
    for i, kind in enumerate(kinds):
        if i == 0:
            heights = [row[1] for row in rows]
        elif i == k - 1:
            heights = [row[4] for row in rows]
        else:
            heights = [row[2][i - 1] for row in rows]
        xs = [g + (i - (k - 1) / 2) * width for g in range(len(rows))]
        # Candidate plain, references dotted or crossed, the clipped count striped: told apart without colour.
        pattern = "//" if i == k - 1 else None if i == 0 else ("..", "xx", "++")[(i - 1) % 3]
        bars = ax.bar(xs, heights, width * 0.92, color=colours[i], label=kind, edgecolor="white", linewidth=0.5,
                      hatch=pattern)
        ax.bar_label(bars, [str(h) for h in heights], padding=2, fontsize=TEXT_SIZE)
    ax.set_xticks(range(len(rows)), ['"' + " ".join(row[0]) + '"' for row in rows])
    top = max([row[1] for row in rows] + [max(row[2], default=0) for row in rows] + [1])
    ax.set_ylim(0, top * 1.15 + 0.5)
    ax.yaxis.get_major_locator().set_params(integer=True)
    title = title or f"Clipping, {n}-gram by {n}-gram"
    finish_axes(ax, title, f"candidate {n}-gram", "count", grid="y")
    counts = []
    for gram, count, in_references, _, clipped in rows:
        references_text = ", ".join(f"reference {j} {c}" for j, c in enumerate(in_references, 1))
        counts.append(f'"{" ".join(gram)}": candidate {count}, {references_text}, clipped {clipped}')
    matched = sum(row[4] for row in rows)
    total = sum(row[1] for row in rows)
    return describe_axes(ax, f"Bar chart: {title}. For each candidate {n}-gram, its count in the candidate, in "
                             f"each reference, and clipped. " + "; ".join(counts)
                             + f". In all {matched} of {total} candidate {n}-grams count.")


# --------------------------------------------------------------------------- smoothing
def _grouped_bars_across(scores, ax, *, function, figsize, x_max, title, xlabel, ylabel):
    """Horizontal grouped bars for ``{row: {series: value}}``: one row per key (first at the top),
    one coloured bar per series, each value printed; a series missing from a row is marked "n/a"."""
    series, rows, ax, height = _grouped_axes(scores, ax, figsize, function)
    for i, name in enumerate(series):
        ys, widths, missing = _bar_positions(scores, rows, name, i, len(series), height)
        bars = ax.barh(ys, widths, height * 0.92, color=SERIES_COLOURS[i % len(SERIES_COLOURS)], label=name,
                       edgecolor="white", linewidth=0.5, hatch=HATCHES[i % len(HATCHES)])
        ax.bar_label(bars, [f"{w:.3f}" for w in widths], padding=3, fontsize=TEXT_SIZE)
        for y in missing:
            ax.text(0.005, y, "n/a", va="center", fontsize=TEXT_SIZE, color="0.35")
    ax.set_yticks(range(len(rows)), rows)
    ax.set_ylim(len(rows) - 0.5, -0.5)  # first row at the top
    ax.set_xlim(0, x_max)
    finish_axes(ax, title, xlabel, ylabel, grid="x")
    return describe_axes(ax, _grouped_description(scores, series, title, ylabel, xlabel, 3))


def plot_smoothing_comparison(scores, ax=None, *, title="Sentence BLEU under each smoothing method"):
    """Grouped bars: one group per smoothing method, one bar per sentence, the value printed on each.

    ``scores`` is ``{method label: {sentence label: BLEU}}`` on the 0-1 scale,
    e.g. ``sentence_bleu(c, refs, smoothing=m).score`` for the sacrebleu names
    ("none", "floor", "add-k", "exp") and nltk's "method0"-"method7" that Chen
    and Cherry (2014) compare. Methods are drawn left to right in the order given,
    in a wide, low figure that fits a projector's screen. A sentence missing from a
    method (one that cannot score it, such as nltk's method6 without a matching
    trigram) is marked "n/a".
    """
    return _grouped_bars_up(
        scores, ax, function="plot_smoothing_comparison",
        figsize=lambda k, groups: (min(14.0, max(8.0, 2.5 + 0.3 * k * groups)), 5.6), digits=3,
        crowded_past=0, title=title, xlabel="smoothing method", ylabel="sentence BLEU (0-1 scale)",
    )


# --------------------------------------------------------------------------- a real test set (notebook 08)
def _check_rows(values, what, example):
    if not isinstance(values, Mapping) or not values:
        shown = "an empty dict" if isinstance(values, Mapping) else describe(values)
        raise TypeError(f"{what} must be a non-empty dict, got {shown}. Right: {example}")
    return list(values)


def plot_system_scores(scores, ax=None, *, title=None):
    """Horizontal grouped bars: one row per system (first at the top), one bar per metric, values printed.

    ``scores`` is ``{system: {metric: value}}`` on the 0-1 scale, in the order
    to draw (e.g. ranked by BLEU), such as ``{"MSRA.MADL": {"BLEU": 0.4493,
    "chrF": 0.6893}}``. The title is "Corpus scores of N systems" unless given.
    """
    if title is None and isinstance(scores, Mapping) and scores:
        title = f"Corpus scores of {len(scores)} system" + ("" if len(scores) == 1 else "s")
    return _grouped_bars_across(
        scores, ax, function="plot_system_scores", figsize=lambda k, rows: (10.5, 1.4 + 0.34 * k * rows), x_max=1.0,
        title=title, xlabel="corpus score (0-1 scale)", ylabel="system",
    )


def plot_score_histogram(scores, ax=None, *, bins=20, title="Sentence BLEU of every sentence"):
    """Overlaid histograms of per-sentence scores, one per system, with each mean as a dashed line.

    ``scores`` is ``{system: [sentence score, ...]}`` on the 0-1 scale (e.g.
    ``sentence_bleu(c, [r]).score`` for every line of a test set); ``bins`` equal-width bins
    (a whole number from 1 to ``MAX_BINS``) cover 0 to 1.
    """
    right = "Right: plot_score_histogram({'A': [0.1, 0.5], 'B': [0.3, 0.2]}, bins=20)"
    systems = _check_rows(scores, "scores", "plot_score_histogram({'A': [0.1, 0.5], 'B': [0.3, 0.2]})")
    if not is_whole_number(bins):
        raise TypeError(f"bins must be a whole number of equal-width bins such as 20, not {describe(bins)}. {right}")
    if not 1 <= bins <= MAX_BINS:
        raise ValueError(f"bins must be from 1 to {MAX_BINS} (20 bins are 0.05 wide), got {bins}. {right}")
    rows = []
    for system in systems:
        row = scores[system]
        if not _is_list_like(row):
            raise TypeError(f"scores[{system!r}] must be a list of sentence scores, not {describe(row)}. {right}")
        if len(row) == 0:
            raise ValueError(f"scores[{system!r}] is empty; give at least one sentence score. {right}")
        rows.append([_score(v, f"scores[{system!r}][{j}]", right) for j, v in enumerate(row)])
    ax = axes_for(ax, (10.0, 5.0), "plot_score_histogram")
    edges = [i / bins for i in range(bins + 1)]
    for i, (system, values) in enumerate(zip(systems, rows)):
        colour, mean = SERIES_COLOURS[i % len(SERIES_COLOURS)], sum(values) / len(values)
        ax.hist(values, bins=edges, histtype="stepfilled", alpha=0.35, color=colour, edgecolor=colour, linewidth=1.5,
                label=f"{system} (mean {mean:.3f})", hatch=HATCHES[i % len(HATCHES)])
        ax.axvline(mean, color=colour, linestyle=LINE_STYLES[i % len(LINE_STYLES)], linewidth=2)
    ax.set_xlim(0, 1)
    finish_axes(ax, title, "sentence score (0-1 scale)", "number of sentences", grid="y")
    parts = []
    for i, (system, values) in enumerate(zip(systems, rows)):
        in_lowest = sum(1 for v in values if v < edges[1])
        count = f"{len(values)} sentence" + ("" if len(values) == 1 else "s")
        line = LINE_STYLE_NAMES[i % len(LINE_STYLE_NAMES)]  # the style its mean line is drawn in
        parts.append(f"{system}: {count}, mean {sum(values) / len(values):.3f} ({line} line), "
                     f"{in_lowest} below {edges[1]:g}")
    return describe_axes(ax, f"Histogram: {title}, {bins} bins of width {1 / bins:g} from 0 to 1. "
                             + "; ".join(parts) + ".")


def _interval_title(results):
    """The default title: the results' confidence level when they share one (95% when they do not say)."""
    levels = {getattr(result, "confidence", None) for result in results}
    if levels == {None}:
        return "Corpus BLEU with 95% bootstrap intervals"
    (level,) = levels if len(levels) == 1 else (None,)
    if is_real_number(level) and 0 < level < 1:
        return f"Corpus BLEU with {100 * level:g}% bootstrap intervals"
    return "Corpus BLEU with bootstrap intervals"


def plot_confidence_intervals(intervals, ax=None, *, title=None):
    """One row per system (first at the top): a dot at the score, a bar from ``low`` to ``high``.

    ``intervals`` is ``{system: result}`` where each result has ``.score``,
    ``.low`` and ``.high`` on the 0-1 scale (a :class:`bleu_lab.significance.BootstrapResult`).
    Overlapping bars are a hint, not a test: use ``paired_bootstrap`` to compare two systems.
    The title gives the results' ``.confidence`` (95% when they have none) unless given.
    """
    example = "plot_confidence_intervals({'A': bootstrap_ci(cands, refs)})"
    systems = _check_rows(intervals, "intervals", example)
    rows = []
    for system in systems:
        result = intervals[system]
        if not all(hasattr(result, name) for name in ("score", "low", "high")):
            raise TypeError(
                f"intervals[{system!r}] needs .score, .low and .high (a bootstrap_ci result), got {describe(result)}. "
                f"Right: {example}"
            )
        score, low, high = (_score(getattr(result, name), f"intervals[{system!r}].{name}", f"Right: {example}")
                            for name in ("score", "low", "high"))
        if low > high:
            raise ValueError(f"intervals[{system!r}] has low = {low!r} above high = {high!r}; an interval runs "
                             f"from low up to high. Right: {example}")
        rows.append((score, low, high))
    ax = axes_for(ax, (10.0, 1.4 + 0.45 * len(systems)), "plot_confidence_intervals")
    for g, (score, low, high) in enumerate(rows):
        # A percentile interval can miss the score (skewed resamples): the bar still runs from low to high.
        centre = min(max(score, low), high)
        ax.errorbar(centre, g, xerr=[[centre - low], [high - centre]], fmt="o" if centre == score else "none",
                    color=SERIES_COLOURS[0], ecolor=SERIES_COLOURS[0], elinewidth=3, capsize=5, markersize=7)
        if centre != score:
            ax.plot([score], [g], "o", color=SERIES_COLOURS[0], markersize=7)
        ax.annotate(f"{score:.3f} [{low:.3f}, {high:.3f}]", (max(high, score), g), xytext=(8, 0),
                    textcoords="offset points", va="center", fontsize=TEXT_SIZE)
    ax.set_yticks(range(len(systems)), systems)
    ax.set_ylim(len(systems) - 0.5, -0.5)
    lows = [min(low, score) for score, low, _ in rows]
    highs = [max(high, score) for score, _, high in rows]
    span = max(highs) - min(lows)
    ax.set_xlim(min(lows) - 0.05 * span, max(highs) + 0.45 * span)  # room for the value labels on the right
    title = _interval_title(intervals.values()) if title is None else title
    finish_axes(ax, title, "corpus BLEU (0-1 scale)", "system", grid="x", legend=False)
    parts = "; ".join(f"{system} {score:.3f} [{low:.3f}, {high:.3f}]" for system, (score, low, high)
                      in zip(systems, rows))
    return describe_axes(ax, f"Interval chart: {title}; each system's score with its interval [low, high]. "
                             f"{parts}.")


# --------------------------------------------------------------------------- scores along a change (notebook 05b)
def plot_score_lines(scores, steps, ax=None, *, title="Scores along a change", xlabel="step",
                     ylabel="score (0-1 scale)"):
    """One line of markers per metric: its score at each step of a change made to a candidate.

    ``scores`` is ``{metric label: [score at each step]}`` on the 0-1 scale, ``steps`` the x values
    (e.g. how many words were moved), one number per score. Labels should say which way is better,
    "TER (lower is better)", since error rates and BLEU run in opposite directions.
    """
    example = "plot_score_lines({'TER': [0.0, 0.08]}, steps=[0, 1], title=..., xlabel=...)"
    right = f"Right: {example}"
    labels = _check_rows(scores, "scores", example)
    if not _is_list_like(steps):
        raise TypeError(f"steps must be a list of x values, one per score, not {describe(steps)}. {right}")
    steps = list(steps)
    for i, step in enumerate(steps):
        if not is_real_number(step):
            raise TypeError(f"steps[{i}] must be a number, not {describe(step)}. {right}")
        if not is_finite_number(step):
            raise ValueError(f"steps[{i}] must be a finite number, got {reprlib.repr(step)}. {right}")
    for label in labels:
        row = scores[label]
        if not _is_list_like(row) or len(row) != len(steps):
            count = f"{len(steps)} step" + ("" if len(steps) == 1 else "s")
            raise ValueError(f"scores[{label!r}] must be a list with one score per step ({count}), "
                             f"not {describe(row)}. {right}")
        for i, value in enumerate(row):
            _score(value, f"scores[{label!r}][{i}]", right)
    ax = axes_for(ax, (10.5, 5.2), "plot_score_lines")
    # Markers tell the lines apart without colour; on a long change every k-th point carries one.
    every = max(1, len(steps) // MAX_STEP_TICKS)
    for i, label in enumerate(labels):
        ax.plot(steps, list(scores[label]), marker=MARKERS[i % len(MARKERS)], markersize=7, linewidth=2.5,
                markevery=every, color=SERIES_COLOURS[i % len(SERIES_COLOURS)], label=label)
    if len(steps) <= MAX_STEP_TICKS:
        ax.set_xticks(steps)
    ax.set_ylim(-0.03, 1.05)
    finish_axes(ax, title, xlabel, ylabel, grid="both")
    return describe_axes(ax, _score_lines_description(scores, steps, title, xlabel, ylabel))


def _score_lines_description(scores, steps, title, xlabel, ylabel) -> str:
    """The text alternative of :func:`plot_score_lines`: which way each line goes, and every value when the
    x axis labels every step."""
    parts = []
    for label, row in scores.items():
        values = [float(v) for v in row]
        text = f"{label} {_trend(values)}"
        if len(values) <= MAX_STEP_TICKS:
            text += " (" + ", ".join(f"{step:g}: {v:.3f}" for step, v in zip(steps, values)) + ")"
        parts.append(text)
    return (f"Line chart: {title}; {ylabel} against {xlabel} ({steps[0]:g} to {steps[-1]:g}). "
            + "; ".join(parts) + ".")


__all__ = [
    "alt_text",
    "brevity_penalty_curve",
    "describe_axes",
    "ngram_count_table",
    "plot_brevity_penalty",
    "plot_confidence_intervals",
    "plot_metric_comparison",
    "plot_ngram_counts",
    "plot_precision_and_brevity",
    "plot_precisions",
    "plot_score_histogram",
    "plot_score_lines",
    "plot_smoothing_comparison",
    "plot_system_scores",
    "precision_and_brevity_table",
    "set_alt_text",
]
