"""TER (Snover et al. 2006) and WER: agreement with sacrebleu 2.6, hand-counted examples, misuse.

Expected values come from sacrebleu's ``TER`` (computed here, on generated inputs and on the shipped
WMT19 systems; |difference| <= 1e-9 on the 0-1 scale) and from edit counts worked out by hand in the
comments beside each example.
"""

import logging
import math

import pytest
import sacrebleu
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import BLEU, TER

import bleu_lab
from bleu_lab.datasets import load_wmt19_en_de
from bleu_lab.ter import counted

pytestmark = pytest.mark.usefixtures("references_drawn_separately")  # see conftest.py

TOL = 1e-9
logging.getLogger("sacrebleu").setLevel(logging.ERROR)


# Few words, so blocks repeat and shifts are tried often; case, punctuation, an XML entity and CJK
# characters exercise the tercom tokenizer's options.
WORDS = ["the", "The", "cat", "mat", "on", "is", "a", "sat", ".", ",", "cat.", "(", "?", "&quot;", "don't",
         "cat's,", "U.S.", "猫", "在", "垫子上", "。", "Ünï"]
OPTIONS = st.fixed_dictionaries({
    "normalized": st.booleans(), "no_punct": st.booleans(), "asian_support": st.booleans(),
    "case_sensitive": st.booleans(),
})
agreement = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def related(draw, base):
    """A sentence related to ``base``: blocks of it moved, words changed, or unrelated words."""
    kind = draw(st.sampled_from(["edit", "edit", "edit", "random", "long"]))
    if kind == "random":
        return draw(st.lists(st.sampled_from(WORDS), max_size=12))
    words = list(base) * (draw(st.integers(3, 8)) if kind == "long" else 1)  # long: past the 25-word band
    for _ in range(draw(st.integers(0, 4))):
        operation = draw(st.sampled_from(["move", "move", "delete", "insert", "replace"]))
        position = draw(st.integers(0, max(len(words) - 1, 0)))
        if operation == "insert" or not words:
            words.insert(position, draw(st.sampled_from(WORDS)))
        elif operation == "delete":
            del words[position]
        elif operation == "replace":
            words[position] = draw(st.sampled_from(WORDS))
        else:
            length = draw(st.integers(1, 4))
            block = words[position : position + length]
            del words[position : position + length]
            target = draw(st.integers(0, len(words)))
            words[target:target] = block
    return words


@st.composite
def sentence(draw, max_references=4):
    """(candidate string, [reference strings]) with 1..max_references references."""
    base = draw(st.lists(st.sampled_from(WORDS), max_size=12))
    candidate = " ".join(draw(related(base)))
    references = [" ".join(draw(related(base))) for _ in range(draw(st.integers(1, max_references)))]
    return candidate, references


# ----------------------------------------------------------------------------- agreement with sacrebleu


@agreement
@given(sentence(), OPTIONS)
def test_sentence_ter_agrees_with_sacrebleu(pair, options):
    candidate, references = pair
    expected = TER(**options).sentence_score(candidate, references)
    result = bleu_lab.ter(candidate, references, **options)
    assert abs(result.score - expected.score / 100) <= TOL
    assert result.num_edits == expected.num_edits
    assert abs(result.reference_length - expected.ref_length) <= TOL


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(sentence(max_references=1), min_size=1, max_size=6), st.integers(1, 4), OPTIONS)
def test_corpus_ter_agrees_with_sacrebleu(pairs, n_references, options):
    # n_references streams: sentence i keeps its own reference and borrows the others' as extra ones.
    candidates = [c for c, _ in pairs]
    streams = [[pairs[(i + k) % len(pairs)][1][0] for i in range(len(pairs))] for k in range(n_references)]
    expected = TER(**options).corpus_score(candidates, streams)
    result = bleu_lab.corpus_ter(candidates, bleu_lab.references_from_streams(streams), **options)
    assert abs(result.score - expected.score / 100) <= TOL
    assert result.num_edits == expected.num_edits


@pytest.fixture(scope="module")
def wmt19():
    return load_wmt19_en_de()


@pytest.mark.parametrize("system", [
    "MSRA.MADL", "Microsoft-WMT19-sentence_document", "NEU", "UCAM", "Facebook_FAIR", "online-Y", "online-B",
    "UdS-DFKI", "PROMT_NMT_EN-DE", "online-G", "online-X", "en_de_task",
])
def test_wmt19_systems_agree_with_sacrebleu(wmt19, system):
    # Every 12th segment of each shipped system (167 segments, news sentences of up to ~100 words):
    # corpus TER, and each sentence's edits and reference length.
    lines, reference = wmt19.systems[system][::12], wmt19.reference[::12]
    result = bleu_lab.corpus_ter(lines, [[r] for r in reference])
    expected = TER().corpus_score(lines, [reference])
    assert abs(result.score - expected.score / 100) <= TOL
    sentence_ter = TER()
    for alignment, line, ref in zip(result.alignments, lines, reference):
        theirs = sentence_ter.sentence_score(line, [ref])
        assert (alignment.num_edits, alignment.reference_length) == (theirs.num_edits, theirs.ref_length)


def test_wmt19_with_four_references_and_options(wmt19):
    # Four references per line: the official one and three other systems' outputs standing in for more.
    n = 60
    streams = [wmt19.reference[:n]] + [wmt19.systems[s][:n] for s in ("online-B", "UCAM", "online-G")]
    lines = wmt19.systems["NEU"][:n]
    for options in ({}, {"normalized": True, "case_sensitive": True}, {"no_punct": True}):
        expected = TER(**options).corpus_score(lines, streams)
        result = bleu_lab.corpus_ter(lines, bleu_lab.references_from_streams(streams), **options)
        assert abs(result.score - expected.score / 100) <= TOL


def test_long_sentences_past_the_band_and_the_shift_limit():
    # 150 words against 40 (the band is widened) and a scrambled 60-word sentence of 3 words
    # (the search stops after 1000 shifts tried): both agree with sacrebleu.
    long_candidate = " ".join(["a", "b", "c", "d", "e"] * 30)
    short_reference = " ".join(["e", "d", "c", "b", "a"] * 8)
    scrambled = " ".join(["x", "y", "z", "y", "x", "z"] * 10)
    ordered = " ".join(["x"] * 20 + ["y"] * 20 + ["z"] * 20)
    for candidate, reference in ((long_candidate, short_reference), (short_reference, long_candidate),
                                 (scrambled, ordered)):
        expected = TER().sentence_score(candidate, [reference])
        assert abs(bleu_lab.ter(candidate, [reference]).score - expected.score / 100) <= TOL


# Two pairs where the 1000-shift limit decides the count (found by random search against sacrebleu with its
# _MAX_SHIFT_CANDIDATES patched): the first needs 9 edits with up to 1000 shifts tried and 10 with 500; the
# second stops at 14 edits with 1000 and would reach 12 without the limit. Only a search that stops where
# sacrebleu's does gives both its numbers.
SHIFT_LIMIT_PAIRS = [
    ("w0 w2 w2 w1 w2 w1 w3 w0 w2 w1 w1 w3 w3 w2 w3 w0 w3 w2 w0 w2 w3 w2 w1 w0 w1 w1 w0 w2 w2 w1",
     "w1 w0 w1 w1 w2 w2 w0 w3 w1 w0 w3 w3 w2 w2 w3 w2 w1 w0 w3 w0 w2 w0 w2 w1 w1 w3 w2 w2 w2 w1", 9),
    ("w0 w2 w0 w1 w0 w1 w0 w1 w1 w0 w2 w1 w1 w1 w0 w0 w0 w2 w0 w0 w2 w2 w1 w1 w0 w2 w2 w2 w1 w0 w2 w1 w0 w1",
     "w1 w0 w0 w0 w1 w2 w1 w1 w1 w2 w0 w1 w1 w1 w1 w0 w1 w0 w1 w1 w1 w0 w0 w2 w0 w2 w1 w1 w1 w0 w1 w1 w2 w0", 14),
]


@pytest.mark.parametrize("candidate, reference, edits", SHIFT_LIMIT_PAIRS)
def test_the_search_stops_after_1000_shifts_as_sacrebleus_does(candidate, reference, edits):
    expected = TER().sentence_score(candidate, [reference])
    result = bleu_lab.ter(candidate, [reference])
    assert abs(result.score - expected.score / 100) <= TOL
    assert result.num_edits == edits and expected.score == pytest.approx(100 * edits / len(reference.split()))


# ----------------------------------------------------------------------------- hand-counted examples


def test_word_salad_scores_half_under_ter_and_zero_under_bleu():
    # "mat the on is cat the" against "the cat is on the mat": one shift (move "mat" to the end)
    # leaves "the on is cat the mat", two substitutions away (on/cat, cat/on): 3 edits / 6 words.
    # No 4-gram matches, so BLEU without smoothing is 0 (sacrebleu agrees; its BLEU() default,
    # exp smoothing, gives 12.70 on its 0-100 scale).
    result = bleu_lab.ter("mat the on is cat the", ["the cat is on the mat"])
    assert result.score == 0.5 and result.num_edits == 3 and result.reference_length == 6
    assert TER().sentence_score("mat the on is cat the", ["the cat is on the mat"]).score == 50.0
    assert BLEU(smooth_method="none").corpus_score(["mat the on is cat the"], [["the cat is on the mat"]]).score == 0.0
    assert bleu_lab.sentence_bleu("mat the on is cat the", ["the cat is on the mat"]).score == 0.0
    alignment = result.alignment
    assert (alignment.num_shifts, alignment.substitutions, alignment.deletions, alignment.insertions) == (1, 2, 0, 0)
    assert alignment.shifts[0].words == ("mat",)
    assert alignment.shifted == ("the", "on", "is", "cat", "the", "mat")


def test_wer_is_ter_without_shifts():
    # Without shifts the salad needs delete "mat", on->cat, cat->on, insert "mat": 4 edits / 6 words.
    result = bleu_lab.wer("mat the on is cat the", ["the cat is on the mat"])
    assert result.num_edits == 4 and math.isclose(result.score, 4 / 6, abs_tol=TOL)
    assert (result.deletions, result.substitutions, result.insertions, result.num_shifts) == (1, 2, 1, 0)
    assert "shift:no" in result.signature and "version:" not in result.signature


@pytest.mark.parametrize("candidate, reference, edits", [
    ("the cat sat on the mat", "the cat is on the mat", 1),    # one substitution
    ("the cat on the mat", "the cat is on the mat", 1),        # one insertion ("is")
    ("the big cat is on the mat", "the cat is on the mat", 1),  # one deletion ("big")
    ("on the mat the cat is", "the cat is on the mat", 1),     # one shift of a 3-word block
    ("", "the cat is on the mat", 6),                          # six insertions
    ("the cat", "", 2),                                        # empty reference: two deletions, TER 1
])
def test_hand_counted_edits(candidate, reference, edits):
    result = bleu_lab.ter(candidate, [reference])
    assert result.num_edits == edits
    expected = 1.0 if not reference else edits / len(reference.split())
    assert math.isclose(result.score, expected, abs_tol=TOL)


def test_wer_against_hand_counted_levenshtein():
    # "a b c d" -> "b c d e": delete a, insert e (2); a block move costs WER two edits per word.
    assert bleu_lab.wer("a b c d", ["b c d e"]).num_edits == 2
    assert bleu_lab.wer("on the mat the cat is", ["the cat is on the mat"]).num_edits == 6
    assert bleu_lab.ter("on the mat the cat is", ["the cat is on the mat"]).num_edits == 1


def test_several_references_fewest_edits_over_average_length():
    # Reference 2 matches exactly (0 edits); the lengths 6 and 3 average to 4.5: TER 0.
    result = bleu_lab.ter("a cat sat", ["the cat is on the mat", "a cat sat"])
    assert result.num_edits == 0 and result.reference_length == 4.5 and result.reference_index == 1
    # Both one substitution away: the first reference counts; 1 / mean(3, 3).
    tie = bleu_lab.ter("a b c", ["a b x", "y b c"])
    assert tie.reference_index == 0 and math.isclose(tie.score, 1 / 3)


def test_corpus_is_total_edits_over_total_length():
    # 1 edit / 3 words and 0 edits / 2 words: corpus 1/5, not the mean of 1/3 and 0.
    result = bleu_lab.corpus_ter(["a b x", "c d"], [["a b c"], ["c d"]])
    assert math.isclose(result.score, 1 / 5) and result.num_edits == 1 and result.sentences == 2


def test_case_and_punctuation_options():
    assert bleu_lab.ter("The Cat", ["the cat"]).score == 0.0
    assert bleu_lab.ter("The Cat", ["the cat"], case_sensitive=True).num_edits == 2
    assert bleu_lab.ter("the cat.", ["the cat"]).num_edits == 1            # "cat." is one word
    assert bleu_lab.ter("the cat.", ["the cat"], normalized=True).num_edits == 1  # "." split off, deleted
    assert bleu_lab.ter("the cat.", ["the cat"], no_punct=True).num_edits == 0


def test_token_lists_are_used_as_given():
    # Tokens are not split again ("cat." stays one word); only case is folded.
    assert bleu_lab.ter(["The", "cat."], [["the", "cat."]]).num_edits == 0
    assert bleu_lab.ter(["the", "cat."], [["the", "cat", "."]]).num_edits == 2


# ----------------------------------------------------------------------------- what it shows


def test_signature_is_sacrebleus_plus_bleu_labs_version():
    result = bleu_lab.ter("the cat", ["the cat", "a cat"], normalized=True, case_sensitive=True)
    theirs = TER(normalized=True, case_sensitive=True)
    theirs.corpus_score(["the cat"], [["the cat"], ["a cat"]])
    assert result.signature == f"{theirs.get_signature()}|bleu_lab:{bleu_lab.__version__}"
    assert f"version:{sacrebleu.__version__}" in result.signature
    assert result.signature in str(result)
    mixed = bleu_lab.corpus_ter(["a", "b"], [["a"], ["b", "c"]])
    assert mixed.signature.startswith("nrefs:var|")
    # The settings object sits beside BLEU's, chrF's and ROUGE's, and writes the same signature.
    assert bleu_lab.TerSettings(normalized=True, case_sensitive=True).signature(2) == result.signature
    assert result.settings == bleu_lab.settings.TerSettings(normalized=True, case_sensitive=True)


def test_explain_lists_the_shift_and_the_edits():
    text = bleu_lab.ter("mat the on is cat the", ["the cat is on the mat"]).explain()
    assert "shift 1: 'mat' from word 1 to word 6" in text
    assert text.count("substitution") >= 2
    assert "1 shift + 2 substitutions + 0 deletions + 0 insertions = 3 edits" in text
    assert "reference length: 6 words" in text
    assert "3 / 6 = 0.5000" in text


def test_explain_names_the_closest_of_several_references():
    text = bleu_lab.ter("a cat sat", ["the cat is on the mat", "a cat sat"]).explain()
    assert "closest reference: a cat sat (reference 2 of 2" in text
    assert "the average of the 2 references" in text


def test_corpus_explain_gives_totals_and_first_sentences():
    text = bleu_lab.corpus_ter(["a b x", "c d", "e"], [["a b c"], ["c d"], ["f"]]).explain(max_sentences=2)
    assert "over 3 sentences: 0 shifts + 2 substitutions + 0 deletions + 0 insertions = 2 edits" in text
    assert "-- sentence 2" in text and "-- sentence 3" not in text and "1 more sentence (" in text


def test_html_marks_each_kind_of_edit():
    page = bleu_lab.ter("mat the big on is cat", ["the cat is on the mat"])._repr_html_()
    assert "line-through" in page            # a deletion
    assert "shifted here" in page             # a shifted word
    assert "\u2192" in page                   # a substitution shows both words
    assert bleu_lab.ter("the cat", ["the cat sat"])._repr_html_().count("inserted from the reference") == 1
    assert "&lt;b&gt;" in bleu_lab.ter("<b>", ["x"])._repr_html_()  # text is escaped


def test_result_is_immutable():
    result = bleu_lab.ter("a b", ["a b"])
    with pytest.raises(AttributeError):
        result.score = 1.0


# ----------------------------------------------------------------------------- misuse


def test_string_where_a_list_of_references_belongs():
    with pytest.raises(TypeError, match=r"ter\(candidate, \['the cat is on the mat'\]\)"):
        bleu_lab.ter("the cat sat", "the cat is on the mat")


def test_nltk_argument_order():
    with pytest.raises(TypeError, match="candidate first"):
        bleu_lab.ter([["the", "cat"]], ["the", "cat"])


@pytest.mark.parametrize("candidate, references, error", [
    (None, ["a"], TypeError),
    ("a", [], ValueError),
    ("a", None, TypeError),
    ("a", [None], TypeError),
    (b"a", ["a"], TypeError),
])
def test_bad_sentence_input(candidate, references, error):
    with pytest.raises(error, match=r"Right: ter\("):
        bleu_lab.ter(candidate, references)


def test_corpus_references_not_nested():
    with pytest.raises(TypeError, match="not nested per candidate"):
        bleu_lab.corpus_ter(["a b", "c d"], ["a b", "c d"])


def test_sacrebleu_streams_are_pointed_to_the_helper():
    with pytest.raises(ValueError, match="references_from_streams"):
        bleu_lab.corpus_ter(["a", "b", "c"], [["a", "b", "c"]])


@pytest.mark.parametrize("keyword", ["normalized", "no_punct", "asian_support", "case_sensitive"])
def test_options_must_be_booleans(keyword):
    right = f"Right: ter\\(candidate, references, {keyword}=True\\)"
    with pytest.raises(TypeError, match=f"{keyword} must be True or False.*{right}"):
        bleu_lab.ter("a", ["a"], **{keyword: 1})


def test_options_are_keyword_only():
    with pytest.raises(TypeError):
        bleu_lab.ter("a", ["a"], True)


def test_references_are_tokenized_twice_as_sacrebleu_does():
    # sacrebleu 2.6 normalizes a reference string twice: "Martin's," becomes "martin's ," and then
    # "martin 's ,", so the candidate's "martin's" no longer matches (2 edits / 4 words, not 0).
    expected = TER(normalized=True).sentence_score("Martin's, yes", ["Martin's, yes"])
    result = bleu_lab.ter("Martin's, yes", ["Martin's, yes"], normalized=True)
    assert (result.num_edits, result.reference_length) == (expected.num_edits, expected.ref_length) == (2, 4)
    assert result.alignment.reference == ("martin", "'s", ",", "yes")


def test_corpus_explain_checks_how_many_sentences_to_show():
    result = bleu_lab.corpus_ter(["a b", "c", "d e f"], [["b a"], ["c"], ["f e d"]])
    # By hand: 3 sentences, 2 shown, so 1 more (it said "4 more sentences" for -1, and "1 more sentences").
    assert result.explain(2).splitlines()[-2] == "... 1 more sentence (result.alignments[i] holds each)"
    assert "-- sentence 3" in result.explain(3) and "more sentence" not in result.explain(3)
    with pytest.raises(ValueError, match="max_sentences must be a whole number >= 0"):
        result.explain(-1)
    for wrong in (True, None, "3", 1.5):
        with pytest.raises(TypeError, match=r"max_sentences must be a whole number such as 3.*result\.explain\(3\)"):
            result.explain(wrong)


def test_segments_too_long_for_the_shift_search_are_refused_with_the_limit():
    from bleu_lab.ter import MAX_SHIFTED_PRODUCT, MAX_SHIFTED_WORDS, SegmentTooLong

    # 1,000 candidate words against 100 took 15 s, 500 against 500 12 s (sacrebleu's TER as long).
    def words(n):
        return " ".join(f"w{i % 50}" for i in range(n))

    with pytest.raises(SegmentTooLong, match=rf"the candidate has {MAX_SHIFTED_WORDS + 1} words: too long.*"
                                              rf"stops at {MAX_SHIFTED_WORDS} candidate words.*wer\(\.\.\.\)"):
        bleu_lab.ter(words(MAX_SHIFTED_WORDS + 1), ["w1 w2"])
    # 300 x 1,000 = 300,000 candidate x reference words, past the product limit.
    assert 300 * 1000 > MAX_SHIFTED_PRODUCT >= 300 * 300
    with pytest.raises(ValueError, match=r"the candidate has 300 words against a reference of 1,000: too long"):
        bleu_lab.ter(words(300), [words(1000)])
    # Each reference has its own search, so their words add up: 10 x 300 against 100 words is 300,000
    # (399 words against 10 references of 500 took 58 s, against one of them 5 s).
    with pytest.raises(ValueError, match=r"the candidate has 100 words against 10 references of 3,000 words in all: "
                                         r"too long.*200,000 candidate words x the words of all references"):
        bleu_lab.ter(words(100), [words(300)] * 10)
    # 6 x 300 against 100 is 180,000: scored, as sacrebleu scores it (68.00: 204 edits, not the 200
    # insertions at the end, since tercom's edit distance keeps to a band of 25 words about the diagonal).
    scored = bleu_lab.ter(words(100), [words(300)] * 6)
    assert scored.score * 100 == pytest.approx(TER().sentence_score(words(100), [words(300)] * 6).score, abs=1e-9)
    with pytest.raises(SegmentTooLong, match=r"^candidates\[1\] has") as error:
        bleu_lab.corpus_ter(["w1", words(MAX_SHIFTED_WORDS + 1)], [["w1"], ["w1 w2"]])
    assert error.value.sentence == 1
    # A short sentence against a long reference is quick (20 x 2,000 took 0.3 s): it is scored.
    # By hand: the 6 words match the reference's first 6 in order, so the other 594 are insertions.
    assert bleu_lab.ter(words(6), [words(600)]).num_edits == 594
    # WER has no shifts, so 401 words are quick. By hand: the text starts "w0 w1", so the fewest edits
    # against "w0 w1" keep those two words and delete the other 399.
    assert bleu_lab.wer(words(MAX_SHIFTED_WORDS + 1), ["w0 w1"]).num_edits == MAX_SHIFTED_WORDS - 1


def test_one_edit_is_one_edit_in_every_view():
    # One substitution (a -> the) in 6 reference words: sacrebleu's TER is 16.67.
    result = bleu_lab.ter("the cat sat on a mat", ["the cat sat on the mat"])
    assert result.score == pytest.approx(TER().sentence_score(
        "the cat sat on a mat", ["the cat sat on the mat"]).score / 100)
    assert "(1 edit / 6 reference words)" in str(result) and "1 edit / 6 reference words" in result._repr_html_()
    assert result.explain().count("= 1 edit\n") == 1
    assert not any("1 edits" in view for view in (str(result), result.explain(), result._repr_html_()))
    assert counted(1234567, "edit") == "1234567 edits"  # not 1.23457e+06
