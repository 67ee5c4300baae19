"""Pictures of meta-evaluation: a metric's system scores against people's, and how often a metric orders
a pair of systems as people do (Mathur, Baldwin and Cohn 2020, who plot agreement against the size of
the metric difference).

The numbers come from :mod:`bleu_lab.meta_evaluation` (numbers only); this module draws them. It
imports matplotlib (through :mod:`bleu_lab.show.plotting`).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence

from ..checks import describe, is_sequence
from ..meta_evaluation import EXAMPLE_HUMAN, EXAMPLE_METRIC, AgreementBin, PairAgreement, _paired
from ..style import BORDER_GREY, LIGHT_GREY
from . import plotting


def _stack(targets: Sequence[float], gap: float, low: float, high: float) -> list:
    """Heights for labels stacked top to bottom in the given order: each at least ``gap`` below the one
    above, inside [low, high], and as close to its target as that allows (least squares).

    >>> _stack([10.0, 10.0, 0.0], 2.0, -100.0, 100.0)
    [11.0, 9.0, 0.0]
    """
    # With z_k = y_k + k * gap the rule "at least gap below" becomes "z never rises": a decreasing
    # least-squares fit of the z targets (pool adjacent violators), shifted back.
    blocks: list = []  # [sum of the pooled z targets, how many]
    for k, target in enumerate(targets):
        blocks.append([target + k * gap, 1])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] < blocks[-1][0] / blocks[-1][1]:
            total, count = blocks.pop()
            blocks[-1][0] += total
            blocks[-1][1] += count
    pooled = [total / count for total, count in blocks for _ in range(count)]
    heights = [z - k * gap for k, z in enumerate(pooled)]
    # Into the frame: down from the top, then up from the bottom.
    for k in range(len(heights)):
        heights[k] = min(heights[k], high if k == 0 else heights[k - 1] - gap)
    for k in reversed(range(len(heights))):
        heights[k] = max(heights[k], low if k == len(heights) - 1 else heights[k + 1] + gap)
    return heights


def _box_distance(point, box) -> float:
    """Distance from ``point`` to the rectangle ``box`` = (x0, y0, x1, y1); 0 inside it."""
    x0, y0, x1, y1 = box
    return math.hypot(max(x0 - point[0], 0.0, point[0] - x1), max(y0 - point[1], 0.0, point[1] - y1))


def _boxes_overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _clashes(points, ends, boxes, clearance: float) -> tuple:
    """For lines from ``points[i]`` to ``ends[i]`` and label ``boxes[i]`` = (x0, y0, x1, y1), numpy arrays:
    (clashes, depth, crossings). A clash is a line or label within ``clearance`` of another point (depth:
    by how much, summed), a line through another label, or two labels overlapping; crossings counts the
    pairs of lines that cross."""
    import numpy as np

    n = len(points)
    other = ~np.eye(n, dtype=bool)
    upper = np.triu(other)
    way = ends - points
    # Row i, column j: point j against line i and label i.
    offset = points[None, :, :] - points[:, None, :]
    length = np.maximum((way**2).sum(axis=1), 1e-12)
    t = np.clip((offset * way[:, None, :]).sum(axis=2) / length[:, None], 0.0, 1.0)
    to_line = np.hypot(*(offset - t[..., None] * way[:, None, :]).transpose(2, 0, 1))
    dx = np.maximum(np.maximum(boxes[:, None, 0] - points[None, :, 0], points[None, :, 0] - boxes[:, None, 2]), 0)
    dy = np.maximum(np.maximum(boxes[:, None, 1] - points[None, :, 1], points[None, :, 1] - boxes[:, None, 3]), 0)
    to_label = np.hypot(dx, dy)
    near_line, near_label = (to_line < clearance) & other, (to_label < clearance) & other
    depth = (clearance - to_line)[near_line].sum() + (clearance - to_label)[near_label].sum()
    # Line i through label j: the part of the line inside the box's x range and y range is not empty.
    low, high = np.zeros((n, n)), np.ones((n, n))
    for k in (0, 1):
        start, step = points[:, None, k], way[:, None, k]
        with np.errstate(divide="ignore", invalid="ignore"):
            first, second = (boxes[None, :, k] - start) / step, (boxes[None, :, k + 2] - start) / step
        flat = step == 0
        inside = (boxes[None, :, k] < start) & (start < boxes[None, :, k + 2])
        low = np.maximum(low, np.where(flat, np.where(inside, -np.inf, np.inf), np.minimum(first, second)))
        high = np.minimum(high, np.where(flat, np.where(inside, np.inf, -np.inf), np.maximum(first, second)))
    through = (low < high) & other
    overlap = ((boxes[:, None, 0] < boxes[None, :, 2]) & (boxes[None, :, 0] < boxes[:, None, 2])
               & (boxes[:, None, 1] < boxes[None, :, 3]) & (boxes[None, :, 1] < boxes[:, None, 3]) & upper)

    def side(u, v):
        return u[..., 0] * v[..., 1] - u[..., 1] * v[..., 0]

    # Line j's two ends on opposite sides of line i, and line i's ends on opposite sides of line j.
    split = side(way[:, None, :], offset) * side(way[:, None, :], ends[None, :, :] - points[:, None, :]) < 0
    crossings = int((split & split.T & upper).sum())
    clashes = int(near_line.sum() + near_label.sum() + through.sum() + overlap.sum())
    return clashes, float(depth), crossings


# The label search's limits: a step costs about 9 n^3 checks, so without them 40 systems took 6.5 s.
# Notebook 09's WMT19 scatters (11 systems) settle within 6 steps.
LAYOUT_STEPS = 8
LAYOUT_SEARCH_LIMIT = 20


def _label_layout(points: Sequence[tuple], sizes: Sequence[tuple], *, column: float, gap: float, frame: tuple,
                  clearance: float, obstacles: Sequence[tuple] = ()) -> list:
    """Where each point's label goes, in display coordinates: ``(x, y, side)`` per point.

    A label goes in the column at x = ``column`` right of all points (side "right", its left edge at
    (x, y)), joined to its point by a straight line, or, where the column cannot be reached cleanly,
    just left of its own point (side "left", its right edge at (x, y), 2 ``clearance`` from the point).
    ``sizes`` are the labels' (width, height); ``frame`` = (x0, y0, x1, y1) holds every label;
    ``obstacles`` are boxes to keep clear of.

    The layout is searched greedily, one change at a time (move a label up or down the column's order,
    nudge it half a ``gap`` up or down, or send it to the other side), taking the best change while one
    helps, for at most ``LAYOUT_STEPS`` changes from each of two starts. Each step weighs about 9 n
    layouts of n^2 checks each, so above ``LAYOUT_SEARCH_LIMIT`` points there is no search: the labels
    keep the plain column, in the order of the points' heights. The search tries for the following,
    in this order of importance, but does not promise it (it can stop in a local optimum or at the
    step limit): every label inside the frame and off the obstacles; no line within ``clearance`` of
    another point and no label on a point, a line or another label (fewest such clashes, then the
    shallowest); no two lines crossing; few labels on the left; labels as close to their points'
    heights as possible.
    """
    layout = _LabelLayout(points, sizes, column=column, gap=gap, frame=frame, clearance=clearance,
                          obstacles=obstacles)
    n = len(points)
    top_to_bottom = sorted(range(n), key=lambda i: (-points[i][1], points[i][0]))
    if n > LAYOUT_SEARCH_LIMIT:
        spots = layout.place(top_to_bottom, frozenset(), (0,) * n)
        return [spots[i] for i in range(n)]
    results = [layout.search((top_to_bottom, left, (0,) * n)) for left in layout.starts()]
    spots = layout.place(*min(results, key=lambda result: result[0])[1])
    return [spots[i] for i in range(n)]


class _LabelLayout:
    """The label search of :func:`_label_layout`: where labels go for a layout, what a layout costs, and
    the changes tried from it. A layout is (the column's order, the labels on the left, each label's nudge)."""

    def __init__(self, points, sizes, *, column, gap, frame, clearance, obstacles):
        import numpy as np

        self.points, self.sizes, self.column, self.gap = points, sizes, column, gap
        self.frame, self.clearance, self.obstacles = frame, clearance, obstacles
        self.n = len(points)
        self.half = [h / 2 for _, h in sizes]
        self.centres = np.array(points, dtype=float)
        self.widths, self.halves = np.array([w for w, _ in sizes]), np.array(self.half)

    def place(self, order, left, nudges) -> dict:
        """{label: (x, y, side)}: the column's labels stacked in ``order``, the others left of their points."""
        points, frame = self.points, self.frame
        right = [i for i in order if i not in left]
        targets = [points[i][1] + nudges[i] * self.gap / 2 for i in right]
        heights = _stack(targets, self.gap, frame[1] + max(self.half), frame[3] - max(self.half))
        spots = {i: (self.column, y, "right") for i, y in zip(right, heights)}
        for i in left:
            spots[i] = (points[i][0] - 2 * self.clearance, points[i][1], "left")
        return spots

    def cost(self, order, left, nudges) -> tuple:
        """What is wrong with a layout, most important first (compared as a tuple)."""
        import numpy as np

        n, frame = self.n, self.frame
        spots = self.place(order, left, nudges)
        ends = np.array([spots[i][:2] for i in range(n)])
        starts = np.where([spots[i][2] == "right" for i in range(n)], ends[:, 0], ends[:, 0] - self.widths)
        boxes = np.column_stack([starts, ends[:, 1] - self.halves, starts + self.widths, ends[:, 1] + self.halves])
        outside = ((boxes[:, 0] < frame[0]) | (boxes[:, 2] > frame[2]) | (boxes[:, 1] < frame[1])
                   | (boxes[:, 3] > frame[3])).sum()
        covered = sum(_boxes_overlap(box, obstacle) for box in boxes for obstacle in self.obstacles)
        clashes, depth, crossings = _clashes(self.centres, ends, boxes, self.clearance)
        shift = float(np.abs(ends[:, 1] - self.centres[:, 1]).sum())
        return int(outside) + covered, clashes, depth, crossings, len(left), shift

    def changes(self, order, left, nudges):
        """Every layout one change away: a label to the other side, nudged, or moved up to 3 places."""
        n = self.n
        for i in range(n):
            yield order, left ^ {i}, nudges
            for step in (-1, 1):
                if abs(nudges[i] + step) <= 4:
                    yield order, left, nudges[:i] + (nudges[i] + step,) + nudges[i + 1:]
        for a in range(n):
            for b in range(max(0, a - 3), min(n, a + 4)):
                if a != b:
                    moved = order[:a] + order[a + 1:]
                    moved.insert(b, order[a])
                    yield moved, left, nudges

    def left_box(self, i) -> tuple:
        x, y = self.points[i][0] - 2 * self.clearance, self.points[i][1]
        return (x - self.sizes[i][0], y - self.half[i], x, y + self.half[i])

    def free_on_the_left(self, i, taken) -> bool:
        box, frame = self.left_box(i), self.frame
        return (frame[0] <= box[0] and frame[1] <= box[1] and box[3] <= frame[3]
                and not any(_boxes_overlap(box, other) for other in [*self.obstacles, *taken])
                and all(_box_distance(self.points[j], box) >= self.clearance for j in range(self.n) if j != i))

    def starts(self) -> list[frozenset]:
        """Two starts: every label in the column, and the labels whose straight way to the column is barred
        (another point to their right at nearly the same height) on the left where there is room."""
        points, n = self.points, self.n
        starts: list[frozenset] = [frozenset()]
        barred: set[int] = set()
        taken: list[tuple] = []
        for i in sorted(range(n), key=lambda i: points[i][0]):
            if any(points[j][0] > points[i][0] and abs(points[j][1] - points[i][1]) < self.clearance
                   for j in range(n)):
                if self.free_on_the_left(i, taken):
                    barred.add(i)
                    taken.append(self.left_box(i))
        if barred:
            starts.append(frozenset(barred))
        return starts

    def search(self, state) -> tuple:
        """(cost, layout): the best change taken while one helps, for at most LAYOUT_STEPS changes."""
        best = self.cost(*state)
        for _ in range(LAYOUT_STEPS):
            value, candidate = min(((self.cost(*change), change) for change in self.changes(*state)),
                                   key=lambda pair: pair[0])
            if value >= best:
                break
            best, state = value, candidate
        return best, state

MARKER_AREA = 70  # scatter marker size in points squared: a disc of radius sqrt(70) / 2 = 4.2 points


def plot_metric_vs_human(
    metric: Mapping[str, float],
    human: Mapping[str, float],
    ax=None,
    *,
    xlabel: str = "BLEU (0-1 scale)",
    ylabel: str = "human score (DA z)",
    title: str = "Metric against human judgment, one point per system",
    highlight: Collection[str] = (),
):
    """Scatter of metric (x) against human (y) scores with every system labelled; returns the axes.

    Labels sit in a column right of the points, spaced so that none overlaps
    another, each joined to its point by a thin straight line. Systems with
    nearly the same scores would have lines through each other's dots, so a
    short greedy search (in pixels, after the figure's layout) tries to order
    and place the labels so that no line passes over another system's marker
    and no two lines cross. It does not always succeed: on crowded plots some
    lines may still cross or pass close to a dot. Above
    ``LAYOUT_SEARCH_LIMIT`` systems there is no search, only the plain column
    (labels in the order of the points' heights), which draws at once.
    ``highlight`` is a list, tuple or set of system names, drawn in a second
    colour. The correlation is printed in the corner.
    """
    systems, x, y = _paired(metric, human, function="plot_metric_vs_human", varying=True)
    right = f"Right: plot_metric_vs_human({EXAMPLE_METRIC!r}, {EXAMPLE_HUMAN!r}, highlight=['A', 'C'])"
    # Any collection of names (list, tuple, set) is read once each; a generator would be used up, and a
    # bare name would be read as its letters, none of which is a system: nothing would be highlighted.
    if isinstance(highlight, (str, bytes, Mapping)) or not isinstance(highlight, Collection):
        one = f" (one system: highlight=[{highlight!r}])" if isinstance(highlight, str) else ""
        raise TypeError(f"highlight must be a list, tuple or set of system names, not {describe(highlight)}{one}. "
                        f"{right}")
    unknown = [name for name in highlight if name not in systems]
    if unknown:
        raise ValueError(f"highlight names {unknown!r}, which are not among the systems {list(systems)!r}. {right}")
    ax = plotting.axes_for(ax, (11, 6.5), "plot_metric_vs_human")
    marks = set(highlight)
    colours = [plotting.MARK_COLOUR if s in marks else plotting.SERIES_COLOURS[0] for s in systems]
    edge = 0.6
    ax.scatter(x, y, s=MARKER_AREA, c=colours, zorder=3, edgecolors="black", linewidths=edge)
    x_low, x_high = min(x), max(x)
    y_low, y_high = min(y), max(y)
    width, height = (x_high - x_low) or 1.0, (y_high - y_low) or 1.0
    label_x = x_high + 0.07 * width
    # Room for the label column on the right and, above and below, for labels pushed past the points.
    ax.set_xlim(x_low - 0.08 * width, x_high + 0.85 * width)
    ax.set_ylim(y_low - 0.15 * height, y_high + 0.15 * height)
    import scipy.stats

    # Point values only (no bootstrap): the box shows r and tau, not their intervals.
    r, tau = scipy.stats.pearsonr(x, y).statistic, scipy.stats.kendalltau(x, y).statistic
    corner = ax.text(0.02, 0.97, f"n = {len(systems)}\nPearson r = {r:.3f}\nKendall tau = {tau:.3f}",
            transform=ax.transAxes, va="top", ha="left", fontsize=plotting.TEXT_SIZE, fontweight=plotting.LABEL_WEIGHT,
            fontfamily="sans-serif", bbox={"facecolor": "white", "edgecolor": BORDER_GREY})
    plotting.finish_axes(ax, title, xlabel, ylabel, grid="both", legend=False)

    # The layout in pixels, once the figure's layout has settled.
    ax.figure.draw_without_rendering()
    to_pixels = ax.figure.dpi / 72
    radius = (math.sqrt(MARKER_AREA) + edge) / 2 * to_pixels
    style = {"fontsize": plotting.TEXT_SIZE, "fontweight": plotting.LABEL_WEIGHT, "fontfamily": "sans-serif"}
    sizes = []
    for system in systems:
        probe = ax.text(0, 0, system, **style)
        extent = probe.get_window_extent()
        sizes.append((extent.width, extent.height))
        probe.remove()
    # The right edge: just past the widest label in the column, so the plot keeps no empty band there.
    # (The axes' width in pixels stays as it is; the data range shown sets how far a pixel reaches.)
    frame = ax.get_window_extent()
    x_min = x_low - 0.08 * width
    room = max(0.3, 1 - (max(w for w, _ in sizes) + 12) / frame.width)
    ax.set_xlim(x_min, x_min + (label_x - x_min) / room)
    ax.figure.draw_without_rendering()
    frame = ax.get_window_extent()
    spots = _label_layout(
        [tuple(p) for p in ax.transData.transform(list(zip(x, y)))], sizes,
        column=float(ax.transData.transform((label_x, 0))[0]), gap=1.9 * plotting.TEXT_SIZE * to_pixels,
        frame=(frame.x0 + 4, frame.y0 + 4, frame.x1 - 4, frame.y1 - 4), clearance=radius + 3 * to_pixels,
        obstacles=[tuple((corner.get_bbox_patch() or corner).get_window_extent().extents)],
    )
    to_data = ax.transData.inverted()
    for system, px, py, (sx, sy, side), colour in zip(systems, x, y, spots, colours):
        ax.annotate(
            system, xy=(px, py), xytext=tuple(to_data.transform((sx, sy))), va="center",
            ha="left" if side == "right" else "right", color=colour if colour == plotting.MARK_COLOUR else "black",
            # relpos: the line ends at the middle of the label's near edge, where the layout put it.
            arrowprops={"arrowstyle": "-", "color": LIGHT_GREY, "linewidth": 0.8, "shrinkA": 2,
                        "shrinkB": math.sqrt(MARKER_AREA) / 2 + 1, "relpos": (0, 0.5) if side == "right" else (1, 0.5)},
            **style,
        )
    pairs = "; ".join(f"{system} ({px:.3f}, {py:.3f})" for system, px, py in zip(systems, x, y))
    marked = f" Highlighted: {', '.join(s for s in systems if s in marks)}." if marks else ""
    return plotting.describe_axes(
        ax, f"Scatter plot: {title}; {xlabel} (x) against {ylabel} (y), {len(systems)} systems. Pearson r = {r:.3f}, "
            f"Kendall tau = {tau:.3f}. Points (x, y): {pairs}.{marked}")


def plot_agreement_by_difference(
    bins: Sequence[AgreementBin],
    ax=None,
    *,
    xlabel: str = "BLEU difference between the two systems (BLEU points, 0-100 scale)",
    title: str = "How often BLEU orders a pair of systems as people do",
):
    """Bars: share of pairs ordered as by the humans, per bin of metric difference, with the pair counts."""
    call = "plot_agreement_by_difference(agreement_by_difference(pairs, [0, 1, 2, 5]))"
    if isinstance(bins, Mapping) or not is_sequence(bins):
        raise TypeError(f"bins is {describe(bins)}; it must be the list agreement_by_difference(pairs, edges) "
                        f"returns. Right: {call}")
    if not bins:
        raise ValueError(f"bins is empty; there is nothing to draw. Right: {call}")
    for i, b in enumerate(bins):
        if isinstance(b, PairAgreement):
            raise TypeError(f"bins must come from agreement_by_difference(pairs, edges); you passed the pairs "
                            f"themselves. Right: {call}")
        if not isinstance(b, AgreementBin):
            raise TypeError(f"bins[{i}] is {describe(b)}, not an AgreementBin; bins must come from "
                            f"agreement_by_difference(pairs, edges). Right: {call}")
    ax = plotting.axes_for(ax, (11, 5.5), "plot_agreement_by_difference")
    labels = [f"{b.low:g} to {b.high:g}" for b in bins]
    rates = [0.0 if b.pairs == 0 else b.rate for b in bins]
    bars = ax.bar(labels, rates, color=plotting.SERIES_COLOURS[0], edgecolor="black", linewidth=0.6)
    coin_flip = 0.5
    ax.axhline(coin_flip, color=LIGHT_GREY, linestyle="--", linewidth=1, label="0.5: a coin flip", zorder=2)
    ax.legend(loc="upper left", fontsize=plotting.TEXT_SIZE, frameon=False)
    ax.set_ylim(0, 1.12)
    plotting.finish_axes(ax, title, xlabel, "share of pairs in the human order", grid="y", legend=False)
    # Each count sits just above its bar, unless there it would touch the dashed line: then inside the
    # top of the bar (white on the bar's blue), or above the line when the bar is too short to hold it.
    ax.figure.draw_without_rendering()
    style = {"fontsize": plotting.TEXT_SIZE, "fontweight": plotting.LABEL_WEIGHT, "fontfamily": "sans-serif"}
    probe = ax.text(0, 0, "0 of 0", **style)
    pixels = probe.get_window_extent().height
    probe.remove()
    units = (ax.transData.inverted().transform((0, pixels)) - ax.transData.inverted().transform((0, 0)))[1]
    pad = margin = 0.3 * units  # data units: the label's distance from the bar top and from the line

    def clear(bottom):
        return bottom + units < coin_flip - margin or bottom > coin_flip + margin

    for bar, b in zip(bars, bins):
        text = "no pairs" if b.pairs == 0 else f"{b.agreeing} of {b.pairs}"
        top = bar.get_height()
        y, va, colour = top + pad, "bottom", "black"
        if not clear(top + pad):
            if top - pad - units > 0 and clear(top - pad - units):
                y, va, colour = top - pad, "top", "white"
            else:
                y = coin_flip + margin + pad
        ax.text(bar.get_x() + bar.get_width() / 2, y, text, ha="center", va=va, color=colour, zorder=4, **style)
    shares = "; ".join(f"{label}: no pairs" if b.pairs == 0 else f"{label}: {b.agreeing} of {b.pairs} ({b.rate:.2f})"
                       for label, b in zip(labels, bins))
    return plotting.describe_axes(
        ax, f"Bar chart: {title}; the share of system pairs in the human order, per bin of {xlabel}, with a dashed "
            f"line at 0.5. {shares}.")


__all__ = ["plot_agreement_by_difference", "plot_metric_vs_human"]
