"""The lab exercises: checks, hints for the usual mistakes, stubs, solutions and stale student notebooks.

Wrong implementations below are written the way students write them; each
must be rejected with the hint that names its mistake. Expected numbers of
the checks' batteries are compared with the paper (Papineni et al. 2002),
nltk and rouge-score, never with bleu_lab's own output.
"""

from __future__ import annotations

import copy
import math
from collections import Counter
from pathlib import Path

import lab_answers
import nbformat
import pytest

from bleu_lab.exercises import build, cases, check, mistakes
from bleu_lab.exercises.check import HINTS

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = sorted((ROOT / "notebooks" / "exercises" / "solutions").glob("*.ipynb"))
CHECKS = [getattr(check, name) for name in check.CHECK_NAMES]


# ---------------------------------------------------------------- right answers, written by hand


def ngrams(tokens, n):
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))


def modified_precision(candidate, references, n):
    max_ref = Counter()
    for reference in references:
        for gram, count in ngrams(reference, n).items():
            max_ref[gram] = max(max_ref[gram], count)
    matches = sum(min(count, max_ref[gram]) for gram, count in ngrams(candidate, n).items())
    return matches, max(0, len(candidate) - n + 1)


def closest_length(c, references):
    return min((len(r) for r in references), key=lambda r: (abs(r - c), r))


def brevity_penalty(candidate, references):
    c = len(candidate)
    r = closest_length(c, references)
    if c > r:
        return 1.0
    return math.exp(1 - r / c) if c else 0.0


def _bleu(matches, totals, c, r):
    if min(matches) == 0:
        return 0.0
    bp = 1.0 if c > r else math.exp(1 - r / c)
    return bp * math.exp(sum(math.log(m / t) for m, t in zip(matches, totals)) / 4)


def sentence_bleu(candidate, references):
    pairs = [modified_precision(candidate, references, n) for n in range(1, 5)]
    return _bleu([m for m, _ in pairs], [t for _, t in pairs], len(candidate),
                 closest_length(len(candidate), references))


def _corpus_sums(candidates, list_of_references):
    """Matches and totals per order, c and r, summed over the sentences."""
    matches, totals, c, r = [0] * 4, [0] * 4, 0, 0
    for candidate, references in zip(candidates, list_of_references):
        for n in range(1, 5):
            m, t = modified_precision(candidate, references, n)
            matches[n - 1] += m
            totals[n - 1] += t
        c += len(candidate)
        r += closest_length(len(candidate), references)
    return matches, totals, c, r


def corpus_bleu(candidates, list_of_references):
    return _bleu(*_corpus_sums(candidates, list_of_references))


def rouge_1(candidate, reference):
    cand, ref = Counter(candidate), Counter(reference)
    overlap = sum(min(k, ref[w]) for w, k in cand.items())
    p = overlap / len(candidate) if candidate else 0.0
    r = overlap / len(reference) if reference else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


RIGHT = {
    "ngrams": ngrams,
    "modified_precision": modified_precision,
    "brevity_penalty": brevity_penalty,
    "sentence_bleu": sentence_bleu,
    "corpus_bleu": corpus_bleu,
    "rouge_1": rouge_1,
    **{name: getattr(lab_answers, name)
       for name in ("lcs_length", "rouge_l", "chrf", "edit_distance", "bootstrap_ci", "kendall_tau")},
}


@pytest.mark.parametrize("name", check.CHECK_NAMES)
def test_right_implementations_pass_with_one_line(name):
    result = getattr(check, name)(RIGHT[name])
    assert result.passed, result.message
    assert bool(result) is True
    assert "\n" not in result.message and result.message.startswith("✓")
    assert str(result) == repr(result) == result.message
    assert "#1b5e20" in result._repr_html_()  # green


@pytest.mark.parametrize("name", check.CHECK_NAMES)
def test_a_stub_fails_as_not_implemented(name):
    def stub(*args):
        raise NotImplementedError("your code here")

    result = getattr(check, name)(stub)
    assert not result.passed
    assert result.status == "not-implemented"
    assert result.message.startswith("✗ not implemented yet: stub raises NotImplementedError")
    assert "#b71c1c" in result._repr_html_()  # red


# ---------------------------------------------------------------- the usual mistakes


def ngrams_missing_last(tokens, n):
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n))


def ngrams_extra_short(tokens, n):
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens)))


def ngrams_set(tokens, n):
    return Counter(set(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)))


def ngrams_swapped(n, tokens):
    return ngrams(tokens, n)


def ngrams_missing_first(tokens, n):
    return Counter(tuple(tokens[i:i + n]) for i in range(1, len(tokens) - n + 1))


def ngrams_missing_both(tokens, n):
    return Counter(tuple(tokens[i:i + n]) for i in range(1, len(tokens) - n))


def ngrams_one_too_far(tokens, n):
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 2))


def ngrams_slice_one_short(tokens, n):
    return Counter(tuple(tokens[i:i + n - 1]) for i in range(len(tokens) - n + 1))


def ngrams_slice_one_long(tokens, n):
    return Counter(tuple(tokens[i:i + n + 1]) for i in range(len(tokens) - n))


def ngrams_always_trigrams(tokens, n):
    return Counter(tuple(tokens[i:i + 3]) for i in range(len(tokens) - 2))


def ngrams_always_4grams(tokens, n):
    return Counter(tuple(tokens[i:i + 4]) for i in range(len(tokens) - 3))


def bp_always_one(candidate, references):
    return 1.0


def precision_reference_total(candidate, references, n):
    matches, _ = modified_precision(candidate, references, n)
    return matches, max(0, len(references[0]) - n + 1)  # divides by the reference's n-grams


def precision_no_clip(candidate, references, n):
    in_some_reference = set()
    for reference in references:
        in_some_reference |= set(ngrams(reference, n))
    matches = sum(count for gram, count in ngrams(candidate, n).items() if gram in in_some_reference)
    return matches, max(0, len(candidate) - n + 1)


def precision_clip_sum(candidate, references, n):
    ref_counts = Counter()
    for reference in references:
        ref_counts += ngrams(reference, n)  # adds the references up instead of taking the max
    matches = sum(min(count, ref_counts[gram]) for gram, count in ngrams(candidate, n).items())
    return matches, max(0, len(candidate) - n + 1)


def precision_first_reference(candidate, references, n):
    ref_counts = ngrams(references[0], n)
    matches = sum(min(count, ref_counts[gram]) for gram, count in ngrams(candidate, n).items())
    return matches, max(0, len(candidate) - n + 1)


def precision_clip_min(candidate, references, n):
    """Clips by the smallest count over the references (0 for an n-gram missing from one of them)."""
    counts = [ngrams(reference, n) for reference in references]
    matches = sum(min(count, min(c[gram] for c in counts)) for gram, count in ngrams(candidate, n).items())
    return matches, max(0, len(candidate) - n + 1)


def precision_total_off_by_one(candidate, references, n):
    matches, _ = modified_precision(candidate, references, n)
    return matches, len(candidate) - n  # one n-gram short


def precision_swapped(references, candidate, n):
    return modified_precision(candidate, references, n)


def precision_negative_total(candidate, references, n):
    matches, _ = modified_precision(candidate, references, n)
    return matches, len(candidate) - n + 1


def bp_exponent_sign(candidate, references):
    c = len(candidate)
    r = closest_length(c, references)
    if c > r:
        return 1.0
    return math.exp(r / c - 1) if c else 0.0  # the sign of the exponent turned


def bp_inverted(candidate, references):
    c = len(candidate)
    r = closest_length(c, references)
    if c < r:
        return 1.0
    return math.exp(1 - r / c) if c else 0.0


def bp_flipped_ratio(candidate, references):
    c = len(candidate)
    r = closest_length(c, references)
    return 1.0 if c > r else math.exp(1 - c / r)


def bp_tie_longer(candidate, references):
    c = len(candidate)
    r = min((len(x) for x in references), key=lambda x: abs(x - c))  # the first of a tie
    if c > r:
        return 1.0
    return math.exp(1 - r / c) if c else 0.0


def bp_shortest(candidate, references):
    c = len(candidate)
    r = min(len(x) for x in references)
    if c > r:
        return 1.0
    return math.exp(1 - r / c) if c else 0.0


def bp_first(candidate, references):
    c = len(candidate)
    r = len(references[0])
    if c > r:
        return 1.0
    return math.exp(1 - r / c) if c else 0.0


def bp_no_zero_guard(candidate, references):
    c = len(candidate)
    r = closest_length(c, references)
    return 1.0 if c > r else math.exp(1 - r / c)


def bp_rounded(candidate, references):
    return round(brevity_penalty(candidate, references), 6)


def bp_swapped(references, candidate):
    return brevity_penalty(candidate, references)


def _precisions(candidate, references):
    return [modified_precision(candidate, references, n) for n in range(1, 5)]


def bleu_log_zero(candidate, references):
    logs = [math.log(m / t) for m, t in _precisions(candidate, references)]  # log(0) raises
    return brevity_penalty(candidate, references) * math.exp(sum(logs) / 4)


def bleu_skip_zeros(candidate, references):
    ps = [m / t for m, t in _precisions(candidate, references) if t and m]
    if not ps:
        return 0.0
    return brevity_penalty(candidate, references) * math.exp(sum(math.log(p) for p in ps) / len(ps))


def bleu_arithmetic(candidate, references):
    ps = [m / t if t else 0.0 for m, t in _precisions(candidate, references)]
    return brevity_penalty(candidate, references) * sum(ps) / 4


def bleu_no_bp(candidate, references):
    ps = [m / t if t else 0.0 for m, t in _precisions(candidate, references)]
    return 0.0 if min(ps) == 0 else math.exp(sum(math.log(p) for p in ps) / 4)


def bleu_bp_inverted(candidate, references):
    ps = [m / t if t else 0.0 for m, t in _precisions(candidate, references)]
    return 0.0 if min(ps) == 0 else bp_inverted(candidate, references) * math.exp(sum(map(math.log, ps)) / 4)


def bleu_clip_sum(candidate, references):
    pairs = [precision_clip_sum(candidate, references, n) for n in range(1, 5)]
    ps = [m / t if t else 0.0 for m, t in pairs]
    return 0.0 if min(ps) == 0 else brevity_penalty(candidate, references) * math.exp(sum(map(math.log, ps)) / 4)


def bleu_percent(candidate, references):
    return 100 * sentence_bleu(candidate, references)


def bleu_divide_by_zero_total(candidate, references):
    ps = [m / t for m, t in _precisions(candidate, references)]  # t = 0 for short candidates
    return 0.0 if min(ps) == 0 else brevity_penalty(candidate, references) * math.exp(sum(map(math.log, ps)) / 4)


def bleu_swapped(references, candidate):
    return sentence_bleu(candidate, references)


def corpus_average(candidates, list_of_references):
    scores = [sentence_bleu(c, refs) for c, refs in zip(candidates, list_of_references)]
    return sum(scores) / len(scores)


def corpus_concatenate(candidates, list_of_references):
    joined = [token for candidate in candidates for token in candidate]
    joined_reference = [token for references in list_of_references for token in references[0]]
    return sentence_bleu(joined, [joined_reference])


def corpus_sentence_bp(candidates, list_of_references):
    matches, totals, penalties = [0] * 4, [0] * 4, []
    for candidate, references in zip(candidates, list_of_references):
        for n in range(1, 5):
            m, t = modified_precision(candidate, references, n)
            matches[n - 1] += m
            totals[n - 1] += t
        penalties.append(brevity_penalty(candidate, references))
    if min(matches) == 0:
        return 0.0
    mean = math.exp(sum(math.log(m / t) for m, t in zip(matches, totals)) / 4)
    return sum(penalties) / len(penalties) * mean


def corpus_swapped(list_of_references, candidates):
    return corpus_bleu(candidates, list_of_references)


def rouge_swapped_pr(candidate, reference):
    p, r, f = rouge_1(candidate, reference)
    return r, p, f


def rouge_swapped_arguments(reference, candidate):
    return rouge_1(candidate, reference)


def rouge_no_clip(candidate, reference):
    overlap = sum(1 for word in candidate if word in reference)
    p = overlap / len(candidate) if candidate else 0.0
    r = overlap / len(reference) if reference else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def rouge_sets(candidate, reference):
    overlap = len(set(candidate) & set(reference))
    p = overlap / len(set(candidate)) if candidate else 0.0
    r = overlap / len(set(reference)) if reference else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def rouge_arithmetic_f(candidate, reference):
    p, r, _ = rouge_1(candidate, reference)
    return p, r, (p + r) / 2


def rouge_rounded(candidate, reference):
    return tuple(round(value, 6) for value in rouge_1(candidate, reference))


def rouge_no_guard(candidate, reference):
    cand, ref = Counter(candidate), Counter(reference)
    overlap = sum(min(k, ref[w]) for w, k in cand.items())
    p, r = overlap / len(candidate), overlap / len(reference)
    return p, r, 2 * p * r / (p + r)


# Review 45: wrong implementations written by hand, each with its own hint.
def ngrams_slice_to_n(tokens, n):
    return Counter(tuple(tokens[i:n]) for i in range(len(tokens) - n + 1))  # tokens[i:n], not tokens[i:i + n]


def bp_integer_division(candidate, references):
    c = len(candidate)
    r = closest_length(c, references)
    if c > r:
        return 1.0
    return math.exp(1 - r // c) if c else 0.0


def bp_number_of_references(candidate, references):
    c, r = len(candidate), len(references)  # r = the number of references
    if c > r:
        return 1.0
    return math.exp(1 - r / c) if c else 0.0


def bp_no_condition(candidate, references):
    c = len(candidate)
    return math.exp(1 - closest_length(c, references) / c) if c else 0.0  # above 1 when c > r


def bp_percent(candidate, references):
    return 100 * brevity_penalty(candidate, references)


def bleu_three_orders(candidate, references):
    ps = [m / t if t else 0.0 for m, t in (modified_precision(candidate, references, n) for n in range(1, 4))]
    return 0.0 if min(ps) == 0 else brevity_penalty(candidate, references) * math.exp(sum(map(math.log, ps)) / 4)


def bleu_weights_one_third(candidate, references):
    ps = [m / t if t else 0.0 for m, t in (modified_precision(candidate, references, n) for n in range(1, 4))]
    return 0.0 if min(ps) == 0 else brevity_penalty(candidate, references) * math.exp(sum(map(math.log, ps)) / 3)


def corpus_zero_inside_the_loop(candidates, list_of_references):
    matches, totals, c, r = [0] * 4, [0] * 4, 0, 0
    for candidate, references in zip(candidates, list_of_references):
        for n in range(1, 5):
            m, t = modified_precision(candidate, references, n)
            if m == 0:
                return 0.0  # one sentence's zero is not the corpus's
            matches[n - 1] += m
            totals[n - 1] += t
        c += len(candidate)
        r += closest_length(len(candidate), references)
    return _bleu(matches, totals, c, r)


def rouge_percent(candidate, reference):
    return tuple(100 * v for v in rouge_1(candidate, reference))


def bleu_single_precision(candidate, references):
    import numpy as np

    return np.float32(sentence_bleu(candidate, references))  # right to about 7 digits


def rouge_floor_division(candidate, reference):
    cand, ref = Counter(candidate), Counter(reference)
    overlap = sum(min(k, ref[w]) for w, k in cand.items())
    p = overlap // len(candidate) if candidate else 0.0  # integer division: 0 unless every word matches
    r = overlap // len(reference) if reference else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def bleu_weights_floor_division(candidate, references):
    ps = [m / t if t else 0.0 for m, t in _precisions(candidate, references)]
    if min(ps) == 0:
        return 0.0
    # 1 // 4 == 0: every weight is 0, so the mean is exp(0) = 1 and BLEU is BP alone
    return brevity_penalty(candidate, references) * math.exp(sum((1 // 4) * math.log(p) for p in ps))


def bleu_power_without_parentheses(candidate, references):
    p1, p2, p3, p4 = (m / t if t else 0.0 for m, t in _precisions(candidate, references))
    return brevity_penalty(candidate, references) * (p1 * p2 * p3 * p4) ** 1 / 4  # (x ** 1) / 4


def corpus_power_without_parentheses(candidates, list_of_references):
    matches, totals, c, r = _corpus_sums(candidates, list_of_references)
    product = math.prod(m / t for m, t in zip(matches, totals))
    return (1.0 if c > r else math.exp(1 - r / c)) * product ** 1 / 4


MISTAKES = [
    # (check, wrong implementation, mistake key, words the hint must contain)
    ("ngrams", ngrams_missing_last, "ngrams-missing-last", "You miss the last n-gram"),
    # By hand, c = 2, r = 6: exp(6/2 - 1) = exp(2) = 7.39 where exp(1 - 3) = 0.135 is expected.
    ("brevity_penalty", bp_exponent_sign, "bp-exponent-sign", "not r/c - 1"),
    ("ngrams", ngrams_extra_short, "ngrams-extra-short", "shorter than n"),
    # exp(1 - 6/4) = 0.6065306597 in float64 is 0.6065306664 as a float32 (24-bit mantissa).
    ("sentence_bleu", bleu_single_precision, "single-precision", "float32"),
    # By hand, "The cat" against "the cat": overlap 1, 1 // 2 = 0 where P = R = F = 0.5 is expected.
    ("rouge_1", rouge_floor_division, "rouge-integer-division", "1 // 2 is 0"),
    # By hand, "a cat is on the mat" against "the cat is on the mat": c = r = 6, BP = 1, so the
    # weights of 1 // 4 = 0 give exp(0) = 1.0 where (5/6 * 4/5 * 3/4 * 2/3) ** (1/4) = 0.7598 is expected.
    ("sentence_bleu", bleu_weights_floor_division, "bleu-integer-weights", "1 // 4 is integer division"),
    # By hand, "the cat is on" against "the cat is on the mat": every precision is 1, so (1 * 1 * 1 * 1) ** 1 / 4
    # = 0.25 and BLEU = exp(1 - 6/4) * 0.25 = 0.1516 where exp(1 - 6/4) = 0.6065 is expected.
    ("sentence_bleu", bleu_power_without_parentheses, "bleu-power-precedence", "** binds tighter than /"),
    ("corpus_bleu", corpus_power_without_parentheses, "bleu-power-precedence", "(p1 * p2 * p3 * p4) ** (1 / 4)"),
    ("ngrams", ngrams_set, "ngrams-set", "not a set"),
    ("ngrams", ngrams_swapped, "swapped-arguments", "ngrams(tokens, n)"),
    ("ngrams", ngrams_missing_first, "ngrams-missing-first", "You miss the first n-gram"),
    ("ngrams", ngrams_missing_both, "ngrams-missing-both", "the first and the last"),
    ("ngrams", ngrams_one_too_far, "ngrams-extra-short", "shorter than n"),
    ("ngrams", ngrams_slice_one_short, "ngrams-wrong-length", "do not have n tokens"),
    ("ngrams", ngrams_slice_one_long, "ngrams-wrong-length", "do not have n tokens"),
    ("ngrams", ngrams_always_trigrams, "ngrams-ignores-n", "does not depend on n"),
    ("ngrams", ngrams_always_4grams, "ngrams-ignores-n", "does not depend on n"),
    ("brevity_penalty", bp_always_one, "constant", "same answer for every ordinary input"),
    ("modified_precision", precision_reference_total, "mp-reference-total", "computes recall"),
    ("modified_precision", precision_no_clip, "mp-no-clip", "You do not clip"),
    ("modified_precision", precision_clip_sum, "mp-clip-sum", "MAXIMUM count in any single reference"),
    ("modified_precision", precision_first_reference, "mp-first-reference", "only look at the first reference"),
    ("modified_precision", precision_swapped, "swapped-arguments", "modified_precision(candidate, references, n)"),
    ("modified_precision", precision_negative_total, "mp-negative-total", "never negative"),
    ("modified_precision", precision_clip_min, "mp-clip-min", "MINIMUM of an n-gram's counts"),
    ("modified_precision", precision_total_off_by_one, "mp-total-off-by-one", "Your total is one short"),
    ("brevity_penalty", bp_inverted, "bp-inverted", "condition is inverted"),
    ("brevity_penalty", bp_flipped_ratio, "bp-flipped-ratio", "not c/r"),
    ("brevity_penalty", bp_tie_longer, "bp-tie-longer", "SHORTER reference length"),
    ("brevity_penalty", bp_shortest, "bp-shortest", "not the shortest reference"),
    ("brevity_penalty", bp_first, "bp-first", "not the length of the first reference"),
    ("brevity_penalty", bp_no_zero_guard, "bp-empty-candidate", "c = 0"),
    ("brevity_penalty", bp_swapped, "swapped-arguments", "brevity_penalty(candidate, references)"),
    ("brevity_penalty", bp_rounded, "rounded", "rounded to 6 digits"),
    ("sentence_bleu", bleu_log_zero, "bleu-zero-precision", "do not take log(0)"),
    ("sentence_bleu", bleu_skip_zeros, "bleu-zero-precision", "Do not skip the zero precisions"),
    ("sentence_bleu", bleu_arithmetic, "bleu-arithmetic-mean", "GEOMETRIC mean"),
    ("sentence_bleu", bleu_no_bp, "bleu-no-bp", "left out the brevity penalty"),
    ("sentence_bleu", bleu_bp_inverted, "bp-inverted", "condition is inverted"),
    ("sentence_bleu", bleu_clip_sum, "mp-clip-sum", "MAXIMUM count"),
    ("sentence_bleu", bleu_percent, "bleu-scale-100", "100 times"),
    ("sentence_bleu", bleu_divide_by_zero_total, "bleu-empty-order", "0/0"),
    ("sentence_bleu", bleu_swapped, "swapped-arguments", "sentence_bleu(candidate, references)"),
    ("corpus_bleu", corpus_average, "corpus-average", "You average sentence BLEU scores"),
    ("corpus_bleu", corpus_concatenate, "corpus-concatenate", "cross sentence boundaries"),
    ("corpus_bleu", corpus_sentence_bp, "corpus-sentence-bp", "computed once, from the corpus totals"),
    ("corpus_bleu", corpus_swapped, "swapped-arguments", "corpus_bleu(candidates, list_of_references)"),
    ("rouge_1", rouge_swapped_pr, "rouge-swapped", "Precision and recall are swapped"),
    ("rouge_1", rouge_swapped_arguments, "rouge-swapped", "rouge_1(candidate, reference)"),
    ("rouge_1", rouge_no_clip, "rouge-no-clip", "must be clipped"),
    ("rouge_1", rouge_sets, "rouge-set", "not sets"),
    ("rouge_1", rouge_arithmetic_f, "rouge-arithmetic-f", "harmonic mean"),
    ("rouge_1", rouge_no_guard, "rouge-zero-division", "Guard every division"),
    ("rouge_1", rouge_rounded, "rounded", "don't round"),
    ("ngrams", ngrams_slice_to_n, "ngrams-slice-to-n", "tokens[i:i + n]"),
    ("brevity_penalty", bp_integer_division, "bp-integer-division", "6 // 4 is 1, not 1.5"),
    ("brevity_penalty", bp_number_of_references, "bp-reference-count", "not the number of references"),
    ("brevity_penalty", bp_no_condition, "bp-no-condition", "BP is at most 1"),
    ("brevity_penalty", bp_percent, "bp-scale-100", "100 times"),
    ("sentence_bleu", bleu_three_orders, "bleu-three-orders", "range(1, 5)"),
    ("sentence_bleu", bleu_weights_one_third, "bleu-three-orders", "weight 1/4"),
    ("corpus_bleu", corpus_zero_inside_the_loop, "corpus-sentence-zero", "SUMMED precision"),
    ("rouge_1", rouge_percent, "rouge-scale-100", "100 times"),
    ("brevity_penalty", lambda c, refs: int(brevity_penalty(c, refs) * 100) / 100, "truncated", "cut off after 2"),
]


CASES = {"ngrams": "ngram_cases", "modified_precision": "precision_cases", "brevity_penalty": "brevity_cases",
         "sentence_bleu": "sentence_cases", "corpus_bleu": "corpus_cases", "rouge_1": "rouge_cases",
         "lcs_length": "lcs_cases", "rouge_l": "rouge_l_cases", "chrf": "chrf_cases",
         "edit_distance": "edit_distance_cases", "bootstrap_ci": "bootstrap_cases", "kendall_tau": "kendall_cases"}
EXPECTED = {"ngrams": cases.expected_ngrams, "modified_precision": cases.expected_precision,
            "brevity_penalty": cases.expected_brevity, "sentence_bleu": cases.expected_sentence,
            "corpus_bleu": cases.expected_corpus, "rouge_1": cases.expected_rouge,
            "chrf": cases.expected_chrf, "edit_distance": cases.expected_edit_distance,
            "bootstrap_ci": cases.expected_bootstrap, "kendall_tau": cases.expected_kendall}
MISTAKES += lab_answers.LAB_MISTAKES


@pytest.mark.parametrize("name, wrong, key, words", MISTAKES, ids=[m[1].__name__ for m in MISTAKES])
def test_usual_mistake_is_rejected_with_its_hint(name, wrong, key, words):
    result = getattr(check, name)(wrong)
    assert not result.passed
    assert result.mistake == key, result.message
    assert words in result.hint, result.message
    # The report shows the failing case: its inputs, the expected and the actual value.
    assert "expected:" in result.message
    assert ("got:" in result.message) or ("raised:" in result.message)
    # The first line counts the passing cases first, then names the case shown (and why that one).
    header = result.headline
    passes = "passes" if result.cases_passed == 1 else "pass"
    assert header.startswith(f"✗ check.{name}: {result.cases_passed} of {result.cases_total} cases {passes}")
    number = [c.label for c in getattr(cases, CASES[name])()].index(result.case) + 1
    assert header.endswith(f" case {number}: {result.case}"), header


@pytest.mark.parametrize("name", check.CHECK_NAMES)
def test_every_builtin_mistake_is_recognised_as_itself(name):
    """The battery tells the mistakes apart: each wrong variant gets its own hint."""
    prefix = {"ngrams": "ngram", "modified_precision": "precision", "brevity_penalty": "brevity",
              "sentence_bleu": "sentence", "corpus_bleu": "corpus", "rouge_1": "rouge", "lcs_length": "lcs",
              "rouge_l": "rouge_l", "chrf": "chrf", "edit_distance": "edit_distance", "bootstrap_ci": "bootstrap",
              "kendall_tau": "kendall"}[name]
    spec_mistakes = getattr(mistakes, f"{prefix}_mistakes")()
    for key, wrong in spec_mistakes:
        result = getattr(check, name)(wrong)
        assert not result.passed and result.mistake == key, (key, result.message)


def test_every_hint_is_tested():
    assert {key for _, _, key, _ in MISTAKES} >= set(HINTS) - {"mp-distinct-total", "mp-distinct-matches",
                                                               "bp-longest", "bp-mean"}


def test_a_failure_shows_inputs_as_code_to_paste():
    result = check.modified_precision(precision_no_clip)
    # The smallest failing case is shown: 6 candidate tokens, against the paper's 18-token sentences.
    assert result.case == "a repeated bigram against several references"
    assert 'candidate  = "the cat the cat the cat".split()' in result.message
    assert 'references = ["the cat sat".split(), "the cat and the cat".split()]' in result.message
    # ('the', 'cat') 3 times, at most 2 in one reference; ('cat', 'the') twice, in no reference
    assert "expected: (2, 5)" in result.message and "got:      (3, 5)" in result.message


def test_integer_division_in_rouge_is_named_not_blamed_on_the_case():
    # "The cat" against "the cat": overlap 1 of 2 words, 1 // 2 = 0. The case's own note is about
    # lowercasing, which is not this student's mistake, so the hint replaces it.
    result = check.rouge_1(rouge_floor_division)
    assert result.mistake == "rouge-integer-division"
    assert "expected: (0.5, 0.5, 0.5)" in result.message and "got:      (0.0, 0.0, 0.0)" in result.message
    assert "lowercasing" not in result.message


def test_a_power_without_parentheses_shows_its_number():
    result = check.sentence_bleu(bleu_power_without_parentheses)
    # "the cat is on" against "the cat is on the mat": p_n = 1, so 1 ** 1 / 4 = 0.25, times BP = exp(-0.5).
    assert f"got:      {0.25 * math.exp(-0.5):.10g}" in result.message
    assert f"expected: {math.exp(-0.5):.10g}" in result.message


def test_a_failing_check_runs_each_case_once():
    calls = []

    def counted_bp_inverted(candidate, references):
        if all(isinstance(token, str) for token in candidate):  # not the swapped-arguments test's call
            calls.append(len(candidate))
        return bp_inverted(candidate, references)

    result = check.brevity_penalty(counted_bp_inverted)
    assert result.mistake == "bp-inverted"
    assert len(calls) == result.cases_total == len(cases.brevity_cases())


def test_a_failing_float_shows_both_values():
    result = check.brevity_penalty(bp_inverted)
    # The smallest failing case: c = 2 ("the cat"), r = 6: BP = exp(1 - 6/2) = exp(-2).
    assert f"expected: {math.exp(-2):.10g}" in result.message
    assert "got:      1.0" in result.message


def test_an_exception_is_reported_with_its_type_message_and_line():
    result = check.brevity_penalty(bp_no_zero_guard)
    assert result.status == "exception"
    assert "raised:   ZeroDivisionError: division by zero" in result.message
    assert "in bp_no_zero_guard, line" in result.message and "math.exp(1 - r / c)" in result.message


def test_any_exception_is_feedback_not_a_crash():
    def broken(candidate, references):
        raise KeyError("oops")

    result = check.sentence_bleu(broken)
    assert not result.passed and result.status == "exception"
    assert "KeyError: 'oops'" in result.message


BAD_RETURNS = [
    ("ngrams", lambda tokens, n: None, "forget the return statement"),
    ("ngrams", lambda tokens, n: [tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)],
     "Counter(list_of_ngrams)"),
    ("ngrams", lambda tokens, n: Counter(" ".join(tokens[i:i + n]) for i in range(len(tokens) - n + 1)),
     "not strings such as"),
    ("modified_precision", lambda c, refs, n: 0.5, "not one number"),
    ("modified_precision", lambda c, refs, n: (1, 2, 3), "pair of whole numbers"),
    ("brevity_penalty", lambda c, refs: "1.0", "Return a number"),
    ("brevity_penalty", lambda c, refs: (1.0, len(c)), "Return a number"),
    ("sentence_bleu", lambda c, refs: float("nan"), "nan"),
    ("corpus_bleu", lambda cands, refs: object(), "Return a number"),
    ("rouge_1", lambda c, ref: {"precision": 1.0}, "three numbers"),
    ("rouge_1", lambda c, ref: (1.0, "x", 1.0), "Return a number"),
]


@pytest.mark.parametrize("name, wrong, words", BAD_RETURNS)
def test_a_wrong_return_type_is_feedback_not_a_crash(name, wrong, words):
    result = getattr(check, name)(wrong)
    assert not result.passed and result.status == "bad-return"
    assert words in result.hint, result.message


def test_changing_the_arguments_is_reported_and_does_not_spoil_other_cases():
    def sorts_references(candidate, references):
        references.sort(key=len)  # changes the caller's list
        return brevity_penalty(candidate, references)

    result = check.brevity_penalty(sorts_references)
    assert not result.passed and result.status == "mutated"
    assert "changed its argument references" in result.message
    # The check's own data is intact: the right function still passes afterwards.
    assert check.brevity_penalty(brevity_penalty).passed


def test_not_a_function_and_wrong_signature_are_explained():
    result = check.ngrams(ngrams(["a"], 1))
    assert not result.passed and result.status == "not-callable"
    assert "check.ngrams(ngrams)" in result.message
    result = check.ngrams(modified_precision)
    assert not result.passed and "cannot be called with 2 arguments" in result.headline


def test_printing_inside_the_students_function_is_allowed(capsys):
    def chatty(tokens, n):
        print("debug", n)
        return ngrams(tokens, n)

    assert check.ngrams(chatty).passed


# ---------------------------------------------------------------- the batteries' expected values


def test_precision_battery_matches_the_paper():
    # Papineni et al. (2002), section 2.1: 17/18, 8/14, 2/7 and (bigrams) 10/17.
    expected = [(17, 18), (8, 14), (2, 7), (10, 17)]
    battery = cases.precision_cases()[:4]
    assert [cases.expected_precision(*copy.deepcopy(c.args)) for c in battery] == expected


@pytest.mark.filterwarnings("ignore::UserWarning:nltk")  # nltk warns about zero n-gram overlaps
def test_sentence_and_corpus_batteries_match_nltk():
    from nltk.translate import bleu_score

    for case in cases.sentence_cases():
        candidate, references = case.args
        ours = cases.expected_sentence(*copy.deepcopy(case.args))
        theirs = bleu_score.sentence_bleu(references, candidate) if candidate else 0.0
        assert ours == pytest.approx(theirs, abs=1e-9), case.label  # nltk: about 1e-78 for a 0
    for case in cases.corpus_cases():
        candidates, references = case.args
        ours = cases.expected_corpus(*copy.deepcopy(case.args))
        # nltk counts a sentence without n-grams of some order as one phantom n-gram of that
        # order; by hand instead:
        if not all(candidates):
            # sentence 1 matches fully (p_n = 1); c = 6 + 0, r = 6 + 2, so BLEU = BP = exp(1 - 8/6).
            assert ours == pytest.approx(math.exp(1 - 8 / 6), abs=1e-12), case.label
            continue
        if case.label == "a tie in reference length inside a corpus":
            # every n-gram matches (p_n = 1); c = 6 + 3, r = 6 + 2 (the shorter of 4 and 2): BP = 1.
            assert ours == pytest.approx(1.0, abs=1e-12)
            continue
        theirs = bleu_score.corpus_bleu(references, candidates)
        assert ours == pytest.approx(theirs, abs=1e-9), case.label


def test_brevity_battery_matches_nltk():
    from nltk.translate.bleu_score import brevity_penalty as nltk_bp
    from nltk.translate.bleu_score import closest_ref_length

    for case in cases.brevity_cases():
        candidate, references = case.args
        theirs = nltk_bp(closest_ref_length(references, len(candidate)), len(candidate))
        assert cases.expected_brevity(*copy.deepcopy(case.args)) == pytest.approx(theirs, abs=1e-12), case.label


def test_rouge_battery_matches_rouge_score_and_a_hand_computation():
    from rouge_score import rouge_scorer

    for case in cases.rouge_cases():
        candidate, reference = case.args
        theirs = rouge_scorer._score_ngrams(rouge_scorer._create_ngrams(reference, 1),
                                            rouge_scorer._create_ngrams(candidate, 1))
        ours = cases.expected_rouge(*copy.deepcopy(case.args))
        assert ours == pytest.approx((theirs.precision, theirs.recall, theirs.fmeasure), abs=1e-12), case.label
    # "the the the the" against "the cat sat on the mat": overlap min(4, 2) = 2, P = 2/4, R = 2/6, F = 0.4.
    assert cases.expected_rouge(["the"] * 4, "the cat sat on the mat".split()) == pytest.approx((0.5, 1 / 3, 0.4))


# ---------------------------------------------------------------- notebooks: stubs, solutions, staleness


def _namespace_of(notebook, only_tag=None):
    """Run the code cells that define functions (not the check calls) and return what they defined."""
    namespace = {}
    for cell in notebook.cells:
        if cell.cell_type != "code" or build.calls_check(cell.source):
            continue
        if build.RAISES_TAG in cell.metadata.get("tags", []):  # uses a stub the student has not written
            continue
        if only_tag and only_tag not in cell.metadata.get("tags", []):
            continue
        exec(compile(cell.source, "<cell>", "exec"), namespace)
    return namespace


def _checked_functions(notebook):
    return [(name, fn) for cell in notebook.cells if cell.cell_type == "code"
            for name, fn in build.check_calls(cell.source)]


def test_there_are_solution_notebooks_for_every_check():
    assert len(SOLUTIONS) >= 3
    checked = {name for path in SOLUTIONS for name, _ in _checked_functions(nbformat.read(path, as_version=4))}
    assert checked == set(check.CHECK_NAMES)


@pytest.mark.parametrize("path", SOLUTIONS, ids=[p.stem for p in SOLUTIONS])
def test_solutions_pass_every_check(path):
    notebook = nbformat.read(path, as_version=4)
    namespace = _namespace_of(notebook)
    calls = _checked_functions(notebook)
    assert calls
    for name, function_name in calls:
        result = getattr(check, name)(namespace[function_name])
        assert result.passed, result.message


@pytest.mark.parametrize("path", SOLUTIONS, ids=[p.stem for p in SOLUTIONS])
def test_student_stubs_fail_every_check(path):
    student = build.student_notebook(nbformat.read(path, as_version=4))
    namespace = _namespace_of(student)
    for name, function_name in _checked_functions(student):
        result = getattr(check, name)(namespace[function_name])
        assert not result.passed and result.status == "not-implemented", result.message


@pytest.mark.parametrize("path", SOLUTIONS, ids=[p.stem for p in SOLUTIONS])
def test_student_notebooks_are_up_to_date(path):
    """Fails when a solution notebook changed and `make exercises` was not run."""
    expected = build.student_notebook(nbformat.read(path, as_version=4))
    student_path = path.parents[1] / path.name
    assert student_path.exists(), f"{student_path.name} is missing: run `make exercises`"
    stored = nbformat.read(student_path, as_version=4)
    assert [(c.cell_type, c.source) for c in stored.cells] == [(c.cell_type, c.source) for c in expected.cells], (
        f"{student_path.name} is stale: run `make exercises`"
    )


@pytest.mark.parametrize("path", SOLUTIONS, ids=[p.stem for p in SOLUTIONS])
def test_stored_outputs_show_failing_stubs_and_passing_solutions(path):
    for notebook_path, mark in ((path, "✓ check."), (path.parents[1] / path.name, "✗ not implemented yet")):
        notebook = nbformat.read(notebook_path, as_version=4)
        code = [c for c in notebook.cells if c.cell_type == "code"]
        assert all(c.execution_count for c in code), f"{notebook_path.name} was not executed"
        assert [c.execution_count for c in code] == list(range(1, len(code) + 1)), notebook_path.name
        for cell in code:
            if build.calls_check(cell.source):
                text = "".join(o.get("data", {}).get("text/plain", "") for o in cell.outputs)
                assert text.startswith(mark), (notebook_path.name, cell.source, text)


def test_stub_keeps_signature_and_docstring():
    source = (
        "# SOLUTION\n"
        "import math\n"
        "from collections import Counter\n\n"
        "def f(tokens,\n      n):\n"
        '    """Say what it does.\n\n    More text.\n    """\n'
        "    x = 1  # the answer\n"
        "    return x\n\n"
        "LIMIT = 3\n"
    )
    stub = build.stub_source(source)
    assert stub == (
        "import math\n"
        "from collections import Counter\n\n\n"
        "def f(tokens,\n      n):\n"
        '    """Say what it does.\n\n    More text.\n    """\n'
        '    raise NotImplementedError("your code here")\n'
    )
    namespace = {}
    exec(stub, namespace)
    with pytest.raises(NotImplementedError):
        namespace["f"]([], 1)


def test_a_changed_solution_makes_its_student_notebook_stale(tmp_path):
    solutions, out = tmp_path / "solutions", tmp_path / "out"
    solutions.mkdir()
    out.mkdir()
    notebook = nbformat.read(SOLUTIONS[0], as_version=4)
    nbformat.write(notebook, solutions / SOLUTIONS[0].name)
    build.build(solutions, out, run=False, log=lambda *a: None)
    assert build.stale(solutions, out) == []
    assert build.main(["--check", "--solutions", str(solutions), "--out", str(out)]) == 0
    notebook.cells[1].source += "\n\nOne more sentence."
    nbformat.write(notebook, solutions / SOLUTIONS[0].name)
    assert build.stale(solutions, out) == [SOLUTIONS[0].name]
    assert build.main(["--check", "--solutions", str(solutions), "--out", str(out)]) == 1


def test_student_notebook_drops_instructor_notes_and_keeps_everything_else():
    solution = nbformat.read(SOLUTIONS[0], as_version=4)
    student = build.student_notebook(solution)
    notes = [c for c in solution.cells if c.cell_type == "markdown" and "solution" in c.metadata.get("tags", [])]
    assert notes and len(student.cells) == len(solution.cells) - len(notes)
    assert all("NotImplementedError" in c.source for c in student.cells if "exercise" in c.metadata.get("tags", []))
    assert not any("# SOLUTION" in c.source for c in student.cells)
    assert solution.cells[0].metadata.get("tags") == ["solution"]  # the argument is not changed


@pytest.mark.notebooks
def test_a_student_fills_the_stubs_of_lab_1_and_sees_the_checks_pass():
    """What a student does after `make lab`: fill in the functions, run the notebook in a kernel."""
    from nbclient import NotebookClient

    student = nbformat.read(ROOT / "notebooks" / "exercises" / "lab1_ngrams_and_precision.ipynb", as_version=4)
    answers = {
        "ngrams": "def ngrams(tokens, n):\n"
                  "    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))\n",
        "modified_precision": "def modified_precision(candidate, references, n):\n"
                              "    clip = Counter()\n"
                              "    for reference in references:\n"
                              "        clip |= ngrams(reference, n)  # | keeps the larger count\n"
                              "    counts = ngrams(candidate, n)\n"
                              "    return sum((counts & clip).values()), sum(counts.values())\n",
    }
    for cell in student.cells:
        for name, source in answers.items():
            if "exercise" in cell.metadata.get("tags", []) and f"def {name}(" in cell.source:
                cell.source = source
    NotebookClient(student, kernel_name="python3", timeout=120,
                   resources={"metadata": {"path": str(ROOT / "notebooks" / "exercises")}}).execute()
    shown = [o["data"]["text/plain"] for c in student.cells if c.cell_type == "code" and build.calls_check(c.source)
             for o in c.outputs if o.output_type == "execute_result"]
    assert shown == ["✓ check.ngrams: your ngrams passes all 8 cases.",
                     "✓ check.modified_precision: your modified_precision passes all 9 cases."]


# ------------------------------------------------ feedback that finds the real mistake (issue 9, section 6)


def seed_style_precision(candidate, references, n):
    """The seed lab's 'precision': walk the reference's n-grams and divide by their number (a recall)."""
    reference = references[0]
    reference_counts = Counter(tuple(reference[i:i + n]) for i in range(len(reference) - n + 1))
    candidate_counts = Counter(tuple(candidate[i:i + n]) for i in range(len(candidate) - n + 1))
    kept = sum(min(count, candidate_counts[gram]) for gram, count in reference_counts.items())
    return kept, sum(reference_counts.values())


def test_a_seed_style_precision_is_told_it_computes_recall():
    result = check.modified_precision(seed_style_precision)
    assert not result.passed and result.mistake == "mp-reference-total", result.message
    assert "computes recall" in result.hint and "CANDIDATE" in result.hint


def _module_with(source: str) -> dict:
    namespace = {"Counter": Counter, "math": math}
    exec(source, namespace)
    return namespace


WRONG_NGRAMS = '''
def ngrams(tokens, n):
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n))  # misses the last n-gram

def modified_precision(candidate, references, n):
    ceiling = Counter()
    for reference in references:
        for gram, count in ngrams(reference, n).items():
            ceiling[gram] = max(ceiling[gram], count)
    counts = ngrams(candidate, n)
    return sum(min(c, ceiling[g]) for g, c in counts.items()), sum(counts.values())
'''


def test_a_failure_caused_by_a_wrong_helper_names_the_helper():
    namespace = _module_with(WRONG_NGRAMS)
    result = check.modified_precision(namespace["modified_precision"])
    assert not result.passed and result.status == "helper" and result.helper == "ngrams"
    assert "calls your ngrams, and ngrams is wrong: fix ngrams first" in result.headline
    assert result.mistake == "ngrams-missing-last" and "last n-gram" in result.message
    # the right modified_precision with the right ngrams passes
    assert check.modified_precision(_module_with(WRONG_NGRAMS.replace("len(tokens) - n)", "len(tokens) - n + 1)"))[
        "modified_precision"]).passed


def test_a_helper_is_not_blamed_when_the_function_itself_passes():
    namespace = _module_with(WRONG_NGRAMS + '''
def brevity_penalty(candidate, references):
    c = len(candidate)
    r = min((len(x) for x in references), key=lambda L: (abs(L - c), L))
    return 1.0 if c > r else (math.exp(1 - r / c) if c else 0.0)
''')
    assert check.brevity_penalty(namespace["brevity_penalty"]).passed  # does not call ngrams at all


def bleu_clip_and_bp_wrong(candidate, references):
    """Two mistakes at once: no clipping and an inverted brevity test."""
    c = len(candidate)
    r = min((len(x) for x in references), key=lambda L: (abs(L - c), L))
    logs = []
    for n in range(1, 5):
        grams = [tuple(candidate[i:i + n]) for i in range(len(candidate) - n + 1)]
        seen = {tuple(ref[i:i + n]) for ref in references for i in range(len(ref) - n + 1)}
        matches = sum(1 for g in grams if g in seen)
        if not grams or not matches:
            return 0.0
        logs.append(math.log(matches / len(grams)))
    bp = 1.0 if c < r else math.exp(1 - r / c)
    return bp * math.exp(sum(logs) / 4)


def test_one_message_gives_one_hint():
    result = check.sentence_bleu(bleu_clip_and_bp_wrong)
    assert not result.passed
    assert result.message.count("Hint:") == 1
    assert "This case:" not in result.message or result.mistake is None
    hint = result.hint or ""
    assert not ("clip" in hint.lower() and "brevity" in hint.lower()), result.message


def test_the_smallest_failing_case_is_shown():
    def precision_no_clip_local(candidate, references, n):
        return precision_no_clip(candidate, references, n)

    result = check.modified_precision(precision_no_clip_local)
    failing = [c for c in cases.precision_cases()
               if precision_no_clip(*copy.deepcopy(c.args)) != cases.expected_precision(*copy.deepcopy(c.args))]
    smallest = min(failing, key=lambda c: cases.size(c.args))
    assert result.case == smallest.label


def test_partial_credit_counts_the_passing_cases():
    result = check.modified_precision(precision_no_clip)
    right = sum(precision_no_clip(*copy.deepcopy(c.args)) == cases.expected_precision(*copy.deepcopy(c.args))
                for c in cases.precision_cases())
    assert (result.cases_passed, result.cases_total) == (right, len(cases.precision_cases()))
    assert 0 < result.fraction < 1
    assert check.modified_precision(modified_precision).fraction == 1.0


# ------------------------------------------------ which case the message shows, and what its first line says


def test_the_first_line_counts_the_passing_cases_before_naming_the_failing_one():
    """'case 8 of 8 fails' read as '7 of 8 pass' when none passed: the count of passing cases comes first."""
    result = check.ngrams(ngrams_swapped)  # fails every case
    header = result.headline
    # Not the empty sentence, which is smaller: an ordinary case comes before the edge cases, so a
    # function wrong everywhere is not sent to the empty input (and its note) first.
    # Every case raises the same TypeError: the header says so rather than single out this case.
    assert header == "✗ check.ngrams: 0 of 8 cases pass; every case fails the same way, for example case 8: one token"
    assert "of 8 fails" not in result.summary and "This case:" not in result.message
    assert result.summary.startswith(header + " (expected Counter({('cat',): 1}), raised TypeError")


def test_one_passing_case_is_singular():
    result = check.brevity_penalty(bp_inverted)  # right only for the empty candidate
    assert (result.cases_passed, result.cases_total) == (1, 10)
    assert result.message.startswith("✗ check.brevity_penalty: 1 of 10 cases passes; ")


def _failing_labels(name, wrong):
    from bleu_lab.exercises.runner import _same

    failing = []
    for case in getattr(cases, CASES[name])():
        expected = case.answer if case.answer is not None else EXPECTED[name](*copy.deepcopy(case.args))
        try:
            answer = wrong(*copy.deepcopy(case.args))
        except Exception:
            failing.append(case)
            continue
        if isinstance(answer, Counter):
            answer = {gram: count for gram, count in answer.items() if count}
        if not _same(tuple(answer) if isinstance(answer, list) else answer, expected):
            failing.append(case)
    return failing


@pytest.mark.parametrize("name, wrong, key, words", MISTAKES, ids=[m[1].__name__ for m in MISTAKES])
def test_the_first_line_calls_a_case_the_smallest_only_when_it_is(name, wrong, key, words):
    result = getattr(check, name)(wrong)
    header = result.headline
    smallest = min(_failing_labels(name, wrong), key=lambda c: cases.size(c.args))
    if "the smallest failing one is" in header:
        assert result.case == smallest.label, header
    else:  # an ordinary case shown before a smaller edge case, or a case that shows the mistake
        assert (result.case != smallest.label or "shows the mistake best" in header
                or "every case fails the same way" in header or "only by chance" in header), header
        assert ("start with failing case" in header or "shows the mistake best" in header
                or "every case fails the same way" in header or "only by chance" in header), header


@pytest.mark.parametrize("wrong", [seed_style_precision, precision_reference_total], ids=lambda f: f.__name__)
def test_a_recall_is_shown_on_the_seven_thes_not_on_the_empty_candidate(wrong):
    """The empty candidate's (0, 3) for (0, 0) does not show a recall; the paper's seven "the"s do.

    By hand: 'the' occurs 7 times in the candidate and at most twice in one reference ("the cat is
    on the mat"), so the clipped matches are 2 and the candidate has 7 unigrams: (2, 7). Dividing by
    the first reference's unigrams instead gives (2, 6).
    """
    result = check.modified_precision(wrong)
    seven = cases.precision_cases()[2]
    assert seven.args[0] == ["the"] * 7 and "mp-reference-total" in seven.shows
    assert result.mistake == "mp-reference-total" and result.case == seven.label, result.message
    assert result.headline == (
        f"✗ check.modified_precision: 0 of 9 cases pass; the failing case that shows the mistake best is "
        f"case 3: {seven.label}")
    assert "expected: (2, 7)" in result.message and "got:      (2, 6)" in result.message
    assert "computes recall" in result.hint
    assert "(expected (2, 7), got (2, 6))" in result.summary  # what the grader's CSV gets


def precision_closest_reference_total(candidate, references, n):
    """Divides by the n-grams of the reference closest in length: right on the seven "the"s (7 and 7)."""
    matches, _ = modified_precision(candidate, references, n)
    reference = min(references, key=lambda r: (abs(len(r) - len(candidate)), len(r)))
    return matches, max(0, len(reference) - n + 1)


def test_a_case_that_shows_a_mistake_is_shown_only_if_the_answer_there_is_that_mistake():
    result = check.modified_precision(precision_closest_reference_total)
    assert result.mistake == "mp-reference-total"
    # The seven "the"s pass here (7 and 7), so they are not shown; the first ordinary failing case is.
    # By hand: "the cat the cat the cat" has 6 tokens, 5 bigrams; the->cat clips to 2 (twice in the
    # second reference), cat->the to 0: (2, 5). The closest reference (5 tokens) has 4 bigrams: (2, 4).
    assert result.case == "a repeated bigram against several references", result.message
    assert "start with failing case 7" in result.headline
    assert "expected: (2, 5)" in result.message and "got:      (2, 4)" in result.message


@pytest.mark.parametrize("name", check.CHECK_NAMES)
def test_every_case_shows_only_mistakes_it_can_tell(name):
    """Case.shows names HINTS keys, and some built-in version of each mistake gets that case wrong."""
    spec_mistakes = getattr(mistakes, CASES[name].replace("_cases", "_mistakes"))()
    for case in getattr(cases, CASES[name])():
        expected = case.answer if case.answer is not None else EXPECTED[name](*copy.deepcopy(case.args))
        for key in case.shows:
            assert key in HINTS, (case.label, key)
            answers = [wrong(*copy.deepcopy(case.args)) for k, wrong in spec_mistakes if k == key]
            assert any(answer != expected for answer in answers), (case.label, key)


# ------------------------------------------------ review: hints that matched by chance, helpers, the notes


def test_a_total_one_short_is_not_called_a_recall():
    """On the seven "the"s a total of len(candidate) - n gives the recall's answer, by chance.

    By hand: 'the' is clipped to 2 (its count in "the cat is on the mat"), the candidate has 7
    unigrams: (2, 7). A total one short gives 7 - 1 = 6: (2, 6), which is also 2 / 6, dividing by the
    first reference's 6 words. Elsewhere the two differ: candidate 1 of the paper has 18 words, so
    (17, 17) against a recall's (_, 16).
    """
    result = check.modified_precision(precision_total_off_by_one)
    assert precision_total_off_by_one(["the"] * 7, cases.CAT_REFERENCES, 1) == (2, 6)
    assert result.mistake == "mp-total-off-by-one", result.message
    assert "recall" not in result.message


def bp_wrong_only_for_the_empty_candidate(candidate, references):
    if not candidate:
        return 1.0  # should be 0.0
    return brevity_penalty(candidate, references)


def test_a_brevity_penalty_wrong_only_for_the_empty_candidate_is_not_called_inverted():
    """An inverted condition also gives 1.0 for c = 0 < r = 3, but it is wrong on 9 of the 10 cases; this one on 1."""
    result = check.brevity_penalty(bp_wrong_only_for_the_empty_candidate)
    assert (result.cases_passed, result.cases_total) == (9, 10)
    assert result.mistake is None and result.case == "an empty candidate", result.message
    assert "inverted" not in result.message and "Hint:" not in result.message and result.hint is None
    # the case's own note is shown, labelled as the case's, and reaches the grader's one-line summary
    assert "  This case: The candidate is empty: it has no n-grams and length c = 0." in result.message
    assert result.note.startswith("The candidate is empty") and result.note.endswith("(BLEU is 0 anyway).")
    assert result.summary.endswith("This case: " + result.note)


def test_clipping_by_the_minimum_is_not_called_distinct_matches():
    """By hand, "the cat the cat the cat" against "the cat sat" and "the cat and the cat", bigrams:
    ('the', 'cat') 3 times, at most 2 in one reference (the minimum is 1); ('cat', 'the') twice, in
    neither. Right: min(3, 2) = 2 of 5 bigrams; clipping by the minimum: 1 of 5.
    """
    result = check.modified_precision(precision_clip_min)
    assert result.case == "a repeated bigram against several references"
    assert "expected: (2, 5)" in result.message and "got:      (1, 5)" in result.message
    assert result.mistake == "mp-clip-min" and "distinct" not in result.message


def bleu_total_off_by_one(candidate, references):
    """Right brevity penalty, but every n-gram total one short (len - n): no usual mistake of sentence BLEU."""
    logs = []
    for n in range(1, 5):
        matches, total = modified_precision(candidate, references, n)
        total -= 1
        if matches == 0 or total <= 0:
            return 0.0
        logs.append(math.log(matches / total))
    return brevity_penalty(candidate, references) * math.exp(sum(logs) / 4)


def test_a_case_note_is_labelled_as_the_case_not_as_a_hint():
    """"Hint: c = 4 < r = 6: BP = exp(1 - 6/4)" was printed for a BLEU whose brevity penalty is right."""
    result = check.sentence_bleu(bleu_total_off_by_one)
    assert result.mistake is None and result.case == "a short candidate (brevity penalty)", result.message
    # "the cat is on" has 1 trigram, so a total one short makes p3 = 1/0: this version returns 0.0
    assert "expected: 0.6065306597" in result.message and "got:      0.0" in result.message  # exp(1 - 6/4)
    assert "  This case: c = 4 < r = 6: BP = exp(1 - 6/4)." in result.message
    assert "Hint:" not in result.message


def test_a_helper_is_blamed_only_if_a_right_helper_makes_the_function_pass():
    """ngrams raises on [], but this modified_precision never passes it []: its own bug is the clip by the sum."""
    namespace = _module_with('''
def ngrams(tokens, n):
    if not tokens:
        raise ValueError("no tokens")
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))

def modified_precision(candidate, references, n):
    if not candidate:
        return 0, 0
    ceiling = Counter()
    for reference in references:
        ceiling += ngrams(reference, n)  # the sum over the references
    counts = ngrams(candidate, n)
    return sum(min(c, ceiling[g]) for g, c in counts.items()), sum(counts.values())
''')
    assert not check.ngrams(namespace["ngrams"]).passed
    result = check.modified_precision(namespace["modified_precision"])
    assert result.status == "failed" and result.helper is None, result.message
    assert result.mistake == "mp-clip-sum" and "fix ngrams first" not in result.message
    with pytest.raises(ValueError):  # the right ngrams was swapped into a copy, not into the student's namespace
        namespace["ngrams"]([], 1)


def rouge_lowercased(candidate, reference):
    return rouge_1([w.lower() for w in candidate], [w.lower() for w in reference])


def test_rouge_1_that_lowercases_fails_the_case_with_capitals():
    """By hand: "The cat" against "the cat": only 'cat' is shared, P = R = 1/2, F = 2 * 1/4 / 1 = 1/2."""
    case = [c for c in cases.rouge_cases() if c.args == ("The cat".split(), "the cat".split())]
    assert len(case) == 1
    assert cases.expected_rouge(*copy.deepcopy(case[0].args)) == (0.5, 0.5, 0.5)
    result = check.rouge_1(rouge_lowercased)
    assert (result.cases_passed, result.cases_total) == (len(cases.rouge_cases()) - 1, len(cases.rouge_cases()))
    assert result.case == case[0].label and "got:      (1.0, 1.0, 1.0)" in result.message
    assert "no lowercasing" in result.message


def test_a_decimal_is_a_number_and_a_string_is_told_what_to_return():
    from decimal import Decimal

    assert check.brevity_penalty(lambda c, refs: Decimal(repr(brevity_penalty(c, refs)))).passed
    assert check.modified_precision(lambda c, refs, n: tuple(map(Decimal, modified_precision(c, refs, n)))).passed
    assert check.ngrams(lambda tokens, n: {gram: Decimal(k) for gram, k in ngrams(tokens, n).items()}).passed
    result = check.brevity_penalty(lambda c, refs: str(brevity_penalty(c, refs)))
    assert result.hint.startswith("Return a number, such as the float 0.25; you returned '")
    assert result.hint.endswith("(a str).")


def test_a_rounded_answer_is_told_not_to_round():
    """By hand: c = 2, r = 6 gives exp(1 - 6/2) = exp(-2) = 0.13533528...; rounded to 6 places 0.135335."""
    result = check.brevity_penalty(bp_rounded)
    assert result.mistake == "rounded" and result.case == "a candidate shorter than its reference"
    assert f"expected: {math.exp(-2):.10g}" in result.message and "got:      0.135335" in result.message
    assert "don't round" in result.hint
    wrong = check.brevity_penalty(lambda c, refs: brevity_penalty(c, refs) * 1.001)  # not a rounding: 3 digits
    assert wrong.mistake is None and "round" not in wrong.message


SOLUTION_LABS = sorted(p.stem for p in (ROOT / "notebooks" / "exercises" / "solutions").glob("*.ipynb"))


@pytest.mark.parametrize("lab", SOLUTION_LABS)
def test_the_nbgrader_version_names_the_stub_nbgrader_writes(lab):
    # nbgrader's ClearSolutions puts its default code stub, "# YOUR CODE HERE" then "raise NotImplementedError()",
    # where a solution region was; the instructions must name that, not bleu_lab's own stub line.
    solution = nbformat.read(ROOT / "notebooks" / "exercises" / "solutions" / f"{lab}.ipynb", as_version=4)
    text = "\n".join(c.source for c in build.nbgrader_notebook(solution).cells if c.cell_type == "markdown")
    assert "`# YOUR CODE HERE` and `raise NotImplementedError()`" in text
    assert 'NotImplementedError("your code here")' not in text


# ------------------------------------------------ review of a student's walkthrough (constant stubs, helpers, ...)


@pytest.mark.parametrize("name, stub, passed_by_chance", [
    # By hand: BP is 1 for the paper's candidate 1 (c = r = 18), the two longer candidates and the tie
    # "the cat sat on mats" (c = 5 > r = 4): 4 of its 10 cases, by chance.
    ("brevity_penalty", lambda candidate, references: 1.0, 4),
    # By hand: 0 is right for the empty candidate, the one shorter than 4 tokens and the paper's
    # candidate 2 (no matching 3-gram): 3 of 11.
    ("sentence_bleu", lambda candidate, references: 0, 3),
    # An empty Counter is right for the sentence shorter than n and the empty one: 2 of 8.
    ("ngrams", lambda tokens, n: Counter(), 2),
    # (0.0, 0.0, 0.0) is right for no word in common, the empty candidate and the empty reference: 3 of 9.
    ("rouge_1", lambda candidate, reference: (0.0, 0.0, 0.0), 3),
])
def test_a_function_that_ignores_its_input_earns_nothing_and_is_told_so(name, stub, passed_by_chance):
    result = getattr(check, name)(stub)
    assert result.cases_passed == passed_by_chance and result.fraction == 0.0, result.message
    assert result.mistake == "constant" and "by chance" in result.headline, result.message
    assert "inverted" not in result.message and "This case:" not in result.message
    assert "same answer for every ordinary input" in result.hint


def test_a_stub_that_answers_the_empty_input_right_and_1_otherwise_is_constant_too():
    result = check.brevity_penalty(lambda candidate, references: 1.0 if candidate else 0.0)
    assert result.mistake == "constant" and result.fraction == 0.0
    assert "returns 1.0 for every input but the edge cases" in result.headline


def test_a_slice_that_misses_the_first_ngram_is_not_told_it_misses_the_last():
    """By hand: the bigrams of "the cat sat on the mat" are (the, cat), (cat, sat), (sat, on), (on, the),
    (the, mat). Starting at 1 misses (the, cat); stopping one short misses (the, mat)."""
    first = check.ngrams(ngrams_missing_first)
    assert first.mistake == "ngrams-missing-first" and "first n-gram" in first.hint and "last" not in first.hint
    assert first.case == "bigrams of a short sentence" and "missing:  ('the', 'cat')" in first.message
    last = check.ngrams(ngrams_missing_last)
    assert last.mistake == "ngrams-missing-last" and "missing:  ('the', 'mat')" in last.message


def test_a_guarded_slice_one_past_the_end_is_right():
    """range(len(tokens) - n + 2) with a guard on the length keeps only the L - n + 1 full n-grams."""
    assert check.ngrams(lambda tokens, n: Counter(
        tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 2) if len(tokens[i:i + n]) == n)).passed


@pytest.mark.parametrize("order", [1, 2, 3, 4])
def test_an_order_fixed_in_the_code_is_named_for_every_order_of_bleu(order):
    def fixed(tokens, n):
        return Counter(tuple(tokens[i:i + order]) for i in range(len(tokens) - order + 1))

    assert check.ngrams(fixed).mistake == "ngrams-ignores-n"


LAB1_STUB_NGRAMS = '''
def ngrams(tokens, n):
    """Count the n-grams."""
    raise NotImplementedError("your code here")
''' + "def modified_precision" + WRONG_NGRAMS.split("def modified_precision", 1)[1]

BLEU_ON_PRECISION = '''
def brevity_penalty(candidate, references):
    c = len(candidate)
    r = min((len(x) for x in references), key=lambda L: (abs(L - c), L))
    return 1.0 if c > r else (math.exp(1 - r / c) if c else 0.0)

def sentence_bleu(candidate, references):
    logs = []
    for n in range(1, 5):
        matches, total = modified_precision(candidate, references, n)
        if matches == 0 or total == 0:
            return 0.0
        logs.append(math.log(matches / total))
    return brevity_penalty(candidate, references) * math.exp(sum(logs) / 4)
'''


def test_an_unfinished_helper_is_named_instead_of_not_implemented_yet():
    namespace = _module_with(LAB1_STUB_NGRAMS + BLEU_ON_PRECISION)
    assert check.ngrams(namespace["ngrams"]).status == "not-implemented"
    result = check.modified_precision(namespace["modified_precision"])
    assert result.status == "helper" and result.helper == "ngrams", result.message
    assert "not implemented yet" not in result.message
    assert result.headline.startswith("✗ check.modified_precision: your modified_precision calls ngrams, which is "
                                      "not written yet")
    # written right: with a right ngrams it passes all 8 cases, so it keeps its 3 points in the grader
    assert result.fraction == 1.0 and "passes all 9 cases, so it keeps its points" in " ".join(result.message.split())
    # sentence_bleu reaches the stub through modified_precision
    result = check.sentence_bleu(namespace["sentence_bleu"])
    assert result.helper == "ngrams" and "needs (through the functions it calls) ngrams" in result.headline


def test_a_wrong_helper_costs_its_caller_no_points_when_a_right_one_makes_it_pass():
    namespace = _module_with(WRONG_NGRAMS)
    assert check.ngrams(namespace["ngrams"]).fraction < 1  # the helper loses its own points
    result = check.modified_precision(namespace["modified_precision"])
    assert result.status == "helper" and result.fraction == 1.0
    assert "so it keeps its points" in " ".join(result.message.split())


def test_a_wrong_helper_under_a_caller_with_a_bug_of_its_own_costs_only_the_callers_bug():
    """ngrams misses the last n-gram and modified_precision clips by the sum over the references.

    By hand, with a right ngrams the sum-clip is right wherever one reference has the n-gram or
    none clips: 6 of the 9 cases (the paper's candidate 1 unigrams, bigrams and 4-grams (each 4-gram
    occurs once), candidate 2, the short and the empty candidate); the seven "the"s (the: 2 + 2 = 4, not 2) and the two
    repeated-word cases fail. The function itself, with its ngrams, passes only the 2 edge cases.
    """
    namespace = _module_with(WRONG_NGRAMS.replace(
        '''    for reference in references:
        for gram, count in ngrams(reference, n).items():
            ceiling[gram] = max(ceiling[gram], count)''', '''    for reference in references:
        ceiling += ngrams(reference, n)'''))
    result = check.modified_precision(namespace["modified_precision"])
    assert result.status == "failed" and result.cases_passed == 2, result.message
    assert result.fraction == 6 / 9
    assert "Your ngrams fails its own check too" in " ".join(result.message.split())


def test_a_caller_with_a_wrong_helper_and_a_bug_of_its_own_runs_twice_per_case():
    """Once as written, once with a right ngrams in its helper's place; never a third time to explain it."""
    source = CLIP_SUM_ON_WRONG_NGRAMS.replace(
        "def modified_precision(candidate, references, n):\n",
        "def modified_precision(candidate, references, n):\n    CALLS.append(repr(candidate)[:40])\n")
    assert "CALLS" in source
    namespace = _module_with(source)
    namespace["CALLS"] = calls = []
    result = check.modified_precision(namespace["modified_precision"])
    assert result.mistake == "mp-clip-sum"
    as_written = [call for call in calls if not call.startswith("[[")]  # not the swapped-arguments test's
    assert len(as_written) == 2 * result.cases_total


def test_a_failure_that_is_the_same_on_every_case_is_not_about_one_case():
    def bleu_name_error(candidate, references):
        return undefined_name  # noqa: F821

    result = check.sentence_bleu(bleu_name_error)
    assert "every case fails the same way" in result.headline
    # not the case's note about the brevity penalty, nor the empty candidate's hint
    assert "This case:" not in result.message and result.hint is None
    assert "NameError" in result.message


@pytest.mark.parametrize("digits", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("name", ["brevity_penalty", "sentence_bleu", "corpus_bleu", "rouge_1"])
def test_an_answer_rounded_to_any_number_of_digits_gets_the_rounding_hint(name, digits):
    right = {"brevity_penalty": brevity_penalty, "sentence_bleu": sentence_bleu, "corpus_bleu": corpus_bleu,
             "rouge_1": rouge_1}[name]

    def rounded(*args):
        value = right(*args)
        return tuple(round(v, digits) for v in value) if isinstance(value, tuple) else round(value, digits)

    result = getattr(check, name)(rounded)
    assert result.mistake == "rounded", result.message
    assert f"rounded to {digits} digits" in " ".join(result.hint.split())


def test_the_corpus_boundary_case_teaches_boundaries_not_0_over_0_again():
    """By hand: "the cat sat down" / "a dog ran away" against "the cat sat down" / "then a dog ran away".

    Each sentence alone: every n-gram matches (4/4, 3/3, 2/2, 1/1), so p1..p4 = 8/8, 6/6, 4/4, 2/2;
    c = 8, r = 4 + 5 = 9, BLEU = BP = exp(1 - 9/8) = 0.8824969... Joined into one sentence, the
    n-grams across the join ("down a", "sat down a", "down a dog", ...) do not match "down then a":
    p2..p4 = 6/7, 4/6, 2/5 and BLEU = exp(-1/8) * (6/7 * 4/6 * 2/5) ** (1/4), about 0.6102.
    """
    case = [c for c in cases.corpus_cases() if c.label == "n-grams must not cross sentence boundaries"][0]
    assert case.on_error is None and "0/0" not in case.note
    assert math.isclose(cases.expected_corpus(*copy.deepcopy(case.args)), math.exp(1 - 9 / 8), rel_tol=1e-12)
    assert math.isclose(corpus_bleu(*copy.deepcopy(case.args)), math.exp(1 - 9 / 8), rel_tol=1e-12)
    result = check.corpus_bleu(corpus_concatenate)
    assert result.mistake == "corpus-concatenate" and result.case == case.label, result.message
    assert "got:      0.61019504" in result.message


def _wrong_only_on(name, label):
    """The right function of ``name``, but 0.5 on the case labelled ``label``: the message shows that case."""
    case_args = [c.args for c in getattr(cases, CASES[name])() if c.label == label][0]

    def wrong(*args):
        return 0.5 if list(args) == list(case_args) else RIGHT[name](*args)

    return wrong


def _all_messages():
    for name, wrong, _, _ in MISTAKES:
        yield getattr(check, name)(wrong)
    namespace = _module_with(LAB1_STUB_NGRAMS + BLEU_ON_PRECISION)
    yield check.sentence_bleu(namespace["sentence_bleu"])
    yield check.modified_precision(_module_with(WRONG_NGRAMS)["modified_precision"])
    yield check.ngrams(modified_precision)  # a wrong signature
    yield check.ngrams(lambda tokens, n: (_ for _ in ()).throw(NotImplementedError))  # a stub
    # every case of the checks with the longest inputs, shown
    for name in ("sentence_bleu", "corpus_bleu"):
        for case in getattr(cases, CASES[name])():
            yield getattr(check, name)(_wrong_only_on(name, case.label))
    # reports nested in reports: sentence_bleu -> modified_precision -> ngrams, each indented by 2
    yield check.sentence_bleu(_module_with(WRONG_NGRAMS + BLEU_ON_PRECISION)["sentence_bleu"])
    yield check.sentence_bleu(_module_with(CLIP_SUM_ON_WRONG_NGRAMS + BLEU_ON_PRECISION)["sentence_bleu"])
    yield check.modified_precision(_module_with(CLIP_SUM_ON_WRONG_NGRAMS)["modified_precision"])


def test_every_line_of_feedback_fits_a_projector():
    """First lines were up to 176 characters, the paper's token lists up to 146, corpus inputs 106.

    Now at most 92 each, in a report nested in another report (indented by 2 for each level) too.
    """
    for result in _all_messages():
        too_wide = [line for line in result.message.splitlines() if len(line) > 92]
        assert not too_wide, result.message


def test_the_papers_long_sentences_are_shown_by_their_names():
    from bleu_lab.exercises import runner

    shown = [c for c in cases.sentence_cases() if c.args[0] == cases.PAPER_CANDIDATE_1][0]

    assert runner._show_input(shown.args[0], 0) == "check.PAPER_CANDIDATE_1"
    assert runner._example_comment(shown.args[0]) == (
        "  # 18 tokens: it is a guide ... of the party")
    assert runner._show_input(shown.args[1], 0) == "check.PAPER_REFERENCES"
    # any other long token list: its first and last tokens and its length, not 146 characters
    long = "a b c d e f g h i j k l m n o p q r s t u v w x y z".split() * 2
    assert runner._show_input(long, 0) == '"a b c d ... x y z" (52 tokens)'
    # in a report: the name, pasteable in the lab (check is imported there), and what it holds
    result = check.sentence_bleu(lambda candidate, references: sentence_bleu(candidate, references)
                                 if candidate != cases.PAPER_CANDIDATE_1 else 0.5)
    assert "    candidate  = check.PAPER_CANDIDATE_1  # 18 tokens: it is a guide ... of the party" in result.message
    assert "    references = check.PAPER_REFERENCES  # 3 references, of 16, 18 and 16 tokens" in result.message


# ---------------------------------------------------------------- review 45: helpers not defined, own bugs, chains

RIGHT_MODIFIED_PRECISION = '''
def modified_precision(candidate, references, n):
    ceiling = Counter()
    for reference in references:
        for gram, count in ngrams(reference, n).items():
            ceiling[gram] = max(ceiling[gram], count)
    counts = ngrams(candidate, n)
    return sum(min(c, ceiling[g]) for g, c in counts.items()), sum(counts.values())
'''
RIGHT_NGRAMS = '''
def ngrams(tokens, n):
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))
'''


def test_a_helper_that_is_not_defined_is_named_and_costs_its_caller_nothing():
    """sentence_bleu calls brevity_penalty, whose cell did not run: no NameError case, full credit.

    By hand, with a right brevity_penalty this sentence_bleu (BLEU_ON_PRECISION, on a right
    modified_precision) is right on all 11 cases, so it keeps its points: 11/11 = 1.0.
    """
    source = RIGHT_NGRAMS + RIGHT_MODIFIED_PRECISION + "def sentence_bleu" + BLEU_ON_PRECISION.split(
        "def sentence_bleu", 1)[1]
    namespace = _module_with(source)
    assert "brevity_penalty" not in namespace
    result = check.sentence_bleu(namespace["sentence_bleu"])
    assert result.status == "helper" and result.helper == "brevity_penalty", result.message
    text = " ".join(result.message.split())
    assert text.startswith("✗ check.sentence_bleu: your sentence_bleu calls brevity_penalty, which is not "
                           "defined (its cell did not run, or has an error): run or fix that cell first")
    assert "NameError" not in text and "This case:" not in text
    assert result.fraction == 1.0 and "only brevity_penalty loses points" in text
    assert "only brevity_penalty loses points" in result.summary


def test_a_missing_ngrams_under_modified_precision_is_named_too():
    namespace = _module_with(RIGHT_MODIFIED_PRECISION)
    result = check.modified_precision(namespace["modified_precision"])
    assert result.status == "helper" and result.helper == "ngrams" and result.fraction == 1.0, result.message
    assert "calls ngrams, which is not defined" in " ".join(result.message.split())


def test_a_name_error_of_the_functions_own_is_still_its_own_bug():
    def bleu_typo(candidate, references):
        return brevity_penalti(candidate, references)  # noqa: F821

    result = check.sentence_bleu(bleu_typo)
    assert result.status == "exception" and result.fraction == 0.0


CLIP_SUM_ON_WRONG_NGRAMS = WRONG_NGRAMS.replace(
    '''    for reference in references:
        for gram, count in ngrams(reference, n).items():
            ceiling[gram] = max(ceiling[gram], count)''', '''    for reference in references:
        ceiling += ngrams(reference, n)''')


def test_the_callers_own_bug_is_explained_with_a_right_helper():
    """ngrams misses the last n-gram; modified_precision clips by the sum over the references.

    With a right ngrams, the smallest failing case is "the cat the cat the cat" (bigrams) against
    "the cat sat" and "the cat and the cat": ('the', 'cat') x3 clipped by 1 + 2 = 3 instead of
    max(1, 2) = 2, ('cat', 'the') x2 in neither reference: 3 matches of 5 where the right answer is
    2 of 5. With the student's ngrams both numbers were mixed with its own bug: (2, 4).
    """
    result = check.modified_precision(_module_with(CLIP_SUM_ON_WRONG_NGRAMS)["modified_precision"])
    assert result.case == "a repeated bigram against several references", result.message
    assert "expected: (2, 5)" in result.message and "got:      (3, 5)" in result.message
    assert result.mistake == "mp-clip-sum" and "SUM" in result.hint
    text = " ".join(result.message.split())
    assert "Below, your modified_precision is run with a right ngrams" in text
    # the credit (6 of 9, see test_a_wrong_helper_under_a_caller_...) is what the first line says
    assert result.fraction == 6 / 9
    assert result.headline.startswith("✗ check.modified_precision: 6 of 9 cases pass with a right ngrams "
                                      "(2 with your ngrams)")
    assert "2 of 9 cases pass" not in result.summary
    assert "Your ngrams fails its own check too" in result.summary and "SUM" in result.summary


def test_a_helper_that_fails_only_through_its_own_helper_is_not_blamed():
    """sentence_bleu and modified_precision are right; only ngrams (missing the last n-gram) is wrong."""
    namespace = _module_with(WRONG_NGRAMS + BLEU_ON_PRECISION)
    result = check.sentence_bleu(namespace["sentence_bleu"])
    text = " ".join(result.message.split())
    assert result.fraction == 1.0, result.message
    assert text.startswith("✗ check.sentence_bleu: your sentence_bleu calls your modified_precision, which "
                           "fails because of your ngrams: fix ngrams first")
    assert "only ngrams loses points" in text and "only modified_precision" not in text
    assert result.culprits == ("ngrams",)


def test_an_unwritten_ngrams_two_levels_down_is_the_one_that_loses_points():
    namespace = _module_with(LAB1_STUB_NGRAMS + BLEU_ON_PRECISION)
    result = check.sentence_bleu(namespace["sentence_bleu"])
    text = " ".join(result.message.split())
    assert "only ngrams loses points" in text and "only modified_precision" not in text, result.message


def bp_rounded_to_whole_numbers(candidate, references):
    return round(brevity_penalty(candidate, references))  # round(x): 0 digits, an int


def bp_truncated(candidate, references):
    return int(brevity_penalty(candidate, references) * 100) / 100  # cut off after 2 digits


def test_rounding_to_whole_numbers_and_cutting_off_digits_are_told_not_to():
    """By hand: BP for c = 2, r = 6 is exp(-2) = 0.1353...: round gives 0, int(13.53) / 100 gives 0.13;
    for c = 4, r = 6, exp(-0.5) = 0.6065...: round gives 1, truncation 0.60 (rounding would give 0.61)."""
    result = check.brevity_penalty(bp_rounded_to_whole_numbers)
    assert result.mistake == "rounded" and "rounded to whole numbers" in " ".join(result.hint.split())
    result = check.brevity_penalty(bp_truncated)
    assert result.mistake == "truncated", result.message
    assert "cut off after 2 digits" in " ".join(result.hint.split())
    assert "got:      0.6" in check.brevity_penalty(
        lambda c, refs: bp_truncated(c, refs) if c == "the cat is on".split() else brevity_penalty(c, refs)).message


def test_a_wrong_type_gets_one_explanation_and_an_int_is_an_int():
    result = check.brevity_penalty(lambda candidate, references: f"{brevity_penalty(candidate, references):.4f}")
    assert result.status == "bad-return" and "This case:" not in result.message, result.message
    result = check.ngrams(lambda tokens, n: Counter({0: 1}) if tokens else Counter())
    assert "one key is 0 (an int)" in result.message, result.message


@pytest.mark.parametrize("wrong, label", [
    (corpus_average, "one long and one short sentence"),
    (corpus_sentence_bp, "one long and one short sentence"),
    (corpus_zero_inside_the_loop, "a sentence with no 4-gram match inside a corpus that has some"),
])
def test_corpus_mistakes_are_shown_on_the_case_built_for_them(wrong, label):
    """By hand, "one long and one short sentence": c = 7 + 5 = 12, r = 6 + 6 = 12, so the corpus BP is
    exp(1 - 12/12) = 1; per sentence the short one (c = 5 < r = 6) has BP exp(1 - 6/5) < 1, so an
    average of sentence scores or of penalties differs there, and not across a sentence boundary."""
    result = check.corpus_bleu(wrong)
    assert result.case == label and result.hint, result.message
    assert "This case:" not in result.message


def test_a_function_stopped_by_the_student_is_told_which_case_it_was_on():
    # Jupyter's stop button raises KeyboardInterrupt inside the loop that never ends; the check then
    # names the case instead of printing a traceback through the checker. Here the function raises it
    # itself on the one input where a buggy version would loop: "the cat" with n = 3 (2 tokens < 3).
    # Defined as a notebook defines them: globals of one namespace, so the caller's ngrams is found.
    notebook = {"Counter": Counter}
    exec(
        "def ngrams(tokens, n):\n"
        "    if len(tokens) < n:\n"
        "        raise KeyboardInterrupt\n"
        "    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))\n"
        "\n"
        "def modified_precision(candidate, references, n):\n"
        "    ngrams(candidate, n)\n"
        "    return 0, 0\n",
        notebook,
    )
    result = check.ngrams(notebook["ngrams"])
    assert not result.passed and result.fraction == 0 and result.status == "interrupted"
    assert result.case == "a sentence shorter than n"
    assert "stopped while your ngrams was running on case 5 of check.ngrams" in result.message
    assert 'tokens = "the cat".split()' in result.message

    caller = check.modified_precision(notebook["modified_precision"])  # stopped inside its helper
    assert caller.status == "interrupted"
    assert "stopped while your modified_precision (or your ngrams, which it calls) was" in " ".join(
        line.strip() for line in caller.message.splitlines())
    assert all(len(line) <= 92 for line in caller.message.splitlines())


def test_a_constant_that_passes_nothing_is_not_said_to_pass_by_chance():
    # 0.5 is no case's answer (by hand: the BPs are 1, exp(1 - r/c) < 1 with r != c, and 0), so 0 pass.
    result = check.brevity_penalty(lambda candidate, references: 0.5)
    assert result.mistake == "constant" and result.cases_passed == 0
    assert result.headline.startswith("✗ check.brevity_penalty: 0 of 10 cases pass: your")
    assert "by chance" not in result.headline


def test_a_librarys_not_implemented_error_is_the_students_call_not_an_unfinished_helper():
    # Counter.fromkeys always raises NotImplementedError: the student's code is written, and wrong.
    result = check.ngrams(lambda tokens, n: Counter.fromkeys(tokens))
    assert result.status == "exception" and "not written yet" not in result.message
    assert "not implemented yet" not in result.message
    assert "raised:   NotImplementedError: Counter.fromkeys() is undefined" in result.message


def test_a_function_stopped_on_swapped_arguments_still_gets_feedback():
    # The swapped-arguments test calls the function with a case's arguments in the other order; a
    # stop there matches no case, and the check must still answer (it raised StopIteration once).
    def brevity_penalty(candidate, references):
        if candidate and isinstance(candidate[0], list):  # references first: the swapped call
            raise KeyboardInterrupt
        return 0.0

    result = check.brevity_penalty(brevity_penalty)
    assert result.status == "interrupted" and not result.passed
    assert "stopped while your brevity_penalty was running. It may never finish" in result.headline


def test_the_truncation_hint_shows_the_digits_the_student_kept():
    # Cut off after 3 digits: the hint's example must be int(x * 1000) / 1000, not the 2-digit one.
    import math

    def brevity_penalty(candidate, references):
        return math.trunc(cases.expected_brevity(candidate, references) * 1000) / 1000

    result = check.brevity_penalty(brevity_penalty)
    assert result.mistake == "truncated" and "int(x * 1000) / 1000" in result.hint, result.message
