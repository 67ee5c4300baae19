"""The usual mistakes of the lab exercises: what each one computes, and the hint that names it.

Each mistake is a small, independent, deliberately wrong implementation. When a student's
wrong answer equals one of them, and that mistake explains the student's answers on the other
cases too (runner._explains), the check gives that mistake's hint, so the student learns *what*
went wrong, not only that something did.
(Which lab functions a later one usually calls, so that a failure caused by a wrong helper,
``ngrams`` inside ``modified_precision``, names the helper, is each check's ``Spec.helpers``.)
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

# ---------------------------------------------------------------- hints

HINTS = {
    # n-grams
    "ngrams-missing-last": (
        "You miss the last n-gram. A sentence of L tokens has L - n + 1 n-grams: the start "
        "positions are range(len(tokens) - n + 1)."
    ),
    "ngrams-missing-first": (
        "You miss the first n-gram: the start positions begin at 0, not 1. A sentence of L tokens has "
        "L - n + 1 n-grams, starting at range(len(tokens) - n + 1)."
    ),
    "ngrams-missing-both": (
        "You miss the first and the last n-gram: the start positions are range(len(tokens) - n + 1), "
        "from 0 up to and including len(tokens) - n."
    ),
    "ngrams-wrong-length": (
        "Your n-grams do not have n tokens: the n-gram starting at position i is tuple(tokens[i:i + n]), "
        "exactly n tokens, for i in range(len(tokens) - n + 1)."
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
    "ngrams-slice-to-n": (
        "The n-gram starting at position i is tokens[i:i + n]: the slice ends at i + n. "
        "tokens[i:n] ends at position n whatever i is, so it gets shorter, then empty."
    ),
    # modified precision
    "mp-reference-total": (
        "You divide by the number of n-grams in the REFERENCE, so your function computes recall "
        "(how much of the reference the candidate covers), not precision. Modified precision divides "
        "the clipped matches by the number of n-grams in the CANDIDATE: max(0, len(candidate) - n + 1) "
        "(Papineni et al. 2002, section 2.1). Notebook 03, 'Find the two bugs', shows a well-known lab "
        "that made this mistake."
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
    "mp-clip-min": (
        "You clip by the MINIMUM of an n-gram's counts over the references, so an n-gram missing from "
        "one reference never matches. Clip by the MAXIMUM count in any single reference: "
        "Max_Ref_Count = max over references of the count."
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
    "mp-total-off-by-one": (
        "Your total is one short: a candidate of L tokens has L - n + 1 n-grams, not L - n. The total "
        "is max(0, len(candidate) - n + 1), or the sum of the counts your ngrams returns."
    ),
    "mp-negative-total": (
        "A candidate with fewer than n tokens has no n-grams at all: total = max(0, len(candidate) "
        "- n + 1) is 0, never negative."
    ),
    # brevity penalty
    "bp-inverted": (
        "Your brevity-penalty condition is inverted. BP = 1 when the candidate is LONGER than the "
        "reference (c > r); BP = exp(1 - r/c) when it is shorter or equal (c <= r) "
        "(Papineni et al. 2002, sections 2.2.2 and 2.3)."
    ),
    "bp-flipped-ratio": (
        "The exponent is 1 - r/c: the reference length divided by the candidate length, not c/r."
    ),
    "bp-exponent-sign": (
        "The exponent is 1 - r/c, not r/c - 1: for a candidate shorter than r it is below 0, so "
        "BP = exp(1 - r/c) is below 1 and the short candidate is penalised, never rewarded."
    ),
    "bp-tie-longer": (
        "Two references are equally close to c and you took the longer one. On a tie take the "
        "SHORTER reference length, as mteval-v13a, sacrebleu and nltk do: "
        "the smallest pair (abs(r - c), r), min((abs(r - c), r) for r in lengths)[1]."
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
    "bp-integer-division": (
        "r // c is integer division: 6 // 4 is 1, not 1.5. Divide with r / c: BP = exp(1 - r/c)."
    ),
    "bp-reference-count": (
        "r is a length in tokens: the length of the reference closest to c, not the number of "
        "references, len(references)."
    ),
    "bp-no-condition": (
        "BP is at most 1: a candidate longer than the reference (c > r) is not penalized, BP = 1.0. "
        "Only when c <= r is BP = exp(1 - r/c)."
    ),
    "bp-scale-100": (
        "Your brevity penalty is 100 times the expected one: BP is a factor between 0 and 1, "
        "not a percentage."
    ),
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
    "bleu-integer-weights": (
        "1 // 4 is integer division and gives 0, so every weight w_n is 0 and exp(sum_n w_n log p_n) "
        "is exp(0) = 1: your BLEU is the brevity penalty alone. Each weight is 1 / 4 = 0.25."
    ),
    "bleu-power-precedence": (
        "x ** 1/4 is (x ** 1) / 4, because ** binds tighter than /: you divide the product of the "
        "precisions by 4. The geometric mean needs the parentheses, (p1 * p2 * p3 * p4) ** (1 / 4), "
        "or exp(sum_n log(p_n) / 4)."
    ),
    "bleu-three-orders": (
        "BLEU-4 uses the precisions of the orders 1 to 4, each with weight 1/4: range(1, 5). "
        "range(1, 4) stops at order 3."
    ),
    "corpus-sentence-zero": (
        "A sentence with no match of some order does not make corpus BLEU 0: add up the matches and "
        "totals of all the sentences first, and return 0.0 only if a SUMMED precision is 0."
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
        "your parameters too: rouge_1(candidate, reference), rouge_l(candidate, reference)."
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
    "rouge-integer-division": (
        "overlap // len(candidate) is integer division: 1 // 2 is 0, not 0.5. Divide with /: "
        "P = overlap / len(candidate), R = overlap / len(reference)."
    ),
    "rouge-arithmetic-f": "F is the harmonic mean 2PR / (P + R), not the arithmetic mean (P + R) / 2.",
    "rouge-scale-100": (
        "Your scores are 100 times the expected ones: P, R and F are shares between 0 and 1. "
        "Return them as computed, not as percentages."
    ),
    # any function
    "rounded": (
        "Your answers are the expected ones rounded to {rounding} (the check allows a relative "
        "difference of 1e-9): don't round. Return the number as computed; round only when you print it."
    ),
    "single-precision": (
        "Your answers are numpy float32 numbers (single precision: about 7 significant digits), so "
        "they differ from the expected ones from about the 8th digit on (the check allows a relative "
        "difference of 1e-9). Compute with Python floats or numpy's default float64, and return "
        "float(x), not np.float32(x)."
    ),
    "truncated": (
        "Your answers are the expected ones cut off after {digits} digits, as int(x * {scale}) / {scale} "
        "does (the check allows a relative difference of 1e-9): don't cut off or round. Return the "
        "number as computed; round only when you print it."
    ),
    "constant": (
        "Your function gives the same answer for every ordinary input, so any case it passes earns "
        "no points. Compute the answer from the arguments (or look for a step that always gives the "
        "same result, such as a return inside a loop)."
    ),
    "swapped-arguments": (
        "Your function gives the expected answer when its arguments are swapped: check the order "
        "of your parameters. The check calls {call}."
    ),
}




def _grams(tokens, n):
    counts = Counter()
    for start in range(len(tokens) - n + 1):
        counts[tuple(tokens[start:start + n])] += 1
    return counts


def plain_counts(counts):
    return {gram: count for gram, count in counts.items() if count}


def _clip_counts(references, n, clip):
    """Max_Ref_Count of every n-gram (``clip="max"``), or a usual mistake's: "sum", "min", "first"."""
    counts = [_grams(r, n) for r in references]
    if clip == "first":
        return counts[0]
    if clip == "min":  # an n-gram missing from one reference has count 0 there
        return Counter({gram: min(c[gram] for c in counts) for gram in set().union(*counts)})
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
        return min((abs(r - c), r) for r in lengths)[1]
    if rule == "tie-longer":
        return -min((abs(r - c), -r) for r in lengths)[1]
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
    if rule == "floor":  # r // c
        return 1.0 if c > r else (math.exp(1 - r // c) if c else 0.0)
    if rule == "sign":  # exp(r/c - 1): the exponent's sign turned, above 1 for a short candidate
        return 1.0 if c > r else (math.exp(r / c - 1) if c else 0.0)
    if rule == "always":  # no c > r test: above 1 for a long candidate
        return math.exp(1 - r / c) if c else 0.0
    return 1.0 if c > r else (math.exp(1 - r / c) if c else 0.0)


@dataclass(frozen=True)
class _Way:
    """One way of computing BLEU: the right one, or one usual mistake."""

    clip: str = "max"  # max, sum, none, first
    total: str = "candidate"  # candidate, reference, distinct
    length: str = "closest"  # closest, tie-longer, shortest, longest, first, mean
    bp: str = "right"  # right, inverted, flipped, none
    mean: str = "geometric"  # geometric, skip-zero, skip-zero-4, arithmetic, integer-weights, power-precedence
    scale: float = 1.0
    orders: int = 4  # the orders 1 .. orders combined (range(1, 4): 3)
    divisor: int = 4  # the geometric mean's 1 / divisor (weights 1/3: 3)


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
    elif way.mean == "integer-weights":  # exp(sum (1 // 4) * log p_n) = exp(0) once no precision is 0
        mean = 1.0 if min(precisions) > 0 else 0.0
    elif way.mean == "power-precedence":  # (p1 p2 p3 p4) ** 1/4 = (p1 p2 p3 p4) / 4
        mean = math.prod(precisions) / 4
    elif way.mean in ("skip-zero", "skip-zero-4"):
        logs = [math.log(p) for p in precisions if p > 0]
        if not logs:
            mean = 0.0
        else:
            mean = math.exp(sum(logs) / (len(logs) if way.mean == "skip-zero" else 4))
    else:
        used = precisions[:way.orders]
        mean = 0.0 if min(used) <= 0 else math.exp(sum(math.log(p) for p in used) / way.divisor)
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
    ("bleu-integer-weights", _Way(mean="integer-weights")),
    ("bleu-power-precedence", _Way(mean="power-precedence")),
    ("bleu-no-bp", _Way(bp="none")),
    ("bleu-scale-100", _Way(scale=100.0)),
    ("bleu-three-orders", _Way(orders=3)),  # range(1, 4), weights 1/4
    ("bleu-three-orders", _Way(orders=3, divisor=3)),  # range(1, 4), weights 1/3
    ("bp-no-condition", _Way(bp="always")),
)


def ngram_mistakes():
    def starts(first, stop_shift, size_shift=0):
        """The n-grams of size n + size_shift at positions first .. len(tokens) - n + stop_shift (excluded).

        The right one is starts(0, 1): range(len(tokens) - n + 1), tuples of n tokens. A slice past
        the end is shorter than asked (tokens[i:i + n] near the end).
        """
        def wrong(tokens, n):
            size = n + size_shift
            return plain_counts(Counter(tuple(tokens[i:i + size]) for i in range(first, len(tokens) - n + stop_shift)))

        return wrong

    def every_tail(tokens, n):
        return plain_counts(Counter(tuple(tokens[i:i + n]) for i in range(len(tokens))))

    def as_set(tokens, n):
        return {g: 1 for g in _grams(tokens, n)}

    def slice_to_n(tokens, n):  # tokens[i:n]
        return plain_counts(Counter(tuple(tokens[i:n]) for i in range(len(tokens) - n + 1)))

    return (
        ("ngrams-missing-last", starts(0, 0)),  # range(len(tokens) - n)
        ("ngrams-missing-first", starts(1, 1)),  # range(1, len(tokens) - n + 1)
        ("ngrams-missing-both", starts(1, 0)),  # range(1, len(tokens) - n)
        ("ngrams-extra-short", every_tail),  # range(len(tokens))
        ("ngrams-extra-short", starts(0, 2)),  # range(len(tokens) - n + 2): one tuple of n - 1 tokens
        ("ngrams-wrong-length", starts(0, 1, -1)),  # tokens[i:i + n - 1]
        ("ngrams-wrong-length", starts(0, 2, -1)),  # every (n - 1)-gram
        ("ngrams-wrong-length", starts(0, 1, 1)),  # tokens[i:i + n + 1]
        ("ngrams-wrong-length", starts(0, 0, 1)),  # every (n + 1)-gram
        ("ngrams-set", as_set),
        ("ngrams-slice-to-n", slice_to_n),
        # an order fixed in the code, for each order the labs use (BLEU-4: 1 to 4)
        *(("ngrams-ignores-n", _fixed_order(order)) for order in range(1, 5)),
    )


def _fixed_order(order):
    def wrong(tokens, n):
        return plain_counts(_grams(tokens, order))

    return wrong


def precision_mistakes():
    def total(candidate, n):
        return max(0, len(candidate) - n + 1)

    def chosen(candidate, references, which):
        """The one reference a wrong denominator uses: the first, the closest in length, or the longest."""
        lengths = [len(r) for r in references]
        if which == "first":
            return 0
        if which == "closest":
            return lengths.index(_closest(len(candidate), lengths))
        return lengths.index(max(lengths))

    def reference_total(which):
        def wrong(candidate, references, n):
            if which == "sum":
                length = sum(max(0, len(x) - n + 1) for x in references) + n - 1
            else:
                length = len(references[chosen(candidate, references, which)])
            return (_matches(candidate, references, n), max(0, length - n + 1))

        return wrong

    def recall(which):
        # The seed-000 lab's loop: walk the reference's n-grams, keep min(reference count, candidate
        # count), divide by the reference's n-gram count; with several references, one of them.
        def wrong(candidate, references, n):
            ref = _grams(references[chosen(candidate, references, which)], n)
            cand = _grams(candidate, n)
            return (sum(min(k, cand[g]) for g, k in ref.items()), sum(ref.values()))

        return wrong

    return (
        ("mp-reference-total", recall("first")),
        ("mp-reference-total", recall("closest")),
        ("mp-reference-total", recall("longest")),
        ("mp-no-clip", lambda c, refs, n: (_matches(c, refs, n, "none"), total(c, n))),
        ("mp-clip-sum", lambda c, refs, n: (_matches(c, refs, n, "sum"), total(c, n))),
        ("mp-first-reference", lambda c, refs, n: (_matches(c, refs, n, "first"), total(c, n))),
        ("mp-clip-min", lambda c, refs, n: (_matches(c, refs, n, "min"), total(c, n))),
        ("mp-reference-total", reference_total("first")),
        ("mp-reference-total", reference_total("closest")),
        ("mp-reference-total", reference_total("longest")),
        ("mp-reference-total", reference_total("sum")),
        ("mp-distinct-total", lambda c, refs, n: (_matches(c, refs, n), len(_grams(c, n)))),
        ("mp-distinct-matches", lambda c, refs, n: (_matches(c, refs, n, distinct=True), total(c, n))),
        ("mp-negative-total", lambda c, refs, n: (_matches(c, refs, n), len(c) - n + 1)),
        ("mp-total-off-by-one", lambda c, refs, n: (_matches(c, refs, n), len(c) - n)),
        ("mp-total-off-by-one", lambda c, refs, n: (_matches(c, refs, n), max(0, len(c) - n))),
    )


def brevity_mistakes():
    def way(length="closest", bp="right"):
        def wrong(candidate, references):
            c = len(candidate)
            return _bp(c, _closest(c, [len(r) for r in references], length), bp)

        return wrong

    def reference_count(candidate, references):  # r = len(references)
        return _bp(len(candidate), len(references))

    def scaled(candidate, references):
        return 100 * way()(candidate, references)

    return (
        ("bp-inverted", way(bp="inverted")),
        ("bp-flipped-ratio", way(bp="flipped")),
        ("bp-exponent-sign", way(bp="sign")),
        ("bp-integer-division", way(bp="floor")),
        ("bp-no-condition", way(bp="always")),
        ("bp-reference-count", reference_count),
        ("bp-scale-100", scaled),
        ("bp-tie-longer", way(length="tie-longer")),
        ("bp-shortest", way(length="shortest")),
        ("bp-longest", way(length="longest")),
        ("bp-first", way(length="first")),
        ("bp-mean", way(length="mean")),
    )


def sentence_mistakes():
    return tuple((key, _way_sentence(way)) for key, way in _PIECE_WAYS)


def corpus_mistakes():
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

    def sentence_zero(candidates, references):  # return 0.0 inside the loop over the sentences
        for cand, refs in zip(candidates, references):
            if 0 in _way_stats(cand, refs, _RIGHT)[2]:
                return 0.0
        return _way_corpus(_RIGHT)(candidates, references)

    return (
        ("corpus-average", average),
        ("corpus-sentence-zero", sentence_zero),
        ("corpus-concatenate", concatenate),
        ("corpus-sentence-bp", sentence_bp),
        *((key, _way_corpus(way)) for key, way in _PIECE_WAYS),
    )


def rouge_mistakes():
    def scores(overlap, cand_total, ref_total, f="harmonic"):
        if f == "floor":  # overlap // total
            p = overlap // cand_total if cand_total else 0.0
            r = overlap // ref_total if ref_total else 0.0
            return (p, r, 2 * p * r / (p + r) if p + r else 0.0)
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
        ("rouge-integer-division", lambda c, ref: scores(overlap(c, ref), len(c), len(ref), "floor")),
        ("rouge-scale-100", lambda c, ref: tuple(100 * v for v in scores(overlap(c, ref), len(c), len(ref)))),
    )



# ---------------------------------------------------------------- labs 3-7: ROUGE-L, chrF, TER, bootstrap, tau

HINTS.update({
    # LCS and ROUGE-L (Lin 2004, section 3.1)
    "lcs-substring": (
        "You found the longest common SUBSTRING (an unbroken run of words). A subsequence may skip "
        "words: 'the cat on the mat' is a common subsequence of 'the cat sat on the mat' and 'the cat "
        "was sitting on the mat'. In the table, a match extends the diagonal, table[i-1][j-1] + 1, and "
        "a mismatch keeps the best so far, max(table[i-1][j], table[i][j-1]), never 0."
    ),
    "lcs-unigram-overlap": (
        "You counted the shared words, in any order (ROUGE-1's overlap). The LCS keeps the order: "
        "'the gunman kill police' and 'police killed the gunman' share 3 words but only 'the gunman' "
        "in order. Fill the table: table[i][j] = table[i-1][j-1] + 1 if a[i-1] == b[j-1], else "
        "max(table[i-1][j], table[i][j-1])."
    ),
    "lcs-greedy": (
        "You match each word with its next occurrence, left to right (greedy), which can use up the "
        "other sequence too early: for 'b a c' and 'a c b', matching 'b' first leaves nothing, but "
        "'a c' is longer. The table tries every choice: table[i][j] = table[i-1][j-1] + 1 on a match, "
        "else max(table[i-1][j], table[i][j-1])."
    ),
    "rouge-l-substring": (
        "Your LCS is the longest common SUBSTRING, an unbroken run of words. ROUGE-L uses the longest "
        "common SUBSEQUENCE, which may skip words (Lin 2004, section 3.1): check your lcs_length."
    ),
    "rouge-l-unigram": (
        "You divide the shared word count (ROUGE-1's overlap) instead of the LCS length: ROUGE-L's "
        "P = LCS / len(candidate), R = LCS / len(reference), which keeps the word order."
    ),
    "rouge-l-arithmetic-f": "F is the harmonic mean 2PR / (P + R) (beta = 1), not the arithmetic mean (P + R) / 2.",
    # chrF (Popovic 2015; sacrebleu's CHRF)
    "chrf-spaces": (
        "Remove the spaces before taking character n-grams: chrF compares 'thecat' with 'thecat' for "
        "'the cat' and 'thecat' (text.replace(' ', '')). Kept, the space makes n-grams such as 'e c'."
    ),
    "chrf-average-f": (
        "You average the F-score of each order. chrF averages the PRECISIONS over the orders, and the "
        "RECALLS, then computes one F-score from the two averages (Popovic 2015; sacrebleu's CHRF)."
    ),
    "chrf-beta-wrong-side": (
        "Precision and recall have traded places: beta is on the wrong side, or the parameters are in "
        "the wrong order. F_beta = (1 + beta^2) P R / (beta^2 P + R): with beta = 2, recall weighs "
        "more. The check calls chrf(candidate, reference)."
    ),
    "chrf-beta-1": "chrF uses beta = 2 (recall counts twice as much as precision), not beta = 1.",
    "chrf-no-clip": (
        "Clip the matches: a character n-gram matches at most as often as it occurs in the reference, "
        "sum over n-grams of min(count_candidate, count_reference)."
    ),
    "chrf-fixed-order": (
        "Average over the orders that both strings have (sacrebleu's effective order), not always over "
        "6: 'cat' has no 4-, 5- or 6-grams, so its orders are 1 to 3."
    ),
    "chrf-scale-100": "Return the 0-1 score of the formula, not 100 times it (sacrebleu prints 0-100).",
    "chrf-zero-division": (
        "Guard every division: an order with no candidate n-grams is left out of the averages, and "
        "when the average precision and recall are both 0 (or no order is left), chrF is 0."
    ),
    # edit distance and TER (Levenshtein 1966; Snover et al. 2006)
    "ed-characters": (
        "Count edits of WORDS, not of characters: each element of the token list is one symbol, so "
        "'cats' for 'cat' is one substitution."
    ),
    "ed-substitution-2": (
        "A substitution costs 1, like an insertion or a deletion: table[i][j] = min(table[i-1][j] + 1, "
        "table[i][j-1] + 1, table[i-1][j-1] + (0 if the words are equal else 1))."
    ),
    "ed-zero-border": (
        "Start the table's first row and column at 0, 1, 2, ...: turning i words into nothing costs i "
        "deletions (table[i][0] = i), nothing into j words j insertions (table[0][j] = j)."
    ),
    "ed-positional": (
        "You compare the words position by position. Levenshtein aligns the sequences: one missing word "
        "shifts everything after it, and costs 1, not one edit per later position. Fill the table."
    ),
    "ed-shifts": (
        "Your answer counts a moved phrase as one edit, as TER's shifts do (Snover et al. 2006). "
        "edit_distance is plain Levenshtein: insertions, deletions and substitutions only; the lab "
        "shows what shifts add with bleu_lab.ter."
    ),
    "ed-rate": (
        "Return the number of edits, not the rate: TER divides the edits by the reference length, "
        "edit_distance does not."
    ),
    # bootstrap (Koehn 2004)
    "boot-without-replacement": (
        "You resample WITHOUT replacement, so every sample holds each sentence once: every score is the "
        "corpus BLEU and the interval has no width. Draw n sentences WITH replacement: "
        "rng.choices(range(n), k=n)."
    ),
    "boot-average-sentence-bleu": (
        "You average sentence BLEU within each sample. Corpus BLEU sums the sentences' statistics "
        "(matches, totals, c and r) and scores the sums once: add the rows of the drawn sentences, "
        "then compute BLEU from the sums."
    ),
    "boot-percentile-interpolated": (
        "You interpolate between scores (numpy.percentile, statistics.quantiles). The check reads two "
        "of the sorted scores, as sacrebleu does: k = n_samples // 40, low = scores[k], "
        "high = scores[n_samples - 1 - k]."
    ),
    "boot-seed-each-sample": (
        "You make a new generator from the seed for every sample, so every sample draws the same "
        "sentences. Make one generator, rng = random.Random(seed), before the loop, and draw "
        "all samples from it."
    ),
    "boot-other-draws": (
        "Your interval is of the right kind but from other random draws. Draw as the lab says, so that "
        "your samples are the check's: rng = random.Random(seed) once, then for each sample "
        "rng.choices(range(n), k=n) (rng.choice, randrange or numpy draw other numbers)."
    ),
    "boot-normal": (
        "You use mean +- 1.96 standard deviations (a normal interval). The percentile bootstrap reads "
        "the interval off the sorted scores: low = scores[k], high = scores[n_samples - 1 - k], "
        "k = n_samples // 40."
    ),
    "boot-90": "A 95% interval leaves 2.5% of the scores out at EACH end (k = n_samples // 40), not 5%.",
    "boot-scale-100": "Return the 0-1 BLEU scores of the formula, not 100 times them.",
    # Kendall's tau (Kendall 1945: tau-b)
    "tau-a": (
        "You divide by all n(n-1)/2 pairs (tau-a). With ties, tau-b divides by "
        "sqrt((n0 - n1)(n0 - n2)), where n1 and n2 are the pairs tied in x and in y: "
        "tau_b = (C - D) / sqrt((n0 - n1)(n0 - n2))."
    ),
    "tau-gamma": (
        "You divide by C + D, the untied pairs only (Goodman and Kruskal's gamma, or WMT's 'tau-like' "
        "variant). tau-b divides by sqrt((n0 - n1)(n0 - n2)), counting pairs tied in one variable only."
    ),
    "tau-ties-concordant": (
        "A pair tied in x or in y is neither concordant nor discordant: count it in n1 or n2 (the "
        "tie corrections), not in C or D."
    ),
    "tau-ordered-pairs": (
        "You count every pair twice (i, j and j, i) but divide by n(n-1)/2: take i < j only."
    ),
    "tau-pearson": "That is Pearson's r. Kendall's tau counts concordant and discordant pairs: only the order counts.",
})


def lcs_table_length(a, b) -> int:
    """The LCS table of Lin (2004), section 3.1, filled row by row (the right way; the mistakes differ from it)."""
    previous = [0] * (len(b) + 1)
    for token in a:
        row = [0]
        for j, other in enumerate(b):
            row.append(previous[j] + 1 if token == other else max(previous[j + 1], row[j]))
        previous = row
    return previous[-1]


def _longest_common_substring(a, b) -> int:
    best, previous = 0, [0] * (len(b) + 1)
    for token in a:
        row = [0]
        for j, other in enumerate(b):
            row.append(previous[j] + 1 if token == other else 0)
        best = max(best, *row)
        previous = row
    return best


def _unigram_overlap(a, b) -> int:
    counts = Counter(b)
    return sum(min(k, counts[w]) for w, k in Counter(a).items())


def _greedy_matches(a, b) -> int:
    found, start = 0, 0
    for token in a:
        if token in b[start:]:
            start = b.index(token, start) + 1
            found += 1
    return found


def lcs_mistakes():
    return (
        ("lcs-substring", _longest_common_substring),
        ("lcs-unigram-overlap", _unigram_overlap),
        ("lcs-greedy", _greedy_matches),
    )


def _prf(common, candidate_length, reference_length, f="harmonic"):
    p = common / candidate_length if candidate_length else 0.0
    r = common / reference_length if reference_length else 0.0
    if f == "arithmetic":
        return (p, r, (p + r) / 2)
    return (p, r, 2 * p * r / (p + r) if p + r else 0.0)


def rouge_l_mistakes():
    def way(common, f="harmonic", swap=False):
        def wrong(candidate, reference):
            p, r, fm = _prf(common(candidate, reference), len(candidate), len(reference), f)
            return (r, p, fm) if swap else (p, r, fm)

        return wrong

    return (
        ("rouge-swapped", way(lcs_table_length, swap=True)),
        ("rouge-l-substring", way(_longest_common_substring)),
        ("rouge-l-unigram", way(_unigram_overlap)),
        ("rouge-l-arithmetic-f", way(lcs_table_length, "arithmetic")),
        ("lcs-greedy", way(_greedy_matches)),
    )


@dataclass(frozen=True)
class _ChrfWay:
    """One way of computing chrF: the right one (Popovic 2015, sacrebleu), or one usual mistake."""

    spaces: bool = False  # keep the spaces
    average: str = "pr"  # pr: average P and R, then F; f: average F over orders
    beta_side: str = "right"  # right, wrong
    beta: float = 2.0
    clip: bool = True
    fixed_order: bool = False  # divide by 6 whatever the strings' lengths
    scale: float = 1.0


def _char_grams(text, n):
    return Counter(text[i:i + n] for i in range(len(text) - n + 1))


def _f_beta(p, r, beta, side):
    factor = beta ** 2
    if side == "wrong":
        return (1 + factor) * p * r / (factor * r + p) if factor * r + p else 0.0
    return (1 + factor) * p * r / (factor * p + r) if factor * p + r else 0.0


def _chrf_way(way):
    def score(candidate, reference):
        if not way.spaces:
            candidate, reference = candidate.replace(" ", ""), reference.replace(" ", "")
        precisions, recalls, scores = [], [], []
        for n in range(1, 7):
            cand, ref = _char_grams(candidate, n), _char_grams(reference, n)
            if not cand or not ref:
                if way.fixed_order:
                    precisions.append(0.0)
                    recalls.append(0.0)
                continue
            matches = sum((min(k, ref[g]) if way.clip else (k if ref[g] else 0)) for g, k in cand.items())
            p, r = matches / sum(cand.values()), matches / sum(ref.values())
            precisions.append(p)
            recalls.append(r)
            scores.append(_f_beta(p, r, way.beta, way.beta_side))
        if not precisions:
            return 0.0
        if way.average == "f":
            return way.scale * sum(scores) / len(scores)
        p, r = sum(precisions) / len(precisions), sum(recalls) / len(recalls)
        return way.scale * _f_beta(p, r, way.beta, way.beta_side)

    return score


def chrf_mistakes():
    return (
        ("chrf-spaces", _chrf_way(_ChrfWay(spaces=True))),
        ("chrf-average-f", _chrf_way(_ChrfWay(average="f"))),
        ("chrf-beta-wrong-side", _chrf_way(_ChrfWay(beta_side="wrong"))),
        ("chrf-beta-1", _chrf_way(_ChrfWay(beta=1.0))),
        ("chrf-no-clip", _chrf_way(_ChrfWay(clip=False))),
        ("chrf-fixed-order", _chrf_way(_ChrfWay(fixed_order=True))),
        ("chrf-scale-100", _chrf_way(_ChrfWay(scale=100.0))),
    )


def _levenshtein(a, b, substitution=1, border=True) -> int:
    previous = list(range(len(b) + 1)) if border else [0] * (len(b) + 1)
    for i, token in enumerate(a, start=1):
        row = [i if border else 0]
        for j, other in enumerate(b, start=1):
            row.append(min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (0 if token == other else substitution)))
        previous = row
    return previous[-1]


def edit_distance_mistakes():
    def characters(hypothesis, reference):
        return _levenshtein(" ".join(hypothesis), " ".join(reference))

    def positional(hypothesis, reference):
        return sum(h != r for h, r in zip(hypothesis, reference)) + abs(len(hypothesis) - len(reference))

    def with_shifts(hypothesis, reference):  # TER's edits (sacrebleu's tercom port): shifts count 1 each
        from sacrebleu.metrics.lib_ter import translation_edit_rate

        return translation_edit_rate(list(hypothesis), list(reference))[0]

    def rate(hypothesis, reference):
        return _levenshtein(hypothesis, reference) / len(reference) if reference else 0.0

    return (
        ("ed-characters", characters),
        ("ed-substitution-2", lambda h, r: _levenshtein(h, r, substitution=2)),
        ("ed-zero-border", lambda h, r: _levenshtein(h, r, border=False)),
        ("ed-positional", positional),
        ("ed-shifts", with_shifts),
        ("ed-rate", rate),
    )


def _bleu_statistics(candidate, reference) -> list:
    """[c, r, matches 1-4, totals 1-4] of one sentence against one reference."""
    row = [len(candidate), len(reference)]
    row += [sum(min(k, _grams(reference, n)[g]) for g, k in _grams(candidate, n).items()) for n in range(1, 5)]
    row += [max(0, len(candidate) - n + 1) for n in range(1, 5)]
    return row


def _bleu_of_sums(sums) -> float:
    c, r, matches, totals = sums[0], sums[1], sums[2:6], sums[6:10]
    if min(matches) == 0:
        return 0.0
    mean = math.exp(sum(math.log(m / t) for m, t in zip(matches, totals)) / 4)
    return _bp(c, r) * mean


def _bootstrap_way(draw="choices", score="sums", ends="ranks", scale=1.0):
    def interval(candidates, references, n_samples, seed):
        import random

        import numpy as np

        rows = [_bleu_statistics(c, r) for c, r in zip(candidates, references)]
        n = len(rows)
        rng = random.Random(seed)
        numpy_rng = np.random.default_rng(seed)
        scores = []
        for _ in range(n_samples):
            if draw == "shuffle":  # without replacement: each sentence once
                picked = rng.sample(range(n), n)
            elif draw == "seed-each":
                picked = random.Random(seed).choices(range(n), k=n)
            elif draw == "randrange":
                picked = [rng.randrange(n) for _ in range(n)]
            elif draw == "numpy":
                picked = list(numpy_rng.choice(n, size=n))
            else:
                picked = rng.choices(range(n), k=n)
            if score == "average":
                value = sum(_bleu_of_sums(rows[i]) for i in picked) / n
            else:
                value = _bleu_of_sums([sum(rows[i][k] for i in picked) for k in range(10)])
            scores.append(scale * value)
        return _interval_ends(scores, ends)

    return interval


def _interval_ends(scores, ends):
    import numpy as np

    if ends == "interpolated":
        low, high = np.percentile(scores, [2.5, 97.5])
        return (float(low), float(high))
    if ends == "normal":
        mean, deviation = float(np.mean(scores)), float(np.std(scores))
        return (mean - 1.96 * deviation, mean + 1.96 * deviation)
    ordered = sorted(scores)
    k = len(ordered) // (20 if ends == "90" else 40)
    return (ordered[k], ordered[len(ordered) - 1 - k])


def bootstrap_mistakes():
    return (
        ("boot-without-replacement", _bootstrap_way(draw="shuffle")),
        ("boot-other-draws", _bootstrap_way(draw="randrange")),
        ("boot-other-draws", _bootstrap_way(draw="numpy")),
        ("boot-average-sentence-bleu", _bootstrap_way(score="average")),
        ("boot-percentile-interpolated", _bootstrap_way(ends="interpolated")),
        ("boot-seed-each-sample", _bootstrap_way(draw="seed-each")),
        ("boot-normal", _bootstrap_way(ends="normal")),
        ("boot-90", _bootstrap_way(ends="90")),
        ("boot-scale-100", _bootstrap_way(scale=100.0)),
    )


def _pair_counts(x, y):
    """(concordant, discordant, tied in x only, tied in y only, tied in both) over the pairs i < j."""
    counts = [0, 0, 0, 0, 0]
    for i in range(len(x)):
        for j in range(i + 1, len(x)):
            dx, dy = x[i] - x[j], y[i] - y[j]
            if dx == 0 and dy == 0:
                counts[4] += 1
            elif dx == 0:
                counts[2] += 1
            elif dy == 0:
                counts[3] += 1
            else:
                counts[0 if dx * dy > 0 else 1] += 1
    return counts


def kendall_mistakes():
    def tau_a(x, y):
        c, d, *_ = _pair_counts(x, y)
        return (c - d) / (len(x) * (len(x) - 1) / 2)

    def gamma(x, y):
        c, d, *_ = _pair_counts(x, y)
        return (c - d) / (c + d)

    def ties_concordant(x, y):  # a tie counted as concordant, divided as tau-a
        c, d, tx, ty, both = _pair_counts(x, y)
        return (c + tx + ty + both - d) / (len(x) * (len(x) - 1) / 2)

    def ordered_pairs(x, y):
        c, d, *_ = _pair_counts(x, y)
        return 2 * (c - d) / (len(x) * (len(x) - 1) / 2)

    def pearson(x, y):
        mx, my = sum(x) / len(x), sum(y) / len(y)
        sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
        sxx, syy = sum((a - mx) ** 2 for a in x), sum((b - my) ** 2 for b in y)
        return sxy / math.sqrt(sxx * syy)

    return (
        ("tau-a", tau_a),
        ("tau-gamma", gamma),
        ("tau-ties-concordant", ties_concordant),
        ("tau-ordered-pairs", ordered_pairs),
        ("tau-pearson", pearson),
    )
