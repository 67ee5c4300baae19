"""Grade a folder of submitted lab notebooks: one CSV row per submission.

    python -m bleu_lab.exercises.grade SUBMISSIONS_DIR --out results.csv [--timeout 20]

Each notebook (``*.ipynb`` anywhere under the folder) is graded in its own
Python subprocess with a time limit. The subprocess runs the notebook's code
cells in order, without the statements that call ``check.<name>(...)`` (the
student's own outputs are never trusted), then runs every function of the
submission's lab through the same check the student saw (:func:`plan`: the lab
comes from the file name, or from the checks the notebook calls). A submission
that cannot be read, raises while its cells run, or loops forever still gets
its row: 0 points for what could not be checked, out of its lab's maximum, and a
message that says what happened; it never stops the grading of the others. A function
that loops costs only its own points: the submission is run again, in a new process
with the same time limit, for the checks after the one that timed out.

Points and partial credit: each function is worth ``POINTS[name]`` points, and a
submission earns them in proportion to the check's cases that pass (a
``modified_precision`` that passes 6 of its 9 cases earns 6/9 of 3 points). A
function that cannot be run, or is not implemented, earns 0, and so does one that
returns the same answer whatever its input (the cases it passes, it passes by chance), and so does
one that calls a library computing the metric (bleu_lab, sacrebleu, scipy...: see
:mod:`.hidden`), which passes its check without being the student's own work.
A function that fails only because a helper of the student's is wrong (its ``ngrams``)
earns what it earns with a right helper: the helper's mistake costs points once, in the
helper's own column (``CheckResult.fraction``).

CSV columns (``COLUMNS``): ``file`` (path relative to the folder), ``lab`` (``lab1``,
``lab2``, ... ``lab7``, recognised by the file name or by the checks the notebook
calls), then one column per function per lab, ``lab1.ngrams``,
``lab1.modified_precision``, ``lab2.ngrams``, ... holding the points earned (empty
for the other labs' columns), then ``points`` and ``max_points`` (the sums over the
lab's columns), ``passed`` and ``total`` (how many of the lab's checks pass
completely, and how many it has), and ``message`` (what went wrong, on one line; "all N checks
pass" otherwise, "the 1 check passes" for a lab of one check).

Before any submission runs, :func:`grade` makes sure there is something to grade and that the
CSV can be written: a folder with no notebook, or an output that is a folder, is named like a
notebook (``.ipynb``: the CSV would replace a submission, or be graded as one next time), sits in a
missing folder or cannot be written, is an error at once, not after minutes of grading. A leading
``~`` in the folder or the output is the home folder.

In Python, :func:`grade_one` returns the row as a dict, which also keeps one
``pass``/``fail`` entry per check name (``row["ngrams"]``), the points per check
name (``row["points_by_check"]``, a dict) and whether the notebook could be read
(``row["readable"]``); the CSV leaves those out.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import csv
import json
import os
import reprlib
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from ..checks import check_path, check_real, describe, is_real_number, one_line_parser, unrecognized_arguments_message
from .build import check_calls, runs_check
from .cases import right_version
from .check import CHECK_NAMES
from .labs import LABS, POINTS
from .runner import how_many_pass

LAB_COLUMNS = tuple(f"{lab}.{name}" for lab, names in LABS.items() for name in names)
COLUMNS = ("file", "lab", *LAB_COLUMNS, "points", "max_points", "passed", "total", "message")
DEFAULT_TIMEOUT = 20.0
MAX_TIMEOUT = 24 * 3600.0  # a day per submission: anything longer is a typo (and 1e300 overflows the wait)
MEMORY_LIMIT = 4 * 1024**3  # bytes of address space for one submission


# ---------------------------------------------------------------- reading a submission (no code runs here)


class NotANotebook(ValueError):
    """Valid JSON that is not a Jupyter notebook: the submission's row says why."""


def load_notebook(path: Path) -> dict:
    """The notebook at ``path`` as a dict, its structure checked so grading it cannot raise on it.

    Raises ``OSError``, ``ValueError`` (not JSON, not UTF-8, or :class:`NotANotebook`) or
    ``RecursionError`` (JSON nested too deeply to parse).
    """
    with open(path, encoding="utf-8") as handle:
        notebook = json.load(handle)
    if not isinstance(notebook, dict):
        raise NotANotebook(f"not a Jupyter notebook (the file holds a JSON {type(notebook).__name__}, "
                           f"not an object with cells)")
    cells = notebook.get("cells")
    if not isinstance(cells, list):
        missing = "cells" not in notebook
        raise NotANotebook(f"not a Jupyter notebook ({'it has no cells' if missing else 'cells is not a list'})")
    for number, cell in enumerate(cells, start=1):
        if not isinstance(cell, dict):
            raise NotANotebook(f"not a Jupyter notebook (cell {number} is not an object)")
        source = cell.get("source", "")
        if not (isinstance(source, str) or isinstance(source, list) and all(isinstance(s, str) for s in source)):
            raise NotANotebook(f"not a Jupyter notebook (the source of cell {number} is not text)")
    return notebook


def _unreadable(error: BaseException) -> str:
    """The row's message for a notebook that :func:`load_notebook` refused."""
    if isinstance(error, NotANotebook):
        return f"cannot read the notebook: {error}"
    if isinstance(error, RecursionError):
        return "cannot read the notebook: its JSON is nested too deeply to be a notebook"
    return f"cannot read the notebook: {type(error).__name__}: {error}"


def _code_cells(notebook: dict) -> list:
    cells = []
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code":
            source = cell.get("source", "")
            cells.append("".join(source) if isinstance(source, list) else str(source))
    return cells


def expected_checks(notebook: dict) -> list:
    """``[(check name, function name), ...]`` that this notebook's content asks for, in notebook order.

    The notebook's own ``check.name(function)`` calls decide; if the student
    deleted them, every function named like a check counts. Which of them are
    graded is :func:`plan`'s decision: every function of the submission's lab.
    """
    found = {}
    for source in _code_cells(notebook):
        for name, function in check_calls(source):
            if name in CHECK_NAMES and name not in found:
                found[name] = function
    if not found:
        found = {name: name for name in _defined_checks(notebook)}
    return sorted(found.items(), key=lambda item: CHECK_NAMES.index(item[0]))


def _defined_checks(notebook: dict) -> list:
    """The names of the functions the notebook defines (top level of a cell) that are named like a check."""
    names = []
    for source in _code_cells(notebook):
        try:
            tree = ast.parse(_without_magics(source))
        except SyntaxError:
            continue
        names += [node.name for node in tree.body
                  if isinstance(node, ast.FunctionDef) and node.name in CHECK_NAMES and node.name not in names]
    return names


@dataclass(frozen=True)
class Plan:
    """What a submission is graded on: its ``lab``, every check of that lab, and notes for the row's message.

    ``checks`` is ``[(check name, function name), ...]``: the function name is the one the notebook
    passes to that check (a renamed function), else the check's own name.
    """

    lab: str
    checks: tuple
    notes: tuple = ()


def lab_in_name(path: Path) -> str:
    """The lab a file name says: ``lab2`` for ``lab2_...`` or ``alice_lab2``; ``""`` if none."""
    stem = Path(path).stem.lower()
    for lab in LABS:
        if lab in stem.replace("-", "_").split("_") or stem.startswith(lab):
            return lab
    return ""


def lab_of_content(found, defined=()) -> str:
    """The lab of a notebook that checks (or defines) ``found``: ``""`` if no lab has them all.

    Of the labs that have every name in ``found``, the one with the most of ``found`` and ``defined``
    (Lab 2's stubs tell it from Lab 1 when only its first two checks are left), then the one they
    fill most (a Lab 3 with its own ``ngrams`` helper), then the first.
    """
    if not found:
        return ""
    names = set(found) | set(defined)

    def fit(lab):
        share = len(names & set(LABS[lab]))
        return share, share / len(LABS[lab])

    return max((lab for lab in LABS if set(found) <= set(LABS[lab])), key=fit, default="")


def plan(path: Path, notebook: dict) -> Plan:
    """The lab of a submission and the checks it is graded on: every function of that lab.

    The lab comes from the file name, unless the checks the notebook calls do not fit that lab and
    fit another one: then from the content, and the row's message says so. A check the student
    deleted still counts (0 points if its function is missing), so deleting one cannot shrink the
    maximum; a check of another lab is not graded, and the message says so.
    """
    asked = expected_checks(notebook)
    found = [name for name, _ in asked]
    named, content = lab_in_name(path), lab_of_content(found, _defined_checks(notebook))
    notes = []
    if named and (set(found) <= set(LABS[named]) or not content):
        lab = named
        others = [name for name in found if name not in LABS[lab]]
        if others:
            notes.append(f"{' and '.join(others)} {'is' if len(others) == 1 else 'are'} not part of {lab}: "
                         f"not graded")
    elif content:
        lab = content
        if named:
            notes.append(f"the file name says {named}, but the notebook holds the exercises of {lab}: "
                         f"graded as {lab}")
    else:
        lab = ""
        if found:
            notes.append(f"cannot tell which lab this is: no lab has all of {', '.join(found)}; "
                         f"name the file after its lab (lab1_..., lab2_..., ...)")
    passed_to = dict(asked)
    return Plan(lab, tuple((name, passed_to.get(name, name)) for name in LABS.get(lab, ())), tuple(notes))


def _without_magics(source: str) -> str:
    """IPython magics and shell escapes (``%...``, ``!...``) become blank lines; line numbers stay."""
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines())


# ---------------------------------------------------------------- the subprocess


def _limit_memory() -> None:
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ImportError, ValueError, OSError):
        pass


def cell_code(source: str, number: int, dropped: set | None = None):
    """A code cell compiled to run in the grader: without the statements that call ``check.<name>(...)``.

    Only those statements go, so a function defined in the same cell as its check call is still
    defined, also inside an ``if``, ``for``, ``while``, ``with`` or ``try`` block (the block stays, without
    its check calls). Statements that use what a dropped one assigned go too (``result = check.ngrams(ngrams)``
    then ``assert result.passed``, in this cell or a later one: pass the same ``dropped`` set for every
    cell): they would fail only because the call was dropped. The checks themselves run once, after every
    cell, and the outputs stored in the notebook are never read. Raises ``SyntaxError``.
    """
    filename = f"<code cell {number}>"
    tree = ast.parse(_without_magics(source), filename)
    tree.body = _without_check_calls(tree.body, set() if dropped is None else dropped)
    return compile(ast.fix_missing_locations(tree), filename, "exec")


_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_BLOCKS = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try)


def _without_check_calls(statements: list, dropped: set) -> list:
    """``statements`` without those that run a check or read a name a dropped statement assigned;
    ``dropped`` collects the names those assigned. A ``def`` or ``class`` always stays (it runs nothing
    now); a block whose own header is clean stays, with its blocks cleaned the same way."""
    kept: list[ast.stmt] = []
    for statement in statements:
        if isinstance(statement, _DEFINITIONS):
            kept.append(statement)
        elif not runs_check(statement) and not _names_read(statement) & dropped:
            kept.append(statement)
        elif isinstance(statement, _BLOCKS) and not any(
            runs_check(part) or _names_read(part) & dropped for part in _block_header(statement)
        ):
            for field in ("body", "orelse", "finalbody"):
                if getattr(statement, field, None):
                    setattr(statement, field, _without_check_calls(getattr(statement, field), dropped))
            for handler in getattr(statement, "handlers", []):
                handler.body = _without_check_calls(handler.body, dropped) or [ast.Pass()]
            statement.body = statement.body or [ast.Pass()]  # a block cannot be empty
            kept.append(statement)
        else:
            dropped |= _names_assigned(statement)
    return kept


def _block_header(statement) -> list:
    """The parts of a block statement that run before its body: a test, an iterable, context managers."""
    if isinstance(statement, (ast.If, ast.While)):
        return [statement.test]
    if isinstance(statement, (ast.For, ast.AsyncFor)):
        return [statement.iter]
    if isinstance(statement, (ast.With, ast.AsyncWith)):
        return list(statement.items)
    return []  # try: nothing runs before its body


def _names_assigned(node) -> set:
    """The plain names a statement assigns."""
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}


def _names_read(node) -> set:
    """The names ``node`` reads where it runs: not inside a nested ``def``, ``lambda`` or ``class``, whose
    own locals may share a name with a dropped result without reading it."""
    if isinstance(node, (*_DEFINITIONS, ast.Lambda)):
        return set()
    found = {node.id} if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) else set()
    for child in ast.iter_child_nodes(node):
        found |= _names_read(child)
    return found


def _run_cells(notebook: dict, namespace: dict, event) -> None:
    """Run the notebook's code cells in ``namespace``; each error becomes an ``error`` event, never a stop."""
    dropped: set = set()  # names assigned by dropped check calls, in any cell so far
    for number, source in enumerate(_code_cells(notebook), start=1):
        event(kind="cell", cell=number)
        try:
            exec(cell_code(source, number, dropped), namespace)
        except (Exception, SystemExit) as error:  # the student's error goes in the CSV
            if isinstance(error, SyntaxError):
                text = f"{type(error).__name__} at line {error.lineno}: {error.msg}"
            else:
                text = f"{type(error).__name__}: {error}"
            event(kind="error", text=f"code cell {number}: {text}")


def run_one(notebook_path: Path, report_path: Path, checks, stand_ins=()) -> None:
    """Run one submission and append JSON events to ``report_path`` as they happen.

    ``checks`` is the plan's ``[(check name, function name), ...]``: the parent decides what is
    graded, so the subprocess cannot disagree with the row it fills. ``stand_ins`` are the
    ``(check name, function name)`` of functions that timed out in an earlier run: a right version
    takes each one's place, so the functions that call it are graded on their own code.
    """
    from . import check

    _limit_memory()
    with open(report_path, "a", encoding="utf-8") as report:

        def event(**fields):
            report.write(json.dumps(fields) + "\n")
            report.flush()

        try:
            notebook = load_notebook(notebook_path)
        except (OSError, ValueError, RecursionError) as error:
            event(kind="error", text=_unreadable(error))
            event(kind="done")
            return
        namespace = {"__name__": "__submission__"}
        with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            _run_cells(notebook, namespace, event)
            for name, function_name in stand_ins:
                namespace[function_name] = right_version(name)
            for name, function_name in checks:
                function = namespace.get(function_name, namespace.get(name))
                event(kind="start", check=name)
                if function is None:
                    event(kind="result", check=name, passed=False,
                          summary=f"no function named {function_name} was defined")
                    continue
                try:
                    result = getattr(check, name)(function)
                    # A right version standing in for a helper that looped is bleu_lab's code: not the student's.
                    called = {} if stand_ins else _libraries_called(name, function)
                    if called:
                        event(kind="result", check=name, passed=False, summary=_library_summary(called),
                              cases_passed=0, cases_total=result.cases_total, fraction=0.0)
                        continue
                    event(kind="result", check=name, passed=result.passed, summary=_short_summary(result),
                          cases_passed=result.cases_passed, cases_total=result.cases_total,
                          fraction=result.fraction)
                except Exception as error:  # a check should never raise; if it does, the row says so
                    event(kind="result", check=name, passed=False,
                          summary=f"the check itself failed: {type(error).__name__}: {error}")
        event(kind="done")  # the report is complete: whatever still runs cannot change the grade


def _libraries_called(name: str, function) -> dict:
    """The metric libraries (bleu_lab, sacrebleu, scipy, ...) the function calls on its check's cases."""
    from .check import SPECS
    from .hidden import libraries_called

    return libraries_called(function, [case.args for case in SPECS[name]().cases])


def _library_summary(called: dict) -> str:
    """The row's message for a function that calls a library computing the metric: 0 points."""
    return (f"calls {', '.join(called)} to compute the answer, so it earns no points: the lab asks for the "
            f"student's own code")


def _short_summary(result) -> str:
    """A check's verdict for the CSV: the first line and the hint, without the check's name."""
    if result.status == "not-implemented":
        return "not implemented yet"
    text = result.summary
    for prefix in (f"✗ check.{result.name}: ", f"✓ check.{result.name}: ", "✗ "):
        if text.startswith(prefix):
            return text[len(prefix):]
    return text


# ---------------------------------------------------------------- the parent


def check_timeout(timeout, *, name: str = "timeout",
                  right: str = f"e.g. grade(folder, out, timeout={DEFAULT_TIMEOUT:g})") -> float:
    """``timeout`` as a float of seconds (numpy numbers too), or a TypeError/ValueError naming the mistake.

    The one home of the rule: finite, above 0 and at most ``MAX_TIMEOUT``. ``name`` and ``right`` word the
    message for the caller (``main`` passes ``--timeout`` and a command-line example).
    """
    if not is_real_number(timeout):
        raise TypeError(f"{name} is {describe(timeout)}; it must be a number of seconds, {right}")
    rule = f"{name} must be a finite positive number of seconds, at most {MAX_TIMEOUT:g} (a day), {right}"
    try:
        seconds = check_real(timeout, name)  # NaN, infinities and ints too large for a float (10**400)
    except ValueError:
        raise ValueError(f"{rule}; got {reprlib.repr(timeout)}") from None
    if not 0 < seconds <= MAX_TIMEOUT:
        raise ValueError(f"{rule}; got {reprlib.repr(timeout)}")
    return seconds


def _child_environment() -> dict:
    env = dict(os.environ)
    package_root = str(Path(__file__).resolve().parents[2])  # so `-m bleu_lab...` works from any folder
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_root, env.get("PYTHONPATH")) if p)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def _read_events(path: Path) -> list:
    events = []
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                events.append(json.loads(line))
            except ValueError:
                pass  # a line cut short when the process was killed
    return events


def _points(result) -> float:
    """Partial credit for one check's result event: POINTS x the check's ``fraction`` (CheckResult.fraction).

    That is the share of its cases that pass, but 0 for a function that answers the same whatever its
    input, and the share it passes with right helpers when a helper of the student's is wrong (the
    helper's mistake costs points once, in the helper's own check).
    """
    name = result["check"]
    if result.get("passed"):
        return float(POINTS[name])
    if is_real_number(result.get("fraction")):
        return POINTS[name] * min(1.0, max(0.0, float(result["fraction"])))
    total = result.get("cases_total") or 0
    return POINTS[name] * (result.get("cases_passed", 0) / total if total else 0.0)


def _relative_file(path: Path, root: Path) -> str:
    """``path`` relative to ``root`` (the row's ``file``), or a ValueError naming both."""
    for inner, outer in ((path, root), (path.resolve(), root.resolve())):
        with contextlib.suppress(ValueError):
            return inner.relative_to(outer).as_posix()
    raise ValueError(f"the notebook {path} is not inside the folder {root}, so its row has no file name relative "
                     f"to it; give the folder that holds the notebook. Right: grade_one({str(path)!r}, "
                     f"{str(path.parent)!r})")


def _where(events: list) -> str:
    """Where the subprocess was when it stopped: its last cell or check event."""
    started = [e for e in events if e.get("kind") in ("cell", "start")]
    if not started:
        return "before any code ran"
    if started[-1]["kind"] == "cell":
        return f"while running code cell {started[-1]['cell']}"
    return f"while checking {started[-1]['check']}"


def grade_one(path: Path, root: Path, timeout: float = DEFAULT_TIMEOUT) -> dict:
    """Grade one notebook in a subprocess; return its row as a dict (the CSV's columns and a little more).

    The row's ``points`` is always the sum of its lab's columns, and ``max_points`` the lab's maximum,
    whatever the notebook holds: a notebook that cannot be read gets 0 of its lab's points (the lab
    from its file name), one that deleted a check cell 0 for that check.
    """
    timeout = check_timeout(timeout)
    right = "grade_one('submissions/alice.ipynb', 'submissions/')"
    path = check_path(path, "path", "the notebook to grade", right)
    root = check_path(root, "root", "the folder of submissions that holds it", right)
    row: dict = {column: "" for column in COLUMNS}
    row.update({name: "" for name in CHECK_NAMES})  # pass / fail per check, for callers in Python
    row.update(file=_relative_file(path, root), readable=True)
    try:
        notebook = load_notebook(path)
    except (OSError, ValueError, RecursionError) as error:
        lab = lab_in_name(path)
        _score(row, lab, [(name, name) for name in LABS.get(lab, ())], {}, done=False)
        row.update(lab=lab, readable=False, message=_unreadable(error))
        return row
    planned = plan(path, notebook)
    events, messages = _run_submission(path, planned.checks, timeout)
    results = {e["check"]: e for e in events if e.get("kind") == "result"}
    messages += _score(row, planned.lab, planned.checks, results, _complete(events))
    if not planned.checks:
        if not planned.notes:
            messages.append("no exercise found: the notebook calls no check and defines none of the functions")
    elif not messages:
        count = len(planned.checks)
        messages.append("the 1 check passes" if count == 1 else f"all {count} checks pass")
    row["lab"] = planned.lab
    row["message"] = " | ".join(" ".join(m.split()) for m in (*planned.notes, *messages))
    return row


def _run_submission(path: Path, checks, timeout: float) -> tuple:
    """Run :func:`run_one` in subprocesses with a time limit: ``(their events, messages about the runs)``.

    The messages are the errors of the submission's cells, and first, if a process timed out or ended
    before its report was complete while its cells ran, what happened. A check that times out (or whose
    function ends the process) costs only its own points: its result says so, and the submission is run
    again, in a new process with the same time limit, for the checks after it.
    """
    events: list = []
    messages: list = []
    remaining = list(checks)
    stand_ins: list = []  # the lab functions that timed out, replaced by right ones in the runs after
    while True:
        run_events, run_messages, stopped = _run_process(path, remaining, timeout, stand_ins)
        if events:  # a run again: its cells' errors were reported by the first run
            run_events = [e for e in run_events if e.get("kind") != "error"]
            run_messages = [m for m in run_messages if not m.startswith("code cell ")]
        events += [e for e in run_events if e.get("kind") != "done"]
        messages += run_messages
        if stopped is None:  # complete, or stopped while its cells ran: nothing more can be checked
            if _complete(run_events):
                events.append({"kind": "done"})
            return events, messages
        name, why = stopped
        names = [check_name for check_name, _ in remaining]
        stopped_at = names.index(name)
        later = remaining[stopped_at + 1:]
        if later and right_version(name) is not None:
            # Its callers would loop too: they are graded with a right version in its place.
            stand_ins.append(remaining[stopped_at])
            why += f"; the checks after it use a right {name} in its place"
        events.append({"kind": "result", "check": name, "passed": False, "summary": why,
                       "cases_passed": 0, "cases_total": 0})
        remaining = later
        if not remaining:
            events.append({"kind": "done"})
            return events, messages


def _run_process(path: Path, checks, timeout: float, stand_ins=()) -> tuple:
    """One subprocess of :func:`_run_submission`: ``(events, messages, stopped)``.

    ``stopped`` is ``(check name, what happened)`` when the process timed out or ended while it was
    checking that function, so the others can still be checked; otherwise None (a time-out while the
    cells ran is one of the messages: nothing after it can be checked).
    """
    with tempfile.TemporaryDirectory(prefix="bleu_lab_grade_") as work:
        report = Path(work) / "events.jsonl"
        command = [sys.executable, "-m", "bleu_lab.exercises.grade", "--run-one", str(path.resolve()),
                   "--report", str(report), "--checks", json.dumps(list(checks)),
                   "--stand-ins", json.dumps(list(stand_ins))]
        process = subprocess.Popen(command, cwd=work, env=_child_environment(), stdin=subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        timed_out = False
        try:
            _, stderr = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)  # the submission and anything it started
            _, stderr = process.communicate()
        events = _read_events(report)

    messages = [e["text"] for e in events if e.get("kind") == "error"]
    # A complete report counts even if the time ran out after it: something the submission started
    # (a process holding the grader's stderr open, say) outlived its checks, which are all done.
    done = _complete(events)
    checking = _checking(events)
    if done:
        return events, messages, None
    tail = (stderr or b"").decode("utf-8", "replace").strip().splitlines()[-1:]
    ended = f"exit code {process.returncode}{': ' + tail[0] if tail else ''}"
    if checking is not None:  # the function being checked loops, or ends the process: only it loses points
        why = (f"timed out after {timeout:g} s (an endless loop?)" if timed_out
               else f"the function stopped the grading process ({ended})")
        return events, messages, (checking, why)
    if timed_out:
        messages.insert(0, f"timed out after {timeout:g} s {_where(events)} (an endless loop?)")
    else:  # the process ended before its report did: os._exit, sys.exit in a thread, a crash
        where = _where(events)
        if where.startswith("while running code cell"):
            where += ", before the checks ran"
        messages.insert(0, f"the notebook stopped the grading process {where} ({ended})")
    return events, messages, None


def _checking(events: list) -> str | None:
    """The check the subprocess had started and not finished when it stopped, if it stopped in one."""
    started = [e for e in events if e.get("kind") in ("cell", "start")]
    if not started or started[-1]["kind"] != "start":
        return None
    name = started[-1]["check"]
    finished = any(e.get("kind") == "result" and e.get("check") == name for e in events)
    return None if finished else name


def _complete(events: list) -> bool:
    """Whether the subprocess's report is complete: every check it was given has its result."""
    return any(e.get("kind") == "done" for e in events)


def _score(row: dict, lab: str, checks, results: dict, done: bool) -> list:
    """Fill the row's points from the checks' result events; return the messages about the checks that failed.

    Every check of the plan has its column, ``lab.name``: a check with no result earns 0 ("not
    checked" if the report is complete, so the check was never reached).
    """
    messages, earned, passed = [], {}, 0
    for name, _ in checks:
        result = results.get(name)
        earned[name] = _points(result) if result else 0.0
        row[f"{lab}.{name}"] = f"{earned[name]:.2f}"
        if result and result["passed"]:
            row[name] = "pass"
            passed += 1
        else:
            row[name] = "fail"
            if result:
                messages.append(f"{name}: {result['summary']}")
            elif done:
                messages.append(f"{name}: not checked")
    row.update(passed=passed, total=len(checks), points_by_check=earned, points=f"{sum(earned.values()):.2f}",
               max_points=f"{sum(POINTS[name] for name, _ in checks):.2f}")
    return messages


def submissions(folder: Path) -> list:
    """Every notebook under ``folder``, in sorted order, skipping Jupyter's checkpoint copies."""
    return sorted(p for p in Path(folder).rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def _checks_pass(passed: int, total: int) -> str:
    """'2 of 2 checks pass', '1 of 5 checks passes', 'its 1 check passes': a log line's verdict."""
    if total == 1:
        return f"its 1 check {'passes' if passed else 'fails'}"
    return how_many_pass(passed, total, "check")


def _verdict(row: dict) -> str:
    """The log line's verdict: how many checks pass, or the message when nothing was checked (unreadable)."""
    if not row["readable"] or not row["total"]:
        return row["message"]
    return _checks_pass(row["passed"], row["total"])


def _notebooks_in(folder: Path) -> list:
    """:func:`submissions`, or a FileNotFoundError that says what the folder holds instead."""
    found = submissions(folder)
    if found:
        return found
    files = [p for p in folder.rglob("*") if p.is_file()]
    others = sorted(p.relative_to(folder).as_posix() for p in files if ".ipynb_checkpoints" not in p.parts)
    if others:
        holds = (f"it holds {len(others)} other file{'s' if len(others) > 1 else ''}: {', '.join(others[:3])}"
                 f"{', ...' if len(others) > 3 else ''}")
    elif files:
        holds = "it holds only Jupyter's checkpoint copies, in .ipynb_checkpoints/, which are never graded"
    else:
        holds = "it holds no file at all"
    zipped = " (unzip them first)" if any(name.lower().endswith(".zip") for name in others) else ""
    raise FileNotFoundError(
        f"no notebooks to grade: no .ipynb file in {folder} or its subfolders ({holds}){zipped}; "
        f"give the folder that holds the submitted notebooks")


def check_output(out) -> Path:
    """``out`` as a Path once it is sure a CSV can be written there, else an error that names the fix.

    Called before any submission runs: grading takes up to the time limit per notebook, and an output
    that cannot be written found only at the end loses all of it. The check opens the file for
    appending (its content is untouched) and removes it again if it did not exist, so a refused or
    interrupted grading leaves no empty CSV behind.
    """
    if isinstance(out, str) and not out.strip():  # Path("") is the current folder
        raise ValueError("the output file name is empty; name the CSV file to write, e.g. results.csv")
    out = check_path(out, "out", "the results file to write", "grade(folder, 'results.csv')")
    if out.is_dir():
        raise IsADirectoryError(f"the output {out} is a folder; name the CSV file to write, e.g. {out / 'results.csv'}")
    if out.suffix.lower() == ".ipynb":
        raise ValueError(f"the output {out} is a notebook name: the CSV would replace that notebook, or be graded "
                         f"as a submission next time; name a .csv file, e.g. {out.with_suffix('.csv')}")
    parent = out.parent
    if not parent.exists():
        raise FileNotFoundError(f"cannot write {out}: the folder {parent} does not exist; create it first "
                                f"(mkdir -p {parent}) or name a file in an existing folder")
    if not parent.is_dir():
        raise NotADirectoryError(f"cannot write {out}: {parent} is a file, not a folder")
    existed = out.exists()
    try:
        with open(out, "a", encoding="utf-8"):
            pass
    except OSError as error:
        raise type(error)(f"cannot write {out}: {error.strerror or error}; name a file in a folder you can "
                          f"write to") from None
    if not existed:
        out.unlink(missing_ok=True)
    return out


def grade(folder: Path, out: Path, timeout: float = DEFAULT_TIMEOUT, log=print) -> list:
    """Grade every notebook under ``folder`` and write the CSV to ``out``; return the rows.

    Everything that can be checked is checked before the first submission runs: ``timeout``, ``log``,
    the folder (it must hold at least one notebook: an empty CSV would replace an old one with nothing)
    and ``out`` (:func:`check_output`; it must not be one of the submissions, through a link say).
    """
    timeout = check_timeout(timeout)  # before any submission runs
    if not callable(log):
        raise TypeError(f"log must be a function that takes one line of text, not {describe(log)}. "
                        f"Right: grade(folder, out, log=print), or log=lambda line: None for no log")
    folder = check_path(folder, "folder", "the folder of submissions", "grade('submissions/', 'results.csv')")
    if not folder.is_dir():
        raise FileNotFoundError(f"{folder} is not a folder; give the folder that holds the submitted notebooks")
    paths = _notebooks_in(folder)
    out = check_output(out)
    if out.exists():
        for path in paths:
            if out.samefile(path):
                raise FileExistsError(f"the output {out} is the submission {path.relative_to(folder).as_posix()} "
                                      f"in {folder}: the CSV would replace it; name another file, e.g. results.csv")
    rows = []
    for path in paths:
        start = time.monotonic()
        row = grade_one(path, folder, timeout)
        rows.append(row)
        log(f"{row['file']}: {_verdict(row)}, {row['points']}/{row['max_points']} points "
            f"({time.monotonic() - start:.1f} s)")
    try:
        with open(out, "w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=COLUMNS, extrasaction="ignore")
            writer.writeheader()
            writer.writerows(rows)
    except OSError as error:  # checked before grading, so something changed in the meantime
        raise type(error)(f"cannot write {out} after grading: {error.strerror or error}; the grades were not "
                          f"saved, grade again with another output file") from None
    log(f"graded {len(rows)} submission{'s' if len(rows) != 1 else ''}: {out}")
    return rows


def main(argv=None) -> int:
    """Command line entry point: grade a folder of submissions into a CSV."""
    parser = one_line_parser(
        prog="python -m bleu_lab.exercises.grade",
        description="Run every submitted lab notebook in a folder through the checks and write a CSV.",
    )
    # nargs="?" only because the hidden --run-one needs no folder; without it a folder is required (below).
    parser.add_argument("folder", type=Path, nargs="?", metavar="FOLDER",
                        help="folder of submitted notebooks (searched recursively); required")
    parser.add_argument("--out", default="results.csv", help="CSV file to write (default results.csv)")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT,
                        help=f"seconds allowed per run of a submission (default {DEFAULT_TIMEOUT:g}, "
                             f"at most {MAX_TIMEOUT:g})")
    parser.add_argument("--run-one", type=Path, help=argparse.SUPPRESS)  # the subprocess's entry point
    parser.add_argument("--report", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--checks", default="[]", help=argparse.SUPPRESS)  # the plan's checks, as JSON
    parser.add_argument("--stand-ins", default="[]", help=argparse.SUPPRESS)  # functions replaced (run_one)
    args, unrecognized = parser.parse_known_args(argv)
    if unrecognized:  # with the option a mistyped one meant, as bleu-lab's own command line does
        parser.error(unrecognized_arguments_message(unrecognized, parser, f"{parser.prog} --help"))
    if args.run_one:
        _run_one_and_exit(args.run_one, args.report, json.loads(args.checks), json.loads(args.stand_ins))
    if args.folder is None:
        parser.error("give the folder of submitted notebooks, e.g. python -m bleu_lab.exercises.grade submissions/")
    try:
        timeout = check_timeout(args.timeout, name="--timeout", right=f"e.g. --timeout {DEFAULT_TIMEOUT:g}")
    except ValueError as error:
        parser.error(str(error))
    try:
        grade(args.folder, args.out, timeout)
    except (OSError, ValueError) as error:  # a missing or empty folder, an output that cannot be written
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


def _run_one_and_exit(notebook_path: Path, report_path: Path, checks, stand_ins=()):
    """The subprocess: :func:`run_one`, then exit at once, without returning.

    A normal exit would wait for every non-daemon thread the submission left running (the
    interpreter joins them at shutdown) and run the submission's atexit handlers; the parent would
    then wait for its time limit and report a time-out although every check is done. ``os._exit``
    ends the process, and the threads with it, as soon as the report is written.
    """
    code = 0
    try:
        run_one(notebook_path, report_path, checks, stand_ins)
    except BaseException:  # a bug of the grader's own: its traceback goes to the parent's stderr pipe
        traceback.print_exc()
        code = 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    sys.exit(main())
