"""bleu_lab.course.copy_course: its arguments are checked, and the copied guides' links work.

(`tests/test_packaging.py` copies the course from a built wheel; `tests/test_cli.py` runs
`bleu-lab notebooks`.)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bleu_lab import course

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize("flag, value, shown", [
    ("solutions", "no", "the string 'no'"),
    ("solutions", 0, "a value of type int"),
    ("force", "yes", "the string 'yes'"),
    ("force", None, "None"),
])
def test_a_flag_that_is_not_a_bool_is_refused_before_anything_is_copied(tmp_path, flag, value, shown):
    """solutions="no" is a true value: it used to copy the solved labs."""
    target = tmp_path / "course"
    with pytest.raises(TypeError) as error:
        course.copy_course(target, **{flag: value})
    assert str(error.value) == f"{flag} must be True or False, not {shown}. Right: copy_course('course/', {flag}=True)"
    assert not target.exists()


@pytest.mark.parametrize("target, shown", [
    (5, "a value of type int"), (None, "None"), (b"course", "a value of type bytes"),
])
def test_a_target_that_is_not_a_path_is_refused_with_the_right_call(target, shown):
    with pytest.raises(TypeError) as error:
        course.copy_course(target)
    assert str(error.value) == (f"target must be the folder to copy the course into, a str or a pathlib.Path, "
                                f"not {shown}. Right: copy_course('course/')")


def test_the_bool_flags_still_work(tmp_path):
    written = course.copy_course(tmp_path / "course", solutions=True)
    assert any("solutions" in path.parts for path in written)
    assert course.copy_course(tmp_path / "course", force=True, solutions=False)


def test_solutions_asked_of_a_course_without_them_are_refused(tmp_path):
    """An installed wheel carries no solved labs (shipped_sources): --solutions says where they are."""
    packaged = tmp_path / "packaged"
    for source, _, _ in course.shipped_sources(ROOT):
        destination = packaged / source.relative_to(ROOT)
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_bytes(source.read_bytes())
    assert not any(part == "solutions" for _, _, part in course.course_sources(packaged))
    with pytest.raises(FileNotFoundError, match=r"the solved labs are not in .*packaged: an installed bleu_lab "
                                                r"leaves them out.*from a clone of the course repository"):
        course.copy_course(tmp_path / "course", solutions=True, root=packaged)
    assert not (tmp_path / "course").exists()
    assert course.copy_course(tmp_path / "course", root=packaged)  # the student's copy still works


def _relative_links(markdown: Path) -> list:
    """The links of a markdown file that point at a file next to it (no URL, no in-page anchor)."""
    links = []
    for target in LINK.findall(markdown.read_text(encoding="utf-8")):
        path = target.split("#", 1)[0]
        if path and ":" not in path:
            links.append(path)
    return links


def test_the_guides_links_work_in_the_repository_and_in_a_copy(tmp_path):
    """The lab guide links the instructor guide: ../../docs/teaching.md here, ../teaching.md in a copy."""
    guides = [source for source, _, _ in course.course_sources(ROOT) if source.suffix == ".md"]
    assert {g.relative_to(ROOT).as_posix() for g in guides} == {"notebooks/exercises/README.md", "docs/teaching.md"}
    readme = ROOT / "notebooks" / "exercises" / "README.md"
    assert "../../docs/teaching.md" in _relative_links(readme)  # the link this test is about
    for guide in guides:
        for link in _relative_links(guide):
            assert (guide.parent / link).exists(), f"{guide.relative_to(ROOT)}: dead link {link}"
    written = course.copy_course(tmp_path / "course", solutions=True)
    copied = [path for path in written if path.suffix == ".md"]
    assert len(copied) == len(guides)
    for guide in copied:
        for link in _relative_links(guide):
            assert (guide.parent / link).exists(), f"{guide.relative_to(tmp_path)}: dead link {link}"
    assert "../teaching.md" in _relative_links(tmp_path / "course" / "exercises" / "README.md")


def test_relink_changes_only_links_to_course_files(tmp_path):
    root = tmp_path / "repo"
    (root / "notebooks" / "exercises").mkdir(parents=True)
    (root / "docs").mkdir()
    readme = root / "notebooks" / "exercises" / "README.md"
    readme.write_text("x", encoding="utf-8")
    (root / "docs" / "teaching.md").write_text("x", encoding="utf-8")
    (root / "notebooks" / "exercises" / "lab1.ipynb").write_text("{}", encoding="utf-8")
    sources = course.course_sources(root)
    text = ("[guide](../../docs/teaching.md#grading) [lab](lab1.ipynb) [code](../../bleu_lab/course.py) "
            "[web](https://example.org/a.md) [here](#points)")
    assert course.relink(text, readme, Path("exercises/README.md"), sources) == (
        "[guide](../teaching.md#grading) [lab](lab1.ipynb) [code](../../bleu_lab/course.py) "
        "[web](https://example.org/a.md) [here](#points)")


@pytest.mark.parametrize("force", [False, True])
def test_a_file_where_a_folder_is_needed_is_refused_before_anything_is_copied(tmp_path, force):
    """A file at course/exercises: the 11 series notebooks were copied, then "[Errno 17] File exists"."""
    target = tmp_path / "course"
    target.mkdir()
    (target / "exercises").write_text("not a folder", encoding="utf-8")
    with pytest.raises(NotADirectoryError) as error:
        course.copy_course(target, force=force)
    assert str(error.value) == (f"{target / 'exercises'} is a file; the labs need a folder there: move it away "
                                f"or choose another folder")
    assert [p.name for p in target.iterdir()] == ["exercises"]
    above = tmp_path / "a_file"
    above.write_text("", encoding="utf-8")
    with pytest.raises(NotADirectoryError, match=f"^{above} is a file; the notebook series needs a folder there"):
        course.copy_course(above / "course")


def test_a_folder_where_a_file_goes_is_refused_before_anything_is_copied(tmp_path):
    target = tmp_path / "course"
    (target / "00_start_here.ipynb").mkdir(parents=True)
    with pytest.raises(IsADirectoryError) as error:
        course.copy_course(target, force=True)
    assert str(error.value) == (f"{target / '00_start_here.ipynb'} is a folder; the course has a file of that name: "
                                f"move it away or choose another folder")
    assert [p.name for p in target.iterdir()] == ["00_start_here.ipynb"]


def test_a_leading_tilde_is_the_home_folder_not_a_folder_named_tilde(tmp_path, monkeypatch):
    import argparse

    home, work = tmp_path / "home", tmp_path / "work"
    home.mkdir()
    work.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(work)
    written = course.copy_course("~/course")
    assert written and all(path.is_relative_to(home / "course") for path in written)
    assert list(work.iterdir()) == []  # no folder named ~
    parser = argparse.ArgumentParser(prog="bleu-lab")
    course.add_notebooks_command(parser.add_subparsers())
    assert parser.parse_args(["notebooks", "~/x"]).directory == home / "x"  # bleu-lab notebooks '~/x'
    assert course.check_folder_name("course") == "course"


def test_the_course_carries_the_voila_settings_beside_the_playground(tmp_path):
    """`voila 12_playground.ipynb` in a copied course reads voila.json there, which leaves the answers out."""
    written = course.copy_course(tmp_path / "course")
    assert tmp_path / "course" / "voila.json" in written
    assert (tmp_path / "course" / "12_playground.ipynb").is_file()
    assert (tmp_path / "course" / "voila.json").read_bytes() == (ROOT / "notebooks" / "voila.json").read_bytes()
