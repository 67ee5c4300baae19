"""Tokens to per-sentence statistics: n-grams, clipped matches and lengths.

Everything BLEU needs from a sentence fits in a few integers (Papineni et
al. 2002, section 2): the candidate length *c*, the closest reference length
*r*, and per order *n* the clipped matches and the number of candidate
n-grams. A corpus score is the score of the *sums* of these numbers, so they
are computed once per sentence and never from the text again (the bootstrap
resamples them, too).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..checks import check_order, check_text, describe


def count_ngrams(tokens, n: int) -> Counter:
    """n-gram counts of a token sequence, with no argument checks (:func:`ngrams` checks them)."""
    if n == 1:
        return Counter(zip(tokens))
    return Counter(zip(*[tokens[i:] for i in range(n)]))


def ngrams(tokens: Sequence[str], n: int) -> Counter:
    """Count the n-grams of a token sequence: keys are tuples of ``n`` tokens.

    >>> ngrams(["the", "cat", "the", "cat"], 2)
    Counter({('the', 'cat'): 2, ('cat', 'the'): 1})
    >>> ngrams(["the"], 2)
    Counter()
    """
    if isinstance(tokens, str):
        raise TypeError(
            f"ngrams takes a sequence of tokens, not a string (a string would give n-grams of characters). "
            f"Right: ngrams({tokens[:30]!r}.split(), {n!r}) or ngrams(bleu_lab.tokenize(text), {n!r})"
        )
    if tokens is None or not hasattr(tokens, "__len__"):
        raise TypeError(
            f"ngrams takes a list of token strings, got {describe(tokens)}. Right: ngrams(['the', 'cat'], 1)"
        )
    # The same token checks as every metric: strings, each one word ("a b" or "" is a nesting mistake).
    tokens = check_text(tokens, what="tokens", call="ngrams(['the', 'cat'], 1)")
    n = check_order(n, "n")
    return count_ngrams(list(tokens), n)


def closest_reference_length(candidate_length: int, reference_lengths) -> int:
    """The reference length *r* closest to *c*; on a tie the shorter one.

    This is the "best match length" of Papineni et al. (2002, section 2.2.2),
    with the tie rule of mteval-v13a, sacrebleu and nltk.

    >>> closest_reference_length(5, [4, 6])
    4
    >>> closest_reference_length(5, [9, 7, 2])
    7
    """
    # the smallest (distance, length) pair: nearest first, then the shorter of two equally near
    return min([(abs(length - candidate_length), length) for length in reference_lengths])[1]


def max_reference_counts(references, n: int) -> Counter:
    """For each n-gram, the largest count in any one reference: the clip of each candidate n-gram.

    >>> max_reference_counts([("a", "a", "b"), ("a", "c", "c")], 1)
    Counter({('a',): 2, ('c',): 2, ('b',): 1})
    """
    if len(references) == 1:
        return count_ngrams(references[0], n)
    merged: Counter = Counter()
    for reference in references:
        # Counter's union (|=) keeps the larger count too, but costs several times this loop.
        for gram, count in count_ngrams(reference, n).items():
            if count > merged.get(gram, 0):
                merged[gram] = count
    return merged


class SentenceStats:
    """BLEU's sufficient statistics (Papineni et al. 2002, section 2), read-only.

    One row per sentence: ``c, r, matches_1..N, totals_1..N`` (candidate length, closest reference
    length, clipped matches and candidate n-grams of each order). A sentence is one row; a corpus
    is its sentences' rows, and its numbers (``candidate_length``, ``matches``...) are their sums.
    Adding two statistics adds their sentences.

    The rows are kept as they were made: tuples of ints from :func:`sentence_statistics`, or the
    int64 matrix of the array engine (:mod:`bleu_lab.fast.counting`) for a large corpus. ``rows``
    shows them as a read-only numpy matrix either way (for resampling); the sums need no numpy.

    >>> one = SentenceStats(7, 6, (2, 0), (7, 6))
    >>> (one + SentenceStats(3, 3, (3, 2), (3, 2))).matches
    (5, 2)
    """

    __slots__ = ("_rows",)
    _rows: Any  # a tuple of tuples of ints, or a read-only int64 numpy matrix from the array engine

    def __init__(self, candidate_length: int = 0, reference_length: int = 0, matches=(), totals=(), *, rows=None):
        if rows is None:
            rows = ((candidate_length, reference_length, *matches, *totals),)
        if hasattr(rows, "dtype"):  # an engine's numpy matrix: copied, so that nobody else can write to it
            if rows.ndim != 2:
                raise ValueError(f"statistics rows must be a matrix, one row per sentence, got shape {rows.shape}")
            rows = rows.astype("int64")
            rows.setflags(write=False)
            widths = {rows.shape[1]}
        else:  # plain rows: copied into tuples of ints
            rows = tuple([tuple(map(int, row)) for row in rows])
            widths = {len(row) for row in rows}
        if len(widths) > 1 or any([width < 2 or width % 2 for width in widths]):
            raise ValueError(f"statistics rows must be c, r, matches..., totals..., got widths {sorted(widths)}")
        object.__setattr__(self, "_rows", rows)

    def __setattr__(self, name, value):
        raise AttributeError("SentenceStats is read-only")

    @classmethod
    def from_row(cls, row) -> SentenceStats:
        """One sentence from a flat row ``c, r, matches..., totals...``; the order is read from its length.

        >>> SentenceStats.from_row([7, 6, 2, 0, 7, 6])
        SentenceStats(candidate_length=7, reference_length=6, matches=(2, 0), totals=(7, 6))
        """
        return cls(rows=[list(row)])

    @property
    def rows(self):
        """The rows as a read-only int64 numpy matrix (sentences x (2 + 2N)), for the array engine."""
        import numpy as np

        if not isinstance(self._rows, tuple):
            return self._rows
        array = np.array(self._rows, dtype=np.int64).reshape(len(self._rows), -1)
        array.setflags(write=False)
        return array

    @property
    def order(self) -> int:
        """N, the number of n-gram orders counted."""
        width = self._rows.shape[1] if hasattr(self._rows, "shape") else len(self._rows[0]) if self._rows else 2
        return (width - 2) // 2

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, i: int) -> SentenceStats:
        return SentenceStats(rows=self._rows[i : i + 1] if i != -1 else self._rows[-1:])

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    def as_row(self) -> list:
        """The summed statistics as one flat row: c, r, matches..., totals...

        >>> SentenceStats(rows=[(3, 4, 2, 1, 3, 2), (2, 2, 2, 1, 2, 1)]).as_row()
        [5, 6, 4, 2, 5, 3]
        """
        if isinstance(self._rows, tuple):
            return [sum(column) for column in zip(*self._rows)]
        return self._rows.sum(axis=0).tolist()  # an engine's matrix: numpy is there already

    @property
    def candidate_length(self) -> int:
        """c, summed over the sentences."""
        return self.as_row()[0]

    @property
    def reference_length(self) -> int:
        """r (the closest reference length of each sentence), summed."""
        return self.as_row()[1]

    @property
    def matches(self) -> tuple:
        """Clipped matches of each order, summed."""
        return tuple(self.as_row()[2 : 2 + self.order])

    @property
    def totals(self) -> tuple:
        """Candidate n-grams of each order, summed."""
        return tuple(self.as_row()[2 + self.order :])

    @property
    def phantom_totals(self) -> tuple:
        """nltk's denominators: each sentence's empty order counts one n-gram, the sum of max(1, t_n).

        >>> SentenceStats(rows=[(1, 1, 1, 0, 1, 0), (2, 2, 2, 1, 2, 1)]).phantom_totals
        (3, 2)
        """
        return self.for_nltk()[0]

    def for_nltk(self) -> tuple[tuple, tuple[int, int, int]]:
        """What nltk's smoothing methods read (Chen and Cherry 2014, as nltk computes them): the phantom
        totals (:attr:`phantom_totals`), and the last sentence's length, 5-gram matches and 5-gram totals
        (methods 4-7 look at the last sentence; 0 for the 5-grams when fewer orders were counted).

        >>> SentenceStats(rows=[(1, 1, 1, 0, 1, 0), (2, 2, 2, 1, 2, 1)]).for_nltk()
        ((3, 2), (2, 0, 0))
        """
        rows = self._rows if isinstance(self._rows, tuple) else self._rows.tolist()
        order = (len(rows[0]) - 2) // 2
        totals = tuple([sum([max(1, row[2 + order + n]) for row in rows]) for n in range(order)])
        last = rows[-1]
        return totals, ((last[0], last[6], last[2 + order + 4]) if order >= 5 else (last[0], 0, 0))

    def __add__(self, other: SentenceStats) -> SentenceStats:
        if not isinstance(other, SentenceStats):
            return NotImplemented
        return sum_statistics([self, other])

    def __eq__(self, other) -> bool:
        if not isinstance(other, SentenceStats):
            return NotImplemented
        return _plain_rows(self) == _plain_rows(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        numbers = (f"candidate_length={self.candidate_length}, reference_length={self.reference_length}, "
                   f"matches={self.matches}, totals={self.totals}")
        if len(self) == 1:
            return f"SentenceStats({numbers})"
        return f"SentenceStats({len(self)} sentences, summed: {numbers})"


def _plain_rows(statistics: SentenceStats) -> tuple:
    rows = statistics._rows
    return rows if isinstance(rows, tuple) else tuple(map(tuple, rows.tolist()))


def sentence_statistics(candidate, references, max_order: int) -> SentenceStats:
    """Count one tokenized candidate against its tokenized references.

    c is the candidate's length and r the closest reference length (:func:`closest_reference_length`).
    For each order n, the candidate has max(0, c - n + 1) n-grams, and each distinct one matches
    at most as often as it occurs in the single reference where it is most frequent (clipping,
    Papineni et al. 2002, section 2.1): matches_n = sum over candidate n-grams g of
    min(count(g), max over references of count_ref(g)).

    >>> sentence_statistics(("the",) * 7, [("the", "cat", "is", "on", "the", "mat")], 2)
    SentenceStats(candidate_length=7, reference_length=6, matches=(2, 0), totals=(7, 6))
    """
    c = len(candidate)
    r = closest_reference_length(c, [len(reference) for reference in references])
    matches, totals = [], []
    for n in range(1, max_order + 1):
        clip = max_reference_counts(references, n)
        matches.append(sum([min(count, clip[gram]) for gram, count in count_ngrams(candidate, n).items()]))
        totals.append(max(0, c - n + 1))
    return SentenceStats(c, r, matches, totals)


def sum_statistics(statistics) -> SentenceStats:
    """All sentences of several statistics as one (its numbers are their sums).

    >>> sum_statistics([SentenceStats(1, 1, (1,), (1,)), SentenceStats(2, 3, (1,), (2,))]).as_row()
    [3, 4, 2, 3]
    """
    statistics = list(statistics)
    if not statistics:
        raise ValueError("cannot add up an empty list of statistics; a corpus needs at least one sentence")
    if len({s.order for s in statistics}) != 1:
        raise ValueError("cannot add statistics of different maximum orders")
    if all(isinstance(s._rows, tuple) for s in statistics):
        return SentenceStats(rows=tuple(row for s in statistics for row in s._rows))
    import numpy as np  # an engine's matrix among them

    return SentenceStats(rows=np.concatenate([s.rows for s in statistics]))


@dataclass(frozen=True)
class NgramMatch:
    """One distinct candidate n-gram: how often it occurs and how much of it counts.

    ``clipped`` = min(``candidate_count``, ``reference_count``); the n-gram
    matched when ``clipped > 0`` and was cut by clipping when
    ``clipped < candidate_count`` with ``reference_count > 0``.
    """

    ngram: tuple
    candidate_count: int
    reference_count: int
    clipped: int

    @property
    def matched(self) -> bool:
        """Whether at least one occurrence counts as a match."""
        return self.clipped > 0

    @property
    def was_clipped(self) -> bool:
        """Whether clipping cut the count: the references hold some, but fewer, occurrences."""
        return 0 < self.reference_count < self.candidate_count


def ngram_matches(candidate, references, n: int) -> tuple:
    """Every distinct n-gram of the candidate with its clip, in order of first appearance."""
    reference_counts = max_reference_counts(references, n)
    return tuple([
        NgramMatch(gram, count, reference_counts.get(gram, 0), min(count, reference_counts.get(gram, 0)))
        for gram, count in count_ngrams(candidate, n).items()
    ])


def matched_positions(candidate, references, n: int) -> list:
    """Start positions of the candidate n-gram occurrences that count as matches (see :func:`clipped_starts`).

    >>> matched_positions(["the", "the", "cat"], [["the", "cat"]], 1)
    [0, 2]
    """
    return clipped_starts(candidate, max_reference_counts(references, n), n)


def clipped_starts(tokens, clip, n: int) -> list:
    """Start positions of the n-gram occurrences of ``tokens`` that count as matches, when n-gram ``g``
    counts at most ``clip[g]`` times (its clip: the most any one reference holds, Papineni et al. 2002,
    section 2.1). Of an n-gram that occurs k times and is clipped to m, the first m occurrences are the
    matched ones (a convention for display only; the score does not depend on which are chosen).

    >>> clipped_starts(["the", "the", "cat"], {("the",): 1, ("cat",): 1}, 1)
    [0, 2]
    """
    used: dict = {}
    positions = []
    for start in range(len(tokens) - n + 1):
        gram = tuple(tokens[start : start + n])
        so_far = used.get(gram, 0)
        if so_far < clip.get(gram, 0):
            used[gram] = so_far + 1
            positions.append(start)
    return positions
