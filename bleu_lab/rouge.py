"""ROUGE-N, ROUGE-L and ROUGE-Lsum (Lin 2004), as Google's rouge-score computes them.

Formulas (Lin 2004, "ROUGE: A Package for Automatic Evaluation of Summaries"):

    ROUGE-N (section 2)    matches = sum over n-grams g of min(count_cand(g), count_ref(g))
                           P = matches / candidate n-grams,  R = matches / reference n-grams
    ROUGE-L (section 3.1)  P = LCS(cand, ref) / |cand|,       R = LCS(cand, ref) / |ref|
    ROUGE-Lsum (3.2)       hits = sum over reference sentences r_i of |union LCS(r_i, c_1..c_k)|
                           P = hits / candidate tokens,       R = hits / reference tokens
    F = 2 P R / (P + R), and 0 when P + R = 0

Lin defines ROUGE-N as a recall; like rouge-score we report P, R and the
balanced F (Lin's F_lcs with beta = 1). For ROUGE-Lsum, a token counts as a
hit at most as often as it occurs in both texts (ROUGE-1.5.5 and rouge-score
do this so that a word matched by two sentences is not counted twice).
Sentences are split on newlines.

Several references: each is scored on its own and the one with the best
F-measure is reported (the first one on a tie), as ``score_multi`` does.

Argument order: the candidate comes first, then the list of references.
rouge-score's ``RougeScorer.score(target, prediction)`` takes the reference
(target) first; bleu_lab keeps the order of its BLEU functions.

Tokenization (``tokenizer=``):

* ``"rouge-score"`` (default): lowercase, replace every character outside
  ``[a-z0-9]`` by a space, split on spaces; with ``stem=True`` tokens longer
  than 3 characters are reduced by nltk's Porter stemmer. This follows the
  original ROUGE Perl script, which was written for English. Every letter
  outside a-z (Chinese, Greek, Cyrillic, Arabic...) and every accented
  letter is therefore thrown away: a non-Latin candidate becomes an empty
  token list and scores 0 against anything, and "café" becomes "caf".
* ``"unicode"``: lowercase and split on runs of non-word characters
  (``\\W`` with ``re.UNICODE``; word characters are letters, digits and the
  underscore of any script), so words in any script survive. Porter
  stemming (English rules) is still applied to tokens longer than 3 with
  ``stem=True``. Scripts written without spaces (Chinese, Japanese) are
  split only at punctuation; tokenize them yourself and pass token lists.

A token sequence (a list of strings) is used as given: not lowercased, not
split, not filtered. ``stem=True`` still stems its tokens longer than 3
characters (without lowercasing them). For ROUGE-Lsum a token sequence is one
sentence; pass a string with newlines to give several.

>>> r = rouge_n("the cat sat on the mat", ["the cat is on the mat"])
>>> r.matches, r.candidate_total, r.reference_total   # the, cat, on, the, mat
(5, 6, 6)
>>> print(r)  # doctest: +NORMALIZE_WHITESPACE
ROUGE-1: P = 0.8333 R = 0.8333 F = 0.8333 (matches = 5; 6 candidate, 6 reference 1-grams)
nrefs:1|variant:rouge1|tok:rouge-score|stem:no|bleu_lab:0.2.0
>>> rouge_l("the cat sat on the mat", ["the cat is on the mat"]).lcs
('the', 'cat', 'on', 'the', 'mat')
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from . import fast
from .bleu.statistics import count_ngrams, matched_positions
from .checks import References, Text, check_candidate_and_references, check_order, check_text, keywords_checked
from .settings import RougeSettings, built_once
from .style import (
    HTML_TOKEN_LIMIT,
    MATCH_MARK,
    cell,
    element,
    paragraph,
    row,
    signature_html,
    span,
    table,
    text,
    tokens_left_out_note,
)

_NON_ALPHANUMERIC = re.compile(r"[^a-z0-9]+")
_VALID_TOKEN = re.compile(r"[a-z0-9]+")
_NON_WORD = re.compile(r"\W+", re.UNICODE)
# Porter stemming is applied only to tokens longer than this (rouge-score's rule).
_MIN_STEM_LENGTH = 3

_MARK_STYLE = MATCH_MARK


# ---------------------------------------------------------------- tokenizing


@lru_cache(maxsize=1)
def _stemmer():
    from nltk.stem.porter import PorterStemmer  # needs no downloaded data

    return PorterStemmer()


@lru_cache(maxsize=65536)
def _stem(token: str, lowercase: bool) -> str:
    return _stemmer().stem(token, to_lowercase=lowercase)


def _stem_all(tokens, lowercase: bool):
    return [_stem(t, lowercase) if len(t) > _MIN_STEM_LENGTH else t for t in tokens]


def rouge_tokenize(text: Text, *, stem: bool = False, tokenizer: str = "rouge-score") -> tuple:
    """Tokens of one text as ROUGE sees them (see the module docstring).

    >>> rouge_tokenize("The runners were RUNNING, fast!", stem=True)   # "the" is too short to stem
    ('the', 'runner', 'were', 'run', 'fast')
    >>> rouge_tokenize("Ο γάτος κάθεται")                      # Greek: nothing left
    ()
    >>> rouge_tokenize("Ο γάτος κάθεται", tokenizer="unicode")
    ('ο', 'γάτος', 'κάθεται')
    """
    _check_options(stem, tokenizer)
    if not isinstance(text, str):
        text = _checked_tokens(text)
    return _tokenize(text, stem, tokenizer)


def _tokenize(text, stem: bool, tokenizer: str) -> tuple:
    if not isinstance(text, str):  # a token sequence: used as given
        return tuple(_stem_all(text, lowercase=False)) if stem else tuple(text)
    if tokenizer == "rouge-score":
        tokens = _NON_ALPHANUMERIC.sub(" ", text.lower()).split()
        if stem:
            tokens = _stem_all(tokens, lowercase=True)
        # The stemmer could in principle leave something outside [a-z0-9]; rouge-score drops it.
        return tuple([t for t in tokens if _VALID_TOKEN.fullmatch(t)])
    tokens = [t for t in _NON_WORD.split(text.lower()) if t]
    return tuple(_stem_all(tokens, lowercase=True)) if stem else tuple(tokens)


def _sentences(text, stem: bool, tokenizer: str) -> tuple:
    """Tokenized sentences for ROUGE-Lsum: newline-separated, empty lines dropped."""
    if not isinstance(text, str):
        return (_tokenize(text, stem, tokenizer),)
    return tuple(_tokenize(line, stem, tokenizer) for line in text.split("\n") if line)


def _checked_tokens(tokens):
    return check_text(tokens, what="text", call='rouge_tokenize("the cat sat")')


def _check_options(stem, tokenizer) -> RougeSettings:
    return RougeSettings(stem=stem, tokenizer=tokenizer)


# ---------------------------------------------------------------- result


class WrongVariantError(AttributeError, ValueError):
    """An attribute of the other kind of ROUGE (``.lcs`` of ROUGE-N, ``.matched_ngrams`` of ROUGE-L).

    An AttributeError, so that ``hasattr`` and ``getattr(result, name, None)`` answer as for any
    missing attribute; a ValueError for the callers that catch the message.
    """


class MatchedNgrams(dict):
    """ROUGE-N's matched n-grams: a dict of n-gram -> clipped count, which can also be called with its
    order, as :meth:`bleu_lab.BleuResult.matched_ngrams` is (``result.matched_ngrams(2)`` for ROUGE-2)."""

    def __init__(self, grams, n: int, name: str) -> None:
        super().__init__(grams)
        self._n, self._name = n, name

    def __call__(self, n: int | None = None) -> dict:
        if n is not None and check_order(n, "n") != self._n:
            raise ValueError(f"{self._name} counted {self._n}-grams only; for {n}-grams score them: "
                             f"rouge_n(candidate, references, n={n}).matched_ngrams")
        return dict(self)


@dataclass(frozen=True)
class RougeResult:
    """A ROUGE score with its parts (0-1 scale).

    ``precision = matches / candidate_total`` and ``recall = matches /
    reference_total`` (both 0 when the total is 0); ``fmeasure`` is their
    harmonic mean. ``matches`` is the clipped n-gram overlap (ROUGE-N), the
    LCS length (ROUGE-L) or the union-LCS hits (ROUGE-Lsum), computed against
    the reference with the best F-measure, ``references[reference_index]``.
    """

    precision: float
    recall: float
    fmeasure: float
    variant: str  # "rouge1", "rouge2", ..., "rougeL", "rougeLsum"
    matches: int
    candidate_total: int
    reference_total: int
    reference_index: int = 0
    n_references: int = 1
    stem: bool = False
    tokenizer: str = "rouge-score"
    # Explanation: tokens (for ROUGE-Lsum, tuples of sentences), what matched, and where.
    candidate_tokens: tuple = field(default=(), repr=False)
    reference_tokens: tuple = field(default=(), repr=False)
    matched: tuple = field(default=(), repr=False)
    candidate_marks: frozenset = field(default=frozenset(), repr=False)
    reference_marks: frozenset = field(default=frozenset(), repr=False)

    @property
    def signature(self) -> str:
        """Variant, tokenizer, stemming and number of references in sacrebleu's format, plus bleu_lab's version."""
        return RougeSettings(stem=self.stem, tokenizer=self.tokenizer).signature(self.n_references, self.variant)

    @property
    def name(self) -> str:
        """The name as Lin (2004) writes it: "ROUGE-1", "ROUGE-L", "ROUGE-Lsum"."""
        return "ROUGE-" + self.variant[len("rouge"):]

    @property
    def n(self) -> int | None:
        """The n-gram order of ROUGE-N, None for ROUGE-L / ROUGE-Lsum."""
        suffix = self.variant[len("rouge"):]
        return int(suffix) if suffix.isdigit() else None

    @property
    def matched_ngrams(self) -> MatchedNgrams:
        """ROUGE-N only: each n-gram that matched, with its clipped count min(cand, ref)."""
        if self.n is None:
            raise WrongVariantError(
                f"{self.name} is based on the longest common subsequence; use .lcs instead of .matched_ngrams"
            )
        return MatchedNgrams(self.matched, self.n, self.name)

    @property
    def lcs(self) -> tuple:
        """ROUGE-L: the tokens of the LCS. ROUGE-Lsum: the union-LCS hits, in reference order."""
        if self.n is not None:
            raise WrongVariantError(f"{self.name} counts n-grams; use .matched_ngrams instead of .lcs")
        return self.matched

    def __str__(self) -> str:
        what = f"{self.n}-grams" if self.n is not None else "tokens"
        label = {"rougeL": "LCS length", "rougeLsum": "union-LCS hits"}.get(self.variant, "matches")
        best = f"; best of {self.n_references} references: {self.reference_index + 1}" if self.n_references > 1 else ""
        return (
            f"{self.name}: P = {self.precision:.4f} R = {self.recall:.4f} F = {self.fmeasure:.4f} "
            f"({label} = {self.matches}; {self.candidate_total} candidate, "
            f"{self.reference_total} reference {what}{best}) "
            f"{self.signature}"
        )

    def __repr__(self) -> str:
        return f"<RougeResult {self}>"

    def explain(self) -> str:
        """The working as plain text: tokens, what matched, P, R and F."""
        lines = [
            f"candidate:   {_show(self.candidate_tokens, self.variant)}",
            f"reference:   {_show(self.reference_tokens, self.variant)}"
            + (
                f"   (reference {self.reference_index + 1} of {self.n_references}, best F)"
                if self.n_references > 1
                else ""
            ),
        ]
        if self.n is not None:
            shown = ", ".join(f"{' '.join(g)!r} x{c}" for g, c in self.matched) or "none"
            lines.append(f"matched {self.n}-grams (clipped by min): {shown}")
        elif self.variant == "rougeL":
            lines.append(f"longest common subsequence: {' '.join(self.matched) or '(empty)'}")
        else:
            lines.append(f"union-LCS hits (reference order): {' '.join(self.matched) or '(none)'}")
        m, c, r = self.matches, self.candidate_total, self.reference_total
        lines.append(f"P = {m}/{c} = {self.precision:.4f}" if c else "P = 0 (no candidate units)")
        lines.append(f"R = {m}/{r} = {self.recall:.4f}" if r else "R = 0 (no reference units)")
        lines.append(f"F = 2PR/(P+R) = {self.fmeasure:.4f}")
        lines.append(f"signature: {self.signature}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        flat_candidate = _flatten(self.candidate_tokens, self.variant)
        flat_reference = _flatten(self.reference_tokens, self.variant)
        candidate = _marked(flat_candidate, self.candidate_marks)
        reference = _marked(flat_reference, self.reference_marks)
        note = ""
        if self.variant == "rougeLsum":
            note = " (union-LCS hits are marked on the reference sentences, Lin 2004 section 3.2)"
        rows = [
            row(label, cell(value, css="text-align:left"))
            for label, value in (
                ("candidate", candidate),
                (f"reference {self.reference_index + 1}" if self.n_references > 1 else "reference", reference),
            )
        ]
        left_out = tokens_left_out_note(flat_candidate, flat_reference)
        if left_out:
            rows.append(row(element("td", f"<i>{text(left_out)}</i>", colspan=2, css="text-align:left")))
        m, c, r = self.matches, self.candidate_total, self.reference_total
        return (
            f"<div class='bleu-lab-result'><b>{text(self.name)}</b>: "
            f"P = {self.precision:.4f}, R = {self.recall:.4f}, <b>F = {self.fmeasure:.4f}</b>"
            + table(rows, css="margin:4px 0")
            + paragraph(f"matches = {m}; P = {m}/{c}, R = {m}/{r}; F = 2PR/(P+R){text(note)}")
            + f"{signature_html(self.signature)}</div>"
        )


def _flatten(tokens, variant):
    if variant == "rougeLsum":
        return tuple(t for sentence in tokens for t in sentence)
    return tokens


def _show(tokens, variant):
    if variant == "rougeLsum":
        return " / ".join(" ".join(s) for s in tokens) or "(empty)"
    return " ".join(tokens) or "(empty)"


def _marked(tokens, marks) -> str:
    pieces = []
    for i, token in enumerate(tokens[:HTML_TOKEN_LIMIT]):
        word = text(token)
        pieces.append(span(word, _MARK_STYLE) if i in marks else word)
    return " ".join(pieces) or "<i>(empty)</i>"


# ---------------------------------------------------------------- counting


def _score_ngrams(candidate, reference, n: int):
    """ROUGE-N of one reference: (P, R, F, matches, totals, matched n-grams, marks)."""
    cand_counts = count_ngrams(candidate, n)
    ref_counts = count_ngrams(reference, n)
    matched = tuple((g, min(c, ref_counts[g])) for g, c in cand_counts.items() if g in ref_counts)
    matches = sum(c for _, c in matched)
    cand_total, ref_total = sum(cand_counts.values()), sum(ref_counts.values())
    precision = matches / cand_total if cand_total else 0.0
    recall = matches / ref_total if ref_total else 0.0

    def marks(tokens, other):
        # Tokens of the first k occurrences of each matched n-gram, k its clipped count.
        return frozenset(p for start in matched_positions(tokens, [other], n) for p in range(start, start + n))

    marked = (marks(candidate, reference), marks(reference, candidate))
    return precision, recall, matches, cand_total, ref_total, matched, marked


def lcs_length(reference, candidate) -> int:
    """The length of a longest common subsequence of two token sequences (Lin 2004, section 3.1).

    T[i][j], the LCS length of the first i reference tokens and the first j candidate tokens, is
    T[i-1][j-1] + 1 where the tokens match, else max(T[i-1][j], T[i][j-1]); only the last row is kept.
    A table of :data:`bleu_lab.fast.FAST_FROM` cells goes to :func:`bleu_lab.fast.lcs.lcs_length`.

    >>> lcs_length(["a", "b", "c", "b"], ["b", "c", "a", "b"])
    3
    """
    if len(reference) * len(candidate) >= fast.FAST_FROM:
        from .fast.lcs import lcs_length as bit_parallel_lcs_length

        return bit_parallel_lcs_length(reference, candidate)
    previous = [0] * (len(candidate) + 1)
    for token in reference:
        row = [0]
        for j, other in enumerate(candidate, 1):
            row.append(previous[j - 1] + 1 if token == other else max(previous[j], row[j - 1]))
        previous = row
    return previous[-1]


def lcs_pairs(reference, candidate) -> list:
    """Index pairs (i, j) of one longest common subsequence, reference[i] == candidate[j].

    Dynamic programming over prefixes (Lin 2004, section 3.1): T[i][j] is the LCS length of the first
    i reference tokens and the first j candidate tokens, T[i-1][j-1] + 1 where the tokens match, else
    max(T[i-1][j], T[i][j-1]). The walk back from T[len(reference)][len(candidate)] takes a match
    diagonally; otherwise it steps back in the candidate only when that keeps a longer subsequence,
    and on a tie steps back in the reference. rouge-score walks the same way, which matters for
    ROUGE-Lsum, where the chosen positions are counted. A table of :data:`bleu_lab.fast.FAST_FROM`
    cells goes to :func:`bleu_lab.fast.lcs.lcs_pairs` (bit-parallel rows, the same pairs).

    >>> lcs_pairs(["a", "b", "c", "b"], ["b", "c", "a", "b"])
    [(1, 0), (2, 1), (3, 3)]
    """
    if len(reference) * len(candidate) >= fast.FAST_FROM:
        from .fast.lcs import lcs_pairs as bit_parallel_lcs_pairs

        return bit_parallel_lcs_pairs(reference, candidate)
    table = [[0] * (len(candidate) + 1)]
    for token in reference:
        row = [0]
        for j, other in enumerate(candidate, 1):
            row.append(table[-1][j - 1] + 1 if token == other else max(table[-1][j], row[j - 1]))
        table.append(row)
    pairs = []
    i, j = len(reference), len(candidate)
    while i > 0 and j > 0:
        if reference[i - 1] == candidate[j - 1]:
            pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif table[i][j - 1] > table[i - 1][j]:
            j -= 1
        else:
            i -= 1
    pairs.reverse()
    return pairs


def _score_lcs(candidate, reference):
    """ROUGE-L of one reference (Lin 2004, section 3.1)."""
    if not candidate or not reference:
        return 0.0, 0.0, 0, len(candidate), len(reference), (), (frozenset(), frozenset())
    pairs = lcs_pairs(reference, candidate)
    length = len(pairs)
    lcs = tuple([reference[i] for i, _ in pairs])
    marks = (frozenset([j for _, j in pairs]), frozenset([i for i, _ in pairs]))
    return length / len(candidate), length / len(reference), length, len(candidate), len(reference), lcs, marks


def _score_lcs_summary(candidate_sentences, reference_sentences):
    """ROUGE-Lsum of one reference: union LCS per reference sentence (Lin 2004, section 3.2)."""
    cand_total = sum(map(len, candidate_sentences))
    ref_total = sum(map(len, reference_sentences))
    if not cand_total or not ref_total:
        return 0.0, 0.0, 0, cand_total, ref_total, (), (frozenset(), frozenset())
    # Each token may be a hit at most min(count in candidate, count in reference) times.
    cand_left = Counter(t for s in candidate_sentences for t in s)
    ref_left = Counter(t for s in reference_sentences for t in s)
    hits, marks, offset = [], set(), 0
    candidate_vocabularies = [set(candidate) for candidate in candidate_sentences]
    find_pairs = lcs_pairs
    if cand_total * ref_total >= fast.FAST_FROM:  # the tables of all sentence pairs: bit-parallel rows for every pair
        from .fast import lcs as fast_lcs

        find_pairs = fast_lcs.lcs_pairs
    for sentence in reference_sentences:
        union = _union_lcs(sentence, candidate_sentences, candidate_vocabularies, find_pairs)
        for i in sorted(union):
            token = sentence[i]
            if cand_left[token] > 0 and ref_left[token] > 0:
                cand_left[token] -= 1
                ref_left[token] -= 1
                hits.append(token)
                marks.add(offset + i)
        offset += len(sentence)
    count = len(hits)
    marked = (frozenset(), frozenset(marks))
    return count / cand_total, count / ref_total, count, cand_total, ref_total, tuple(hits), marked


def _union_lcs(sentence, candidate_sentences, candidate_vocabularies, find_pairs=lcs_pairs) -> set:
    """Positions of reference ``sentence`` in the LCS with any candidate sentence: Lin's union LCS (2004, 3.2).

    ``find_pairs`` is :func:`lcs_pairs` or the function of :mod:`bleu_lab.fast.lcs` that equals it."""
    union: set = set()
    # Positions no candidate sentence can match stay out; a candidate sentence sharing no token with the
    # positions not yet in the union cannot add to it, so its LCS is not computed (same union, less work).
    open_tokens: dict = {}
    for i, token in enumerate(sentence):
        open_tokens.setdefault(token, []).append(i)
    for candidate, vocabulary in zip(candidate_sentences, candidate_vocabularies):
        if vocabulary.isdisjoint(open_tokens):
            continue
        for i, _ in find_pairs(sentence, candidate):
            if i not in union:
                union.add(i)
                positions = open_tokens.get(sentence[i])
                if positions is not None:
                    positions.remove(i)
                    if not positions:
                        del open_tokens[sentence[i]]
    return union


# ---------------------------------------------------------------- public API


def _best(variant, candidate_tokens, references_tokens, score_one, stem, tokenizer) -> RougeResult:
    best: RougeResult | None = None
    for index, reference in enumerate(references_tokens):
        scored = score_one(candidate_tokens, reference)
        precision, recall, matches, c_total, r_total, matched, (c_marks, r_marks) = scored
        # Balanced F = 2PR / (P + R), 0 when both are 0 (Lin 2004, F_lcs with beta = 1).
        fmeasure = 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0
        if best is None or fmeasure > best.fmeasure:  # the first reference wins a tie
            best = RougeResult(
                precision=precision, recall=recall, fmeasure=fmeasure, variant=variant, matches=matches,
                candidate_total=c_total, reference_total=r_total, reference_index=index,
                n_references=len(references_tokens), stem=stem, tokenizer=tokenizer,
                candidate_tokens=candidate_tokens, reference_tokens=reference, matched=matched,
                candidate_marks=c_marks, reference_marks=r_marks,
            )
    assert best is not None  # references is never empty (checked)
    return best


# RougeSettings checked once per (stem, tokenizer), as sacrebleu checks a metric's settings once.
_ROUGE_SETTINGS = built_once(RougeSettings)


def _prepare(candidate, references, function, stem, tokenizer, split, *, lcs: bool = False):
    """The checked candidate and references, each split by ``split`` (tokens, or sentences of tokens)."""
    candidate, references = check_candidate_and_references(candidate, references, function=function)
    try:
        _ROUGE_SETTINGS(stem, tokenizer)
    except TypeError:  # a value that cannot be a cache key (a list): RougeSettings names the mistake
        _check_options(stem, tokenizer)
    prepared = split(candidate, stem, tokenizer), [split(r, stem, tokenizer) for r in references]
    if lcs:  # ROUGE-L and ROUGE-Lsum fill a table of candidate x reference tokens per reference
        sizes = [sum(map(len, text)) if split is _sentences else len(text) for text in (prepared[0], *prepared[1])]
        if sizes[0] * sum(sizes[1:]) > LCS_WORK_LIMIT:
            _refuse_lcs_work(sizes[0], sizes[1:], function)
    return prepared


# LCS cells (candidate tokens x reference tokens, over all references) one call may take: 10^10 is
# 100,000 tokens against 100,000, a few seconds of bit-parallel rows; the cost grows with the product.
LCS_WORK_LIMIT = 10**10


def _refuse_lcs_work(candidate_size: int, reference_sizes: list, function: str) -> None:
    """Refuse an LCS too large to finish in seconds, naming the limit, instead of running for minutes."""
    c, n = candidate_size, len(reference_sizes)
    work = c * sum(reference_sizes)
    raise ValueError(
        f"{function} of {c:,} candidate tokens against {n} reference(s) of "
        f"{', '.join(f'{r:,}' for r in reference_sizes[:3])}{' ...' if n > 3 else ''} "
        f"tokens compares {work:,} token pairs, above bleu_lab's limit of {LCS_WORK_LIMIT:,} (100,000 tokens "
        f"against 100,000, a few seconds; the time grows with the product). Score smaller parts, e.g. one "
        f"document or section at a time, and average."
    )


@keywords_checked
def rouge_n(
    candidate: Text, references: References, n: int = 1, *, stem: bool = False,
    tokenizer: str = "rouge-score",
) -> RougeResult:
    """ROUGE-N: clipped n-gram overlap as precision, recall and F (Lin 2004, section 2).

    matches = sum_g min(count_cand(g), count_ref(g)); P = matches / candidate
    n-grams, R = matches / reference n-grams, F = 2PR / (P + R). With several
    references, the one with the best F is reported (rouge-score's
    ``score_multi``). Note the order: candidate first (rouge-score takes the
    target first).

    >>> r = rouge_n("the cat sat", ["the cat sat down"], n=2)
    >>> (r.matches, r.candidate_total, r.reference_total, round(r.fmeasure, 4))
    (2, 2, 3, 0.8)
    """
    n = check_order(n, "n")
    cand, refs = _prepare(candidate, references, "rouge_n", stem, tokenizer, _tokenize)
    return _best(f"rouge{n}", cand, refs, lambda c, r: _score_ngrams(c, r, n), stem, tokenizer)


@keywords_checked
def rouge_l(
    candidate: Text, references: References, *, stem: bool = False,
    tokenizer: str = "rouge-score",
) -> RougeResult:
    """ROUGE-L: longest common subsequence (Lin 2004, section 3.1).

    P = LCS / candidate tokens, R = LCS / reference tokens, F = 2PR / (P + R);
    the best reference by F is reported. Candidate first, then references.

    Lin's example: against "police killed the gunman", "police kill the gunman"
    keeps the in-sequence words "police the gunman" (3/4) while "the gunman
    kill police" keeps only "the gunman" (2/4), though both share 3 words.

    >>> rouge_l("police kill the gunman", ["police killed the gunman"]).fmeasure
    0.75
    >>> r = rouge_l("the gunman kill police", ["police killed the gunman"])
    >>> r.lcs, r.fmeasure
    (('the', 'gunman'), 0.5)
    """
    cand, refs = _prepare(candidate, references, "rouge_l", stem, tokenizer, _tokenize, lcs=True)
    return _best("rougeL", cand, refs, _score_lcs, stem, tokenizer)


@keywords_checked
def rouge_lsum(
    candidate: Text, references: References, *, stem: bool = False,
    tokenizer: str = "rouge-score",
) -> RougeResult:
    """ROUGE-Lsum: summary-level union LCS over newline-separated sentences (Lin 2004, section 3.2).

    For every reference sentence r_i, the union of its LCS with each candidate
    sentence gives the hits (a token counted at most as often as it occurs in
    both summaries); P = hits / candidate tokens, R = hits / reference tokens.
    The best reference by F is reported. Candidate first, then references.

    Lin's example: r = "w1 w2 w3 w4 w5", c1 = "w1 w2 w6 w7 w8", c2 = "w1 w3 w8 w9 w5";
    the union LCS is w1 w2 w3 w5, so R = 4/5.

    >>> r = rouge_lsum("w1 w2 w6 w7 w8\\nw1 w3 w8 w9 w5", ["w1 w2 w3 w4 w5"])
    >>> r.lcs, r.recall, r.precision
    (('w1', 'w2', 'w3', 'w5'), 0.8, 0.4)
    """
    cand, refs = _prepare(candidate, references, "rouge_lsum", stem, tokenizer, _sentences, lcs=True)
    return _best("rougeLsum", cand, refs, _score_lcs_summary, stem, tokenizer)
