"""Golden values: BLEU's worked examples and hand calculations, each written out in the test.

Expected numbers come from Papineni et al. (2002) or from the arithmetic in the
comments, never from bleu_lab itself.
"""

import math

import pytest

from bleu_lab import (
    bleu_from_stats,
    brevity_penalty,
    corpus_bleu,
    modified_precision,
    ngrams,
    sentence_bleu,
)

TOL = 1e-12

# Papineni et al. (2002), section 2.1, example 2.
THE_CANDIDATE = "the the the the the the the"
THE_REFERENCES = ["The cat is on the mat.", "There is a cat on the mat."]

# Papineni et al. (2002), section 2.1, example 1 (tokens as in the paper: no final period).
PAPER_CANDIDATE_1 = "It is a guide to action which ensures that the military always obeys the commands of the party"
PAPER_CANDIDATE_2 = "It is to insure the troops forever hearing the activity guidebook that party direct"
PAPER_REFERENCES = [
    "It is a guide to action that ensures that the military will forever heed Party commands",
    "It is the guiding principle which guarantees the military forces always being under the command of the Party",
    "It is the practical guide for the army always to heed the directions of the party",
]


# --- modified n-gram precision (section 2.1) ---------------------------------------------


def test_the_the_the_unclipped_and_clipped():
    p = modified_precision(THE_CANDIDATE, THE_REFERENCES, 1, lowercase=True)
    # Standard unigram precision: all 7 "the" occur in a reference -> 7/7.
    assert p.unclipped_matches == 7
    assert p.total == 7
    # Clipped: "the" occurs at most twice in one reference (reference 1, lowercased) -> 2/7.
    assert p.matches == 2
    assert p.value == pytest.approx(2 / 7, abs=TOL)


def test_plain_precision_before_clipping_by_hand():
    # Papineni et al. (2002), 2.1: every "the" occurs in some reference, so plain precision is 7/7.
    assert modified_precision(THE_CANDIDATE, THE_REFERENCES, 1, lowercase=True).unclipped_value == 1.0
    # "the dog the dog" against "the cat": both "the" are found, no "dog": plain 2/4, clipped 1/4.
    p = modified_precision("the dog the dog", ["the cat"], 1)
    assert (p.unclipped_value, p.value) == (2 / 4, 1 / 4)
    # A candidate shorter than n has no n-grams: 0.0, as for the clipped value.
    assert modified_precision("cat", ["the cat"], 2).unclipped_value == 0.0


def test_the_the_the_case_sensitive_clip_is_one():
    # Without lowercasing, reference 1 has "The" and "the": only 1 lowercase "the" per reference -> 1/7.
    p = modified_precision(THE_CANDIDATE, THE_REFERENCES, 1)
    assert (p.matches, p.total) == (1, 7)


def test_each_word_clipped_by_a_different_reference():
    # "cat" x3 is clipped by reference 1 (max 2 "cat"), "the" x4 by reference 2 (max 3 "the").
    # Clipping takes the max count of each n-gram over references separately:
    #   min(3, max(2, 0)) + min(4, max(1, 3)) = 2 + 3 = 5 -> 5/7
    # (the best single reference would only give min(3,2)+min(4,1) = 3 or 0+3 = 3).
    candidate = "cat cat cat the the the the"
    references = ["the cat cat", "the the the mat"]
    p = modified_precision(candidate, references, 1)
    assert (p.matches, p.total) == (5, 7)
    assert p.unclipped_matches == 7
    by_gram = {m.ngram: m for m in p.ngrams}
    assert (by_gram[("cat",)].reference_count, by_gram[("cat",)].clipped) == (2, 2)
    assert (by_gram[("the",)].reference_count, by_gram[("the",)].clipped) == (3, 3)


def test_paper_candidate_1_unigram_17_of_18():
    # 18 words; every word but "obeys" occurs in some reference. "the" occurs 3 times in the
    # candidate and 4 times in reference 2 (and 3), so it is not clipped: 17/18.
    p = modified_precision(PAPER_CANDIDATE_1, PAPER_REFERENCES, 1, tokenize="none")
    assert (p.matches, p.total) == (17, 18)
    assert p.value == pytest.approx(17 / 18, abs=TOL)


def test_paper_candidate_1_bigram_10_of_17():
    # Matching bigrams: "It is", "is a", "a guide", "guide to", "to action" (ref 1), "ensures that",
    # "that the", "the military" (ref 1), "of the" (refs 2, 3), "the party" (ref 3) -> 10 of 17.
    p = modified_precision(PAPER_CANDIDATE_1, PAPER_REFERENCES, 2, tokenize="none")
    assert (p.matches, p.total) == (10, 17)


def test_paper_candidate_2_unigram_8_of_14_bigram_1_of_13():
    # Unigrams: It, is, to, the, forever, the, that, party -> 8 of 14 (the paper's 8/14).
    # Bigrams: only "It is" -> 1 of 13 (the paper's 1/13).
    p1 = modified_precision(PAPER_CANDIDATE_2, PAPER_REFERENCES, 1, tokenize="none")
    p2 = modified_precision(PAPER_CANDIDATE_2, PAPER_REFERENCES, 2, tokenize="none")
    assert (p1.matches, p1.total) == (8, 14)
    assert (p2.matches, p2.total) == (1, 13)


def test_paper_token_lists_give_the_same_counts():
    tokens = PAPER_CANDIDATE_1.split()
    p = modified_precision(tokens, [r.split() for r in PAPER_REFERENCES], 1)
    assert (p.matches, p.total) == (17, 18)


def test_ngrams_hand_count():
    # "the cat the cat": bigrams (the,cat) x2 and (cat,the) x1.
    assert ngrams(["the", "cat", "the", "cat"], 2) == {("the", "cat"): 2, ("cat", "the"): 1}
    assert ngrams(["the"], 2) == {}


def test_precision_of_an_order_longer_than_the_candidate_is_zero_over_zero():
    p = modified_precision("the cat", ["the cat"], 3)
    assert (p.matches, p.total, p.value) == (0, 0, 0.0)


# --- brevity penalty (section 2.2.2) ---------------------------------------------------


@pytest.mark.parametrize(
    "candidate, references, c, r, expected",
    [
        # c > r -> 1
        ("a b c d e f g", ["a b c d e"], 7, 5, 1.0),
        # c == r -> 1 (exp(1 - 1) = 1)
        ("a b c d e", ["x y z w v"], 5, 5, 1.0),
        # c < r -> exp(1 - r/c) = exp(1 - 6/4) = exp(-0.5)
        ("a b c d", ["a b c d e f"], 4, 6, math.exp(1 - 6 / 4)),
        # c = 0 -> 0
        ("", ["a b c"], 0, 3, 0.0),
        # tie: references of 4 and 6 tokens are both 1 away from c = 5 -> the shorter, r = 4; c > r -> 1
        # (taking the longer would give exp(1 - 6/5)).
        ("a b c d e", ["a b c d e f", "a b c d"], 5, 4, 1.0),
        # closest of 12, 15, 17 to c = 12 is 12 (the paper's example in section 2.2.2) -> 1
        (" ".join("w" * 12), [" ".join("x" * 12), " ".join("y" * 15), " ".join("z" * 17)], 12, 12, 1.0),
        # closest of 13 and 2 to c = 12 is 13 -> exp(1 - 13/12)
        (" ".join("w" * 12), [" ".join("x" * 13), " ".join("y" * 2)], 12, 13, math.exp(1 - 13 / 12)),
    ],
)
def test_brevity_penalty_cases(candidate, references, c, r, expected):
    bp = brevity_penalty(candidate, references)
    assert (bp.candidate_length, bp.reference_length) == (c, r)
    assert bp.value == pytest.approx(expected, abs=TOL)


def test_tie_rule_does_not_depend_on_reference_order():
    for references in (["a b c d e f", "a b c d"], ["a b c d", "a b c d e f"]):
        assert brevity_penalty("a b c d e", references).reference_length == 4


# --- whole BLEU (section 2.3) --------------------------------------------------------------


def test_cat_mat_single_reference():
    # "a cat is on the mat" vs "the cat is on the mat":
    # p1 = 5/6 (all but "a"), p2 = 4/5 (all but "a cat"), p3 = 3/4, p4 = 2/3; c = r = 6, BP = 1.
    expected = (5 / 6 * 4 / 5 * 3 / 4 * 2 / 3) ** (1 / 4)  # = (1/3) ** 0.25 = 0.7598...
    result = sentence_bleu("a cat is on the mat", ["the cat is on the mat"])
    assert result.counts == [5, 4, 3, 2]
    assert result.totals == [6, 5, 4, 3]
    assert result.brevity_penalty == 1.0
    assert result.score == pytest.approx(expected, abs=TOL)
    assert round(result.score, 4) == 0.7598


def test_cat_mat_two_references_gives_0_8409():
    # The 0.8409 = (1/2) ** (1/4) comes from two references:
    #   candidate  "a cat is on the mat"
    #   reference 1 "the cat is on the mat", reference 2 "there is a cat on the mat"
    # p1 = 6/6 ("a" is in reference 2)
    # p2 = 5/5 ("a cat" ref 2; "cat is", "is on" ref 1; "on the", "the mat" both)
    # p3 = 3/4 ("cat is on", "is on the", "on the mat"; not "a cat is")
    # p4 = 2/3 ("cat is on the", "is on the mat"; not "a cat is on")
    # c = 6, reference lengths 6 and 7 -> r = 6, BP = 1.
    expected = (6 / 6 * 5 / 5 * 3 / 4 * 2 / 3) ** (1 / 4)  # = 0.5 ** 0.25 = 0.8409...
    result = sentence_bleu("a cat is on the mat", ["the cat is on the mat", "there is a cat on the mat"])
    assert result.counts == [6, 5, 3, 2]
    assert result.totals == [6, 5, 4, 3]
    assert (result.candidate_length, result.reference_length) == (6, 6)
    assert result.score == pytest.approx(expected, abs=TOL)
    assert round(result.score, 4) == 0.8409


def test_short_candidate_gets_brevity_penalty():
    # "the cat" vs "the cat is on the mat", max order 2: p1 = 2/2, p2 = 1/1; c = 2, r = 6.
    # BLEU = exp(1 - 6/2) * (1 * 1) ** (1/2) = exp(-2)
    result = sentence_bleu("the cat", ["the cat is on the mat"], max_order=2)
    assert result.score == pytest.approx(math.exp(-2), abs=TOL)


def test_unsmoothed_bleu_is_zero_when_an_order_has_no_match():
    # "the cat" has no trigram at all: p3 = 0/0 -> BLEU 0 without smoothing.
    result = sentence_bleu("the cat", ["the cat"])
    assert result.score == 0.0
    assert result.counts == [2, 1, 0, 0]
    assert result.totals == [2, 1, 0, 0]


def test_empty_candidate_scores_zero_with_a_breakdown():
    result = sentence_bleu("", ["the cat is on the mat"])
    assert result.score == 0.0
    assert result.counts == [0, 0, 0, 0]
    assert result.totals == [0, 0, 0, 0]
    assert (result.candidate_length, result.reference_length) == (0, 6)
    assert result.brevity_penalty == 0.0
    text = result.explain()
    assert "c = 0" in text and "r = 6" in text
    assert "\n" not in str(result)


def test_empty_candidate_with_every_smoothing_is_zero():
    for smoothing in ("none", "floor", "add-k", "exp", "method1", "method2", "method3", "method4"):
        assert sentence_bleu("", ["the cat"], smoothing=smoothing).score == 0.0


def test_identical_sentences_score_one():
    result = sentence_bleu("the cat is on the mat", ["the cat is on the mat"])
    assert result.score == 1.0
    assert result.precisions == [1.0, 1.0, 1.0, 1.0]


def test_custom_weights_hand_calculation():
    # weights (0.5, 0.5): "a cat is on the mat" vs "the cat is on the mat" -> sqrt(5/6 * 4/5) = sqrt(2/3).
    result = sentence_bleu("a cat is on the mat", ["the cat is on the mat"], weights=(0.5, 0.5))
    assert result.score == pytest.approx(math.sqrt(2 / 3), abs=TOL)
    # Non-uniform weights (0.7, 0.3, 0, 0): exp(0.7 ln 5/6 + 0.3 ln 4/5).
    result = sentence_bleu("a cat is on the mat", ["the cat is on the mat"], weights=(0.7, 0.3, 0, 0))
    assert result.score == pytest.approx(math.exp(0.7 * math.log(5 / 6) + 0.3 * math.log(4 / 5)), abs=TOL)


def test_max_order_two_hand_calculation():
    result = sentence_bleu("a cat is on the mat", ["the cat is on the mat"], max_order=2)
    assert result.counts == [5, 4]
    assert result.score == pytest.approx((5 / 6 * 4 / 5) ** 0.5, abs=TOL)


def test_corpus_sums_statistics_instead_of_averaging():
    # Sentence 1: "a cat is on the mat" vs "the cat is on the mat": 5/6, 4/5, 3/4, 2/3, c = r = 6.
    # Sentence 2: "the dog" vs "the dog barks": 2/2, 1/1, 0/0, 0/0, c = 2, r = 3.
    # Corpus: 7/8, 5/6, 3/4, 2/3; c = 8, r = 9 -> exp(1 - 9/8) * (7/8 * 5/6 * 3/4 * 2/3) ** 0.25
    expected = math.exp(1 - 9 / 8) * (7 / 8 * 5 / 6 * 3 / 4 * 2 / 3) ** 0.25
    result = corpus_bleu(["a cat is on the mat", "the dog"], [["the cat is on the mat"], ["the dog barks"]])
    assert result.counts == [7, 5, 3, 2]
    assert result.totals == [8, 6, 4, 3]
    assert (result.candidate_length, result.reference_length) == (8, 9)
    assert result.score == pytest.approx(expected, abs=TOL)
    # The mean of the sentence scores is something else: sentence 2 alone scores 0 (no trigram).
    assert sentence_bleu("the dog", ["the dog barks"]).score == 0.0


# --- smoothing by hand ----------------------------------------------------------------------

# Google's NASA rover example: c = 11, r = 13 (13a tokens, the final "." is a token).
ROVER_REFERENCE = "The NASA Opportunity rover is battling a massive dust storm on Mars."
ROVER_CANDIDATE = "The Opportunity rover is combating a big sandstorm on Mars."
# Matches: unigrams The, Opportunity, rover, is, a, on, Mars, "." -> 8/11;
# bigrams "Opportunity rover", "rover is", "on Mars", "Mars ." -> 4/10;
# trigrams "Opportunity rover is", "on Mars ." -> 2/9; 4-grams none -> 0/8.
ROVER_BP = math.exp(1 - 13 / 11)


@pytest.mark.parametrize(
    "smoothing, precisions",
    [
        ("none", None),  # p4 = 0 -> BLEU 0
        ("exp", [8 / 11, 4 / 10, 2 / 9, 1 / (2 * 8)]),  # first empty order: 1 / (2^1 * total)
        ("floor", [8 / 11, 4 / 10, 2 / 9, 0.1 / 8]),  # zero count -> 0.1
        ("add-k", [8 / 11, (4 + 1) / (10 + 1), (2 + 1) / (9 + 1), (0 + 1) / (8 + 1)]),  # orders >= 2
        ("method1", [8 / 11, 4 / 10, 2 / 9, 0.1 / 8]),  # epsilon 0.1
        ("method2", [8 / 11, 5 / 11, 3 / 10, 1 / 9]),  # +1 on orders >= 2
        ("method3", [8 / 11, 4 / 10, 2 / 9, 1 / 16]),  # NIST geometric sequence
        ("method4", [8 / 11, 4 / 10, 2 / 9, math.log(11) / (2 * 5) / 8]),  # 1/(2^k * K/ln c), K = 5
    ],
)
def test_rover_smoothing_by_hand(smoothing, precisions):
    result = sentence_bleu(ROVER_CANDIDATE, [ROVER_REFERENCE], smoothing=smoothing)
    assert result.counts == [8, 4, 2, 0]
    assert result.totals == [11, 10, 9, 8]
    assert (result.candidate_length, result.reference_length) == (11, 13)
    assert result.brevity_penalty == pytest.approx(ROVER_BP, abs=TOL)
    if precisions is None:
        assert result.score == 0.0
        return
    assert result.precisions == pytest.approx(precisions, abs=TOL)
    expected = ROVER_BP * math.exp(sum(math.log(p) for p in precisions) / 4)
    assert result.score == pytest.approx(expected, abs=TOL)


def test_floor_with_a_custom_value():
    # floor 0.5: p4 = 0.5 / 8
    result = sentence_bleu(ROVER_CANDIDATE, [ROVER_REFERENCE], smoothing="floor", smooth_value=0.5)
    expected = ROVER_BP * (8 / 11 * 4 / 10 * 2 / 9 * 0.5 / 8) ** 0.25
    assert result.score == pytest.approx(expected, abs=TOL)


def test_effective_order_on_a_short_candidate():
    # "the cat" vs "the cat sat": totals [2, 1, 0, 0]; effective order stops at n = 2:
    # BLEU = exp(1 - 3/2) * (2/2 * 1/1) ** (1/2) = exp(-0.5)
    result = sentence_bleu("the cat", ["the cat sat"], effective_order=True)
    assert result.score == pytest.approx(math.exp(-0.5), abs=TOL)
    assert sentence_bleu("the cat", ["the cat sat"]).score == 0.0
    # Explicit uniform weights are re-weighted the same way: 1/2 each over the two orders used.
    weighted = sentence_bleu("the cat", ["the cat sat"], effective_order=True, weights=(0.25, 0.25, 0.25, 0.25))
    assert weighted.score == pytest.approx(math.exp(-0.5), abs=TOL)
    assert weighted.weights == (0.5, 0.5)


# --- scoring from statistics alone ------------------------------------------------------------


def test_bleu_from_stats_without_text():
    # Section 2.3 arithmetic with made-up counts: (5/6 * 4/5 * 3/4 * 2/3) ** (1/4).
    result = bleu_from_stats([5, 4, 3, 2], [6, 5, 4, 3], 6, 6)
    assert result.score == pytest.approx((1 / 3) ** 0.25, abs=TOL)
    assert result.counts == [5, 4, 3, 2]
    assert result.totals == [6, 5, 4, 3]
    assert result.brevity_penalty == 1.0


def test_bleu_from_stats_brevity_and_order():
    # c = 4, r = 6: exp(1 - 6/4) * (3/4 * 1/3) ** (1/2)
    result = bleu_from_stats([3, 1], [4, 3], 4, 6, max_order=2)
    assert result.score == pytest.approx(math.exp(-0.5) * (3 / 4 * 1 / 3) ** 0.5, abs=TOL)


def test_bleu_from_stats_zero_match_order_is_zero_and_corpus_sums_match():
    assert bleu_from_stats([0, 0, 0, 0], [3, 2, 1, 0], 3, 6).score == 0.0
    # Summing two sentences' statistics by hand gives the corpus score.
    corpus = corpus_bleu(["a cat is on the mat", "the dog"], [["the cat is on the mat"], ["the dog barks"]])
    from_sums = bleu_from_stats([5 + 2, 4 + 1, 3 + 0, 2 + 0], [6 + 2, 5 + 1, 4 + 0, 3 + 0], 6 + 2, 6 + 3)
    assert from_sums.score == pytest.approx(corpus.score, abs=TOL)


def test_bleu_from_stats_has_an_explanation_but_no_ngrams():
    result = bleu_from_stats([5, 4, 3, 2], [6, 5, 4, 3], 6, 6)
    assert "0.7598" in result.explain()
    with pytest.raises(ValueError, match="sentence_bleu"):
        result.matched_ngrams(1)
