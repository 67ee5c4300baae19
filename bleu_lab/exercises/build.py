"""Write the student lab notebooks from the solution notebooks, so the two cannot drift.

    python -m bleu_lab.exercises.build            # what `make exercises` runs

reads ``notebooks/exercises/solutions/*.ipynb`` and writes
``notebooks/exercises/<same name>.ipynb``, then executes both versions in a
fresh kernel so their stored outputs are current (the student version shows
"not implemented yet" under each check, the solution a passing line).

A *solution cell* is a code cell tagged ``solution`` or whose first line is
``# SOLUTION``. In the student version each function it defines keeps its
``def`` line and docstring, and its body becomes
``raise NotImplementedError("your code here")``; its imports stay, anything
else in it goes. Markdown cells tagged ``solution`` (instructor notes) are
left out of the student version. Every other cell is copied as it is.
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
MARKER = "# SOLUTION"
STUB_LINE = 'raise NotImplementedError("your code here")'
DEFAULT_SOLUTIONS = Path("notebooks/exercises/solutions")
DEFAULT_OUT = Path("notebooks/exercises")


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


def _stub_function(node, lines) -> str:
    first = min([node.lineno] + [d.lineno for d in node.decorator_list])
    body = node.body
    has_docstring = (
        isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)
    )
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


def student_notebook(solution):
    """The student version of a solution notebook (a new notebook; the argument is not changed)."""
    student = copy.deepcopy(solution)
    cells = []
    for cell in student.cells:
        tags = list(cell.get("metadata", {}).get("tags", []))
        if is_solution_cell(cell):
            if cell.cell_type != "code":
                continue  # instructor notes
            cell.source = stub_source(cell.source)
            tags = [t for t in tags if t != SOLUTION_TAG] + [EXERCISE_TAG]
        if tags:
            cell.metadata["tags"] = tags
        else:
            cell.metadata.pop("tags", None)
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
        cells.append(cell)
    student.cells = cells
    return student


def _check_call_nodes(source: str):
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    return [
        node for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name) and node.func.value.id == "check"
    ]


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

    paths = sorted(Path(solutions).glob("*.ipynb"))
    if not paths:
        raise FileNotFoundError(f"no solution notebooks in {solutions}; run this from the repository root")
    written = []
    for path in paths:
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


def main(argv=None) -> int:
    """Command line entry point: build the student notebooks from the solutions."""
    parser = argparse.ArgumentParser(prog="python -m bleu_lab.exercises.build", description=__doc__.split("\n\n")[0])
    parser.add_argument("--solutions", type=Path, default=DEFAULT_SOLUTIONS, help="folder of solution notebooks")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder for the student notebooks")
    parser.add_argument("--no-execute", action="store_true", help="write the student notebooks without running them")
    parser.add_argument("--check", action="store_true", help="only report stale student notebooks (exit 1 if any)")
    args = parser.parse_args(argv)
    if args.check:
        names = stale(args.solutions, args.out)
        for name in names:
            print(f"stale: {name} (run `make exercises`)")
        return 1 if names else 0
    build(args.solutions, args.out, run=not args.no_execute)
    return 0


if __name__ == "__main__":
    sys.exit(main())
