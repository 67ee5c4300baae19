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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .inputs import check_order, check_text, describe


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
    return min((abs(length - candidate_length), length) for length in reference_lengths)[1]


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


def statistics_columns(rows) -> tuple:
    """``(c, r, matches, totals)`` of statistics rows laid out ``c, r, matches_1..N, totals_1..N``.

    The one place that knows the layout: ``c`` and ``r`` are columns, ``matches`` and ``totals``
    blocks of N columns (views, so writing to them writes to ``rows``). Sums of rows (a corpus, a
    bootstrap sample) have the same layout.

    >>> import numpy as np
    >>> c, r, matches, totals = statistics_columns(np.array([[7, 6, 2, 0, 7, 6]]))
    >>> c.tolist(), r.tolist(), matches.tolist(), totals.tolist()
    ([7], [6], [[2, 0]], [[7, 6]])
    """
    order = (rows.shape[-1] - 2) // 2
    return rows[..., 0], rows[..., 1], rows[..., 2 : 2 + order], rows[..., 2 + order :]


class SentenceStats:
    """BLEU's sufficient statistics (Papineni et al. 2002, section 2), numpy-backed and read-only.

    One row per sentence: ``c, r, matches_1..N, totals_1..N`` (candidate length, closest reference
    length, clipped matches and candidate n-grams of each order). A sentence is one row; a corpus
    is its sentences' rows, and its numbers (``candidate_length``, ``matches``...) are their sum;
    a bootstrap sample is the sum of the rows it draws (:meth:`resampled`). Adding two statistics adds their
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
        return int(statistics_columns(self.rows)[0].sum())

    @property
    def reference_length(self) -> int:
        """r (the closest reference length of each sentence), summed."""
        return int(statistics_columns(self.rows)[1].sum())

    @property
    def matches(self) -> tuple:
        """Clipped matches of each order, summed."""
        return tuple(statistics_columns(self.rows)[2].sum(axis=0).tolist())

    @property
    def totals(self) -> tuple:
        """Candidate n-grams of each order, summed."""
        return tuple(statistics_columns(self.rows)[3].sum(axis=0).tolist())

    @property
    def phantom_totals(self) -> tuple:
        """nltk's denominators: each sentence's empty order counts one n-gram, sum of max(1, t_n)."""
        import numpy as np

        return tuple(np.maximum(statistics_columns(self.rows)[3], 1).sum(axis=0).tolist())

    def as_row(self) -> list:
        """The summed statistics as one flat row: c, r, matches..., totals..."""
        return self._sum()

    def resampled(self, draws):
        """Row b: the summed statistics of the sentences drawn in bootstrap sample b (``draws[b]``).

        >>> SentenceStats(rows=[[2, 2, 1, 0, 2, 1], [3, 4, 3, 2, 3, 2]]).resampled([[1, 1]]).tolist()
        [[6.0, 8.0, 6.0, 4.0, 6.0, 4.0]]
        """
        import numpy as np

        return resampled_sums(np.asarray(draws), self.rows.astype(np.float64))

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


def checked_statistics_rows(rows, what: str, call: str):
    """``rows`` as an int64 matrix of BLEU statistics, checked as bleu_from_stats checks one sentence's
    (the rows a caller hands in; the counting engine's own rows need no check).

    Each row is c, r, matches_1..N, totals_1..N: whole numbers >= 0 with c = totals_1 and matches_n <= totals_n.
    A list of rows and a SentenceStats are taken too; float matrices (significance's) when every value is whole.
    """
    import numpy as np

    if isinstance(rows, SentenceStats):
        rows = rows.rows
    if rows is None or isinstance(rows, (str, bytes, Mapping)):
        raise TypeError(f"{what} is {describe(rows)}; it must be a statistics matrix, one row per sentence "
                        f"(c, r, matches_1..N, totals_1..N). Right: {call}")
    try:
        array = np.asarray(rows)
    except ValueError:  # rows of different lengths
        raise ValueError(f"{what} has rows of different lengths; every row is c, r, matches_1..N, totals_1..N "
                         f"with the same N. Right: {call}") from None
    if array.dtype == bool or not (np.issubdtype(array.dtype, np.integer) or np.issubdtype(array.dtype, np.floating)):
        raise TypeError(f"{what} must hold counts (whole numbers), not values of type {array.dtype}. Right: {call}")
    if array.ndim != 2:
        one = "; for one sentence wrap its row: [row]" if array.ndim == 1 else ""
        raise ValueError(f"{what} must be a 2-D matrix, one row per sentence, but has shape {array.shape}{one}. "
                         f"Right: {call}")
    if array.shape[1] < 4 or array.shape[1] % 2:
        raise ValueError(f"{what} has {array.shape[1]} columns, but a statistics row has 2 + 2N (c, r, "
                         f"matches_1..N, totals_1..N; 10 for BLEU's N = 4). Right: {call}")
    # Below 2**53 a float holds every whole number exactly, and the int64 copy cannot overflow.
    whole = np.isfinite(array) & (array >= 0) & (array < 2**53) & (array == np.floor(array))
    if not whole.all():
        i = int(np.argwhere(~whole)[0][0])
        raise ValueError(f"{what}[{i}] is {array[i].tolist()}: statistics are token and n-gram counts, whole "
                         f"numbers >= 0. Right: {call}")
    lengths, _, matches, totals = statistics_columns(array)
    # As bleu_from_stats: every candidate token is one unigram, so c and the unigram total are equal.
    unequal = lengths != totals[:, 0]
    if unequal.any():
        i = int(np.argwhere(unequal)[0][0])
        raise ValueError(f"{what}[{i}] is {array[i].tolist()}: its candidate length c (column 0) is "
                         f"{int(lengths[i])} but its unigram total (column {2 + matches.shape[1]}) is "
                         f"{int(totals[i, 0])}; every token of the candidate is one unigram, so they must be "
                         f"equal. Right: {call}")
    above = matches > totals
    if above.any():
        i, n = (int(k) for k in np.argwhere(above)[0])
        raise ValueError(f"{what}[{i}] is {array[i].tolist()}: order {n + 1} has {int(matches[i, n])} matches but "
                         f"{int(totals[i, n])} n-grams; matches are a subset of the candidate's n-grams, so "
                         f"they cannot exceed the totals. Right: {call}")
    return array.astype(np.int64)


def resampled_sums(draws, columns):
    """Row b: the sum of ``columns`` over the sentences drawn in sample b (``draws[b]``, with repeats).

    That is ``W @ columns`` with W[b, i] = how often sentence i is drawn in sample b (Koehn 2004's
    bootstrap: a resampled test set's statistics are the sum of its sentences'). W is never built
    whole: a few samples at a time (:func:`rows_per_product`), it is counted into a small buffer that
    stays in cache, a bincount per sample. Exact for counts: integer sums below 2**53.

    >>> import numpy as np
    >>> resampled_sums(np.array([[0, 0, 1], [2, 2, 2]]), np.array([[1.0], [10.0], [100.0]])).tolist()
    [[12.0], [300.0]]
    """
    import numpy as np

    n_samples, n_sentences = len(draws), len(columns)
    block = rows_per_product(columns)
    weights = np.empty((min(block, n_samples), n_sentences))
    sums = np.empty((n_samples, columns.shape[1]))
    for start in range(0, n_samples, block):
        part = draws[start : start + block]
        for k, drawn in enumerate(part):
            weights[k] = np.bincount(drawn, minlength=n_sentences)
        np.matmul(weights[: len(part)], columns, out=sums[start : start + len(part)])
    return sums


def product_in_blocks(left, right):
    """``left @ right`` in float64, a few rows of ``left`` at a time (:func:`rows_per_product`), so that a
    large ``left`` of counts or booleans is converted to floats a block at a time, never whole."""
    import numpy as np

    block = rows_per_product(right)
    product = np.empty((len(left), right.shape[1]))
    for start in range(0, len(left), block):
        np.matmul(left[start : start + block].astype(np.float64), right, out=product[start : start + block])
    return product


def rows_per_product(columns) -> int:
    """How many rows to multiply by ``columns`` (sentences x width) at once.

    A product of 1000 samples x 2000 sentences x 10 columns is too small to gain from threads, but
    OpenBLAS would start them, and their waiting doubles the CPU time on a 2-core machine; blocks
    under about 200,000 multiplications each keep it on one thread.
    """
    return max(1, 200_000 // max(1, columns.shape[0] * columns.shape[1]))


def count_statistics(candidates, references, max_order: int) -> SentenceStats:
    """Statistics of a tokenized corpus, one row per sentence: the one counting engine (see below)."""
    return count_systems_statistics([candidates], references, max_order)[0]


def count_systems_statistics(systems, references, max_order: int) -> list:
    """:func:`count_statistics` of several tokenized systems against the same references, in one pass."""
    return [SentenceStats(rows=rows) for rows in systems_statistics_matrices(systems, references, max_order)]


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
    matches of orders 1..max_order, then the candidate n-gram totals
    (Papineni et al. 2002, section 2.1). ``candidates[i]`` is a token
    sequence, ``references[i]`` a non-empty list of token sequences (checked
    and tokenized already). :func:`systems_statistics_matrices` does the work.

    By hand: "a a a b" against "a b" and "a a": a occurs 3 times, at most 2
    in one reference, so unigrams clip to 2 + 1 (b) = 3; bigrams a-a (twice,
    clip 1) and a-b (clip 1) give 2; c = 4, r = 2, totals 4 and 3.

    >>> corpus_statistics_matrix([("a", "a", "a", "b")], [[("a", "b"), ("a", "a")]], 2).tolist()
    [[4, 2, 3, 2, 4, 3]]
    """
    return systems_statistics_matrices([candidates], references, max_order)[0]


def systems_statistics_matrices(systems, references, max_order: int) -> list:
    """:func:`corpus_statistics_matrix` of each system against the same references, counted in one pass.

    The clipping of Papineni et al. (2002, section 2.1) for all sentences of
    all systems at once, with numpy instead of one dictionary per sentence:

    - every token gets an integer id (the position where the word first
      occurs). A unigram occurrence is keyed by (sentence, token id); an
      n-gram occurrence by (id of its (n-1)-gram prefix, id of its last token);
    - sorting the keys (:func:`_number_distinct`) gives each distinct
      (sentence, n-gram) a number, so its count in each system's candidate
      and in each reference is one ``bincount``; a system's clipped count is
      min(its count, the largest count in one reference);
    - an n-gram can only match when its prefix matched, so each order only
      looks at the occurrences whose prefix was in a reference and in a
      candidate.

    The references' tokens are numbered and sorted once for all systems.

    >>> a, b = systems_statistics_matrices([[("a", "b")], [("b", "b")]], [[("a", "b")]], 2)
    >>> a.tolist(), b.tolist()
    ([[2, 2, 2, 1, 2, 1]], [[2, 2, 1, 0, 2, 1]])
    """
    from itertools import chain
    from operator import itemgetter

    import numpy as np

    n_systems, n_sentences = len(systems), len(references)
    if n_sentences == 0:
        return [np.zeros((0, 2 + 2 * max_order), dtype=np.int64) for _ in systems]
    refs_per_sentence = np.fromiter(map(len, references), dtype=np.int64, count=n_sentences)
    max_refs = int(refs_per_sentence.max())
    # Sentence by sentence: each system's candidate, then the references, so that a text's sentence and
    # side (which system, which reference) follow from its position (text_sentence, side_of below).
    if max_refs == 1:
        texts = list(chain.from_iterable(zip(*systems, map(itemgetter(0), references))))
    else:
        texts = list(chain.from_iterable((*candidates, *refs) for *candidates, refs in zip(*systems, references)))
    texts_per_sentence = refs_per_sentence + n_systems
    first_text = np.cumsum(texts_per_sentence) - texts_per_sentence  # index in texts of sentence i's first text
    text_lengths = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts))
    n_tokens = int(text_lengths.sum())

    # A token's id is the position where its word first occurs: equal words, equal ids (one dict pass in C).
    first_seen: dict = {}
    token_ids = np.fromiter(
        map(first_seen.setdefault, chain.from_iterable(texts), range(n_tokens)), dtype=np.int64, count=n_tokens
    )
    id_range = max(n_tokens, 1)  # every id (token or n-gram) is below it, so keys are id * id_range + id

    # Per token: its sentence, its side (0 .. n_systems - 1: a system's candidate; n_systems + k: reference k)
    # and how many tokens its text has from it on. One repeat gives each token its text; the rest are
    # looked up per text (a repeat per array cost three times as much).
    sides = n_systems + max_refs
    text_sentence = np.repeat(np.arange(n_sentences), texts_per_sentence)
    text_of = np.repeat(np.arange(len(texts)), text_lengths)
    sentence_of = text_sentence[text_of]
    side_of = (np.arange(len(texts)) - first_text[text_sentence])[text_of]
    positions = np.arange(n_tokens)
    tokens_left = np.cumsum(text_lengths)[text_of]
    tokens_left -= positions  # this token and those after it in its text

    matrices = []
    matches_of = []  # each system's block of clipped matches, filled order by order below
    lengths = text_lengths.tolist()
    for system in range(n_systems):
        matrix = np.zeros((n_sentences, 2 + 2 * max_order), dtype=np.int64)
        c, r, matches, totals = statistics_columns(matrix)
        c[:] = text_lengths[first_text + system]
        if max_refs == 1:
            r[:] = text_lengths[first_text + n_systems]
        else:
            r[:] = [
                closest_reference_length(lengths[first + system], lengths[first + n_systems : first + n_systems + k])
                for first, k in zip(first_text.tolist(), refs_per_sentence.tolist())
            ]
        for n in range(1, max_order + 1):
            totals[:, n - 1] = np.maximum(c - n + 1, 0)
        matrices.append(matrix)
        matches_of.append(matches)

    keys = sentence_of * id_range
    keys += token_ids
    gram_ids = np.empty(n_tokens, dtype=np.int64)  # the (n-1)-gram id of each position still in play
    for n in range(1, max_order + 1):
        if positions.size == 0:
            break
        if n > 1:
            keys = gram_ids[positions]
            keys *= id_range
            keys += token_ids[positions + n - 1]
        inverse, n_grams = _number_distinct(keys)
        gram_ids[positions] = inverse
        # counts[g, side]: occurrences of distinct (sentence, n-gram) g in each candidate and each reference.
        slots = inverse * sides
        slots += side_of[positions]
        counts = np.bincount(slots, minlength=n_grams * sides).reshape(n_grams, sides)
        in_reference = counts[:, n_systems] if max_refs == 1 else counts[:, n_systems:].max(axis=1)
        gram_sentence = np.empty(n_grams, dtype=np.int64)
        gram_sentence[inverse] = sentence_of[positions]
        for system, matches in enumerate(matches_of):
            clipped = np.minimum(counts[:, system], in_reference)
            matches[:, n - 1] = np.bincount(gram_sentence, weights=clipped, minlength=n_sentences)
        if n < max_order:
            # Only an n-gram in a reference and in some candidate can start a matching (n+1)-gram.
            live = (in_reference > 0) & (counts[:, :n_systems].max(axis=1) > 0)
            keep = live[inverse]
            keep &= tokens_left[positions] > n
            positions = positions[keep]
    return matrices


def _number_distinct(keys):
    """Number the distinct keys 0, 1, ... in sorted order: ``(inverse, count)`` as from ``numpy.unique``.

    Each key is packed with its position into one int64 (key in the high bits), so that a plain
    ``numpy.sort``, which numpy vectorises, orders the keys and carries their positions along: several
    times faster than the ``argsort`` behind ``numpy.unique``. Keys too large to pack (corpora of
    millions of tokens) are ordered by a stable argsort instead.
    """
    import numpy as np

    n = len(keys)
    position_bits = max(1, (n - 1).bit_length())
    largest = int(keys.max()) if n else 0
    # In place where it can be: every new array of a large corpus is fresh memory, and the page
    # faults of touching it cost as much as the arithmetic.
    if largest.bit_length() + position_bits <= 62:
        ordered = keys << position_bits
        ordered |= np.arange(n)
        ordered.sort()
        order = ordered & ((1 << position_bits) - 1)
        ordered >>= position_bits
    else:
        order = np.argsort(keys, kind="stable")
        ordered = keys[order]
    numbers = np.empty(n, dtype=np.int64)
    numbers[0] = 0
    np.not_equal(ordered[1:], ordered[:-1], out=numbers[1:], casting="unsafe")  # 1 where a new key starts
    np.cumsum(numbers, out=numbers)
    inverse = ordered  # no longer needed: its memory takes the numbers back to the keys' positions
    inverse[order] = numbers
    return inverse, int(numbers[-1]) + 1


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
    used: dict = {}
    positions = []
    for start in range(len(candidate) - n + 1):
        gram = tuple(candidate[start : start + n])
        so_far = used.get(gram, 0)
        if so_far < reference_counts.get(gram, 0):
            used[gram] = so_far + 1
            positions.append(start)
    return positions
