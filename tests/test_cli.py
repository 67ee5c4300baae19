"""The command line: worked examples and `bleu-lab score`.

Expected values come from sacrebleu (corpus and sentence BLEU, chrF and TER, signatures, bootstrap,
paired bootstrap and paired approximate randomization on the same lines, with the same seed), and
from hand calculations written here (2/7 clipped precision, exp(1 - 6/2), 5/6 unigram overlap,
17/18 for the paper's Candidate 1 counted in words).
"""

import io
import json
import logging
import math
import re
import shlex
import subprocess
import sys

import pytest
import sacrebleu
from nltk.translate import bleu_score as nltk_bleu
from nltk.translate.bleu_score import SmoothingFunction
from sacrebleu.metrics import BLEU, CHRF, TER
from sacrebleu.significance import PairedTest
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

import bleu_lab
from bleu_lab.cli import main
from bleu_lab.datasets import load_wmt19_en_de

logging.getLogger("sacrebleu").setLevel(logging.ERROR)


@pytest.fixture(scope="module")
def wmt19():
    return load_wmt19_en_de()


def write(path, lines):
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


class Terminal(io.StringIO):
    """Standard input that is a terminal (nothing piped)."""

    def isatty(self):
        return True


def run(capsys, *argv, stdin=None):
    code = main(list(argv), stdin=Terminal() if stdin is None else stdin)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def scores(out, system=0):
    return json.loads(out)["systems"][system]["scores"]


# ----------------------------------------------------------------------------- worked examples


def test_all_examples_by_default(capsys):
    code, out, _ = run(capsys)
    assert code == 0
    for heading in ("== Clipping:", "== Brevity penalty", "== BLEU = BP", "== ROUGE"):
        assert heading in out


def test_clip_example_shows_the_papers_two_sevenths(capsys):
    code, out, _ = run(capsys, "--clip")
    assert code == 0
    assert "clipped precision p1 = 2/7 = 0.2857" in out  # Papineni et al. 2002, section 2.1
    assert "plain precision = 7/7" in out
    assert "== Brevity penalty" not in out and "== ROUGE" not in out


def test_brevity_example(capsys):
    _, out, _ = run(capsys, "--brevity")
    assert f"BP = exp(1 - 6/2) = {math.exp(1 - 6 / 2):.4f}" in out  # c = 2 ("the cat"), closest r = 6
    assert "== Clipping:" not in out


def test_bleu_example_counts_words_as_the_paper_does(capsys):
    _, out, _ = run(capsys, "--paper")  # the paper's Example 1 moved to --paper (worked_examples.py)
    assert "p1 = 17/18" in out  # Papineni et al. 2002, Example 1: 17 of 18 words ("obeys" is missing)
    assert "BLEU = BP x mean" in out


def test_rouge_example(capsys):
    _, out, _ = run(capsys, "--rouge")
    # "the cat" vs "the cat is on the mat": P = 2/2, R = 2/6, F = 2PR / (P + R) = 0.5
    assert f"ROUGE-1  1.0000  {2 / 6:.4f}  0.5000" in out


def test_two_flags_give_two_sections(capsys):
    _, out, _ = run(capsys, "--clip", "--rouge")
    assert "== Clipping:" in out and "== ROUGE" in out and "== Brevity penalty" not in out


def test_python_dash_m_runs(tmp_path):
    process = subprocess.run([sys.executable, "-m", "bleu_lab", "--brevity"], capture_output=True, text=True,
                             timeout=120)
    assert process.returncode == 0, process.stderr
    assert "== Brevity penalty" in process.stdout


# ----------------------------------------------------------------------------- scoring files


def test_sacrebleus_form_matches_sacrebleu(tmp_path, capsys, wmt19):
    hypotheses, reference = wmt19.systems["online-B"][:200], wmt19.reference[:200]
    hyp = write(tmp_path / "hyp.de", hypotheses)
    ref = write(tmp_path / "ref.de", reference)
    code, out, _ = run(capsys, "score", ref, "-i", hyp, "--format", "report-json")
    assert code == 0
    expected = sacrebleu.corpus_bleu(hypotheses, [reference], smooth_method="none").score / 100
    assert abs(scores(out)["BLEU"]["score"] - expected) <= 1e-9
    assert json.loads(out)["settings"]["candidates"] == [hyp]
    code, out, _ = run(capsys, "score", ref, "-i", hyp)
    assert f"{hyp} (candidate): BLEU = {expected:.4f} ({100 * expected:.2f})" in out
    assert f"candidate: {hyp}; reference: {ref}" in out


def test_named_roles_in_either_order(tmp_path, capsys, wmt19):
    hyp = write(tmp_path / "hyp", wmt19.systems["UCAM"][:50])
    ref = write(tmp_path / "ref", wmt19.reference[:50])
    outputs = [run(capsys, "score", *argv, "--format", "report-json")[1] for argv in (
        ("-c", hyp, "-r", ref), ("-r", ref, "-c", hyp), ("--candidates", hyp, "--references", ref), (ref, "-i", hyp),
        (hyp, "-r", ref),  # with -r named, a file without an option is the candidate
    )]
    values = {scores(out)["BLEU"]["score"] for out in outputs}
    assert len(values) == 1
    assert all(json.loads(out)["settings"]["candidates"] == [hyp] for out in outputs)


def test_a_form_that_reads_either_way_is_refused(tmp_path, capsys):
    a = write(tmp_path / "a", ["the cat sat"])
    b = write(tmp_path / "b", ["the cat is here"])
    err = one_line_error(capsys, "score", a, b)
    assert "which file is the candidate" in err
    assert f"bleu-lab score -c {a} -r {b}" in err and f"bleu-lab score {a} -i {b}" in err


def test_several_reference_files_are_several_references_per_line(tmp_path, capsys, wmt19):
    hypotheses = wmt19.systems["UCAM"][:100]
    streams = [wmt19.reference[:100], wmt19.systems["online-G"][:100]]
    files = [write(tmp_path / f"ref{k}", stream) for k, stream in enumerate(streams)]
    code, out, _ = run(capsys, "score", *files, "-i", write(tmp_path / "hyp", hypotheses), "--format", "report-json",
                       "--lowercase", "-m", "bleu", "ter")
    assert code == 0
    expected = sacrebleu.corpus_bleu(hypotheses, streams, lowercase=True, smooth_method="none").score / 100
    assert abs(scores(out)["BLEU"]["score"] - expected) <= 1e-9
    assert abs(scores(out)["TER"]["score"] - TER().corpus_score(hypotheses, streams).score / 100) <= 1e-9
    assert scores(out)["TER"]["signature"].startswith("nrefs:2|")


def test_repeated_options_add_up(tmp_path, capsys, wmt19):
    hypotheses, other = wmt19.systems["UCAM"][:60], wmt19.systems["NEU"][:60]
    streams = [wmt19.reference[:60], wmt19.systems["online-G"][:60]]
    hyp, hyp2 = write(tmp_path / "hyp", hypotheses), write(tmp_path / "hyp2", other)
    ref, ref2 = (write(tmp_path / f"ref{k}", stream) for k, stream in enumerate(streams))
    _, out, _ = run(capsys, "score", "-c", hyp, "-r", ref, "-r", ref2, "--format", "report-json")
    expected = sacrebleu.corpus_bleu(hypotheses, streams, smooth_method="none").score / 100
    assert abs(scores(out)["BLEU"]["score"] - expected) <= 1e-9
    assert scores(out)["BLEU"]["signature"].startswith("nrefs:2|")
    assert json.loads(out)["settings"]["references"] == [ref, ref2]
    _, out, _ = run(capsys, "score", ref, "-i", hyp, "-i", hyp2, "--n-samples", "100", "--format", "report-json")
    assert [system["file"] for system in json.loads(out)["systems"]] == [hyp, hyp2]
    _, out, _ = run(capsys, "score", ref, "-i", hyp, "-m", "chrf", "-m", "ter", "-m", "chrf", "--format", "report-json")
    result = scores(out)
    assert list(result) == ["chrF2", "TER"]  # each metric once, in the order given
    assert abs(result["chrF2"]["score"] - CHRF().corpus_score(hypotheses, streams[:1]).score / 100) <= 1e-9
    assert abs(result["TER"]["score"] - TER().corpus_score(hypotheses, streams[:1]).score / 100) <= 1e-9
    _, out, _ = run(capsys, "score", ref, "-i", hyp, "-m", "bleu", "-m", "bleu", "--format", "report-json")
    assert list(scores(out)) == ["BLEU"] and json.loads(out)["settings"]["metrics"] == ["bleu"]
    assert "-i (sacrebleu's name) or -c, not both" in one_line_error(capsys, "score", ref, "-i", hyp, "-c", hyp2)


def test_several_metrics_in_one_run_agree_with_sacrebleu(tmp_path, capsys, wmt19):
    hypotheses, reference = wmt19.systems["NEU"][:150], wmt19.reference[:150]
    ref, hyp = write(tmp_path / "ref", reference), write(tmp_path / "hyp", hypotheses)
    code, out, _ = run(capsys, "score", ref, "-i", hyp, "-m", "bleu", "chrf", "ter", "--format", "report-json")
    assert code == 0
    result = scores(out)
    assert list(result) == ["BLEU", "chrF2", "TER"]
    bleu = BLEU(smooth_method="none").corpus_score(hypotheses, [reference]).score / 100
    assert abs(result["BLEU"]["score"] - bleu) <= 1e-9
    assert abs(result["chrF2"]["score"] - CHRF().corpus_score(hypotheses, [reference]).score / 100) <= 1e-9
    assert abs(result["TER"]["score"] - TER().corpus_score(hypotheses, [reference]).score / 100) <= 1e-9
    _, text, _ = run(capsys, "score", ref, "-i", hyp, "-m", "bleu", "chrf", "ter")
    assert "BLEU = " in text and "chrF2 = " in text and "TER = " in text


def test_signatures_are_sacrebleus_plus_bleu_labs_version(tmp_path, capsys, wmt19):
    hypotheses, reference = wmt19.systems["NEU"][:30], wmt19.reference[:30]
    ref, hyp = write(tmp_path / "ref", reference), write(tmp_path / "hyp", hypotheses)
    metrics = {"BLEU": BLEU(smooth_method="none"), "chrF2": CHRF(), "TER": TER(normalized=True)}
    expected = {}
    for name, metric in metrics.items():
        metric.corpus_score(hypotheses, [reference])
        expected[name] = f"{metric.get_signature()}|bleu_lab:{bleu_lab.__version__}"
    argv = ("score", ref, "-i", hyp, "-m", "bleu", "chrf", "ter", "--ter-normalized")
    _, out, _ = run(capsys, *argv, "--format", "report-json")
    assert {name: entry["signature"] for name, entry in scores(out).items()} == expected
    _, text, _ = run(capsys, *argv)
    for signature in expected.values():
        assert f"signature: {signature}" in text


def test_standard_input_as_dash_and_piped(tmp_path, capsys, wmt19):
    hypotheses, reference = wmt19.systems["UCAM"][:40], wmt19.reference[:40]
    ref = write(tmp_path / "ref", reference)
    piped = "".join(line + "\n" for line in hypotheses)
    expected = TER().corpus_score(hypotheses, [reference]).score / 100
    for argv in ((ref, "-i", "-"), ("-c", "-", "-r", ref), (ref,)):
        code, out, _ = run(capsys, "score", *argv, "-m", "ter", "--format", "report-json", stdin=io.StringIO(piped))
        assert code == 0, argv
        assert abs(scores(out)["TER"]["score"] - expected) <= 1e-9
        assert json.loads(out)["settings"]["candidates"] == ["<stdin>"]


def test_piped_standard_input_in_a_real_process(tmp_path):
    ref = write(tmp_path / "ref", ["the cat is on the mat"])
    process = subprocess.run([sys.executable, "-m", "bleu_lab", "score", ref, "-m", "ter"],
                             input="mat the on is cat the\n", capture_output=True, text=True, timeout=120)
    assert process.returncode == 0, process.stderr
    # By hand (as tests/test_ter.py): one shift and two substitutions repair "mat the on is cat the", 3 / 6 words.
    expected = TER().sentence_score("mat the on is cat the", ["the cat is on the mat"]).score
    assert expected == pytest.approx(50.0)
    assert "<stdin> (candidate): TER = 0.5000 (50.00)" in process.stdout


def test_empty_standard_input_is_an_error(tmp_path, capsys):
    ref = write(tmp_path / "ref", ["a"])
    code, _, err = run(capsys, "score", ref, stdin=io.StringIO(""))
    assert code == 2 and "standard input is empty" in err
    assert "the candidate is read from standard input, as sacrebleu does" in err and "-c HYP -r REF" in err


@pytest.mark.parametrize("piped", ["", "the cat sat\n"])
def test_two_files_without_roles_are_refused_whatever_standard_input_is(tmp_path, capsys, piped):
    # A script's or notebook's standard input is not a terminal, and may be empty or hold anything.
    a, b = write(tmp_path / "a", ["the cat sat"]), write(tmp_path / "b", ["the cat is here"])
    code, out, err = run(capsys, "score", a, b, stdin=io.StringIO(piped))
    assert (code, out) == (2, "")
    assert "which file is the candidate" in err and f"bleu-lab score -c {a} -r {b}" in err
    assert f"bleu-lab score {a} {b} -i -" in err  # the way to pipe a candidate against two references
    process = subprocess.run([sys.executable, "-m", "bleu_lab", "score", a, b], capture_output=True, text=True,
                             timeout=120, input=piped)
    assert process.returncode == 2 and "which file is the candidate" in process.stderr


def test_candidate_identical_to_a_reference_gets_a_warning(tmp_path, capsys):
    lines = ["the cat is on the mat", "a dog barks"]
    ref, hyp = write(tmp_path / "ref", lines), write(tmp_path / "hyp", lines)
    code, out, err = run(capsys, "score", "-c", hyp, "-r", ref)
    assert code == 0 and "BLEU = 1.0000" in out
    assert f"the candidate {hyp} is identical to the reference {ref}: were the roles swapped?" in err
    _, _, quiet = run(capsys, "score", "-c", write(tmp_path / "other", ["a cat", "a dog"]), "-r", ref)
    assert quiet == ""


def test_sentence_level_scores_are_sacrebleus(tmp_path, capsys, wmt19):
    hypotheses, reference = wmt19.systems["online-X"][:20], wmt19.reference[:20]
    ref, hyp = write(tmp_path / "ref", reference), write(tmp_path / "hyp", hypotheses)
    code, out, _ = run(capsys, "score", ref, "-i", hyp, "-m", "bleu", "chrf", "ter", "--sentence-level",
                       "--smoothing", "exp", "--format", "report-json")
    assert code == 0
    result = scores(out)
    for name, metric in (("BLEU", BLEU(smooth_method="exp")), ("chrF2", CHRF()), ("TER", TER())):
        expected = [metric.sentence_score(h, [r]).score / 100 for h, r in zip(hypotheses, reference)]
        assert max(abs(a - b) for a, b in zip(result[name]["sentence_scores"], expected)) <= 1e-9, name
    _, text, _ = run(capsys, "score", ref, "-i", hyp, "-m", "ter", "-sl")
    assert "  line 20: TER = " in text


def test_sentence_level_scores_with_nltk_smoothing_are_nltks(tmp_path, capsys, wmt19):
    # Each line is scored as its own sentence, and for nltk's methods as its own last sentence.
    tokenizer = Tokenizer13a()
    hypotheses = [tokenizer(line) for line in wmt19.systems["online-X"][:20]]
    reference = [tokenizer(line) for line in wmt19.reference[:20]]
    ref, hyp = write(tmp_path / "ref", reference), write(tmp_path / "hyp", hypotheses)
    for method in ("method1", "method4", "method7"):
        code, out, _ = run(capsys, "score", ref, "-i", hyp, "--tokenize", "none", "--sentence-level",
                           "--smoothing", method, "--format", "report-json")
        assert code == 0
        smoothing = getattr(SmoothingFunction(), method)
        expected = [nltk_bleu.sentence_bleu([r.split()], h.split(), smoothing_function=smoothing)
                    for h, r in zip(hypotheses, reference)]
        assert max(abs(a - b) for a, b in zip(scores(out)["BLEU"]["sentence_scores"], expected)) <= 1e-9, method


def test_zero_bleu_without_smoothing_says_what_sacrebleus_default_gives(tmp_path, capsys):
    ref = write(tmp_path / "ref", ["the cat is on the mat", "a dog barks"])
    hyp = write(tmp_path / "hyp", ["the cat sat on the mat", "the dog barks"])
    _, out, _ = run(capsys, "score", ref, "-i", hyp)
    expected = sacrebleu.corpus_bleu(["the cat sat on the mat", "the dog barks"],
                                     [["the cat is on the mat", "a dog barks"]]).score / 100  # exp smoothing
    assert "BLEU = 0.0000" in out
    assert f"no 4-gram matched, so BLEU is 0 without smoothing; with sacrebleu's command-line default " \
           f"(--smoothing exp) it is {expected:.4f}" in out
    assert "smoothing=none (bleu_lab's default," in out and "sacrebleu's command line uses exp" in out
    _, out, _ = run(capsys, "score", ref, "-i", hyp, "-s", "method6")
    assert "smoothing=method6 lowercase=False" in out and "default" not in out  # a chosen method is not the default


def test_confidence_and_paired_bootstrap_agree_with_sacrebleu(tmp_path, capsys, monkeypatch, wmt19):
    monkeypatch.setenv("SACREBLEU_SEED", "12345")
    n = 250
    base, other, reference = wmt19.systems["NEU"][:n], wmt19.systems["Facebook_FAIR"][:n], wmt19.reference[:n]
    code, out, _ = run(capsys, "score", write(tmp_path / "ref", reference), "-i", write(tmp_path / "base", base),
                       write(tmp_path / "other", other), "-m", "bleu", "ter", "--confidence", "--format", "report-json")
    assert code == 0
    first, second = scores(out, 0), scores(out, 1)
    metric = BLEU()
    theirs = metric.corpus_score(base, [reference], n_bootstrap=1000)
    assert abs(100 * first["BLEU"]["confidence"]["low"] - (theirs._mean - theirs._ci)) <= 0.3
    assert abs(100 * first["BLEU"]["confidence"]["high"] - (theirs._mean + theirs._ci)) <= 0.3
    assert first["BLEU"]["confidence"]["seed"] == 12345 and first["BLEU"]["confidence"]["n_samples"] == 1000
    interval_signature = str(metric.get_signature()).replace("smooth:exp", "smooth:none")  # the CLI's default
    assert first["BLEU"]["confidence"]["signature"] == f"{interval_signature}|bleu_lab:{bleu_lab.__version__}"
    signatures, tests = PairedTest([("base", base), ("other", other)], {"BLEU": BLEU(), "TER": TER()}, [reference],
                                   test_type="bs", n_samples=1000)()
    assert second["TER"]["paired_test"]["signature"] == f"{signatures['TER']}|bleu_lab:{bleu_lab.__version__}"
    for name in ("BLEU", "TER"):
        p_sacrebleu = tests[name][1].p_value
        assert second[name]["paired_test"]["significant_at_0.05"] == (p_sacrebleu < 0.05)
        assert abs(second[name]["paired_test"]["p_value"] - p_sacrebleu) <= 2 / 1001  # sacrebleu sums in float32
        assert second[name]["paired_test"]["test"] == "paired bootstrap"
    assert "paired_test" not in first["BLEU"]
    assert json.loads(out)["systems"][1]["role"] == "system" and json.loads(out)["systems"][0]["role"] == "baseline"


@pytest.mark.parametrize("pair", [("NEU", "UCAM"), ("UCAM", "online-Y")])
def test_paired_approximate_randomization_matches_sacrebleus_p_values(tmp_path, capsys, monkeypatch, wmt19, pair,
                                                                     sacrebleu_counting_ties):
    monkeypatch.setenv("SACREBLEU_SEED", "12345")
    n, trials = 150, 2000
    base, other, reference = wmt19.systems[pair[0]][:n], wmt19.systems[pair[1]][:n], wmt19.reference[:n]
    code, out, _ = run(capsys, "score", write(tmp_path / "ref", reference), "-i", write(tmp_path / "base", base),
                       write(tmp_path / "other", other), "-m", "bleu", "chrf", "ter", "--smoothing", "exp",
                       "--paired-ar", "--n-samples", str(trials), "--format", "report-json")
    assert code == 0
    signatures, tests = PairedTest([("base", base), ("other", other)],
                                   {"BLEU": BLEU(), "chrF2": CHRF(), "TER": TER()}, [reference], test_type="ar",
                                   n_samples=trials)()
    result = scores(out, 1)
    for name in ("BLEU", "chrF2", "TER"):
        assert result[name]["paired_test"]["signature"] == f"{signatures[name]}|bleu_lab:{bleu_lab.__version__}"
        assert result[name]["paired_test"]["p_value"] == tests[name][1].p_value, name
        assert result[name]["paired_test"]["test"] == "paired approximate randomization"
        assert abs(result[name]["score"] - tests[name][1].score / 100) <= 1e-9


def test_library_paired_approximate_randomization_matches_sacrebleu(monkeypatch, wmt19, sacrebleu_counting_ties):
    monkeypatch.setenv("SACREBLEU_SEED", "7")
    base, other, reference = wmt19.systems["NEU"][:200], wmt19.systems["UCAM"][:200], wmt19.reference[:200]
    ours = bleu_lab.paired_approximate_randomization(base, other, [[r] for r in reference], n_samples=1000, seed=7,
                                                     smoothing="exp")
    _, tests = PairedTest([("base", base), ("other", other)], {"BLEU": BLEU()}, [reference], test_type="ar",
                          n_samples=1000)()
    assert ours.p_value == tests["BLEU"][1].p_value
    assert abs(ours.system_score - tests["BLEU"][1].score / 100) <= 1e-9
    same = bleu_lab.paired_approximate_randomization(base, base, [[r] for r in reference], n_samples=100)
    assert same.p_value == 1.0  # equal scores: no evidence of a difference (sacrebleu would say 1/101)


def test_systems_that_differ_in_one_sentence_are_not_called_significantly_different(tmp_path, capsys, wmt19):
    # Every shuffle gives back the same two scores (in one order or the other), so every trial ties the
    # observed difference: p = (1000 + 1) / (1000 + 1) = 1 by hand. sacrebleu counts only d_t > d: 1/1001.
    base, reference = wmt19.systems["NEU"][:50], wmt19.reference[:50]
    other = [reference[0], *base[1:]]
    ours = bleu_lab.paired_approximate_randomization(base, other, [[r] for r in reference], n_samples=1000)
    assert ours.p_value == 1.0 and not ours.significant() and ours.system_score != ours.baseline_score
    _, tests = PairedTest([("base", base), ("other", other)], {"BLEU": BLEU(smooth_method="none")}, [reference],
                          test_type="ar", n_samples=1000)()
    assert tests["BLEU"][1].p_value == pytest.approx(1 / 1001)  # sacrebleu's "significant"
    code, out, _ = run(capsys, "score", write(tmp_path / "ref", reference), "-i", write(tmp_path / "base", base),
                       write(tmp_path / "other", other), "-m", "bleu", "ter", "--paired-ar", "--n-samples", "1000",
                       "--format", "report-json")
    assert code == 0 and all(scores(out, 1)[name]["paired_test"]["p_value"] == 1.0 for name in ("BLEU", "TER"))


@pytest.mark.parametrize("method", ["method1", "method4"])
def test_nltk_smoothing_prints_one_consistent_result(tmp_path, capsys, method):
    # "it rains" has no 3- or 4-gram: nltk counts one phantom n-gram there. The printed score, its
    # precisions and the explanation must all be nltk's corpus_bleu.
    from nltk.translate import bleu_score as nltk_bleu
    from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

    references = ["the cat is on the mat", "there is a dog", "it rains"]
    candidates = ["the cat sat on the mat", "a dog is there", "it is raining"]
    ref, hyp = write(tmp_path / "ref", references), write(tmp_path / "hyp", candidates)
    code, out, _ = run(capsys, "score", ref, "-i", hyp, "-s", method, "--format", "report-json")
    assert code == 0
    bleu = scores(out)["BLEU"]
    tokenizer = Tokenizer13a()
    expected = nltk_bleu.corpus_bleu([[tokenizer(r).split()] for r in references],
                                     [tokenizer(c).split() for c in candidates],
                                     smoothing_function=getattr(nltk_bleu.SmoothingFunction(), method))
    assert abs(bleu["score"] - expected) <= 1e-9
    # The score is BP x the geometric mean of the precisions printed beside it.
    mean = math.exp(sum(0.25 * math.log(p) for p in bleu["precisions"]))
    assert abs(bleu["brevity_penalty"] * mean - bleu["score"]) <= 1e-9
    code, text, _ = run(capsys, "score", ref, "-i", hyp, "-s", method, "--explain")
    assert f"BLEU = BP x mean = {expected:.4f}" in text


def test_chrf_explanation_names_every_reference(tmp_path, capsys, wmt19):
    refs = [write(tmp_path / f"ref{k}", lines[:20]) for k, lines in
            enumerate([wmt19.reference, wmt19.systems["Facebook_FAIR"]])]
    hyp = write(tmp_path / "hyp", wmt19.systems["NEU"][:20])
    code, out, _ = run(capsys, "score", *refs, "-i", hyp, "-m", "chrf", "--explain")
    assert code == 0
    expected = CHRF().corpus_score(wmt19.systems["NEU"][:20], [wmt19.reference[:20],
                                                                wmt19.systems["Facebook_FAIR"][:20]])
    assert f"{expected.score:.2f}" in out
    signatures = [line.split("signature:")[1].strip() for line in out.splitlines() if "signature:" in line]
    assert signatures and all(s.startswith("nrefs:2|") for s in signatures), signatures


def test_each_system_counted_once_and_references_once(tmp_path, capsys, monkeypatch, wmt19):
    import importlib

    significance = importlib.import_module("bleu_lab.significance")
    ter_module = importlib.import_module("bleu_lab.ter")  # bleu_lab.ter is also the function
    chrf_module = importlib.import_module("bleu_lab.chrf")

    counted = []  # the systems of each call of the counting engine
    real_count = significance.count_systems_statistics
    monkeypatch.setattr(significance, "count_systems_statistics",
                        lambda systems, *a, **k: counted.append(len(systems)) or real_count(systems, *a, **k))
    tokenized = []
    real_reference_words = ter_module.reference_words
    def counting_reference_words(text, settings):
        tokenized.append(isinstance(text, str))
        return real_reference_words(text, settings)

    monkeypatch.setattr(ter_module, "reference_words", counting_reference_words)
    featured = []
    real_sequences = chrf_module._sequences
    monkeypatch.setattr(chrf_module, "_sequences", lambda text, *a: featured.append(text) or real_sequences(text, *a))
    ref = write(tmp_path / "ref", wmt19.reference[:30])
    names = ["NEU", "UCAM", "online-B"]
    systems = [write(tmp_path / f"s{k}", wmt19.systems[name][:30]) for k, name in enumerate(names)]
    code, _, _ = run(capsys, "score", ref, "-i", *systems, "-m", "bleu", "chrf", "ter", "--confidence",
                     "--n-samples", "50")
    assert code == 0
    assert counted == [3]         # BLEU: one count of all three systems, reused by the intervals and paired tests
    assert sum(tokenized) == 30   # TER: each reference line tokenized from its text once, for all three systems
    # chrF: each reference line prepared once (30), and each system's 30 lines (3 x 30).
    assert len(featured) == 30 + 3 * 30


def test_text_output_of_a_paired_run(tmp_path, capsys):
    ref = write(tmp_path / "ref", ["the cat is on the mat", "a dog barks at the postman"] * 10)
    good = write(tmp_path / "good", ["the cat is on the mat", "a dog barks at the postman"] * 10)
    bad = write(tmp_path / "bad", ["a cat on a mat", "the dog is barking"] * 10)
    code, out, _ = run(capsys, "score", "-c", good, bad, "-r", ref, "--confidence", "0.9", "--n-samples", "200",
                       "--seed", "7")
    assert code == 0
    assert f"{good} (baseline)" in out and f"{bad} (system)" in out
    assert "90% CI [1.0000, 1.0000]" in out  # identical to the reference: no spread
    assert "seed 7" in out and "200 samples" in out
    assert "p = " in out and "paired bootstrap" in out


def test_legacy_system_option_still_adds_a_system(tmp_path, capsys):
    ref = write(tmp_path / "ref", ["the cat is on the mat"] * 5)
    a, b = write(tmp_path / "a", ["the cat is on the mat"] * 5), write(tmp_path / "b", ["a cat"] * 5)
    code, out, _ = run(capsys, "score", ref, "-i", a, "--system", b, "--paired-ar", "--n-samples", "100")
    assert code == 0 and "paired approximate randomization, 100 samples" in out


def test_explain_prints_the_table(tmp_path, capsys):
    path = write(tmp_path / "x", ["a cat is on the mat"])
    ref = write(tmp_path / "r", ["the cat is on the mat"])
    code, out, _ = run(capsys, "score", ref, "-i", path, "--explain", "-m", "bleu", "ter")
    assert code == 0
    assert "clipped" in out and "brevity penalty BP" in out
    assert "BLEU = 0.7598" in out  # (5/6 * 4/5 * 3/4 * 2/3) ** (1/4), BP = 1
    assert "1 substitution" in out  # TER: a -> the


def test_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"bleu-lab {bleu_lab.__version__} (sacrebleu {sacrebleu.__version__})"


@pytest.mark.parametrize("argv, meant, listed", [
    (["score", "ref.txt", "--tokenizer", "13a"], "--tokenize", "bleu-lab score --help"),  # the Python keyword's name
    (["score", "ref.txt", "--n_samples=5"], "--n-samples", "bleu-lab score --help"),
    (["notebooks", "course", "--forse"], "--force", "bleu-lab notebooks --help"),
    (["--clips"], "--clip", "bleu-lab --help"),
])
def test_a_mistyped_option_gets_the_closest_one_of_its_command(capsys, argv, meant, listed):
    with pytest.raises(SystemExit) as stop:
        main(argv, stdin=Terminal())
    assert stop.value.code == 2  # a usage error, before any file is read
    (line,) = capsys.readouterr().err.strip().splitlines()  # one line: no usage block before it
    command = listed.removesuffix(" --help")  # the command whose option it is names itself
    assert line.startswith(f"{command}: error: unrecognized arguments: ")
    assert line.endswith(f". Did you mean {meant}? ({listed} lists every option)")


def test_an_unrecognized_argument_with_nothing_close_says_where_the_options_are(capsys):
    with pytest.raises(SystemExit):
        main(["score", "ref.txt", "--zzzzzz"], stdin=Terminal())
    assert capsys.readouterr().err.strip().splitlines() == [
        "bleu-lab score: error: unrecognized arguments: --zzzzzz (bleu-lab score --help lists every option)"]


@pytest.mark.parametrize("argv, expected", [
    (["score", "ref.txt", "--confidence", "1.5"], "bleu-lab score: error: argument --confidence: "),
    (["score", "ref.txt", "--format", "xml"], "bleu-lab score: error: argument -f/--format: invalid choice: "),
    (["score", "ref.txt", "-m", "bleurt"],
     "bleu-lab score: error: argument -m/--metrics: 'bleurt' is not a metric of the command line: bleu, chrf, ter"),
    (["score", "ref.txt", "--paired-bs", "--paired-ar"], "bleu-lab score: error: argument --paired-ar: not allowed "),
])
def test_a_bad_option_value_is_one_line_without_the_usage_block(capsys, argv, expected):
    with pytest.raises(SystemExit) as stop:
        main(argv, stdin=Terminal())
    assert stop.value.code == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith(expected) and line.endswith("(bleu-lab score --help lists every option)")


def test_version_is_also_accepted_after_the_files(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["score", "ref.txt", "-i", "hyp.txt", "--version"])  # as sacrebleu accepts it
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"bleu-lab {bleu_lab.__version__} (sacrebleu {sacrebleu.__version__})"


def test_help_has_examples_and_states_both_smoothing_defaults(capsys):
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "bleu-lab score ref.de -i hyp.de" in text and "cat hyp.de | bleu-lab score ref.de" in text
    assert "-m bleu chrf ter" in text and "--paired-ar" in text
    assert "default none, as corpus_bleu; sacrebleu's command line uses exp" in text


# ----------------------------------------------------------------------------- errors: exit 2, one line


def one_line_error(capsys, *argv):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    return err


def test_missing_file(tmp_path, capsys):
    ref = write(tmp_path / "ref", ["x"])
    assert "no such file" in one_line_error(capsys, "score", ref, "-i", str(tmp_path / "missing.txt"))


def test_no_candidate_or_no_reference(tmp_path, capsys):
    ref = write(tmp_path / "ref", ["x"])
    assert "no candidate file" in one_line_error(capsys, "score", ref)
    assert "no reference file" in one_line_error(capsys, "score", "-c", ref)
    assert "was read as a candidate; put the references first" in one_line_error(capsys, "score", "-i", ref, ref)


def test_line_count_mismatch(tmp_path, capsys):
    ref, hyp = write(tmp_path / "r", ["a", "b"]), write(tmp_path / "h", ["a", "b", "c"])
    err = one_line_error(capsys, "score", ref, "-i", hyp)
    # The reference defines the test set: the candidate is the file off.
    assert f"{hyp} has 3, {ref} has 2 lines ({hyp} is off)" in err


def test_mismatch_between_systems(tmp_path, capsys):
    ref = write(tmp_path / "r", ["a", "b"])
    err = one_line_error(capsys, "score", ref, "-i", write(tmp_path / "h", ["a", "b"]), write(tmp_path / "s", ["a"]))
    assert "1 lines" in err or "has 1" in err


def test_unknown_tokenizer_suggests_the_closest(tmp_path, capsys):
    path = write(tmp_path / "h", ["a"])
    assert "Did you mean '13a'" in one_line_error(capsys, "score", "-c", path, "-r", path, "--tokenize", "13b")


def test_empty_and_binary_files(tmp_path, capsys):
    empty = tmp_path / "empty"
    empty.write_text("", encoding="utf-8")
    ref = write(tmp_path / "r", ["a"])
    assert "empty" in one_line_error(capsys, "score", ref, "-i", str(empty))
    binary = tmp_path / "bin"
    binary.write_bytes(b"\xff\xfe\x00a\n")
    assert "UTF-8" in one_line_error(capsys, "score", ref, "-i", str(binary))


def test_a_file_of_empty_lines_is_refused_but_some_empty_lines_are_scored(tmp_path, capsys):
    ref = write(tmp_path / "ref", ["the cat is on the mat", "a dog barks"])
    blank = tmp_path / "nl.txt"
    for data in (b"\n\n", b" \n\t\r\n"):  # only spaces is empty too, as sacrebleu strips them
        blank.write_bytes(data)
        assert f"every line of {str(blank)!r} is empty" in one_line_error(capsys, "score", ref, "-i", str(blank))
        assert f"every line of {str(blank)!r} is empty" in one_line_error(capsys, "score", str(blank), "-i", ref)
    code, _, err = run(capsys, "score", ref, "-i", "-", stdin=io.StringIO("\n\n"))
    assert code == 2 and "every line of standard input is empty" in err
    hypotheses = ["the cat sat on the mat", ""]  # a system may leave a line empty
    code, out, _ = run(capsys, "score", ref, "-i", write(tmp_path / "hyp", hypotheses), "--format", "report-json")
    expected = sacrebleu.corpus_bleu(hypotheses, [["the cat is on the mat", "a dog barks"]], smooth_method="none")
    assert code == 0 and abs(scores(out)["BLEU"]["score"] - expected.score / 100) <= 1e-9


@pytest.mark.parametrize("options, message", [
    (["--paired-ar"], "--paired-ar compares two or more systems, and {hyp} is the only candidate: "
                      "bleu-lab score {ref} -i {hyp} SYSTEM --paired-ar"),
    (["--paired-bs"], "--paired-bs compares two or more systems"),
    (["--n-samples", "500"], "--n-samples 500: for --confidence or a paired test (two or more candidates), and "
                             "neither runs: bleu-lab score {ref} -i {hyp} --confidence --n-samples 500"),
    (["--seed", "12345"], "--seed 12345: for --confidence or a paired test"),  # the default value, given
    # The call shown must run: a 95% interval needs at least 40 samples, so 10 becomes 1000.
    (["--n-samples", "10", "--seed", "3"], "--n-samples 10 --seed 3: for --confidence or a paired test (two or "
                                           "more candidates), and neither runs: bleu-lab score {ref} -i {hyp} "
                                           "--confidence --n-samples 1000 --seed 3"),
    (["--chrf-beta", "3", "--chrf-whitespace"], "--chrf-beta 3 --chrf-whitespace: for chrF, which is not among "
                                                "the metrics (-m bleu): bleu-lab score {ref} -i {hyp} -m bleu chrf"),
    (["--chrf-word-order", "0", "-m", "ter"], "--chrf-word-order 0: for chrF, which is not among the metrics (-m ter)"),
    (["-m", "bleu", "chrf", "--ter-normalized"], "--ter-normalized: for TER, which is not among the metrics "
                                                 "(-m bleu chrf): bleu-lab score {ref} -i {hyp} -m bleu chrf ter"),
    (["-m", "chrf", "--tokenize", "intl"], "--tokenize intl: for BLEU, which is not among the metrics (-m chrf): "
                                           "bleu-lab score {ref} -i {hyp} -m chrf bleu --tokenize intl"),
    (["-m", "ter", "-s", "exp", "-lc"], "--smoothing exp --lowercase: for BLEU, which is not among the metrics"),
    (["-m", "chrf", "--tokenize", "13a"], "--tokenize 13a: for BLEU"),  # the default value, given
    # sacrebleu's tercom tokenizer uses asian_support only inside its normalized and no-punct steps.
    (["-m", "ter", "--ter-asian-support"], "--ter-asian-support changes nothing on its own: it adds CJK rules to "
                                           "--ter-normalized and --ter-no-punct: bleu-lab score {ref} -i {hyp} "
                                           "-m ter --ter-normalized --ter-asian-support"),
])
def test_options_that_cannot_apply_are_refused(tmp_path, capsys, options, message):
    ref, hyp = write(tmp_path / "ref", ["the cat is on the mat"]), write(tmp_path / "hyp", ["the cat sat"])
    assert message.format(ref=ref, hyp=hyp) in one_line_error(capsys, "score", ref, "-i", hyp, *options)


def test_options_that_apply_are_accepted(tmp_path, capsys):
    # Two lines: a paired bootstrap of one sentence is refused (every resample would be that sentence).
    ref = write(tmp_path / "ref", ["the cat is on the mat", "a dog barked"])
    hyp = write(tmp_path / "hyp", ["the cat sat", "a dog barks"])
    for options in (["--confidence", "--n-samples", "50", "--seed", "1"], ["-m", "chrf", "--chrf-word-order", "0"],
                    ["-m", "ter", "--ter-normalized"], ["-i", ref, "--paired-bs", "--n-samples", "50", "--seed", "1"]):
        code, _, err = run(capsys, "score", ref, "-i", hyp, *options)
        assert code == 0, err


def test_paired_ar_refuses_nltk_smoothing(tmp_path, capsys):
    ref = write(tmp_path / "r", ["a b c"])
    err = one_line_error(capsys, "score", ref, "-i", ref, write(tmp_path / "s", ["a b"]), "--paired-ar",
                         "--smoothing", "method1")
    assert "--paired-ar needs sacrebleu's smoothing" in err


def test_errors_have_no_traceback_in_a_real_process(tmp_path):
    process = subprocess.run([sys.executable, "-m", "bleu_lab", "score", "-c", str(tmp_path / "nope"), "-r",
                              str(tmp_path / "nope2")], capture_output=True, text=True, timeout=120,
                             stdin=subprocess.DEVNULL)
    assert process.returncode == 2
    assert "Traceback" not in process.stderr and process.stderr.count("\n") == 1


def test_examples_command_takes_the_flags_too(capsys):
    _, out, _ = run(capsys, "examples", "--clip")
    assert "== Clipping:" in out and "== ROUGE" not in out


# ----------------------------------------------------------------------------- reading inputs: bounded, strict


def stdin_of(data: bytes):
    """Standard input as Python sets it up for a pipe: text over bytes, invalid UTF-8 kept as surrogates."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="surrogateescape")


def test_invalid_utf8_on_standard_input_is_refused_as_in_a_file(tmp_path, capsys):
    ref = write(tmp_path / "ref", ["a x", "b"])
    data = b"\xff\xfe x\nb\n"  # 0xff can start no UTF-8 character: the error is at byte 0
    code, out, err = run(capsys, "score", ref, "-i", "-", stdin=stdin_of(data))
    assert (code, out) == (2, "")
    assert "cannot read standard input: not UTF-8 text (invalid start byte at byte 0)" in err
    (tmp_path / "hyp").write_bytes(data)
    hyp = str(tmp_path / "hyp")
    code, _, file_err = run(capsys, "score", ref, "-i", hyp)
    assert code == 2 and f"cannot read {hyp!r}: not UTF-8 text (invalid start byte at byte 0)" in file_err


def test_invalid_utf8_piped_in_a_real_process_is_refused(tmp_path):
    ref = write(tmp_path / "ref", ["a x", "b"])
    process = subprocess.run([sys.executable, "-m", "bleu_lab", "score", ref], input=b"\xff\xfe x\nb\n",
                             capture_output=True, timeout=120)
    assert process.returncode == 2
    err = process.stderr.decode()
    assert "not UTF-8 text (invalid start byte at byte 0)" in err and "Traceback" not in err


def test_standard_input_is_decoded_as_files_are(tmp_path, capsys):
    # A UTF-8 byte-order mark and Windows line endings: the same lines, whichever way they come in.
    data = b"\xef\xbb\xbfthe cat sat\r\non the mat\r\n"
    ref = write(tmp_path / "ref", ["the cat sat", "on a mat"])
    (tmp_path / "hyp").write_bytes(data)
    _, from_file, _ = run(capsys, "score", ref, "-i", str(tmp_path / "hyp"), "-m", "ter", "--format", "report-json")
    _, from_stdin, _ = run(capsys, "score", ref, "-i", "-", "-m", "ter", "-f", "report-json", stdin=stdin_of(data))
    # 1 substitution (the/a) over 6 reference words: the mark is not a word, "\r" not part of "mat".
    assert scores(from_file)["TER"]["score"] == scores(from_stdin)["TER"]["score"] == pytest.approx(1 / 6)


def test_lines_end_only_at_newline_as_sacrebleu_reads_files(tmp_path, capsys):
    from bleu_lab import cli

    # A lone "\r" inside a line, a CRLF line end, trailing spaces and a tab.
    hyp_data = b"the cat is\ron the mat  \r\na dog ran off\t\n"
    ref_data = b"the cat sat on the mat\r\na dog ran off\rquickly \n"
    # sacrebleu opens files with newline="\n" and takes line.rstrip(): these lines, by hand.
    hypotheses = ["the cat is\ron the mat", "a dog ran off"]
    reference = ["the cat sat on the mat", "a dog ran off\rquickly"]
    (tmp_path / "hyp").write_bytes(hyp_data)
    (tmp_path / "ref").write_bytes(ref_data)
    hyp, ref = str(tmp_path / "hyp"), str(tmp_path / "ref")
    assert cli.read_lines(hyp) == hypotheses and cli.read_lines(ref) == reference
    argv = ("-m", "bleu", "chrf", "ter", "--smoothing", "exp", "--chrf-whitespace", "--format", "report-json")
    _, from_file, _ = run(capsys, "score", ref, "-i", hyp, *argv)
    _, from_stdin, _ = run(capsys, "score", ref, "-i", "-", *argv, stdin=stdin_of(hyp_data))
    expected = {"BLEU": BLEU(smooth_method="exp"), "chrF2": CHRF(whitespace=True), "TER": TER()}
    for out in (from_file, from_stdin):
        for name, metric in expected.items():
            assert abs(scores(out)[name]["score"] - metric.corpus_score(hypotheses, [reference]).score / 100) <= 1e-9
    # And sacrebleu's own command line on the same files.
    process = subprocess.run([sys.executable, "-m", "sacrebleu", ref, "-i", hyp, "-m", "bleu", "chrf", "ter",
                              "--chrf-whitespace", "-w", "4", "-f", "json"], capture_output=True, text=True,
                             timeout=120, stdin=subprocess.DEVNULL)
    theirs = {entry["name"]: entry["score"] for entry in json.loads(process.stdout)}
    assert all(abs(100 * scores(from_file)[name]["score"] - theirs[name]) <= 1e-4 for name in expected)


def test_blocks_cut_inside_a_character_or_a_line_ending(tmp_path, monkeypatch):
    from bleu_lab import cli

    monkeypatch.setattr(cli, "READ_BLOCK", 3)
    (tmp_path / "crlf").write_bytes(b"ab\r\ncd\r\n")  # blocks "ab\r", "\ncd", "\r\n": the \r\n pairs are cut
    assert cli.read_lines(str(tmp_path / "crlf")) == ["ab", "cd"]
    (tmp_path / "e").write_bytes("ab\u00e9c\n".encode())  # é is c3 a9: block 1 ends inside it
    assert cli.read_lines(str(tmp_path / "e")) == ["ab\u00e9c"]
    # a, b, then c3 a9 (é) at bytes 2-3, and ff at byte 4, in the second block.
    (tmp_path / "bad").write_bytes(b"ab\xc3\xa9\xff\n")
    with pytest.raises(cli.CommandLineError, match=r"invalid start byte at byte 4\)"):
        cli.read_lines(str(tmp_path / "bad"))


def test_a_file_with_nul_bytes_is_refused_as_not_text(tmp_path, capsys):
    ref = write(tmp_path / "r", ["a b"])
    (tmp_path / "nul").write_bytes(b"a\x00b\n")  # valid UTF-8, but no text file holds NUL
    err = one_line_error(capsys, "score", ref, "-i", str(tmp_path / "nul"))
    assert "not a UTF-8 text file (it contains NUL bytes, the first at byte 1" in err


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/dev/zero and RLIMIT_AS as on Linux")
def test_dev_zero_is_refused_at_once_without_reading_it_all(tmp_path):
    import resource

    ref = write(tmp_path / "r", ["a b"])

    def limit():  # 4 GiB of address space: reading /dev/zero whole ends in MemoryError well before that
        resource.setrlimit(resource.RLIMIT_AS, (4 * 1024**3, 4 * 1024**3))

    for argv in ((ref, "-i", "/dev/zero"), ("/dev/zero", "-i", ref)):
        process = subprocess.run([sys.executable, "-m", "bleu_lab", "score", *argv], capture_output=True,
                                 text=True, timeout=120, stdin=subprocess.DEVNULL, preexec_fn=limit)
        assert process.returncode == 2, process.stderr
        assert process.stderr == ("bleu-lab score: error: cannot read '/dev/zero': not a UTF-8 text file (it "
                                  "contains NUL bytes, the first at byte 0: a binary file, or UTF-16?); give a "
                                  "text file with one segment per line\n")


def test_a_file_over_the_size_limit_is_refused(tmp_path, capsys, monkeypatch):
    from bleu_lab import cli

    monkeypatch.setattr(cli, "MAX_INPUT_BYTES", 1024**2)
    ref = write(tmp_path / "r", ["a b"])
    write(tmp_path / "big", ["a b c d e f g"] * 100_000)  # 14 bytes a line: 1.4 MB
    err = one_line_error(capsys, "score", ref, "-i", str(tmp_path / "big"))
    assert "it is larger than 1 MiB, the most bleu-lab score reads" in err


def test_out_of_memory_is_one_line_but_a_bug_keeps_its_traceback(tmp_path, capsys, monkeypatch):
    from bleu_lab import cli

    ref = write(tmp_path / "r", ["a b"])

    def out_of_memory(path, stdin=None):
        raise MemoryError

    monkeypatch.setattr(cli, "read_lines", out_of_memory)
    assert "error: out of memory: the input files are probably far larger" in one_line_error(
        capsys, "score", ref, "-i", ref)

    def bug(path, stdin=None):
        raise KeyError("a bug")

    monkeypatch.setattr(cli, "read_lines", bug)
    with pytest.raises(KeyError):
        main(["score", ref, "-i", ref], stdin=Terminal())


@pytest.mark.parametrize("folder", ["", " "])
def test_notebooks_refuses_an_empty_folder_name(tmp_path, capsys, monkeypatch, folder):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(["notebooks", folder])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "bleu-lab notebooks: error: argument DIR: DIR " in err
    assert "name the folder: bleu-lab notebooks course/" in err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []  # nothing copied


def test_the_empty_folder_check_is_the_notebooks_command_own(tmp_path, capsys, monkeypatch):
    """course.add_notebooks_command's DIR refuses an empty name by itself, in any parser it is added to."""
    import argparse

    from bleu_lab import course

    parser = argparse.ArgumentParser(prog="bleu-lab")
    course.add_notebooks_command(parser.add_subparsers())
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        parser.parse_args(["notebooks", ""])
    assert stop.value.code == 2
    assert "argument DIR: DIR is empty, which would copy the course into the current folder" in capsys.readouterr().err
    assert str(parser.parse_args(["notebooks", "course"]).directory) == "course"


@pytest.mark.parametrize("folder", ["", " ", "\t\n"])
def test_copy_course_refuses_an_empty_folder_name(tmp_path, monkeypatch, folder):
    from bleu_lab import course

    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=r"name the folder: copy_course\('course/'\) \(or copy_course\('.'\)"):
        course.copy_course(folder)
    assert list(tmp_path.iterdir()) == []  # nothing copied into the current folder
    assert course.check_folder_name("course") == "course"


def test_a_line_too_long_for_ter_names_the_line_and_the_file(tmp_path, capsys):
    from bleu_lab.ter import MAX_SHIFTED_WORDS

    long_line = " ".join(f"w{i % 50}" for i in range(MAX_SHIFTED_WORDS + 1))
    hypothesis = write(tmp_path / "hyp.txt", ["a b", long_line])
    code, out, err = run(capsys, "score", write(tmp_path / "ref.txt", ["a b", "w1 w2"]), "-i", hypothesis,
                         "-m", "bleu", "chrf", "ter")
    assert code == 2 and out == ""
    # Line 2 of the file (the library's candidates[1]), and a way out the command line has.
    assert f"TER: line 2 of {hypothesis} is too long" in err and "(-m bleu chrf)" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_paired_bootstrap_of_one_line_is_refused(tmp_path, capsys):
    # One sentence: every resample draws it, the centred differences are all 0, so p would be 1/(n+1).
    ref, hyp, other = (write(tmp_path / name, [line]) for name, line in
                       (("ref", "the cat is on the mat"), ("hyp", "the cat sat"), ("other", "the cat is on a mat")))
    err = one_line_error(capsys, "score", ref, "-i", hyp, other, "--paired-bs")
    assert "needs a test set of several sentences" in err and "would call any difference significant" in err


def test_files_of_different_lengths_name_the_odd_one(tmp_path, capsys):
    # Two files of 2 lines and one of 1: the one of 1 is off, whichever role it has.
    hyp, ref = write(tmp_path / "hyp", ["a b", "c d"]), write(tmp_path / "ref", ["a b", "c d"])
    one = write(tmp_path / "one", ["a b"])
    err = one_line_error(capsys, "score", "-c", hyp, "-r", ref, one).replace(str(tmp_path) + "/", "")
    assert "hyp has 2, ref has 2, one has 1 lines (one is off)" in err  # it said "(hyp and ref are off)"


def test_too_few_samples_for_the_confidence_interval_are_refused(tmp_path, capsys):
    # By hand: 2 / (1 - 0.95) = 40 resamples leave one out on each side; 10 would give the range as "95%".
    ref = write(tmp_path / "ref", ["the cat is on the mat", "a dog barked"])
    err = one_line_error(capsys, "score", ref, "-i", ref, "--confidence", "--n-samples", "10")
    assert "--n-samples=10 is too few for a 95% interval" in err and "at least 40" in err
    assert err.rstrip().endswith("--confidence 0.95 --n-samples 1000")


def test_sentence_level_with_effective_order_and_exp_gives_sacrebleus_line_scores(tmp_path, capsys):
    # sacrebleu's -sl turns on effective order (and its command line smooths with exp); its
    # sentence_bleu does both by default: "the cat" against "the cat sat" is 60.65, not 0.
    references, candidates = ["the cat sat", "the dog ran home quickly"], ["the cat", "the dog ran home"]
    ref, hyp = write(tmp_path / "ref", references), write(tmp_path / "hyp", candidates)
    code, out, _ = run(capsys, "score", ref, "-i", hyp, "-sl", "-eo", "-s", "exp")
    expected = [sacrebleu.sentence_bleu(c, [r]).score / 100 for c, r in zip(candidates, references)]
    assert code == 0 and expected[0] == pytest.approx(0.6065, abs=1e-4)
    assert [f"line {i}: BLEU = {value:.4f}" for i, value in enumerate(expected, 1)] == \
        [line.strip() for line in out.splitlines() if line.strip().startswith("line ")]
    assert "eff:yes" in out and "effective_order=True" in out
    # Without -eo the short line has no 3-gram, so it is 0 unsmoothed, as in corpus_bleu.
    _, plain, _ = run(capsys, "score", ref, "-i", hyp, "-sl")
    assert "line 1: BLEU = 0.0000" in plain and "effective_order=False" in plain


def test_a_byte_order_mark_is_noted_and_a_repeated_candidate_warned(tmp_path, capsys):
    ref = write(tmp_path / "ref", ["the cat is on the mat", "a dog barks"])
    (tmp_path / "bom").write_bytes("\ufeffthe cat is on the mat\na dog barks\n".encode("utf-8"))
    code, out, err = run(capsys, "score", ref, "-i", str(tmp_path / "bom"))
    # The mark is not scored: the candidate equals the reference, BLEU 1 (sacrebleu keeps it and scores lower).
    assert code == 0 and "BLEU = 1.0000" in out
    assert "starts with a UTF-8 byte-order mark, which is not scored" in err
    hyp = write(tmp_path / "hyp", ["the cat sat on the mat", "a dog barked"])
    code, _, err = run(capsys, "score", ref, "-i", hyp, hyp)
    assert code == 0 and "is the same as an earlier one: a paired test of a system against itself" in err


@pytest.mark.parametrize("metric", ["bleu", "chrf", "ter"])
def test_references_named_with_no_candidate_are_refused_or_read_from_the_pipe(tmp_path, capsys, metric):
    ref = write(tmp_path / "ref", ["the cat is on the mat"])
    code, out, err = run(capsys, "score", "-r", ref, "-m", metric)  # nothing piped: it used to crash
    assert code == 2 and out == ""
    # The calls shown keep the user's other options (here -m), so they can be run as they are.
    assert err.strip() == (f"bleu-lab score: error: no candidate file: with -r, name it with -c: "
                           f"'bleu-lab score -c HYP -r {ref} -m {metric}', or pipe it: "
                           f"'cat HYP | bleu-lab score -r {ref} -m {metric}'")
    # Piped, the candidate is standard input, as in the positional form (and it is scored).
    code, out, err = run(capsys, "score", "-r", ref, "-m", metric, "--format", "report-json",
                         stdin=io.BytesIO(b"the cat is on the mat\n"))
    assert code == 0, err
    (system,) = json.loads(out)["systems"]
    # The piped candidate is the reference itself: BLEU and chrF 1, TER 0 (no edit).
    (score,) = [entry["score"] for entry in system["scores"].values()]
    assert score == pytest.approx(0.0 if metric == "ter" else 1.0, abs=1e-12)


def test_the_smoothing_note_never_contradicts_the_score(tmp_path, capsys):
    # With effective order, the empty 3- and 4-gram orders of these short lines are left out: sacrebleu's
    # BLEU(effective_order=True) gives 91.29, so a note saying "BLEU is 0 without smoothing" would be false.
    ref = write(tmp_path / "ref", ["a b", "c", "", "d e f"])
    hyp = write(tmp_path / "hyp", ["a b", "c", "z", "d e"])
    code, out, _ = run(capsys, "score", ref, "-i", hyp, "-eo", "-s", "none")
    expected = BLEU(effective_order=True, smooth_method="none").corpus_score(
        ["a b", "c", "z", "d e"], [["a b", "c", "", "d e f"]]).score / 100
    assert code == 0 and f"BLEU = {expected:.4f}" in out and "note:" not in out
    # Nothing matched at all: smoothing cannot help, so no note offers it.
    other = write(tmp_path / "other", ["x y z w", "v", "u", "t s"])
    code, out, _ = run(capsys, "score", ref, "-i", other)
    assert code == 0 and "BLEU = 0.0000" in out and "note:" not in out


def test_a_file_of_only_a_byte_order_mark_is_empty(tmp_path, capsys):
    ref = write(tmp_path / "ref", ["the cat is on the mat"])
    mark = tmp_path / "mark"
    mark.write_bytes(b"\xef\xbb\xbf")
    assert f"{str(mark)!r} is empty but for a byte-order mark" in one_line_error(capsys, "score", ref, "-i", str(mark))
    mark.write_bytes(b"\xef\xbb\xbf\n")
    assert (f"every line of {str(mark)!r} is empty or only spaces (1 line);"
            in one_line_error(capsys, "score", ref, "-i", str(mark)))


def test_a_suggested_call_keeps_the_other_options_and_runs(tmp_path, capsys):
    hyp = write(tmp_path / "hyp", ["the cat sat on the mat", "a dog"])
    ref = write(tmp_path / "ref", ["the cat is on the mat", "the dog"])
    code, _, err = run(capsys, "score", "-sl", "--format", "report-json", "-s", "exp", hyp, ref)
    assert code == 2
    suggested = re.findall(r"'(bleu-lab score [^']*)'", err)
    assert f"bleu-lab score -c {hyp} -r {ref} -sl -s exp -f report-json" in suggested
    # The suggestion, run as shown, scores line by line in JSON with exp smoothing.
    code, out, err = run(capsys, *shlex.split(f"bleu-lab score -c {hyp} -r {ref} -sl -s exp -f report-json")[1:])
    assert code == 0, err
    payload = json.loads(out)
    bleu = payload["systems"][0]["scores"]["BLEU"]
    assert len(bleu["sentence_scores"]) == 2 and "smooth:exp" in bleu["signature"]


@pytest.mark.parametrize("options, expected", [
    # The library's keyword messages, spelled as the command's options (no Python syntax on a command line).
    (["-eo", "-s", "method1"], "-eo is sacrebleu's option and -s method1 is nltk's"),
    (["-eo", "-s", "method1"], "e.g. -s exp with -eo"),
    (["-s", "method6", "--max-order", "2"], "-s method6 needs at least 3 orders"),
    (["--max-order", "200"], "--max-order 200 is above bleu_lab's limit of 100"),
    (["-m", "chrf", "--chrf-word-order", "-1"], "--chrf-word-order must be 0 or more"),
])
def test_library_errors_are_spelled_as_options(tmp_path, capsys, options, expected):
    hyp = write(tmp_path / "hyp", ["the cat sat on the mat"])
    ref = write(tmp_path / "ref", ["the cat is on the mat"])
    code, out, err = run(capsys, "score", *options, "-c", hyp, "-r", ref)
    assert code == 2 and out == ""
    assert expected in err and not re.search(r"[a-z_]{3,} ?= ?\S", err), err  # no keyword=value left


@pytest.mark.parametrize("argv, expected", [
    # sacrebleu has no command word: files first are files, with 'score' forgotten.
    (["ref.txt", "-i", "hyp.txt"], "bleu-lab: error: 'ref.txt' is not a command (score, examples, notebooks); "
                                   "to score files, put 'score' first: bleu-lab score ref.txt -i hyp.txt"),
    (["scor", "ref.txt", "-i", "hyp.txt"], "bleu-lab: error: unknown command 'scor'. Did you mean 'score'? "
                                           "Right: bleu-lab score ref.txt -i hyp.txt"),
    (["score", "ref.txt", "-i", "hyp.txt", "-m", "rouge"],
     "bleu-lab score: error: argument -m/--metrics: 'rouge': ROUGE is not scored by the command line; in Python: "
     "bleu_lab.rouge_n(candidate, references, n=1)"),
    (["score", "ref.txt", "-i", "hyp.txt", "-m", "BLEU"], "did you mean 'bleu'?"),
])
def test_a_command_or_metric_that_does_not_exist_gets_the_call_meant(capsys, argv, expected):
    with pytest.raises(SystemExit) as stop:
        main(argv, stdin=Terminal())
    assert stop.value.code == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert expected in line


def test_a_trailing_empty_line_is_named_as_the_cause_of_a_length_mismatch(tmp_path, capsys):
    ref = write(tmp_path / "ref", ["the cat is on the mat", "a dog barks"])
    hyp = tmp_path / "hyp"
    hyp.write_text("the cat sat on the mat\na dog barked\n\n", encoding="utf-8")  # one newline too many
    code, out, err = run(capsys, "score", ref, "-i", str(hyp))
    assert code == 2 and out == ""
    assert "has 3," in err and "has 2 lines" in err and "hyp ends with an empty line" in err


@pytest.mark.parametrize("metric, own", [("chrf", "--chrf-lowercase"), ("ter", "--ter-case-sensitive")])
def test_bleus_lowercase_with_another_metric_names_that_metrics_own_case_option(tmp_path, capsys, metric, own):
    hyp = write(tmp_path / "hyp", ["the cat sat on the mat"])
    ref = write(tmp_path / "ref", ["the cat is on the mat"])
    code, _, err = run(capsys, "score", ref, "-i", hyp, "-m", metric, "--lowercase")
    assert code == 2 and own in err


def test_the_smooth_value_option_matches_sacrebleus(tmp_path, capsys):
    hyp = write(tmp_path / "hyp", ["the cat sat on a mat", "a dog barks loud"])
    ref = write(tmp_path / "ref", ["the cat is on the mat", "the dog barks"])
    code, out, err = run(capsys, "score", ref, "-i", hyp, "-s", "floor", "-sv", "0.5", "--format", "report-json")
    assert code == 0, err
    bleu = json.loads(out)["systems"][0]["scores"]["BLEU"]
    # sacrebleu's command line, sacrebleu REF -i HYP -s floor -sv 0.5, is this corpus_score.
    metric = BLEU(smooth_method="floor", smooth_value=0.5)
    expected = metric.corpus_score(["the cat sat on a mat", "a dog barks loud"],
                                   [["the cat is on the mat", "the dog barks"]])
    assert math.isclose(100 * bleu["score"], expected.score, abs_tol=1e-9)
    assert bleu["signature"].startswith(str(metric.get_signature()) + "|bleu_lab:")  # ...|smooth:floor[0.50]|...
    code, _, err = run(capsys, "score", ref, "-i", hyp, "-sv", "0.5")  # the default smoothing takes none
    assert code == 2 and "-s none takes no -sv" in err


def usage_exit(capsys, *argv):
    """The one line of a usage error raised by argparse (exit code 2), e.g. of an unknown command."""
    with pytest.raises(SystemExit) as stop:
        main(list(argv), stdin=Terminal())
    assert stop.value.code == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    return line


@pytest.mark.parametrize("first, exists", [("ref", True), ("ref", False), ("scores", True), ("src", False)])
def test_a_short_file_name_first_is_a_file_not_a_mistyped_command(tmp_path, monkeypatch, capsys, first, exists):
    # "ref" is as close to "score" as difflib's 0.5 cutoff ("re" in common): it was read as a typo and the
    # call shown dropped the file ("bleu-lab score -i hyp"). A file that exists is never a typo.
    monkeypatch.chdir(tmp_path)
    if exists:
        write(tmp_path / first, ["the cat"])
    line = usage_exit(capsys, first, "-i", "hyp")
    assert line.startswith(f"bleu-lab: error: {first!r} is not a command (score, examples, notebooks)")
    assert f"put 'score' first: bleu-lab score {first} -i hyp" in line


def test_a_near_spelling_of_a_command_is_still_a_typo(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)  # no file called scores or scroe here
    assert "Did you mean 'score'? Right: bleu-lab score ref -i hyp" in usage_exit(capsys, "scroe", "ref", "-i", "hyp")
    assert "Did you mean 'score'?" in usage_exit(capsys, "scores", "ref", "-i", "hyp")


def test_two_files_without_score_or_roles_get_both_right_calls_and_each_runs(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "ref", ["the cat is on the mat", "a dog"])
    write(tmp_path / "hyp", ["the cat sat on the mat", "a dog"])
    line = usage_exit(capsys, "ref", "hyp", "-sl")
    # 'bleu-lab score ref hyp' would be refused in turn (either file could be the candidate), so the
    # message gives the two readings at once, with -sl kept.
    calls = re.findall(r"'(bleu-lab score [^']*)'", line)
    assert "bleu-lab score -c ref -r hyp -sl" in calls and "bleu-lab score ref -i hyp -sl" in calls
    for call in ("bleu-lab score -c ref -r hyp -sl", "bleu-lab score ref -i hyp -sl"):
        code, out, err = run(capsys, *shlex.split(call)[1:])
        assert code == 0, err


def test_a_suggested_call_keeps_another_system(tmp_path, capsys):
    a, b = write(tmp_path / "a", ["the cat sat", "a dog"]), write(tmp_path / "b", ["the cat is here", "a dog"])
    c = write(tmp_path / "c", ["the cat", "a dog ran"])
    err = one_line_error(capsys, "score", a, b, "--system", c)
    calls = re.findall(r"'(bleu-lab score [^']*)'", err)
    assert f"bleu-lab score -c {a} -r {b} --system {c}" in calls, err  # --system c was dropped
    code, out, err = run(capsys, *shlex.split(f"bleu-lab score -c {a} -r {b} --system {c} --format report-json")[1:])
    assert code == 0, err
    assert [system["file"] for system in json.loads(out)["systems"]] == [a, c]


def test_a_level_beyond_the_sample_limit_is_said_without_a_call_that_cannot_work(tmp_path, capsys):
    ref = write(tmp_path / "ref", ["the cat is on the mat", "a dog barked"])
    err = one_line_error(capsys, "score", ref, "-i", ref, "--confidence", "0.9999999", "--n-samples", "10")
    # By hand, 2 / (1 - 0.9999999) = 20,000,000 (the check rounds up past 1e-6): above 1,000,000 resamples.
    assert "--confidence 0.9999999 needs at least 20000001 resamples" in err
    assert "up to 0.99999 fits it (with --n-samples 200000)" in err and "Right:" not in err


@pytest.mark.parametrize("level, needed", [
    # By hand, 2 / (1 - level): 2 / 0.001 = 2000; 2 / 0.0001 = 20,000.
    ("0.999", "2000"),
    ("0.9999", "20000"),
])
def test_the_call_shown_for_too_few_samples_keeps_the_level_and_is_enough(tmp_path, capsys, level, needed):
    ref = write(tmp_path / "ref", ["the cat is on the mat", "a dog barked"])
    err = one_line_error(capsys, "score", ref, "-i", ref, "--confidence", level, "--n-samples", "10")
    # The level as given (":g" printed 0.9999999 as 1), and the samples it needs (1000 was refused in turn).
    assert err.rstrip().endswith(f"--confidence {level} --n-samples {needed}"), err
    assert f"too few for a {float(level) * 100:.12g}% interval" in err and "100%" not in err
    if needed == "2000":
        code, out, err = run(capsys, "score", ref, "-i", ref, "--confidence", level, "--n-samples", needed)
        assert code == 0, err


def test_a_library_call_in_a_message_becomes_the_options_it_sets(tmp_path, capsys):
    # Sentence 1 has matching trigrams, sentence 2 none: the test set has some, so method6 scores it,
    # but a resample of sentence 2 alone has none and nltk's method6 is undefined there.
    hyp = write(tmp_path / "hyp", ["the cat sat on the mat", "a dog"])
    ref = write(tmp_path / "ref", ["the cat sat on the mat", "one dog"])
    err = one_line_error(capsys, "score", ref, "-i", hyp, "-s", "method6", "--confidence")
    assert "e.g. -s method3 or -s exp" in err and "bootstrap_ci(" not in err, err


def test_a_keyword_set_to_a_value_the_command_cannot_spell_stays_as_it_is():
    from bleu_lab.cli import in_option_terms

    # "-eo=False" is no option; the bare name still becomes one.
    assert in_option_terms("effective_order=False is the default") == "effective_order=False is the default"
    assert in_option_terms("with effective_order") == "with -eo"


def test_the_empty_line_note_names_only_a_file_that_is_too_long(tmp_path, capsys):
    ref = write(tmp_path / "ref", ["the cat is on the mat", "a dog barks", "it rains"])
    hyp = tmp_path / "hyp"
    hyp.write_text("the cat sat on the mat\n\n", encoding="utf-8")  # 2 lines, the last one empty: the short one
    err = one_line_error(capsys, "score", ref, "-i", str(hyp))
    assert "has 2," in err and "has 3 lines" in err and "empty line" not in err, err


def test_explain_shows_how_the_interval_and_the_paired_test_were_computed(tmp_path, capsys, monkeypatch, wmt19):
    monkeypatch.setenv("SACREBLEU_SEED", "12345")
    n = 250
    base, other, reference = wmt19.systems["NEU"][:n], wmt19.systems["Facebook_FAIR"][:n], wmt19.reference[:n]
    files = [write(tmp_path / "ref", reference), "-i", write(tmp_path / "base", base), write(tmp_path / "other", other)]
    code, out, _ = run(capsys, "score", *files, "-m", "bleu", "--confidence", "--explain", "--format", "report-json")
    assert code == 0
    interval = scores(out, 0)["BLEU"]["confidence"]
    # The 26th and 975th of the 1000 sorted resample scores bound the 95% interval (0-based s_25, s_974).
    assert f"[s_25, s_974] = [{interval['low']:.4f}, {interval['high']:.4f}]" in interval["explanation"]
    theirs = BLEU(smooth_method="none").corpus_score(base, [reference], n_bootstrap=1000)
    assert f"μ = {theirs._mean:.2f} ± {theirs._ci:.2f}" in interval["explanation"]  # sacrebleu's line, same draws
    test = scores(out, 1)["BLEU"]["paired_test"]
    exceeding = round(test["p_value"] * (1000 + 1)) - 1  # p = (1 + count) / (B + 1)
    assert f"(1 + {exceeding}) / 1001 = {test['p_value']:.4f}" in test["explanation"]

    code, text, _ = run(capsys, "score", *files, "-m", "bleu", "--confidence", "--explain")
    assert code == 0
    lines = text.splitlines()
    below_interval = lines[next(i for i, line in enumerate(lines) if "interval signature:" in line) + 1]
    assert below_interval.startswith("    BLEU = ") and "whole test set" in below_interval
    assert any(line.startswith("    ") and "[s_25, s_974]" in line for line in lines)
    assert any(line.startswith("    ") and "/ 1001 = " in line for line in lines)
    # The explanation's own signature line is left out: the signature was printed just above it.
    assert not any(line.strip().startswith("signature: nrefs:1|bs:") for line in lines)


def test_explain_leaves_intervals_without_an_explanation_alone(tmp_path, capsys):
    ref = write(tmp_path / "ref", ["the cat is on the mat", "a dog barks", "it rains"])
    hyp = write(tmp_path / "hyp", ["the cat sat on the mat", "the dog barks", "it rains"])
    code, out, _ = run(capsys, "score", ref, "-i", hyp, "-m", "chrf", "--confidence", "--n-samples", "100",
                       "--explain", "--format", "report-json")
    assert code == 0 and "explanation" not in scores(out)["chrF2"]["confidence"]
