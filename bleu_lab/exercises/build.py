"""Write the student lab notebooks from the solution notebooks, so the two cannot drift.

    python -m bleu_lab.exercises.build            # what `make exercises` runs
    python -m bleu_lab.exercises.build --root DIR # a repository or a `bleu-lab notebooks DIR --solutions` folder

reads ``notebooks/exercises/solutions/*.ipynb`` and writes
``notebooks/exercises/<same name>.ipynb``, then executes both versions in a
fresh kernel so their stored outputs are current (the student version shows
"not implemented yet" under each check, the solution a passing line).

It also writes an nbgrader *source* version of each lab,
``nbgrader/source/<lab>/<lab>.ipynb`` (not committed; the ``source`` folder
of an nbgrader course): each solution region is marked ``### BEGIN SOLUTION``
/ ``### END SOLUTION`` (nbgrader replaces it with ``raise
NotImplementedError()`` in the released version), and each check becomes an
autograded cell worth its points that fails with the check's feedback, followed by
hidden tests (``### BEGIN HIDDEN TESTS`` / ``### END HIDDEN TESTS``, left out of the
release by nbgrader: see :mod:`.hidden`). The cell that shows the "Going further"
answers becomes a manually graded answer cell whose solution is the answers, so the
release holds neither them nor a button that shows them.

A *solution cell* is a code cell tagged ``solution`` or whose first line is
``# SOLUTION``. In the student version each function it defines keeps its
``def`` line and docstring, and its body becomes
``raise NotImplementedError("your code here")``; its imports stay, anything
else in it goes. Markdown cells tagged ``solution`` (instructor notes) are
left out of the student version. Every other cell is copied as it is; one
that calls a student's function outside a check gets the ``raises-exception``
tag, so the student version still runs top to bottom.
"""

from __future__ import annotations

import argparse
import ast
import copy
import re
import sys
from pathlib import Path

SOLUTION_TAG = "solution"
EXERCISE_TAG = "exercise"
RAISES_TAG = "raises-exception"  # nbclient and nbval let such a cell raise (a stub not written yet)
MARKER = "# SOLUTION"
STUB_LINE = 'raise NotImplementedError("your code here")'
# What the labs' instructions call the stub, and what nbgrader writes in its place (its default code stub).
STUB_TEXT = "the line\n`raise NotImplementedError(\"your code here\")`"
NBGRADER_STUB_TEXT = "the lines\n`# YOUR CODE HERE` and `raise NotImplementedError()`"
DEFAULT_SOLUTIONS = Path("notebooks/exercises/solutions")
DEFAULT_OUT = Path("notebooks/exercises")
DEFAULT_NBGRADER = Path("nbgrader/source")
BEGIN_SOLUTION = "### BEGIN SOLUTION"
END_SOLUTION = "### END SOLUTION"
BEGIN_HIDDEN = "### BEGIN HIDDEN TESTS"
END_HIDDEN = "### END HIDDEN TESTS"
# In the nbgrader version the cell that shows the answers becomes a written-answer cell: nbgrader puts this
# text where the model answers are (its default text stub), so the release holds neither them nor a button.
ANSWER_PROMPT = "YOUR ANSWER HERE"
ANSWER_POINTS = 0  # the written answers are read by the instructor, not scored; raise it in the source to grade them
NBGRADER_SCHEMA = 3
EXIT_USAGE = 2


def is_solution_cell(cell) -> bool:
    """A code cell tagged ``solution`` or starting with ``# SOLUTION``; or a markdown cell tagged ``solution``."""
    tags = cell.get("metadata", {}).get("tags", [])
    if SOLUTION_TAG in tags:
        return True
    first = cell.get("source", "").lstrip().splitlines()[:1]
    return cell.get("cell_type") == "code" and bool(first) and first[0].strip().upper() == MARKER


def stub_source(source: str) -> str:
    """The student's version of a solution cell: imports, then each function's signature and docstring.

    >>> print(stub_source('# SOLUTION\\nimport math\\n\\ndef area(r):\\n    \"\"\"Area of a circle.\"\"\"\\n'
    ...                   '    return math.pi * r ** 2\\n'))
    import math
    <BLANKLINE>
    <BLANKLINE>
    def area(r):
        \"\"\"Area of a circle.\"\"\"
        raise NotImplementedError("your code here")
    <BLANKLINE>
    """
    tree = ast.parse(source)
    lines = source.splitlines()
    imports, functions = [], []
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            imports.append("\n".join(lines[node.lineno - 1 : node.end_lineno]))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.append(_stub_function(node, lines))
    parts = []
    if imports:
        parts.append("\n".join(imports))
    parts.extend(functions)
    if not parts:
        return "# your code here\n"
    return "\n\n\n".join(parts) + "\n"


def _has_docstring(node) -> bool:
    first = node.body[0]
    return isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str)


def _stub_function(node, lines) -> str:
    first = min([node.lineno] + [d.lineno for d in node.decorator_list])
    body = node.body
    has_docstring = _has_docstring(node)
    if body[0].lineno == node.lineno:  # "def f(x): return x" on one line
        stub = copy.deepcopy(node)
        stub.body = [ast.parse(STUB_LINE).body[0]]
        return ast.unparse(stub)
    indent = " " * body[0].col_offset
    end = body[0].end_lineno if has_docstring else body[0].lineno - 1
    header = lines[first - 1 : end]
    if not has_docstring:  # drop comment lines between the signature and the body
        while header and (header[-1].strip().startswith("#") or not header[-1].strip()):
            header.pop()
    return "\n".join(header) + "\n" + indent + STUB_LINE


def _retagged_without_outputs(cell, tags: list):
    """The cell with these tags (none: no ``tags`` key) and, for code, no outputs or execution count."""
    if tags:
        cell.metadata["tags"] = tags
    else:
        cell.metadata.pop("tags", None)
    if cell.cell_type == "code":
        cell.outputs = []
        cell.execution_count = None
    return cell


def _exercise_functions(notebook) -> set:
    """The names of the functions the notebook's solution cells define (the student writes them)."""
    names = set()
    for cell in notebook.cells:
        if cell.cell_type == "code" and is_solution_cell(cell):
            tree = ast.parse(cell.source)
            names |= {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return names


def uses_exercise(source: str, names: set) -> bool:
    """Whether a cell that is neither a solution nor a check calls one of the student's functions ``names``.

    In the student version such a cell raises the stub's NotImplementedError until the exercise is done:
    it gets the ``raises-exception`` tag, so the notebook still runs top to bottom (nbclient, nbval).

    >>> uses_exercise("print(kendall_tau([1, 2], [2, 1]))", {"kendall_tau"})
    True
    >>> uses_exercise("check.kendall_tau(kendall_tau)", {"kendall_tau"})
    False
    """
    if calls_check(source):
        return False
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names
               for node in ast.walk(tree))


def student_notebook(solution):
    """The student version of a solution notebook (a new notebook; the argument is not changed)."""
    student = copy.deepcopy(solution)
    exercises = _exercise_functions(student)
    cells = []
    for cell in student.cells:
        tags = list(cell.get("metadata", {}).get("tags", []))
        if is_solution_cell(cell):
            if cell.cell_type != "code":
                continue  # instructor notes
            cell.source = stub_source(cell.source)
            tags = [t for t in tags if t != SOLUTION_TAG] + [EXERCISE_TAG]
        elif cell.cell_type == "code" and uses_exercise(cell.source, exercises) and RAISES_TAG not in tags:
            tags.append(RAISES_TAG)
        cells.append(_retagged_without_outputs(cell, tags))
    student.cells = cells
    return student


def _is_check_call(node) -> bool:
    """Whether an AST node is a call ``check.<name>(...)``."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "check")


def _check_call_nodes(source: str):
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    return [node for node in ast.walk(tree) if _is_check_call(node)]


def runs_check(statement) -> bool:
    """Whether running this statement calls ``check.<name>(...)``; a ``def`` does not (its body runs later).

    >>> [runs_check(s) for s in ast.parse("def f(): check.f(f)\\nprint(check.f(f))").body]
    [False, True]
    """
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return False
    return _is_check_call(statement) or any(runs_check(child) for child in ast.iter_child_nodes(statement))


def calls_check(source: str) -> bool:
    """Whether a code cell calls ``check.<name>(...)`` (such cells are not part of a submission's code)."""
    nodes = _check_call_nodes(source)
    if nodes is None:
        return bool(re.search(r"\bcheck\.\w+\(", source))
    return bool(nodes)


def check_calls(source: str) -> list:
    """``[(check name, name of the function passed), ...]`` for each ``check.name(function)`` in a cell."""
    pairs = []
    for node in _check_call_nodes(source) or []:
        if node.args and isinstance(node.args[0], ast.Name):
            pairs.append((node.func.attr, node.args[0].id))
    if not pairs and _check_call_nodes(source) is None:
        pairs = re.findall(r"\bcheck\.(\w+)\(\s*(\w+)\s*\)", source)
    return pairs


def _marked_function(node, lines) -> list:
    """A function's lines with its body (after the docstring) between the nbgrader solution markers."""
    body = node.body
    if body[0].lineno == node.lineno:  # "def f(x): return x": reformat so the body has lines of its own
        unparsed = ast.unparse(node).splitlines()
        return _marked_function(ast.parse("\n".join(unparsed)).body[0], unparsed)
    first = min([node.lineno] + [d.lineno for d in node.decorator_list])
    has_docstring = _has_docstring(node)
    split = body[0].end_lineno if has_docstring else node.body[0].lineno - 1
    if has_docstring and len(body) == 1:
        return lines[first - 1 : node.end_lineno]  # nothing to hide
    indent = " " * body[0].col_offset
    start = split if has_docstring else _first_body_line(node, lines)
    return (lines[first - 1 : start] + [indent + BEGIN_SOLUTION] + lines[start : node.end_lineno]
            + [indent + END_SOLUTION])


def _first_body_line(node, lines) -> int:
    """Index just after the ``def ...:`` header (decorators and a signature over several lines included)."""
    end = node.body[0].lineno - 1
    while end > node.lineno and not lines[end - 1].rstrip().endswith(":"):
        end -= 1  # comment lines between the signature and the body stay in the solution
    return max(end, node.lineno)


def nbgrader_solution_source(source: str) -> str:
    """A solution cell for nbgrader: imports and signatures stay, everything else between solution markers.

    >>> print(nbgrader_solution_source('# SOLUTION\\nimport math\\n\\ndef area(r):\\n    \"\"\"Area.\"\"\"\\n'
    ...                                '    return math.pi * r ** 2\\n'))
    import math
    <BLANKLINE>
    def area(r):
        \"\"\"Area.\"\"\"
        ### BEGIN SOLUTION
        return math.pi * r ** 2
        ### END SOLUTION
    <BLANKLINE>
    """
    lines = source.splitlines()
    if lines and lines[0].strip().upper() == MARKER:
        lines = lines[1:]
    tree = ast.parse("\n".join(lines))
    out: list = []
    done = 0  # lines before this index are in `out`
    for node in tree.body:
        start = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        out.extend(lines[done : start - 1])  # blank lines and comments between statements
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out.extend(lines[start - 1 : node.end_lineno])
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.extend(_marked_function(node, lines))
        else:  # any other statement of the solution: hidden as a whole
            out.extend([BEGIN_SOLUTION] + lines[start - 1 : node.end_lineno] + [END_SOLUTION])
        done = node.end_lineno or done
    out.extend(lines[done:])
    while out and not out[0].strip():
        out.pop(0)
    return "\n".join(out).rstrip() + "\n"


def check_points(name: str) -> float:
    """Points of one check: the grader's ``POINTS[name]`` (:mod:`.labs`) where defined, else 1."""
    from .labs import POINTS

    return POINTS.get(name, 1)


def nbgrader_check_source(pairs: list) -> str:
    """An autograded test cell: runs each check, fails (with the check's feedback) unless all pass.

    A passing result is shown with ``display``, not as the cell's value: nbgrader would read an
    ``execute_result`` as a partial-credit number.
    """
    lines = []
    for name, function in pairs:
        lines += [f"result = check.{name}({function})", "assert result.passed, result.message", "display(result)"]
    # Removed from the students' release by nbgrader, restored when it autogrades (see exercises.hidden).
    lines += [BEGIN_HIDDEN, "from bleu_lab.exercises import hidden", "",
              *(f"hidden.check_own_work({name!r}, {function})" for name, function in pairs), END_HIDDEN]
    return "\n".join(lines) + "\n"


def _nbgrader_metadata(grade_id: str, *, solution: bool, points: float = 0, grade: bool | None = None) -> dict:
    """nbgrader's cell metadata: a solution cell, an autograded test (grade, locked) or, with both
    ``solution`` and ``grade``, a manually graded answer."""
    grade = not solution if grade is None else grade
    meta = {"grade": grade, "grade_id": grade_id, "locked": not solution,
            "schema_version": NBGRADER_SCHEMA, "solution": solution, "task": False}
    if grade:
        meta["points"] = points
    return meta


def nbgrader_notebook(solution):
    """The nbgrader source version of a solution notebook (a new notebook; the argument is not changed).

    Instructor notes (markdown cells tagged ``solution``) are left out; solution cells get solution
    regions; each ``check.<name>(function)`` cell becomes an autograded test worth
    :func:`check_points` per check; every other cell is copied. Outputs are cleared.
    """
    source = copy.deepcopy(solution)
    cells = []
    for index, cell in enumerate(source.cells):
        tags = [t for t in cell.get("metadata", {}).get("tags", []) if t != SOLUTION_TAG]
        if is_solution_cell(cell):
            if cell.cell_type != "code":
                continue
            cell.source = nbgrader_solution_source(cell.source)
            functions = (ast.FunctionDef, ast.AsyncFunctionDef)
            names = [n.name for n in ast.parse(cell.source).body if isinstance(n, functions)]
            cell.metadata["nbgrader"] = _nbgrader_metadata(
                "solution_" + ("_".join(names) or f"cell{index}"), solution=True)
        elif cell.cell_type == "code" and answers_key(cell.source):
            cell = _written_answers_cell(answers_key(cell.source))
        elif cell.cell_type == "code" and check_calls(cell.source):
            pairs = check_calls(cell.source)
            cell.source = nbgrader_check_source(pairs)
            cell.metadata["nbgrader"] = _nbgrader_metadata(
                "check_" + "_".join(name for name, _ in pairs), solution=False,
                points=sum(check_points(name) for name, _ in pairs))
        elif cell.cell_type == "markdown":  # the instructions name the stub the student will see
            cell.source = cell.source.replace(STUB_TEXT, NBGRADER_STUB_TEXT)
        cell.metadata.pop("execution", None)
        cells.append(_retagged_without_outputs(cell, tags))
    source.cells = cells
    return source


def answers_key(source: str) -> str | None:
    """The key of ``show_answers("<key>")`` when a code cell calls it, else None.

    >>> answers_key('from bleu_lab.answers import show_answers\\n\\nshow_answers("lab4_chrf")')
    'lab4_chrf'
    """
    match = re.search(r"\bshow_answers\(\s*['\"]([\w.-]+)['\"]\s*\)", source)
    return match.group(1) if match else None


def _written_answers_cell(key: str):
    """A manually graded markdown cell holding the model answers of ``key`` (nbgrader's "solution").

    ``nbgrader generate_assignment`` replaces a markdown solution cell's text with its text stub, so the
    release holds an empty answer cell: no answers and no button that would show them.
    """
    import nbformat

    from ..answers import load_answers

    cell = nbformat.v4.new_markdown_cell(load_answers(key).strip() + "\n")
    cell.metadata["nbgrader"] = _nbgrader_metadata("going_further_answers", solution=True, grade=True,
                                                   points=ANSWER_POINTS)
    return cell


def build_nbgrader(solutions: Path = DEFAULT_SOLUTIONS, out: Path = DEFAULT_NBGRADER, *, log=print) -> list:
    """Write ``out/<lab>/<lab>.ipynb``, the nbgrader source of each solution notebook; return their paths."""
    import nbformat

    written = []
    for path in _solution_notebooks(solutions):
        target = Path(out) / path.stem / path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nbgrader_notebook(nbformat.read(path, as_version=4)), target)
        written.append(target)
        log(f"wrote {target}")
    return written


def _solution_notebooks(solutions: Path) -> list:
    paths = sorted(Path(solutions).glob("*.ipynb"))
    if not paths:
        raise FileNotFoundError(
            f"no solution notebooks in {solutions}: run it from the repository root, or point it at a folder "
            "with --root DIR (a repository, or a folder made by `bleu-lab notebooks DIR --solutions`)"
        )
    return paths


def execute(path: Path, timeout: int = 300) -> None:
    """Run a notebook top to bottom in a fresh python3 kernel and store its outputs in place."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, kernel_name="python3", timeout=timeout,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    nbformat.write(notebook, path)


def build(solutions: Path = DEFAULT_SOLUTIONS, out: Path = DEFAULT_OUT, *, run: bool = True, log=print) -> list:
    """Write (and by default execute) the student notebooks; return their paths."""
    import nbformat

    written = []
    for path in _solution_notebooks(solutions):
        target = Path(out) / path.name
        nbformat.write(student_notebook(nbformat.read(path, as_version=4)), target)
        written.append(target)
        log(f"wrote {target}")
        if run:
            for notebook in (target, path):
                log(f"executing {notebook}")
                execute(notebook)
    return written


def stale(solutions: Path = DEFAULT_SOLUTIONS, out: Path = DEFAULT_OUT) -> list:
    """Names of student notebooks that are missing or whose cells differ from their solution's."""
    import nbformat

    names = []
    for path in sorted(Path(solutions).glob("*.ipynb")):
        target = Path(out) / path.name
        expected = student_notebook(nbformat.read(path, as_version=4))
        if not target.exists():
            names.append(target.name)
            continue
        stored = nbformat.read(target, as_version=4)
        if [(c.cell_type, c.source) for c in stored.cells] != [(c.cell_type, c.source) for c in expected.cells]:
            names.append(target.name)
    return names


def _folders(root: Path) -> tuple:
    """The solutions, student and nbgrader folders under ``root`` (a repository or a course folder)."""
    root = Path(root)
    if (root / DEFAULT_SOLUTIONS).is_dir() or not (root / "exercises" / "solutions").is_dir():
        return root / DEFAULT_SOLUTIONS, root / DEFAULT_OUT, root / DEFAULT_NBGRADER
    return root / "exercises" / "solutions", root / "exercises", root / DEFAULT_NBGRADER  # bleu-lab notebooks DIR


def main(argv=None) -> int:
    """Command line entry point: build the student and nbgrader notebooks from the solutions."""
    parser = argparse.ArgumentParser(prog="python -m bleu_lab.exercises.build", description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path("."),
                        help="the repository, or a folder made by `bleu-lab notebooks DIR --solutions` (default: .)")
    parser.add_argument("--solutions", type=Path, default=None, help="folder of solution notebooks (overrides --root)")
    parser.add_argument("--out", type=Path, default=None, help="folder for the student notebooks (overrides --root)")
    parser.add_argument("--nbgrader", type=Path, default=None, metavar="DIR",
                        help="folder for the nbgrader source versions (default: ROOT/nbgrader/source)")
    parser.add_argument("--no-nbgrader", action="store_true", help="do not write the nbgrader versions")
    parser.add_argument("--only-nbgrader", action="store_true",
                        help="write only the nbgrader versions (the student notebooks are left as they are)")
    parser.add_argument("--no-execute", action="store_true", help="write the student notebooks without running them")
    parser.add_argument("--check", action="store_true", help="only report stale student notebooks (exit 1 if any)")
    args = parser.parse_args(argv)
    solutions, out, nbgrader = _folders(args.root)
    solutions, out, nbgrader = args.solutions or solutions, args.out or out, args.nbgrader or nbgrader
    try:
        if args.check:
            names = stale(solutions, out)
            _solution_notebooks(solutions)
            for name in names:
                print(f"stale: {name} (run `make exercises`)")
            return 1 if names else 0
        if not args.only_nbgrader:
            build(solutions, out, run=not args.no_execute)
        if not args.no_nbgrader or args.only_nbgrader:
            build_nbgrader(solutions, nbgrader)
    except (FileNotFoundError, NotADirectoryError) as error:
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    return 0


if __name__ == "__main__":
    sys.exit(main())
