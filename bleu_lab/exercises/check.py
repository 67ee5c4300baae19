"""Checks for the lab exercises: run a student's function, explain the first failure.

Each check takes the student's function, runs it on a battery of cases (the
examples of Papineni et al. 2002 and Lin 2004, then the edge cases: an empty
candidate, a candidate shorter than n, repeated words, several references,
references tied in length) and compares every answer with bleu_lab's own
implementation. It returns a :class:`CheckResult`: ``.passed``, ``.message``,
a readable ``str`` and a green or red box in a notebook.

The message says how many cases pass; for one failing case (the smallest, or
the one that shows the recognised mistake best) it shows the inputs (as code the
student can paste), the expected and the actual value, and one hint. The hint
names the usual mistake when the student's answers are what a deliberately
wrong implementation gives (clipping by the sum over references, dividing by
the reference's n-grams, an inverted brevity-penalty condition, ...) on the
battery as a whole, not on one case by chance, so the student learns *what*
went wrong, not only that something did; otherwise the case's own note says
what the case tests ("This case: ..."). When the function fails because of one
of the student's earlier lab functions it calls (its ``ngrams``, say: with a
right one in its place it passes), the message names that helper instead.
``cases_passed`` / ``cases_total`` count the passing cases; ``fraction`` is the grader's partial
credit (0 for a function that answers the same whatever its input).

The job is split three ways: :mod:`.cases` (the inputs and the right
answers), :mod:`.mistakes` (the usual mistakes and their hints) and
:mod:`.runner` (calling the function, reading its answers, the message);
this module only puts them together, one public check per exercise.

>>> from collections import Counter
>>> from bleu_lab.exercises import check
>>> def my_ngrams(tokens, n):
...     return Counter(zip(*(tokens[k:] for k in range(n))))  # n shifted copies zipped: each tuple an n-gram
>>> result = check.ngrams(my_ngrams)
>>> print(result)
✓ check.ngrams: your my_ngrams passes all 8 cases.
>>> result.passed
True
"""

from __future__ import annotations

from . import cases as _cases
from . import mistakes as _mistakes
from . import runner as _runner
from .cases import (
    BOOTSTRAP_CANDIDATES,
    BOOTSTRAP_REFERENCES,
    CAT_REFERENCES,
    LIN_REFERENCE,
    LIN_S2,
    LIN_S3,
    PAPER_CANDIDATE_1,
    PAPER_CANDIDATE_2,
    PAPER_REFERENCES,
    PAPER_THE,
    Case,
)
from .mistakes import HINTS
from .runner import CheckResult, Spec, run

# The example sentences stay importable from here too: the lab notebooks use them.
__all__ = [
    "CAT_REFERENCES",
    "CHECK_NAMES",
    "Case",
    "CheckResult",
    "HINTS",
    "brevity_penalty",
    "corpus_bleu",
    "modified_precision",
    "ngrams",
    "lcs_length",
    "rouge_l",
    "chrf",
    "edit_distance",
    "bootstrap_ci",
    "kendall_tau",
    "BOOTSTRAP_CANDIDATES",
    "BOOTSTRAP_REFERENCES",
    "LIN_REFERENCE",
    "LIN_S2",
    "LIN_S3",
    "PAPER_CANDIDATE_1",
    "PAPER_CANDIDATE_2",
    "PAPER_REFERENCES",
    "PAPER_THE",
    "rouge_1",
    "sentence_bleu",
]

# ---------------------------------------------------------------- the checks

SPECS: dict = {}
"""What each check runs (its cases, right answers, usual mistakes), by check name: ``SPECS[name]()`` is a
:class:`~bleu_lab.exercises.runner.Spec`. The hidden tests of the nbgrader release run the same check on
other cases (:mod:`bleu_lab.exercises.hidden`)."""


def _check(make_spec):
    """The public check ``check.<name>(function) -> CheckResult`` made from the function that builds its Spec."""
    def check(function) -> CheckResult:
        return run(make_spec(), function)

    SPECS[make_spec.__name__] = make_spec
    check.__name__ = check.__qualname__ = make_spec.__name__
    check.__doc__ = make_spec.__doc__
    return check


def _swap2(args):
    return (args[1], args[0])


@_check
def ngrams() -> Spec:
    """Check ``function(tokens, n) -> Counter`` of n-gram tuples against :func:`bleu_lab.ngrams`."""
    return Spec("ngrams", ("tokens", "n"), _cases.ngram_cases(), _cases.expected_ngrams, _runner.read_counts,
                    _mistakes.ngram_mistakes(), _swap2)


@_check
def modified_precision() -> Spec:
    """Check ``function(candidate, references, n) -> (matches, total)``, the clipped counts of p_n.

    p_n = sum over candidate n-grams of min(Count, Max_Ref_Count) / number of
    candidate n-grams (Papineni et al. 2002, section 2.1).
    """
    return Spec("modified_precision", ("candidate", "references", "n"), _cases.precision_cases(),
                    _cases.expected_precision, _runner.read_pair, _mistakes.precision_mistakes(),
                    lambda args: (args[1], args[0], args[2]), helpers=_helpers("ngrams"))


@_check
def brevity_penalty() -> Spec:
    """Check ``function(candidate, references) -> float``: BP = 1 if c > r else exp(1 - r/c).

    r is the reference length closest to c, the shorter one on a tie; the formula is
    Papineni et al.'s (2002, sections 2.2.2 and 2.3); BP = 0 when c = 0 is sacrebleu's convention.
    """
    return Spec("brevity_penalty", ("candidate", "references"), _cases.brevity_cases(), _cases.expected_brevity,
                    _runner.read_float, _mistakes.brevity_mistakes(), _swap2)


def _helpers(*names):
    """``(name, check, right version)`` of the lab functions a function usually calls (see runner._repair)."""
    checks = {"ngrams": ngrams, "modified_precision": modified_precision, "brevity_penalty": brevity_penalty,
              "lcs_length": lcs_length}
    return tuple((name, checks[name], _cases.right_version(name)) for name in names)


def _bleu_helpers():
    return _helpers("ngrams", "modified_precision", "brevity_penalty")


@_check
def sentence_bleu() -> Spec:
    """Check ``function(candidate, references) -> float``: BLEU-4, uniform weights, no smoothing, 0-1 scale.

    BLEU = BP * exp(sum_{n=1..4} 1/4 log p_n) (Papineni et al. 2002, section 2.3).
    """
    return Spec("sentence_bleu", ("candidate", "references"), _cases.sentence_cases(), _cases.expected_sentence,
                    _runner.read_float, _mistakes.sentence_mistakes(), _swap2, helpers=_bleu_helpers())


@_check
def corpus_bleu() -> Spec:
    """Check ``function(candidates, list_of_references) -> float``: BLEU-4 of summed statistics.

    ``list_of_references[i]`` is the list of references of ``candidates[i]``.
    """
    return Spec("corpus_bleu", ("candidates", "list_of_references"), _cases.corpus_cases(),
                    _cases.expected_corpus, _runner.read_float, _mistakes.corpus_mistakes(), _swap2,
                    helpers=_bleu_helpers())


@_check
def rouge_1() -> Spec:
    """Check ``function(candidate, reference) -> (precision, recall, fmeasure)`` (Lin 2004, section 2).

    overlap = sum_w min(count_cand(w), count_ref(w)); P = overlap / |candidate|,
    R = overlap / |reference|, F = 2PR / (P + R), and 0 wherever a denominator is 0.
    """
    return Spec("rouge_1", ("candidate", "reference"), _cases.rouge_cases(), _cases.expected_rouge,
                    _runner.read_triple, _mistakes.rouge_mistakes(), _swap2, "rouge-swapped",
                    helpers=_helpers("ngrams"))


@_check
def lcs_length() -> Spec:
    """Check ``function(a, b) -> int``: the length of the longest common subsequence of two token lists.

    Filled as a table (Lin 2004, section 3.1): T[i][j] = T[i-1][j-1] + 1 if a[i-1] == b[j-1], else
    max(T[i-1][j], T[i][j-1]); T[0][j] = T[i][0] = 0. The right answers are written in the cases
    (checked against rouge-score's LCS table in the tests).
    """
    return Spec("lcs_length", ("a", "b"), _cases.lcs_cases(), None, _runner.read_count,
                    _mistakes.lcs_mistakes(), None)


@_check
def rouge_l() -> Spec:
    """Check ``function(candidate, reference) -> (precision, recall, fmeasure)`` (Lin 2004, section 3.1).

    P = LCS / len(candidate), R = LCS / len(reference), F = 2PR / (P + R) (beta = 1, as rouge-score),
    and 0 wherever a denominator is 0.
    """
    return Spec("rouge_l", ("candidate", "reference"), _cases.rouge_l_cases(), None, _runner.read_triple,
                    _mistakes.rouge_l_mistakes(), _swap2, "rouge-swapped", helpers=_helpers("lcs_length"))


@_check
def chrf() -> Spec:
    """Check ``function(candidate: str, reference: str) -> float``: chrF on the 0-1 scale (Popovic 2015).

    Spaces removed; character n-grams of orders 1-6; per order P_n = clipped matches / candidate
    n-grams, R_n = clipped matches / reference n-grams, over the orders both strings have; P and R
    averaged over those orders; chrF = (1 + beta^2) P R / (beta^2 P + R), beta = 2. The right
    answers are sacrebleu's ``CHRF()`` (its defaults are these).
    """
    return Spec("chrf", ("candidate", "reference"), _cases.chrf_cases(), _cases.expected_chrf,
                    _runner.read_float, _mistakes.chrf_mistakes(), _swap2, "chrf-beta-wrong-side")


@_check
def edit_distance() -> Spec:
    """Check ``function(hypothesis, reference) -> int``: word-level Levenshtein distance (Levenshtein 1966).

    The fewest insertions, deletions and substitutions (each costing 1) that turn the hypothesis
    into the reference; the right answers are nltk's ``edit_distance`` on the token lists.
    """
    return Spec("edit_distance", ("hypothesis", "reference"), _cases.edit_distance_cases(),
                    _cases.expected_edit_distance, _runner.read_count, _mistakes.edit_distance_mistakes(), None)


@_check
def bootstrap_ci() -> Spec:
    """Check ``function(candidates, references, n_samples, seed) -> (low, high)`` (Koehn 2004).

    ``references[i]`` is the one reference (a token list) of ``candidates[i]``. Compute each
    sentence's BLEU statistics once; ``rng = random.Random(seed)``; for each of the ``n_samples``
    samples draw ``rng.choices(range(n), k=n)`` (with replacement), add the drawn sentences'
    statistics and score the sums by corpus BLEU (BLEU-4, no smoothing, 0-1); sort the scores;
    with k = n_samples // 40, return (scores[k], scores[n_samples - 1 - k]). The right answers use
    sacrebleu's statistics and BLEU on the same draws.
    """
    return Spec("bootstrap_ci", ("candidates", "references", "n_samples", "seed"), _cases.bootstrap_cases(),
                    _cases.expected_bootstrap, _runner.read_interval, _mistakes.bootstrap_mistakes(), None)


@_check
def kendall_tau() -> Spec:
    """Check ``function(x, y) -> float``: Kendall's tau-b of two lists of scores (Kendall 1945).

    tau_b = (C - D) / sqrt((n0 - n1)(n0 - n2)): C and D the concordant and discordant pairs,
    n0 = n(n-1)/2, n1 and n2 the pairs tied in x and in y. The right answers are
    ``scipy.stats.kendalltau`` (tau-b is its default).
    """
    return Spec("kendall_tau", ("x", "y"), _cases.kendall_cases(), _cases.expected_kendall,
                    _runner.read_float, _mistakes.kendall_mistakes(), None)


CHECK_NAMES = ("ngrams", "modified_precision", "brevity_penalty", "sentence_bleu", "corpus_bleu", "rouge_1",
               "lcs_length", "rouge_l", "chrf", "edit_distance", "bootstrap_ci", "kendall_tau")
