"""The grader: a folder with a correct, a wrong, a crashing and an endlessly looping submission.

The submissions are made from the Lab 1 solution notebook, so they look like
what students hand in; each must get its row in the CSV, within the time limit.
"""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from bleu_lab.exercises import build, grade

ROOT = Path(__file__).resolve().parents[1]
LAB1 = ROOT / "notebooks" / "exercises" / "solutions" / "lab1_ngrams_and_precision.ipynb"
TIMEOUT = 5

NO_CLIPPING = '''def modified_precision(candidate, references, n):
    """Matches without clipping (the mistake Papineni et al. 2002 warn about)."""
    seen = set()
    for reference in references:
        seen |= set(ngrams(reference, n))
    candidate_counts = ngrams(candidate, n)
    return sum(c for g, c in candidate_counts.items() if g in seen), sum(candidate_counts.values())
'''

# Which of the 9 modified_precision cases the no-clipping version still gets right, by hand: the
# paper's candidate 1 (its three "the" fit in reference 2's four), candidate 2, candidate 1's
# bigrams and 4-grams (each 4-gram occurs once), the shorter-than-n and the empty candidate need
# no clip; the seven "the" (2/7) and the two repeated-word cases do.
NO_CLIPPING_RIGHT = [True, True, False, True, True, False, False, True, True]

ENDLESS = '''def ngrams(tokens, n):
    """Never returns."""
    while True:
        pass
'''


def _replace_function(notebook, name, source):
    for cell in notebook.cells:
        if cell.cell_type == "code" and f"def {name}(" in cell.source:
            cell.source = source
            return notebook
    raise AssertionError(f"no cell defines {name}")


def _write(folder: Path, name: str, notebook) -> None:
    nbformat.write(notebook, folder / name)


@pytest.fixture
def submissions(tmp_path):
    folder = tmp_path / "submissions"
    folder.mkdir()
    solution = nbformat.read(LAB1, as_version=4)
    _write(folder, "alice_correct.ipynb", solution)
    _write(folder, "bob_wrong.ipynb", _replace_function(nbformat.read(LAB1, as_version=4), "modified_precision",
                                                         NO_CLIPPING))
    crashing = _replace_function(nbformat.read(LAB1, as_version=4), "ngrams", "def ngrams(tokens, n)\n    return 1\n")
    crashing.cells.insert(1, nbformat.v4.new_code_cell("import a_module_that_does_not_exist"))
    _write(folder, "carol_crashing.ipynb", crashing)
    _write(folder, "dave_looping.ipynb", _replace_function(nbformat.read(LAB1, as_version=4), "ngrams", ENDLESS))
    return folder


def test_four_submissions_give_four_rows_and_the_loop_is_stopped(submissions, tmp_path):
    out = tmp_path / "results.csv"
    completed = subprocess.run(
        [sys.executable, "-m", "bleu_lab.exercises.grade", str(submissions), "--out", str(out),
         "--timeout", str(TIMEOUT)],
        capture_output=True, text=True, timeout=5 * TIMEOUT + 60,
    )
    # subprocess.run's own timeout bounds the run; the looping submission's row below says it was stopped.
    assert completed.returncode == 0, completed.stderr

    with open(out, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert list(rows[0]) == list(grade.COLUMNS)
    assert [r["file"] for r in rows] == ["alice_correct.ipynb", "bob_wrong.ipynb", "carol_crashing.ipynb",
                                        "dave_looping.ipynb"]
    correct, wrong, crashing, looping = rows
    assert {r["lab"] for r in rows} == {"lab1"}  # recognised by the checks the notebooks call

    assert (correct["lab1.ngrams"], correct["lab1.modified_precision"]) == ("2.00", "3.00")
    assert (correct["points"], correct["max_points"]) == ("5.00", "5.00")
    assert (correct["passed"], correct["total"], correct["message"]) == ("2", "2", "all 2 checks pass")
    assert correct["lab2.ngrams"] == correct["lab3.rouge_1"] == ""  # not part of Lab 1

    # Partial credit: the no-clipping precision still gets the cases where clipping changes nothing.
    right = sum(NO_CLIPPING_RIGHT)
    assert wrong["lab1.ngrams"] == "2.00"
    assert wrong["lab1.modified_precision"] == f"{3 * right / len(NO_CLIPPING_RIGHT):.2f}" != "0.00"
    assert wrong["points"] == f"{2 + 3 * right / len(NO_CLIPPING_RIGHT):.2f}"
    assert wrong["passed"] == "1"
    assert ("modified_precision: 6 of 9 cases pass; the smallest failing one is case 7: a repeated bigram "
            "against several references (expected (2, 5), got (3, 5))") in wrong["message"]
    assert "You do not clip" in wrong["message"]

    # ngrams's cell has a syntax error, so there is no ngrams: it earns 0, and the lab's right
    # modified_precision, graded with a right ngrams in its place, keeps its 3 points.
    assert (crashing["lab1.ngrams"], crashing["lab1.modified_precision"]) == ("0.00", "3.00")
    assert "ModuleNotFoundError" in crashing["message"] and "SyntaxError" in crashing["message"]
    assert "ngrams: no function named ngrams was defined" in crashing["message"]

    # The loop costs ngrams its 2 points only: the lab's modified_precision, which calls ngrams, is
    # checked with a right ngrams in its place and keeps its 3 (it looped too, and lost them, before).
    assert (looping["lab1.ngrams"], looping["lab1.modified_precision"]) == ("0.00", "3.00")
    assert looping["points"] == "3.00"
    assert looping["message"] == (f"ngrams: timed out after {TIMEOUT} s (an endless loop?); the checks after it "
                                  f"use a right ngrams in its place")
    assert all("\n" not in r["message"] for r in rows)


def test_an_unreadable_notebook_and_an_empty_one_get_rows(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "broken.ipynb").write_text("{ not json", encoding="utf-8")
    nbformat.write(nbformat.v4.new_notebook(), folder / "empty.ipynb")
    (folder / ".ipynb_checkpoints").mkdir()
    nbformat.write(nbformat.v4.new_notebook(), folder / ".ipynb_checkpoints" / "empty-checkpoint.ipynb")
    rows = grade.grade(folder, tmp_path / "out.csv", timeout=TIMEOUT, log=lambda *a: None)
    assert [r["file"] for r in rows] == ["broken.ipynb", "empty.ipynb"]
    assert rows[0]["message"].startswith("cannot read the notebook: JSONDecodeError")
    assert rows[1]["message"].startswith("no exercise found")


def test_check_cells_are_not_run_and_renamed_functions_are_followed(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    notebook = nbformat.read(LAB1, as_version=4)
    notebook = _replace_function(notebook, "ngrams", 'def my_ngrams(tokens, n):\n'
                                 '    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))\n\n'
                                 'ngrams = my_ngrams\n')
    for cell in notebook.cells:
        if cell.cell_type == "code" and build.calls_check(cell.source):
            cell.source = cell.source.replace("check.ngrams(ngrams)", "check.ngrams(my_ngrams)\nraise SystemExit")
    nbformat.write(notebook, folder / "renamed.ipynb")
    rows = grade.grade(folder, tmp_path / "out.csv", timeout=TIMEOUT, log=lambda *a: None)
    assert rows[0]["ngrams"] == rows[0]["modified_precision"] == "pass", rows[0]["message"]
    assert rows[0]["lab"] == "lab1" and rows[0]["points"] == rows[0]["max_points"] == "5.00"


def test_the_labs_table_matches_the_solution_notebooks():
    for lab, names in grade.LABS.items():
        (solution,) = LAB1.parent.glob(f"{lab}_*.ipynb")
        notebook = nbformat.read(solution, as_version=4)
        assert tuple(name for name, _ in grade.expected_checks(notebook)) == names
        assert grade.lab_in_name(solution) == lab
        # the content alone tells the lab too, and the plan grades every function of it
        for path in (solution, Path("submission.ipynb")):
            assert grade.plan(path, notebook) == grade.Plan(lab, tuple((name, name) for name in names)), path
    assert set(grade.POINTS) == set(grade.CHECK_NAMES)


def test_the_expected_checks_come_from_the_notebook():
    lab2 = nbformat.read(LAB1.with_name("lab2_brevity_penalty_and_bleu.ipynb"), as_version=4)
    names = [name for name, _ in grade.expected_checks(lab2)]
    assert names == ["ngrams", "modified_precision", "brevity_penalty", "sentence_bleu", "corpus_bleu"]


def test_valid_json_that_is_not_a_notebook_gets_a_row_and_the_others_are_graded(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    not_notebooks = {
        "a_cells_int.ipynb": ('{"cells": 5}', "cells is not a list"),
        "b_list.ipynb": ("[]", "the file holds a JSON list"),
        "c_cell_int.ipynb": ('{"cells": [5]}', "cell 1 is not an object"),
        "d_no_cells.ipynb": ("{}", "it has no cells"),
        "e_source_ints.ipynb": ('{"cells": [{"cell_type": "code", "source": [1, 2]}]}',
                                "the source of cell 1 is not text"),
        "f_deep.ipynb": ("[" * 100_000, "nested too deeply"),  # json.load raises RecursionError, not ValueError
    }
    for name, (text, _) in not_notebooks.items():
        (folder / name).write_text(text, encoding="utf-8")
    nbformat.write(nbformat.v4.new_notebook(), folder / "z_empty.ipynb")
    out = tmp_path / "out.csv"
    out.write_text("an old results file\n", encoding="utf-8")
    rows = grade.grade(folder, out, timeout=TIMEOUT, log=lambda *a: None)
    assert [r["file"] for r in rows] == [*not_notebooks, "z_empty.ipynb"]
    for row, (_, reason) in zip(rows, not_notebooks.values()):
        assert row["message"].startswith("cannot read the notebook: ") and reason in row["message"], row["message"]
        assert (row["points"], row["total"]) == ("0.00", 0)
    assert rows[-1]["message"].startswith("no exercise found")
    with open(out, newline="", encoding="utf-8") as handle:
        written = list(csv.DictReader(handle))
    assert [r["file"] for r in written] == [r["file"] for r in rows]  # the old file was replaced


@pytest.mark.parametrize("value", ["nan", "inf", "1e300", "0", "-1", "86401"])
def test_a_timeout_that_is_not_finite_positive_and_at_most_a_day_is_refused(tmp_path, capsys, value):
    folder = tmp_path / "in"
    folder.mkdir()
    with pytest.raises(SystemExit) as stop:
        grade.main([str(folder), "--out", str(tmp_path / "out.csv"), "--timeout", value])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "error: --timeout must be a finite positive number of seconds, at most 86400 (a day)" in err
    assert "Traceback" not in err and not (tmp_path / "out.csv").exists()


def test_grade_in_python_refuses_a_bad_timeout(tmp_path):
    for value in (float("nan"), float("inf"), 0, 86_401):
        with pytest.raises(ValueError, match="finite positive number of seconds, at most 86400"):
            grade.grade(tmp_path, tmp_path / "out.csv", timeout=value)
    for value in ("5", True, None):
        with pytest.raises(TypeError, match=r"must be a number of seconds, e.g. grade\(folder, out, timeout=20\)"):
            grade.grade(tmp_path, tmp_path / "out.csv", timeout=value)


def test_check_timeout_takes_numpy_numbers_and_refuses_an_int_too_large_for_a_float():
    import numpy as np

    for value in (np.int64(20), np.float32(20), np.float64(20.0), 20):
        seconds = grade.check_timeout(value)
        assert seconds == 20.0 and type(seconds) is float
    for value in (10**400, -(10**400), np.float64("nan"), np.int64(86_401)):
        with pytest.raises(ValueError, match="timeout must be a finite positive number of seconds, at most 86400"):
            grade.check_timeout(value)
    with pytest.raises(TypeError, match="timeout is the bool True; it must be a number of seconds"):
        grade.check_timeout(True)


def test_the_command_line_timeout_is_checked_by_check_timeout(tmp_path, capsys, monkeypatch):
    """One rule: main turns check_timeout's error into the usage error, it does not check again."""
    def refuse(timeout, **wording):
        raise ValueError(f"refused by check_timeout: {timeout!r} {wording.get('name')}")

    monkeypatch.setattr(grade, "check_timeout", refuse)
    with pytest.raises(SystemExit) as stop:
        grade.main([str(tmp_path), "--out", str(tmp_path / "out.csv"), "--timeout", "5"])
    assert stop.value.code == 2
    assert "error: refused by check_timeout: 5.0 --timeout" in capsys.readouterr().err


# ---------------------------------------------------------------- a thread left running


BACKGROUND_THREAD = "import threading, time; threading.Thread(target=lambda: time.sleep(1000)).start()"


def _grade_lab1_with(tmp_path, name: str, code: str) -> dict:
    """The grader's row for the solved lab 1 with one more code cell, ``code``, near its top."""
    folder = tmp_path / "in"
    folder.mkdir()
    notebook = nbformat.read(LAB1, as_version=4)
    notebook.cells.insert(1, nbformat.v4.new_code_cell(code))
    _write(folder, name, notebook)
    (row,) = grade.grade(folder, tmp_path / "out.csv", timeout=TIMEOUT, log=lambda *a: None)
    return row


def test_a_thread_left_running_does_not_turn_finished_checks_into_a_time_out(tmp_path):
    """A non-daemon thread kept the subprocess alive until the time limit; its checks had all passed."""
    row = _grade_lab1_with(tmp_path, "erin_thread.ipynb", BACKGROUND_THREAD)
    assert row["message"] == "all 2 checks pass"
    assert (row["points"], row["max_points"], row["passed"]) == ("5.00", "5.00", 2)


BACKGROUND_PROCESS = ("import subprocess, sys\n"
                      "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(1000)'])")


def test_a_complete_report_counts_even_when_the_time_ran_out_after_it(tmp_path):
    """A process the submission started keeps the grader's stderr pipe open past the time limit.

    The grader then stops the whole process group at the limit, as for an endless loop, but the
    report was complete: its checks stand, and nothing is called a time-out.
    """
    row = _grade_lab1_with(tmp_path, "frank_process.ipynb", BACKGROUND_PROCESS)
    assert row["message"] == "all 2 checks pass"
    assert row["points"] == "5.00"


# ---------------------------------------------------------------- refused before anything is graded


@pytest.fixture
def one_submission(tmp_path, monkeypatch):
    """A folder with one notebook, and a grade_one that fails the test if anything gets graded."""
    folder = tmp_path / "in"
    folder.mkdir()
    _write(folder, "alice.ipynb", nbformat.read(LAB1, as_version=4))

    def must_not_grade(*args, **kwargs):
        raise AssertionError("a submission was graded before the output was checked")

    monkeypatch.setattr(grade, "grade_one", must_not_grade)
    return folder


def _main_error(capsys, argv) -> str:
    assert grade.main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return err.strip()


def test_an_output_that_is_a_folder_is_refused_before_grading(one_submission, tmp_path, capsys):
    out = tmp_path / "results"
    out.mkdir()
    err = _main_error(capsys, [str(one_submission), "--out", str(out)])
    assert err == f"error: the output {out} is a folder; name the CSV file to write, e.g. {out / 'results.csv'}"
    assert list(out.iterdir()) == []


def test_an_output_in_a_missing_folder_is_refused_before_grading(one_submission, tmp_path, capsys):
    out = tmp_path / "no_such_folder" / "results.csv"
    err = _main_error(capsys, [str(one_submission), "--out", str(out)])
    assert err == (f"error: cannot write {out}: the folder {out.parent} does not exist; create it first "
                   f"(mkdir -p {out.parent}) or name a file in an existing folder")
    assert not out.parent.exists()


def test_an_output_in_a_file_is_refused_before_grading(one_submission, tmp_path, capsys):
    out = one_submission / "alice.ipynb" / "results.csv"
    err = _main_error(capsys, [str(one_submission), "--out", str(out)])
    assert err == f"error: cannot write {out}: {out.parent} is a file, not a folder"


def _refusing_open(refused: Path, modes: str):
    def fake_open(file, mode="r", *args, **kwargs):
        if Path(file) == refused and mode[0] in modes:
            raise PermissionError(13, "Permission denied", str(file))
        return open(file, mode, *args, **kwargs)

    return fake_open


def test_an_output_that_cannot_be_written_is_refused_before_grading(one_submission, tmp_path, capsys, monkeypatch):
    out = tmp_path / "results.csv"
    monkeypatch.setattr(grade, "open", _refusing_open(out, "aw"), raising=False)  # even root is refused
    err = _main_error(capsys, [str(one_submission), "--out", str(out)])
    assert err == f"error: cannot write {out}: Permission denied; name a file in a folder you can write to"


def test_an_output_that_fails_after_grading_is_one_line_too(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "broken.ipynb").write_text("{ not json", encoding="utf-8")  # its row needs no subprocess
    out = tmp_path / "results.csv"
    monkeypatch.setattr(grade, "open", _refusing_open(out, "w"), raising=False)  # the check passes, the write not
    err = _main_error(capsys, [str(folder), "--out", str(out)])
    assert err == (f"error: cannot write {out} after grading: Permission denied; the grades were not saved, "
                   f"grade again with another output file")


def test_checking_the_output_leaves_no_file_behind_and_an_old_one_untouched(tmp_path):
    new = tmp_path / "new.csv"
    assert grade.check_output(str(new)) == new and not new.exists()
    old = tmp_path / "old.csv"
    old.write_text("an old results file\n", encoding="utf-8")
    assert grade.check_output(old) == old and old.read_text(encoding="utf-8") == "an old results file\n"
    with pytest.raises(TypeError, match=r"out must be the results file to write, a str or a pathlib.Path, "
                                        r"not a value of type int\. Right: grade\(folder, 'results.csv'\)"):
        grade.check_output(5)


@pytest.mark.parametrize("files, holds", [
    ({}, "it holds no file at all"),
    ({".ipynb_checkpoints/a-checkpoint.ipynb": "{}"},
     "it holds only Jupyter's checkpoint copies, in .ipynb_checkpoints/, which are never graded"),
    ({"notes.txt": "hi"}, "it holds 1 other file: notes.txt"),
    ({"a.py": "", "b/c.json": "{}"}, "it holds 2 other files: a.py, b/c.json"),
    ({"submissions.zip": ""}, "it holds 1 other file: submissions.zip) (unzip them first"),
])
def test_a_folder_without_notebooks_is_an_error_not_an_empty_csv(tmp_path, capsys, files, holds):
    folder = tmp_path / "in"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    out = tmp_path / "results.csv"
    out.write_text("last week's grades\n", encoding="utf-8")
    err = _main_error(capsys, [str(folder), "--out", str(out)])
    assert err == (f"error: no notebooks to grade: no .ipynb file in {folder} or its subfolders ({holds}); "
                   f"give the folder that holds the submitted notebooks")
    assert out.read_text(encoding="utf-8") == "last week's grades\n"  # not replaced by an empty CSV
    with pytest.raises(FileNotFoundError, match="no notebooks to grade"):
        grade.grade(folder, out, timeout=TIMEOUT, log=lambda *a: None)


# ---------------------------------------------------------------- one check, one submission


def test_one_check_and_one_submission_are_singular(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    _write(folder, "lab4_grace.ipynb", nbformat.read(LAB1.with_name("lab4_chrf.ipynb"), as_version=4))
    lines = []
    (row,) = grade.grade(folder, tmp_path / "out.csv", timeout=TIMEOUT, log=lines.append)
    assert row["message"] == "the 1 check passes"
    assert lines[0].startswith("lab4_grace.ipynb: its 1 check passes, 3.00/3.00 points (")
    assert lines[1] == f"graded 1 submission: {tmp_path / 'out.csv'}"


def test_the_log_line_agrees_with_its_counts():
    assert grade._checks_pass(2, 2) == "2 of 2 checks pass"
    assert grade._checks_pass(1, 5) == "1 of 5 checks passes"
    assert grade._checks_pass(0, 1) == "its 1 check fails"
    assert grade._checks_pass(0, 0) == "0 of 0 checks pass"


# ---------------------------------------------------------------- the two graders, side by side in the docs


def test_the_docs_give_both_graders_scores_for_the_same_work():
    """Partial credit here, all or nothing in nbgrader's check cells: the docs' 3.88 and 2 of 5 are these."""
    from collections import Counter

    from bleu_lab.exercises import check

    namespace = {"Counter": Counter, "check": check, "display": lambda _: None}
    exec("def ngrams(tokens, n):\n    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))\n"
         + NO_CLIPPING, namespace)
    ours = sum(grade.POINTS[name] * getattr(check, name)(namespace[name]).fraction
               for name in ("ngrams", "modified_precision"))
    theirs = 0
    for name in ("ngrams", "modified_precision"):
        try:
            exec(build.nbgrader_check_source([(name, name)]), namespace)  # the autograded cell, as nbgrader runs it
        except AssertionError:
            continue
        theirs += grade.POINTS[name]
    assert (f"{ours:.2f}", theirs) == ("4.00", 2)
    for guide in (ROOT / "docs" / "teaching.md",):
        text = " ".join(guide.read_text(encoding="utf-8").split())
        assert "4.00 of 5" in text and "2 of 5" in text and "assert result.passed" in text, guide


def test_a_folder_that_is_not_a_path_is_refused_before_anything_runs(tmp_path):
    out = tmp_path / "results.csv"
    with pytest.raises(TypeError, match=r"^folder must be the folder of submissions, a str or a pathlib\.Path, "
                                        r"not a list of 1 item\(s\)\. Right: grade\('submissions/', 'results.csv'\)$"):
        grade.grade(["submissions/"], out, log=lambda line: None)
    assert not out.exists()


# ---------------------------------------------------------------- review fixes: output, options, log, grade_one


def test_an_output_that_is_a_notebook_or_a_submission_is_refused_before_grading(one_submission, tmp_path, capsys):
    """--out alice.ipynb replaced the student's notebook with the CSV; --out b.ipynb was graded the next time."""
    alice = one_submission / "alice.ipynb"
    before = alice.read_bytes()
    for out in (alice, one_submission / "b.ipynb"):
        err = _main_error(capsys, [str(one_submission), "--out", str(out)])
        assert err == (f"error: the output {out} is a notebook name: the CSV would replace that notebook, or be "
                       f"graded as a submission next time; name a .csv file, e.g. {out.with_suffix('.csv')}")
    link = tmp_path / "results.csv"
    link.symlink_to(alice)
    with pytest.raises(FileExistsError) as error:
        grade.grade(one_submission, link, log=lambda line: None)
    assert str(error.value) == (f"the output {link} is the submission alice.ipynb in {one_submission}: the CSV would "
                                f"replace it; name another file, e.g. results.csv")
    assert alice.read_bytes() == before and sorted(p.name for p in one_submission.iterdir()) == ["alice.ipynb"]


def test_an_empty_output_name_is_refused_not_read_as_the_current_folder(one_submission, capsys):
    err = _main_error(capsys, [str(one_submission), "--out", ""])
    assert err == "error: the output file name is empty; name the CSV file to write, e.g. results.csv"
    with pytest.raises(ValueError, match="^the output file name is empty"):
        grade.check_output(" ")


def test_a_leading_tilde_is_the_home_folder(one_submission, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert grade.check_output("~/results.csv") == tmp_path / "results.csv"
    (tmp_path / "empty").mkdir()
    with pytest.raises(FileNotFoundError, match=f"no .ipynb file in {tmp_path / 'empty'} or"):
        grade.grade("~/empty", "~/results.csv", log=lambda line: None)


@pytest.mark.parametrize("given, meant", [("--output", "--out"), ("--time-out", "--timeout")])
def test_a_mistyped_option_names_the_option_meant(tmp_path, capsys, given, meant):
    with pytest.raises(SystemExit) as stop:
        grade.main([str(tmp_path), given, "5"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.strip().splitlines()[-1] == (
        f"python -m bleu_lab.exercises.grade: error: unrecognized arguments: {given} 5. Did you mean {meant}? "
        f"(python -m bleu_lab.exercises.grade --help lists every option)")


def test_a_log_that_is_not_a_function_is_refused_before_grading(one_submission, tmp_path):
    with pytest.raises(TypeError) as error:
        grade.grade(one_submission, tmp_path / "results.csv", log=None)
    assert str(error.value) == ("log must be a function that takes one line of text, not None. "
                                "Right: grade(folder, out, log=print), or log=lambda line: None for no log")


def test_grade_one_takes_str_paths_and_names_a_notebook_outside_its_folder(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "broken.ipynb").write_text("{ not json", encoding="utf-8")  # its row needs no subprocess
    assert grade.grade_one(str(folder / "broken.ipynb"), str(folder))["file"] == "broken.ipynb"
    other = tmp_path / "other"
    with pytest.raises(ValueError) as error:
        grade.grade_one(folder / "broken.ipynb", other)
    assert str(error.value) == (f"the notebook {folder / 'broken.ipynb'} is not inside the folder {other}, so its row "
                                f"has no file name relative to it; give the folder that holds the notebook. "
                                f"Right: grade_one({str(folder / 'broken.ipynb')!r}, {str(folder)!r})")


def test_a_notebook_that_ends_the_grading_process_is_named_in_its_row(tmp_path):
    """os._exit(0) in a cell gave only "ngrams: not checked", with exit code 0 and no word of why."""
    cell = 1 + sum(c.cell_type == "code" for c in nbformat.read(LAB1, as_version=4).cells[:1])
    row = _grade_lab1_with(tmp_path, "heidi_exit.ipynb", "import os\nos._exit(0)")
    assert row["message"] == (f"the notebook stopped the grading process while running code cell {cell}, before the "
                              f"checks ran (exit code 0)")
    assert (row["points"], row["passed"]) == ("0.00", 0)


# ---------------------------------------------------------------- review: what is graded, and rows that add up

LAB2 = LAB1.with_name("lab2_brevity_penalty_and_bleu.ipynb")
# By hand from grade.POINTS: Lab 1 is ngrams 2 + modified_precision 3 = 5 points; Lab 2 adds
# brevity_penalty 2, sentence_bleu 3 and corpus_bleu 3: 13 points, 10 without corpus_bleu.
LAB1_POINTS, LAB2_POINTS, LAB2_WITHOUT_CORPUS = 5, 13, 10


def _grade_notebooks(tmp_path, notebooks: dict, log=lambda *a: None) -> list:
    folder = tmp_path / "in"
    folder.mkdir()
    for name, notebook in notebooks.items():
        if isinstance(notebook, str):
            (folder / name).write_text(notebook, encoding="utf-8")
        else:
            _write(folder, name, notebook)
    return grade.grade(folder, tmp_path / "out.csv", timeout=TIMEOUT, log=log)


def _assert_adds_up(row: dict) -> None:
    """points is the sum of the lab's columns; max_points the lab's; no other lab's column is filled."""
    shown = [column for column in grade.LAB_COLUMNS if row[column] != ""]
    assert all(column.startswith(row["lab"] + ".") for column in shown), (row["lab"], shown)
    assert f"{sum(float(row[column]) for column in shown):.2f}" == row["points"], row
    assert f"{sum(grade.POINTS[c.split('.')[1]] for c in shown):.2f}" == row["max_points"], row
    assert row["total"] == len(shown)


def _drop_check_cell(notebook, name):
    notebook.cells = [c for c in notebook.cells if not (c.cell_type == "code" and f"check.{name}(" in c.source)]
    return notebook


def test_a_function_defined_in_the_cell_of_its_check_is_graded(tmp_path):
    """The whole cell was skipped, so `def ngrams` never ran: 0 of 5, "no function named ngrams was defined"."""
    notebook = nbformat.read(LAB1, as_version=4)
    for name, call in (("ngrams", "check.ngrams(ngrams)\n"),
                       ("modified_precision", "result = check.modified_precision(modified_precision)\n"
                                              "assert result.passed, result.message\n")):  # as nbgrader writes it
        _drop_check_cell(notebook, name)
        for cell in notebook.cells:
            if cell.cell_type == "code" and f"def {name}(" in cell.source:
                cell.source += "\n" + call
    (row,) = _grade_notebooks(tmp_path, {"alice.ipynb": notebook})
    assert (row["lab"], row["points"], row["max_points"]) == ("lab1", "5.00", f"{LAB1_POINTS:.2f}")
    assert row["message"] == "all 2 checks pass"  # no NameError for `result`: its statement went with the call
    _assert_adds_up(row)


def test_only_the_check_calls_of_a_cell_are_left_out():
    source = "def f(x):\n    return check.ngrams(x)\n\nr = check.ngrams(f)\nprint(r)\ny = 2\n"
    namespace = {}
    exec(grade.cell_code(source, 1), namespace)
    assert callable(namespace["f"]) and namespace["y"] == 2 and "r" not in namespace


def test_a_function_defined_in_a_block_with_its_check_call_is_kept():
    # The block stays, without its check call: the def inside it runs.
    source = ("if True:\n    def f(x):\n        return x\n    check.ngrams(f)\n"
              "try:\n    def g(x):\n        return x\n    r = check.ngrams(g)\nexcept ValueError:\n    pass\n"
              "with open(__file__ if False else 'x', 'w') if False else __import__('contextlib').nullcontext():\n"
              "    check.ngrams(f)\n")
    namespace = {}
    exec(grade.cell_code(source, 1), namespace)
    assert callable(namespace["f"]) and callable(namespace["g"]) and "r" not in namespace


def test_a_dropped_result_is_not_confused_with_a_local_of_the_same_name_and_is_dropped_in_later_cells():
    # `result` is a local of h, not a read of the dropped check result, so h stays; a later cell's
    # `assert result.passed` goes with the call it depended on.
    dropped = set()
    namespace = {}
    exec(grade.cell_code("result = check.ngrams(f)\ndef h(x):\n    result = x\n    return result\n", 1, dropped),
         namespace)
    exec(grade.cell_code("assert result.passed\nz = h(3)\n", 2, dropped), namespace)
    assert namespace["z"] == 3 and dropped == {"result"}


def _lab2_without_corpus_check(keep_the_stub: bool):
    notebook = _drop_check_cell(nbformat.read(LAB2, as_version=4), "corpus_bleu")
    stub = 'def corpus_bleu(candidates, list_of_references):\n    raise NotImplementedError("your code here")\n'
    if keep_the_stub:
        return _replace_function(notebook, "corpus_bleu", stub)
    return _replace_function(notebook, "corpus_bleu", "# (deleted)\n")


def test_deleting_a_check_cell_does_not_lower_the_maximum(tmp_path):
    """A Lab 2 without corpus_bleu and its check cell got 10/10, "all 4 checks pass"."""
    rows = _grade_notebooks(tmp_path, {
        "lab2_bob.ipynb": _lab2_without_corpus_check(keep_the_stub=True),
        "bob_unnamed.ipynb": _lab2_without_corpus_check(keep_the_stub=True),  # the lab from its content
        "carol_unnamed.ipynb": _lab2_without_corpus_check(keep_the_stub=False),  # no corpus_bleu at all
    })
    by_file = {row["file"]: row for row in rows}
    for row in rows:
        assert row["lab"] == "lab2", row
        assert (row["points"], row["max_points"]) == (f"{LAB2_WITHOUT_CORPUS:.2f}", f"{LAB2_POINTS:.2f}"), row
        assert (row["lab2.corpus_bleu"], row["passed"], row["total"]) == ("0.00", 4, 5)
        _assert_adds_up(row)
    assert "corpus_bleu: not implemented yet" in by_file["lab2_bob.ipynb"]["message"]
    assert "corpus_bleu: no function named corpus_bleu was defined" in by_file["carol_unnamed.ipynb"]["message"]


def test_a_file_named_after_one_lab_holding_another_is_graded_as_its_content(tmp_path):
    """lab1_... holding a complete Lab 2 had lab1 columns summing to 5 but points 13/13."""
    notebook = nbformat.read(LAB1, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell("check.rouge_1(ngrams)"))  # a check of another lab
    dave, erin = _grade_notebooks(tmp_path, {"lab1_dave.ipynb": nbformat.read(LAB2, as_version=4),
                                             "lab1_erin.ipynb": notebook})
    assert (dave["lab"], dave["points"], dave["max_points"]) == ("lab2", f"{LAB2_POINTS:.2f}", f"{LAB2_POINTS:.2f}")
    assert dave["message"] == ("the file name says lab1, but the notebook holds the exercises of lab2: graded as "
                               "lab2 | all 5 checks pass")
    assert (erin["lab"], erin["points"]) == ("lab1", f"{LAB1_POINTS:.2f}")
    assert erin["message"] == "rouge_1 is not part of lab1: not graded | all 2 checks pass"
    for row in (dave, erin):
        _assert_adds_up(row)


def test_an_unreadable_notebook_gets_the_maximum_of_the_lab_in_its_name(tmp_path):
    """Truncated JSON and {"cells": 5} got lab "", max_points 0.00 and "0 of 0 checks pass" in the log."""
    truncated = (LAB1.read_text(encoding="utf-8"))[:500]
    lines = []
    heidi, frank, grace = _grade_notebooks(tmp_path, {"heidi.ipynb": truncated, "lab1_frank.ipynb": truncated,
                                                      "lab2_grace.ipynb": '{"cells": 5}'}, log=lines.append)
    assert (frank["lab"], frank["points"], frank["max_points"]) == ("lab1", "0.00", f"{LAB1_POINTS:.2f}")
    assert (grace["lab"], grace["points"], grace["max_points"]) == ("lab2", "0.00", f"{LAB2_POINTS:.2f}")
    assert (frank["lab1.ngrams"], frank["lab1.modified_precision"], frank["passed"]) == ("0.00", "0.00", 0)
    assert (heidi["lab"], heidi["max_points"], heidi["total"]) == ("", "0.00", 0)  # no lab to take the maximum from
    for row in (frank, grace, heidi):
        _assert_adds_up(row)
        assert row["message"].startswith("cannot read the notebook: ")
    assert lines[1].startswith("lab1_frank.ipynb: cannot read the notebook: JSONDecodeError: ")
    assert ", 0.00/5.00 points (" in lines[1]
    assert lines[2].startswith("lab2_grace.ipynb: cannot read the notebook: not a Jupyter notebook (cells is not a "
                               "list), 0.00/13.00 points (")
    assert not any("0 of 0 checks" in line for line in lines)


# ---------------------------------------------------------------- review: time-outs, stubs and helpers in the grade

STANDALONE_PRECISION = '''def modified_precision(candidate, references, n):
    """Does not call ngrams: it is checked even when ngrams loops."""
    def grams(tokens):
        return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))
    ceiling = Counter()
    for reference in references:
        ceiling |= grams(reference)
    counts = grams(candidate)
    return sum((counts & ceiling).values()), sum(counts.values())
'''


def test_a_time_out_costs_only_its_function_and_a_constant_or_a_helpers_mistake_is_not_paid_twice(tmp_path):
    looping = _replace_function(nbformat.read(LAB1, as_version=4), "ngrams", ENDLESS)
    looping = _replace_function(looping, "modified_precision", STANDALONE_PRECISION)
    constant = _replace_function(nbformat.read(LAB1, as_version=4), "ngrams",
                                 "def ngrams(tokens, n):\n    return Counter()\n")
    missing_last = _replace_function(nbformat.read(LAB1, as_version=4), "ngrams",
                                     "def ngrams(tokens, n):\n"
                                     "    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n))\n")
    rows = _grade_notebooks(tmp_path, {"a_loop.ipynb": looping, "b_constant.ipynb": constant,
                                       "c_missing_last.ipynb": missing_last})
    loop, const, last = rows
    # ngrams loops: 0 of its 2 points; modified_precision, checked in a new process, keeps its 3
    assert (loop["lab1.ngrams"], loop["lab1.modified_precision"], loop["points"]) == ("0.00", "3.00", "3.00")
    assert loop["message"] == (f"ngrams: timed out after {TIMEOUT} s (an endless loop?); the checks after it "
                               f"use a right ngrams in its place")
    # return Counter() is right by chance on the 2 inputs without n-grams: no points; the lab's own
    # modified_precision is right with a right ngrams: all 3 of its points
    assert (const["lab1.ngrams"], const["lab1.modified_precision"]) == ("0.00", "3.00"), const["message"]
    assert "only by chance" in const["message"]
    # range(len(tokens) - n) is right on the same 2 of 8 cases: 2 * 2/8 = 0.50; the caller keeps its 3
    assert (last["lab1.ngrams"], last["lab1.modified_precision"]) == ("0.50", "3.00"), last["message"]
    assert "ngrams is wrong: fix ngrams first" in last["message"]
    for row in rows:
        _assert_adds_up(row)


LOOPS_WHEN_SHORT = '''def ngrams(tokens, n):
    """Right, except that it never returns for a sentence shorter than n."""
    while len(tokens) < n:
        pass
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))
'''


def test_a_helper_that_loops_costs_only_its_own_points_in_lab_2(tmp_path):
    # Every function of Lab 2 is right but ngrams, which loops on the short-sentence case of its own
    # check. Its callers (modified_precision, sentence_bleu, corpus_bleu) would meet the loop too; with a
    # right ngrams in its place they pass. By hand from POINTS: 13 - 2 (ngrams) = 11 of 13.
    notebook = nbformat.read(LAB2, as_version=4)
    (cell,) = [c for c in notebook.cells if c.cell_type == "code" and "def ngrams(" in c.source]
    # That cell defines modified_precision too (Lab 2 recalls Lab 1 in one cell): keep it.
    cell.source = LOOPS_WHEN_SHORT + "\n\n" + cell.source[cell.source.index("def modified_precision("):]
    (row,) = _grade_notebooks(tmp_path, {"carol.ipynb": notebook})
    assert row["lab2.ngrams"] == "0.00"
    assert (row["lab2.modified_precision"], row["lab2.brevity_penalty"], row["lab2.sentence_bleu"],
            row["lab2.corpus_bleu"]) == ("3.00", "2.00", "3.00", "3.00"), row["message"]
    assert (row["points"], row["max_points"]) == ("11.00", f"{LAB2_POINTS:.2f}")
    assert row["message"].count("timed out") == 1, row["message"]
    _assert_adds_up(row)
