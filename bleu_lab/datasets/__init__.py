"""Real translation data shipped inside the package, read with no path and no network.

``load_wmt19_en_de()`` returns the WMT19 English-German news test set
(newstest2019, 1997 segments): the English source, the official German
reference and the German output of 12 systems submitted to WMT19
(Barrault et al. 2019). Origin, licence terms and sacrebleu's scores are in
``bleu_lab/datasets/wmt19_en_de/README.md``; checksums in ``SHA256SUMS``.

Two more datasets go with it, each in its own folder with README, licence
terms and ``SHA256SUMS``:

- ``load_wmt19_human_scores()``: the official WMT19 human score (DA z,
  Barrault et al. 2019) of 11 of the 12 systems, and why the 12th is left out
  (``wmt19_human_judgments/``);
- ``load_wmt19_references()``: the official reference and three more for the
  same 1997 segments, AR, AR.p and WMT.p (Freitag, Grangier and Caswell 2020;
  Apache-2.0, ``wmt19_paraphrased_references/``).

>>> from bleu_lab.datasets import load_wmt19_en_de
>>> data = load_wmt19_en_de()
>>> len(data.source), len(data.reference), len(data.systems)
(1997, 1997, 12)
>>> list(data.systems)[:3]
['MSRA.MADL', 'Microsoft-WMT19-sentence_document', 'NEU']
>>> human = load_wmt19_human_scores()
>>> len(human.scores), next(iter(human.scores)), human.scores["Facebook_FAIR"]
(11, 'Facebook_FAIR', 0.347)
>>> list(human.left_out)
['en_de_task']
>>> refs = load_wmt19_references()
>>> list(refs), {len(lines) for lines in refs.values()}
(['WMT', 'AR', 'AR.p', 'WMT.p'], {1997})
>>> ted = load_mqm_ted("en-de")
>>> len(ted.source), len(ted.outputs), round(ted.system_penalties["ref"], 2)
(529, 13, 0.91)
"""

from __future__ import annotations

import csv
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Mapping, NamedTuple

from .mqm import MQM_LANGUAGE_PAIRS, MqmError, MqmJudgments, load_mqm_ted, mqm_weight

WMT19_EN_DE_FOLDER = "wmt19_en_de"
WMT19_HUMAN_FOLDER = "wmt19_human_judgments"
WMT19_PARAPHRASED_FOLDER = "wmt19_paraphrased_references"

# Freitag et al. (2020)'s names for the references, the official one first, and their files.
_WMT19_EXTRA_REFERENCE_FILES = (
    ("AR", "wmt19-ende-ar.ref"),
    ("AR.p", "wmt19-ende-arp.ref"),
    ("WMT.p", "wmt19-ende-wmtp.ref"),
)
WMT19_REFERENCE_NAMES = ("WMT", *(name for name, _ in _WMT19_EXTRA_REFERENCE_FILES))

# sacrebleu 2.6.0's corpus BLEU (0-100, default settings) from the dataset README, best first.
# The order of ``systems`` follows it; the numbers themselves are recomputed in tests.
_WMT19_SYSTEM_FILES = (
    ("MSRA.MADL", "newstest2019.MSRA.MADL.6926.en-de"),
    ("Microsoft-WMT19-sentence_document", "newstest2019.Microsoft-WMT19-sentence_document.6974.en-de"),
    ("NEU", "newstest2019.NEU.6763.en-de"),
    ("UCAM", "newstest2019.UCAM.6731.en-de"),
    ("Facebook_FAIR", "newstest2019.Facebook_FAIR.6862.en-de"),
    ("online-Y", "newstest2019.online-Y.0.en-de"),
    ("online-B", "newstest2019.online-B.0.en-de"),
    ("UdS-DFKI", "newstest2019.UdS-DFKI.6871.en-de"),
    ("PROMT_NMT_EN-DE", "newstest2019.PROMT_NMT_EN-DE.6674.en-de"),
    ("online-G", "newstest2019.online-G.0.en-de"),
    ("online-X", "newstest2019.online-X.0.en-de"),
    ("en_de_task", "newstest2019.en_de_task.6790.en-de"),
)


class ParallelCorpus(NamedTuple):
    """A test set: source lines, one reference per line, and system outputs by name.

    ``systems`` maps a system name (``"MSRA.MADL"``, ``"online-B"``...) to its
    output lines, in the order of sacrebleu's BLEU, best first. The mapping is
    read-only; the line lists are fresh copies for each call of the loader.
    """

    name: str
    source: list
    reference: list
    systems: Mapping[str, list]

    @property
    def references(self) -> list:
        """The reference in bleu_lab's nesting: ``references[i]`` is the list of references of line i."""
        return [[line] for line in self.reference]

    def __repr__(self) -> str:
        return (
            f"<ParallelCorpus {self.name}: {len(self.source)} segments, "
            f"{len(self.systems)} systems: {', '.join(self.systems)}>"
        )


def data_files(folder: str = WMT19_EN_DE_FOLDER):
    """The packaged folder of a dataset as an importlib.resources ``Traversable``."""
    return resources.files(__name__).joinpath(folder)


def _read_lines(path) -> tuple:
    # Files are UTF-8 with LF endings and a final newline; splitlines would also split on U+2028 etc.
    text = path.read_text(encoding="utf-8")
    if text.endswith("\n"):
        text = text[:-1]
    return tuple(text.split("\n"))


@lru_cache(maxsize=1)
def _load_wmt19_en_de_lines():
    folder = data_files(WMT19_EN_DE_FOLDER)
    source = _read_lines(folder / "newstest2019-ende-src.en")
    reference = _read_lines(folder / "newstest2019-ende-ref.de")
    systems = {name: _read_lines(folder / "sys" / filename) for name, filename in _WMT19_SYSTEM_FILES}
    return source, reference, systems


def load_wmt19_en_de() -> ParallelCorpus:
    """WMT19 newstest2019 English-German: source, reference and 12 system outputs.

    Read from the package data with ``importlib.resources`` (works from a
    wheel or an editable install, offline). Lines carry no trailing newline.
    The files are read once per process; each call returns fresh lists, so
    changing them does not change the next call's result.
    """
    source, reference, systems = _load_wmt19_en_de_lines()
    return ParallelCorpus(
        name="wmt19-newstest-en-de",
        source=list(source),
        reference=list(reference),
        systems=MappingProxyType({name: list(lines) for name, lines in systems.items()}),
    )


class HumanScores(NamedTuple):
    """System-level human scores of a test set.

    ``scores`` maps a system name to its score, best first (for WMT19: the
    average standardized Direct Assessment score, "Ave. z": each rater's 0-100
    ratings turned into z-scores, then averaged per system; higher is better).
    ``left_out`` maps each system without a trustworthy score to the reason.
    Both mappings are read-only.
    """

    name: str
    measure: str
    scores: Mapping[str, float]
    left_out: Mapping[str, str]
    citation: str

    def __repr__(self) -> str:
        return (
            f"<HumanScores {self.name}: {self.measure} for {len(self.scores)} systems"
            f" ({len(self.left_out)} left out: {', '.join(self.left_out)})>"
        )


@lru_cache(maxsize=1)
def _load_wmt19_human_rows() -> tuple:
    text = data_files(WMT19_HUMAN_FOLDER).joinpath("en-de-system-da.tsv").read_text(encoding="utf-8")
    rows = csv.DictReader(text.splitlines(), delimiter="\t")
    scores, left_out = [], []
    for row in rows:
        if row["da_z"].strip():
            scores.append((row["system"], float(row["da_z"])))
        else:
            left_out.append((row["system"], row["note"].strip()))
    return tuple(sorted(scores, key=lambda item: -item[1])), tuple(left_out)


def load_wmt19_human_scores() -> HumanScores:
    """The official WMT19 English-German human scores (DA z) of the shipped systems.

    11 of the 12 systems of ``load_wmt19_en_de()`` have a score, best first:
    Facebook_FAIR (0.347) to online-X (-0.400). ``en_de_task`` is in
    ``left_out``: the machine-readable copy gives it +1.769, which would make
    the worst system by every automatic metric the best by human judgment (a
    lost minus sign is likely) and no second source could settle it, so it is
    treated as unknown rather than guessed. Source: Barrault et al. (2019);
    details in ``bleu_lab/datasets/wmt19_human_judgments/README.md``.
    """
    scores, left_out = _load_wmt19_human_rows()
    return HumanScores(
        name="wmt19-newstest-en-de",
        measure="DA z (average standardized Direct Assessment score)",
        scores=MappingProxyType(dict(scores)),
        left_out=MappingProxyType(dict(left_out)),
        citation="Barrault et al. (2019), Findings of the 2019 Conference on Machine Translation (WMT19)",
    )


@lru_cache(maxsize=1)
def _load_wmt19_extra_reference_lines() -> tuple:
    folder = data_files(WMT19_PARAPHRASED_FOLDER)
    return tuple((name, _read_lines(folder / filename)) for name, filename in _WMT19_EXTRA_REFERENCE_FILES)


def load_wmt19_references() -> Mapping[str, list]:
    """Four German references of WMT19 newstest2019 en-de, by name, each aligned with the 1997 segments.

    ``"WMT"`` is the official reference (the same lines as
    ``load_wmt19_en_de().reference``); the others come from Freitag,
    Grangier and Caswell (2020), "BLEU might be Guilty but References are not
    Innocent" (Apache License 2.0):

    - ``"AR"``: a second, independent human translation;
    - ``"AR.p"``: AR paraphrased by linguists as much as possible;
    - ``"WMT.p"``: the official reference paraphrased the same way.

    Line i of every reference translates source line i. The mapping is
    read-only; the lists are fresh copies for each call. To score against
    several at once, nest them per segment:
    ``[[refs[name][i] for name in names] for i in range(1997)]``.
    """
    _, official, _ = _load_wmt19_en_de_lines()
    named = (("WMT", official), *_load_wmt19_extra_reference_lines())
    return MappingProxyType({name: list(lines) for name, lines in named})


__all__ = [
    "HumanScores",
    "MQM_LANGUAGE_PAIRS",
    "MqmError",
    "MqmJudgments",
    "load_mqm_ted",
    "mqm_weight",
    "ParallelCorpus",
    "WMT19_REFERENCE_NAMES",
    "data_files",
    "load_wmt19_en_de",
    "load_wmt19_human_scores",
    "load_wmt19_references",
]
