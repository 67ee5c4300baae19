"""`python -m bleu_lab --clip | --brevity | --bleu | --rouge` print the worked-example tables row for row.

The rows are those of the cat/mat worked examples in the worked-examples notebook the project started from
(seed 003); every expected value is computed here by sacrebleu or rouge-score, or by hand
arithmetic written in the test, never by bleu_lab.
"""

from __future__ import annotations

import math
import subprocess
import sys

import pytest
import sacrebleu
from rouge_score import rouge_scorer

from bleu_lab.cli import main
from bleu_lab.worked_examples import seed_lab_bleu

REFERENCES = ["the cat is on the mat", "there is a cat on the mat"]


def run(capsys, *flags):
    assert main(list(flags)) == 0
    return capsys.readouterr().out


def sacre(candidate, references):
    """sacrebleu's corpus BLEU of one sentence on the 0-1 scale, no smoothing (as the tables)."""
    return sacrebleu.corpus_bleu([candidate], [[r] for r in references], smooth_method="none").score / 100


def test_clip_rows(capsys):
    out = run(capsys, "--clip")
    # the the the ... : 'the' at most twice in one reference -> 2 of 7; the exact sentence: 6 of 6
    assert f"{'the the the ... (7 words)':<30}{2:>9}{7:>8}{2 / 7:>9.4f}" in out
    assert f"{'the cat is on the mat':<30}{6:>9}{6:>8}{1.0:>9.4f}" in out
    assert "plain precision = 7/7 = 1.0000" in out
    assert "== Brevity penalty" not in out


@pytest.mark.parametrize(
    "candidate, c, p1",
    [("the", 1, 1.0), ("the cat", 2, 1.0), ("the cat is on", 4, 1.0), ("the cat is on the mat", 6, 1.0),
     ("the cat is on the mat today for a while", 10, 6 / 10)],
)
def test_brevity_rows(capsys, candidate, c, p1):
    out = run(capsys, "--brevity")
    bp = 1.0 if c > 6 else math.exp(1 - 6 / c)
    assert sacrebleu.corpus_bleu([candidate], [["the cat is on the mat"]]).bp == pytest.approx(bp)
    assert f"{candidate:<42}{c:>3}{p1:>9.4f}{bp:>9.4f}{p1 * bp:>10.4f}" in out


def test_brevity_values_of_the_notes_and_the_ten_tokens(capsys):
    out = run(capsys, "--brevity")
    for value in ("0.0067", "0.1353", "0.6065", "1.0000", "0.6000"):
        assert value in out
    assert len("the cat is on the mat today for a while".split()) == 10
    assert "c = 10 tokens" in out and "says nine; count them: ten" in out


@pytest.mark.parametrize(
    "candidate", ["the cat is on the mat", "a cat is on the mat", "the cat sat on the mat", "on mat the cat is the"]
)
def test_bleu_rows(capsys, candidate):
    out = run(capsys, "--bleu")
    theirs = sacrebleu.corpus_bleu([candidate], [[r] for r in REFERENCES], smooth_method="none")
    block = out.split(f"candidate: {candidate}\n", 1)[1].split("\n\n", 1)[0]
    precisions = [theirs.counts[n] / theirs.totals[n] for n in range(4)]
    for n, p in enumerate(precisions):
        assert f"p{n + 1} = {theirs.counts[n]}/{theirs.totals[n]} = {p:.4f}" in block
    assert f"c = {theirs.sys_len}, closest reference r = {theirs.ref_len}, BP = {theirs.bp:.4f}" in block
    product = " * ".join(f"{p:.4f}" for p in precisions)
    assert f"BLEU-4 = {theirs.bp:.4f} * ({product}) ** (1/4) = {theirs.score / 100:.4f}" in block


def test_bleu_a_cat_is_the_fourth_root_of_a_half(capsys):
    out = run(capsys, "--bleu")
    # p3 = 3/4 and p4 = 2/3, p1 = p2 = 1, BP = 1: (3/4 * 2/3) ** (1/4) = 0.5 ** 0.25
    assert f"(1.0000 * 1.0000 * 0.7500 * 0.6667) ** (1/4) = {0.5 ** 0.25:.4f}" in out and "0.8409" in out


ROUGE_ROWS = [
    "the cat is on the mat",
    "the cat",
    "the cat is on the mat and also on a fine rug",
    "the feline rests upon the rug",
]


@pytest.mark.parametrize("candidate", ROUGE_ROWS)
def test_rouge_rows(capsys, candidate):
    out = run(capsys, "--rouge")
    scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2"])
    scores = scorer.score("the cat is on the mat", candidate)  # rouge-score: (target, prediction)
    bleu = sacre(candidate, ["the cat is on the mat"])
    # The first table shows recall, as that notebook's table does; the second P, R, F.
    assert f"{candidate:<46}{bleu:>8.4f}{scores['rouge1'].recall:>11.4f}{scores['rouge2'].recall:>11.4f}" in out
    r1, r2 = scores["rouge1"], scores["rouge2"]
    assert f"{candidate:<46}{'ROUGE-1':>8}{r1.precision:>8.4f}{r1.recall:>8.4f}{r1.fmeasure:>8.4f}" in out
    assert f"{'':<46}{'ROUGE-2':>8}{r2.precision:>8.4f}{r2.recall:>8.4f}{r2.fmeasure:>8.4f}" in out


def test_rouge_padded_and_paraphrase_values(capsys):
    out = run(capsys, "--rouge")
    padded = (6 / 12 * 5 / 11 * 4 / 10 * 3 / 9) ** 0.25  # by hand: 6/12, 5/11, 4/10, 3/9
    assert f"{padded:.4f}" == "0.4172" and "BLEU-4 0.4172" in out
    assert "BLEU-4 0.0000" in out and "ROUGE-2 0.0000, ROUGE-1 recall 0.3333" in out  # 2 of 6 ('the' twice)
    assert "are recall" in out


def test_all_and_paper(capsys):
    out = run(capsys)
    for heading in ("== Clipping:", "== Brevity penalty", "== BLEU = BP", "== ROUGE", "== The BLEU paper"):
        assert heading in out
    paper = run(capsys, "--paper")
    assert "p1 = 17/18" in paper  # Papineni et al. 2002, Example 1
    # Example 2 of the paper: seven 'the', at most two in one reference -> 2/7.
    assert "Example 2 (section 2.1)" in paper and "p1 = 2/7 = 0.2857" in paper
    # bleu_lab's own two-reference clipping example must not be passed off as the paper's.
    own = paper.index("the the the cat cat cat")
    assert "Not in the paper" in paper[paper.index("p1 = 2/7"):own]


def test_python_dash_m_rouge():
    process = subprocess.run([sys.executable, "-m", "bleu_lab", "--rouge"], capture_output=True, text=True, timeout=120)
    assert process.returncode == 0, process.stderr
    assert "the feline rests upon the rug" in process.stdout


# ----------------------------------------------------------------------------- the seed lab's two bugs

NASA = "The NASA Opportunity rover is battling a massive dust storm on planet Mars."
CANDIDATES = ["The Opportunity rover is combating a big sandstorm on planet Mars.",
              "A NASA rover is fighting a massive storm on planet Mars."]


@pytest.mark.parametrize("candidate", CANDIDATES)
def test_the_two_bugs_give_exactly_the_swapped_score(candidate):
    from nltk.tokenize import word_tokenize

    def tokens(text):
        return word_tokenize(text.lower(), preserve_line=True)  # the lab's lowercased nltk tokens

    swapped = sacrebleu.sentence_bleu(NASA, [candidate]).score / 100
    right = sacrebleu.sentence_bleu(candidate, [NASA]).score / 100
    wrong = seed_lab_bleu(tokens(NASA), tokens(candidate))
    assert wrong.score == pytest.approx(swapped, abs=1e-12)
    assert wrong.score != pytest.approx(right, abs=1e-3)
    assert wrong.brevity_penalty == 1.0  # the reference is the longer one: the inverted test says 1


# ----------------------------------------------------------------------------- smoothing, order by order


@pytest.mark.parametrize("method", ["none", "floor", "add-k", "exp"])
@pytest.mark.parametrize("candidate, reference", [("the cat sat on the mat", "the cat is on the mat"),
                                                   ("a dog sat on a rug", "the cat sat on the mat")])
def test_smoothed_fractions_are_sacrebleus_precisions(method, candidate, reference):
    from fractions import Fraction

    from sacrebleu.metrics import BLEU

    from bleu_lab.worked_examples import smoothing_table

    theirs = BLEU(smooth_method=method).sentence_score(candidate, [reference])
    table = smoothing_table(candidate, [reference], methods=(method,))
    for n, line in enumerate([line for line in table.splitlines() if line.startswith("  p")]):
        text, shown = line.split("=", 1)[1].rsplit("=", 1)
        # evaluate the printed fraction by hand: "(3 + 1) / (5 + 1)", "0.1 / 3", "1 / (2^1 x 3)"
        value = float(eval(text.replace("^", "**").replace(" x ", " * ").replace("(no", "#"), {"Fraction": Fraction}))
        assert value == pytest.approx(theirs.precisions[n] / 100), line
        assert float(shown) == pytest.approx(theirs.precisions[n] / 100, abs=5e-5), line


def test_precision_and_brevity_table_by_hand():
    from bleu_lab.show.plotting import precision_and_brevity_table

    rows = precision_and_brevity_table(["the", "the cat is on the mat today for a while"], ["the cat is on the mat"])
    assert rows[0] == pytest.approx((1, 6, 1.0, math.exp(1 - 6 / 1), math.exp(-5)))
    assert rows[1] == pytest.approx((10, 6, 0.6, 1.0, 0.6))  # 6 of 10 words match; c > r


def test_the_inverted_brevity_test_gives_a_bonus_when_the_candidate_is_longer():
    wrong = seed_lab_bleu("the cat".split(), "the cat is on the mat".split(), max_order=2)
    assert wrong.brevity_penalty == pytest.approx(math.exp(1 - 2 / 6))  # 1.9477 > 1: no real BP can be
    assert wrong.recalls == [1.0, 1.0]  # both words and the bigram of the 'reference' are covered
    with pytest.raises(ValueError, match="non-empty candidate"):
        seed_lab_bleu(["a"], [])


def test_precision_and_brevity_table_refuses_a_bare_string():
    from bleu_lab.show.plotting import precision_and_brevity_table

    # A string of candidates would be read one character at a time.
    with pytest.raises(TypeError, match=r"candidates is a single string.*Right: precision_and_brevity_table\(\['the"):
        precision_and_brevity_table("the cat", ["the cat is on the mat"])


@pytest.mark.parametrize(
    ("candidates", "references", "error", "message"),
    [
        (["the cat", None], ["the cat sat"], TypeError, r"^candidates\[1\] is None"),
        (["the cat", b"the cat"], ["the cat sat"], TypeError, r"^candidates\[1\] is bytes"),
        (["the cat"], "the cat sat", TypeError, r"^references is a single string.*\(candidates, \['the cat sat'\]\)"),
        (["the cat"], [], ValueError, r"^references is empty"),
    ],
)
def test_precision_and_brevity_table_names_the_wrong_argument(candidates, references, error, message):
    from bleu_lab.show.plotting import precision_and_brevity_table

    # The table's own call is shown, not that of the one-candidate function it uses.
    with pytest.raises(error, match=message) as raised:
        precision_and_brevity_table(candidates, references)
    assert "modified_precision" not in str(raised.value)
    assert "precision_and_brevity_table(" in str(raised.value)


def test_brevity_rows_are_sacrebleus_unigram_bleu():
    from bleu_lab.worked_examples import brevity_rows

    unigram = sacrebleu.metrics.BLEU(max_ngram_order=1, smooth_method="none")
    for text, c, p1, bp, product in brevity_rows():
        assert abs(product - unigram.sentence_score(text, ["the cat is on the mat"]).score / 100) < 1e-9
        assert c == len(text.split()) and product == pytest.approx(p1 * bp)
