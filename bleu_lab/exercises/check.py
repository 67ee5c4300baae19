"""Checks for the lab exercises: run a student's function, explain the first failure.

Each check takes the student's function, runs it on a battery of cases (the
examples of Papineni et al. 2002 and Lin 2004, then the edge cases: an empty
candidate, a candidate shorter than n, repeated words, several references,
references tied in length) and compares every answer with bleu_lab's own
implementation. It returns a :class:`CheckResult`: ``.passed``, ``.message``,
a readable ``str`` and a green or red box in a notebook.

On the first failing case the message shows the inputs (as code the student
can paste), the expected and the actual value, and a hint. The hint names the
usual mistake when the student's answer is exactly what a deliberately wrong
implementation gives (clipping by the sum over references, an inverted
brevity-penalty condition, ...), so the student learns *what* went wrong,
not only that something did.

The student's function never crashes a check: an exception, a wrong return
type or a changed argument is feedback too. Arguments are deep copies, so a
function that sorts or pops its inputs cannot spoil the next case.

>>> from collections import Counter
>>> from bleu_lab.exercises import check
>>> def my_ngrams(tokens, n):
...     return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))
>>> result = check.ngrams(my_ngrams)
>>> print(result)
✓ check.ngrams: your my_ngrams passes all 8 cases.
>>> result.passed
True
"""

from __future__ import annotations

import contextlib
import copy
import html
import inspect
import io
import math
import os
import re
import sys
import textwrap
import traceback
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from ..inputs import _is_real_number

__all__ = [
    "CHECK_NAMES",
    "CheckResult",
    "HINTS",
    "brevity_penalty",
    "corpus_bleu",
    "modified_precision",
    "ngrams",
    "rouge_1",
    "sentence_bleu",
]

# Floats agree when they differ by less than this (relative) or 1e-12 (absolute).
REL_TOL = 1e-9
ABS_TOL = 1e-12
_WIDTH = 92  # wrap hints to this many characters

# ---------------------------------------------------------------- hints

HINTS = {
    # n-grams
    "ngrams-missing-last": (
        "You miss the last n-gram. A sentence of L tokens has L - n + 1 n-grams: the start "
        "positions are range(len(tokens) - n + 1)."
    ),
    "ngrams-extra-short": (
        "Your result has n-grams shorter than n at the end of the sentence (tokens[i:i + n] is "
        "shorter near the end). Stop at the last full n-gram: range(len(tokens) - n + 1)."
    ),
    "ngrams-set": (
        "Repeated n-grams must be counted every time they occur: count them with a Counter, "
        "not a set."
    ),
    "ngrams-ignores-n": "Your result does not depend on n: build tuples of exactly n tokens.",
    # modified precision
    "mp-reference-total": (
        "You divide by the number of n-grams in a reference. The denominator of the modified "
        "precision is the number of n-grams in the CANDIDATE: max(0, len(candidate) - n + 1) "
        "(Papineni et al. 2002, section 2.1)."
    ),
    "mp-no-clip": (
        "You do not clip. A candidate n-gram counts at most as often as it occurs in a single "
        "reference: Count_clip = min(Count, Max_Ref_Count) (Papineni et al. 2002, section 2.1; "
        "the candidate 'the the the the the the the' scores 2/7, not 7/7)."
    ),
    "mp-clip-sum": (
        "You clip by the SUM of an n-gram's counts over the references. Clip by the MAXIMUM "
        "count in any single reference: Max_Ref_Count = max over references of the count."
    ),
    "mp-first-reference": (
        "You only look at the first reference. Every reference counts: clip each n-gram by its "
        "largest count in any of the references."
    ),
    "mp-distinct-total": (
        "The denominator counts every n-gram of the candidate, repeats included, not only the "
        "distinct ones: max(0, len(candidate) - n + 1)."
    ),
    "mp-distinct-matches": (
        "Repeated n-grams count every time they occur (up to their clip): sum min(count, "
        "Max_Ref_Count) over the candidate's n-grams, not the number of distinct matches."
    ),
    "mp-negative-total": (
        "A candidate with fewer than n tokens has no n-grams at all: total = max(0, len(candidate) "
        "- n + 1) is 0, never negative."
    ),
    # brevity penalty
    "bp-inverted": (
        "Your brevity-penalty condition is inverted. BP = 1 when the candidate is LONGER than the "
        "reference (c > r); BP = exp(1 - r/c) when it is shorter or equal (c <= r) "
        "(Papineni et al. 2002, section 2.2.2)."
    ),
    "bp-flipped-ratio": (
        "The exponent is 1 - r/c: the reference length divided by the candidate length, not c/r."
    ),
    "bp-tie-longer": (
        "Two references are equally close to c and you took the longer one. On a tie take the "
        "SHORTER reference length, as mteval-v13a, sacrebleu and nltk do: "
        "min(lengths, key=lambda r: (abs(r - c), r))."
    ),
    "bp-shortest": (
        "r is the reference length CLOSEST to the candidate length c (the 'best match length'), "
        "not the shortest reference."
    ),
    "bp-longest": "r is the reference length CLOSEST to the candidate length c, not the longest reference.",
    "bp-first": (
        "r is the reference length closest to the candidate length c among ALL references, not "
        "the length of the first reference."
    ),
    "bp-mean": "r is the reference length closest to the candidate length c, not the average reference length.",
    # sentence and corpus BLEU
    "bleu-zero-precision": (
        "One n-gram precision is 0, so the geometric mean (p1 p2 p3 p4)^(1/4) is 0 and BLEU is 0 "
        "(there is no smoothing here). Do not skip the zero precisions, and do not take log(0) "
        "(math.log raises ValueError): return 0.0 as soon as a precision is 0."
    ),
    "bleu-arithmetic-mean": (
        "BLEU combines the precisions with a GEOMETRIC mean, exp(sum_n w_n log p_n) = "
        "(p1 p2 p3 p4)^(1/4), not the arithmetic mean (p1 + p2 + p3 + p4) / 4."
    ),
    "bleu-empty-order": (
        "When the candidate has fewer than n tokens it has no n-grams of order n: p_n = 0/0. "
        "Count that precision as 0 (so BLEU is 0 without smoothing) instead of dividing by a zero total."
    ),
    "bleu-no-bp": "You left out the brevity penalty: BLEU = BP * exp(sum_n w_n log p_n).",
    "bleu-scale-100": (
        "Your score is 100 times the expected one. Return the 0-1 score of the formula "
        "(sacrebleu prints 100 times it)."
    ),
    "corpus-average": (
        "You average sentence BLEU scores. Corpus BLEU adds up the clipped matches and the n-gram "
        "totals of every order, and c and r, over all sentences, then applies the formula once to "
        "the sums (Papineni et al. 2002, sections 2.1.1 and 2.2.2)."
    ),
    "corpus-concatenate": (
        "You joined the sentences into one long sentence, so some n-grams cross sentence "
        "boundaries. Count each sentence against its own references, then add the counts."
    ),
    "corpus-sentence-bp": (
        "The brevity penalty of a corpus is computed once, from the corpus totals: c = sum of the "
        "candidate lengths, r = sum of the closest reference lengths; not per sentence."
    ),
    # ROUGE-1
    "rouge-swapped": (
        "Precision and recall are swapped. Precision = overlap / number of CANDIDATE unigrams, "
        "recall = overlap / number of REFERENCE unigrams (Lin 2004, section 2). Check the order of "
        "your parameters too: rouge_1(candidate, reference)."
    ),
    "rouge-no-clip": (
        "The overlap must be clipped: a word counts at most as often as it occurs in the reference, "
        "overlap = sum over words w of min(count_candidate(w), count_reference(w))."
    ),
    "rouge-set": "Repeated words count: use word counts (a Counter), not sets of words.",
    "rouge-zero-division": (
        "Guard every division: when the candidate or the reference is empty, P or R is 0 (not 0/0), "
        "and F = 0 when P + R = 0."
    ),
    "bp-empty-candidate": (
        "An empty candidate has c = 0, where r/c is undefined: return 0.0 for it (BLEU is 0 anyway), "
        "as sacrebleu and nltk do."
    ),
    "rouge-arithmetic-f": "F is the harmonic mean 2PR / (P + R), not the arithmetic mean (P + R) / 2.",
    # any function
    "swapped-arguments": (
        "Your function gives the expected answer when its arguments are swapped: check the order "
        "of your parameters. The check calls {call}."
    ),
}

# ---------------------------------------------------------------- result


class CheckResult:
    """What a check found: ``passed``, a ``message``, and which ``mistake`` it recognised.

    ``str()`` and ``repr()`` give the message; in a notebook it shows as a
    green (passed) or red (failed) box. ``bool(result)`` is ``result.passed``.
    """

    def __init__(self, name: str, passed: bool, message: str, *, mistake: str | None = None,
                 case: str | None = None, status: str = "ok", detail: str = ""):
        self.name = name
        self.passed = bool(passed)
        self.message = message
        self.mistake = mistake  # a key of HINTS, or None
        self.case = case  # label of the first failing case
        # "ok", "failed", "not-implemented", "exception", "bad-return", "mutated", "not-callable"
        self.status = status
        self.detail = detail  # "expected 0.5, got 1.0" or "raised ZeroDivisionError: ...", for one-line summaries

    @property
    def hint(self) -> str | None:
        """The hint paragraph of the message, if there is one."""
        marker = "Hint: "
        if marker not in self.message:
            return None
        return " ".join(line.strip() for line in self.message.split(marker, 1)[1].splitlines())

    @property
    def summary(self) -> str:
        """The message on one line: the verdict and the hint (for a CSV of grades)."""
        parts = [self.message.splitlines()[0] if self.message else ""]
        if self.detail:
            parts.append(f"({self.detail})")
        if self.hint:
            parts.append(f"Hint: {self.hint}")
        return " ".join(parts)

    def __bool__(self) -> bool:
        return self.passed

    def __str__(self) -> str:
        return self.message

    __repr__ = __str__

    def _repr_html_(self) -> str:
        color, background = ("#1b5e20", "#e8f5e9") if self.passed else ("#b71c1c", "#ffebee")
        return (
            f'<div style="border:1px solid {color};border-left:6px solid {color};background:{background};'
            f'color:#1a1a1a;padding:6px 10px;margin:4px 0;border-radius:4px">'
            f'<pre style="margin:0;white-space:pre;overflow-x:auto;background:transparent;color:inherit;font-size:13px">'
            f"{html.escape(self.message)}</pre></div>"
        )


# ---------------------------------------------------------------- cases


@dataclass(frozen=True)
class Case:
    """One input for the student's function; ``note`` explains the edge it tests."""

    label: str
    args: tuple
    note: str = ""
    on_error: str | None = None  # the HINTS key to give when the student's function raises here


def _t(text: str) -> list:
    return text.split()


# Papineni et al. (2002), section 2.1, example 1 (lowercased, punctuation removed).
PAPER_CANDIDATE_1 = _t("it is a guide to action which ensures that the military always obeys the commands of the party")
PAPER_CANDIDATE_2 = _t("it is to insure the troops forever hearing the activity guidebook that party direct")
PAPER_REFERENCES = [
    _t("it is a guide to action that ensures that the military will forever heed party commands"),
    _t("it is the guiding principle which guarantees the military forces always being under the command of the party"),
    _t("it is the practical guide for the army always to heed the directions of the party"),
]
# Papineni et al. (2002), section 2.1, example 2.
PAPER_THE = _t("the the the the the the the")
CAT_REFERENCES = [_t("the cat is on the mat"), _t("there is a cat on the mat")]

_NOTE_SHORT = "The candidate has fewer than n tokens, so it has no n-grams at all."
_NOTE_EMPTY = "The candidate is empty: it has no n-grams and length c = 0."


def _ngram_cases():
    return (
        Case("unigrams of a short sentence", (_t("the cat sat on the mat"), 1)),
        Case("bigrams of a short sentence", (_t("the cat sat on the mat"), 2)),
        Case("a repeated bigram", (_t("the cat the cat"), 2), "('the', 'cat') occurs twice, so its count is 2."),
        Case("n equal to the sentence length", (_t("a b c"), 3), "Exactly one n-gram: the whole sentence."),
        Case("a sentence shorter than n", (_t("the cat"), 3), _NOTE_SHORT + " Return an empty Counter."),
        Case("an empty sentence", ([], 1), "No tokens, no n-grams: return an empty Counter."),
        Case("4-grams of candidate 1 of Papineni et al. (2002)", (PAPER_CANDIDATE_1, 4)),
        Case("one token", (_t("cat"), 1)),
    )


def _precision_cases():
    return (
        Case("Papineni et al. (2002), section 2.1: candidate 1, unigrams (17/18 in the paper)",
             (PAPER_CANDIDATE_1, PAPER_REFERENCES, 1)),
        Case("Papineni et al. (2002), section 2.1: candidate 2, unigrams (8/14 in the paper)",
             (PAPER_CANDIDATE_2, PAPER_REFERENCES, 1)),
        Case("Papineni et al. (2002), section 2.1: seven times 'the' (2/7 in the paper)",
             (PAPER_THE, CAT_REFERENCES, 1),
             "'the' occurs 7 times in the candidate but at most twice in one reference."),
        Case("Papineni et al. (2002), section 2.1: candidate 1, bigrams (10/17 in the paper)",
             (PAPER_CANDIDATE_1, PAPER_REFERENCES, 2)),
        Case("repeated words against several references",
             (_t("the cat and the dog and the cat"), [_t("the dog"), _t("the cat and the cat")], 1),
             "Each word is clipped by its largest count in any one reference."),
        Case("a repeated bigram against several references",
             (_t("the cat the cat the cat"), [_t("the cat sat"), _t("the cat and the cat")], 2)),
        Case("a candidate shorter than n", (_t("the cat"), [_t("the cat sat down")], 4), _NOTE_SHORT + " Both numbers are 0."),
        Case("an empty candidate", ([], [_t("the cat sat")], 1), _NOTE_EMPTY + " Both numbers are 0."),
    )


def _brevity_cases():
    return (
        Case("Papineni et al. (2002): the short candidate 'of the' against the three references",
             (_t("of the"), PAPER_REFERENCES)),
        Case("Papineni et al. (2002): candidate 1 has the length of reference 2",
             (PAPER_CANDIDATE_1, PAPER_REFERENCES)),
        Case("a candidate longer than its reference", (_t("the cat is on the mat today"), [_t("the cat is on the mat")]),
             "c = 7 > r = 6: a longer candidate is not penalized."),
        Case("a candidate shorter than its reference", (_t("the cat"), [_t("the cat is on the mat")]),
             "c = 2, r = 6: BP = exp(1 - 6/2)."),
        Case("several references: the closest length is neither the shortest nor the longest",
             (_t("the cat sat on mats"),
              [_t("a black cat was sitting on the mat today"), _t("the cat sat on the mat"), _t("cat sat")]),
             "c = 5; the reference lengths are 9, 6 and 2, so r = 6."),
        Case("several references: the closest is not the first",
             (_t("cat on the mat"), [_t("cat sat"), _t("a black cat sat on the mat today"), _t("the cat sat on mat")]),
             "c = 4; the reference lengths are 2, 8 and 5, so r = 5."),
        Case("two references equally close to c (a tie), the longer one listed first",
             (_t("the cat sat on mats"), [_t("the cat sat on the mat"), _t("the cat sat there")]),
             "c = 5; the references have 6 and 4 tokens, both 1 away from c."),
        Case("two references equally close to c (a tie), the shorter one listed first",
             (_t("cat on mat"), [_t("cat mat"), _t("a cat on mat")]),
             "c = 3; the references have 2 and 4 tokens, both 1 away from c."),
        Case("an empty candidate", ([], [_t("the cat sat")]),
             _NOTE_EMPTY + " r/c is undefined there: return 0.0 (BLEU is 0 anyway).", "bp-empty-candidate"),
    )


_NOTE_ZERO = "Some n-gram precision of this candidate is 0."


def _sentence_cases():
    return (
        Case("a one-word substitution", (_t("a cat is on the mat"), [_t("the cat is on the mat")])),
        Case("Papineni et al. (2002), section 2.1: candidate 1 against the three references",
             (PAPER_CANDIDATE_1, PAPER_REFERENCES)),
        Case("repeated words against several references", (_t("the the the cat is on the mat"), CAT_REFERENCES),
             "'the' must be clipped by its largest count in one reference."),
        Case("a short candidate (brevity penalty)", (_t("the cat is on"), [_t("the cat is on the mat")]),
             "c = 4 < r = 6: BP = exp(1 - 6/4)."),
        Case("a candidate longer than its reference", (_t("the cat is on the mat today"), [_t("the cat is on the mat")])),
        Case("several references of different lengths",
             (_t("the cat sat on the mat"), [_t("the cat sat on the red mat"), _t("a black cat sat on the mat all day"),
                                             _t("the cat sat")]),
             "c = 6; the reference lengths are 7, 9 and 3, so r = 7."),
        Case("several references: the closest is not the first",
             (_t("the cat is on the mat"), [_t("the cat"), _t("the cat is on the big red mat"),
                                            _t("the cat is on the red mat")]),
             "c = 6; the reference lengths are 2, 8 and 7, so r = 7."),
        Case("two references equally close to c (a tie)",
             (_t("the cat is on mat"), [_t("the cat is on the mat"), _t("the cat is on")])),
        Case("Papineni et al. (2002), section 2.1: candidate 2, no matching 3-gram",
             (PAPER_CANDIDATE_2, PAPER_REFERENCES), _NOTE_ZERO, "bleu-zero-precision"),
        Case("a candidate shorter than 4 tokens", (_t("the cat"), [_t("the cat sat")]),
             "The candidate has no 3-grams or 4-grams: p3 = p4 = 0/0.", "bleu-empty-order"),
        Case("an empty candidate", ([], [_t("the cat sat")]), _NOTE_EMPTY + " Its BLEU is 0.", "bp-empty-candidate"),
    )


def _corpus_cases():
    return (
        Case("Papineni et al. (2002), section 2.1: both candidates as a corpus",
             ([PAPER_CANDIDATE_1, PAPER_CANDIDATE_2], [PAPER_REFERENCES, PAPER_REFERENCES])),
        Case("a corpus of one sentence (equals its sentence BLEU)",
             ([_t("a cat is on the mat")], [[_t("the cat is on the mat")]])),
        Case("one long and one short sentence",
             ([_t("the cat is on the mat today"), _t("the dog is in the")],
              [[_t("the cat is on the mat")], [_t("the dog is in the garden now"), _t("a dog sits in the garden")]]),
             "c and r are summed over the corpus before the brevity penalty is applied."),
        Case("three sentences with several references",
             ([_t("the the the cat is on the mat"), _t("there is a dog in the garden"), _t("a bird is singing in the tree")],
              [CAT_REFERENCES, [_t("a dog is in the garden"), _t("there is a dog in a garden")],
               [_t("a bird sings in the tree"), _t("in the tree a bird is singing")]])),
        Case("a tie in reference length inside a corpus",
             ([_t("the cat is on the mat"), _t("the dog is")],
              [[_t("the cat is on the mat")], [_t("the dog is in"), _t("the dog")]]),
             "The second candidate has 3 tokens and references of 4 and 2 tokens: on a tie, r is the shorter, 2."),
        Case("a sentence with no 4-gram match inside a corpus that has some",
             ([_t("the cat is on the mat"), _t("the dog sat in a garden")],
              [[_t("the cat is on the mat")], [_t("a dog sat in the garden")]]),
             "The second sentence alone has BLEU 0, but the corpus sums have no zero precision."),
        Case("n-grams must not cross sentence boundaries",
             ([_t("the cat is"), _t("on the mat")], [[_t("the cat")], [_t("is on the mat")]]),
             "No sentence has 4 tokens, so the corpus has no 4-grams: p4 = 0/0 and BLEU = 0.", "bleu-empty-order"),
        Case("a corpus with an empty candidate",
             ([_t("the cat is on the mat"), []], [[_t("the cat is on the mat")], [_t("a dog")]]),
             "The empty candidate adds 0 to c and to every total, and its closest reference length to r."),
        Case("a corpus with no 4-gram match at all",
             ([PAPER_CANDIDATE_2, _t("the cat sat")], [PAPER_REFERENCES, [_t("the cat sat down")]]),
             "Summed over the corpus, p4 is still 0, so corpus BLEU is 0.", "bleu-zero-precision"),
    )


def _rouge_cases():
    return (
        Case("Lin (2004): 'police kill the gunman' against 'police killed the gunman'",
             (_t("police kill the gunman"), _t("police killed the gunman"))),
        Case("a candidate longer than the reference", (_t("the cat was found under the bed"), _t("the cat was under the bed"))),
        Case("a candidate shorter than the reference", (_t("the cat sat"), _t("the cat sat on the mat"))),
        Case("repeated words", (_t("the the the the"), _t("the cat sat on the mat")),
             "'the' occurs 4 times in the candidate and twice in the reference: it overlaps twice."),
        Case("Lin (2004): word order does not matter for ROUGE-1",
             (_t("the gunman kill police"), _t("police killed the gunman"))),
        Case("no word in common", (_t("a dog barked"), _t("the cat sat")),
             "P = R = 0, so P + R = 0: F is defined as 0 there.", "rouge-zero-division"),
        Case("an empty candidate", ([], _t("the cat sat")),
             "The candidate has no words: P = R = F = 0.", "rouge-zero-division"),
        Case("an empty reference", (_t("the cat sat"), []),
             "The reference has no words: P = R = F = 0.", "rouge-zero-division"),
    )


# ---------------------------------------------------------------- the correct answers (bleu_lab)


def _expected_ngrams(tokens, n):
    from ..counting import ngrams

    return _plain_counts(ngrams(tokens, n))


def _expected_precision(candidate, references, n):
    from ..bleu import modified_precision

    result = modified_precision(candidate, references, n, tokenize="none")
    return (result.matches, result.total)


def _expected_brevity(candidate, references):
    from ..bleu import brevity_penalty

    return brevity_penalty(candidate, references, tokenize="none").value


def _expected_sentence(candidate, references):
    from ..bleu import sentence_bleu

    return sentence_bleu(candidate, references, tokenize="none").score


def _expected_corpus(candidates, references):
    from ..bleu import corpus_bleu

    return corpus_bleu(candidates, references, tokenize="none").score


def _expected_rouge(candidate, reference):
    from ..rouge import rouge_n  # token lists are used as given: no lowercasing, no splitting

    result = rouge_n(candidate, [reference], n=1)
    return (result.precision, result.recall, result.fmeasure)


# ---------------------------------------------------------------- deliberately wrong variants
# Small, independent implementations of the usual mistakes. When the student's
# answer equals one of them (and differs from the right answer), the check
# names that mistake.


def _grams(tokens, n):
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))


def _plain_counts(counts):
    return {gram: count for gram, count in counts.items() if count}


def _clip_counts(references, n, clip):
    counts = [_grams(r, n) for r in references]
    if clip == "first":
        return counts[0]
    merged = Counter()
    for c in counts:
        for gram, k in c.items():
            merged[gram] = merged[gram] + k if clip == "sum" else max(merged[gram], k)
    return merged


def _matches(candidate, references, n, clip="max", distinct=False):
    cand = _grams(candidate, n)
    ref = _clip_counts(references, n, "max" if clip == "none" else clip)
    if distinct:
        return sum(1 for g in cand if ref[g] > 0)
    if clip == "none":
        return sum(k for g, k in cand.items() if ref[g] > 0)
    return sum(min(k, ref[g]) for g, k in cand.items())


def _closest(c, lengths, rule="closest"):
    if rule == "closest":
        return min(lengths, key=lambda r: (abs(r - c), r))
    if rule == "tie-longer":
        return min(lengths, key=lambda r: (abs(r - c), -r))
    if rule == "shortest":
        return min(lengths)
    if rule == "longest":
        return max(lengths)
    if rule == "first":
        return lengths[0]
    if rule == "mean":
        return sum(lengths) / len(lengths)
    raise AssertionError(rule)


def _bp(c, r, rule="right"):
    if rule == "none":
        return 1.0
    if rule == "inverted":
        return 1.0 if c < r else (math.exp(1 - r / c) if c else 0.0)
    if rule == "flipped":
        return 1.0 if c > r else (math.exp(1 - c / r) if r else 0.0)
    return 1.0 if c > r else (math.exp(1 - r / c) if c else 0.0)


@dataclass(frozen=True)
class _Way:
    """One way of computing BLEU: the right one, or one usual mistake."""

    clip: str = "max"  # max, sum, none, first
    total: str = "candidate"  # candidate, reference, distinct
    length: str = "closest"  # closest, tie-longer, shortest, longest, first, mean
    bp: str = "right"  # right, inverted, flipped, none
    mean: str = "geometric"  # geometric, skip-zero, skip-zero-4, arithmetic
    scale: float = 1.0


_RIGHT = _Way()


def _way_stats(candidate, references, way):
    c = len(candidate)
    r = _closest(c, [len(x) for x in references], way.length)
    matches, totals = [], []
    for n in range(1, 5):
        matches.append(_matches(candidate, references, n, way.clip))
        if way.total == "reference":
            totals.append(max(0, len(references[0]) - n + 1))
        elif way.total == "distinct":
            totals.append(len(_grams(candidate, n)))
        else:
            totals.append(max(0, c - n + 1))
    return c, r, matches, totals


def _way_score(c, r, matches, totals, way):
    precisions = [m / t if t else 0.0 for m, t in zip(matches, totals)]
    if way.mean == "arithmetic":
        mean = sum(precisions) / 4
    elif way.mean in ("skip-zero", "skip-zero-4"):
        logs = [math.log(p) for p in precisions if p > 0]
        if not logs:
            mean = 0.0
        else:
            mean = math.exp(sum(logs) / (len(logs) if way.mean == "skip-zero" else 4))
    else:
        mean = 0.0 if min(precisions) <= 0 else math.exp(sum(math.log(p) for p in precisions) / 4)
    return way.scale * _bp(c, r, way.bp) * mean


def _way_sentence(way):
    def score(candidate, references):
        return _way_score(*_way_stats(candidate, references, way), way)

    return score


def _way_corpus(way):
    def score(candidates, references):
        c = r = 0
        matches, totals = [0] * 4, [0] * 4
        for cand, refs in zip(candidates, references):
            c1, r1, m1, t1 = _way_stats(cand, refs, way)
            c, r = c + c1, r + r1
            matches = [a + b for a, b in zip(matches, m1)]
            totals = [a + b for a, b in zip(totals, t1)]
        return _way_score(c, r, matches, totals, way)

    return score


_PIECE_WAYS = (
    ("mp-no-clip", _Way(clip="none")),
    ("mp-clip-sum", _Way(clip="sum")),
    ("mp-first-reference", _Way(clip="first")),
    ("mp-reference-total", _Way(total="reference")),
    ("mp-distinct-total", _Way(total="distinct")),
    ("bp-inverted", _Way(bp="inverted")),
    ("bp-flipped-ratio", _Way(bp="flipped")),
    ("bp-tie-longer", _Way(length="tie-longer")),
    ("bp-shortest", _Way(length="shortest")),
    ("bp-longest", _Way(length="longest")),
    ("bp-first", _Way(length="first")),
    ("bp-mean", _Way(length="mean")),
    ("bleu-zero-precision", _Way(mean="skip-zero")),
    ("bleu-zero-precision", _Way(mean="skip-zero-4")),
    ("bleu-arithmetic-mean", _Way(mean="arithmetic")),
    ("bleu-no-bp", _Way(bp="none")),
    ("bleu-scale-100", _Way(scale=100.0)),
)


def _ngram_mistakes():
    def missing_last(tokens, n):
        return _plain_counts(_grams(tokens[:-1], n)) if tokens else {}

    def extra_short(tokens, n):
        return _plain_counts(Counter(tuple(tokens[i:i + n]) for i in range(len(tokens))))

    def as_set(tokens, n):
        return {g: 1 for g in _grams(tokens, n)}

    return (
        ("ngrams-missing-last", missing_last),
        ("ngrams-extra-short", extra_short),
        ("ngrams-set", as_set),
        ("ngrams-ignores-n", lambda tokens, n: _plain_counts(_grams(tokens, 1))),
        ("ngrams-ignores-n", lambda tokens, n: _plain_counts(_grams(tokens, 2))),
    )


def _precision_mistakes():
    def total(candidate, n):
        return max(0, len(candidate) - n + 1)

    def reference_total(which):
        def wrong(candidate, references, n):
            lengths = [len(r) for r in references]
            if which == "first":
                length = lengths[0]
            elif which == "closest":
                length = _closest(len(candidate), lengths)
            elif which == "longest":
                length = max(lengths)
            else:
                length = sum(max(0, x - n + 1) for x in lengths) + n - 1
            return (_matches(candidate, references, n), max(0, length - n + 1))

        return wrong

    return (
        ("mp-no-clip", lambda c, refs, n: (_matches(c, refs, n, "none"), total(c, n))),
        ("mp-clip-sum", lambda c, refs, n: (_matches(c, refs, n, "sum"), total(c, n))),
        ("mp-first-reference", lambda c, refs, n: (_matches(c, refs, n, "first"), total(c, n))),
        ("mp-reference-total", reference_total("first")),
        ("mp-reference-total", reference_total("closest")),
        ("mp-reference-total", reference_total("longest")),
        ("mp-reference-total", reference_total("sum")),
        ("mp-distinct-total", lambda c, refs, n: (_matches(c, refs, n), len(_grams(c, n)))),
        ("mp-distinct-matches", lambda c, refs, n: (_matches(c, refs, n, distinct=True), total(c, n))),
        ("mp-negative-total", lambda c, refs, n: (_matches(c, refs, n), len(c) - n + 1)),
    )


def _brevity_mistakes():
    def way(length="closest", bp="right"):
        def wrong(candidate, references):
            c = len(candidate)
            return _bp(c, _closest(c, [len(r) for r in references], length), bp)

        return wrong

    return (
        ("bp-inverted", way(bp="inverted")),
        ("bp-flipped-ratio", way(bp="flipped")),
        ("bp-tie-longer", way(length="tie-longer")),
        ("bp-shortest", way(length="shortest")),
        ("bp-longest", way(length="longest")),
        ("bp-first", way(length="first")),
        ("bp-mean", way(length="mean")),
    )


def _sentence_mistakes():
    return tuple((key, _way_sentence(way)) for key, way in _PIECE_WAYS)


def _corpus_mistakes():
    def average(candidates, references):
        scores = [_way_sentence(_RIGHT)(c, r) for c, r in zip(candidates, references)]
        return sum(scores) / len(scores)

    def concatenate(candidates, references):
        joined = [token for cand in candidates for token in cand]
        joined_refs = [[token for refs in references for token in refs[0]]]
        return _way_sentence(_RIGHT)(joined, joined_refs)

    def sentence_bp(candidates, references):
        matches, totals, penalties = [0] * 4, [0] * 4, []
        for cand, refs in zip(candidates, references):
            c1, r1, m1, t1 = _way_stats(cand, refs, _RIGHT)
            penalties.append(_bp(c1, r1))
            matches = [a + b for a, b in zip(matches, m1)]
            totals = [a + b for a, b in zip(totals, t1)]
        return sum(penalties) / len(penalties) * _way_score(1, 0, matches, totals, _RIGHT)

    return (
        ("corpus-average", average),
        ("corpus-concatenate", concatenate),
        ("corpus-sentence-bp", sentence_bp),
        *((key, _way_corpus(way)) for key, way in _PIECE_WAYS),
    )


def _rouge_mistakes():
    def scores(overlap, cand_total, ref_total, f="harmonic"):
        p = overlap / cand_total if cand_total else 0.0
        r = overlap / ref_total if ref_total else 0.0
        if f == "arithmetic":
            return (p, r, (p + r) / 2)
        return (p, r, 2 * p * r / (p + r) if p + r else 0.0)

    def overlap(candidate, reference, clip=True):
        cand, ref = Counter(candidate), Counter(reference)
        if clip:
            return sum(min(k, ref[w]) for w, k in cand.items())
        return sum(k for w, k in cand.items() if ref[w])

    def swapped(candidate, reference):
        p, r, f = scores(overlap(candidate, reference), len(candidate), len(reference))
        return (r, p, f)

    return (
        ("rouge-swapped", swapped),
        ("rouge-no-clip", lambda c, ref: scores(overlap(c, ref, clip=False), len(c), len(ref))),
        ("rouge-set", lambda c, ref: scores(len(set(c) & set(ref)), len(set(c)), len(set(ref)))),
        ("rouge-set", lambda c, ref: scores(len(set(c) & set(ref)), len(c), len(ref))),
        ("rouge-arithmetic-f", lambda c, ref: scores(overlap(c, ref), len(c), len(ref), "arithmetic")),
    )


# ---------------------------------------------------------------- reading the student's answer


class _BadReturn(Exception):
    """The student's function returned something of the wrong kind; the text says what to return."""


def _describe(value) -> str:
    if value is None:
        return "None"
    shown = _short_repr(value, 60)
    return f"{shown} (a {type(value).__name__})"


def _missing_return(value):
    if value is None:
        raise _BadReturn("Your function returned None: did you forget the return statement?")


def _read_counts(value):
    _missing_return(value)
    if not isinstance(value, Mapping):
        raise _BadReturn(
            f"Return a Counter that maps each n-gram (a tuple of tokens) to its count, e.g. "
            f"Counter({{('the', 'cat'): 2}}); you returned {_describe(value)}. "
            f"Counter(list_of_ngrams) turns a list of n-gram tuples into one."
        )
    counts = {}
    for key, count in value.items():
        if isinstance(key, str):
            raise _BadReturn(
                f"The keys must be tuples of tokens such as ('the', 'cat'), not strings such as {key!r}: "
                f"use tuple(tokens[i:i + n]) rather than ' '.join(...)."
            )
        if not isinstance(key, tuple):
            raise _BadReturn(f"The keys must be tuples of tokens such as ('the', 'cat'); one key is {_describe(key)}.")
        if not _is_real_number(count) or count != int(count):
            raise _BadReturn(f"The values must be counts (whole numbers); the count of {key!r} is {_describe(count)}.")
        if count:
            counts[key] = int(count)
    return counts


def _read_pair(value):
    _missing_return(value)
    if _is_real_number(value):
        raise _BadReturn(
            f"Return the pair (matches, total), not one number ({_short_repr(value, 40)}): corpus BLEU "
            f"adds the matches and the totals of many sentences, which a ratio does not allow."
        )
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise _BadReturn(f"Return a pair of whole numbers (matches, total); you returned {_describe(value)}.")
    pair = []
    for name, item in zip(("matches", "total"), value):
        if not _is_real_number(item) or not math.isfinite(item) or item != int(item):
            raise _BadReturn(f"{name} must be a whole number (a count); yours is {_describe(item)}.")
        pair.append(int(item))
    return tuple(pair)


def _read_float(value):
    _missing_return(value)
    if hasattr(value, "score") and not _is_real_number(value):
        raise _BadReturn(f"Return the score as a number (a float), not {_describe(value)}.")
    if not _is_real_number(value):
        raise _BadReturn(f"Return a number (a float); you returned {_describe(value)}.")
    value = float(value)
    if math.isnan(value):
        raise _BadReturn("Your function returned nan: somewhere 0/0 or log(0) * 0 was computed; handle that case first.")
    return value


def _read_triple(value):
    _missing_return(value)
    if not isinstance(value, (tuple, list)) or len(value) != 3:
        raise _BadReturn(f"Return three numbers (precision, recall, fmeasure); you returned {_describe(value)}.")
    return tuple(_read_float(item) for item in value)


def _same(a, b) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return _is_real_number(a) and _is_real_number(b) and math.isclose(a, b, rel_tol=REL_TOL, abs_tol=ABS_TOL)
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


# ---------------------------------------------------------------- showing values


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _short_repr(value, limit=300) -> str:
    try:
        text = repr(value)
    except Exception as error:  # a student's object with a broken __repr__
        text = f"<{type(value).__name__} whose repr raised {type(error).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _is_tokens(value) -> bool:
    return isinstance(value, list) and all(isinstance(t, str) for t in value)


def _show_tokens(tokens) -> str:
    if not tokens:
        return "[]"
    if all(t and not any(ch.isspace() for ch in t) and '"' not in t and "\\" not in t for t in tokens):
        return '"' + " ".join(tokens) + '".split()'
    return repr(tokens)


def _show_input(value, indent: int) -> str:
    """Show an input as Python the student can paste: token lists as "...".split()."""
    if _is_tokens(value):
        return _show_tokens(value)
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        items = [_show_input(v, indent + 1) for v in value]
        if len(items) == 1 or sum(len(i) + 2 for i in items) < 90:
            return "[" + ", ".join(items) + "]"
        return "[" + (",\n" + " " * (indent + 1)).join(items) + "]"
    return repr(value)


def _show_float(value: float) -> str:
    text = f"{value:.10g}"
    return text if any(ch in text for ch in ".en") else text + ".0"


def _show_value(value) -> str:
    if isinstance(value, float):
        return _show_float(value)
    if isinstance(value, tuple) and value and all(isinstance(v, float) for v in value):
        return "(" + ", ".join(_show_float(v) for v in value) + ")"
    if isinstance(value, dict):
        return _short_repr(Counter(value), 400)
    return _short_repr(value)


def _count_differences(expected: dict, got: dict) -> list:
    """For n-gram counts: what is missing, extra or miscounted (first few of each)."""
    lines = []
    missing = [g for g in expected if g not in got]
    extra = [g for g in got if g not in expected]
    wrong = [g for g in expected if g in got and got[g] != expected[g]]
    if missing:
        lines.append("missing:  " + ", ".join(map(repr, missing[:4])) + (" ..." if len(missing) > 4 else ""))
    if extra:
        lines.append("extra:    " + ", ".join(map(repr, extra[:4])) + (" ..." if len(extra) > 4 else ""))
    for gram in wrong[:3]:
        lines.append(f"count of {gram!r}: expected {expected[gram]}, got {got[gram]}")
    return lines


# ---------------------------------------------------------------- running a check


@dataclass(frozen=True)
class _Spec:
    name: str
    params: tuple
    cases: tuple
    expected: object
    read: object
    mistakes: tuple
    swap: object  # args -> the same arguments in the order a swapped signature expects
    swap_key: str = "swapped-arguments"


@dataclass
class _Outcome:
    value: object = None
    error: BaseException | None = None
    mutated: tuple = ()  # names of the arguments the function changed


def _call(function, spec, args, quiet=False) -> _Outcome:
    given = copy.deepcopy(args)
    sink = io.StringIO()
    try:
        with contextlib.ExitStack() as stack:
            if quiet:
                stack.enter_context(contextlib.redirect_stdout(sink))
                stack.enter_context(contextlib.redirect_stderr(sink))
            value = function(*given)
    except (Exception, SystemExit) as error:  # the student's bug is feedback, never a crash
        return _Outcome(error=error)
    return _Outcome(value=value, mutated=tuple(
        name for name, before, after in zip(spec.params, args, given) if not _unchanged(before, after)))


def _unchanged(before, after) -> bool:
    try:
        return bool(before == after)
    except Exception:  # the student put something into the argument that cannot be compared
        return False


def _read(spec, outcome):
    """The canonical form of a student's answer, or None if it cannot be read."""
    if outcome.error is not None:
        return None
    try:
        return spec.read(outcome.value)
    except _BadReturn:
        return None
    except Exception:
        return None


def _student_frame(error) -> str:
    """'in f, line 4: return a / b' for the innermost frame of the student's own code."""
    here = os.path.abspath(__file__)
    # Frames inside the interpreter's own libraries are not the student's code.
    prefixes = tuple({os.path.abspath(p) + os.sep for p in (sys.prefix, sys.base_prefix, os.path.dirname(os.__file__))})
    frames = [
        f for f in traceback.extract_tb(error.__traceback__)
        if os.path.abspath(f.filename) != here and not os.path.abspath(f.filename).startswith(prefixes)
    ]
    if not frames:
        return ""
    frame = frames[-1]
    code = (frame.line or "").strip()
    where = f"in {frame.name}, line {frame.lineno}"
    return f"{where}: {code}" if code else where


def _signature_problem(function, spec):
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    try:
        signature.bind(*spec.cases[0].args)
    except TypeError:
        return (
            f"✗ check.{spec.name}: your function {_name(function)}{signature} cannot be called with "
            f"{len(spec.params)} arguments. The check calls {spec.name}({', '.join(spec.params)})."
        )
    return None


def _name(function) -> str:
    return getattr(function, "__name__", None) or type(function).__name__


def _mistake_for(spec, function, index, got, expected, outcomes):
    """The key of the usual mistake that explains the student's answer on case ``index``, if any."""
    args = spec.cases[index].args
    if spec.swap is not None and _works_swapped(spec, function):
        return spec.swap_key
    matching = []
    for key, wrong in spec.mistakes:
        try:
            theirs = wrong(*copy.deepcopy(args))
        except Exception:
            continue
        if got is not None and _same(theirs, got) and not _same(theirs, expected):
            matching.append((key, wrong))
    if matching:
        if len({key for key, _ in matching}) == 1:
            return matching[0][0]
        # Several mistakes give this answer here: take the one that agrees with the most cases.
        return max(matching, key=lambda item: _agreement(spec, item[1], outcomes))[0]
    return None


def _works_swapped(spec, function) -> bool:
    """Whether the function gives every expected answer when called with its arguments swapped."""
    for case in spec.cases:
        answer = _read(spec, _call(function, spec, spec.swap(case.args), quiet=True))
        if answer is None or not _same(answer, spec.expected(*copy.deepcopy(case.args))):
            return False
    return True


def _agreement(spec, wrong, outcomes) -> int:
    agree = 0
    for case, answer in zip(spec.cases, outcomes()):
        try:
            if answer is not None and _same(wrong(*copy.deepcopy(case.args)), answer):
                agree += 1
        except Exception:
            pass
    return agree


def _hint_text(spec, key, case) -> str:
    if key == "swapped-arguments":
        return HINTS[key].format(call=f"{spec.name}({', '.join(spec.params)})")
    if key is not None:
        return HINTS[key]
    return case.note


def _report(spec, index, case, lines, hint, status, key=None) -> CheckResult:
    detail = ", ".join(re.sub(r"^(expected|got|raised):\s+", r"\1 ", line.strip()) for line in lines[:2])
    header = f"✗ check.{spec.name}: case {index + 1} of {len(spec.cases)} fails: {case.label}"
    width = max(len(p) for p in spec.params)
    body = []
    for param, value in zip(spec.params, case.args):
        shown = _show_input(value, 4 + width + 3)
        body.append(f"    {param:<{width}} = {shown}")
    body.append(f"  {spec.name}({', '.join(spec.params)})")
    body.extend("    " + line for line in lines)
    if case.note and hint != case.note and case.note not in (hint or ""):
        body.extend(textwrap.wrap(case.note, width=_WIDTH, initial_indent="  This case: ",
                                  subsequent_indent="              "))
    if hint:
        wrapped = textwrap.wrap(hint, width=_WIDTH, initial_indent="  Hint: ", subsequent_indent="        ")
        body.extend(wrapped)
    return CheckResult(spec.name, False, "\n".join([header, *body]), mistake=key, case=case.label, status=status,
                       detail=detail)


def _run(spec: _Spec, function) -> CheckResult:
    if not callable(function):
        return CheckResult(
            spec.name, False,
            f"✗ check.{spec.name} needs your function itself, e.g. check.{spec.name}({spec.name}) "
            f"(no parentheses after the name); it got {_describe(function)}.",
            status="not-callable",
        )
    problem = _signature_problem(function, spec)
    if problem:
        return CheckResult(spec.name, False, problem, status="exception")

    cache = {}

    def outcomes():
        # The student's answers on every case, computed once and only when needed.
        if "all" not in cache:
            cache["all"] = [_read(spec, _call(function, spec, c.args, quiet=True)) for c in spec.cases]
        return cache["all"]

    for index, case in enumerate(spec.cases):
        expected = spec.expected(*copy.deepcopy(case.args))
        outcome = _call(function, spec, case.args)
        if isinstance(outcome.error, NotImplementedError):
            return CheckResult(
                spec.name, False,
                f"✗ not implemented yet: {_name(function)} raises NotImplementedError. "
                f"Replace the raise line with your code, then run this cell again.",
                case=case.label, status="not-implemented",
            )
        if outcome.error is not None:
            error = outcome.error
            lines = [f"expected: {_show_value(expected)}",
                     f"raised:   {type(error).__name__}: {_shorten(str(error), 200)}".rstrip()]
            where = _student_frame(error)
            if where:
                lines.append(f"          {where}")
            key = _mistake_for(spec, function, index, None, expected, outcomes) or case.on_error
            return _report(spec, index, case, lines, _hint_text(spec, key, case), "exception", key)
        try:
            got = spec.read(outcome.value)
        except _BadReturn as problem:
            lines = [f"expected: {_show_value(expected)}", f"got:      {_describe(outcome.value)}"]
            return _report(spec, index, case, lines, str(problem), "bad-return")
        except Exception as problem:  # a student's object that breaks while being read
            lines = [f"expected: {_show_value(expected)}", f"got:      {_describe(outcome.value)}"]
            return _report(spec, index, case, lines, f"Could not read your answer ({type(problem).__name__}).",
                           "bad-return")
        if not _same(got, expected):
            lines = [f"expected: {_show_value(expected)}", f"got:      {_show_value(got)}"]
            if isinstance(expected, dict) and (len(expected) > 4 or len(got) > 4):
                lines = ["expected: " + _show_value(expected), "got:      " + _show_value(got),
                         *_count_differences(expected, got)]
            key = _mistake_for(spec, function, index, got, expected, outcomes)
            return _report(spec, index, case, lines, _hint_text(spec, key, case), "failed", key)
        if outcome.mutated:
            names = " and ".join(outcome.mutated)
            lines = [f"your function changed its argument {names} (the answer itself was right)"]
            hint = ("Do not modify the arguments: the caller still needs them. Work on a copy, e.g. "
                    "sorted(x) instead of x.sort(), or list(x) before changing it.")
            return _report(spec, index, case, lines, hint, "mutated")
    return CheckResult(
        spec.name, True, f"✓ check.{spec.name}: your {_name(function)} passes all {len(spec.cases)} cases.",
    )


# ---------------------------------------------------------------- the checks


def ngrams(function) -> CheckResult:
    """Check ``function(tokens, n) -> Counter`` of n-gram tuples against :func:`bleu_lab.ngrams`."""
    return _run(_Spec("ngrams", ("tokens", "n"), _ngram_cases(), _expected_ngrams, _read_counts,
                      _ngram_mistakes(), lambda args: (args[1], args[0])), function)


def modified_precision(function) -> CheckResult:
    """Check ``function(candidate, references, n) -> (matches, total)``, the clipped counts of p_n.

    p_n = sum over candidate n-grams of min(Count, Max_Ref_Count) / number of
    candidate n-grams (Papineni et al. 2002, section 2.1).
    """
    return _run(_Spec("modified_precision", ("candidate", "references", "n"), _precision_cases(),
                      _expected_precision, _read_pair, _precision_mistakes(),
                      lambda args: (args[1], args[0], args[2])), function)


def brevity_penalty(function) -> CheckResult:
    """Check ``function(candidate, references) -> float``: BP = 1 if c > r else exp(1 - r/c).

    r is the reference length closest to c, the shorter one on a tie; BP = 0
    when c = 0 (Papineni et al. 2002, section 2.2.2).
    """
    return _run(_Spec("brevity_penalty", ("candidate", "references"), _brevity_cases(), _expected_brevity,
                      _read_float, _brevity_mistakes(), lambda args: (args[1], args[0])), function)


def sentence_bleu(function) -> CheckResult:
    """Check ``function(candidate, references) -> float``: BLEU-4, uniform weights, no smoothing, 0-1 scale.

    BLEU = BP * exp(sum_{n=1..4} 1/4 log p_n) (Papineni et al. 2002, section 2.3).
    """
    return _run(_Spec("sentence_bleu", ("candidate", "references"), _sentence_cases(), _expected_sentence,
                      _read_float, _sentence_mistakes(), lambda args: (args[1], args[0])), function)


def corpus_bleu(function) -> CheckResult:
    """Check ``function(candidates, list_of_references) -> float``: BLEU-4 of summed statistics.

    ``list_of_references[i]`` is the list of references of ``candidates[i]``.
    """
    return _run(_Spec("corpus_bleu", ("candidates", "list_of_references"), _corpus_cases(), _expected_corpus,
                      _read_float, _corpus_mistakes(), lambda args: (args[1], args[0])), function)


def rouge_1(function) -> CheckResult:
    """Check ``function(candidate, reference) -> (precision, recall, fmeasure)`` (Lin 2004, section 2).

    overlap = sum_w min(count_cand(w), count_ref(w)); P = overlap / |candidate|,
    R = overlap / |reference|, F = 2PR / (P + R), and 0 wherever a denominator is 0.
    """
    return _run(_Spec("rouge_1", ("candidate", "reference"), _rouge_cases(), _expected_rouge, _read_triple,
                      _rouge_mistakes(), lambda args: (args[1], args[0]), "rouge-swapped"), function)


CHECK_NAMES = ("ngrams", "modified_precision", "brevity_penalty", "sentence_bleu", "corpus_bleu", "rouge_1")
