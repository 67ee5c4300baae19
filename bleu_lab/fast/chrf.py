"""chrF's counts for a whole corpus at once, with the array engine of :mod:`bleu_lab.fast.counting`.

Equals :func:`bleu_lab.chrf.pair_counts` of every (candidate, reference) pair, which
:func:`bleu_lab.chrf.corpus_chrf` and :func:`bleu_lab.chrf.system_chrf` call one pair at a time below
:data:`bleu_lab.fast.FAST_FROM` characters of text; ``tests/test_fast_engine_metrics.py`` proves the
two equal on generated input.
"""

from __future__ import annotations

from .counting import statistics_columns, systems_statistics_matrices

# Characters (or words) the counting engine takes in one pass: its int64 arrays then stay near 100 MB.
_TOKENS_PER_PASS = 1_000_000


def pair_counts_of_systems(systems, references, char_order: int, word_order: int) -> list:
    """Equals ``[[[pair_counts(c, r, char_order, word_order) for r in refs] for c, refs in
    zip(candidates, references)] for candidates in systems]`` (:func:`bleu_lab.chrf.pair_counts`):
    for each system, for each sentence, the flat per-order counts of its candidate against each of
    the sentence's references. Candidates and references are ``(characters, words)`` pairs.

    The clipped matches are BLEU's with one reference (Papineni et al. 2002, section 2.1), so the one
    array engine, :func:`bleu_lab.fast.counting.systems_statistics_matrices`, counts them, the
    references once for a group of systems.

    >>> pair_counts_of_systems([[("acat", ())]], [[("thecat", ())]], 2, 0)
    [[[[4, 6, 3, 3, 5, 2]]]]
    """
    import numpy as np

    counts = [len(refs) for refs in references]
    # Every (candidate, reference) pair is counted: a sentence with k references gives k pairs.
    pair_references = [r for refs in references for r in refs]
    pair_systems = [[c for c, k in zip(candidates, counts) for _ in range(k)] for candidates in systems]
    parts = [_pair_values([[c[0] for c in pairs] for pairs in pair_systems], [r[0] for r in pair_references],
                          char_order)]
    if word_order:
        parts.append(_pair_values([[c[1] for c in pairs] for pairs in pair_systems],
                                  [r[1] for r in pair_references], word_order))
    counted = []
    for system_parts in zip(*parts):
        rows = np.concatenate(system_parts, axis=1).reshape(len(pair_references), -1).tolist()
        sentences, start = [], 0
        for k in counts:
            sentences.append(rows[start:start + k])
            start += k
        counted.append(sentences)
    return counted


def _pair_values(systems, references, order: int) -> list:
    """For each system, per pair k and order n = 1..``order``: (candidate n-grams, reference n-grams,
    clipped matches) of ``system[k]`` against ``references[k]`` (sequences of characters or of words),
    as an int64 array of shape (pairs, order, 3). A text of length L has max(L - n + 1, 0) n-grams of
    order n."""
    nested = [[r] for r in references]
    arrays = []
    for group in _groups_of_systems(systems, sum(map(len, references))):
        arrays += [_per_order(matrix, order) for matrix in systems_statistics_matrices(group, nested, order)]
    return arrays


def _groups_of_systems(systems, reference_tokens: int) -> list:
    """``systems`` in consecutive groups, each with the references under :data:`_TOKENS_PER_PASS`
    tokens (at least one system a group): many systems at once would hold every character at once."""
    groups: list = []
    size = _TOKENS_PER_PASS
    for system in systems:
        tokens = sum(map(len, system))
        if not groups or size + tokens > _TOKENS_PER_PASS:
            groups.append([])
            size = reference_tokens
        groups[-1].append(system)
        size += tokens
    return groups


def _per_order(matrix, order: int):
    """A one-reference statistics matrix (c, r, matches..., totals...) as chrF's (pairs, order, 3) counts;
    as sacrebleu, an order the reference has no n-gram of counts no candidate n-grams either."""
    import numpy as np

    _, reference_lengths, matches, candidate_totals = statistics_columns(matrix)  # r: the reference's length
    values = np.empty((len(matrix), order, 3), dtype=np.int64)
    values[:, :, 1] = np.maximum(reference_lengths[:, None] - np.arange(order), 0)
    values[:, :, 0] = np.where(values[:, :, 1] > 0, candidate_totals, 0)
    values[:, :, 2] = matches
    return values
