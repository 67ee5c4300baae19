"""Which bleu_lab functions a call runs: the measure of issue 30's readable core.

A function counts once however often it runs. Lambdas and generator expressions count: each is a
function of its own on every Python. List, set and dict comprehensions are part of the function that
holds them (Python 3.12 inlines them, PEP 709). Counted this way sacrebleu's ``sentence_bleu`` runs 26
of its functions and nltk's 16, the issue's numbers. The call is made twice and the second one is
measured, so that caches filled on the first call (a tokenizer built once) do not count.
"""

from __future__ import annotations

import sys
from pathlib import Path

PACKAGE = str(Path(__file__).resolve().parent.parent / "bleu_lab")
_PART_OF_ITS_FUNCTION = {"<listcomp>", "<dictcomp>", "<setcomp>"}


def _counts_as_function(name: str) -> bool:
    """Whether a code object called ``name`` is a function of its own (see the module docstring)."""
    return name not in _PART_OF_ITS_FUNCTION


def functions_run(call, *args, **keywords) -> dict[str, set[str]]:
    """{module path under bleu_lab/: {function names}} of the second ``call(*args, **keywords)``."""
    call(*args, **keywords)
    seen: dict[str, set[str]] = {}

    def profile(frame, event, _arg):
        code = frame.f_code
        if event == "call" and code.co_filename.startswith(PACKAGE) and _counts_as_function(code.co_name):
            module = Path(code.co_filename).relative_to(PACKAGE).as_posix()
            seen.setdefault(module, set()).add(f"{code.co_name}:{code.co_firstlineno}")

    sys.setprofile(profile)
    try:
        call(*args, **keywords)
    finally:
        sys.setprofile(None)
    return seen


def counted(seen: dict[str, set[str]]) -> tuple[int, int]:
    """(functions, modules) of :func:`functions_run`'s answer."""
    return sum(len(names) for names in seen.values()), len(seen)
