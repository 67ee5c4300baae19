"""Bootstrap intervals and paired significance: against sacrebleu on WMT19, and against sacrebleu and nltk row by row.

Expected values come from sacrebleu (``BLEU.corpus_score(..., n_bootstrap=1000)``, its paired
bootstrap test ``PairedTest(test_type="bs")`` and its scorer of statistics ``BLEU.compute_bleu``),
from nltk's ``corpus_bleu`` (the nltk smoothing methods), and from hand reasoning (a corpus of
identical sentences has no spread).
"""

import logging
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk.translate import bleu_score as nltk_bleu
from sacrebleu.metrics import BLEU
from sacrebleu.significance import PairedTest
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

import bleu_lab
from bleu_lab.bleu.statistics import SentenceStats
from bleu_lab.datasets import load_wmt19_en_de
from bleu_lab.significance import bleu_from_sums, bootstrap_ci, paired_bootstrap, resampled_scores

# Weights that do not sum to 1 are compared with nltk on purpose; their warning is tested in test_bad_input.
pytestmark = [pytest.mark.filterwarnings("ignore:weights sum to:UserWarning"),
              pytest.mark.usefixtures("references_drawn_separately")]  # see conftest.py

logging.getLogger("sacrebleu").setLevel(logging.ERROR)

SMALL_CANDIDATES = ["the cat sat on the mat", "a dog barked loudly", "it is raining", "hello world", "the end"]
SMALL_REFERENCES = [["the cat sat on the mat"], ["the dog barked"], ["it rains today"], ["hello world"], ["the end ."]]


@pytest.fixture(scope="module")
def wmt19():
    return load_wmt19_en_de()


@pytest.fixture(autouse=True)
def _sacrebleu_default_seed(monkeypatch):
    monkeypatch.setenv("SACREBLEU_SEED", "12345")


# ----------------------------------------------------------------------------- sacrebleu on real data


@pytest.mark.parametrize("system", ["MSRA.MADL", "en_de_task"])
def test_interval_agrees_with_sacrebleu_within_0_3_bleu(wmt19, system):
    ours = bootstrap_ci(wmt19.systems[system], wmt19.references, n_samples=1000, seed=12345)
    theirs = BLEU().corpus_score(wmt19.systems[system], [wmt19.reference], n_bootstrap=1000)
    assert abs(100 * ours.score - theirs.score) < 1e-7
    # sacrebleu prints mean +- ci: the interval [mean - ci, mean + ci] on the 0-100 scale.
    assert abs(100 * ours.low - (theirs._mean - theirs._ci)) <= 0.3
    assert abs(100 * ours.high - (theirs._mean + theirs._ci)) <= 0.3
    # Same draws (same seed, same generator call): the width and mean are sacrebleu's (float32 there).
    assert abs(100 * ours.half_width - theirs._ci) < 1e-4
    assert abs(100 * ours.mean - theirs._mean) < 1e-4


@pytest.mark.parametrize("baseline, system", [("MSRA.MADL", "Microsoft-WMT19-sentence_document"),
                                              ("Microsoft-WMT19-sentence_document", "NEU"),
                                              ("Facebook_FAIR", "online-Y")])
def test_paired_test_agrees_with_sacrebleu(wmt19, baseline, system):
    ours = paired_bootstrap(wmt19.systems[baseline], wmt19.systems[system], wmt19.references, n_samples=1000)
    test = PairedTest([(baseline, wmt19.systems[baseline]), (system, wmt19.systems[system])], {"BLEU": BLEU()},
                      [wmt19.reference], test_type="bs", n_samples=1000)
    _, scores = test()
    theirs = scores["BLEU"][1]
    assert (ours.p_value < 0.05) == (theirs.p_value < 0.05)
    assert abs(ours.p_value - theirs.p_value) <= 2 / 1001  # same draws: at most a tie flips
    assert abs(100 * ours.system_score - theirs.score) < 1e-7


def test_a_system_against_itself_is_not_significant():
    """p = (1 + #{b: |d_b| - mean|d| > |d|}) / (B + 1) would give 1/100 here (every resampled
    difference is 0, centred 0, and 0 > 0 is false), calling a system "significantly" different
    from itself; sacrebleu reports that. bleu_lab reports p = 1 when the scores are equal."""
    result = paired_bootstrap(SMALL_CANDIDATES, SMALL_CANDIDATES, SMALL_REFERENCES, n_samples=99, smoothing="exp")
    assert result.difference == 0
    assert result.p_value == 1.0


# ----------------------------------------------------------------------------- vectorised scoring


statistics_rows = st.integers(1, 5).flatmap(
    lambda order: st.tuples(
        st.just(order),
        st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40),
                           st.lists(st.integers(0, 30), min_size=order, max_size=order)),
                 min_size=1, max_size=6),
    )
)


@settings(max_examples=300, deadline=None)
@given(statistics_rows, st.sampled_from(["none", "floor", "add-k", "exp"]), st.booleans())
def test_vectorised_scores_equal_sacrebleus_compute_bleu(data, smoothing, effective_order):
    order, rows = data
    matrix = []
    for c, r, totals in rows:
        # totals non-increasing like real n-gram counts, at most c; matches at most the totals
        totals = sorted(totals, reverse=True)
        matches = [t // 2 for t in totals]
        matrix.append([max(c, totals[0]), r, *matches, *totals])
    sums = np.array(matrix, dtype=np.float64)
    value = {"floor": 0.1, "add-k": 1.0}.get(smoothing)
    got = bleu_from_sums(sums, order, None, smoothing, value, effective_order)
    for row, score in zip(matrix, got):
        # compute_bleu adds k to the lists it is given under add-k: give it copies.
        expected = BLEU.compute_bleu(list(row[2 : 2 + order]), list(row[2 + order :]), row[0], row[1],
                                     smooth_method=smoothing, smooth_value=value, effective_order=effective_order,
                                     max_ngram_order=order).score / 100
        assert math.isclose(score, expected, rel_tol=1e-9, abs_tol=1e-12)


@settings(max_examples=100, deadline=None)
@given(statistics_rows)
def test_weights_scale_the_log_mean(data):
    # By hand: with weights w_n, BLEU = BP * exp(sum w_n log p_n); doubling uniform weights squares exp(mean).
    order, rows = data
    matrix = []
    for c, r, totals in rows:
        totals = sorted((t + 1 for t in totals), reverse=True)
        matrix.append([c, r, *[t for t in totals], *totals])  # every n-gram matches: p_n = 1
    sums = np.array(matrix, dtype=np.float64)
    got = bleu_from_sums(sums, order, tuple(range(1, order + 1)))
    for row, score in zip(matrix, got):
        c, r = row[0], row[1]
        # BP as sacrebleu's compute_bleu has it for statistics with matches: 1 unless c < r (so 1 for c = r = 0,
        # which no text gives: c = 0 has no match), 0 for c = 0 < r.
        bp = 1.0 if c > r or r == 0 else (0.0 if c == 0 else math.exp(1 - r / c))
        assert math.isclose(score, bp, rel_tol=1e-12, abs_tol=1e-15)


@pytest.mark.parametrize("smoothing", ["method0", "method1", "method3", "method4", "method5", "method7"])
def test_nltk_methods_score_the_unresampled_corpus_like_corpus_bleu(smoothing):
    """Drawing each sentence once (in order) must give corpus_bleu, including nltk's last-sentence rule."""
    tokens = [c.split() for c in SMALL_CANDIDATES]
    refs = [[r.split() for r in rs] for rs in SMALL_REFERENCES]
    order = 5 if smoothing in ("method5", "method7") else 4
    stats = [bleu_lab.bleu.statistics.sentence_statistics(c, r, order) for c, r in zip(tokens, refs)]
    matrix = np.array([s.as_row() for s in stats], dtype=np.float64)
    once = np.arange(len(stats))[None, :]  # one sample: every sentence drawn once, in order
    got = resampled_scores(matrix, once, {"smoothing": smoothing})
    expected = nltk_bleu.corpus_bleu(refs, tokens, smoothing_function=getattr(nltk_bleu.SmoothingFunction(), smoothing))
    assert got[0] == pytest.approx(expected, abs=1e-9)


def test_nltk_smoothing_works_end_to_end():
    result = bootstrap_ci(SMALL_CANDIDATES, SMALL_REFERENCES, n_samples=50, smoothing="method1")
    tokenizer = Tokenizer13a()
    expected = nltk_bleu.corpus_bleu([[tokenizer(r).split() for r in refs] for refs in SMALL_REFERENCES],
                                     [tokenizer(c).split() for c in SMALL_CANDIDATES],
                                     smoothing_function=nltk_bleu.SmoothingFunction().method1)
    assert result.score == pytest.approx(expected, abs=1e-9)
    assert 0 <= result.low <= result.high <= 1


# ----------------------------------------------------------------------------- behaviour


def test_identical_sentences_have_no_spread():
    candidates = ["the cat sat on the mat"] * 20
    references = [["the cat sat on the mat"]] * 20
    result = bootstrap_ci(candidates, references, n_samples=100)
    assert result.low == result.high == result.score == 1.0


def test_score_is_corpus_bleu_and_keywords_reach_the_scorer():
    result = bootstrap_ci(SMALL_CANDIDATES, SMALL_REFERENCES, n_samples=40, smoothing="floor", lowercase=True,
                          max_order=2)
    expected = BLEU(smooth_method="floor", lowercase=True, max_ngram_order=2).corpus_score(
        SMALL_CANDIDATES, [[r[0] for r in SMALL_REFERENCES]]).score / 100
    assert result.score == pytest.approx(expected, abs=1e-9)


def test_seed_is_reported_and_reproducible():
    a = bootstrap_ci(SMALL_CANDIDATES, SMALL_REFERENCES, n_samples=200, seed=7, smoothing="exp")
    b = bootstrap_ci(SMALL_CANDIDATES, SMALL_REFERENCES, n_samples=200, seed=7, smoothing="exp")
    assert a == b and a.seed == 7 and a.n_samples == 200
    fresh = bootstrap_ci(SMALL_CANDIDATES, SMALL_REFERENCES, n_samples=200, seed=None, smoothing="exp")
    again = bootstrap_ci(SMALL_CANDIDATES, SMALL_REFERENCES, n_samples=200, seed=fresh.seed, smoothing="exp")
    assert again == fresh


def test_wider_confidence_gives_a_wider_interval(wmt19):
    lines, refs = wmt19.systems["online-B"][:300], wmt19.references[:300]
    narrow = bootstrap_ci(lines, refs, confidence=0.5)
    wide = bootstrap_ci(lines, refs, confidence=0.99)
    assert wide.low < narrow.low <= narrow.score <= narrow.high < wide.high


def test_paired_result_direction_and_text(wmt19):
    result = paired_bootstrap(wmt19.systems["en_de_task"][:400], wmt19.systems["MSRA.MADL"][:400],
                              wmt19.references[:400])
    assert result.difference > 0.1
    assert result.significant()
    assert result.p_value == pytest.approx(1 / 1001)
    text = str(result)
    assert "p = 0.0010" in text and "seed 12345" in text and "1000 samples" in text
    assert result.system_low <= result.system_score <= result.system_high


def test_interval_text():
    text = str(bootstrap_ci(SMALL_CANDIDATES, SMALL_REFERENCES, n_samples=40, seed=3, smoothing="exp"))
    assert text.startswith("BLEU = ") and "95% CI [" in text and "40 samples, seed 3" in text


def test_results_are_immutable():
    result = bootstrap_ci(SMALL_CANDIDATES, SMALL_REFERENCES, n_samples=40, smoothing="exp")
    with pytest.raises(AttributeError):
        result.low = 0


# ----------------------------------------------------------------------------- misuse


@pytest.mark.parametrize("kwargs, error, words", [
    ({"n_samples": 0}, ValueError, "n_samples"),
    ({"n_samples": 10.5}, TypeError, "n_samples"),
    ({"confidence": 95}, ValueError, "between 0 and 1"),
    ({"confidence": "0.95"}, TypeError, "confidence"),
    ({"seed": -1}, ValueError, "seed"),
    ({"seed": "abc"}, TypeError, "seed"),
    ({"smothing": "exp"}, TypeError, "smoothing"),
    ({"smoothing": "expo"}, ValueError, "exp"),
    ({"tokenize": "13b"}, ValueError, "13a"),
])
def test_bad_arguments_are_refused(kwargs, error, words):
    with pytest.raises(error, match=words):
        bootstrap_ci(SMALL_CANDIDATES, SMALL_REFERENCES, **kwargs)


def test_length_mismatch_and_unnested_references_are_refused():
    # The shorter system is named, with the three lengths and a right call.
    with pytest.raises(ValueError, match="system is off") as error:
        paired_bootstrap(SMALL_CANDIDATES, SMALL_CANDIDATES[:-1], SMALL_REFERENCES)
    n = len(SMALL_CANDIDATES)
    assert f"baseline has {n}, system has {n - 1}, references has {n}" in str(error.value)
    assert "paired_bootstrap(baseline_lines, system_lines, references)" in str(error.value)
    with pytest.raises(ValueError, match="baseline is off"):
        paired_bootstrap(SMALL_CANDIDATES[:-1], SMALL_CANDIDATES, SMALL_REFERENCES)
    with pytest.raises(TypeError, match="not nested"):
        bootstrap_ci(SMALL_CANDIDATES, [r[0] for r in SMALL_REFERENCES])


def test_public_names_are_exported():
    assert bleu_lab.bootstrap_ci is bootstrap_ci
    assert bleu_lab.paired_bootstrap is paired_bootstrap
    assert isinstance(bleu_lab.bleu.statistics.sentence_statistics(("a",), [("a",)], 1), SentenceStats)


# ----------------------------------------------------------------------------- statistics counted once


def test_statistics_counted_once_give_the_same_results():
    from bleu_lab.significance import bootstrap_ci_from_statistics, collect_statistics, paired_bootstrap_from_statistics

    other = ["the cat sat on a mat", "a dog barked", "it rains", "hello there world", "end"]
    stats = collect_statistics(SMALL_CANDIDATES, SMALL_REFERENCES, smoothing="exp")
    expected = BLEU(smooth_method="exp").corpus_score(SMALL_CANDIDATES, [[r[0] for r in SMALL_REFERENCES]]).score
    assert stats.score == pytest.approx(expected / 100, abs=1e-9)
    assert bootstrap_ci_from_statistics(stats, n_samples=300) == bootstrap_ci(
        SMALL_CANDIDATES, SMALL_REFERENCES, n_samples=300, smoothing="exp")
    other_stats = collect_statistics(other, SMALL_REFERENCES, smoothing="exp")
    assert paired_bootstrap_from_statistics(stats, other_stats, n_samples=300) == paired_bootstrap(
        SMALL_CANDIDATES, other, SMALL_REFERENCES, n_samples=300, smoothing="exp")
    with pytest.raises(ValueError, match="different keywords"):
        paired_bootstrap_from_statistics(stats, collect_statistics(other, SMALL_REFERENCES))
    with pytest.raises(TypeError, match="collect_statistics"):
        bootstrap_ci_from_statistics([1, 2, 3])
    with pytest.raises(ValueError):
        stats.matrix[0, 0] = 5  # read-only: results cannot drift from the counted text



@pytest.mark.parametrize("alpha", [1.5, 2, -1, 0, 1, float("nan")])
def test_significant_refuses_a_level_outside_zero_and_one(alpha):
    # Two identical systems have p = 1: with alpha = 1.5 they came out "significant" (1 < 1.5).
    candidates = ["the cat sat on the mat", "a dog ran in the park"]
    references = [["the cat sat on a mat"], ["a dog ran in a park"]]
    same = paired_bootstrap(candidates, candidates, references, n_samples=10)
    assert same.p_value == 1.0 and not same.significant()
    with pytest.raises(ValueError, match=r"alpha must be between 0 and 1"):
        same.significant(alpha)
    with pytest.raises(TypeError, match=r"alpha must be a number between 0 and 1 such as 0\.05, not the string"):
        same.significant("0.05")


def test_absurd_weights_give_the_same_clear_error_in_the_resampling_functions():
    # 1e300 times sacrebleu's log 0 (-9999999999) overflows; sentence_bleu already said so in words,
    # the resampled scores raised numpy's FloatingPointError.
    from bleu_lab import paired_approximate_randomization

    candidates, system, references = ["a b", "c d"], ["a d", "c e"], [["a d"], ["c d"]]
    calls = [
        lambda: bootstrap_ci(candidates, references, weights=[1e300, 1e300], n_samples=40),
        lambda: paired_bootstrap(candidates, system, references, weights=[1e300, 1e300], n_samples=10),
        lambda: paired_approximate_randomization(candidates, system, references, weights=[1e300, 1e300], n_samples=10),
    ]
    for call in calls:
        with pytest.raises(ValueError, match="the score overflows a float.*weights are usually fractions"):
            call()


@pytest.mark.parametrize("pair", [("NEU", "UCAM"), ("UCAM", "online-Y")])
def test_randomization_drawn_in_small_blocks_keeps_sacrebleus_coins(monkeypatch, pair, sacrebleu_counting_ties):
    # The coins are drawn a block of trials at a time (memory); with blocks of 32 trials the stream must
    # still be sacrebleu's single draw, so its p-value comes out exactly.
    from sacrebleu.significance import PairedTest

    import bleu_lab
    from bleu_lab import significance

    # 197 sentences (odd, so a block of fewer than 32 trials would leave unused bits of numpy's 32-bit
    # words and shift the stream): 32 trials a block.
    monkeypatch.setattr(significance, "_DRAWN_PER_BLOCK", 197)
    monkeypatch.setenv("SACREBLEU_SEED", "7")
    data = load_wmt19_en_de()
    base, other, reference = data.systems[pair[0]][:197], data.systems[pair[1]][:197], data.reference[:197]
    ours = bleu_lab.paired_approximate_randomization(base, other, [[r] for r in reference], n_samples=1000, seed=7,
                                                     smoothing="exp")
    _, tests = PairedTest([("base", base), ("other", other)], {"BLEU": BLEU()}, [reference], test_type="ar",
                          n_samples=1000)()
    assert ours.p_value == tests["BLEU"][1].p_value


def test_a_paired_bootstrap_of_one_sentence_is_refused():
    # Every resample is the one sentence, so every centred difference is 0 and p would be 1/(n+1).
    with pytest.raises(ValueError, match="paired_bootstrap needs a test set of several sentences"):
        bleu_lab.paired_bootstrap(["the cat sat"], ["the cat is on a mat"], [["the cat is on the mat"]])
    from bleu_lab.significance import paired_bootstrap_rows

    with pytest.raises(ValueError, match="a paired bootstrap test needs a test set of several sentences"):
        paired_bootstrap_rows([[1.0, 2.0]], [[2.0, 2.0]], lambda sums: sums[:, 0] / sums[:, 1])


@pytest.mark.parametrize("n_samples, confidence, needed", [(39, 0.95, 40), (10, 0.95, 40), (199, 0.99, 200)])
def test_too_few_samples_for_the_interval_are_refused(n_samples, confidence, needed):
    # A percentile interval leaves out floor(n (1 - c) / 2) resamples on each side (by hand: 39 x 0.05 / 2
    # = 0.975, so none): the bounds would be the lowest and highest score, labelled 95 %.
    with pytest.raises(ValueError, match=rf"n_samples={n_samples} is too few for a {confidence * 100:g}% interval.*"
                                         rf"at least {needed} "):
        bootstrap_ci(SMALL_CANDIDATES, SMALL_REFERENCES, n_samples=n_samples, confidence=confidence)


def test_forty_samples_are_enough_for_95_percent_and_twenty_for_90():
    # By hand: floor(40 x 0.05 / 2) = 1 and floor(20 x 0.10 / 2) = 1 resample left out on each side.
    assert bootstrap_ci(SMALL_CANDIDATES, SMALL_REFERENCES, n_samples=40, smoothing="exp").n_samples == 40
    assert bootstrap_ci(SMALL_CANDIDATES, SMALL_REFERENCES, n_samples=20, confidence=0.9).confidence == 0.9


# ----------------------------------------------------------------------------- explanation and HTML view


@pytest.mark.parametrize("n_samples", [40, 99, 1000, 1001])
def test_the_interval_is_read_where_sacrebleu_reads_it(n_samples):
    """sacrebleu's estimate_ci takes the sorted scores at n // 40 and n - n // 40 - 1 (its 95 %)."""
    from bleu_lab.significance import interval_ranks

    assert interval_ranks(n_samples, 0.95) == (n_samples // 40, n_samples - n_samples // 40 - 1)


def test_interval_explanation_prints_sacrebleus_line(wmt19):
    """The line sacrebleu prints with n_bootstrap, "BLEU = 43.66 (μ = 43.71 ± 2.66)", is in the explanation."""
    hypotheses, reference = wmt19.systems["MSRA.MADL"][:300], wmt19.reference[:300]
    ours = bootstrap_ci(hypotheses, [[r] for r in reference], n_samples=1000)
    theirs = str(BLEU().corpus_score(hypotheses, [reference], n_bootstrap=1000))
    sacrebleu_line = theirs[: theirs.index(")") + 1]
    assert "μ" in sacrebleu_line
    explanation = ours.explain()
    assert f"sacrebleu prints {sacrebleu_line} " in explanation
    assert "[s_25, s_974]" in explanation  # 1000 // 40 = 25, sacrebleu's lower index
    assert explanation.splitlines()[-1] == f"signature: {ours.signature}"
    view = ours._repr_html_()
    assert "s_0 &lt;= ... &lt;= s_999" in view and "<code>nrefs:1|bs:1000|seed:12345|" in view
    assert "<b>BLEU = 0.4366, 95% CI [" in view  # sacrebleu's 43.66 on the 0-1 scale


def test_interval_explanation_without_a_mean_shows_no_spread_as_sacrebleu_does():
    """sacrebleu prints "(μ = ... ± ...)" only for a mean above 0: no n-gram of these matches."""
    candidates, references = ["a b c d"] * 40, ["w x y z"] * 40
    ours = bootstrap_ci(candidates, [[r] for r in references], n_samples=40)
    theirs = str(BLEU(smooth_method="none").corpus_score(candidates, [references], n_bootstrap=40))
    assert "μ" not in theirs and theirs.startswith("BLEU = 0.00 ")
    assert "sacrebleu prints BLEU = 0.00 for BLEU(smooth_method='none'" in ours.explain()


def test_interval_explanation_says_when_sacrebleu_cannot_reproduce_it():
    assert "sacrebleu cannot give this interval: it has no method3" in bootstrap_ci(
        SMALL_CANDIDATES, SMALL_REFERENCES, n_samples=100, smoothing="method3").explain()
    assert "it has only 95% intervals, not 90%" in bootstrap_ci(
        SMALL_CANDIDATES, SMALL_REFERENCES, n_samples=100, confidence=0.9, smoothing="exp").explain()


def test_paired_explanation_shows_the_p_value_as_a_count(wmt19):
    """p = (1 + k) / (B + 1): k read back from sacrebleu's own p-value for the same draws."""
    baseline, system = wmt19.systems["MSRA.MADL"][:300], wmt19.systems["NEU"][:300]
    reference = wmt19.reference[:300]
    ours = paired_bootstrap(baseline, system, [[r] for r in reference], n_samples=1000)
    _, scores = PairedTest([("b", baseline), ("s", system)], {"BLEU": BLEU()}, [reference],
                           test_type="bs", n_samples=1000)()
    beyond = round(scores["BLEU"][1].p_value * 1001) - 1
    explanation = ours.explain()
    assert f"= (1 + {beyond}) / 1001 = {ours.p_value:.4f}" in explanation
    assert ("significant at 0.05:" if scores["BLEU"][1].p_value < 0.05 else "not significant") in explanation
    assert "<b>system " in ours._repr_html_() and f"p = {ours.p_value:.4f}</b>" in ours._repr_html_()


def test_paired_explanation_of_equal_scores_says_p_is_one():
    explanation = paired_bootstrap(SMALL_CANDIDATES, SMALL_CANDIDATES, SMALL_REFERENCES, n_samples=99).explain()
    assert "the two scores are equal: p = 1" in explanation and "1/100" in explanation


def test_randomization_explanation_counts_the_trials_as_sacrebleu(wmt19):
    """No trial ties d exactly here, so the count of d_t >= d is sacrebleu's count of d_t > d."""
    baseline, system = wmt19.systems["MSRA.MADL"][:300], wmt19.systems["NEU"][:300]
    reference = wmt19.reference[:300]
    ours = bleu_lab.paired_approximate_randomization(baseline, system, [[r] for r in reference], n_samples=1000)
    _, scores = PairedTest([("b", baseline), ("s", system)], {"BLEU": BLEU()}, [reference],
                           test_type="ar", n_samples=1000)()
    beyond = round(scores["BLEU"][1].p_value * 1001) - 1
    explanation = ours.explain()
    assert f"p = (1 + #{{t : d_t >= d}}) / (B + 1) = (1 + {beyond}) / 1001" in explanation
    assert "a fair coin per sentence" in explanation
    assert "<b>paired approximate randomization: system " in ours._repr_html_()


def test_row_bootstrap_explanation_of_equal_scores_says_p_is_one():
    from bleu_lab.significance import paired_bootstrap_rows

    rows = np.array([[1.0, 2.0], [2.0, 2.0], [0.0, 3.0], [3.0, 4.0]])
    result = paired_bootstrap_rows(rows, rows, lambda sums: sums[:, 0] / sums[:, 1], n_samples=100)
    assert "the two scores are equal: p = 1" in result.explain()
