"""The README's example output must be what the package prints today."""

import pathlib
import re

import pytest

import bleu_lab

README = (pathlib.Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")

# The seed lab's roles: the NASA sentence is the human reference, the shorter one machine output 1.
NASA_CANDIDATE = "The Opportunity rover is combating a big sandstorm on planet Mars."
NASA_REFERENCES = ["The NASA Opportunity rover is battling a massive dust storm on planet Mars."]


def test_readme_quick_start_is_the_two_commands():
    quick_start = README.split("## Quick start", 1)[1].split("##", 1)[0]
    assert "make lab" in quick_start and "make test" in quick_start


def test_readme_example_output_is_current():
    result = bleu_lab.sentence_bleu(NASA_CANDIDATE, NASA_REFERENCES)
    # sacrebleu prints 27.64 for this pair (see notebook 03); the README must show the same.
    import sacrebleu

    theirs = sacrebleu.sentence_bleu(NASA_CANDIDATE, NASA_REFERENCES).score
    assert f"{theirs:.2f}" == f"{100 * result.score:.2f}" == "27.64"
    assert ">>> print(result)\n" + str(result) + "\n" in README
    assert result.explain() in README


def test_readme_error_example_is_current():
    with pytest.raises(TypeError) as error:
        bleu_lab.sentence_bleu("the cat", "the cat sat")
    assert f"TypeError: {error.value}" in README


# ---------------------------------------------------------------- a README a newcomer reads in five minutes

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs").glob("*.md"))


def _section(title: str) -> str:
    """The text under the README's heading ``## title`` ("" when there is none: the test that needs it fails)."""
    parts = README.split(f"## {title}\n", 1)
    return parts[1].split("\n## ", 1)[0] if len(parts) == 2 else ""


def test_readme_has_the_table_for_users_of_other_libraries():
    section = _section("Coming from sacrebleu, jiwer or evaluate")
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    assert any(row.startswith("| `sacrebleu.") for row in rows), "no 'Coming from sacrebleu, jiwer or evaluate' rows"


def test_readme_reads_in_five_minutes():
    # Five minutes at about 240 words a minute, tables and examples included; the rest is in docs/.
    words = len(README.split())
    assert words <= 1200, f"the README has {words} words: move the long parts into docs/"
    for page in ("docs/course.md", "docs/teaching.md", "docs/reference.md", "docs/accessibility.md"):
        assert f"]({page})" in README, f"the README does not link {page}"


def test_readme_states_the_size_and_time_of_both_environments():
    quick_start = _section("Quick start")
    for command in ("`make lab`", "`make test`"):
        row = next(line for line in quick_start.splitlines() if line.startswith(f"| {command} |"))
        assert re.search(r"\d+(\.\d+)? (MB|GB)", row) and re.search(r"\d+(\.\d+)? minutes", row), row
    assert "never calls `sudo`" in quick_start


# Each row's calls against the other library's number: tests/test_coming_from_other_libraries.py.


def _links(text: str) -> list:
    return [target for target in re.findall(r"\]\(([^)\s]+)\)", text)]


@pytest.mark.parametrize("page", [ROOT / "README.md", *DOCS], ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_link_is_valid_and_no_placeholder_organisation(page):
    text = page.read_text(encoding="utf-8")
    for target in _links(text):
        assert not re.search(r"YOUR-ORG|<your-", target, re.I), f"{page.name} links a placeholder: {target}"
        if re.match(r"[a-z]+:", target):  # an outside address: only as a template in a code block
            continue
        path = target.split("#", 1)[0]
        if path:
            assert (page.parent / path).exists(), f"{page.name}: the link {target} points to nothing"


def test_pyproject_has_no_placeholder_urls():
    assert "YOUR-ORG" not in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_the_notebook_table_is_its_own_block_and_names_real_notebooks():
    start, end = "<!-- notebook-table:start", "<!-- notebook-table:end -->"
    assert README.count(start) == 1 and README.count(end) == 1
    table = README.split(start, 1)[1].split(end, 1)[0]
    names = re.findall(r"^\| `([^`]+)` \|", table, re.M)
    assert names, "the notebook table lists no notebook"
    for name in names:
        assert (ROOT / "notebooks" / f"{name}.ipynb").exists(), f"the table names {name}, which notebooks/ lacks"
