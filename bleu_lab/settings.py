"""Settings of each metric: checked once, frozen, and written out as a reproducibility signature.

Post (2018, "A Call for Clarity in Reporting BLEU Scores") shows that the same
system gets BLEU scores several points apart under different tokenizers,
casing and reference counts, and asks that every score travel with a short
string naming them. sacrebleu calls it the signature, e.g.::

    nrefs:2|case:mixed|eff:no|tok:13a|smooth:none|version:2.6.0

bleu_lab writes the same keys in the same order (so a default bleu_lab
signature is sacrebleu's own) and adds its own version last. Settings that
sacrebleu does not have (BLEU's ``max_order`` and ``weights``, chrF's
``beta``) appear only when they differ from sacrebleu's fixed choice, so two
set-ups that can give different scores never print the same line.

Each settings object checks every keyword when it is built (the checks and
their messages live in :mod:`bleu_lab.checks`) and is then frozen: the
counting and scoring code never checks a keyword again. chrF, TER and ROUGE
build theirs through :func:`built_once`, so that the same keywords are checked
once, not on every call (as sacrebleu checks them once, in a metric's constructor).

>>> BleuSettings().signature(nrefs=2)
'nrefs:2|case:mixed|eff:no|tok:13a|smooth:none|version:2.6.0|bleu_lab:0.2.0'
>>> BleuSettings(smoothing="floor", lowercase=True, max_order=2).signature(nrefs=1)
'nrefs:1|case:lc|eff:no|tok:13a|smooth:floor[0.10]|order:2|version:2.6.0|bleu_lab:0.2.0'
>>> ChrfSettings(word_order=2).signature(nrefs=1)
'nrefs:1|case:mixed|eff:yes|nc:6|nw:2|space:no|version:2.6.0|bleu_lab:0.2.0'
>>> RougeSettings(stem=True, n=2).signature(nrefs=1)
'nrefs:1|variant:rouge2|tok:rouge-score|stem:yes|bleu_lab:0.2.0'
>>> TerSettings().signature(nrefs=1)
'nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.6.0|bleu_lab:0.2.0'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .bleu.scoring import BleuSettings  # noqa: F401  (BLEU's settings live with its scoring; here for older imports)
from .checks import MAX_ORDER, check_beta, check_bool, check_name, check_order, check_word_order
from .signature import (  # noqa: F401  (older imports: bleu_lab.settings.__version__ ...)
    BLEU_KEYWORDS,
    ROUGE_TOKENIZERS,
    SCORING_KEYWORDS,
    __version__,
    _join,
    _nrefs,
    _yes_no,
    resampling_signature,
    sacrebleu_version,
)


def built_once(settings_class):
    """``settings_class`` behind a cache: the first call with some keyword values builds (and so checks)
    the frozen settings, later calls with the same values and types get the same object back without a
    check (``True`` and ``1`` are kept apart, so ``stem=1`` is refused every time).

    A value that cannot be a cache key (a list) makes the cache raise TypeError; the caller then builds
    ``settings_class`` itself, whose checks name the mistake.

    >>> once = built_once(RougeSettings)
    >>> once(True, "rouge-score") is once(True, "rouge-score")
    True
    """
    return lru_cache(maxsize=256, typed=True)(settings_class)


@dataclass(frozen=True)
class ChrfSettings:
    """The keywords of :func:`bleu_lab.chrf` / :func:`bleu_lab.corpus_chrf` (sacrebleu's ``CHRF``), checked, frozen."""

    char_order: int = 6
    word_order: int = 0
    beta: float = 2
    lowercase: bool = False
    whitespace: bool = False
    eps_smoothing: bool = False

    def __post_init__(self) -> None:
        check_order(self.char_order, "char_order")
        word_order = check_word_order(self.word_order)
        beta = check_beta(self.beta)
        for name in ("lowercase", "whitespace", "eps_smoothing"):
            check_bool(getattr(self, name), name)
        object.__setattr__(self, "char_order", int(self.char_order))
        object.__setattr__(self, "word_order", word_order)
        object.__setattr__(self, "beta", beta)

    def signature(self, nrefs=None) -> str:
        """sacrebleu's chrF signature (``eff:yes`` unless ``eps_smoothing``) plus bleu_lab's version;
        ``beta`` is shown when it is not 2 (sacrebleu puts it in the name, chrF2)."""
        return _join([
            ("nrefs", _nrefs(nrefs)),
            ("case", "lc" if self.lowercase else "mixed"),
            ("eff", _yes_no(not self.eps_smoothing)),
            ("nc", self.char_order),
            ("nw", self.word_order),
            ("space", _yes_no(self.whitespace)),
            ("beta", None if self.beta == 2 else f"{self.beta:g}"),
            ("version", sacrebleu_version()),
            ("bleu_lab", __version__),
        ])


@dataclass(frozen=True)
class RougeSettings:
    """The keywords of :func:`bleu_lab.rouge_n`, :func:`bleu_lab.rouge_l`, :func:`bleu_lab.rouge_lsum`.

    ROUGE has no sacrebleu signature; bleu_lab writes one in the same format: ``nrefs``, the
    variant (rouge-score's name: ``rouge2``, ``rougeL``), the tokenizer (``tok:rouge-score`` is
    rouge-score's default) and Porter stemming, then bleu_lab's version.
    """

    stem: bool = False
    tokenizer: str = "rouge-score"
    n: int | None = None  # ROUGE-N only

    def __post_init__(self) -> None:
        if self.n is not None:
            check_order(self.n, "n")
            object.__setattr__(self, "n", int(self.n))
        check_bool(self.stem, "stem", right=". Right: rouge_n(candidate, references, stem=True)")
        check_name(
            self.tokenizer, "tokenizer", ROUGE_TOKENIZERS, kind="ROUGE tokenizer", example="'rouge-score'",
            hint=" (BLEU tokenizer names such as '13a' do not apply to ROUGE.)",
        )

    def signature(self, nrefs=None, variant: str | None = None) -> str:
        """``nrefs:1|variant:rouge2|tok:rouge-score|stem:no|bleu_lab:0.2.0``.

        ``variant`` is rouge-score's name of the score (``rouge1``, ``rougeL``, ``rougeLsum``), so that
        ROUGE-1 and ROUGE-L of the same texts do not print the same signature; settings with ``n`` know
        it (``rouge{n}``), and without either it is left out.
        """
        if variant is None and self.n is not None:
            variant = f"rouge{self.n}"
        return _join([
            ("nrefs", _nrefs(nrefs)),
            ("variant", variant),
            ("tok", self.tokenizer),
            ("stem", _yes_no(self.stem)),
            ("bleu_lab", __version__),
        ])


@dataclass(frozen=True)
class TerSettings:
    """The keywords of :func:`bleu_lab.ter` / :func:`bleu_lab.corpus_ter` (sacrebleu's ``TER``), checked, frozen.

    ``shifts=False`` is WER (:func:`bleu_lab.wer`): the same count without shifts, over jiwer's words
    (``tok:jiwer``) unless ``normalized`` or ``no_punct`` ask for the tercom tokenizer; ``level="char"``
    is CER (:func:`bleu_lab.cer`), over characters (``tok:char``). They have no sacrebleu counterpart,
    so their signatures say ``shift:no`` and carry no sacrebleu version.
    """

    normalized: bool = False
    no_punct: bool = False
    asian_support: bool = False
    case_sensitive: bool = False
    shifts: bool = True
    level: str = "word"  # "char": CER (no shifts)

    def __post_init__(self) -> None:
        for name in ("normalized", "no_punct", "asian_support", "case_sensitive", "shifts"):
            check_bool(getattr(self, name), name, right=f". Right: ter(candidate, references, {name}=True)")
        check_name(self.level, "level", ("word", "char"))
        if self.level == "char" and self.shifts:
            raise ValueError("character level is CER, which has no shifts: TerSettings(shifts=False, level='char')")

    @property
    def tokenizer(self) -> str:
        """The signature's ``tok``: "tercom" (TER, and WER with normalized or no_punct), "jiwer" (WER's
        default words: split at spaces, as jiwer splits them) or "char" (CER)."""
        if self.level == "char":
            return "char"
        return "tercom" if self.shifts or self.normalized or self.no_punct else "jiwer"

    def signature(self, nrefs=None) -> str:
        """``nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.6.0|bleu_lab:0.2.0``."""
        return _join([
            ("nrefs", _nrefs(nrefs)),
            ("case", "mixed" if self.case_sensitive else "lc"),
            ("tok", self.tokenizer),
            ("norm", _yes_no(self.normalized)),
            ("punct", _yes_no(not self.no_punct)),
            ("asian", _yes_no(self.asian_support)),
            ("shift", None if self.shifts else "no"),
            ("version", sacrebleu_version() if self.shifts else None),
            ("bleu_lab", __version__),
        ])


__all__ = [
    "BLEU_KEYWORDS", "MAX_ORDER", "BleuSettings", "ChrfSettings", "RougeSettings", "TerSettings", "sacrebleu_version",
]
