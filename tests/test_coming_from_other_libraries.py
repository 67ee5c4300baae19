"""Issue 31: a sacrebleu, jiwer or evaluate user switches in a minute.

Every expected number here comes from the library named (sacrebleu 2.6's ``BLEU.compute_bleu``, its
``sentence_bleu``, its paired tests and bootstrap; jiwer's ``wer`` / ``cer``; sacrebleu's command line),
never from bleu_lab itself.
"""

import json
import logging
import random
import warnings

import pytest
from sacrebleu.metrics import BLEU

import bleu_lab
from bleu_lab.inputs import ImpossibleStatisticsWarning

logging.getLogger("sacrebleu").setLevel(logging.ERROR)


# ---------------------------------------------------------------- 1. statistics from anywhere


def _random_statistics(rng: random.Random):
    """Statistics sacrebleu's compute_bleu accepts: counts <= totals, nothing negative, any lengths."""
    totals = [rng.randint(0, 12) for _ in range(4)]
    counts = [rng.randint(0, t) for t in totals]
    return counts, totals, rng.randint(0, 15), rng.randint(0, 15)


@pytest.mark.parametrize("smoothing", ["none", "floor", "add-k", "exp"])
@pytest.mark.parametrize("effective_order", [False, True])
def test_every_statistics_sacrebleu_scores_get_its_number(smoothing, effective_order):
    rng = random.Random(f"{smoothing}{effective_order}")
    warned = 0
    for _ in range(400):
        counts, totals, c, r = _random_statistics(rng)
        theirs = BLEU.compute_bleu(list(counts), list(totals), c, r, smooth_method=smoothing,
                                   effective_order=effective_order).score / 100
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            ours = bleu_lab.bleu_from_stats(counts, totals, c, r, smoothing=smoothing,
                                            effective_order=effective_order)
        warned += any(issubclass(w.category, ImpossibleStatisticsWarning) for w in caught)
        assert ours.score == pytest.approx(theirs, abs=1e-9), (counts, totals, c, r)
    assert warned > 100  # most random statistics are no text's, and each of those says so


@pytest.mark.parametrize("arguments, theirs, words", [
    # The first example, where sacrebleu gives 59.46 (0-100), and totals not decreasing.
    (([3, 2, 1, 0], [4, 3, 2, 1], 6, 5), 59.46, "candidate_length is 6 but totals[0] is 4"),
    (([5, 4, 2, 1], [6, 6, 4, 3], 6, 6), None, "has 6 2-grams but 6 unigrams"),
    (([1, 0, 0, 0], [2, 5, 9, 9], 2, 6), None, "more 2-grams (5) than 1-grams (2)"),
])
def test_statistics_no_text_can_give_are_scored_with_a_warning(arguments, theirs, words):
    expected = BLEU.compute_bleu(*(list(a) if isinstance(a, list) else a for a in arguments),
                                 smooth_method="exp").score
    if theirs is not None:
        assert round(expected, 2) == theirs
    with pytest.warns(ImpossibleStatisticsWarning, match=words.replace("[", r"\[").replace("(", r"\(")
                      .replace(")", r"\)").replace("]", r"\]")) as caught:
        ours = bleu_lab.bleu_from_stats(*arguments, smoothing="exp")
    assert ours.score == pytest.approx(expected / 100, abs=1e-12)
    assert caught[0].filename == __file__  # the warning points at the caller's line


def test_statistics_a_text_can_give_get_no_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert bleu_lab.bleu_from_stats([6, 5, 4, 3], [6, 5, 4, 3], 6, 6).score == 1.0
        assert bleu_lab.bleu_from_stats([4, 2, 1, 0], [4, 2, 1, 0], 4, 4, max_order=3).score == 1.0


@pytest.mark.parametrize("arguments, error", [
    (([3, 2, 1, 0], [2, 3, 2, 1], 2, 5), "counts cannot exceed totals"),
    (([-1, 0, 0, 0], [2, 1, 0, 0], 2, 5), "whole numbers >= 0"),
    (([1, 0, 0, 0], [2, 1, 0, 0], -2, 5), "candidate_length must be a whole number >= 0"),
    (([1, 0, 0], [2, 1, 0], 2, 5), "counts has 3 entries but the order is 4"),
])
def test_only_impossible_counts_negatives_and_wrong_lengths_are_errors(arguments, error):
    with pytest.raises(ValueError, match=error):
        bleu_lab.bleu_from_stats(*arguments)


# ---------------------------------------------------------------- 3. WER and CER as jiwer computes them

jiwer = pytest.importorskip("jiwer")  # in the [test] extra; a missing jiwer fails test_jiwer_is_installed below


def test_jiwer_is_installed():
    import importlib.metadata

    assert importlib.metadata.version("jiwer")  # the tests below must run, not skip


@pytest.fixture(scope="module")
def wmt19():
    from bleu_lab.datasets import load_wmt19_en_de

    return load_wmt19_en_de()


@pytest.mark.parametrize("system", ["MSRA.MADL", "online-B"])
def test_corpus_wer_and_cer_with_their_defaults_are_jiwers(wmt19, system):
    candidates, references = wmt19.systems[system][:50], wmt19.reference[:50]
    nested = [[r] for r in references]
    # jiwer takes the reference first.
    assert bleu_lab.corpus_wer(candidates, nested).score == pytest.approx(jiwer.wer(references, candidates), abs=1e-12)
    assert bleu_lab.corpus_cer(candidates, nested).score == pytest.approx(jiwer.cer(references, candidates), abs=1e-12)


def test_wer_of_every_line_is_jiwers_edit_count(wmt19):
    candidates, references = wmt19.systems["NEU"][:400], wmt19.reference[:400]
    for candidate, reference in zip(candidates, references):
        theirs = jiwer.process_words(reference, candidate)
        ours = bleu_lab.wer(candidate, [reference])
        assert ours.num_edits == theirs.substitutions + theirs.deletions + theirs.insertions, candidate
        assert ours.score == pytest.approx(theirs.wer, abs=1e-12)


@pytest.mark.parametrize("candidate, reference", [
    ("The Cat sat", "the cat sat"),  # case counts, as in jiwer
    ("the  cat\tsat", "the cat sat"),  # a lone tab stays inside a word in jiwer: 'cat\tsat' is one word
    ("le\u00a0chat  noir ", " le chat noir"),  # a no-break space too; runs of spaces and the ends do not
    ("a b c d e", "e d c b a"),  # reordering: a shift in TER, four edits here
])
def test_wer_and_cer_split_and_count_as_jiwer(candidate, reference):
    assert bleu_lab.wer(candidate, [reference]).score == pytest.approx(jiwer.wer(reference, candidate), abs=1e-12)
    assert bleu_lab.cer(candidate, [reference]).score == pytest.approx(jiwer.cer(reference, candidate), abs=1e-12)


def test_an_empty_reference_gives_jiwers_count_of_insertions():
    assert bleu_lab.corpus_wer(["a b"], [[""]]).score == jiwer.wer("", "a b") == 2


def test_lowercasing_is_asked_for_and_said():
    upper = bleu_lab.wer("The Cat", ["the cat"])
    assert upper.num_edits == 2 and "case:mixed" in upper.signature and "tok:jiwer" in upper.signature
    lower = bleu_lab.wer("The Cat", ["the cat"], case_sensitive=False)
    assert lower.num_edits == 0 and "case:lc" in lower.signature
    assert "tok:char" in bleu_lab.cer("a", ["a"]).signature and str(bleu_lab.cer("a", ["b"])).startswith("CER = 1.0000")


def test_cer_and_corpus_cer_are_exported():
    from bleu_lab import cer, corpus_cer

    assert cer is bleu_lab.cer and corpus_cer is bleu_lab.corpus_cer and {"cer", "corpus_cer"} <= set(bleu_lab.__all__)


# ---------------------------------------------------------------- 5. results that tell the whole truth


def test_token_lists_show_tok_none_as_sacrebleu_signs_text_it_did_not_tokenize():
    import sacrebleu

    candidate, reference = "the cat sat on the mat".split(), "the cat is on the mat".split()
    theirs = sacrebleu.BLEU(tokenize="none", smooth_method="none")
    theirs.corpus_score([" ".join(candidate)], [[" ".join(reference)]])
    # sacrebleu's own signature of untokenized text, with bleu_lab's version after it.
    expected = str(theirs.get_signature()) + "|bleu_lab:" + bleu_lab.__version__
    assert bleu_lab.sentence_bleu(candidate, [reference]).signature == expected
    assert bleu_lab.corpus_bleu([candidate], [[reference]]).signature == expected
    assert "tok:none" in bleu_lab.bootstrap_ci([candidate, candidate], [[reference], [reference]],
                                               n_samples=40).signature
    # A string among them is tokenized, and the signature names the tokenizer.
    assert "tok:13a" in bleu_lab.corpus_bleu([candidate, "a b"], [[reference], ["a b"]]).signature


def test_a_zero_from_an_unmatched_order_says_so_and_names_sacrebleus_call():
    import sacrebleu

    candidate, reference = "the cat sat on a mat", "the cat lay on the mat"
    result = bleu_lab.sentence_bleu(candidate, [reference])
    assert result.score == 0.0  # the formula's default is kept
    theirs = sacrebleu.sentence_bleu(candidate, [reference]).score / 100
    assert theirs > 0
    smoothed = bleu_lab.sentence_bleu(candidate, [reference], smoothing="exp", effective_order=True)
    assert smoothed.score == pytest.approx(theirs, abs=1e-9)  # the call named gives sacrebleu's number
    call = "sentence_bleu(candidate, references, smoothing='exp', effective_order=True)"
    for text in (str(result), result.explain()):
        assert "no 3-gram matched" in text and call in text and f"{theirs:.4f}" in text


def test_a_corpus_zero_names_sacrebleus_corpus_default():
    import sacrebleu

    candidates, references = ["the cat sat on a mat", "a dog"], [["the cat lay on the mat"], ["a dog barked"]]
    result = bleu_lab.corpus_bleu(candidates, references)
    theirs = sacrebleu.corpus_bleu(candidates, [[r[0] for r in references]]).score / 100  # exp by default
    assert result.score == 0.0 and theirs > 0
    assert "corpus_bleu(candidates, references, smoothing='exp')" in str(result) and f"{theirs:.4f}" in str(result)


def test_no_note_where_smoothing_changes_nothing_or_was_asked_for():
    assert "[0:" not in str(bleu_lab.sentence_bleu("a b c", ["x y z"]))  # nothing matched: 0 smoothed too
    assert "[0:" not in str(bleu_lab.sentence_bleu("a b c", ["a b d"], smoothing="exp"))
    assert "[0:" not in str(bleu_lab.sentence_bleu("a b c d", ["a b c d"]))


def test_results_give_json_and_pandas_rows():
    import sacrebleu

    candidates, references = ["the cat sat on the mat", "a dog barked"], [["the cat is on the mat"], ["the dog barked"]]
    streams = [[r[0] for r in references]]
    checks = [
        (bleu_lab.corpus_bleu(candidates, references), sacrebleu.BLEU(smooth_method="none")),
        (bleu_lab.corpus_chrf(candidates, references), sacrebleu.CHRF()),
        (bleu_lab.corpus_ter(candidates, references), sacrebleu.TER()),
    ]
    rows = []
    for result, metric in checks:
        record = json.loads(json.dumps(result.to_dict()))
        assert record["score"] == pytest.approx(metric.corpus_score(candidates, streams).score / 100, abs=1e-9)
        assert record["signature"] == result.signature
        rows.append(record)
    bleu_record = rows[0]
    theirs = sacrebleu.BLEU(smooth_method="none").corpus_score(candidates, streams)
    assert bleu_record["counts"] == theirs.counts and bleu_record["totals"] == theirs.totals
    assert bleu_record["candidate_length"] == theirs.sys_len and bleu_record["reference_length"] == theirs.ref_len
    assert [row["name"] for row in rows] == ["BLEU", "chrF2", "TER"]  # flat records: pandas.DataFrame(rows) reads them
    interval = bleu_lab.bootstrap_ci(candidates * 3, references * 3, n_samples=40)
    assert json.loads(json.dumps(interval.to_dict()))["low"] == interval.low


# ---------------------------------------------------------------- 2. significance for every metric


def _sacrebleu_metric(metric):
    from sacrebleu.metrics import CHRF, TER

    return {"bleu": BLEU(), "chrf": CHRF(), "ter": TER()}[metric]


@pytest.fixture
def _sacrebleus_seed(monkeypatch):
    monkeypatch.setenv("SACREBLEU_SEED", "12345")


@pytest.mark.usefixtures("_sacrebleus_seed")
@pytest.mark.parametrize("metric", ["chrf", "ter"])
def test_bootstrap_interval_of_chrf_and_ter_is_sacrebleus(wmt19, metric):
    candidates, reference = wmt19.systems["online-B"][:300], wmt19.reference[:300]
    ours = bleu_lab.bootstrap_ci(candidates, [[r] for r in reference], metric=metric, n_samples=1000, seed=12345)
    theirs = _sacrebleu_metric(metric).corpus_score(candidates, [reference], n_bootstrap=1000)
    assert 100 * ours.score == pytest.approx(theirs.score, abs=1e-7)
    # The same draws: sacrebleu's mean and half width (it sums in float32).
    assert 100 * ours.mean == pytest.approx(theirs._mean, abs=1e-4)
    assert 100 * ours.half_width == pytest.approx(theirs._ci, abs=1e-4)
    assert ours.metric == theirs.name and f"bs:1000|seed:12345" in ours.signature


@pytest.mark.usefixtures("_sacrebleus_seed")
@pytest.mark.parametrize("metric", ["chrf", "ter"])
@pytest.mark.parametrize("baseline, system", [("MSRA.MADL", "online-X"), ("NEU", "UCAM")])
def test_paired_bootstrap_of_chrf_and_ter_reaches_sacrebleus_verdict(wmt19, metric, baseline, system):
    from sacrebleu.significance import PairedTest

    lines = {name: wmt19.systems[name][:300] for name in (baseline, system)}
    reference = wmt19.reference[:300]
    ours = bleu_lab.paired_bootstrap(lines[baseline], lines[system], [[r] for r in reference], metric=metric,
                                     n_samples=1000)
    scorer = _sacrebleu_metric(metric)
    _, scores = PairedTest(list(lines.items()), {metric: scorer}, [reference], test_type="bs", n_samples=1000)()
    ((_, results),) = [(k, v) for k, v in scores.items() if k != "System"]  # keyed by the score's name
    theirs = results[1]
    assert 100 * ours.system_score == pytest.approx(theirs.score, abs=1e-7)
    assert ours.p_value == pytest.approx(theirs.p_value, abs=2 / 1001)  # same draws: at most a float32 tie flips
    assert ours.significant() == (theirs.p_value < 0.05)
    # sacrebleu's interval of the system: mean +- ci from the same resamples.
    assert 100 * (ours.system_high - ours.system_low) / 2 == pytest.approx(theirs.ci, abs=1e-4)


@pytest.mark.usefixtures("_sacrebleus_seed", "sacrebleu_counting_ties")
@pytest.mark.parametrize("metric", ["chrf", "ter"])
@pytest.mark.parametrize("baseline, system", [("MSRA.MADL", "online-X"), ("NEU", "UCAM")])
def test_approximate_randomization_of_chrf_and_ter_is_sacrebleus(wmt19, metric, baseline, system):
    from sacrebleu.significance import PairedTest

    lines = {name: wmt19.systems[name][:200] for name in (baseline, system)}
    reference = wmt19.reference[:200]
    ours = bleu_lab.paired_approximate_randomization(lines[baseline], lines[system], [[r] for r in reference],
                                                     metric=metric, n_samples=1000)
    _, scores = PairedTest(list(lines.items()), {metric: _sacrebleu_metric(metric)}, [reference], test_type="ar",
                           n_samples=1000)()
    ((name, results),) = [(k, v) for k, v in scores.items() if k != "System"]  # keyed by the score's name
    # Trials tying the observed difference counted as Riezler and Maxwell count them (see conftest.py).
    assert ours.p_value == pytest.approx(results[1].p_value, abs=1e-12)
    assert ours.metric == name and "ar:1000|seed:12345" in ours.signature


def test_metric_keywords_reach_the_metric_and_unknown_ones_are_refused():
    candidates, references = ["The cat sat", "a dog", "hello"], [["the cat sat"], ["a dog"], ["hello"]]
    cased = bleu_lab.bootstrap_ci(candidates, references, metric="ter", case_sensitive=True, n_samples=40)
    assert cased.score == bleu_lab.corpus_ter(candidates, references, case_sensitive=True).score > 0
    plus = bleu_lab.bootstrap_ci(candidates, references, metric="chrf", word_order=2, n_samples=40)
    assert plus.score == bleu_lab.corpus_chrf(candidates, references, word_order=2).score and plus.metric == "chrF2++"
    with pytest.raises(TypeError, match="'smoothing'"):
        bleu_lab.bootstrap_ci(candidates, references, metric="chrf", smoothing="exp")
    with pytest.raises(ValueError, match="unknown metric 'rouge'"):
        bleu_lab.paired_bootstrap(candidates, candidates, references, metric="rouge")
