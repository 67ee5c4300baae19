"""Pictures of human judgments: an MQM segment with its marked errors, system- against segment-level
correlations, rankings that change with the reference, a learned metric's weights.

Like :mod:`bleu_lab.show.plotting` (whose sizes, palette and helpers these reuse): each function takes an
optional ``ax``, draws numbers computed elsewhere in bleu_lab, returns the axes, and gives the figure a
text alternative (:func:`bleu_lab.show.plotting.set_alt_text`) that states the trend and the key numbers.
Nothing here computes a score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..checks import describe
from ..style import MAJOR_MARK, MINOR_MARK, NEUTRAL_MARK, bullet_list, span, text
from .plotting import (
    SERIES_COLOURS,
    TEXT_SIZE,
    TICK_SIZE,
    axes_for,
    finish_axes,
    set_alt_text,
    style_axes,
)

# Severity styles that differ in grayscale too: Major a dark solid underline on a strong tint, Minor a
# dotted underline on a pale one, Neutral a thin dashed line.
_SEVERITY_STYLE = {"Major": MAJOR_MARK, "Minor": MINOR_MARK, "Neutral": NEUTRAL_MARK}
_SEVERITY_RANK = {"Neutral": 1, "Minor": 2, "Major": 3}
_TEXT_MARKS = {"Major": ("[[", "]]"), "Minor": ("[", "]"), "Neutral": ("{", "}")}


@dataclass(frozen=True)
class MarkedSegment:
    """One rated output with its marked error spans, shown highlighted (HTML) or bracketed (text).

    In text, a Major span is ``[[...]]``, a Minor one ``[...]``, a Neutral one ``{...}``; where spans
    overlap, the more severe mark wins.
    """

    text: str
    errors: tuple  # MqmError rows of this output and segment
    system: str
    penalty: float

    def _runs(self) -> list:
        """(piece of text, severity marking it or None), in order: the most severe error covering each character."""
        rank = [0] * len(self.text)  # 0: unmarked
        for error in self.errors:
            if error.start >= 0 and error.severity in _SEVERITY_RANK:
                for k in range(error.start, error.end):
                    rank[k] = max(rank[k], _SEVERITY_RANK[error.severity])
        by_rank = {r: severity for severity, r in _SEVERITY_RANK.items()}
        level = [by_rank.get(r) for r in rank]
        runs: list = []
        for character, severity in zip(self.text, level):
            if runs and runs[-1][1] == severity:
                runs[-1][0] += character
            else:
                runs.append([character, severity])
        return [(piece, severity) for piece, severity in runs]

    def _error_lines(self) -> list:
        lines = [f"{e.severity} {e.category}: {e.span!r} (weight {e.weight:g})" for e in self.errors]
        total = " + ".join(f"{e.weight:g}" for e in self.errors) or "0"
        lines.append(f"penalty = {total} = {self.penalty:g}")
        return lines

    def __str__(self) -> str:
        marked = "".join(f"{_TEXT_MARKS[s][0]}{piece}{_TEXT_MARKS[s][1]}" if s else piece
                         for piece, s in self._runs())
        return "\n".join([f"{self.system}: {marked}", *("  " + line for line in self._error_lines())])

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        pieces = "".join(
            span(text(piece), _SEVERITY_STYLE[s], title=s) if s else text(piece) for piece, s in self._runs()
        )
        return (f"<div class='bleu-lab-result'><b>{text(self.system)}</b>: "
                f"{span(pieces, 'font-size:110%;line-height:1.8')}{bullet_list(self._error_lines())}</div>")


def marked_segment(judgments, system: str, segment: int) -> MarkedSegment:
    """The output of ``system`` for ``segment`` (0-based) of ``load_mqm_ted(...)``, with its errors marked."""
    call = 'marked_segment(load_mqm_ted("en-de"), "Nemo", 0)'
    lines = {**judgments.outputs, **judgments.human_translations}
    if system not in lines:
        raise ValueError(f"no rated output {system!r}; the outputs are {', '.join(map(repr, lines))}. Right: {call}")
    if not isinstance(segment, int) or not 0 <= segment < len(judgments.source):
        raise ValueError(f"segment must be a whole number from 0 to {len(judgments.source) - 1}, not "
                         f"{describe(segment)}. Right: {call}")
    errors = tuple(e for e in judgments.errors if e.system == system and e.segment == segment)
    return MarkedSegment(lines[system][segment], errors, system, judgments.segment_penalties[system][segment])


def plot_system_and_segment_correlation(system_level: Mapping[str, float], segment_level: Mapping[str, float],
                                        ax=None, *, title="Agreement with the experts: systems against segments",
                                        xlabel="Kendall tau with MQM"):
    """Two bars per metric: its correlation with MQM over systems and over segments.

    ``system_level`` and ``segment_level``: ``{metric: correlation}`` (e.g. ``correlation(...).kendall``
    and ``segment_correlation(...).value``), the same metrics in both.
    """
    for name, values in (("system_level", system_level), ("segment_level", segment_level)):
        if not isinstance(values, Mapping) or not values:
            raise TypeError(f"{name} must be a non-empty dict {{metric: correlation}}, not {describe(values)}. "
                            f"Right: plot_system_and_segment_correlation({{'BLEU': 0.38}}, {{'BLEU': 0.06}})")
    metrics = [m for m in system_level if m in segment_level]
    ax = axes_for(ax, (10.5, 1.6 + 0.8 * len(metrics)), "plot_system_and_segment_correlation")
    height = 0.38
    for k, (label, values) in enumerate((("system level", system_level), ("segment level", segment_level))):
        ys = [i + (k - 0.5) * height for i in range(len(metrics))]
        bars = ax.barh(ys, [values[m] for m in metrics], height * 0.92, label=label,
                       color=SERIES_COLOURS[k], hatch="" if k == 0 else "//", edgecolor="white")
        ax.bar_label(bars, [f"{values[m]:.3f}" for m in metrics], padding=3, fontsize=TEXT_SIZE)
    ax.set_yticks(range(len(metrics)), metrics)
    ax.set_ylim(len(metrics) - 0.5, -0.5)
    low = min(0.0, *system_level.values(), *segment_level.values())
    ax.set_xlim(low - 0.05 if low < 0 else 0, 1.0)
    ax.axvline(0, color="0.3", linewidth=0.8)
    finish_axes(ax, title, xlabel, "metric", grid="x")
    summary = "; ".join(f"{m}: {system_level[m]:.3f} over systems, {segment_level[m]:.3f} over segments"
                        for m in metrics)
    set_alt_text(ax, f"Horizontal bars per metric, system level against segment level. {summary}.")
    return ax


def plot_rank_changes(rankings: Mapping[str, Sequence[str]], highlight: Sequence[str] = (), ax=None, *,
                      title="Rank of every output under each judge"):
    """A slope chart: one column per judge (``{judge: names best first}``), a line per output joining its
    ranks; the outputs in ``highlight`` (the human translations) drawn thick. An output a judge cannot
    rank (the reference itself, for an overlap metric) has no point in that column."""
    if not isinstance(rankings, Mapping) or len(rankings) < 2:
        raise TypeError("rankings must be a dict of at least two {judge: [names, best first]}. "
                        "Right: plot_rank_changes({'MQM': ['refB', 'A', 'B'], 'BLEU vs ref': ['A', 'refB', 'B']})")
    judges = list(rankings)
    names = list(dict.fromkeys(name for ranking in rankings.values() for name in ranking))
    deepest = max(len(r) for r in rankings.values())
    ax = axes_for(ax, (12.0, 1.5 + 0.42 * deepest), "plot_rank_changes")
    marked = [n for n in names if n in highlight]
    for name in names:
        points = [(x, list(rankings[j]).index(name) + 1) for x, j in enumerate(judges) if name in rankings[j]]
        xs, ranks = zip(*points)
        strong = name in marked
        first = strong and marked.index(name) == 0  # the first highlighted output solid, the others dashed
        colour = (SERIES_COLOURS[5] if first else SERIES_COLOURS[0]) if strong else "0.6"
        ax.plot(xs, ranks, marker="o" if strong else ".", linewidth=3.5 if strong else 1.2, markersize=9,
                color=colour, linestyle="--" if strong and not first else "-", zorder=3 if strong else 2)
        for x, rank, side in ((xs[0], ranks[0], "right"), (xs[-1], ranks[-1], "left")):
            ax.text(x + (-0.06 if side == "right" else 0.06), rank, name, ha=side, va="center",
                    fontsize=TEXT_SIZE + (1 if strong else 0), color="black" if strong else "0.35")
    ax.set_xticks(range(len(judges)), judges, fontsize=TICK_SIZE)
    ax.set_xlim(-1.2, len(judges) - 1 + 1.2)
    ax.set_ylim(deepest + 0.6, 0.4)  # rank 1 at the top
    ax.set_yticks(range(1, deepest + 1))
    style_axes(ax, title, "judge", "rank (1 = best)")
    ax.grid(axis="y", alpha=0.3)
    where = "; ".join(n + ": " + ", ".join(f"{list(rankings[j]).index(n) + 1} of {len(rankings[j])} by {j}"
                                           if n in rankings[j] else f"not ranked by {j}" for j in judges)
                      for n in marked)
    set_alt_text(ax, f"Slope chart of the ranks of {len(names)} outputs under {', '.join(judges)}. "
                     f"Highlighted: {where}.")
    return ax


def plot_feature_weights(model, ax=None, *, title="What the linear metric learned"):
    """Horizontal bars: the weight of each feature of a :class:`bleu_lab.learned_metric.LinearMetric`
    (MQM points per standard deviation of the feature), largest magnitude at the top."""
    if not hasattr(model, "weights") or not hasattr(model, "features"):
        raise TypeError(f"model must be a LinearMetric from fit_linear_metric, not {describe(model)}. "
                        f"Right: plot_feature_weights(fit_linear_metric(features, human, split.train))")
    order = sorted(range(len(model.features)), key=lambda k: -abs(model.weights[k]))
    names = [model.features[k] for k in order]
    weights = [model.weights[k] for k in order]
    ax = axes_for(ax, (10.0, 1.6 + 0.55 * len(names)), "plot_feature_weights")
    colours = [SERIES_COLOURS[2] if w >= 0 else SERIES_COLOURS[5] for w in weights]
    bars = ax.barh(range(len(names)), weights, 0.7, color=colours, hatch=None, edgecolor="white")
    for bar, w in zip(bars, weights):
        bar.set_hatch("" if w >= 0 else "//")
    ax.bar_label(bars, [f"{w:+.3f}" for w in weights], padding=3, fontsize=TEXT_SIZE)
    ax.set_yticks(range(len(names)), names)
    ax.set_ylim(len(names) - 0.5, -0.5)
    ax.axvline(0, color="0.3", linewidth=0.8)
    span = max(abs(w) for w in weights) or 1.0
    ax.set_xlim(-1.35 * span, 1.35 * span)
    finish_axes(ax, title, "weight (MQM points per standard deviation; right = better)", "feature", grid="x",
                legend=False)
    listed = ", ".join(f"{n} {w:+.3f}" for n, w in zip(names, weights))
    set_alt_text(ax, f"Horizontal bars of the learned weights, largest first: {listed}.")
    return ax


__all__ = [
    "MarkedSegment",
    "marked_segment",
    "plot_feature_weights",
    "plot_rank_changes",
    "plot_system_and_segment_correlation",
]
