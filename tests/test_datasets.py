"""The WMT19 en-de test set ships inside the package, intact, and loads with no path.

Expected values: the checksums in the dataset's SHA256SUMS (computed when the data was
collected), line counts and first lines read off the files by hand, the system list from the
dataset README.
"""

import fnmatch
import hashlib
import pathlib
import tomllib
from importlib import resources

import pytest

import bleu_lab
from bleu_lab.datasets import load_wmt19_en_de

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = resources.files("bleu_lab")
FOLDER = resources.files("bleu_lab.datasets").joinpath("wmt19_en_de")

SYSTEMS = [
    "MSRA.MADL", "Microsoft-WMT19-sentence_document", "NEU", "UCAM", "Facebook_FAIR", "online-Y",
    "online-B", "UdS-DFKI", "PROMT_NMT_EN-DE", "online-G", "online-X", "en_de_task",
]


def checksum_lines():
    lines = FOLDER.joinpath("SHA256SUMS").read_text(encoding="utf-8").splitlines()
    return [line.split(None, 1) for line in lines if line.strip()]


def data_files():
    """Every file in the dataset folder, as a path relative to the folder (posix)."""
    base = pathlib.Path(str(FOLDER))
    return sorted(p.relative_to(base).as_posix() for p in base.rglob("*") if p.is_file())


def test_checksums_match_every_data_file():
    entries = checksum_lines()
    assert len(entries) == 14  # source, reference, 12 systems
    for digest, name in entries:
        content = FOLDER.joinpath(*name.removeprefix("./").split("/")).read_bytes()
        assert hashlib.sha256(content).hexdigest() == digest, name


def test_every_file_is_listed_in_the_checksums_or_is_documentation():
    listed = {name.removeprefix("./") for _, name in checksum_lines()}
    assert set(data_files()) == listed | {"README.md", "SHA256SUMS"}


def test_readme_keeps_origin_and_licence():
    readme = FOLDER.joinpath("README.md").read_text(encoding="utf-8")
    for text in ("## Origin", "## License / terms of use", "Barrault et al., 2019", "freely used for research purposes",
                 "NLP2CT/Difficulty-Aware-MT-Evaluation", "Helsinki-NLP/OPUS-MT-testsets", "load_wmt19_en_de"):
        assert text in readme, text


def test_data_is_read_from_inside_the_package():
    assert pathlib.Path(str(FOLDER)).resolve().is_relative_to(pathlib.Path(bleu_lab.__file__).resolve().parent)


def test_load_shapes_and_names():
    data = load_wmt19_en_de()
    assert len(data.source) == 1997
    assert len(data.reference) == 1997
    assert list(data.systems) == SYSTEMS
    assert all(len(lines) == 1997 for lines in data.systems.values())
    assert data.references[0] == [data.reference[0]]


def test_lines_are_the_file_lines_without_newlines():
    data = load_wmt19_en_de()
    assert data.source[0] == "Welsh AMs worried about 'looking like muppets'"
    assert data.reference[0] == 'Walisische Ageordnete sorgen sich "wie Dödel auszusehen"'
    assert data.reference[-1] == "Atemwegsreizungen wurden in der vergangenen Woche aus Nordwest Florida nicht berichtet."
    assert data.systems["en_de_task"][0] == "Welsh AMs besorgt über die Suche nach Muppezsäubern"
    every_line = [*data.source, *data.reference, *(line for lines in data.systems.values() for line in lines)]
    assert not any(line.endswith(("\n", "\r")) or "\n" in line for line in every_line)
    assert all(line.strip() for line in every_line)  # the README promises no empty lines


def test_each_call_returns_fresh_lists():
    first = load_wmt19_en_de()
    first.reference[0] = "changed"
    first.systems["NEU"].clear()
    second = load_wmt19_en_de()
    assert second.reference[0] != "changed"
    assert len(second.systems["NEU"]) == 1997
    with pytest.raises(TypeError):
        second.systems["new"] = []


def test_pyproject_package_data_globs_cover_every_data_file():
    """setuptools ships only files matched by package-data; the WMT19 files have no .txt/.md suffix."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    package_data = config["tool"]["setuptools"]["package-data"]
    patterns = package_data.get("bleu_lab", [])
    for name in data_files():
        path = f"datasets/wmt19_en_de/{name}"
        assert any(fnmatch.fnmatch(path, pattern) for pattern in patterns), path
