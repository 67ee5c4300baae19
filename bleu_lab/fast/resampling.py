"""The array resampling: bootstrap samples and randomization trials drawn and summed with numpy.

A resampled test set's statistics are the sum of its sentences' statistics (Koehn 2004; Riezler and
Maxwell 2005): the readable definition is :func:`bleu_lab.bleu.statistics.sum_statistics` of the rows
drawn. Here the draws are rows of a count matrix ``W`` (how often each sentence is in each sample), and
the sums of every sample are ``W @ S`` for the statistics matrix ``S``, a few samples at a time so that
memory stays bounded. The draws are sacrebleu's, from ``numpy.random.default_rng(seed)``, so the same
seed gives sacrebleu's resamples. tests/test_fast_engine.py proves the sums equal the readable ones.

:mod:`bleu_lab.significance` keeps the protocol (which metric, what is tested, the results) and calls
these functions.
"""

from __future__ import annotations

# Sentence indices drawn at a time (2 MB): a bootstrap's memory stays bounded for any n_samples, and a
# block is still in the CPU's cache when it is summed (8 MB blocks made 1000 samples 25% slower).
_DRAWN_PER_BLOCK = 250_000


def bootstrap_sums(columns, n_samples: int, seed: int):
    """``(sums, last)``: row b of ``sums`` is the sum of ``columns`` over the sentences of bootstrap
    sample b, ``last[b]`` the sentence drawn last in it.

    Sample b draws as many sentences as ``columns`` has rows, with replacement (Koehn 2004). Row b
    equals the readable ``sum_statistics([stats[i] for i in draws[b]]).as_row()`` of
    :func:`bleu_lab.bleu.statistics.sum_statistics`. The draws are sacrebleu's,
    ``default_rng(seed).choice(n, size=(n_samples, n))``, made :data:`_DRAWN_PER_BLOCK` indices at a
    time: numpy's generator continues one stream from call to call, so the numbers are those of a single
    call (a test checks it), while memory stays bounded however many samples.

    >>> import numpy as np
    >>> sums, last = bootstrap_sums(np.array([[1.0], [10.0], [100.0]]), 2, 12345)
    >>> sums.shape, last.shape
    ((2, 1), (2,))
    """
    import numpy as np

    n_sentences = len(columns)
    rng = np.random.default_rng(seed)
    block = max(1, _DRAWN_PER_BLOCK // n_sentences)
    sums = np.empty((n_samples, columns.shape[1]))
    last = np.empty(n_samples, dtype=np.int64)
    for start in range(0, n_samples, block):
        draws = rng.choice(n_sentences, size=(min(block, n_samples - start), n_sentences), replace=True)
        sums[start : start + len(draws)] = resampled_sums(draws, columns)
        last[start : start + len(draws)] = draws[:, -1]
    return sums, last


def resampled_sums(draws, columns):
    """Row b: the sum of ``columns`` over the sentences drawn in sample b (``draws[b]``, with repeats).

    The readable definition: the sum of the drawn sentences' SentenceStats rows,
    ``sum_statistics([stats[i] for i in draws[b]]).as_row()`` (:func:`bleu_lab.bleu.statistics.sum_statistics`).
    Here it is ``W @ columns`` with W[b, i] = how often sentence i is drawn in sample b (Koehn 2004's
    bootstrap: a resampled test set's statistics are the sum of its sentences'). W is never built
    whole: a few samples at a time (:func:`_rows_per_product`), it is counted into a small buffer that
    stays in cache, a bincount per sample. Exact for counts: integer sums below 2**53.

    >>> import numpy as np
    >>> resampled_sums(np.array([[0, 0, 1], [2, 2, 2]]), np.array([[1.0], [10.0], [100.0]])).tolist()
    [[12.0], [300.0]]
    """
    import numpy as np

    n_samples, n_sentences = len(draws), len(columns)
    block = _rows_per_product(columns)
    weights = np.empty((min(block, n_samples), n_sentences))
    sums = np.empty((n_samples, columns.shape[1]))
    for start in range(0, n_samples, block):
        part = draws[start : start + block]
        for k, drawn in enumerate(part):
            weights[k] = np.bincount(drawn, minlength=n_sentences)
        np.matmul(weights[: len(part)], columns, out=sums[start : start + len(part)])
    return sums


def randomization_sums(baseline_rows, system_rows, n_samples: int, seed: int):
    """``(first, second)``: the summed statistics of the two pseudo-systems of each approximate
    randomization trial (Riezler and Maxwell 2005, section 3), one row per trial.

    In trial t a fair coin per sentence decides whether its two outputs swap systems; the first
    pseudo-system takes the baseline's sentence where the coin says keep, the system's elsewhere, and
    the second the other one. Row t of ``first`` equals the readable
    ``sum_statistics([baseline[i] if keep[t, i] else system[i] for i in range(n)]).as_row()``
    (:func:`bleu_lab.bleu.statistics.sum_statistics`). The coins are sacrebleu's ``--paired-ar`` coins,
    ``default_rng(seed).integers(2, size=(n_samples, n), dtype=bool)``, drawn a block of trials at a
    time so that memory stays bounded (10,000 trials of 400,000 sentences were 3.7 GB at once). numpy
    draws booleans from 32-bit words and drops the unused bits at the end of a call, so blocks of a
    multiple of 32 trials continue the stream exactly (a test checks it).

    >>> import numpy as np
    >>> first, second = randomization_sums(np.array([[1.0], [2.0]]), np.array([[10.0], [20.0]]), 3, 7)
    >>> (first + second).tolist()  # every trial shares the same four sentences out
    [[33.0], [33.0], [33.0]]
    """
    import numpy as np

    rng = np.random.default_rng(seed)
    n_sentences = len(baseline_rows)
    block = max(32, _DRAWN_PER_BLOCK // n_sentences // 32 * 32)
    change = baseline_rows - system_rows
    moved = np.empty((n_samples, change.shape[1]))
    for start in range(0, n_samples, block):
        keep = rng.integers(2, size=(min(block, n_samples - start), n_sentences), dtype=bool)
        # keep @ B + ~keep @ S = sum(S) + keep @ (B - S); the second pseudo-system is sum(B) - keep @ (B - S).
        moved[start : start + len(keep)] = product_in_blocks(keep, change)
    return system_rows.sum(axis=0) + moved, baseline_rows.sum(axis=0) - moved


def product_in_blocks(left, right):
    """``left @ right`` in float64, a few rows of ``left`` at a time (:func:`_rows_per_product`), so that a
    large ``left`` of counts or booleans is converted to floats a block at a time, never whole.

    With ``left`` a 0/1 matrix of chosen sentences, row k is the sum of the chosen sentences' statistics:
    the readable :func:`bleu_lab.bleu.statistics.sum_statistics` of those sentences.

    >>> import numpy as np
    >>> product_in_blocks(np.array([[True, False], [True, True]]), np.array([[1.0, 2.0], [10.0, 20.0]])).tolist()
    [[1.0, 2.0], [11.0, 22.0]]
    """
    import numpy as np

    block = _rows_per_product(right)
    product = np.empty((len(left), right.shape[1]))
    for start in range(0, len(left), block):
        np.matmul(left[start : start + block].astype(np.float64), right, out=product[start : start + block])
    return product


def _rows_per_product(columns) -> int:
    """How many rows to multiply by ``columns`` (sentences x width) at once.

    A product of 1000 samples x 2000 sentences x 10 columns is too small to gain from threads, but
    OpenBLAS would start them, and their waiting doubles the CPU time on a 2-core machine; blocks
    under about 200,000 multiplications each keep it on one thread.
    """
    return max(1, 200_000 // max(1, columns.shape[0] * columns.shape[1]))
