"""Scores explained: the step-by-step table as text and HTML, and matched n-grams highlighted.

The one highlighter and style map of bleu_lab's HTML (BLEU, ROUGE, chrF and
the playground widgets all use it) lives here. Colours are the darker half of
Okabe and Ito's colour-blind-safe palette, each with a WCAG 2 contrast of at
least 3:1 against white (the level for graphical marks, WCAG 2.1 success
criterion 1.4.11), so a matched token stays visible on a projector. Highlighting
does not rely on colour alone: each n-gram order also has its own underline
style (solid, dashed, dotted, double), and the HTML table repeats every number.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from ..checks import check_order_of_result, weights_sum_problem
from ..style import (
    HTML_TOKEN_LIMIT,
    ORDER_COLOURS,
    ORDER_LINES,
    ORDER_TINTS,
    STYLE,
    element,
    muted,
    opening,
    paragraph,
    signature_html,
    span,
    text,
    tokens_left_out_note,  # noqa: F401 - MUTED_CSS, contrast_ratio and relative_luminance: re-exported
)
from .scoring import BleuSettings, bleu_score, brevity_penalty_value
from .statistics import clipped_starts, closest_reference_length, max_reference_counts, ngram_matches


# The palette, the CSS and the contrast helpers live in bleu_lab.style; they are named here too, where
# they were first defined (tests and notebooks import them from explanation).
def order_style(n: int) -> str:
    """Inline CSS of a token covered by a matched n-gram of order ``n`` (1-based)."""
    i = (n - 1) % len(ORDER_COLOURS)
    return (
        f"background:{ORDER_TINTS[i]};color:{STYLE['on_light']};"
        f"border-bottom:{STYLE['underline_px']}px {ORDER_LINES[i]} {ORDER_COLOURS[i]};padding:0 2px;border-radius:3px"
    )


def mark(text_html: str, n: int, title: str) -> str:
    """The highlighter: ``text_html`` (already escaped) marked as part of a matched order-``n`` unit."""
    return f"{_mark_opening(n, title)}{text_html}</span>"


@lru_cache(maxsize=256)
def _mark_opening(n: int, title: str) -> str:
    # The same few (order, title) pairs open every mark of a page: built once, not per token.
    return opening("span", quote='"', class_=f"bl-mark bl-mark-{n}", css=order_style(n), title=title)


def legend_html(orders, label=None) -> str:
    """A swatch per order, styled exactly like the marks, so the key matches what it explains."""
    swatches = "".join(
        span(label(n) if label else f"{n}-gram", f"{order_style(n)};margin-right:6px;white-space:nowrap")
        for n in orders
    )
    return element("div", f"key: {swatches}", class_="bl-legend", css="margin:2px 0 6px 0;font-size:0.9em")


def _require_tokens(result):
    if result.candidate_tokens is None:
        raise ValueError(
            "this result comes from statistics or a whole corpus, so it has no sentence to show; "
            "use sentence_bleu(candidate, references) for n-gram details"
        )


def sentence_ngram_matches(result, n: int):
    """Distinct candidate n-grams of order n with candidate count, reference clip and clipped count."""
    _require_tokens(result)
    n = check_order_of_result(n, result.max_order)
    return ngram_matches(result.candidate_tokens, result.reference_tokens, n)


def _smoothing_label(result) -> str:
    label = result.smoothing
    if result.smooth_value is not None:
        label += f" ({result.smooth_value:g})"
    if result.effective_order:
        label += f", effective order {result.used_orders}"
    return label


def sacrebleu_scale_note(result) -> str:
    """The score as sacrebleu prints it (x 100) and the smoothing it needs for that number.

    sacrebleu smooths with 'exp' by default, so a bare "sacrebleu prints 0.00" under an unsmoothed
    zero would be wrong for its default call. nltk's methods have no sacrebleu counterpart.
    """
    shown = f"{100 * result.score:.2f}"
    missing = result.settings.not_in_sacrebleu()
    if missing:
        return f"{shown} on sacrebleu's 0-100 scale; sacrebleu has {missing}"
    # In full: ":g" kept 6 digits, and sacrebleu run with them can print another score.
    value = "" if result.smooth_value is None else f", smooth_value={float(result.smooth_value)!r}"
    return f"sacrebleu prints {shown} with the signature's settings, smooth_method={result.smoothing!r}{value}"


@dataclass(frozen=True)
class NltkTinyZero:
    """What nltk's unsmoothed BLEU (``SmoothingFunction().method0``) returns where bleu_lab's is 0.

    nltk cannot take the logarithm of a zero precision, so it puts the smallest positive float,
    ``sys.float_info.min`` (``floor``), in its place and carries on:
    value = BP * prod_n p'_n ** w_n with p'_n = p_n, or ``floor`` where p_n = 0. The zero orders
    contribute ``floor_factor`` = prod of floor ** w_n over them, the other orders ``other_factor``.
    """

    floor: float
    zero_orders: tuple
    floor_factor: float
    other_factor: float
    brevity_penalty: float
    value: float


def nltk_tiny_zero(result) -> NltkTinyZero | None:
    """nltk's method0 number for a BLEU result's counts, or None where nltk gives bleu_lab's number.

    None when no weighted order has a zero precision (nothing to replace), or when no unigram
    matches (nltk then returns exactly 0). Precisions are nltk's m_n / max(1, t_n).

    >>> from bleu_lab import sentence_bleu
    >>> tiny = nltk_tiny_zero(sentence_bleu("the cat sat on the mat", ["the cat is on the mat"]))
    >>> tiny.zero_orders, f"{tiny.value:.4e}"
    ((4,), '7.2621e-78')
    """
    import math
    import sys

    precisions = [m / max(1, t) for m, t in zip(result.counts, result.totals)]
    weights = list(result.weights) + [0.0] * (len(precisions) - len(result.weights))
    zero = tuple(n for n, (p, w) in enumerate(zip(precisions, weights), 1) if p == 0 and w > 0)
    if not zero or result.counts[0] == 0:
        return None
    floor = sys.float_info.min
    logs = [w * math.log(floor if p == 0 else p) for p, w in zip(precisions, weights)]
    zero_logs = [logs[n - 1] for n in zero]
    other_logs = [x for n, x in enumerate(logs, 1) if n not in zero]
    bp = result.brevity_penalty
    return NltkTinyZero(floor, zero, math.exp(math.fsum(zero_logs)), math.exp(math.fsum(other_logs)), bp,
                        bp * math.exp(math.fsum(logs)))


def nltk_tiny_zero_note(result) -> str:
    """For a method0 result scored 0: the tiny number nltk returns instead, worked out; else ""."""
    tiny = nltk_tiny_zero(result) if result.smoothing == "method0" else None
    if tiny is None:
        return ""
    orders = ", ".join(map(str, tiny.zero_orders))
    plural = "s" if len(tiny.zero_orders) > 1 else ""
    return (
        f"note: nltk's method0 returns {tiny.value:.4e} here, not 0. It puts the smallest float, "
        f"{tiny.floor:.4e}, in place of the zero precision{plural} (order{plural} {orders}) to take the "
        f"logarithm: weighted, {tiny.floor_factor:.4e}; times the other orders' {tiny.other_factor:.4f} "
        f"and BP {tiny.brevity_penalty:.4f}: {tiny.value:.4e}."
    )


def _smoothed_call(result) -> tuple[str, str]:
    """The bleu_lab call that gives sacrebleu's smoothed score for the same input, and what it is in
    sacrebleu: ``sentence_bleu`` smooths with 'exp' and effective order, ``BLEU()`` with 'exp'."""
    if result.candidate_tokens is not None:
        return ("sentence_bleu(candidate, references, smoothing='exp', effective_order=True)",
                "sacrebleu's sentence_bleu")
    if result.n_references is not None and not isinstance(result.n_references, int):  # a corpus
        return "corpus_bleu(candidates, references, smoothing='exp')", "sacrebleu's corpus_bleu default"
    return ("bleu_from_stats(counts, totals, c, r, smoothing='exp', effective_order=True)",
            "sacrebleu's sentence_bleu")


def unmatched_order(result) -> int | None:
    """The first order n with no match when that alone makes an unsmoothed BLEU 0 (some unigram matched,
    so smoothing would lift it), else None. The formula's default (no smoothing) is kept; this says so."""
    method = result.settings.method
    if result.score != 0 or method.smooths or method.library != "sacrebleu" or not any(result.counts):
        return None  # nltk's method0 has its own note (nltk_tiny_zero_note)
    for n, (m, w) in enumerate(zip(result.counts, list(result.weights) + [0.0] * result.max_order), 1):
        if m == 0 and w > 0:
            return n
    return None


def _smoothed_score(result, sentence: bool) -> float | None:
    """sacrebleu's smoothed score of the same statistics ('exp', with effective order for a sentence), or
    None where it has none (weights that effective order cannot re-spread)."""
    # Scored from the statistics as bleu_from_stats scores them (its checks passed when the result was made).
    try:
        settings = BleuSettings(max_order=result.max_order, weights=None if sentence else result.settings.weights,
                                smoothing="exp", effective_order=sentence, tokenize=None, lowercase=None)
        scored = bleu_score(result.counts, result.totals, result.candidate_length, result.reference_length, settings)
    except ValueError:
        return None
    return scored.value


def unmatched_order_note(result, *, short: bool = False) -> str:
    """Why an unsmoothed BLEU is 0 and the call that gives sacrebleu's smoothed number, or "" (also when
    smoothing would leave it 0: an order with no n-gram at all, in a corpus).

    >>> from bleu_lab import sentence_bleu
    >>> print(unmatched_order_note(sentence_bleu("a b c", ["a b d"]), short=True))  # doctest: +ELLIPSIS
    [0: no 3-gram matched; sacrebleu's sentence_bleu gives 0.5503: sentence_bleu(..., effective_order=True)]
    """
    n = unmatched_order(result)
    if n is None:
        return ""
    call, whose = _smoothed_call(result)
    smoothed = _smoothed_score(result, "effective_order=True" in call)
    if smoothed == 0:
        return ""
    value = "" if smoothed is None else f" gives {smoothed:.4f}"
    if short:
        return f"[0: no {n}-gram matched; {whose}{value}: {call}]"
    return (f"note: BLEU is 0 because no {n}-gram matched: one zero precision makes the geometric mean 0 "
            f"(the formula of Papineni et al. 2002, bleu_lab's default, kept on purpose). Smoothed as "
            f"{whose} smooths (Chen and Cherry 2014, method 3), {call}{value}.")


def above_one_note(result) -> str:
    """Why a score or precision is above 1 (only nltk's methods 4-7 do it), or "" when none is."""
    if not result.above_one:
        return ""
    highest = max(range(len(result.precisions)), key=lambda i: result.precisions[i])
    return (
        f"note: above 1. smoothing={result.smoothing!r} follows nltk, whose {result.smoothing} can give "
        f"precisions above 1 (here p{highest + 1} = {result.precisions[highest]:.4f}), so the score "
        f"{result.score:.4f} is nltk's number but not a BLEU on the 0-1 scale. Smoothing 'exp' or 'method3' "
        f"stays within 0-1."
    )


def smoothed_fractions(result) -> list:
    """For a sentence BLEU result, the fraction each order's precision was computed from, as text.

    ``"(3 + 1) / (5 + 1)"`` for add-k (k added to matches and totals of orders 2 and up),
    ``"0.1 / 3"`` for floor (an order with no match counts smooth_value matches),
    ``"1 / (2^1 x 3)"`` for exp (the j-th order with no match gets 1 / (2^j total)), and
    ``"3 / 5"`` where nothing was changed (sacrebleu's BLEU.compute_bleu, Post 2018; Chen and
    Cherry 2014 methods 1-3). floor and exp leave an order with no n-grams (0 of 0) alone; add-k
    makes it k / k = 1, as sacrebleu does. A candidate with no match at any order scores 0
    before any smoothing (sacrebleu's rule too).

    >>> from bleu_lab import sentence_bleu
    >>> smoothed_fractions(sentence_bleu("the cat sat", ["the cat is here"], smoothing="add-k"))
    ['2 / 3', '(1 + 1) / (2 + 1)', '(0 + 1) / (1 + 1)', '(0 + 1) / (0 + 1)']
    """
    method, k = result.settings.method, result.smooth_value
    nothing_matched = not any(result.counts)
    fractions, unmatched = [], 0
    for n, (m, t) in enumerate(zip(result.counts, result.totals), 1):
        unmatched += m == 0 and t > 0
        text = None if nothing_matched or method.fraction is None else method.fraction(n, m, t, k, unmatched)
        if text is None:
            text = f"{m} / {t}" + (f" (no {n}-grams: not smoothed)" if t == 0 else "")
        fractions.append(text)
    return fractions


def explain_bleu(result) -> str:
    """The step-by-step table of a BLEU result as plain text."""
    lines = []
    if result.candidate_tokens is not None:
        lines.append("candidate:   " + " ".join(result.candidate_tokens))
        for i, reference in enumerate(result.reference_tokens, 1):
            lines.append(f"reference {i}: " + " ".join(reference))
        lines.append("")
    # sacrebleu's smoothing changes the fraction itself (add-k: (m + k) / (t + k)): show it beside the counts.
    fractions = smoothed_fractions(result) if result.settings.method.fraction is not None else None
    changed = fractions is not None and any(
        f != f"{m} / {t}" and "not smoothed" not in f for f, m, t in zip(fractions, result.counts, result.totals)
    )
    width = max(len("fraction used"), *map(len, fractions)) if changed and fractions else 0
    used = f"  {'fraction used':<{width}}" if changed else ""
    lines.append(f"{'n':>2}  {'clipped':>8}  {'total':>7}{used}  {'precision':>9}  {'weight':>7}")
    for n, m, t, p, w in order_rows(result):
        used = f"  {fractions[n - 1]:<{width}}" if changed and fractions else ""
        lines.append(f"{n:>2}  {m:>8}  {t:>7}{used}  {p:>9.4f}  {w:>7.4f}")
    lines.append(f"smoothing: {_smoothing_label(result)}")
    lines.append(f"signature: {result.signature}")
    lines.append(f"candidate length c = {result.candidate_length}, reference length r = {result.reference_length}")
    lines.append(f"brevity penalty BP = {bp_formula(result.candidate_length, result.reference_length)} = "
                 f"{result.brevity_penalty:.4f}")
    lines.append(f"geometric mean exp(sum w_n log p_n) = {result.geometric_mean:.4f}")
    lines.append(f"BLEU = BP x mean = {result.score:.4f}   ({sacrebleu_scale_note(result)})")
    if result.above_one:
        lines.insert(-1, above_one_note(result))
    tiny_zero = nltk_tiny_zero_note(result)
    if tiny_zero:
        lines.append(tiny_zero)
    unmatched = unmatched_order_note(result)
    if unmatched:  # before the score's line, which stays last (readers look for the score there)
        lines.insert(next(i for i in range(len(lines) - 1, -1, -1) if lines[i].startswith("BLEU = ")), unmatched)
    if weights_sum_problem(result.weights):
        lines.append("note: " + weights_sum_problem(result.weights))
    return "\n".join(lines)


def order_rows(result):
    """``(n, clipped matches, total, precision, weight)`` for each order n = 1 .. max_order of a BLEU result.

    The precision is the one the score used (after smoothing); an order past the weights given has weight 0.

    >>> from bleu_lab import sentence_bleu
    >>> [row[:3] for row in order_rows(sentence_bleu("the cat sat", ["the cat is here"], max_order=2))]
    [(1, 2, 3), (2, 1, 2)]
    """
    weights = list(result.weights) + [0.0] * (result.max_order - len(result.weights))
    columns = zip(result.counts, result.totals, result.precisions, weights)
    return [(n, m, t, p, w) for n, (m, t, p, w) in enumerate(columns, 1)]


def order_table_html(result, *, weights: bool = True, marked: bool = False, table_class: str = "",
                     table_style: str = "", header_style: str = "padding:0 8px") -> str:
    """The per-order table of a BLEU result as HTML: n, clipped, total, precision (and weight).

    ``marked`` gives rows and number cells class names (``bl-row``, ``bl-clipped``, ``bl-total``,
    ``bl-precision``), which the playground's tests and browser checks read; ``table_class``,
    ``table_style`` and ``header_style`` set the caller's look. The numbers are :func:`order_rows`'.
    """
    headings = ("n", "clipped", "total", "precision") + (("weight",) if weights else ())
    header = "".join(element("th", h, css=header_style) for h in headings)
    row, clipped, total, precision = (
        (" class='bl-row'", " class='bl-clipped'", " class='bl-total'", " class='bl-precision'") if marked
        else ("", "", "", "")
    )
    body = "".join(
        f"<tr{row}><td>{n}</td><td{clipped}>{m}</td><td{total}>{t}</td><td{precision}>{p:.4f}</td>"
        + (f"<td>{w:.4f}</td>" if weights else "") + "</tr>"
        for n, m, t, p, w in order_rows(result)
    )
    return element("table", f"<tr>{header}</tr>{body}", class_=table_class, css=table_style)


def bp_formula(c: int, r: int, *, show_lengths: bool = False) -> str:
    """The brevity penalty written out: BP = 1 if c > r else exp(1 - r/c) (Papineni et al. 2002,
    sections 2.2.2 and 2.3), 0 when c = 0 (sacrebleu's convention). ``show_lengths`` puts the numbers
    into the c > r case.

    >>> bp_formula(4, 6), bp_formula(7, 6), bp_formula(7, 6, show_lengths=True), bp_formula(0, 6)
    ('exp(1 - 6/4)', '1 (c > r)', '1 (c = 7 > r = 6)', '0 (empty candidate)')
    """
    if c > r:
        return f"1 (c = {c} > r = {r})" if show_lengths else "1 (c > r)"
    if c == 0:
        return "0 (empty candidate)"
    return f"exp(1 - {r}/{c})"


@dataclass(frozen=True)
class PrecisionAndBrevity:
    """Unigram precision and brevity penalty of one candidate, and their product.

    p1 = clipped unigram matches / c (Papineni et al. 2002, section 2.1) and BP = 1 if c > r else
    exp(1 - r/c) (sections 2.2.2 and 2.3; 0 when c = 0, as sacrebleu has it), with r the reference
    length closest to c. p1 x BP is BLEU with unigrams only (N = 1): dropping words keeps p1 high and
    BP makes them pay.
    """

    candidate_length: int  # c
    reference_length: int  # r
    matches: int  # clipped unigram matches (the total is c)
    brevity_penalty: float

    @property
    def p1(self) -> float:
        """p1 = clipped unigram matches / c; 0.0 when c = 0."""
        return self.matches / self.candidate_length if self.candidate_length else 0.0

    @property
    def product(self) -> float:
        """p1 x BP: BLEU with one order (N = 1)."""
        return self.p1 * self.brevity_penalty


def precision_and_brevity_by_length(candidate_tokens, reference_tokens, lengths) -> tuple:
    """:class:`PrecisionAndBrevity` of the first c candidate tokens, for each c in ``lengths``.

    One pass over the candidate: the k-th occurrence of a token is a clipped match while k is at
    most its largest count in any one reference, so the matches of every prefix come from one
    running count. r is the reference length closest to c (the shorter on a tie).

    >>> rows = precision_and_brevity_by_length("the the cat".split(), ["the cat is on the mat".split()], [1, 3])
    >>> [(row.candidate_length, row.matches, round(row.brevity_penalty, 4)) for row in rows]   # exp(1 - 6/1)
    [(1, 1, 0.0067), (3, 3, 0.3679)]
    """
    tokens = list(candidate_tokens)
    wanted = list(lengths)
    if any(not 0 <= c <= len(tokens) for c in wanted):
        raise ValueError(f"lengths must be between 0 and the candidate's {len(tokens)} tokens, got {wanted!r}")
    clip = max_reference_counts(reference_tokens, 1)
    reference_lengths = [len(r) for r in reference_tokens]
    seen: Counter = Counter()
    matches = [0]  # matches[c]: clipped matches of the first c tokens
    for token in tokens[:max(wanted, default=0)]:
        seen[token] += 1
        matches.append(matches[-1] + (seen[token] <= clip[(token,)]))
    rows = []
    for c in wanted:
        r = closest_reference_length(c, reference_lengths)
        rows.append(PrecisionAndBrevity(c, r, matches[c], brevity_penalty_value(c, r)))
    return tuple(rows)


def precision_and_brevity(candidate_tokens, reference_tokens) -> PrecisionAndBrevity:
    """:class:`PrecisionAndBrevity` of the whole candidate against its references (token sequences).

    >>> row = precision_and_brevity("the cat".split(), ["the cat is on the mat".split(), "a cat".split()])
    >>> row.p1, row.reference_length, row.product   # c = 2 = r of "a cat": BP = 1
    (1.0, 2, 1.0)
    """
    return precision_and_brevity_by_length(candidate_tokens, reference_tokens, [len(candidate_tokens)])[0]


def matched_orders(tokens, references, orders, clips=None) -> list:
    """For each token, the highest of ``orders`` whose matched n-gram covers it (0: none).

    ``clips[n - 1]``, when given, is the clip of each n-gram (already counted: the playground counts each
    sentence once); otherwise it is counted from ``references`` (:func:`max_reference_counts`)."""
    order_of = [0] * len(tokens)
    for n in orders:
        clip = clips[n - 1] if clips is not None else max_reference_counts(references, n)
        for start in clipped_starts(tokens, clip, n):
            for position in range(start, start + n):
                order_of[position] = n
    return order_of


def _marked_tokens(tokens, order_of, label: str) -> str:
    """HTML of tokens; a token with order n > 0 gets that order's tint and an underline of its colour."""
    pieces = []
    for token, n in zip(tokens, order_of):
        escaped = text(token)
        pieces.append(mark(escaped, n, f"{label} {n}-gram") if n else escaped)
    return " ".join(pieces)


def highlight_tokens(tokens, references, n: int, clips=None) -> str:
    """HTML of the tokens with the ones covered by a matched (clipped) n-gram of order n marked."""
    return _marked_tokens(tokens, matched_orders(tokens, references, [n], clips), "matched")


def highlight_longest_matches(tokens, others, max_order: int, clips=None) -> str:
    """HTML of the tokens, each coloured by the longest matched n-gram (up to max_order) covering it."""
    return _marked_tokens(tokens, matched_orders(tokens, others, range(1, max_order + 1), clips), "in a matched")


def highlight_rows_html(candidate_tokens, reference_tokens, max_order: int, *, reference_numbers=None,
                        candidate_label: str = "{n}-grams", label_style: str = "padding-right:8px;white-space:nowrap",
                        cell_style: str = "text-align:left", classes: bool = False,
                        mark_references: bool = False, limit: int | None = None, counted=None) -> str:
    """Table rows (``<tr>`` elements, no table) showing which n-grams matched.

    One row per order n = 1 .. ``max_order``: the candidate's tokens, those covered by a matched
    (clipped) n-gram marked (:func:`highlight_tokens`). Then one row per reference, labelled
    "reference k" with k from ``reference_numbers`` (1, 2, ... by default): its tokens as text, or
    with ``mark_references`` each coloured by the longest matched n-gram covering it
    (:func:`highlight_longest_matches`). ``limit`` shows only that many tokens of each text (the
    matches are found on all of them); ``classes`` names the token cells ``bl-candidate-n`` and
    ``bl-reference-k``; ``candidate_label``, ``label_style`` and ``cell_style`` set the caller's look.
    ``counted``, when given, is ``(reference_clips, candidate_counts)``, each a sequence indexed by n - 1:
    the n-grams already counted (each sentence once), so nothing is counted again here.
    """
    reference_clips, candidate_counts = counted if counted is not None else (None, None)
    references = [tuple(r) for r in reference_tokens]
    numbers = range(1, len(references) + 1) if reference_numbers is None else reference_numbers
    shown = tuple(candidate_tokens[:limit])

    def row(label: str, css_class: str, content: str) -> str:
        cells = element("td", label, css=label_style) + element("td", content, class_=css_class if classes else "",
                                                                   css=cell_style)
        return f"<tr>{cells}</tr>"

    rows = [
        row(candidate_label.format(n=n), f"bl-candidate-{n}", highlight_tokens(shown, references, n, reference_clips))
        for n in range(1, max_order + 1)
    ]
    for k, tokens in zip(numbers, references):
        content = (
            highlight_longest_matches(tokens[:limit], [tuple(candidate_tokens)], max_order, candidate_counts)
            if mark_references
            else text(" ".join(tokens[:limit]))
        )
        rows.append(row(f"reference {k}", f"bl-reference-{k}", content))
    return "".join(rows)


# A result's HTML draws at most this many tokens of each text (a long paragraph); the numbers use them all.
# A whole document scored as one "sentence" would otherwise put megabytes of spans into the notebook.
def _highlight_rows(result) -> str:
    rows = highlight_rows_html(result.candidate_tokens, result.reference_tokens, result.max_order,
                               limit=HTML_TOKEN_LIMIT)
    note = tokens_left_out_note(result.candidate_tokens, *result.reference_tokens)
    if note:
        rows += f"<tr>{element('td', f'<i>{text(note)}</i>', colspan=2, css='text-align:left')}</tr>"
    heading = element("th", "candidate, matched n-grams underlined per order", colspan=2, css="text-align:left")
    return element("table", f"<tr>{heading}</tr>{rows}", css="margin-bottom:6px")


def bleu_html(result) -> str:
    """The explanation as an HTML fragment for notebooks."""
    missing = result.settings.not_in_sacrebleu()
    scale = (f"0-1 scale; x 100 = {100 * result.score:.2f}, which sacrebleu cannot show: it has {missing}" if missing
             else f"0-1 scale; sacrebleu shows {100 * result.score:.2f}")
    parts = [f"<div class='bleu-lab-result'><b>BLEU = {result.score:.4f}</b> {muted(f'({text(scale)})')}"]
    if result.candidate_tokens is not None:
        parts.append(_highlight_rows(result))
    parts.append(order_table_html(result))
    parts.append(
        paragraph(
            f"c = {result.candidate_length}, r = {result.reference_length}, "
            f"BP = {text(bp_formula(result.candidate_length, result.reference_length))} = "
            f"{result.brevity_penalty:.4f}; "
            f"geometric mean = {result.geometric_mean:.4f}; smoothing: {text(_smoothing_label(result))}",
            margin="4px 0",
        )
        + (paragraph(f"<b>{text(above_one_note(result))}</b>") if result.above_one else "")
        + (paragraph(f"<b>note: {text(weights_sum_problem(result.weights))}</b>")
           if weights_sum_problem(result.weights) else "")
        + signature_html(result.signature) + "</div>"
    )
    return "".join(parts)
