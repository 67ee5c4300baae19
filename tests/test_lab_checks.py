"""Labs 3-7 (ROUGE-L, chrF, edit distance and TER, the bootstrap, Kendall's tau): the checks' right
answers against the reference libraries and hand calculations, the hidden tests of the nbgrader
release, and what the nbgrader release leaves out.

(Every check passing a right version and failing each usual mistake with its hint is in
test_exercises.py, whose tables include tests/lab_answers.py.)
"""

from __future__ import annotations

import math
from pathlib import Path

import lab_answers
import nbformat
import pytest
from rouge_score.rouge_scorer import _lcs_table, _score_lcs

from bleu_lab.answers import load_answers
from bleu_lab.exercises import build, cases, check, grade, hidden

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = ROOT / "notebooks" / "exercises" / "solutions"
NEW_LABS = ["lab3_rouge", "lab4_chrf", "lab5_edit_distance_and_ter", "lab6_bootstrap_interval",
            "lab7_meta_evaluation"]


# ---------------------------------------------------------------- the right answers written in the cases


def _lcs_cases():
    return [*cases.lcs_cases(), *hidden.HIDDEN_CASES["lcs_length"]]


@pytest.mark.parametrize("case", _lcs_cases(), ids=lambda c: c.label)
def test_the_lcs_written_in_each_case_is_rouge_scores(case):
    a, b = case.args
    assert case.answer == _lcs_table(a, b)[-1][-1]


@pytest.mark.parametrize("case", [*cases.rouge_l_cases(), *hidden.HIDDEN_CASES["rouge_l"]], ids=lambda c: c.label)
def test_the_rouge_l_written_in_each_case_is_rouge_scores(case):
    candidate, reference = case.args
    score = _score_lcs(reference, candidate)  # rouge-score's order: (target, prediction)
    expected = (score.precision, score.recall, score.fmeasure)
    assert all(math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-15) for a, b in zip(case.answer, expected))


def test_hand_calculations_agree_with_the_reference_libraries():
    # chrF of "cat" against "cats", by hand in lab 4: orders 1-3, P = 1, R = (3/4 + 2/3 + 1/2) / 3.
    recall = (3 / 4 + 2 / 3 + 1 / 2) / 3
    assert math.isclose(cases.expected_chrf("cat", "cats"), 5 * recall / (4 + recall), rel_tol=1e-12)
    assert cases.expected_chrf("the cat", "thecat") == 1.0  # spaces removed
    # Kendall: 8 concordant, 2 discordant of 10 pairs; ties: 2 / sqrt(6 * 4) (lab 7's two examples).
    assert math.isclose(cases.expected_kendall([1, 2, 3, 4, 5], [1, 3, 2, 5, 4]), 0.6)
    assert math.isclose(cases.expected_kendall([0.1, 0.4, 0.35, 0.8], [1, 1, 2, 2]), 2 / math.sqrt(24))
    # Levenshtein: "a b c d" -> "b c d a" is a deletion and an insertion.
    assert cases.expected_edit_distance("a b c d".split(), "b c d a".split()) == 2


def test_a_one_sentence_bootstrap_is_that_sentences_bleu():
    from sacrebleu.metrics import BLEU

    candidate, reference = check.BOOTSTRAP_CANDIDATES[1], check.BOOTSTRAP_REFERENCES[1]
    bleu = BLEU(tokenize="none", smooth_method="none").sentence_score(" ".join(candidate), [" ".join(reference)])
    low, high = cases.expected_bootstrap([candidate], [reference], 50, 3)
    assert math.isclose(low, bleu.score / 100) and math.isclose(high, bleu.score / 100)


def test_the_bootstrap_reads_sacrebleus_places_of_the_sorted_scores():
    # 1000 scores: 1000 // 40 = 25, so the 26th smallest and the 26th largest (sacrebleu's places).
    assert cases.percentile_ends(list(range(1000))) == (25, 974)
    assert cases.percentile_ends(list(range(40))) == (1, 38)


def test_the_bootstrap_draws_are_pythons_random_choices():
    import random

    rng = random.Random(7)
    assert cases.bootstrap_draws(5, 3, 7) == [rng.choices(range(5), k=5) for _ in range(3)]


# ---------------------------------------------------------------- hidden tests: what a visible check cannot see


def _calls_bleu_lab_chrf(candidate, reference):
    import bleu_lab

    return bleu_lab.chrf(candidate, [reference]).score


def _calls_sacrebleu_chrf(candidate, reference):
    from sacrebleu.metrics import CHRF

    return CHRF().sentence_score(candidate, [reference]).score / 100


def _calls_scipy_kendall(x, y):
    from scipy.stats import kendalltau

    return float(kendalltau(x, y).statistic)


def _calls_nltk_edit_distance(hypothesis, reference):
    from nltk import edit_distance

    return edit_distance(hypothesis, reference)


@pytest.mark.parametrize("name, function, library", [
    ("chrf", _calls_bleu_lab_chrf, "bleu_lab"),
    ("chrf", _calls_sacrebleu_chrf, "sacrebleu"),
    ("kendall_tau", _calls_scipy_kendall, "scipy"),
    ("edit_distance", _calls_nltk_edit_distance, "nltk"),
])
def test_a_function_that_calls_a_library_passes_the_check_but_not_the_hidden_test(name, function, library):
    assert getattr(check, name)(function).passed  # what a self-study check cannot prevent
    with pytest.raises(AssertionError, match=rf"calls {library} \("):
        hidden.check_own_work(name, function)


def test_a_function_fitted_to_the_visible_cases_fails_the_unseen_ones():
    answers = {}
    for case in cases.kendall_cases():
        answers[repr(case.args)] = cases.expected_kendall(*case.args)

    def kendall_tau(x, y):  # tau-a, except on the cases the student saw
        return answers.get(repr((x, y)), lab_answers.kendall_tau_a(x, y))

    assert check.kendall_tau(kendall_tau).passed
    with pytest.raises(AssertionError, match="On cases you have not seen"):
        hidden.check_own_work("kendall_tau", kendall_tau)


@pytest.mark.parametrize("name", check.CHECK_NAMES)
def test_the_right_versions_pass_the_hidden_tests(name):
    from test_exercises import RIGHT

    hidden.check_own_work(name, RIGHT[name])


def test_a_students_own_helpers_are_their_own_work():
    namespace: dict = {}
    exec("def lcs_length(a, b):\n    return helper(a, b)\n\ndef helper(a, b):\n    return right(a, b)\n",
         namespace)
    namespace["right"] = lab_answers.lcs_length  # defined elsewhere (tests/), not a library
    hidden.check_own_work("lcs_length", namespace["lcs_length"])


# ---------------------------------------------------------------- the nbgrader version of each lab


@pytest.mark.parametrize("lab", sorted(p.stem for p in SOLUTIONS.glob("*.ipynb")))
def test_the_nbgrader_source_hides_the_answers_and_carries_hidden_tests(lab):
    source = build.nbgrader_notebook(nbformat.read(SOLUTIONS / f"{lab}.ipynb", as_version=4))
    code = "\n".join(c.source for c in source.cells if c.cell_type == "code")
    assert "show_answers" not in code and "bleu_lab.answers" not in code
    (written,) = [c for c in source.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "going_further_answers"]
    meta = written.metadata["nbgrader"]
    assert written.cell_type == "markdown" and meta["solution"] and meta["grade"]  # nbgrader blanks it on release
    assert written.source.strip() == load_answers(lab).strip()
    tests = [c for c in source.cells if c.metadata.get("nbgrader", {}).get("grade") and c.cell_type == "code"]
    assert tests
    for cell in tests:
        assert build.BEGIN_HIDDEN in cell.source and build.END_HIDDEN in cell.source
        assert "hidden.check_own_work(" in cell.source


@pytest.mark.parametrize("lab", NEW_LABS)
def test_cells_that_use_a_stub_may_raise_in_the_student_version(lab):
    solution = nbformat.read(SOLUTIONS / f"{lab}.ipynb", as_version=4)
    student = build.student_notebook(solution)
    for cell in student.cells:
        if cell.cell_type == "code" and not build.calls_check(cell.source) and "exercise" not in cell.metadata.get(
                "tags", []):
            uses = build.uses_exercise(cell.source, build._exercise_functions(solution))
            assert (build.RAISES_TAG in cell.metadata.get("tags", [])) == uses, cell.source


def test_every_new_check_has_a_lab_in_the_grader():
    graded = {name for names in grade.LABS.values() for name in names}
    assert {"lcs_length", "rouge_l", "chrf", "edit_distance", "bootstrap_ci", "kendall_tau"} <= graded


@pytest.mark.parametrize("lab", NEW_LABS)
def test_the_grader_gives_a_solved_lab_every_point_and_an_untouched_one_none(tmp_path, lab):
    solution = nbformat.read(SOLUTIONS / f"{lab}.ipynb", as_version=4)
    nbformat.write(solution, tmp_path / f"{lab}.ipynb")
    nbformat.write(build.student_notebook(solution), tmp_path / f"untouched_{lab}.ipynb")
    solved = grade.grade_one(tmp_path / f"{lab}.ipynb", tmp_path, timeout=120)
    untouched = grade.grade_one(tmp_path / f"untouched_{lab}.ipynb", tmp_path, timeout=120)
    maximum = sum(grade.POINTS[name] for name in grade.LABS[lab.split("_")[0]])
    assert (solved["points"], solved["max_points"]) == (f"{maximum:.2f}", f"{maximum:.2f}"), solved["message"]
    assert (untouched["points"], untouched["max_points"]) == ("0.00", f"{maximum:.2f}"), untouched["message"]


def test_the_grader_gives_no_points_to_a_function_that_calls_the_library(tmp_path):
    notebook = build.student_notebook(nbformat.read(SOLUTIONS / "lab4_chrf.ipynb", as_version=4))
    (cell,) = [c for c in notebook.cells if "exercise" in c.metadata.get("tags", [])]
    cell.source = ("def chrf(candidate, reference):\n    import bleu_lab\n\n"
                   "    return bleu_lab.chrf(candidate, [reference]).score\n")
    nbformat.write(notebook, tmp_path / "lab4_mallory.ipynb")
    row = grade.grade_one(tmp_path / "lab4_mallory.ipynb", tmp_path, timeout=120)
    assert (row["lab4.chrf"], row["chrf"]) == ("0.00", "fail"), row["message"]
    assert row["message"].startswith("chrf: calls bleu_lab to compute the answer"), row["message"]
