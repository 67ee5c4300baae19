"""How sure is a corpus BLEU score? Bootstrap intervals and paired significance (Koehn 2004).

A test set is a sample of sentences; another sample would give another
score. The bootstrap (Koehn 2004, "Statistical Significance Tests for
Machine Translation Evaluation") estimates that spread by drawing, with
replacement, as many sentences as the test set has, scoring the draw, and
repeating. Corpus BLEU is a function of *summed* per-sentence statistics, so
each draw only adds up integers that were counted once: the text is never
read again (Post 2018 and sacrebleu do the same).

This module holds the protocol (which metric, what is tested, the result
objects); the array resampling lives in :mod:`bleu_lab.fast.resampling`: a draw
is a row of a count matrix ``W`` (how often each sentence was drawn), the
statistics of every draw are ``W @ S`` for the per-sentence statistics matrix
``S``, and BLEU is computed for all draws at once with the same rules as
:func:`bleu_lab.bleu_from_stats`.
The random draws are made exactly as sacrebleu makes them
(``numpy.random.default_rng(seed).choice(n, size=(n_samples, n))``), so with
the same seed (sacrebleu's default is 12345) the resamples are sacrebleu's.
sacrebleu sums them in float32, bleu_lab in float64, so the resampled scores
agree to about 2e-8, not to the last digit (bleu_lab's are the exact ones: a
one-sentence corpus's resampled mean is its own score).

>>> from bleu_lab.significance import bootstrap_ci
>>> candidates = ["the cat sat on the mat", "a dog barked", "it is raining", "hello world"]
>>> references = [["the cat sat on the mat"], ["the dog barked"], ["it rains"], ["hello world"]]
>>> ci = bootstrap_ci(candidates, references, n_samples=200, smoothing="exp")
>>> ci.low <= ci.score <= ci.high
True
>>> ci.seed, ci.n_samples, ci.confidence
(12345, 200, 0.95)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .bleu.metric import score_counted, settings_for_texts, tokenize_systems
from .bleu.scoring import BleuSettings, Method6Undefined, method_names
from .checks import (
    References,
    Text,
    check_confidence,
    check_keywords,
    check_level,
    check_n_samples,
    check_name,
    check_same_lengths,
    check_samples_for_interval,
    describe,
    keywords_checked,
    seed_to_use,
)
from .fast.counting import count_systems_statistics, statistics_columns
from .fast.resampling import bootstrap_sums, randomization_sums, resampled_sums
from .fast.scoring import bleu_scores
from .signature import BLEU_KEYWORDS, resampling_signature
from .style import paragraph, signature_html, text
from .ter import SegmentTooLong


class _Record:
    """``to_dict()`` for the frozen dataclasses below: their fields (settings as the signature), plus
    ``extra`` properties."""

    extra: tuple = ("signature",)

    def to_dict(self) -> dict:
        """The numbers as a plain dict (JSON-serialisable; a row of a pandas DataFrame), 0-1 scale."""
        from dataclasses import fields

        from .style import plain_record

        names = [f.name for f in fields(self) if f.name not in ("settings", "n_references")]  # type: ignore[arg-type]
        return plain_record(self, [*names, *(e for e in self.extra if e not in names)])


class _Resampled:
    """What both bootstrap results share: their settings, references and draws make one signature."""

    settings: BleuSettings
    n_references: int | frozenset | set | None
    n_samples: int
    seed: int
    metric: str
    metric_signature: str | None

    @property
    def signature(self) -> str:
        """The metric's signature with the bootstrap's samples and seed (sacrebleu's ``bs`` and ``seed``)."""
        if self.metric_signature is not None:  # chrF, TER: their own signature
            return resampling_signature(self.metric_signature, "bs", self.n_samples, self.seed)
        return self.settings.signature(self.n_references, n_samples=self.n_samples, seed=self.seed)


@dataclass(frozen=True)
class BootstrapResult(_Resampled, _Record):
    """A corpus BLEU score with its bootstrap confidence interval (0-1 scale).

    ``low`` and ``high`` are percentiles of the resampled scores: with
    ``n_samples`` sorted scores s_0 <= ... <= s_{B-1} and
    k = floor(B * (1 - confidence) / 2), low = s_k and high = s_{B-1-k}
    (for B = 1000 at 95 %: s_25 and s_974, the two scores sacrebleu reads).
    ``mean`` is the mean of the resampled scores; sacrebleu prints it with
    half the interval's width as ``mu +- ci``.
    """

    score: float
    low: float
    high: float
    mean: float
    confidence: float
    n_samples: int
    seed: int
    settings: BleuSettings = field(default_factory=BleuSettings, repr=False)
    n_references: int | frozenset | set | None = None
    metric: str = "BLEU"  # the score's name: "BLEU", "chrF2", "TER"
    metric_signature: str | None = field(default=None, repr=False)  # chrF's or TER's signature; None for BLEU

    @property
    def half_width(self) -> float:
        """Half the width of the interval, (high - low) / 2: sacrebleu's ``ci``."""
        return (self.high - self.low) / 2

    def __str__(self) -> str:
        return (
            f"{self.metric} = {self.score:.4f}, {100 * self.confidence:g}% CI [{self.low:.4f}, {self.high:.4f}] "
            f"(bootstrap mean {self.mean:.4f}; {self.n_samples} samples, seed {self.seed}) {self.signature}"
        )

    def explain(self) -> str:
        """The interval step by step: what was resampled, which sorted scores bound it, and sacrebleu's line."""
        low_rank, high_rank = interval_ranks(self.n_samples, self.confidence)
        return "\n".join([
            f"{self.metric} = {self.score:.4f} on the whole test set (0-1 scale)",
            f"{self.n_samples} resampled test sets (Koehn 2004): each draws as many sentences as the test set "
            f"has, with replacement, and is scored by corpus {self.metric} of its summed statistics",
            f"sorted, their scores s_0 <= ... <= s_{self.n_samples - 1} give the central "
            f"{100 * self.confidence:g}% interval [s_{low_rank}, s_{high_rank}] = [{self.low:.4f}, {self.high:.4f}]; "
            f"their mean is {self.mean:.4f}",
            self._sacrebleu_line(),
            f"signature: {self.signature}",
        ])

    def _sacrebleu_line(self) -> str:
        """What sacrebleu prints for the same interval, or why it cannot."""
        missing = (None if self.metric_signature is not None else self.settings.not_in_sacrebleu()) or (
            None if math.isclose(self.confidence, 0.95) else f"only 95% intervals, not {100 * self.confidence:g}%"
        )
        if missing:
            return f"sacrebleu cannot give this interval: it has {missing}"
        # sacrebleu shows "(mu = mean +- half width)" only for a mean above 0.
        spread = f" (μ = {100 * self.mean:.2f} ± {100 * self.half_width:.2f})" if self.mean > 0 else ""
        seed = "its default seed" if self.seed == 12345 else f"SACREBLEU_SEED={self.seed} in the environment"
        value = "" if self.settings.smooth_value is None else f", smooth_value={float(self.settings.smooth_value)!r}"
        scorer = (f"BLEU(smooth_method={self.settings.smoothing!r}{value}, ...)" if self.metric_signature is None
                  else f"{'TER' if self.metric == 'TER' else 'CHRF'}(...)")
        return (f"sacrebleu prints {self.metric} = {100 * self.score:.2f}{spread} for {scorer}.corpus_score(..., "
                f"n_bootstrap={self.n_samples}) with {seed} (the same draws)")

    def _repr_html_(self) -> str:
        _, *lines = self.explain().splitlines()  # the headline says it shorter
        interval = f"{100 * self.confidence:g}% CI [{self.low:.4f}, {self.high:.4f}]"
        return _lines_html(f"{self.metric} = {self.score:.4f}, {interval}", lines[:-1], self.signature)


class _PairedVerdict:
    """What every paired test's result answers: the difference, and whether it is significant."""

    baseline_score: float
    system_score: float
    p_value: float
    n_samples: int

    @property
    def difference(self) -> float:
        """system_score - baseline_score (positive: the system scores higher)."""
        return self.system_score - self.baseline_score

    def significant(self, alpha: float = 0.05) -> bool:
        """True when p_value < alpha: the difference is unlikely to be chance."""
        alpha = check_level(alpha, "alpha", 0.05, "the significance level: 0.05 means p < 0.05 counts as significant")
        return self.p_value < alpha

    def _explained_p_value(self, counted: str, meaning: str, *, bootstrap: bool) -> list:
        """The p-value as a count of resamples or trials, ``counted`` being what is counted, and the verdict.

        Equal scores get p = 1 for the bootstrap (see :func:`_p_value`); sacrebleu's count would give 1/(B+1).
        """
        n = self.n_samples
        if self.difference == 0 and bootstrap:
            return [f"the two scores are equal: p = 1, no evidence of a difference (sacrebleu's formula gives "
                    f"1/{n + 1} here, which would call them significantly different)", "not significant at 0.05"]
        beyond = round(self.p_value * (n + 1)) - 1
        return [
            f"p = (1 + #{{{counted}}}) / (B + 1) = (1 + {beyond}) / {n + 1} = {self.p_value:.4f}, with "
            f"d = |difference| = {abs(self.difference):.4f} and {meaning}",
            "significant at 0.05: a difference this large seldom comes from which sentences happen to be in the "
            "test set" if self.significant() else
            "not significant at 0.05: chance alone often gives a difference this large",
        ]


@dataclass(frozen=True)
class PairedBootstrapResult(_Resampled, _PairedVerdict, _Record):
    """Paired bootstrap comparison of a system with a baseline on the same test set (0-1 scale).

    ``p_value`` is defined as in sacrebleu's paired bootstrap test and the
    Moses script ``bootstrap-hypothesis-difference-significance.pl``
    (Koehn 2004): the probability, under the null hypothesis that the two
    systems are equally good, of a score difference at least as large as the
    one observed. See :func:`paired_bootstrap`.
    """

    baseline_score: float
    system_score: float
    p_value: float
    n_samples: int
    seed: int
    baseline_low: float
    baseline_high: float
    system_low: float
    system_high: float
    settings: BleuSettings = field(default_factory=BleuSettings, repr=False)
    n_references: int | frozenset | set | None = None
    metric: str = "BLEU"  # the scores' name: "BLEU", "chrF2", "TER"
    metric_signature: str | None = field(default=None, repr=False)  # chrF's or TER's signature; None for BLEU

    def __str__(self) -> str:
        verdict = "significant" if self.significant() else "not significant"
        return (
            f"{self.metric}: system {self.system_score:.4f} vs baseline {self.baseline_score:.4f} "
            f"(difference {self.difference:+.4f}): p = {self.p_value:.4f}, {verdict} at 0.05 "
            f"(paired bootstrap, {self.n_samples} samples, seed {self.seed}) {self.signature}"
        )

    def explain(self) -> str:
        """The test step by step: the two scores, their intervals on the same resamples, and the p-value."""
        return "\n".join([
            f"baseline {self.metric} = {self.baseline_score:.4f}, system {self.metric} = {self.system_score:.4f}: "
            f"difference {self.difference:+.4f} (system minus baseline, 0-1 scale)",
            f"both scored on the same B = {self.n_samples} resampled test sets (paired bootstrap, Koehn 2004); "
            f"95% intervals: baseline [{self.baseline_low:.4f}, {self.baseline_high:.4f}], "
            f"system [{self.system_low:.4f}, {self.system_high:.4f}]",
            *self._explained_p_value("b : d_b - mean(d_b) > d", "d_b the difference in resample b (sacrebleu's "
                                     "--paired-bs, the Moses script)", bootstrap=True),
            f"signature: {self.signature}",
        ])

    def _repr_html_(self) -> str:
        lines = self.explain().splitlines()
        return _lines_html(f"system {self.system_score:.4f} vs baseline {self.baseline_score:.4f}: "
                           f"p = {self.p_value:.4f}", lines[:-1], self.signature)


def _lines_html(headline: str, lines, signature: str | None) -> str:
    """A significance result's HTML view: its headline in bold, its explanation's lines, the signature."""
    body = "".join(paragraph(text(line)) for line in lines)
    shown = "" if signature is None else signature_html(signature)
    return f"<div class='bleu-lab-result'><b>{text(headline)}</b>{body}{shown}</div>"


@dataclass(frozen=True, eq=False)
class CorpusStatistics:
    """A corpus counted once: one row of sufficient statistics per sentence, and the corpus score.

    ``matrix[i]`` is ``c, r, matches_1..N, totals_1..N`` of sentence i (a
    read-only numpy array); ``score`` is :func:`bleu_lab.corpus_bleu` of the
    whole corpus; ``keywords`` the BLEU keywords it was counted and scored
    with. Made by :func:`collect_statistics`; the bootstrap functions
    ``*_from_statistics`` resample it without reading the text again.
    """

    matrix: Any
    score: float
    keywords: tuple
    settings: BleuSettings = field(default_factory=BleuSettings)
    n_references: frozenset = frozenset()
    result: Any = field(default=None, repr=False, compare=False)  # the whole corpus's BleuResult

    @property
    def sentences(self) -> int:
        """How many sentences (rows of ``matrix``) were counted."""
        return len(self.matrix)

    def __repr__(self) -> str:
        return f"<CorpusStatistics {self.sentences} sentences, BLEU = {self.score:.4f}, {dict(self.keywords)}>"


# ----------------------------------------------------------------------------- statistics


def _check_same_lengths(systems, references, function):
    """A paired test needs one line per test sentence in every system: say which one differs."""
    lengths = {}
    for name, lines in zip(("baseline", "system"), systems):
        if hasattr(lines, "__len__") and not isinstance(lines, (str, bytes)):
            lengths[name] = len(lines)
    if hasattr(references, "__len__") and not isinstance(references, (str, bytes)):
        lengths["references"] = len(references)
    if lengths:
        check_same_lengths(
            lengths, anchor="references" if "references" in lengths else next(iter(lengths)),
            what=f"{function} compares two systems sentence by sentence",
            right=f"Every system needs one output line per test sentence, in the same order as references. "
                  f"Right: {function}(baseline_lines, system_lines, references) with "
                  f"len(baseline_lines) == len(system_lines) == len(references)",
        )


def collect_systems(systems, references, bleu_keywords, *, function: str = "collect_systems",
                    names=("baseline", "system"), own_keywords=()) -> list:
    """:func:`collect_statistics` for several systems against the same references (each text tokenized once).

    ``function`` names the caller in error messages, ``names`` the systems after the first, and
    ``own_keywords`` the caller's keywords beside the BLEU ones (listed when a keyword is unknown).
    """
    import numpy as np

    settings = BleuSettings.from_keywords(bleu_keywords, function, own_keywords)
    keywords = tuple(sorted(bleu_keywords.items(), key=repr))
    if len(systems) == 1:  # one corpus (bootstrap_ci, collect_statistics): its lines are the candidates
        labels, lines = ["candidates"], "candidate_lines"
    else:
        labels = [*names, *(f"systems[{k}]" for k in range(len(names), len(systems)))][: len(systems)]
        lines = "baseline_lines, system_lines"
    candidate_lines, reference_lines = tokenize_systems(
        dict(zip(labels, systems)), references, settings, function=function,
        call=f"{function}({lines}, [[ref] for ref in reference_lines])",
    )
    settings = settings_for_texts(settings, [text for lines in systems for text in lines], references)
    n_references = frozenset(map(len, reference_lines))
    collected = []
    for statistics in count_systems_statistics(candidate_lines, reference_lines, settings.counting_order,
                                                lines=True):
        # The whole test set's result exactly as corpus_bleu computes it.
        result = replace(score_counted(statistics, settings, n_references=n_references), sentences=len(statistics))
        matrix = statistics.rows.astype(np.float64)  # exact: counts far below 2**53
        matrix.setflags(write=False)
        collected.append(CorpusStatistics(matrix=matrix, score=result.score, keywords=keywords, settings=settings,
                                          n_references=n_references, result=result))
    return collected


def collect_statistics(
    candidates: Sequence[Text], references: Sequence[References], **bleu_keywords: Any
) -> CorpusStatistics:
    """Check, tokenize and count a corpus once, for several bootstrap runs on it.

    ``bleu_keywords`` are those of :func:`bleu_lab.corpus_bleu`. The result's
    ``score`` equals ``corpus_bleu(candidates, references, **bleu_keywords).score``.
    """
    return collect_systems([candidates], references, bleu_keywords, function="collect_statistics")[0]


def _scoring(statistics, what) -> BleuSettings:
    if not isinstance(statistics, CorpusStatistics):
        raise TypeError(
            f"{what} must come from collect_statistics(candidates, references, ...), not {describe(statistics)}; "
            f"with text, call bootstrap_ci / paired_bootstrap instead"
        )
    return statistics.settings.scoring


def resampled_scores(matrix, draws, scoring) -> Any:
    """BLEU of every resample: the statistics of the sentences ``draws[b]`` summed
    (:func:`bleu_lab.fast.resampling.resampled_sums`), scored at once by :func:`bleu_lab.fast.scoring.bleu_scores`
    (the function that scores a sentence and a corpus too).

    ``matrix`` holds one row per sentence (c, r, matches..., totals...). nltk's methods (a rule of
    their smoothing method) add each drawn sentence's phantom n-grams, ``max(1, totals)``, and look
    at the sentence drawn last, ``draws[b, -1]``. ``scoring`` is a
    :class:`bleu_lab.settings.BleuSettings` (or a dict of its scoring keywords).
    """
    import numpy as np

    draws = np.asarray(draws)
    scoring = _scoring_settings(scoring)
    sums = resampled_sums(draws, _bleu_columns([matrix], scoring))
    return _bleu_of_sums([matrix], sums, draws[:, -1], scoring)[0]


def _scoring_settings(scoring) -> BleuSettings:
    return scoring if isinstance(scoring, BleuSettings) else BleuSettings(**scoring, tokenize=None, lowercase=None)


def _bleu_columns(matrices, scoring: BleuSettings):
    """The columns a resample sums, system after system: its statistics, then for nltk's methods its
    totals with each sentence's empty order counted once (max(1, t_n), their phantom n-gram)."""
    import numpy as np

    if not scoring.method.phantom_ngrams:
        return np.hstack(matrices)
    return np.hstack([part for m in matrices for part in (m, np.maximum(statistics_columns(m)[3], 1.0))])


def _bleu_of_sums(matrices, sums, last_drawn, scoring: BleuSettings) -> list:
    """Each system's BLEU of every resample, from the sums of :func:`_bleu_columns` (one row per sample)."""
    width = matrices[0].shape[1]
    phantom = scoring.method.phantom_ngrams
    step = width + ((width - 2) // 2 if phantom else 0)
    scores = []
    for k, matrix in enumerate(matrices):
        own = sums[:, k * step : (k + 1) * step]
        c, r, matches, totals = statistics_columns(own[:, :width])
        last = None
        if phantom:
            totals = own[:, width:]  # the sums of max(1, t_n)
            last_c, _, last_matches, last_totals = statistics_columns(matrix[last_drawn])
            last = (last_c, last_matches, last_totals)
        try:
            scores.append(bleu_scores(matches, totals, c, r, scoring, last=last).scores)
        except Method6Undefined as error:
            # nltk's method6 is undefined without a matching trigram (nltk asserts); a resample can lack one
            # where the whole test set has some, so the interval would rest on the other resamples only.
            raise ValueError(
                f"smoothing='method6' is undefined for {error.rows} of the {len(sums)} resamples: they have no "
                f"matching trigram, and nltk's method6 needs one (it asserts). The whole test set has some, so "
                f"corpus_bleu works on it, but a bootstrap needs a score for every resample. Use another smoothing "
                f"for the interval, e.g. bootstrap_ci(candidates, references, smoothing='method3') or smoothing='exp'"
            ) from None
    return scores


def bleu_from_sums(sums, order, weights=None, smoothing="none", value=None, effective_order=False) -> Any:
    """BLEU for many rows ``c, r, matches_1..K, totals_1..K`` (K >= order) of summed statistics at once.

    Row by row this is :func:`bleu_lab.bleu_from_stats` (sacrebleu's or nltk's rules, one row
    being its own last sentence); both are :func:`bleu_lab.scoring.bleu_scores`.

    >>> import numpy as np
    >>> round(float(bleu_from_sums(np.array([[6, 6, 5, 4, 3, 2, 6, 5, 4, 3]]), 4)[0]), 4)
    0.7598
    """
    import numpy as np

    settings = BleuSettings(order, weights, smoothing, value, effective_order, None, None)
    c, r, matches, totals = statistics_columns(np.asarray(sums, dtype=np.float64))
    return bleu_scores(matches, totals, c, r, settings).scores


def _randomization_p_value(trial_differences, observed) -> float:
    """p = (1 + #{t : d_t >= d}) / (n + 1): the trials at least as far apart as the observed difference d
    (Riezler and Maxwell 2005; Noreen 1989).

    A trial that ties d counts against it. sacrebleu (after multeval) counts only d_t > d, so when every
    trial ties, as when the two systems differ in one sentence (each shuffle then gives back the same
    two scores, in one order or the other), it reports p = 1/(n+1), "significant", where the test has no
    evidence at all. Ties are equal to within rounding (1e-12 relative); with d = 0 every trial ties, p = 1.
    """
    import numpy as np

    return (int(np.sum(trial_differences >= observed * (1 - 1e-12))) + 1) / (len(trial_differences) + 1)


def _check_resamplable(sentences: int, function: str,
                       consequence: str = "the test has nothing to measure and would call any difference "
                                          "significant") -> None:
    """A bootstrap of one sentence draws that sentence every time: no variation to measure."""
    if sentences < 2:
        raise ValueError(
            f"{function} needs a test set of several sentences; with one, every resample is that sentence, "
            f"so {consequence}. Score a whole test set (Koehn 2004 resamples hundreds of sentences)"
        )


def _p_value(trial_differences, observed) -> float:
    """p = (1 + #{t : d_t > d}) / (n + 1) for the observed difference d (sacrebleu's and Moses' definition).

    Equal scores (d = 0) are no evidence of a difference: p is 1. sacrebleu's formula gives 1/(n+1)
    there (no trial exceeds 0 once centred), which would call two identical systems "significantly
    different".
    """
    import numpy as np

    if observed == 0:
        return 1.0
    return (int(np.sum(trial_differences > observed)) + 1) / (len(trial_differences) + 1)


def interval_ranks(n_samples: int, confidence: float) -> tuple[int, int]:
    """``(k, B - 1 - k)`` with k = floor(B (1 - confidence) / 2): the places in the B sorted resampled
    scores s_0 <= ... <= s_{B-1} that bound the percentile interval (sacrebleu reads s_{B // 40} and
    s_{B - 1 - B // 40}, the same places at 95 %).

    >>> interval_ranks(1000, 0.95)
    (25, 974)
    """
    k = int(math.floor(n_samples * (1 - confidence) / 2 + 1e-9))
    return k, n_samples - 1 - k


def _interval(scores, confidence):
    import numpy as np

    ordered = np.sort(scores)
    low, high = interval_ranks(len(ordered), confidence)
    return float(ordered[low]), float(ordered[high])


# ----------------------------------------------------------------------------- the metric protocol
# Every resampling test here needs two things of a metric: the statistics of each sentence, and the score
# of their sum (a corpus, a resample or a randomization trial are the same thing at different sums; Koehn
# 2004, Riezler and Maxwell 2005). BLEU, chrF and TER give them; so can any metric added later.


@dataclass(frozen=True, eq=False)
class Counted:
    """One system as a metric counted it: ``rows[i]`` the statistics of sentence i (a read-only float
    array), ``result`` the whole test set's result (``.score``, ``.signature``, ``.name``) as the
    metric's corpus function gives it, and ``score_sums`` the function scoring summed rows (one score
    per row), or None where single sentences matter (nltk's BLEU methods; see :func:`bleu_score_sums`).
    """

    rows: Any
    result: Any
    score_sums: Any = None
    statistics: Any = None  # BLEU's CorpusStatistics (its bootstrap also serves nltk's methods)


class ResamplingMetric:
    """A metric the resampling tests can use: :meth:`count` gives each system's :class:`Counted`.

    ``name`` is how ``metric=`` names it; ``keywords`` are the keywords it takes (the metric's own, as
    its corpus function takes them).
    """

    name: str = ""
    keywords: tuple = ()

    def count(self, systems, references, keywords: dict, function: str, own=()) -> list:
        """One :class:`Counted` per system (every system checked against the same references)."""
        raise NotImplementedError


class _BleuMetric(ResamplingMetric):
    name, keywords = "bleu", BLEU_KEYWORDS

    def count(self, systems, references, keywords, function, own=()):
        collected = collect_systems(systems, references, keywords, function=function, own_keywords=own)
        return [Counted(c.matrix, c.result, None if c.settings.method.phantom_ngrams else bleu_score_sums(c), c)
                for c in collected]


class _ChrfMetric(ResamplingMetric):
    name, keywords = "chrf", ("char_order", "word_order", "beta", "lowercase", "whitespace", "eps_smoothing")

    def count(self, systems, references, keywords, function, own=()):
        import numpy as np

        from .chrf import chrf_from_stats, chrf_score_from_values, count_chrf_systems, sum_chrf_statistics
        from .settings import ChrfSettings

        check_keywords(keywords, self.keywords, function, own)
        settings = ChrfSettings(**keywords)
        scoring = {"beta": settings.beta, "eps_smoothing": settings.eps_smoothing}

        def score_sums(sums):
            return np.array([chrf_score_from_values([int(v) for v in row], **scoring) for row in np.atleast_2d(sums)])

        counted = []
        for statistics in count_chrf_systems(systems, references, settings, function=function):
            result = chrf_from_stats(sum_chrf_statistics(statistics), beta=settings.beta,
                                     lowercase=settings.lowercase, whitespace=settings.whitespace,
                                     eps_smoothing=settings.eps_smoothing,
                                     n_references=frozenset(s.n_references for s in statistics))
            counted.append(Counted(_read_only(np.array([s.values for s in statistics], dtype=np.float64)), result,
                                   score_sums))
        return counted


class _TerMetric(ResamplingMetric):
    name, keywords = "ter", ("normalized", "no_punct", "asian_support", "case_sensitive")

    def count(self, systems, references, keywords, function, own=()):
        import numpy as np

        from .checks import check_corpus
        from .settings import TerSettings
        from .ter import corpus_ter, reference_words, ter_from_sums

        check_keywords(keywords, self.keywords, function, own)
        settings = TerSettings(**keywords)
        _, references = check_corpus(systems[0], references, function=function)
        # The references tokenized once for every system (token lists are used as given by corpus_ter).
        tokenized = [[list(reference_words(r, settings)) for r in refs] for refs in references]
        counted = []
        for index, lines in enumerate(systems):
            try:
                result = corpus_ter(lines, tokenized, **keywords)
            except SegmentTooLong as error:
                error.system = index  # a caller scoring files names the file
                raise
            rows = np.array([[a.num_edits, a.reference_length] for a in result.alignments], dtype=np.float64)
            counted.append(Counted(_read_only(rows), result, ter_from_sums))
        return counted


def _read_only(rows):
    rows.setflags(write=False)
    return rows


RESAMPLING_METRICS = {metric.name: metric for metric in (_BleuMetric(), _ChrfMetric(), _TerMetric())}


def get_resampling_metric(metric) -> ResamplingMetric:
    """The metric ``metric`` names ("bleu", "chrf", "ter"), or a clear error."""
    return RESAMPLING_METRICS[check_name(metric, "metric", tuple(RESAMPLING_METRICS), example="'chrf'")]


def _count_pair(metric, baseline, system, references, keywords, function):
    """Both systems counted by ``metric`` (a paired test's start): two :class:`Counted`."""
    _check_same_lengths((baseline, system), references, function)
    first, second = get_resampling_metric(metric).count([baseline, system], references, keywords, function,
                                                        ("metric", "n_samples", "seed"))
    return first, second


def _paired_resampled_scores(baseline_rows, system_rows, score_sums, n_samples, seed):
    """Both systems' scores on the same ``n_samples`` resamples (sacrebleu's draws), and the observed scores."""
    import numpy as np

    baseline_rows = _rows(baseline_rows)
    system_rows = _rows(system_rows, baseline_rows)
    # Both systems summed on the same draws in one pass, side by side.
    sums, _ = bootstrap_sums(np.hstack([baseline_rows, system_rows]), n_samples, seed)
    width = baseline_rows.shape[1]
    baseline_scores = np.asarray(score_sums(sums[:, :width]), dtype=np.float64)
    system_scores = np.asarray(score_sums(sums[:, width:]), dtype=np.float64)
    return baseline_scores, system_scores, _observed(score_sums, baseline_rows, system_rows)


# ----------------------------------------------------------------------------- public functions


@keywords_checked
def bootstrap_ci(
    candidates: Sequence[Text], references: Sequence[References], *, metric: str = "bleu", n_samples: int = 1000,
    confidence: float = 0.95, seed: int | None = 12345, **metric_keywords: Any,
) -> BootstrapResult:
    """Corpus BLEU, chrF or TER (``metric``) with a bootstrap confidence interval (Koehn 2004, section 4).

    Draw ``n_samples`` test sets of the same size from the sentences, with
    replacement; score each by the corpus score of its summed statistics; the
    interval is the central ``confidence`` part of those scores (percentile
    bootstrap). ``metric_keywords`` are the metric's: those of :func:`bleu_lab.corpus_bleu`
    (``tokenize``, ``smoothing``, ``max_order``...), :func:`bleu_lab.corpus_chrf` (``word_order``...)
    or :func:`bleu_lab.corpus_ter` (``case_sensitive``...). ``seed`` fixes the draws
    and is reported; ``seed=None`` draws a fresh seed and reports it.

    With the same seed the draws are sacrebleu's, so ``low`` and ``high`` are
    the two scores sacrebleu's ``corpus_score(..., n_bootstrap=1000)``
    reads (to about 2e-8: sacrebleu sums in float32); sacrebleu prints them as
    mean +- half the distance between them.
    """
    n_samples = check_n_samples(n_samples)
    confidence = check_confidence(confidence)
    check_samples_for_interval(n_samples, confidence)
    seed = seed_to_use(seed)
    (counted,) = get_resampling_metric(metric).count([candidates], references, metric_keywords, "bootstrap_ci",
                                                     ("metric", "n_samples", "confidence", "seed"))
    if counted.statistics is not None:  # BLEU: its statistics also serve nltk's methods
        return bootstrap_ci_from_statistics(counted.statistics, n_samples=n_samples, confidence=confidence, seed=seed)
    _check_resamplable(len(counted.rows), "bootstrap_ci", "the interval would have no width, as if the score were "
                                                          "certain")
    scores = bootstrap_row_scores(counted.rows, counted.score_sums, n_samples=n_samples, seed=seed)
    low, high = _interval(scores, confidence)
    return BootstrapResult(score=counted.result.score, low=low, high=high, mean=float(scores.mean()),
                           confidence=confidence, n_samples=n_samples, seed=seed, metric=_metric_name(counted.result),
                           metric_signature=counted.result.signature)


def bootstrap_ci_from_statistics(
    statistics: CorpusStatistics, *, n_samples: int = 1000, confidence: float = 0.95, seed: int | None = 12345
) -> BootstrapResult:
    """:func:`bootstrap_ci` for a corpus already counted by :func:`collect_statistics`."""
    scoring = _scoring(statistics, "statistics")
    n_samples = check_n_samples(n_samples)
    confidence = check_confidence(confidence)
    check_samples_for_interval(n_samples, confidence,
                               right="Right: bootstrap_ci_from_statistics(statistics, n_samples=1000)")
    seed = seed_to_use(seed)
    _check_resamplable(len(statistics.matrix), "bootstrap_ci",
                       "the interval would have no width, as if the score were certain")
    sums, last = bootstrap_sums(_bleu_columns([statistics.matrix], scoring), n_samples, seed)
    (scores,) = _bleu_of_sums([statistics.matrix], sums, last, scoring)
    low, high = _interval(scores, confidence)
    return BootstrapResult(
        score=statistics.score, low=low, high=high, mean=float(scores.mean()), confidence=confidence,
        n_samples=n_samples, seed=seed, settings=statistics.settings, n_references=statistics.n_references,
    )


@keywords_checked
def paired_bootstrap(
    baseline: Sequence[Text], system: Sequence[Text], references: Sequence[References], *, metric: str = "bleu",
    n_samples: int = 1000, seed: int | None = 12345, **metric_keywords: Any,
) -> PairedBootstrapResult:
    """Is ``system`` really better (or worse) than ``baseline`` in corpus BLEU, chrF or TER (``metric``)?
    Paired bootstrap resampling (Koehn 2004); ``metric_keywords`` are the metric's (see :func:`bootstrap_ci`).

    Both systems are scored on the *same* ``n_samples`` resampled test sets
    (the same sentences drawn), so the comparison is paired. With observed
    difference d = |score(system) - score(baseline)| on the whole test set and
    resampled differences d_b = |score_b(system) - score_b(baseline)|, the
    null hypothesis (no real difference) is simulated by centring the d_b on
    zero, and

        p = (1 + #{b : d_b - mean(d) > d}) / (n_samples + 1)

    This is the definition of sacrebleu's paired bootstrap test
    (``--paired-bs``) and of the Moses script
    ``bootstrap-hypothesis-difference-significance.pl``: a two-sided test,
    with the +1 that keeps the chance of a false "significant" below the
    level of the test. A small p (below 0.05, say) means a difference this
    large rarely arises by the luck of which sentences are in the test set.
    Koehn's (2004) original test counts instead how often the better system
    loses in the resamples; both usually reach the same verdict.

    With the same seed (12345 is sacrebleu's default) the resamples are
    exactly sacrebleu's. ``baseline_low`` ... ``system_high`` are 95 %
    percentile intervals from the same resamples. One departure: when the two
    scores are equal, p is 1 (sacrebleu's formula gives 1/(n+1), "significant").
    """
    n_samples = check_n_samples(n_samples)
    seed = seed_to_use(seed)
    first, second = _count_pair(metric, baseline, system, references, metric_keywords, "paired_bootstrap")
    if first.statistics is not None:  # BLEU: its statistics also serve nltk's methods
        return paired_bootstrap_from_statistics(first.statistics, second.statistics, n_samples=n_samples, seed=seed)
    _check_resamplable(len(first.rows), "paired_bootstrap")
    baseline_scores, system_scores, _ = _paired_resampled_scores(first.rows, second.rows, first.score_sums,
                                                                 n_samples, seed)
    return _paired_bootstrap_result(baseline_scores, system_scores, first.result.score, second.result.score,
                                    n_samples, seed, metric=_metric_name(first.result),
                                    metric_signature=first.result.signature)


def _paired_bootstrap_result(baseline_scores, system_scores, baseline_score, system_score, n_samples, seed,
                             **rest) -> PairedBootstrapResult:
    """The paired bootstrap's verdict from both systems' resampled scores: the p-value of sacrebleu's
    ``--paired-bs`` (p = 1 for equal scores) and each system's 95% interval."""
    import numpy as np

    differences = np.abs(system_scores - baseline_scores)
    p_value = _p_value(differences - differences.mean(), abs(system_score - baseline_score))
    baseline_low, baseline_high = _interval(baseline_scores, 0.95)
    system_low, system_high = _interval(system_scores, 0.95)
    return PairedBootstrapResult(
        baseline_score=baseline_score, system_score=system_score, p_value=p_value, n_samples=n_samples, seed=seed,
        baseline_low=baseline_low, baseline_high=baseline_high, system_low=system_low, system_high=system_high,
        **rest,
    )


def paired_bootstrap_from_statistics(
    baseline: CorpusStatistics, system: CorpusStatistics, *, n_samples: int = 1000, seed: int | None = 12345
) -> PairedBootstrapResult:
    """:func:`paired_bootstrap` for two corpora already counted by :func:`collect_statistics`."""

    scoring = _scoring(baseline, "baseline")
    if _scoring(system, "system") != scoring or baseline.settings != system.settings:
        raise ValueError(
            f"baseline and system were counted with different keywords ({dict(baseline.keywords)} vs "
            f"{dict(system.keywords)}); count both with the same collect_statistics(..., **keywords)"
        )
    if baseline.sentences != system.sentences:
        raise ValueError(
            f"baseline has {baseline.sentences} sentences but system has {system.sentences}; a paired test "
            f"needs both systems' output for the same test set"
        )
    n_samples = check_n_samples(n_samples)
    seed = seed_to_use(seed)
    _check_resamplable(baseline.sentences, "paired_bootstrap")
    matrices = [baseline.matrix, system.matrix]
    sums, last = bootstrap_sums(_bleu_columns(matrices, scoring), n_samples, seed)  # both systems on the same draws
    baseline_scores, system_scores = _bleu_of_sums(matrices, sums, last, scoring)
    return _paired_bootstrap_result(baseline_scores, system_scores, baseline.score, system.score, n_samples, seed,
                                    settings=baseline.settings, n_references=baseline.n_references)


# ----------------------------------------------------------------------------- approximate randomization
# (added by the ter helper for `bleu-lab score`: --paired-ar, and the tests of chrF and TER; separate
# from the BLEU bootstrap above, and metric-independent: each takes per-sentence rows of statistics and
# a function scoring summed rows)


@dataclass(frozen=True)
class PairedTestResult(_PairedVerdict, _Record):
    """A paired significance test of a system against a baseline on per-sentence statistics (0-1 scale).

    ``test`` is "paired approximate randomization" or "paired bootstrap"; ``p_value`` is defined as
    in sacrebleu's ``--paired-ar`` / ``--paired-bs``, except that randomization trials tying the
    observed difference count against it (see :func:`approximate_randomization`).
    """

    baseline_score: float
    system_score: float
    p_value: float
    n_samples: int
    seed: int
    test: str = "paired approximate randomization"
    signature: str | None = None  # with trials and seed (sacrebleu's ar or bs); None for rows of unknown settings
    metric: str | None = None  # "BLEU", "chrF2", "TER"; None for rows of an unnamed metric

    def __str__(self) -> str:
        verdict = "a significant" if self.significant() else "no significant"
        return (
            (f"{self.metric}: " if self.metric else "")
            + f"{self.test} ({self.n_samples} samples, seed {self.seed}): {verdict} difference at 0.05, "
            f"p = {self.p_value:.4f}; system {self.system_score:.4f} - baseline {self.baseline_score:.4f} "
            f"= {self.difference:+.4f}" + (f" {self.signature}" if self.signature else "")
        )

    def explain(self) -> str:
        """The test step by step: the two scores, what a trial or resample is, and the p-value as a count."""
        if self.test == "paired bootstrap":
            how = (f"both scored on the same B = {self.n_samples} resampled test sets (Koehn 2004)",
                   "b : d_b - mean(d_b) > d", "d_b the difference in resample b (sacrebleu's --paired-bs)")
        else:
            how = (f"B = {self.n_samples} trials: in each, a fair coin per sentence decides whether its two outputs "
                   f"swap systems (approximate randomization, Riezler and Maxwell 2005)",
                   "t : d_t >= d", "d_t the difference in trial t; a trial that ties d counts against it "
                   "(sacrebleu's --paired-ar counts only d_t > d)")
        return "\n".join([
            f"baseline = {self.baseline_score:.4f}, system = {self.system_score:.4f}: difference "
            f"{self.difference:+.4f} (system minus baseline, 0-1 scale)",
            how[0],
            *self._explained_p_value(how[1], how[2], bootstrap=self.test == "paired bootstrap"),
            *([f"signature: {self.signature}"] if self.signature else []),
        ])

    def _repr_html_(self) -> str:
        lines = self.explain().splitlines()
        return _lines_html(f"{self.test}: system {self.system_score:.4f} vs baseline {self.baseline_score:.4f}, "
                           f"p = {self.p_value:.4f}", lines[:-1] if self.signature else lines, self.signature)


def _rows(rows, other=None):
    import numpy as np

    rows = np.asarray(rows, dtype=np.float64)
    if rows.ndim != 2 or (other is not None and other.shape != rows.shape):
        shapes = f"{rows.shape}" + ("" if other is None else f" and {other.shape}")
        raise ValueError(
            f"statistics must be one row per sentence, the same shape for both systems; got {shapes}: "
            f"both systems must translate the same test set"
        )
    return rows


def _observed(score_sums, *row_sets) -> list:
    import numpy as np

    return [float(x) for x in score_sums(np.stack([rows.sum(axis=0) for rows in row_sets]))]


def approximate_randomization(baseline_rows, system_rows, score_sums, *, n_samples=10000,
                              seed=12345) -> PairedTestResult:
    """Paired approximate randomization (Riezler and Maxwell 2005, "On Some Pitfalls in Automatic
    Evaluation and Significance Testing for MT", section 3), on per-sentence statistics.

    Under the null hypothesis the two systems are interchangeable, so for
    each sentence a fair coin decides whether its two outputs swap owners.
    Each of ``n_samples`` trials builds two pseudo-systems that way and scores
    them; with observed difference d = |score(system) - score(baseline)| and
    trial differences d_t,

        p = (1 + #{t : d_t >= d}) / (n_samples + 1)

    ``baseline_rows[i]`` and ``system_rows[i]`` are sentence i's sufficient
    statistics (the same columns for both: BLEU's lengths and counts, chrF's
    per-order counts, TER's edits and reference length); ``score_sums`` maps
    an array of summed rows (one per line) to their scores. The coins are
    drawn as sacrebleu's ``--paired-ar`` draws them
    (``numpy.random.default_rng(seed).integers(2, size=(n_samples, n), dtype=bool)``),
    so with the same seed and trials the p-value is sacrebleu's unless a trial
    ties d exactly. Two departures: a tie counts against d, as Riezler and
    Maxwell count it, where sacrebleu counts only d_t > d and so reports
    p = 1/(n+1), "significant", for two equal scores or two systems that
    differ in one sentence (every trial ties then); and with ``smoothing="add-k"`` and a
    fractional ``smooth_value`` (0.5, say) sacrebleu adds k in place to the
    integer counts of each trial, so its trials lose the fraction and are
    scored unsmoothed while the two systems are not: its p-value is then off,
    bleu_lab's uses k as given for every trial.
    """
    import numpy as np

    n_samples = check_n_samples(n_samples)
    seed = seed_to_use(seed)
    baseline_rows = _rows(baseline_rows)
    system_rows = _rows(system_rows, baseline_rows)
    baseline_score, system_score = _observed(score_sums, baseline_rows, system_rows)
    first, second = randomization_sums(baseline_rows, system_rows, n_samples, seed)
    differences = np.abs(np.asarray(score_sums(first)) - np.asarray(score_sums(second)))
    p_value = _randomization_p_value(differences, abs(system_score - baseline_score))
    return PairedTestResult(baseline_score, system_score, p_value, n_samples, seed)


def bootstrap_row_scores(rows, score_sums, *, n_samples=1000, seed=12345):
    """Scores of ``n_samples`` bootstrap resamples of per-sentence ``rows``, drawn as sacrebleu draws them
    (and as :func:`bootstrap_ci`): the metric-independent form, for chrF and TER."""
    import numpy as np

    rows = _rows(rows)
    sums, _ = bootstrap_sums(rows, check_n_samples(n_samples), seed_to_use(seed))
    return np.asarray(score_sums(sums), dtype=np.float64)


def bootstrap_interval_rows(rows, score_sums, *, n_samples=1000, confidence=0.95, seed=12345) -> tuple:
    """(low, high, mean) of the resampled scores: :func:`bootstrap_ci`'s interval for any metric."""
    confidence = check_confidence(confidence)
    check_samples_for_interval(check_n_samples(n_samples), confidence,
                               right="Right: bootstrap_interval_rows(rows, score_sums, n_samples=1000)")
    scores = bootstrap_row_scores(rows, score_sums, n_samples=n_samples, seed=seed)
    low, high = _interval(scores, confidence)
    return low, high, float(scores.mean())


def paired_bootstrap_rows(baseline_rows, system_rows, score_sums, *, n_samples=1000,
                          seed=12345) -> PairedTestResult:
    """:func:`paired_bootstrap`'s test for any metric: both systems scored on the same resamples,
    p = (1 + #{b : d_b - mean(d) > d}) / (n_samples + 1), and p = 1 when the scores are equal."""
    n_samples, seed = check_n_samples(n_samples), seed_to_use(seed)
    _check_resamplable(len(_rows(baseline_rows)), "a paired bootstrap test")
    baseline_scores, system_scores, (baseline_score, system_score) = _paired_resampled_scores(
        baseline_rows, system_rows, score_sums, n_samples, seed)
    differences = abs(system_scores - baseline_scores)
    p_value = _p_value(differences - differences.mean(), abs(system_score - baseline_score))
    return PairedTestResult(baseline_score, system_score, p_value, n_samples, seed, "paired bootstrap")


def bleu_score_sums(statistics: CorpusStatistics):
    """A function scoring summed rows of ``statistics.matrix`` as corpus BLEU (sacrebleu's smoothing only)."""
    scoring = _scoring(statistics, "statistics")
    if scoring.method.phantom_ngrams:
        raise ValueError(
            f"smoothing={scoring.smoothing!r} (nltk's) looks at single sentences, which a randomization trial "
            f"does not keep; use {method_names('sacrebleu')} (sacrebleu's) for a paired randomization test"
        )
    return lambda sums: bleu_from_sums(sums, scoring.order, scoring.weights, scoring.smoothing,
                                       scoring.smooth_value, scoring.effective_order)


@keywords_checked
def paired_approximate_randomization(baseline, system, references, *, metric="bleu", n_samples=10000, seed=12345,
                                     **metric_keywords) -> PairedTestResult:
    """Is ``system`` better than ``baseline`` in corpus BLEU, chrF or TER (``metric``)? Paired approximate
    randomization (Riezler and Maxwell 2005), as sacrebleu's ``--paired-ar``; see
    :func:`approximate_randomization`. 10000 trials is sacrebleu's default. ``metric_keywords`` are the
    metric's: those of :func:`bleu_lab.corpus_bleu`, :func:`bleu_lab.corpus_chrf` or :func:`bleu_lab.corpus_ter`.
    """
    n_samples = check_n_samples(n_samples)
    seed = seed_to_use(seed)
    first, second = _count_pair(metric, baseline, system, references, metric_keywords,
                                "paired_approximate_randomization")
    score_sums = first.score_sums if first.score_sums is not None else bleu_score_sums(first.statistics)
    result = approximate_randomization(first.rows, second.rows, score_sums, n_samples=n_samples, seed=seed)
    return replace(result, signature=resampling_signature(first.result.signature, "ar", n_samples, seed),
                   metric=_metric_name(first.result))


def _metric_name(result) -> str:
    """The name a result prints ("BLEU", "chrF2", "TER")."""
    return getattr(result, "name", "BLEU")


__all__ = [
    "RESAMPLING_METRICS",
    "BootstrapResult",
    "CorpusStatistics",
    "Counted",
    "ResamplingMetric",
    "get_resampling_metric",
    "PairedBootstrapResult",
    "PairedTestResult",
    "approximate_randomization",
    "bleu_from_sums",
    "bleu_score_sums",
    "bootstrap_interval_rows",
    "bootstrap_row_scores",
    "bootstrap_ci",
    "bootstrap_ci_from_statistics",
    "collect_statistics",
    "collect_systems",
    "paired_approximate_randomization",
    "paired_bootstrap",
    "paired_bootstrap_from_statistics",
    "paired_bootstrap_rows",
]
