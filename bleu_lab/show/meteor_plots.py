"""A picture of METEOR's alignment: which candidate word matched which reference word, and by what.

Imported only when asked for (``from bleu_lab.show import meteor_plots``): it loads matplotlib. The
picture computes nothing: every line, label and number comes from :func:`bleu_lab.meteor`'s result,
and its text alternative repeats the numbers (:func:`bleu_lab.show.plotting.set_alt_text`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..course import needs_extra

with needs_extra("bleu_lab.show.meteor_plots"):
    import matplotlib.pyplot as plt

from ..checks import describe
from ..meteor import EXACT, STEM, SYNONYM, MeteorResult, check_meteor_result
from ..style import BLUE, GREEN, GREY, ORANGE
from ..ter import counted
from .plotting import LABEL_SIZE, MAX_FIGURE_INCHES, TEXT_SIZE, TITLE_SIZE, set_alt_text

# Okabe-Ito colours, and a line style per stage so the stages differ in grayscale too.
STAGE_LINES: dict[str, dict[str, Any]] = {
    EXACT: {"color": BLUE, "linestyle": "-", "label": "exact"},
    STEM: {"color": ORANGE, "linestyle": "--", "label": "stem (Porter)"},
    SYNONYM: {"color": GREEN, "linestyle": ":", "label": "synonym (WordNet)"},
}
UNMATCHED_COLOUR = GREY
MAX_ROWS = 12  # sentences in one figure: each gets a row about 1.9 inches high


def _summary(result: MeteorResult) -> str:
    return (f"METEOR {result.score:.4f}: P {result.precision:.4f}, R {result.recall:.4f}, "
            f"{counted(result.matches, 'matched word')} in {counted(result.chunks, 'chunk')}, "
            f"penalty {result.penalty:.4f}")


def _draw_row(ax, result: MeteorResult, label: str) -> None:
    """Candidate words on the upper line, reference words on the lower, a line for each match."""
    width = max(len(result.candidate), len(result.reference), 1)
    matched_candidate = {m.candidate_index for m in result.alignment}
    matched_reference = {m.reference_index for m in result.alignment}
    for words, y, matched in ((result.candidate, 1.0, matched_candidate),
                              (result.reference, 0.0, matched_reference)):
        for i, word in enumerate(words):
            ax.text(i, y, word, ha="center", va="bottom" if y else "top", fontsize=LABEL_SIZE,
                    color="black" if i in matched else UNMATCHED_COLOUR,
                    fontstyle="normal" if i in matched else "italic")
    for match in result.alignment:
        style = STAGE_LINES[match.stage]
        ax.plot([match.candidate_index, match.reference_index], [0.95, 0.05], color=style["color"],
                linestyle=style["linestyle"], linewidth=2.5)
    ax.set_xlim(-0.7, width - 0.3)
    ax.set_ylim(-0.45, 1.45)
    ax.set_yticks([0, 1], ["reference", "candidate"], fontsize=TEXT_SIZE)
    ax.set_xticks([])
    for side in ("top", "right", "bottom"):
        ax.spines[side].set_visible(False)
    ax.set_title(f"{label}\n{_summary(result)}", fontsize=TEXT_SIZE + 1, loc="left")


def plot_meteor_alignments(results: Sequence[MeteorResult], labels: Sequence[str] | None = None,
                           *, title: str = "METEOR's alignment: candidate words matched to reference words"):
    """One row per result: its candidate over its (best) reference, a line per match, styled by stage.

    Unmatched words are grey italics; crossing lines are the reordering that the fragmentation
    penalty counts (chunks). Returns the figure, with a text alternative giving each row's numbers.
    """
    if isinstance(results, MeteorResult):
        results = [results]
    if not isinstance(results, Sequence) or isinstance(results, str) or not results:
        raise TypeError(f"results must be a non-empty list of meteor results, not {describe(results)}. "
                        f"Right: plot_meteor_alignments([meteor('the cat sat', ['the cat sat down'])])")
    results = [check_meteor_result(r, "plot_meteor_alignments") for r in results]
    if len(results) > MAX_ROWS:
        raise ValueError(f"{len(results)} results make {len(results)} rows; at most {MAX_ROWS} fit in one figure. "
                         f"Plot them a few at a time: plot_meteor_alignments(results[:{MAX_ROWS}])")
    labels = list(labels) if labels is not None else [f"example {i + 1}" for i in range(len(results))]
    if len(labels) != len(results) or not all(isinstance(x, str) for x in labels):
        raise ValueError(f"labels must be {len(results)} strings, one per result, not {describe(labels)}")
    widest = max(max(len(r.candidate), len(r.reference)) for r in results)
    figure, axes = plt.subplots(len(results), 1, squeeze=False, layout="constrained",
                                figsize=(min(max(8.0, 1.3 * widest), MAX_FIGURE_INCHES), 1.9 * len(results) + 1))
    for ax, result, label in zip(axes[:, 0], results, labels):
        _draw_row(ax, result, label)
    axes[-1, 0].set_xlabel("words in sentence order (lines join matched words)", fontsize=TEXT_SIZE)
    handles = [plt.Line2D([], [], linewidth=2.5, color=style["color"], linestyle=style["linestyle"],
                          label=style["label"])
               for style in STAGE_LINES.values()]
    figure.legend(handles=handles, loc="outside lower center", ncols=3, fontsize=TEXT_SIZE, frameon=False)
    figure.suptitle(title, fontsize=TITLE_SIZE)
    rows = "; ".join(f"{label}: {_summary(r)}, " + ", ".join(f"{stage} {n}" for stage, n in r.stage_counts().items())
                     for label, r in zip(labels, results))
    set_alt_text(figure, f"Alignment diagrams, one row per sentence pair, lines from candidate words to the "
                         f"reference words they match (solid exact, dashed stem, dotted synonym). {rows}.")
    return figure


__all__ = ["STAGE_LINES", "plot_meteor_alignments"]
