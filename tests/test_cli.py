"""The command line: worked examples and `bleu-lab score`.

Expected values come from sacrebleu (corpus BLEU, bootstrap and paired test on the same lines),
and from hand calculations written here (2/7 clipped precision, exp(1 - 6/2), 5/6 unigram
overlap, 17/18 for the paper's Candidate 1 counted in words).
"""

import json
import logging
import math
import subprocess
import sys

import pytest
import sacrebleu
from sacrebleu.metrics import BLEU
from sacrebleu.significance import PairedTest

from bleu_lab.cli import main
from bleu_lab.datasets import load_wmt19_en_de

logging.getLogger("sacrebleu").setLevel(logging.ERROR)


@pytest.fixture(scope="module")
def wmt19():
    return load_wmt19_en_de()


def write(path, lines):
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def run(capsys, *argv):
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# ----------------------------------------------------------------------------- worked examples


def test_all_examples_by_default(capsys):
    code, out, _ = run(capsys)
    assert code == 0
    for heading in ("== Clipped counts", "== Brevity penalty", "== BLEU = BP", "== ROUGE"):
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
    assert "== Clipped counts" not in out


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
    assert "== Clipped counts" in out and "== ROUGE" in out and "== Brevity penalty" not in out


def test_python_dash_m_runs(tmp_path):
    process = subprocess.run([sys.executable, "-m", "bleu_lab", "--brevity"], capture_output=True, text=True, timeout=120)
    assert process.returncode == 0, process.stderr
    assert "== Brevity penalty" in process.stdout


# ----------------------------------------------------------------------------- scoring files


def test_score_matches_sacrebleu(tmp_path, capsys, wmt19):
    hypotheses, reference = wmt19.systems["online-B"][:200], wmt19.reference[:200]
    hyp = write(tmp_path / "hyp.de", hypotheses)
    ref = write(tmp_path / "ref.de", reference)
    code, out, _ = run(capsys, "score", hyp, ref, "--format", "json")
    assert code == 0
    payload = json.loads(out)
    expected = sacrebleu.corpus_bleu(hypotheses, [reference]).score / 100
    assert abs(payload["systems"][0]["score"] - expected) <= 1e-9
    code, out, _ = run(capsys, "score", hyp, ref)
    assert f"BLEU = {expected:.4f} ({100 * expected:.2f})" in out


def test_several_reference_files_are_several_references_per_line(tmp_path, capsys, wmt19):
    hypotheses = wmt19.systems["UCAM"][:100]
    streams = [wmt19.reference[:100], wmt19.systems["online-G"][:100]]
    files = [write(tmp_path / f"ref{k}", stream) for k, stream in enumerate(streams)]
    code, out, _ = run(capsys, "score", write(tmp_path / "hyp", hypotheses), *files, "--format", "json", "--lowercase")
    assert code == 0
    expected = sacrebleu.corpus_bleu(hypotheses, streams, lowercase=True).score / 100
    assert abs(json.loads(out)["systems"][0]["score"] - expected) <= 1e-9


def test_confidence_and_paired_test_agree_with_sacrebleu(tmp_path, capsys, monkeypatch, wmt19):
    monkeypatch.setenv("SACREBLEU_SEED", "12345")
    n = 400
    base, other, reference = wmt19.systems["NEU"][:n], wmt19.systems["Facebook_FAIR"][:n], wmt19.reference[:n]
    code, out, _ = run(capsys, "score", write(tmp_path / "base", base), write(tmp_path / "ref", reference),
                       "--system", write(tmp_path / "other", other), "--confidence", "--format", "json")
    assert code == 0
    first, second = json.loads(out)["systems"]
    theirs = BLEU().corpus_score(base, [reference], n_bootstrap=1000)
    assert abs(100 * first["confidence"]["low"] - (theirs._mean - theirs._ci)) <= 0.3
    assert abs(100 * first["confidence"]["high"] - (theirs._mean + theirs._ci)) <= 0.3
    assert first["confidence"]["seed"] == 12345 and first["confidence"]["n_samples"] == 1000
    _, scores = PairedTest([("base", base), ("other", other)], {"BLEU": BLEU()}, [reference], test_type="bs",
                           n_samples=1000)()
    p_sacrebleu = scores["BLEU"][1].p_value
    assert second["paired_test"]["significant_at_0.05"] == (p_sacrebleu < 0.05)
    assert abs(second["paired_test"]["p_value"] - p_sacrebleu) <= 2 / 1001
    assert "paired_test" not in first


def test_text_output_of_a_paired_run(tmp_path, capsys):
    ref = write(tmp_path / "ref", ["the cat is on the mat", "a dog barks at the postman"] * 10)
    good = write(tmp_path / "good", ["the cat is on the mat", "a dog barks at the postman"] * 10)
    bad = write(tmp_path / "bad", ["a cat on a mat", "the dog is barking"] * 10)
    code, out, _ = run(capsys, "score", good, ref, "--system", bad, "--confidence", "0.9", "--n-samples", "200", "--seed", "7")
    assert code == 0
    assert "(baseline)" in out
    assert "90% CI [1.0000, 1.0000]" in out  # identical to the reference: no spread
    assert "seed 7" in out and "200 samples" in out
    assert "p = " in out


def test_explain_prints_the_table(tmp_path, capsys):
    path = write(tmp_path / "x", ["a cat is on the mat"])
    ref = write(tmp_path / "r", ["the cat is on the mat"])
    code, out, _ = run(capsys, "score", path, ref, "--explain")
    assert code == 0
    assert "clipped" in out and "brevity penalty BP" in out
    assert "BLEU = 0.7598" in out  # (5/6 * 4/5 * 3/4 * 2/3) ** (1/4), BP = 1


# ----------------------------------------------------------------------------- errors: exit 2, one line


def one_line_error(capsys, *argv):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    return err


def test_missing_file(tmp_path, capsys):
    ref = write(tmp_path / "ref", ["x"])
    assert "no such file" in one_line_error(capsys, "score", str(tmp_path / "missing.txt"), ref)


def test_line_count_mismatch(tmp_path, capsys):
    err = one_line_error(capsys, "score", write(tmp_path / "h", ["a", "b", "c"]), write(tmp_path / "r", ["a", "b"]))
    assert "3 lines" in err and "2" in err


def test_mismatch_between_systems(tmp_path, capsys):
    ref = write(tmp_path / "r", ["a", "b"])
    err = one_line_error(capsys, "score", write(tmp_path / "h", ["a", "b"]), ref, "--system", write(tmp_path / "s", ["a"]))
    assert "1 lines" in err or "has 1" in err


def test_unknown_tokenizer_suggests_the_closest(tmp_path, capsys):
    path = write(tmp_path / "h", ["a"])
    assert "Did you mean '13a'" in one_line_error(capsys, "score", path, path, "--tokenize", "13b")


def test_empty_and_binary_files(tmp_path, capsys):
    empty = tmp_path / "empty"
    empty.write_text("", encoding="utf-8")
    ref = write(tmp_path / "r", ["a"])
    assert "empty" in one_line_error(capsys, "score", str(empty), ref)
    binary = tmp_path / "bin"
    binary.write_bytes(b"\xff\xfe\x00a\n")
    assert "UTF-8" in one_line_error(capsys, "score", str(binary), ref)


def test_errors_have_no_traceback_in_a_real_process(tmp_path):
    process = subprocess.run([sys.executable, "-m", "bleu_lab", "score", str(tmp_path / "nope"), str(tmp_path / "nope2")],
                             capture_output=True, text=True, timeout=120)
    assert process.returncode == 2
    assert "Traceback" not in process.stderr and process.stderr.count("\n") == 1


def test_examples_command_takes_the_flags_too(capsys):
    _, out, _ = run(capsys, "examples", "--clip")
    assert "== Clipped counts" in out and "== ROUGE" not in out
