"""chrF / chrF++: agreement with sacrebleu's CHRF, hand calculations, misuse.

sacrebleu prints scores on the 0-100 scale; bleu_lab uses 0-1, so sacrebleu's
numbers are divided by 100 before comparing.
"""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import CHRF

from bleu_lab import ChrfResult, chrf, corpus_chrf
from bleu_lab.chrf import chrf_words

pytestmark = pytest.mark.usefixtures("references_drawn_separately")  # see conftest.py

TOLERANCE = 1e-9

# Case, punctuation at word edges ("(hi)", "dog,"), repeated words, short words,
# non-ASCII letters and an uppercase letter whose lowercase is longer ("İ").
VOCABULARY = [
    "the", "the", "The", "cat", "cats", "a", "A", "dog,", "(hi)", "!", ".", "x", "ab", "ba",
    "sat", "on", "mat.", "Über", "über", "猫", "İ", "-", "'s",
]
SEPARATORS = st.sampled_from([" ", " ", " ", "  ", "\t"])

texts = st.one_of(
    st.just(""),
    st.tuples(st.lists(st.sampled_from(VOCABULARY), max_size=8), SEPARATORS).map(lambda p: p[1].join(p[0])),
)
options = st.fixed_dictionaries(
    {
        "char_order": st.integers(1, 6),
        "word_order": st.integers(0, 2),
        "beta": st.integers(1, 3),
        "lowercase": st.booleans(),
        "whitespace": st.booleans(),
        "eps_smoothing": st.booleans(),
    }
)
corpora = st.lists(st.tuples(texts, st.lists(texts, min_size=1, max_size=3)), min_size=1, max_size=4)


def _streams(references):
    """bleu_lab's references[i][k] -> sacrebleu's streams[k][i], None where a sentence has fewer."""
    depth = max(len(refs) for refs in references)
    return [[refs[k] if k < len(refs) else None for refs in references] for k in range(depth)]


@settings(max_examples=500, deadline=None)
@given(corpus=corpora, keywords=options)
def test_agrees_with_sacrebleu(corpus, keywords):
    candidates = [candidate for candidate, _ in corpus]
    references = [refs for _, refs in corpus]
    metric = CHRF(**keywords)
    for candidate, refs in corpus:
        expected = metric.sentence_score(candidate, refs).score / 100
        assert abs(chrf(candidate, refs, **keywords).score - expected) <= TOLERANCE
    expected = CHRF(**keywords).corpus_score(candidates, _streams(references)).score / 100
    assert abs(corpus_chrf(candidates, references, **keywords).score - expected) <= TOLERANCE


# ---------------------------------------------------------------- hand calculations


def test_chrf_hand_calculation():
    # "a cat" vs "the cat", char_order=2, whitespace removed: "acat" vs "thecat".
    # unigrams: cand a,c,a,t (4), ref t,h,e,c,a,t (6); matches a(min 2,1) + c + t = 3 -> P1 = 3/4, R1 = 3/6
    # bigrams:  cand ac,ca,at (3), ref th,he,ec,ca,at (5); matches ca, at = 2    -> P2 = 2/3, R2 = 2/5
    # P = (3/4 + 2/3)/2 = 17/24, R = (1/2 + 2/5)/2 = 9/20
    # chrF2 = 5 P R / (4 P + R)
    p, r = 17 / 24, 9 / 20
    result = chrf("a cat", ["the cat"], char_order=2)
    assert result.score == pytest.approx(5 * p * r / (4 * p + r), abs=1e-12)
    assert [(o.candidate, o.reference, o.matches) for o in result.orders] == [(4, 6, 3), (3, 5, 2)]
    assert result.char_precisions == pytest.approx([3 / 4, 2 / 3])
    assert result.char_recalls == pytest.approx([1 / 2, 2 / 5])
    # explain()'s per-order F (beta = 2): F1 = 5 (3/4)(1/2) / (4 (3/4) + 1/2) = 0.5357,
    # F2 = 5 (2/3)(2/5) / (4 (2/3) + 2/5) = 0.4348.
    rows = [line.split() for line in result.explain().splitlines()[1:3]]
    assert rows == [["char", "1", "4", "6", "3", "0.7500", "0.5000", "0.5357"],
                    ["char", "2", "3", "5", "2", "0.6667", "0.4000", "0.4348"]]


def test_chrf_plus_plus_hand_calculation():
    # "ab cd" vs "ab", char_order=1, word_order=1, beta=2.
    # characters: cand a,b,c,d (4), ref a,b (2), matches 2 -> P = 1/2, R = 1
    # words:      cand ab, cd (2),  ref ab (1),  matches 1 -> P = 1/2, R = 1
    # P = 1/2, R = 1: chrF2+ = 5 * 0.5 * 1 / (4 * 0.5 + 1) = 2.5 / 3 = 5/6.
    # eps mode: each order has F = 5/6 too, so the mean is 5/6.
    for eps in (False, True):
        result = chrf("ab cd", ["ab"], char_order=1, word_order=1, eps_smoothing=eps)
        assert result.score == pytest.approx(5 / 6, abs=1e-12)
        assert result.word_precisions == [0.5] and result.word_recalls == [1.0]
    assert result.name == "chrF2+"


def test_effective_order_versus_eps_smoothing():
    # "ab" vs "abc", char_order=3, beta=1.
    # order 1: P = 2/2, R = 2/3;  order 2: cand ab (1), ref ab, bc (2) -> P = 1, R = 1/2;
    # order 3: the candidate has no trigram.
    # default: order 3 is left out; P = 1, R = (2/3 + 1/2)/2 = 7/12, F1 = 2 P R / (P + R) = 14/19.
    assert chrf("ab", ["abc"], char_order=3, beta=1).score == pytest.approx(14 / 19, abs=1e-12)
    # eps: F per order = 4/5, 2/3 and, for order 3, P = 1e-16, R = 0 -> F = 0; mean = (4/5 + 2/3)/3 = 22/45.
    assert chrf("ab", ["abc"], char_order=3, beta=1, eps_smoothing=True).score == pytest.approx(22 / 45, abs=1e-12)


def test_beta_weighs_recall():
    # "ab" vs "abcd", char_order=1: P = 1, R = 1/2.  F1 = 2/3; F2 = 5 * 0.5 / (4 + 0.5) = 5/9.
    assert chrf("ab", ["abcd"], char_order=1, beta=1).score == pytest.approx(2 / 3)
    assert chrf("ab", ["abcd"], char_order=1, beta=2).score == pytest.approx(5 / 9)


def test_order_missing_in_reference_does_not_count_candidate_ngrams():
    # reference "a" has no bigrams, so the candidate's 2 bigrams are recorded as 0 (as sacrebleu does).
    result = chrf("abc", ["a"], char_order=2)
    assert [(o.candidate, o.reference, o.matches) for o in result.orders] == [(3, 1, 1), (0, 0, 0)]


def test_best_reference_and_corpus_sums():
    result = chrf("the cat", ["a dog", "the cat"])
    assert (result.reference_index, result.score) == (1, 1.0)
    corpus = corpus_chrf(["the cat", "a dog"], [["the cat"], ["a dog"]])
    assert corpus.score == 1.0 and corpus.sentences == 2 and corpus.reference_index is None
    # The corpus score is the score of summed counts, not the mean of sentence scores.
    first, second = chrf("ab", ["ab"], char_order=1), chrf("a", ["b"], char_order=1)
    corpus = corpus_chrf(["ab", "a"], [["ab"], ["b"]], char_order=1)
    # summed counts: cand 3, ref 3, matches 2 -> P = R = F = 2/3, while the mean of sentences is 1/2.
    assert corpus.score == pytest.approx(2 / 3)
    assert (first.score + second.score) / 2 == pytest.approx(0.5)


def test_words_for_chrf_plus_plus():
    assert chrf_words("Hello, (world) !") == ["Hello", ",", "(world", ")", "!"]
    assert chrf_words("'s x") == ["'", "s", "x"]


def test_token_lists_are_used_as_given():
    assert chrf(["the", "cat"], [["the", "cat"]]).score == 1.0
    assert chrf(["the", "cat"], [["the", "cat"]]).score == chrf("the cat", ["the cat"]).score
    # As a string "dog," is split into "dog" and ","; as a token it stays one word.
    assert chrf("dog,", ["dog ,"], word_order=2).score == 1.0
    assert chrf(["dog,"], [["dog", ","]], word_order=2).score < 1.0


def test_lowercase():
    assert chrf("THE CAT", ["the cat"]).score == 0.0
    assert chrf("THE CAT", ["the cat"], lowercase=True).score == 1.0


def test_empty_candidate_scores_zero():
    for eps in (False, True):
        assert chrf("", ["the cat"], eps_smoothing=eps).score == pytest.approx(0.0, abs=1e-12)


# ---------------------------------------------------------------- the result object


def test_result_is_frozen_and_readable():
    result = chrf("the cat sat", ["the cat sat down"], word_order=2)
    assert isinstance(result, ChrfResult)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.score = 1.0
    text = str(result)
    assert "\n" not in text and text.startswith("chrF2++ = ")
    assert len(result.char_precisions) == 6 and len(result.word_recalls) == 2
    assert "<table" in result._repr_html_() and "word 2" in result._repr_html_()
    assert "word 2" in result.explain()


# ---------------------------------------------------------------- misuse


@pytest.mark.parametrize("beta", [0, -1, float("nan"), 1e200])
def test_beta_must_be_positive(beta):
    with pytest.raises(ValueError, match="beta"):
        chrf("the cat", ["the cat"], beta=beta)
    with pytest.raises(ValueError, match="beta"):
        corpus_chrf(["the cat"], [["the cat"]], beta=beta)


@pytest.mark.parametrize(
    "keywords, error, message",
    [
        ({"char_order": 0}, ValueError, "char_order must be at least 1"),
        ({"char_order": 2.5}, TypeError, "char_order must be a whole number"),
        ({"word_order": -1}, ValueError, "word_order must be 0 or more"),
        ({"word_order": 1.0}, TypeError, "word_order must be a whole number"),
        ({"beta": "2"}, TypeError, "beta must be a positive number"),
        ({"lowercase": "yes"}, TypeError, "lowercase must be True or False"),
        ({"eps_smoothing": None}, TypeError, "eps_smoothing must be True or False"),
    ],
)
def test_bad_options(keywords, error, message):
    with pytest.raises(error, match=message):
        chrf("the cat", ["the cat"], **keywords)


def test_bad_references():
    with pytest.raises(TypeError, match=r"references is a single string.*chrf\(candidate"):
        chrf("the cat", "the cat")
    with pytest.raises(ValueError, match="references is empty"):
        chrf("the cat", [])
    with pytest.raises(ValueError, match="2 candidates but 1 reference lists"):
        corpus_chrf(["the cat", "a dog"], [["the cat"]])
    with pytest.raises(ValueError, match="references_from_streams"):
        corpus_chrf(["the cat", "a dog"], [["the cat", "a dog"], ["the cat", "a dog"], ["x", "y"]])
    with pytest.raises(TypeError, match="not nested per candidate"):
        corpus_chrf(["the cat", "a dog"], ["the cat", "a dog"])
    with pytest.raises(TypeError, match="single string"):
        corpus_chrf("the cat", [["the cat"]])


@pytest.mark.parametrize(
    ("candidates", "references", "keywords"),
    [
        # Both references of "bacb" score exactly 5/48; on the 0-1 scale the second looks larger by one bit.
        (["bacb", "the cat sat"], [["cxaaa", "cxaa bxcabca"], ["the cat sat"]], {}),
        (["abcd", "the cat"], [["ay", "abcdyyyyyyy"], ["the dog"]], {"char_order": 1}),
    ],
)
def test_a_tie_between_references_keeps_the_first_as_sacrebleu_does(candidates, references, keywords):
    # sacrebleu keeps the reference with the best sentence chrF, compared on its 0-100 scale, and
    # the first one on a tie; a different choice changes the corpus counts, not only the last digit.
    streams = [[refs[k] if k < len(refs) else None for refs in references] for k in range(2)]
    theirs = CHRF(**keywords).corpus_score(candidates, streams).score / 100
    assert corpus_chrf(candidates, references, **keywords).score == pytest.approx(theirs, abs=TOLERANCE)
    assert chrf(candidates[0], references[0], **keywords).reference_index == 0


@pytest.mark.parametrize("per_pass", [1, 12, 40, 10**9])
def test_systems_counted_in_groups_score_as_sacrebleu(monkeypatch, per_pass):
    # The counting engine takes a few systems at a time (a bound on memory); however the systems are
    # grouped, each keeps its own score. per_pass = 1 puts every system in a group of its own.
    # FAST_FROM = 0: these few sentences go through the array engine too (else the readable counting).
    import importlib

    import bleu_lab.fast
    import bleu_lab.fast.chrf as fast_chrf

    chrf_module = importlib.import_module("bleu_lab.chrf")  # bleu_lab.chrf is also the function
    monkeypatch.setattr(fast_chrf, "_TOKENS_PER_PASS", per_pass)
    monkeypatch.setattr(bleu_lab.fast, "FAST_FROM", 0)
    references = [["the cat is on the mat", "there is a cat on the mat"], ["a dog barks", "the dog is barking"]]
    systems = {"A": ["the cat sat on the mat", "a dog barked"], "B": ["cat mat", "the dog barks loudly"],
               "C": ["", "dog"]}
    scores = chrf_module.system_chrf(systems, references, word_order=2)
    streams = [list(stream) for stream in zip(*references)]
    for name, lines in systems.items():
        assert scores[name].score == pytest.approx(CHRF(word_order=2).corpus_score(lines, streams).score / 100,
                                                   abs=1e-12)
    assert [len(group) for group in fast_chrf._groups_of_systems([["ab"], ["cd"], ["ef"]], 2)] == {
        1: [1, 1, 1], 12: [3], 40: [3], 10**9: [3]}[per_pass]
