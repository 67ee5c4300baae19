"""Issue 31: a sacrebleu, jiwer or evaluate user switches in a minute.

Every expected number here comes from the library named (sacrebleu 2.6's ``BLEU.compute_bleu``, its
``sentence_bleu``, its paired tests and bootstrap; jiwer's ``wer`` / ``cer``; sacrebleu's command line),
never from bleu_lab itself.
"""

import json
import logging
import random
import warnings

import jiwer  # in the [test] extra: WER and CER are checked against it
import pytest
from sacrebleu.metrics import BLEU

import bleu_lab
from bleu_lab.checks import ImpossibleStatisticsWarning

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
    assert ours.metric == theirs.name and "bs:1000|seed:12345" in ours.signature


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


# ---------------------------------------------------------------- 4. a CLI that drops into sacrebleu pipelines


def _files(tmp_path, wmt19, lines=40):
    paths = {}
    for name, text in (("ref", wmt19.reference[:lines]), ("hyp", wmt19.systems["NEU"][:lines]),
                       ("other", wmt19.systems["online-X"][:lines])):
        paths[name] = tmp_path / name
        paths[name].write_text("\n".join(text) + "\n", encoding="utf-8")
    return {name: str(path) for name, path in paths.items()}


def _run(*argv):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", *argv], capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL, env={**__import__("os").environ, "SACREBLEU_SEED": "12345"})
    assert done.returncode == 0, done.stderr
    return done.stdout


def _without_bleu_lab(record):
    """A bleu_lab record as sacrebleu would write it: without bleu_lab's version in the signature."""
    record = dict(record)
    record.pop("bleu_lab")
    record["signature"] = record["signature"].removesuffix(f"|bleu_lab:{bleu_lab.__version__}")
    return record


@pytest.mark.parametrize("options", [
    ["-m", "bleu", "chrf", "ter"],
    ["-m", "bleu", "chrf", "ter", "-w", "3"],
    ["-m", "chrf", "ter", "--chrf-word-order", "2", "--ter-case-sensitive", "--ter-normalized"],
    ["-m", "bleu", "chrf", "--confidence"],
    ["-m", "ter"],
])
def test_json_format_is_sacrebleus(tmp_path, wmt19, options):
    paths = _files(tmp_path, wmt19)
    smoothing = ["-s", "exp"] if "bleu" in options else []  # sacrebleu's command line smooths with exp
    ours = json.loads(_run("bleu_lab", "score", paths["ref"], "-i", paths["hyp"], *options, *smoothing, "-f", "json"))
    theirs = json.loads(_run("sacrebleu", paths["ref"], "-i", paths["hyp"], *options, "-f", "json"))
    ours, theirs = (x if isinstance(x, list) else [x] for x in (ours, theirs))
    assert [_without_bleu_lab(record) for record in ours] == theirs


@pytest.mark.parametrize("options", [["-m", "bleu", "chrf", "ter"], ["-m", "ter", "-w", "4"], ["-m", "bleu"]])
@pytest.mark.parametrize("output", [["-f", "text"], ["-f", "json"]])
def test_score_only_prints_what_sacrebleu_prints(tmp_path, wmt19, options, output):
    paths = _files(tmp_path, wmt19)
    smoothing = ["-s", "exp"] if "bleu" in options else []
    ours = _run("bleu_lab", "score", paths["ref"], "-i", paths["hyp"], *options, *smoothing, "-b", *output)
    assert ours == _run("sacrebleu", paths["ref"], "-i", paths["hyp"], *options, "-b", *output)


def test_paired_tests_report_every_metric_given(tmp_path, wmt19):
    paths = _files(tmp_path, wmt19, lines=120)
    report = json.loads(_run("bleu_lab", "score", paths["ref"], "-i", paths["hyp"], paths["other"],
                             "-m", "bleu", "chrf", "ter", "-s", "exp", "--paired-bs", "-f", "report-json"))
    system = report["systems"][1]["scores"]
    assert set(system) == {"BLEU", "chrF2", "TER"}
    references = [[r] for r in wmt19.reference[:120]]
    for name, metric, keywords in (("BLEU", "bleu", {"smoothing": "exp"}), ("chrF2", "chrf", {}), ("TER", "ter", {})):
        library = bleu_lab.paired_bootstrap(wmt19.systems["NEU"][:120], wmt19.systems["online-X"][:120], references,
                                            metric=metric, **keywords)
        assert system[name]["paired_test"]["p_value"] == library.p_value
    from sacrebleu.metrics import CHRF, TER
    from sacrebleu.significance import PairedTest

    _, scores = PairedTest([("NEU", wmt19.systems["NEU"][:120]), ("online-X", wmt19.systems["online-X"][:120])],
                           {"BLEU": BLEU(), "chrF2": CHRF(), "TER": TER()}, [wmt19.reference[:120]],
                           test_type="bs", n_samples=1000)()
    for name in ("BLEU", "chrF2", "TER"):  # the verdict sacrebleu --paired-bs reaches, metric by metric
        assert system[name]["paired_test"]["significant_at_0.05"] == (scores[name][1].p_value < 0.05)


# ---------------------------------------------------------------- 6. other libraries' habits get a helping error

HYPOTHESES = ["the cat sat on the mat", "a dog barked at the postman"]
STREAMS = [["the cat is on the mat", "a dog barked at the mailman"],
           ["there is a cat on the mat", "the dog barked at the postman"]]  # sacrebleu's refs[k][i]
NESTED = [list(refs) for refs in zip(*STREAMS)]  # evaluate's and torchmetrics' references: per prediction


def _right_call(error) -> str:
    return str(error.value).rsplit("Right: ", 1)[1].rstrip(".")


def _run_right_call(error, **variables):
    """The call the message shows, run with the user's own variables."""
    namespace = {**variables, **{name: getattr(bleu_lab, name) for name in bleu_lab.__all__}}
    return eval(_right_call(error), namespace)  # noqa: S307 - the test's own message


def _sacrebleu_unsmoothed(hypotheses, streams):
    return BLEU(smooth_method="none").corpus_score(hypotheses, streams).score / 100


@pytest.mark.parametrize("keywords, variables", [
    # evaluate.load("sacrebleu").compute(predictions=..., references=...)
    ({"predictions": "predictions", "references": "references"}, {"predictions": HYPOTHESES, "references": NESTED}),
    # torchmetrics' BLEUScore()(preds, target) and sacre_bleu_score(preds=..., target=...)
    ({"preds": "preds", "target": "target"}, {"preds": HYPOTHESES, "target": NESTED}),
    # sacrebleu.corpus_bleu(hypotheses=..., references=...) with its reference streams
    ({"hypotheses": "hypotheses", "refs": "refs"}, {"hypotheses": HYPOTHESES, "refs": STREAMS}),
    # nltk.translate.bleu_score.corpus_bleu(list_of_references=..., hypotheses=...)
    ({"list_of_references": "list_of_references", "hypotheses": "hypotheses"},
     {"list_of_references": NESTED, "hypotheses": HYPOTHESES}),
])
def test_other_libraries_keywords_show_the_bleu_lab_call_that_gives_their_number(keywords, variables):
    given = {keyword: variables[name] for keyword, name in keywords.items()}
    with pytest.raises(TypeError) as error:
        bleu_lab.corpus_bleu(**given)
    assert "corpus_bleu() has no keyword" in str(error.value)
    assert _run_right_call(error, **variables).score == pytest.approx(_sacrebleu_unsmoothed(HYPOTHESES, STREAMS),
                                                                      abs=1e-12)


@pytest.mark.parametrize("function, theirs", [("wer", jiwer.wer), ("cer", jiwer.cer)])
def test_jiwers_keywords_and_order_show_the_call_that_gives_jiwers_number(function, theirs):
    hypothesis, reference = "the cat sat on a mat", "the cat sat on the mat"
    with pytest.raises(TypeError) as error:  # jiwer 3-4: wer(reference=..., hypothesis=...)
        getattr(bleu_lab, function)(reference=reference, hypothesis=hypothesis)
    assert _run_right_call(error, reference=reference, hypothesis=hypothesis).score == theirs(reference, hypothesis)
    with pytest.raises(TypeError) as error:  # jiwer's positional order: reference first
        getattr(bleu_lab, function)(reference, hypothesis)
    swapped = str(error.value).split("swap them: ", 1)[1].rstrip(".")
    assert eval(swapped, {function: getattr(bleu_lab, function)}).score == theirs(reference, hypothesis)  # noqa: S307
    with pytest.raises(TypeError) as error:  # of lists: one reference per hypothesis
        getattr(bleu_lab, f"corpus_{function}")(reference=[reference, "a b"], hypothesis=[hypothesis, "a c"])
    score = _run_right_call(error, reference=[reference, "a b"], hypothesis=[hypothesis, "a c"]).score
    assert score == pytest.approx(theirs([reference, "a b"], [hypothesis, "a c"]), abs=1e-12)


@pytest.mark.parametrize("call", [
    lambda: bleu_lab.sentence_bleu(hypothesis="the cat", references=["the cat"]),
    lambda: bleu_lab.corpus_chrf(preds=HYPOTHESES, target=NESTED),
    lambda: bleu_lab.corpus_ter(predictions=HYPOTHESES, references=NESTED),
    lambda: bleu_lab.bootstrap_ci(predictions=HYPOTHESES, references=NESTED, metric="chrf"),
    lambda: bleu_lab.paired_bootstrap(HYPOTHESES, preds=HYPOTHESES, target=NESTED),
    lambda: bleu_lab.paired_approximate_randomization(hypotheses=HYPOTHESES, refs=STREAMS),
])
def test_every_scoring_function_refuses_them_with_its_call(call):
    with pytest.raises(TypeError) as error:
        call()
    message = str(error.value)
    assert "has no keyword" in message and "Right: " in message and "missing" not in message


# ---------------------------------------------------------------- the README's table


def _readme_table_rows():
    import pathlib

    readme = (pathlib.Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Coming from sacrebleu, jiwer or evaluate", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return [[cell.strip() for cell in row.strip("|").split(" | ")] for row in rows]


def _calls(cell):
    import re

    return re.findall(r"`([^`]+)`", cell)


def test_the_readme_table_has_six_lines_and_each_bleu_lab_call_gives_the_other_librarys_number(wmt19):
    import sacrebleu

    rows = _readme_table_rows()
    assert len(rows) == 6
    hyps, refs = wmt19.systems["NEU"][:60], wmt19.reference[:60]
    hyp, ref = "the cat sat on the mat", "the cat is on a mat"  # a 0 without smoothing: sacrebleu's is not
    nested = [[r, o] for r, o in zip(refs, wmt19.systems["online-B"][:60])]  # two references each
    names = {"hyps": hyps, "refs": refs, "hyp": hyp, "ref": ref, "nested": nested, "bleu_lab": bleu_lab,
             "sacrebleu": sacrebleu, "jiwer": jiwer}
    for theirs_cell, ours_cell in rows[:5]:
        theirs_calls = [c for c in _calls(theirs_cell) if c.startswith(("sacrebleu.", "jiwer.", "evaluate."))]
        ours_calls = [c for c in _calls(ours_cell) if c.startswith("bleu_lab.")]
        assert len(theirs_calls) == len(ours_calls) > 0
        for theirs_call, ours_call in zip(theirs_calls, ours_calls):
            if theirs_call.startswith("evaluate."):
                # evaluate's sacrebleu metric transposes the nested references into streams and calls
                # sacrebleu.corpus_bleu (evaluate is not installed here).
                streams = [list(stream) for stream in zip(*nested)]
                expected = sacrebleu.corpus_bleu(hyps, streams).score
            else:
                expected = eval(theirs_call, names)  # noqa: S307 - the README's own table
            assert eval(ours_call, names) == pytest.approx(expected, abs=1e-7), ours_call  # noqa: S307
    assert "-f json" in rows[5][1] and "-b" in rows[5][1]  # the command line's row: tested above
