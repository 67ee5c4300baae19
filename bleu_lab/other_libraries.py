"""The same number from other libraries: sacrebleu, nltk and rouge-score, called with comparable settings.

This is the one module of bleu_lab that calls those libraries to show their
scores beside bleu_lab's (the playground and the notebooks' comparisons use
it). Each function returns a :class:`Comparison`: the other library's score on
the 0-1 scale, and the exact call that produced it, or ``value=None`` with the
reason it is not shown (a smoothing the library does not have, an error). None
of them raises.

sacrebleu is Post (2018); nltk's smoothing methods are Chen and Cherry (2014);
rouge-score implements Lin (2004). sacrebleu prints 0-100, so its scores are
divided by 100 here.

Results are cached by their (hashable) inputs: a widget that redraws after
every keystroke asks again for the references it has already scored.

>>> sacrebleu_sentence_bleu("a cat is on the mat", ["the cat is on the mat"]).value is not None
True
>>> nltk_sentence_bleu(("the",), (("the", "cat"),), smoothing="floor").value is None
True
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .bleu.scoring import SACREBLEU_SMOOTHING, SMOOTHING, method_names
from .tokenizers import SACREBLEU_TOKENIZERS

# Two scores "agree" when they differ by less than this (0-1 scale).
AGREEMENT = 1e-9
# Tokenizers sacrebleu knows under the same name; the others are compared on bleu_lab's tokens.
SACREBLEU_NATIVE = tuple(SACREBLEU_TOKENIZERS)
_CACHE = 256


@dataclass(frozen=True)
class Comparison:
    """One library's score for the same input, or why it is not shown (``value`` None)."""

    library: str
    value: float | None
    settings: str

    def agrees_with(self, own: float) -> bool:
        """Whether this library's score equals ``own`` to within :data:`AGREEMENT`."""
        return self.value is not None and abs(self.value - own) < AGREEMENT


# ---------------------------------------------------------------- sacrebleu


@lru_cache(maxsize=64)
def _sacrebleu_bleu_metric(tokenize: str, lowercase: bool, max_order: int, smoothing: str):
    from sacrebleu.metrics import BLEU

    return BLEU(tokenize=tokenize, lowercase=lowercase, smooth_method=smoothing, max_ngram_order=max_order,
                effective_order=False)


class _QuietSacrebleu:
    """sacrebleu logs a recommendation on every sentence score; keep widget and notebook output clean."""

    def __enter__(self):
        self.logger = logging.getLogger("sacrebleu")
        self.previous = self.logger.level
        self.logger.setLevel(logging.ERROR)

    def __exit__(self, *_):
        self.logger.setLevel(self.previous)


def sacrebleu_sentence_bleu(
    candidate: str,
    references: Sequence[str],
    *,
    tokenize: str = "13a",
    lowercase: bool = False,
    max_order: int = 4,
    smoothing: str = "none",
    candidate_tokens: Sequence[str] | None = None,
    reference_tokens: Sequence[Sequence[str]] | None = None,
) -> Comparison:
    """sacrebleu's ``BLEU(...).sentence_score(candidate, references).score / 100`` with the same settings.

    For a tokenizer sacrebleu does not have (``"whitespace"``, ``"nltk"``),
    pass bleu_lab's tokens: sacrebleu then scores them joined by spaces with
    ``tokenize="none"``.
    """
    native = tokenize in SACREBLEU_NATIVE
    return _sacrebleu_bleu(
        str(candidate), tuple(references), tokenize, bool(lowercase), int(max_order), str(smoothing),
        None if native or candidate_tokens is None else " ".join(candidate_tokens),
        None if native or reference_tokens is None else tuple(" ".join(r) for r in reference_tokens),
    )


@lru_cache(maxsize=_CACHE)
def _sacrebleu_bleu(candidate, references, tokenize, lowercase, max_order, smoothing, joined_candidate,
                    joined_references) -> Comparison:
    if smoothing not in SACREBLEU_SMOOTHING:
        return Comparison("sacrebleu", None,
                          f"not shown: sacrebleu has no smoothing {smoothing!r} (it has {method_names('sacrebleu')})")
    if tokenize in SACREBLEU_NATIVE:
        texts, sacre_tokenize, sacre_lowercase, how = candidate, tokenize, lowercase, "the same texts"
    elif joined_candidate is None or joined_references is None:
        return Comparison("sacrebleu", None, f"not shown: sacrebleu has no tokenizer {tokenize!r}")
    else:
        # sacrebleu has no such tokenizer: give it bleu_lab's tokens, joined by spaces, untouched.
        texts, references = joined_candidate, joined_references
        sacre_tokenize, sacre_lowercase, how = "none", False, f"bleu_lab's {tokenize!r} tokens joined by spaces"
    settings = (
        f"BLEU(tokenize={sacre_tokenize!r}, lowercase={sacre_lowercase}, smooth_method={smoothing!r}, "
        f"max_ngram_order={max_order}, effective_order=False).sentence_score(...).score / 100 on {how}"
    )
    try:
        with _QuietSacrebleu():
            metric = _sacrebleu_bleu_metric(sacre_tokenize, sacre_lowercase, max_order, smoothing)
            value = metric.sentence_score(texts, list(references)).score / 100
    except Exception as error:  # noqa: BLE001 - shown as "not available", never raised
        return Comparison("sacrebleu", None, f"sacrebleu failed: {error}")
    return Comparison("sacrebleu", value, settings)


def sacrebleu_chrf(candidate: str, references: Sequence[str], *, lowercase: bool = False) -> Comparison:
    """sacrebleu's ``CHRF(lowercase=...).sentence_score(candidate, references).score / 100`` (Popovic 2015)."""
    return _sacrebleu_chrf(str(candidate), tuple(references), bool(lowercase))


@lru_cache(maxsize=_CACHE)
def _sacrebleu_chrf(candidate, references, lowercase) -> Comparison:
    try:
        from sacrebleu.metrics import CHRF

        value = CHRF(lowercase=lowercase).sentence_score(candidate, list(references)).score / 100
    except Exception as error:  # noqa: BLE001
        return Comparison("sacrebleu", None, f"sacrebleu CHRF failed: {error}")
    call = f"CHRF(lowercase={lowercase}).sentence_score(candidate, references).score / 100"
    return Comparison("sacrebleu", value, call)


def sacrebleu_ter(candidate: str, references: Sequence[str], *, case_sensitive: bool = False,
                  normalized: bool = False, no_punct: bool = False, asian_support: bool = False) -> Comparison:
    """sacrebleu's ``TER(...).sentence_score(candidate, references).score / 100`` (Snover et al. 2006).

    Same keywords as :func:`bleu_lab.ter`; lower is better.
    """
    return _sacrebleu_ter(str(candidate), tuple(references), bool(case_sensitive), bool(normalized),
                          bool(no_punct), bool(asian_support))


@lru_cache(maxsize=_CACHE)
def _sacrebleu_ter(candidate, references, case_sensitive, normalized, no_punct, asian_support) -> Comparison:
    call = (f"TER(case_sensitive={case_sensitive}, normalized={normalized}, no_punct={no_punct}, "
            f"asian_support={asian_support}).sentence_score(candidate, references).score / 100")
    try:
        from sacrebleu.metrics import TER

        metric = TER(case_sensitive=case_sensitive, normalized=normalized, no_punct=no_punct,
                     asian_support=asian_support)
        value = metric.sentence_score(candidate, list(references)).score / 100
    except Exception as error:  # noqa: BLE001
        return Comparison("sacrebleu", None, f"sacrebleu TER failed: {error}")
    return Comparison("sacrebleu", value, call)


# ---------------------------------------------------------------- nltk


def nltk_sentence_bleu(
    candidate_tokens: Sequence[str],
    reference_tokens: Sequence[Sequence[str]],
    *,
    max_order: int = 4,
    smoothing: str = "none",
) -> Comparison:
    """nltk's ``sentence_bleu(references, hypothesis, weights, smoothing_function)`` on bleu_lab's tokens.

    Uniform weights 1/N; ``"none"`` is nltk's ``method0`` (no smoothing), and
    ``"method0"``-``"method7"`` use ``SmoothingFunction(epsilon=0.1, alpha=5, k=5)``.
    """
    references = tuple(tuple(r) for r in reference_tokens)
    return _nltk_bleu(tuple(candidate_tokens), references, int(max_order), str(smoothing))


@lru_cache(maxsize=_CACHE)
def _nltk_bleu(candidate_tokens, reference_tokens, max_order, smoothing) -> Comparison:
    # No smoothing is the same in both libraries: sacrebleu's "none" is nltk's method0.
    method = SMOOTHING[smoothing].nltk_name if smoothing in SMOOTHING else None
    if method is None:
        return Comparison("nltk", None, f"not shown: nltk's smoothing is method0-method7, not {smoothing!r}")
    from nltk.translate.bleu_score import SmoothingFunction
    from nltk.translate.bleu_score import sentence_bleu as nltk_bleu

    weights = tuple([1.0 / max_order] * max_order)
    function = getattr(SmoothingFunction(epsilon=0.1, alpha=5, k=5), method)
    settings = (
        f"sentence_bleu(references, hypothesis, weights={tuple(round(w, 4) for w in weights)}, "
        f"smoothing_function=SmoothingFunction().{method}) on bleu_lab's tokens"
    )
    if SMOOTHING[method].zero_when_unsmoothed:
        settings += " (no smoothing; where BLEU is 0 nltk gives a tiny number, at most about 1e-77)"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = nltk_bleu([list(r) for r in reference_tokens], list(candidate_tokens), weights, function)
    except Exception as error:  # noqa: BLE001
        return Comparison("nltk", None, f"nltk failed: {type(error).__name__}: {error}")
    return Comparison("nltk", float(value), settings)


# ---------------------------------------------------------------- rouge-score

ROUGE_SCORE_CALL = "RougeScorer(['rouge1', 'rouge2', 'rougeL'], use_stemmer=False).score_multi(references, candidate)"


def rouge_score_fmeasures(candidate: str, references: Sequence[str]) -> tuple[Comparison, ...]:
    """rouge-score's ROUGE-1, ROUGE-2 and ROUGE-L F-measures (best reference), one Comparison each.

    Libraries are named ``"rouge-score rouge1"`` and so on; if rouge-score
    cannot run, one Comparison with ``value=None`` says why.
    """
    return _rouge_score(str(candidate), tuple(references))


@lru_cache(maxsize=_CACHE)
def _rouge_score(candidate, references) -> tuple[Comparison, ...]:
    try:
        from rouge_score import rouge_scorer

        scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL"], use_stemmer=False)
        found = scorer.score_multi(list(references), candidate)
    except Exception as error:  # noqa: BLE001
        return (Comparison("rouge-score", None, f"rouge-score not available: {error}"),)
    return tuple(
        Comparison(f"rouge-score {key}", found[key].fmeasure, f"{ROUGE_SCORE_CALL}, F-measure")
        for key in ("rouge1", "rouge2", "rougeL")
    )


__all__ = [
    "AGREEMENT",
    "Comparison",
    "ROUGE_SCORE_CALL",
    "nltk_sentence_bleu",
    "rouge_score_fmeasures",
    "sacrebleu_chrf",
    "sacrebleu_sentence_bleu",
    "sacrebleu_ter",
]
