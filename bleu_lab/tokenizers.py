"""Text to tokens: the first step of every metric.

The tokenizers are not rewritten here. sacrebleu's are used as sacrebleu
uses them (Post 2018: the tokenizer is part of the metric, so a score is only
comparable when it is the same one): ``"13a"`` (mteval-v13a, the default),
``"intl"``, ``"zh"``, ``"char"``, ``"none"``, and ``"ja-mecab"`` /
``"ko-mecab"`` when their optional packages are installed. Two more are
offered for teaching: ``"whitespace"`` (``str.split``) and ``"nltk"``
(the word tokenizer of nltk's ``word_tokenize(text, preserve_line=True)``,
``NLTKWordTokenizer``: nltk's improved Treebank tokenizer, which needs no
downloaded data; without ``preserve_line`` nltk first splits sentences with
the punkt model, a download).

A sequence of tokens is never tokenized again; ``lowercase=True`` then
lowercases each token.

>>> tokenize("The cat, the mat.")
('The', 'cat', ',', 'the', 'mat', '.')
>>> tokenize("The cat, the mat.", "whitespace", lowercase=True)
('the', 'cat,', 'the', 'mat.')
"""

from __future__ import annotations

from functools import lru_cache
from importlib import import_module

from .checks import (  # noqa: F401  (check_tokenizer_name: older imports)
    TOKENIZER_NAMES,
    Text,
    all_plain_strings,
    check_bool,
    check_text,
    check_tokenizer_name,
    keywords_checked,
)

# name -> (module, class) inside sacrebleu.tokenizers, imported only when used.
SACREBLEU_TOKENIZERS = {
    "13a": ("tokenizer_13a", "Tokenizer13a"),
    "intl": ("tokenizer_intl", "TokenizerV14International"),
    "zh": ("tokenizer_zh", "TokenizerZh"),
    "char": ("tokenizer_char", "TokenizerChar"),
    "none": ("tokenizer_none", "NoneTokenizer"),
    "ja-mecab": ("tokenizer_ja_mecab", "TokenizerJaMecab"),
    "ko-mecab": ("tokenizer_ko_mecab", "TokenizerKoMecab"),
}
_EXTRA_PACKAGES = {"ja-mecab": "sacrebleu[ja]", "ko-mecab": "sacrebleu[ko]"}
# The names a user may give (checked in bleu_lab.checks, the one module that checks inputs): these.
assert TOKENIZER_NAMES == (*SACREBLEU_TOKENIZERS, "whitespace", "nltk")


def get_tokenizer(name: str = "13a"):
    """Return a function ``str -> list[str]`` for a tokenizer name."""
    return _build_tokenizer(check_tokenizer_name(name))


@lru_cache(maxsize=None)
def _build_tokenizer(name: str):
    if name == "nltk":
        # What word_tokenize(text, preserve_line=True) runs. The older TreebankWordTokenizer differs on
        # Unicode quotes: it keeps '“Quoted”' as one token where word_tokenize splits off the quotes.
        from nltk.tokenize import NLTKWordTokenizer

        return NLTKWordTokenizer().tokenize
    line = _build_line_tokenizer(name)
    if line is _as_it_is:
        return str.split
    return lambda text: line(text).split()


def line_tokenizer(name: str = "13a"):
    """Return a function ``str -> str`` whose result's ``split()`` is the tokens (sacrebleu's form: one
    line with the tokens separated by spaces), or None for a tokenizer that returns a list (``"nltk"``).
    Counting splits many such lines at once (:func:`bleu_lab.fast.counting.systems_statistics_matrices`)."""
    name = check_tokenizer_name(name)
    return None if name == "nltk" else _build_line_tokenizer(name)


def _as_it_is(text: str) -> str:
    return text


@lru_cache(maxsize=None)
def sacrebleu_line_tokenizer(name: str):
    """The tokenizer object called ``name``, built once: ``str -> str``, the tokens of a line separated by
    spaces, as sacrebleu returns them (``str`` itself for "none" and "whitespace": the line as it is);
    None for "nltk", which returns a list. sacrebleu strips trailing whitespace before calling it."""
    name = check_tokenizer_name(name)
    if name == "nltk":
        return None
    if name in ("whitespace", "none"):
        return str
    module_name, class_name = SACREBLEU_TOKENIZERS[name]
    try:
        # ja-mecab and ko-mecab fail here (ImportError) or when built (RuntimeError) without their package.
        return getattr(import_module(f"sacrebleu.tokenizers.{module_name}"), class_name)()
    except (RuntimeError, ImportError):
        # One line: the package's own message runs over several lines and names sacrebleu's internals.
        raise ValueError(
            f"tokenize={name!r} needs an optional package: pip install '{_EXTRA_PACKAGES.get(name, 'sacrebleu')}'"
        ) from None


@lru_cache(maxsize=None)
def _build_line_tokenizer(name: str):
    tokenizer = sacrebleu_line_tokenizer(name)
    if tokenizer is str:
        # sacrebleu's "none" returns the line as it is, and its tokens are then split on whitespace.
        return _as_it_is
    # sacrebleu tokenizers return one space-separated string; they expect no trailing space.
    return lambda text: tokenizer(text.rstrip())


@keywords_checked
def tokenize(text: Text, tokenizer: str = "13a", *, lowercase: bool = False) -> tuple[str, ...]:
    """Split a text into tokens; a sequence of tokens is returned as it is.

    Lowercasing comes before tokenization, as in sacrebleu.
    """
    function = get_tokenizer(tokenizer)  # an unknown name is an error even for tokens
    check_bool(lowercase, "lowercase", ". Right: tokenize('The Cat', lowercase=True)")
    text = check_text(text, what="text", call="tokenize('the cat sat') or tokenize(['the', 'cat', 'sat'])")
    return apply_tokenizer(text, function, lowercase)


def tokenize_lines_with(lines, function, lowercase: bool, *, frozen: bool = True) -> list:
    """:func:`apply_tokenizer` for many checked texts; plain strings without lowercasing skip the call per line.

    ``frozen=False``: the tokens of a plain line may stay the list the tokenizer returned, for callers
    that only count them (copying 100,000 tokens into tuples costs a few ms of a corpus score).
    """
    if not lowercase and all_plain_strings(lines):
        return list(map(tuple, map(function, lines))) if frozen else list(map(function, lines))
    return [apply_tokenizer(line, function, lowercase) for line in lines]


def lines_for_counting(lines, name: str, lowercase: bool) -> list:
    """Checked texts in the form counting takes with ``lines=True``: a string becomes its tokens as one
    line (:func:`line_tokenizer`), split later with all the others; token sequences stay tuples."""
    line = line_tokenizer(name)
    if line is None:
        return tokenize_lines_with(lines, get_tokenizer(name), lowercase, frozen=False)
    if not lowercase and all_plain_strings(lines):
        return list(lines) if line is _as_it_is else list(map(line, lines))
    return [line(text.lower() if lowercase else text) if isinstance(text, str)
            else apply_tokenizer(text, line, lowercase) for text in lines]


def apply_tokenizer(text, function, lowercase: bool) -> tuple[str, ...]:
    """Tokens of a checked text with an already looked-up tokenizer ``function`` (no checks: the inner loop)."""
    if isinstance(text, str):
        return tuple(function(text.lower() if lowercase else text))
    return tuple(t.lower() for t in text) if lowercase else tuple(text)
