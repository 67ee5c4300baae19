"""Agreement with sacrebleu and nltk on generated inputs: |difference| <= 1e-9 on the 0-1 scale.

sacrebleu family: ``sentence_bleu`` / ``corpus_bleu`` against ``sacrebleu.metrics.BLEU`` over
tokenizers x smoothing x effective order x lowercase x max order x 1-4 references.
nltk family: ``sentence_bleu`` / ``corpus_bleu`` against ``nltk.translate.bleu_score`` for
method0-method7 and custom weights, on token lists.
Where the two libraries differ by design, a test below says which one bleu_lab follows.
"""

import logging
import math
import warnings
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from nltk.translate import bleu_score as nltk_bleu
from sacrebleu.metrics import BLEU

import bleu_lab
from bleu_lab.bleu.metric import corpus_statistics

# Weights that do not sum to 1 are compared with nltk on purpose; their warning is tested in test_bad_input.
pytestmark = [pytest.mark.filterwarnings("ignore:weights sum to:UserWarning"),
              pytest.mark.usefixtures("references_drawn_separately")]  # see conftest.py


TOL = 1e-9
# sacrebleu warns on every sentence_score without effective order; not what is tested here.
logging.getLogger("sacrebleu").setLevel(logging.ERROR)


# A small vocabulary so that n-grams match often; punctuation, case, non-Latin and
# Chinese words exercise the tokenizers (13a splits "cat." and "1,000"; zh splits 垫子上).
WORDS = ["the", "The", "cat", "mat", "on", "is", "a", "sat", ".", ",", "cat.", "U.S.", "1,000", "don't",
         "İstanbul", "Ünï", "猫", "在", "垫子上", "(", "-"]
NLTK_WORDS = ["the", "cat", "mat", "on", "a", "sat"]

SACREBLEU_TOKENIZERS = ["13a", "intl", "char", "none", "zh"]
SACREBLEU_SMOOTHING = ["none", "floor", "add-k", "exp"]
NLTK_METHODS = [f"method{i}" for i in range(8)]

sentence_settings = settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
corpus_settings = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def variant_of(draw, base, vocabulary):
    """A token list related to ``base``: an edited copy, a prefix, or unrelated words."""
    kind = draw(st.sampled_from(["edit", "edit", "edit", "prefix", "random"]))
    if kind == "random":
        return draw(st.lists(st.sampled_from(vocabulary), max_size=8))
    if kind == "prefix":
        return base[: draw(st.integers(0, 3))]
    tokens = list(base)
    for _ in range(draw(st.integers(0, 3))):
        operation = draw(st.sampled_from(["delete", "insert", "replace", "repeat"]))
        position = draw(st.integers(0, len(tokens)))
        word = draw(st.sampled_from(vocabulary))
        if operation == "insert" or not tokens:
            tokens.insert(position, word)
        elif operation == "delete":
            del tokens[min(position, len(tokens) - 1)]
        elif operation == "replace":
            tokens[min(position, len(tokens) - 1)] = word
        else:
            tokens.insert(position, tokens[min(position, len(tokens) - 1)])
    return tokens


@st.composite
def sentence(draw, vocabulary=WORDS, max_references=4):
    """(candidate tokens, [reference tokens, ...]) with 1..max_references references."""
    base = draw(st.lists(st.sampled_from(vocabulary), max_size=9))
    candidate = draw(variant_of(base, vocabulary))
    count = draw(st.integers(1, max_references))
    references = [draw(variant_of(base, vocabulary)) for _ in range(count)]
    return candidate, references


@st.composite
def sacrebleu_options(draw):
    smoothing = draw(st.sampled_from(SACREBLEU_SMOOTHING))
    smooth_value = None
    if smoothing in ("floor", "add-k"):
        # A floor above 1 is refused (a precision above 1; tests/test_misuse.py), so only add-k draws 2.0.
        smooth_value = draw(st.sampled_from([None, 0.0, 0.01, 0.1, 0.5, 1.0] + [2.0] * (smoothing == "add-k")))
    return {
        "tokenize": draw(st.sampled_from(SACREBLEU_TOKENIZERS)),
        "smoothing": smoothing,
        "smooth_value": smooth_value,
        "effective_order": draw(st.booleans()),
        "lowercase": draw(st.booleans()),
        "max_order": draw(st.integers(1, 4)),
    }


@lru_cache(maxsize=None)
def sacrebleu_metric(tokenize, smoothing, smooth_value, effective_order, lowercase, max_order):
    return BLEU(
        tokenize=tokenize,
        lowercase=lowercase,
        smooth_method=smoothing,
        smooth_value=smooth_value,
        effective_order=effective_order,
        max_ngram_order=max_order,
    )


def metric_for(options):
    return sacrebleu_metric(
        options["tokenize"], options["smoothing"], options["smooth_value"], options["effective_order"],
        options["lowercase"], options["max_order"],
    )


def assert_agrees_with_sacrebleu(ours, theirs, options):
    event("BLEU > 0" if theirs.score > 0 else "BLEU = 0")
    assert abs(ours.score - theirs.score / 100) <= TOL, (ours, theirs)
    assert ours.candidate_length == theirs.sys_len
    assert ours.reference_length == theirs.ref_len
    if not ours.candidate_length == ours.reference_length == 0:
        # c = r = 0: sacrebleu's BP is 1 (c < r is false), bleu_lab's and nltk's 0; BLEU is 0 in all three.
        assert abs(ours.brevity_penalty - theirs.bp) <= TOL
    # sacrebleu adds k to its own counts and totals of orders >= 2 under add-k (and returns them).
    if options["smoothing"] != "add-k":
        assert ours.counts == list(theirs.counts)
        assert ours.totals == list(theirs.totals)
        for p, q in zip(ours.precisions, theirs.precisions):
            assert abs(p - q / 100) <= TOL
    else:
        assert ours.counts[0] == theirs.counts[0]
        assert ours.totals[0] == theirs.totals[0]


def as_weights(options):
    """The same options with max_order given as uniform weights (their length sets the order)."""
    options = dict(options)
    order = options.pop("max_order")
    return {**options, "weights": (1 / order,) * order}


@sentence_settings
@given(sentence(), sacrebleu_options(), st.booleans(), st.booleans())
def test_sentence_bleu_agrees_with_sacrebleu(example, options, as_tokens, explicit_weights):
    candidate, references = example
    theirs = metric_for(options).sentence_score(" ".join(candidate), [" ".join(r) for r in references])
    if explicit_weights:
        options = as_weights(options)
    if as_tokens and options["tokenize"] == "none":
        # Token lists are used as they are; with "none" sacrebleu splits on spaces to the same tokens.
        ours = bleu_lab.sentence_bleu(candidate, references, **options)
    else:
        ours = bleu_lab.sentence_bleu(" ".join(candidate), [" ".join(r) for r in references], **options)
    assert_agrees_with_sacrebleu(ours, theirs, options)


@corpus_settings
@given(st.lists(sentence(), min_size=1, max_size=5), sacrebleu_options(), st.booleans())
def test_corpus_bleu_agrees_with_sacrebleu(corpus, options, explicit_weights):
    candidates = [" ".join(c) for c, _ in corpus]
    references = [[" ".join(r) for r in refs] for _, refs in corpus]
    # sacrebleu wants streams refs[k][i]; sentences with fewer references are padded with None,
    # which sacrebleu leaves out for that sentence.
    width = max(len(refs) for refs in references)
    streams = [[refs[k] if k < len(refs) else None for refs in references] for k in range(width)]
    theirs = metric_for(options).corpus_score(candidates, streams)
    ours = bleu_lab.corpus_bleu(candidates, references, **(as_weights(options) if explicit_weights else options))
    assert_agrees_with_sacrebleu(ours, theirs, options)


# Corpora of 64 sentences and more are counted by a vectorised path (numpy): check it too,
# sentence by sentence and summed. Fewer examples: each one scores a whole corpus.
large_corpus_settings = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
LARGE = st.lists(sentence(max_references=2), min_size=64, max_size=80)


@large_corpus_settings
@given(LARGE, sacrebleu_options())
def test_large_corpus_agrees_with_sacrebleu_sentence_by_sentence(corpus, options):
    candidates = [" ".join(c) for c, _ in corpus]
    references = [[" ".join(r) for r in refs] for _, refs in corpus]
    metric = metric_for(options)
    streams = [[refs[k] if k < len(refs) else None for refs in references] for k in range(2)]
    ours = bleu_lab.corpus_bleu(candidates, references, **options)
    assert_agrees_with_sacrebleu(ours, metric.corpus_score(candidates, streams), options)
    statistics = corpus_statistics(candidates, references, max_order=options["max_order"],
                                   tokenize=options["tokenize"], lowercase=options["lowercase"])
    none_metric = sacrebleu_metric(options["tokenize"], "none", None, False, options["lowercase"], options["max_order"])
    for stats, candidate, refs in zip(statistics, candidates, references):
        theirs = none_metric.sentence_score(candidate, refs)
        assert (stats.candidate_length, stats.reference_length) == (theirs.sys_len, theirs.ref_len)
        assert list(stats.matches) == list(theirs.counts)
        assert list(stats.totals) == list(theirs.totals)


def test_sacrebleu_streams_convert_to_the_same_score():
    candidates = ["the cat sat on the mat", "a dog ran"]
    streams = [["the cat sat on a mat", "a dog ran off"], ["a cat sat on the mat", None]]
    theirs = BLEU(smooth_method="exp").corpus_score(candidates, streams)
    ours = bleu_lab.corpus_bleu(candidates, bleu_lab.references_from_streams(streams), smoothing="exp")
    assert abs(ours.score - theirs.score / 100) <= TOL


# --- nltk ---------------------------------------------------------------------------------


@st.composite
def nltk_options(draw):
    method = draw(st.sampled_from(NLTK_METHODS))
    if draw(st.booleans()):
        # Custom weights, any length 1-6. Positive weights are >= 0.05: nltk's method0 turns a zero
        # precision into 2.2e-308 and bleu_lab into 0, which differ by exp(-708 w) <= 4e-16.
        weights = tuple(draw(st.lists(st.sampled_from([0.0, 0.05, 0.1, 0.25, 0.3, 0.5, 1.0]), min_size=1,
                                      max_size=6).filter(any)))
    else:
        order = draw(st.integers(1, 4))
        weights = (1 / order,) * order
    parameter = None
    if method in ("method1", "method4", "method6", "method7") and draw(st.booleans()):
        # An epsilon above 1 is refused (method1's precision would exceed 1; tests/test_misuse.py).
        parameter = draw(st.sampled_from([0.01, 0.5, 1.0] + [2.0, 7.0] * (method != "method1")))
    return method, weights, parameter


def nltk_smoothing(method, parameter):
    keyword = {"method1": "epsilon", "method4": "k", "method7": "k", "method6": "alpha"}.get(method)
    function = nltk_bleu.SmoothingFunction(**({keyword: parameter} if parameter is not None else {}))
    return getattr(function, method)


def nltk_or_error(function, *args, **kwargs):
    """nltk's result, or the exception it raised (method6 asserts on a missing trigram match)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # method0's "0 counts of n-gram overlaps" warning
        try:
            return function(*args, **kwargs)
        except (AssertionError, IndexError) as error:
            return error


def ours_or_error(function, *args, **kwargs):
    try:
        return function(*args, **kwargs)
    except ValueError as error:
        return error


def compare_with_nltk(theirs, ours, method):
    event("nltk raised" if isinstance(theirs, Exception) else ("BLEU > 1e-9" if theirs > TOL else "BLEU ~ 0"))
    if isinstance(theirs, Exception):
        # nltk asserts (method6 with no trigram match) or indexes past p_n (method6 below order 3):
        # bleu_lab says so with a ValueError.
        assert method == "method6", theirs
        assert isinstance(ours, ValueError), ours
        assert "method6" in str(ours)
        return
    assert not isinstance(ours, Exception), ours
    # Weights that do not sum to 1 (nltk allows them) can push a score far above 1, where
    # 1e-9 is below the float resolution: compare relatively there.
    assert abs(ours.score - theirs) <= TOL * max(1.0, abs(theirs)), (ours, theirs)


@sentence_settings
@given(sentence(NLTK_WORDS), nltk_options(), st.booleans())
def test_sentence_bleu_agrees_with_nltk(example, options, lists):
    candidate, references = example
    method, weights, parameter = options
    theirs = nltk_or_error(
        nltk_bleu.sentence_bleu, references, candidate, weights=weights,
        smoothing_function=nltk_smoothing(method, parameter),
    )
    if not lists:
        # Tuples work too; tokens are never re-tokenized whatever the tokenizer.
        candidate, references = tuple(candidate), [tuple(r) for r in references]
    ours = ours_or_error(
        bleu_lab.sentence_bleu, candidate, references, weights=weights, smoothing=method, smooth_value=parameter,
    )
    compare_with_nltk(theirs, ours, method)


@corpus_settings
@given(st.lists(sentence(NLTK_WORDS), min_size=1, max_size=5), nltk_options())
def test_corpus_bleu_agrees_with_nltk(corpus, options):
    method, weights, parameter = options
    candidates = [c for c, _ in corpus]
    references = [refs for _, refs in corpus]
    theirs = nltk_or_error(
        nltk_bleu.corpus_bleu, references, candidates, weights=weights,
        smoothing_function=nltk_smoothing(method, parameter),
    )
    ours = ours_or_error(
        bleu_lab.corpus_bleu, candidates, references, weights=weights, smoothing=method, smooth_value=parameter,
        tokenize="none",
    )
    compare_with_nltk(theirs, ours, method)


@large_corpus_settings
@given(st.lists(sentence(NLTK_WORDS, max_references=2), min_size=64, max_size=80), nltk_options())
def test_large_corpus_agrees_with_nltk(corpus, options):
    method, weights, parameter = options
    candidates = [c for c, _ in corpus]
    references = [refs for _, refs in corpus]
    theirs = nltk_or_error(
        nltk_bleu.corpus_bleu, references, candidates, weights=weights,
        smoothing_function=nltk_smoothing(method, parameter),
    )
    ours = ours_or_error(bleu_lab.corpus_bleu, candidates, references, weights=weights, smoothing=method,
                         smooth_value=parameter)
    compare_with_nltk(theirs, ours, method)


def test_method0_is_exactly_zero_where_nltk_returns_a_tiny_number():
    candidate = "the cat sat on a mat".split()
    references = ["the dog sat on the mat".split()]
    # Matches 4/6 unigrams, 1/5 bigrams ("sat on"), no trigram: BLEU is 0.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = nltk_bleu.sentence_bleu(references, candidate)
    assert 0 < theirs < 1e-70  # nltk: exp(0.5 * ln 2.2e-308 + ...) ~ 1e-155 * BP, not 0
    ours = bleu_lab.sentence_bleu(candidate, references, smoothing="method0")
    assert ours.score == 0.0


def test_method6_without_trigram_match_nltk_asserts_bleu_lab_raises_value_error():
    candidate = "the cat sat on a mat".split()
    references = ["the dog sat on the mat".split()]
    with pytest.raises(AssertionError):
        nltk_bleu.sentence_bleu(references, candidate, smoothing_function=nltk_bleu.SmoothingFunction().method6)
    with pytest.raises(ValueError, match="trigram"):
        bleu_lab.sentence_bleu(candidate, references, smoothing="method6")


# --- where nltk and sacrebleu differ by design ----------------------------------------------


def test_phantom_ngram_for_a_candidate_shorter_than_n():
    """A candidate of 2 tokens has no trigram and no 4-gram.

    sacrebleu: total 0 -> the precision stays 0 whatever the smoothing (floor smooths only a
    zero *count* over a non-zero total), so BLEU is 0; with effective order BLEU stops at n = 2.
    nltk: an order with no n-gram counts one phantom n-gram (0/1), which method1 smooths to 0.1/1.
    bleu_lab's sacrebleu names follow sacrebleu, its nltk names follow nltk.
    """
    candidate, references = "the cat", ["the cat"]
    sacre_floor = BLEU(tokenize="none", smooth_method="floor").sentence_score(candidate, references)
    assert sacre_floor.totals == [2, 1, 0, 0]
    assert sacre_floor.score == 0.0
    assert bleu_lab.sentence_bleu(candidate, references, tokenize="none", smoothing="floor").score == 0.0

    sacre_effective = BLEU(tokenize="none", smooth_method="none", effective_order=True)
    assert sacre_effective.sentence_score(candidate, references).score == pytest.approx(100.0)
    ours = bleu_lab.sentence_bleu(candidate, references, tokenize="none", effective_order=True)
    assert ours.score == pytest.approx(1.0, abs=TOL)

    # nltk: p = [2/2, 1/1, 0.1/1, 0.1/1] -> (1 * 1 * 0.1 * 0.1) ** (1/4) = sqrt(0.1)
    theirs = nltk_bleu.sentence_bleu([candidate.split()], candidate.split(),
                                     smoothing_function=nltk_bleu.SmoothingFunction().method1)
    assert theirs == pytest.approx(math.sqrt(0.1), abs=TOL)
    ours = bleu_lab.sentence_bleu(candidate.split(), [candidate.split()], smoothing="method1")
    assert ours.score == pytest.approx(math.sqrt(0.1), abs=TOL)


def test_phantom_ngrams_change_a_corpus_score_with_no_smoothing():
    """The by-design difference for smoothing "none" shows in a corpus with a short sentence.

    Sentence 1 "the cat sat on the mat" matches its reference exactly: 6/6, 5/5, 4/4, 3/3.
    Sentence 2 "a dog" matches too, but has no trigram or 4-gram: 2/2, 1/1, 0/0, 0/0.
    sacrebleu sums 8/8, 6/6, 4/4, 3/3 -> BLEU 1.
    nltk counts one phantom n-gram for sentence 2 in orders 3 and 4: 8/8, 6/6, 4/5, 3/4
    -> (1 * 1 * 4/5 * 3/4) ** (1/4) = 0.6 ** 0.25 = 0.8801.
    bleu_lab's "none" gives sacrebleu's number, "method0" gives nltk's.
    """
    candidates = ["the cat sat on the mat", "a dog"]
    references = [["the cat sat on the mat"], ["a dog"]]
    theirs = BLEU(tokenize="none", smooth_method="none").corpus_score(candidates, [[r[0] for r in references]])
    assert theirs.totals == [8, 6, 4, 3]
    assert theirs.score == pytest.approx(100.0)
    ours = bleu_lab.corpus_bleu(candidates, references, tokenize="none", smoothing="none")
    assert ours.totals == [8, 6, 4, 3]
    assert ours.score == pytest.approx(1.0, abs=TOL)

    tokens = [c.split() for c in candidates]
    nltk_score = nltk_bleu.corpus_bleu([[r[0].split()] for r in references], tokens)
    assert nltk_score == pytest.approx(0.6 ** 0.25, abs=TOL)
    ours = bleu_lab.corpus_bleu(tokens, [[r[0].split()] for r in references], smoothing="method0")
    assert ours.score == pytest.approx(0.6 ** 0.25, abs=TOL)


def test_short_candidate_with_no_smoothing_is_zero_in_all_three():
    # "the cat" has no trigram. sacrebleu: p3 = 0/0 -> 0; nltk: p3 = 0/1 -> ~1e-78 (not 0); bleu_lab: 0.0.
    assert BLEU(tokenize="none", smooth_method="none").sentence_score("the cat", ["the cat"]).score == 0.0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        nltk_score = nltk_bleu.sentence_bleu([["the", "cat"]], ["the", "cat"])
    assert 0 < nltk_score < 1e-70
    assert bleu_lab.sentence_bleu("the cat", ["the cat"], tokenize="none").score == 0.0
    assert bleu_lab.sentence_bleu(["the", "cat"], [["the", "cat"]], smoothing="method0").score == 0.0


# The guard example of notebook 04 and answer 3 of notebook 06 compare tokenize="nltk" with the tokens of
# nltk's own word_tokenize(text, preserve_line=True). The older TreebankWordTokenizer keeps '“Quoted”' whole.
@pytest.mark.parametrize("text", [
    "“Quoted” text, isn't it?", "He said \"no\" -- twice... (really) [a] {b} 3.5% $10 e.g. U.S.A. can't",
    "The guard arrived late because it was raining.", "«Guillemets» and ‘single’ quotes… don't split",
])
def test_the_nltk_tokenizer_is_word_tokenize_with_preserve_line(text):
    from nltk.tokenize import word_tokenize

    assert list(bleu_lab.tokenize(text, "nltk")) == word_tokenize(text, preserve_line=True)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list("ab .,'\"“”‘’«»-…!?()$%0") + ["n't", "can", "Mr."]), max_size=30).map("".join))
def test_the_nltk_tokenizer_is_word_tokenize_on_any_punctuation(text):
    from nltk.tokenize import word_tokenize

    assert list(bleu_lab.tokenize(text, "nltk")) == word_tokenize(text, preserve_line=True)
