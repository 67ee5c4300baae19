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
from dataclasses import dataclass

from .inputs import _kind


def _count(tokens, n: int) -> Counter:
    """n-gram counts of a token sequence, with no argument checks (the fast inner path)."""
    if n == 1:
        return Counter(zip(tokens))
    return Counter(zip(*[tokens[i:] for i in range(n)]))


def ngrams(tokens, n: int) -> Counter:
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
        raise TypeError(f"ngrams takes a list of token strings, got {_kind(tokens)}. Right: ngrams(['the', 'cat'], 1)")
    for position, token in enumerate(tokens):
        if not isinstance(token, str):
            raise TypeError(f"tokens[{position}] is {_kind(token)}; every token must be a string. Right: ngrams(['the', 'cat'], 1)")
    check_order(n, "n")
    return _count(list(tokens), n)


def check_order(n, name: str) -> int:
    """Return ``n`` if it is a positive whole number, else raise a clear error."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"{name} must be a whole number such as 4, not {_kind(n)}")
    if n <= 0:
        raise ValueError(f"{name} must be at least 1 (1 = unigrams), got {n}")
    return n


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
    """For each n-gram, the largest count in any one reference: the clip of each candidate n-gram."""
    merged = _count(references[0], n)
    for reference in references[1:]:
        for gram, count in _count(reference, n).items():
            if count > merged[gram]:
                merged[gram] = count
    return merged


@dataclass(frozen=True)
class SentenceStats:
    """Sufficient statistics of one sentence, or the sum over a corpus.

    ``matches[n-1]`` is the clipped count of matching n-grams and
    ``totals[n-1]`` the number of candidate n-grams, for n = 1..max_order.
    Adding two of them adds every number, which is how a corpus is scored.
    """

    candidate_length: int
    reference_length: int
    matches: tuple
    totals: tuple

    def __add__(self, other: "SentenceStats") -> "SentenceStats":
        if not isinstance(other, SentenceStats):
            return NotImplemented
        if len(self.matches) != len(other.matches):
            raise ValueError("cannot add statistics of different maximum orders")
        return SentenceStats(
            self.candidate_length + other.candidate_length,
            self.reference_length + other.reference_length,
            tuple(a + b for a, b in zip(self.matches, other.matches)),
            tuple(a + b for a, b in zip(self.totals, other.totals)),
        )

    def as_row(self) -> list:
        """The statistics as one flat row: c, r, matches..., totals..."""
        return [self.candidate_length, self.reference_length, *self.matches, *self.totals]


def sentence_statistics(candidate, references, max_order: int) -> SentenceStats:
    """Count one tokenized candidate against its tokenized references.

    Clipping (Papineni et al. 2002, section 2.1): a candidate n-gram counts
    at most as often as it occurs in the single reference where it is most
    frequent, ``min(count, max_ref count)``.
    """
    candidate_length = len(candidate)
    reference_length = closest_reference_length(candidate_length, [len(r) for r in references])
    matches = []
    totals = []
    for n in range(1, max_order + 1):
        total = candidate_length - n + 1
        if total <= 0:
            matches.append(0)
            totals.append(0)
            continue
        candidate_counts = _count(candidate, n)
        reference_counts = _count(references[0], n) if len(references) == 1 else max_reference_counts(references, n)
        matched = 0
        for gram, count in candidate_counts.items():
            clip = reference_counts.get(gram)
            if clip:
                matched += count if count < clip else clip
        matches.append(matched)
        totals.append(total)
    return SentenceStats(candidate_length, reference_length, tuple(matches), tuple(totals))


def sum_statistics(statistics) -> SentenceStats:
    """Add up per-sentence statistics into corpus statistics."""
    iterator = iter(statistics)
    total = next(iterator)
    for stats in iterator:
        total = total + stats
    return total


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
        return self.clipped > 0

    @property
    def was_clipped(self) -> bool:
        return 0 < self.reference_count < self.candidate_count


def ngram_matches(candidate, references, n: int) -> tuple:
    """Every distinct n-gram of the candidate with its clip, in order of first appearance."""
    reference_counts = max_reference_counts(references, n)
    return tuple(
        NgramMatch(gram, count, reference_counts.get(gram, 0), min(count, reference_counts.get(gram, 0)))
        for gram, count in _count(candidate, n).items()
    )


def matched_positions(candidate, references, n: int) -> list:
    """Start positions of the candidate n-gram occurrences that count as matches.

    Of an n-gram that occurs k times and is clipped to m, the first m
    occurrences are the matched ones (a convention for display only; the
    score does not depend on which occurrences are chosen).
    """
    reference_counts = max_reference_counts(references, n)
    used = Counter()
    positions = []
    for start in range(len(candidate) - n + 1):
        gram = tuple(candidate[start : start + n])
        if used[gram] < reference_counts.get(gram, 0):
            used[gram] += 1
            positions.append(start)
    return positions
