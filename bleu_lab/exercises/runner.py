"""Running a check: call the student's function on every case, read its answers, explain the first failure.

The student's function never crashes a check: an exception, a wrong return type or a
changed argument is feedback too. Arguments are deep copies, so a function that sorts or
pops its inputs cannot spoil the next case.
"""

from __future__ import annotations

import contextlib
import copy
import inspect
import io
import math
import os
import re
import sys
import textwrap
import traceback
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property
from types import FunctionType

from ..checks import is_real_number
from ..style import STYLE, element, text
from .mistakes import HINTS

# Floats agree when they differ by less than this (relative) or 1e-12 (absolute).
REL_TOL = 1e-9
ABS_TOL = 1e-12
_WIDTH = 92  # wrap hints to this many characters

# ---------------------------------------------------------------- result


class CheckResult:
    """What a check found: ``passed``, a ``message``, and which ``mistake`` it recognised.

    ``str()`` and ``repr()`` give the message; in a notebook it shows as a
    green (passed) or red (failed) box. ``bool(result)`` is ``result.passed``.
    """

    def __init__(self, name: str, passed: bool, message: str, *, mistake: str | None = None,
                 case: str | None = None, status: str = "ok", detail: str = "", cases_passed: int = 0,
                 cases_total: int = 0, helper: str | None = None, credit: float | None = None,
                 headline: str | None = None, culprits: tuple | None = None, helper_note: str = ""):
        self.name = name
        self.passed = bool(passed)
        self.message = message
        self.mistake = mistake  # a key of HINTS, or None
        self.case = case  # label of the failing case the message shows (see run: usually the smallest)
        # "ok", "failed", "not-implemented", "exception", "bad-return", "mutated", "not-callable", "helper"
        self.status = status
        self.detail = detail  # "expected 0.5, got 1.0" or "raised ZeroDivisionError: ...", for one-line summaries
        self.cases_total = cases_total
        self.cases_passed = cases_total if passed and not cases_passed else cases_passed
        self.helper = helper  # the student's helper function that made this one fail, if any
        # The grader's share, 0-1, when it is not the share of passing cases: 0 for a function that gives
        # the same answer for every input; the share with right helpers when a helper of the student's fails.
        self.credit = credit
        # The verdict on one line; the message wraps it (first line under _WIDTH characters).
        self.headline = headline if headline is not None else (message.splitlines()[0] if message else "")
        # The lab functions whose own code is wrong or unwritten: this one, or helpers down the chain
        # (a modified_precision that fails only through a wrong ngrams: ("ngrams",)).
        self.culprits = culprits if culprits is not None else (() if self.passed else (name,))
        # What a helper of the student's did to this result, and what the credit is based on (one line).
        self.helper_note = helper_note

    @property
    def fraction(self) -> float:
        """The grader's partial credit, 0-1: the share of the cases that pass, unless ``credit`` says otherwise.

        A function that returns the same answer for every input passes some cases by chance: 0. A
        function that fails only because a helper of the student's is wrong is not marked down again
        for the helper's mistake (the helper's own check is): the share it passes with right helpers.
        """
        if self.passed:
            return 1.0
        if self.credit is not None:
            return self.credit
        return self.cases_passed / self.cases_total if self.cases_total else 0.0

    @property
    def hint(self) -> str | None:
        """The hint paragraph of the message, if there is one (it comes last)."""
        return _paragraph(self.message, _HINT)

    @property
    def note(self) -> str | None:
        """The case's own note ("This case: ..."), shown when no usual mistake explains the failure."""
        return _paragraph(self.message, _NOTE)

    @property
    def summary(self) -> str:
        """The message on one line: the verdict and the hint, or else the case's note (for a CSV of grades)."""
        parts = [self.headline]
        if self.detail:
            parts.append(f"({self.detail})")
        if self.helper_note:
            parts.append(self.helper_note)
        if self.hint:
            parts.append(_HINT + self.hint)
        elif self.note:
            parts.append(_NOTE + self.note)
        return " ".join(parts)

    def __bool__(self) -> bool:
        return self.passed

    def __str__(self) -> str:
        return self.message

    __repr__ = __str__

    def _repr_html_(self) -> str:
        outcome = "pass" if self.passed else "fail"
        color, background = STYLE[outcome], STYLE[f"{outcome}_background"]
        message = element("pre", text(self.message), quote='"',
                          css="margin:0;white-space:pre;overflow-x:auto;background:transparent;color:inherit;"
                              "font-size:13px")
        return element("div", message, quote='"',
                       css=f"border:1px solid {color};border-left:6px solid {color};background:{background};"
                           f"color:{STYLE['on_light']};padding:6px 10px;margin:4px 0;border-radius:4px")



_HINT, _NOTE = "Hint: ", "This case: "  # the labels of a message's last paragraphs: the note, then the hint


def _paragraph(message: str, marker: str) -> str | None:
    """The paragraph of ``message`` that starts with ``marker``, on one line (it ends where the hint starts)."""
    if marker not in message:
        return None
    text = message.split(marker, 1)[1].split("\n  " + _HINT, 1)[0]
    return " ".join(line.strip() for line in text.splitlines())


_DEPTH = [0]  # how deep in helper checks the message being written is: each level is indented by 2


def _width() -> int:
    """The width of a message's lines: _WIDTH, less 2 for each helper report it will be indented in."""
    return _WIDTH - 2 * _DEPTH[0]


@contextlib.contextmanager
def _nested():
    """Messages written inside are shown indented by 2 in a caller's report: 2 characters narrower."""
    _DEPTH[0] += 1
    try:
        yield
    finally:
        _DEPTH[0] -= 1


def _wrap(text: str, indent: str = "  ") -> str:
    """A verdict wrapped for a projector: lines of at most _WIDTH characters, the rest indented."""
    return "\n".join(textwrap.wrap(text, width=_width(), subsequent_indent=indent, break_long_words=False,
                                   break_on_hyphens=False)) or text


# ---------------------------------------------------------------- reading the student's answer


class _BadReturn(Exception):
    """The student's function returned something of the wrong kind; the text says what to return."""


def _describe(value) -> str:
    if value is None:
        return "None"
    shown = _short_repr(value, 60)
    kind = type(value).__name__
    return f"{shown} ({'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind})"


def _missing_return(value):
    if value is None:
        raise _BadReturn("Your function returned None: did you forget the return statement?")


def _plain_number(value):
    """A Decimal as a float (it is a number too, just not a ``numbers.Real``); anything else as it is."""
    return float(value) if isinstance(value, Decimal) else value


def read_counts(value):
    _missing_return(value)
    if not isinstance(value, Mapping):
        raise _BadReturn(
            f"Return a Counter that maps each n-gram (a tuple of tokens) to its count, e.g. "
            f"Counter({{('the', 'cat'): 2}}); you returned {_describe(value)}. "
            f"Counter(list_of_ngrams) turns a list of n-gram tuples into one."
        )
    counts = {}
    for key, count in value.items():
        if isinstance(key, str):
            raise _BadReturn(
                f"The keys must be tuples of tokens such as ('the', 'cat'), not strings such as {key!r}: "
                f"use tuple(tokens[i:i + n]) rather than ' '.join(...)."
            )
        if not isinstance(key, tuple):
            raise _BadReturn(f"The keys must be tuples of tokens such as ('the', 'cat'); one key is {_describe(key)}.")
        number = _plain_number(count)
        if not is_real_number(number) or not math.isfinite(number) or number != int(number):
            raise _BadReturn(f"The values must be counts (whole numbers); the count of {key!r} is {_describe(count)}.")
        if number:
            counts[key] = int(number)
    return counts


def read_pair(value):
    _missing_return(value)
    if is_real_number(_plain_number(value)):
        raise _BadReturn(
            f"Return the pair (matches, total), not one number ({_short_repr(value, 40)}): corpus BLEU "
            f"adds the matches and the totals of many sentences, which a ratio does not allow."
        )
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise _BadReturn(f"Return a pair of whole numbers (matches, total); you returned {_describe(value)}.")
    pair = []
    for name, item in zip(("matches", "total"), value):
        number = _plain_number(item)
        if not is_real_number(number) or not math.isfinite(number) or number != int(number):
            raise _BadReturn(f"{name} must be a whole number (a count); yours is {_describe(item)}.")
        pair.append(int(number))
    return tuple(pair)


def read_float(value):
    _missing_return(value)
    if hasattr(value, "score") and not is_real_number(value):
        raise _BadReturn(f"Return the score as a number (a float), not {_describe(value)}.")
    number = _plain_number(value)
    if not is_real_number(number):
        raise _BadReturn(f"Return a number, such as the float 0.25; you returned {_describe(value)}.")
    number = float(number)
    if math.isnan(number):
        raise _BadReturn(
            "Your function returned nan: somewhere 0/0 or log(0) * 0 was computed; handle that case first."
        )
    return number


def read_count(value):
    """A count (an LCS length, a number of edits): a whole number as an int, shown as 5 rather than 5.0.

    Any other number stays a float, so that a usual mistake (a rate, edits / reference length) can
    still be recognised and named.
    """
    number = read_float(value)
    if math.isinf(number):
        raise _BadReturn(f"Return a count, a whole number such as 3; you returned {_describe(value)}.")
    return int(number) if number.is_integer() else number


def read_interval(value):
    _missing_return(value)
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise _BadReturn(f"Return the two ends of the interval, (low, high); you returned {_describe(value)}.")
    return tuple(read_float(item) for item in value)


def read_triple(value):
    _missing_return(value)
    if not isinstance(value, (tuple, list)) or len(value) != 3:
        raise _BadReturn(f"Return three numbers (precision, recall, fmeasure); you returned {_describe(value)}.")
    return tuple(read_float(item) for item in value)


def _same(a, b) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return is_real_number(a) and is_real_number(b) and math.isclose(a, b, rel_tol=REL_TOL, abs_tol=ABS_TOL)
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b



# ---------------------------------------------------------------- showing values


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _short_repr(value, limit=300) -> str:
    try:
        text = repr(value)
    except Exception as error:  # a student's object with a broken __repr__
        text = f"<{type(value).__name__} whose repr raised {type(error).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _is_tokens(value) -> bool:
    return isinstance(value, list) and all(isinstance(t, str) for t in value)


_TOKENS_SHOWN = 60  # a token list longer than this is shortened: its first and last tokens, and its length


def _first_and_last(tokens) -> str:
    """A long token list in short: its first four and last three tokens."""
    return f"{' '.join(tokens[:4])} ... {' '.join(tokens[-3:])}"


def _fitting(items: list, room: int, at_least: int = 1) -> list:
    """The first ``items`` (strings) whose ", "-joined text fits in ``room`` characters, and at least ``at_least``."""
    shown: list = []
    for item in items:
        if len(shown) >= at_least and len(", ".join([*shown, item])) > room:
            break
        shown.append(item)
    return shown


def _named_example(value) -> str | None:
    """``check.PAPER_CANDIDATE_1`` for an input that is one of the examples importable from check."""
    from . import cases

    for name in ("PAPER_CANDIDATE_1", "PAPER_CANDIDATE_2", "PAPER_REFERENCES", "PAPER_THE", "CAT_REFERENCES",
                 "BOOTSTRAP_CANDIDATES", "BOOTSTRAP_REFERENCES", "LIN_REFERENCE", "LIN_S2", "LIN_S3"):
        if value == getattr(cases, name):
            return f"check.{name}"
    return None


def _show_tokens(tokens) -> str:
    if not tokens:
        return "[]"
    if all(t and not any(ch.isspace() for ch in t) and '"' not in t and "\\" not in t for t in tokens):
        text = '"' + " ".join(tokens) + '".split()'
        if len(text) > _TOKENS_SHOWN:
            return f'"{_first_and_last(tokens)}" ({len(tokens)} tokens)'
        return text
    return _shorten(repr(tokens), _TOKENS_SHOWN)


def _show_input(value, indent: int) -> str:
    """Show an input as Python the student can paste: token lists as "...".split(), the paper's as check.NAME.

    The examples of the papers are long (18 tokens): they are shown by the name check exports them
    under, which pastes as well; another long token list is shortened to its first and last tokens.
    """
    named = _named_example(value)
    if named:
        return named
    if _is_tokens(value):
        return _show_tokens(value)
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        items = [_show_input(v, indent + 1) for v in value]
        one_line = "[" + ", ".join(items) + "]"
        # ``indent`` characters come before it on its line (the "    name = " of the report)
        if len(items) == 1 or ("\n" not in one_line and indent + len(one_line) <= _width() - 2):
            return one_line
        return "[" + (",\n" + " " * (indent + 1)).join(items) + "]"
    return repr(value)


def _example_comment(value) -> str:
    """For an input shown as check.NAME: what it holds, shortly ('18 tokens: it is a ... of the party')."""
    if _is_tokens(value) and value:
        words = " ".join(value) if len(value) <= 7 else _first_and_last(value)
        return f"  # {len(value)} tokens: {words}"
    if isinstance(value, list) and value and all(_is_tokens(v) for v in value):
        lengths = [str(len(v)) for v in value]
        return f"  # {len(value)} references, of {', '.join(lengths[:-1])} and {lengths[-1]} tokens"
    return ""


def _show_float(value: float) -> str:
    text = f"{value:.10g}"
    return text if any(ch in text for ch in ".en") else text + ".0"


def _show_value(value) -> str:
    if isinstance(value, float):
        return _show_float(value)
    if isinstance(value, tuple) and value and all(isinstance(v, float) for v in value):
        return "(" + ", ".join(_show_float(v) for v in value) + ")"
    if isinstance(value, dict):
        return _show_counts(value)
    return _short_repr(value, 80)


def _show_counts(counts: dict, limit: int = 76) -> str:
    """A Counter's repr, its first items only when it is long, with how many n-grams it has."""
    items = [f"{gram!r}: {count!r}" for gram, count in Counter(counts).most_common()]
    text = "Counter({" + ", ".join(items) + "})" if items else "Counter()"
    if len(text) <= limit:
        return text
    shown = _fitting(items, limit - 30, at_least=0)  # room left for "Counter({, ...}) (12 n-grams)"
    return "Counter({" + ", ".join([*shown, "..."]) + "})" + f" ({len(items)} n-grams)"


def _some(grams: list, room: int | None = None) -> str:
    """As many of ``grams`` as fit in ``room`` characters, then ... if some are left out."""
    if room is None:  # after "    missing:  ", with room for " ... (12 in all)"
        room = _width() - 14 - 16
    shown = _fitting([repr(gram) for gram in grams], room)
    return ", ".join(shown) + (f" ... ({len(grams)} in all)" if len(shown) < len(grams) else "")


def _count_differences(expected: dict, got: dict) -> list:
    """For n-gram counts: what is missing, extra or miscounted (first few of each)."""
    lines = []
    missing = [g for g in expected if g not in got]
    extra = [g for g in got if g not in expected]
    wrong = [g for g in expected if g in got and got[g] != expected[g]]
    if missing:
        lines.append("missing:  " + _some(missing))
    if extra:
        lines.append("extra:    " + _some(extra))
    for gram in wrong[:3]:
        lines.append(f"count of {gram!r}: expected {expected[gram]}, got {got[gram]}")
    return lines



# ---------------------------------------------------------------- running a check


@dataclass(frozen=True)
class Spec:
    name: str
    params: tuple
    cases: tuple
    expected: object
    read: object
    mistakes: tuple
    swap: object  # args -> the same arguments in the order a swapped signature expects
    swap_key: str = "swapped-arguments"
    helpers: tuple = ()  # (name, check, a right version) of the lab functions this one usually calls


@dataclass
class _Outcome:
    value: object = None
    error: BaseException | None = None
    mutated: tuple = ()  # names of the arguments the function changed


class _Interrupted(Exception):
    """Jupyter's interrupt (Ctrl-C, the stop button) while the student's ``function`` ran on ``given``,
    a case of ``spec`` (that of the check being run, or of a helper's check inside it)."""

    def __init__(self, spec, function, given) -> None:
        super().__init__("interrupted")
        self.spec, self.function, self.given = spec, function, given


def _call(function, spec, args, quiet=False) -> _Outcome:
    given = copy.deepcopy(args)
    sink = io.StringIO()
    try:
        with contextlib.ExitStack() as stack:
            if quiet:
                stack.enter_context(contextlib.redirect_stdout(sink))
                stack.enter_context(contextlib.redirect_stderr(sink))
            value = function(*given)
    except KeyboardInterrupt:  # a function that loops, stopped by the student: say on which input (see run)
        raise _Interrupted(spec, function, args) from None
    except (Exception, SystemExit) as error:  # the student's bug is feedback, never a crash
        return _Outcome(error=error)
    return _Outcome(value=value, mutated=tuple(
        name for name, before, after in zip(spec.params, args, given) if not _unchanged(before, after)))


def _unchanged(before, after) -> bool:
    try:
        return bool(before == after)
    except Exception:  # the student put something into the argument that cannot be compared
        return False


def _read(spec, outcome):
    """The canonical form of a student's answer, or None if it cannot be read."""
    if outcome.error is not None:
        return None
    try:
        return spec.read(outcome.value)
    except _BadReturn:
        return None
    except Exception:
        return None


def _is_student_code(filename: str) -> bool:
    """Whether code from ``filename`` is the student's: not this checker, not Python's or a library's."""
    prefixes = tuple({os.path.abspath(p) + os.sep for p in (sys.prefix, sys.base_prefix, os.path.dirname(os.__file__))})
    path = os.path.abspath(filename)
    return path != os.path.abspath(__file__) and not path.startswith(prefixes)


def _student_frame(error) -> str:
    """'in f, line 4: return a / b' for the innermost frame of the student's own code."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if _is_student_code(f.filename)]
    if not frames:
        return ""
    frame = frames[-1]
    code = (frame.line or "").strip()
    where = f"in {frame.name}, line {frame.lineno}"
    return f"{where}: {code}" if code else where


def _signature_problem(function, spec):
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    try:
        signature.bind(*spec.cases[0].args)
    except TypeError:
        return (
            f"✗ check.{spec.name}: your function {_name(function)}{signature} cannot be called with "
            f"{len(spec.params)} arguments. The check calls {spec.name}({', '.join(spec.params)})."
        )
    return None


def _name(function) -> str:
    return getattr(function, "__name__", None) or type(function).__name__


_RAISED = object()  # what a usual mistake "answers" on a case where its own code raises

# A wrong float that agrees with the right one this closely was rounded: relative (about 6
# significant digits) or absolute (6 decimal places). The check itself allows REL_TOL.
ROUNDED_REL, ROUNDED_ABS = 1e-5, 5e-7


class _Answers:
    """The right answers, the student's and the usual mistakes' on every case, each computed once when needed."""

    def __init__(self, spec, function) -> None:
        self.spec, self.function = spec, function
        self._mistakes: dict = {}
        self._rounded: dict = {}

    @cached_property
    def expected(self) -> list:
        return [case.answer if case.answer is not None else self.spec.expected(*copy.deepcopy(case.args))
                for case in self.spec.cases]

    @cached_property
    def student(self) -> list:
        """The student's answers, read (None where the function raised or returned something unreadable)."""
        return _answers_of(self.spec, self.function)

    @cached_property
    def right_when_swapped(self) -> bool:
        """Whether the function gives every expected answer when called with its arguments swapped."""
        if self.spec.swap is None:
            return False
        swapped = _answers_of(self.spec, self.function, self.spec.swap)
        return all(_right(answer, expected) for answer, expected in zip(swapped, self.expected))

    def fails(self, index: int) -> bool:
        return not _right(self.student[index], self.expected[index])

    def rounded(self, how: str = "round") -> int | None:
        """:func:`_rounded_everywhere` of these answers (decided once: every case explained asks it)."""
        if how not in self._rounded:
            self._rounded[how] = _rounded_everywhere(self, how)
        return self._rounded[how]

    def of(self, wrong) -> list:
        """A usual mistake's answers on every case (``_RAISED`` where it raises)."""
        if wrong not in self._mistakes:
            self._mistakes[wrong] = [_mistake_answer(wrong, case.args) for case in self.spec.cases]
        return self._mistakes[wrong]


def _answers_of(spec, function, arrange=None) -> list:
    """``function``'s answers on every case, read; ``arrange`` reorders the arguments first (a swap)."""
    return [_read(spec, _call(function, spec, arrange(case.args) if arrange else case.args, quiet=True))
            for case in spec.cases]


def _right(answer, expected) -> bool:
    return answer is not None and _same(answer, expected)


def _mistake_answer(wrong, args):
    try:
        return wrong(*copy.deepcopy(args))
    except Exception:
        return _RAISED


def _agrees(theirs, answer) -> bool:
    """Whether a usual mistake's answer is the student's (a raise or an unreadable answer never agrees)."""
    return theirs is not _RAISED and answer is not None and _same(theirs, answer)


def _mistake_for(spec, index, got, answers):
    """The key of the usual mistake that explains the student's answers, if one does.

    A mistake is a candidate when it gives the student's wrong answer ``got`` on case ``index``.
    One case can match by chance (a total one short gives the recall's (2, 6) on the seven "the"s),
    so a candidate is kept only if it explains the other cases too (:func:`_explains`). Of several,
    the one that agrees with the student on the most cases, then the first listed.
    """
    if answers.right_when_swapped:
        return spec.swap_key
    if got is None:
        return None
    kept = []
    for key, wrong in spec.mistakes:
        theirs = answers.of(wrong)[index]
        if _agrees(theirs, got) and not _same(theirs, answers.expected[index]) and _explains(answers, wrong):
            kept.append((key, _agreement(answers, wrong)))
    return max(kept, key=lambda item: item[1])[0] if kept else None


def _agreement(answers, wrong) -> int:
    """On how many cases a usual mistake gives the student's answer."""
    return sum(map(_agrees, answers.of(wrong), answers.student))


def _explains(answers, wrong) -> bool:
    """Whether a usual mistake accounts for the student's failures as a whole, not for one answer.

    Two halves: the student fails at least half of the cases where the mistake is wrong (a brevity
    penalty wrong only for the empty candidate has no inverted condition: that one is wrong almost
    everywhere), and the mistake gives at least half of the student's wrong answers.
    """
    theirs = answers.of(wrong)
    cases = range(len(theirs))
    mistake_wrong = [i for i in cases if theirs[i] is _RAISED or not _same(theirs[i], answers.expected[i])]
    failing = [i for i in cases if answers.fails(i)]
    reproduced = [i for i in failing if _agrees(theirs[i], answers.student[i])]
    return (2 * sum(answers.fails(i) for i in mistake_wrong) >= len(mistake_wrong)
            and 2 * len(reproduced) >= len(failing))


def _rounding(got, expected, how="round") -> int | None:
    """How many digits a wrong float (or tuple of floats) keeps of the right answer, if it is a rounding of it.

    A rounding to d = 0-9 decimal places (``round(x, d)``; 0: ``round(x)``) or d = 1-9 significant
    digits (``f"{x:.{d}g}"``), or a value within ROUNDED_REL / ROUNDED_ABS of the right one (6
    digits: float32, a printed value). ``how="trunc"``: cut off after d = 1-9 decimal places
    instead (``int(x * 100) / 100``).
    """
    if not (isinstance(got, tuple) and isinstance(expected, tuple)):
        got, expected = (got,), (expected,)
    if len(got) != len(expected) or not all(isinstance(v, float) for v in (*got, *expected)):
        return None
    def close(a, b):
        return math.isclose(a, b, rel_tol=REL_TOL, abs_tol=ABS_TOL)

    digits = -1
    for g, e in zip(got, expected):
        if _same(g, e):
            continue
        if e == 0 or not math.isfinite(e):
            return None
        if how == "trunc":
            kept = next((d for d in range(1, 10) if close(g, math.trunc(e * 10 ** d) / 10 ** d)), None)
        else:
            kept = next((d for d in range(10) if close(g, round(e, d))
                         or (d and close(g, float(f"{e:.{d}g}")))), None)
            if kept is None and abs(g - e) <= max(ROUNDED_REL * abs(e), ROUNDED_ABS):
                kept = 6
        if kept is None:
            return None
        digits = max(digits, kept)
    return digits if digits >= 0 else None


def _rounded_everywhere(answers, how="round") -> int | None:
    """The digits kept, when every failing case's answer is a rounding of the right one (None otherwise).

    Decided on all the failing cases together, not on the one shown: an answer rounded to 2 digits
    is right wherever the answer has 2 digits (0.5), and the hint must not depend on which case fails.
    """
    failing = [i for i in range(len(answers.expected)) if answers.fails(i)]
    digits = [_rounding(answers.student[i], answers.expected[i], how) if answers.student[i] is not None else None
              for i in failing]
    kept = [d for d in digits if d is not None]
    if not failing or len(kept) < len(digits):
        return None
    # Some answer must keep a digit of the right one: 0.0 for 0.0009 alone is no sign of rounding.
    values = [v for i in failing for v in (answers.student[i] if isinstance(answers.student[i], tuple)
                                           else (answers.student[i],))]
    if not any(values):
        return None
    if max(kept) == 0 and not all(float(v).is_integer() for answer in answers.student if answer is not None
                                  for v in (answer if isinstance(answer, tuple) else (answer,))):
        return None  # round(x) answers whole numbers everywhere: a 1.0 here and 0.0009 there is another bug
    return max(kept)


def _hint_text(spec, key, digits=None) -> str | None:
    """The hint of a recognised mistake (``None``: no mistake recognised, the case's note is shown instead)."""
    if key == "swapped-arguments":
        return HINTS[key].format(call=f"{spec.name}({', '.join(spec.params)})")
    if key in ("rounded", "truncated"):
        digits = 6 if digits is None else digits
        return HINTS[key].format(digits=digits, rounding=f"{digits} digits" if digits else "whole numbers",
                                 scale=10**digits)
    return HINTS[key] if key is not None else None


def _cases(count: int, noun: str = "case") -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def how_many_pass(passed: int, total: int, noun: str = "case") -> str:
    """'0 of 8 cases pass', '1 of 9 cases passes', '2 of 3 checks pass' (the grader's log says it of checks).

    The count comes first, so no one reads '7 of 8 pass' as '7 pass, 8 fail'.
    """
    return f"{passed} of {_cases(total, noun)} {'passes' if passed == 1 else 'pass'}"


# Why the message shows the case it shows (see run), so the header never claims more than is true:
# "first" is an ordinary case shown before a smaller edge case, or the first edge case in the list;
# "same" a failure that is the same on every case, shown on one of them.
_WHY = {
    "smallest": "the smallest failing one is case {number}: {label}",
    "shows": "the failing case that shows the mistake best is case {number}: {label}",
    "first": "start with failing case {number}: {label}",
    "same": "every case fails the same way, for example case {number}: {label}",
    "constant": "for example, case {number}: {label}",
}


def _case_lines(spec, case) -> list:
    """The case's inputs as Python the student can paste, then the call: the body of a report."""
    width = max(len(p) for p in spec.params)
    lines = []
    for param, value in zip(spec.params, case.args):
        shown = _show_input(value, 4 + width + 3)
        comment = _example_comment(value) if shown.startswith("check.") else ""
        lines.append(f"    {param:<{width}} = {shown}{comment}")
    return [*lines, f"  {spec.name}({', '.join(spec.params)})"]


def _report(spec, index, case, lines, hint, status, key, passed_cases, why, *, verdict=None, notes=(),
            credit=None, culprits=None) -> CheckResult:
    detail = ", ".join(re.sub(r"^(expected|got|raised):\s+", r"\1 ", line.strip()) for line in lines[:2])
    if verdict is None:
        verdict = how_many_pass(passed_cases, len(spec.cases))
    header = f"✗ check.{spec.name}: {verdict}; " + _WHY[why].format(number=index + 1, label=case.label)
    body = []
    for note in notes:  # about the helpers: before the case, which it says how the case was run
        body.extend(textwrap.wrap(note, width=_width(), initial_indent="  ", subsequent_indent="  "))
    body.extend(_case_lines(spec, case))
    body.extend("    " + line for line in lines)
    # One explanation per message: a recognised mistake's hint replaces the case's own note, so a
    # note about clipping never stands next to a hint about the brevity penalty. The note says what
    # the case tests, not what went wrong: it is labelled as the case's, never as a hint. A failure
    # that is the same on every case is not about this case: no note then. Any other hint (what
    # to return instead of a wrong type) is the explanation too: no note next to it.
    if key is None and not hint and case.note and why not in ("same", "constant"):
        body.extend(textwrap.wrap(case.note, width=_width(), initial_indent="  " + _NOTE,
                                  subsequent_indent=" " * (2 + len(_NOTE))))
    if hint:
        body.extend(textwrap.wrap(hint, width=_width(), initial_indent="  " + _HINT,
                                  subsequent_indent=" " * (2 + len(_HINT))))
    return CheckResult(spec.name, False, "\n".join([_wrap(header), *body]), mistake=key, case=case.label,
                       status=status, detail=detail, cases_passed=passed_cases, cases_total=len(spec.cases),
                       credit=credit, headline=header, culprits=culprits, helper_note=" ".join(notes))


def _referenced_names(function) -> set:
    """The global names the function's code (nested functions included) refers to."""
    code = getattr(function, "__code__", None)
    names, stack = set(), [code] if code is not None else []
    while stack:
        current = stack.pop()
        names.update(current.co_names)
        stack.extend(const for const in current.co_consts if hasattr(const, "co_names"))
    return names


def _and(names) -> str:
    """'a', 'a and b', 'a, b and c'."""
    names = list(names)
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)


@dataclass
class _Repair:
    """The helpers of the student's that fail their own checks, and how the function does with right ones."""

    failing: list  # [(helper name, its CheckResult)], in the order of spec.helpers
    answers: list | None  # the function's answers with right helpers in their place (None: it cannot be copied)
    missing: list = field(default_factory=list)  # helpers it calls that are not defined, given right ones too
    function: object = None  # the function with right helpers in their place (None: it cannot be copied)
    outcomes: list | None = None  # its calls on the cases, from which the answers were read

    def passes(self, expected) -> int:
        return sum(map(_right, self.answers, expected)) if self.answers is not None else 0

    @property
    def replaced(self) -> list:
        """The helpers given right versions: the failing ones, then the missing ones."""
        return [helper for helper, _ in self.failing] + self.missing

    @property
    def culprits(self) -> list:
        """The functions whose own code is wrong, down the chain: a helper may fail only through its helper."""
        names = [name for _, result in self.failing for name in result.culprits] + self.missing
        return list(dict.fromkeys(names))


def _repair(spec, function, missing=()) -> _Repair | None:
    """The lab functions ``function`` calls (``spec.helpers``) that fail their own checks, or None if none does.

    Their answers with right versions in their place tell what the function itself is worth: a
    helper wrong only where the function never calls it (an ``ngrams`` that raises on ``[]``, under
    a ``modified_precision`` that never passes it ``[]``) changes nothing there. A helper named in
    ``missing`` (not defined: its cell did not run) gets a right version too.
    """
    names = _referenced_names(function)
    scope = getattr(function, "__globals__", {})
    failing, absent, right = [], [], {}
    for helper, check, right_version in spec.helpers:
        candidate = scope.get(helper)
        if helper in missing and helper in names and candidate is None:
            absent.append(helper)
            right[helper] = right_version
        elif helper in names and callable(candidate) and candidate is not function:
            with _nested():  # its message is shown indented in this one's
                result = check(candidate)
            if not result.passed:
                failing.append((helper, result))
                right[helper] = right_version
    if not right:
        return None
    repaired = _with_globals(function, right)
    if repaired is None:
        return _Repair(failing, None, absent)
    outcomes = [_call(repaired, spec, case.args, quiet=True) for case in spec.cases]
    return _Repair(failing, [_read(spec, outcome) for outcome in outcomes], absent, repaired, outcomes)


def _with_globals(function, replacements: dict):
    """A copy of ``function`` whose global names in ``replacements`` mean those objects, or None.

    Only a plain function can be copied this way. The student's namespace itself is not changed.
    """
    if not isinstance(function, FunctionType):
        return None
    scope = {**function.__globals__, **replacements}
    copied = FunctionType(function.__code__, scope, function.__name__, function.__defaults__, function.__closure__)
    copied.__kwdefaults__ = function.__kwdefaults__
    return copied


def _kept_points(spec, function, repair, passes) -> str:
    """The sentence that says what the function does with right helpers, and that it keeps those points.

    The points lost are named where they are lost: the functions whose own code is wrong (a
    modified_precision that fails only through a wrong ngrams loses nothing; the ngrams does).
    """
    helpers, culprits = _and(repair.replaced), _and(repair.culprits)
    total = len(spec.cases)
    if passes == total:
        loses = "loses" if len(repair.culprits) == 1 else "lose"
        return (f"With a right {helpers}, your {_name(function)} passes all {total} cases, so it keeps its "
                f"points: only {culprits} {loses} points for this.")
    return (f"With a right {helpers}, your {_name(function)} passes {passes} of the {total} cases: it is "
            f"graded on those, not marked down again for {culprits}.")


def _own_bug_note(function, repair) -> str:
    """The line before a case explained with right helpers: which helper to fix, and that it is replaced."""
    helpers, roots = _and(repair.replaced), [n for n in repair.culprits if n not in repair.replaced]
    several = len(repair.replaced) > 1
    fix = ("them" if several else "it") if not roots else _and(repair.culprits)
    fails = "fail their own checks" if several else "fails its own check"
    because = f", because of your {_and(roots)}" if roots else ""
    return (f"Your {helpers} {fails} too{because}: fix {fix} first. Below, your "
            f"{_name(function)} is run with a right {helpers}, and its points come from the cases it passes then.")


def _helper_report(spec, function, helper, helper_result, passed_cases, kept, culprits) -> CheckResult:
    roots = [name for name in helper_result.culprits if name != helper]
    if roots and helper not in helper_result.culprits:  # the helper is right; a helper of its own is not
        header = (f"✗ check.{spec.name}: your {_name(function)} calls your {helper}, which fails because of "
                  f"your {_and(roots)}: fix {_and(roots)} first, then run this check again.")
    else:
        header = (f"✗ check.{spec.name}: your {_name(function)} calls your {helper}, and {helper} is wrong: "
                  f"fix {helper} first, then run this check again.")
    inner = ["  " + line for line in helper_result.message.splitlines()]
    lines = [_wrap(header), _wrap("  " + kept), f"  check.{helper}({helper}) says:", *inner]
    return CheckResult(spec.name, False, "\n".join(lines),
                       mistake=helper_result.mistake, case=helper_result.case, status="helper",
                       detail=f"{helper} fails: {helper_result.detail}", cases_passed=passed_cases,
                       cases_total=len(spec.cases), helper=helper, credit=1.0, headline=header,
                       culprits=tuple(culprits), helper_note=kept)


def _raised_in(error, function) -> str | None:
    """Who raised ``error``: None for ``function`` itself, the name of another function of the student's
    (a helper), or "" for code that is not the student's (a library: the student's call is the bug)."""
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None or tb.tb_frame.f_code is getattr(function, "__code__", None):
        return None
    code = tb.tb_frame.f_code
    if not _is_student_code(code.co_filename):  # Counter.fromkeys raises NotImplementedError too
        return ""
    return code.co_name if code.co_name.isidentifier() else None


def _unfinished_helper_report(spec, function, helper, passed_cases, expected, written=True) -> CheckResult:
    """The function is written but calls a function that still raises NotImplementedError, or is not defined.

    ``written``: the helper is defined (it raises NotImplementedError); else it is not defined at
    all (its cell has a syntax error, or was not run). Either way the function is graded with a
    right helper in its place, as for a wrong one.
    """
    calls = "calls" if helper in _referenced_names(function) else "needs (through the functions it calls)"
    if written:
        what = f"which is not written yet (it raises NotImplementedError): write {helper} first"
    else:
        what = "which is not defined (its cell did not run, or has an error): run or fix that cell first"
    header = f"✗ check.{spec.name}: your {_name(function)} {calls} {helper}, {what}, then run this check again."
    lines = [_wrap(header)]
    repair = _repair(spec, function, missing=() if written else (helper,))
    credit, kept, culprits = None, "", [helper]
    if repair is not None and repair.answers is not None:
        passes = repair.passes(expected)
        kept = _kept_points(spec, function, repair, passes)
        lines.append(_wrap("  " + kept))
        credit = passes / len(spec.cases)
        culprits += repair.culprits + ([_name(function)] if passes < len(spec.cases) else [])
    return CheckResult(spec.name, False, "\n".join(lines), status="helper",
                       cases_passed=passed_cases, cases_total=len(spec.cases), helper=helper, credit=credit,
                       headline=header, culprits=tuple(dict.fromkeys(culprits)), helper_note=kept)


def _missing_helper(spec, error) -> str | None:
    """The lab helper (of ``spec.helpers``) whose name a NameError says is not defined, if it is one."""
    if type(error) is not NameError:  # an UnboundLocalError is the function's own bug
        return None
    name = getattr(error, "name", None)
    if not name:
        match = re.match(r"name '(\w+)' is not defined", str(error))
        name = match.group(1) if match else None
    return name if name in {helper for helper, _, _ in spec.helpers} else None


def _evaluate(spec, function, case, expected):
    """'pass' or a failure tuple for one case: ``(status, expected, outcome, the answer read or a problem)``."""
    return _verdict(spec, _call(function, spec, case.args), expected)


def _verdict(spec, outcome, expected):
    """:func:`_evaluate` of an outcome already called."""
    if outcome.error is not None:
        return ("exception", expected, outcome, None)
    try:
        got = spec.read(outcome.value)
    except _BadReturn as problem:
        return ("bad-return", expected, outcome, str(problem))
    except Exception as problem:  # a student's object that breaks while being read
        return ("bad-return", expected, outcome, f"Could not read your answer ({type(problem).__name__}).")
    if not _same(got, expected):
        return ("failed", expected, outcome, got)
    if outcome.mutated:
        return ("mutated", expected, outcome, None)
    return "pass"


def _failure_kind(verdict) -> tuple:
    """What a failure is, without the case it happened on: the same for every case means one bug everywhere."""
    status, _, outcome, extra = verdict
    if status == "exception":
        error = outcome.error
        return (status, type(error).__name__, _student_frame(error) or str(error))
    if status == "bad-return":
        return (status, type(outcome.value).__name__)
    if status == "mutated":
        return (status, outcome.mutated)
    return (status, repr(extra))


def _constant_answer(spec, answers):
    """``(the answer, whether on every case)`` when the function answers the same on every ordinary case.

    The ordinary cases' right answers differ, so such a function does not compute them from its
    input: a stub that returns 1.0 or 0, or a bug that makes every answer the same. Edge cases
    (empty inputs) may differ: ``return 0.0 if not candidate else 1.0`` is constant too.
    """
    ordinary = [i for i, case in enumerate(spec.cases) if not case.is_edge]
    if len(ordinary) < 3:
        return None
    first = answers.student[ordinary[0]]
    if first is None or not all(answers.student[i] is not None and _same(answers.student[i], first)
                                for i in ordinary):
        return None
    if all(_same(answers.expected[i], answers.expected[ordinary[0]]) for i in ordinary):
        return None
    everywhere = all(a is not None and _same(a, first) for a in answers.student)
    return first, everywhere


def run(spec: Spec, function) -> CheckResult:
    """:func:`_run`, and the feedback when the student stops a function that loops (Ctrl-C in Jupyter).

    Only the outermost check turns the interrupt into feedback (a helper's check runs inside its
    caller's, :func:`_nested`), so that the caller does not carry on with its other cases after the
    student asked to stop.
    """
    try:
        return _run(spec, function)
    except _Interrupted as stop:
        if _DEPTH[0]:
            raise
        return _interrupted_report(spec, function, stop)


def _interrupted_report(spec, function, stop) -> CheckResult:
    """The check was stopped while a function of the student's ran on a case: name both."""
    found = next(((i, c) for i, c in enumerate(stop.spec.cases) if c.args == stop.given), None)
    if stop.spec is spec:
        called = [helper for helper, _, _ in spec.helpers if helper in _referenced_names(function)]
        who = f"{_name(function)} (or your {_and(called)}, which it calls)" if called else _name(function)
    else:  # in the check of a helper the function calls, on one of the helper's cases
        who = f"{_name(stop.function)} (which your {_name(function)} calls)"
    if found is None:  # on a case's arguments in another order (the swapped-arguments test)
        header = (f"✗ check.{spec.name}: stopped while your {who} was running. It may never finish on some "
                  f"input: look for a loop whose condition never changes.")
        return CheckResult(spec.name, False, _wrap(header), status="interrupted", cases_total=len(spec.cases),
                           headline=header)
    index, case = found
    header = (f"✗ check.{spec.name}: stopped while your {who} was running on case {index + 1} of "
              f"check.{stop.spec.name}: {case.label}. It may never finish on this input: look for a loop "
              f"whose condition never changes.")
    return CheckResult(spec.name, False, "\n".join([_wrap(header), *_case_lines(stop.spec, case)]),
                       case=case.label, status="interrupted", cases_total=len(spec.cases), headline=header)


def _run(spec: Spec, function) -> CheckResult:
    """Run ``function`` on every case of ``spec``; explain one failing case, or say it passes.

    The case explained is the smallest failing one (edge cases with a hint of their own last), unless
    the student's answer is a recognised mistake and a failing case is declared to show that mistake
    (``Case.shows``): then that case. The message's first line says how many cases pass and why this
    case is the one shown; it is wrapped to lines of at most ``_WIDTH`` characters.

    Partial credit (``CheckResult.fraction``): the share of the cases that pass; 0 for a function that
    answers the same on every input (it passes those cases by chance). When the function fails because
    of a helper it calls (``spec.helpers``; see :func:`_repair`), the message is about the helper, and
    the credit is what the function earns with a right helper: the helper's mistake costs points once,
    in the helper's own check.
    """
    refused = _refuse_uncallable(spec, function)
    if refused is not None:
        return refused
    answers = _Answers(spec, function)
    ran = _run_cases(spec, function, answers)
    if isinstance(ran, CheckResult):
        return ran
    failures, outcomes = ran
    passed_cases = len(spec.cases) - len(failures)
    answers.student = [_read(spec, outcome) for outcome in outcomes]  # each case run once (cached_property)
    if not failures:
        every = f"all {len(spec.cases)} cases" if len(spec.cases) != 1 else "its 1 case"
        return CheckResult(
            spec.name, True, f"✓ check.{spec.name}: your {_name(function)} passes {every}.",
            cases_passed=passed_cases, cases_total=len(spec.cases),
        )
    diagnosis = _diagnose(spec, function, answers, failures, passed_cases)
    if isinstance(diagnosis, CheckResult):
        return diagnosis
    return _explain_failures(spec, function, passed_cases, diagnosis)


def _refuse_uncallable(spec: Spec, function) -> CheckResult | None:
    """The report for something that is not a function, or a function with the wrong parameters; else None."""
    if not callable(function):
        text = (f"✗ check.{spec.name} needs your function itself, e.g. check.{spec.name}({spec.name}) "
                f"(no parentheses after the name); it got {_describe(function)}.")
        return CheckResult(spec.name, False, _wrap(text), status="not-callable", cases_total=len(spec.cases),
                           headline=text)
    problem = _signature_problem(function, spec)
    if problem:
        return CheckResult(spec.name, False, _wrap(problem), status="exception", cases_total=len(spec.cases),
                           headline=problem)
    return None


def _run_cases(spec: Spec, function, answers: _Answers) -> CheckResult | tuple[list, list]:
    """Run every case once: (failures, outcomes), or the report for an unwritten helper or stub."""
    failures: list = []
    outcomes: list = []
    for index, case in enumerate(spec.cases):
        outcomes.append(_call(function, spec, case.args))
        verdict = _verdict(spec, outcomes[-1], answers.expected[index])
        if verdict == "pass":
            continue
        missing = _missing_helper(spec, verdict[2].error) if verdict[0] == "exception" else None
        raiser = (_raised_in(verdict[2].error, function)
                  if verdict[0] == "exception" and isinstance(verdict[2].error, NotImplementedError) else "")
        stub = raiser if raiser and raiser != _name(function) else None  # a helper of the student's, unwritten
        if missing is not None or stub is not None:  # not the function's own bug: a helper's cell or stub
            # The cases before this one that passed, then the rest (each case is run once).
            passed = index - len(failures) + sum(
                _evaluate(spec, function, c, e) == "pass"
                for c, e in zip(spec.cases[index + 1:], answers.expected[index + 1:]))
            return _unfinished_helper_report(spec, function, missing or stub, passed, answers.expected,
                                             written=missing is None)
        if raiser is None or raiser == _name(function):  # the function's own stub
            text = (f"✗ not implemented yet: {_name(function)} raises NotImplementedError. "
                    f"Replace the raise line with your code, then run this cell again.")
            return CheckResult(spec.name, False, _wrap(text), case=case.label, status="not-implemented",
                               cases_total=len(spec.cases), headline=text)
        failures.append((index, case, verdict))  # raiser "": not a stub (or a library's NotImplementedError)
    return failures, outcomes


@dataclass
class _Diagnosis:
    """What a failure message is built from: the answers explained (with right helpers when the student's
    helper is wrong too), the failing cases, notes, partial credit, the verdict line and who is to blame."""

    answers: _Answers
    failures: list
    notes: list = field(default_factory=list)
    credit: float | None = None
    verdict_text: str | None = None
    culprits: tuple | None = None
    shown_passed: int = 0


def _diagnose(spec: Spec, function, answers: _Answers, failures: list, passed_cases: int) -> CheckResult | _Diagnosis:
    """Whether a wrong helper explains the failures: its report, or the answers to explain instead."""
    diagnosis = _Diagnosis(answers, failures, shown_passed=passed_cases)
    repair = _repair(spec, function)
    if repair is None:
        return diagnosis
    passes = repair.passes(answers.expected)
    if passes == len(spec.cases):
        helper, result = repair.failing[0]
        return _helper_report(spec, function, helper, result, passed_cases,
                              _kept_points(spec, function, repair, passes), repair.culprits)
    if repair.function is not None:
        # The function has a bug of its own too. It is explained from the answers it gives with
        # right helpers (so the usual mistake of its own is recognised, not a mix of both bugs),
        # and graded on them: the helper's mistake costs points once, in the helper's check.
        diagnosis.notes.append(_own_bug_note(function, repair))
        diagnosis.credit, diagnosis.shown_passed = passes / len(spec.cases), passes
        diagnosis.culprits = (*repair.culprits, _name(function))
        diagnosis.verdict_text = (f"{how_many_pass(passes, len(spec.cases))} with a right {_and(repair.replaced)} "
                                  f"({passed_cases} with your {_and(repair.replaced)})")
        expected = answers.expected
        assert repair.answers is not None and repair.outcomes is not None  # run when the copy was made
        diagnosis.answers = _Answers(spec, repair.function)
        # already run with the right helpers
        diagnosis.answers.expected, diagnosis.answers.student = expected, repair.answers
        diagnosis.failures = [(index, case, verdict)
                              for index, (case, outcome) in enumerate(zip(spec.cases, repair.outcomes))
                              if (verdict := _verdict(spec, outcome, expected[index])) != "pass"]
    return diagnosis


def _explain_failures(spec: Spec, function, passed_cases: int, diagnosis: _Diagnosis) -> CheckResult:
    """Explain one failing case: a constant answer, the case that shows a recognised mistake, or the smallest."""
    from .cases import size

    failures, answers = diagnosis.failures, diagnosis.answers
    # The smallest failing case is the easiest to work through by hand (ties keep the case order).
    # Edge cases (an empty input, fewer tokens than n, a zero precision) come after every ordinary
    # case, in their listed order: a bug there is often just the general bug again.
    ordered = sorted(failures, key=lambda f: (1, 0, f[0]) if f[1].is_edge else (0, size(f[1].args), f[0]))
    smallest = min(failures, key=lambda f: (size(f[1].args), f[0]))
    # Answers that do not depend on the input: no usual mistake, no case's note.
    constant = _constant_answer(spec, answers)
    if constant is not None:
        return _constant_report(spec, function, passed_cases, diagnosis, ordered[0], constant)
    same = len(spec.cases) > 1 and not diagnosis.shown_passed and len({_failure_kind(f[2]) for f in failures}) == 1
    index, case, verdict = ordered[0]
    lines, key, hint, status = _explain(spec, index, case, verdict, answers, same)
    why = "same" if same else "smallest" if index == smallest[0] else "first"
    # A recognised mistake can show on a small edge case only by accident (the recall's (0, 3) for
    # an empty candidate): a case declared to show that mistake (Case.shows) explains it better,
    # if the student's answer there is that same mistake's.
    if key is not None and key not in case.shows:
        for other_index, other_case, other_verdict in ordered[1:]:
            if key in other_case.shows:
                other = _explain(spec, other_index, other_case, other_verdict, answers, same)
                if other[1] == key:
                    index, case, (lines, key, hint, status) = other_index, other_case, other
                    why = "same" if same else "shows"
                    break
    return _report(spec, index, case, lines, hint, status, key, passed_cases, why, verdict=diagnosis.verdict_text,
                   notes=diagnosis.notes, credit=diagnosis.credit, culprits=diagnosis.culprits)


def _constant_report(spec: Spec, function, passed_cases: int, diagnosis: _Diagnosis, first, constant) -> CheckResult:
    """The report for a function whose answer does not depend on the input: no credit, however many pass."""
    value, everywhere = constant
    index, case, verdict = first
    lines = _explain(spec, index, case, verdict, diagnosis.answers)[0]
    inputs = "every input" if everywhere else "every input but the edge cases"
    chance = ", but only by chance" if passed_cases else ""
    text = (f"{diagnosis.verdict_text or how_many_pass(passed_cases, len(spec.cases))}{chance}: your "
            f"{_name(function)} returns {_show_value(value)} for {inputs}")
    return _report(spec, index, case, lines, HINTS["constant"], verdict[0], "constant", passed_cases,
                   "constant", verdict=text, notes=diagnosis.notes, credit=0.0, culprits=diagnosis.culprits)


def _single_precision(value) -> bool:
    """Whether an answer is (or holds) a numpy float32 or float16: right to about 7 (or 3) digits only."""
    values = value if isinstance(value, tuple) else (value,)
    return any(type(v).__module__ == "numpy" and type(v).__name__ in ("float32", "float16") for v in values)


def _explain(spec, index, case, verdict, answers, same=False):
    """``(lines, mistake key, hint, status)`` for failing case ``index``: what the message says about it.

    ``same``: every case fails the same way, so the case's own hint for an exception (``on_error``)
    does not apply: the failure is not about this case.
    """
    status, expected, outcome, extra = verdict
    if status == "exception":
        error = outcome.error
        room = _width() - 14  # the lines are indented by 4, after "raised:   "
        lines = [f"expected: {_show_value(expected)}",
                 "raised:   " + _shorten(f"{type(error).__name__}: {_shorten(str(error), 70)}".rstrip(), room)]
        where = _student_frame(error)
        if where:
            lines.append(f"          {_shorten(where, room)}")
        key = _mistake_for(spec, index, None, answers) or (None if same else case.on_error)
        return lines, key, _hint_text(spec, key), status
    if status == "bad-return":
        return [f"expected: {_show_value(expected)}", f"got:      {_describe(outcome.value)}"], None, extra, status
    if status == "failed":
        got = extra
        lines = [f"expected: {_show_value(expected)}", f"got:      {_show_value(got)}"]
        if isinstance(expected, dict) and (len(expected) > 4 or len(got) > 4):
            lines.extend(_count_differences(expected, got))
        key, digits = "rounded", answers.rounded()
        if digits is not None and _single_precision(outcome.value):  # float32 "rounds" by itself, to 7 digits
            return lines, "single-precision", _hint_text(spec, "single-precision"), status
        if digits is None:  # int(x * 100) / 100 cuts off where round(x, 2) rounds
            key, digits = "truncated", answers.rounded("trunc")
        if digits is None:
            key = _mistake_for(spec, index, got, answers)
        return lines, key, _hint_text(spec, key, digits), status
    names = " and ".join(outcome.mutated)
    lines = [f"your function changed its argument {names} (the answer itself was right)"]
    hint = ("Do not modify the arguments: the caller still needs them. Work on a copy, e.g. "
            "sorted(x) instead of x.sort(), or list(x) before changing it.")
    return lines, None, hint, status
