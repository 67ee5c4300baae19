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

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .checks import (
    MAX_ORDER,
    check_beta,
    check_bool,
    check_keywords,
    check_name,
    check_order,
    check_order_and_weights,
    check_word_order,
)
from .smoothing import Smoothing, get_smoothing, method_names
from .tokenizers import SACREBLEU_TOKENIZERS, check_tokenizer_name

__version__ = "0.2.0"

# The BLEU keywords of sentence_bleu / corpus_bleu, in their order: the bootstrap takes them as **keywords.
BLEU_KEYWORDS = ("max_order", "weights", "smoothing", "smooth_value", "effective_order", "tokenize", "lowercase")
SCORING_KEYWORDS = BLEU_KEYWORDS[:5]
ROUGE_TOKENIZERS = ("rouge-score", "unicode")


@lru_cache(maxsize=1)
def sacrebleu_version() -> str:
    """The installed sacrebleu's version: its tokenizers and its rules are what bleu_lab's scores follow."""
    from importlib import metadata  # here: importing it costs about 30 ms, and import bleu_lab stays light

    try:
        return metadata.version("sacrebleu")
    except metadata.PackageNotFoundError:  # pragma: no cover - sacrebleu is a dependency
        return "none"


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


def _yes_no(flag: bool) -> str:
    return "yes" if flag else "no"


def _join(pairs) -> str:
    """sacrebleu's format: ``key:value`` pairs joined by ``|``, None values left out."""
    return "|".join(f"{key}:{value}" for key, value in pairs if value is not None)


def resampling_signature(signature: str, test: str, n_samples: int, seed: int | None) -> str:
    """``signature`` with a resampling test's samples and seed after ``nrefs``, where sacrebleu puts them:
    ``bs`` for bootstrap resamples, ``ar`` for approximate randomization trials.

    >>> resampling_signature("nrefs:1|case:mixed|tok:13a", "ar", 10000, 12345)
    'nrefs:1|ar:10000|seed:12345|case:mixed|tok:13a'
    """
    if test not in ("bs", "ar"):
        raise ValueError(f"test must be 'bs' (bootstrap) or 'ar' (approximate randomization), not {test!r}")
    head, _, rest = signature.partition("|") if signature.startswith("nrefs:") else ("", "", signature)
    return "|".join(part for part in (head, _join([(test, n_samples), ("seed", seed)]), rest) if part)


def _nrefs(nrefs) -> int | str | None:
    """sacrebleu writes a corpus with different numbers of references per sentence as ``nrefs:var``."""
    if nrefs is None or nrefs == "var":
        return nrefs
    if isinstance(nrefs, (set, frozenset)):
        return next(iter(nrefs)) if len(nrefs) == 1 else "var"
    return int(nrefs)


@dataclass(frozen=True)
class BleuSettings:
    """The keywords of :func:`bleu_lab.sentence_bleu` / :func:`bleu_lab.corpus_bleu`, checked and frozen.

    ``max_order`` is the order used (4 unless given, or the number of ``weights``);
    ``weights`` is None for uniform weights 1/N; ``smooth_value`` is the value used (the
    method's default when not given). ``tokenize`` and ``lowercase`` are None for scores
    computed from statistics alone (:func:`bleu_lab.bleu_from_stats`), which know neither.
    """

    max_order: int | None = None
    weights: Sequence[float] | None = None  # stored as a tuple of floats
    smoothing: str = "none"
    smooth_value: float | None = None
    effective_order: bool = False
    tokenize: str | None = "13a"
    lowercase: bool | None = False

    def __post_init__(self) -> None:
        order, weights = check_order_and_weights(self.max_order, self.weights)
        method = get_smoothing(self.smoothing)
        value = method.resolve(self.smooth_value)
        check_bool(self.effective_order, "effective_order")
        if self.effective_order and weights is not None and len(set(weights)) > 1:
            raise ValueError(
                "effective_order re-weights the orders uniformly; it cannot be combined with non-uniform weights"
            )
        if self.effective_order and not method.effective_order_allowed:
            raise ValueError(
                f"effective_order is sacrebleu's option and smoothing={self.smoothing!r} is nltk's; nltk has no "
                f"effective order. Use one of sacrebleu's, {method_names('sacrebleu')}, e.g. smoothing='exp' with "
                f"effective_order=True"
            )
        # None for both means "scored from statistics" (no text); one None alone is a caller's mistake,
        # and lowercase=None would quietly drop case: from the signature.
        if (self.tokenize is None) != (self.lowercase is None):
            missing = "tokenize" if self.tokenize is None else "lowercase"
            right = "tokenize='13a'" if missing == "tokenize" else "lowercase=False"
            raise TypeError(
                f"{missing} is None; text needs a {'tokenizer' if missing == 'tokenize' else 'case setting'}. "
                f"Right: corpus_bleu(candidates, references, {right}), {right} being the default (or leave "
                f"{missing} out)"
            )
        if self.tokenize is not None:
            check_tokenizer_name(self.tokenize)
            check_bool(self.lowercase, "lowercase")
        # Frozen, so the normalised values are set the one way a frozen dataclass allows.
        object.__setattr__(self, "max_order", order)
        object.__setattr__(self, "weights", weights)
        object.__setattr__(self, "smooth_value", value)

    @classmethod
    def from_keywords(cls, keywords: dict, function: str, own: Sequence[str] = ()) -> BleuSettings:
        """Settings from ``**bleu_keywords`` (the bootstrap's), refusing a keyword BLEU does not take
        (the message lists ``own`` too: the keywords of ``function`` itself)."""
        check_keywords(keywords, BLEU_KEYWORDS, function, own)
        return cls(**keywords)

    @property
    def method(self) -> Smoothing:
        """The smoothing method object (:data:`bleu_lab.smoothing.SMOOTHING`)."""
        return get_smoothing(self.smoothing)

    @property
    def order(self) -> int:
        """N, the number of n-gram orders in the score."""
        assert self.max_order is not None  # set by __post_init__
        return self.max_order

    @property
    def counting_order(self) -> int:
        """How many orders to count: N, or 5 for nltk's methods 5 and 7 (they look at 5-grams)."""
        return max(self.order, 5) if self.method.fifth_order else self.order

    @property
    def scoring(self) -> BleuSettings:
        """These settings without tokenizer and case: what :func:`bleu_lab.bleu_from_stats` knows."""
        return BleuSettings(self.max_order, self.weights, self.smoothing, self.smooth_value,
                            self.effective_order, None, None)

    def _uniform_weights_or(self) -> Sequence[float] | None:
        """The weights, or None when they are sacrebleu's (and the paper's) uniform 1/N."""
        weights = self.weights
        if weights is not None and len(set(weights)) == 1 and abs(sum(weights) - 1) < 1e-12:
            return None  # uniform weights summing to 1 are the default for this order
        return weights

    def not_in_sacrebleu(self) -> str | None:
        """What of these settings sacrebleu cannot do ("no method3", "no weights ..."), or None if it can
        give the same score: then sacrebleu's number can be quoted beside bleu_lab's."""
        if self.method.library != "sacrebleu":
            return f"no {self.smoothing}"
        if self._uniform_weights_or() is not None:
            return "no weights (each order counts 1/N)"
        if self.tokenize is not None and self.tokenize not in SACREBLEU_TOKENIZERS:  # bleu_lab's own
            return f"no tokenizer {self.tokenize!r}"
        return None

    def _extra(self) -> list[tuple[str, str | None]]:
        """bleu_lab's keys that sacrebleu has no place for, shown only when they differ from its fixed choice."""
        weights = self._uniform_weights_or()
        if weights is not None:
            # Shortest exact form (0.7, 0.3333333333333333): ":g" printed 0.333333 for 1/3 and 0.3333331 alike.
            return [("weights", ",".join(repr(float(w)).removesuffix(".0") for w in weights))]
        return [("order", None if self.order == 4 else str(self.order))]

    def signature(self, nrefs=None, *, n_samples: int | None = None, seed: int | None = None) -> str:
        """The signature in sacrebleu's format plus bleu_lab's version (see the module docstring).

        ``nrefs`` is the number of references per sentence (a set of them for a corpus: one value,
        or ``var``); ``n_samples`` and ``seed`` are a bootstrap's (sacrebleu's ``bs`` and ``seed``).
        """
        plain = _join([
            ("nrefs", _nrefs(nrefs)),
            ("case", None if self.lowercase is None else ("lc" if self.lowercase else "mixed")),
            ("eff", _yes_no(self.effective_order)),
            ("tok", self.tokenize),
            ("smooth", self.method.label(self.smooth_value)),
            *self._extra(),
            ("version", sacrebleu_version()),
            ("bleu_lab", __version__),
        ])
        return plain if n_samples is None else resampling_signature(plain, "bs", n_samples, seed)


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
