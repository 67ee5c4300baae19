"""What `pip install` and a packager get: the wheel and the sdist, built here with `python -m build`.

- The wheel carries the package, its data, the course (series, labs, instructor
  guide; not the solved labs, since students install it too) and both licence files, and its metadata names the licence,
  the project URLs and a [lab] extra that holds everything the notebooks import.
- The sdist carries what its own tests need (tests/conftest.py, the nbval
  sanitizer, notebooks/, environment.yml, ...): every file git tracks there.
- `bleu-lab notebooks DIR` copies the course and never overwrites without --force.
- Without the [lab] extra, `bleu_lab.show.widgets` and `bleu_lab.show.plotting` name it.

The end-to-end check (a fresh venv with only `bleu_lab[lab]` from the wheel,
outside the repository, runs every notebook) is part of `make test`; it takes
about 2 minutes with a warm pip cache. `make test-wheel` runs it alone.
"""

from __future__ import annotations

import email
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from bleu_lab import course

ROOT = Path(__file__).resolve().parents[1]
BUILD_SECONDS = 600


def _course_files() -> list[str]:
    """The course files of this checkout, relative to the repository: what the wheel must carry."""
    return sorted(str(source.relative_to(ROOT)) for source, _, _ in course.shipped_sources(ROOT))


def _tracked(*folders: str) -> list[str]:
    """Files git tracks under ``folders`` (or, outside a git checkout, the files found there)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z", *folders], cwd=ROOT, capture_output=True, check=True,
                             timeout=60).stdout.decode()
        names = [name for name in out.split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        names = []
    if not names:  # an unpacked sdist: no git
        names = [str(p.relative_to(ROOT)) for folder in folders for p in (ROOT / folder).rglob("*")
                 if p.is_file() and "__pycache__" not in p.parts and ".ipynb_checkpoints" not in p.parts]
    return sorted(name for name in names if (ROOT / name).is_file())


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> dict:
    """Build the sdist, and the wheel from it (what `python -m build` does), once for this module."""
    out = tmp_path_factory.mktemp("dist")
    result = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
                            capture_output=True, text=True, timeout=BUILD_SECONDS)
    assert result.returncode == 0, f"python -m build failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    (wheel,) = out.glob("*.whl")
    (sdist,) = out.glob("*.tar.gz")
    return {"wheel": wheel, "sdist": sdist}


@pytest.fixture(scope="module")
def wheel_names(dist) -> list[str]:
    with zipfile.ZipFile(dist["wheel"]) as archive:
        return archive.namelist()


@pytest.fixture(scope="module")
def metadata(dist):
    with zipfile.ZipFile(dist["wheel"]) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        return email.message_from_bytes(archive.read(name))


@pytest.fixture(scope="module")
def sdist_names(dist) -> list[str]:
    with tarfile.open(dist["sdist"]) as archive:
        names = archive.getnames()
    prefix = names[0].split("/")[0] + "/"
    return [name[len(prefix):] for name in names if name.startswith(prefix)]


def test_wheel_carries_the_course(wheel_names):
    files = _course_files()
    assert any(name.startswith("notebooks/0") for name in files), "no notebooks found in this checkout"
    assert "docs/teaching.md" in files and "notebooks/exercises/README.md" in files
    missing = [name for name in files if f"bleu_lab/{course.PACKAGED}/{name}" not in wheel_names]
    assert not missing, f"the wheel lacks course files: {missing}"
    assert not [n for n in wheel_names if ".ipynb_checkpoints" in n or n.startswith(("tests/", "notebooks/"))]
    # A student's pip install (laptop, hub environment) must not hold the answers.
    assert any("/solutions/" in str(source) for source, _, _ in course.course_sources(ROOT)), "no solutions here"
    assert not [n for n in wheel_names if "solutions" in n.split("/")], "the wheel carries the solved labs"


def test_wheel_carries_the_data_and_the_licences(wheel_names):
    assert "bleu_lab/data/examples.json" in wheel_names
    assert any(n.startswith("bleu_lab/datasets/") and n.endswith("README.md") for n in wheel_names)
    for licence in ("LICENSE", "LICENSE-CONTENT"):
        assert any(n.endswith(f".dist-info/licenses/{licence}") for n in wheel_names), f"{licence} not in the wheel"


def test_metadata_names_licence_no_placeholder_urls_and_extras(metadata):
    import bleu_lab

    assert metadata["Version"] == bleu_lab.__version__
    assert metadata["License-Expression"] == "MIT"
    assert set(metadata.get_all("License-File")) >= {"LICENSE", "LICENSE-CONTENT"}
    # No address until the repository is published: a placeholder organisation would point nowhere.
    for line in metadata.get_all("Project-URL") or []:
        assert not re.search(r"YOUR-ORG|<your|example\.(com|org)", line, re.I), f"placeholder URL: {line}"
    assert {"lab", "docs", "test"} <= set(metadata.get_all("Provides-Extra"))
    lab = [r for r in metadata.get_all("Requires-Dist") if re.search(r"extra\s*==\s*['\"]lab['\"]", r)]
    for name in ("jupyterlab", "ipywidgets", "matplotlib", "rouge-score"):
        assert any(r.startswith(name) for r in lab), f"{name} is not in the [lab] extra (the notebooks import it)"


def test_sdist_has_what_its_tests_need(sdist_names):
    for name in ("tests/conftest.py", "tests/nbval_sanitize.cfg", "environment.yml", "binder/environment.yml",
                 "binder/postBuild", "LICENSE", "LICENSE-CONTENT", "setup.py", "MANIFEST.in", "Makefile",
                 "pyproject.toml", "README.md", "docs/teaching.md"):
        assert name in sdist_names, f"the sdist lacks {name}"
    missing = [name for name in _tracked("tests", "notebooks", "docs", "bleu_lab", "binder", "share")
               if name not in sdist_names]
    assert not missing, f"the sdist lacks tracked files: {missing[:20]}"
    assert not [n for n in sdist_names if "__pycache__" in n or ".ipynb_checkpoints" in n]


def test_wheel_built_alone_finds_its_course(dist, tmp_path):
    """The installed layout (the wheel unpacked, no repository beside it) copies the packaged notebooks."""
    with zipfile.ZipFile(dist["wheel"]) as archive:
        archive.extractall(tmp_path / "site")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(tmp_path / "site")
    code = "import bleu_lab.course as c, sys; print(c.course_root()); sys.exit(c.__file__.startswith(sys.argv[1]) - 1)"
    result = subprocess.run([sys.executable, "-c", code, str(tmp_path / "site")], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert Path(result.stdout.strip()) == tmp_path / "site" / "bleu_lab" / course.PACKAGED
    # The installed package has no solved labs to copy, and says where an instructor finds them.
    asked = subprocess.run([sys.executable, "-m", "bleu_lab", "notebooks", str(tmp_path / "course"), "--solutions"],
                           cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert asked.returncode == 2
    (line,) = asked.stderr.strip().splitlines()
    assert "the solved labs are not in" in line and "from a clone of the course repository" in line
    assert not (tmp_path / "course").exists(), "nothing is copied when the request cannot be met"


def test_notebooks_command_copies_and_refuses_to_overwrite(tmp_path):
    bleu_lab_command = [sys.executable, "-m", "bleu_lab", "notebooks"]
    target = tmp_path / "course"
    first = subprocess.run([*bleu_lab_command, str(target)], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stderr
    series = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    labs = sorted(p.name for p in (ROOT / "notebooks" / "exercises").glob("*.ipynb"))
    assert sorted(p.name for p in target.glob("*.ipynb")) == series
    assert sorted(p.name for p in (target / "exercises").glob("*.ipynb")) == labs
    assert (target / "teaching.md").is_file() and (target / "exercises" / "README.md").is_file()
    assert not (target / "exercises" / "solutions").exists(), "solutions are copied only with --solutions"
    assert (target / series[0]).read_bytes() == (ROOT / "notebooks" / series[0]).read_bytes()

    (target / series[0]).write_text("my edits")
    again = subprocess.run([*bleu_lab_command, str(target)], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert again.returncode == 2
    assert "--force" in again.stderr and len(again.stderr.strip().splitlines()) == 1
    assert (target / series[0]).read_text() == "my edits", "a refused copy must not write anything"

    forced = subprocess.run([*bleu_lab_command, str(target), "--force", "--solutions"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    assert forced.returncode == 0, forced.stderr
    assert json.loads((target / series[0]).read_text())["cells"]
    assert sorted(p.name for p in (target / "exercises" / "solutions").glob("*.ipynb")) == labs


@pytest.mark.parametrize("module, missing", [("bleu_lab.show.widgets", "ipywidgets"),
                                             ("bleu_lab.show.plotting", "matplotlib")])
def test_without_the_lab_extra_the_error_names_it(module, missing):
    code = (f"import sys; sys.modules[{missing!r}] = None\n"  # what an interpreter without the package does
            f"import {module}\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("ModuleNotFoundError") and "pip install 'bleu_lab[lab]'" in last and missing in last


def test_fresh_venv_with_only_the_lab_extra_runs_every_notebook(dist, tmp_path):
    """The issue's 'done when': pip install 'bleu_lab[lab]' from the wheel, copy the course, execute it all."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = str(venv / "bin") + os.pathsep + env.get("PATH", "")
    home = tmp_path / "home"
    for name in ("config", "data", "runtime", "ipython", "matplotlib"):
        (home / name).mkdir(parents=True)
    env.update(JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_DATA_DIR=str(home / "data"),
               JUPYTER_RUNTIME_DIR=str(home / "runtime"), IPYTHONDIR=str(home / "ipython"),
               MPLCONFIGDIR=str(home / "matplotlib"), JUPYTER_PLATFORM_DIRS="1")
    env.pop("MPLBACKEND", None)

    def run(*command, timeout=900):
        result = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=timeout)
        output = f"{result.stdout[-3000:]}\n{result.stderr[-4000:]}"
        assert result.returncode == 0, f"{' '.join(map(str, command))}:\n{output}"
        return result

    run(str(python), "-m", "pip", "install", "--quiet", f"{dist['wheel']}[lab]")
    nothing_else = run(str(python), "-c", "import importlib.util as u; print([m for m in ('pytest', 'nbval', "
                       "'hypothesis', 'sphinx', 'nbgrader') if u.find_spec(m)])")
    assert nothing_else.stdout.strip() == "[]", "the fresh venv must hold only bleu_lab[lab]"
    run(str(venv / "bin" / "bleu-lab"), "notebooks", "course/")
    copied = tmp_path / "course"
    notebooks = sorted(copied.glob("*.ipynb")) + sorted((copied / "exercises").glob("*.ipynb"))
    assert len(notebooks) >= 10
    run(str(venv / "bin" / "jupyter"), "nbconvert", "--to", "notebook", "--execute", "--output-dir",
        str(tmp_path / "executed"), *map(str, notebooks), timeout=1800)
    assert len(list((tmp_path / "executed").glob("*.ipynb"))) == len(notebooks)
    shutil.rmtree(venv)


def _requirement_closure(names: set[str]) -> set[str]:
    """The distributions these need, transitively, as installed here (markers other than extras honoured)."""
    from importlib import metadata

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    seen: set[str] = set()
    todo = [canonicalize_name(n) for n in names]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue  # reported by the caller as an import nothing provides
        for text in requires:
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                todo.append(canonicalize_name(requirement.name))
    return seen


def test_the_lab_extra_provides_every_module_a_notebook_imports():
    """A cheap guard in `make test` (the fresh venv of make test-wheel is the full proof): each module a
    notebook imports is the standard library, bleu_lab, or comes with the runtime dependencies or [lab]."""
    import ast
    from importlib import metadata

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    try:
        import tomllib
    except ModuleNotFoundError:  # pragma: no cover - Python 3.10
        tomllib = pytest.importorskip("tomli")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    direct = {Requirement(t).name for t in project["dependencies"] + project["optional-dependencies"]["lab"]}
    allowed = _requirement_closure(direct)
    providers = metadata.packages_distributions()
    missing = []
    for notebook in sorted(ROOT.glob("notebooks/*.ipynb")) + sorted(ROOT.glob("notebooks/exercises/*.ipynb")):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "\n".join(line for line in "".join(cell["source"]).splitlines()
                               if not line.lstrip().startswith(("%", "!")))
            try:
                tree = ast.parse(source)
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    modules = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    modules = [node.module]
                else:
                    continue
                for module in (m.split(".")[0] for m in modules):
                    if module in sys.stdlib_module_names or module == "bleu_lab":
                        continue
                    dists = {canonicalize_name(d) for d in providers.get(module, [])}
                    if not dists & allowed:
                        found = ", ".join(sorted(dists)) or "not installed"
                        missing.append(f"{notebook.name} imports {module} ({found})")
    assert not missing, "not from the runtime dependencies or [lab]:\n" + "\n".join(sorted(set(missing)))
