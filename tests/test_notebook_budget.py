"""Every lesson fits a class period, and the series fits its word budget (DESIGN.md, "Notebooks").

Reading time is measured as a reader spends it: technical prose at 150 words a minute, code at
6 lines a minute, printed output at 12 lines a minute. A lesson takes at most 25 minutes; the prose
of the whole numbered series stays within 24,000 words. Each lesson also opens with what it
teaches, what it assumes and how long it takes, and ends with questions a student can check
themselves against, with answers that open on click and need no kernel.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
SERIES_NAME = re.compile(r"^\d\d_\w+\.ipynb$")

PROSE_WORDS_PER_MINUTE = 150
CODE_LINES_PER_MINUTE = 6
OUTPUT_LINES_PER_MINUTE = 12
MINUTES_PER_LESSON = 25
SERIES_PROSE_WORDS = 24_000
MIN_QUESTIONS = 3


def series() -> list[Path]:
    return sorted(p for p in NOTEBOOKS.glob("*.ipynb") if SERIES_NAME.match(p.name))


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value or "")


def reading_load(notebook: dict) -> dict:
    """Prose words (markdown cells), code lines, printed lines (streams and text/plain).

    Counted as strictly as a reader meets them: a word is every run of letters or digits (so "0.26-0.39"
    is four words and `segment_correlation` one), and every code line counts, blank ones too.
    """
    words = code = printed = 0
    for cell in notebook["cells"]:
        source = _text(cell["source"])
        if cell["cell_type"] == "markdown":
            words += len(re.findall(r"\w+", source))
        elif cell["cell_type"] == "code":
            code += len(source.splitlines())
            for output in cell.get("outputs", []):
                shown = output.get("text") or output.get("data", {}).get("text/plain", "")
                printed += len(_text(shown).splitlines())
    return {"words": words, "code": code, "printed": printed}


def minutes(load: dict) -> float:
    return (load["words"] / PROSE_WORDS_PER_MINUTE + load["code"] / CODE_LINES_PER_MINUTE
            + load["printed"] / OUTPUT_LINES_PER_MINUTE)


def test_the_reading_rates_add_up_as_written_down():
    # 300 words (2 min) + 12 code lines (2 min) + 24 printed lines (2 min) = 6 minutes; "0.25" is two words,
    # and the blank code line counts.
    cell_md = {"cell_type": "markdown", "source": " ".join(["word"] * 298) + " 0.25"}
    cell_code = {"cell_type": "code", "source": "x = 1\n" * 11 + "\n",
                 "outputs": [{"output_type": "stream", "text": "line\n" * 24}]}
    load = reading_load({"cells": [cell_md, cell_code]})
    assert load == {"words": 300, "code": 12, "printed": 24}
    assert minutes(load) == pytest.approx(6.0)


@pytest.mark.parametrize("path", series(), ids=lambda p: p.name)
def test_each_lesson_fits_a_class_period(path):
    load = reading_load(json.loads(path.read_text(encoding="utf-8")))
    assert minutes(load) <= MINUTES_PER_LESSON, (
        f"{path.name} takes {minutes(load):.1f} minutes to read ({load['words']} words, {load['code']} code "
        f"lines, {load['printed']} printed lines): split it or shorten it to {MINUTES_PER_LESSON}")


def test_the_series_prose_fits_its_budget():
    words = sum(reading_load(json.loads(p.read_text(encoding="utf-8")))["words"] for p in series())
    assert words <= SERIES_PROSE_WORDS, f"the series has {words} words of prose; the budget is {SERIES_PROSE_WORDS}"


MINUTES_STATED = re.compile(r"\babout\s+\d+\s+minutes\b", re.IGNORECASE)
CHECK_SECTION = re.compile(r"^#{1,6}\s*check your understanding\b", re.IGNORECASE | re.MULTILINE)
ANSWER = re.compile(r"<details>\s*<summary>[^<]*answer[^<]*</summary>", re.IGNORECASE)


def opening_problems(notebook: dict) -> list:
    first = _text(notebook["cells"][0]["source"]) if notebook["cells"] else ""
    problems = []
    if not re.search(r"you will learn", first, re.IGNORECASE):
        problems.append("the first cell does not say what the reader will learn")
    if not re.search(r"\bassumes\b", first, re.IGNORECASE):
        problems.append("the first cell does not say what it assumes")
    if not MINUTES_STATED.search(first):
        problems.append("the first cell does not say about how many minutes it takes")
    return problems


def closing_problems(notebook: dict) -> list:
    markdown = "\n".join(_text(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown")
    found = CHECK_SECTION.search(markdown)
    if not found:
        return ["no 'Check your understanding' section"]
    answers = len(ANSWER.findall(markdown[found.end():]))
    if answers < MIN_QUESTIONS:
        return [f"'Check your understanding' has {answers} answers that open on click; it needs {MIN_QUESTIONS}"]
    return []


@pytest.mark.parametrize("path", series(), ids=lambda p: p.name)
def test_each_lesson_opens_with_objectives_and_ends_with_questions(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert opening_problems(notebook) + closing_problems(notebook) == []


def test_the_opening_and_closing_checks_can_fail():
    bare = {"cells": [{"cell_type": "markdown", "source": "# A lesson"}]}
    assert len(opening_problems(bare)) == 3
    assert closing_problems(bare) == ["no 'Check your understanding' section"]
    two = {"cells": [{"cell_type": "markdown", "source": "## Check your understanding\n"
                      + "<details><summary>Answer</summary>x</details>\n" * 2}]}
    assert "has 2 answers" in closing_problems(two)[0]
