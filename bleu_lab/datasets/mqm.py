"""Expert MQM judgments of the WMT21 TED talk test set, read from the package (Freitag et al. 2021).

MQM (Multidimensional Quality Metrics) as Freitag et al. (2021) ran it: a
professional translator marks each error in a translated segment with a
category, a severity and its span. A segment's penalty is the weighted sum of
its errors (:func:`mqm_weight`); a system's penalty is the mean over segments.
Lower is better. Origin, licence and limits: ``bleu_lab/datasets/mqm_ted/README.md``.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Mapping, NamedTuple

MQM_FOLDER = "mqm_ted"
# Each language pair's error file and its rated human translations (the reference names it accepts).
_MQM_FILES = {"en-de": "en-de/mqm_ted_ende.tsv", "zh-en": "zh-en/mqm_ted_zhen.tsv"}
_MQM_HUMAN_TRANSLATIONS = {"en-de": ("ref",), "zh-en": ("ref", "refB")}
MQM_LANGUAGE_PAIRS = tuple(_MQM_FILES)

# Freitag et al. (2021), Table 2 ("MQM error weighting"); any other category takes its severity's weight.
MAJOR_WEIGHT = 5.0
MINOR_WEIGHT = 1.0
MINOR_PUNCTUATION_WEIGHT = 0.1
NON_TRANSLATION_WEIGHT = 25.0
SEVERITIES = ("Major", "Minor", "Neutral", "No-error")


def mqm_weight(category: str, severity: str) -> float:
    """The weight of one marked error (Freitag et al. 2021): Major 5, Minor 1, Minor Fluency/Punctuation 0.1,
    Non-translation 25, Neutral 0 (and 0 for a No-error row).

    >>> mqm_weight("Accuracy/Mistranslation", "Major"), mqm_weight("Fluency/Punctuation", "Minor")
    (5.0, 0.1)
    """
    if severity not in SEVERITIES:
        raise ValueError(f"unknown MQM severity {severity!r}; one of {', '.join(SEVERITIES)}. "
                         f"Right: mqm_weight('Accuracy/Mistranslation', 'Major')")
    if category.startswith("Non-translation"):
        return NON_TRANSLATION_WEIGHT
    if severity == "Major":
        return MAJOR_WEIGHT
    if severity == "Minor":
        return MINOR_PUNCTUATION_WEIGHT if category == "Fluency/Punctuation" else MINOR_WEIGHT
    return 0.0


class MqmError(NamedTuple):
    """One error a rater marked: in ``system``'s output of segment ``segment`` (0-based position in the
    loaded lists), its ``category`` and ``severity``, the marked ``span`` and where it lies in the
    output (``output[start:end] == span``; start = end = -1 when the rater marked no span), and its
    ``weight`` (:func:`mqm_weight`)."""

    system: str
    segment: int
    category: str
    severity: str
    span: str
    start: int
    end: int
    weight: float


class MqmJudgments(NamedTuple):
    """Expert MQM judgments of one language pair of the WMT21 TED test set.

    - ``source``: the 529 source segments; ``documents``: the talk each segment comes from
      (``"talk.1"`` ...); ``segment_ids``: the data's own segment ids;
    - ``human_translations``: ``{name: lines}`` of the rated human translations (en-de ``ref``;
      zh-en ``ref`` and ``refB``); ``reference_name`` and ``reference``: the one chosen as reference;
    - ``outputs``: ``{system: lines}`` of the 13 MT systems (best MQM first);
    - ``segment_penalties``: ``{output: [penalty per segment]}`` for every rated output, the human
      translations included (0 = no error, lower is better); ``system_penalties``: their means,
      best first; ``raters``: ``{output: [rater per segment]}``;
    - ``errors``: every marked error (:class:`MqmError`), in file order.
    """

    language_pair: str
    source: list
    documents: list
    segment_ids: list
    human_translations: Mapping[str, list]
    reference_name: str
    reference: list
    outputs: Mapping[str, list]
    segment_penalties: Mapping[str, list]
    system_penalties: Mapping[str, float]
    raters: Mapping[str, list]
    errors: list

    @property
    def references(self) -> list:
        """The reference in bleu_lab's nesting: ``references[i]`` is the list of references of segment i."""
        return [[line] for line in self.reference]

    def __repr__(self) -> str:
        return (f"<MqmJudgments TED {self.language_pair}: {len(self.source)} segments, {len(self.outputs)} MT "
                f"systems, human translations {', '.join(self.human_translations)}, reference "
                f"{self.reference_name!r}, {len(self.errors)} errors>")


def _marked_span(target: str) -> tuple:
    """The target without its ``<v>``/``</v>`` marks, the marked span and its start and end in that text."""
    start = target.find("<v>")
    end = target.find("</v>")
    if start < 0 or end < start:
        return target.replace("<v>", "").replace("</v>", ""), "", -1, -1
    plain = target[:start] + target[start + 3:end] + target[end + 4:]
    return plain, target[start + 3:end], start, end - 3


@lru_cache(maxsize=2)
def _read_mqm(language_pair: str) -> tuple:
    path = resources.files(__package__).joinpath(f"{MQM_FOLDER}/{_MQM_FILES[language_pair]}")
    # Rows end in "\n" only; str.splitlines would also split a field at U+2028, U+0085 and the like.
    text = io.StringIO(path.read_text(encoding="utf-8"), newline="")
    rows = list(csv.DictReader(text, delimiter="\t", quoting=csv.QUOTE_NONE))
    segment_ids = sorted({int(row["seg_id"]) for row in rows})
    position = {seg_id: i for i, seg_id in enumerate(segment_ids)}
    source: dict = {}
    documents: dict = {}
    targets: dict = defaultdict(dict)
    raters: dict = defaultdict(dict)
    penalties: dict = defaultdict(lambda: [0.0] * len(segment_ids))
    errors = []
    for row in rows:
        system, i = row["system"], position[int(row["seg_id"])]
        plain, span, start, end = _marked_span(row["target"])
        source[i], documents[i], targets[system][i], raters[system][i] = row["source"], row["doc"], plain, row["rater"]
        if row["severity"] == "No-error":
            penalties[system][i] += 0.0  # a rated segment without errors
            continue
        weight = mqm_weight(row["category"], row["severity"])
        penalties[system][i] += weight
        errors.append(MqmError(system, i, row["category"], row["severity"], span, start, end, weight))
    order = sorted(penalties, key=lambda name: sum(penalties[name]) / len(segment_ids))
    lines = {name: tuple(targets[name][i] for i in range(len(segment_ids))) for name in order}
    return (tuple(source[i] for i in range(len(segment_ids))), tuple(documents[i] for i in range(len(segment_ids))),
            tuple(segment_ids), lines, {name: tuple(penalties[name]) for name in order},
            {name: tuple(raters[name][i] for i in range(len(segment_ids))) for name in order}, tuple(errors))


def _checked_choice(language_pair, reference) -> None:
    call = 'load_mqm_ted("en-de"), or load_mqm_ted("zh-en", reference="refB")'
    if not isinstance(language_pair, str) or language_pair not in _MQM_FILES:
        raise ValueError(f"no MQM data for language pair {language_pair!r}; bleu_lab ships TED "
                         f"{' and '.join(map(repr, MQM_LANGUAGE_PAIRS))} (written with a hyphen). Right: {call}")
    names = _MQM_HUMAN_TRANSLATIONS[language_pair]
    if not isinstance(reference, str) or reference not in names:
        raise ValueError(f"reference={reference!r} is not a human translation of TED {language_pair}; "
                         f"it has {', '.join(map(repr, names))}. Right: {call}")


def load_mqm_ted(language_pair: str = "en-de", *, reference: str = "ref") -> MqmJudgments:
    """Expert MQM judgments of the WMT21 TED talks (Freitag et al. 2021): texts, errors, penalties.

    ``language_pair``: ``"en-de"`` (13 MT systems and the human translation ``ref``, 4 raters) or
    ``"zh-en"`` (13 MT systems and two human translations, ``ref`` and ``refB``, 9 raters); 529
    segments each, one rater per (output, segment). ``reference`` names the human translation that
    serves as reference (``.reference``); all human translations stay in ``.human_translations`` and
    in the penalties. Penalties: weighted errors (:func:`mqm_weight`) summed per segment, averaged
    per system; en-de reproduces the published system scores (ref 0.91 ... Nemo 2.14).

    >>> ted = load_mqm_ted("zh-en", reference="refB")
    >>> ted.reference_name, list(ted.human_translations), len(ted.outputs)
    ('refB', ['refB', 'ref'], 13)
    >>> [name for name in ted.system_penalties][::14], round(ted.system_penalties["refB"], 3)
    (['refB', 'ref'], 0.415)
    """
    _checked_choice(language_pair, reference)
    source, documents, segment_ids, lines, penalties, raters, errors = _read_mqm(language_pair)
    human_names = _MQM_HUMAN_TRANSLATIONS[language_pair]
    n = len(source)
    return MqmJudgments(
        language_pair=language_pair,
        source=list(source),
        documents=list(documents),
        segment_ids=list(segment_ids),
        human_translations=MappingProxyType({name: list(lines[name]) for name in lines if name in human_names}),
        reference_name=reference,
        reference=list(lines[reference]),
        outputs=MappingProxyType({name: list(lines[name]) for name in lines if name not in human_names}),
        segment_penalties=MappingProxyType({name: list(values) for name, values in penalties.items()}),
        system_penalties=MappingProxyType({name: sum(values) / n for name, values in penalties.items()}),
        raters=MappingProxyType({name: list(values) for name, values in raters.items()}),
        errors=list(errors),
    )
