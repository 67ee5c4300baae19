"""Text to tokens: the first step of every metric.

The tokenizers are not rewritten here. sacrebleu's are used as sacrebleu
uses them (Post 2018: the tokenizer is part of the metric, so a score is only
comparable when it is the same one): ``"13a"`` (mteval-v13a, the default),
``"intl"``, ``"zh"``, ``"char"``, ``"none"``, and ``"ja-mecab"`` /
``"ko-mecab"`` when their optional packages are installed. Two more are
offered for teaching: ``"whitespace"`` (``str.split``) and ``"nltk"``
(nltk's Treebank word tokenizer, which needs no downloaded data).

A sequence of tokens is never tokenized again; ``lowercase=True`` then
lowercases each token.

>>> tokenize("The cat, the mat.")
('The', 'cat', ',', 'the', 'mat', '.')
>>> tokenize("The cat, the mat.", "whitespace", lowercase=True)
('the', 'cat,', 'the', 'mat.')
"""

from __future__ import annotations

import difflib
from functools import lru_cache
from importlib import import_module

from .inputs import check_text

# name -> (module, class) inside sacrebleu.tokenizers, imported only when used.
_SACREBLEU_TOKENIZERS = {
    "13a": ("tokenizer_13a", "Tokenizer13a"),
    "intl": ("tokenizer_intl", "TokenizerV14International"),
    "zh": ("tokenizer_zh", "TokenizerZh"),
    "char": ("tokenizer_char", "TokenizerChar"),
    "none": ("tokenizer_none", "NoneTokenizer"),
    "ja-mecab": ("tokenizer_ja_mecab", "TokenizerJaMecab"),
    "ko-mecab": ("tokenizer_ko_mecab", "TokenizerKoMecab"),
}
_EXTRA_PACKAGES = {"ja-mecab": "sacrebleu[ja]", "ko-mecab": "sacrebleu[ko]"}
# sacrebleu's SentencePiece tokenizers fetch their model from the web on first use.
_DOWNLOADING = ("spm", "flores101", "flores200", "spBLEU-1K")

TOKENIZER_NAMES = (*_SACREBLEU_TOKENIZERS, "whitespace", "nltk")


def _unknown_name_message(kind: str, name, valid) -> str:
    """An error message for an unknown option name, suggesting the closest valid one."""
    given = str(name).lower()
    # Same name in another case ('13A'), or a valid name that starts it ('exponential' -> 'exp').
    close = [v for v in valid if str(v).lower() == given] or [
        v for v in valid if len(str(v)) >= 3 and given.startswith(str(v).lower())
    ]
    close = close[:1] or difflib.get_close_matches(given, [str(v) for v in valid], n=1, cutoff=0.5)
    suggestion = f" Did you mean {close[0]!r}?" if close else ""
    return f"unknown {kind} {name!r}.{suggestion} Valid names: {', '.join(repr(v) for v in valid)}"


def get_tokenizer(name: str = "13a"):
    """Return a function ``str -> list[str]`` for a tokenizer name."""
    if not isinstance(name, str):
        raise TypeError(f"tokenize must be a tokenizer name such as '13a', not {type(name).__name__}")
    return _build_tokenizer(name)


@lru_cache(maxsize=None)
def _build_tokenizer(name: str):
    if name in _DOWNLOADING:
        raise ValueError(
            f"tokenize={name!r} is refused: sacrebleu's SentencePiece tokenizers download a model from "
            f"the web the first time they run, and bleu_lab never reaches the network. Use '13a', "
            f"'intl' or 'char' instead."
        )
    if name == "whitespace":
        return str.split
    if name == "nltk":
        from nltk.tokenize import TreebankWordTokenizer

        return TreebankWordTokenizer().tokenize
    if name not in _SACREBLEU_TOKENIZERS:
        raise ValueError(_unknown_name_message("tokenizer", name, TOKENIZER_NAMES))
    module_name, class_name = _SACREBLEU_TOKENIZERS[name]
    tokenizer_class = getattr(import_module(f"sacrebleu.tokenizers.{module_name}"), class_name)
    try:
        tokenizer = tokenizer_class()
    except (RuntimeError, ImportError) as error:
        raise ValueError(
            f"tokenize={name!r} needs an optional package: pip install '{_EXTRA_PACKAGES[name]}' ({error})"
        ) from None
    # sacrebleu tokenizers return one space-separated string; they expect no trailing space.
    return lambda text: tokenizer(text.rstrip()).split()


def tokenize(text, tokenizer: str = "13a", *, lowercase: bool = False) -> tuple[str, ...]:
    """Split a text into tokens; a sequence of tokens is returned as it is.

    Lowercasing comes before tokenization, as in sacrebleu.
    """
    function = get_tokenizer(tokenizer)  # an unknown name is an error even for tokens
    if not isinstance(text, str):
        text = check_text(text, what="text", call="tokenize('the cat sat') or tokenize(['the', 'cat', 'sat'])")
    return apply_tokenizer(text, function, lowercase)


def apply_tokenizer(text, function, lowercase: bool) -> tuple[str, ...]:
    """Tokens of a checked text with an already looked-up tokenizer ``function`` (no checks: the inner loop)."""
    if isinstance(text, str):
        return tuple(function(text.lower() if lowercase else text))
    return tuple(t.lower() for t in text) if lowercase else tuple(text)
