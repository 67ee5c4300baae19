"""Longest common subsequence in bit-parallel rows: ROUGE-L's table for long texts.

Equals the readable dynamic programme of :func:`bleu_lab.rouge.lcs_length` and
:func:`bleu_lab.rouge.lcs_pairs` (Lin 2004, section 3.1), which hand over to these functions when
the table has :data:`bleu_lab.fast.FAST_FROM` cells; ``tests/test_fast_engine_metrics.py`` proves the
two equal on generated input.

The trick (Allison and Dix 1986; Hyyro 2004): a row of the LCS table T, read left to right, rises by
0 or 1 at each step, so it fits in one integer V of len(candidate) bits, bit j being 0 where
T[i][j+1] = T[i][j] + 1. Then T[i][j] = j - popcount(V_i & (2^j - 1)), and the next row costs four
operations on Python integers instead of len(candidate) steps of Python code.
"""

from __future__ import annotations

import math


def _masks(tokens) -> dict:
    """For each distinct token, the bit mask of the positions where it occurs (bit j = position j)."""
    masks: dict = {}
    for j, token in enumerate(tokens):
        masks[token] = masks.get(token, 0) | (1 << j)
    return masks


def _lcs_rows(reference, masks: dict, full: int, start_row: int, stop_row: int, row: int) -> list:
    """The bit rows V_i, i = start_row + 1 .. stop_row, of the LCS table, from row ``start_row`` = ``row``."""
    rows = []
    for i in range(start_row, stop_row):
        matched = row & masks.get(reference[i], 0)
        row = ((row + matched) | (row - matched)) & full
        rows.append(row)
    return rows


def lcs_length(reference, candidate) -> int:
    """Equals :func:`bleu_lab.rouge.lcs_length`: the length of a longest common subsequence, in memory
    linear in the lengths (one bit row at a time).

    >>> lcs_length(["a", "b", "c", "b"], ["b", "c", "a", "b"])
    3
    """
    if not reference or not candidate:
        return 0
    full = (1 << len(candidate)) - 1
    row = _lcs_rows(reference, _masks(candidate), full, 0, len(reference), full)[-1]
    return len(candidate) - row.bit_count()


def lcs_pairs(reference, candidate) -> list:
    """Equals :func:`bleu_lab.rouge.lcs_pairs`: index pairs (i, j) of one longest common subsequence,
    chosen by the same walk back from the end (a match steps diagonally; otherwise a step back in the
    candidate only when it keeps a longer subsequence, else a step back in the reference).

    The table is never stored whole: only every k-th bit row is kept (k about the square root of the
    reference length), and the walk back recomputes the k rows of the block it is in. Memory is about
    2 sqrt(len(reference)) rows of len(candidate) bits (a few MB for 100,000 tokens against 100,000),
    time two passes of bit operations plus the walk.

    >>> lcs_pairs(["a", "b", "c", "b"], ["b", "c", "a", "b"])
    [(1, 0), (2, 1), (3, 3)]
    """
    rows, cols = len(reference), len(candidate)
    if not rows or not cols:
        return []
    full = (1 << cols) - 1
    masks = _masks(candidate)
    block = max(1, math.isqrt(rows))
    checkpoints = {0: full}  # row index -> V at that row
    row = full
    for start in range(0, rows, block):
        stop = min(rows, start + block)
        row = _lcs_rows(reference, masks, full, start, stop, row)[-1]
        checkpoints[stop] = row
    pairs = []
    i, j = rows, cols
    cached_start, cached = -1, []

    def bits(r: int) -> int:
        nonlocal cached_start, cached
        if r in checkpoints:
            return checkpoints[r]
        start = (r // block) * block
        if start != cached_start:
            cached_start = start
            cached = _lcs_rows(reference, masks, full, start, min(rows, start + block), checkpoints[start])
        return cached[r - start - 1]

    while i > 0 and j > 0:
        if reference[i - 1] == candidate[j - 1]:
            pairs.append((i - 1, j - 1))
            i -= 1
            j -= 1
            continue
        # T[i][j-1] > T[i-1][j] ?  with T[r][c] = c - popcount(V_r & (2^c - 1)).
        left = (j - 1) - (bits(i) & ((1 << (j - 1)) - 1)).bit_count()
        up = j - (bits(i - 1) & ((1 << j) - 1)).bit_count()
        if left > up:
            j -= 1
        else:
            i -= 1
    pairs.reverse()
    return pairs
