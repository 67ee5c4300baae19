"""Issue 30, item 1 for chrF, TER and ROUGE: for one sentence the code that runs is the readable
definition, a few functions in a few modules, on the standard library alone.

The limits are the issue's, counted as tests/call_counting.py counts (the second call; comprehensions
belong to their function). Before the readable core, the example below ran chrf 40 functions in 4
modules, ter 37 in 4, rouge_l 22 in 3; none of chrf, ter and their corpus forms ran without numpy.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from call_counting import counted, functions_run
from hypothesis import example, given, settings
from hypothesis import strategies as st

import bleu_lab
from bleu_lab.checks import check_candidate_and_references, check_text

ROOT = Path(__file__).resolve().parent.parent

CANDIDATE = "the cat sat on the mat"
REFERENCES = ["the cat is on the mat", "there is a cat on the mat"]
# The example; one reference; token lists; a candidate TER has to shift a block of.
INPUTS = {
    "example": (CANDIDATE, REFERENCES),
    "one reference": (CANDIDATE, REFERENCES[:1]),
    "token lists": (CANDIDATE.split(), [r.split() for r in REFERENCES]),
    "a block out of place": ("on the mat the cat sat", ["the cat sat on the mat"]),
}
# (functions, modules) at most, from the issue.
LIMITS = {"chrf": (16, 3), "ter": (24, 3), "rouge_l": (12, 3)}


@pytest.mark.parametrize("name", sorted(LIMITS))
@pytest.mark.parametrize("case", sorted(INPUTS))
def test_a_sentence_runs_a_few_functions_in_a_few_modules(name, case):
    candidate, references = INPUTS[case]
    seen = functions_run(getattr(bleu_lab, name), candidate, references)
    functions, modules = counted(seen)
    most_functions, most_modules = LIMITS[name]
    shown = {module: sorted(names) for module, names in seen.items()}
    assert functions <= most_functions, f"{name} ran {functions} functions (at most {most_functions}): {shown}"
    assert modules <= most_modules, f"{name} ran functions of {modules} modules (at most {most_modules}): {shown}"


def test_the_count_sees_the_functions_that_run():
    # The measure can fail: chrF++ splits words too (chrf_words), one function more than chrF.
    plain = counted(functions_run(bleu_lab.chrf, CANDIDATE, REFERENCES))[0]
    plus = functions_run(bleu_lab.chrf, CANDIDATE, REFERENCES, word_order=2)
    assert "chrf_words" in {name.split(":")[0] for name in plus["chrf.py"]}
    assert counted(plus)[0] == plain + 1


# Scores of every sentence-level ROUGE, chrF and TER function, and their corpus forms, on small inputs.
_SCORES = textwrap.dedent(
    """
    import bleu_lab

    c, refs = "the cat sat on the mat", ["the cat is on the mat", "there is a cat on the mat"]
    corpus = (["the cat sat on the mat", "a dog barked"], [refs, ["a dog barks", "the dog is barking"]])
    tokens = (c.split(), [r.split() for r in refs])
    scores = {
        "chrf": bleu_lab.chrf(c, refs).score,
        "chrf++ tokens": bleu_lab.chrf(*tokens, word_order=2).score,
        "corpus_chrf": bleu_lab.corpus_chrf(*corpus).score,
        "ter": bleu_lab.ter(c, refs).score,
        "ter tokens": bleu_lab.ter(*tokens).score,
        "corpus_ter": bleu_lab.corpus_ter(*corpus).score,
        "wer": bleu_lab.wer(c, refs).score,
        "rouge_l": bleu_lab.rouge_l(c, refs).fmeasure,
        "rouge_n": bleu_lab.rouge_n(c, refs, 2).fmeasure,
        "rouge_lsum": bleu_lab.rouge_lsum(c + "\\nthe end", refs).fmeasure,
        "str": [str(bleu_lab.chrf(c, refs)), str(bleu_lab.ter(c, refs)), str(bleu_lab.rouge_l(c, refs))],
    }
    """
)

_WITHOUT_NUMPY = textwrap.dedent(
    """
    import sys


    class NoNumpy:
        def find_spec(self, name, path=None, target=None):
            if name == "numpy" or name.startswith("numpy."):
                raise ImportError("numpy is not installed (blocked by the test)")
            return None


    sys.meta_path.insert(0, NoNumpy())
    """
)


def _run(code: str) -> dict:
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                               env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
    assert completed.returncode == 0, completed.stderr[-3000:]
    return json.loads(completed.stdout.strip().splitlines()[-1])


def test_rouge_chrf_and_ter_run_without_numpy_and_give_the_same_numbers():
    report = "import json\nprint(json.dumps({'scores': scores, 'numpy': 'numpy' in sys.modules}))\n"
    without = _run(_WITHOUT_NUMPY + _SCORES + report)
    with_numpy = _run("import sys\nimport numpy\n" + _SCORES + report)
    assert not without["numpy"]
    assert with_numpy["numpy"]  # the same probe sees numpy when it is there: the check can fail
    assert without["scores"] == with_numpy["scores"]


def test_the_blocker_blocks():
    # Without this, a blocker that never fired would make the test above pass for nothing.
    completed = subprocess.run([sys.executable, "-c", _WITHOUT_NUMPY + "import numpy\n"], capture_output=True,
                               text=True, timeout=120)
    assert completed.returncode != 0
    assert "blocked by the test" in completed.stderr


# Tokens that pass check_text and tokens that must not (empty, spaced, a byte-order mark, not a string).
_TOKENS = st.one_of(st.sampled_from(["the", "cat", "É"]), st.sampled_from(["the", "cat", "É"]),
                    st.sampled_from(["\ufeffthe", "", " cat", "a b", "10\u00a0000", "a\tb"]), st.integers(0, 3))


@settings(max_examples=500, deadline=None)
@example(candidate=["\ufeffthe", "cat"], references=[["the", "cat"]], as_tuples=False)
@example(candidate=["the", "cat"], references=[["the", "\ufeffcat"], ["a b"]], as_tuples=True)
@given(candidate=st.lists(_TOKENS, max_size=4), references=st.lists(st.lists(_TOKENS, max_size=4), max_size=3),
       as_tuples=st.booleans())
def test_token_lists_in_one_step_are_what_each_check_returns(candidate, references, as_tuples):
    # The one-step path for plain token lists (checks._checked_as_given) must return exactly what the
    # check of each text returns, and let nothing through that a check refuses.
    if as_tuples:
        candidate, references = tuple(candidate), tuple(tuple(r) for r in references)
    call = "chrf(candidate_tokens, [reference_tokens])"
    try:
        expected = (check_text(candidate, what="candidate", call=call),
                    [check_text(r, what="reference", call=call) for r in references])
    except (TypeError, ValueError):
        expected = None
    if expected is None or not references:
        with pytest.raises((TypeError, ValueError)):
            check_candidate_and_references(candidate, references, function="chrf")
    else:
        assert check_candidate_and_references(candidate, references, function="chrf") == expected
