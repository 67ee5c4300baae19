"""TER, translation edit rate (Snover et al. 2006): how many edits turn the candidate into a reference.

Formula (Snover et al. 2006, "A Study of Translation Edit Rate with Targeted
Human Annotation", section 2):

    TER = (insertions + deletions + substitutions + shifts) / average reference length

counted in words. An insertion adds a reference word the candidate lacks, a
deletion removes a candidate word, a substitution replaces one word by
another, and a *shift* moves a contiguous block of candidate words to
another place, at the cost of one edit whatever its length. With several
references the candidate is compared with each; the fewest edits count, and
they are divided by the *average* length of all the references. A corpus
score is the total of the edits over the total of those lengths, not a mean
of sentence scores. Lower is better; 0 is a perfect match and the score can
exceed 1 (a long candidate against a short reference).

The optimal sequence of shifts is too costly to find, so TER searches
greedily, as Snover et al.'s tercom does: compute the word edit distance, try
shifting every block of up to 10 words that also occurs in the reference (at
most 50 positions away) to a place where it would line up, and keep the
shift that lowers the edit distance most; repeat until no shift helps. The
rules that decide which shifts are tried and which one wins on a tie are
tercom's as sacrebleu 2.6 reimplements them, so the numbers agree with
sacrebleu's ``TER`` (which prints 100 times the 0-1 score used here):

* a block is tried only if some of its words are wrong where they are and
  some of the reference words it matches are unmatched, and never onto a
  place inside itself;
* among shifts that lower the distance equally, the longer block wins, then
  the earlier block, then the earlier destination;
* the edit distance is computed inside a band around the diagonal (25 words
  either side, wider when the lengths differ a lot), and after 1000 shifts
  tried for one sentence pair the search stops;
* on a tie between edit operations the alignment prefers a match or
  substitution, then a deletion, then an insertion.

Text is prepared by sacrebleu's tercom tokenizer (Post 2018: the tokenizer is
part of the metric): lowercased unless ``case_sensitive``; with
``normalized``, punctuation split off and XML entities decoded; with
``no_punct``, punctuation removed; ``asian_support`` extends both to CJK
text. A candidate or reference given as a token sequence is used as given
(only lowercased unless ``case_sensitive``). One departure from tercom,
kept for agreement: sacrebleu 2.6 tokenizes each reference string twice,
which with ``normalized=True`` splits references a little more than
candidates (see ``reference_words``); bleu_lab does the same.

WER, the word error rate of speech recognition, is the same count without
shifts, over the words jiwer splits by default (:func:`wer`, case-sensitive as
jiwer is); CER counts characters instead of words (:func:`cer`, as ``jiwer.cer``).

>>> result = ter("mat the on is cat the", ["the cat is on the mat"])
>>> result.score, result.num_edits, result.reference_length
(0.5, 3, 6.0)
>>> wer("mat the on is cat the", ["the cat is on the mat"]).num_edits
4
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from .checks import (
    check_candidate_and_references,
    check_corpus,
    check_count,
    describe,
    is_whole_number,
    keywords_checked,
)
from .settings import TerSettings, built_once
from .style import (
    DELETION_MARK,
    INSERTION_MARK,
    SHIFT_MARK,
    SUBSTITUTION_MARK,
    bullet_list,
    element,
    legend,
    muted,
    paragraph,
    signature_html,
    text,
    token_mark,
)
from .tokenizers import apply_tokenizer

# tercom's limits, as sacrebleu 2.6 sets them (Snover et al. 2006 leave them to the implementation).
MAX_SHIFT_SIZE = 10  # longest block of words moved by one shift
MAX_SHIFT_DISTANCE = 50  # a block and the reference words it matches are at most this far apart
BEAM_WIDTH = 25  # the edit distance is computed this many words either side of the diagonal
MAX_SHIFT_CANDIDATES = 1000  # shifts tried per candidate-reference pair before the search stops

# bleu_lab's own limits, not tercom's: the shift search grows with both lengths, the candidate's most
# (it moves candidate blocks). Measured here, 50-word vocabulary: 300 x 300 words 2.7 s, 1,000 x 100 15 s,
# 300 x 3,000 7.5 s, 500 x 500 12 s, sacrebleu's TER as long; 100 x 3,000 0.8 s, 20 x 2,000 0.3 s. Past these a
# segment gets an error instead of a wait with no end in sight.
MAX_SHIFTED_WORDS = 400  # words of the candidate
MAX_SHIFTED_PRODUCT = 200_000  # candidate words x the reference words of all references
# WER (no shifts) fills one cell per candidate word x reference word, for every reference, in Python:
# about 0.4 us a cell here (1,000 x 1,000 words 0.4 s, 6,000 x 6,000 15 s).
MAX_ALIGNED_CELLS = 2_000_000  # candidate words x the reference words of all references


class SegmentTooLong(ValueError):
    """A segment too long for TER's shift search; ``sentence`` is its index in a corpus (None for one sentence)."""

    def __init__(self, message: str, sentence: int | None = None) -> None:
        super().__init__(message)
        self.sentence = sentence
        self.system: int | None = None  # set by a caller that scores several systems


_OUTSIDE = 10**16  # the cost of a cell outside the band: never on a best path

# Edit operations of an alignment, from the candidate's side.
MATCH, SUBSTITUTION, DELETION, INSERTION = "match", "substitution", "deletion", "insertion"
_UNSET = ""

# Okabe-Ito tints (colour-blind safe, bleu_lab.style); each mark also differs in shape, so colour is never the
# only cue.
_EDIT_STYLES = {
    SUBSTITUTION: SUBSTITUTION_MARK, DELETION: DELETION_MARK, INSERTION: INSERTION_MARK, "shift": SHIFT_MARK,
}


# ---------------------------------------------------------------- tokens


@lru_cache(maxsize=None)
def _tercom_tokenizer(settings: TerSettings):
    """sacrebleu's tercom tokenizer for these settings (a function ``str -> str`` of words separated by
    spaces), case folding left to the caller."""
    from sacrebleu.tokenizers.tokenizer_ter import TercomTokenizer

    return TercomTokenizer(
        normalized=settings.normalized,
        no_punct=settings.no_punct,
        asian_support=settings.asian_support,
        case_sensitive=True,  # _words lowercases first, for strings and token lists alike
    )


def _words(text, settings: TerSettings, *, reference: bool = False) -> tuple[str, ...]:
    """The words of a checked text by the tercom tokenizer, lowercased unless ``case_sensitive``; a token
    list is used as given (only lowercased). A reference string is tokenized twice (see
    :func:`reference_words`)."""
    if not isinstance(text, str):
        return tuple(text) if settings.case_sensitive else tuple(t.lower() for t in text)
    tokenizer = _tercom_tokenizer(settings)
    words = tokenizer((text if settings.case_sensitive else text.lower()).rstrip()).split()
    if reference:  # the second pass, as sacrebleu 2.6 makes it
        text = " ".join(words)
        words = tokenizer((text if settings.case_sensitive else text.lower()).rstrip()).split()
    return tuple(words)


_RUN_OF_SPACES = re.compile(r"\s{2,}")


def jiwer_words(text: str) -> list[str]:
    r"""The words jiwer's default transform gives (``jiwer.wer`` with no transforms): every run of two or
    more whitespace characters becomes one space, the ends are stripped, and the text is cut at spaces.
    A single tab or no-break space between two words is not a space, so it stays inside one word, as in
    jiwer (the tercom tokenizer of TER would split there).

    >>> jiwer_words("  the  cat\tsat ")
    ['the', 'cat\tsat']
    """
    return [word for word in _RUN_OF_SPACES.sub(" ", text).strip().split(" ") if word]


def _units(text, settings: TerSettings, *, reference: bool = False) -> tuple[str, ...]:
    """What TER, WER or CER counts edits of in a checked text (a reference's with ``reference=True``): the
    tercom tokenizer's words (TER, and WER with ``normalized`` or ``no_punct``), jiwer's words (WER), or the
    characters of the stripped text (CER; a token list is joined with spaces)."""
    if settings.level == "char":
        joined = text if isinstance(text, str) else " ".join(text)
        return tuple((joined if settings.case_sensitive else joined.lower()).strip())
    if settings.shifts or settings.normalized or settings.no_punct:  # TerSettings.tokenizer is "tercom"
        return _words(text, settings, reference=reference)
    return apply_tokenizer(text, jiwer_words, not settings.case_sensitive)


def reference_words(text, settings: TerSettings) -> tuple[str, ...]:
    """A reference's words. sacrebleu 2.6 runs the tercom tokenizer over each reference string twice
    (when it caches the references and again when it splits them); with ``normalized=True`` the
    second pass splits more ("Martin's ," becomes "martin 's ,"). It is done twice here too, so the
    scores agree with sacrebleu's; for the other settings the second pass changes nothing."""
    return _words(text, settings, reference=True)


def counted(count, word: str) -> str:
    """A count and its word, singular for one: ``counted(1, "shift")`` is "1 shift", ``counted(2, ...)`` "2 shifts"."""
    # Whole counts as integers: "{:g}" would print 1234567 as 1.23457e+06.
    shown = f"{int(count)}" if float(count).is_integer() else f"{count:g}"
    return f"{shown} {word}{'' if count == 1 else 's'}"


# ---------------------------------------------------------------- word edit distance in a band


class _BandedDistance:
    """Word edit distance from any candidate of ``length`` words to one reference.

    A table of costs: cell (i, j) is the fewest insertions, deletions and
    substitutions turning the first i candidate words into the first j
    reference words. Row i is only filled around the "diagonal"
    j = floor(i * len(reference) / length), ``BEAM_WIDTH`` cells either side
    (the last row in full); cells outside stay at ``_OUTSIDE``. Every
    candidate tried during the shift search has the same length, so the band
    is worked out once. ``banded=False`` fills every cell (plain Levenshtein).
    """

    def __init__(self, reference: tuple[str, ...], length: int, *, banded: bool = True) -> None:
        self.reference = reference
        size = len(reference)
        self.first_row = list(range(size + 1))
        ratio = size / length if length else 1.0
        width = math.ceil(ratio / 2 + BEAM_WIDTH) if ratio / 2 > BEAM_WIDTH else BEAM_WIDTH
        self.bands = []
        for i in range(1, length + 1):
            centre = math.floor(i * ratio)
            low, high = max(0, centre - width), min(size + 1, centre + width)
            if i == length or not banded:
                high = size + 1
            self.bands.append((0 if not banded else low, high))

    def cost_rows(self, words, start: int = 0, rows: list | None = None) -> list:
        """Rows 0..len(words) of costs (costs only, no operations); ``rows[:start + 1]`` (for the same first
        ``start`` words) are reused. A cell is the cheapest of a match or substitution (diagonal, cost 0 or
        1), a deletion (from above) and an insertion (from the left)."""
        reference = self.reference
        table = list(rows[: start + 1]) if rows else [self.first_row]
        for i in range(len(table), len(words) + 1):
            previous, word = table[i - 1], words[i - 1]
            costs = [_OUTSIDE] * len(previous)
            low, high = self.bands[i - 1]
            if low == 0:
                costs[0] = previous[0] + 1
                low = 1
            for j in range(low, high):
                best = min(previous[j - 1] + (word != reference[j - 1]), previous[j] + 1, costs[j - 1] + 1)
                if best < _OUTSIDE:
                    costs[j] = best
            table.append(costs)
        return table

    def alignment(self, words) -> tuple[int, list]:
        """The distance and one best alignment: a list of operations, candidate and reference in step.

        The table holds each cell's best last operation. On a tie the cell takes a match or
        substitution first, then a deletion (a candidate word dropped), then an insertion (a
        reference word added): tercom's preference, as sacrebleu applies it.
        """
        reference = self.reference
        costs = self.first_row
        operations = [[INSERTION] * len(costs)]
        for i, word in enumerate(words, 1):
            row = [_OUTSIDE] * len(costs)
            ops = [_UNSET] * len(costs)
            low, high = self.bands[i - 1]
            if low == 0:
                row[0], ops[0] = costs[0] + 1, DELETION
                low = 1
            for j in range(low, high):
                same = word == reference[j - 1]
                best, op = costs[j - 1] + (not same), MATCH if same else SUBSTITUTION
                if costs[j] + 1 < best:
                    best, op = costs[j] + 1, DELETION
                if row[j - 1] + 1 < best:
                    best, op = row[j - 1] + 1, INSERTION
                if best < _OUTSIDE:
                    row[j], ops[j] = best, op
            costs = row
            operations.append(ops)
        return costs[-1], _trace_back(operations, len(words), len(reference))


def _trace_back(operations: list, i: int, j: int) -> list:
    """The operations from cell (0, 0) to cell (i, j) of the table: one best alignment, in order."""
    path = []
    while i > 0 or j > 0:
        op = operations[i][j]
        path.append(op)
        if op in (MATCH, SUBSTITUTION):
            i, j = i - 1, j - 1
        elif op == DELETION:
            i -= 1
        elif op == INSERTION:
            j -= 1
        else:  # pragma: no cover - the band always holds a path from corner to corner
            raise RuntimeError("TER alignment left the band of the edit-distance table")
    path.reverse()
    return path


def _move(words: tuple, start: int, length: int, target: int) -> tuple[tuple, int]:
    """Move ``words[start:start + length]`` so that it begins before ``words[target]`` of the original.

    Returns the moved words and where the block now begins. A target at or
    just after the block's own place is, as in sacrebleu's reimplementation
    of tercom, counted in the words left once the block is taken out.
    """
    block = words[start : start + length]
    rest = words[:start] + words[start + length :]
    position = target - length if target > start + length else min(target, len(rest))
    return rest[:position] + block + rest[position:], position


@dataclass(frozen=True)
class TerShift:
    """One shift: ``words`` moved from position ``start`` so they begin at ``end`` (0-based, in words)."""

    words: tuple[str, ...]
    start: int
    end: int
    before: tuple[str, ...]
    after: tuple[str, ...]

    def __str__(self) -> str:
        return f"shift {' '.join(self.words)!r} from word {self.start + 1} to word {self.end + 1}"


def _best_shift(words: tuple, distance: _BandedDistance, tried: int):
    """tercom's greedy step: the shift that lowers the edit distance most, and the number of shifts tried.

    Returns (gain, shifted words, TerShift or None, tried).
    """
    rows = distance.cost_rows(words)
    before = rows[-1][-1]
    _, path = distance.alignment(words)
    candidate_wrong, reference_wrong, lined_up = _unmatched(path)
    best_key = None
    best: tuple = (0, words, None)
    n = len(words)
    for start, ref_start, length in _shift_blocks(words, distance.reference, candidate_wrong, reference_wrong,
                                                  lined_up):
        for target in _shift_targets(ref_start, length, lined_up):
            shifted, end = _move(words, start, length, target)
            same = min(start, target)
            while same < n and shifted[same] == words[same]:
                same += 1
            after = distance.cost_rows(shifted, min(same, n), rows)[-1][-1]
            tried += 1
            key = (before - after, length, -start, -target)
            if best_key is None or key > best_key:
                best_key = key
                move = TerShift(words[start : start + length], start, end, words, shifted)
                best = (before - after, shifted, move)
        if tried >= MAX_SHIFT_CANDIDATES:
            return (*best, tried)
    return (*best, tried)


def _unmatched(path: list) -> tuple[list, list, list]:
    """Which candidate and reference words an alignment leaves unmatched, and where each reference word lines up.

    ``lined_up[r]`` is the index of the last candidate word at or before reference word r (-1: none).
    """
    candidate_wrong: list = []
    reference_wrong: list = []
    lined_up: list = []
    h = -1
    for op in path:
        if op != INSERTION:
            h += 1
            candidate_wrong.append(op != MATCH)
        if op != DELETION:
            lined_up.append(h)
            reference_wrong.append(op != MATCH)
    return candidate_wrong, reference_wrong, lined_up


def _shift_blocks(words: tuple, reference: tuple, candidate_wrong: list, reference_wrong: list, lined_up: list):
    """(start, ref_start, length) of each block worth moving: candidate words equal to reference words
    ``ref_start...`` within MAX_SHIFT_DISTANCE, at most MAX_SHIFT_SIZE long, not all matched already."""
    n, size = len(words), len(reference)
    for start in range(n):
        for ref_start in range(max(0, start - MAX_SHIFT_DISTANCE), min(size, start + MAX_SHIFT_DISTANCE + 1)):
            run = 0
            while (
                run < MAX_SHIFT_SIZE and start + run < n and ref_start + run < size
                and words[start + run] == reference[ref_start + run]
            ):
                run += 1
            for length in range(1, run + 1):
                if not any(candidate_wrong[start : start + length]):
                    continue  # the block is already right where it is
                if not any(reference_wrong[ref_start : ref_start + length]):
                    continue  # the reference words it would match are matched already
                if start <= lined_up[ref_start] < start + length:
                    continue  # it would land inside itself
                yield start, ref_start, length


def _shift_targets(ref_start: int, length: int, lined_up: list):
    """The distinct places a block matching reference words ``ref_start...`` can move to, in tercom's order."""
    previous_target = None
    for offset in range(-1, length):
        target = 0 if ref_start + offset < 0 else lined_up[ref_start + offset] + 1
        if target == previous_target:
            continue
        previous_target = target
        yield target


def _search(candidate: tuple, reference: tuple, shifts: bool) -> tuple[int, tuple, list, tuple]:
    """Edits from one candidate to one reference: (number of edits, shifts made, alignment, shifted words)."""
    distance = _BandedDistance(reference, len(candidate), banded=shifts)
    words, moves, tried = candidate, [], 0
    while shifts:
        gain, shifted, move, tried = _best_shift(words, distance, tried)
        if tried >= MAX_SHIFT_CANDIDATES or gain <= 0:
            break  # tercom stops at the limit even when the best shift it found would help
        moves.append(move)
        words = shifted
    cost, path = distance.alignment(words)
    return cost + len(moves), tuple(moves), path, words


# ---------------------------------------------------------------- results


@dataclass(frozen=True)
class TerEdit:
    """One step of the alignment after the shifts: ``operation`` is "match", "substitution",
    "deletion" (``candidate`` word removed) or "insertion" (``reference`` word added)."""

    operation: str
    candidate: str | None
    reference: str | None


@dataclass(frozen=True)
class TerAlignment:
    """How one candidate was edited into its closest reference (the one needing the fewest edits).

    ``candidate`` and ``reference`` are the words compared (after the tercom
    tokenizer); ``shifts`` the block moves, in order; ``edits`` the word by
    word alignment of the shifted candidate with the reference.
    ``reference_length`` is the average length of *all* the references of
    the sentence, the denominator of TER.
    """

    candidate: tuple[str, ...]
    reference: tuple[str, ...]
    reference_index: int
    shifts: tuple[TerShift, ...]
    edits: tuple[TerEdit, ...]
    reference_length: float

    def _count(self, operation: str) -> int:
        return sum(edit.operation == operation for edit in self.edits)

    @property
    def shifted(self) -> tuple[str, ...]:
        """The candidate's words after all the shifts."""
        return self.shifts[-1].after if self.shifts else self.candidate

    @property
    def num_shifts(self) -> int:
        """How many shifts were made (each costs one edit, whatever its length)."""
        return len(self.shifts)

    @property
    def substitutions(self) -> int:
        """Candidate words replaced by a reference word."""
        return self._count(SUBSTITUTION)

    @property
    def deletions(self) -> int:
        """Candidate words removed."""
        return self._count(DELETION)

    @property
    def insertions(self) -> int:
        """Reference words added."""
        return self._count(INSERTION)

    @property
    def num_edits(self) -> int:
        """shifts + substitutions + deletions + insertions."""
        return len(self.shifts) + sum([edit.operation != MATCH for edit in self.edits])

    def moved(self) -> list[bool]:
        """For each word of ``shifted``: was it part of a shifted block?"""
        flags = [False] * len(self.candidate)
        for shift in self.shifts:
            length = len(shift.words)
            rest = flags[: shift.start] + flags[shift.start + length :]
            flags = rest[: shift.end] + [True] * length + rest[shift.end :]
        return flags

    def count_line(self) -> str:
        """``2 shifts + 0 substitutions + 1 deletion + 0 insertions = 3 edits``."""
        return (
            f"{counted(self.num_shifts, 'shift')} + {counted(self.substitutions, 'substitution')} + "
            f"{counted(self.deletions, 'deletion')} + {counted(self.insertions, 'insertion')} = "
            f"{counted(self.num_edits, 'edit')}"
        )


def ter_from_sums(sums):
    """TER of many rows ``edits, reference length`` at once (Snover et al. 2006): edits / length;
    with an empty reference, 1 if anything had to be deleted, else 0 (as sacrebleu).

    A row is a sentence, a corpus (its sentences' sums) or a bootstrap sample.

    >>> ter_from_sums([[2, 4], [0, 0], [3, 0]]).tolist()
    [0.5, 0.0, 1.0]
    """
    import numpy as np

    sums = np.atleast_2d(np.asarray(sums, dtype=np.float64))
    edits, lengths = sums[:, 0], sums[:, 1]
    return np.where(lengths > 0, edits / np.where(lengths > 0, lengths, 1.0), np.where(edits > 0, 1.0, 0.0))


def wer_from_sums(sums):
    """WER (or CER) of many rows ``edits, reference length`` at once: edits / length; with no reference
    word at all, the number of edits (every one an insertion of a candidate word), as jiwer has it.

    >>> wer_from_sums([[2, 4], [0, 0], [3, 0]]).tolist()
    [0.5, 0.0, 3.0]
    """
    import numpy as np

    sums = np.atleast_2d(np.asarray(sums, dtype=np.float64))
    edits, lengths = sums[:, 0], sums[:, 1]
    return np.where(lengths > 0, edits / np.where(lengths > 0, lengths, 1.0), edits)


def _ter_value(edits: float, reference_length: float, shifts: bool = True) -> float:
    """TER = edits / reference words (Snover et al. 2006); with no reference word, 1.0 if anything had to
    be deleted, else 0.0 (as sacrebleu). WER (``shifts=False``): the number of edits there (as jiwer).
    :func:`ter_from_sums` and :func:`wer_from_sums` compute the same for many rows at once.

    >>> _ter_value(2, 4.0), _ter_value(3, 0.0), _ter_value(3, 0.0, shifts=False)
    (0.5, 1.0, 3.0)
    """
    if reference_length > 0:
        return edits / reference_length
    return float(edits > 0) if shifts else float(edits)


@dataclass(frozen=True)
class TerResult:
    """A TER (or WER) score on the 0-1 scale with the edits it counts.

    score = num_edits / reference_length, both summed over the sentences.
    ``score`` equals sacrebleu's ``TER(...).sentence_score / corpus_score``
    divided by 100. ``alignments[i]`` shows how sentence i was edited.
    """

    score: float
    num_edits: int
    reference_length: float
    alignments: tuple[TerAlignment, ...]
    settings: TerSettings
    n_references: int | str

    def to_dict(self) -> dict:
        """The numbers and settings as a plain dict (JSON-serialisable; a row of a pandas DataFrame), 0-1 scale."""
        from .style import plain_record

        record = plain_record(self, ("name", "score", "num_edits", "reference_length", "num_shifts", "substitutions",
                                     "deletions", "insertions", "sentences", "signature"))
        record.update(case_sensitive=self.settings.case_sensitive, normalized=self.settings.normalized,
                      no_punct=self.settings.no_punct, asian_support=self.settings.asian_support)
        return record

    @property
    def name(self) -> str:
        """"TER", or "WER" when shifts are not allowed, or "CER" for characters."""
        if self.settings.level == "char":
            return "CER"
        return "TER" if self.settings.shifts else "WER"

    @property
    def sentences(self) -> int:
        """How many sentences were scored."""
        return len(self.alignments)

    @property
    def signature(self) -> str:
        """Every setting that can change the score, in sacrebleu's TER format, plus bleu_lab's version."""
        return self.settings.signature(self.n_references)

    @property
    def alignment(self) -> TerAlignment | None:
        """For one sentence, how it was edited into its closest reference; None for a corpus."""
        return self.alignments[0] if self.sentences == 1 else None

    @property
    def reference_index(self) -> int | None:
        """For one sentence, which reference needed the fewest edits (first on a tie); None for a corpus."""
        return self.alignments[0].reference_index if self.sentences == 1 else None

    @property
    def num_shifts(self) -> int:
        """Shifts, summed over the sentences."""
        return sum(a.num_shifts for a in self.alignments)

    @property
    def substitutions(self) -> int:
        """Substitutions, summed over the sentences."""
        return sum(a.substitutions for a in self.alignments)

    @property
    def deletions(self) -> int:
        """Deletions (candidate words removed), summed over the sentences."""
        return sum(a.deletions for a in self.alignments)

    @property
    def insertions(self) -> int:
        """Insertions (reference words added), summed over the sentences."""
        return sum(a.insertions for a in self.alignments)

    def _formula(self) -> str:
        return (
            f"{self.name} = edits / reference words = {self.num_edits} / {self.reference_length:g} = {self.score:.4f}"
            + (f" (sacrebleu prints {100 * self.score:.2f})" if self.settings.shifts else "")
        )

    def __str__(self) -> str:
        return (
            f"{self.name} = {self.score:.4f} ({counted(self.num_edits, 'edit')} / {self.reference_length:g} "
            f"reference words) "
            f"{self.signature}"
        )

    def __repr__(self) -> str:
        return f"<TerResult {self}>"

    def explain(self, max_sentences: int = 3) -> str:
        """The shifts, then the word-by-word edits against the closest reference, and the count.

        For a corpus: the totals, then the edits of the first ``max_sentences`` sentences.
        """
        if not is_whole_number(max_sentences):
            raise TypeError(f"max_sentences must be a whole number such as 3, not {describe(max_sentences)}. "
                            f"Right: result.explain(3)")
        max_sentences = check_count(max_sentences, "max_sentences")
        lines = [self._formula()]
        if self.sentences == 1:
            lines += _explain_alignment(self.alignments[0], self.n_references, self.settings.shifts)
        else:
            lines.append(
                f"over {self.sentences} sentences: {counted(self.num_shifts, 'shift')} + "
                f"{counted(self.substitutions, 'substitution')} + {counted(self.deletions, 'deletion')} + "
                f"{counted(self.insertions, 'insertion')} = {counted(self.num_edits, 'edit')}"
            )
            for index, alignment in enumerate(self.alignments[:max_sentences]):
                lines.append("")
                lines.append(
                    f"-- sentence {index + 1}: {counted(alignment.num_edits, 'edit')} / "
                    f"{alignment.reference_length:g} words "
                    f"= {_ter_value(alignment.num_edits, alignment.reference_length, self.settings.shifts):.4f}"
                )
                lines += ["  " + line for line in _explain_alignment(alignment, None, self.settings.shifts)]
            if self.sentences > max_sentences:
                more = counted(self.sentences - max_sentences, "more sentence")
                lines.append(f"... {more} (result.alignments[i] holds each)")
        lines.append(self.signature)
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        parts = [
            f"<div class='bleu-lab-result'><b>{self.name} = {self.score:.4f}</b> "
            + muted(f"(0-1 scale, lower is better; {counted(self.num_edits, 'edit')} / "
                    f"{self.reference_length:g} reference words)")
        ]
        for index, alignment in enumerate(self.alignments[:3]):
            if self.sentences > 1:
                parts.append(paragraph(f"sentence {index + 1}", margin="6px 0 0 0"))
            parts.append(_alignment_html(alignment))
        if self.sentences > 3:
            parts.append(f"<p>... {self.sentences - 3} more sentences</p>")
        key = legend([("shifted", _EDIT_STYLES["shift"]), ("substituted", _EDIT_STYLES[SUBSTITUTION]),
                      ("deleted", _EDIT_STYLES[DELETION]), ("inserted", _EDIT_STYLES[INSERTION])])
        parts.append(f"{paragraph(key, margin='4px 0')}{signature_html(self.signature)}</div>")
        return "".join(parts)


def _explain_alignment(alignment: TerAlignment, n_references, shifts: bool = True) -> list[str]:
    which = (
        f" (reference {alignment.reference_index + 1} of {n_references}: the fewest edits)"
        if isinstance(n_references, int) and n_references > 1 else ""
    )
    lines = [
        f"candidate:         {' '.join(alignment.candidate)}",
        f"closest reference: {' '.join(alignment.reference)}{which}",
    ]
    for number, shift in enumerate(alignment.shifts, 1):
        lines.append(f"shift {number}: {' '.join(shift.words)!r} from word {shift.start + 1} to word "
                     f"{shift.end + 1} -> {' '.join(shift.after)}")
    if not alignment.shifts:
        lines.append("no shift lowers the edit distance" if shifts else "no shifts (WER)")
    width = max([len("candidate")] + [len(e.candidate or "") for e in alignment.edits])
    lines.append(f"  {'candidate':<{width}}  {'reference':<{width}}  edit")
    for edit in alignment.edits:
        label = "" if edit.operation == MATCH else edit.operation
        lines.append(f"  {edit.candidate or '-':<{width}}  {edit.reference or '-':<{width}}  {label}".rstrip())
    lines.append(f"edits: {alignment.count_line()}")
    several = isinstance(n_references, int) and n_references > 1
    lines.append(
        f"reference length: {alignment.reference_length:g} words"
        + (f" (the average of the {n_references} references)" if several else "")
    )
    return lines


def _alignment_html(alignment: TerAlignment) -> str:
    moved = alignment.moved()
    cells = []
    position = 0
    for edit in alignment.edits:
        style, title = "", ""
        word = edit.reference if edit.operation == INSERTION else edit.candidate
        if edit.operation == INSERTION:
            style, title = _EDIT_STYLES[INSERTION], "inserted from the reference"
        else:
            if edit.operation == SUBSTITUTION:
                style, title = _EDIT_STYLES[SUBSTITUTION], f"substituted: the reference has {edit.reference!r}"
                word = f"{edit.candidate}\u2192{edit.reference}"
            elif edit.operation == DELETION:
                style, title = _EDIT_STYLES[DELETION], "deleted"
            if moved[position]:
                style = (style + ";" if style else "") + _EDIT_STYLES["shift"]
                title = (title + "; " if title else "") + "shifted here"
            position += 1
        cells.append(token_mark(word or "", style, title) if style else text(word or ""))
    return (
        paragraph(f"candidate: {text(' '.join(alignment.candidate))}<br>"
                  f"reference: {text(' '.join(alignment.reference))}")
        + (bullet_list(map(str, alignment.shifts), numbered=True, css="margin:2px 0") if alignment.shifts else "")
        + element("p", " ".join(cells), css="margin:2px 0;line-height:1.8")
        + paragraph(text(alignment.count_line()))
    )


# ---------------------------------------------------------------- public API


def _check_length(candidate: tuple, references: list, settings: TerSettings, sentence: int | None = None) -> None:
    """Refuse a segment the shift search (TER) or the edit-distance table (WER) would take many seconds
    over: the limits above."""
    what = "the candidate" if sentence is None else f"candidates[{sentence}]"
    # Every reference gets its own table (WER) or shift search (TER), so their words add up (10 references
    # of 500 words against 399 took 58 s, one of them 5 s).
    reference_words = sum(map(len, references))
    if not settings.shifts:
        cells = len(candidate) * reference_words
        if cells > MAX_ALIGNED_CELLS:
            raise SegmentTooLong(
                f"{what} has {len(candidate):,} words against {reference_words:,} reference words: "
                f"{cells:,} cells of WER's edit-distance table, past bleu_lab's limit of {MAX_ALIGNED_CELLS:,} "
                f"(about a second; 6,000 x 6,000 words take 15 s). WER is counted segment by segment: split the "
                f"text into its sentences or utterances and use corpus_wer",
                sentence,
            )
        return
    if len(candidate) <= MAX_SHIFTED_WORDS and len(candidate) * reference_words <= MAX_SHIFTED_PRODUCT:
        return
    if len(candidate) > MAX_SHIFTED_WORDS:
        against = ""
    elif len(references) == 1:
        against = f" against a reference of {reference_words:,}"
    else:
        against = f" against {len(references)} references of {reference_words:,} words in all"
    raise SegmentTooLong(
        f"{what} has {len(candidate):,} words{against}: too long for TER's shift search, which takes many seconds "
        f"there (sacrebleu's too), so bleu_lab stops at {MAX_SHIFTED_WORDS} candidate words and at "
        f"{MAX_SHIFTED_PRODUCT:,} candidate words x the words of all references. TER is meant for sentences: "
        f"split the text into its sentences and use corpus_ter, or use wer(...), which has no shifts",
        sentence,
    )


def _sentence(candidate: tuple, references: list, settings: TerSettings) -> TerAlignment:
    """The alignment of one tokenized candidate with its closest reference (fewest edits, first on a tie)."""
    best: tuple = ()
    for index, reference in enumerate(references):
        edits, moves, path, shifted = _search(candidate, reference, settings.shifts)
        if not best or edits < best[0]:
            best = (edits, index, moves, path, shifted)
    _, index, moves, path, shifted = best
    aligned, h, r = [], 0, 0
    for op in path:
        word = shifted[h] if op != INSERTION else None
        ref_word = references[index][r] if op != DELETION else None
        aligned.append(TerEdit(op, word, ref_word))
        h += op != INSERTION
        r += op != DELETION
    length = sum(map(len, references)) / len(references)
    return TerAlignment(candidate, references[index], index, moves, tuple(aligned), length)


def _result(alignments: list, settings: TerSettings, n_references) -> TerResult:
    edits = sum([a.num_edits for a in alignments])
    length = sum([a.reference_length for a in alignments])
    return TerResult(_ter_value(edits, length, settings.shifts), edits, length, tuple(alignments), settings,
                     n_references)


# TER's settings, checked once per set of keyword values (see bleu_lab.settings.built_once).
_TER_SETTINGS = built_once(TerSettings)


def _sentence_result(candidate, references, keywords: dict, function: str) -> TerResult:
    """TER, WER or CER of one candidate: ``keywords`` are the :class:`TerSettings` of ``function``."""
    try:
        settings = _TER_SETTINGS(**keywords)
    except TypeError:  # a value that cannot be a cache key (a list): TerSettings names the mistake
        settings = TerSettings(**keywords)
    call = f'{function}("the cat sat on the mat", ["the cat is on the mat", "a cat sat on the mat"])'
    candidate, references = check_candidate_and_references(candidate, references, function=function, call=call)
    words = _units(candidate, settings)
    reference_tokens = [_units(r, settings, reference=True) for r in references]
    _check_length(words, reference_tokens, settings)
    return _result([_sentence(words, reference_tokens, settings)], settings, len(references))


def _corpus_result(candidates, references, keywords: dict, function: str) -> TerResult:
    """Corpus TER, WER or CER: ``keywords`` are the :class:`TerSettings` of ``function``."""
    try:
        settings = _TER_SETTINGS(**keywords)
    except TypeError:  # a value that cannot be a cache key (a list): TerSettings names the mistake
        settings = TerSettings(**keywords)
    candidates, references = check_corpus(candidates, references, function=function)
    alignments = []
    for i, (c, refs) in enumerate(zip(candidates, references)):
        words, reference_tokens = _units(c, settings), [_units(r, settings, reference=True) for r in refs]
        _check_length(words, reference_tokens, settings, sentence=i)
        alignments.append(_sentence(words, reference_tokens, settings))
    counts = {len(refs) for refs in references}
    return _result(alignments, settings, counts.pop() if len(counts) == 1 else "var")


@keywords_checked
def ter(candidate, references, *, normalized=False, no_punct=False, asian_support=False,
        case_sensitive=False) -> TerResult:
    """Sentence TER (Snover et al. 2006): edits / average reference length, on the 0-1 scale.

    Same keywords and defaults as sacrebleu's ``TER``; the score is
    sacrebleu's ``sentence_score`` divided by 100. Lower is better. See the
    module docstring for the formula and the shift search.

    >>> result = ter("the cat sat on the mat", ["the cat is on the mat"])
    >>> result.num_edits, result.alignment.substitutions
    (1, 1)
    """
    keywords = dict(normalized=normalized, no_punct=no_punct, asian_support=asian_support,
                    case_sensitive=case_sensitive)
    return _sentence_result(candidate, references, keywords, "ter")


@keywords_checked
def corpus_ter(candidates, references, *, normalized=False, no_punct=False, asian_support=False,
               case_sensitive=False) -> TerResult:
    """Corpus TER: the sentences' edits summed, over their average reference lengths summed.

    ``references[i]`` is the list of references of ``candidates[i]``. Equals
    sacrebleu's ``TER(...).corpus_score`` divided by 100 (sacrebleu takes
    reference streams; see ``references_from_streams``).

    >>> corpus_ter(["the cat", "a dog ran"], [["the cat"], ["the dog ran"]]).score
    0.2
    """
    keywords = dict(normalized=normalized, no_punct=no_punct, asian_support=asian_support,
                    case_sensitive=case_sensitive)
    return _corpus_result(candidates, references, keywords, "corpus_ter")


@keywords_checked
def wer(candidate, references, *, normalized=False, no_punct=False, asian_support=False,
        case_sensitive=True) -> TerResult:
    """Word error rate: (substitutions + deletions + insertions) / reference words, TER without shifts.

    The exact word-level Levenshtein distance (no band, no search), with the fewest edits over the
    references, over their average length. The defaults are ``jiwer.wer``'s: case-sensitive, over
    the words jiwer splits (:func:`jiwer_words`), so ``wer(h, [r]).score == jiwer.wer(r, h)`` (jiwer
    takes the reference first). ``case_sensitive=False`` lowercases; ``normalized`` / ``no_punct``
    (and ``asian_support``) prepare the text with TER's tercom tokenizer instead. Reordering costs a
    deletion and an insertion per word moved, where TER pays one shift per block.

    >>> wer("the cat sat on the mat", ["the cat is on the mat"]).score == 1 / 6
    True
    >>> wer("The cat", ["the cat"]).num_edits, wer("The cat", ["the cat"], case_sensitive=False).num_edits
    (1, 0)
    """
    keywords = dict(normalized=normalized, no_punct=no_punct, asian_support=asian_support,
                    case_sensitive=case_sensitive, shifts=False)
    return _sentence_result(candidate, references, keywords, "wer")


@keywords_checked
def corpus_wer(candidates, references, *, normalized=False, no_punct=False, asian_support=False,
               case_sensitive=True) -> TerResult:
    """Corpus WER: edits summed over the sentences over the summed reference lengths, as ``jiwer.wer``
    computes it for lists of sentences (its defaults are these)."""
    keywords = dict(normalized=normalized, no_punct=no_punct, asian_support=asian_support,
                    case_sensitive=case_sensitive, shifts=False)
    return _corpus_result(candidates, references, keywords, "corpus_wer")


@keywords_checked
def cer(candidate, references, *, case_sensitive=True) -> TerResult:
    """Character error rate: the character-level Levenshtein distance over the reference's characters,
    as ``jiwer.cer`` computes it (the text stripped at both ends; spaces are characters too).

    >>> cer("the cat", ["the hat"]).score == 1 / 7
    True
    """
    keywords = dict(case_sensitive=case_sensitive, shifts=False, level="char")
    return _sentence_result(candidate, references, keywords, "cer")


@keywords_checked
def corpus_cer(candidates, references, *, case_sensitive=True) -> TerResult:
    """Corpus CER: character edits summed over the sentences over the summed reference characters
    (``jiwer.cer`` of lists of sentences)."""
    keywords = dict(case_sensitive=case_sensitive, shifts=False, level="char")
    return _corpus_result(candidates, references, keywords, "corpus_cer")


__all__ = [
    "TerAlignment",
    "TerEdit",
    "TerResult",
    "TerShift",
    "cer",
    "corpus_cer",
    "corpus_ter",
    "corpus_wer",
    "jiwer_words",
    "ter",
    "wer",
]
