"""Inputs a second independent review of the public API found (tenth session): each gets a clear error
or the right number. Expected numbers come from nltk, sacrebleu or a hand calculation written here.
"""

import json
import re
import subprocess
import sys
import warnings

import pytest
from nltk.translate import bleu_score as nltk_bleu
from sacrebleu.metrics import BLEU

import bleu_lab
from bleu_lab import SentenceStats, bleu_from_stats, bootstrap_ci, corpus_bleu, rouge_l, rouge_n, sentence_bleu

# ---------------------------------------------------------------- bleu_from_stats(last_sentence=...)

ONE_SENTENCE = SentenceStats(4, 5, (3, 1, 0, 0), (4, 3, 2, 1))


@pytest.mark.parametrize("given, words", [
    (5, "a value of type int"),
    (SentenceStats(rows=[[4, 5, 3, 1, 0, 0, 4, 3, 2, 1]] * 2), "a SentenceStats of 2 sentences"),
])
def test_last_sentence_must_be_one_sentences_statistics(given, words):
    with pytest.raises(TypeError) as error:
        bleu_from_stats([3, 1, 0, 0], [4, 3, 2, 1], 4, 5, smoothing="method4", last_sentence=given)
    assert words in str(error.value) and "last_sentence=SentenceStats(" in str(error.value)


@pytest.mark.parametrize("smoothing", ["none", "exp", "method1", "method3"])
def test_last_sentence_with_a_method_that_never_reads_it_is_refused(smoothing):
    with pytest.raises(ValueError) as error:
        bleu_from_stats([3, 1, 0, 0], [4, 3, 2, 1], 4, 5, smoothing=smoothing, last_sentence=ONE_SENTENCE)
    assert "methods 4-7" in str(error.value) and f"smoothing={smoothing!r}" in str(error.value)


def test_last_sentence_of_one_sentence_is_nltks_method4():
    # One sentence: "a b c d" against "a b x d e" (c = 4, r = 5): matches 3/4, 1/3, 0/2, 0/1, which is
    # ONE_SENTENCE; nltk's method4 on the same tokens gives the expected number.
    expected = nltk_bleu.sentence_bleu([["a", "b", "x", "d", "e"]], ["a", "b", "c", "d"],
                                       smoothing_function=nltk_bleu.SmoothingFunction().method4)
    got = bleu_from_stats([3, 1, 0, 0], [4, 3, 2, 1], 4, 5, smoothing="method4", last_sentence=ONE_SENTENCE)
    assert got.score == pytest.approx(expected, rel=1e-9)


# ---------------------------------------------------------------- ROUGE results


def test_rouge_attributes_of_the_other_kind_follow_the_attribute_protocol():
    lcs_result, ngram_result = rouge_l("a b", ["a b"]), rouge_n("a b", ["a b"], 1)
    assert not hasattr(lcs_result, "matched_ngrams")
    assert getattr(ngram_result, "lcs", None) is None
    with pytest.raises(ValueError, match="use .lcs instead"):  # the message stays, for those who catch it
        lcs_result.matched_ngrams  # noqa: B018


def test_rouge_matched_ngrams_can_be_called_with_its_order_like_bleus():
    result = rouge_n("the cat sat", ["the cat"], 2)
    # By hand: the only bigram of "the cat" is (the, cat), which the candidate has once.
    assert result.matched_ngrams == {("the", "cat"): 1}
    assert result.matched_ngrams(2) == {("the", "cat"): 1} == result.matched_ngrams()
    with pytest.raises(ValueError, match=r"rouge_n\(candidate, references, n=3\)"):
        result.matched_ngrams(3)
    with pytest.raises(TypeError, match="whole number"):
        result.matched_ngrams("2")


# ---------------------------------------------------------------- tokens with a no-break space


def test_a_token_with_a_no_break_space_inside_is_one_token_as_in_nltk():
    tokens = ["10\u00a0000", "euros", "pour", "le", "chat"]
    reference = ["10\u00a0000", "euros", "pour", "un", "chat"]
    expected = nltk_bleu.sentence_bleu([reference], tokens, weights=(0.5, 0.5))
    assert sentence_bleu(tokens, [reference], max_order=2).score == pytest.approx(expected, rel=1e-9)
    # By hand: unigrams 4/5; bigrams (10 000, euros), (euros, pour) of 4 match: 2/4; BP = 1.
    assert expected == pytest.approx((4 / 5 * 2 / 4) ** 0.5)


@pytest.mark.parametrize("token, words", [
    ("the cat", "a token with spaces in it"),
    ("a\u3000b", "a token with spaces in it"),  # the ideographic space separates words
    ("\u00a0cat", "whitespace around it"),
])
def test_other_whitespace_in_a_token_is_still_a_mistake(token, words):
    with pytest.raises(ValueError, match=words):
        sentence_bleu([token], [["cat"]])


# ---------------------------------------------------------------- explanations quote sacrebleu only when it can


CANDIDATE, REFERENCE = "the cat sat on the mat", "the cat sat on a mat"


def test_the_explanation_quotes_sacrebleus_number_for_its_settings():
    result = sentence_bleu(CANDIDATE, [REFERENCE])
    theirs = BLEU(smooth_method="none").sentence_score(CANDIDATE, [REFERENCE]).score
    assert f"sacrebleu prints {theirs:.2f}" in result.explain()
    assert f"sacrebleu shows {theirs:.2f}" in result._repr_html_()


@pytest.mark.parametrize("keywords, missing", [
    ({"weights": [0.7, 0.3]}, "no weights"),
    ({"weights": [0.1, 0.2, 0.3, 0.4]}, "no weights"),
    ({"tokenize": "nltk"}, "no tokenizer 'nltk'"),
    ({"tokenize": "whitespace"}, "no tokenizer 'whitespace'"),
    ({"smoothing": "method3"}, "no method3"),
])
def test_the_explanation_claims_no_sacrebleu_number_for_settings_it_lacks(keywords, missing):
    result = sentence_bleu(CANDIDATE, [REFERENCE], **keywords)
    assert "sacrebleu prints" not in result.explain() and f"sacrebleu has {missing}" in result.explain()
    assert "sacrebleu shows" not in result._repr_html_() and "which sacrebleu cannot show" in result._repr_html_()


# ---------------------------------------------------------------- keywords named as other libraries name them


@pytest.mark.parametrize("function, keyword, meant", [
    (corpus_bleu, "smooth_method", "smoothing"),  # sacrebleu's name; its spelling is closer to smooth_value
    (corpus_bleu, "use_effective_order", "effective_order"),
    (bootstrap_ci, "n_bootstrap", "n_samples"),  # sacrebleu's corpus_score(..., n_bootstrap=1000)
    (bootstrap_ci, "random_state", "seed"),
    (bootstrap_ci, "confidense", "confidence"),
])
def test_another_librarys_keyword_gets_bleu_labs_name(function, keyword, meant):
    with pytest.raises(TypeError) as error:
        function(["a b"], [["a b"]], **{keyword: 1})
    assert f"Did you mean {meant!r}?" in str(error.value)


def test_a_keyword_with_no_counterpart_gets_no_spelling_guess():
    with pytest.raises(TypeError) as error:
        corpus_bleu(["a b"], [["a b"]], random_state=1)
    assert "Did you mean" not in str(error.value) and "'smoothing'" in str(error.value)


@pytest.mark.parametrize("option, meant", [("--lc", "--lowercase"), ("--tokenizer", "--tokenize"),
                                           ("--quiet", None), ("--foo", None)])
def test_a_mistyped_option_is_matched_without_its_dashes(option, meant, tmp_path):
    (tmp_path / "ref").write_text("a b\n", encoding="utf-8")
    (tmp_path / "hyp").write_text("a b\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "bleu_lab", "score", "ref", "-i", "hyp", option],
                          cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 2
    if meant is None:
        assert "Did you mean" not in done.stderr, done.stderr
    else:
        assert f"Did you mean {meant}?" in done.stderr, done.stderr


# ---------------------------------------------------------------- confidence levels beyond the sample limit


def test_a_level_that_no_allowed_sample_count_reaches_says_so():
    with pytest.raises(ValueError) as error:
        bootstrap_ci(["a b"] * 3, [["a b"]] * 3, confidence=0.9999999)
    text = str(error.value)
    # 2 / (1 - 0.9999999) = 20,000,000 and a bit: above the limit of 1,000,000 resamples, which
    # holds 0.99999 (2 / 0.00001 = 200,000).
    assert f"limit of {bleu_lab.checks.MAX_SAMPLES:,}" in text and "up to 0.99999 " in text


def test_the_suggested_call_has_enough_samples_for_the_level():
    with pytest.raises(ValueError) as error:
        bootstrap_ci(["a b"] * 3, [["a b"]] * 3, confidence=0.999)
    assert "n_samples=2000)" in str(error.value)  # 2 / (1 - 0.999) = 2000


# ---------------------------------------------------------------- one-word references that are separate


def test_one_word_references_from_streams_or_files_are_scored_as_sacrebleu_scores_them(tmp_path):
    # "Danke !" against "Danke!" and "Danke.": 13a splits both references into "Danke" and a mark, so
    # "Danke !" matches the first exactly: sacrebleu gives BLEU-2 = 100.
    theirs = BLEU(max_ngram_order=2, smooth_method="none").sentence_score("Danke !", ["Danke!", "Danke."]).score
    assert theirs == pytest.approx(100)
    references = bleu_lab.references_from_streams([["Danke!"], ["Danke."]])
    assert corpus_bleu(["Danke !"], references, max_order=2).score == pytest.approx(theirs / 100, rel=1e-9)
    marked = bleu_lab.checks.SeparateReferences(["Danke!", "Danke."])
    assert sentence_bleu("Danke !", marked, max_order=2).score == pytest.approx(theirs / 100, rel=1e-9)
    # The same two references as files: each file is one reference, so the command line scores them.
    for name, line in (("ref_a", "Danke!"), ("ref_b", "Danke."), ("hyp", "Danke !")):
        (tmp_path / name).write_text(line + "\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "bleu_lab", "score", "ref_a", "ref_b", "-i", "hyp", "--max-order",
                           "2", "--format", "report-json"], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    (system,) = json.loads(done.stdout)["systems"]
    assert system["scores"]["BLEU"]["score"] == pytest.approx(theirs / 100, rel=1e-9)


def test_a_split_reference_is_still_refused_and_the_way_out_is_named():
    with pytest.raises(ValueError) as error:
        sentence_bleu("Danke schön", ["Danke!", "Danke."])
    assert "SeparateReferences(references)" in str(error.value) and "references_from_streams" in str(error.value)


# ---------------------------------------------------------------- impossible totals, unreadable containers, limits


@pytest.mark.parametrize("totals, words", [
    ([2, 5, 9, 9], "more 2-grams (5) than 1-grams (2)"),  # no text has more bigrams than unigrams
    ([1, 1, 1, 1], "1 2-grams but 1 unigrams"),  # a text with a bigram has two tokens at least
    ([6, 6, 4, 3], "6 2-grams but 6 unigrams"),
])
def test_totals_no_text_can_have_are_scored_as_sacrebleu_with_a_warning(totals, words):
    from sacrebleu.metrics import BLEU

    from bleu_lab.checks import ImpossibleStatisticsWarning

    with pytest.warns(ImpossibleStatisticsWarning, match=re.escape(words)):
        result = bleu_from_stats([1, 0, 0, 0], totals, totals[0], 6)
    assert result.score == pytest.approx(BLEU.compute_bleu([1, 0, 0, 0], list(totals), totals[0], 6).score / 100)


def test_possible_totals_are_scored():
    # By hand: one sentence of 6 tokens has 6, 5, 4, 3 n-grams; two sentences of 3 and 1 tokens 4, 2, 1, 0.
    assert bleu_from_stats([6, 5, 4, 3], [6, 5, 4, 3], 6, 6).score == 1.0
    assert bleu_from_stats([4, 2, 1, 0], [4, 2, 1, 0], 4, 4, max_order=3).score == 1.0


@pytest.mark.parametrize("candidates, words", [
    (lambda: __import__("numpy").array(["a b"]), "a numpy array of shape (1,) (pass array.tolist(), a list)"),
    (lambda: map(str, ["a b"]), "a map object, which can be read only once (pass list(...) of it)"),
])
def test_an_array_or_an_iterator_of_candidates_says_how_to_pass_it(candidates, words):
    with pytest.raises(TypeError) as error:
        corpus_bleu(candidates(), [["a b"]])
    assert words in str(error.value)


@pytest.mark.parametrize("value", ["nan", "inf"])
def test_a_chrf_beta_that_is_not_a_finite_number_is_named(value, tmp_path):
    (tmp_path / "ref").write_text("a b\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "bleu_lab", "score", "ref", "-i", "ref", "-m", "chrf",
                           "--chrf-beta", value], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 2 and f"'{value}' is not a number (a finite number above 0)" in done.stderr


@pytest.mark.parametrize("function", [rouge_l, bleu_lab.rouge_lsum])
def test_an_lcs_beyond_the_work_limit_is_refused_before_it_starts(function):
    limit = bleu_lab.rouge.LCS_WORK_LIMIT
    side = int(limit ** 0.5) + 1  # side x side tokens: just above the limit
    words = " ".join(["w"] * side)
    with pytest.raises(ValueError) as error:
        function(words, [words])
    text = str(error.value)
    assert f"above bleu_lab's limit of {limit:,}" in text and f"{side:,} candidate tokens" in text


# ---------------------------------------------------------------- streams passed as references[i]

HYPOTHESES = ["the cat sat on the mat", "a dog barked at the postman"]
STREAMS = [["the cat sat on the mat", "the dog barked at the postman"],  # reference set 1, one line per sentence
           ["a cat was sitting on the mat", "a dog barked at a postman"]]  # reference set 2


def test_square_streams_passed_as_references_are_warned_about():
    # 2 sentences with 2 references each: both nestings have the same shape, so only the words tell.
    # sacrebleu reads STREAMS as refs[k][i]: sentence 1's references are the two cat sentences.
    theirs = BLEU().corpus_score(HYPOTHESES, STREAMS).score / 100
    with pytest.warns(UserWarning, match="references_from_streams"):
        corpus_bleu(HYPOTHESES, STREAMS)
    assert corpus_bleu(HYPOTHESES, bleu_lab.references_from_streams(STREAMS)).score == pytest.approx(theirs, rel=1e-9)


def test_a_square_corpus_with_its_own_references_is_not_warned_about():
    from bleu_lab.datasets import load_wmt19_en_de, load_wmt19_references

    data, references = load_wmt19_en_de(), load_wmt19_references()
    names = ["WMT", "AR", "AR.p", "WMT.p"]
    for start in range(0, 400, 4):  # 100 corpora of 4 sentences with their 4 references each
        candidates = data.systems["NEU"][start:start + 4]
        nested = [[references[name][start + i] for name in names] for i in range(4)]
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            corpus_bleu(candidates, nested)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        corpus_bleu(HYPOTHESES, bleu_lab.references_from_streams(STREAMS))  # built from streams: no doubt


# ---------------------------------------------------------------- a bootstrap of one sentence


def test_a_bootstrap_interval_of_one_sentence_is_refused():
    # Every resample of a one-sentence test set is that sentence: the "interval" would be [x, x].
    with pytest.raises(ValueError, match="no width, as if the score were certain"):
        bootstrap_ci(["the cat sat"], [["the cat sat down"]])


@pytest.mark.parametrize("options, named", [(["--confidence", "0.95"], "--confidence needs"),
                                            (["--paired-bs"], "--paired-bs needs")])
def test_the_command_line_names_its_option_for_a_one_sentence_bootstrap(options, named, tmp_path):
    for name in ("ref", "a", "b"):
        (tmp_path / name).write_text("the cat sat\n", encoding="utf-8")
    candidates = ["a", "b"] if "--paired-bs" in options else ["a"]
    done = subprocess.run([sys.executable, "-m", "bleu_lab", "score", "ref", "-i", *candidates, *options],
                          cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 2 and named in done.stderr and "bootstrap_ci" not in done.stderr, done.stderr
