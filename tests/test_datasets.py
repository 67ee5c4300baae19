"""The WMT19 en-de test set, its human scores and its extra references ship inside the package,
intact, with their licences, and load with no path.

Expected values: the checksums in each dataset's SHA256SUMS (computed when the data was
collected), line counts and first lines read off the files by hand, the system list from the
dataset README, the DA z figures from Barrault et al. (2019) as written in the shared copy,
alignment judged by sacrebleu's chrF (not bleu_lab's).
"""

import fnmatch
import hashlib
import pathlib
import subprocess
import sys
import zipfile
from importlib import resources

import pytest
import sacrebleu
import tomllib

import bleu_lab
from bleu_lab.datasets import load_wmt19_en_de, load_wmt19_human_scores, load_wmt19_references

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = resources.files("bleu_lab")
FOLDER = resources.files("bleu_lab.datasets").joinpath("wmt19_en_de")
HUMAN = resources.files("bleu_lab.datasets").joinpath("wmt19_human_judgments")
PARAPHRASED = resources.files("bleu_lab.datasets").joinpath("wmt19_paraphrased_references")
# Every shipped dataset folder: its data files (as in SHA256SUMS) and its documentation files.
DATASETS = {
    "wmt19_en_de": (14, {"README.md", "SHA256SUMS"}),
    "wmt19_human_judgments": (1, {"README.md", "SHA256SUMS"}),
    "wmt19_paraphrased_references": (3, {"README.md", "SHA256SUMS", "LICENSE"}),
}

SYSTEMS = [
    "MSRA.MADL", "Microsoft-WMT19-sentence_document", "NEU", "UCAM", "Facebook_FAIR", "online-Y",
    "online-B", "UdS-DFKI", "PROMT_NMT_EN-DE", "online-G", "online-X", "en_de_task",
]


def checksum_lines(folder=FOLDER):
    lines = folder.joinpath("SHA256SUMS").read_text(encoding="utf-8").splitlines()
    return [line.split(None, 1) for line in lines if line.strip()]


def data_files(folder=FOLDER):
    """Every file in the dataset folder, as a path relative to the folder (posix)."""
    base = pathlib.Path(str(folder))
    return sorted(p.relative_to(base).as_posix() for p in base.rglob("*") if p.is_file())


@pytest.mark.parametrize("name", DATASETS)
def test_checksums_match_every_data_file(name):
    folder = resources.files("bleu_lab.datasets").joinpath(name)
    entries = checksum_lines(folder)
    assert len(entries) == DATASETS[name][0]  # wmt19_en_de: source, reference, 12 systems
    for digest, filename in entries:
        content = folder.joinpath(*filename.removeprefix("./").split("/")).read_bytes()
        assert hashlib.sha256(content).hexdigest() == digest, filename


@pytest.mark.parametrize("name", DATASETS)
def test_every_file_is_listed_in_the_checksums_or_is_documentation(name):
    folder = resources.files("bleu_lab.datasets").joinpath(name)
    listed = {filename.removeprefix("./") for _, filename in checksum_lines(folder)}
    assert set(data_files(folder)) == listed | DATASETS[name][1]


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
    assert data.reference[-1] == (
        "Atemwegsreizungen wurden in der vergangenen Woche aus Nordwest Florida nicht berichtet."
    )
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
    for folder in DATASETS:
        for name in data_files(resources.files("bleu_lab.datasets").joinpath(folder)):
            path = f"datasets/{folder}/{name}"
            assert any(fnmatch.fnmatch(path, pattern) for pattern in patterns), path


# --- human scores (Barrault et al. 2019) ---

# DA z ("Ave. z") of the WMT19 en-de human evaluation, best first, as in the shared copy.
DA_Z = {
    "Facebook_FAIR": 0.347, "Microsoft-WMT19-sentence_document": 0.311, "MSRA.MADL": 0.214, "UCAM": 0.213,
    "NEU": 0.208, "online-B": 0.094, "online-Y": 0.038, "PROMT_NMT_EN-DE": 0.001, "online-G": -0.119,
    "UdS-DFKI": -0.129, "online-X": -0.400,
}


def test_human_scores_are_the_published_figures_best_first():
    human = load_wmt19_human_scores()
    assert dict(human.scores) == DA_Z
    assert list(human.scores) == list(DA_Z)
    assert "Barrault" in human.citation and "DA z" in human.measure


def test_the_twelfth_system_is_left_out_with_its_reason():
    human = load_wmt19_human_scores()
    assert list(human.left_out) == ["en_de_task"]
    assert "+1.769" in human.left_out["en_de_task"]
    assert "en_de_task" not in human.scores
    assert set(human.scores) | set(human.left_out) == set(load_wmt19_en_de().systems)
    assert "en_de_task" in repr(human)


def test_human_scores_are_read_only():
    human = load_wmt19_human_scores()
    with pytest.raises(TypeError):
        human.scores["online-X"] = 1.0
    assert load_wmt19_human_scores().scores["online-X"] == -0.400


def test_human_readme_keeps_origin_and_terms():
    readme = HUMAN.joinpath("README.md").read_text(encoding="utf-8")
    for text in ("Barrault et al. (2019)", "NLP2CT/Difficulty-Aware-MT-Evaluation",
                 "40faeadb76ae089ca7256e75a3d1972b2c1dd7fd",
                 "en_de_task", "## Origin and terms of use", "load_wmt19_human_scores"):
        assert text in readme, text


# --- extra references (Freitag, Grangier and Caswell 2020) ---

def test_references_names_lengths_and_official_one():
    refs = load_wmt19_references()
    assert list(refs) == ["WMT", "AR", "AR.p", "WMT.p"]
    assert list(refs) == list(bleu_lab.datasets.WMT19_REFERENCE_NAMES)
    assert all(len(lines) == 1997 for lines in refs.values())
    assert refs["WMT"] == load_wmt19_en_de().reference


def test_references_first_and_last_lines_as_in_the_files():
    refs = load_wmt19_references()
    assert refs["AR"][0] == "Walisische Abgeordnete befürchten als ,Idioten’ dazustehen."
    assert refs["AR.p"][0] == "Abgeordnete aus Wales hatten Angst, das Bild von „Dummköpfen“ abzugeben."
    assert refs["WMT.p"][0] == "Abgeordnete walisischen Ursprungs machen sich Sorgen, „wie Idioten auszusehen“"
    for lines in refs.values():
        assert all(line.strip() and "\n" not in line for line in lines)


def test_references_are_aligned_with_the_segments():
    """Each extra reference is closer (sacrebleu chrF) to the official line it stands beside than to the next one."""
    refs = load_wmt19_references()
    official = refs["WMT"]
    for name in ("AR", "AR.p", "WMT.p"):
        sample = range(0, 1996, 20)
        same = [sacrebleu.sentence_chrf(refs[name][i], [official[i]]).score for i in sample]
        shifted = [sacrebleu.sentence_chrf(refs[name][i], [official[i + 1]]).score for i in sample]
        closer = sum(a > b for a, b in zip(same, shifted))
        assert closer >= 0.95 * len(same), (name, closer, len(same))


def test_references_are_fresh_and_read_only():
    refs = load_wmt19_references()
    refs["AR"][0] = "changed"
    with pytest.raises(TypeError):
        refs["new"] = []
    assert load_wmt19_references()["AR"][0] != "changed"


def test_paraphrased_references_ship_their_licence_and_origin():
    licence = PARAPHRASED.joinpath("LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in licence and "Version 2.0, January 2004" in licence
    readme = PARAPHRASED.joinpath("README.md").read_text(encoding="utf-8")
    for text in ("google/wmt19-paraphrased-references", "4c2493c5171e63fc6ee52bfd37cf55a94492d125",
                 "Apache License 2.0",
                 "Freitag, Grangier and Caswell (2020)", "load_wmt19_references"):
        assert text in readme, text


# --- the data ships in a built wheel ---

@pytest.fixture(scope="module")
def wheel_names(tmp_path_factory):
    """The file names inside a wheel built from this checkout (pip wheel --no-deps .)."""
    out = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", str(ROOT), "-w", str(out)],
        capture_output=True, text=True,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    [wheel] = out.glob("bleu_lab-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


@pytest.mark.parametrize("name", DATASETS)
def test_every_dataset_file_ships_in_the_wheel(wheel_names, name):
    folder = resources.files("bleu_lab.datasets").joinpath(name)
    expected = {f"bleu_lab/datasets/{name}/{filename}" for filename in data_files(folder)}
    assert expected <= wheel_names, sorted(expected - wheel_names)
    for documentation in DATASETS[name][1]:
        assert f"bleu_lab/datasets/{name}/{documentation}" in wheel_names
