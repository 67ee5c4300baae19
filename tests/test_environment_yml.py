"""environment.yml (conda) and binder/environment.yml (Binder) must ask for what pyproject.toml asks for.

conda cannot be installed on these machines, so the conda files are checked
offline: every package that pyproject.toml names (runtime dependencies plus
the [lab], [docs] and [test] extras, with self-references such as
``bleu_lab[lab,docs]`` expanded) must appear in environment.yml with the same
version range (under its conda-forge name, or in the pip section for a package
conda-forge lacks), and nothing else may appear there except ``python`` and
``pip``. binder/environment.yml holds what a student needs: the runtime
dependencies and the [lab] extra, nothing from [docs] or [test].

``python`` is pinned to one minor version (``python=3.11``) because
repo2docker reads the version with a pattern that does not understand ranges;
that version must satisfy requires-python.
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
BINDER = ROOT / "binder"

# conda-forge names that differ from the PyPI name (conda name -> PyPI name).
CONDA_TO_PYPI = {
    "matplotlib-base": "matplotlib",
    "playwright-python": "playwright",  # conda-forge's "playwright" is the Node.js tool
    "python-build": "build",
}
# conda-forge packages with a PyPI name that is something else there: never list these.
WRONG_ON_CONDA_FORGE = {
    "playwright": "conda-forge's playwright is the Node.js tool; the Python bindings are playwright-python",
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


def pyproject_requirements(data: dict, extras_wanted=("lab", "docs", "test")) -> dict[str, frozenset[str]]:
    """pyproject's requirements: dependencies + the given extras (default all three), expanded."""
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
    for extra in extras_wanted:
        if extra not in seen_extras:
            seen_extras.add(extra)
            add(extras.get(extra, []), f"[{extra}]")
    return wanted


def conda_requirements(env: dict) -> tuple[dict[str, frozenset[str]], list]:
    """An environment file's packages (PyPI-normalised names; the pip section's too) and its pip section."""
    packages: dict[str, frozenset[str]] = {}
    pip_section: list = []
    for entry in env.get("dependencies", []):
        if isinstance(entry, dict):
            assert set(entry) == {"pip"}, f"unexpected mapping in dependencies: {entry}"
            pip_section.extend(entry["pip"])
            for text in entry["pip"]:  # a package conda-forge lacks, installed by pip
                if str(text).startswith("-"):
                    continue
                name, _, constraints = parse_requirement(str(text))
                assert name not in packages, f"the environment file names {name} twice"
                packages[name] = constraints
            continue
        # conda also allows "name 1.2" / "name=1.2": turn a space into nothing
        name, _, constraints = parse_requirement(str(entry).replace(" ", ""))
        assert name not in WRONG_ON_CONDA_FORGE, WRONG_ON_CONDA_FORGE.get(name)
        name = CONDA_TO_PYPI.get(name, name)
        assert name not in packages, f"the environment file names {name} twice"
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


@pytest.fixture(scope="module")
def binder_environment() -> dict:
    with (BINDER / "environment.yml").open(encoding="utf-8") as f:
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


@pytest.mark.parametrize("which", ["environment", "binder_environment"])
def test_environment_yml_basics(which, request):
    env = request.getfixturevalue(which)
    assert env.get("name") == "bleu_lab"
    assert env.get("channels") == ["conda-forge"]
    assert "prefix" not in env, f"{which} must not carry a machine's prefix"


def _without_python_and_pip(conda: dict, where: str) -> dict:
    conda = dict(conda)
    assert "python" in conda, f"{where} must name python"
    assert "pip" in conda, f"{where} must name pip (for a pip: section)"
    del conda["python"], conda["pip"]
    return conda


def test_same_packages_and_versions(pyproject, environment):
    wanted = pyproject_requirements(pyproject)
    conda = _without_python_and_pip(conda_requirements(environment)[0], "environment.yml")
    problems = compare(wanted, conda)
    assert not problems, "environment.yml and pyproject.toml disagree:\n" + "\n".join(problems)


def test_binder_has_what_students_need_and_no_test_tools(pyproject, binder_environment):
    wanted = pyproject_requirements(pyproject, extras_wanted=("lab",))
    conda = _without_python_and_pip(conda_requirements(binder_environment)[0], "binder/environment.yml")
    problems = compare(wanted, conda)
    assert not problems, "binder/environment.yml and pyproject.toml [lab] disagree:\n" + "\n".join(problems)


def _python_minor(conda: dict, where: str) -> tuple[int, int]:
    (constraint,) = conda["python"]
    assert re.fullmatch(r"=3\.\d+", constraint), (
        f"{where} has python{constraint}: pin one minor version (python=3.11), the form repo2docker reads")
    return (3, int(constraint.split(".")[1]))


@pytest.mark.parametrize("which", ["environment", "binder_environment"])
def test_python_is_pinned_and_satisfies_requires_python(which, request, pyproject):
    conda, _ = conda_requirements(request.getfixturevalue(which))
    version = _python_minor(conda, which)
    requires = pyproject["project"]["requires-python"]
    low = re.fullmatch(r">=\s*3\.(\d+)", requires)
    assert low, f"requires-python {requires!r}: this test understands '>=3.N'"
    assert version >= (3, int(low.group(1))), f"{which}: python {version} is older than requires-python {requires}"


def test_both_files_pin_the_same_python(environment, binder_environment):
    assert conda_requirements(environment)[0]["python"] == conda_requirements(binder_environment)[0]["python"]


def test_no_exact_pins(environment, binder_environment):
    for env in (environment, binder_environment):
        conda, _ = conda_requirements(env)
        conda.pop("python")
        pinned = {n: sorted(c) for n, c in conda.items() if any(x[0] in "=" for x in c)}
        assert not pinned, f"an environment file pins exact versions: {pinned}"


def test_the_package_is_installed_after_the_environment(environment, binder_environment):
    # Binder builds the environment before the repository is copied in, so "-e ." there would fail;
    # binder/postBuild (run by repo2docker after the copy) installs the package instead. With a
    # binder/ folder, repo2docker reads only the files in it.
    for env in (environment, binder_environment):
        _, pip_section = conda_requirements(env)
        assert "-e ." not in pip_section, "an environment file cannot install the package itself on Binder"
    post_build = BINDER / "postBuild"
    assert post_build.is_file(), "binder/postBuild is missing: nothing would install bleu_lab on Binder"
    assert os.access(post_build, os.X_OK), "binder/postBuild must be executable"
    assert "pip install --no-deps -e ." in post_build.read_text()
    assert not (ROOT / "postBuild").exists(), "a top-level postBuild is ignored by repo2docker when binder/ exists"


def test_conda_forge_names():
    env = {"dependencies": ["playwright-python>=1.40", "python-build>=1", "matplotlib-base>=3.7"]}
    assert conda_requirements(env)[0] == {
        "playwright": frozenset({">=1.40"}), "build": frozenset({">=1"}), "matplotlib": frozenset({">=3.7"})}
    with pytest.raises(AssertionError, match="playwright-python"):
        conda_requirements({"dependencies": ["playwright>=1.40"]})
    with_pip = {"dependencies": ["pip", {"pip": ["wordllama>=0.4"]}]}
    assert conda_requirements(with_pip)[0]["wordllama"] == frozenset({">=0.4"})


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
