"""The notebook series is kept clean: run in order, no errors, no network, no machine paths, all listed.

Every ``.ipynb`` under ``notebooks/`` (recursively, ``.ipynb_checkpoints``
excluded) is checked for:

- execution counts 1, 2, 3... with every code cell executed (stored outputs
  from an out-of-order run, or cells never run, test nothing under nbval);
- no error output unless the cell says ``# NBVAL_RAISES_EXCEPTION``;
- no network in code cells (``nltk.download``, ``urlopen``, ``requests``, URLs, ``pip install``);
- no absolute paths of this machine in stored outputs (``/work/``, ``/root/``, ``/home/``, site-packages);
- a "You will learn" cell and a Summary section;
- the ``python3`` kernel, which ``make test`` runs them with;
- in the numbered series, no code line over 100 characters, and a text alternative on every figure:
  each PNG output carries ``alt`` metadata (``bleu_lab.show.plotting.set_alt_text``), which a screen
  reader gets (WCAG 2.1, 1.1.1);
- no exercise answers in the source or the stored outputs: a lab shows them only through
  ``bleu_lab.answers.show_answers(key)``, whose texts are package data; a series notebook may also
  give them in ``<details><summary>Answer</summary>...</details>`` blocks under its
  "Check your understanding" heading, which open on click and read without a kernel
  (``ANSWERS_CONVERTED``: every series notebook and lab).

And every top-level ``NN_*.ipynb`` is listed in ``00_start_here`` and in the
README's notebook table.

Each check is a function returning a list of problems, so the tests at the
bottom can show that every check fails on a notebook that breaks its rule.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
START_HERE = "00_start_here.ipynb"
SERIES_NAME = re.compile(r"^\d\d_\w+\.ipynb$")

EXPECT_ERROR = "# NBVAL_RAISES_EXCEPTION"
EXPECT_ERROR_TAG = "raises-exception"  # nbval's cell tag (the labs' student versions: a stub not written yet)
NETWORK = re.compile(
    r"nltk\.download|urlopen|urllib\.request|\brequests\b|https?://|\bwget\b|\bcurl\b|\bpip\s+install\b"
    r"|\bhttpx\b|\bsocket\b|load_dataset\(",
)
ABSOLUTE_PATH = re.compile(r"/work/|/root/|/home/|/Users/|site-packages|dist-packages")
YOU_WILL_LEARN = re.compile(r"you will learn", re.IGNORECASE)
SUMMARY = re.compile(r"^#{1,6}\s*(\d+\.\s*)?summary\b", re.IGNORECASE | re.MULTILINE)


def all_notebooks() -> list[Path]:
    return sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def series_notebooks() -> list[Path]:
    """The numbered series: top-level notebooks named NN_topic.ipynb."""
    return sorted(p for p in NOTEBOOKS.glob("*.ipynb") if SERIES_NAME.match(p.name))


def read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def source(cell: dict) -> str:
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else text


def code_cells(notebook: dict) -> list[dict]:
    return [c for c in notebook["cells"] if c["cell_type"] == "code"]


def markdown_text(notebook: dict) -> str:
    return "\n".join(source(c) for c in notebook["cells"] if c["cell_type"] == "markdown")


def output_texts(output: dict) -> list[str]:
    """The text of one stored output: streams, tracebacks and every text-like MIME type (not images)."""
    texts = []
    if output.get("output_type") == "stream":
        texts.append(output.get("text", ""))
    if output.get("output_type") == "error":
        texts.append("\n".join(output.get("traceback", [])))
        texts.append(output.get("evalue", ""))
    for mime, value in output.get("data", {}).items():
        if mime.startswith("image/") and not mime.startswith("image/svg"):
            continue  # base64 pixels
        texts.append(
            "".join(value) if isinstance(value, list) else value if isinstance(value, str) else json.dumps(value)
        )
    return [t if isinstance(t, str) else "".join(t) for t in texts]


# --------------------------------------------------------------------------- the checks
def execution_count_problems(notebook: dict) -> list[str]:
    problems = []
    for position, cell in enumerate(code_cells(notebook), 1):
        count = cell.get("execution_count")
        first = source(cell).strip().splitlines()[0][:60] if source(cell).strip() else "(empty cell)"
        if count is None:
            problems.append(f"code cell {position} was never executed: {first!r}")
        elif count != position:
            problems.append(f"code cell {position} has execution count {count}, expected {position}: {first!r}")
        for output in cell.get("outputs", []):
            if output.get("output_type") == "execute_result" and output.get("execution_count") not in (None, count):
                problems.append(f"code cell {position}: its result has execution count {output['execution_count']}")
    return problems


def error_problems(notebook: dict) -> list[str]:
    problems = []
    for position, cell in enumerate(code_cells(notebook), 1):
        if EXPECT_ERROR in source(cell) or EXPECT_ERROR_TAG in cell.get("metadata", {}).get("tags", []):
            continue
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                problems.append(
                    f"code cell {position} stored an error: {output.get('ename')}: {output.get('evalue', '')[:120]} "
                    f"(catch it and print it, or mark the cell {EXPECT_ERROR!r})"
                )
    return problems


def network_problems(notebook: dict) -> list[str]:
    problems = []
    for position, cell in enumerate(code_cells(notebook), 1):
        for number, line in enumerate(source(cell).splitlines(), 1):
            match = NETWORK.search(line)
            if match:
                problems.append(
                    f"code cell {position}, line {number} reaches for the network ({match.group(0)!r}): "
                    f"{line.strip()[:100]}"
                )
    return problems


def absolute_path_problems(notebook: dict) -> list[str]:
    problems = []
    for position, cell in enumerate(code_cells(notebook), 1):
        for output in cell.get("outputs", []):
            for text in output_texts(output):
                for match in ABSOLUTE_PATH.finditer(text):
                    start = max(0, match.start() - 40)
                    problems.append(
                        f"code cell {position} stores a path of this machine ({match.group(0)!r}): "
                        f"...{text[start:match.end() + 40]!r}..."
                    )
    return problems


def structure_problems(notebook: dict) -> list[str]:
    text = markdown_text(notebook)
    problems = []
    if not YOU_WILL_LEARN.search(text):
        problems.append('no markdown cell says "You will learn"')
    if not SUMMARY.search(text):
        problems.append('no "Summary" heading (e.g. "## Summary")')
    return problems


def kernel_problems(notebook: dict) -> list[str]:
    name = notebook.get("metadata", {}).get("kernelspec", {}).get("name")
    return [] if name == "python3" else [f"kernel is {name!r}; `make test` runs notebooks with 'python3'"]


ANSWERS_FOLDER = ROOT / "bleu_lab" / "data" / "answers"
# Every notebook's answers go through show_answers, or (series only) <details> under "Check your understanding".
ANSWERS_CONVERTED = re.compile(r"^(\d\d\w*|lab\d_\w+)\.ipynb$")
CHECK_HEADING = re.compile(r"^#{1,6}\s*check your understanding\b", re.IGNORECASE | re.MULTILINE)
OPEN_ON_CLICK = re.compile(r"<details>\s*<summary>[^<]*answer[^<]*</summary>.*?</details>", re.IGNORECASE | re.DOTALL)


def _answer_lines() -> list[str]:
    """The distinctive lines of every answer text (long enough not to occur by chance)."""
    lines = []
    for path in sorted(ANSWERS_FOLDER.glob("*.md")):
        lines += [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if len(line.strip()) >= 50]
    return lines


def without_open_answers(cells: list[dict]) -> list[str]:
    """Each cell's source, with the answers that open on click under "Check your understanding" removed
    (the <details> blocks of markdown cells from that heading on)."""
    texts, checking = [], False
    for cell in cells:
        text = "".join(cell.get("source", ""))
        if cell.get("cell_type") == "markdown":
            heading = CHECK_HEADING.search(text)
            if checking or heading:
                start = 0 if checking else heading.start()
                text = text[:start] + OPEN_ON_CLICK.sub("", text[start:])
                checking = True
        texts.append(text)
    return texts


def answer_problems(notebook: dict, answer_lines: list[str] | None = None, *, open_answers: bool = False) -> list[str]:
    """Answer lines shown in a notebook; ``open_answers`` (the series) allows them in <details> under
    "Check your understanding", never elsewhere; a lab's answers stay behind show_answers."""
    problems = []
    lines = _answer_lines() if answer_lines is None else answer_lines
    cells = notebook.get("cells", [])
    sources = without_open_answers(cells) if open_answers else ["".join(c.get("source", "")) for c in cells]
    for position, (cell, text) in enumerate(zip(cells, sources)):
        if cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"):
            problems.append(f"cell {position} is a hidden cell; use bleu_lab.answers.show_answers(key) for answers")
        for output in cell.get("outputs", []):
            text += "".join(output.get("text", "")) + "".join(output.get("data", {}).get("text/plain", ""))
            data = output.get("data", {})
            text += "".join(data.get("text/html", "")) + "".join(data.get("text/markdown", ""))
        problems += [f"cell {position} shows an answer: {line[:60]!r}..." for line in lines if line in text]
    return problems


def unlisted(names: list[str], text: str) -> list[str]:
    """The notebook names (without .ipynb) that ``text`` never mentions."""
    return [name for name in names if not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text)]


# --------------------------------------------------------------------------- the tests
def figure_alt_problems(notebook: dict) -> list[str]:
    """Every PNG output has a non-empty ``alt`` text (set with ``bleu_lab.show.plotting.set_alt_text``)."""
    problems = []
    for number, cell in enumerate(notebook["cells"], 1):
        for output in cell.get("outputs", []) if cell["cell_type"] == "code" else []:
            if "image/png" not in output.get("data", {}):
                continue
            alt = output.get("metadata", {}).get("image/png", {}).get("alt", "")
            if not isinstance(alt, str) or not alt.strip():
                problems.append(f"cell {number}: a figure with no text alternative; call "
                                "bleu_lab.show.plotting.set_alt_text(ax, 'what it shows: trend, key numbers')")
    return problems


CODE_LINE_LIMIT = 100  # characters: the notebook standard; a longer code line wraps on a projector


def long_code_line_problems(notebook: dict) -> list[str]:
    """No code line longer than ``CODE_LINE_LIMIT`` characters."""
    return [f"cell {number}: a code line of {len(line)} characters (at most {CODE_LINE_LIMIT}): {line[:40]!r}..."
            for number, cell in enumerate(notebook["cells"], 1) if cell["cell_type"] == "code"
            for line in source(cell).splitlines() if len(line) > CODE_LINE_LIMIT]


NOTEBOOK_PATHS = all_notebooks()
IDS = [str(p.relative_to(NOTEBOOKS)) for p in NOTEBOOK_PATHS]


def test_there_are_notebooks():
    assert series_notebooks(), f"no NN_topic.ipynb notebooks found in {NOTEBOOKS.relative_to(ROOT)}"


@pytest.mark.parametrize("path", NOTEBOOK_PATHS, ids=IDS)
@pytest.mark.parametrize(
    "check",
    [execution_count_problems, error_problems, network_problems, absolute_path_problems, structure_problems,
     kernel_problems],
    ids=lambda check: check.__name__.replace("_problems", ""),
)
def test_notebook(path, check):
    problems = check(read(path))
    assert not problems, (
        f"{path.relative_to(ROOT)}:\n  " + "\n  ".join(problems)
        + "\n(regenerate outputs with `make notebooks` after fixing the source)"
    )


@pytest.mark.parametrize("path", [p for p in NOTEBOOK_PATHS if ANSWERS_CONVERTED.match(p.name)],
                         ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_no_answer_is_visible(path):
    problems = answer_problems(read(path), open_answers=bool(SERIES_NAME.match(path.name)))
    assert not problems, f"{path.relative_to(ROOT)}:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("path", series_notebooks(), ids=lambda p: p.name)
def test_every_figure_of_the_series_has_a_text_alternative(path):
    problems = figure_alt_problems(read(path))
    assert not problems, f"{path.relative_to(ROOT)}:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("path", series_notebooks(), ids=lambda p: p.name)
def test_no_code_line_of_the_series_is_over_100_characters(path):
    problems = long_code_line_problems(read(path))
    assert not problems, f"{path.relative_to(ROOT)}:\n  " + "\n  ".join(problems)


def test_every_notebook_is_listed_in_start_here():
    start_here = NOTEBOOKS / START_HERE
    assert start_here.exists(), f"{START_HERE} is missing"
    names = [p.stem for p in series_notebooks() if p.name != START_HERE]
    missing = unlisted(names, markdown_text(read(start_here)))
    assert not missing, f"{START_HERE} does not list these notebooks in its map: {', '.join(missing)}"


def test_every_notebook_is_listed_in_the_readme():
    readme = ROOT / "README.md"
    assert readme.exists(), "README.md is missing"
    text = readme.read_text(encoding="utf-8")
    table_rows = "\n".join(line for line in text.splitlines() if line.lstrip().startswith("|"))
    missing = unlisted([p.stem for p in series_notebooks()], table_rows)
    assert not missing, (
        f"README.md's notebook table (rows starting with '|') does not list: {', '.join(missing)}. "
        "Add one row per notebook: | notebook | what it teaches |"
    )


# --------------------------------------------------------------------------- the checks can fail
def _cell(kind="code", text="x = 1", count=None, outputs=()):
    cell = {"cell_type": kind, "source": text, "metadata": {}}
    if kind == "code":
        cell.update(execution_count=count, outputs=list(outputs))
    return cell


def _notebook(*cells, kernel="python3"):
    return {"cells": list(cells), "metadata": {"kernelspec": {"name": kernel}}, "nbformat": 4, "nbformat_minor": 5}


def test_checks_pass_a_clean_notebook():
    clean = _notebook(
        _cell("markdown", "# T\n\n**You will learn**\n\n- x"),
        _cell(count=1, outputs=[{"output_type": "stream", "name": "stdout", "text": "0.2857\n"}]),
        _cell(count=2, text="# NBVAL_RAISES_EXCEPTION\nraise ValueError",
              outputs=[{"output_type": "error", "ename": "ValueError", "evalue": "", "traceback": []}]),
        {**_cell(count=3, text="kendall_tau([1, 2], [2, 1])", outputs=[
            {"output_type": "error", "ename": "NotImplementedError", "evalue": "", "traceback": []}]),
         "metadata": {"tags": ["raises-exception"]}},
        _cell("markdown", "## Summary\n\nDone."),
    )
    for check in (execution_count_problems, error_problems, network_problems, absolute_path_problems,
                  structure_problems, kernel_problems):
        assert check(clean) == [], check.__name__


def test_checks_catch_each_mistake():
    assert execution_count_problems(_notebook(_cell(count=1), _cell(count=3)))
    assert execution_count_problems(_notebook(_cell(count=1), _cell(count=None)))
    assert execution_count_problems(_notebook(_cell(count=2), _cell(count=1)))
    error = {"output_type": "error", "ename": "KeyError", "evalue": "'x'", "traceback": []}
    assert error_problems(_notebook(_cell(count=1, outputs=[error])))
    for line in ("import nltk; nltk.download('punkt')", "urlopen(u)", "import requests",
                 "data = 'https://example.org/x.txt'", "!pip install sacrebleu"):
        assert network_problems(_notebook(_cell(count=1, text=line))), line
    for text in ("/work/main/bleu_lab/x.py", "/root/.cache", "/home/ana/x", "/x/lib/python3.11/site-packages/y.py"):
        stream = {"output_type": "stream", "name": "stderr", "text": f"warning in {text}\n"}
        assert absolute_path_problems(_notebook(_cell(count=1, outputs=[stream]))), text
    html = {"output_type": "display_data", "data": {"text/html": "<a href='/root/x'>x</a>"}, "metadata": {}}
    assert absolute_path_problems(_notebook(_cell(count=1, outputs=[html])))
    assert structure_problems(_notebook(_cell("markdown", "## Summary")))
    assert structure_problems(_notebook(_cell("markdown", "You will learn")))
    assert kernel_problems(_notebook(kernel="python3-venv"))
    hidden = _cell("markdown", "**Answers**")
    hidden["metadata"] = {"jupyter": {"source_hidden": True}}
    assert answer_problems(_notebook(hidden), [])
    line = "1. p1 and p2 change: without reference 2 the word a matches nothing at all"
    assert answer_problems(_notebook(_cell(count=1, outputs=[{"output_type": "stream", "text": line}])), [line])
    # In the series an answer may open on click under "Check your understanding", and only there.
    details = f"<details><summary>Answer</summary>\n\n{line}\n\n</details>"
    checked = _notebook(_cell("markdown", "## Check your understanding\n\n1. Which change?\n\n" + details))
    assert answer_problems(checked, [line], open_answers=True) == []
    assert answer_problems(checked, [line])  # a lab: answers stay behind show_answers
    assert answer_problems(_notebook(_cell("markdown", "## Summary\n\n" + details)), [line], open_answers=True)
    outside = _notebook(_cell("markdown", "## Check your understanding\n\n" + details + "\n" + line))
    assert answer_problems(outside, [line], open_answers=True)


def test_the_alt_text_check_can_fail():
    png = {"output_type": "display_data", "data": {"image/png": "iVBORw0KGgo="}, "metadata": {}}
    assert figure_alt_problems(_notebook(_cell(count=1, outputs=[png])))
    blank = {**png, "metadata": {"image/png": {"alt": "  "}}}
    assert figure_alt_problems(_notebook(_cell(count=1, outputs=[blank])))
    described = {**png, "metadata": {"image/png": {"alt": "Bars: p1 = 1.0 falls to p4 = 0.67"}}}
    assert figure_alt_problems(_notebook(_cell(count=1, outputs=[described]))) == []


def test_the_code_line_check_can_fail():
    assert long_code_line_problems(_notebook(_cell(count=1, text="x = 1\n" + "y = '" + "a" * 95 + "'")))
    assert long_code_line_problems(_notebook(_cell(count=1, text="x = " + "1" * 96))) == []  # exactly 100


def test_listing_needs_the_whole_name():
    assert unlisted(["01_ngrams", "02_brevity_penalty"], "| `01_ngrams` | n-grams |") == ["02_brevity_penalty"]
    # A prefix of a longer name does not count as listed.
    assert unlisted(["06_rouge"], "| 06_rouge_and_more |") == ["06_rouge"]
