"""ROUGE-N / ROUGE-L / ROUGE-Lsum: agreement with rouge-score, hand calculations, misuse.

Expected values come from Google's rouge-score package or from the working
written next to each test (Lin 2004 for the formulas).
"""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rouge_score import rouge_scorer

from bleu_lab import RougeResult, rouge_l, rouge_lsum, rouge_n
from bleu_lab.rouge import lcs_pairs, rouge_tokenize

pytestmark = pytest.mark.usefixtures("references_drawn_separately")  # see conftest.py

TOLERANCE = 1e-9
ROUGE_TYPES = ["rouge1", "rouge2", "rouge3", "rougeL", "rougeLsum"]
SCORERS = {stem: rouge_scorer.RougeScorer(ROUGE_TYPES, use_stemmer=stem) for stem in (False, True)}

# Repeated words, case, punctuation, words that stem ("running", "runs" -> "run"),
# a newline (sentence break for ROUGE-Lsum), and letters outside a-z that the default tokenizer drops.
VOCABULARY = [
    "the", "the", "The", "THE", "cat", "cats", "Cat", "mat", "on", "a", "is", "running", "runs",
    "run", "runner", "flies", "fly", "generously", ",", ".", "!", "cat's", "mat.", "\n", "2024",
    "Über", "naïve", "İ", "猫", "snake_case",
]

texts = st.one_of(
    st.just(""),
    st.lists(st.sampled_from(VOCABULARY), min_size=0, max_size=12).map(" ".join),
)


def _ours(candidate, references, stem):
    return {
        "rouge1": rouge_n(candidate, references, 1, stem=stem),
        "rouge2": rouge_n(candidate, references, n=2, stem=stem),
        "rouge3": rouge_n(candidate, references, n=3, stem=stem),
        "rougeL": rouge_l(candidate, references, stem=stem),
        "rougeLsum": rouge_lsum(candidate, references, stem=stem),
    }


@settings(max_examples=500, deadline=None)
@given(candidate=texts, references=st.lists(texts, min_size=1, max_size=3), stem=st.booleans())
def test_agrees_with_rouge_score(candidate, references, stem):
    # rouge-score takes the targets first; bleu_lab the candidate first.
    expected = SCORERS[stem].score_multi(references, candidate)
    ours = _ours(candidate, references, stem)
    for rouge_type in ROUGE_TYPES:
        want, got = expected[rouge_type], ours[rouge_type]
        assert abs(got.precision - want.precision) <= TOLERANCE, rouge_type
        assert abs(got.recall - want.recall) <= TOLERANCE, rouge_type
        assert abs(got.fmeasure - want.fmeasure) <= TOLERANCE, rouge_type


# ---------------------------------------------------------------- hand calculations


def test_rouge_1_hand_calculation():
    # candidate: the feline rests upon the rug   (6 tokens)
    # reference: the cat is on the mat           (6 tokens)
    # shared unigrams: "the" twice in each -> min(2, 2) = 2 matches.
    # P = 2/6, R = 2/6, F = 2PR/(P+R) = 2/6.
    result = rouge_n("the feline rests upon the rug", ["the cat is on the mat"])
    assert (result.matches, result.candidate_total, result.reference_total) == (2, 6, 6)
    assert result.precision == pytest.approx(2 / 6, abs=1e-12)
    assert result.recall == pytest.approx(2 / 6, abs=1e-12)
    assert result.fmeasure == pytest.approx(2 / 6, abs=1e-12)
    assert result.matched_ngrams == {("the",): 2}


def test_rouge_2_and_l_hand_calculation():
    # bigrams of the candidate (the feline, feline rests, rests upon, upon the, the rug) and of the
    # reference (the cat, cat is, is on, on the, the mat) share nothing: ROUGE-2 = 0.
    assert rouge_n("the feline rests upon the rug", ["the cat is on the mat"], n=2).fmeasure == 0.0
    # The LCS is "the ... the": length 2, so P = R = F = 2/6.
    result = rouge_l("the feline rests upon the rug", ["the cat is on the mat"])
    assert result.lcs == ("the", "the")
    assert result.fmeasure == pytest.approx(2 / 6, abs=1e-12)


def test_clipping_by_min():
    # candidate "the the the the" (4 unigrams) vs reference "the cat on the mat" (5 unigrams):
    # "the" occurs 4 times in the candidate, 2 in the reference -> min = 2 matches.
    # P = 2/4, R = 2/5, F = 2 * 0.5 * 0.4 / 0.9 = 4/9.
    result = rouge_n("the the the the", ["the cat on the mat"])
    assert result.matches == 2
    assert result.fmeasure == pytest.approx(4 / 9, abs=1e-12)


def test_lin_rouge_l_example():
    # Lin (2004, section 3.1): reference S1 "police killed the gunman".
    # S2 "police kill the gunman": LCS "police the gunman" = 3, P = R = 3/4.
    # S3 "the gunman kill police": LCS "the gunman" = 2, P = R = 2/4, although ROUGE-2 ties them.
    s1 = "police killed the gunman"
    assert rouge_l("police kill the gunman", [s1]).fmeasure == pytest.approx(0.75)
    assert rouge_l("the gunman kill police", [s1]).fmeasure == pytest.approx(0.5)
    bigram_f = rouge_n("police kill the gunman", [s1], n=2).fmeasure
    assert bigram_f == rouge_n("the gunman kill police", [s1], n=2).fmeasure


def test_lin_union_lcs_example():
    # Lin (2004, section 3.2): r = w1 w2 w3 w4 w5, c1 = w1 w2 w6 w7 w8, c2 = w1 w3 w8 w9 w5.
    # LCS(r, c1) = w1 w2, LCS(r, c2) = w1 w3 w5; union = w1 w2 w3 w5 -> 4 hits.
    # R = 4/5; P = 4/10 (ten candidate tokens); F = 2 * 0.4 * 0.8 / 1.2 = 8/15.
    result = rouge_lsum("w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5", ["w1 w2 w3 w4 w5"])
    assert result.lcs == ("w1", "w2", "w3", "w5")
    assert (result.recall, result.precision) == (pytest.approx(0.8), pytest.approx(0.4))
    assert result.fmeasure == pytest.approx(8 / 15)


def test_lsum_counts_a_token_at_most_min_times():
    # Reference sentences "w1" and "w1"; candidate "w1" (one sentence).
    # Both reference sentences have LCS w1 with the candidate, but the candidate holds w1 once,
    # so only 1 hit (ROUGE-1.5.5's rule): P = 1/1, R = 1/2, F = 2/3.
    result = rouge_lsum("w1", ["w1\nw1"])
    assert result.matches == 1
    assert (result.precision, result.recall) == (1.0, 0.5)
    assert result.fmeasure == pytest.approx(2 / 3)


def test_lsum_without_newlines_equals_rouge_l():
    candidate, reference = "a b c d e", "a c e b d"
    assert rouge_lsum(candidate, [reference]).fmeasure == rouge_l(candidate, [reference]).fmeasure


def test_stemming_hand_calculation():
    # stem=True: "running" and "runs" both become "run" (longer than 3 characters, Porter);
    # candidate "running runs" -> run run, reference "run" -> run: matches = min(2, 1) = 1,
    # P = 1/2, R = 1/1, F = 2/3. Without stemming nothing matches.
    assert rouge_n("running runs", ["run"], stem=True).fmeasure == pytest.approx(2 / 3)
    assert rouge_n("running runs", ["run"]).fmeasure == 0.0
    # Tokens of 3 characters or fewer are not stemmed: "was" stays "was".
    assert rouge_tokenize("was runs", stem=True) == ("was", "run")


def test_default_tokenizer_lowercases_and_drops_punctuation():
    assert rouge_tokenize("The CAT's mat, 2024!") == ("the", "cat", "s", "mat", "2024")
    assert rouge_n("The CAT!", ["the cat"]).fmeasure == 1.0


def test_best_reference_by_fmeasure():
    # Reference 1 shares 1 of 2 words (F = 0.5), reference 2 both (F = 1): reference 2 is reported.
    result = rouge_n("the cat", ["the dog", "the cat"])
    assert (result.reference_index, result.fmeasure) == (1, 1.0)
    # A tie keeps the first reference, as numpy's argmax in rouge-score's score_multi.
    assert rouge_n("the cat", ["the dog", "a cat"]).reference_index == 0


def test_token_lists_are_used_as_given():
    # Not lowercased, not split: "The" differs from "the", so 1 of 2 unigrams match.
    result = rouge_n(["The", "cat"], [["the", "cat"]])
    assert result.fmeasure == pytest.approx(0.5)
    assert rouge_n(["the", "cat"], [["the", "cat"]]).fmeasure == 1.0
    # A token with punctuation stays one token.
    assert rouge_n(["cat."], [["cat"]]).fmeasure == 0.0
    # stem=True stems tokens longer than 3 characters.
    assert rouge_n(["running"], [["runs"]], stem=True).fmeasure == 1.0


def test_empty_candidate_scores_zero():
    for result in (rouge_n("", ["the cat"]), rouge_l("", ["the cat"]), rouge_lsum("", ["the cat"])):
        assert (result.precision, result.recall, result.fmeasure) == (0.0, 0.0, 0.0)


def test_lcs_walks_back_like_rouge_score():
    # reference "a b", candidate "b a": two LCSs of length 1 ("a" and "b"). Walking back from the end,
    # the last tokens differ and both neighbours hold 1, so the walk steps back in the reference and
    # then matches "a": reference index 0 with candidate index 1 (rouge-score's lcs_ind gives [0] too).
    assert lcs_pairs(["a", "b"], ["b", "a"]) == [(0, 1)]
    assert rouge_scorer.lcs_ind(["a", "b"], ["b", "a"]) == [0]
    assert len(lcs_pairs(["a", "b", "c", "b"], ["b", "c", "a", "b"])) == 3


# ---------------------------------------------------------------- non-Latin text

GREEK_CANDIDATE = "Η γάτα κάθεται στο χαλί"
GREEK_REFERENCE = "Η γάτα είναι στο χαλί"


def test_non_latin_text_scores_zero_with_rouge_score_tokenizer():
    # Every Greek letter is outside [a-z0-9], so both texts become empty token lists: 0, as rouge-score.
    expected = SCORERS[False].score(GREEK_REFERENCE, GREEK_CANDIDATE)["rouge1"].fmeasure
    assert expected == 0.0
    assert rouge_n(GREEK_CANDIDATE, [GREEK_REFERENCE]).fmeasure == 0.0
    assert rouge_tokenize(GREEK_CANDIDATE) == ()


def test_non_latin_text_with_unicode_tokenizer():
    # Tokens: η γάτα κάθεται στο χαλί vs η γάτα είναι στο χαλί; 4 of 5 shared -> P = R = F = 4/5.
    result = rouge_n(GREEK_CANDIDATE, [GREEK_REFERENCE], tokenizer="unicode")
    assert result.fmeasure == pytest.approx(4 / 5)
    # LCS: η γάτα στο χαλί = 4 -> 4/5 as well.
    assert rouge_l(GREEK_CANDIDATE, [GREEK_REFERENCE], tokenizer="unicode").fmeasure == pytest.approx(4 / 5)
    assert rouge_tokenize("Café au lait") == ("caf", "au", "lait")
    assert rouge_tokenize("Café au lait", tokenizer="unicode") == ("café", "au", "lait")


# ---------------------------------------------------------------- the result object


def test_result_is_frozen_and_readable():
    result = rouge_n("the cat sat", ["the cat sat down", "a dog"], n=2)
    assert isinstance(result, RougeResult)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.precision = 1.0
    text = str(result)
    assert "\n" not in text and text.startswith("ROUGE-2: P = 1.0000 R = 0.6667 F = 0.8000")
    assert result.matched_ngrams == {("the", "cat"): 1, ("cat", "sat"): 1}
    html = result._repr_html_()
    assert "ROUGE-2" in html and "<table" in html and "underline" in html
    assert "P = 2/2" in result.explain()
    with pytest.raises(ValueError, match="matched_ngrams"):
        _ = result.lcs
    with pytest.raises(ValueError, match="lcs"):
        _ = rouge_l("a b", ["a b"]).matched_ngrams
    assert "union-LCS" in rouge_lsum("a b\nc", ["a c"])._repr_html_()


# ---------------------------------------------------------------- misuse


@pytest.mark.parametrize("function", [rouge_n, rouge_l, rouge_lsum])
def test_string_as_references_is_refused(function):
    with pytest.raises(TypeError, match=r"references is a single string.*\[") as error:
        function("the cat", "the cat")
    assert function.__name__ in str(error.value)


@pytest.mark.parametrize("function", [rouge_n, rouge_l, rouge_lsum])
def test_empty_references_are_refused(function):
    with pytest.raises(ValueError, match="references is empty"):
        function("the cat", [])


@pytest.mark.parametrize("n, error", [(0, ValueError), (-1, ValueError), (1.5, TypeError), (True, TypeError)])
def test_bad_n_is_refused(n, error):
    with pytest.raises(error, match="n must be"):
        rouge_n("the cat", ["the cat"], n=n)


def test_other_misuse():
    with pytest.raises(ValueError, match="Did you mean 'unicode'"):
        rouge_n("a", ["a"], tokenizer="unicod")
    with pytest.raises(TypeError, match="stem must be True or False"):
        rouge_l("a", ["a"], stem="yes")
    with pytest.raises(TypeError, match="argument order"):
        rouge_n([["the", "cat"]], ["the", "cat"])
    with pytest.raises(TypeError, match="None"):
        rouge_lsum("the cat", [None])
    with pytest.raises(TypeError, match="references is None"):
        rouge_n("the cat", None)
