"""The course as files: ``bleu-lab notebooks DIR`` copies the series, the labs and the instructor guide.

A course needs the notebooks where the package is installed (a JupyterHub
image, a student's laptop), not only in a clone of the repository. The wheel
carries them as package data in ``bleu_lab/_course/`` (``setup.py`` copies
them there at build time, so the repository keeps one copy of each notebook);
from a clone or an editable install they are read from the repository itself.
Both places have the same layout::

    notebooks/*.ipynb                       the numbered series
    notebooks/voila.json                    Voila's settings for the playground demo (answers left out)
    notebooks/exercises/*.ipynb, README.md  the student labs and the lab guide
    notebooks/exercises/solutions/*.ipynb   the labs with solutions (instructors; the repository only)
    docs/teaching.md                        the instructor guide (JupyterHub, nbgrader)

The wheel leaves the solved labs out (:data:`SHIPPED_PARTS`): students install
the same package, on a laptop or in a hub's shared environment, and would find
them in site-packages. ``bleu-lab notebooks DIR`` writes the series at the top
of DIR, the labs in DIR/exercises/ and the guide as DIR/teaching.md; solutions
only with ``--solutions``, which works from a clone of the repository. It
refuses to overwrite an existing file unless given ``--force``, and checks
every target before it copies anything. Relative
links in the copied markdown that point at another course file are rewritten
for the new layout (the lab guide's link to ``docs/teaching.md`` becomes
``../teaching.md``).

This module imports only the standard library at the top and has no relative
imports: ``setup.py`` loads it by path (before the package's dependencies
exist) to learn which files to ship.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

EXIT_USAGE = 2
PACKAGED = "_course"  # the folder inside bleu_lab/ that the wheel carries

# (pattern relative to the course root, folder in the target, part of the course)
_PARTS = (
    ("notebooks/*.ipynb", ".", "series"),
    ("notebooks/voila.json", ".", "series"),  # beside 12_playground: `voila` there leaves the answers out
    ("notebooks/exercises/*.ipynb", "exercises", "labs"),
    ("notebooks/exercises/README.md", "exercises", "guide"),
    ("docs/teaching.md", ".", "guide"),
    ("notebooks/exercises/solutions/*.ipynb", "exercises/solutions", "solutions"),
)
_NEEDS = {"series": "the notebook series needs", "labs": "the labs need", "guide": "the guides need",
          "solutions": "the solved labs need"}
SHIPPED_PARTS = ("series", "labs", "guide")  # what the wheel carries: everything but the solutions


def course_sources(root: Path) -> list[tuple[Path, Path, str]]:
    """Every course file under ``root``: ``(source path, path relative to the target, part)``.

    ``root`` is the repository, or the package's ``_course`` folder (same layout).
    Sorted within each part; Jupyter's checkpoint folders never match.
    """
    root = Path(root)
    found = []
    for pattern, folder, part in _PARTS:
        for path in sorted(root.glob(pattern)):
            if path.is_file():
                found.append((path, Path(folder) / path.name, part))
    return found


def shipped_sources(root: Path) -> list[tuple[Path, Path, str]]:
    """:func:`course_sources` that the wheel carries (``setup.py`` copies these): no solved labs."""
    return [source for source in course_sources(root) if source[2] in SHIPPED_PARTS]


def course_root() -> Path:
    """Where this installation keeps the course: the wheel's package data, else the repository."""
    here = Path(__file__).resolve().parent
    for root in (here / PACKAGED, here.parent):
        if (root / "notebooks").is_dir() and any(root.glob("notebooks/*.ipynb")):
            return root
    raise FileNotFoundError(
        f"no course notebooks found in {here / PACKAGED} or {here.parent / 'notebooks'}: "
        "this bleu_lab was installed without them; install a wheel built by `python -m build`"
    )


def copy_course(target: Path, *, force: bool = False, solutions: bool = False,
                root: Path | None = None) -> list[Path]:
    """Copy the series, the labs and the guide (and with ``solutions`` the solved labs) into ``target``.

    Raises ``FileExistsError`` naming the first file that exists, before
    anything is written, unless ``force``; ``NotADirectoryError`` or ``IsADirectoryError``
    for a file where a folder is needed or a folder where a file goes (also before anything
    is written); ``ValueError`` for an empty or blank
    ``target`` string (see :func:`check_folder_name`); ``TypeError`` for a
    ``target`` that is not a path or flags that are not ``True``/``False``;
    ``FileNotFoundError`` for ``solutions=True`` where ``root`` has none (an installed wheel).
    A leading ``~`` in ``target`` is the home folder. Returns the paths written.
    """
    # Imported here: setup.py loads this module by path, where bleu_lab cannot be imported yet.
    from bleu_lab.checks import check_bool, check_path

    check_folder_name(target)  # before it becomes a path: Path("") is the current folder
    target = check_path(target, "target", "the folder to copy the course into", "copy_course('course/')")
    # solutions="no" is true: a flag that is not a bool would copy the solved labs by mistake.
    check_bool(force, "force", ". Right: copy_course('course/', force=True)")
    check_bool(solutions, "solutions", ". Right: copy_course('course/', solutions=True)")
    root = Path(root or course_root())
    sources = [s for s in course_sources(root) if solutions or s[2] != "solutions"]
    if solutions and not any(part == "solutions" for _, _, part in sources):
        raise FileNotFoundError(
            f"the solved labs are not in {root}: an installed bleu_lab leaves them out, since students "
            f"install it too. Copy them from a clone of the course repository, installed with "
            f"pip install -e '.[lab]' in the clone, then bleu-lab notebooks DIR --solutions"
        )
    _check_destinations(target, sources)
    existing = [target / relative for _, relative, _ in sources if (target / relative).exists()]
    if existing and not force:
        more = f" (and {len(existing) - 1} more)" if len(existing) > 1 else ""
        raise FileExistsError(f"{existing[0]} exists{more}; pass --force to overwrite")
    written = []
    for source, relative, _ in sources:
        destination = target / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        if source.suffix == ".md":  # bytes in and out: line endings stay as they are
            text = relink(source.read_bytes().decode("utf-8"), source, relative, sources)
            destination.write_bytes(text.encode("utf-8"))
        else:
            shutil.copyfile(source, destination)
        written.append(destination)
    return written


def _check_destinations(target: Path, sources: list) -> None:
    """Refuse, before anything is written, a file where a folder is needed or a folder where a file goes."""
    if target.exists() and not target.is_dir():
        raise NotADirectoryError(f"{target} is a file, not a folder: name a new or existing folder")
    for _, relative, part in sources:  # mkdir and copyfile would fail halfway through the copy
        destination = target / relative
        for folder in destination.parents:  # up to the first that exists, above target too
            if folder.exists():
                if not folder.is_dir():
                    raise NotADirectoryError(f"{folder} is a file; {_NEEDS[part]} a folder there: move it away "
                                             f"or choose another folder")
                break
        if destination.is_dir():
            raise IsADirectoryError(f"{destination} is a folder; the course has a file of that name: move it "
                                    f"away or choose another folder")


_LINK = re.compile(r"\]\((?P<path>[^)\s#:]+)(?P<anchor>#[^)\s]*)?\)")


def relink(text: str, source: Path, relative: Path, sources) -> str:
    """``text`` of the markdown file ``source`` with its links to other course files fixed for the copy.

    The copy's layout differs from the repository's (``notebooks/exercises/README.md`` becomes
    ``exercises/README.md``, ``docs/teaching.md`` becomes ``teaching.md``), so a relative link that
    works in one is dead in the other. A link whose target is a course file in ``sources``
    (as :func:`course_sources` gives them) is rewritten to where that file lands, relative to
    ``relative`` (where ``source`` lands); every other link is left as it is.
    """
    landing = {path.resolve(): place for path, place, _ in sources}

    def fix(match: re.Match) -> str:
        place = landing.get((source.parent / match["path"]).resolve())
        if place is None:
            return match[0]
        new = Path(os.path.relpath(place, relative.parent)).as_posix()
        return f"]({new}{match['anchor'] or ''})"

    return _LINK.sub(fix, text)


def check_folder_name(target, *, name: str = "target", call: str = "copy_course({!r})"):
    """``target`` itself, unless it is an empty or blank string: a ``ValueError`` that names the fix.

    ``Path("")`` is ``Path(".")``, so an empty name would copy the course into the current
    folder; the check is on the text, before it becomes a path (``checks.check_path``, which also
    expands a leading ``~``). ``call`` is how the caller names a folder (``{!r}`` is filled in with
    the folder name), for the message's examples.
    """
    if isinstance(target, str) and not target.strip():
        mistake = (f"{name} is empty, which would copy the course into the current folder" if not target
                   else f"{name} {target!r} is only whitespace")
        raise ValueError(f"{mistake}; name the folder: {call.format('course/')} "
                         f"(or {call.format('.')} for the current folder)")
    return target


def _folder_argument(text: str) -> Path:
    """argparse's type of ``notebooks DIR``: :func:`check_folder_name`'s error as a usage error."""
    from bleu_lab.checks import check_path

    try:
        check_folder_name(text, name="DIR", call="bleu-lab notebooks {}")
        return check_path(text, "DIR", "the folder to copy the course into", "bleu-lab notebooks course/")
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_notebooks_command(commands) -> None:
    """Add ``notebooks DIR [--force] [--solutions]`` to the ``bleu-lab`` subcommands."""
    parser = commands.add_parser(
        "notebooks",
        help="copy the notebook series, the labs and the instructor guide into a folder",
        description="Copy the notebook series, the student labs and the instructor guide into DIR "
                    "(created if needed). Existing files are never overwritten without --force.",
    )
    parser.add_argument("directory", metavar="DIR", type=_folder_argument, help="folder to copy the course into")
    parser.add_argument("--force", action="store_true", help="overwrite files that already exist")
    parser.add_argument("--solutions", action="store_true",
                        help="also copy the labs with their solutions (for instructors, from a clone of the "
                             "repository: an installed wheel leaves them out; do not hand out)")
    parser.set_defaults(run=run_notebooks_command)


def run_notebooks_command(args: argparse.Namespace) -> int:
    """``bleu-lab notebooks``: copy, then say what was copied and how to start; errors on one line."""
    try:
        written = copy_course(args.directory, force=args.force, solutions=args.solutions)
    except (OSError, FileNotFoundError) as error:
        print(f"bleu-lab notebooks: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    directory = args.directory
    series = sum(1 for p in written if p.parent == directory and p.suffix == ".ipynb")
    labs = sum(1 for p in written if p.parent == directory / "exercises" and p.suffix == ".ipynb")
    guide = directory / "teaching.md"
    print(f"copied {len(written)} files into {directory}: {series} notebooks of the series, {labs} labs"
          f"{' with their solutions' if args.solutions else ''}"
          f"{f', the instructor guide {guide}' if guide in written else ''}")
    print(f"start with: jupyter lab {directory / '00_start_here.ipynb'}")
    return 0


@contextlib.contextmanager
def needs_extra(module: str, extra: str = "lab") -> Iterator[None]:
    """Turn a missing optional dependency into an error that names the extra to install.

    Used around the imports at the top of ``bleu_lab.show.widgets`` and ``bleu_lab.show.plotting``.
    """
    try:
        yield
    except ModuleNotFoundError as error:
        missing = (error.name or "a package").split(".")[0]
        raise ModuleNotFoundError(
            f"{module} needs {missing}, which is not installed: pip install 'bleu_lab[{extra}]'", name=error.name
        ) from error
