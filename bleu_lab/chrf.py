"""chrF (Popovic 2015) and chrF++ (Popovic 2017): an F-score over character n-grams.

Formula (Popovic 2015, "chrF: character n-gram F-score for automatic MT
evaluation", section 2), for orders n = 1..N:

    chrP_n = matching character n-grams / candidate character n-grams
    chrR_n = matching character n-grams / reference character n-grams
    chrF_beta = (1 + beta^2) chrP chrR / (beta^2 chrP + chrR)

where chrP and chrR are the arithmetic means of chrP_n and chrR_n, matches
are clipped (min of the two counts) and beta = 2 weighs recall twice as much
as precision. chrF++ (Popovic 2017, "chrF++: words helping character
n-grams") adds word unigrams and bigrams (``word_order=2``) as extra orders,
averaged together with the character orders.

The details follow sacrebleu's ``CHRF`` so that the numbers agree (sacrebleu
prints 100 times the 0-1 score used here):

* whitespace is removed before character n-grams are taken, unless
  ``whitespace=True``;
* words for chrF++ come from splitting on whitespace and then separating one
  punctuation character from the end of a word (or, if there is none there,
  from its start), as Popovic's chrF++.py does: ``"(hi)"`` gives ``"(hi"``
  and ``")"``;
* with ``eps_smoothing=False`` (the default) the means run only over the
  orders where both candidate and reference have n-grams (an "effective
  order", as sacrebleu before 2.0); with ``eps_smoothing=True`` the score is
  the mean over all orders of the per-order F-scores, with 1e-16 standing in
  for an undefined precision, recall or F-score (as in chrF++.py, Moses and
  nltk);
* for an order where the reference has no n-grams at all, the candidate's
  n-grams of that order are not counted either;
* with several references, each sentence uses the reference whose own
  sentence-level chrF is highest (the first one on a tie);
* a corpus score is the score of the per-order counts summed over all
  sentences, not the mean of sentence scores.

A candidate or reference given as a token sequence is used as given: its
tokens are the words of chrF++ (no punctuation splitting), and its characters
are those of the tokens joined by single spaces.

>>> result = chrf("the cat", ["the cat"])
>>> result.score
1.0

"acat" against "thecat": unigrams match a, c, t (P1 = 3/4, R1 = 3/6), bigrams
"ca", "at" (P2 = 2/3, R2 = 2/5); P = 0.7083, R = 0.45 and
F2 = 5 P R / (4 P + R) = 0.4854.

>>> print(chrf("a cat", ["the cat"], char_order=2))  # doctest: +NORMALIZE_WHITESPACE
chrF2 = 0.4854 (avg P = 0.7083 avg R = 0.4500)
nrefs:1|case:mixed|eff:yes|nc:2|nw:0|space:no|version:2.6.0|bleu_lab:0.2.0
"""

from __future__ import annotations

import string
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from . import fast
from .checks import References, Text, check_candidate_and_references, check_corpus, describe, keywords_checked
from .settings import ChrfSettings, built_once
from .style import muted, paragraph, row, signature_html, table, text

# Stand-in for an undefined precision, recall or F-score in eps mode (chrF++.py's value).
EPSILON = 1e-16
_PUNCTUATION = frozenset(string.punctuation)


# ---------------------------------------------------------------- statistics


def chrf_words(text: str) -> list:
    """Words for chrF++: whitespace split, then one edge punctuation mark split off.

    >>> chrf_words("Hello, world (hi) !")
    ['Hello', ',', 'world', '(hi', ')', '!']
    """
    words = []
    for word in text.split():
        if len(word) > 1 and word[-1] in _PUNCTUATION:
            words += [word[:-1], word[-1]]
        elif len(word) > 1 and word[0] in _PUNCTUATION:
            words += [word[0], word[1:]]
        else:
            words.append(word)
    return words


@dataclass(frozen=True)
class ChrfStats:
    """Per-order counts of one sentence or a corpus: ``values`` holds
    (candidate n-grams, reference n-grams, matches) for each character order,
    then each word order. Statistics add up: a corpus is the sum of its sentences."""

    values: tuple
    char_order: int
    word_order: int
    reference_index: int = 0
    n_references: int = 1
    sentences: int = 1

    def __add__(self, other: "ChrfStats") -> "ChrfStats":
        if not isinstance(other, ChrfStats):
            return NotImplemented
        if (self.char_order, self.word_order) != (other.char_order, other.word_order):
            raise ValueError("cannot add chrF statistics of different char_order / word_order")
        return ChrfStats(
            tuple(a + b for a, b in zip(self.values, other.values)),
            self.char_order, self.word_order, sentences=self.sentences + other.sentences,
        )

    def triples(self) -> list:
        """``values`` grouped per order: [(candidate n-grams, reference n-grams, matches), ...]."""
        return [tuple(self.values[k:k + 3]) for k in range(0, len(self.values), 3)]


def _f_beta(precision: float, recall: float, factor: float) -> float | None:
    """F_beta = (1 + beta^2) P R / (beta^2 P + R) with ``factor`` = beta^2 (Popovic 2015, section 2); None if 0/0."""
    denominator = factor * precision + recall
    return (1 + factor) * precision * recall / denominator if denominator > 0 else None


def chrf_score_from_values(values, *, beta=2, eps_smoothing=False, scale=1.0) -> float:
    """chrF on the 0-1 scale from flat per-order (candidate, reference, matches) counts.

    chrF_beta = (1 + beta^2) chrP chrR / (beta^2 chrP + chrR), chrP and chrR the
    means of the per-order precisions and recalls (Popovic 2015, section 2);
    with ``eps_smoothing`` the mean of the per-order F-scores instead. ``scale=100`` gives
    sacrebleu's number, with its order of operations (the scaling before the mean's division).

    >>> chrf_score_from_values([3, 3, 3, 2, 2, 1], beta=1)   # P = R = (1 + 1/2) / 2
    0.75
    """
    factor = beta ** 2
    orders = len(values) // 3
    f_sum = precision_sum = recall_sum = 0.0
    effective = 0
    for k in range(orders):
        candidate, reference, matches = values[3 * k: 3 * k + 3]
        precision = matches / candidate if candidate > 0 else EPSILON
        recall = matches / reference if reference > 0 else EPSILON
        f = _f_beta(precision, recall, factor)
        f_sum += EPSILON if f is None else f
        if candidate > 0 and reference > 0:
            precision_sum += precision
            recall_sum += recall
            effective += 1
    if eps_smoothing:
        return scale * f_sum / orders
    if effective == 0:
        return 0.0
    f = _f_beta(precision_sum / effective, recall_sum / effective, factor)
    return 0.0 if f is None else scale * f


def _sequences(text, lowercase: bool, whitespace: bool, with_words: bool) -> tuple:
    """``(characters, words)`` of a checked text: the string whose character n-grams are counted
    (whitespace removed unless ``whitespace``) and the words of chrF++ as a tuple (empty unless
    ``with_words``)."""
    if isinstance(text, str):
        if lowercase:
            text = text.lower()
        characters = text
        words = tuple(chrf_words(text)) if with_words else ()
    else:
        words = tuple(t.lower() for t in text) if lowercase else tuple(text)
        characters = " ".join(words)
        if not with_words:
            words = ()
    if not whitespace:
        characters = "".join(characters.split())
    return characters, words


def _ngram_counts(sequence, n: int) -> Counter:
    """The n-grams of a string (its substrings of n characters) or of a tuple of words, counted."""
    return Counter(sequence[i:i + n] for i in range(len(sequence) - n + 1))


def pair_counts(candidate: tuple, reference: tuple, char_order: int, word_order: int) -> list:
    """(candidate n-grams, reference n-grams, matches) for each character order 1..``char_order``, then
    each word order 1..``word_order``, flat: the counts of one candidate against one reference, each
    given as its ``(characters, words)``.

    The matches of an order are clipped: each n-gram counts min(its count in the candidate, its count
    in the reference) times (Popovic 2015, section 2). As in sacrebleu, an order the reference has no
    n-gram of counts no candidate n-grams either.

    >>> pair_counts(("acat", ()), ("thecat", ()), 2, 0)   # a, c, t match; then "ca", "at"
    [4, 6, 3, 3, 5, 2]
    """
    values = []
    for side, order in ((0, char_order), (1, word_order)):
        for n in range(1, order + 1):
            candidate_ngrams = _ngram_counts(candidate[side], n)
            reference_ngrams = _ngram_counts(reference[side], n)
            reference_total = sum(reference_ngrams.values())
            candidate_total = sum(candidate_ngrams.values()) if reference_total else 0
            values += [candidate_total, reference_total, sum((candidate_ngrams & reference_ngrams).values())]
    return values


def _counted_systems(systems, references, settings: ChrfSettings) -> list:
    """For each system (its checked candidates), the :class:`ChrfStats` of each candidate against the
    reference with the best sentence chrF among its checked references (``references[i]``, a list).

    Every (candidate, reference) pair is counted by :func:`pair_counts`; from
    :data:`bleu_lab.fast.FAST_FROM` characters of text on, the array engine counts them all at once
    (:func:`bleu_lab.fast.chrf.pair_counts_of_systems`, the same numbers).
    """
    with_words = settings.word_order > 0
    prepared_references = [
        [_sequences(r, settings.lowercase, settings.whitespace, with_words) for r in refs] for refs in references
    ]
    prepared_systems = [
        [_sequences(c, settings.lowercase, settings.whitespace, with_words) for c in candidates]
        for candidates in systems
    ]
    work = sum(len(text[0]) for texts in (*prepared_systems, *prepared_references) for text in texts)
    if work >= fast.FAST_FROM:
        from .fast.chrf import pair_counts_of_systems

        rows = pair_counts_of_systems(prepared_systems, prepared_references, settings.char_order, settings.word_order)
    else:
        rows = [
            [[pair_counts(c, r, settings.char_order, settings.word_order) for r in refs]
             for c, refs in zip(candidates, prepared_references)]
            for candidates in prepared_systems
        ]
    return [[_best_reference(sentence, settings) for sentence in system] for system in rows]


def sentence_chrf_statistics(candidate, references, *, char_order=6, word_order=0, beta=2,
                             lowercase=False, whitespace=False, eps_smoothing=False) -> ChrfStats:
    """Statistics of one checked candidate against the reference with the best sentence chrF."""
    settings = _settings(char_order, word_order, beta, lowercase, whitespace, eps_smoothing)
    return _sentence_statistics(candidate, references, settings)


def _sentence_statistics(candidate, references, settings: ChrfSettings) -> ChrfStats:
    """:func:`sentence_chrf_statistics` with the settings built: :func:`pair_counts` of the candidate
    against each reference, and the reference with the best sentence chrF."""
    with_words = settings.word_order > 0
    prepared = _sequences(candidate, settings.lowercase, settings.whitespace, with_words)
    rows = [
        pair_counts(prepared, _sequences(r, settings.lowercase, settings.whitespace, with_words),
                    settings.char_order, settings.word_order)
        for r in references
    ]
    return _best_reference(rows, settings)


def _best_reference(rows, settings: ChrfSettings) -> ChrfStats:
    """Of one candidate's counts against each reference (``rows``), the reference with the best
    sentence chrF (the first on a tie), as sacrebleu keeps it.

    The scores are compared as sacrebleu compares them, on its 0-100 scale: two references whose chrF
    is mathematically equal can differ in the last bit on the 0-1 scale but not after the x 100, or
    the other way round, and a different choice changes the corpus counts.
    """
    best_score, best_index = -1.0, 0
    if len(rows) > 1:
        for index, values in enumerate(rows):
            score = chrf_score_from_values(values, beta=settings.beta, eps_smoothing=settings.eps_smoothing,
                                           scale=100.0)
            if score > best_score:
                best_score, best_index = score, index
    return ChrfStats(tuple(rows[best_index]), settings.char_order, settings.word_order, reference_index=best_index,
                     n_references=len(rows))


# chrF's settings, checked once per set of keyword values (see bleu_lab.settings.built_once).
_CHRF_SETTINGS = built_once(ChrfSettings)


def _settings(char_order, word_order, beta, lowercase, whitespace, eps_smoothing) -> ChrfSettings:
    """The checked :class:`ChrfSettings` of these keywords (built and checked on their first use)."""
    try:
        return _CHRF_SETTINGS(char_order, word_order, beta, lowercase, whitespace, eps_smoothing)
    except TypeError:  # a value that cannot be a cache key (a list): ChrfSettings names the mistake
        return ChrfSettings(char_order, word_order, beta, lowercase, whitespace, eps_smoothing)


def count_chrf_systems(systems: Sequence[Sequence[Text]], references: Sequence[References], settings: ChrfSettings,
                       *, function: str = "count_chrf_systems") -> list:
    """Per-sentence chrF statistics of each system against the same references: one list per system.

    Each system is checked as :func:`corpus_chrf` checks it; a large input is counted against the
    references in one pass of the array engine (see :func:`_counted_systems`).
    """
    checked = [check_corpus(lines, references, function=function) for lines in systems]
    if not checked:
        return []
    return _counted_systems([candidates for candidates, _ in checked], checked[0][1], settings)


def sum_chrf_statistics(statistics: Sequence[ChrfStats]) -> ChrfStats:
    """The corpus statistics of its sentences' statistics: their counts added up, order by order."""
    first = statistics[0]
    return ChrfStats(tuple(map(sum, zip(*(s.values for s in statistics)))), first.char_order, first.word_order,
                     sentences=sum(s.sentences for s in statistics))


# ---------------------------------------------------------------- result


@dataclass(frozen=True)
class ChrfOrder:
    """The counts of one order; precision and recall are 0.0 when undefined."""

    kind: str  # "char" or "word"
    n: int
    candidate: int
    reference: int
    matches: int

    @property
    def precision(self) -> float:
        """chrP_n = matching n-grams / candidate n-grams (Popovic 2015, section 2)."""
        return self.matches / self.candidate if self.candidate else 0.0

    @property
    def recall(self) -> float:
        """chrR_n = matching n-grams / reference n-grams (Popovic 2015, section 2)."""
        return self.matches / self.reference if self.reference else 0.0

    @property
    def effective(self) -> bool:
        """Whether the order enters the default (effective-order) means."""
        return self.candidate > 0 and self.reference > 0


@dataclass(frozen=True)
class ChrfResult:
    """A chrF / chrF++ score (0-1 scale) with the per-order counts it came from.

    ``score`` equals sacrebleu's ``CHRF(...).sentence_score / corpus_score``
    divided by 100.
    """

    score: float
    statistics: ChrfStats
    beta: float = 2
    lowercase: bool = False
    whitespace: bool = False
    eps_smoothing: bool = False
    # References per sentence (a set of numbers for a corpus); None: that of the statistics.
    n_references: int | frozenset | set | None = None

    def to_dict(self) -> dict:
        """The numbers and settings as a plain dict (JSON-serialisable; a row of a pandas DataFrame), 0-1 scale."""
        from .style import plain_record

        return plain_record(self, ("name", "score", "average_precision", "average_recall", "char_precisions",
                                   "char_recalls", "word_precisions", "word_recalls", "char_order", "word_order",
                                   "beta", "lowercase", "whitespace", "eps_smoothing", "sentences", "signature"))

    @property
    def settings(self) -> ChrfSettings:
        """The keywords the score was computed with."""
        return ChrfSettings(self.char_order, self.word_order, self.beta, self.lowercase, self.whitespace,
                            self.eps_smoothing)

    @property
    def signature(self) -> str:
        """sacrebleu's chrF signature plus bleu_lab's version (Post 2018)."""
        nrefs = self.statistics.n_references if self.n_references is None else self.n_references
        return self.settings.signature(nrefs)

    @property
    def char_order(self) -> int:
        """The highest character n-gram order (6 by default)."""
        return self.statistics.char_order

    @property
    def word_order(self) -> int:
        """The highest word n-gram order: 0 for chrF, 2 for chrF++."""
        return self.statistics.word_order

    @property
    def sentences(self) -> int:
        """How many sentences the statistics were summed over."""
        return self.statistics.sentences

    @property
    def reference_index(self) -> int | None:
        """For one sentence: which reference was used (best sentence chrF). None for a corpus."""
        return self.statistics.reference_index if self.sentences == 1 else None

    @property
    def name(self) -> str:
        """sacrebleu's name: chrF, beta, then one "+" per word order ("chrF2", "chrF2++")."""
        return f"chrF{self.beta:g}" + "+" * self.word_order

    @property
    def orders(self) -> list:
        """One ChrfOrder per order: characters 1..char_order, then words 1..word_order."""
        rows = []
        for k, (c, r, m) in enumerate(self.statistics.triples()):
            kind, n = ("char", k + 1) if k < self.char_order else ("word", k + 1 - self.char_order)
            rows.append(ChrfOrder(kind, n, c, r, m))
        return rows

    @property
    def char_precisions(self) -> list:
        """chrP_n of each character order."""
        return [o.precision for o in self.orders if o.kind == "char"]

    @property
    def char_recalls(self) -> list:
        """chrR_n of each character order."""
        return [o.recall for o in self.orders if o.kind == "char"]

    @property
    def word_precisions(self) -> list:
        """The precision of each word order (chrF++)."""
        return [o.precision for o in self.orders if o.kind == "word"]

    @property
    def word_recalls(self) -> list:
        """The recall of each word order (chrF++)."""
        return [o.recall for o in self.orders if o.kind == "word"]

    @property
    def average_precision(self) -> float:
        """Mean precision over the effective orders (0.0 if none): chrP of the default formula."""
        used = [o.precision for o in self.orders if o.effective]
        return sum(used) / len(used) if used else 0.0

    @property
    def average_recall(self) -> float:
        """Mean recall over the effective orders (0.0 if none): chrR of the default formula."""
        used = [o.recall for o in self.orders if o.effective]
        return sum(used) / len(used) if used else 0.0

    def __str__(self) -> str:
        return (
            f"{self.name} = {self.score:.4f} (avg P = {self.average_precision:.4f} "
            f"avg R = {self.average_recall:.4f}) {self.signature}"
        )

    def __repr__(self) -> str:
        return f"<ChrfResult {self}>"

    def _final_step(self) -> str:
        b2 = f"{self.beta:g}^2"
        if self.eps_smoothing:
            return f"{self.name} = mean of the {len(self.orders)} per-order F-scores = {self.score:.4f}"
        return (
            f"{self.name} = (1 + {b2}) P R / ({b2} P + R) with P = {self.average_precision:.4f}, "
            f"R = {self.average_recall:.4f} (means over orders with n-grams on both sides) = {self.score:.4f}"
        )

    def _rows(self):
        factor = self.beta ** 2
        for o in self.orders:
            f = _f_beta(o.precision, o.recall, factor) or 0.0
            yield o, f

    def explain(self) -> str:
        """The per-order table (counts, precision, recall, F) and the final formula."""
        lines = [f"{'order':>8}  {'cand':>6}  {'ref':>6}  {'match':>6}  {'P':>7}  {'R':>7}  {'F':>7}"]
        for o, f in self._rows():
            lines.append(
                f"{o.kind + ' ' + str(o.n):>8}  {o.candidate:>6}  {o.reference:>6}  {o.matches:>6}  "
                f"{o.precision:>7.4f}  {o.recall:>7.4f}  {f:>7.4f}"
            )
        lines.append(self._final_step())
        lines.append(f"(sacrebleu prints {100 * self.score:.2f})")
        lines.append(f"signature: {self.signature}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        body = [
            row(f"{o.kind} {o.n}", str(o.candidate), str(o.reference), str(o.matches), f"{o.precision:.4f}",
                f"{o.recall:.4f}", f"{f:.4f}")
            for o, f in self._rows()
        ]
        return (
            f"<div class='bleu-lab-result'><b>{text(self.name)} = {self.score:.4f}</b> "
            + muted(f"(0-1 scale; sacrebleu shows {100 * self.score:.2f})")
            + table(body, header=("order", "cand", "ref", "match", "P", "R", "F"))
            + paragraph(text(self._final_step()), margin="4px 0")
            + f"{signature_html(self.signature)}</div>"
        )


# ---------------------------------------------------------------- public API


def chrf_from_stats(statistics: ChrfStats, *, beta: float = 2, lowercase: bool = False, whitespace: bool = False,
                    eps_smoothing: bool = False, n_references=None) -> ChrfResult:
    """Score summed statistics; ``lowercase``, ``whitespace`` and ``n_references`` (the number of references
    per sentence, for the signature) are only recorded in the result."""
    if not isinstance(statistics, ChrfStats):
        raise TypeError(f"statistics must be a ChrfStats object, not {describe(statistics)}")
    settings = ChrfSettings(statistics.char_order, statistics.word_order, beta, lowercase, whitespace, eps_smoothing)
    return _score(statistics, settings, n_references)


def _score(statistics: ChrfStats, settings: ChrfSettings, n_references=None) -> ChrfResult:
    score = chrf_score_from_values(statistics.values, beta=settings.beta, eps_smoothing=settings.eps_smoothing)
    return ChrfResult(score, statistics, settings.beta, settings.lowercase, settings.whitespace,
                      settings.eps_smoothing, n_references)


@keywords_checked
def chrf(candidate: Text, references: References, *, char_order: int = 6, word_order: int = 0, beta: float = 2,
         lowercase: bool = False, whitespace: bool = False, eps_smoothing: bool = False) -> ChrfResult:
    """Sentence chrF (Popovic 2015); ``word_order=2`` gives chrF++ (Popovic 2017).

    Same keywords and defaults as sacrebleu's ``CHRF``; the score is
    sacrebleu's ``sentence_score`` divided by 100. See the module docstring
    for the formula.

    >>> chrf("the cat sat", ["the cat sat down"], word_order=2).name
    'chrF2++'
    """
    settings = _settings(char_order, word_order, beta, lowercase, whitespace, eps_smoothing)
    candidate, references = check_candidate_and_references(candidate, references, function="chrf")
    return _score(_sentence_statistics(candidate, references, settings), settings)


@keywords_checked
def corpus_chrf(candidates: Sequence[Text], references: Sequence[References], *, char_order: int = 6,
                word_order: int = 0, beta: float = 2, lowercase: bool = False, whitespace: bool = False,
                eps_smoothing: bool = False) -> ChrfResult:
    """Corpus chrF / chrF++: the score of the per-order counts summed over all sentences.

    ``references[i]`` is the list of references of ``candidates[i]``. Equals
    sacrebleu's ``CHRF(...).corpus_score`` divided by 100 (sacrebleu takes
    reference streams; see ``references_from_streams``).

    >>> round(corpus_chrf(["the cat", "a dog"], [["the cat"], ["the dog"]]).score, 4)
    0.6383
    """
    settings = _settings(char_order, word_order, beta, lowercase, whitespace, eps_smoothing)
    (statistics,) = count_chrf_systems([candidates], references, settings, function="corpus_chrf")
    return _score(sum_chrf_statistics(statistics), settings, frozenset(s.n_references for s in statistics))


@keywords_checked
def system_chrf(systems: Mapping[str, Sequence[Text]], references: Sequence[References], *, char_order: int = 6,
                word_order: int = 0, beta: float = 2, lowercase: bool = False, whitespace: bool = False,
                eps_smoothing: bool = False) -> dict:
    """Corpus chrF (Popovic 2015) of each system against the same references: ``{name: ChrfResult}``.

    The numbers of ``corpus_chrf(systems[name], references, ...)``, but the references are prepared
    once and counted with several systems in each pass of the counting engine.

    >>> scores = system_chrf({"A": ["the cat"], "B": ["a dog"]}, [["the cat"]])
    >>> {name: round(result.score, 4) for name, result in scores.items()}
    {'A': 1.0, 'B': 0.0446}
    """
    settings = _settings(char_order, word_order, beta, lowercase, whitespace, eps_smoothing)
    if not isinstance(systems, Mapping) or not systems:
        raise TypeError(
            f"systems must be a non-empty mapping from a system name to its candidate lines, not "
            f"{describe(systems)}. Right: system_chrf({{'A': lines_a, 'B': lines_b}}, [[r] for r in reference_lines])"
        )
    counted = count_chrf_systems(list(systems.values()), references, settings, function="system_chrf")
    return {
        name: _score(sum_chrf_statistics(statistics), settings, frozenset(s.n_references for s in statistics))
        for name, statistics in zip(systems, counted)
    }
