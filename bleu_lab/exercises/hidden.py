"""Hidden tests for the nbgrader release: what a self-study check cannot prevent.

A check judges answers, not how they were computed, so a student whose ``chrf`` returns
``sacrebleu.sentence_chrf(...).score / 100``, or calls bleu_lab's own ``chrf``, passes it. In the
nbgrader source (:mod:`.build`) each autograded cell ends with a region between
``### BEGIN HIDDEN TESTS`` and ``### END HIDDEN TESTS``, which ``nbgrader generate_assignment``
removes from the students' release and ``nbgrader autograde`` puts back. It calls
:func:`check_own_work`, which

1. runs the student's function on cases the student has never seen (``HIDDEN_CASES``; for the
   checks without hidden cases, on the check's own cases) while a profiler records every Python
   function and built-in it calls, and fails if any of them belongs to a library that computes
   the metric (``FORBIDDEN``: bleu_lab itself, sacrebleu, nltk, rouge-score, scipy, jiwer, ...);
2. runs the same check as the student's, on those unseen cases: a function written to pass the
   visible cases alone fails here.

>>> def my_kendall_tau(x, y):
...     from scipy.stats import kendalltau
...     return kendalltau(x, y).statistic
>>> check_own_work("kendall_tau", my_kendall_tau)
Traceback (most recent call last):
...
AssertionError: my_kendall_tau calls scipy (scipy...): in this lab you compute kendall_tau yourself...
"""

from __future__ import annotations

import copy
import dataclasses
import sys

from .cases import Case, _lcs_prf, _t
from .check import SPECS

# Libraries that compute the labs' metrics: calling them is not doing the exercise.
FORBIDDEN = ("bleu_lab", "sacrebleu", "nltk", "rouge_score", "scipy", "jiwer", "torchmetrics", "evaluate",
             "sklearn", "Levenshtein", "rapidfuzz", "editdistance", "pandas")

# Cases the students never see (their right answers come from the same libraries, or, for the LCS,
# from a hand calculation written here, as in cases.py).
HIDDEN_CASES = {
    # Cormen et al.'s LCS example: 'b c b a' is an LCS of 'a b c b d a b' and 'b d c a b a' (4).
    "lcs_length": (
        Case("two letter sequences", (_t("a b c b d a b"), _t("b d c a b a")), answer=4),
        Case("two phrases swapped", (_t("on the mat the cat sat"), _t("the cat sat on the mat")), answer=3),
        Case("a repeated word against one", (_t("a a a"), _t("a")), answer=1),
    ),
    "rouge_l": (
        Case("two letter sequences", (_t("a b c b d a b"), _t("b d c a b a")), answer=_lcs_prf(4, 7, 6)),
        Case("two phrases swapped", (_t("on the mat the cat sat"), _t("the cat sat on the mat")),
             answer=_lcs_prf(3, 6, 6)),
    ),
    "chrf": (
        Case("one word replaced", ("a quick brown fox", ("the quick brown fox"))),
        Case("a string repeated", ("abcabc", "abc")),
        Case("a longer sentence", ("the children play in the park", "the children are playing in the park")),
    ),
    "edit_distance": (
        Case("two letter sequences", (_t("a b c b d a b"), _t("b d c a b a"))),
        Case("a word padded on both sides", (_t("x"), _t("y x y"))),
    ),
    "bootstrap_ci": (
        Case("four sentences, 120 samples", (
            [_t("the cat is on the mat"), _t("there is a dog in the garden"), _t("a bird is singing in the tree"),
             _t("he reads the newspaper every morning before work")],
            [_t("the cat sat on the mat"), _t("there is a dog in a garden"), _t("a bird is singing in a tree"),
             _t("he reads the newspaper each morning before going to work")],
            120, 99)),
    ),
    "kendall_tau": (
        Case("ties in both, unseen", ([3, 1, 2, 2, 5], [1, 1, 2, 3, 4])),
        Case("three items", ([0.5, 0.2, 0.9], [1, 2, 3])),
    ),
}


def libraries_called(function, argument_lists) -> dict:
    """``{library: first module seen}`` of the FORBIDDEN libraries that ``function`` calls on these inputs.

    A profiler (``sys.setprofile``) sees every Python function called, however it was imported or
    renamed, and every built-in; the student's own functions and the standard library are not listed.
    """
    found: dict = {}
    own = getattr(function, "__globals__", None)  # the student's namespace: their helpers are their own work

    def record(frame, event, arg):
        if event == "call":
            if frame.f_globals is own:
                return
            module = frame.f_globals.get("__name__", "")
        elif event == "c_call":
            module = getattr(arg, "__module__", None) or ""
        else:
            return
        top = module.split(".")[0]
        if top in FORBIDDEN and top not in found:
            found[top] = module

    for arguments in argument_lists:
        given = copy.deepcopy(arguments)
        previous = sys.getprofile()
        sys.setprofile(record)
        try:
            function(*given)
        except Exception:  # a wrong function is the check's business, below
            pass
        finally:
            sys.setprofile(previous)
    return found


def check_own_work(name: str, function) -> None:
    """Fail (AssertionError with the reason) unless ``function`` computes check ``name``'s answers itself.

    Used in the hidden region of the nbgrader autograded cells; see the module's docstring.
    """
    spec = SPECS[name]()
    cases = HIDDEN_CASES.get(name, spec.cases)
    called = libraries_called(function, [case.args for case in cases])
    function_name = getattr(function, "__name__", name)
    if called:
        shown = ", ".join(f"{library} ({module}...)" for library, module in called.items())
        raise AssertionError(
            f"{function_name} calls {shown}: in this lab you compute {name} yourself, in plain Python; "
            f"the library is for comparing afterwards.")
    if name in HIDDEN_CASES:
        from .runner import run

        result = run(dataclasses.replace(spec, cases=HIDDEN_CASES[name]), function)
        assert result.passed, f"On cases you have not seen: {result.message}"
