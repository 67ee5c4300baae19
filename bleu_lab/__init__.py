"""bleu_lab: BLEU, ROUGE and chrF that show their work.

The package follows the way a score is made:

    text -> tokens -> per-sentence statistics -> score -> explanation -> picture

``tokenizers`` (text to tokens), ``counting`` (n-grams, clipped counts,
lengths), ``bleu`` / ``rouge`` / ``chrf`` (scores from statistics),
``results`` and ``explanation`` (what a score is made of), and, imported only
when asked for, ``plotting`` and ``widgets`` (pictures and live controls).

Scores are on the 0-1 scale of the formulas; sacrebleu prints 100 times them.

>>> import bleu_lab
>>> print(bleu_lab.sentence_bleu("the cat is on the mat", ["the cat is on the mat"]))  # doctest: +NORMALIZE_WHITESPACE
BLEU = 1.0000 1.0000/1.0000/1.0000/1.0000 (BP = 1.0000 ratio = 1.0000 hyp_len = 6 ref_len = 6)
nrefs:1|case:mixed|eff:no|tok:13a|smooth:none|version:2.6.0|bleu_lab:0.2.0
"""

from .bleu.metric import (
    bleu_from_stats,
    brevity_penalty,
    corpus_bleu,
    modified_precision,
    sentence_bleu,
)
from .bleu.results import BleuResult
from .bleu.scoring import BleuSettings
from .bleu.statistics import SentenceStats, ngrams
from .checks import references_from_streams
from .chrf import ChrfResult, chrf, corpus_chrf
from .examples import load_example, load_examples
from .meteor import meteor
from .moved import install as _install_old_module_names
from .rouge import RougeResult, rouge_l, rouge_lsum, rouge_n
from .settings import ChrfSettings, RougeSettings, TerSettings
from .signature import __version__
from .significance import (
    BootstrapResult,
    PairedBootstrapResult,
    bootstrap_ci,
    paired_approximate_randomization,
    paired_bootstrap,
)
from .similarity import CorpusSimilarityResult, SimilarityResult, corpus_similarity, similarity, system_similarity
from .ter import TerResult, cer, corpus_cer, corpus_ter, corpus_wer, ter, wer
from .tokenizers import TOKENIZER_NAMES, tokenize

_install_old_module_names()  # bleu_lab.plotting, bleu_lab.counting ... of 0.2 still import, with a warning

# The playground's functions (HTML views for the widgets) load on first use: ``import bleu_lab``
# stays light for a script that only scores.
_PLAYGROUND = ("compute_bp_explorer", "compute_paraphrase", "compute_playground")


def __getattr__(name: str):
    if name in _PLAYGROUND:
        from .show import playground

        return getattr(playground, name)
    raise AttributeError(f"module 'bleu_lab' has no attribute {name!r}")


def __dir__() -> list:
    return sorted(set(globals()) | set(_PLAYGROUND))

__all__ = [
    "BleuResult",
    "BleuSettings",
    "BootstrapResult",
    "ChrfResult",
    "ChrfSettings",
    "CorpusSimilarityResult",
    "PairedBootstrapResult",
    "RougeResult",
    "RougeSettings",
    "SentenceStats",
    "SimilarityResult",
    "TOKENIZER_NAMES",
    "TerResult",
    "TerSettings",
    "__version__",
    "bleu_from_stats",
    "bootstrap_ci",
    "brevity_penalty",
    "cer",
    "chrf",
    "compute_bp_explorer",
    "compute_paraphrase",
    "compute_playground",
    "corpus_bleu",
    "corpus_cer",
    "corpus_chrf",
    "corpus_similarity",
    "corpus_ter",
    "corpus_wer",
    "load_example",
    "load_examples",
    "meteor",
    "modified_precision",
    "ngrams",
    "paired_approximate_randomization",
    "paired_bootstrap",
    "references_from_streams",
    "rouge_l",
    "rouge_lsum",
    "rouge_n",
    "sentence_bleu",
    "similarity",
    "system_similarity",
    "ter",
    "tokenize",
    "wer",
]
