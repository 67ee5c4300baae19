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

import numbers
from collections.abc import Sequence


def _kind(value) -> str:
    """A short description of a value for error messages."""
    if value is None:
        return "None"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the string {shown!r}"
    if isinstance(value, (list, tuple)):
        return f"a {type(value).__name__} of {len(value)} item(s)"
    return f"a value of type {type(value).__name__}"


def check_bool(value, name: str, right: str = "") -> bool:
    """Return ``value`` if it is ``True`` or ``False``, else raise a ``TypeError`` naming ``name``.

    1 and "yes" are refused rather than read as true: a flag given a number or
    a string is usually a value meant for another argument. ``right`` is
    appended to the message (e.g. ". Right: rouge_n(c, refs, stem=True)").
    """
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {_kind(value)}{right}")
    return value


def _is_whole_number(value) -> bool:
    """An integer of any kind (numpy's too), but not a bool: ``True`` is never meant as a count."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _is_real_number(value) -> bool:
    """A real number of any kind (numpy's too), but not a bool."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _is_sequence(value) -> bool:
    if value.__class__ is list or value.__class__ is tuple:  # fast path: skips the abc check in corpus loops
        return True
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes))


_ONLY_STR = frozenset({str})


def _all_plain_strings(value) -> bool:
    """True when every item is exactly a ``str`` (checked in C; subclasses take the slow path)."""
    return set(map(type, value)) <= _ONLY_STR


def _is_token_list(value) -> bool:
    return _is_sequence(value) and (_all_plain_strings(value) or all(isinstance(t, str) for t in value))


def check_text(value, *, what: str, call: str) -> str | tuple[str, ...]:
    """Return ``value`` as a string or a tuple of tokens, or raise a clear error.

    ``what`` names the argument in the message ("candidate", "references[1]");
    ``call`` shows the right way to call the function.
    """
    if isinstance(value, str):
        return value
    if value is None:
        raise TypeError(f"{what} is None; it must be a string or a list of token strings. Right: {call}")
    if isinstance(value, bytes):
        raise TypeError(f"{what} is bytes; decode it first (text.decode('utf-8')). Right: {call}")
    if not _is_sequence(value):
        raise TypeError(
            f"{what} is {_kind(value)}; it must be a string or a list of token strings. Right: {call}"
        )
    if _all_plain_strings(value):
        _check_tokens_are_words(value, what, call)
        return tuple(value)
    for position, token in enumerate(value):
        if not isinstance(token, str):
            if _is_sequence(token):
                raise TypeError(
                    f"{what}[{position}] is {_kind(token)}, but {what} should be one text: a string "
                    f"or a flat list of token strings. A list of lists usually means references or "
                    f"a corpus were passed where one sentence belongs. Right: {call}"
                )
            raise TypeError(
                f"{what}[{position}] is {_kind(token)}; every token must be a string "
                f"(convert with [str(t) for t in tokens]). Right: {call}"
            )
    _check_tokens_are_words(value, what, call)
    return tuple(value)


def _check_tokens_are_words(tokens, what: str, call: str) -> None:
    """Refuse tokens that hold spaces or nothing: a token list of sentences is a nesting mistake."""
    if len(" ".join(tokens).split()) == len(tokens):  # every token is one non-empty word (checked in C)
        return
    for position, token in enumerate(tokens):
        if not token.strip():
            raise ValueError(f"{what}[{position}] is an empty or blank token; tokens must be words. Right: {call}")
        if len(token.split()) > 1:
            raise ValueError(
                f"{what}[{position}] is {token[:40]!r}, a token with spaces in it: {what} looks like a list of "
                f"sentences, not of tokens (one level of nesting too many, or a corpus where one sentence "
                f"belongs). Pass a sentence as a string, or tokens without spaces. Right: {call}"
            )


def check_candidate_and_references(candidate, references, *, function: str, call: str | None = None):
    """Check one candidate and its references; return them normalised.

    Catches: a string instead of a list of references; nltk's argument order
    (references first, then the candidate); an empty list of references;
    a tokenized reference that was not wrapped in a list. ``call`` overrides
    the example of a right call shown in messages (a corpus shows its own).
    """
    call = call or f'{function}("the cat sat", ["the cat sat down", "a cat sat"])'
    # nltk's order: sentence_bleu(references, hypothesis) with token lists.
    if _is_sequence(candidate) and candidate and all(_is_sequence(x) for x in candidate):
        raise TypeError(
            f"candidate is a list of token lists, which looks like nltk's argument order "
            f"(references first, hypothesis second). bleu_lab takes the candidate first: "
            f"{function}(candidate_tokens, [reference_tokens, ...]) or {call}"
        )
    if isinstance(references, str):
        if _is_sequence(candidate) and any(isinstance(x, str) and len(x.split()) > 1 for x in candidate):
            raise TypeError(
                f"candidate is a list of sentences and references a single string: the arguments look "
                f"swapped, as in nltk's order (references first). bleu_lab takes the candidate first: "
                f"{function}({references[:40]!r}, {list(candidate)[:2]!r})"
            )
        raise TypeError(
            f"references is a single string; it must be a list of references, even when there is "
            f"only one (a bare string would be read as one reference per character). "
            f"Right: {function}(candidate, [{references[:40]!r}])"
        )
    candidate = check_text(candidate, what="candidate", call=call)
    if references is None or not _is_sequence(references):
        raise TypeError(f"references is {_kind(references)}; it must be a non-empty list of references. Right: {call}")
    if len(references) == 0:
        raise ValueError(f"references is empty; give at least one reference. Right: {call}")
    if (
        isinstance(candidate, tuple)
        and len(references) > 1
        and all(isinstance(r, str) and r.strip() and len(r.split()) == 1 for r in references)
    ):
        raise ValueError(
            f"the candidate is tokenized and references is a flat list of {len(references)} single words: "
            f"this looks like one tokenized reference that was not wrapped in a list. "
            f"Right: {function}(candidate_tokens, [reference_tokens]). "
            f"(If you really mean {len(references)} one-word references, pass them as token lists: "
            f"[['cat'], ['dog']].)"
        )
    checked = [
        check_text(reference, what=f"references[{i}]", call=call) for i, reference in enumerate(references)
    ]
    return candidate, checked


def check_corpus(candidates, references, *, function: str):
    """Check a corpus: ``references[i]`` is the list of references of ``candidates[i]``.

    Catches: a string instead of a list of candidates; nltk's order
    (list_of_references first); references not nested per candidate;
    sacrebleu-style reference streams; different numbers of candidates and
    reference lists.
    """
    call = f'{function}(["the cat sat", "a dog ran"], [["the cat sat down"], ["a dog ran off"]])'
    if isinstance(candidates, str):
        raise TypeError(
            f"candidates is a single string; a corpus is a list of candidate sentences. "
            f"For one sentence use sentence_bleu-style calls, or wrap it: {function}([candidate], [references]). "
            f"Right: {call}"
        )
    if candidates is None or not _is_sequence(candidates):
        raise TypeError(f"candidates is {_kind(candidates)}; it must be a list of candidate sentences. Right: {call}")
    if references is None or isinstance(references, str) or not _is_sequence(references):
        raise TypeError(
            f"references is {_kind(references)}; it must be a list with one list of references per candidate. "
            f"Right: {call}"
        )
    # nltk's corpus_bleu(list_of_references, hypotheses): the first argument is three levels deep.
    if candidates and all(_is_sequence(c) for c in candidates) and any(
        c and all(_is_sequence(x) for x in c) for c in candidates
    ):
        raise TypeError(
            "candidates holds lists of token lists, which looks like nltk's argument order "
            "(list_of_references first, hypotheses second). bleu_lab takes the candidates first: "
            f"{function}(candidates, references). Right: {call}"
        )
    if len(candidates) == 0:
        raise ValueError(f"candidates is empty; a corpus needs at least one sentence. Right: {call}")
    if len(references) != len(candidates):
        looks_like_streams = all(_is_sequence(s) and len(s) == len(candidates) for s in references)
        hint = (
            " It looks like sacrebleu-style reference streams (refs[k][i] is reference k of sentence i): "
            "convert them with bleu_lab.references_from_streams(refs)."
            if looks_like_streams
            else ""
        )
        raise ValueError(
            f"got {len(candidates)} candidates but {len(references)} reference lists; references[i] must "
            f"be the list of references of candidates[i].{hint} Right: {call}"
        )
    checked_candidates = []
    checked_references = []
    for i, (candidate, refs) in enumerate(zip(candidates, references)):
        if isinstance(refs, str):
            raise TypeError(
                f"references[{i}] is a string, but it must be the list of references of candidates[{i}]: "
                f"the references are not nested per candidate. With one reference per sentence write "
                f"{function}(candidates, [[r] for r in refs]). Right: {call}"
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
            message = str(error).replace("candidate ", f"candidates[{i}] ", 1)
            message = message.replace("references", f"references[{i}]", 1)
            raise type(error)(f"sentence {i}: {message}") from None
        checked_candidates.append(c)
        checked_references.append(r)
    return checked_candidates, checked_references


def references_from_streams(streams):
    """Turn sacrebleu-style reference streams into one list of references per candidate.

    sacrebleu takes ``refs[k][i]``: reference *k* of sentence *i*. bleu_lab
    takes ``references[i][k]``, the nesting that reads naturally. Missing
    references (``None`` in a stream) are left out for that sentence, as
    sacrebleu leaves them out; an empty string is an (empty) reference.

    >>> references_from_streams([["ref A1", "ref A2"], ["ref B1", None]])
    [['ref A1', 'ref B1'], ['ref A2']]
    """
    if isinstance(streams, str) or not _is_sequence(streams) or not streams:
        raise TypeError(
            f"streams is {_kind(streams)}; it must be a list of reference streams, e.g. "
            f"references_from_streams([refs_1, refs_2]) where refs_k[i] is reference k of sentence i"
        )
    for k, stream in enumerate(streams):
        if isinstance(stream, str) or not _is_sequence(stream):
            raise TypeError(
                f"streams[{k}] is {_kind(stream)}; each stream must be a list of reference strings, one per "
                f"sentence. For a single stream write references_from_streams([refs])"
            )
    lengths = {len(stream) for stream in streams}
    if len(lengths) != 1:
        raise ValueError(f"reference streams have different lengths {sorted(lengths)}; each needs one line per sentence")
    per_candidate = [[ref for ref in refs if ref is not None] for refs in zip(*streams)]
    for i, refs in enumerate(per_candidate):
        if not refs:
            raise ValueError(f"sentence {i} has no reference in any stream")
    return per_candidate
