"""The cases every lab check runs, and the right answers to them (computed by bleu_lab).

A case is one input for the student's function: the examples of Papineni et al. (2002)
and Lin (2004), then the edges (an empty candidate, a candidate shorter than n, repeated
words, several references, references tied in length). :func:`size` orders them: a
failing check reports its smallest failing case, the easiest to work through by hand, unless
the student's answer is a usual mistake that another failing case shows better (``Case.shows``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .mistakes import lcs_table_length, plain_counts


@dataclass(frozen=True)
class Case:
    """One input for the student's function; ``note`` explains the edge it tests.

    ``shows`` names the usual mistakes (HINTS keys) this case makes plain. A small edge case can
    give a mistake's answer only by accident (dividing by the reference's n-grams turns an empty
    candidate's (0, 0) into (0, 3)); when a check recognises one of these mistakes, it shows this
    case instead of a smaller one, if the student's answer here is that mistake's too.
    """

    label: str
    args: tuple
    note: str = ""
    on_error: str | None = None  # the HINTS key to give when the student's function raises here
    shows: tuple = ()
    edge: bool = False  # an input with nothing to count (empty, or fewer tokens than n)
    answer: object = None  # the right answer written down (a hand calculation), when no library computes it here

    @property
    def is_edge(self) -> bool:
        """Shown only when no ordinary case fails: there a bug is often just the general bug again."""
        return self.edge or self.on_error is not None


def _t(text: str) -> list:
    return text.split()


# Papineni et al. (2002), section 2.1, example 1 (lowercased, punctuation removed).
PAPER_CANDIDATE_1 = _t("it is a guide to action which ensures that the military always obeys the commands of the party")
PAPER_CANDIDATE_2 = _t("it is to insure the troops forever hearing the activity guidebook that party direct")
PAPER_REFERENCES = [
    _t("it is a guide to action that ensures that the military will forever heed party commands"),
    _t("it is the guiding principle which guarantees the military forces always being under the command of the party"),
    _t("it is the practical guide for the army always to heed the directions of the party"),
]
# Papineni et al. (2002), section 2.1, example 2.
PAPER_THE = _t("the the the the the the the")
CAT_REFERENCES = [_t("the cat is on the mat"), _t("there is a cat on the mat")]

_NOTE_SHORT = "The candidate has fewer than n tokens, so it has no n-grams at all."
_NOTE_EMPTY = "The candidate is empty: it has no n-grams and length c = 0."


def ngram_cases():
    return (
        Case("unigrams of a short sentence", (_t("the cat sat on the mat"), 1)),
        # Tells apart the slicing mistakes that one token cannot: the first n-gram missing, or the last.
        Case("bigrams of a short sentence", (_t("the cat sat on the mat"), 2),
             shows=("ngrams-missing-first", "ngrams-missing-last", "ngrams-missing-both", "ngrams-wrong-length",
                    "ngrams-ignores-n")),
        Case("a repeated bigram", (_t("the cat the cat"), 2), "('the', 'cat') occurs twice, so its count is 2."),
        Case("n equal to the sentence length", (_t("a b c"), 3), "Exactly one n-gram: the whole sentence."),
        Case("a sentence shorter than n", (_t("the cat"), 3), _NOTE_SHORT + " Return an empty Counter.", edge=True),
        Case("an empty sentence", ([], 1), "No tokens, no n-grams: return an empty Counter.", edge=True),
        Case("4-grams of candidate 1 of Papineni et al. (2002)", (PAPER_CANDIDATE_1, 4)),
        Case("one token", (_t("cat"), 1)),
    )


def precision_cases():
    return (
        Case("Papineni et al. (2002), section 2.1: candidate 1, unigrams (17/18 in the paper)",
             (PAPER_CANDIDATE_1, PAPER_REFERENCES, 1)),
        Case("Papineni et al. (2002), section 2.1: candidate 2, unigrams (8/14 in the paper)",
             (PAPER_CANDIDATE_2, PAPER_REFERENCES, 1)),
        Case("Papineni et al. (2002), section 2.1: seven times 'the' (2/7 in the paper)",
             (PAPER_THE, CAT_REFERENCES, 1),
             "'the' occurs 7 times in the candidate but at most twice in one reference.",
             # a recall divides by the first reference's 6 unigrams: 2/6 where the paper has 2/7
             shows=("mp-reference-total",)),
        Case("Papineni et al. (2002), section 2.1: candidate 1, bigrams (10/17 in the paper)",
             (PAPER_CANDIDATE_1, PAPER_REFERENCES, 2)),
        # BLEU's highest order; by hand: 15 4-grams, 4 of them in reference 1 (nltk's modified_precision: 4/15)
        Case("Papineni et al. (2002), section 2.1: candidate 1, 4-grams",
             (PAPER_CANDIDATE_1, PAPER_REFERENCES, 4),
             "18 tokens give 15 4-grams; 4 are in reference 1: 'it is a guide', 'is a guide to', "
             "'a guide to action' and 'ensures that the military'."),
        Case("repeated words against several references",
             (_t("the cat and the dog and the cat"), [_t("the dog"), _t("the cat and the cat")], 1),
             "Each word is clipped by its largest count in any one reference."),
        Case("a repeated bigram against several references",
             (_t("the cat the cat the cat"), [_t("the cat sat"), _t("the cat and the cat")], 2)),
        Case("a candidate shorter than n", (_t("the cat"), [_t("the cat sat down")], 4),
             _NOTE_SHORT + " Both numbers are 0.", edge=True),
        Case("an empty candidate", ([], [_t("the cat sat")], 1), _NOTE_EMPTY + " Both numbers are 0.", edge=True),
    )


def brevity_cases():
    return (
        Case("Papineni et al. (2002): the short candidate 'of the' against the three references",
             (_t("of the"), PAPER_REFERENCES)),
        Case("Papineni et al. (2002): candidate 1 has the length of reference 2",
             (PAPER_CANDIDATE_1, PAPER_REFERENCES)),
        Case("a candidate longer than its reference",
             (_t("the cat is on the mat today"), [_t("the cat is on the mat")]),
             "c = 7 > r = 6: a longer candidate is not penalized."),
        Case("a candidate shorter than its reference", (_t("the cat"), [_t("the cat is on the mat")]),
             "c = 2, r = 6: BP = exp(1 - 6/2)."),
        # r/c not whole: integer division (r // c) gives 1 here; one reference, so r is right either way
        Case("a candidate shorter than its reference, r/c not a whole number",
             (_t("the cat is on"), [_t("the cat is on the mat")]),
             "c = 4, r = 6: BP = exp(1 - 6/4) = exp(-0.5).", shows=("bp-integer-division",)),
        Case("several references: the closest length is neither the shortest nor the longest",
             (_t("the cat sat on mats"),
              [_t("a black cat was sitting on the mat today"), _t("the cat sat on the mat"), _t("cat sat")]),
             "c = 5; the reference lengths are 9, 6 and 2, so r = 6.", shows=("bp-longest", "bp-first")),
        Case("several references: the closest is not the first",
             (_t("cat on the mat"), [_t("cat sat"), _t("a black cat sat on the mat today"), _t("the cat sat on mat")]),
             "c = 4; the reference lengths are 2, 8 and 5, so r = 5.", shows=("bp-longest", "bp-first")),
        Case("two references equally close to c (a tie), the longer one listed first",
             (_t("the cat sat on mats"), [_t("the cat sat on the mat"), _t("the cat sat there")]),
             "c = 5; the references have 6 and 4 tokens, both 1 away from c."),
        Case("two references equally close to c (a tie), the shorter one listed first",
             (_t("cat on mat"), [_t("cat mat"), _t("a cat on mat")]),
             "c = 3; the references have 2 and 4 tokens, both 1 away from c."),
        Case("an empty candidate", ([], [_t("the cat sat")]),
             _NOTE_EMPTY + " r/c is undefined there: return 0.0 (BLEU is 0 anyway).", "bp-empty-candidate"),
    )


_NOTE_ZERO = "Some n-gram precision of this candidate is 0."


def sentence_cases():
    return (
        Case("a one-word substitution", (_t("a cat is on the mat"), [_t("the cat is on the mat")])),
        Case("Papineni et al. (2002), section 2.1: candidate 1 against the three references",
             (PAPER_CANDIDATE_1, PAPER_REFERENCES)),
        Case("repeated words against several references", (_t("the the the cat is on the mat"), CAT_REFERENCES),
             "'the' must be clipped by its largest count in one reference."),
        Case("a short candidate (brevity penalty)", (_t("the cat is on"), [_t("the cat is on the mat")]),
             "c = 4 < r = 6: BP = exp(1 - 6/4)."),
        Case("a candidate longer than its reference",
             (_t("the cat is on the mat today"), [_t("the cat is on the mat")])),
        Case("several references of different lengths",
             (_t("the cat sat on the mat"), [_t("the cat sat on the red mat"), _t("a black cat sat on the mat all day"),
                                             _t("the cat sat")]),
             "c = 6; the reference lengths are 7, 9 and 3, so r = 7."),
        Case("several references: the closest is not the first",
             (_t("the cat is on the mat"), [_t("the cat"), _t("the cat is on the big red mat"),
                                            _t("the cat is on the red mat")]),
             "c = 6; the reference lengths are 2, 8 and 7, so r = 7."),
        Case("two references equally close to c (a tie)",
             (_t("the cat is on mat"), [_t("the cat is on the mat"), _t("the cat is on")])),
        Case("Papineni et al. (2002), section 2.1: candidate 2, no matching 3-gram",
             (PAPER_CANDIDATE_2, PAPER_REFERENCES), _NOTE_ZERO, "bleu-zero-precision"),
        Case("a candidate shorter than 4 tokens", (_t("the cat"), [_t("the cat sat")]),
             "The candidate has no 3-grams or 4-grams: p3 = p4 = 0/0.", "bleu-empty-order"),
        Case("an empty candidate", ([], [_t("the cat sat")]), _NOTE_EMPTY + " Its BLEU is 0.", "bp-empty-candidate"),
    )


def corpus_cases():
    return (
        Case("Papineni et al. (2002), section 2.1: both candidates as a corpus",
             ([PAPER_CANDIDATE_1, PAPER_CANDIDATE_2], [PAPER_REFERENCES, PAPER_REFERENCES])),
        Case("a corpus of one sentence (equals its sentence BLEU)",
             ([_t("a cat is on the mat")], [[_t("the cat is on the mat")]])),
        Case("one long and one short sentence",
             ([_t("the cat is on the mat today"), _t("the dog is in the")],
              [[_t("the cat is on the mat")], [_t("the dog is in the garden now"), _t("a dog sits in the garden")]]),
             "c and r are summed over the corpus before the brevity penalty is applied.",
             # one sentence long, one short: per-sentence scores or penalties differ from the sums'
             shows=("corpus-average", "corpus-sentence-bp")),
        Case("three sentences with several references",
             ([_t("the the the cat is on the mat"), _t("there is a dog in the garden"),
               _t("a bird is singing in the tree")],
              [CAT_REFERENCES, [_t("a dog is in the garden"), _t("there is a dog in a garden")],
               [_t("a bird sings in the tree"), _t("in the tree a bird is singing")]])),
        Case("a tie in reference length inside a corpus",
             ([_t("the cat is on the mat"), _t("the dog is")],
              [[_t("the cat is on the mat")], [_t("the dog is in"), _t("the dog")]]),
             "The second candidate has 3 tokens and references of 4 and 2 tokens: on a tie, r is the shorter, 2."),
        Case("a sentence with no 4-gram match inside a corpus that has some",
             ([_t("the cat is on the mat"), _t("the dog sat in a garden")],
              [[_t("the cat is on the mat")], [_t("a dog sat in the garden")]]),
             "The second sentence alone has BLEU 0, but the corpus sums have no zero precision.",
             shows=("corpus-sentence-zero",)),
        Case("n-grams must not cross sentence boundaries",
             ([_t("the cat sat down"), _t("a dog ran away")], [[_t("the cat sat down")], [_t("then a dog ran away")]]),
             "'down a' runs from one sentence into the next: it is an n-gram of neither, so it is not counted. "
             "Every n-gram matches, and BLEU = BP = exp(1 - 9/8) (c = 8, r = 4 + 5 = 9).",
             shows=("corpus-concatenate",)),
        Case("a corpus with an empty candidate",
             ([_t("the cat is on the mat"), []], [[_t("the cat is on the mat")], [_t("a dog")]]),
             "The empty candidate adds 0 to c and to every total, and its closest reference length to r.",
             edge=True),
        Case("a corpus with no 4-gram match at all",
             ([PAPER_CANDIDATE_2, _t("the cat sat")], [PAPER_REFERENCES, [_t("the cat sat down")]]),
             "Summed over the corpus, p4 is still 0, so corpus BLEU is 0.", "bleu-zero-precision"),
    )


def rouge_cases():
    return (
        Case("Lin (2004): 'police kill the gunman' against 'police killed the gunman'",
             (_t("police kill the gunman"), _t("police killed the gunman"))),
        Case("a candidate longer than the reference",
             (_t("the cat was found under the bed"), _t("the cat was under the bed"))),
        Case("a candidate shorter than the reference", (_t("the cat sat"), _t("the cat sat on the mat"))),
        Case("repeated words", (_t("the the the the"), _t("the cat sat on the mat")),
             "'the' occurs 4 times in the candidate and twice in the reference: it overlaps twice."),
        Case("Lin (2004): word order does not matter for ROUGE-1",
             (_t("the gunman kill police"), _t("police killed the gunman"))),
        Case("words differing only in case", (_t("The cat"), _t("the cat")),
             "Tokens are compared as they are, with no lowercasing: 'The' is not 'the', so 1 of the 2 "
             "words matches each way."),
        Case("no word in common", (_t("a dog barked"), _t("the cat sat")),
             "P = R = 0, so P + R = 0: F is defined as 0 there.", "rouge-zero-division"),
        Case("an empty candidate", ([], _t("the cat sat")),
             "The candidate has no words: P = R = F = 0.", "rouge-zero-division"),
        Case("an empty reference", (_t("the cat sat"), []),
             "The reference has no words: P = R = F = 0.", "rouge-zero-division"),
    )


# ---------------------------------------------------------------- the correct answers (bleu_lab)


def expected_ngrams(tokens, n):
    from ..bleu.statistics import ngrams

    return plain_counts(ngrams(tokens, n))


def right_ngrams(tokens, n):
    """The right ``ngrams`` as a student's helper returns it, a Counter (callers may add or intersect it)."""
    return Counter(expected_ngrams(tokens, n))


def expected_precision(candidate, references, n):
    from ..bleu.metric import modified_precision

    result = modified_precision(candidate, references, n, tokenize="none")
    return (result.matches, result.total)


def expected_brevity(candidate, references):
    from ..bleu.metric import brevity_penalty

    return brevity_penalty(candidate, references, tokenize="none").value


def expected_sentence(candidate, references):
    from ..bleu.metric import sentence_bleu

    return sentence_bleu(candidate, references, tokenize="none").score


def expected_corpus(candidates, references):
    from ..bleu.metric import corpus_bleu

    return corpus_bleu(candidates, references, tokenize="none").score


def expected_rouge(candidate, reference):
    from ..rouge import rouge_n  # token lists are used as given: no lowercasing, no splitting

    result = rouge_n(candidate, [reference], n=1)
    return (result.precision, result.recall, result.fmeasure)


def size(args) -> int:
    """How big a case is: the number of tokens in its arguments (nested lists counted through)."""
    if isinstance(args, str):
        return 1
    if isinstance(args, (list, tuple)):
        return sum(size(item) for item in args)
    return 0


def right_version(name: str):
    """A right version of the lab function ``name`` that other lab functions call (``ngrams``,
    ``modified_precision``, ``brevity_penalty``), or None: what stands in for a student's helper that
    is wrong or missing (runner._repair), or that the grader stopped (grade._run_submission). Kept out
    of ``check``, the students' module."""
    return {"ngrams": right_ngrams, "modified_precision": expected_precision,
            "brevity_penalty": expected_brevity, "lcs_length": lcs_table_length}.get(name)


# ---------------------------------------------------------------- labs 3-7: ROUGE-L, chrF, TER, bootstrap, tau
#
# The right answers here come from the reference libraries (sacrebleu, nltk, scipy, numpy) when the
# check runs, or, for the longest common subsequence (rouge-score is an optional dependency), from a
# hand calculation written in the case (``answer``; tests/test_lab_checks.py compares each with
# rouge-score's own LCS table). None comes from bleu_lab's functions.

# Lin (2004), section 3.1: S1 is the reference, S2 and S3 the candidates.
LIN_REFERENCE = _t("police killed the gunman")
LIN_S2 = _t("police kill the gunman")
LIN_S3 = _t("the gunman kill police")


def lcs_cases():
    return (
        Case("Lin (2004), section 3.1: S2 against S1", (LIN_S2, LIN_REFERENCE),
             "'police the gunman' is in both, in order: LCS = 3.", answer=3),
        Case("Lin (2004), section 3.1: S3 against S1", (LIN_S3, LIN_REFERENCE),
             "Only 'the gunman' keeps its order: LCS = 2, although all but one word are shared.", answer=2,
             shows=("lcs-unigram-overlap",)),
        Case("a subsequence with a gap", (_t("the cat sat on the mat"), _t("the cat was sitting on the mat")),
             "'the cat on the mat' (5 words) is in both, with a gap; the longest unbroken run, 'on the mat', "
             "has 3.", answer=5, shows=("lcs-substring",)),
        Case("the first word matches late", (_t("b a c"), _t("a c b")),
             "'a c' (2 words) is the LCS; matching 'b' first leaves nothing after it.", answer=2,
             shows=("lcs-greedy",)),
        Case("repeated words", (_t("the the the"), _t("the cat the")), "'the the': LCS = 2.", answer=2),
        Case("one sequence reversed", (_t("a b c d e"), _t("e d c b a")),
             "Every word is shared, but no two in the same order: LCS = 1.", answer=1),
        Case("identical sentences", (_t("the cat sat"), _t("the cat sat")), answer=3),
        Case("no word in common", (_t("a dog barked"), _t("the cat sat")), answer=0),
        Case("an empty sequence", ([], _t("the cat sat")),
             "An empty sequence has no common subsequence but the empty one: 0.", answer=0, edge=True),
    )


def _lcs_prf(lcs: int, candidate_length: int, reference_length: int) -> tuple:
    """P = LCS / m, R = LCS / n, F = 2PR / (P + R) (Lin 2004, section 3.1, beta = 1); 0 where undefined."""
    precision = lcs / candidate_length if candidate_length else 0.0
    recall = lcs / reference_length if reference_length else 0.0
    f = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return (precision, recall, f)


def rouge_l_cases():
    return (
        # By hand: LCS 3 of 4 candidate and 4 reference words (Lin's ROUGE-L of S2, 3/4).
        Case("Lin (2004), section 3.1: S2 'police kill the gunman'", (LIN_S2, LIN_REFERENCE),
             answer=_lcs_prf(3, 4, 4)),
        # By hand: LCS 2 (Lin's ROUGE-L of S3, 2/4).
        Case("Lin (2004), section 3.1: S3 'the gunman kill police'", (LIN_S3, LIN_REFERENCE),
             "ROUGE-1 gives S3 3/4, like S2; ROUGE-L gives it 2/4 because the order is wrong.",
             answer=_lcs_prf(2, 4, 4), shows=("rouge-l-unigram",)),
        # By hand: LCS 5 ('the cat on the mat'), m = 6, n = 7.
        Case("a subsequence with a gap", (_t("the cat sat on the mat"), _t("the cat was sitting on the mat")),
             "LCS = 5 ('the cat on the mat'); the candidate has 6 words, the reference 7.",
             answer=_lcs_prf(5, 6, 7), shows=("rouge-l-substring", "rouge-swapped")),
        # By hand: the candidate holds the whole reference (6 words) plus 'found': m = 7.
        Case("a candidate longer than the reference",
             (_t("the cat was found under the bed"), _t("the cat was under the bed")), answer=_lcs_prf(6, 7, 6)),
        Case("one sequence reversed", (_t("a b c d e"), _t("e d c b a")), answer=_lcs_prf(1, 5, 5)),
        # By hand: 'cat sat' (2 of 3 words each way); matching 'the' first would leave nothing after it.
        Case("the first word matches late", (_t("the cat sat"), _t("cat sat the")), answer=_lcs_prf(2, 3, 3),
             shows=("lcs-greedy",)),
        Case("no word in common", (_t("a dog barked"), _t("the cat sat")),
             "P = R = 0, so P + R = 0: F is defined as 0 there.", "rouge-zero-division", answer=(0.0, 0.0, 0.0)),
        Case("an empty candidate", ([], _t("the cat sat")), "P = R = F = 0.", "rouge-zero-division",
             answer=(0.0, 0.0, 0.0)),
        Case("an empty reference", (_t("the cat sat"), []), "P = R = F = 0.", "rouge-zero-division",
             answer=(0.0, 0.0, 0.0)),
    )


def chrf_cases():
    return (
        Case("a one-word substitution", ("the cat sat on the mat", "the cat is on the mat")),
        Case("Lin's S2 as characters", ("police kill the gunman", "police killed the gunman"),
             "'kill' shares its character n-grams with 'killed': chrF gives partial credit."),
        Case("spaces do not count", ("the cat", "thecat"),
             "With the spaces removed both strings are 'thecat': chrF = 1.", shows=("chrf-spaces",)),
        Case("a word shorter than 6 characters", ("cat", "cats"),
             "'cat' has no 4-, 5- or 6-grams: average over the orders both strings have (1 to 3).",
             shows=("chrf-fixed-order",)),
        Case("repeated characters", ("aaaa", "aa"),
             "'a' occurs 4 times in the candidate, twice in the reference: 2 matches of order 1."),
        Case("a short candidate", ("the cat", "the cat sat on the mat"),
             "Every candidate n-gram matches (P = 1) but recall is low: beta = 2 weighs recall more.",
             shows=("chrf-beta-wrong-side", "chrf-beta-1")),
        Case("word order", ("the gunman kill police", "police killed the gunman")),
        Case("no character in common", ("xyz", "abc"), "No n-gram matches: chrF = 0.", "chrf-zero-division"),
        Case("an empty candidate", ("", "the cat"), "No n-grams in the candidate: chrF = 0.", "chrf-zero-division",
             edge=True),
    )


def edit_distance_cases():
    return (
        Case("a one-word substitution", (_t("the cat is on the mat"), _t("the cat sat on the mat"))),
        Case("a missing word", (_t("the cat"), _t("the black cat")), "One insertion."),
        Case("an extra word", (_t("the big black cat"), _t("the black cat")), "One deletion."),
        Case("a phrase moved", (_t("on the mat the cat sat"), _t("the cat sat on the mat")),
             "Levenshtein has no moves: the phrase costs deletions and insertions (TER counts one shift).",
             shows=("ed-shifts",)),
        Case("one word moved to the end", (_t("a b c d"), _t("b c d a")),
             "Delete 'a' at the start, insert it at the end: 2.", shows=("ed-shifts", "ed-positional")),
        Case("a substitution, not a deletion and an insertion", (_t("a b c"), _t("a x c")),
             "One substitution costs 1, not 2.", shows=("ed-substitution-2",)),
        Case("words, not characters", (_t("a big cat"), _t("a small cat")),
             "'big' for 'small' is one word substituted, however many letters differ.", shows=("ed-characters",)),
        Case("nothing in common", (_t("a dog barked loudly"), _t("the cat sat"))),
        Case("an empty hypothesis", ([], _t("the cat sat")), "Insert every reference word: 3.", edge=True),
        Case("an empty reference", (_t("the cat sat"), []), "Delete every hypothesis word: 3.", edge=True),
    )


# Koehn (2004) resamples test sentences: a small corpus with one reference each, every sentence
# sharing some 4-grams with its reference so that few resamples have a zero precision.
BOOTSTRAP_CANDIDATES = [
    _t("the cat is on the mat"),
    _t("there is a dog in the garden"),
    _t("a bird is singing in the tree"),
    _t("it is a guide to action which ensures that the military always obeys the commands of the party"),
    _t("the children are playing in the park today"),
    _t("he reads the newspaper every morning before work"),
]
BOOTSTRAP_REFERENCES = [
    _t("the cat sat on the mat"),
    _t("there is a dog in a garden"),
    _t("a bird is singing in a tree"),
    _t("it is a guide to action that ensures that the military will forever heed party commands"),
    _t("the children play in the park today"),
    _t("he reads the newspaper each morning before going to work"),
]


def bootstrap_cases():
    cands, refs = BOOTSTRAP_CANDIDATES, BOOTSTRAP_REFERENCES
    return (
        Case("six sentences, 200 samples", (cands, refs, 200, 1),
             shows=("boot-without-replacement", "boot-average-sentence-bleu")),
        Case("six sentences, 1000 samples (sacrebleu's default)", (cands, refs, 1000, 12345)),
        Case("six sentences, 40 samples: the ends are the 2nd and the 39th sorted score", (cands, refs, 40, 7),
             "B = 40: k = 40 // 40 = 1, so low = scores[1] and high = scores[38] of the sorted scores.",
             shows=("boot-percentile-interpolated",)),
        Case("five sentences, 300 samples", (cands[:5], refs[:5], 300, 2024)),
        Case("one sentence: every sample is that sentence", (cands[:1], refs[:1], 100, 5),
             "Each resample holds the one sentence n times: every score is its BLEU, so low = high.",
             edge=True),
    )


def kendall_cases():
    return (
        Case("no ties", ([1, 2, 3, 4, 5], [1, 3, 2, 5, 4]),
             "10 pairs: 8 concordant, 2 discordant, no ties: tau = (8 - 2) / 10 = 0.6."),
        Case("the opposite order", ([1, 2, 3, 4], [4, 3, 2, 1]), "Every pair discordant: tau = -1."),
        Case("ties in y (human scores often tie)", ([0.1, 0.4, 0.35, 0.8], [1, 1, 2, 2]),
             shows=("tau-a", "tau-gamma", "tau-ties-concordant")),
        Case("ties in both", ([0.8, 0.7, 0.6, 0.2, 0.65, 0.9], [0, 0, -1, -5, -1, 0]),
             shows=("tau-a", "tau-gamma")),
        Case("a pair tied in both", ([1, 1, 2, 3], [1, 1, 3, 2])),
        Case("two items", ([1.0, 2.0], [3.0, 5.0]), "One pair, concordant: tau = 1."),
        Case("metric scores on a 0-100 scale", ([34.5, 27.1, 30.2, 29.9, 25.0], [0.2, -0.1, 0.3, 0.1, -0.4]),
             "tau uses only the order of the scores, never their size."),
    )


def expected_chrf(candidate, reference):
    """sacrebleu's chrF (char_order 6, word_order 0, beta 2, spaces removed), on the 0-1 scale."""
    from sacrebleu.metrics import CHRF

    return CHRF(char_order=6, word_order=0, beta=2).sentence_score(candidate, [reference]).score / 100


def expected_edit_distance(hypothesis, reference):
    """nltk's word-level Levenshtein distance (substitution, insertion, deletion cost 1)."""
    from nltk.metrics.distance import edit_distance

    return edit_distance(list(hypothesis), list(reference))


def _sacrebleu_statistics(candidate, reference) -> list:
    """One sentence's [c, r, matches 1-4, totals 1-4], counted by sacrebleu (tokens joined by spaces)."""
    from sacrebleu.metrics import BLEU

    result = BLEU(tokenize="none", smooth_method="none").corpus_score([" ".join(candidate)], [[" ".join(reference)]])
    return [result.sys_len, result.ref_len, *result.counts, *result.totals]


def bootstrap_draws(n_sentences: int, n_samples: int, seed: int) -> list:
    """The resampled sentence indices, one list per sample, drawn with replacement by Python's
    ``random.Random(seed)``: ``rng.choices(range(n), k=n)`` for each sample in turn (the lab's protocol,
    so that a student's draws are these)."""
    import random

    rng = random.Random(seed)
    return [rng.choices(range(n_sentences), k=n_sentences) for _ in range(n_samples)]


def percentile_ends(scores) -> tuple:
    """The 95% percentile interval of B scores: the sorted scores at places k and B - 1 - k, k = B // 40
    (sacrebleu's places)."""
    ordered = sorted(scores)
    k = len(ordered) // 40
    return (ordered[k], ordered[len(ordered) - 1 - k])


def expected_bootstrap(candidates, references, n_samples, seed):
    """Koehn's (2004) percentile bootstrap of corpus BLEU: sacrebleu's statistics and BLEU, Python's draws."""
    from sacrebleu.metrics import BLEU

    rows = [_sacrebleu_statistics(c, r) for c, r in zip(candidates, references)]
    scores = []
    for draw in bootstrap_draws(len(rows), n_samples, seed):
        sums = [sum(rows[i][k] for i in draw) for k in range(10)]
        scores.append(BLEU.compute_bleu(sums[2:6], sums[6:10], sums[0], sums[1], smooth_method="none").score / 100)
    return percentile_ends(scores)


def expected_kendall(x, y):
    """scipy's Kendall tau-b (its default variant)."""
    from scipy.stats import kendalltau

    return float(kendalltau(x, y).statistic)
