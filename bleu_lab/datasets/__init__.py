"""Real translation data shipped inside the package, read with no path and no network.

``load_wmt19_en_de()`` returns the WMT19 English-German news test set
(newstest2019, 1997 segments): the English source, the official German
reference and the German output of 12 systems submitted to WMT19
(Barrault et al. 2019). Origin, licence terms and sacrebleu's scores are in
``bleu_lab/datasets/wmt19_en_de/README.md``; checksums in ``SHA256SUMS``.

>>> from bleu_lab.datasets import load_wmt19_en_de
>>> data = load_wmt19_en_de()
>>> len(data.source), len(data.reference), len(data.systems)
(1997, 1997, 12)
>>> list(data.systems)[:3]
['MSRA.MADL', 'Microsoft-WMT19-sentence_document', 'NEU']
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Mapping, NamedTuple

WMT19_EN_DE_FOLDER = "wmt19_en_de"

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


__all__ = ["ParallelCorpus", "load_wmt19_en_de", "data_files"]
