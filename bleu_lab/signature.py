"""The reproducibility signature every result carries (Post 2018), in sacrebleu's format.

Post (2018, "A Call for Clarity in Reporting BLEU Scores") shows that the same system gets BLEU
scores several points apart under different tokenizers, casing and reference counts, and asks that
every score travel with a short string naming them, e.g.
``nrefs:2|case:mixed|eff:no|tok:13a|smooth:none|version:2.6.0``. bleu_lab writes the same keys in the
same order and adds its own version last. The settings of each metric (:class:`bleu_lab.BleuSettings`,
:class:`bleu_lab.ChrfSettings`...) write their signature with the helpers here.
"""

from __future__ import annotations

from functools import lru_cache

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
