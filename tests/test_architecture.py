"""The import graph of bleu_lab, read statically (ast): no cycle, and every import follows docs/architecture.md.

An import inside a function is an edge too: exercises/build.py and grade.py once imported each other,
one of them inside a function, and that is still a cycle (each module needs the other to work).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "bleu_lab"
ROOT = "bleu_lab"


def module_files() -> dict[str, Path]:
    """{dotted module name: file} for every .py file of the package (a package is its __init__.py)."""
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def _imported_names(module: str, node: ast.AST, is_package: bool) -> list[str]:
    """The bleu_lab names an import statement reaches: ``from . import x`` reaches ``bleu_lab.x``."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names if alias.name.split(".")[0] == ROOT]
    if not isinstance(node, ast.ImportFrom):
        return []
    if node.level:  # relative: drop one part per dot (the module's own name counts for a module, not a package)
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        source = ".".join([*base, *([node.module] if node.module else [])])
    else:
        source = node.module or ""
    if source.split(".")[0] != ROOT:
        return []
    return [f"{source}.{alias.name}" for alias in node.names] + [source]


def import_graph() -> dict[str, dict[str, bool]]:
    """{module: {imported module: whether at module level}}, every import of every module (in functions too)."""
    modules = module_files()
    graph: dict[str, dict[str, bool]] = {}
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top_level = {id(node) for node in tree.body}
        edges: dict[str, bool] = {}
        for node in ast.walk(tree):
            names = _imported_names(module, node, path.name == "__init__.py")
            # "from .x import f" names f, not a module: the longest prefix that is a module is the edge.
            targets = {name for name in names if name in modules}
            if isinstance(node, ast.ImportFrom) and any(name in modules and name != names[-1] for name in names):
                targets.discard(names[-1])  # "from . import plotting": the submodule, not the package
            for target in targets - {module}:
                edges[target] = edges.get(target, False) or id(node) in top_level
        graph[module] = edges
    return graph


def find_cycle(graph: dict[str, dict[str, bool]] | dict[str, list[str]]) -> list[str] | None:
    """One cycle of the graph as [a, b, ..., a], or None (depth-first search, three colours)."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = "open"
        path.append(node)
        for successor in graph.get(node, ()):
            if state.get(successor) == "open":
                return path[path.index(successor):] + [successor]
            if successor not in state:
                found = visit(successor)
                if found:
                    return found
        state[node] = "done"
        path.pop()
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_the_cycle_finder_finds_a_cycle():
    # The cycle removed from the exercises: grade imported build, and build imported grade in a function.
    old = {"exercises.build": ["exercises.grade"], "exercises.grade": ["exercises.build", "exercises.check"],
           "exercises.check": []}
    assert find_cycle(old) in (["exercises.build", "exercises.grade", "exercises.build"],
                               ["exercises.grade", "exercises.build", "exercises.grade"])
    assert find_cycle({"a": ["b"], "b": ["c"], "c": ["a"]}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": ["b", "c"], "b": ["c"], "c": []}) is None


def test_the_graph_sees_imports_inside_functions_and_relative_imports():
    graph = import_graph()
    # Known edges of today's package, read by hand from the source:
    assert graph["bleu_lab.bleu.metric"]["bleu_lab.bleu.results"] is True  # from .results import BleuResult, ... (top)
    assert graph["bleu_lab.show.agreement_plots"]["bleu_lab.show.plotting"] is True  # from . import plotting (top)
    assert graph["bleu_lab.show.widgets"]["bleu_lab.show.plotting"] is False  # from . import plotting (in a function)
    assert graph["bleu_lab.exercises.check"]["bleu_lab.exercises.runner"] is True  # from . import runner as _runner
    assert "bleu_lab.exercises.grade" not in graph["bleu_lab.exercises.build"]


def test_no_import_cycle_in_bleu_lab():
    # The package root (bleu_lab/__init__.py) is the public face: it imports the modules, and a module may
    # call the public API through it inside a function (cli, worked_examples, similarity's __version__),
    # as a user would. Those edges are left out; every other import, at module level or in a function, counts.
    graph = import_graph()
    without_the_face = {module: [d for d in edges if d != ROOT] for module, edges in graph.items()}
    assert find_cycle(without_the_face) is None


def test_no_module_imports_the_package_root_at_module_level():
    # At module level it would be a real cycle: bleu_lab/__init__.py is still half-run when the module loads.
    graph = import_graph()
    at_top = sorted(module for module, edges in graph.items() if edges.get(ROOT) and module != "bleu_lab.__main__")
    assert at_top == []


def test_architecture_page_names_every_module():
    page = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    shown = {module.removeprefix(f"{ROOT}.") for module in module_files() if module != ROOT}
    missing = sorted(name for name in shown if f"`{name.split('.')[-1]}`" not in page and f"`{name}`" not in page)
    assert missing == [], f"docs/architecture.md does not name {missing}"


@pytest.mark.parametrize("module", ["bleu_lab.checks", "bleu_lab.examples", "bleu_lab.datasets.mqm"])
def test_the_leaves_import_nothing_of_bleu_lab(module):
    # The first stage of docs/architecture.md: input checks and shipped data depend on no other module.
    assert import_graph()[module] == {}


# Imports against the rule docs/architecture.md states: the exceptions it names, and no other.
# None left: meta_evaluation's two pictures, the last exception, moved to show/agreement_plots.py.
DOCUMENTED_EXCEPTIONS: set[tuple[str, str]] = set()


def stages_of_the_page() -> dict[str, tuple[int, int]]:
    """{module: (stage, place in its row)} from the table of docs/architecture.md ("| 3. name | `a`, `b` | ...")."""
    modules = module_files()
    by_last_part: dict[str, list[str]] = {}
    for module in modules:
        by_last_part.setdefault(module.split(".")[-1], []).append(module)
    page = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    ranks: dict[str, tuple[int, int]] = {}
    for line in page.splitlines():
        row = re.match(r"\| (\d+)\. [^|]+\| ([^|]+) \|", line)
        if not row:
            continue
        for place, name in enumerate(re.findall(r"`([^`]+)`", row.group(2))):
            found = [f"{ROOT}.{name}"] if f"{ROOT}.{name}" in modules else by_last_part.get(name, [])
            assert len(found) == 1, f"docs/architecture.md's table names {name!r}: {found or 'no module'}"
            ranks[found[0]] = (int(row.group(1)), place)
    return ranks


def test_every_import_follows_the_stages_of_the_architecture_page():
    ranks = stages_of_the_page()
    unplaced = sorted(set(module_files()) - set(ranks) - {ROOT})
    assert unplaced == [], f"docs/architecture.md's table does not place {unplaced}"
    upward = sorted(
        (module, target) for module, edges in import_graph().items() if module != ROOT
        for target in edges
        if target != ROOT and not target.startswith(f"{module}.")  # a package may import its own modules
        and ranks[target] >= ranks[module]
    )
    assert set(upward) == DOCUMENTED_EXCEPTIONS, f"imports against docs/architecture.md's stages: {upward}"
