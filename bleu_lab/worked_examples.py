"""Worked examples as text: the tables of ``python -m bleu_lab --clip|--brevity|--bleu|--rouge|--paper``.

Every number is computed by the package; the sentences are the classic cat/mat
examples (Papineni et al. 2002, section 2.1) in the rows a widely shared
worked-examples notebook prints them, and the paper's own Examples 2 and 1 under ``--paper``.
Tokens are the words split on spaces (the 13a tokenizer gives the same tokens
for these lowercase sentences without punctuation).

The module also holds :func:`seed_lab_bleu`, a deliberately wrong BLEU: a
reconstruction of the logic of a widely shared BLEU tutorial notebook (an
"ungraded lab" of an online course), with its two bugs, so
that notebook 04 can take it apart without carrying metric code of its own.

>>> print(clip_table().splitlines()[1])
== Clipping: a candidate cannot score by repeating a reference word ==
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .bleu.explanation import precision_and_brevity, smoothed_fractions

CAT_REFERENCES = ("the cat is on the mat", "there is a cat on the mat")
THE_CAT = "the cat is on the mat"
CHEAT = "the the the the the the the"
BREVITY_CANDIDATES = ("the", "the cat", "the cat is on", THE_CAT, "the cat is on the mat today for a while")
BLEU_CANDIDATES = (THE_CAT, "a cat is on the mat", "the cat sat on the mat", "on mat the cat is the")
ROUGE_CANDIDATES = (THE_CAT, "the cat", "the cat is on the mat and also on a fine rug", "the feline rests upon the rug")

_RULE = "-" * 62


def _heading(title: str) -> str:
    return f"\n== {title} ==\n"


def _words(text: str) -> list:
    return text.split()


def _texts(example: dict) -> list:
    """An example's candidate and numbered references, one line each."""
    return [f"candidate:   {example['candidate']}"] + [
        f"reference {i}: {reference}" for i, reference in enumerate(example["references"], 1)
    ]


# ----------------------------------------------------------------------------- --clip


def clip_table() -> str:
    """Plain against clipped unigram precision (Papineni et al. 2002, section 2.1).

    p1 = sum over unigrams of min(count in candidate, max count in one reference) / candidate unigrams.
    """
    import bleu_lab

    references = [_words(r) for r in CAT_REFERENCES]
    lines = [_heading("Clipping: a candidate cannot score by repeating a reference word")]
    lines += [f"reference {i}: {r}" for i, r in enumerate(CAT_REFERENCES, 1)]
    cheat = bleu_lab.modified_precision(_words(CHEAT), references, 1)
    lines.append("")
    lines.append(f"candidate: {CHEAT}")
    lines.append(
        f"Each of its {cheat.total} words is 'the', and 'the' is in a reference, so "
        f"plain precision = {cheat.unclipped_matches}/{cheat.total} = {cheat.unclipped_value:.4f}."
    )
    ceiling = cheat.ngrams[0].reference_count  # the most 'the' in any one reference
    lines.append(f"Clipping: no reference has 'the' more than {ceiling} times, so at most {ceiling} of them count.")
    lines.append("")
    lines.append(f"{'candidate':<30}{'clipped':>9}{'total':>8}{'p1':>9}")
    lines.append(_RULE[:56])
    for label, text in (("the the the ... (7 words)", CHEAT), (THE_CAT, THE_CAT)):
        p = bleu_lab.modified_precision(_words(text), references, 1)
        lines.append(f"{label:<30}{p.matches:>9}{p.total:>8}{p.value:>9.4f}")
    lines.append("")
    lines.append(f"clipped precision p1 = {cheat.matches}/{cheat.total} = {cheat.value:.4f} for the repeated word;")
    lines.append("without the clip a one-word loop would be a perfect translation.")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- --brevity


def brevity_rows() -> list:
    """(candidate, length c, p1, BP, p1 x BP) against the single reference "the cat is on the mat".

    p1 is the clipped unigram precision (Papineni et al. 2002, section 2.1), BP = 1 if c > r else
    exp(1 - r/c) (sections 2.2.2 and 2.3); the numbers are :func:`bleu_lab.bleu.explanation.precision_and_brevity`'s.
    """
    references = [_words(THE_CAT)]
    rows = []
    for text in BREVITY_CANDIDATES:
        row = precision_and_brevity(_words(text), references)
        rows.append((text, row.candidate_length, row.p1, row.brevity_penalty, row.product))
    return rows


def brevity_table() -> str:
    """p1 and the brevity penalty, BP = 1 if c > r else exp(1 - r/c) (Papineni et al. 2002, sections 2.2.2 and 2.3)."""
    rows = brevity_rows()
    r = len(_words(THE_CAT))
    lines = [_heading("Brevity penalty: BP = 1 if c > r else exp(1 - r/c)")]
    lines.append(f"reference: {THE_CAT}   (r = {r})")
    lines.append("")
    lines.append(f"{'candidate':<42}{'c':>3}{'p1':>9}{'BP':>9}{'p1 x BP':>10}")
    lines.append("-" * 73)
    for text, c, p1, bp, product in rows:
        lines.append(f"{text:<42}{c:>3}{p1:>9.4f}{bp:>9.4f}{product:>10.4f}")
    lines.append("")
    first = rows[0]
    lines.append(f"'{first[0]}' alone has p1 = {first[2]:.4f}: precision would rank it first. Its BP is")
    lines.append(
        f"BP = exp(1 - {r}/{first[1]}) = {first[3]:.4f}; "
        f"for 'the cat', BP = exp(1 - {r}/2) = {math.exp(1 - r / 2):.4f}."
    )
    lines.append("The penalty only ever lowers short candidates: a long one is already punished by precision,")
    lines.append("because its extra words find no match.")
    text, c, p1, bp, product = rows[-1]
    lines.append(f"The lengthened candidate has c = {c} tokens (a widely shared worked-examples notebook, outside")
    lines.append(f"this series, prints this table and says nine; count them: ten). c > r, so BP = {bp:.4f}, and the")
    lines.append(f"score still falls to {product:.4f}, through p1 alone.")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- --bleu


def bleu_table() -> str:
    """Sentence BLEU-4 of four candidates against the two cat/mat references (Papineni et al. 2002, 2.3).

    BLEU = BP * exp(sum_n 1/4 log p_n); 0 when any p_n is 0 (no smoothing).
    """
    import bleu_lab

    references = [_words(r) for r in CAT_REFERENCES]
    lines = [_heading("BLEU = BP * (p1 * p2 * p3 * p4) ** (1/4), step by step")]
    lines += [f"reference {i}: {r}" for i, r in enumerate(CAT_REFERENCES, 1)]
    for text in BLEU_CANDIDATES:
        result = bleu_lab.sentence_bleu(_words(text), references)
        lines.append("")
        lines.append(f"candidate: {text}")
        # p_n as clipped matches over candidate n-grams, then the formula with these numbers in it
        lines.append("  " + "   ".join(
            f"p{n} = {kept}/{total} = {p:.4f}"
            for n, (kept, total, p) in enumerate(zip(result.counts, result.totals, result.precisions), 1)
        ))
        lines.append(
            f"  c = {result.candidate_length}, closest reference r = {result.reference_length}, "
            f"BP = {result.brevity_penalty:.4f}"
        )
        product = " * ".join(f"{p:.4f}" for p in result.precisions)
        lines.append(f"  BLEU-4 = {result.brevity_penalty:.4f} * ({product}) ** (1/4) = {result.score:.4f}")
    lines.append("")
    lines.append("'a cat is on the mat': p3 = 3/4 and p4 = 2/3, so BLEU-4 = (3/4 * 2/3) ** (1/4) = 0.5 ** 0.25")
    lines.append(f"= {0.5 ** 0.25:.4f}. The last two candidates have no matching 4-gram: the geometric mean has a")
    lines.append("factor 0, and so does BLEU, however many words they got right. Scrambling keeps p1 = 1 and")
    lines.append("loses the longer n-grams: word order reaches BLEU only through them. A single sentence hits")
    lines.append("such zeros easily, which is why BLEU is a corpus score (notebook 05 shows smoothing).")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- --rouge


@dataclass(frozen=True)
class RougeRow:
    """One row of the ``--rouge`` table: BLEU-4 and ROUGE-1/2 (P, R, F) of a candidate."""

    candidate: str
    bleu: float
    rouge1: tuple  # (precision, recall, fmeasure)
    rouge2: tuple


def rouge_rows() -> list:
    """BLEU-4 and ROUGE-1/-2 of the four ``--rouge`` candidates against "the cat is on the mat" (Lin 2004)."""
    import bleu_lab

    rows = []
    for text in ROUGE_CANDIDATES:
        bleu = bleu_lab.sentence_bleu(_words(text), [_words(THE_CAT)]).score
        parts = []
        for n in (1, 2):
            r = bleu_lab.rouge_n(text, [THE_CAT], n)
            parts.append((r.precision, r.recall, r.fmeasure))
        rows.append(RougeRow(text, bleu, parts[0], parts[1]))
    return rows


def rouge_table() -> str:
    """BLEU (precision) against ROUGE-N (Lin 2004, section 2): recall = shared n-grams / reference n-grams."""
    rows = rouge_rows()
    lines = [_heading("ROUGE (Lin 2004): the same overlap, divided by the reference")]
    lines.append(f"reference: {THE_CAT}")
    lines.append("BLEU asks how much of the candidate is in the reference (precision);")
    lines.append("ROUGE-N recall asks how much of the reference is in the candidate.")
    recall = [f"{row.candidate:<46}{row.bleu:>8.4f}{row.rouge1[1]:>11.4f}{row.rouge2[1]:>11.4f}" for row in rows]
    lines += ["", f"{'candidate':<46}{'BLEU-4':>8}{'ROUGE-1 R':>11}{'ROUGE-2 R':>11}", "-" * 76, *recall, ""]
    lines.append("The ROUGE columns above are recall, as a widely shared worked-examples notebook (outside this")
    lines.append("series) prints these rows.")
    lines.append("With precision and F beside it:")
    lines += ["", f"{'candidate':<46}{'':>8}{'P':>8}{'R':>8}{'F':>8}", "-" * 78]
    for row in rows:
        for name, (p, r, f) in (("ROUGE-1", row.rouge1), ("ROUGE-2", row.rouge2)):
            label = row.candidate if name == "ROUGE-1" else ""
            lines.append(f"{label:<46}{name:>8}{p:>8.4f}{r:>8.4f}{f:>8.4f}")
    short, padded, paraphrase = rows[1], rows[2], rows[3]
    lines.append("")
    lines.append(f"'{short.candidate}' is short: BLEU-4 {short.bleu:.4f} (it has no 3-gram at all), while ROUGE-1")
    lines.append(f"recall {short.rouge1[1]:.4f} still credits the two words it has.")
    lines.append(f"'{padded.candidate}' is the fine-rug candidate: recall {padded.rouge1[1]:.4f}, since every")
    lines.append(f"reference word is there, but BLEU-4 {padded.bleu:.4f} and ROUGE-1 P {padded.rouge1[0]:.4f}.")
    lines.append("Recall alone pays a candidate for saying more; the F-measure needs precision too, so it does not.")
    lines.append(f"'{paraphrase.candidate}' means the same as the reference: BLEU-4 {paraphrase.bleu:.4f},")
    lines.append(
        f"ROUGE-2 {paraphrase.rouge2[1]:.4f}, ROUGE-1 recall {paraphrase.rouge1[1]:.4f}, "
        "and all of that from the two 'the'."
    )
    lines.append("No content word matched: counting shared strings cannot see a synonym.")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- --paper


def paper_table() -> str:
    """The paper's own examples, step by step: Papineni et al. (2002), section 2.1, Examples 2 and 1."""
    import bleu_lab

    lines = [_heading("The BLEU paper's examples (Papineni et al. 2002)")]
    cheat = bleu_lab.load_example("the_cheat")
    lines.append("Example 2 (section 2.1): a candidate that repeats one reference word.")
    lines.extend(_texts(cheat))
    precision = bleu_lab.modified_precision(cheat["candidate"], cheat["references"], 1)
    lines.append(
        f"p1 = {precision.matches}/{precision.total} = {precision.value:.4f}  (plain precision would be "
        f"{precision.unclipped_matches}/{precision.total}: 'the' counts at most as often as in one reference)"
    )
    lines.append("(The paper writes the references 'The cat is on the mat.' and 'There is a cat on the mat.'; its")
    lines.append(" count ignores case and the period, so the lowercase words give the same 2/7.)")
    lines.append("")
    lines.append("Not in the paper, bleu_lab's own: each word is clipped by its own best reference.")
    two = bleu_lab.load_example("two_clips")
    lines.extend(_texts(two))
    precision = bleu_lab.modified_precision(two["candidate"], two["references"], 1)
    for match in precision.ngrams:
        lines.append(
            f"  {' '.join(match.ngram)!r}: {match.candidate_count} in the candidate, at most "
            f"{match.reference_count} in one reference -> counts {match.clipped}"
        )
    lines.append(f"p1 = {precision.matches}/{precision.total} = {precision.value:.4f}")
    first = bleu_lab.load_example("paper_guide_1")
    words = first["candidate"].rstrip(".").split()
    reference_words = [r.rstrip(".").split() for r in first["references"]]
    paper = bleu_lab.modified_precision(words, reference_words, 1)
    lines.append("")
    lines.append(
        f"The paper counts words only: Candidate 1 has p1 = {paper.matches}/{paper.total}. "
        "With the 13a tokenizer the final period is a token too, so the counts below differ by one."
    )
    labels = (("paper_guide_1", "Candidate 1, the better one"), ("paper_guide_2", "Candidate 2, the worse one"))
    for key, label in labels:
        example = bleu_lab.load_example(key)
        result = bleu_lab.sentence_bleu(example["candidate"], example["references"])
        lines.append("")
        lines.append(f"-- {label}")
        lines.append(result.explain())
    worse = bleu_lab.load_example("paper_guide_2")
    smoothed = bleu_lab.sentence_bleu(worse["candidate"], worse["references"], smoothing="exp")
    lines.append("")
    lines.append(
        f"With smoothing='exp' (sacrebleu's sentence default) Candidate 2 scores {smoothed.score:.4f} instead of 0: "
        "an order with no match no longer zeroes the geometric mean."
    )
    return "\n".join(lines)


EXAMPLES: dict[str, Callable[[], str]] = {
    "clip": clip_table,
    "brevity": brevity_table,
    "bleu": bleu_table,
    "rouge": rouge_table,
    "paper": paper_table,
}

FLAG_HELP = {
    "clip": "clipped counts: seven 'the' against 'the cat is on the mat'",
    "brevity": "the brevity penalty for five candidate lengths",
    "bleu": "BLEU-4 of four cat/mat candidates, order by order",
    "rouge": "ROUGE-1/2 (recall, then P/R/F) beside BLEU-4, and the paraphrase",
    "paper": "the BLEU paper's Examples 2 and 1, step by step",
}


def run_examples(selected) -> str:
    """The text of the selected worked examples (all when none is selected), in the order of EXAMPLES."""
    names = [name for name in EXAMPLES if name in selected] or list(EXAMPLES)
    return "\n".join(EXAMPLES[name]() for name in names).lstrip("\n")


# ----------------------------------------------------------------------------- a BLEU with two bugs


@dataclass(frozen=True)
class SeedLabBleu:
    """The parts of :func:`seed_lab_bleu`: per-order (matches, reference n-grams), the BP it used, its score."""

    matches: tuple
    reference_totals: tuple
    brevity_penalty: float
    score: float

    @property
    def recalls(self) -> list:
        """matches / reference n-grams per order: what the tutorial called precision."""
        return [m / t if t else 0.0 for m, t in zip(self.matches, self.reference_totals)]


def seed_lab_bleu(reference: Sequence[str], candidate: Sequence[str], max_order: int = 4) -> SeedLabBleu:
    """A wrong BLEU, on purpose: the logic of a widely shared BLEU tutorial notebook, with its two bugs.

    Argument order as in that notebook: reference tokens first, candidate tokens second.

    Bug 1 (the "precision"): for each reference n-gram it keeps min(count in reference, count in
    candidate) and divides the sum by the number of *reference* n-grams. The numerator is the
    clipped overlap, symmetric in the two sentences; the denominator makes it a recall. Right:
    divide by the number of candidate n-grams (Papineni et al. 2002, section 2.1).

    Bug 2 (the brevity test): BP = 1 when the reference is longer than the candidate, and
    exp(1 - r/c) otherwise, which is 1 or more. Right: BP = 1 when c > r, exp(1 - r/c) < 1
    when c <= r (sections 2.2.2 and 2.3).

    When the reference is longer than the candidate, both bugs together give exactly BLEU of the
    reference scored against the candidate, the swapped call. Not for use: bleu_lab.sentence_bleu
    is the real thing.

    >>> wrong = seed_lab_bleu("the cat is on the mat".split(), "the cat".split(), max_order=2)
    >>> wrong.recalls, wrong.brevity_penalty
    ([0.3333333333333333, 0.2], 1.0)
    """
    from .bleu.statistics import ngrams

    matches, totals = [], []
    for n in range(1, max_order + 1):
        reference_counts = ngrams(list(reference), n)
        candidate_counts = ngrams(list(candidate), n)
        matches.append(sum(min(count, candidate_counts[gram]) for gram, count in reference_counts.items()))
        totals.append(sum(reference_counts.values()))  # bug 1: the reference's count
    r, c = len(reference), len(candidate)
    if c == 0:
        raise ValueError("seed_lab_bleu needs a non-empty candidate: its (wrong) BP divides by the candidate length")
    bp = 1.0 if r > c else math.exp(1 - r / c)  # bug 2: the test is the wrong way round
    ratios = [m / t if t else 0.0 for m, t in zip(matches, totals)]
    mean = 0.0 if min(ratios) == 0 else math.exp(sum(math.log(p) for p in ratios) / max_order)
    return SeedLabBleu(tuple(matches), tuple(totals), bp, bp * mean)


__all__ = [
    "EXAMPLES",
    "FLAG_HELP",
    "RougeRow",
    "SeedLabBleu",
    "bleu_table",
    "brevity_rows",
    "brevity_table",
    "clip_table",
    "paper_table",
    "rouge_rows",
    "rouge_table",
    "run_examples",
    "seed_lab_bleu",
]


# ----------------------------------------------------------------------------- smoothing, order by order


def smoothing_table(candidate, references, methods=("none", "floor", "add-k", "exp")) -> str:
    """One candidate under sacrebleu's four smoothing methods: per order, the fraction used and its value."""
    import bleu_lab

    lines = [f"candidate: {candidate}"] + [f"reference: {r}" for r in references]
    for method in methods:
        result = bleu_lab.sentence_bleu(candidate, references, smoothing=method)
        setting = "" if result.smooth_value is None else f" ({result.smooth_value:g})"
        lines.append("")
        lines.append(f"smoothing={method!r}{setting}: BLEU = {result.score:.4f}")
        for n, (text, value) in enumerate(zip(smoothed_fractions(result), result.precisions), 1):
            lines.append(f"  p{n} = {text:<34} = {value:.4f}")
    return "\n".join(lines)
