"""Checking what the user passed, before any counting happens.

Other libraries turn the common mistakes into a quiet wrong number: a string
where a list of references belongs is read as a list of one-character
references; references that are not nested per candidate are paired with the
wrong sentences; nltk's order (references first) swaps the roles. Each check
here raises a ``TypeError`` or ``ValueError`` whose message names the mistake
and shows the call that was meant.

A *text* is either a string (to be tokenized) or a sequence of token strings
(used as is). Everything below returns texts as ``str`` or ``tuple`` of
``str`` so later stages can tell the two apart with one ``isinstance``.
"""

from __future__ import annotations

import contextlib
import contextvars
import difflib
import math
import numbers
import os
import reprlib
import warnings
from collections import UserString
from collections.abc import Mapping, Sequence, Set
from itertools import chain
from pathlib import Path
from typing import Any, Callable, TypeVar, Union

# What the metrics take: a text is a string (tokenized) or a sequence of token strings (used as is);
# the references of one candidate are a sequence of texts; a corpus's, one such sequence per candidate.
Text = Union[str, Sequence[str]]
References = Sequence[Text]
Weights = Sequence[float]

# Resource limits: beyond these, an argument is a mistake, not a setting (BLEU uses 4 orders;
# sacrebleu's and Koehn's bootstrap 1000 samples).
MAX_ORDER = 100
DEFAULT_ORDER = 4  # BLEU-4 (Papineni et al. 2002), when neither max_order nor weights say otherwise
MAX_SAMPLES = 1_000_000

# A UTF-8 byte-order mark at the start of a file (what Python's "utf-8-sig" codec strips).
BYTE_ORDER_MARK = "\ufeff"


def describe(value) -> str:
    """A short description of a value for error messages."""
    if value is None:
        return "None"
    if isinstance(value, bool):
        return f"the bool {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the string {shown!r}"
    if isinstance(value, (list, tuple)):
        return f"a {type(value).__name__} of {len(value)} item(s)"
    kind = type(value)
    if kind.__module__ == "numpy" and kind.__name__ == "ndarray":
        return f"a numpy array of shape {value.shape} (pass array.tolist(), a list)"
    if hasattr(value, "__next__"):  # map, filter, a generator: its items can be read once only
        return f"a {kind.__name__} object, which can be read only once (pass list(...) of it)"
    return f"a value of type {kind.__name__}"


def check_bool(value, name: str, right: str = "") -> bool:
    """Return ``value`` if it is ``True`` or ``False``, else raise a ``TypeError`` naming ``name``.

    1 and "yes" are refused rather than read as true: a flag given a number or
    a string is usually a value meant for another argument. ``right`` is
    appended to the message (e.g. ". Right: rouge_n(c, refs, stem=True)").
    """
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {describe(value)}{right}")
    return value


def check_path(value, name: str, what: str, right: str) -> Path:
    """``value`` as a Path, or a TypeError naming ``name``: ``Path(5)`` would say only "expected str".

    A leading ``~`` is the home folder: Python does not expand it, and the shell does not in quotes
    (``os.path.expanduser``: ``Path.expanduser`` raises for an unknown ``~user``).

    >>> check_path("runs/out.csv", "out", "the results file", "grade(folder, 'out.csv')").name
    'out.csv'
    """
    if not isinstance(value, (str, os.PathLike)):
        raise TypeError(f"{name} must be {what}, a str or a pathlib.Path, not {describe(value)}. Right: {right}")
    return Path(os.path.expanduser(value))


def is_whole_number(value) -> bool:
    """An integer of any kind (numpy's too), but not a bool: ``True`` is never meant as a count."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def is_real_number(value) -> bool:
    """A real number of any kind (numpy's too), but not a bool."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def is_finite_number(value) -> bool:
    """math.isfinite for a real number, False (not OverflowError) for an int too large for a float."""
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def is_sequence(value) -> bool:
    """A list, tuple or other sequence of items; strings (and UserString, bytes) are texts, not sequences."""
    if value.__class__ is list or value.__class__ is tuple:  # fast path: skips the abc check in corpus loops
        return True
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes, bytearray, UserString))


_ONLY_STR = frozenset({str})


def all_plain_strings(value) -> bool:
    """True when every item is exactly a ``str`` (checked in C; subclasses take the slow path)."""
    return set(map(type, value)) <= _ONLY_STR


def _is_token_list(value) -> bool:
    return is_sequence(value) and (all_plain_strings(value) or all(isinstance(t, str) for t in value))


def check_text(value, *, what: str, call: str) -> str | tuple[str, ...]:
    """Return ``value`` as a string or a tuple of tokens, or raise a clear error.

    ``what`` names the argument in the message ("candidate", "references[1]");
    ``call`` shows the right way to call the function.
    """
    if isinstance(value, str):
        return value[1:] if value.startswith(BYTE_ORDER_MARK) else value
    if isinstance(value, UserString):  # a string in a wrapper (a Sequence of characters, not of tokens)
        return check_text(str(value), what=what, call=call)
    if value is None:
        raise TypeError(f"{what} is None; it must be a string or a list of token strings. Right: {call}")
    if isinstance(value, (bytes, bytearray, memoryview)):
        raise TypeError(
            f"{what} is {type(value).__name__}, not text; decode it first (bytes(text).decode('utf-8')). Right: {call}"
        )
    if not is_sequence(value):
        raise TypeError(
            f"{what} is {describe(value)}; it must be a string or a list of token strings. Right: {call}"
        )
    if all_plain_strings(value):
        _check_tokens_are_words(value, what, call)
        return _without_byte_order_mark(tuple(value))
    for position, token in enumerate(value):
        if not isinstance(token, str):
            if is_sequence(token):
                raise TypeError(
                    f"{what}[{position}] is {describe(token)}, but {what} should be one text: a string "
                    f"or a flat list of token strings. A list of lists usually means references or "
                    f"a corpus were passed where one sentence belongs. Right: {call}"
                )
            raise TypeError(
                f"{what}[{position}] is {describe(token)}; every token must be a string "
                f"(convert with [str(t) for t in tokens]). Right: {call}"
            )
    _check_tokens_are_words(value, what, call)
    return _without_byte_order_mark(tuple(str(t) for t in value))


def _without_byte_order_mark(tokens: tuple[str, ...]) -> tuple[str, ...]:
    """Tokens of a text whose first token carries a byte-order mark (a file read as plain "utf-8")."""
    if tokens and tokens[0].startswith(BYTE_ORDER_MARK) and len(tokens[0]) > 1:
        return (tokens[0][1:], *tokens[1:])
    return tokens


_LIST_OR_TUPLE = (list, tuple)
_LIST_OR_TUPLE_TYPES = frozenset(_LIST_OR_TUPLE)


def _without_byte_order_marks(lines) -> list[str]:
    """Plain-string lines as a list, each without a leading byte-order mark (as :func:`check_text` does)."""
    if BYTE_ORDER_MARK not in "".join(lines):
        return list(lines)
    return [line[1:] if line.startswith(BYTE_ORDER_MARK) else line for line in lines]


# A no-break space (and its narrow and figure forms) joins the parts of one word, "10\u00a0000" in French
# numbers: inside a token it is no sign of a sentence, though str.split() would split there.
_NON_BREAKING_AS_LETTERS = str.maketrans({"\u00a0": "x", "\u2007": "x", "\u202f": "x"})


def _check_tokens_are_words(tokens, what: str, call: str) -> None:
    """Refuse tokens that hold spaces or nothing: a token list of sentences is a nesting mistake."""
    # Splitting the joined tokens gives them back exactly when each is one word with no space around it
    # (checked in C). Comparing counts would not do: ["the cat", ""] has two tokens and two words.
    if " ".join(tokens).split() == list(tokens):
        return
    for position, token in enumerate(tokens):
        if not token.strip():
            raise ValueError(f"{what}[{position}] is an empty or blank token; tokens must be words. Right: {call}")
        # A no-break space inside is part of the word ("10\u00a0000"); other whitespace inside is a sentence.
        if len(token.translate(_NON_BREAKING_AS_LETTERS).split()) > 1:
            raise ValueError(
                f"{what}[{position}] is {token[:40]!r}, a token with spaces in it: {what} looks like a list of "
                f"sentences, not of tokens (one level of nesting too many, or a corpus where one sentence "
                f"belongs). Pass a sentence as a string, or tokens without spaces. Right: {call}"
            )
        if token.strip() != token:
            raise ValueError(
                f"{what}[{position}] is {token[:40]!r}, a word with whitespace around it, which would never match "
                f"the same word without them. Strip the tokens first: [t.strip() for t in tokens]. Right: {call}"
            )


def _checked_as_given(candidate, references):
    """What :func:`check_candidate_and_references` returns, when the texts would pass every check as they
    are: a string and a list of strings (no byte-order mark, not several one-word references after a
    sentence: an unwrapped ``split()``), or non-empty token lists of plain one-word strings. Else None,
    and the checks run one by one."""
    if references.__class__ not in _LIST_OR_TUPLE_TYPES or not references:
        return None
    if candidate.__class__ is str and set(map(type, references)) <= _ONLY_STR:
        if BYTE_ORDER_MARK in candidate or BYTE_ORDER_MARK in "".join(references):
            return None
        single_words = len(references) > 1 and max(map(len, map(str.split, references))) <= 1
        if single_words and _looks_like_unwrapped_tokens(candidate, references):
            return None
        return candidate, list(references)
    texts = [candidate, *references]
    if set(map(type, texts)) <= _LIST_OR_TUPLE_TYPES and all([
        text and set(map(type, text)) <= _ONLY_STR and " ".join(text).split() == list(text)
        and not text[0].startswith(BYTE_ORDER_MARK) for text in texts
    ]):
        return tuple(candidate), [tuple(reference) for reference in references]
    return None


def _refuse_references_string(candidate, references: str, function: str) -> None:
    """The TypeError for references given as one string: swapped arguments (nltk's or jiwer's order), or
    one reference not wrapped in a list."""
    if is_sequence(candidate) and any(isinstance(x, str) and len(x.split()) > 1 for x in candidate):
        raise TypeError(
            f"candidate is a list of sentences and references a single string: the arguments look "
            f"swapped, as in nltk's order (references first). bleu_lab takes the candidate first: "
            f"{function}({references[:40]!r}, {list(candidate)[:2]!r})"
        )
    # jiwer.wer(reference, hypothesis) takes the reference first: two strings are most likely that call.
    jiwer = (f". If this is jiwer's order, jiwer.{function}(reference, hypothesis), swap them: "
             f"{function}({references[:40]!r}, [{candidate[:40]!r}])"
             if function in ("wer", "cer") and isinstance(candidate, str) else "")
    raise TypeError(
        f"references is a single string; it must be a list of references, even when there is "
        f"only one (a bare string would be read as one reference per character). "
        f"Right: {function}(candidate, [{references[:40]!r}]){jiwer}"
    )


def check_candidate_and_references(candidate, references, *, function: str, call: str | None = None):
    """Check one candidate and its references; return them normalised.

    Catches: a string instead of a list of references; nltk's argument order
    (references first, then the candidate); an empty list of references;
    a tokenized reference that was not wrapped in a list. ``call`` overrides
    the example of a right call shown in messages (a corpus shows its own).
    """
    as_given = _checked_as_given(candidate, references)
    if as_given is not None:  # nothing below could fail: the usual call, in one step
        return as_given
    in_corpus = call is not None  # a corpus check shows its own call
    call = call or f'{function}("the cat sat", ["the cat sat down", "a cat sat"])'
    # nltk's order: sentence_bleu(references, hypothesis) with token lists.
    if is_sequence(candidate) and candidate and all(is_sequence(x) for x in candidate):
        raise TypeError(
            f"candidate is a list of token lists, which looks like nltk's argument order "
            f"(references first, hypothesis second). bleu_lab takes the candidate first: "
            f"{function}(candidate_tokens, [reference_tokens, ...]) or {call}"
        )
    if isinstance(references, str):
        _refuse_references_string(candidate, references, function)
    candidate = check_text(candidate, what="candidate", call=call)
    if references is None or not is_sequence(references):
        raise TypeError(
            f"references is {describe(references)}; it must be a non-empty list of references. Right: {call}"
        )
    if len(references) == 0:
        raise ValueError(f"references is empty; give at least one reference. Right: {call}")
    if _looks_like_unwrapped_tokens(candidate, references):
        if isinstance(candidate, tuple):
            what, right = "candidate is tokenized", f"{function}(candidate_tokens, [reference_tokens])"
        else:
            what = f"candidate is a sentence of {len(candidate.split())} words"
            right = f"{function}(candidate, [reference]) or {function}(candidate, [reference.split()])"
        if in_corpus:
            right = f"references[i] = [reference] for each sentence: {call}"
        raise ValueError(
            f"{what} and references is a flat list of {len(references)} single words: this looks like one "
            f"tokenized reference (reference.split()) that was not wrapped in a list. Right: {right}. "
            f"(If they really are {len(references)} one-word references, say so: "
            f"bleu_lab.checks.SeparateReferences(references), or build the references with "
            f"bleu_lab.references_from_streams.)"
        )
    checked = [
        check_text(reference, what=f"references[{i}]", call=call) for i, reference in enumerate(references)
    ]
    return candidate, checked


_SEPARATE_REFERENCES = contextvars.ContextVar("separate_references", default=False)


@contextlib.contextmanager
def separate_references():
    """Inside this block, a flat list of one-word references is taken as that many references.

    For callers whose references are separate by construction: the playground's reference boxes
    (one word typed in each of two boxes is two references), and tests that draw references at random.
    References that leave the caller (streams, files) carry the same mark: :class:`SeparateReferences`.

    >>> from bleu_lab import sentence_bleu
    >>> with separate_references():
    ...     sentence_bleu("the cat", ["cat", "dog"], max_order=1).score
    0.5
    """
    token = _SEPARATE_REFERENCES.set(True)
    try:
        yield
    finally:
        _SEPARATE_REFERENCES.reset(token)


def _looks_like_unwrapped_tokens(candidate, references) -> bool:
    """A flat list of several one-word strings as the references of a tokenized candidate or of a
    candidate of several words: ``sentence_bleu(hyp, ref.split())``, one reference split into words
    and not wrapped in a list, which would be scored as that many one-word references (unless the
    caller says they are separate: :func:`separate_references`)."""
    if len(references) < 2 or not (isinstance(candidate, tuple) or len(candidate.split()) > 1):
        return False
    if _SEPARATE_REFERENCES.get() or isinstance(references, SeparateReferences):
        return False
    return all(isinstance(r, str) and len(r.split()) == 1 and r.strip() == r for r in references)


def _plain_corpus(candidates, references) -> bool:
    """True when the candidates are plain strings and every ``references[i]`` a non-empty list or tuple of plain
    strings, as many as candidates, none of them one reference split into words and no byte-order mark: what
    :func:`check_corpus` would accept unchanged. Each test is one pass in C over the whole corpus; only
    sentences whose references are all single words are looked at one by one (:func:`_looks_like_unwrapped_tokens`)."""
    if not (candidates.__class__ in _LIST_OR_TUPLE_TYPES and references.__class__ in _LIST_OR_TUPLE_TYPES
            and 0 < len(candidates) == len(references) and set(map(type, candidates)) <= _ONLY_STR
            and set(map(type, references)) <= _LIST_OR_TUPLE_TYPES and all(references)
            and set(map(type, chain.from_iterable(references))) <= _ONLY_STR):
        return False
    if BYTE_ORDER_MARK in "".join(candidates) or BYTE_ORDER_MARK in "".join(chain.from_iterable(references)):
        return False
    return not any([len(refs) > 1 and max(map(len, map(str.split, refs))) <= 1
                    and _looks_like_unwrapped_tokens(candidate, refs)
                    for candidate, refs in zip(candidates, references)])


def _token_list_corpus(candidates, references) -> bool:
    """True when every candidate is a list or tuple of tokens that are words (:func:`_all_words`), and
    every ``references[i]`` a non-empty list or tuple of such token lists: what the sentence-by-sentence
    checks accept unchanged (they make each text a tuple; here the token lists are kept as given)."""
    return (set(map(type, references)) <= _LIST_OR_TUPLE_TYPES and all(references)
            and _all_words([*candidates, *chain.from_iterable(references)]))


def _all_words(texts) -> bool:
    """True when every text is a list or tuple of plain-string tokens and every token one word: not
    empty, no whitespace in it or around it, no byte-order mark (what :func:`check_text` accepts as it
    is). Any doubt (a no-break space inside a token, a NUL, only empty texts) leaves the answer to
    :func:`check_text`, text by text.

    Each test is one pass in C over all tokens at once (checking text by text costs ~8 us a text).
    The tokens are joined by NUL: they are words exactly when the joined text has no whitespace
    (``split()`` leaves it whole) and no empty token (no NUL at either end or twice in a row).

    >>> _all_words([["the", "cat"], ("sat",), []]), _all_words([["the cat"]]), _all_words([["the", ""]])
    (True, False, False)
    """
    if not set(map(type, texts)) <= _LIST_OR_TUPLE_TYPES:
        return False
    tokens = list(chain.from_iterable(texts))
    if not tokens or not all_plain_strings(tokens):
        return False
    joined = "\x00".join(tokens)
    words = joined.split()
    return (len(words) == 1 and len(words[0]) == len(joined) and BYTE_ORDER_MARK not in joined
            and "\x00\x00" not in joined and joined[0] != "\x00" and joined[-1] != "\x00")


def check_corpus(candidates, references, *, function: str, call: str | None = None, name: str = "candidates"):
    """Check a corpus: ``references[i]`` is the list of references of ``candidates[i]``.

    Catches: a string instead of a list of candidates; nltk's order
    (list_of_references first); references not nested per candidate;
    sacrebleu-style reference streams; different numbers of candidates and
    reference lists. A function of several systems gives its own right ``call`` and the
    ``name`` of the system's lines in messages ("baseline", "systems['A']").
    """
    # Only a square corpus (n sentences of n references) can look transposed (_looks_transposed).
    if _plain_corpus(candidates, references) and (
        set(map(len, references)) != {len(candidates)} or not _looks_transposed(candidates, references)
    ):
        return list(candidates), list(map(list, references))  # nothing below could fail: the usual corpus
    own_call = call is not None
    call = call or f'{function}(["the cat sat", "a dog ran"], [["the cat sat down"], ["a dog ran off"]])'
    _check_corpus_shape(candidates, references, function=function, call=call, name=name, own_call=own_call)
    if _looks_transposed(candidates, references):
        warnings.warn(
            f"references may be sacrebleu-style reference streams (refs[k][i], reference k of sentence i): "
            f"with {len(candidates)} sentences of {len(candidates)} references each both nestings fit, and "
            f"each candidate shares more words with references[k][i] than with its own references[i][k]. "
            f"bleu_lab reads references[i] as the references of {name}[i]; convert streams with "
            f"bleu_lab.references_from_streams(refs).", UserWarning, stacklevel=3)
    if _token_list_corpus(candidates, references):
        # Token lists that are words throughout: kept as given (every reader copies or joins them), so that a
        # pre-tokenized corpus makes no new object per text or sentence (thousands of new tuples and lists
        # wake the garbage collector, which then walks every object of the process).
        return list(candidates), list(references)
    checked_candidates = []
    checked_references = []
    for i, (candidate, refs) in enumerate(zip(candidates, references)):
        c, r = _check_corpus_sentence(i, candidate, refs, function=function, call=call, name=name, own_call=own_call)
        checked_candidates.append(c)
        checked_references.append(r)
    return checked_candidates, checked_references


def _check_corpus_shape(candidates, references, *, function: str, call: str, name: str, own_call: bool) -> None:
    """check_corpus's checks of the two lists as wholes: types, nltk's order, emptiness, equal lengths."""
    if isinstance(candidates, str):
        wrap = "" if own_call else (f"For one sentence use sentence_bleu-style calls, or wrap it: "
                                    f"{function}([candidate], [references]). ")
        raise TypeError(f"{name} is a single string; a corpus is a list of candidate sentences. {wrap}Right: {call}")
    if candidates is None or not is_sequence(candidates):
        raise TypeError(
            f"{name} is {describe(candidates)}; it must be a list of candidate sentences. Right: {call}"
        )
    if references is None or isinstance(references, str) or not is_sequence(references):
        raise TypeError(
            f"references is {describe(references)}; it must be a list with one list of references per candidate. "
            f"Right: {call}"
        )
    # nltk's corpus_bleu(list_of_references, hypotheses): the first argument is three levels deep.
    if candidates and all(is_sequence(c) for c in candidates) and any(
        c and all(is_sequence(x) for x in c) for c in candidates
    ):
        raise TypeError(
            f"{name} holds lists of token lists, which looks like nltk's argument order "
            f"(list_of_references first, hypotheses second). bleu_lab takes the candidates first"
            f"{'' if own_call else f': {function}(candidates, references)'}. Right: {call}"
        )
    if len(candidates) == 0:
        raise ValueError(f"{name} is empty; a corpus needs at least one sentence. Right: {call}")
    if len(references) != len(candidates):
        looks_like_streams = all(is_sequence(s) and len(s) == len(candidates) for s in references)
        hint = (
            " It looks like sacrebleu-style reference streams (refs[k][i] is reference k of sentence i): "
            "convert them with bleu_lab.references_from_streams(refs)."
            if looks_like_streams
            else ""
        )
        raise ValueError(
            f"got {len(candidates)} {'candidates' if name == 'candidates' else f'lines in {name}'} but "
            f"{len(references)} reference lists; references[i] must "
            f"be the list of references of {name}[i].{hint} Right: {call}"
        )


def _check_corpus_sentence(i: int, candidate, refs, *, function: str, call: str, name: str, own_call: bool):
    """check_corpus's checks of sentence ``i``: its references nested right, then the sentence checks."""
    if isinstance(refs, str):
        raise TypeError(
            f"references[{i}] is a string, but it must be the list of references of {name}[{i}]: "
            f"the references are not nested per candidate. With one reference per sentence write "
            f"{'references = ' if own_call else f'{function}(candidates, '}[[r] for r in refs]"
            f"{'' if own_call else ')'}. Right: {call}"
        )
    # Only a flat list of several one-word strings is ambiguous; string references
    # of a tokenized candidate are valid (as in sentence_bleu).
    if (
        _is_token_list(refs)
        and len(refs) > 1
        and isinstance(candidate, (list, tuple))
        and all(r.strip() and len(r.split()) == 1 for r in refs)
    ):
        raise TypeError(
            f"references[{i}] is a flat list of tokens, but it must be a list of references "
            f"(each a string or a token list). Wrap it: [[tokens]] per candidate. Right: {call}"
        )
    try:
        c, r = check_candidate_and_references(candidate, refs, function=function, call=call)
    except (TypeError, ValueError) as error:
        message = str(error).replace("candidate ", f"{name}[{i}] ", 1)
        message = message.replace("references", f"references[{i}]", 1)
        raise type(error)(f"sentence {i}: {message}") from None
    return c, r


def _looks_transposed(candidates, references) -> bool:
    """Whether a square corpus (n sentences, n references each) reads better transposed: sacrebleu's
    streams ``refs[k][i]`` passed where ``references[i][k]`` belongs, which no shape check can see.

    Each candidate's share of words found in a reference is averaged over the references as given
    and as transposed; transposed must be clearly better (by 0.15: common words are shared by any two
    sentences, so the difference, not the level, tells: on WMT19 no window of 2 or 4 sentences with
    its own 2 or 4 references is flagged, and 95% of the same windows given as streams are; corpora
    of random words from a tiny vocabulary can be flagged by chance). Only small squares
    are looked at (a corpus of many sentences with as many references each does not happen).
    """
    n = len(candidates)
    if not 2 <= n <= 64 or not all(is_sequence(refs) and not isinstance(refs, (str, SeparateReferences))
                                   and len(refs) == n for refs in references):
        return False

    def words(text):
        if isinstance(text, str):
            return set(text.split())
        return set(text) if _is_token_list(text) else None

    cands = [words(c) for c in candidates]
    refs = [[words(r) for r in row] for row in references]
    if any(w is None for w in cands) or any(w is None for row in refs for w in row):
        return False  # a malformed sentence: the checks below name it

    def share(i, reference):
        return len(cands[i] & reference) / max(1, len(cands[i]))

    given = sum(share(i, refs[i][k]) for i in range(n) for k in range(n)) / n**2
    transposed = sum(share(i, refs[k][i]) for i in range(n) for k in range(n)) / n**2
    return transposed > given + 0.15


def check_same_lengths(lengths: Mapping[str, int], *, anchor: str, what: str, right: str) -> int:
    """The length every named sequence must share: line i of each is test sentence i.

    Otherwise a ValueError that lists every length and names the ones that are off, e.g.
    "..., but their lengths differ: baseline has 3, system has 2 lines (system is off)". The ones off
    are those whose length differs from the most common one; on a tie, from ``lengths[anchor]``.

    >>> check_same_lengths({"a": 2, "b": 2, "c": 1}, anchor="c", what="f compares", right="Right: f(a, b, c)")
    Traceback (most recent call last):
    ValueError: f compares, but their lengths differ: a has 2, b has 2, c has 1 lines (c is off). Right: f(a, b, c)
    """
    sizes = list(lengths.values())
    expected = max(sizes, key=lambda n: (sizes.count(n), n == lengths[anchor]))
    wrong = [name for name, n in lengths.items() if n != expected]
    if wrong:
        counts = ", ".join(f"{name} has {n}" for name, n in lengths.items())
        raise ValueError(
            f"{what}, but their lengths differ: {counts} lines ({' and '.join(wrong)} "
            f"{'is' if len(wrong) == 1 else 'are'} off). {right}"
        )
    return expected


def check_systems(systems: Mapping[str, Any], references, *, function: str, call: str):
    """Check several systems' lines against the same references: ``(checked systems, checked references)``.

    The first system is checked together with the references (:func:`check_corpus`); every other one
    must have as many lines, each checked on its own, so the references are checked once however many
    systems share them. ``systems`` maps the name used in messages to the lines.
    """
    names = list(systems)
    if is_sequence(references) and references and all_plain_strings(references):
        # paired_bootstrap(baseline, references, system): the lists of references came second.
        nested = [n for n in names[1:] if is_sequence(systems[n]) and systems[n]
                  and all(is_sequence(x) for x in systems[n])]
        if nested:
            raise TypeError(
                f"references is a list of strings and {nested[0]} a list of lists: the arguments look swapped "
                f"(the lists of references come last). Right: {call}"
            )
    first, checked_references = check_corpus(systems[names[0]], references, function=function, call=call,
                                             name=names[0])
    checked = [first]
    for name in names[1:]:
        lines = systems[name]
        if isinstance(lines, str) or not is_sequence(lines):
            raise TypeError(
                f"{name} is {describe(lines)}; it must be a list of lines, one per test sentence "
                f"({len(first)}, as in {names[0]}). Right: {call}"
            )
        check_same_lengths({names[0]: len(first), name: len(lines)}, anchor=names[0],
                           what=f"{function} scores every system on the same test sentences", right=f"Right: {call}")
        if all_plain_strings(lines):
            checked.append(_without_byte_order_marks(lines))
        elif _all_words(lines):  # token lists, as check_corpus keeps them
            checked.append(list(lines))
        else:
            checked.append([check_text(line, what=f"{name}[{i}]", call=call) for i, line in enumerate(lines)])
    return checked, checked_references


class SeparateReferences(list[str]):
    """The references of one sentence, separate by construction (from streams or files, one reference each).

    A flat list of one-word strings is normally refused as one reference split into words and not
    wrapped (``sentence_bleu(hyp, ref.split())``); these are taken as that many references. The
    marking travels with the data; :func:`separate_references` says the same for a block of calls
    (the playground's boxes). Both end in :func:`_looks_like_unwrapped_tokens`.

    >>> from bleu_lab import sentence_bleu
    >>> sentence_bleu("the cat", SeparateReferences(["cat", "dog"]), max_order=1).score
    0.5
    """


def references_from_streams(streams: Sequence[Sequence[str | None]]) -> list[SeparateReferences]:
    """Turn sacrebleu-style reference streams into one list of references per candidate.

    sacrebleu takes ``refs[k][i]``: reference *k* of sentence *i*. bleu_lab
    takes ``references[i][k]``, the nesting that reads naturally. Missing
    references (``None`` in a stream) are left out for that sentence, as
    sacrebleu leaves them out; an empty string is an (empty) reference.

    >>> references_from_streams([["ref A1", "ref A2"], ["ref B1", None]])
    [['ref A1', 'ref B1'], ['ref A2']]
    """
    if isinstance(streams, str) or not is_sequence(streams) or not streams:
        raise TypeError(
            f"streams is {describe(streams)}; it must be a list of reference streams, e.g. "
            f"references_from_streams([refs_1, refs_2]) where refs_k[i] is reference k of sentence i"
        )
    for k, stream in enumerate(streams):
        if isinstance(stream, str) or not is_sequence(stream):
            raise TypeError(
                f"streams[{k}] is {describe(stream)}; each stream must be a list of reference strings, one per "
                f"sentence. For a single stream write references_from_streams([refs])"
            )
    check_same_lengths({f"streams[{k}]": len(stream) for k, stream in enumerate(streams)}, anchor="streams[0]",
                       what="every reference stream needs one line per sentence",
                       right="Right: references_from_streams([refs_1, refs_2]) with len(refs_1) == len(refs_2)")
    for k, stream in enumerate(streams):
        if all_plain_strings(stream):
            continue
        for i, ref in enumerate(stream):
            if ref is not None and not isinstance(ref, (str, UserString)) and not _is_token_list(ref):
                raise TypeError(
                    f"streams[{k}][{i}] is {describe(ref)}; a stream holds one reference per sentence: a string "
                    f"(or a token list), or None where a sentence has no reference in it. "
                    f"Right: references_from_streams([['the cat sat', 'a dog ran']])"
                )
    per_candidate = [SeparateReferences(ref for ref in refs if ref is not None) for refs in zip(*streams)]
    for i, refs in enumerate(per_candidate):
        if not refs:
            raise ValueError(f"sentence {i} has no reference in any stream")
    return per_candidate


# ----------------------------------------------------------------------------- settings
# Every check of a metric's keywords lives here; bleu_lab.settings calls them once per call.


# What sacrebleu, nltk and numpy call a keyword bleu_lab names otherwise: the name a user of those
# libraries types first. (A spelling match would suggest smooth_value for smooth_method.)
OTHER_LIBRARIES_NAMES = {
    "smooth_method": "smoothing", "smoothing_function": "smoothing", "max_ngram_order": "max_order",
    "use_effective_order": "effective_order", "lc": "lowercase", "hypotheses": "candidates",
    "hypothesis": "candidate", "hyps": "candidates", "refs": "references", "n_bootstrap": "n_samples",
    "num_samples": "n_samples", "random_state": "seed", "rng": "seed",
}


def closest_name(name, valid):
    """The valid name ``name`` was most likely meant to be, or None.

    Another library's name for it (:data:`OTHER_LIBRARIES_NAMES`: 'smooth_method' -> 'smoothing'),
    the same name in another case ('13A'), else a valid name that starts it ('exponential' -> 'exp',
    'tokenizer' -> 'tokenize'), else the closest spelling (difflib, ratio >= 0.5).

    >>> closest_name("exponential", ["none", "floor", "exp"]), closest_name("zzz", ["exp"])
    ('exp', None)
    >>> closest_name("smooth_method", ["smoothing", "smooth_value"])
    'smoothing'
    """
    if str(name) in OTHER_LIBRARIES_NAMES:  # no spelling guess for it: random_state is not 'candidates'
        meant = OTHER_LIBRARIES_NAMES[str(name)]
        return meant if meant in valid else None
    given = str(name).lower()
    close = [v for v in valid if str(v).lower() == given] or [
        v for v in valid if len(str(v)) >= 3 and given.startswith(str(v).lower())
    ]
    if close:
        return close[0]
    spelled = difflib.get_close_matches(given, [str(v) for v in valid], n=1, cutoff=0.5)
    return next(v for v in valid if str(v) == spelled[0]) if spelled else None


def one_line_parser(**keywords):
    """An ``argparse.ArgumentParser`` (same keywords) whose usage errors are one line on stderr:
    "PROG: error: MESSAGE (PROG --help lists every option)", exit code 2. argparse's own print the
    whole usage block first, which pushes the one line that matters off a small terminal.
    Subcommands added with ``add_subparsers`` get the same kind of parser."""
    import argparse

    class OneLineParser(argparse.ArgumentParser):
        def error(self, message):  # argparse's hook for every usage error
            pointer = "" if "--help" in message else f" ({self.prog} --help lists every option)"
            self.exit(2, f"{self.prog}: error: {message}{pointer}\n")

        def add_subparsers(self, **more):
            return super().add_subparsers(parser_class=OneLineParser, **more)

    return OneLineParser(**keywords)


def unrecognized_arguments_message(unrecognized: Sequence[str], parser, help_call: str) -> str:
    """argparse's "unrecognized arguments" error for ``parser`` (argparse.ArgumentParser), with the --option a
    mistyped one meant (``--tokenizer``: "Did you mean --tokenize?"), as :func:`keywords_checked` does for
    Python keywords. Hidden options are never suggested; ``help_call`` is the command that lists them all."""
    import argparse

    message = f"unrecognized arguments: {' '.join(unrecognized)}"
    options = [name for action in parser._actions if action.help != argparse.SUPPRESS  # argparse has no public list
               for name in action.option_strings if name.startswith("--")]
    # Compared without their dashes: the two shared characters made '--quiet' look like '--input'.
    bare = {name.lstrip("-").replace("-", "_"): name for name in options}
    for given in unrecognized:
        if not given.startswith("-"):
            continue
        close = closest_name(given.split("=", 1)[0].lstrip("-").replace("-", "_"), list(bare))
        if close is not None:
            return f"{message}. Did you mean {bare[close]}? ({help_call} lists every option)"
    return message


def unknown_name_message(kind: str, name, valid) -> str:
    """An error message for an unknown option name, suggesting the closest valid one (:func:`closest_name`)."""
    close = closest_name(name, valid)
    suggestion = f" Did you mean {close!r}?" if close is not None else ""
    return f"unknown {kind} {name!r}.{suggestion} Valid names: {', '.join(repr(v) for v in valid)}"


_Function = TypeVar("_Function", bound=Callable[..., Any])

# What other libraries call the texts: whose name it is, which argument of bleu_lab's it is, and that
# argument written from it, for one sentence and for a corpus ({} is the name).
ROLE_KEYWORDS = {
    "predictions": ("evaluate's", "candidate", "{}", "{}"),
    "preds": ("torchmetrics'", "candidate", "{}", "{}"),
    "hypothesis": ("jiwer's, nltk's and sacrebleu's", "candidate", "{}", "{}"),
    "hypotheses": ("nltk's and sacrebleu's", "candidate", "{}", "{}"),
    "hyps": ("sacrebleu's", "candidate", "{}", "{}"),
    "target": ("torchmetrics'", "references", "{}", "{}"),  # nested per prediction, as bleu_lab's
    "reference": ("jiwer's", "references", "[{}]", "[[r] for r in {}]"),  # one reference per sentence
    "list_of_references": ("nltk's", "references", "{}", "{}"),
    "refs": ("sacrebleu's", "references", "{}", "references_from_streams({})"),  # sacrebleu's streams
}
_TEXT_PARAMETERS = {"candidate": "candidate", "candidates": "candidate", "baseline": "candidate",
                    "references": "references"}


def role_keyword_message(function: str, given, names) -> str | None:
    """For a keyword another library gives the texts (evaluate's ``predictions=``, torchmetrics' ``preds=``
    and ``target=``, jiwer's ``hypothesis=`` and ``reference=``...): a message showing the bleu_lab call,
    the texts given by position, candidate first, converted where the nesting differs; else None.

    >>> print(role_keyword_message("corpus_bleu", {"preds": 0, "target": 0}, ("candidates", "references")))
    ... # doctest: +ELLIPSIS
    corpus_bleu() has no keyword 'preds' (torchmetrics' name for the candidates): ... Right: corpus_bleu(preds, target)
    """
    others = [name for name in given if name in ROLE_KEYWORDS and name not in names]
    if not others:
        return None
    corpus = "candidates" in names or "baseline" in names
    arguments = {}
    for name in others:
        _, role, sentence, many = ROLE_KEYWORDS[name]
        arguments[role] = (many if corpus else sentence).format(name)
    texts = [n for n in names if n in _TEXT_PARAMETERS or n == "system"]
    call = ", ".join(arguments.get(_TEXT_PARAMETERS.get(n, ""), n) if n != "system" else n for n in texts)
    whose, role = ROLE_KEYWORDS[others[0]][:2]
    plural = "candidates" if role == "candidate" and corpus else role
    return (f"{function}() has no keyword {others[0]!r} ({whose} name for the {plural}): bleu_lab takes the "
            f"texts by position, {texts[0]} first. Right: {function}({call})")


def keywords_checked(function: _Function) -> _Function:
    """``function`` with a clear error for a keyword it does not have: the closest of its keywords and
    all of them (``sentence_bleu(..., tokenizer="13a")``: "Did you mean 'tokenize'?"), where Python
    only says "got an unexpected keyword argument". The signature and docstring stay the function's.
    """
    import functools
    import inspect

    # The names a call can give as keywords, read from the code object: cheap at import, for every decorated function.
    code = function.__code__
    names = code.co_varnames[code.co_posonlyargcount : code.co_argcount + code.co_kwonlyargcount]
    known = frozenset(names)

    open_keywords = bool(code.co_flags & inspect.CO_VARKEYWORDS)  # **metric_keywords: checked by the function

    @functools.wraps(function)
    def checked(*args, **keywords):
        if keywords.keys() <= known:  # the usual call: every keyword is the function's own
            return function(*args, **keywords)
        other = role_keyword_message(function.__name__, keywords, names)
        if other is not None:
            raise TypeError(other)
        for name in keywords:
            if name not in known and not open_keywords:
                close = closest_name(name, names)  # the name unknown_name_message suggests
                raise TypeError(f"{function.__name__}() has no keyword {name!r}: "
                                + unknown_name_message("keyword", name, names)
                                + (f". Right: {function.__name__}(..., {close}=...)" if close else ""))
        return function(*args, **keywords)

    return checked  # type: ignore[return-value]


# Tokenizer names (bleu_lab.tokenizers builds them): sacrebleu's, then bleu_lab's own.
TOKENIZER_NAMES = ("13a", "intl", "zh", "char", "none", "ja-mecab", "ko-mecab", "whitespace", "nltk")
# sacrebleu's SentencePiece tokenizers fetch their model from the web on first use.
_DOWNLOADING = ("spm", "flores101", "flores200", "spBLEU-1K")


def check_tokenizer_name(name) -> str:
    """Return ``name`` if it names a tokenizer bleu_lab offers, without building it (no import)."""
    if isinstance(name, str) and name in _DOWNLOADING:
        raise ValueError(
            f"tokenize={name!r} is refused: sacrebleu's SentencePiece tokenizers download a model from "
            f"the web the first time they run, and bleu_lab never reaches the network. Use '13a', "
            f"'intl' or 'char' instead."
        )
    return check_name(name, "tokenize", TOKENIZER_NAMES, kind="tokenizer", example="'13a'")


def check_text_settings(tokenize, lowercase) -> None:
    """A tokenizer name and a case flag. None for both means "scored from statistics" (no text); one None
    alone is a caller's mistake, and lowercase=None would quietly drop ``case:`` from the signature."""
    if (tokenize is None) != (lowercase is None):
        missing = "tokenize" if tokenize is None else "lowercase"
        right = "tokenize='13a'" if missing == "tokenize" else "lowercase=False"
        raise TypeError(
            f"{missing} is None; text needs a {'tokenizer' if missing == 'tokenize' else 'case setting'}. "
            f"Right: corpus_bleu(candidates, references, {right}), {right} being the default (or leave "
            f"{missing} out)"
        )
    if tokenize is not None and not (tokenize.__class__ is str and tokenize in TOKENIZER_NAMES):
        check_tokenizer_name(tokenize)  # the error names the tokenizers (and refuses downloading ones)
    if lowercase is not None and lowercase.__class__ is not bool:
        check_bool(lowercase, "lowercase")


def check_name(value, name: str, valid, *, kind: str | None = None, example: str | None = None,
               hint: str = "") -> str:
    """Return ``value`` if it is one of the names ``valid``, else a ``TypeError`` / ``ValueError``."""
    if not isinstance(value, str):
        shown = example or repr(next(iter(valid)))
        raise TypeError(f"{name} must be one of {', '.join(map(repr, valid))}, such as {shown}, not {describe(value)}")
    if value not in valid:
        raise ValueError(unknown_name_message(kind or name, value, valid) + hint)
    return value


def check_order(n, name: str, *, limit: int = MAX_ORDER) -> int:
    """Return ``n`` as an ``int`` if it is a whole number from 1 to ``limit`` (numpy integers too).

    A bool is refused (``True`` is never meant as an order), and so is ``2.0``.
    """
    if n.__class__ is int and 0 < n <= limit:  # the usual call, in one step
        return n
    if not is_whole_number(n):
        raise TypeError(f"{name} must be a whole number such as 4, not {describe(n)}")
    if n <= 0:
        raise ValueError(f"{name} must be at least 1 (1 = unigrams), got {n}")
    if n > limit:
        raise ValueError(
            f"{name} = {n} is above bleu_lab's limit of {limit} n-gram orders (BLEU uses 4, chrF 6 characters, "
            f"ROUGE-N 1 or 2; an n-gram longer than every sentence has no occurrence, so higher orders only cost "
            f"time and memory)"
        )
    return int(n)


def refuse_unordered(value, name: str, items: str, right: str) -> None:
    """A dict or a set where an ordered list of ``items`` belongs: a TypeError that says what it would do.

    A dict's keys would be read as the items (its values never), and a set has no order and keeps
    equal items once. ``right`` ends the message (how to give them instead).
    """
    shown = reprlib.repr(value)
    if isinstance(value, Mapping):
        raise TypeError(f"{name} is a {type(value).__name__} ({shown}): its keys would be read as the {items} (and "
                        f"its values never). Give the {items} in a list or tuple, {right}")
    if isinstance(value, Set):
        raise TypeError(f"{name} is a {type(value).__name__} ({shown}): a set has no order and keeps equal {items} "
                        f"only once. Give the {items} in a list or tuple, {right}")


def check_weights(weights) -> tuple[float, ...]:
    """Return ``weights`` as a tuple of floats: an ordered sequence of non-negative finite numbers, not all 0.

    A dict (its keys would be read as the weights) and a set (equal weights collapse into one)
    are refused, as are strings and one-shot iterators.
    """
    right = "weights=(0.25, 0.25, 0.25, 0.25) or weights=[0.5, 0.5]"
    refuse_unordered(weights, "weights", "weights", f"in order of n-gram order. Right: {right}")
    if isinstance(weights, (str, bytes)) or not hasattr(weights, "__len__") or not hasattr(weights, "__getitem__"):
        raise TypeError(
            f"weights must be a sequence of numbers (a list or tuple, one per n-gram order), not {describe(weights)}: "
            f"{right}"
        )
    values = list(weights)
    if len(values) == 0:
        raise ValueError(f"weights is empty; give one weight per n-gram order: {right}")
    for w in values:
        if not is_real_number(w):
            raise TypeError(f"weights must be numbers, got {describe(w)} in {reprlib.repr(values)}: {right}")
        if not is_finite_number(w) or w < 0:
            raise ValueError(f"weights must be finite and non-negative, got {reprlib.repr(values)}")
    if not any(values):
        raise ValueError(f"at least one weight must be above 0, got {values!r}")
    check_order(len(values), "the number of weights")
    checked = tuple(map(float, values))
    problem = weights_sum_problem(checked)
    if problem:
        # Scored all the same, as nltk scores it; a warning (and a note in explain()) so it is never quiet.
        warnings.warn(problem, UserWarning, stacklevel=2)
    return checked


def weights_sum_problem(weights) -> str:
    """Why weights that do not sum to 1 give an unusual BLEU, or "" when they sum to 1.

    BLEU's mean is exp(sum w_n log p_n) with weights that sum to 1 (Papineni et al. 2002, section
    2.3: "positive weights w_n summing to one"); weights summing to s give that mean to the power s,
    so [1, 1, 1, 1] gives the product of the precisions and [25, 25, 25, 25] almost 0.

    >>> weights_sum_problem((0.5, 0.5)), weights_sum_problem((0.1,) * 10), weights_sum_problem((0.3333,) * 3)
    ('', '', '')
    >>> weights_sum_problem((1.0, 1.0))[:40]
    'weights sum to 2, not 1: BLEU (Papineni '
    """
    total = sum(weights)  # not math.fsum: it raises OverflowError where this gives inf
    # Rounded weights such as (0.3333, 0.3333, 0.3333) change the score in the fourth decimal at most:
    # no mistake to warn about.
    if abs(total - 1.0) <= 1e-3:
        return ""
    even = ", ".join(["0.25"] * 4) if len(weights) == 4 else ", ".join([f"{1 / len(weights):.4g}"] * len(weights))
    return (f"weights sum to {total:g}, not 1: BLEU (Papineni et al. 2002) takes a weighted geometric mean with "
            f"weights that sum to 1, so this score is that mean raised to the power {total:g} (nltk computes the "
            f"same). For equal weights write weights=({even})")


def check_order_and_weights(max_order, weights) -> tuple[int, tuple[float, ...] | None]:
    """Return ``(order, weights)``: the order is ``max_order`` (4 when None) or the length of ``weights``.

    Both given and disagreeing is an error: ``max_order=4, weights=[0.5, 0.5]`` would silently score
    BLEU-2.
    """
    if weights is None:
        return (DEFAULT_ORDER if max_order is None else check_order(max_order, "max_order")), None
    checked = check_weights(weights)
    if max_order is not None and check_order(max_order, "max_order") != len(checked):
        raise ValueError(
            f"max_order={max_order} but weights has {len(checked)} entries {list(checked)}; they disagree. "
            f"The weights set the order: drop max_order (weights={list(checked)} alone), or give "
            f"max_order={max_order} with {max_order} weights"
        )
    return len(checked), checked


def check_real(value, name: str, *, example: str = "0.1") -> float:
    """Return ``value`` as a finite ``float`` (numpy numbers too, not bools), else a clear error."""
    if not is_real_number(value):
        raise TypeError(f"{name} must be a number such as {example}, not {describe(value)}")
    if not is_finite_number(value):
        raise ValueError(f"{name} must be a finite number that fits in a float, got {reprlib.repr(value)}")
    return float(value)


def check_smooth_value(
    value, smoothing: str, *, meaning: str, positive: bool, at_most_one: bool, default: float | None = None
) -> float:
    """A smoothing parameter: finite, >= 0 (> 0 when ``positive``), and <= 1 when ``at_most_one``.

    ``at_most_one`` is for the methods that put the value in a precision's numerator ('floor',
    'method1'): above 1 the precision of an order with no match would exceed 1.
    """
    number = check_real(value, "smooth_value")
    if number < 0 or (positive and number == 0):
        bound = "above 0" if positive else "0 or more"
        raise ValueError(f"smooth_value ({meaning}) must be {bound} for smoothing={smoothing!r}, got {value!r}")
    if at_most_one and number > 1:
        raise ValueError(
            f"smooth_value={value!r} is refused for smoothing={smoothing!r}: the {meaning} stands in for a "
            f"match count of 0, and above 1 the precision of an order with no match (value / total) can be "
            f"above 1, higher than a perfect match. Use a value between 0 and 1"
            + ("" if default is None else f" (default {default:g})")
        )
    return number


def check_count(value, name: str) -> int:
    """A whole number >= 0 (numpy integers too), returned as ``int``."""
    if not is_whole_number(value) or value < 0:
        raise ValueError(f"{name} must be a whole number >= 0, got {value!r}")
    return int(value)


def check_counts(name: str, values, order: int) -> tuple[int, ...]:
    """One whole number >= 0 per n-gram order (at least ``order`` of them)."""
    if isinstance(values, (str, bytes, Mapping, Set)) or not hasattr(values, "__len__"):
        raise TypeError(f"{name} must be a list of whole numbers, one per order, not {describe(values)}")
    if len(values) < order:
        raise ValueError(f"{name} has {len(values)} entries but the order is {order}; give one per n-gram order")
    for v in values:
        if not is_whole_number(v) or v < 0:
            raise ValueError(f"{name} must hold whole numbers >= 0, got {list(values)!r}")
    return tuple(int(v) for v in values)


def check_matches_within_totals(counts, totals) -> None:
    """Clipped matches are a subset of the candidate's n-grams: counts[n] <= totals[n] for every order."""
    for n, (m, t) in enumerate(zip(counts, totals), 1):
        if m > t:
            raise ValueError(
                f"counts cannot exceed totals (matches are a subset of the candidate's n-grams): order {n} has "
                f"{m} matches but {t} n-grams, in counts={list(counts)} and totals={list(totals)}. "
                f"Right: bleu_from_stats([5, 4, 3, 2], [6, 5, 4, 3], 6, 6)"
            )


class ImpossibleStatisticsWarning(UserWarning):
    """Statistics that sacrebleu scores but that no tokenized text can give (bleu_lab scores them as sacrebleu does)."""


def impossible_statistics(totals, candidate_length) -> list[str]:
    """What no text can give in these statistics, one sentence each (empty when a text can give them).

    A sentence of c tokens has max(0, c - n + 1) n-grams of order n, so over any sentences c = totals[0], the
    totals never grow with n, and an order with n-grams has at least n - 1 fewer than there are unigrams.
    """
    problems = []
    if candidate_length != totals[0]:
        problems.append(f"candidate_length is {candidate_length} but totals[0] is {totals[0]} (every candidate token "
                        f"is one unigram, so a text gives equal numbers)")
    for n in range(2, len(totals) + 1):
        before, now = totals[n - 2], totals[n - 1]
        if now > before:
            problems.append(f"totals={list(totals)} has more {n}-grams ({now}) than {n - 1}-grams ({before})")
        elif now and now > totals[0] - (n - 1):
            problems.append(f"totals={list(totals)} has {now} {n}-grams but {totals[0]} unigrams (a text with "
                            f"{n}-grams has at least {n - 1} fewer of them)")
    return problems


def warn_if_impossible(totals, candidate_length, *, stacklevel: int = 5) -> None:
    """A warning, not an error, for statistics no tokenizer could produce: sacrebleu's ``compute_bleu``
    scores them (the brevity penalty from ``candidate_length``, each precision from its own order), and so
    does bleu_lab, with the same number."""
    problems = impossible_statistics(totals, candidate_length)
    if problems:
        warnings.warn(
            "statistics no text can give: " + "; ".join(problems) + ". They are scored as sacrebleu's "
            "BLEU.compute_bleu scores them; statistics counted from a text look like "
            "bleu_from_stats([5, 4, 3, 2], [6, 5, 4, 3], 6, 6)",
            ImpossibleStatisticsWarning, stacklevel=stacklevel,
        )


def check_n_samples(n_samples, *, limit: int = MAX_SAMPLES, minimum: int = 1, name: str = "n_samples",
                    why: str = "") -> int:
    """A number of bootstrap samples: a whole number from ``minimum`` to ``limit``; ``why`` explains the minimum."""
    if not is_whole_number(n_samples):
        raise TypeError(f"{name} must be a whole number such as 1000, not {describe(n_samples)}")
    if n_samples < minimum:
        raise ValueError(f"{name} must be at least {minimum} (1000 is usual){why}, got {n_samples}")
    if n_samples > limit:
        raise ValueError(
            f"{name}={n_samples} is above bleu_lab's limit of {limit:,} bootstrap samples (1000 is usual: "
            f"Koehn 2004 and sacrebleu); more samples only refine the third decimal of the interval"
        )
    return int(n_samples)


def samples_for_interval(confidence: float) -> int:
    """The fewest bootstrap samples whose percentile interval at ``confidence`` leaves out at least one
    resample on each side: 2 / (1 - confidence), 40 for 95 %. With fewer, the bounds are the lowest and
    highest resampled scores, whatever the level.

    >>> samples_for_interval(0.95), samples_for_interval(0.9), samples_for_interval(0.99)
    (40, 20, 200)
    """
    return math.ceil(2 / (1 - confidence) - 1e-6)


def check_samples_for_interval(n_samples: int, confidence: float, *, name: str = "n_samples",
                               right: str = "Right: bootstrap_ci(candidates, references, n_samples=1000)") -> None:
    """Refuse too few samples for a ``confidence`` interval (:func:`samples_for_interval`): it would be a
    quiet wrong number, the range of the resamples presented as a 95 % interval."""
    needed = samples_for_interval(confidence)
    if needed > MAX_SAMPLES:
        nines = max(k for k in range(1, 10) if samples_for_interval(1 - 10.0**-k) <= MAX_SAMPLES)
        highest = 1 - 10.0**-nines
        option = name.startswith("--")  # the command line's --n-samples, and its --confidence
        level, samples = ("--confidence ", f"{name} ") if option else ("confidence=", f"{name}=")
        # No call is shown: no number of samples makes this level work.
        raise ValueError(
            f"{level}{confidence!r} needs at least {needed} resamples (2 / (1 - confidence)), above bleu_lab's "
            f"limit of {MAX_SAMPLES:,}; a level up to {highest:.{nines}f} fits it (with {samples}"
            f"{samples_for_interval(highest)}). 0.95 is usual (Koehn 2004, sacrebleu)."
        )
    right = right.replace("n_samples=1000", f"n_samples={max(1000, needed)}")  # an example that works
    if n_samples < needed:
        raise ValueError(
            f"{name}={n_samples} is too few for a {confidence * 100:.12g}% interval: its bounds would be the lowest "
            f"and highest of {n_samples} resampled scores, whatever the level. It needs at least {needed} "
            f"(2 / (1 - confidence)); 1000 is usual (Koehn 2004, sacrebleu). {right}"
        )


def check_seed(seed) -> int | None:
    """A random seed: a whole number >= 0, or None (a fresh one, drawn by the caller and reported)."""
    if seed is None:
        return None
    if not is_whole_number(seed):
        raise TypeError(f"seed must be a whole number such as 12345 (or None for a fresh one), not {describe(seed)}")
    if seed < 0:
        raise ValueError(f"seed must be >= 0 (numpy's generators take no negative seed), got {seed}")
    return int(seed)


def seed_to_use(seed) -> int:
    """A checked seed (:func:`check_seed`); None draws a fresh one from the operating system, which the
    caller reports, so that a run with seed=None can be repeated."""
    seed = check_seed(seed)
    if seed is not None:
        return seed
    import numpy as np

    return int(np.random.default_rng().integers(2**63))


def check_level(value, name: str, typical: float, meaning: str) -> float:
    """A probability strictly between 0 and 1 (a confidence level, a significance level); NaN is refused."""
    if not is_real_number(value):
        raise TypeError(f"{name} must be a number between 0 and 1 such as {typical}, not {describe(value)}")
    if not 0 < value < 1:
        raise ValueError(f"{name} must be between 0 and 1 ({meaning}), got {value}")
    return float(value)


def check_confidence(confidence) -> float:
    """A confidence level strictly between 0 and 1."""
    return check_level(confidence, "confidence", 0.95, "0.95 for a 95% interval")


def check_keywords(keywords, allowed, function: str, own: Sequence[str] = ()) -> None:
    """Refuse a keyword ``function`` does not take, suggesting the closest one of ``allowed`` (the keywords
    it passes on, as ``**bleu_keywords``) and ``own`` (those it names itself, ``n_samples``...)."""
    valid = [*own, *allowed]
    for name in keywords:
        if name not in allowed:
            raise TypeError(
                f"{function}() got an unexpected keyword {name!r}. " + unknown_name_message("keyword", name, valid)
            )


def check_word_order(word_order) -> int:
    """chrF's word n-gram order: 0 (chrF) or a whole number up to the order limit (2 = chrF++)."""
    if not is_whole_number(word_order):
        raise TypeError(f"word_order must be a whole number (0 = chrF, 2 = chrF++), not {describe(word_order)}")
    if word_order < 0:
        raise ValueError(f"word_order must be 0 or more (0 = chrF, 2 = chrF++), got {word_order}")
    return check_order(word_order, "word_order") if word_order else 0


def check_beta(beta) -> float:
    """chrF's beta: a positive finite number whose square fits in a float (returned as int when whole)."""
    if not is_real_number(beta):
        raise TypeError(f"beta must be a positive number such as 2, not {describe(beta)}")
    if not is_finite_number(beta) or beta <= 0:
        raise ValueError(
            f"beta must be a positive number (beta = 2 weighs recall twice as much as precision), got "
            f"{reprlib.repr(beta)}. "
            f"Right: chrf(candidate, references, beta=2)"
        )
    try:
        float(beta) ** 2
    except OverflowError:
        raise ValueError(f"beta = {beta!r} is too large: beta squared does not fit in a float") from None
    return int(beta) if float(beta).is_integer() else float(beta)


def check_order_of_result(n, max_order: int, call: str = "result.matched_ngrams(2)") -> int:
    """An order of an existing result: a whole number from 1 to its ``max_order`` (True, "1" and 2.0 refused)."""
    if not is_whole_number(n):
        raise TypeError(f"n must be a whole number from 1 to {max_order}, not {describe(n)}. Right: {call}")
    if not 1 <= n <= max_order:
        raise ValueError(f"n must be between 1 and {max_order} for this result, got {n}. Right: {call}")
    return int(n)
