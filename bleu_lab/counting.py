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

from .inputs import check_order, describe


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
    for position, token in enumerate(tokens):
        if not isinstance(token, str):
            raise TypeError(
                f"tokens[{position}] is {describe(token)}; every token must be a string. "
                f"Right: ngrams(['the', 'cat'], 1)"
            )
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
    return min(reference_lengths, key=lambda length: (abs(length - candidate_length), length))


def max_reference_counts(references, n: int) -> Counter:
    """For each n-gram, the largest count in any one reference: the clip of each candidate n-gram.

    >>> max_reference_counts([("a", "a", "b"), ("a", "c", "c")], 1)
    Counter({('a',): 2, ('c',): 2, ('b',): 1})
    """
    merged: Counter = Counter()
    for reference in references:
        merged |= count_ngrams(reference, n)  # a Counter union keeps the larger count of each key
    return merged


class SentenceStats:
    """BLEU's sufficient statistics (Papineni et al. 2002, section 2), numpy-backed and read-only.

    One row per sentence: ``c, r, matches_1..N, totals_1..N`` (candidate length, closest reference
    length, clipped matches and candidate n-grams of each order). A sentence is one row; a corpus
    is its sentences' rows, and its numbers (``candidate_length``, ``matches``...) are their sum;
    a bootstrap sample is a weighted sum (:meth:`weighted`). Adding two statistics adds their
    sentences. The rows are an int64 array that cannot be written to.

    >>> one = SentenceStats(7, 6, (2, 0), (7, 6))
    >>> (one + SentenceStats(3, 3, (3, 2), (3, 2))).matches
    (5, 2)
    """

    __slots__ = ("rows",)
    rows: Any  # (sentences, 2 + 2N) int64, read-only

    def __init__(self, candidate_length: int = 0, reference_length: int = 0, matches=(), totals=(), *, rows=None):
        import numpy as np

        if rows is None:
            rows = [[candidate_length, reference_length, *matches, *totals]]
        array = np.array(rows, dtype=np.int64)  # a copy: nobody else holds it
        if array.ndim != 2 or array.shape[1] < 2 or array.shape[1] % 2:
            raise ValueError(f"statistics rows must be c, r, matches..., totals..., got shape {array.shape}")
        array.setflags(write=False)
        object.__setattr__(self, "rows", array)

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
    def order(self) -> int:
        """N, the number of n-gram orders counted."""
        return (self.rows.shape[1] - 2) // 2

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, i: int) -> SentenceStats:
        return SentenceStats(rows=self.rows[i : i + 1] if i != -1 else self.rows[-1:])

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    def _sum(self) -> list:
        return self.rows.sum(axis=0).tolist()

    @property
    def candidate_length(self) -> int:
        """c, summed over the sentences."""
        return int(self.rows[:, 0].sum())

    @property
    def reference_length(self) -> int:
        """r (the closest reference length of each sentence), summed."""
        return int(self.rows[:, 1].sum())

    @property
    def matches(self) -> tuple:
        """Clipped matches of each order, summed."""
        return tuple(self._sum()[2 : 2 + self.order])

    @property
    def totals(self) -> tuple:
        """Candidate n-grams of each order, summed."""
        return tuple(self._sum()[2 + self.order :])

    @property
    def phantom_totals(self) -> tuple:
        """nltk's denominators: each sentence's empty order counts one n-gram, sum of max(1, t_n)."""
        import numpy as np

        return tuple(np.maximum(self.rows[:, 2 + self.order :], 1).sum(axis=0).tolist())

    def as_row(self) -> list:
        """The summed statistics as one flat row: c, r, matches..., totals..."""
        return self._sum()

    def weighted(self, weights):
        """``weights @ rows``: row b is the sum of the sentences drawn ``weights[b, i]`` times each (a bootstrap)."""
        import numpy as np

        return np.asarray(weights, dtype=np.float64) @ self.rows.astype(np.float64)

    def __add__(self, other: SentenceStats) -> SentenceStats:
        if not isinstance(other, SentenceStats):
            return NotImplemented
        if self.order != other.order:
            raise ValueError("cannot add statistics of different maximum orders")
        import numpy as np

        return SentenceStats(rows=np.concatenate([self.rows, other.rows]))

    def __eq__(self, other) -> bool:
        if not isinstance(other, SentenceStats):
            return NotImplemented
        return self.rows.shape == other.rows.shape and bool((self.rows == other.rows).all())

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        numbers = (f"candidate_length={self.candidate_length}, reference_length={self.reference_length}, "
                   f"matches={self.matches}, totals={self.totals}")
        if len(self) == 1:
            return f"SentenceStats({numbers})"
        return f"SentenceStats({len(self)} sentences, summed: {numbers})"


def count_statistics(candidates, references, max_order: int) -> SentenceStats:
    """Statistics of a tokenized corpus, one row per sentence: the one counting engine (see below)."""
    return SentenceStats(rows=corpus_statistics_matrix(candidates, references, max_order))


def sentence_statistics(candidate, references, max_order: int) -> SentenceStats:
    """Count one tokenized candidate against its tokenized references (a corpus of one sentence).

    Clipping (Papineni et al. 2002, section 2.1): a candidate n-gram counts
    at most as often as it occurs in the single reference where it is most
    frequent, ``min(count, max_ref count)``.

    >>> sentence_statistics(("the",) * 7, [("the", "cat", "is", "on", "the", "mat")], 2)
    SentenceStats(candidate_length=7, reference_length=6, matches=(2, 0), totals=(7, 6))
    """
    return count_statistics([candidate], [references], max_order)


def sum_statistics(statistics) -> SentenceStats:
    """All sentences of several statistics as one (its numbers are their sums)."""
    statistics = list(statistics)
    if not statistics:
        raise ValueError("cannot add up an empty list of statistics; a corpus needs at least one sentence")
    if len({s.order for s in statistics}) != 1:
        raise ValueError("cannot add statistics of different maximum orders")
    import numpy as np

    return SentenceStats(rows=np.concatenate([s.rows for s in statistics]))


def corpus_statistics_matrix(candidates, references, max_order: int):
    """Per-sentence statistics of a tokenized corpus as a numpy int64 matrix.

    Row i is ``SentenceStats.as_row()`` of sentence i: c, r, the clipped
    matches of orders 1..max_order, then the candidate n-gram totals. The
    numbers are exactly those of :func:`sentence_statistics`; this is the
    same clipping (Papineni et al. 2002, section 2.1) counted for all
    sentences at once with numpy instead of one dictionary per sentence.

    How: every token gets an integer id. A unigram occurrence is keyed by
    (sentence, token id); an n-gram occurrence by (key of its (n-1)-gram
    prefix, id of its last token). Sorting the keys (``numpy.unique``) gives
    each distinct (sentence, n-gram) a number, so counting it in the
    candidate and in each reference is a ``bincount``; the clipped count is
    min(candidate count, max reference count). An n-gram can only match
    when its prefix matched, so each order only looks at the occurrences
    whose prefix was found on both sides.

    ``candidates[i]`` is a token sequence, ``references[i]`` a non-empty
    list of token sequences (checked and tokenized already).

    By hand: "a a a b" against "a b" and "a a": a occurs 3 times, at most 2
    in one reference, so unigrams clip to 2 + 1 (b) = 3; bigrams a-a (twice,
    clip 1) and a-b (clip 1) give 2; c = 4, r = 2, totals 4 and 3.

    >>> corpus_statistics_matrix([("a", "a", "a", "b")], [[("a", "b"), ("a", "a")]], 2).tolist()
    [[4, 2, 3, 2, 4, 3]]
    """
    from itertools import chain

    import numpy as np

    n_sentences = len(candidates)
    if n_sentences == 0:
        return np.zeros((0, 2 + 2 * max_order), dtype=np.int64)
    refs_per_sentence = np.fromiter(map(len, references), dtype=np.int64, count=n_sentences)
    max_refs = int(refs_per_sentence.max())
    texts = list(candidates)
    # References are grouped by rank k (the k-th reference of each sentence) so each group is one bincount.
    ref_sentence = []
    for k in range(max_refs):
        rows = range(n_sentences) if max_refs == 1 else [i for i in range(n_sentences) if len(references[i]) > k]
        texts.extend(references[i][k] for i in rows)
        ref_sentence.append(np.fromiter(rows, dtype=np.int64))
    text_lengths = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts))
    n_tokens = int(text_lengths.sum())

    vocabulary = dict.fromkeys(chain.from_iterable(texts))
    vocabulary = dict(zip(vocabulary, range(len(vocabulary))))
    token_ids = np.fromiter(map(vocabulary.__getitem__, chain.from_iterable(texts)), dtype=np.int64, count=n_tokens)
    vocabulary_size = max(len(vocabulary), 1)

    # Per token: which text, which sentence, which side (0 = candidate, k + 1 = reference rank k).
    text_of = np.repeat(np.arange(len(texts)), text_lengths)
    text_sentence = np.concatenate([np.arange(n_sentences)] + ref_sentence)
    text_side = np.concatenate(
        [np.zeros(n_sentences, dtype=np.int64)] + [np.full(len(rows), k + 1) for k, rows in enumerate(ref_sentence)]
    )
    starts = np.cumsum(text_lengths) - text_lengths
    remaining = np.repeat(starts + text_lengths, text_lengths) - np.arange(n_tokens)  # tokens from here to the end
    sentence_of = text_sentence[text_of]
    side_of = text_side[text_of]

    candidate_lengths = text_lengths[:n_sentences]
    matrix = np.zeros((n_sentences, 2 + 2 * max_order), dtype=np.int64)
    matrix[:, 0] = candidate_lengths
    if max_refs == 1:
        matrix[:, 1] = text_lengths[n_sentences:]
    else:
        lengths_per_sentence: list[list[int]] = [[] for _ in range(n_sentences)]
        for text, length in zip(range(n_sentences, len(texts)), text_lengths[n_sentences:].tolist()):
            lengths_per_sentence[int(text_sentence[text])].append(length)
        matrix[:, 1] = [
            closest_reference_length(c, lengths) for c, lengths in zip(candidate_lengths.tolist(), lengths_per_sentence)
        ]
    for n in range(1, max_order + 1):
        matrix[:, 1 + max_order + n] = np.maximum(candidate_lengths - n + 1, 0)

    positions = np.arange(n_tokens)
    keys = sentence_of * vocabulary_size + token_ids
    gram_ids = np.zeros(0, dtype=np.int64)  # the (n-1)-gram id of each position, set by the previous order
    for n in range(1, max_order + 1):
        if positions.size == 0:
            break
        if n > 1:
            keys = gram_ids[positions] * vocabulary_size + token_ids[positions + n - 1]
        uniques, inverse = np.unique(keys, return_inverse=True)
        n_grams = uniques.size
        gram_ids = np.full(n_tokens, -1, dtype=np.int64)
        gram_ids[positions] = inverse
        sides = side_of[positions]
        candidate_counts = np.bincount(inverse[sides == 0], minlength=n_grams)
        reference_counts = np.zeros(n_grams, dtype=np.int64)
        for k in range(1, max_refs + 1):
            reference_counts = np.maximum(reference_counts, np.bincount(inverse[sides == k], minlength=n_grams))
        clipped = np.minimum(candidate_counts, reference_counts)
        gram_sentence = np.zeros(n_grams, dtype=np.int64)
        gram_sentence[inverse] = sentence_of[positions]
        live = clipped > 0
        matched = np.bincount(gram_sentence[live], weights=clipped[live], minlength=n_sentences)
        matrix[:, 1 + n] = matched.astype(np.int64)
        # Only an n-gram seen on both sides can start a matching (n+1)-gram.
        keep = live[inverse] & (remaining[positions] > n)
        positions = positions[keep]
    return matrix


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
    return tuple(
        NgramMatch(gram, count, reference_counts.get(gram, 0), min(count, reference_counts.get(gram, 0)))
        for gram, count in count_ngrams(candidate, n).items()
    )


def matched_positions(candidate, references, n: int) -> list:
    """Start positions of the candidate n-gram occurrences that count as matches.

    Of an n-gram that occurs k times and is clipped to m, the first m
    occurrences are the matched ones (a convention for display only; the
    score does not depend on which occurrences are chosen).
    """
    reference_counts = max_reference_counts(references, n)
    used: Counter = Counter()
    positions = []
    for start in range(len(candidate) - n + 1):
        gram = tuple(candidate[start : start + n])
        if used[gram] < reference_counts.get(gram, 0):
            used[gram] += 1
            positions.append(start)
    return positions
