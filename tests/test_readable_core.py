"""Issue 30: for a sentence or a small corpus, the code that scores is the readable definition.

Counted with tests/call_counting.py (the second call; generator expressions count, comprehensions do
not). Measured on main before the change: sentence_bleu ran 66 bleu_lab functions in 7 modules,
corpus_bleu of one sentence 71 in 7, modified_precision 29 in 6, brevity_penalty 24 in 6 (sacrebleu's
sentence_bleu runs 26 of its own functions, nltk's 16). And they run with numpy absent: the engine in
bleu_lab/fast/ is only imported above bleu_lab.fast.FAST_FROM.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from call_counting import counted, functions_run

import bleu_lab

CANDIDATE = "the cat sat on the mat"
REFERENCES = ["the cat is on the mat", "there is a cat on the mat"]

TOKENS, REFERENCE_TOKENS = CANDIDATE.split(), [reference.split() for reference in REFERENCES]
LIMITS = [  # (function, arguments, keywords, at most functions, at most modules): the numbers
    (bleu_lab.sentence_bleu, (CANDIDATE, REFERENCES), {}, 20, 4),
    (bleu_lab.sentence_bleu, (CANDIDATE, REFERENCES[:1]), {}, 20, 4),
    (bleu_lab.sentence_bleu, (TOKENS, REFERENCE_TOKENS), {}, 20, 4),
    (bleu_lab.sentence_bleu, (CANDIDATE, REFERENCES), {"smoothing": "exp", "effective_order": True}, 20, 4),
    (bleu_lab.sentence_bleu, (CANDIDATE, REFERENCES), {"smoothing": "floor", "lowercase": True}, 20, 4),
    (bleu_lab.sentence_bleu, (CANDIDATE, REFERENCES), {"smoothing": "method1"}, 20, 4),
    (bleu_lab.sentence_bleu, (CANDIDATE, REFERENCES), {"max_order": 2}, 20, 4),
    (bleu_lab.corpus_bleu, ([CANDIDATE], [REFERENCES]), {}, 22, 4),
    (bleu_lab.corpus_bleu, ([CANDIDATE, "a dog"], [REFERENCES, ["a dog ran"]]), {}, 22, 4),
    (bleu_lab.modified_precision, (CANDIDATE, REFERENCES, 2), {}, 10, 3),
    (bleu_lab.modified_precision, (TOKENS, REFERENCE_TOKENS, 2), {}, 10, 3),
    (bleu_lab.brevity_penalty, (CANDIDATE, REFERENCES), {}, 10, 3),
]


@pytest.mark.parametrize(("function", "arguments", "keywords", "most_functions", "most_modules"), LIMITS,
                         ids=lambda value: getattr(value, "__name__", None))
def test_the_readable_core_runs_few_functions(function, arguments, keywords, most_functions, most_modules):
    seen = functions_run(function, *arguments, **keywords)
    functions, modules = counted(seen)
    assert functions <= most_functions and modules <= most_modules, seen


def test_the_counter_counts_generator_expressions_but_not_comprehensions():
    # A generator expression is a function of its own on every Python; a list comprehension is inlined
    # from Python 3.12 on (PEP 709), so it belongs to the function that holds it.
    def with_generator(values):
        return sum(v for v in values)

    def with_list(values):
        return sum([v for v in values])

    import call_counting

    assert call_counting._counts_as_function("<genexpr>") and call_counting._counts_as_function("<lambda>")
    assert not call_counting._counts_as_function("<listcomp>")
    assert with_generator([1, 2]) == with_list([1, 2])


def test_the_counter_sees_a_long_path():
    # The measure can fail: the array engine alone runs more functions than the readable sentence_bleu.
    from bleu_lab.fast.counting import count_statistics

    seen = functions_run(count_statistics, [tuple(CANDIDATE.split())], [[tuple(r.split()) for r in REFERENCES]], 4)
    assert counted(seen)[0] > 10


# Each call, run with numpy absent and with numpy present (bleu_lab as b; c and refs as above).
CALLS = {
    "sentence": "b.sentence_bleu(c, refs).score",
    "smoothed": "b.sentence_bleu(c, refs, smoothing='method4').score",
    "corpus": "b.corpus_bleu([c, 'a dog'], [refs, ['a dog ran']], smoothing='exp').score",
    "precision": "b.modified_precision(c, refs, 2).value",
    "bp": "b.brevity_penalty('the cat', refs).value",
    "stats": "b.bleu_from_stats([5, 4, 3, 2], [6, 5, 4, 3], 6, 6).score",
}

SCRIPT = r"""
import importlib.abc, json, sys

class NoNumpy(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "numpy" or name.startswith("numpy."):
            raise ImportError("numpy is absent in this test")

sys.meta_path.insert(0, NoNumpy())
import bleu_lab as b
c, refs = "the cat sat on the mat", ["the cat is on the mat", "there is a cat on the mat"]
out = {name: eval(call) for name, call in json.loads(sys.argv[1]).items()}
out["numpy"] = "numpy" in sys.modules
print(json.dumps(out))
"""


def test_bleu_runs_with_numpy_absent():
    done = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(CALLS)], capture_output=True, text=True,
                          check=False, cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 0, done.stderr[-2000:]
    got = json.loads(done.stdout)
    assert got.pop("numpy") is False
    c, refs = CANDIDATE, REFERENCES
    assert got == {name: eval(call, {"b": bleu_lab, "c": c, "refs": refs}) for name, call in CALLS.items()}
    assert got["bp"] == pytest.approx(0.1353352832366127)  # exp(1 - 6/2), by hand


def test_one_threshold_chooses_the_engine_for_bleu_too(monkeypatch):
    # bleu_lab.fast.FAST_FROM is read at the call: at 0 every corpus goes to the array engine, with the
    # readable counting's numbers; sacrebleu agrees with both.
    import sacrebleu

    import bleu_lab.fast
    from bleu_lab.fast import counting

    candidates = [CANDIDATE, "a dog ran in the park", "the the the"]
    references = [[REFERENCES[0]], ["a dog runs in the park"], ["the cat"]]
    readable = bleu_lab.corpus_bleu(candidates, references, smoothing="exp")
    engine = counting.count_statistics
    calls = []

    def spied(*arguments, **keywords):
        calls.append(1)
        return engine(*arguments, **keywords)

    monkeypatch.setattr(counting, "count_statistics", spied)
    monkeypatch.setattr(bleu_lab.fast, "FAST_FROM", 0)
    fast = bleu_lab.corpus_bleu(candidates, references, smoothing="exp")
    assert calls == [1]
    assert (fast.counts, fast.totals, fast.score) == (readable.counts, readable.totals, readable.score)
    expected = sacrebleu.corpus_bleu(candidates, [[refs[0] for refs in references]]).score  # its default is exp
    assert fast.score * 100 == pytest.approx(expected, abs=1e-9)
