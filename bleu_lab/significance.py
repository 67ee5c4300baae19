"""How sure is a corpus BLEU score? Bootstrap intervals and paired significance (Koehn 2004).

A test set is a sample of sentences; another sample would give another
score. The bootstrap (Koehn 2004, "Statistical Significance Tests for
Machine Translation Evaluation") estimates that spread by drawing, with
replacement, as many sentences as the test set has, scoring the draw, and
repeating. Corpus BLEU is a function of *summed* per-sentence statistics, so
each draw only adds up integers that were counted once: the text is never
read again (Post 2018 and sacrebleu do the same).

Everything here is vectorised with numpy: a draw is a row of a count matrix
``W`` (how often each sentence was drawn), the statistics of every draw are
``W @ S`` for the per-sentence statistics matrix ``S``, and BLEU is computed
for all draws at once with the same rules as :func:`bleu_lab.bleu_from_stats`.
The random draws are made exactly as sacrebleu makes them
(``numpy.random.default_rng(seed).choice(n, size=(n_samples, n))``), so with
the same seed (sacrebleu's default is 12345) the resampled scores are the
same as sacrebleu's.

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
from dataclasses import dataclass

from .bleu import _check_options, _counting_order, _resolve_weights, bleu_from_stats, score_statistics, tokenize_corpus
from .counting import SentenceStats, corpus_statistics_matrix
from .inputs import _is_real_number, _is_whole_number, _kind, check_corpus
from .smoothing import _LOG_ZERO, NLTK_SMOOTHING, resolve_smoothing
from .tokenizers import _unknown_name_message

BLEU_KEYWORDS = ("max_order", "weights", "smoothing", "smooth_value", "effective_order", "tokenize", "lowercase")
_SCORING_KEYWORDS = ("max_order", "weights", "smoothing", "smooth_value", "effective_order")


@dataclass(frozen=True)
class BootstrapResult:
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

    @property
    def half_width(self) -> float:
        """Half the width of the interval, (high - low) / 2: sacrebleu's ``ci``."""
        return (self.high - self.low) / 2

    def __str__(self) -> str:
        return (
            f"BLEU = {self.score:.4f}, {100 * self.confidence:g}% CI [{self.low:.4f}, {self.high:.4f}] "
            f"(bootstrap mean {self.mean:.4f}; {self.n_samples} samples, seed {self.seed})"
        )


@dataclass(frozen=True)
class PairedBootstrapResult:
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

    @property
    def difference(self) -> float:
        """system_score - baseline_score (positive: the system scores higher)."""
        return self.system_score - self.baseline_score

    def significant(self, alpha: float = 0.05) -> bool:
        """True when p_value < alpha: the difference is unlikely to be chance."""
        return self.p_value < alpha

    def __str__(self) -> str:
        verdict = "significant" if self.significant() else "not significant"
        return (
            f"system {self.system_score:.4f} vs baseline {self.baseline_score:.4f} "
            f"(difference {self.difference:+.4f}): p = {self.p_value:.4f}, {verdict} at 0.05 "
            f"(paired bootstrap, {self.n_samples} samples, seed {self.seed})"
        )


@dataclass(frozen=True, eq=False)
class CorpusStatistics:
    """A corpus counted once: one row of sufficient statistics per sentence, and the corpus score.

    ``matrix[i]`` is ``c, r, matches_1..N, totals_1..N`` of sentence i (a
    read-only numpy array); ``score`` is :func:`bleu_lab.corpus_bleu` of the
    whole corpus; ``keywords`` the BLEU keywords it was counted and scored
    with. Made by :func:`collect_statistics`; the bootstrap functions
    ``*_from_statistics`` resample it without reading the text again.
    """

    matrix: object
    score: float
    keywords: tuple

    @property
    def sentences(self) -> int:
        """How many sentences (rows of ``matrix``) were counted."""
        return len(self.matrix)

    def __repr__(self) -> str:
        return f"<CorpusStatistics {self.sentences} sentences, BLEU = {self.score:.4f}, {dict(self.keywords)}>"


# ----------------------------------------------------------------------------- checks


def _check_bleu_keywords(bleu_keywords, function):
    for name in bleu_keywords:
        if name not in BLEU_KEYWORDS:
            raise TypeError(
                f"{function}() got an unexpected keyword {name!r}. "
                + _unknown_name_message("keyword", name, BLEU_KEYWORDS)
            )


def _check_n_samples(n_samples):
    if not _is_whole_number(n_samples):
        raise TypeError(f"n_samples must be a whole number such as 1000, not {_kind(n_samples)}")
    if n_samples < 1:
        raise ValueError(f"n_samples must be at least 1 (1000 is usual), got {n_samples}")
    return int(n_samples)


def _check_seed(seed):
    """The seed to use and report; None draws a fresh one from the operating system (and reports it)."""
    import numpy as np

    if seed is None:
        return int(np.random.SeedSequence().entropy % (2**63))
    if not _is_whole_number(seed):
        raise TypeError(f"seed must be a whole number such as 12345 (or None for a fresh one), not {_kind(seed)}")
    if seed < 0:
        raise ValueError(f"seed must be >= 0 (numpy's generators take no negative seed), got {seed}")
    return int(seed)


def _check_confidence(confidence):
    if not _is_real_number(confidence):
        raise TypeError(f"confidence must be a number between 0 and 1 such as 0.95, not {_kind(confidence)}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1 (0.95 for a 95% interval), got {confidence}")
    return float(confidence)


# ----------------------------------------------------------------------------- statistics


def _collect_systems(systems, references, bleu_keywords, function):
    """Check, tokenize and count one or more systems against the same references (tokenized once)."""
    import numpy as np

    _check_bleu_keywords(bleu_keywords, function)
    tokenize = bleu_keywords.get("tokenize", "13a")
    lowercase = bleu_keywords.get("lowercase", False)
    _check_options(tokenize, lowercase)
    scoring = {k: v for k, v in bleu_keywords.items() if k in _SCORING_KEYWORDS}
    order = _counting_order(
        scoring.get("weights"), scoring.get("max_order", 4), scoring.get("smoothing", "none"), scoring.get("smooth_value")
    )
    keywords = tuple(sorted(bleu_keywords.items(), key=repr))
    reference_tokens = None
    collected = []
    for candidates in systems:
        candidates, checked_references = check_corpus(candidates, references, function=function)
        if reference_tokens is None:
            _, reference_tokens = tokenize_corpus([], checked_references, tokenize, lowercase)
        candidate_tokens, _ = tokenize_corpus(candidates, [], tokenize, lowercase)
        matrix = corpus_statistics_matrix(candidate_tokens, reference_tokens, order)
        # The score of the whole test set exactly as corpus_bleu computes it (and every keyword checked):
        # nltk's methods need the sentences (phantom n-grams, last sentence), the others only the sums.
        if scoring.get("smoothing", "none") in NLTK_SMOOTHING:
            score = score_statistics([SentenceStats.from_row(row) for row in matrix.tolist()], **scoring).score
        else:
            total = matrix.sum(axis=0).tolist()
            score = bleu_from_stats(total[2 : 2 + order], total[2 + order :], total[0], total[1], **scoring).score
        matrix = np.asarray(matrix, dtype=np.float64)
        matrix.setflags(write=False)
        collected.append(CorpusStatistics(matrix=matrix, score=score, keywords=keywords))
    return collected


def collect_statistics(candidates, references, **bleu_keywords) -> CorpusStatistics:
    """Check, tokenize and count a corpus once, for several bootstrap runs on it.

    ``bleu_keywords`` are those of :func:`bleu_lab.corpus_bleu`. The result's
    ``score`` equals ``corpus_bleu(candidates, references, **bleu_keywords).score``.
    """
    return _collect_systems([candidates], references, bleu_keywords, "collect_statistics")[0]


def _scoring(statistics, what):
    if not isinstance(statistics, CorpusStatistics):
        raise TypeError(
            f"{what} must come from collect_statistics(candidates, references, ...), not {_kind(statistics)}; "
            f"with text, call bootstrap_ci / paired_bootstrap instead"
        )
    return {k: v for k, v in statistics.keywords if k in _SCORING_KEYWORDS}


def _resample_counts(n_sentences, n_samples, seed):
    """W[b, i] = how often sentence i is drawn in sample b; draws made as sacrebleu makes them."""
    import numpy as np

    rng = np.random.default_rng(seed)
    draws = rng.choice(n_sentences, size=(n_samples, n_sentences), replace=True)
    last_drawn = draws[:, -1].copy()
    draws += (np.arange(n_samples) * n_sentences)[:, None]  # row b counts into bins b*n .. b*n + n - 1
    counts = np.bincount(draws.ravel(), minlength=n_samples * n_sentences)
    return counts.reshape(n_samples, n_sentences).astype(np.float64), last_drawn


def resampled_scores(matrix, weights_matrix, last_drawn, scoring):
    """BLEU of every resample: ``weights_matrix @ matrix`` summed statistics, scored row by row at once."""
    sums = weights_matrix @ matrix  # exact: integer sums far below 2**53
    smoothing = scoring.get("smoothing", "none")
    if smoothing in NLTK_SMOOTHING:
        return _nltk_scores(matrix, weights_matrix, sums, last_drawn, scoring)
    order, weights = _resolve_weights(scoring.get("weights"), scoring.get("max_order", 4))
    value = resolve_smoothing(smoothing, scoring.get("smooth_value"))
    return bleu_from_sums(sums, order, weights, smoothing, value, scoring.get("effective_order", False))


def bleu_from_sums(sums, order, weights=None, smoothing="none", value=None, effective_order=False):
    """BLEU for many rows of summed statistics at once (sacrebleu's smoothing rules, Post 2018).

    ``sums[b]`` is a row ``c, r, matches_1..K, totals_1..K`` (K >= order).
    Row by row this is :func:`bleu_lab.bleu_from_stats` with smoothing
    ``"none"``, ``"floor"``, ``"add-k"`` or ``"exp"``:

        p_n  = m_n / t_n, up to the first order with t_n = 0
               (add-k: m_n + k, t_n + k for n >= 2; floor: a zero m_n becomes
               ``value``; exp: the j-th order with m_n = 0 gets 1 / (2^j t_n))
        BLEU = BP * exp(sum_n w_n log p_n), log 0 taken as -9999999999
        BP   = 1 if c > r else exp(1 - r/c), 0 when c = 0

    with uniform weights over the orders used (all, or with
    ``effective_order`` those before the first order with no n-gram; explicit
    uniform weights then keep their total), and 0 when nothing at all matches.

    >>> import numpy as np
    >>> round(float(bleu_from_sums(np.array([[6, 6, 5, 4, 3, 2, 6, 5, 4, 3]]), 4)[0]), 4)
    0.7598
    """
    import numpy as np

    sums = np.asarray(sums, dtype=np.float64)
    width = (sums.shape[1] - 2) // 2
    c, r = sums[:, 0], sums[:, 1]
    matches = sums[:, 2 : 2 + order].copy()
    totals = sums[:, 2 + width : 2 + width + order].copy()
    anything_matched = (matches > 0).any(axis=1)
    if smoothing == "add-k":
        matches[:, 1:] += value
        totals[:, 1:] += value
    reached = np.cumprod(totals > 0, axis=1).astype(bool)  # orders before the first one with no n-gram
    safe_totals = np.where(totals > 0, totals, 1.0)
    zero = reached & (matches == 0)
    precisions = np.where(reached & (matches != 0), matches / safe_totals, 0.0)
    if smoothing == "exp":
        precisions = np.where(zero, 1.0 / (2.0 ** np.cumsum(zero, axis=1) * safe_totals), precisions)
    elif smoothing == "floor":
        precisions = np.where(zero, value / safe_totals, precisions)
    logs = np.where(precisions > 0, np.log(np.where(precisions > 0, precisions, 1.0)), _LOG_ZERO)
    if weights is None or effective_order:
        # Uniform weights spread over the orders used; explicit (uniform) weights keep their total.
        used = reached.sum(axis=1) if effective_order else np.full(len(sums), order)
        used = np.where(used == 0, order, used)
        scale = 1.0 if weights is None else float(sum(weights))
        log_mean = np.where(np.arange(order) < used[:, None], logs, 0.0).sum(axis=1) * scale / used
    else:
        log_mean = (logs * np.asarray(weights, dtype=np.float64)).sum(axis=1)
    safe_c = np.where(c > 0, c, 1.0)
    bp = np.where(c > r, 1.0, np.where(c == 0, 0.0, np.exp(1 - r / safe_c)))
    return np.where(anything_matched, bp * np.exp(log_mean), 0.0)


def _nltk_scores(matrix, weights_matrix, sums, last_drawn, scoring):
    """nltk's methods look at the last sentence and count phantom n-grams: one bleu_from_stats per sample."""
    import numpy as np

    order = (matrix.shape[1] - 2) // 2
    phantom_totals = weights_matrix @ np.maximum(matrix[:, 2 + order :], 1.0)
    integer_rows = matrix.astype(np.int64)
    scores = np.empty(len(sums))
    for b, (row, totals) in enumerate(zip(sums.astype(np.int64).tolist(), phantom_totals.astype(np.int64).tolist())):
        last_sentence = SentenceStats.from_row(integer_rows[last_drawn[b]].tolist())
        scores[b] = bleu_from_stats(row[2 : 2 + order], totals, row[0], row[1], last_sentence=last_sentence, **scoring).score
    return scores


def _interval(scores, confidence):
    import numpy as np

    ordered = np.sort(scores)
    k = int(math.floor(len(ordered) * (1 - confidence) / 2 + 1e-9))
    return float(ordered[k]), float(ordered[len(ordered) - 1 - k])


# ----------------------------------------------------------------------------- public functions


def bootstrap_ci(candidates, references, *, n_samples=1000, confidence=0.95, seed=12345, **bleu_keywords) -> BootstrapResult:
    """Corpus BLEU with a bootstrap confidence interval (Koehn 2004, section 4).

    Draw ``n_samples`` test sets of the same size from the sentences, with
    replacement; score each by corpus BLEU of its summed statistics; the
    interval is the central ``confidence`` part of those scores (percentile
    bootstrap). ``bleu_keywords`` are those of :func:`bleu_lab.corpus_bleu`
    (``tokenize``, ``smoothing``, ``max_order``...). ``seed`` fixes the draws
    and is reported; ``seed=None`` draws a fresh seed and reports it.

    With the same seed the draws are sacrebleu's, so ``low`` and ``high`` are
    the two scores sacrebleu's ``corpus_score(..., n_bootstrap=1000)``
    reads; sacrebleu prints them as mean +- half the distance between them.
    """
    n_samples = _check_n_samples(n_samples)
    confidence = _check_confidence(confidence)
    seed = _check_seed(seed)
    (statistics,) = _collect_systems([candidates], references, bleu_keywords, "bootstrap_ci")
    return bootstrap_ci_from_statistics(statistics, n_samples=n_samples, confidence=confidence, seed=seed)


def bootstrap_ci_from_statistics(statistics, *, n_samples=1000, confidence=0.95, seed=12345) -> BootstrapResult:
    """:func:`bootstrap_ci` for a corpus already counted by :func:`collect_statistics`."""
    scoring = _scoring(statistics, "statistics")
    n_samples = _check_n_samples(n_samples)
    confidence = _check_confidence(confidence)
    seed = _check_seed(seed)
    weights_matrix, last_drawn = _resample_counts(statistics.sentences, n_samples, seed)
    scores = resampled_scores(statistics.matrix, weights_matrix, last_drawn, scoring)
    low, high = _interval(scores, confidence)
    return BootstrapResult(
        score=statistics.score, low=low, high=high, mean=float(scores.mean()), confidence=confidence,
        n_samples=n_samples, seed=seed,
    )


def paired_bootstrap(baseline, system, references, *, n_samples=1000, seed=12345, **bleu_keywords) -> PairedBootstrapResult:
    """Is ``system`` really better (or worse) than ``baseline``? Paired bootstrap resampling (Koehn 2004).

    Both systems are scored on the *same* ``n_samples`` resampled test sets
    (the same sentences drawn), so the comparison is paired. With observed
    difference d = |BLEU(system) - BLEU(baseline)| on the whole test set and
    resampled differences d_b = |BLEU_b(system) - BLEU_b(baseline)|, the
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
    n_samples = _check_n_samples(n_samples)
    seed = _check_seed(seed)
    baseline_statistics, system_statistics = _collect_systems(
        [baseline, system], references, bleu_keywords, "paired_bootstrap"
    )
    return paired_bootstrap_from_statistics(baseline_statistics, system_statistics, n_samples=n_samples, seed=seed)


def paired_bootstrap_from_statistics(baseline, system, *, n_samples=1000, seed=12345) -> PairedBootstrapResult:
    """:func:`paired_bootstrap` for two corpora already counted by :func:`collect_statistics`."""
    import numpy as np

    scoring = _scoring(baseline, "baseline")
    if _scoring(system, "system") != scoring or baseline.keywords != system.keywords:
        raise ValueError(
            f"baseline and system were counted with different keywords ({dict(baseline.keywords)} vs "
            f"{dict(system.keywords)}); count both with the same collect_statistics(..., **keywords)"
        )
    if baseline.sentences != system.sentences:
        raise ValueError(
            f"baseline has {baseline.sentences} sentences but system has {system.sentences}; a paired test "
            f"needs both systems' output for the same test set"
        )
    n_samples = _check_n_samples(n_samples)
    seed = _check_seed(seed)
    weights_matrix, last_drawn = _resample_counts(baseline.sentences, n_samples, seed)
    baseline_scores = resampled_scores(baseline.matrix, weights_matrix, last_drawn, scoring)
    system_scores = resampled_scores(system.matrix, weights_matrix, last_drawn, scoring)
    observed = abs(system.score - baseline.score)
    differences = np.abs(system_scores - baseline_scores)
    centred = differences - differences.mean()
    if observed == 0:
        # Equal scores are no evidence of a difference. sacrebleu's formula gives 1/(n+1) here
        # (every centred difference is 0, none exceeds 0), which would call two identical
        # systems "significantly different".
        p_value = 1.0
    else:
        p_value = (int(np.sum(centred > observed)) + 1) / (n_samples + 1)
    baseline_low, baseline_high = _interval(baseline_scores, 0.95)
    system_low, system_high = _interval(system_scores, 0.95)
    return PairedBootstrapResult(
        baseline_score=baseline.score,
        system_score=system.score,
        p_value=p_value,
        n_samples=n_samples,
        seed=seed,
        baseline_low=baseline_low,
        baseline_high=baseline_high,
        system_low=system_low,
        system_high=system_high,
    )


# ----------------------------------------------------------------------------- approximate randomization
# (added by the ter helper for `bleu-lab score --paired-ar`; separate from the bootstrap above)


@dataclass(frozen=True)
class PairedRandomizationResult:
    """Paired approximate randomization test of a system against a baseline (0-1 scale).

    ``p_value`` is the share of random "swaps" (see
    :func:`approximate_randomization`) whose score difference is larger
    than the observed one, with the +1 of sacrebleu's ``--paired-ar``.
    """

    baseline_score: float
    system_score: float
    p_value: float
    n_samples: int
    seed: int

    @property
    def difference(self) -> float:
        """system_score - baseline_score (positive: the system scores higher)."""
        return self.system_score - self.baseline_score

    def significant(self, alpha: float = 0.05) -> bool:
        """True when p_value < alpha."""
        return self.p_value < alpha

    def __str__(self) -> str:
        verdict = "significant" if self.significant() else "not significant"
        return (
            f"system {self.system_score:.4f} vs baseline {self.baseline_score:.4f} "
            f"(difference {self.difference:+.4f}): p = {self.p_value:.4f}, {verdict} at 0.05 "
            f"(paired approximate randomization, {self.n_samples} trials, seed {self.seed})"
        )


def approximate_randomization(baseline_rows, system_rows, score_sums, *, n_samples=10000,
                              seed=12345) -> PairedRandomizationResult:
    """Paired approximate randomization (Riezler and Maxwell 2005, "On Some Pitfalls in Automatic
    Evaluation and Significance Testing for MT", section 3), on per-sentence statistics.

    Under the null hypothesis the two systems are interchangeable, so for
    each sentence a fair coin decides whether its two outputs swap owners.
    Each of ``n_samples`` trials builds two pseudo-systems that way and scores
    them; with observed difference d = |score(system) - score(baseline)| and
    trial differences d_t,

        p = (1 + #{t : d_t > d}) / (n_samples + 1)

    ``baseline_rows[i]`` and ``system_rows[i]`` are sentence i's sufficient
    statistics (the same columns for both: BLEU's lengths and counts, chrF's
    per-order counts, TER's edits and reference length); ``score_sums`` maps
    an array of summed rows (one per line) to their scores. The coins are
    drawn as sacrebleu's ``--paired-ar`` draws them
    (``numpy.random.default_rng(seed).integers(2, size=(n_samples, n), dtype=bool)``),
    so with the same seed and trials the p-value is sacrebleu's. One
    departure, as in :func:`paired_bootstrap`: when the two scores are equal,
    p is 1.
    """
    import numpy as np

    n_samples = _check_n_samples(n_samples)
    seed = _check_seed(seed)
    baseline_rows = np.asarray(baseline_rows, dtype=np.float64)
    system_rows = np.asarray(system_rows, dtype=np.float64)
    if baseline_rows.shape != system_rows.shape or baseline_rows.ndim != 2:
        raise ValueError(
            f"baseline and system statistics must have the same shape (sentences x statistics), got "
            f"{baseline_rows.shape} and {system_rows.shape}: both systems must translate the same test set"
        )
    observed = score_sums(np.stack([baseline_rows.sum(axis=0), system_rows.sum(axis=0)]))
    baseline_score, system_score = float(observed[0]), float(observed[1])
    keep = np.random.default_rng(seed).integers(2, size=(n_samples, len(baseline_rows)), dtype=bool)
    swap = ~keep
    first = keep @ baseline_rows + swap @ system_rows
    second = swap @ baseline_rows + keep @ system_rows
    differences = np.abs(np.asarray(score_sums(first)) - np.asarray(score_sums(second)))
    difference = abs(system_score - baseline_score)
    if difference == 0:
        p_value = 1.0  # equal scores are no evidence of a difference (sacrebleu gives 1/(n+1))
    else:
        p_value = (int(np.sum(differences > difference)) + 1) / (n_samples + 1)
    return PairedRandomizationResult(baseline_score, system_score, p_value, n_samples, seed)


def bootstrap_row_scores(rows, score_sums, *, n_samples=1000, seed=12345):
    """Scores of ``n_samples`` bootstrap resamples of per-sentence statistics ``rows`` (sacrebleu's draws).

    The metric-independent form of :func:`bootstrap_ci_from_statistics`, for chrF and TER:
    ``score_sums`` maps an array of summed rows to their scores.
    """
    import numpy as np

    rows = np.asarray(rows, dtype=np.float64)
    weights_matrix, _ = _resample_counts(len(rows), _check_n_samples(n_samples), _check_seed(seed))
    return np.asarray(score_sums(weights_matrix @ rows), dtype=np.float64)


def bootstrap_ci_rows(rows, score_sums, *, n_samples=1000, confidence=0.95, seed=12345) -> BootstrapResult:
    """:func:`bootstrap_ci` for any metric given per-sentence ``rows`` and its ``score_sums``."""
    import numpy as np

    confidence, seed = _check_confidence(confidence), _check_seed(seed)
    scores = bootstrap_row_scores(rows, score_sums, n_samples=n_samples, seed=seed)
    low, high = _interval(scores, confidence)
    score = float(score_sums(np.asarray(rows, dtype=np.float64).sum(axis=0)[None, :])[0])
    return BootstrapResult(score, low, high, float(scores.mean()), confidence, int(n_samples), seed)


def paired_bootstrap_rows(baseline_rows, system_rows, score_sums, *, n_samples=1000,
                          seed=12345) -> PairedBootstrapResult:
    """:func:`paired_bootstrap` for any metric given both systems' per-sentence rows (same draws for both)."""
    import numpy as np

    seed = _check_seed(seed)
    first = bootstrap_row_scores(baseline_rows, score_sums, n_samples=n_samples, seed=seed)
    second = bootstrap_row_scores(system_rows, score_sums, n_samples=n_samples, seed=seed)
    sums = np.stack([np.asarray(baseline_rows, dtype=np.float64).sum(axis=0),
                     np.asarray(system_rows, dtype=np.float64).sum(axis=0)])
    baseline_score, system_score = (float(x) for x in score_sums(sums))
    observed = abs(system_score - baseline_score)
    differences = np.abs(second - first)
    centred = differences - differences.mean()
    p_value = 1.0 if observed == 0 else (int(np.sum(centred > observed)) + 1) / (int(n_samples) + 1)
    (baseline_low, baseline_high), (system_low, system_high) = _interval(first, 0.95), _interval(second, 0.95)
    return PairedBootstrapResult(baseline_score, system_score, p_value, int(n_samples), seed,
                                 baseline_low, baseline_high, system_low, system_high)


def bleu_score_sums(statistics: CorpusStatistics):
    """A function scoring summed rows of ``statistics.matrix`` as corpus BLEU (sacrebleu's smoothing only)."""
    scoring = _scoring(statistics, "statistics")
    smoothing = scoring.get("smoothing", "none")
    if smoothing in NLTK_SMOOTHING:
        raise ValueError(
            f"smoothing={smoothing!r} (nltk's) looks at single sentences, which a randomization trial does "
            f"not keep; use 'none', 'floor', 'add-k' or 'exp' (sacrebleu's) for a paired randomization test"
        )
    order, weights = _resolve_weights(scoring.get("weights"), scoring.get("max_order", 4))
    value = resolve_smoothing(smoothing, scoring.get("smooth_value"))
    effective_order = scoring.get("effective_order", False)
    return lambda sums: bleu_from_sums(sums, order, weights, smoothing, value, effective_order)


def paired_approximate_randomization(baseline, system, references, *, n_samples=10000, seed=12345,
                                     **bleu_keywords) -> PairedRandomizationResult:
    """Is ``system`` better than ``baseline`` in corpus BLEU? Paired approximate randomization
    (Riezler and Maxwell 2005); see :func:`approximate_randomization`. 10000 trials is sacrebleu's default.
    """
    n_samples = _check_n_samples(n_samples)
    seed = _check_seed(seed)
    function = "paired_approximate_randomization"
    first, second = _collect_systems([baseline, system], references, bleu_keywords, function)
    return approximate_randomization(
        first.matrix, second.matrix, bleu_score_sums(first), n_samples=n_samples, seed=seed
    )


__all__ = [
    "BootstrapResult",
    "CorpusStatistics",
    "PairedBootstrapResult",
    "PairedRandomizationResult",
    "approximate_randomization",
    "bleu_from_sums",
    "bleu_score_sums",
    "bootstrap_ci_rows",
    "bootstrap_row_scores",
    "bootstrap_ci",
    "bootstrap_ci_from_statistics",
    "collect_statistics",
    "paired_approximate_randomization",
    "paired_bootstrap",
    "paired_bootstrap_from_statistics",
    "paired_bootstrap_rows",
]
