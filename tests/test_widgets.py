"""The playground's pure functions, its widgets without a browser, and a property test on generated text.

Expected numbers come from hand calculations written here (Papineni et al.
2002), or from sacrebleu, nltk and rouge-score called directly in the test.
"""

from __future__ import annotations

import html as html_module
import math
import subprocess
import sys
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bleu_lab
from bleu_lab.bleu.scoring import SMOOTHING_NAMES
from bleu_lab.checks import separate_references
from bleu_lab.show.playground import (
    PARAPHRASE_REWRITES,
    available_tokenizers,
    compute_bp_explorer,
    compute_paraphrase,
    compute_playground,
    paraphrase_table,
    presets,
)

CAT_REFERENCES = ["the cat is on the mat", "there is a cat on the mat"]


# ---------------------------------------------------------------- hand calculations


def test_a_cat_is_on_the_mat_by_hand():
    # Against both references: p1 = 6/6, p2 = 5/5, p3 = 3/4 ("a cat is" is in neither), p4 = 2/3;
    # c = 6 = r, so BP = 1 and BLEU = (1 * 1 * 3/4 * 2/3) ** (1/4) = 0.5 ** 0.25.
    view = compute_playground("a cat is on the mat", CAT_REFERENCES)
    assert view.message == ""
    assert [(n, m, t) for n, m, t, _ in view.rows] == [(1, 6, 6), (2, 5, 5), (3, 3, 4), (4, 2, 3)]
    assert view.candidate_length == 6 and view.reference_length == 6 and view.brevity_penalty == 1.0
    assert view.score == pytest.approx(0.5**0.25, abs=1e-12)
    assert "<span class='bl-score'>0.8409</span>" in view.numbers_html


def test_the_cheat_is_clipped_to_two_of_seven():
    # Papineni et al. (2002), section 2.1: "the" occurs at most twice in one reference.
    view = compute_playground("the the the the the the the", CAT_REFERENCES)
    assert view.rows[0][1:3] == (2, 7)
    assert view.score == 0.0
    assert any("No 2-gram, 3-gram, 4-gram matches" in note for note in view.notes)


def test_identical_reference_scores_one_and_says_why():
    view = compute_playground("the cat is on the mat", CAT_REFERENCES)
    assert view.score == 1.0
    assert any("identical to reference 1" in note for note in view.notes)


def test_blank_reference_boxes_are_left_out():
    # With the blank box kept, r would be 0 (closest to c = 2) and BP 1; left out, r = 6.
    view = compute_playground("the cat", ["", "the cat is on the mat", "   "], max_order=2)
    assert view.reference_length == 6
    assert view.brevity_penalty == pytest.approx(math.exp(1 - 6 / 2))
    assert any("Reference boxes 1, 3 are empty" in note for note in view.notes)


def test_bp_explorer_by_hand():
    # The NASA sentence is the reference (the seed's roles). First 6 candidate tokens:
    # A NASA rover is fighting a; first 12 reference tokens: The NASA Opportunity rover is
    # battling a massive dust storm on planet -> NASA, rover, is, a match ("A" is not "a"): p1 = 4/6.
    view = compute_bp_explorer(6, 12)
    assert view.candidate == "A NASA rover is fighting a"
    assert view.reference.startswith("The NASA Opportunity rover is battling")
    assert (view.p1_matches, view.p1_total) == (4, 6)
    assert view.brevity_penalty == pytest.approx(math.exp(1 - 12 / 6))
    assert view.product == pytest.approx(4 / 6 * math.exp(-1))
    assert "<span class='bl-bp'>0.3679</span>" in view.html
    longer = compute_bp_explorer(14, 12)
    assert longer.brevity_penalty == 1.0 and "c = 14 &gt; r = 12" in longer.html
    # Both ends of the sliders: the whole candidate (35 tokens, longer than the 34 of the reference: BP = 1)
    # and no candidate at all (c = 0: BP = 0 by definition, p1 = 0).
    assert len(bleu_lab.tokenize(longer_text())) == 35
    whole = compute_bp_explorer(35, 34)
    assert (whole.candidate_length, whole.reference_length, whole.brevity_penalty) == (35, 34, 1.0)
    empty = compute_bp_explorer(0, 1)
    assert (empty.candidate_length, empty.candidate, empty.brevity_penalty, empty.p1) == (0, "", 0.0, 0.0)


@pytest.mark.parametrize(
    ("lengths", "error", "words"),
    [
        # The candidate has 35 tokens (0 to 35 can be chosen), the reference 34 (1 to 34).
        ((3, 0), ValueError, "reference_length must be a whole number from 1 to 34 (the reference has 34 tokens), "
                             "not 0"),
        ((-5, 5), ValueError, "candidate_length must be a whole number from 0 to 35 (the candidate has 35 tokens), "
                              "not -5"),
        ((36, 5), ValueError, "candidate_length must be a whole number from 0 to 35 (the candidate has 35 tokens), "
                              "not 36"),
        ((10_000, 10_000), ValueError, "candidate_length must be a whole number from 0 to 35"),
        ((3, 35), ValueError, "reference_length must be a whole number from 1 to 34"),
        ((2.9, 4), TypeError, "candidate_length must be a whole number from 0 to 35, not the float 2.9"),
        ((3.0, 4), TypeError, "not the float 3.0"),
        (("3", 4), TypeError, "not the string '3'"),
        ((True, 4), TypeError, "not the bool True"),
        ((None, 4), TypeError, "candidate_length must be a whole number from 0 to 35, not None"),
        ((float("nan"), 4), TypeError, "not the float nan"),
        ((float("inf"), 4), TypeError, "not the float inf"),
        ((4, None), TypeError, "reference_length must be a whole number from 1 to 34, not None"),
    ],
)
def test_bp_explorer_refuses_a_length_it_cannot_show(lengths, error, words):
    with pytest.raises(error) as caught:
        compute_bp_explorer(*lengths)
    assert words in str(caught.value)
    assert "Right: compute_bp_explorer(6, 12)" in str(caught.value)


def test_bp_explorer_takes_numpy_integers():
    numpy = pytest.importorskip("numpy")
    assert compute_bp_explorer(numpy.int64(6), numpy.int32(12)).brevity_penalty == pytest.approx(math.exp(1 - 12 / 6))


# Legal text never raises (issue 30): "", spaces, a tab and a no-break space are texts with no tokens.
BLANK_TEXTS = ["", " ", "\t", "\xa0", "  \n "]


@pytest.mark.parametrize("reference", BLANK_TEXTS)
def test_bp_explorer_says_when_the_reference_is_empty(reference):
    view = compute_bp_explorer(3, 1, candidate="the cat sat", reference=reference)
    assert "The reference is empty" in view.message and view.message in html_module.unescape(view.html)
    assert view.message in view.alt_text
    # By hand: c = 3 > r = 0, so BP = 1 (Papineni et al. 2002, 2.2.2: BP = 1 if c > r);
    # no reference word, so no clipped unigram match: p1 = 0/3 and p1 x BP = 0.
    assert (view.candidate_length, view.reference_length) == (3, 0)
    assert (view.brevity_penalty, view.p1_matches, view.p1_total, view.product) == (1.0, 0, 3, 0.0)
    assert view.candidate == "the cat sat" and view.reference == ""


@pytest.mark.parametrize("candidate", BLANK_TEXTS)
def test_bp_explorer_says_when_the_candidate_is_empty(candidate):
    view = compute_bp_explorer(3, 2, candidate=candidate, reference="the cat sat")
    assert "The candidate is empty" in view.message and "reference is empty" not in view.message
    # c = 0: BP = 0 and p1 = 0 by the explorer's definition (its docstring: BP is 0 when c = 0).
    assert (view.candidate_length, view.reference_length, view.brevity_penalty, view.p1) == (0, 2, 0.0, 0.0)
    both = compute_bp_explorer(0, 1, candidate=candidate, reference=candidate)
    assert "The candidate is empty" in both.message and "The reference is empty" in both.message


@pytest.mark.parametrize(("lengths", "words"), [
    (("3", 1), "candidate_length must be a whole number from 0 to 0, not the string '3'"),
    ((0, 1.5), "reference_length must be a whole number from 0 to 0, not the float 1.5"),
])
def test_bp_explorer_still_refuses_a_length_of_the_wrong_type_with_an_empty_text(lengths, words):
    with pytest.raises(TypeError) as caught:
        compute_bp_explorer(*lengths, candidate="", reference=" ")
    assert words in str(caught.value) and "Right: compute_bp_explorer(6, 12)" in str(caught.value)


@pytest.mark.parametrize("blank", BLANK_TEXTS)
def test_playground_and_paraphrase_say_which_text_is_empty(blank):
    assert compute_playground("the cat sat", [blank]).message.startswith("Type at least one reference")
    assert compute_playground(blank, ["the cat sat"]).message.startswith("Type a candidate")
    assert compute_paraphrase("the cat sat", blank).message.startswith("Type a reference")
    assert compute_paraphrase(blank, "the cat sat").message.startswith("Type or pick a rewrite")


_LEGAL_TEXT = st.text(max_size=40) | st.sampled_from(
    [*BLANK_TEXTS, "\u200b", "\ufeff", "\u3000", "...", "a\u0301", "東京の天気", "e\u0301\u200d"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_LEGAL_TEXT, _LEGAL_TEXT, st.data())
def test_no_compute_function_raises_on_legal_text(candidate, reference, data):
    # Every compute_* function of the widgets, on generated Unicode text: a view, never an exception
    # (the playground and the paraphrase explorer catch errors into "Could not compute": never that either).
    from bleu_lab.show.playground import METRIC_VIEWS, bp_token_limits

    most_c, most_r = bp_token_limits(candidate, reference)
    c = data.draw(st.integers(0, most_c))
    r = data.draw(st.integers(min(1, most_r), max(1, most_r)))
    view = compute_bp_explorer(c, r, candidate=candidate, reference=reference)
    assert view.html and view.alt_text
    assert bool(view.message) == (most_c == 0 or most_r == 0)
    for metric in METRIC_VIEWS:
        shown = compute_playground(candidate, [reference, candidate], metric=metric, compare=False)
        assert "Could not compute" not in shown.message and shown.html
    paraphrase = compute_paraphrase(candidate, reference)
    assert "Could not compute" not in paraphrase.message
    assert not [note for note in paraphrase.notes if note.startswith(("BLEU:", "ROUGE not", "chrF not"))]


def _13a_token_count(text: str) -> int:
    """sacrebleu's own 13a tokenizer, not bleu_lab's."""
    from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

    return len(Tokenizer13a()(text).split())


@pytest.mark.parametrize(
    ("lengths", "error", "words"),
    [
        # Constructor arguments the sliders cannot hold are refused (with compute_bp_explorer's check),
        # not clamped to 35 and 1, nor rounded.
        ({"candidate_length": 1000, "reference_length": 0}, ValueError,
         "candidate_length must be a whole number from 1 to {c} (the candidate has {c} tokens), not 1000"),
        ({"reference_length": 0}, ValueError, "reference_length must be a whole number from 1 to {r}"),
        ({"reference_length": -1}, ValueError, "reference_length must be a whole number from 1 to {r}"),
        ({"reference_length": 1000}, ValueError, "(the reference has {r} tokens), not 1000"),
        ({"candidate_length": 0}, ValueError, "candidate_length must be a whole number from 1 to {c}"),
        ({"candidate_length": 8.0}, TypeError, "candidate_length must be a whole number from 1 to {c}, not the "
                                               "float 8.0"),
        ({"reference_length": "12"}, TypeError, "not the string '12'"),
        ({"candidate_length": True}, TypeError, "not the bool True"),
    ],
)
def test_bp_explorer_widget_refuses_lengths_its_sliders_cannot_hold(lengths, error, words):
    from bleu_lab.show.playground import BP_CANDIDATE, BP_REFERENCE
    from bleu_lab.show.widgets import bp_explorer

    c, r = _13a_token_count(BP_CANDIDATE), _13a_token_count(BP_REFERENCE)
    assert (c, r) == (35, 34)
    with pytest.raises(error) as caught:
        bp_explorer(**lengths)
    assert words.format(c=c, r=r) in str(caught.value)
    assert "Right: bp_explorer(candidate_length=8, reference_length=12)" in str(caught.value)


def test_bp_explorer_widget_never_raises_once_built():
    # Both ends of the sliders are accepted; a value set on a slider later is held in range by the slider itself.
    from bleu_lab.show.widgets import bp_explorer

    widget = bp_explorer(candidate_length=35, reference_length=1)
    assert (widget.view.candidate_length, widget.view.reference_length) == (35, 1)
    widget = bp_explorer(candidate_length=1, reference_length=34)
    assert (widget.view.candidate_length, widget.view.reference_length) == (1, 34)
    widget.candidate_length.value = 1000
    assert widget.view.candidate_length == 35 and "Could not update" not in widget.text.value


def test_bp_explorer_tokenizes_each_text_once():
    # A slider move only cuts the tokens already made: its two texts are tokenized once, not on every move.
    from unittest import mock

    import bleu_lab.show.playground as playground_module

    candidate, reference = "a rover counted its slider moves on Mars .", "the rover on Mars counts every slider move ."
    with mock.patch.object(playground_module, "_tokenize", wraps=playground_module._tokenize) as spy:
        views = [compute_bp_explorer(c, r, candidate=candidate, reference=reference)
                 for c in range(1, 10) for r in range(1, 10)]
    assert spy.call_count == 2
    # The curves are the numbers at each length: c = 3 against r = 5 ("a rover counted" against
    # "the rover on Mars counts"): only "rover" matches, p1 = 1/3, BP = exp(1 - 5/3).
    view = next(v for v in views if (v.candidate_length, v.reference_length) == (3, 5))
    assert view.curve_lengths == tuple(range(1, 10))
    assert view.curve_p1[2] == 1 / 3 and view.curve_values[2] == pytest.approx(math.exp(1 - 5 / 3))
    assert view.curve_products[2] == pytest.approx(math.exp(1 - 5 / 3) / 3)
    for other in views:
        if other.reference_length == 5:
            c = other.candidate_length
            assert (view.curve_p1[c - 1], view.curve_products[c - 1]) == (other.p1, other.product)


def longer_text():
    from bleu_lab.show.playground import BP_CANDIDATE

    return BP_CANDIDATE


def test_paraphrase_exact_copy_and_synonyms():
    exact = compute_paraphrase("the cat is on the mat", "the cat is on the mat")
    overlap = {name: value for name, value in exact.scores.items() if name != "embedding"}
    assert overlap == {"BLEU": 1.0, "ROUGE-1": 1.0, "ROUGE-2": 1.0, "ROUGE-L": 1.0, "chrF": 1.0}
    synonyms = compute_paraphrase("the feline rests upon the rug", "the cat is on the mat")
    # Only "the" (twice) is shared: ROUGE-1 P = R = 2/6, no shared bigram.
    assert synonyms.scores["ROUGE-1"] == pytest.approx(2 / 6)
    assert synonyms.scores["ROUGE-2"] == 0.0
    assert compute_paraphrase("", "the cat").message and compute_paraphrase("cat", " ").message
    assert set(paraphrase_table()) == set(PARAPHRASE_REWRITES)


def _wordllama_similarity(candidate: str, reference: str) -> float:
    """wordllama's own API, loaded from the installed package with downloads disabled."""
    from pathlib import Path

    wordllama = pytest.importorskip("wordllama")
    model = wordllama.WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)
    return float(model.similarity(candidate, reference))


def test_paraphrase_embedding_score_is_wordllamas():
    reference = "the cat is on the mat"
    pairs = ("the feline rests upon the rug", "stock markets fell sharply on Monday", "the cat is on the mat")
    for candidate in pairs:
        view = compute_paraphrase(candidate, reference)
        assert view.scores["embedding"] == pytest.approx(_wordllama_similarity(candidate, reference), abs=1e-5)
    # The paraphrase is credited well above an unrelated sentence, where BLEU and ROUGE-2 give it almost nothing.
    paraphrase = compute_paraphrase("the feline rests upon the rug", reference).scores
    unrelated = compute_paraphrase("stock markets fell sharply on Monday", reference).scores
    assert paraphrase["embedding"] > 3 * unrelated["embedding"] and paraphrase["ROUGE-2"] == 0.0
    assert "embedding: similarity (wordllama)" in compute_paraphrase("the feline", reference).html
    assert all("embedding" in view.scores for view in paraphrase_table().values())


def test_paraphrase_without_wordllama_gives_a_note(monkeypatch):
    import importlib

    from bleu_lab.show import playground

    similarity_module = importlib.import_module("bleu_lab.similarity")
    monkeypatch.setitem(sys.modules, "wordllama", None)  # "import wordllama" now raises ImportError
    similarity_module._model.cache_clear()
    playground._embedding_score.cache_clear()
    try:
        view = compute_paraphrase("the feline rests upon the rug", "the cat is on the mat")
        assert view.scores["embedding"] is None and view.scores["BLEU"] is not None
        assert any("wordllama package is not installed" in note for note in view.notes)
        assert "Traceback" not in view.html and "n/a" in view.html
    finally:
        similarity_module._model.cache_clear()
        playground._embedding_score.cache_clear()


def test_presets_cover_the_issue_examples():
    labels = " ".join(presets())
    for needle in ("cat/mat", "NASA", "paraphrase", "the the the"):
        assert needle in labels
    assert all(1 <= len(refs) <= 4 for _, refs in presets().values())


def test_tokenizer_menu_hides_what_cannot_start():
    names = available_tokenizers()
    assert {"13a", "intl", "char", "none", "whitespace", "nltk"} <= set(names)
    for name in ("ja-mecab", "ko-mecab"):
        if name in names:
            bleu_lab.tokenize("テスト", name)  # offered only when it works


# ---------------------------------------------------------------- the other libraries


@pytest.mark.parametrize("tokenize", ["13a", "intl", "char", "none", "whitespace", "nltk"])
@pytest.mark.parametrize("smoothing", ["none", "floor", "add-k", "exp"])
def test_sacrebleu_line_is_sacrebleu(tokenize, smoothing):
    from sacrebleu.metrics import BLEU

    example = bleu_lab.load_example("nasa_rover")
    view = compute_playground(example["candidate"], example["references"], tokenize=tokenize, lowercase=True,
                              max_order=3, smoothing=smoothing)
    sacre = next(c for c in view.comparisons if c.library == "sacrebleu")
    if tokenize in ("whitespace", "nltk"):
        candidate = " ".join(bleu_lab.tokenize(example["candidate"], tokenize, lowercase=True))
        references = [" ".join(bleu_lab.tokenize(r, tokenize, lowercase=True)) for r in example["references"]]
        metric = BLEU(tokenize="none", smooth_method=smoothing, max_ngram_order=3)
    else:
        candidate, references = example["candidate"], example["references"]
        metric = BLEU(tokenize=tokenize, lowercase=True, smooth_method=smoothing, max_ngram_order=3)
    assert sacre.value == pytest.approx(metric.sentence_score(candidate, references).score / 100, abs=1e-12)
    assert abs(sacre.value - view.score) < 1e-9
    assert f"smooth_method={smoothing!r}" in sacre.settings
    nltk_line = next(c for c in view.comparisons if c.library == "nltk")
    if smoothing == "none":
        # No smoothing is nltk's method0; it agrees within 1e-9 (it says ~1e-78 where BLEU is 0).
        assert abs(nltk_line.value - view.score) < 1e-9 and "method0" in nltk_line.settings
    else:
        assert nltk_line.value is None  # nltk has no floor / add-k / exp under these names


@pytest.mark.parametrize("smoothing", [f"method{i}" for i in range(8)])
def test_nltk_line_is_nltk(smoothing):
    from nltk.translate.bleu_score import SmoothingFunction
    from nltk.translate.bleu_score import sentence_bleu as nltk_sentence_bleu

    candidate, references = "the cat sat on the mat with a hat", CAT_REFERENCES
    view = compute_playground(candidate, references, smoothing=smoothing)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = nltk_sentence_bleu([r.split() for r in references], candidate.split(),
                                      smoothing_function=getattr(SmoothingFunction(), smoothing))
    # bleu_lab's own score is nltk's too (method6: nltk asserts a matching trigram; "on the mat" is one).
    assert view.score == pytest.approx(expected, abs=1e-12)
    nltk_line = next(c for c in view.comparisons if c.library == "nltk")
    assert nltk_line.value == pytest.approx(expected, abs=1e-12)
    assert next(c for c in view.comparisons if c.library == "sacrebleu").value is None


def test_rouge_view_agrees_with_rouge_score():
    from rouge_score import rouge_scorer

    candidate = "the cat sat on the mat"
    view = compute_playground(candidate, CAT_REFERENCES, metric="ROUGE")
    found = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL"]).score_multi(CAT_REFERENCES, candidate)
    for name, key in (("ROUGE-1", "rouge1"), ("ROUGE-2", "rouge2"), ("ROUGE-L", "rougeL")):
        assert view.metric_scores[name][2] == pytest.approx(found[key].fmeasure, abs=1e-12)
    assert view.chart.labels == ("ROUGE-1", "ROUGE-2", "ROUGE-L")


def test_chrf_view_agrees_with_sacrebleu():
    from sacrebleu.metrics import CHRF

    candidate = "The cat sat on the mat."
    view = compute_playground(candidate, CAT_REFERENCES, metric="chrF", lowercase=True)
    expected = CHRF(lowercase=True).sentence_score(candidate, CAT_REFERENCES).score / 100
    assert view.metric_scores["chrF"] == pytest.approx(expected, abs=1e-9)
    assert view.comparisons[0].value == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("lowercase", [False, True])
@pytest.mark.parametrize(
    "candidate, references",
    [
        ("mat the on is cat the", ["the cat is on the mat"]),  # one shift and two substitutions
        ("The cat sat on the mat .", CAT_REFERENCES),
        ("on the mat there is a cat sitting", CAT_REFERENCES),
        ("a cat", ["the cat is on the mat"]),  # more deletions than words: TER above 0.5
    ],
)
def test_ter_view_agrees_with_sacrebleu(candidate, references, lowercase):
    from sacrebleu.metrics import TER

    metric = TER(case_sensitive=not lowercase)
    stats = metric.sentence_score(candidate, references)
    expected = stats.score / 100
    view = compute_playground(candidate, references, metric="TER", lowercase=lowercase)
    assert view.metric_scores["TER"] == pytest.approx(expected, abs=1e-9)
    # sacrebleu's TER: its edits over the average reference length.
    edits, length = stats.num_edits, stats.ref_length
    assert view.metric_scores["edits"] == edits and view.metric_scores["reference length"] == pytest.approx(length)
    sacre = view.comparisons[0]
    assert sacre.library == "sacrebleu" and sacre.value == pytest.approx(expected, abs=1e-12)
    assert f"case_sensitive={not lowercase}" in sacre.settings
    assert f"<span class='bl-ter'>{expected:.4f}</span>" in view.numbers_html
    assert f"<span class='bl-ter-edits'>{int(edits)}</span>" in view.numbers_html
    assert "lower is better" in view.numbers_html and "&#10003; same" in view.comparison_html
    assert view.chart.labels == ("BLEU", "TER")


def test_ter_view_marks_the_shift_by_hand():
    # Snover et al. (2006): moving "mat" to the end is one shift; then "on"/"cat" and "cat"/"on" are
    # two substitutions: 3 edits over 6 reference words = 0.5, where BLEU is 0.
    view = compute_playground("mat the on is cat the", ["the cat is on the mat"], metric="TER")
    assert view.metric_scores["TER"] == 0.5 and view.metric_scores["edits"] == 3 and view.score == 0.0
    assert "shifted here" in view.numbers_html and "shift &#x27;mat&#x27;" in view.numbers_html
    assert any("lower is better" in note for note in view.notes)


# ---------------------------------------------------------------- length limits of the slow views


def _words(n: int, start: int = 0) -> str:
    """n distinct words: w0 w1 w2 ..."""
    return " ".join(f"w{i}" for i in range(start, start + n))


def test_ter_view_stops_beyond_its_word_limit_and_keeps_bleu():
    from unittest import mock

    import bleu_lab.show.playground as playground_module

    assert playground_module.WORD_LIMITS["TER"] == 50
    # 50 words are scored: a copy of the reference needs no edit, TER = 0.
    at_limit = compute_playground(_words(50), [_words(50)], metric="TER")
    assert at_limit.message == "" and at_limit.metric_scores["TER"] == 0.0
    assert at_limit.comparisons[0].library == "sacrebleu"
    # 51 words: neither bleu_lab's TER nor sacrebleu's runs; BLEU of a copy is still 1 and shown.
    with mock.patch.object(playground_module, "ter", wraps=playground_module.ter) as own, \
         mock.patch.object(playground_module, "sacrebleu_ter", wraps=playground_module.sacrebleu_ter) as other:
        view = compute_playground(_words(51), [_words(51)], metric="TER")
    assert own.call_count == 0 and other.call_count == 0
    assert view.message == (
        "TER is shown for texts up to 50 words; this candidate has 51. "
        "Shorten the text, or call bleu_lab.ter(...) directly (it takes longer)."
    )
    assert view.score == 1.0 and "<span class='bl-score'>1.0000</span>" in view.numbers_html
    assert view.metric_scores == {} and view.comparisons == () and "bl-ter'" not in view.numbers_html
    assert view.chart.texts == ("1.000", "n/a")
    assert "TER is shown for texts up to 50 words" in view.html
    # A long reference is named by its box (box 1 is empty; the 60-word reference is in box 3).
    boxed = compute_playground(_words(10), ["", _words(10), _words(60)], metric="TER")
    assert boxed.message.startswith("TER is shown for texts up to 50 words; reference 3 has 60.")
    # The other views are not limited by TER's count.
    assert compute_playground(_words(51), [_words(51)], metric="BLEU").message == ""


def test_rouge_view_leaves_out_rouge_score_beyond_its_limit():
    from unittest import mock

    import bleu_lab.show.playground as playground_module

    assert playground_module.WORD_LIMITS["rouge-score"] == 500
    at_limit = compute_playground(_words(500), [_words(500)], metric="ROUGE")
    assert len(at_limit.comparisons) == 3 and not any("rouge-score's ROUGE is shown" in n for n in at_limit.notes)
    # 501 ROUGE tokens written without a space ("w0,w1,..." is one word for BLEU, 501 for ROUGE).
    text = _words(501).replace(" ", ",")
    with mock.patch.object(playground_module, "rouge_score_fmeasures") as other:
        view = compute_playground(text, [text], metric="ROUGE")
    assert other.call_count == 0 and view.comparisons == ()
    assert view.message == "" and view.score is not None
    # bleu_lab's ROUGE of a copy: every unigram, bigram and the whole sequence match, F = 1.
    assert view.metric_scores["ROUGE-1"] == (1.0, 1.0, 1.0) and view.metric_scores["ROUGE-L"] == (1.0, 1.0, 1.0)
    assert (
        "rouge-score's ROUGE is shown beside bleu_lab's for texts up to 500 words; this candidate has 501. "
        "Shorten the text, or call rouge_score.rouge_scorer.RougeScorer(...).score_multi(...) directly "
        "(it takes longer)."
    ) in view.notes


@pytest.mark.parametrize("lines", [30, 260])  # about 590 and 5,200 words
def test_pasted_wmt19_paragraph_never_runs_the_slow_scorers(lines):
    # The review's paste: 30 (or 260) WMT19 lines joined into one candidate and one reference. TER took
    # 53 s for 30 lines; rouge-score 11 s for 260. Neither may run; every view answers.
    from unittest import mock

    import bleu_lab.show.playground as playground_module
    from bleu_lab.datasets import load_wmt19_en_de

    data = load_wmt19_en_de()
    candidate, reference = " ".join(data.systems["NEU"][:lines]), " ".join(data.reference[:lines])
    words = len(candidate.split())
    assert words > 500
    with mock.patch.object(playground_module, "ter") as own, \
         mock.patch.object(playground_module, "sacrebleu_ter") as other, \
         mock.patch.object(playground_module, "rouge_score_fmeasures") as rouge_score:
        views = {metric: compute_playground(candidate, [reference], metric=metric) for metric in
                 ("BLEU", "ROUGE", "chrF", "TER")}
    assert own.call_count == other.call_count == rouge_score.call_count == 0
    assert views["TER"].message.startswith(f"TER is shown for texts up to 50 words; this candidate has {words}.")
    for metric in ("BLEU", "ROUGE", "chrF"):
        assert views[metric].message == "" and views[metric].score is not None
    assert views["chrF"].comparisons[0].value is not None and len(views["BLEU"].comparisons) == 2


def test_ter_limit_in_the_widget_shows_the_message_box():
    from bleu_lab.show.widgets import playground

    widget = playground(debounce=0)
    widget.metric.value = "TER"
    widget.candidate.value = _words(51)
    widget.references[0].value = _words(51)
    assert "TER is shown for texts up to 50 words; this candidate has 51." in widget.message.value
    assert "bl-message" in widget.message.value and "<span class='bl-score'>1.0000</span>" in widget.numbers.value


# ---------------------------------------------------------------- input that has no score


LONG = " ".join(["the cat is on the mat"] * 250)  # 1,500 tokens


@pytest.mark.parametrize(
    "candidate, references, wants",
    [
        ("", CAT_REFERENCES, "Type a candidate"),
        ("   \t ", CAT_REFERENCES, "Type a candidate"),
        (None, CAT_REFERENCES, "Type a candidate"),
        ("the cat", [], "Type at least one reference"),
        ("the cat", ["", "   "], "Type at least one reference"),
        ("the cat", None, "Type at least one reference"),
        ("the cat", [42], "Could not compute"),
    ],
)
def test_no_score_gives_a_message(candidate, references, wants):
    view = compute_playground(candidate, references)
    assert view.score is None and view.message.startswith(wants)
    assert "Traceback" not in view.html


@pytest.mark.parametrize(
    "candidate, references, note",
    [
        ("the cat 🐈 is on the mat 😀", CAT_REFERENCES, None),
        (LONG, [LONG, "the cat"], "Long text"),
        ("the cаt is on the mat", CAT_REFERENCES, "mixes letters of several scripts"),  # Cyrillic а
        ("猫坐在垫子上 cat", ["猫在垫子上 cat"], "written without spaces"),
        ("the cat is on the mat", ["the cat is on the mat"], "identical to the reference"),
        ("x", CAT_REFERENCES, "No word of the candidate"),
        ("the cat", CAT_REFERENCES, "has only 2 tokens"),
    ],
)
def test_odd_input_scores_with_a_note(candidate, references, note):
    view = compute_playground(candidate, references)
    assert view.message == ""
    assert view.score == bleu_lab.sentence_bleu(candidate, references).score
    if note:
        assert any(note in n for n in view.notes), view.notes
    assert view.html.count("<td class='bl-candidate-1'") == 1


@pytest.mark.parametrize("candidate, references, settings, expected_note", [
    # "a cat sat" has 3 tokens, no 4-gram: BLEU 0 (sacrebleu.corpus_bleu with smooth_method='none' gives 0.0;
    # its sentence_bleu turns effective order on by default and gives 100)
    ("a cat sat", ["a cat sat"], {}, "BLEU is still 0.0000, because it is shorter than the max order"),
    ("The CAT", ["the cat"], {"lowercase": True}, "BLEU is still 0.0000, because it is shorter than the max order"),
    # nltk's method5 on an identical 6-token sentence: 1.1167 (nltk's own sentence_bleu gives that, and
    # test_misuse derives it by hand: (4/3 x 10/9 x 28/27 x 82/81) ** (1/4))
    ("the cat is on the mat", ["the cat is on the mat"], {"smoothing": "method5"},
     "smoothing 'method5' makes BLEU 1.1167, not 1"),
])
def test_an_identical_candidate_is_not_said_to_score_1_when_it_does_not(candidate, references, settings,
                                                                        expected_note):
    view = compute_playground(candidate, references, **settings)
    identical = [note for note in view.notes if "identical to the reference" in note]
    assert len(identical) == 1 and expected_note in identical[0], view.notes
    assert "BLEU = 1" not in identical[0]


@pytest.mark.parametrize("candidate, expected_note", [
    ("the cat\u200b is on the mat", "invisible character, ZERO WIDTH SPACE (U+200B)"),
    ("the cat is on the ma\u00adt", "invisible character, SOFT HYPHEN (U+00AD)"),
    # "e" + COMBINING ACUTE ACCENT: looks like "é" (U+00E9), which the reference has
    ("the caf\u0065\u0301 is on the mat", "base letter plus a combining accent"),
])
def test_texts_that_look_alike_but_differ_in_code_points_get_a_note(candidate, expected_note):
    references = ["the caf\u00e9 is on the mat" if "\u0301" in candidate else "the cat is on the mat"]
    view = compute_playground(candidate, references)
    # One word differs, so BLEU is below 1 although the two texts look the same on screen.
    assert view.score < 1
    assert any(expected_note in note for note in view.notes), view.notes
    assert not any("invisible" in note or "combining" in note
                   for note in compute_playground(references[0], references).notes)


def test_add_k_says_that_an_empty_order_counts_as_perfect():
    # sacrebleu's add-k on "the cat" against a 6-word reference: (0 + 1) / (0 + 1) = 1 for orders 3 and 4,
    # so BLEU is BP alone, exp(1 - 6/2) = 0.1353 (sacrebleu prints 13.53 with smooth_method='add-k').
    view = compute_playground("the cat", ["the cat is on the mat"], smoothing="add-k")
    assert view.score == pytest.approx(math.exp(1 - 6 / 2))
    assert any("add-k adds 1" in note and "3-grams, 4-grams" in note and "perfect precision" in note
               for note in view.notes), view.notes
    # A candidate with n-grams of every order gets no such note.
    assert not any("add-k" in note for note in compute_playground(
        "the cat sat on the mat", ["the cat is on the mat"], smoothing="add-k").notes)


def test_long_text_draws_only_the_first_tokens():
    view = compute_playground(LONG, [LONG])
    assert view.highlights_html.count("title=\"matched 1-gram\"") == 200
    assert view.candidate_length == 1500


def test_settings_that_cannot_work_give_a_message():
    # nltk's method6 needs a matching trigram (nltk asserts it); bleu_lab refuses with a ValueError.
    view = compute_playground("the cat sat", ["the cat is"], smoothing="method6")
    assert view.message.startswith("BLEU cannot be computed")
    assert "unknown tokenizer" in compute_playground("a", ["a"], tokenize="13b").message
    assert compute_playground("a", ["a"], metric="METEOR").message.startswith("Unknown metric view")


# ---------------------------------------------------------------- property test


WORDS = ["the", "The", "cat", "mat", "on", "is", "a", "sat", ".", ",", "😀", "猫", "cаt", "é", "-", "'s", "don't"]
texts = st.one_of(
    st.lists(st.sampled_from(WORDS), max_size=14).map(" ".join),
    st.text(max_size=40),
    st.sampled_from(["", " ", "\n", "\t\t"]),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    candidate=texts,
    references=st.lists(texts, min_size=1, max_size=4),
    tokenize=st.sampled_from(["13a", "intl", "zh", "char", "none", "whitespace", "nltk"]),
    lowercase=st.booleans(),
    max_order=st.integers(1, 4),
    smoothing=st.sampled_from(SMOOTHING_NAMES),
    metric=st.sampled_from(["BLEU", "ROUGE", "chrF", "TER"]),
)
def test_generated_text_never_breaks_and_shows_bleu_labs_numbers(
    candidate, references, tokenize, lowercase, max_order, smoothing, metric
):
    view = compute_playground(candidate, references, tokenize=tokenize, lowercase=lowercase,
                              max_order=max_order, smoothing=smoothing, metric=metric)
    # The catch-all ("Could not compute") is for bugs: generated text must never reach it.
    assert not view.message.startswith("Could not compute"), view.message
    kept = [r for r in references if bleu_lab.tokenize(r, tokenize, lowercase=lowercase)]
    keywords = dict(max_order=max_order, smoothing=smoothing, tokenize=tokenize, lowercase=lowercase)
    if not kept or not bleu_lab.tokenize(candidate, tokenize, lowercase=lowercase):
        assert view.score is None and view.message.startswith("Type")
        return
    try:
        with separate_references():  # the boxes are separate references, one word or not
            expected = bleu_lab.sentence_bleu(candidate, kept, **keywords)
    except ValueError as error:  # method6 without a matching trigram
        assert view.score is None and str(error) in view.message
        return
    assert view.score == expected.score
    assert [row[1] for row in view.rows] == expected.counts
    assert [row[2] for row in view.rows] == expected.totals
    assert [row[3] for row in view.rows] == expected.precisions
    assert (view.candidate_length, view.reference_length) == (expected.candidate_length, expected.reference_length)
    assert f"<span class='bl-score'>{expected.score:.4f}</span>" in view.numbers_html
    assert f"<span class='bl-bp'>{expected.brevity_penalty:.4f}</span>" in view.numbers_html
    if metric == "BLEU":
        shown = [f"<td class='bl-clipped'>{m}</td><td class='bl-total'>{t}</td><td class='bl-precision'>{p:.4f}</td>"
                 for m, t, p in zip(expected.counts, expected.totals, expected.precisions)]
        assert all(row in view.numbers_html for row in shown)
        assert view.chart.values == tuple(expected.precisions)


# ---------------------------------------------------------------- the widgets, without a browser


def test_import_bleu_lab_loads_no_widgets_or_matplotlib():
    code = ("import sys, bleu_lab, bleu_lab.show.playground; "
            "bad = [m for m in ('ipywidgets', 'matplotlib', 'wordllama') if m in sys.modules]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_playground_widget_follows_its_controls():
    from bleu_lab.show.widgets import playground

    widget = playground()
    figure, png = widget.chart.figure, widget.image.png
    assert widget.view.score == 1.0 and png.startswith(b"\x89PNG")

    widget.candidate.value = "a cat is on the mat"
    assert "<span class='bl-score'>0.8409</span>" in widget.numbers.value
    assert widget.preset.value == "(your own text)"
    assert widget.chart.figure is figure and widget.chart.redraws == 1  # same bars, new heights
    assert widget.image.png != png
    assert "bl-candidate-4" in widget.highlights.value and "sacrebleu" in widget.comparison.value

    widget.max_order.value = 2
    assert widget.view.score == pytest.approx(1.0) and widget.chart.redraws == 2  # two bars now
    widget.metric.value = "ROUGE"
    assert "ROUGE-L" in widget.numbers.value
    widget.metric.value = "chrF"
    assert "bl-chrf" in widget.numbers.value
    assert "TER" in widget.metric.options
    widget.metric.value = "TER"
    assert "bl-ter" in widget.numbers.value and "lower is better" in widget.numbers.value
    assert "TER(case_sensitive=True" in widget.comparison.value

    widget.candidate.value = "   "
    assert "Type a candidate" in widget.message.value and "n/a" in widget.numbers.value
    assert widget.chart.figure is figure

    label = next(label for label in presets() if "NASA" in label)
    widget.preset.value = label
    nasa = bleu_lab.load_example("nasa_rover")
    assert widget.candidate.value == nasa["candidate"]
    blanks = [""] * (len(widget.references) - len(nasa["references"]))  # the NASA example has one reference
    assert [box.value for box in widget.references] == [*nasa["references"], *blanks]


@pytest.mark.parametrize("metric", ["BLEU", "ROUGE", "chrF", "TER"])
def test_other_libraries_are_added_to_the_cached_view_not_recomputed(metric):
    # The widget asks for the view without the other libraries at each keystroke, then with them once
    # typing pauses: sentence BLEU (_counted_bleu), the table and the highlights are computed once for both.
    from unittest import mock

    import bleu_lab.show.playground as playground_module

    candidate = f"the counted cat sat on a mat for {metric}"  # inputs no other test caches
    with mock.patch.object(playground_module, "_counted_bleu", wraps=playground_module._counted_bleu) as spy:
        quick = compute_playground(candidate, CAT_REFERENCES, metric=metric, compare=False)
        full = compute_playground(candidate, CAT_REFERENCES, metric=metric, compare=True)
        assert spy.call_count == 1
        assert compute_playground(candidate, CAT_REFERENCES, metric=metric, compare=True) is full  # cached too
    assert quick.comparisons == () and quick.comparison_html == ""
    assert full.comparisons and "this package" in full.comparison_html
    assert (full.score, full.rows, full.html.replace(full.comparison_html, "")) == (quick.score, quick.rows, quick.html)

    from bleu_lab.show.widgets import playground

    widget = playground(debounce=0)
    with mock.patch.object(playground_module, "_counted_bleu", wraps=playground_module._counted_bleu) as spy:
        widget.metric.value = metric
        calls = spy.call_count
        widget.candidate.value = candidate + " again"  # the text now, then the chart and other libraries
        assert spy.call_count == calls + 1
    assert widget.comparison.value == widget.view.comparison_html != ""


def test_bp_explorer_widget_moves_with_its_sliders():
    from bleu_lab.bleu.metric import brevity_penalty_value
    from bleu_lab.show.widgets import bp_explorer

    widget = bp_explorer()
    figure = widget.figure
    widget.candidate_length.value = 9
    widget.reference_length.value = 15
    assert f"<span class='bl-bp'>{brevity_penalty_value(9, 15):.4f}</span>" in widget.text.value
    assert widget.figure is figure
    assert list(widget._point.get_xdata()) == [9]
    assert list(widget._point.get_ydata()) == [pytest.approx(brevity_penalty_value(9, 15))]


def test_bp_tradeoff_plot_is_unigram_bleu_and_computed_in_one_pass():
    from unittest import mock

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from sacrebleu.metrics import BLEU

    import bleu_lab.show.widgets as widgets_module
    from bleu_lab.show.playground import BP_CANDIDATE, BP_REFERENCE

    fig, ax = plt.subplots()
    with mock.patch.object(widgets_module, "compute_bp_explorer", wraps=widgets_module.compute_bp_explorer) as spy:
        widgets_module.plot_bp_tradeoff(ax=ax, reference_length=12, mark=(4, 8))
    assert spy.call_count == 3  # the curves from one call, then one per mark: not one per candidate length
    bp_line, p1_line, product_line = ax.get_lines()[:3]
    candidate, reference = bleu_lab.tokenize(BP_CANDIDATE), bleu_lab.tokenize(BP_REFERENCE)[:12]
    unigram = BLEU(tokenize="none", max_ngram_order=1, smooth_method="none")
    for c, bp, p1, product in zip(bp_line.get_xdata(), bp_line.get_ydata(), p1_line.get_ydata(),
                                  product_line.get_ydata()):
        expected = unigram.sentence_score(" ".join(candidate[:c]), [" ".join(reference)]).score / 100
        assert abs(product - expected) < 1e-9
        assert bp == pytest.approx(1.0 if c > 12 else math.exp(1 - 12 / c)) and product == pytest.approx(p1 * bp)
    assert len(bp_line.get_xdata()) == len(candidate)
    plt.close(fig)


def test_paraphrase_explorer_widget():
    from bleu_lab.show.widgets import paraphrase_explorer

    widget = paraphrase_explorer()
    widget.rewrite.value = "synonyms (paraphrase)"
    assert widget.candidate.value == PARAPHRASE_REWRITES["synonyms (paraphrase)"]
    assert widget.view.scores["ROUGE-2"] == 0.0
    assert widget.chart._key[-1] == "embedding" and len(widget.chart._bars) == 6
    assert ">embedding</th>" in widget.table.value
    widget.candidate.value = ""
    assert "Type or pick a rewrite" in widget.text.value and widget.rewrite.value == "(your own text)"
    before = widget.table.value
    widget.reference.value = "the feline rests upon the rug"
    assert widget.table.value != before  # every preset rewrite is scored against the new reference


def test_typed_markup_is_shown_as_text():
    view = compute_playground("the <b>cat</b> & <script>x</script>", ["the <b>cat</b>"], tokenize="whitespace")
    assert "<b>" not in view.highlights_html and "<script>" not in view.html
    assert "&lt;b&gt;cat&lt;/b&gt;" in view.highlights_html


def test_references_are_numbered_by_their_box():
    # Box 1 empty, boxes 2-4 filled: the rows and notes name boxes 2, 3, 4, never 1, 2, 3.
    boxes = ["", "the cat is on the mat", "a cat sat on a mat", "there is a cat on the mat"]
    view = compute_playground("a cat sat on a mat", boxes)
    assert view.reference_boxes == (2, 3, 4)
    assert any("Reference box 1 is empty" in note for note in view.notes)
    assert any("identical to reference 3" in note for note in view.notes)
    for box in (2, 3, 4):
        assert f">reference {box}</td>" in view.highlights_html
        assert f"class='bl-reference-{box}'" in view.highlights_html
    assert ">reference 1</td>" not in view.highlights_html
    # With no candidate the references are still listed under their box numbers.
    empty = compute_playground("", ["", "", "the cat"])
    assert ">reference 3</td>" in empty.highlights_html and ">reference 1</td>" not in empty.highlights_html


# ---------------------------------------------------------------- colours, presenter, reprs, notes, caches


def _wcag_contrast(first: str, second: str = "#ffffff") -> float:
    # WCAG 2.1 relative luminance and contrast ratio, written out here (not bleu_lab's function).
    def luminance(colour):
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _simulate(colour: str, kind: str) -> tuple:
    """Colour as seen with full protanopia, deuteranopia or tritanopia (Machado et al. 2009, severity 1)."""
    matrices = {
        "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
        "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
        "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
        "none": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    }
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return tuple(min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear)))) for row in matrices[kind])


def _lab(linear_rgb) -> tuple:
    r, g, b = linear_rgb
    x, y, z = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505, 0.2126 * r + 0.7152 * g + 0.0722 * b, \
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_highlight_colours_are_visible_on_white_and_apart_for_colour_blind_readers():
    from bleu_lab.style import ORDER_COLOURS, ORDER_LINES, ORDER_TINTS, STYLE, contrast_ratio

    for colour in ORDER_COLOURS:
        assert _wcag_contrast(colour) >= 3.0, colour  # WCAG 1.4.11: marks against the white page
        assert contrast_ratio(colour) == pytest.approx(_wcag_contrast(colour))
    for tint in ORDER_TINTS:
        assert _wcag_contrast("#000000", tint) >= 7.0, tint  # black text on the tint (AAA)
    for name in ("muted", "ok", "warn"):
        assert _wcag_contrast(STYLE[name]) >= 4.5, name  # text colours (AA)
    assert len(set(ORDER_LINES[:4])) == 4  # each order also has its own underline style
    # The four orders the playground shows stay apart (CIE76 delta E > 10) under every kind of colour blindness.
    for kind in ("none", "protan", "deutan", "tritan"):
        labs = [_lab(_simulate(c, kind)) for c in ORDER_COLOURS[:4]]
        for i in range(4):
            for j in range(i + 1, 4):
                distance = math.dist(labs[i], labs[j])
                assert distance > 10, (kind, ORDER_COLOURS[i], ORDER_COLOURS[j], distance)


def test_one_highlighter_for_every_view():
    from bleu_lab.bleu.explanation import mark
    from bleu_lab.style import ORDER_COLOURS

    view = compute_playground("a cat is on the mat", CAT_REFERENCES)
    assert ORDER_COLOURS[3] in view.highlights_html and "dashed" in view.highlights_html
    assert mark("cat", 2, "matched 2-gram") in view.highlights_html
    assert 'class="bl-mark bl-mark-4"' in view.highlights_html


def test_widgets_have_a_short_text_repr_and_a_presenter_mode():
    from bleu_lab.show.widgets import bp_explorer, paraphrase_explorer, playground

    for widget in (playground(), bp_explorer(), paraphrase_explorer()):
        text = widget._repr_mimebundle_()
        plain = (text[0] if isinstance(text, tuple) else text)["text/plain"]
        assert "children=" not in plain and len(plain) <= 110 and "live widget" in plain
    widget = playground(presenter=True)
    assert "bl-presenter" in widget._dom_classes and widget.presenter.value
    assert widget.chart.figure.dpi > 96
    widget.presenter.value = False
    assert "bl-presenter" not in widget._dom_classes and widget.chart.figure.dpi == 96


def test_lab_notes_are_hidden_under_voila(monkeypatch):
    from bleu_lab.show.widgets import lab_note

    note = lab_note("Run > Run All Cells")
    monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)
    monkeypatch.delenv("SERVER_SOFTWARE", raising=False)
    assert note._repr_mimebundle_() == {"text/markdown": "Run > Run All Cells", "text/plain": "Run > Run All Cells"}
    monkeypatch.setenv("VOILA_KERNEL_ID", "abc")
    assert note._repr_mimebundle_() == {"text/plain": ""}
    with pytest.raises(TypeError):
        lab_note(None)


def test_text_first_and_chart_after_a_pause():
    import asyncio

    from bleu_lab.show.widgets import playground

    async def scenario():
        widget = playground(debounce=0.05)
        before = widget.image.png
        widget.candidate.value = "a cat is on the mat"
        assert "<span class='bl-score'>0.8409</span>" in widget.numbers.value  # at once
        assert widget.image.png == before  # the chart has not been drawn yet
        await asyncio.sleep(0.2)
        assert widget.image.png != before and "sacrebleu" in widget.comparison.value

    asyncio.run(scenario())


def test_other_libraries_module_and_cache():
    from bleu_lab import other_libraries

    first = other_libraries.sacrebleu_sentence_bleu("a cat is on the mat", ["the cat is on the mat"])
    assert first.agrees_with(bleu_lab.sentence_bleu("a cat is on the mat", ["the cat is on the mat"]).score)
    assert other_libraries.sacrebleu_sentence_bleu("a cat is on the mat", ("the cat is on the mat",)) is first
    assert other_libraries.nltk_sentence_bleu(["a"], [["a"]], smoothing="exp").value is None
    assert compute_playground("a cat", ["the cat"]) is compute_playground("a cat", ["the cat"])


def test_settings_of_the_wrong_type_get_their_own_message():
    assert compute_playground("a cat", ["the cat"], tokenize=["13a"]).message.startswith("tokenize must be one of")
    assert "lowercase must be True or False" in compute_playground("a cat", ["the cat"], lowercase="yes").message


def test_bp_legend_never_hides_a_marker():
    from bleu_lab.show.widgets import bp_explorer

    widget = bp_explorer(candidate_length=34, reference_length=12)
    for c in (1, 8, 12, 20, 34, widget.candidate_length.max):
        widget.candidate_length.value = c
        widget.figure.canvas.draw()
        legend = widget.ax.get_legend().get_window_extent()
        for marker in (widget._point, widget._product):
            x, y = widget.ax.transData.transform((marker.get_xdata()[0], marker.get_ydata()[0]))
            assert not legend.contains(x, y), (c, marker.get_label())


# ---------------------------------------------------------------- arguments that are mistakes


@pytest.mark.parametrize(
    ("candidate", "reference", "words"),
    [
        # A list of references was joined into one reference text ("the cat sat down a dog ran off"): BLEU 0.3679.
        ("a dog ran off", ["the cat sat down", "a dog ran off"],
         ["reference is a list of 2 sentence(s), not one text (a string)", "call it once per reference",
          "Right: compute_paraphrase('a dog ran off', 'the cat sat down')"]),
        # nltk's order: the references first.
        (["the cat"], "the cat", ["candidate (the rewrite) is a list of 1 sentence(s)", "the arguments look swapped",
                                  "Right: compute_paraphrase('the cat', 'the cat')"]),
        # Token lists: a flat list of words where one reference belongs could as well be one-word references.
        (["the", "cat"], "the cat", ["candidate (the rewrite) is a list of 2 token(s)", "(write 'the cat')",
                                     "Right: compute_paraphrase('the cat', 'the cat')"]),
        ("the cat", ("the", "cat"),
         ["reference is a tuple of 2 token(s)", "Right: compute_paraphrase('the cat', 'the cat')"]),
        ("the cat", 5, ["reference is a value of type int, not a text (a string)", "Right: compute_paraphrase("]),
    ],
)
def test_paraphrase_takes_one_rewrite_and_one_reference(candidate, reference, words):
    view = compute_paraphrase(candidate, reference)  # never raises: the message says what is wrong
    assert view.scores == {} and view.message.startswith("Could not compute: ")
    for needle in words:
        assert needle in view.message, view.message
    assert "Traceback" not in view.html and view.message.replace("&#x27;", "'") in view.html.replace("&#x27;", "'")


def test_paraphrase_of_strings_still_scores():
    # ROUGE-1 of "a dog ran off" against the one reference "a dog ran off the road": P = 4/4, R = 4/6, F = 0.8.
    view = compute_paraphrase("a dog ran off", "a dog ran off the road")
    assert view.message == "" and view.scores["ROUGE-1"] == pytest.approx(0.8)
    assert compute_paraphrase(None, "the cat").message.startswith("Type or pick a rewrite")


@pytest.mark.parametrize(
    ("references", "words"),
    [
        ({"the cat is on the mat": "a dog ran off"}, "): its keys would be read as the references"),
        ({"the cat is on the mat"}, "references is a set ({'the cat is on the mat'}): a set has no order"),
        (frozenset({"the cat is on the mat"}), "references is a frozenset (frozenset("),
        ({"the cat is on the mat": 1}.keys(), "references is a dict_keys (dict_keys(["),
        ((r for r in ["the cat is on the mat"]),
         "references is a generator object, which can be read only once (pass list(...) of it); it must be a list"),
        (42, "references is a value of type int; it must be a list of reference texts"),
        ([["the", "cat", "is", "on", "the", "mat"]], "references[0] is a list of 6 token(s), not a text"),
    ],
)
def test_playground_refuses_references_that_are_not_a_list_of_texts(references, words):
    # A dict's keys were read as the references: the candidate "matched" its own key, BLEU 1.0.
    view = compute_playground("the cat is on the mat", references)
    assert view.score is None and view.message.startswith("Could not compute a score: ")
    assert words in view.message, view.message
    assert "Right: compute_playground('the cat sat', ['the cat sat down', 'a cat sat'])" in view.message


def test_playground_refuses_a_token_list_instead_of_scoring_it_as_other_text():
    # Joined and tokenized again by 13a, ["the", "U.S.", "cat", "(sat)"] was scored as other tokens than
    # sentence_bleu(tokens, ...) uses: a quiet different number. Now it is a message.
    view = compute_playground(["the", "U.S.", "cat", "(sat)"], ["the U.S. cat (sat) down"], max_order=2)
    assert view.score is None
    assert view.message.startswith("Could not compute a score: candidate is a list of 4 token(s)")


def test_a_setting_of_the_wrong_type_never_shares_a_cached_view_with_the_right_one():
    # 4.0 == 4, True == 1 and 1 == True, with equal hashes: the cache must tell them apart both ways.
    # The messages are sentence_bleu's and tokenize()'s own (max_order=4.0 is refused there too).
    with pytest.raises(TypeError) as refused:
        bleu_lab.sentence_bleu("a cat", ["the cat"], max_order=4.0)
    float_message = str(refused.value)
    assert "max_order must be a whole number" in float_message
    # By hand, "the cat sat on the red mat" against "the cat is on the red mat" (13a: 7 tokens each, BP = 1):
    # p1 = 6/7, p2 = 4/6, p3 = 2/5 ("on the red", "the red mat"), p4 = 1/4 ("on the red mat").
    by_hand = (6 / 7 * 4 / 6 * 2 / 5 * 1 / 4) ** 0.25
    for compare in (False, True):
        right_first = f"the cat sat on the red mat {'' if compare else 'today'}".strip()
        references = [right_first.replace("sat", "is")]
        if compare:
            right = compute_playground(right_first, references, max_order=4, compare=compare)
            assert right.message == "" and right.score == pytest.approx(by_hand, abs=1e-12)
        wrong = compute_playground(right_first, references, max_order=4.0, compare=compare)
        assert wrong.score is None and float_message in wrong.message
        right = compute_playground(right_first, references, max_order=4, compare=compare)  # after the wrong one
        assert right.message == "" and right.score is not None
    # max_order=True after max_order=1; lowercase=1 after lowercase=True.
    candidate, references = "the red cat sat", ["the red cat is on the mat"]
    # By hand: p1 = 3/4 ("sat" is not in the reference), c = 4 < r = 7, BP = exp(1 - 7/4).
    assert compute_playground(candidate, references, max_order=1).score == pytest.approx(3 / 4 * math.exp(1 - 7 / 4))
    boolean = compute_playground(candidate, references, max_order=True)
    assert boolean.score is None and "max_order must be a whole number such as 4, not the bool True" in boolean.message
    assert compute_playground("The Red Cat sat", references, lowercase=True).message == ""
    one = compute_playground("The Red Cat sat", references, lowercase=1)
    assert one.score is None and "lowercase must be True or False" in one.message


def test_paraphrase_table_refuses_rewrites_that_are_not_labelled():
    for rewrites in (["the cat sat on the mat", "the cat"], "abc", ("the cat",)):
        with pytest.raises(TypeError) as caught:
            paraphrase_table(rewrites=rewrites)
        message = str(caught.value)
        assert "rewrites is " in message and "{label: rewrite}" in message
        assert "Right: paraphrase_table(rewrites={'one word changed': 'the cat sat on the mat'" in message
    # A dict of rewrites is scored row by row; a row that cannot be scored has its own message.
    table = paraphrase_table(rewrites={"copy": "the cat is on the mat", "tokens": ["the", "cat"]})
    assert table["copy"].scores["BLEU"] == 1.0 and table["tokens"].message.startswith("Could not compute")


def test_paraphrase_bleu_is_sacrebleus_exp_smoothing_without_effective_order():
    # What the explorer's BLEU is today (the docstring and notebook 07 say "sacrebleu's 'exp' smoothing"):
    # sacrebleu's BLEU(smooth_method='exp', effective_order=False). sacrebleu.sentence_bleu() turns
    # effective_order on and gives "too short" ("the cat", no 3- or 4-gram) exp(1 - 6/2) instead of 0;
    # notebook 07 prints the 0, so a switch to effective order must re-execute it.
    from sacrebleu.metrics import BLEU

    sacre = BLEU(smooth_method="exp", effective_order=False)
    for view in paraphrase_table().values():
        expected = sacre.sentence_score(view.candidate, [PARAPHRASE_REWRITES["exact copy"]]).score / 100
        assert view.scores["BLEU"] == pytest.approx(expected, abs=1e-12)
    assert compute_paraphrase("the cat sat", "the cat sat").scores["BLEU"] == 0.0  # no 4-gram, as in sacrebleu above


_ALL_PRESETS = "The presets are: 'cat/mat: identical to a reference'"


@pytest.mark.parametrize(
    ("function", "arguments", "error", "words"),
    [
        ("playground", {"preset": "nasa"}, ValueError,
         "unknown preset 'nasa'. Did you mean 'NASA rover: candidate 1' or 'NASA rover: candidate 2'?"),
        ("playground", {"preset": "nasa_rover"}, ValueError, "Right: playground(preset='NASA rover: candidate 1')"),
        ("playground", {"preset": "(your own text)"}, ValueError, "unknown preset '(your own text)'"),
        ("playground", {"preset": 1}, TypeError, "preset must be the label of an example (a string), or None"),
        ("playground", {"presenter": "yes"}, TypeError,
         "presenter must be True or False, not the string 'yes'. Right: playground(presenter=True)"),
        ("bp_explorer", {"presenter": "no"}, TypeError, "Right: bp_explorer(presenter=True)"),
        ("paraphrase_explorer", {"presenter": 1}, TypeError, "presenter must be True or False"),
        ("paraphrase_explorer", {"reference": ["the cat", "a dog"]}, TypeError,
         "reference is a list of 2 sentence(s), not one text (a string)"),
        ("paraphrase_explorer", {"reference": 5}, TypeError,
         "Right: paraphrase_explorer(reference='the cat is on the mat')"),
        ("paraphrase_explorer", {"reference": None}, TypeError, "reference is None"),
        ("playground", {"debounce": "0.3"}, TypeError,
         "debounce must be a number of seconds from 0 to 5, such as 0.2, not the string '0.3'. "
         "Right: playground(debounce=0.3)"),
        ("playground", {"debounce": True}, TypeError, "not the bool True"),
        ("playground", {"debounce": 1e9}, ValueError, "debounce must be a number of seconds from 0"),
        ("playground", {"debounce": 5.01}, ValueError, "got 5.01"),
        ("playground", {"debounce": -1}, ValueError, "got -1"),
        ("playground", {"debounce": float("nan")}, ValueError, "got nan"),
        ("paraphrase_explorer", {"debounce": float("inf")}, ValueError, "Right: paraphrase_explorer(debounce=0.2)"),
    ],
)
def test_widget_arguments_that_are_mistakes_are_refused_before_the_widget_is_built(function, arguments, error, words):
    import bleu_lab.show.widgets as widgets_module

    with pytest.raises(error) as caught:
        getattr(widgets_module, function)(**arguments)
    assert words in str(caught.value), str(caught.value)
    if "preset" in arguments:  # every preset is listed
        assert all(repr(label) in str(caught.value) for label in presets())
        assert _ALL_PRESETS in str(caught.value)


def test_widgets_take_their_arguments_at_both_ends():
    from bleu_lab.show.widgets import MAX_DEBOUNCE, paraphrase_explorer, playground

    second = next(label for label in presets() if label.endswith("candidate 2") and "NASA" in label)
    widget = playground(preset=second, debounce=MAX_DEBOUNCE)
    assert widget.preset.value == second
    assert widget.candidate.value == bleu_lab.load_example("nasa_rover_2")["candidate"]
    assert playground(debounce=0).view.ok
    explorer = paraphrase_explorer(debounce=0, reference="a dog ran off")
    assert explorer.view.message == "" and explorer.reference.value == "a dog ran off"
    with pytest.raises(TypeError, match="on must be True or False, not the string 'no'"):
        widget.set_presenter("no")  # "no" is not read as true
    assert not widget.presenter.value and "bl-presenter" not in widget._dom_classes


def test_look_alike_notes_only_where_they_explain_the_score():
    import unicodedata

    # Every text written the same (decomposed) way: the words match, BLEU 1, no note about accents.
    text = unicodedata.normalize("NFD", "le café est sur la table")
    view = compute_playground(text, [text])
    assert view.score == 1.0 and not any("combining accent" in note for note in view.notes)
    # A leading byte-order mark is left out by bleu_lab (sacrebleu keeps it): its own note, not "invisible".
    view = compute_playground("\ufeffthe cat sat on the mat", ["the cat sat on the mat"])
    assert view.score == 1.0
    assert any("starts with a byte-order mark" in note for note in view.notes)
    assert not any("invisible character" in note for note in view.notes)
    # add-k when nothing matches: sacrebleu stops at the empty unigrams, so BLEU is 0 and no note says
    # the missing orders count as perfect.
    view = compute_playground("dog", ["the cat sat"], smoothing="add-k")
    assert view.score == 0.0 and not any("add-k adds" in note for note in view.notes)
