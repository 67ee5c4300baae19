"""A learned metric, made by hand: predict the experts' MQM score of a segment from scores bleu_lab computes.

Learned metrics (COMET, Rei et al. 2020; BLEURT, Sellam et al. 2020) are models trained to predict
human scores of translations. This module builds the smallest such model there is, to show how one
is made and judged: each (system, segment) becomes a row of features (sentence BLEU, chrF, TER, the
embedding score, lengths), the target is the MQM score people gave it (the negated penalty, higher
is better), and a linear model is fitted by least squares (``numpy.linalg.lstsq``):

    predicted = b + sum_k w_k z_k,   z_k = (feature_k - mean_k) / sd_k on the training rows

so each weight ``w_k`` says how many MQM points one standard deviation of feature k is worth. The
split into training and test rows goes by document (:func:`split_by_document`): sentences of one
talk share topic, speaker and translator habits, so a talk in both halves would flatter the test.

Scores are computed once for all systems (:func:`score_outputs`) with the corpus functions that
exist: BLEU statistics of every sentence in one pass (``meta_evaluation.system_statistics``), chrF
statistics likewise (``chrf.count_chrf_systems``), TER alignments per sentence, embeddings of every
distinct text once (``similarity.system_similarity``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .checks import describe, is_sequence

METRICS = ("BLEU", "chrF", "TER", "embedding")
LOWER_IS_BETTER = ("TER",)
LENGTH_FEATURES = ("length ratio", "reference length")
FEATURES = (*METRICS, *LENGTH_FEATURES)


@dataclass(frozen=True)
class OutputScores:
    """Every metric's score of every output, at segment and at system level, against one reference.

    ``segment[metric][system]``: one score per segment (sentence BLEU with "exp" smoothing, sentence
    chrF, sentence TER, the embedding cosine); ``system[metric][system]``: the corpus score (BLEU,
    chrF and TER from the summed statistics, the embedding score as the mean cosine);
    ``lengths[system]``: (candidate tokens, reference tokens) of each segment, 13a tokens.
    """

    segment: Mapping[str, Mapping[str, list]]
    system: Mapping[str, Mapping[str, float]]
    lengths: Mapping[str, list]

    def oriented(self, metric: str, level: str = "segment") -> dict:
        """The scores of ``metric`` with higher = better (TER negated), as the meta-evaluation expects."""
        table = self.segment if level == "segment" else self.system
        if metric not in table:
            raise ValueError(f"no metric {metric!r}; the scores hold {', '.join(map(repr, table))}. "
                             f"Right: scores.oriented('chrF')")
        sign = -1.0 if metric in LOWER_IS_BETTER else 1.0
        if level == "segment":
            return {name: [sign * v for v in row] for name, row in self.segment[metric].items()}
        return {name: sign * v for name, v in self.system[metric].items()}


def _bleu_scores(systems, references) -> tuple:
    from .meta_evaluation import bleu_of_statistics, sentence_bleu_scores, system_statistics

    statistics = system_statistics(systems, references)
    system = {name: result.score for name, result in bleu_of_statistics(statistics).items()}
    segment = {name: sentence_bleu_scores(rows) for name, rows in statistics.items()}
    lengths = {name: [(int(row[0]), int(row[1])) for row in rows] for name, rows in statistics.items()}
    return segment, system, lengths


def _chrf_scores(systems, references) -> tuple:
    from .chrf import chrf_from_stats, count_chrf_systems, sum_chrf_statistics
    from .settings import ChrfSettings

    counted = count_chrf_systems(list(systems.values()), references, ChrfSettings(), function="score_outputs")
    segment = {name: [chrf_from_stats(s).score for s in rows] for name, rows in zip(systems, counted)}
    system = {name: chrf_from_stats(sum_chrf_statistics(rows)).score for name, rows in zip(systems, counted)}
    return segment, system


def _ter_scores(systems, references) -> tuple:
    from .ter import corpus_ter, ter_from_sums

    # Systems often produce the same line: each distinct (segment, line) is aligned once (TER's shift search
    # is the slow part), then every system's sentence and corpus TER is read from those alignments.
    distinct = list(dict.fromkeys((i, line) for lines in systems.values() for i, line in enumerate(lines)))
    result = corpus_ter([line for _, line in distinct], [references[i] for i, _ in distinct])
    sums = dict(zip(distinct, ([a.num_edits, a.reference_length] for a in result.alignments)))
    segment, system = {}, {}
    for name, lines in systems.items():
        rows = [sums[(i, line)] for i, line in enumerate(lines)]
        segment[name] = ter_from_sums(rows).tolist()
        system[name] = float(ter_from_sums([[sum(r[0] for r in rows), sum(r[1] for r in rows)]])[0])
    return segment, system


def score_outputs(systems: Mapping[str, Sequence[str]], references: Sequence[Sequence[str]], *,
                  metrics: Sequence[str] = METRICS) -> OutputScores:
    """Segment- and system-level BLEU, chrF, TER and embedding scores of several systems, computed once.

    ``systems``: ``{name: lines}``; ``references[i]``: the list of references of segment i (one, for
    MQM TED: ``ted.references``). ``metrics``: which of ``METRICS`` to compute (TER is the slow one, about
    a second per 500 segments). Defaults as each metric's own: 13a tokens, sentence BLEU with "exp"
    smoothing (sacrebleu's), chrF with character order 6 and beta 2 (Popovic 2015), TER with shifts
    (Snover et al. 2006), the WordLlama embedding cosine.

    >>> scores = score_outputs({"A": ["the cat sat down"], "B": ["a dog ran"]}, [["the cat sat down"]],
    ...                        metrics=["BLEU"])
    >>> scores.segment["BLEU"]["A"], scores.system["BLEU"]["B"], scores.lengths["A"]
    ([1.0], 0.0, [(4, 4)])
    """
    unknown = [m for m in metrics if m not in METRICS] if is_sequence(metrics) else [metrics]
    if unknown:
        raise ValueError(f"unknown metric(s) {unknown!r}; choose from {', '.join(METRICS)}. "
                         f"Right: score_outputs(ted.outputs, ted.references, metrics=['BLEU', 'chrF'])")
    segment, system = {}, {}
    segment["BLEU"], system["BLEU"], lengths = _bleu_scores(systems, references)
    if "chrF" in metrics:
        segment["chrF"], system["chrF"] = _chrf_scores(systems, references)
    if "TER" in metrics:
        segment["TER"], system["TER"] = _ter_scores(systems, references)
    if "embedding" in metrics:
        from .similarity import system_similarity

        results = system_similarity(systems, references)
        segment["embedding"] = {name: list(r.sentence_scores) for name, r in results.items()}
        system["embedding"] = {name: r.score for name, r in results.items()}
    if "BLEU" not in metrics:
        del segment["BLEU"], system["BLEU"]
    return OutputScores(segment=segment, system=system, lengths=lengths)


def segment_features(scores: OutputScores) -> dict:
    """The features of every (system, segment): ``{feature: {system: [value per segment]}}``.

    The metrics' segment scores as computed (TER not negated: the model learns the sign), and two
    lengths from the 13a tokens: candidate tokens / reference tokens ("length ratio", 0 for an empty
    reference) and the reference's tokens ("reference length": long sentences collect more errors).
    """
    features = {name: dict(values) for name, values in scores.segment.items()}
    features["length ratio"] = {name: [c / r if r else 0.0 for c, r in rows] for name, rows in scores.lengths.items()}
    features["reference length"] = {name: [float(r) for _, r in rows] for name, rows in scores.lengths.items()}
    return features


@dataclass(frozen=True)
class DocumentSplit:
    """Segment indices for training and for testing, split so that no document is in both."""

    train: tuple
    test: tuple
    train_documents: tuple
    test_documents: tuple

    def __str__(self) -> str:
        return (f"train: {len(self.train)} segments of {', '.join(self.train_documents)}; "
                f"test: {len(self.test)} segments of {', '.join(self.test_documents)}")


def split_by_document(documents: Sequence[str], test_documents: Sequence[str]) -> DocumentSplit:
    """Split segments by the document they come from: ``test_documents`` for testing, the rest for training.

    ``documents[i]`` names the document of segment i (``ted.documents``).

    >>> print(split_by_document(["t1", "t1", "t2", "t3"], ["t2"]))
    train: 3 segments of t1, t3; test: 1 segments of t2
    """
    call = "split_by_document(ted.documents, ['talk.3', 'talk.5'])"
    if not is_sequence(documents) or not is_sequence(test_documents):
        raise TypeError(f"documents and test_documents must be lists of document names, not "
                        f"{describe(documents)} and {describe(test_documents)}. Right: {call}")
    known = list(dict.fromkeys(documents))
    unknown = [d for d in test_documents if d not in known]
    if unknown:
        raise ValueError(f"test document(s) {unknown!r} are not among the documents {known!r}. Right: {call}")
    held_out = set(test_documents)
    if not held_out or held_out == set(known):
        raise ValueError(f"hold out at least one document and keep at least one for training; documents: "
                         f"{known!r}. Right: {call}")
    return DocumentSplit(
        train=tuple(i for i, d in enumerate(documents) if d not in held_out),
        test=tuple(i for i, d in enumerate(documents) if d in held_out),
        train_documents=tuple(d for d in known if d not in held_out),
        test_documents=tuple(d for d in known if d in held_out),
    )


def _rows(features: Mapping, names: Sequence[str], systems: Sequence[str], segments: Sequence[int]):
    """The (rows x features) matrix of the given systems and segments, one row per (system, segment)."""
    import numpy as np

    return np.array([[features[f][s][j] for f in names] for s in systems for j in segments], dtype=float)


@dataclass(frozen=True)
class LinearMetric:
    """A linear model of the MQM score: ``intercept + sum_k weights[k] * (x_k - means[k]) / scales[k]``."""

    features: tuple
    weights: tuple
    intercept: float
    means: tuple
    scales: tuple
    training_rows: int

    def predict(self, features: Mapping) -> dict:
        """Predicted MQM score of every (system, segment) in ``features`` (as :func:`segment_features`)."""
        import numpy as np

        missing = [f for f in self.features if f not in features]
        if missing:
            raise ValueError(f"the features lack {missing!r}, which the model was trained on. "
                             f"Right: model.predict(segment_features(score_outputs(outputs, references)))")
        first = features[self.features[0]]
        predicted = {}
        for system in first:
            x = _rows(features, self.features, [system], range(len(first[system])))
            z = (x - np.array(self.means)) / np.array(self.scales)
            predicted[system] = (self.intercept + z @ np.array(self.weights)).tolist()
        return predicted

    def explain(self) -> str:
        """The weights, largest first: MQM points per standard deviation of each feature."""
        order = sorted(range(len(self.features)), key=lambda k: -abs(self.weights[k]))
        lines = [f"MQM score = {self.intercept:+.3f} (the mean on the {self.training_rows} training rows)"]
        lines += [f"  {self.weights[k]:+.3f} x ({self.features[k]} - {self.means[k]:.3g}) / {self.scales[k]:.3g}"
                  for k in order]
        return "\n".join(lines)


def fit_linear_metric(features: Mapping, human: Mapping, segments: Sequence[int], *,
                      use: Sequence[str] | None = None) -> LinearMetric:
    """Fit the MQM score of the training rows by least squares on standardized features.

    ``features``: ``{feature: {system: [value per segment]}}`` (:func:`segment_features`); ``human``:
    ``{system: [MQM score per segment, or None]}`` (higher = better: the negated penalties);
    ``segments``: the training segment indices (``split.train``); ``use``: the features to use
    (default: all). Rows whose human score is None are left out. ``numpy.linalg.lstsq`` solves
    min ||[1 Z] b - y||^2 (Z: features standardized with the training rows' means and standard
    deviations).

    >>> features = {"f": {"A": [0.0, 1.0, 2.0, 3.0]}}
    >>> model = fit_linear_metric(features, {"A": [-3.0, -2.0, -1.0, 0.0]}, [0, 1, 2, 3])
    >>> round(model.intercept, 6), round(model.weights[0] / model.scales[0], 6)   # y = x - 3
    (-1.5, 1.0)
    """
    import numpy as np

    names = tuple(features) if use is None else tuple(use)
    call = "fit_linear_metric(segment_features(scores), human, split.train)"
    missing = [f for f in names if f not in features]
    if missing or not names:
        raise ValueError(f"unknown or no features {missing!r}; available: {list(features)!r}. Right: {call}")
    if not is_sequence(segments) or not segments:
        raise TypeError(f"segments must be a non-empty list of segment indices, not {describe(segments)}. "
                        f"Right: {call}")
    systems = [s for s in human if all(s in features[f] for f in names)]
    x = _rows(features, names, systems, segments)
    y = np.array([human[s][j] if human[s][j] is not None else math.nan for s in systems for j in segments])
    rated = ~np.isnan(y)
    x, y = x[rated], y[rated]
    if y.size <= len(names) + 1:
        raise ValueError(f"{y.size} rated training rows cannot fit {len(names)} weights and an intercept. "
                         f"Right: {call}")
    means, scales = x.mean(axis=0), x.std(axis=0)
    scales = np.where(scales > 0, scales, 1.0)  # a constant feature gets weight 0, not a division by zero
    design = np.column_stack([np.ones(len(y)), (x - means) / scales])
    solution, *_ = np.linalg.lstsq(design, y, rcond=None)
    return LinearMetric(features=names, weights=tuple(float(w) for w in solution[1:]),
                        intercept=float(solution[0]), means=tuple(float(m) for m in means),
                        scales=tuple(float(s) for s in scales), training_rows=int(y.size))


def restrict(scores: Mapping, segments: Sequence[int]) -> dict:
    """``{system: [scores]}`` with only the given segments, in that order (to score a test half)."""
    return {name: [row[j] for j in segments] for name, row in scores.items()}


def correlation_table(named_scores: Mapping[str, Mapping], human: Mapping, segment_sets: Mapping[str, Sequence[int]],
                      *, seed: int = 12345) -> str:
    """Kendall's tau with the human scores, per segment ("item": the mean over segments of tau across
    systems) and pooled ("none"), of each of ``named_scores`` (``{name: {system: [score per segment]}}``,
    higher = better) on each set of segments (``{label: segment indices}``, e.g. ``split.train`` and
    ``split.test``), as :func:`bleu_lab.meta_evaluation.segment_correlation` computes it."""
    from .meta_evaluation import MIN_RESAMPLES, segment_correlation

    header = "".join(f"{label + ' item':>16}{'pooled':>8}" for label in segment_sets)
    lines = [f"{'':<16}{header}"]
    for name, scores in named_scores.items():
        cells = []
        for segments in segment_sets.values():
            metric_part, human_part = restrict(scores, segments), restrict(human, segments)
            # The intervals are not shown: the fewest resamples will do.
            item = segment_correlation(metric_part, human_part, seed=seed, n_resamples=MIN_RESAMPLES).value
            pooled = segment_correlation(metric_part, human_part, grouping="none", seed=seed,
                                         n_resamples=MIN_RESAMPLES).value
            cells.append(f"{item:>16.3f}{pooled:>8.3f}")
        lines.append(f"{name:<16}{''.join(cells)}")
    return "\n".join(lines)


def worst_predictions(predicted: Mapping, human: Mapping, segments: Sequence[int], n: int = 3) -> list:
    """The ``n`` (system, segment, predicted, human) rows with the largest |predicted - human| among ``segments``."""
    rows = [(s, j, predicted[s][j], human[s][j]) for s in predicted if s in human for j in segments
            if human[s][j] is not None]
    return sorted(rows, key=lambda row: -abs(row[2] - row[3]))[:n]


__all__ = [
    "FEATURES",
    "METRICS",
    "DocumentSplit",
    "LinearMetric",
    "OutputScores",
    "correlation_table",
    "fit_linear_metric",
    "restrict",
    "score_outputs",
    "segment_features",
    "split_by_document",
    "worst_predictions",
]
