"""environment.yml (conda / Binder) and pyproject.toml must ask for the same things.

conda cannot be installed on these machines, so the conda file is checked
offline: every package that pyproject.toml names (runtime dependencies plus
the [lab] and [test] extras, with the self-reference ``bleu_lab[lab]``
expanded) must appear in environment.yml with the same version range, and
nothing else may appear there except ``python`` (matching requires-python),
``pip`` and the pip section that installs the package itself.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml")
try:  # Python 3.11+
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
ENVIRONMENT = ROOT / "environment.yml"

# conda-forge names that differ from the PyPI name (conda name -> PyPI name).
CONDA_TO_PYPI = {
    "matplotlib-base": "matplotlib",
}

_REQ = re.compile(
    r"""^\s*
    (?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)
    \s*(?:\[(?P<extras>[^\]]*)\])?
    \s*(?P<spec>[^;]*?)
    \s*(?:;.*)?$""",
    re.VERBOSE,
)
_CONSTRAINT = re.compile(r"^(>=|<=|==|!=|~=|>|<|=)\s*([0-9A-Za-z.*+!-]+)$")


def normalise(name: str) -> str:
    """PEP 503-style name: case-folded, runs of '-', '_', '.' become '-'."""
    return re.sub(r"[-_.]+", "-", name).lower()


def parse_requirement(text: str) -> tuple[str, list[str], frozenset[str]]:
    """'sacrebleu>=2.4,<3' -> ('sacrebleu', [], {'>=2.4', '<3'})."""
    match = _REQ.match(text)
    if not match:
        raise ValueError(f"cannot parse requirement {text!r}")
    extras = [e.strip() for e in (match["extras"] or "").split(",") if e.strip()]
    constraints = set()
    for part in match["spec"].replace(" ", "").split(","):
        if not part:
            continue
        c = _CONSTRAINT.match(part)
        if not c:
            raise ValueError(f"cannot parse version constraint {part!r} in {text!r}")
        op, version = c.groups()
        constraints.add(op + _normalise_version(version))
    return normalise(match["name"]), extras, frozenset(constraints)


def _normalise_version(version: str) -> str:
    """'3.0' and '3' are the same bound: drop trailing '.0' parts."""
    parts = version.split(".")
    while len(parts) > 1 and parts[-1] == "0":
        parts.pop()
    return ".".join(parts)


def lower_bound(constraints: frozenset[str]) -> str | None:
    lows = [c[2:] for c in constraints if c.startswith(">=")]
    return lows[0] if lows else None


def pyproject_requirements(data: dict) -> dict[str, frozenset[str]]:
    """All of pyproject's requirements: dependencies + [lab] + [test], expanded."""
    project = data["project"]
    own_name = normalise(project["name"])
    extras = project.get("optional-dependencies", {})
    wanted: dict[str, frozenset[str]] = {}
    seen_extras: set[str] = set()

    def add(requirements: list[str], where: str) -> None:
        for text in requirements:
            name, req_extras, constraints = parse_requirement(text)
            if name == own_name:  # e.g. "bleu_lab[lab]" inside [test]
                for extra in req_extras:
                    if extra not in extras:
                        raise AssertionError(f"{where} refers to unknown extra [{extra}]")
                    if extra not in seen_extras:
                        seen_extras.add(extra)
                        add(extras[extra], f"[{extra}]")
                continue
            if name in wanted and wanted[name] != constraints:
                raise AssertionError(
                    f"pyproject.toml names {name} twice with different ranges: "
                    f"{sorted(wanted[name])} and {sorted(constraints)} ({where})"
                )
            wanted[name] = constraints

    add(project.get("dependencies", []), "dependencies")
    for extra in ("lab", "test"):
        if extra not in seen_extras:
            seen_extras.add(extra)
            add(extras.get(extra, []), f"[{extra}]")
    return wanted


def conda_requirements(env: dict) -> tuple[dict[str, frozenset[str]], list]:
    """environment.yml's conda packages (PyPI-normalised names) and its pip section."""
    packages: dict[str, frozenset[str]] = {}
    pip_section: list = []
    for entry in env.get("dependencies", []):
        if isinstance(entry, dict):
            assert set(entry) == {"pip"}, f"unexpected mapping in dependencies: {entry}"
            pip_section.extend(entry["pip"])
            continue
        # conda also allows "name 1.2" / "name=1.2": turn a space into nothing
        name, _, constraints = parse_requirement(str(entry).replace(" ", ""))
        name = CONDA_TO_PYPI.get(name, name)
        assert name not in packages, f"environment.yml names {name} twice"
        packages[name] = constraints
    return packages, pip_section


@pytest.fixture(scope="module")
def pyproject() -> dict:
    with PYPROJECT.open("rb") as f:
        return tomllib.load(f)


@pytest.fixture(scope="module")
def environment() -> dict:
    with ENVIRONMENT.open(encoding="utf-8") as f:
        return yaml.safe_load(f)


def compare(wanted: dict[str, frozenset[str]], conda: dict[str, frozenset[str]]) -> list[str]:
    """Every difference between the two, as readable lines (empty when they agree)."""
    problems = []
    for name in sorted(set(wanted) - set(conda)):
        problems.append(f"{name} is in pyproject.toml but missing from environment.yml")
    for name in sorted(set(conda) - set(wanted)):
        problems.append(f"{name} is in environment.yml but not in pyproject.toml")
    for name in sorted(set(wanted) & set(conda)):
        if lower_bound(wanted[name]) != lower_bound(conda[name]):
            problems.append(
                f"{name}: lower bound differs: pyproject.toml >={lower_bound(wanted[name])}, "
                f"environment.yml >={lower_bound(conda[name])}"
            )
        elif wanted[name] != conda[name]:
            problems.append(
                f"{name}: version range differs: pyproject.toml {','.join(sorted(wanted[name]))}, "
                f"environment.yml {','.join(sorted(conda[name]))}"
            )
    return problems


def test_environment_yml_basics(environment):
    assert environment.get("name") == "bleu_lab"
    assert environment.get("channels") == ["conda-forge"]
    assert "prefix" not in environment, "environment.yml must not carry a machine's prefix:"


def test_same_packages_and_versions(pyproject, environment):
    wanted = pyproject_requirements(pyproject)
    conda, _ = conda_requirements(environment)
    extra_in_conda = {n: conda.pop(n) for n in ("python", "pip") if n in conda}
    assert "python" in extra_in_conda, "environment.yml must name python"
    assert "pip" in extra_in_conda, "environment.yml must name pip (for its pip: section)"
    problems = compare(wanted, conda)
    assert not problems, "environment.yml and pyproject.toml disagree:\n" + "\n".join(problems)


def test_python_version_matches_requires_python(pyproject, environment):
    conda, _ = conda_requirements(environment)
    requires = pyproject["project"]["requires-python"]
    _, _, constraints = parse_requirement("python" + requires)
    assert conda["python"] == constraints, (
        f"environment.yml has python {','.join(sorted(conda['python']))}, "
        f"pyproject.toml requires-python {requires}"
    )


def test_no_exact_pins(environment):
    conda, _ = conda_requirements(environment)
    pinned = {n: sorted(c) for n, c in conda.items() if any(x[0] in "=" for x in c)}
    assert not pinned, f"environment.yml pins exact versions: {pinned}"


def test_the_package_is_installed_after_the_environment(environment):
    # Binder builds environment.yml before the repository is copied in, so "-e ." there would fail;
    # the top-level postBuild (run by repo2docker after the copy) installs the package instead.
    _, pip_section = conda_requirements(environment)
    assert "-e ." not in pip_section, "environment.yml cannot install the package itself on Binder"
    post_build = ROOT / "postBuild"
    assert post_build.is_file(), "postBuild is missing: nothing would install bleu_lab on Binder"
    assert os.access(post_build, os.X_OK), "postBuild must be executable"
    assert "pip install --no-deps -e ." in post_build.read_text()


def test_comparison_reports_mismatches_both_ways():
    """The check itself can fail, and says which package and which side."""
    wanted = {"numpy": frozenset({">=1.24"}), "nltk": frozenset({">=3.8"}),
              "sacrebleu": frozenset({">=2.4", "<3"})}
    conda = {"numpy": frozenset({">=1.20"}), "rouge-score": frozenset({">=0.1.2"}),
             "sacrebleu": frozenset({">=2.4"})}
    problems = "\n".join(compare(wanted, conda))
    assert "nltk is in pyproject.toml but missing from environment.yml" in problems
    assert "rouge-score is in environment.yml but not in pyproject.toml" in problems
    assert "numpy: lower bound differs" in problems and ">=1.24" in problems and ">=1.20" in problems
    assert "sacrebleu: version range differs" in problems
    assert compare(wanted, dict(wanted)) == []


def test_parsing_normalises_names_and_expands_extras():
    assert parse_requirement("Rouge_Score >= 0.1.2")[0] == "rouge-score"
    assert parse_requirement("PyYAML>=6")[0] == "pyyaml"
    assert parse_requirement("sacrebleu>=2.4,<3.0")[2] == frozenset({">=2.4", "<3"})
    data = {"project": {"name": "demo_pkg", "dependencies": ["a>=1"],
                        "optional-dependencies": {"lab": ["b>=2"], "test": ["demo-pkg[lab]", "c>=3"]}}}
    assert pyproject_requirements(data) == {
        "a": frozenset({">=1"}), "b": frozenset({">=2"}), "c": frozenset({">=3"})}
