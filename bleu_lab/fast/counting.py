"""The array engine that counts BLEU's statistics for a whole corpus at once (numpy).

It computes exactly what :func:`bleu_lab.bleu.statistics.sentence_statistics` computes for each
sentence (a hypothesis test proves it, tests/test_fast_engine.py), many times faster on large corpora.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from ..bleu.statistics import SentenceStats, closest_reference_length
from ..checks import all_plain_strings, describe


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


def count_statistics(candidates, references, max_order: int, *, lines: bool = False) -> SentenceStats:
    """Statistics of a tokenized corpus, one row per sentence: the one counting engine (see below)."""
    return count_systems_statistics([candidates], references, max_order, lines=lines)[0]


def count_systems_statistics(systems, references, max_order: int, *, lines: bool = False) -> list:
    """:func:`count_statistics` of several tokenized systems against the same references, in one pass."""
    matrices = systems_statistics_matrices(systems, references, max_order, lines=lines)
    return [SentenceStats(rows=rows) for rows in matrices]


def corpus_statistics_matrix(candidates, references, max_order: int, *, lines: bool = False):
    """Per-sentence statistics of a tokenized corpus as a numpy int64 matrix.

    Row i is ``SentenceStats.as_row()`` of sentence i: c, r, the clipped
    matches of orders 1..max_order, then the candidate n-gram totals
    (Papineni et al. 2002, section 2.1). ``candidates[i]`` is a token
    sequence, ``references[i]`` a non-empty list of token sequences (checked
    and tokenized already); with ``lines=True`` a text may also be a line of
    tokens separated by whitespace. :func:`systems_statistics_matrices` does the work.

    By hand: "a a a b" against "a b" and "a a": a occurs 3 times, at most 2
    in one reference, so unigrams clip to 2 + 1 (b) = 3; bigrams a-a (twice,
    clip 1) and a-b (clip 1) give 2; c = 4, r = 2, totals 4 and 3.

    >>> corpus_statistics_matrix([("a", "a", "a", "b")], [[("a", "b"), ("a", "a")]], 2).tolist()
    [[4, 2, 3, 2, 4, 3]]
    >>> corpus_statistics_matrix(["a a a b"], [["a b", "a  a"]], 2, lines=True).tolist()
    [[4, 2, 3, 2, 4, 3]]
    """
    return systems_statistics_matrices([candidates], references, max_order, lines=lines)[0]


def systems_statistics_matrices(systems, references, max_order: int, *, lines: bool = False) -> list:
    """:func:`corpus_statistics_matrix` of each system against the same references, counted in one pass.

    The clipping of Papineni et al. (2002, section 2.1) for all sentences of
    all systems at once, with numpy instead of one dictionary per sentence:

    - every token gets an integer id, equal words equal ids
      (:func:`_token_ids`). A unigram occurrence is keyed by (sentence, token
      id); an n-gram occurrence by (its (n-1)-gram prefix's group, id of its
      last token);
    - occurrences with equal keys are grouped (:func:`_group_representatives`),
      so the count of each distinct (sentence, n-gram) in each system's
      candidate and in each reference is one ``bincount``; a system's clipped
      count is min(its count, the largest count in one reference);
    - an n-gram can only match when its prefix matched, so each order only
      looks at the occurrences whose prefix was in a reference and in a
      candidate.

    Texts are token sequences; with ``lines=True`` a text that is a string is a line of tokens
    separated by whitespace (``line.split()``, the form sacrebleu's tokenizers return), split here.
    Sentences are counted a block at a time (:data:`_CHARACTERS_PER_BLOCK`): no n-gram spans two
    sentences, and small arrays stay in the CPU's cache and reuse memory already mapped. The
    references' tokens are read once for all systems.

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
    # side (which system, which reference) follow from its position.
    if max_refs == 1:
        texts = list(chain.from_iterable(zip(*systems, map(itemgetter(0), references))))
    else:
        texts = list(chain.from_iterable((*candidates, *refs) for *candidates, refs in zip(*systems, references)))
    layout = _Layout(n_systems, max_refs, refs_per_sentence + n_systems)
    text_lengths = np.empty(len(texts), dtype=np.int64)  # tokens in each text, filled block by block
    matrices = [np.zeros((n_sentences, 2 + 2 * max_order), dtype=np.int64) for _ in systems]
    matches = [statistics_columns(matrix)[2] for matrix in matrices]
    table = _HashTable()  # one for every block and order
    for start, end in _sentence_blocks(texts, layout):
        first, last = layout.texts_of(start, end)
        token_ids, text_lengths[first:last] = _token_ids(texts[first:last], lines, table)
        _clip_block(layout, start, end, token_ids, text_lengths[first:last], max_order, table, matches)

    lengths = text_lengths.tolist()
    for system, matrix in enumerate(matrices):
        c, r, _, totals = statistics_columns(matrix)
        c[:] = text_lengths[layout.first_text + system]
        if max_refs == 1:
            r[:] = text_lengths[layout.first_text + n_systems]
        else:
            r[:] = [
                closest_reference_length(lengths[first + system], lengths[first + n_systems : first + n_systems + k])
                for first, k in zip(layout.first_text.tolist(), refs_per_sentence.tolist())
            ]
        for n in range(1, max_order + 1):
            totals[:, n - 1] = np.maximum(c - n + 1, 0)
    return matrices


class _Layout:
    """Where each sentence's texts are in the list laid out sentence by sentence: a candidate per
    system, then the references (``texts_per_sentence`` of them in all)."""

    def __init__(self, n_systems: int, max_refs: int, texts_per_sentence):
        import numpy as np

        self.n_systems, self.max_refs, self.texts_per_sentence = n_systems, max_refs, texts_per_sentence
        ends = np.cumsum(texts_per_sentence)
        self.first_text = ends - texts_per_sentence  # index in texts of sentence i's first text
        self.text_ends = ends.tolist()

    def texts_of(self, start: int, end: int) -> tuple[int, int]:
        """The range of texts of sentences ``start .. end - 1``."""
        return (self.text_ends[start - 1] if start else 0), self.text_ends[end - 1]


# Characters of text counted at a time (about 16,000 words): arrays of a few 100 KB, which stay in the
# CPU's cache, and memory that is reused instead of mapped anew (a page fault costs microseconds).
_CHARACTERS_PER_BLOCK = 100_000


def _sentence_blocks(texts, layout: _Layout) -> list:
    """``(start, end)`` ranges of sentences of about :data:`_CHARACTERS_PER_BLOCK` characters each
    (a longer sentence alone); a token of a token sequence counts as 6 characters."""
    import numpy as np

    n_sentences = len(layout.text_ends)
    if n_sentences == 1:
        return [(0, 1)]
    sized = map(len, texts) if all_plain_strings(texts) else (
        len(text) if isinstance(text, str) else 6 * len(text) for text in texts)
    sizes = np.fromiter(sized, dtype=np.int64, count=len(texts))
    ends = np.cumsum(sizes)[np.asarray(layout.text_ends) - 1]  # characters up to each sentence's end
    cuts = np.searchsorted(ends, np.arange(_CHARACTERS_PER_BLOCK, int(ends[-1]), _CHARACTERS_PER_BLOCK)) + 1
    bounds = [0, *sorted({int(cut) for cut in cuts.tolist() if cut < n_sentences}), n_sentences]
    return list(zip(bounds[:-1], bounds[1:]))


def _table_size(keys: int) -> int:
    """A power of two at least twice ``keys``: hash slots for that many keys, half of them free."""
    return 1 << max(4, (2 * keys - 1).bit_length())


class _HashTable:
    """The slots :func:`_group_representatives` hashes into, reused by every grouping of one count
    (fresh memory would be mapped page by page each time) and grown when more keys come."""

    def __init__(self):
        self.slots = None

    def for_keys(self, keys: int):
        """An array of at least :func:`_table_size` ``(keys)`` slots (what they hold is never read first)."""
        import numpy as np

        if self.slots is None or len(self.slots) < _table_size(keys):
            self.slots = np.empty(_table_size(keys), dtype=np.intp)
        return self.slots


def _clip_block(layout: _Layout, start: int, end: int, token_ids, lengths, max_order: int, table: _HashTable,
                matches) -> None:
    """Write the clipped matches of sentences ``start .. end - 1`` into each system's ``matches`` block.
    ``token_ids`` are the tokens of their texts, one after the other, ``lengths`` each text's count."""
    import numpy as np

    n_systems, max_refs = layout.n_systems, layout.max_refs
    sides = n_systems + max_refs  # a candidate per system, then the references
    n_texts, n_sentences = len(lengths), end - start
    id_range = max(len(token_ids), 1)  # every token id, and every group below, is an index of a token

    # Per token of the block: its sentence, its side and how many tokens its text has from it on.
    per_sentence = layout.texts_per_sentence[start:end]
    sentence_text_ends = np.cumsum(per_sentence)  # the texts of sentence i end before sentence_text_ends[i]
    text_token_ends = np.cumsum(lengths)  # the tokens of text k end before text_token_ends[k]
    text_of = np.repeat(np.arange(n_texts), lengths)
    text_sentence = np.repeat(np.arange(n_sentences), per_sentence)
    sentence_of = text_sentence[text_of]
    side_of = (np.arange(n_texts) - (sentence_text_ends - per_sentence)[text_sentence])[text_of]
    positions = np.arange(len(token_ids))
    tokens_left = text_token_ends[text_of]
    tokens_left -= positions
    # The tokens of sentence i are token_ids[bounds[i] : bounds[i + 1]].
    bounds = np.zeros(n_sentences + 1, dtype=np.int64)
    bounds[1:] = text_token_ends[sentence_text_ends - 1]

    keys = sentence_of * id_range
    keys += token_ids
    for n in range(1, max_order + 1):
        if positions.size == 0:
            break
        group = _group_representatives(keys, table.for_keys(len(keys)))
        # counts[g, side]: occurrences of group g's (sentence, n-gram) in each candidate and each reference;
        # g is the index of one occurrence of it, and the other rows stay empty.
        slots = group * sides
        slots += side_of[positions]
        counts = np.bincount(slots, minlength=len(keys) * sides).reshape(len(keys), sides)
        in_reference = counts[:, n_systems] if max_refs == 1 else counts[:, n_systems:].max(axis=1)
        # positions is sorted, so each sentence's groups are one run of it: sums of runs by cumsum.
        runs = np.searchsorted(positions, bounds)
        running = np.zeros(len(keys) + 1, dtype=np.int64)
        for system, system_matches in enumerate(matches):
            np.cumsum(np.minimum(counts[:, system], in_reference), out=running[1:])  # clipped counts, summed
            upto = running[runs]
            system_matches[start:end, n - 1] = upto[1:] - upto[:-1]
        if n < max_order:
            # Only an n-gram in a reference and in some candidate can start a matching (n+1)-gram.
            live = in_reference > 0
            live &= (counts[:, 0] if n_systems == 1 else counts[:, :n_systems].max(axis=1)) > 0
            keep = live[group]
            keep &= tokens_left[positions] > n
            keys = group[keep]  # the n-gram's group, named by the index of one occurrence (below id_range)
            positions = positions[keep]
            keys *= id_range
            keys += token_ids[positions + n]


# Up to this many keys are grouped with a dictionary (for one sentence it is quicker than numpy).
_GROUPED_IN_PYTHON = 256
# Odd 64-bit multipliers, one per round of hashing (multiplicative hashing, Knuth, TAOCP vol. 3, 6.4).
_HASH_MULTIPLIERS = (0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0xD6E8FEB86659FD93)


def _group_representatives(keys, table, multipliers=_HASH_MULTIPLIERS):
    """For each key, the index of one occurrence of the same key: equal keys, equal answers.

    A round hashes the keys not yet placed into ``table`` (each slot keeps the index of one
    key written to it), then reads the slot back: a key equal to the one kept there is placed.
    Every occupied slot places at least its keeper's key, and the next round hashes the rest
    with another multiplier. Equality is always checked, so the answer is exact whatever the
    hash does; a hash only decides how many rounds it takes (about two on real text). Keys
    left after the last round are grouped by sorting; a few keys (:data:`_GROUPED_IN_PYTHON`), by a
    dictionary. ``table`` needs
    :func:`_table_size` ``(len(keys))`` slots or more. Writing to a slot, unlike sorting, does
    not depend on how many keys there are, which makes this several times faster than
    ``numpy.unique``.

    >>> import numpy as np
    >>> keys = np.array([7, 3, 7, 7, 3, 9])
    >>> group = _group_representatives(keys, np.empty(16, dtype=np.intp))
    >>> bool((keys[group] == keys).all()), len(set(group.tolist()))
    (True, 3)
    """
    import numpy as np

    n = len(keys)
    if n <= _GROUPED_IN_PYTHON:  # a sentence: fewer calls into numpy than a round of hashing makes
        return _first_positions(keys.tolist(), n)
    bits = _table_size(n).bit_length() - 1
    unsigned = keys.view(np.uint64)
    group = np.empty(n, dtype=np.intp)
    todo = None  # the indices of the keys not yet placed; None: all of them
    for multiplier in multipliers:
        hashed = unsigned if todo is None else unsigned[todo]
        slot = hashed * np.uint64(multiplier)
        slot >>= np.uint64(64 - bits)  # the top bits: the best-mixed ones
        slot = slot.view(np.intp)
        table[slot] = np.arange(n) if todo is None else todo
        kept = table[slot]
        same = unsigned[kept] == hashed
        if todo is None:
            group = kept  # right for the keys placed; the others are written in later rounds
            todo = np.flatnonzero(~same)
        else:
            group[todo[same]] = kept[same]
            todo = todo[~same]
        if len(todo) == 0:
            return group
    if todo is None:
        todo = np.arange(n)
    _, first, inverse = np.unique(keys[todo], return_index=True, return_inverse=True)
    group[todo] = todo[first][inverse]
    return group


# ----------------------------------------------------------------------------- token ids

# The characters str.split() splits on (str.isspace()): the ASCII ones are found in the bytes, the others
# (no-break and other Unicode spaces, none above U+3000) are looked for in the text. "\x00" separates texts.
_ASCII_SPLITTING = b"\x00\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f "
# Texts shorter than this in all are numbered with a dictionary (the numpy calls cost more on a sentence).
_JOINED_FROM = 4_000
# Longer tokens are told apart by their bytes in Python (a word of 8 bytes at a time below that).
_LONGEST_IN_WORDS = 64


def _token_ids(texts, lines: bool, table: _HashTable | None = None):
    """``(ids, lengths)``: an int64 id per token of ``texts`` (one text after the other), equal
    tokens equal ids, and the number of tokens of each text.

    With ``lines=True`` a string is a line of whitespace-separated tokens (``line.split()``); a text
    that is not a string is a sequence of tokens. The texts are joined and split in numpy, on their
    UTF-8 bytes (:func:`_byte_token_ids`); texts that cannot be joined without changing their tokens
    (a token sequence with whitespace or an empty string in a token, strings taken as characters
    with ``lines=False``) are numbered with a dictionary instead, and so are texts of fewer than
    :data:`_JOINED_FROM` characters (a sentence: there the dictionary is quicker than numpy's calls).

    >>> ids, lengths = _token_ids(["the cat  the", ("cat", "é")], lines=True)
    >>> [ids.tolist().index(i) for i in ids.tolist()], lengths.tolist()  # the first token with each one's id
    ([0, 1, 0, 1, 4], [3, 2])
    """
    import numpy as np

    plain_lines = lines and all_plain_strings(texts)  # every text a str line: nothing given as tokens to check
    if plain_lines:
        pieces = texts
    elif lines or not any(isinstance(text, str) for text in texts):
        try:
            pieces = [text if isinstance(text, str) else " ".join(text) for text in texts]
        except TypeError:  # a token that is not a string
            return _dictionary_token_ids(texts, lines)
    else:  # strings taken as sequences of characters
        return _dictionary_token_ids(texts, lines)
    joined = "\x00".join(pieces)
    if len(joined) < _JOINED_FROM or joined.count("\x00") != len(pieces) - 1:  # short, or holds the separator
        return _dictionary_token_ids(texts, lines)
    if lines and not joined.isascii() and any(space in joined for space in _other_whitespace()):
        # str.split() splits lines there; inside a given token (a no-break space in "10 000") it is part of the word
        pieces = [" ".join(text.split()) if isinstance(text, str) else " ".join(text) for text in texts]
        joined = "\x00".join(pieces)
    ids, lengths, spaces = _byte_token_ids(joined.encode("utf-8", "surrogatepass"), len(pieces),
                                           table or _HashTable())
    if not plain_lines:
        # A token sequence split back into exactly its tokens: as many, and no whitespace but the joining spaces
        # (a given token with whitespace in it, around it, or empty would be split, or lost, otherwise).
        given = np.fromiter((-1 if isinstance(text, str) else len(text) for text in texts), dtype=np.int64,
                            count=len(texts))
        if ((given >= 0) & ((lengths != given) | (spaces != np.maximum(given - 1, 0)))).any():
            return _dictionary_token_ids(texts, lines)
    return ids, lengths


def _dictionary_token_ids(texts, lines: bool):
    """:func:`_token_ids` with a dictionary: a token's id is the position where it first occurs."""
    from itertools import chain

    import numpy as np

    tokens = [text.split() if lines and isinstance(text, str) else text for text in texts]
    lengths = np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens))
    return _first_positions(chain.from_iterable(tokens), int(lengths.sum())), lengths


def _first_positions(items, count: int):
    """For each of ``count`` hashable items, the position where an equal item first occurs (one dict pass in C).

    >>> _first_positions(["a", "b", "a"], 3).tolist()
    [0, 1, 0]
    """
    import numpy as np

    first_seen: dict = {}
    return np.fromiter(map(first_seen.setdefault, items, range(count)), dtype=np.intp, count=count)


def _byte_token_ids(joined: bytes, n_texts: int, table: _HashTable):
    """:func:`_token_ids` of texts joined by ``b"\\x00"``, split on ASCII whitespace: the tokens are
    found where the bytes change between splitting and not, and told apart by their length and their
    bytes, read 8 at a time as one 64-bit word (UTF-8: equal strings, equal bytes). Returns
    ``(ids, lengths, spaces)``, ``spaces`` the number of whitespace bytes in each text."""
    import numpy as np

    size = len(joined)
    raw = np.frombuffer(joined + bytes(8), dtype=np.uint8)  # 8 zero bytes: a word can be read at any position
    splitting = _splitting_bytes()[raw[: size + 1]]  # raw[size] is a padding zero: every token ends before it
    edges = np.flatnonzero(splitting[1:] != splitting[:-1])
    edges += 1
    if size and not splitting[0]:
        edges = np.concatenate(([0], edges))
    starts, ends = edges[0::2], edges[1::2]
    # Each text's tokens: those that start between the separators before and after it.
    text_bounds = np.empty(n_texts + 1, dtype=np.intp)
    text_bounds[0], text_bounds[-1] = 0, len(starts)
    separators = np.flatnonzero(raw[:size] == 0)
    text_bounds[1:-1] = np.searchsorted(starts, separators)
    lengths = np.diff(text_bounds)
    token_sizes = ends - starts
    # Whitespace bytes of a text: its bytes less its tokens' bytes.
    text_bytes = np.diff(separators, prepend=-1, append=size) - 1
    token_bytes = np.zeros(len(starts) + 1, dtype=np.int64)
    np.cumsum(token_sizes, out=token_bytes[1:])
    spaces = text_bytes - np.diff(token_bytes[text_bounds])
    words = np.ndarray((size + 1,), dtype="<u8", buffer=raw, strides=(1,))  # words[i]: bytes i .. i + 7
    slots = table.for_keys(len(starts))

    first_word = words[starts] & _low_bytes()[np.minimum(token_sizes, 8)]
    ids = _group_representatives(first_word.view(np.int64), slots)
    ids *= size + 1
    ids += token_sizes  # same first 8 bytes and same length
    ids = _group_representatives(ids, slots)
    longer = np.flatnonzero(token_sizes > 8)
    for offset in range(8, _LONGEST_IN_WORDS, 8):
        if len(longer) == 0:
            break
        word = words[starts[longer] + offset] & _low_bytes()[np.minimum(token_sizes[longer] - offset, 8)]
        same_word = _group_representatives(word.view(np.int64), slots)
        refined = _group_representatives(ids[longer] * len(longer) + same_word, slots)
        ids[longer] = longer[refined]  # the index of a token of the same bytes so far: ids stay distinct
        longer = longer[token_sizes[longer] > offset + 8]
    if len(longer):  # longer than _LONGEST_IN_WORDS bytes (rare): told apart by all their bytes, in Python
        whole = map(joined.__getitem__, map(slice, starts[longer].tolist(), ends[longer].tolist()))
        ids[longer] = longer[_first_positions(whole, len(longer))]
    return ids, lengths, spaces


@lru_cache(maxsize=None)
def _other_whitespace() -> tuple:
    """The characters beyond ASCII that str.split() splits on (none is above U+3000)."""
    return tuple(ch for ch in map(chr, range(0x80, 0x3001)) if ch.isspace())


@lru_cache(maxsize=None)
def _low_bytes():
    """``_low_bytes()[k]``: the mask that keeps the first k bytes of a little-endian 64-bit word."""
    import numpy as np

    masks = np.array([(1 << (8 * k)) - 1 for k in range(9)], dtype=np.uint64)
    masks.setflags(write=False)  # shared by every call
    return masks


@lru_cache(maxsize=None)
def _splitting_bytes():
    """True for the bytes that end a token (:data:`_ASCII_SPLITTING`)."""
    import numpy as np

    table = np.zeros(256, dtype=bool)
    table[list(_ASCII_SPLITTING)] = True
    table.setflags(write=False)  # shared by every call
    return table

