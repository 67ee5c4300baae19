"""Mistakes that other libraries turn into a quiet wrong number raise a helpful error here.

Each message must name the mistake and show the right call; the assertions look for
those key words. A property test feeds junk to every public BLEU function and allows
only TypeError, ValueError or a result.
"""

import importlib.util
import math
import re
import warnings

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import bleu_lab
from bleu_lab import (
    bleu_from_stats,
    brevity_penalty,
    corpus_bleu,
    modified_precision,
    ngrams,
    references_from_streams,
    sentence_bleu,
    tokenize,
)


def error_of(exception_type, function, *args, **kwargs) -> str:
    with pytest.raises(exception_type) as info:
        function(*args, **kwargs)
    return str(info.value)


def assert_mentions(message, *words):
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"


# --- the shape of the input -------------------------------------------------------------------


def test_string_where_a_list_of_references_belongs():
    # sacrebleu/nltk would read "a b" as the references "a", " ", "b".
    message = error_of(TypeError, sentence_bleu, "a b", "a b")
    assert_mentions(message, "references", "single string", "list")
    assert "sentence_bleu(candidate, ['a b'])" in message


@pytest.mark.parametrize("function", [modified_precision, brevity_penalty])
def test_string_references_in_the_other_sentence_functions(function):
    args = ("a b", "a b", 1) if function is modified_precision else ("a b", "a b")
    message = error_of(TypeError, function, *args)
    assert_mentions(message, "references", "single string", function.__name__ + "(")


def test_corpus_references_not_nested():
    message = error_of(TypeError, corpus_bleu, ["a"], ["a"])
    assert_mentions(message, "not nested", "references[0]", "[[r] for r in refs]", "corpus_bleu([")


def test_sacrebleu_streams_two_candidates_one_stream():
    message = error_of(ValueError, corpus_bleu, ["the cat", "a dog"], [["the cat sat", "a dog ran"]])
    assert_mentions(message, "2 candidates", "1 reference lists", "streams", "references_from_streams")


def test_sacrebleu_streams_convert_with_the_helper():
    streams = [["the cat sat down", "a dog ran off"]]
    assert references_from_streams(streams) == [["the cat sat down"], ["a dog ran off"]]
    result = corpus_bleu(["the cat sat down", "a dog ran off"], references_from_streams(streams))
    assert result.score == 1.0


def test_nltk_argument_order_sentence():
    message = error_of(TypeError, sentence_bleu, [["the", "cat"]], ["the", "cat"])
    assert_mentions(message, "nltk", "argument order", "candidate first", "sentence_bleu(candidate_tokens")


def test_nltk_argument_order_corpus():
    # nltk: corpus_bleu(list_of_references, hypotheses)
    list_of_references = [[["the", "cat", "sat"]], [["a", "dog"]]]
    hypotheses = [["the", "cat"], ["a", "dog"]]
    message = error_of(TypeError, corpus_bleu, list_of_references, hypotheses)
    assert_mentions(message, "nltk", "argument order", "candidates first", "corpus_bleu(candidates, references)")


def test_different_numbers_of_candidates_and_reference_lists():
    message = error_of(ValueError, corpus_bleu, ["a", "b", "c"], [["a"], ["b"]])
    assert_mentions(message, "3 candidates", "2 reference lists", "references[i]", "corpus_bleu([")


def test_tokenized_reference_not_wrapped_in_a_list():
    message = error_of(ValueError, sentence_bleu, ["the", "cat"], ["the", "cat", "sat"])
    assert_mentions(message, "not wrapped", "[reference_tokens]")


@pytest.mark.parametrize(
    "candidate, references, words",
    [
        (None, ["a"], ["candidate is None", "sentence_bleu("]),
        ("a", None, ["references is None", "sentence_bleu("]),
        ("a", [None], ["references[0] is None", "sentence_bleu("]),
        (b"a b", ["a b"], ["bytes", "decode"]),
        ("a", [b"a"], ["references[0] is bytes", "decode"]),
        (["a", 1], [["a"]], ["candidate[1]", "int", "string", "[str(t) for t in tokens]"]),
        (["a"], [["a", 2.5]], ["references[0][1]", "float", "string"]),
        (42, ["a"], ["candidate", "int", "sentence_bleu("]),
    ],
)
def test_none_and_non_string_tokens(candidate, references, words):
    message = error_of(TypeError, sentence_bleu, candidate, references)
    assert_mentions(message, *words)


def test_empty_reference_list():
    message = error_of(ValueError, sentence_bleu, "a b", [])
    assert_mentions(message, "references is empty", "at least one reference", "sentence_bleu(")


def test_empty_reference_list_in_a_corpus_shows_a_corpus_call():
    message = error_of(ValueError, corpus_bleu, ["a b", "c"], [["a b"], []])
    assert_mentions(message, "sentence 1", "empty", "corpus_bleu([")
    # The right call shown is a corpus call: a list of candidates, nested references.
    assert re.search(r"Right: corpus_bleu\(\[", message)


def test_none_candidate_in_a_corpus_names_the_sentence():
    message = error_of(TypeError, corpus_bleu, ["a", None], [["a"], ["b"]])
    assert_mentions(message, "sentence 1", "None", "corpus_bleu([")


def test_empty_and_string_corpus():
    assert_mentions(error_of(ValueError, corpus_bleu, [], []), "candidates is empty")
    assert_mentions(error_of(TypeError, corpus_bleu, "the cat", [["the cat"]]), "single string", "corpus_bleu([")
    assert_mentions(error_of(TypeError, corpus_bleu, ["the cat"], None), "references is None", "corpus_bleu([")


def test_tokenized_candidate_with_string_references_is_valid_in_a_corpus():
    # Not a mistake: references may be strings while the candidate is a token list (as in sentence_bleu).
    corpus = corpus_bleu([["the", "cat", "sat", "down"]], [["the cat sat down", "a cat sat"]])
    sentence = sentence_bleu(["the", "cat", "sat", "down"], ["the cat sat down", "a cat sat"])
    assert corpus.score == sentence.score == 1.0


def test_ngrams_of_a_string():
    message = error_of(TypeError, ngrams, "a string", 1)
    assert_mentions(message, "not a string", "characters", "'a string'.split()")


def test_ngrams_of_non_string_tokens():
    assert_mentions(error_of(TypeError, ngrams, ["a", 3], 1), "tokens[1]", "string")
    assert_mentions(error_of(TypeError, ngrams, None, 1), "None", "ngrams(['the', 'cat'], 1)")


# --- orders, weights, names -------------------------------------------------------------------


@pytest.mark.parametrize("n", [0, -1])
def test_n_at_most_zero(n):
    assert_mentions(error_of(ValueError, ngrams, ["a"], n), "n must be at least 1", str(n))
    assert_mentions(error_of(ValueError, modified_precision, "a", ["a"], n), "n must be at least 1")


@pytest.mark.parametrize("n", [1.5, "2", None, True])
def test_n_not_a_whole_number(n):
    assert_mentions(error_of(TypeError, ngrams, ["a"], n), "whole number")


@pytest.mark.parametrize("max_order", [0, -3])
def test_max_order_at_most_zero(max_order):
    for function, args in ((sentence_bleu, ("a", ["a"])), (corpus_bleu, (["a"], [["a"]]))):
        message = error_of(ValueError, function, *args, max_order=max_order)
        assert_mentions(message, "max_order must be at least 1", str(max_order))
    message = error_of(ValueError, bleu_from_stats, [1], [1], 1, 1, max_order=max_order)
    assert_mentions(message, "max_order")


def test_negative_weights():
    message = error_of(ValueError, sentence_bleu, "a", ["a"], weights=(0.5, -0.5))
    assert_mentions(message, "weights", "non-negative", "-0.5")


def test_weights_disagree_with_max_order():
    message = error_of(ValueError, sentence_bleu, "a", ["a"], weights=(0.5, 0.5), max_order=3)
    assert_mentions(message, "weights has 2 entries", "max_order=3", "drop max_order")
    # max_order=4 is the default, but written out it disagrees with two weights too (BLEU-2 was scored silently).
    message = error_of(ValueError, sentence_bleu, "a", ["a"], weights=(0.5, 0.5), max_order=4)
    assert_mentions(message, "weights has 2 entries", "max_order=4", "drop max_order")


@pytest.mark.parametrize(
    "weights, exception, words",
    [
        ((), ValueError, ["weights is empty", "weights=("]),
        ((0, 0), ValueError, ["at least one weight"]),
        ((float("nan"), 0.5), ValueError, ["finite"]),
        ("0.5", TypeError, ["sequence of numbers"]),
        ((0.5, "0.5"), TypeError, ["numbers"]),
    ],
)
def test_other_bad_weights(weights, exception, words):
    assert_mentions(error_of(exception, sentence_bleu, "a", ["a"], weights=weights), *words)


@pytest.mark.filterwarnings("ignore:weights sum to")  # the warning of weights that do not sum to 1 is tested elsewhere
def test_huge_weights_are_a_value_error_not_an_overflow():
    # method5 averages 1 + p1 into p1, so a precision can exceed 1; with weight 1e6 exp() overflows.
    message = error_of(ValueError, sentence_bleu, "a b c d e", ["a b c d e"], weights=(1e6,) * 4,
                       smoothing="method5")
    assert_mentions(message, "overflows", "weights=(0.25, 0.25, 0.25, 0.25)")


@pytest.mark.parametrize(
    "name, suggestion",
    [("exponential", "exp"), ("addk", "add-k"), ("add_k", "add-k"), ("Floor", "floor"), ("method8", "method7"),
     ("NONE", "none")],
)
def test_unknown_smoothing_suggests_the_closest(name, suggestion):
    message = error_of(ValueError, sentence_bleu, "a", ["a"], smoothing=name)
    assert_mentions(message, f"unknown smoothing {name!r}", f"did you mean {suggestion!r}", "'method0'", "'exp'")


@pytest.mark.parametrize("name, suggestion", [("13A", "13a"), ("INTL", "intl"), ("whitespaces", "whitespace"),
                                              ("chr", "char")])
def test_unknown_tokenizer_suggests_the_closest(name, suggestion):
    for function, args in ((sentence_bleu, ("a", ["a"])), (corpus_bleu, (["a"], [["a"]]))):
        message = error_of(ValueError, function, *args, tokenize=name)
        assert_mentions(message, f"unknown tokenizer {name!r}", f"did you mean {suggestion!r}", "'13a'", "'nltk'")


def test_unknown_tokenizer_is_an_error_even_for_token_lists():
    assert_mentions(error_of(ValueError, sentence_bleu, ["a"], [["a"]], tokenize="13A"), "did you mean '13a'")


def test_smoothing_value_where_none_is_taken():
    message = error_of(ValueError, sentence_bleu, "a", ["a"], smoothing="exp", smooth_value=0.5)
    assert_mentions(message, "takes no smooth_value", "'floor'")


def test_negative_smoothing_value():
    assert_mentions(error_of(ValueError, sentence_bleu, "a", ["a"], smoothing="floor", smooth_value=-1),
                    "smooth_value", "-1")


@pytest.mark.parametrize("smoothing", ["method4", "method6", "method7"])
def test_zero_k_or_alpha_is_refused(smoothing):
    # k and alpha divide (nltk itself raises ZeroDivisionError for 'a a a' with alpha = 0).
    message = error_of(ValueError, sentence_bleu, "a a a", ["a a a"], smoothing=smoothing, smooth_value=0)
    assert_mentions(message, "smooth_value", "above 0", smoothing)


def test_effective_order_with_nltk_smoothing():
    message = error_of(ValueError, sentence_bleu, "a", ["a"], smoothing="method1", effective_order=True)
    assert_mentions(message, "effective_order", "nltk", "smoothing='exp'")


@pytest.mark.parametrize("name", ["spm", "flores101", "flores200"])
def test_downloading_tokenizers_are_refused_with_the_reason(name):
    message = error_of(ValueError, sentence_bleu, "a", ["a"], tokenize=name)
    assert_mentions(message, "refused", "download", "'13a'")


@pytest.mark.parametrize(
    "name, module, package",
    [("ja-mecab", "MeCab", "sacrebleu[ja]"), ("ko-mecab", "mecab_ko", "sacrebleu[ko]")],
)
def test_mecab_tokenizers_name_their_package(name, module, package):
    if importlib.util.find_spec(module) is not None:
        pytest.skip(f"{module} is installed, so tokenize={name!r} works here")
    message = error_of(ValueError, sentence_bleu, "a", ["a"], tokenize=name)
    assert_mentions(message, "pip install", package)


def test_bad_option_types():
    assert_mentions(error_of(TypeError, sentence_bleu, "a", ["a"], lowercase="yes"), "lowercase", "True or False")
    assert_mentions(error_of(TypeError, sentence_bleu, "a", ["a"], tokenize=None), "tokenize", "'13a'")
    assert_mentions(error_of(TypeError, sentence_bleu, "a", ["a"], smoothing=None), "smoothing", "'exp'")
    assert_mentions(error_of(TypeError, sentence_bleu, "a", ["a"], effective_order="no"), "effective_order")


def test_bleu_from_stats_bad_statistics():
    assert_mentions(error_of(ValueError, bleu_from_stats, [1, 1], [1, 1, 1, 1], 1, 1), "counts has 2 entries")
    assert_mentions(error_of(ValueError, bleu_from_stats, [2, 0, 0, 0], [1, 0, 0, 0], 1, 1), "cannot exceed")
    assert_mentions(error_of(ValueError, bleu_from_stats, [1, 0, 0, 0], [1, 0, 0, 0], -1, 1), "candidate_length")
    assert_mentions(error_of(TypeError, bleu_from_stats, "1234", [1, 0, 0, 0], 1, 1), "counts", "list")


def test_score_statistics_misuse():
    from bleu_lab.bleu.metric import corpus_statistics, score_statistics

    assert_mentions(error_of(TypeError, score_statistics, [1, 2]), "SentenceStats",
                    "score_statistics(corpus_statistics(")
    assert_mentions(error_of(TypeError, score_statistics, None), "SentenceStats")
    assert_mentions(error_of(ValueError, score_statistics, []), "empty")
    assert score_statistics(corpus_statistics(["a b c d"], [["a b c d"]])).score == 1.0


def test_references_from_streams_misuse():
    assert_mentions(error_of(TypeError, references_from_streams, "a b"), "streams", "references_from_streams([")
    assert_mentions(error_of(TypeError, references_from_streams, ["a b", "c d"]), "streams[0]",
                    "references_from_streams([refs])")
    assert_mentions(error_of(ValueError, references_from_streams, [["a"], ["a", "b"]]),
                    "their lengths differ: streams[0] has 1, streams[1] has 2 lines (streams[1] is off)")


# --- no unhelpful exception escapes on junk --------------------------------------------------

atoms = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 6), st.floats(), st.just(1e300), st.text(max_size=6),
    st.binary(max_size=3), st.sampled_from(["", " ", "the cat", "13a", "exp", "method6", "a b c d e"]),
)
junk = st.recursive(
    atoms,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.tuples(inner, inner),
                            st.dictionaries(st.text(max_size=2), inner, max_size=2)),
    max_leaves=10,
)
def mostly(valid, invalid):
    """Valid values three times in four, so that junk also reaches the code past the checks."""
    return st.one_of(valid, valid, valid, invalid)


words = st.sampled_from(["a", "the", "cat", "", ".", "A b", "<b>"])
valid_text = st.one_of(st.lists(words, max_size=6).map(" ".join), st.lists(words, max_size=6))
near_text = mostly(valid_text, junk)
near_references = mostly(st.lists(near_text, min_size=1, max_size=3), junk)
smoothing_names = st.sampled_from(["none", "floor", "add-k", "exp", "exponential"] + [f"method{i}" for i in range(8)])
keywords = st.fixed_dictionaries(
    {},
    optional={
        "max_order": mostly(st.integers(1, 5), st.one_of(st.integers(-1, 0), junk)),
        "weights": mostly(
            st.lists(st.sampled_from([0.0, 0.1, 0.25, 0.5, 1.0]), min_size=1, max_size=6),
            st.one_of(st.lists(st.one_of(st.floats(), st.integers(-1, 3), st.just(1e6)), max_size=6), junk),
        ),
        "smoothing": mostly(smoothing_names, junk),
        "smooth_value": mostly(st.one_of(st.none(), st.sampled_from([0.0, 0.1, 1.0, 5.0])),
                               st.one_of(st.floats(), st.integers(-1, 5), junk)),
        "effective_order": mostly(st.booleans(), junk),
        "tokenize": mostly(st.sampled_from(["13a", "none", "char", "zh", "intl", "whitespace", "nltk"]), junk),
        "lowercase": mostly(st.booleans(), junk),
    },
)
counts = mostly(st.lists(st.integers(0, 10), min_size=1, max_size=6),
                st.one_of(st.lists(st.one_of(st.integers(-1, 10), st.just(10**400), junk), max_size=6), junk))
length = mostly(st.integers(0, 12), st.one_of(st.integers(-1, -1), st.just(10**400), junk))


def call_allowing_clear_errors(function, *args, **kwargs):
    try:
        result = function(*args, **kwargs)
    except (TypeError, ValueError):
        event(f"{function.__name__}: clear error")
        return None
    event(f"{function.__name__}: result")
    return result


@settings(max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    which=st.sampled_from(["sentence", "corpus", "precision", "brevity", "ngrams", "stats", "tokenize", "streams"]),
    data=st.data(),
)
def test_no_unhelpful_exception_escapes(which, data):
    # Draw only what the chosen function takes (a KeyError, IndexError, ZeroDivisionError,
    # AssertionError or anything else but TypeError/ValueError fails the test).
    options = data.draw(keywords)
    text_options = {k: v for k, v in options.items() if k in ("tokenize", "lowercase")}
    stats_options = {k: v for k, v in options.items() if k not in ("tokenize", "lowercase")}
    n = st.one_of(st.integers(-1, 6), junk)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if which == "sentence":
            result = call_allowing_clear_errors(sentence_bleu, data.draw(near_text), data.draw(near_references),
                                                **options)
            if result is not None:
                # A valid result also explains itself without surprises.
                result.explain(), result._repr_html_(), str(result)
                call_allowing_clear_errors(result.matched_ngrams, data.draw(n))
                assert isinstance(result.score, float) and not math.isnan(result.score)
        elif which == "corpus":
            candidates = data.draw(st.one_of(st.lists(near_text, max_size=3), junk))
            references = data.draw(st.one_of(st.lists(near_references, max_size=3), junk))
            result = call_allowing_clear_errors(corpus_bleu, candidates, references, **options)
            if result is not None:
                result.explain(), result._repr_html_(), str(result)
        elif which == "precision":
            call_allowing_clear_errors(modified_precision, data.draw(near_text), data.draw(near_references),
                                       data.draw(n), **text_options)
        elif which == "brevity":
            call_allowing_clear_errors(brevity_penalty, data.draw(near_text), data.draw(near_references),
                                       **text_options)
        elif which == "ngrams":
            call_allowing_clear_errors(ngrams, data.draw(near_text), data.draw(n))
        elif which == "stats":
            call_allowing_clear_errors(bleu_from_stats, data.draw(counts), data.draw(counts), data.draw(length),
                                       data.draw(length), **stats_options)
        elif which == "tokenize":
            call_allowing_clear_errors(tokenize, data.draw(near_text), options.get("tokenize", "13a"),
                                       lowercase=options.get("lowercase", False))
        else:
            call_allowing_clear_errors(references_from_streams,
                                       data.draw(st.one_of(st.lists(near_references, max_size=3), junk)))


# Well-typed values, many of them edge cases or bad combinations, so the code past the
# argument checks runs too (empty texts, huge weights, smoothing values out of range).
edge_options = st.fixed_dictionaries(
    {},
    optional={
        "max_order": st.integers(0, 6),
        "weights": st.lists(st.sampled_from([0.0, 0.05, 0.25, 0.5, 1.0, 3.0, 1e6]), min_size=1, max_size=6),
        "smoothing": st.sampled_from(["none", "floor", "add-k", "exp"] + [f"method{i}" for i in range(8)]),
        "smooth_value": st.one_of(st.none(), st.sampled_from([0.0, 1e-300, 0.1, 1.0, 5.0, 1e300, -1.0, float("inf")])),
        "effective_order": st.booleans(),
        "tokenize": st.sampled_from(["13a", "none", "char", "zh", "intl", "whitespace", "nltk"]),
        "lowercase": st.booleans(),
    },
)
edge_text = st.one_of(st.lists(words, max_size=7).map(" ".join), st.lists(words, max_size=7))
edge_references = st.lists(edge_text, min_size=1, max_size=3)


@st.composite
def edge_statistics(draw):
    order = draw(st.integers(1, 6))
    totals = draw(st.lists(st.integers(0, 12), min_size=order, max_size=order))
    counts = [draw(st.integers(0, t)) for t in totals]
    return counts, totals, draw(st.integers(0, 15)), draw(st.integers(0, 15))


@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
@given(which=st.sampled_from(["sentence", "corpus", "stats"]), options=edge_options, data=st.data())
def test_well_typed_edge_cases_give_a_result_or_a_clear_error(which, options, data):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if which == "sentence":
            result = call_allowing_clear_errors(sentence_bleu, data.draw(edge_text), data.draw(edge_references),
                                                **options)
        elif which == "corpus":
            corpus = data.draw(st.lists(st.tuples(edge_text, edge_references), min_size=1, max_size=3))
            result = call_allowing_clear_errors(corpus_bleu, [c for c, _ in corpus], [r for _, r in corpus],
                                                **options)
        else:
            counts_, totals_, c, r = data.draw(edge_statistics())
            stats_options = {k: v for k, v in options.items() if k not in ("tokenize", "lowercase")}
            result = call_allowing_clear_errors(bleu_from_stats, counts_, totals_, c, r, **stats_options)
    if result is not None:
        assert isinstance(result.score, float) and not math.isnan(result.score) and result.score >= 0
        result.explain(), result._repr_html_(), str(result)
        if result.candidate_tokens is not None:
            for n in range(0, result.max_order + 2):
                call_allowing_clear_errors(result.matched_ngrams, n)


def test_every_public_bleu_name_is_covered_by_the_junk_test():
    covered = {"sentence_bleu", "corpus_bleu", "modified_precision", "brevity_penalty", "ngrams",
               "bleu_from_stats", "tokenize", "references_from_streams"}
    assert covered <= set(bleu_lab.__all__)


# ----------------------------------------------------------------------------- one level of nesting too many


@pytest.mark.parametrize(
    "call",
    [
        # references for a corpus passed to a single sentence: the reference becomes one 3-word "token"
        lambda: bleu_lab.sentence_bleu("the cat sat", [["the cat sat"]]),
        # a one-sentence corpus passed where one candidate belongs
        lambda: bleu_lab.sentence_bleu(["the cat sat"], ["the cat sat"]),
        lambda: bleu_lab.rouge_n("the cat", [["the cat"]]),
    ],
)
def test_sentences_where_tokens_belong_are_refused(call):
    # Before this check these calls returned BLEU 0 / ROUGE 0 for identical texts: a quiet wrong number.
    with pytest.raises(ValueError, match="token with spaces"):
        call()


def test_blank_tokens_are_refused():
    with pytest.raises(ValueError, match="empty or blank token"):
        bleu_lab.sentence_bleu(["the", "", "cat"], ["the cat"])


@pytest.mark.parametrize(
    "call",
    [
        # Lines read with text.split("\n") from a file that ends in a newline: two lines, one empty. The
        # empty "token" made up for the extra word of "the cat", so a count of words let it through.
        lambda: bleu_lab.sentence_bleu(["the cat", ""], [["the", "cat"]]),
        lambda: bleu_lab.corpus_bleu([["the cat sat", "", ""]], [[["the", "cat", "sat"]]]),
        lambda: bleu_lab.chrf(["the cat", ""], [["the", "cat"]]),
        lambda: bleu_lab.ter(["the cat", ""], [["the", "cat"]]),
        lambda: bleu_lab.rouge_n(["the cat", ""], [["the", "cat"]]),
        lambda: bleu_lab.tokenize(["the cat", ""]),
        lambda: bleu_lab.ngrams(["the cat", "sat"], 1),  # counted ('the cat',) as a unigram
    ],
)
def test_sentences_and_empty_strings_are_not_a_token_list(call):
    with pytest.raises(ValueError, match="token with spaces"):
        call()


def test_a_word_with_spaces_around_it_is_refused():
    # " cat" would never match "cat": refused with the fix, not scored as a miss.
    with pytest.raises(ValueError, match=r"candidate\[1\] is ' cat', a word with whitespace around it.*t\.strip\(\)"):
        bleu_lab.sentence_bleu(["the", " cat"], [["the", "cat"]])


def test_swapped_strings_in_nltk_order_are_named():
    with pytest.raises(TypeError, match="swapped") as error:
        bleu_lab.sentence_bleu(["the cat is on the mat"], "a cat is on the mat")
    assert "sentence_bleu('a cat is on the mat', ['the cat is on the mat'])" in str(error.value)


@pytest.mark.parametrize(
    "call",
    [
        lambda: bleu_lab.sentence_bleu("The cat", ["the cat"], lowercase=None),
        lambda: bleu_lab.corpus_bleu(["The cat"], [["the cat"]], lowercase=None),
        lambda: bleu_lab.bootstrap_ci(["The cat"], [["the cat"]], lowercase=None, n_samples=40),
        lambda: bleu_lab.tokenize("The Cat", lowercase=None),
    ],
)
def test_lowercase_none_is_refused(call):
    # None is the "scored from statistics" value: it dropped case: from the signature of a case-sensitive score.
    with pytest.raises(TypeError, match="lowercase"):
        call()


def test_tokenize_none_is_refused_before_any_text_is_read():
    right = r"Right: corpus_bleu\(candidates, references, tokenize='13a'\)"
    with pytest.raises(TypeError, match=r"tokenize is None.*" + right):
        bleu_lab.corpus_bleu(["the cat"], [["the cat"]], tokenize=None)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        # Python ints beyond a float's range made math.isfinite raise OverflowError.
        (lambda: bleu_lab.sentence_bleu("the cat", ["the cat"], smoothing="floor", smooth_value=10**400),
         "smooth_value must be a finite number that fits in a float"),
        (lambda: bleu_lab.sentence_bleu("the cat", ["the cat"], smoothing="add-k", smooth_value=10**400),
         "smooth_value must be a finite number that fits in a float"),
        (lambda: bleu_lab.sentence_bleu("the cat", ["the cat"], weights=[10**400, 1]), "weights must be finite"),
        (lambda: bleu_lab.chrf("the cat", ["the cat"], beta=10**400), "beta must be a positive number"),
    ],
)
def test_integers_too_large_for_a_float_are_refused(call, message):
    with pytest.raises(ValueError, match=message) as error:
        call()
    assert len(str(error.value)) < 400  # the 401-digit number is shortened, not printed whole


def test_deeply_nested_weights_get_a_message_not_a_recursion_error():
    nested = 1
    for _ in range(1100):
        nested = [nested]
    with pytest.raises(TypeError, match="weights must be numbers"):
        bleu_lab.sentence_bleu("the cat", ["the cat"], weights=[nested, 1])


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        # By hand: c is the number of candidate tokens, each one a unigram, so a text gives c = totals[0].
        # sacrebleu's compute_bleu scores such statistics anyway; bleu_lab does too, and warns (issue 31).
        (([1, 1, 1, 1], [1, 1, 1, 1], 10**30, 1), r"candidate_length is 10{30} but totals\[0\] is 1"),
        (([0, 0, 0, 0], [0, 0, 0, 0], 3, 3), r"candidate_length is 3 but totals\[0\] is 0"),
    ],
)
def test_bleu_from_stats_warns_of_statistics_no_text_can_give(arguments, message):
    from sacrebleu.metrics import BLEU

    from bleu_lab.checks import ImpossibleStatisticsWarning

    with pytest.warns(ImpossibleStatisticsWarning, match=message):
        result = bleu_lab.bleu_from_stats(*arguments)
    assert result.score == pytest.approx(BLEU.compute_bleu(*map(list, arguments[:2]), *arguments[2:]).score / 100)


def test_bleu_from_stats_refuses_an_order_it_would_ignore():
    # A 5th order was ignored without a word under max_order 4.
    with pytest.raises(ValueError, match=r"counts has 5 entries but the default order is 4.*max_order=5"):
        bleu_lab.bleu_from_stats([1, 1, 1, 1, 9], [1, 1, 1, 1, 9], 1, 1)


def test_bleu_from_stats_takes_the_fifth_order_nltk_methods_5_and_7_need():
    # nltk's method5 reads the 5-gram precision at order 4. With every precision 1 (an identical candidate)
    # its averages m_n = (m_{n-1} + p_n + p_{n+1}) / 3, starting from m_0 = p_1 + 1 = 2, are 4/3, 10/9,
    # 28/27 and 82/81, so BLEU = (4/3 x 10/9 x 28/27 x 82/81) ** (1/4) = 1.1167, as nltk gives.
    from nltk.translate.bleu_score import SmoothingFunction, sentence_bleu

    identical = "the cat is on the mat".split()
    expected = sentence_bleu([identical], identical, smoothing_function=SmoothingFunction().method5)
    assert expected == pytest.approx((4 / 3 * 10 / 9 * 28 / 27 * 82 / 81) ** 0.25, abs=1e-12)
    # The same sentence as statistics: 6 tokens, so 6, 5, 4, 3 and 2 n-grams of orders 1-5, all matched.
    result = bleu_lab.bleu_from_stats([6, 5, 4, 3, 2], [6, 5, 4, 3, 2], 6, 6, smoothing="method5")
    assert result.score == pytest.approx(expected, abs=1e-12)


def test_bleu_from_stats_scores_a_lower_order_when_asked():
    import sacrebleu

    # BLEU-2 of 4-gram statistics is a deliberate request: the first two orders are scored, as sacrebleu
    # scores them with max_ngram_order=2.
    pair = (["the cat sat on the mat"], [["the cat is on the mat"]])
    full = sacrebleu.BLEU().corpus_score(*pair)
    two = sacrebleu.BLEU(max_ngram_order=2).corpus_score(*pair).score / 100
    ours = bleu_lab.bleu_from_stats(full.counts, full.totals, full.sys_len, full.ref_len, max_order=2)
    assert ours.score == pytest.approx(two, abs=1e-9)
    weighted = bleu_lab.bleu_from_stats(full.counts, full.totals, full.sys_len, full.ref_len, weights=(0.5, 0.5))
    assert weighted.score == pytest.approx(two, abs=1e-9)
