"""What the playground widgets show, computed in plain Python.

The widgets in :mod:`bleu_lab.show.widgets` only wire these functions to controls:
every number, message and piece of HTML they display comes from here, so it
can be tested without a browser. None of these functions raises on text a
user can type: empty boxes, spaces, emoji, very long text, mixed scripts.
Where a score has no meaning the result carries a plain ``message`` instead.

BLEU is Papineni et al. (2002); ROUGE is Lin (2004); chrF is Popovic (2015);
TER is Snover et al. (2006);
smoothing methods are Chen and Cherry (2014); tokenizers and settings that
make scores comparable follow Post (2018).

>>> view = compute_playground("a cat is on the mat", ["the cat is on the mat"])
>>> round(view.score, 4), view.message
(0.7598, '')
>>> compute_playground("   ", ["the cat is on the mat"]).message
'Type a candidate: an empty candidate has no n-grams (c = 0), so a score has no meaning.'
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from types import MappingProxyType
from typing import NamedTuple

from ..bleu.explanation import (
    PrecisionAndBrevity,
    bp_formula,
    highlight_rows_html,
    legend_html,
    order_rows,
    order_table_html,
    precision_and_brevity_by_length,
    sacrebleu_scale_note,
)
from ..bleu.metric import score_counted, sentence_bleu, settings_for_texts
from ..bleu.scoring import BleuSettings
from ..bleu.statistics import SentenceStats, closest_reference_length, count_ngrams
from ..checks import BYTE_ORDER_MARK, describe, is_sequence, is_whole_number, refuse_unordered, separate_references
from ..chrf import chrf
from ..examples import load_examples
from ..other_libraries import (
    ROUGE_SCORE_CALL,
    Comparison,
    nltk_sentence_bleu,
    rouge_score_fmeasures,
    sacrebleu_chrf,
    sacrebleu_sentence_bleu,
    sacrebleu_ter,
)
from ..rouge import rouge_l, rouge_n, rouge_tokenize
from ..style import (
    CELL,
    MUTED,
    OK_BADGE,
    TEXT_CSS,
    WARN_BADGE,
    bullet_list,
    cell,
    element,
    message_box,
    muted,
    row,
    span,
    table,
    text,
)
from ..ter import ter
from ..tokenizers import TOKENIZER_NAMES, get_tokenizer
from ..tokenizers import tokenize as _tokenize

METRIC_VIEWS = ("BLEU", "ROUGE", "chrF", "TER")
MAX_REFERENCES = 4
# Cached results per function: a widget asks again for what it has just computed.
_CACHE = 256
# Longer texts are scored in full but only this many tokens are drawn.
SHOWN_TOKENS = 200
# Parts of a view whose cost grows fast with the length of a text stop at this many words per text
# (the candidate or any reference) and say so: a paragraph pasted into a box must not freeze the kernel.
# Measured with one reference on the lab machine (the widget computes bleu_lab's part on a keystroke and
# the other libraries' after a pause, so each part is one wait):
# - "TER": the shift search (Snover et al. 2006) of bleu_lab.ter and of sacrebleu's TER. 50 WMT19 words
#   take 0.02 s each; a constructed reordering of 50 words (a text cut in halves and swapped, or
#   shuffled) up to 0.5 s in bleu_lab and 0.9 s in sacrebleu; 100 such words took 1.2 s and 2.3 s,
#   and 590 WMT19 words 53 s for the whole view. 50 words hold 99% of the WMT19 sentences.
# - "rouge-score": rouge-score's ROUGE-L is an O(n x m) Python loop: 500 words 0.1 s, 1,000 words 0.6 s,
#   5,000 words 11 s; counted in ROUGE tokens (a-z and 0-9 runs). bleu_lab's own ROUGE has no limit
#   (5,000 words: 0.1 s), nor have BLEU and chrF (5,000 words: 0.1 s and 0.35 s with the other libraries).
WORD_LIMITS = MappingProxyType({"TER": 50, "rouge-score": 500})
# What each limited part is, how it counts words, and the call that computes it without the limit.
_LIMITED = {
    "TER": ("TER is shown", lambda text: len(text.split()), "bleu_lab.ter(...)"),
    "rouge-score": (
        "rouge-score's ROUGE is shown beside bleu_lab's", lambda text: len(rouge_tokenize(text)),
        "rouge_score.rouge_scorer.RougeScorer(...).score_multi(...)",
    ),
}
# Scripts written without spaces between words.
_UNSPACED = frozenset({"CJK", "HIRAGANA", "KATAKANA", "THAI", "LAO", "KHMER", "MYANMAR"})

# Labels of the presets, in the order the dropdown shows them (keys of bleu_lab.examples).
PRESET_LABELS = {
    "cat_mat": "cat/mat: identical to a reference",
    "a_cat_mat": "cat/mat: 'a cat is on the mat'",
    "cat_sat": "cat/mat: 'the cat sat on the mat'",
    "scrambled": "cat/mat: words scrambled",
    "short": "cat/mat: too short ('the cat')",
    "padded": "cat/mat: padded with extra words",
    "the_cheat": "the cheat: 'the the the ...'",
    "two_clips": "clipping by two references",
    "nasa_rover": "NASA rover: candidate 1",
    "nasa_rover_2": "NASA rover: candidate 2",
    "paraphrase": "paraphrase: 'the feline rests upon the rug'",
    "paper_guide_1": "Papineni et al. Example 1, candidate 1",
    "paper_guide_2": "Papineni et al. Example 1, candidate 2",
}

# Rewrites of one reference for the paraphrase explorer (written for bleu_lab).
PARAPHRASE_REFERENCE = "the cat is on the mat"
PARAPHRASE_REWRITES = {
    "exact copy": "the cat is on the mat",
    "one word changed": "the cat sat on the mat",
    "words reordered": "on the mat is the cat",
    "meaning flipped, same words": "the mat is on the cat",
    "synonyms (paraphrase)": "the feline rests upon the rug",
    "another phrasing": "there is a cat on the mat",
    "too short": "the cat",
    "padded": "the cat is on the mat and the dog is on the sofa",
}

# The brevity-penalty explorer cuts these texts to the lengths chosen in its two length boxes. As in the
# rover example of the seed lab, the NASA sentence is the human reference and the shorter
# "A NASA rover is fighting ..." is the machine output (both lengthened so the length boxes have room).
BP_CANDIDATE = (
    "A NASA rover is fighting a massive storm on planet Mars , and its team hopes that the sky "
    "clears before the batteries run out and the rover falls silent for the long winter ."
)
BP_REFERENCE = (
    "The NASA Opportunity rover is battling a massive dust storm on planet Mars , and the team "
    "waits for the sky to clear so that the solar panels can charge the batteries again ."
)


def presets() -> dict:
    """The playground's preset examples: ``{label: (candidate, [references])}``."""
    examples = load_examples()
    ordered = [key for key in PRESET_LABELS if key in examples] + sorted(set(examples) - set(PRESET_LABELS))
    return {
        PRESET_LABELS.get(key, key): (examples[key]["candidate"], list(examples[key]["references"][:MAX_REFERENCES]))
        for key in ordered
    }


def available_tokenizers() -> tuple:
    """Tokenizer names that work here: ``TOKENIZER_NAMES`` minus those whose optional package is missing."""
    usable = []
    for name in TOKENIZER_NAMES:
        try:
            get_tokenizer(name)
        except Exception:  # noqa: BLE001 - a tokenizer that cannot start is simply not offered
            continue
        usable.append(name)
    return tuple(usable)


# ---------------------------------------------------------------- results


@dataclass(frozen=True)
class ChartSpec:
    """What a bar chart shows: one bar per label, a text above each bar, optional dashed lines."""

    title: str
    labels: tuple
    values: tuple
    texts: tuple
    ylabel: str = "value"
    lines: tuple = ()  # (value, label) pairs drawn as dashed horizontal lines


@dataclass(frozen=True)
class PlaygroundView:
    """Everything the playground shows for one state of its controls.

    ``score`` is bleu_lab's sentence BLEU (None when it has no meaning, with
    the reason in ``message``; ``message`` also says why the chosen metric
    view shows no number while BLEU is still shown, such as TER on a text
    longer than ``WORD_LIMITS["TER"]`` words); ``rows`` is the per-order table
    ``(n, clipped, total, precision)``; ``metric_scores`` holds the numbers of
    the chosen metric view; ``notes`` are hints that do not stop the score.
    """

    metric: str
    score: float | None
    message: str = ""
    notes: tuple = ()
    rows: tuple = ()
    candidate_length: int | None = None
    reference_length: int | None = None
    brevity_penalty: float | None = None
    result: object = field(default=None, repr=False)  # the BleuResult
    metric_scores: Mapping = field(default_factory=dict)
    comparisons: tuple = ()
    highlights_html: str = ""
    numbers_html: str = ""
    comparison_html: str = ""
    chart: ChartSpec | None = None
    reference_boxes: tuple = ()  # the box number (1-4) of each reference that was scored

    @property
    def ok(self) -> bool:
        """Whether a score could be computed (otherwise ``message`` says why)."""
        return self.score is not None

    @property
    def html(self) -> str:
        """Message, notes, highlights and numbers as one HTML fragment."""
        return message_html(self.message, self.notes) + self.highlights_html + self.numbers_html + self.comparison_html


def message_html(message: str, notes=()) -> str:
    """A visible box for a message (no score) and a list of notes (hints)."""
    parts = []
    if message:
        parts.append(message_box(message))
    if notes:
        parts.append(bullet_list(notes, class_="bl-notes", css=f"margin:4px 0;color:{TEXT_CSS['text']}"))
    return _compact("".join(parts))


# ---------------------------------------------------------------- the playground


def compute_playground(
    candidate,
    references,
    *,
    tokenize="13a",
    lowercase=False,
    max_order=4,
    smoothing="none",
    metric="BLEU",
    compare=True,
) -> PlaygroundView:
    """Compute what the playground shows; never raises.

    ``candidate`` is the text of the candidate box (a string; None is an empty box) and
    ``references`` the texts of the reference boxes: a list or tuple of strings, or one string for
    one box. Anything else (a dict, whose keys would be read as the references; a set, which has no
    order; a token list, which would be tokenized again) gets a ``message`` that says so.

    Blank reference boxes are left out. The BLEU numbers are those of
    ``sentence_bleu(candidate, non_blank_references, max_order=max_order,
    smoothing=smoothing, tokenize=tokenize, lowercase=lowercase)``. With
    ``compare=True`` the same score from sacrebleu and nltk is added where
    they compute the same thing, with the settings that make them comparable:
    the ``compare=False`` view (cached) with only their numbers added, so a
    widget that asks for both computes bleu_lab's part once.

    ``metric`` is one of :data:`METRIC_VIEWS`. "TER" adds ``ter(candidate,
    references, case_sensitive=not lowercase)`` (Snover et al. 2006: edits /
    average reference length, lower is better) with its edits marked, and
    sacrebleu's ``TER`` for the same settings. Their shift search grows
    fast with the length of a text, so beyond ``WORD_LIMITS["TER"]`` words in
    the candidate or a reference the view has BLEU and a ``message`` instead
    of TER; beyond ``WORD_LIMITS["rouge-score"]`` ROUGE tokens the ROUGE view
    has a note instead of rouge-score's numbers.
    """
    try:
        candidate = _as_text(candidate, "candidate", _PLAYGROUND_CALL)
        references = _reference_texts(references)
        key = (candidate, references, tokenize, lowercase, max_order, smoothing, metric)
        # Each box is one reference: "cat" and "dog" in two boxes are two references, not a split sentence.
        with separate_references():
            try:
                hash(key)
            except TypeError:  # an unhashable setting: it gets its error message, uncached
                scored = _compute_playground(*key)
                return _with_comparisons(scored, *key[2:6]) if compare else scored.view
            return _cached_compared(*key) if compare else _cached_playground(*key).view
    except Exception as error:  # noqa: BLE001 - a widget must show a message, never a traceback
        return PlaygroundView(metric=str(metric), score=None, message=f"Could not compute a score: {error}")


class _Scored(NamedTuple):
    """The view without other libraries, and what they need to score the same texts (None: no score)."""

    view: PlaygroundView
    inputs: tuple | None  # (candidate text, kept reference texts, candidate tokens, kept reference tokens)


# typed=True: max_order=4.0 and True equal 4 and 1 (and lowercase=1 equals True), and hash alike. Untyped,
# a setting of the wrong type would get the cached view of the right one (no message), and a right setting
# asked after the wrong one would get the wrong one's message. Only the arguments themselves are typed,
# which is enough: the texts in them are plain strings by now.
@lru_cache(maxsize=_CACHE, typed=True)
def _cached_playground(*key) -> _Scored:
    """The view of one state of the controls, computed once (views are immutable, so sharing is safe)."""
    return _compute_playground(*key)


@lru_cache(maxsize=_CACHE, typed=True)
def _cached_compared(*key) -> PlaygroundView:
    """The same view with the other libraries' numbers: bleu_lab's part comes from the cache above, not again."""
    return _with_comparisons(_cached_playground(*key), *key[2:6])


@lru_cache(maxsize=_CACHE)
def _box_tokens(text: str, tokenize, lowercase) -> tuple:
    """A text box's tokens: when only the candidate changes, the references are not tokenized again."""
    return _tokenize(text, tokenize, lowercase=lowercase)


_PLAYGROUND_CALL = "compute_playground('the cat sat', ['the cat sat down', 'a cat sat'])"


def text_problem(value, what: str) -> str:
    """Why ``value`` is not the text of one box, or "" when it is one: a string (None is an empty box).

    A token list is refused, not joined: joined and tokenized again it would not be scored as the
    tokens it is (sentence_bleu uses a token list as is), and a flat list of strings where one
    reference belongs cannot be told from a list of references.
    """
    if value is None or isinstance(value, str):
        return ""
    kind, holds = type(value).__name__, _list_of_strings_kind(value)
    if holds == "sentences":
        return f"{what} is a {kind} of {len(value)} sentence(s), not one text (a string)"
    if holds == "tokens":
        return (f"{what} is a {kind} of {len(value)} token(s), not a text: a box holds a string, which the "
                f"tokenizer splits into tokens (write {' '.join(value)[:60]!r})")
    return f"{what} is {describe(value)}, not a text (a string)"


def _list_of_strings_kind(value) -> str:
    """What a non-empty list or tuple of strings holds: "tokens" when every item is one word,
    else "sentences"; "" for anything else."""
    if not (is_sequence(value) and len(value) > 0 and all(isinstance(item, str) for item in value)):
        return ""
    return "tokens" if all(len(item.split()) == 1 for item in value) else "sentences"


def _as_text(value, what: str, call: str) -> str:
    """The text of one box: a string as it is, None as an empty box; anything else is a TypeError."""
    problem = text_problem(value, what)
    if problem:
        raise TypeError(f"{problem}. Right: {call}")
    return "" if value is None else value


def _reference_texts(references) -> tuple:
    """The reference boxes as a tuple of strings: a list or tuple of texts, one string (one box), or None."""
    if references is None:
        return ()
    if isinstance(references, str):
        return (references,)
    refuse_unordered(references, "references", "references", f"one per box. Right: {_PLAYGROUND_CALL}")
    if not is_sequence(references):
        raise TypeError(
            f"references is {describe(references)}; it must be a list of reference texts, one per box. "
            f"Right: {_PLAYGROUND_CALL}"
        )
    return tuple(_as_text(r, f"references[{i}]", _PLAYGROUND_CALL) for i, r in enumerate(references))


def _no_score(metric: str, message: str, highlights_html: str = "") -> _Scored:
    """A view with no score (``message`` says why): other libraries have nothing to add to it."""
    return _Scored(PlaygroundView(metric=metric, score=None, message=message, highlights_html=highlights_html), None)


def _compute_playground(candidate, references, tokenize, lowercase, max_order, smoothing, metric) -> _Scored:
    if metric not in METRIC_VIEWS:
        return _no_score(str(metric), f"Unknown metric view {metric!r}; choose one of {', '.join(METRIC_VIEWS)}.")
    try:
        candidate_tokens, all_reference_tokens = _playground_tokens(candidate, references, tokenize, lowercase)
    except (TypeError, ValueError) as error:
        return _no_score(metric, str(error))

    kept = [i for i, tokens in enumerate(all_reference_tokens) if tokens]
    # References are named by their box everywhere (box 1 empty: the first reference shown is "reference 2").
    boxes = tuple(i + 1 for i in kept)
    if not kept:
        return _no_score(
            metric, "Type at least one reference: with no reference there is nothing to compare with, so no score."
        )
    notes = _blank_boxes_note(all_reference_tokens)
    if not candidate_tokens:
        return _no_score(
            metric, "Type a candidate: an empty candidate has no n-grams (c = 0), so a score has no meaning.",
            _references_only_html([all_reference_tokens[i] for i in kept], boxes),
        )
    kept_texts = [references[i] for i in kept]
    reference_tokens = [all_reference_tokens[i] for i in kept]

    try:
        result, counted = _counted_bleu(candidate_tokens, tuple(reference_tokens), tokenize, lowercase, max_order,
                                        smoothing)
    except (TypeError, ValueError) as error:
        return _no_score(
            metric, f"BLEU cannot be computed with these settings: {error}",
            _highlights_html(
                candidate_tokens, reference_tokens,
                max_order if isinstance(max_order, int) and 1 <= max_order <= 4 else 1, boxes,
            ),
        )

    notes.extend(_bleu_notes(result, candidate_tokens, reference_tokens, tokenize, [candidate, *kept_texts], boxes))
    rows = tuple(row[:4] for row in order_rows(result))
    highlights = _highlights_html(candidate_tokens, reference_tokens, result.max_order, boxes, counted)
    metric_scores, extra, numbers, chart, message = _metric_panel(metric, result, candidate, kept_texts, lowercase,
                                                                  boxes)
    notes.extend(extra)
    view = PlaygroundView(
        metric=metric,
        score=result.score,
        message=message,
        notes=tuple(notes),
        rows=rows,
        candidate_length=result.candidate_length,
        reference_length=result.reference_length,
        brevity_penalty=result.brevity_penalty,
        result=result,
        # Views are cached and shared: the scores are handed out read-only.
        metric_scores=MappingProxyType(metric_scores),
        highlights_html=_compact(highlights),
        numbers_html=_compact(numbers),
        chart=chart,
        reference_boxes=boxes,
    )
    return _Scored(view, (candidate, tuple(kept_texts), candidate_tokens, tuple(reference_tokens)))



# ---------------------------------------------------------------- counting, once per sentence
# A keystroke changes one box: its text is tokenized once (_box_tokens) and its n-grams counted once per order
# (_ngram_counts); the other boxes' counts are reused. BLEU's statistics, its per-order table, BP and the
# highlights all derive from these counts: nothing is counted again for the view.


@lru_cache(maxsize=4 * _CACHE)
def _ngram_counts(tokens: tuple, n: int) -> Counter:
    """The n-gram counts of one box's tokens, counted once (shared: callers only read them)."""
    return count_ngrams(tokens, n)


@lru_cache(maxsize=_CACHE)
def _reference_clip(references: tuple, n: int) -> Counter:
    """Each n-gram's clip: the most any one reference holds (Papineni et al. 2002, section 2.1)."""
    clip: Counter = Counter()
    for reference in references:
        clip |= _ngram_counts(reference, n)  # Counter union keeps the larger count
    return clip


def _statistics(candidate: tuple, references: tuple, order: int) -> SentenceStats:
    """BLEU's statistics from the counts above: c, the closest reference length r, and per order n the
    clipped matches sum_g min(count(g), clip(g)) and the max(0, c - n + 1) candidate n-grams (what
    :func:`bleu_lab.bleu.statistics.sentence_statistics` computes, without counting again)."""
    c = len(candidate)
    matches = []
    for n in range(1, order + 1):
        clip = _reference_clip(references, n)
        matches.append(sum(min(count, clip[gram]) for gram, count in _ngram_counts(candidate, n).items()))
    totals = [max(0, c - n + 1) for n in range(1, order + 1)]
    return SentenceStats(c, closest_reference_length(c, [len(r) for r in references]), matches, totals)


def _counted_bleu(candidate: tuple, references: tuple, tokenize, lowercase, max_order, smoothing) -> tuple:
    """(``sentence_bleu(candidate, references, ...)``'s result for these token sequences, the counts the
    highlights read), each sentence counted once: the settings are checked and scored as sentence_bleu
    checks and scores them (:class:`BleuSettings`, :func:`score_counted`)."""
    settings = BleuSettings(max_order, None, smoothing, None, False, tokenize, lowercase)
    # Token sequences are scored as they are, so the signature says tok:none, as sentence_bleu's does.
    settings = settings_for_texts(settings, [candidate], [references])
    stats = _statistics(candidate, references, settings.counting_order)
    result = score_counted(stats, settings, n_references=len(references), candidate_tokens=candidate,
                           reference_tokens=references)
    orders = range(1, result.max_order + 1)
    counted = ([_reference_clip(references, n) for n in orders], [_ngram_counts(candidate, n) for n in orders])
    return result, counted


def _playground_tokens(candidate, references, tokenize, lowercase) -> tuple:
    """(candidate tokens, tokens of each reference box): a setting of the wrong type raises tokenize()'s error."""
    if isinstance(tokenize, str) and isinstance(lowercase, bool):
        return _box_tokens(candidate, tokenize, lowercase), [_box_tokens(r, tokenize, lowercase) for r in references]
    # a setting of the wrong type: tokenize() says what is wrong
    return (_tokenize(candidate, tokenize, lowercase=lowercase),
            [_tokenize(r, tokenize, lowercase=lowercase) for r in references])


def _blank_boxes_note(all_reference_tokens) -> list[str]:
    """The note naming the empty reference boxes left out (none when every box has text)."""
    blank = [i + 1 for i, tokens in enumerate(all_reference_tokens) if not tokens]
    if not blank:
        return []
    listed = ", ".join(map(str, blank))
    noun, verb = ("boxes", "are") if len(blank) > 1 else ("box", "is")
    return [f"Reference {noun} {listed} {verb} empty and left out."]


def _metric_panel(metric, result, candidate, kept_texts, lowercase, boxes) -> tuple:
    """(metric scores, notes, numbers HTML, chart, message) of the chosen metric's panel beside BLEU's."""
    notes: list[str] = []
    metric_scores: dict = {}
    message = ""
    if metric == "BLEU":
        return metric_scores, notes, _bleu_numbers_html(result), _precision_chart(result), message
    if metric == "ROUGE":
        metric_scores, extra = _rouge_scores(candidate, kept_texts)
        notes.extend(extra)
        too_long = _too_long("rouge-score", candidate, kept_texts, boxes)
        if too_long:
            notes.append(too_long)
        return (metric_scores, notes, _bleu_summary_line(result) + _rouge_html(metric_scores),
                _rouge_chart(metric_scores), message)
    if metric == "chrF":
        metric_scores, extra = _chrf_scores(candidate, kept_texts, lowercase)
        return (metric_scores, extra, _bleu_summary_line(result) + _chrf_html(metric_scores, lowercase),
                _chrf_chart(metric_scores, result), message)
    message = _too_long("TER", candidate, kept_texts, boxes)
    if message:  # BLEU is still shown: only TER would take too long
        extra, ter_html = [_TER_NOTE], ""
    else:
        metric_scores, extra, ter_html = _ter_scores(candidate, kept_texts, lowercase)
    return metric_scores, extra, _bleu_summary_line(result) + ter_html, _ter_chart(metric_scores, result), message

def _with_comparisons(scored: _Scored, tokenize, lowercase, max_order, smoothing) -> PlaygroundView:
    """``scored.view`` with the same numbers from other libraries (sacrebleu, nltk, rouge-score) beside bleu_lab's."""
    view = scored.view
    if scored.inputs is None:
        return view
    candidate, texts, candidate_tokens, reference_tokens = scored.inputs
    scores = view.metric_scores
    if view.metric == "BLEU":
        comparisons: tuple[Comparison, ...] = (
            sacrebleu_sentence_bleu(candidate, texts, tokenize=tokenize, lowercase=lowercase, max_order=max_order,
                                    smoothing=smoothing, candidate_tokens=candidate_tokens,
                                    reference_tokens=reference_tokens),
            nltk_sentence_bleu(candidate_tokens, reference_tokens, max_order=max_order, smoothing=smoothing),
        )
        compared = _comparison_html("BLEU", view.score, comparisons)
    elif view.metric == "ROUGE":
        if _too_long("rouge-score", candidate, texts, view.reference_boxes):  # the view's notes say so
            return view
        comparisons = rouge_score_fmeasures(candidate, texts)
        compared = _rouge_comparison_html(scores, comparisons)
    elif view.metric == "chrF":
        comparisons = (sacrebleu_chrf(candidate, texts, lowercase=lowercase),)
        compared = _comparison_html("chrF", scores["chrF"], comparisons)
    elif scores:  # TER, when bleu_lab could compute it
        comparisons = (sacrebleu_ter(candidate, texts, case_sensitive=not lowercase),)
        compared = _comparison_html("TER", scores["TER"], comparisons)
    else:
        return view
    return replace(view, comparisons=comparisons, comparison_html=_compact(compared))


def _too_long(part: str, candidate: str, references, boxes) -> str:
    """Why ``part`` of the view is left out (the first text with more words than WORD_LIMITS allows), or ""."""
    limit = WORD_LIMITS[part]
    shown, count, call = _LIMITED[part]
    labels = ["this candidate", *(f"reference {box}" for box in boxes)]
    for label, box_text in zip(labels, [candidate, *references]):
        # A text with fewer characters than the limit cannot have more words: most boxes are not counted.
        words = count(box_text) if len(box_text) > limit else 0
        if words > limit:
            return (
                f"{shown} for texts up to {limit} words; {label} has {words}. "
                f"Shorten the text, or call {call} directly (it takes longer)."
            )
    return ""


def _scripts(token: str) -> set:
    """Unicode scripts of the letters in a token (the first word of each character's name)."""
    scripts = set()
    for character in token:
        if character.isalpha():
            name = unicodedata.name(character, "")
            if name:
                scripts.add(name.split()[0])
    return scripts


# Characters that take no space on screen but make a token different from the same word without them.
_INVISIBLE = {"\u200b": "ZERO WIDTH SPACE", "\u200c": "ZERO WIDTH NON-JOINER", "\u200d": "ZERO WIDTH JOINER",
              "\u2060": "WORD JOINER", "\u00ad": "SOFT HYPHEN", "\ufeff": "ZERO WIDTH NO-BREAK SPACE"}


def _invisible_difference_notes(texts) -> list[str]:
    """Notes for texts that look alike but differ in code points, so their words never match:
    invisible characters, and letters written in another Unicode normal form (e + combining accent
    against the one character é)."""
    notes = []
    if any(text.startswith(BYTE_ORDER_MARK) for text in texts):
        # bleu_lab strips a leading mark (a file saved as "UTF-8 with BOM"); sacrebleu keeps it in the first word.
        notes.append("A text starts with a byte-order mark (U+FEFF), which bleu_lab leaves out; sacrebleu keeps it "
                     "in the first word, so its number below can be lower.")
    sample = "".join(text.removeprefix(BYTE_ORDER_MARK) for text in texts)[:20000]
    found = sorted({character for character in sample if character in _INVISIBLE})
    if found:
        names = ", ".join(f"{_INVISIBLE[c]} (U+{ord(c):04X})" for c in found)
        notes.append(f"The text holds an invisible character, {names}: a word with it never matches the same "
                     f"word without it.")
    decomposed = [not unicodedata.is_normalized("NFC", text[:20000]) for text in texts]
    precomposed = [unicodedata.normalize("NFD", text[:20000]) != text[:20000] for text in texts]
    # Only a mix of the two forms keeps look-alike words apart; texts all written one way match each other.
    if any(decomposed) and any(p and not d for p, d in zip(precomposed, decomposed)):
        notes.append("Some letters are written as a base letter plus a combining accent (e + U+0301) instead "
                     "of one character (\u00e9): they look the same as the one-character form but never match "
                     "it. Normalize every text first: unicodedata.normalize('NFC', text).")
    return notes


def _bleu_notes(result, candidate_tokens, reference_tokens, tokenize, texts, boxes):
    """The notes under the playground's BLEU: what about this input explains the number shown."""
    notes = _identical_note(result, candidate_tokens, reference_tokens, boxes)
    notes.extend(_script_notes(candidate_tokens, reference_tokens, tokenize, texts))
    notes.extend(_zero_score_notes(result))
    longest = max(len(candidate_tokens), *map(len, reference_tokens))
    if longest > SHOWN_TOKENS:
        notes.append(
            f"Long text: the first {SHOWN_TOKENS} tokens of each text are shown; every number uses all of them."
        )
    return notes


def _identical_note(result, candidate_tokens, reference_tokens, boxes) -> list[str]:
    """Why a candidate identical to a reference can still score below 1 (or why it scores 1)."""
    notes: list[str] = []
    for box, tokens in zip(boxes, reference_tokens):
        if tuple(tokens) == tuple(candidate_tokens):
            label = f"reference {box}" if len(reference_tokens) > 1 or box != 1 else "the reference"
            same = f"The candidate is identical to {label} after tokenization"
            if result.score == 1:
                notes.append(f"{same}: every n-gram matches and BP = 1, so BLEU = 1 whatever the other "
                             f"references say.")
            elif result.candidate_length < result.max_order:
                # Not 1: the orders longer than the candidate have no n-gram at all (the note below).
                notes.append(f"{same}, so every n-gram it has matches and BP = 1; BLEU is still "
                             f"{result.score:.4f}, because it is shorter than the max order.")
            else:
                # nltk's methods 4-7 move even perfect precisions (method5 gives 1.1167, as in nltk).
                notes.append(f"{same}: every n-gram matches and BP = 1, yet smoothing "
                             f"{result.settings.smoothing!r} makes BLEU {result.score:.4f}, not 1.")
            break
    return notes


def _script_notes(candidate_tokens, reference_tokens, tokenize, texts) -> list[str]:
    """Writing systems that trip the tokenizer: unspaced scripts, invisible differences, mixed-script tokens."""
    notes: list[str] = []
    if tokenize not in ("zh", "char", "ja-mecab", "ko-mecab"):
        sample = "".join(texts)[:20000]
        if any(_scripts(ch) & _UNSPACED for ch in set(sample) if ord(ch) > 0x2000):
            notes.append(
                f"The text uses a script written without spaces (Chinese, Japanese, Thai...): tokenizer "
                f"{tokenize!r} keeps a whole run of it as one token. Try 'zh' or 'char'."
            )
    notes.extend(_invisible_difference_notes(texts))
    mixed = next((t for t in [*candidate_tokens[:2000], *[t for r in reference_tokens for t in r[:2000]]]
                  if len(_scripts(t) - {"CJK"}) > 1), None)
    if mixed is not None:
        notes.append(
            f"The token {mixed!r} mixes letters of several scripts ({', '.join(sorted(_scripts(mixed)))}); "
            f"look-alike letters never match each other."
        )
    return notes


def _zero_score_notes(result) -> list[str]:
    """Why BLEU is 0 (no word matches, too short for the max order, an order without a match), and add-k's 0/0."""
    notes: list[str] = []
    c = result.candidate_length
    missing = [n for n, (m, t) in enumerate(zip(result.counts, result.totals), 1) if t and not m]
    if result.counts and result.counts[0] == 0:
        notes.append("No word of the candidate occurs in any reference: BLEU is 0 with every smoothing.")
    elif c < result.max_order and result.score == 0:
        notes.append(
            f"The candidate has only {c} token{'s' if c != 1 else ''}, so it has no {c + 1}-grams, and an order "
            f"with no n-gram makes BLEU 0 here. Lower the max order, or choose 'add-k' or an nltk method "
            f"(nltk counts an empty order as 0/1 and smooths it)."
        )
    elif missing and result.score == 0:
        orders = ", ".join(f"{n}-gram" for n in missing)
        notes.append(
            f"No {orders} matches: one zero precision makes the geometric mean, and so BLEU, 0. "
            f"A smoothing such as 'exp' or 'method1' gives partial credit."
        )
    empty = [n for n, t in enumerate(result.totals, 1) if n > 1 and t == 0]
    if result.settings.smoothing == "add-k" and empty and result.counts and result.counts[0] > 0:
        # sacrebleu's add-k: (m + k) / (t + k) for every order from 2 up, so 0/0 becomes k/k = 1.
        orders = ", ".join(f"{n}-grams" for n in empty)
        notes.append(f"add-k adds {result.settings.smooth_value:g} to the matches and the total of every order "
                     f"from 2 up, so the {orders} the candidate is too short to have (0 of 0) count as a "
                     f"perfect precision.")
    return notes

# ---------------------------------------------------------------- HTML




def _highlights_html(candidate_tokens, reference_tokens, max_order: int, boxes, counted=None) -> str:
    rows = highlight_rows_html(
        candidate_tokens, reference_tokens, max_order, reference_numbers=boxes, candidate_label="candidate, {n}-grams",
        label_style=f"{CELL};white-space:nowrap", cell_style=CELL, classes=True, mark_references=True,
        limit=SHOWN_TOKENS, counted=counted,
    )
    return (
        "<div class='bl-highlights'>"
        + element("div", "Matched n-grams (clipped; underlined and coloured per order)", css="font-weight:bold")
        + legend_html(range(1, max_order + 1)) + element("table", rows, css="border-collapse:collapse")
        + element("div", "A reference word is coloured by the longest matched n-gram that covers it.",
                  css=f"font-size:0.85em;{MUTED}")
        + "</div>"
    )


def _references_only_html(reference_tokens, boxes) -> str:
    rows = "".join(
        row(cell(f"reference {i}", css=CELL), cell(text(" ".join(tokens[:SHOWN_TOKENS])), class_=f"bl-reference-{i}",
                                                   css=CELL))
        for i, tokens in zip(boxes, reference_tokens)
    )
    return f"<table class='bl-highlights'>{rows}</table>"


def _fmt(value) -> str:
    return "n/a" if value is None else f"{value:.4f}"


def _compact(fragment: str) -> str:
    """Normal line spacing (ipywidgets' HTML widget sets a tall line height for its controls)."""
    return element("div", fragment, css="line-height:1.35") if fragment else ""


def _bleu_numbers_html(result) -> str:
    smoothing = result.smoothing + ("" if result.settings.method.smooths else " (precision = clipped / total)")
    table = (
        order_table_html(result, weights=False, marked=True, header_style="padding:2px 10px", table_class="bl-table",
                         table_style="text-align:right;border-collapse:collapse;margin:4px 0")
        + element("div", f"smoothing: {text(smoothing)}", css=f"font-size:0.9em;{MUTED}")
    )
    numbers = element(
        "div",
        f"c = <span class='bl-c'>{result.candidate_length}</span>, "
        f"r = <span class='bl-r'>{result.reference_length}</span>, "
        f"BP = {text(bp_formula(result.candidate_length, result.reference_length, show_lengths=True))} = "
        f"<span class='bl-bp'>{result.brevity_penalty:.4f}</span><br>"
        + element("b", f"BLEU = <span class='bl-score'>{result.score:.4f}</span>", css="font-size:1.25em")
        + " " + muted(f"(0-1 scale; {text(sacrebleu_scale_note(result))})"),
        class_="bl-numbers", css="margin:6px 0;font-size:1.05em",
    )
    return table + numbers


def _comparison_html(name: str, own, comparisons) -> str:
    """bleu_lab's score, then each other library's with a check mark where they agree (None: no own score)."""
    if not comparisons:
        return ""
    return _comparison_table(name, [("bleu_lab", own, tuple(comparisons))])


def _comparison_table(name: str, groups) -> str:
    """``groups``: (own label, own value or None, comparisons) triples, one bleu_lab row above each group."""
    rows = []
    for own_label, own, comparisons in groups:
        if own is not None:
            rows.append(row(cell(text(own_label), class_="bl-nowrap", css=CELL),
                            cell(f"{own:.4f}", class_="bl-own bl-nowrap", css=CELL),
                            cell("", css=CELL), cell("this package", css=CELL)))
        for comparison in comparisons:
            if comparison.value is None or own is None:
                verdict = ""
            elif comparison.agrees_with(own):
                verdict = span("&#10003; same", OK_BADGE)
            else:
                verdict = span(f"differs by {abs(comparison.value - own):.2e}", WARN_BADGE)
            rows.append(row(cell(text(comparison.library), class_="bl-nowrap", css=CELL),
                            cell(_fmt(comparison.value), class_="bl-other bl-nowrap", css=CELL),
                            cell(verdict, css=f"{CELL};white-space:nowrap"),
                            cell(text(comparison.settings), class_="bl-call",
                                 css=f"{CELL};font-family:monospace;font-size:0.85em")))
    return (
        element("div", f"The same {text(name)} from other libraries (0-1 scale)", css="margin-top:6px;font-weight:bold")
        + table(rows, class_="bl-comparison", css="border-collapse:collapse;margin-bottom:6px")
    )


def _bleu_summary_line(result) -> str:
    return element(
        "div",
        f"BLEU = <span class='bl-score'>{result.score:.4f}</span> "
        f"(c = <span class='bl-c'>{result.candidate_length}</span>, "
        f"r = <span class='bl-r'>{result.reference_length}</span>, "
        f"BP = <span class='bl-bp'>{result.brevity_penalty:.4f}</span>)",
        class_="bl-numbers", css="margin:4px 0",
    )


_ROUGE_NOTE = (
    "ROUGE tokenizes as rouge-score does (lowercase, only a-z and 0-9 kept); the tokenizer and "
    "lowercase settings apply to BLEU only."
)
_ROUGE_KEYS = {"ROUGE-1": "rouge1", "ROUGE-2": "rouge2", "ROUGE-L": "rougeL"}


@lru_cache(maxsize=_CACHE)
def _rouge_own(candidate: str, references: tuple) -> dict:
    """bleu_lab's ROUGE-1/2/L (P, R, F), cached: typing in the candidate does not rescore unchanged input twice."""
    found = {
        "ROUGE-1": rouge_n(candidate, references, 1),
        "ROUGE-2": rouge_n(candidate, references, 2),
        "ROUGE-L": rouge_l(candidate, references),
    }
    return {name: (r.precision, r.recall, r.fmeasure) for name, r in found.items()}


def _rouge_scores(candidate, references):
    notes = [_ROUGE_NOTE]
    scores = dict(_rouge_own(candidate, tuple(references)))
    if not any(ch.isascii() and ch.isalnum() for ch in candidate):
        notes.append("After ROUGE's tokenization the candidate is empty (no a-z or 0-9), so ROUGE is 0.")
    return scores, notes


def _rouge_html(scores) -> str:
    if not scores:
        return ""
    pad = "padding:2px 10px"
    body = [
        row(cell(name, class_="bl-label", css=f"{pad};text-align:left"), cell(f"{p:.4f}", css=pad),
            cell(f"{r:.4f}", css=pad), cell(f"{f:.4f}", class_="bl-rouge-f", css=pad))
        for name, (p, r, f) in scores.items()
    ]
    return table(body, header=("", "precision", "recall", "F"), header_css=pad, class_="bl-table",
                 css="text-align:right")


def _rouge_comparison_html(scores, comparisons) -> str:
    """rouge-score's F beside bleu_lab's, one row per ROUGE variant."""
    if not comparisons:
        return ""
    others = {c.library.split()[-1]: c for c in comparisons if c.library.startswith("rouge-score ")}
    if not others:
        return _comparison_html("ROUGE", None, comparisons)
    groups = [
        (f"bleu_lab {name}", scores[name][2], (others[key],)) for name, key in _ROUGE_KEYS.items() if key in others
    ]
    return _comparison_table("ROUGE F-measure", groups) + (
        element("div", f"rouge-score: <code>{text(ROUGE_SCORE_CALL)}</code>; with several references both report "
                       f"the best F-measure.", css=f"font-size:0.9em;{MUTED}")
    )


@lru_cache(maxsize=_CACHE)
def _chrf_own(candidate: str, references: tuple, lowercase: bool) -> float:
    return chrf(candidate, references, lowercase=lowercase).score


def _chrf_scores(candidate, references, lowercase):
    scores = {"chrF": _chrf_own(candidate, tuple(references), lowercase)}
    notes = ["chrF (Popovi\u0107 2015) counts character n-grams (1-6) and ignores the tokenizer setting."]
    return scores, notes


def _chrf_html(scores, lowercase) -> str:
    if not scores:
        return ""
    own = scores["chrF"]
    return (
        element("div", f"<b>chrF = <span class='bl-chrf'>{own:.4f}</span></b> "
                       + muted(f"(character n-grams 1-6, beta = 2, lowercase = {lowercase})"),
                css="font-size:1.2em;margin:4px 0")
    )


_TER_NOTE = (
    "TER (Snover et al. 2006) counts the word edits (shifts, substitutions, deletions, insertions) that turn the "
    "candidate into the closest reference, over the average reference length: lower is better, 0 = no edit. "
    "It uses sacrebleu's tercom tokenizer, so the tokenizer setting applies to BLEU only; 'lowercase' off "
    "means case-sensitive TER (sacrebleu's TER is case-insensitive by default)."
)


@lru_cache(maxsize=_CACHE)
def _ter_own(candidate: str, references: tuple, case_sensitive: bool):
    return ter(candidate, list(references), case_sensitive=case_sensitive)


def _ter_scores(candidate, references, lowercase):
    """TER's numbers, notes, and the HTML marking the edits."""
    case_sensitive = not lowercase
    try:
        result = _ter_own(candidate, tuple(references), case_sensitive)
    except (TypeError, ValueError) as error:
        return {}, [_TER_NOTE, f"TER cannot be computed: {error}"], ""
    scores = {"TER": result.score, "edits": result.num_edits, "reference length": result.reference_length}
    numbers = element(
        "div",
        f"<b>TER = <span class='bl-ter'>{result.score:.4f}</span></b> "
        f"= <span class='bl-ter-edits'>{result.num_edits}</span> edit{'' if result.num_edits == 1 else 's'} / "
        f"<span class='bl-ter-length'>{result.reference_length:g}</span> reference words "
        + muted(f"(lower is better; 0 = no edit; sacrebleu prints {100 * result.score:.2f})"),
        css="font-size:1.2em;margin:4px 0",
    ) + f"<div class='bl-ter-edits-view'>{result._repr_html_()}</div>"
    return scores, [_TER_NOTE], numbers


# ---------------------------------------------------------------- charts


def _precision_chart(result) -> ChartSpec:
    labels = tuple(f"p{n}" for n in range(1, result.max_order + 1))
    texts = tuple(f"{m}/{t}" for m, t in zip(result.counts, result.totals))
    lines: tuple[tuple[float, str], ...] = ((result.score, f"BLEU {result.score:.3f}"),)
    # The mean before BP gets its own line only when BP moves the score visibly.
    if result.geometric_mean - result.score > 0.08:
        lines += ((result.geometric_mean, f"mean {result.geometric_mean:.3f}"),)
    return ChartSpec("Modified n-gram precisions", labels, tuple(result.precisions), texts, "precision", lines)


def _rouge_chart(scores) -> ChartSpec:
    labels = tuple(scores) or ("ROUGE-1", "ROUGE-2", "ROUGE-L")
    values = tuple(scores[name][2] for name in scores) or (0.0, 0.0, 0.0)
    return ChartSpec("ROUGE F-measures", labels, values, tuple(f"{v:.3f}" for v in values), "F-measure")


def _chrf_chart(scores, result) -> ChartSpec:
    values = (result.score, scores.get("chrF", 0.0))
    return ChartSpec("BLEU and chrF", ("BLEU", "chrF"), values, tuple(f"{v:.3f}" for v in values), "score")


def _ter_chart(scores, result) -> ChartSpec:
    value = scores.get("TER", 0.0)
    # TER can exceed 1 (more edits than reference words): the bar stops at the top, its text says the value.
    values = (result.score, min(value, 1.1))
    texts = (f"{result.score:.3f}", f"{value:.3f}" if scores else "n/a")
    return ChartSpec("BLEU and TER (lower TER is better)", ("BLEU", "TER"), values, texts, "score")


def chart_alt_text(spec: ChartSpec | None) -> str:
    """The text alternative of a widget's bar chart (WCAG 2.1, 1.1.1): its title, every bar's label and the
    value printed on it, and the labelled lines; what a screen reader says instead of the picture."""
    if spec is None:
        return "Bar chart: no score to show."
    bars = "; ".join(f"{label}: {text or 'n/a'}" for label, text in zip(spec.labels, spec.texts))
    text = f"Bar chart: {spec.title}, {spec.ylabel} per bar. {bars}."
    if spec.lines:
        text += " Dashed lines: " + "; ".join(label for _, label in spec.lines) + "."
    return text


# ---------------------------------------------------------------- brevity-penalty explorer


@dataclass(frozen=True)
class BpView:
    """The brevity-penalty explorer for one pair of lengths (Papineni et al. 2002, 2.2.2 and 2.3).

    ``curve_values``, ``curve_p1`` and ``curve_products`` are BP, p1 and p1 x BP at each candidate
    length in ``curve_lengths`` (1 to all the candidate's tokens) against this reference length.
    """

    candidate_length: int
    reference_length: int
    brevity_penalty: float
    p1_matches: int
    p1_total: int
    candidate: str
    reference: str
    curve_lengths: tuple
    curve_values: tuple
    html: str
    curve_p1: tuple = ()
    curve_products: tuple = ()
    message: str = ""  # says which text is empty (no tokens), where a length had nothing to cut

    @property
    def p1(self) -> float:
        """p1 = clipped unigram matches / c (Papineni et al. 2002, section 2.1); 0.0 when c = 0."""
        return self._numbers.p1

    @property
    def product(self) -> float:
        """p1 x BP: BLEU with one order (N = 1), where precision and brevity penalty pull apart."""
        return self._numbers.product

    @property
    def _numbers(self) -> PrecisionAndBrevity:
        return PrecisionAndBrevity(self.p1_total, self.reference_length, self.p1_matches, self.brevity_penalty)

    @property
    def alt_text(self) -> str:
        """The text alternative of the explorer's chart: the curve's shape and the values at this c."""
        r, longest = self.reference_length, self.curve_lengths[-1] if self.curve_lengths else self.candidate_length
        shape = (f"BP rises to 1 at c = r = {r} and stays 1 for longer candidates" if longest >= r
                 else f"BP rises with c (every length drawn is below r = {r})")
        if self.message:
            return (f"{self.message} Marked at c = {self.candidate_length}, r = {r}: BP = {self.brevity_penalty:.4f}, "
                    f"p1 = {self.p1_matches}/{self.p1_total}, p1 x BP = {self.product:.4f}.")
        return (f"Line chart: the brevity penalty BP against the candidate length c from 1 to {longest} tokens, "
                f"for a reference of r = {r} tokens; {shape}. Marked at c = {self.candidate_length}: "
                f"BP = {self.brevity_penalty:.4f}, p1 = {self.p1_matches}/{self.p1_total}, "
                f"p1 x BP = {self.product:.4f}.")


def bp_token_limits(candidate=BP_CANDIDATE, reference=BP_REFERENCE, tokenize="13a") -> tuple:
    """How many tokens the explorer's texts have: the largest lengths the boxes take."""
    return len(_explorer_tokens(candidate, tokenize)), len(_explorer_tokens(reference, tokenize))


def _explorer_tokens(text, tokenize) -> tuple:
    """An explorer text's tokens, made once per text: a change of length only cuts them."""
    if isinstance(text, str) and isinstance(tokenize, str):
        return _box_tokens(text, tokenize, False)
    return tuple(_tokenize(text, tokenize))  # not cacheable: tokenize() accepts it or says what is wrong


@lru_cache(maxsize=_CACHE)
def _bp_curve(candidate_tokens: tuple, reference_tokens: tuple) -> tuple:
    """p1, BP and p1 x BP for c = 0 .. all candidate tokens against one reference, in one pass (per r, cached)."""
    return precision_and_brevity_by_length(candidate_tokens, [reference_tokens], range(len(candidate_tokens) + 1))


_BP_RIGHT = "Right: compute_bp_explorer(6, 12); bp_token_limits() gives the largest lengths"


def check_bp_length(value, name: str, low: int, high: int, text: str, right: str = _BP_RIGHT) -> int:
    """``value`` as an int if it is a whole number from ``low`` to ``high``, else a TypeError / ValueError.

    ``right`` ends the message (the explorer widget shows its own call).
    """
    _check_whole_length(value, name, low, high, right)
    if not low <= value <= high:
        if high < low:
            raise ValueError(f"{name} cannot be chosen: the {text} has no tokens. Give a {text} with some words.")
        raise ValueError(
            f"{name} must be a whole number from {low} to {high} (the {text} has {high} tokens), not {value}. {right}"
        )
    return int(value)


def _check_whole_length(value, name: str, low: int, high: int, right: str = _BP_RIGHT) -> int:
    """``value`` as an int if it is a whole number (of any size), else a TypeError naming the range."""
    if not is_whole_number(value):
        shown = f"the float {value!r}" if isinstance(value, float) else describe(value)
        raise TypeError(f"{name} must be a whole number from {low} to {high}, not {shown}. {right}")
    return int(value)


def _bp_lengths(candidate_length, reference_length, candidate_tokens, reference_tokens) -> tuple[int, int, str]:
    """(c, r, message): the lengths checked against the texts. A text with no tokens (empty, or only spaces)
    is legal text, not a mistake: its length is 0 whatever was asked (after a type check), and the message
    says so. An empty reference makes r = 0, so BP = 1 for any c > 0 (c > r) and p1 = 0 (nothing to match).
    """
    messages = []
    if candidate_tokens:
        c = check_bp_length(candidate_length, "candidate_length", 0, len(candidate_tokens), "candidate")
    else:
        _check_whole_length(candidate_length, "candidate_length", 0, 0)
        c = 0
        messages.append("The candidate is empty (no tokens), so c = 0: BP = 0 and p1 = 0 by definition.")
    if reference_tokens:
        r = check_bp_length(reference_length, "reference_length", 1, len(reference_tokens), "reference")
    else:
        _check_whole_length(reference_length, "reference_length", 0, 0)
        r = 0
        messages.append("The reference is empty (no tokens), so r = 0 and nothing can match (p1 = 0). "
                        "Type a reference to compare with.")
    return c, r, " ".join(messages)


def compute_bp_explorer(
    candidate_length, reference_length, *, candidate=BP_CANDIDATE, reference=BP_REFERENCE, tokenize="13a"
) -> BpView:
    """BP, p1 and p1 x BP for the first ``candidate_length`` tokens of ``candidate``
    against the first ``reference_length`` tokens of ``reference``.

    BP = 1 if c > r else exp(1 - r/c) (Papineni et al. 2002, sections 2.2.2 and 2.3), 0 when c = 0;
    p1 = clipped unigram matches / c (section 2.1).
    The numbers are :func:`bleu_lab.bleu.explanation.precision_and_brevity_by_length`'s.

    ``candidate_length`` is a whole number from 0 to the candidate's number of tokens and
    ``reference_length`` one from 1 to the reference's (:func:`bp_token_limits` gives both);
    anything else is a ``TypeError`` or ``ValueError`` that says so, never a length bent to fit.
    A text with no tokens ("", spaces) is legal: its length is 0 and ``message`` says it is empty.

    >>> view = compute_bp_explorer(6, 12)
    >>> view.candidate, round(view.brevity_penalty, 4)   # exp(1 - 12/6)
    ('A NASA rover is fighting a', 0.3679)
    """
    candidate_tokens = tuple(_explorer_tokens(candidate, tokenize))
    reference_tokens = tuple(_explorer_tokens(reference, tokenize))
    c, r, message = _bp_lengths(candidate_length, reference_length, candidate_tokens, reference_tokens)
    cut_candidate, cut_reference = candidate_tokens[:c], reference_tokens[:r]
    curve = _bp_curve(candidate_tokens, cut_reference)
    here = curve[c]
    view_html = (message_html(message) if message else "") + element(
        "div",
        f"c = <span class='bl-c'>{c}</span> candidate tokens, r = <span class='bl-r'>{r}</span> reference tokens<br>"
        f"BP = {text(bp_formula(c, r, show_lengths=True))} = "
        f"<b><span class='bl-bp'>{here.brevity_penalty:.4f}</span></b><br>"
        f"p1 = {here.matches}/{c} = <span class='bl-p1'>{here.p1:.4f}</span><br>"
        f"p1 &times; BP = <b><span class='bl-product'>{here.product:.4f}</span></b>",
        class_="bl-bp-explorer", css="font-size:1.1em;line-height:1.5",
    ) + element(
        "div",
        f"{muted('candidate:')} {text(' '.join(cut_candidate))}<br>"
        f"{muted('reference:')} {text(' '.join(cut_reference))}",
        css="margin-top:4px;line-height:1.35",
    )
    lengths = curve[1:]
    return BpView(
        c, r, here.brevity_penalty, here.matches, c, " ".join(cut_candidate), " ".join(cut_reference),
        tuple(row.candidate_length for row in lengths), tuple(row.brevity_penalty for row in lengths), view_html,
        curve_p1=tuple(row.p1 for row in lengths), curve_products=tuple(row.product for row in lengths),
        message=message,
    )


# ---------------------------------------------------------------- paraphrase explorer

# "embedding" is bleu_lab.similarity: the cosine of mean WordLlama subword vectors (a meaning-based score).
PARAPHRASE_METRICS = ("BLEU", "ROUGE-1", "ROUGE-2", "ROUGE-L", "chrF", "embedding")
EMBEDDING_LABEL = "embedding: similarity (wordllama)"


@dataclass(frozen=True)
class ParaphraseView:
    """BLEU, ROUGE-1/2/L F, chrF and the embedding similarity of one rewrite against one reference.

    A score is None when it is not available (``notes`` says why, e.g. wordllama not installed).
    """

    candidate: str
    reference: str
    scores: dict
    message: str = ""
    notes: tuple = ()

    @property
    def html(self) -> str:
        """The message, notes and a table of the scores as one HTML fragment."""
        rows = [
            row(cell(EMBEDDING_LABEL if name == "embedding" else name, css=CELL),
                cell(_fmt(value), class_=f"bl-{name.lower()}", css=f"{CELL};text-align:right"))
            for name, value in self.scores.items()
        ]
        scores = _compact(table(rows, class_="bl-table")) if self.scores else ""
        return message_html(self.message, self.notes) + scores


def compute_paraphrase(candidate, reference, *, smoothing="exp") -> ParaphraseView:
    """Score a rewrite against a reference with BLEU, ROUGE-1/2/L (F), chrF and the embedding score; never raises.

    BLEU is sentence BLEU with sacrebleu's 'exp' smoothing by default, so one
    order without a match does not zero it (Chen and Cherry 2014, method 3).
    "embedding" is :func:`bleu_lab.similarity`, cos(a, b) = a . b / (|a| |b|)
    of the mean WordLlama subword vectors (None, with a note, without wordllama).

    ``candidate`` (the rewrite) and ``reference`` are one string each; anything else (a list of
    references, a token list, the two swapped) gets a ``message`` that says so, and no scores.

    >>> view = compute_paraphrase("the cat is on the mat", "the cat is on the mat")
    >>> view.scores["BLEU"], view.message
    (1.0, '')
    """
    problem = _paraphrase_problem(candidate, reference)
    if problem:
        shown = ["" if text is None else str(text) for text in (candidate, reference)]
        return ParaphraseView(shown[0], shown[1], {}, f"Could not compute: {problem}")
    candidate, reference = candidate or "", reference or ""
    if not reference.strip():
        return ParaphraseView(candidate, reference, {}, "Type a reference to compare the rewrite with.")
    if not candidate.strip():
        return ParaphraseView(candidate, reference, {}, "Type or pick a rewrite: an empty text has no score.")
    scores: dict[str, float | None] = {}
    notes = []
    try:
        scores["BLEU"] = sentence_bleu(candidate, [reference], smoothing=smoothing).score
    except Exception as error:  # noqa: BLE001
        scores["BLEU"] = None
        notes.append(f"BLEU: {error}")
    try:
        scores["ROUGE-1"] = rouge_n(candidate, [reference], 1).fmeasure
        scores["ROUGE-2"] = rouge_n(candidate, [reference], 2).fmeasure
        scores["ROUGE-L"] = rouge_l(candidate, [reference]).fmeasure
    except Exception as error:  # noqa: BLE001 - a widget shows a note, never a traceback
        scores.update({"ROUGE-1": None, "ROUGE-2": None, "ROUGE-L": None})
        notes.append(f"ROUGE not available: {error}")
    try:
        scores["chrF"] = chrf(candidate, [reference]).score
    except Exception as error:  # noqa: BLE001
        scores["chrF"] = None
        notes.append(f"chrF not available: {error}")
    scores["embedding"], note = _embedding_score(candidate, reference)
    if note:
        notes.append(note)
    return ParaphraseView(candidate, reference, scores, "", tuple(notes))


def _paraphrase_problem(candidate, reference) -> str:
    """Why ``compute_paraphrase(candidate, reference)`` cannot score, with the right call, or ""."""
    problem = text_problem(candidate, "candidate (the rewrite)") or text_problem(reference, "reference")
    if not problem:
        return ""
    right = "compute_paraphrase('the cat sat on the mat', 'the cat is on the mat')"
    hint = ""
    if isinstance(candidate, str) and _list_of_strings_kind(reference) == "sentences":
        hint = " compute_paraphrase scores a rewrite against one reference: call it once per reference."
        right = f"compute_paraphrase({candidate[:40]!r}, {reference[0][:40]!r})"
    elif _list_of_strings_kind(candidate) == "sentences" and isinstance(reference, str):
        # nltk's order, references first: compute_paraphrase([reference], rewrite).
        hint = " It takes the rewrite first, then one reference, each a string: the arguments look swapped."
        right = f"compute_paraphrase({reference[:40]!r}, {candidate[0][:40]!r})"
    elif all(isinstance(text, str) or _list_of_strings_kind(text) == "tokens" for text in (candidate, reference)):
        joined = [text if isinstance(text, str) else " ".join(text) for text in (candidate, reference)]
        right = f"compute_paraphrase({joined[0][:40]!r}, {joined[1][:40]!r})"
    return f"{problem}.{hint} Right: {right}"


@lru_cache(maxsize=_CACHE)
def _embedding_score(candidate: str, reference: str) -> tuple:
    """``(bleu_lab.similarity score, "")``, or ``(None, why)`` when wordllama cannot run.

    similarity is imported here, not at the top: ``import bleu_lab.show.playground`` must not load
    wordllama. Its model is loaded once (about a second) and kept; scores are cached by text.
    """
    try:
        from ..similarity import similarity

        return similarity(candidate, [reference]).score, ""
    except ImportError:
        return None, ("embedding: not shown, the wordllama package is not installed "
                      "(pip install 'bleu_lab[lab]' adds it).")
    except Exception as error:  # noqa: BLE001 - a widget shows a note, never a traceback
        return None, f"embedding not available: {error}"


def paraphrase_table(reference=PARAPHRASE_REFERENCE, rewrites=None) -> dict:
    """``{label: ParaphraseView}`` for every rewrite (the preset ones by default).

    ``rewrites`` is a ``{label: rewrite}`` dict; anything else is a ``TypeError``. A rewrite or a
    reference that cannot be scored gets its view's ``message``, as in :func:`compute_paraphrase`.
    """
    rewrites = PARAPHRASE_REWRITES if rewrites is None else rewrites
    if not isinstance(rewrites, Mapping):
        raise TypeError(
            f"rewrites is {describe(rewrites)}; it must be a dict of labelled rewrites, {{label: rewrite}}, "
            f"so that each row of the table is named. "
            f"Right: paraphrase_table(rewrites={{'one word changed': 'the cat sat on the mat', "
            f"'too short': 'the cat'}})"
        )
    return {label: compute_paraphrase(text, reference) for label, text in rewrites.items()}


__all__ = [
    "EMBEDDING_LABEL",
    "PARAPHRASE_METRICS",
    "BpView",
    "ChartSpec",
    "Comparison",
    "ParaphraseView",
    "PlaygroundView",
    "available_tokenizers",
    "chart_alt_text",
    "compute_bp_explorer",
    "compute_paraphrase",
    "compute_playground",
    "paraphrase_table",
    "presets",
]
