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
