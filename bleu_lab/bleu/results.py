"""Small immutable result objects that carry a score together with its parts.

Lists in the public fields (``precisions``, ``counts``, ``totals``) are
stored as tuples and handed out as fresh lists, so a result cannot be
changed after the fact.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..style import plain_record
from .explanation import bleu_html, explain_bleu, sentence_ngram_matches, unmatched_order_note
from .scoring import BleuSettings, brevity_penalty_value


@dataclass(frozen=True)
class PrecisionResult:
    """Modified n-gram precision of one order (Papineni et al. 2002, eq. in section 2.1).

    value = matches / total, where matches are clipped; 0.0 when total == 0.
    """

    n: int
    matches: int
    total: int
    ngrams: tuple = field(default=(), repr=False)  # NgramMatch records, for explanation

    @property
    def value(self) -> float:
        """p_n = clipped matches / candidate n-grams (Papineni et al. 2002, section 2.1); 0.0 when total == 0."""
        return self.matches / self.total if self.total else 0.0

    @property
    def unclipped_matches(self) -> int:
        """Candidate n-grams found in some reference, before clipping."""
        return sum(m.candidate_count for m in self.ngrams if m.reference_count > 0)

    @property
    def unclipped_value(self) -> float:
        """Plain n-gram precision, before clipping: unclipped_matches / total; 0.0 when total == 0.

        The precision Papineni et al. (2002, section 2.1) show to be fooled by repetition:
        "the the the the the the the" gets 7/7. ``value`` is the clipped (modified) precision
        that fixes it (2/7 against "the cat is on the mat").

        >>> from bleu_lab import modified_precision
        >>> p = modified_precision("the the the the the the the", ["the cat is on the mat"], 1)
        >>> (p.unclipped_value, round(p.value, 4))
        (1.0, 0.2857)
        """
        return self.unclipped_matches / self.total if self.total else 0.0

    def __str__(self) -> str:
        return f"p{self.n} = {self.matches}/{self.total} = {self.value:.4f}"


@dataclass(frozen=True)
class BrevityPenaltyResult:
    """The brevity penalty BP = 1 if c > r else exp(1 - r/c) (Papineni et al. 2002, 2.2.2 and 2.3); 0 when c = 0."""

    candidate_length: int
    reference_length: int

    @property
    def value(self) -> float:
        """BP = 1 if c > r else exp(1 - r/c) (Papineni et al. 2002, sections 2.2.2 and 2.3); 0 when c = 0."""
        return brevity_penalty_value(self.candidate_length, self.reference_length)

    def __str__(self) -> str:
        return f"BP = {self.value:.4f} (c = {self.candidate_length}, r = {self.reference_length})"


@dataclass(frozen=True)
class BleuResult:
    """A BLEU score with every number that went into it (0-1 scale).

    score = BP * exp(sum_n w_n log p_n)   (Papineni et al. 2002, section 2.3)
    """

    score: float
    _precisions: tuple
    _counts: tuple
    _totals: tuple
    brevity_penalty: float
    candidate_length: int
    reference_length: int
    weights: tuple
    settings: BleuSettings = field(default_factory=BleuSettings)
    used_orders: int = 4
    # How many references each sentence has (a set of numbers for a corpus); None from statistics alone.
    n_references: int | frozenset | set | None = None
    # For a single sentence: the tokens, so the explanation can show which n-grams matched.
    candidate_tokens: tuple | None = field(default=None, repr=False)
    reference_tokens: tuple | None = field(default=None, repr=False)
    sentences: int = 1

    @property
    def smoothing(self) -> str:
        """The smoothing method's name ("none", "exp", "method1", ...)."""
        return self.settings.smoothing

    @property
    def smooth_value(self) -> float | None:
        """The smoothing parameter used (the method's default when none was given)."""
        return self.settings.smooth_value

    @property
    def effective_order(self) -> bool:
        """Whether sacrebleu's effective order was used."""
        return self.settings.effective_order

    @property
    def tokenize(self) -> str | None:
        """The tokenizer's name; None for a score from statistics alone."""
        return self.settings.tokenize

    @property
    def lowercase(self) -> bool | None:
        """Whether the text was lowercased; None for a score from statistics alone."""
        return self.settings.lowercase

    @property
    def signature(self) -> str:
        """Every setting that can change the score, in sacrebleu's format plus bleu_lab's version (Post 2018)."""
        return self.settings.signature(self.n_references)

    @property
    def precisions(self) -> list:
        """The precision of each order as used in the formula (after smoothing)."""
        return list(self._precisions)

    @property
    def counts(self) -> list:
        """Clipped matches per order."""
        return list(self._counts)

    @property
    def totals(self) -> list:
        """Candidate n-grams per order."""
        return list(self._totals)

    @property
    def max_order(self) -> int:
        """N, the number of n-gram orders in the score."""
        return len(self._counts)

    @property
    def above_one(self) -> bool:
        """Whether the score or a precision is above 1: only nltk's methods 4-7 can do that (bleu_lab keeps nltk's
        number and says so in ``str``, ``explain()`` and the HTML view)."""
        return self.score > 1 or any(p > 1 for p in self._precisions)

    @property
    def geometric_mean(self) -> float:
        """exp(sum_n w_n log p_n): the score before the brevity penalty."""
        return self.score / self.brevity_penalty if self.brevity_penalty else 0.0

    def matched_ngrams(self, n: int) -> tuple:
        """The candidate's distinct n-grams of order ``n`` with their clipped counts (sentences only)."""
        return sentence_ngram_matches(self, n)

    def explain(self) -> str:
        """The step-by-step table: per order matches, total, precision; c, r, BP; mean; score."""
        return explain_bleu(self)

    def _repr_html_(self) -> str:
        return bleu_html(self)

    def __str__(self) -> str:
        unmatched = unmatched_order_note(self, short=True)
        precisions = "/".join(f"{p:.4f}" for p in self._precisions)
        ratio = self.candidate_length / self.reference_length if self.reference_length else float("inf")
        return (
            f"BLEU = {self.score:.4f} {precisions} (BP = {self.brevity_penalty:.4f} ratio = {ratio:.4f} "
            f"hyp_len = {self.candidate_length} ref_len = {self.reference_length}) "
            + (f"[above 1: nltk's {self.smoothing} rule] " if self.above_one else "")
            + (f"{unmatched} " if unmatched else "")
            + self.signature
        )

    def to_dict(self) -> dict:
        """The numbers and settings as a plain dict (JSON-serialisable; a row of a pandas DataFrame).

        Scores on the 0-1 scale, as the attributes; ``signature`` tells the settings in sacrebleu's format.
        """
        return plain_record(self, ("score", "precisions", "counts", "totals", "brevity_penalty", "candidate_length",
                                   "reference_length", "max_order", "weights", "smoothing", "smooth_value",
                                   "effective_order", "tokenize", "lowercase", "sentences", "signature"), "BLEU")

    def __repr__(self) -> str:
        return f"<BleuResult {self}>"
