"""The bad inputs an independent test of bleu_lab found (issue 10): each gets a clear error or the right number.

Expected numbers come from nltk, sacrebleu, rouge-score or a hand calculation written here,
never from bleu_lab itself.
"""

import importlib.util
import math
import subprocess
import sys
import tracemalloc
from collections import UserString

import numpy as np
import pytest
from nltk.translate import bleu_score as nltk_bleu
from rouge_score import rouge_scorer
from sacrebleu.metrics import BLEU
from test_misuse import assert_mentions
from test_misuse import error_of as message_of

import bleu_lab
from bleu_lab import (
    bleu_from_stats,
    bootstrap_ci,
    chrf,
    corpus_bleu,
    meta_evaluation,
    modified_precision,
    ngrams,
    paired_bootstrap,
    rouge_l,
    rouge_lsum,
    rouge_n,
    sentence_bleu,
)
from bleu_lab.checks import MAX_ORDER, MAX_SAMPLES

# ---------------------------------------------------------------- silent wrong numbers


def test_weights_as_a_dict_are_refused():
    # The dict's keys (1, 2) would be the weights: BLEU with w = (1, 2).
    message = message_of(TypeError, sentence_bleu, "the cat sat", ["the cat sat"], weights={1: 0.5, 2: 0.5})
    assert_mentions(message, "dict", "keys", "weights=[0.5, 0.5]")


def test_weights_as_a_set_are_refused():
    # {0.25, 0.25, 0.25, 0.25} == {0.25}: BLEU-1 with weight 0.25 instead of BLEU-4.
    message = message_of(TypeError, sentence_bleu, "the cat sat", ["the cat sat"], weights={0.25, 0.25, 0.25, 0.25})  # noqa: B033 (the mistake under test)
    assert_mentions(message, "set", "order", "weights=(0.25, 0.25, 0.25, 0.25)")


def test_max_order_and_weights_that_disagree_are_refused():
    for max_order in (4, 3):
        message = message_of(ValueError, corpus_bleu, ["the cat"], [["the cat"]], max_order=max_order,
                             weights=[0.5, 0.5])
        assert_mentions(message, f"max_order={max_order}", "weights has 2 entries", "drop max_order")
    # Agreeing is fine, and so is either alone: BLEU-2 of "the cat sat" against itself is 1.
    assert sentence_bleu("the cat sat", ["the cat sat"], max_order=2, weights=[0.5, 0.5]).score == 1.0
    assert sentence_bleu("the cat sat", ["the cat sat"], weights=[0.5, 0.5]).max_order == 2


def test_counts_above_totals_are_refused_under_add_k_too():
    # sacrebleu's compute_bleu returns 1.257 here ((5+0)/2 for order 1 > 1); matches cannot exceed n-grams.
    message = message_of(ValueError, bleu_from_stats, [5, 1, 1, 1], [2, 1, 1, 1], 2, 2, smoothing="add-k")
    assert_mentions(message, "cannot exceed", "order 1 has 5 matches but 2 n-grams")


def test_a_utf8_byte_order_mark_is_stripped():
    # A file read as "utf-8" (not "utf-8-sig") keeps the mark: "\ufeffthe" would not match "the".
    with_mark = "\ufeffthe cat sat on the mat"
    assert bleu_lab.tokenize(with_mark) == ("the", "cat", "sat", "on", "the", "mat")
    assert sentence_bleu(with_mark, ["\ufeffthe cat sat on the mat"]).score == 1.0
    assert sentence_bleu(with_mark, ["the cat sat on the mat"]).score == 1.0
    assert sentence_bleu(["\ufeffthe", "cat"], [["the", "cat"]], max_order=2).score == 1.0
    assert chrf(with_mark, ["the cat sat on the mat"]).score == 1.0
    assert corpus_bleu([with_mark], [["the cat sat on the mat"]]).counts == [6, 5, 4, 3]


@pytest.mark.parametrize("n, exception", [(True, TypeError), ("1", TypeError), (2.0, TypeError), (0, ValueError),
                                          (5, ValueError)])
def test_matched_ngrams_takes_a_whole_order_of_the_result(n, exception):
    result = sentence_bleu("the cat sat on the mat", ["the cat is on the mat"])
    message = message_of(exception, result.matched_ngrams, n)
    assert_mentions(message, "n must be", "1", "4", "matched_ngrams(2)")


def test_matched_ngrams_accepts_numpy_integers():
    result = sentence_bleu("the cat sat on the mat", ["the cat is on the mat"])
    # the cat / on the / the mat match; cat sat and sat on do not (by hand).
    matched = {m.ngram for m in result.matched_ngrams(np.int64(2)) if m.matched}
    assert matched == {("the", "cat"), ("on", "the"), ("the", "mat")}


# ---------------------------------------------------------------- scores above 1


def test_nltk_method5_above_one_is_kept_and_said():
    candidate = "the cat sat on the mat".split()
    expected = nltk_bleu.sentence_bleu([candidate], candidate,
                                       smoothing_function=nltk_bleu.SmoothingFunction().method5)
    assert expected > 1  # nltk gives 1.1167 for an identical candidate
    result = sentence_bleu(candidate, [candidate], smoothing="method5")
    assert abs(result.score - expected) <= 1e-9
    assert result.above_one
    assert "above 1" in str(result) and "method5" in str(result)
    assert_mentions(result.explain(), "above 1", "nltk", "not a BLEU on the 0-1 scale")
    assert "above 1" in result._repr_html_()


def test_precisions_above_one_are_said_even_when_the_score_is_not():
    candidate, reference = "the cat sat on the mat".split(), "the cat is on the mat".split()
    expected = nltk_bleu.sentence_bleu([reference], candidate,
                                       smoothing_function=nltk_bleu.SmoothingFunction().method5)
    result = sentence_bleu(candidate, [reference], smoothing="method5")
    assert abs(result.score - expected) <= 1e-9 and result.score < 1
    # method5 averages p1 = 5/6 with (p1 + 1) and p2: (5/6 + 1 + 5/6 + 3/5) / 3 = 1.0889 > 1 (by hand).
    assert abs(result.precisions[0] - (5 / 6 + 1 + 5 / 6 + 3 / 5) / 3) <= 1e-9
    assert result.above_one and "above 1" in result.explain()


@pytest.mark.parametrize("smoothing", ["none", "exp", "method3", "add-k"])
def test_a_score_within_0_1_says_nothing(smoothing):
    result = sentence_bleu("the cat sat on the mat", ["the cat is on the mat"], smoothing=smoothing)
    assert not result.above_one and "above 1" not in str(result) and "above 1" not in result.explain()


@pytest.mark.parametrize("smoothing", ["floor", "method1"])
def test_a_floor_or_epsilon_above_one_is_refused(smoothing):
    # floor: a zero count becomes value / total, so 2 / 1 = 2 for one trigram with no match.
    message = message_of(ValueError, sentence_bleu, "a b c", ["a b d"], smoothing=smoothing, smooth_value=2.0)
    assert_mentions(message, "smooth_value=2.0", "refused", "above 1", "between 0 and 1")
    # At most 1 is accepted, and agrees with sacrebleu (floor 1.0: every empty order gets 1 / total).
    if smoothing == "floor":
        theirs = BLEU(smooth_method="floor", smooth_value=1.0).sentence_score("a b c", ["a b d"]).score / 100
        assert abs(sentence_bleu("a b c", ["a b d"], smoothing="floor", smooth_value=1.0).score - theirs) <= 1e-9


# ---------------------------------------------------------------- unhelpful errors


def test_bytearray_candidate_says_decode_it():
    message = message_of(TypeError, sentence_bleu, bytearray(b"the cat"), ["the cat"])
    assert_mentions(message, "candidate is bytearray", "decode", "sentence_bleu(")
    message = message_of(TypeError, sentence_bleu, "the cat", [memoryview(b"the cat")])
    assert_mentions(message, "references[0] is memoryview", "decode")


def test_userstring_is_read_as_the_string_it_holds():
    # A UserString is a sequence of characters: read as tokens, "the cat" would be 7 one-letter tokens.
    result = sentence_bleu(UserString("the cat sat on the mat"), [UserString("the cat sat on the mat")])
    assert result.candidate_length == 6 and result.score == 1.0
    assert rouge_n(UserString("the cat"), ["the cat"]).fmeasure == 1.0


def test_numpy_numbers_are_accepted_everywhere_a_number_is():
    plain = sentence_bleu("the cat sat on a mat", ["the cat sat on the mat"], max_order=3,
                          smoothing="floor", smooth_value=0.5)
    with_numpy = sentence_bleu("the cat sat on a mat", ["the cat sat on the mat"], max_order=np.int64(3),
                               smoothing="floor", smooth_value=np.float32(0.5))
    assert with_numpy.score == plain.score and with_numpy.max_order == 3
    assert isinstance(with_numpy.max_order, int) and isinstance(with_numpy.smooth_value, float)
    assert ngrams(["a", "b"], np.int32(2)) == ngrams(["a", "b"], 2)
    assert modified_precision("a b", ["a b"], np.int64(2)).value == 1.0
    assert rouge_n("a b", ["a b"], n=np.int64(2)).fmeasure == 1.0
    assert chrf("a b", ["a b"], char_order=np.int64(2), beta=np.float64(2)).score == 1.0
    assert sentence_bleu("a b", ["a b"], weights=np.array([0.5, 0.5])).score == 1.0
    assert bleu_from_stats(np.array([2, 1]), np.array([2, 1]), np.int64(2), np.int64(2), max_order=2).score == 1.0


def test_paired_bootstrap_with_systems_of_different_lengths_names_the_one():
    references = [["the cat sat"], ["a dog ran"], ["it rains"]]
    baseline = ["the cat sat", "a dog ran", "it rains"]
    message = message_of(ValueError, paired_bootstrap, baseline, baseline[:2], references)
    assert_mentions(message, "baseline has 3, system has 2, references has 3", "system is off",
                    "paired_bootstrap(baseline_lines, system_lines, references)")
    message = message_of(ValueError, paired_bootstrap, baseline[:1], baseline, references)
    assert_mentions(message, "baseline is off")


def test_bootstrap_with_method6_and_a_resample_without_trigram_matches():
    # Sentence 0 has trigram matches, sentence 1 none: corpus_bleu works (the sums have some), but a
    # resample drawing sentence 1 twice has none, where nltk's method6 asserts.
    candidates = ["the cat sat on the mat", "a b"]
    references = [["the cat sat on the mat"], ["a c"]]
    hypotheses = [c.split() for c in candidates]
    expected = nltk_bleu.corpus_bleu([[r[0].split()] for r in references], hypotheses,
                                     smoothing_function=nltk_bleu.SmoothingFunction().method6)
    assert abs(corpus_bleu(candidates, references, smoothing="method6").score - expected) <= 1e-9
    message = message_of(ValueError, bootstrap_ci, candidates, references, n_samples=50, smoothing="method6")
    assert_mentions(message, "method6", "of the 50 resamples", "trigram", "smoothing='method3'")


def test_ja_mecab_without_its_package_is_one_line():
    if importlib.util.find_spec("MeCab") is not None:
        pytest.skip("MeCab is installed: tokenize='ja-mecab' works here")
    message = message_of(ValueError, sentence_bleu, "猫が座った", ["猫が座った"], tokenize="ja-mecab")
    assert "\n" not in message
    assert_mentions(message, "ja-mecab", "pip install 'sacrebleu[ja]'")


# ---------------------------------------------------------------- resource limits


@pytest.mark.parametrize("max_order", [10**7, 10**9, MAX_ORDER + 1])
def test_a_huge_max_order_names_the_limit(max_order):
    message = message_of(ValueError, sentence_bleu, "the cat", ["the cat"], max_order=max_order)
    assert_mentions(message, f"max_order = {max_order}", f"limit of {MAX_ORDER}")
    message = message_of(ValueError, corpus_bleu, ["the cat"], [["the cat"]], weights=[1.0] * (MAX_ORDER + 1))
    assert_mentions(message, "limit")
    assert_mentions(message_of(ValueError, chrf, "a", ["a"], char_order=10**9), "char_order", "limit")


def test_the_largest_order_still_works():
    # Orders beyond the sentence have no n-gram: by hand p_1 = p_2 = 1, totals of orders 3.. are 0.
    result = sentence_bleu("the cat", ["the cat"], max_order=MAX_ORDER, effective_order=True)
    assert result.score == 1.0 and result.totals[:3] == [2, 1, 0]


@pytest.mark.parametrize("n_samples", [10**12, MAX_SAMPLES + 1])
def test_a_huge_number_of_samples_names_the_limit(n_samples):
    message = message_of(ValueError, bootstrap_ci, ["the cat"], [["the cat"]], n_samples=n_samples)
    assert_mentions(message, f"n_samples={n_samples}", "limit", f"{MAX_SAMPLES:,}")
    message = message_of(ValueError, paired_bootstrap, ["a"], ["b"], [["a"]], n_samples=n_samples)
    assert_mentions(message, "limit")


def test_many_bootstrap_samples_stay_in_bounded_memory():
    # 100,000 samples of 300 sentences: drawn all at once, the indices alone would be 240 MB (8 bytes each).
    rng = np.random.default_rng(5)
    words = [f"w{i}" for i in range(50)]
    candidates = [" ".join(words[j] for j in rng.integers(0, 50, 12)) for _ in range(300)]
    references = [[" ".join(words[j] for j in rng.integers(0, 50, 12))] for _ in range(300)]
    tracemalloc.start()
    result = bootstrap_ci(candidates, references, n_samples=100_000, smoothing="exp")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 40_000_000, peak
    assert result.low <= result.score <= result.high


def test_block_draws_are_one_call_of_numpy_as_sacrebleu_makes_it(monkeypatch):
    # sacrebleu draws every sample in one call, rng.choice(n, size=(n_samples, n)); bleu_lab draws a block
    # of samples at a time. Blocks of 3 samples of 7 sentences (21 draws, an odd number) must continue the
    # same stream.
    resampling = importlib.import_module("bleu_lab.fast.resampling")
    monkeypatch.setattr(resampling, "_DRAWN_PER_BLOCK", 21)
    one_call = np.random.default_rng(12345).choice(7, size=(10, 7), replace=True)
    sums, last = resampling.bootstrap_sums(np.eye(7), 10, 12345)  # sums[b, i]: how often sentence i is in sample b
    assert sums.tolist() == [np.bincount(row, minlength=7).tolist() for row in one_call]
    assert last.tolist() == one_call[:, -1].tolist()


def rouge_score_lcs(reference, candidate):
    """rouge-score's own table and walk: the reference indices of its LCS."""
    return rouge_scorer._backtrack_norec(rouge_scorer._lcs_table(reference, candidate), reference, candidate)


def test_rouge_l_of_10k_tokens_in_linear_memory():
    rng = np.random.default_rng(3)
    vocabulary = [f"w{i}" for i in range(300)]
    candidate = [vocabulary[i] for i in rng.integers(0, 300, 10_000)]
    reference = [vocabulary[i] for i in rng.integers(0, 300, 10_000)]
    tracemalloc.start()
    result = rouge_l(candidate, [reference])
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    # rouge-score's table is 10,001 x 10,001 Python ints (about 800 MB): compare on a slice it can afford,
    # and here only check that the memory is far below a table (a 10k x 10k table of bits alone is 12.5 MB).
    assert peak < 12_000_000, peak
    assert result.matches == len(result.lcs) > 0
    small_c, small_r = candidate[:1500], reference[:1500]
    expected = rouge_scorer.RougeScorer(["rougeL"]).score(" ".join(small_r), " ".join(small_c))["rougeL"]
    assert abs(rouge_l(small_c, [small_r]).fmeasure - expected.fmeasure) <= 1e-9
    assert [i for i, _ in bleu_lab.rouge.lcs_pairs(small_r, small_c)] == rouge_score_lcs(small_r, small_c)


def test_rouge_lsum_of_100k_tokens_in_1000_lines_finishes():
    # Run in a child process with a deadline, so a regression ends in a failure, not a hung test run.
    code = (
        "import numpy as np, bleu_lab\n"
        "rng = np.random.default_rng(4)\n"
        "words = np.array([f'w{i}' for i in range(2000)])\n"
        "ref = [' '.join(words[rng.integers(0, 2000, 100)]) for _ in range(1000)]\n"
        "cand = [' '.join(w if rng.random() < 0.8 else 'x' for w in line.split()) for line in ref]\n"
        "r = bleu_lab.rouge_lsum('\\n'.join(cand), ['\\n'.join(ref)])\n"
        "print(r.candidate_total, r.reference_total, r.matches)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    candidate_total, reference_total, matches = map(int, done.stdout.split())
    assert candidate_total == reference_total == 100_000
    # About 80 % of the tokens were kept in place ('x' is never in a reference), so the hits are about 80k.
    assert 0.75 * 100_000 < matches <= 0.85 * 100_000


def test_rouge_lsum_agrees_with_rouge_score_on_many_lines():
    rng = np.random.default_rng(5)
    words = [f"w{i}" for i in range(12)]
    reference = "\n".join(" ".join(rng.choice(words, rng.integers(1, 9))) for _ in range(30))
    candidate = "\n".join(" ".join(rng.choice(words, rng.integers(1, 9))) for _ in range(25))
    expected = rouge_scorer.RougeScorer(["rougeLsum"]).score(reference, candidate)["rougeLsum"]
    ours = rouge_lsum(candidate, [reference])
    assert abs(ours.fmeasure - expected.fmeasure) <= 1e-9
    assert abs(ours.precision - expected.precision) <= 1e-9 and abs(ours.recall - expected.recall) <= 1e-9


def test_lcs_length_is_a_hand_count():
    # "police killed the gunman" vs "police kill the gunman": police, the, gunman (Lin 2004, section 3.1).
    assert bleu_lab.rouge.lcs_length("police killed the gunman".split(), "police kill the gunman".split()) == 3
    assert math.isclose(rouge_l("police kill the gunman", ["police killed the gunman"]).fmeasure, 0.75)


def test_a_bad_line_in_a_later_system_is_named_by_system_and_line():
    # Only the first system is checked together with the references; the others line by line.
    with pytest.raises(TypeError) as error:
        bleu_lab.paired_bootstrap(["a b", "c d"], ["a b", None], [["a b"], ["c d"]])
    assert_mentions(str(error.value), "system[1] is None", "Right: paired_bootstrap(")
    with pytest.raises(TypeError) as error:
        meta_evaluation.system_bleu({"A": ["a b"], "B": [3]}, [["a b"]])
    assert_mentions(str(error.value), "systems['B'][0] is a value of type int", "Right: system_bleu(")
    with pytest.raises(TypeError) as error:
        meta_evaluation.system_bleu({"A": ["a b"], "B": "a b"}, [["a b"]])
    assert_mentions(str(error.value), "systems['B'] is the string", "(1, as in systems['A'])")
    with pytest.raises(ValueError) as error:
        meta_evaluation.system_bleu({"A": ["a b"], "B": ["a", "b"]}, [["a b"]])
    assert_mentions(str(error.value), "systems['A'] has 1, systems['B'] has 2 lines", "systems['B'] is off")


# ---------------------------------------------------------------- second review (fifth session)


@pytest.mark.parametrize("weights, total", [([1, 1, 1, 1], "4"), ([25, 25, 25, 25], "100"), ((0.5, 0.3), "0.8")])
def test_weights_that_do_not_sum_to_one_are_scored_as_nltk_but_never_quietly(weights, total):
    # Papineni et al. (2002, section 2.3) weigh the log precisions with weights that sum to one; nltk
    # takes any weights, and bleu_lab gives nltk's number, with a warning and a note in the explanation.
    candidate, reference = "the cat is on the mat today", "the cat sat on the mat today"
    expected = nltk_bleu.sentence_bleu([reference.split()], candidate.split(), weights=weights,
                                       smoothing_function=nltk_bleu.SmoothingFunction().method1)
    with pytest.warns(UserWarning, match=f"weights sum to {total}, not 1"):
        result = sentence_bleu(candidate, [reference], weights=weights, smoothing="method1", tokenize="none")
    assert result.score == pytest.approx(expected, abs=1e-12)
    assert f"note: weights sum to {total}, not 1" in result.explain()
    assert f"weights sum to {total}, not 1" in result._repr_html_()


def test_weights_that_sum_to_one_give_no_warning_and_no_note():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = sentence_bleu("a b c", ["a b c"], weights=(1 / 3,) * 3)
        assert "weights sum" not in result.explain()
        sentence_bleu("a b c", ["a b c"], weights=(0.7, 0.3, 0, 0))


REFERENCE = "the cat sat on the mat"


@pytest.mark.parametrize("call", [
    lambda: sentence_bleu(REFERENCE, REFERENCE.split()),
    lambda: corpus_bleu([REFERENCE], [REFERENCE.split()]),
    lambda: chrf(REFERENCE, REFERENCE.split()),
    lambda: rouge_n(REFERENCE, REFERENCE.split()),
    lambda: bleu_lab.ter(REFERENCE, REFERENCE.split()),
    lambda: modified_precision(REFERENCE, REFERENCE.split(), 1),
])
def test_a_split_reference_of_a_sentence_candidate_is_named_not_scored_as_one_word_references(call):
    # Scored, "the cat sat on the mat" against its own words would be six one-word references:
    # sacrebleu's sentence_bleu of that gives 0.0 for an identical text.
    message = message_of(ValueError, call)
    assert_mentions(message, "flat list of 6 single words", "not wrapped in a list", "Right:")


def test_one_word_references_stay_possible_when_said_so():
    # By hand: "the cat" against "cat" and "dog": unigram "cat" matches (p1 = 1/2), c = 2 > r = 1, BP = 1.
    assert sentence_bleu("the cat", [["cat"], ["dog"]], max_order=1).score == 0.5
    with bleu_lab.checks.separate_references():
        assert sentence_bleu("the cat", ["cat", "dog"], max_order=1).score == 0.5
    message_of(ValueError, sentence_bleu, "the cat", ["cat", "dog"], max_order=1)  # outside the block again
    # One word against one-word references is not ambiguous, nor is a reference of several words.
    assert sentence_bleu("yes", ["yes", "yeah"], max_order=1).score == 1.0
    assert sentence_bleu("the cat", ["the cat", "cat"], max_order=1).score == 1.0


def test_the_playground_takes_one_word_boxes_as_separate_references():
    from bleu_lab.show.playground import compute_playground

    view = compute_playground("the cat", ["cat", "dog"], max_order=1, metric="ROUGE")
    # By hand: ROUGE-1 of "the cat" against "cat" (the best reference): P = 1/2, R = 1, F = 2/3.
    assert view.message == "" and view.metric_scores["ROUGE-1"] == pytest.approx((0.5, 1.0, 2 / 3))
    assert compute_playground("the cat", ["cat", "dog"], max_order=1).score == 0.5


def test_functions_of_several_systems_name_the_system_and_show_their_own_call():
    lines, other = ["the cat is on the mat", "a dog ran off"], ["the cat sat", "a dog ran"]
    references = [["the cat sat on the mat"], ["a dog ran"]]
    message = message_of(TypeError, paired_bootstrap, lines, references, other)  # references second: swapped
    assert_mentions(message, "look swapped", "Right: paired_bootstrap(baseline_lines, system_lines, [[ref] for ref")
    message = message_of(TypeError, bleu_lab.paired_approximate_randomization, "a b", other, references)
    assert_mentions(message, "baseline is a single string", "Right: paired_approximate_randomization(baseline_lines")
    assert "[candidate]" not in message  # the one-corpus advice would not run here
    message = message_of(TypeError, meta_evaluation.system_bleu, {"A": "the cat"}, [["the cat"]])
    assert_mentions(message, "systems['A'] is a single string", "Right: system_bleu({'A': lines_a")
    message = message_of(ValueError, meta_evaluation.system_bleu, {"A": ["x", "y"]}, [["x"]])
    assert_mentions(message, "2 lines in systems['A'] but 1 reference lists")
    message = message_of(TypeError, bleu_lab.system_similarity, {"A": "the cat"}, [["the cat"]])
    assert_mentions(message, "systems['A'] is a single string", "Right: system_similarity({'A': lines_a")


def test_reference_streams_hold_texts_or_none():
    message = message_of(TypeError, bleu_lab.references_from_streams, [[1, 2]])
    assert_mentions(message, "streams[0][0] is a value of type int", "Right: references_from_streams(")
    assert bleu_lab.references_from_streams([["a b", None], ["c", "d"]]) == [["a b", "c"], ["d"]]


def test_correlation_resamples_have_a_limit_a_notebook_can_wait_for():
    metric, human = {"A": 0.41, "B": 0.38, "C": 0.25}, {"A": 0.2, "B": -0.1, "C": 0.05}
    message = message_of(ValueError, meta_evaluation.correlation, metric, human, n_resamples=100_000)
    assert_mentions(message, "n_resamples=100000", "limit of 10,000")


@pytest.mark.parametrize("call, typo, meant", [
    (lambda **k: sentence_bleu("the cat", ["the cat"], **k), "tokenizer", "tokenize"),
    (lambda **k: corpus_bleu(["the cat"], [["the cat"]], **k), "smooth", "smoothing"),
    # nltk's keyword: a valid name that starts it wins over the closest spelling.
    (lambda **k: corpus_bleu(["the cat"], [["the cat"]], **k), "smoothing_function", "smoothing"),
    (lambda **k: rouge_n("the cat", ["the cat"], **k), "tokenize", "tokenizer"),
    (lambda **k: chrf("the cat", ["the cat"], **k), "word_orders", "word_order"),
    (lambda **k: bleu_lab.ter("the cat", ["the cat"], **k), "normalize", "normalized"),
])
def test_a_mistyped_keyword_gets_the_closest_name(call, typo, meant):
    # Python's own message names the keyword but not the one meant (rouge-score says tokenizer, BLEU tokenize).
    message = message_of(TypeError, call, **{typo: "13a"})
    assert_mentions(message, f"no keyword {typo!r}", f"Did you mean {meant!r}?", f"{meant}=...")


def test_checked_keywords_keep_the_signature_and_the_positional_call():
    import inspect

    assert list(inspect.signature(sentence_bleu).parameters)[:3] == ["candidate", "references", "max_order"]
    assert sentence_bleu("the cat", ["the cat"], max_order=2).score == 1.0
    assert rouge_n("the cat", ["the cat"], 2).fmeasure == 1.0


def test_the_html_of_a_document_scored_as_one_sentence_stays_small():
    # 50,000 tokens drawn in full were a 32 MB cell output; the numbers still count every token.
    text = " ".join(map(str, range(50_000)))
    result = sentence_bleu(text, [text], tokenize="none")
    page = result._repr_html_()
    # 49000 is a token past the 500th (no count is 49000)
    assert len(page) < 1_000_000 and "Only the first 500 tokens" in page and "49000" not in page
    assert result.counts[0] == 50_000
    rouge_page = rouge_l(text, [text])._repr_html_()
    assert len(rouge_page) < 1_000_000 and "Only the first 500 tokens" in rouge_page
    assert "Only the first" not in sentence_bleu("the cat", ["the cat"])._repr_html_()


def test_wer_of_a_whole_transcript_on_one_line_is_refused_with_the_way_out():
    words = "the quick brown fox jumps over the lazy dog".split()
    long_text = " ".join(words[i % 9] for i in range(3_000))
    message = message_of(ValueError, bleu_lab.wer, long_text, [long_text])
    assert_mentions(message, "9,000,000 cells", "limit of 2,000,000", "corpus_wer")
    # At the limit it is scored. By hand: 1,000 "a" against 2,000 "a" is 1,000 insertions over 2,000 words.
    assert bleu_lab.wer(" ".join(["a"] * 1_000), [" ".join(["a"] * 2_000)]).score == 0.5
