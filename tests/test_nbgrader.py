"""The labs in nbgrader: generate the student version, autograde submissions, read the scores.

``python -m bleu_lab.exercises.build`` writes an nbgrader source version of each
lab. Here a throw-away nbgrader course gets those sources, runs the real
``nbgrader generate_assignment`` and ``nbgrader autograde`` (in subprocesses,
with the venv's bin first on PATH: nbgrader shells out to alembic, and the
kernel spec starts ``python``), and checks the gradebook:

- an untouched submission (the released notebook as handed out) scores 0;
- a solved one (the source, solutions in place) scores every point;
- a partly solved Lab 2 (only the two pasted Lab 1 functions written) scores
  exactly the points of the checks those functions pass.

The maximum is counted here from the ``check.<name>(...)`` calls of each
solution notebook, not read from the generated files.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from conftest import jupyter_env
from nbgrader.api import Gradebook

from bleu_lab.exercises import build

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = ROOT / "notebooks" / "exercises" / "solutions"
LABS = sorted(path.stem for path in SOLUTIONS.glob("*.ipynb"))
COMMAND_SECONDS = 600


def _env(home: Path) -> dict:
    """conftest's jupyter_env, with this venv's bin first on PATH (nbgrader shells out to alembic)."""
    env = jupyter_env(home)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    return env


def _nbgrader(course: Path, env: dict, *args: str) -> None:
    result = subprocess.run(
        [str(Path(sys.executable).parent / "nbgrader"), *args, "--force"],
        cwd=course, env=env, capture_output=True, text=True, timeout=COMMAND_SECONDS,
    )
    output = f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    assert result.returncode == 0, f"nbgrader {' '.join(args)} failed:\n{output}"


def _submit(course: Path, student: str, lab: str, notebook) -> None:
    folder = course / "submitted" / student / lab
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, folder / f"{lab}.ipynb")


def _partly_solved(course: Path, lab: str, solved_ids: set):
    """The released notebook with only the solution cells ``solved_ids`` filled in from the source."""
    source = nbformat.read(course / "source" / lab / f"{lab}.ipynb", as_version=4)
    answers = {c.metadata["nbgrader"]["grade_id"]: c.source for c in source.cells if "nbgrader" in c.metadata}
    released = nbformat.read(course / "release" / lab / f"{lab}.ipynb", as_version=4)
    for cell in released.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id in solved_ids:
            cell.source = answers[grade_id]
    return released


# A chrf that passes the visible check by calling bleu_lab: the hidden tests catch it.
CALLS_THE_LIBRARY = """from collections import Counter


def chrf(candidate, reference):
    \"\"\"chrF of a candidate string against a reference string.\"\"\"
    import bleu_lab

    return bleu_lab.chrf(candidate, [reference]).score
"""


def _with_solution(course: Path, lab: str, grade_id: str, source: str):
    """The released notebook with the solution cell ``grade_id`` replaced by ``source``."""
    released = nbformat.read(course / "release" / lab / f"{lab}.ipynb", as_version=4)
    (cell,) = [c for c in released.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id]
    cell.source = source
    return released


def _max_points(lab: str) -> int:
    """Points of the checks a lab's solution notebook calls, counted from its source text."""
    notebook = nbformat.read(SOLUTIONS / f"{lab}.ipynb", as_version=4)
    names = [name for cell in notebook.cells if cell.cell_type == "code"
             for name in re.findall(r"\bcheck\.(\w+)\(", cell.source)]
    assert names, f"{lab} has no check cells"
    return sum(build.check_points(name) for name in names)


@pytest.fixture(scope="module")
def gradebook(tmp_path_factory):
    """A course with every lab generated and three submissions autograded: {(lab, student): (score, max)}."""
    course = tmp_path_factory.mktemp("nbgrader-course")
    env = _env(course.parent / (course.name + "-home"))
    # A generous per-cell time limit: a busy 2-core CI machine starts kernels slowly.
    (course / "nbgrader_config.py").write_text(
        'c = get_config()\nc.CourseDirectory.course_id = "bleu_lab"\nc.Execute.timeout = 300\n')
    assert build.main(["--root", str(ROOT), "--only-nbgrader", "--nbgrader", str(course / "source")]) == 0
    _nbgrader(course, env, "generate_assignment", "*")
    for lab in LABS:
        released = course / "release" / lab / f"{lab}.ipynb"
        assert released.is_file(), f"nbgrader did not release {lab}"
        text = released.read_text()
        assert build.BEGIN_SOLUTION not in text and "raise NotImplementedError()" in text
        # Neither the Going further answers nor a way to show them, nor the hidden tests, reach students.
        assert "show_answers" not in text and "**Answers**" not in text and build.ANSWER_PROMPT in text
        assert build.BEGIN_HIDDEN not in text and "check_own_work" not in text
        _submit(course, "untouched", lab, nbformat.read(released, as_version=4))
        _submit(course, "solved", lab, nbformat.read(course / "source" / lab / f"{lab}.ipynb", as_version=4))
    lab2 = next(lab for lab in LABS if lab.startswith("lab2"))
    _submit(course, "partial", lab2, _partly_solved(course, lab2, {"solution_ngrams_modified_precision"}))
    lab4 = next(lab for lab in LABS if lab.startswith("lab4"))
    _submit(course, "library", lab4, _with_solution(course, lab4, "solution_chrf", CALLS_THE_LIBRARY))
    _nbgrader(course, env, "autograde", "*")
    scores = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for assignment in gb.assignments:
            for submission in gb.assignment_submissions(assignment.name):
                scores[assignment.name, submission.student_id] = (submission.score, submission.max_score)
    return scores


def test_there_are_labs():
    assert len(LABS) >= 3


@pytest.mark.parametrize("lab", LABS)
def test_untouched_submission_scores_zero(gradebook, lab):
    assert gradebook[lab, "untouched"] == (0, _max_points(lab))


@pytest.mark.parametrize("lab", LABS)
def test_solved_submission_scores_every_point(gradebook, lab):
    assert gradebook[lab, "solved"] == (_max_points(lab), _max_points(lab))


def test_each_check_is_graded_on_its_own(gradebook):
    """Lab 2 with only ngrams and modified_precision written: those two checks' points, no more."""
    lab2 = next(lab for lab in LABS if lab.startswith("lab2"))
    expected = build.check_points("ngrams") + build.check_points("modified_precision")
    assert gradebook[lab2, "partial"] == (expected, _max_points(lab2))
    assert 0 < expected < _max_points(lab2)


def test_the_hidden_tests_catch_a_function_that_calls_the_library(gradebook):
    """The visible check passes a chrf that returns bleu_lab.chrf's score; the hidden tests do not."""
    from bleu_lab.exercises import check

    namespace: dict = {}
    exec(CALLS_THE_LIBRARY, namespace)  # noqa: S102 - the submission's cell
    assert check.chrf(namespace["chrf"]).passed
    lab4 = next(lab for lab in LABS if lab.startswith("lab4"))
    assert gradebook[lab4, "library"] == (0, _max_points(lab4))


def test_a_failing_check_cell_fails_with_the_checks_feedback():
    """The autograded cell raises AssertionError carrying the check's message (what the student reads)."""
    source = build.nbgrader_check_source([("brevity_penalty", "brevity_penalty")])
    namespace = {"check": __import__("bleu_lab.exercises.check", fromlist=["check"]), "display": lambda _: None,
                 "brevity_penalty": lambda candidate, references: 1.0}
    with pytest.raises(AssertionError) as error:
        exec(source, namespace)  # noqa: S102 - the generated test cell, as nbgrader runs it
    assert "brevity_penalty" in str(error.value) and "expected" in str(error.value)


def test_solution_regions_keep_signatures_and_docstrings():
    source = ('# SOLUTION\nfrom math import exp\n\ndef f(x):\n    """Doc."""\n    y = exp(x)\n    return y\n\n\n'
              'def g(x): return x\n')
    converted = build.nbgrader_solution_source(source)
    assert converted.startswith("from math import exp\n")
    assert '    """Doc."""\n    ### BEGIN SOLUTION\n    y = exp(x)\n    return y\n    ### END SOLUTION' in converted
    assert "def g(x):\n    ### BEGIN SOLUTION\n    return x\n    ### END SOLUTION" in converted
    assert "# SOLUTION" not in converted.splitlines()[0]


def test_build_outside_the_repository_says_how_to_point_it_at_a_folder(tmp_path):
    result = subprocess.run([sys.executable, "-m", "bleu_lab.exercises.build", "--check"],
                            cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "--root DIR" in lines[0] and "Traceback" not in result.stderr
    course = tmp_path / "course"
    copied = subprocess.run([str(Path(sys.executable).parent / "bleu-lab"), "notebooks", str(course), "--solutions"],
                            capture_output=True, text=True, timeout=120)
    assert copied.returncode == 0, copied.stderr
    assert build.main(["--root", str(course), "--only-nbgrader"]) == 0
    assert sorted(p.parent.name for p in (course / "nbgrader" / "source").glob("*/*.ipynb")) == LABS
    shutil.rmtree(course)
