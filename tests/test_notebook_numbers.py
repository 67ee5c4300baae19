"""The worked numbers of the notebook series are in the stored outputs, and they are right.

For each key number, two checks:

1. the number is computed now by sacrebleu, nltk or rouge-score (or by hand
   arithmetic written here) and agrees with bleu_lab;
2. that value, formatted as the notebook prints it, is in the stored outputs
   (streams and ``text/plain``, what nbval compares) of the right notebook.

So a notebook whose outputs went stale, or whose code changed what it shows,
fails here with the number named. nbval then checks that re-running the
notebook still prints what is stored. A last test checks that the numbers in
the prose (before the exercises) appear in the outputs too.
"""

from __future__ import annotations

import json
import logging
import math
import re
import sys
import warnings
from pathlib import Path

import pytest
import sacrebleu
from nltk.translate import bleu_score as nltk_bleu
from rouge_score import rouge_scorer

import bleu_lab
from bleu_lab.examples import load_example

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"

NB00 = "00_start_here.ipynb"
NB01 = "01_ngrams_and_clipped_precision.ipynb"
NB02 = "02_brevity_penalty.ipynb"
NB03 = "03_bleu_formula.ipynb"
NB04 = "04_bleu_nasa_example.ipynb"
NB05_SMOOTHING = "05_sentence_bleu_and_smoothing.ipynb"
NB06_ROUGE = "06_rouge.ipynb"
NB07_CHRF = "07_chrf.ipynb"
NB08_TER = "08_ter_and_wer.ipynb"
NB09_EMBEDDINGS = "09_paraphrases_and_embeddings.ipynb"
NB11 = "11_tokenization.ipynb"

CAT_MAT_REFERENCES = ["the cat is on the mat", "there is a cat on the mat"]
TOLERANCE = 1e-9


def stored_lines(name: str) -> list[str]:
    """Every line of the stored stream and text/plain outputs of a notebook."""
    path = NOTEBOOKS / name
    if not path.exists():
        pytest.fail(f"notebooks/{name} is missing")
    notebook = json.loads(path.read_text(encoding="utf-8"))
    lines = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream":
                text = output.get("text", "")
            else:
                text = output.get("data", {}).get("text/plain", "")
            lines.extend(("".join(text) if isinstance(text, list) else text).splitlines())
    return lines


def assert_shown(name: str, *needles: str) -> None:
    """Some stored output line of notebook ``name`` contains every needle."""
    if not any(all(needle in line for needle in needles) for line in stored_lines(name)):
        pytest.fail(
            f"notebooks/{name}: no stored output line contains all of {needles!r}. Either the notebook no "
            f"longer shows this number, or its outputs are stale (re-run `make notebooks`)."
        )


def assert_markdown(name: str, *needles: str) -> None:
    """The markdown of notebook ``name`` (its lines joined by spaces) contains every needle."""
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    text = " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown").replace("\n", " ")
    for needle in needles:
        assert needle in text, f"notebooks/{name}: the markdown no longer says {needle!r}"


def sacrebleu_corpus(candidate: str, references: list[str], **keywords):
    """sacrebleu's BLEU of one sentence as a corpus (no effective order), 0-100."""
    return sacrebleu.corpus_bleu([candidate], [[r] for r in references], **keywords)


def nltk_sentence(references: list[list[str]], hypothesis: list[str], method: str = "method0") -> float:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nltk warns when an order has no match
        smoothing = getattr(nltk_bleu.SmoothingFunction(), method)
        return nltk_bleu.sentence_bleu(references, hypothesis, smoothing_function=smoothing)


def tokens(text: str) -> list[str]:
    """13a tokens, as sacrebleu makes them (the notebooks give nltk these)."""
    return sacrebleu.tokenizers.tokenizer_13a.Tokenizer13a()(text).split()


# --------------------------------------------------------------------------- 00
def test_00_the_first_score():
    candidate = load_example("a_cat_mat")["candidate"]
    expected = (1 * 1 * 3 / 4 * 2 / 3) ** 0.25  # p1..p4 = 6/6, 5/5, 3/4, 2/3; BP = 1
    theirs = sacrebleu_corpus(candidate, CAT_MAT_REFERENCES).score
    assert theirs / 100 == pytest.approx(expected, abs=TOLERANCE)
    assert bleu_lab.sentence_bleu(candidate, CAT_MAT_REFERENCES).score == pytest.approx(expected, abs=TOLERANCE)
    assert_shown(NB00, f"BLEU = BP x mean = {expected:.4f}")
    assert_shown(NB00, "candidate length c = 6, reference length r = 6")
    assert_shown(NB00, f"bleu_lab:  {expected:.4f}")
    assert_shown(NB00, f"sacrebleu: {theirs:.2f}")
    assert_shown(NB00, "p3 = 3/4 = 0.7500")


# --------------------------------------------------------------------------- 01
def test_01_seven_thes_are_clipped_to_two_sevenths():
    cheat = load_example("the_cheat")
    # "the" occurs 7 times in the candidate, at most 2 times in one reference: 2/7 (Papineni et al. 2002, 2.1).
    theirs = nltk_bleu.modified_precision([r.split() for r in cheat["references"]], cheat["candidate"].split(), 1)
    assert float(theirs) == pytest.approx(2 / 7)
    ours = bleu_lab.modified_precision(cheat["candidate"], cheat["references"], 1)
    assert (ours.matches, ours.total) == (2, 7)
    assert_shown(NB01, f"2/7 = {2 / 7:.4f}")
    assert_shown(NB01, "7/7 = 1.0000")


# --------------------------------------------------------------------------- 02
@pytest.mark.parametrize("candidate, c", [("the cat", 2), ("the cat is on", 4)])
def test_02_brevity_penalty_of_short_candidates(candidate, c):
    expected = math.exp(1 - 6 / c)  # r = 6, the closest reference length
    assert sacrebleu_corpus(candidate, CAT_MAT_REFERENCES).bp == pytest.approx(expected, abs=TOLERANCE)
    assert bleu_lab.brevity_penalty(candidate, CAT_MAT_REFERENCES).value == pytest.approx(expected, abs=TOLERANCE)
    assert_shown(NB02, candidate, f"{expected:.4f}")


# --------------------------------------------------------------------------- 03
def test_03_a_cat_is_on_the_mat():
    expected = 0.5 ** 0.25
    theirs = sacrebleu_corpus("a cat is on the mat", CAT_MAT_REFERENCES).score
    assert theirs / 100 == pytest.approx(expected)
    assert_shown(NB03, f"2 reference(s): bleu_lab {expected:.4f}, sacrebleu {theirs:.2f}")
    alone = sacrebleu_corpus("a cat is on the mat", CAT_MAT_REFERENCES[:1]).score  # (1/3) ** (1/4) by hand
    assert alone / 100 == pytest.approx((1 / 3) ** 0.25)
    assert_shown(NB03, f"1 reference(s): bleu_lab {alone / 100:.4f}, sacrebleu {alone:.2f}")


NASA_REFERENCE = "The NASA Opportunity rover is battling a massive dust storm on planet Mars."
NASA_CANDIDATES = [  # the seed lab's candidate_1 and candidate_2 (machine outputs)
    "The Opportunity rover is combating a big sandstorm on planet Mars.",
    "A NASA rover is fighting a massive storm on planet Mars.",
]


def test_nasa_roles_in_the_example_data():
    """The NASA sentence is the reference (the human translation), the shorter two are the candidates."""
    for key, candidate in zip(("nasa_rover", "nasa_rover_2"), NASA_CANDIDATES):
        example = load_example(key)
        assert example["candidate"] == candidate
        assert example["references"] == [NASA_REFERENCE]


@pytest.mark.parametrize("k", [0, 1])
def test_04_nasa_rover_in_three_libraries(k):
    candidate = NASA_CANDIDATES[k]
    theirs = sacrebleu.sentence_bleu(candidate, [NASA_REFERENCE]).score
    assert f"{theirs:.2f}" == ("27.64", "35.32")[k]  # the right direction, as the seeds' README says
    from_nltk = nltk_sentence([tokens(NASA_REFERENCE)], tokens(candidate))
    assert from_nltk == pytest.approx(theirs / 100, abs=TOLERANCE)
    example = load_example(("nasa_rover", "nasa_rover_2")[k])
    ours = bleu_lab.sentence_bleu(example["candidate"], example["references"]).score
    assert ours == pytest.approx(theirs / 100, abs=TOLERANCE)
    assert_shown(NB04, "bleu_lab.sentence_bleu", f"{theirs:.2f}")
    assert_shown(NB04, "nltk, tutorial's tokens", f"{theirs:.2f}")


@pytest.mark.parametrize("k", [0, 1])
def test_04_and_11_the_argument_order_trap(k):
    candidate = NASA_CANDIDATES[k]
    right = sacrebleu_corpus(candidate, [NASA_REFERENCE]).score
    swapped = sacrebleu_corpus(NASA_REFERENCE, [candidate]).score
    assert f"{swapped:.2f}" == ("27.38", "34.99")[k] and round(swapped, 1) == (27.4, 35.0)[k]  # the seed's numbers
    assert nltk_sentence([tokens(NASA_REFERENCE)], tokens(candidate)) == pytest.approx(right / 100, abs=TOLERANCE)
    assert nltk_sentence([tokens(candidate)], tokens(NASA_REFERENCE)) == pytest.approx(swapped / 100, abs=TOLERANCE)
    assert_shown(NB04, f"candidate {k + 1}", f"{right:.2f}", f"{swapped:.2f}")
    assert_shown(NB11, f"candidate {k + 1}: right {right / 100:.4f}", f"swapped {swapped / 100:.4f}")


def test_04_no_text_calls_the_swapped_scores_right():
    text = (NOTEBOOKS / NB04).read_text(encoding="utf-8")
    for wrong in ("Right: 27.38", "right 27.38", "27.64 / 35.32 come from the swapped", "the other way round"):
        assert wrong not in text


@pytest.mark.parametrize("k", [0, 1])
def test_04_the_two_bugs_give_the_swapped_score(k):
    candidate = NASA_CANDIDATES[k]
    swapped = sacrebleu.sentence_bleu(NASA_REFERENCE, [candidate]).score
    right = sacrebleu.sentence_bleu(candidate, [NASA_REFERENCE]).score
    assert_shown(NB04, f"candidate {k + 1}", f"{swapped:.2f}     {swapped:.2f}     {right:.2f}   True")


def test_04_bare_strings_in_sacrebleu_2():
    result = sacrebleu.corpus_bleu(NASA_REFERENCE, NASA_CANDIDATES[0])
    assert result.score == 0.0 and result.sys_len == 1
    assert_shown(NB04, "candidate 1: BLEU = 0.00", "hyp_len = 1")


def test_04_the_papers_candidate_1_on_its_words_and_as_text_with_13a():
    # Lab 2 scores the paper's own words (lowercase, no punctuation, no tokenizer); the CLI scores the text
    # with 13a, where the final period is one more matching token at every order.
    from bleu_lab.exercises.check import PAPER_CANDIDATE_1, PAPER_REFERENCES

    guide = load_example("paper_guide_1")
    words = sacrebleu.corpus_bleu([" ".join(PAPER_CANDIDATE_1)], [[" ".join(r)] for r in PAPER_REFERENCES],
                                  tokenize="none")
    text = sacrebleu_corpus(guide["candidate"], guide["references"])
    assert (f"{words.score:.2f}", words.counts[0], words.totals[0]) == ("50.46", 17, 18)  # the paper's 17/18
    assert (f"{text.score:.2f}", text.counts, text.totals) == ("54.02", [18, 11, 8, 5], [19, 18, 17, 16])
    assert_shown(NB04, "paper's words, no tokenizer", "17/18", f"BLEU {words.score / 100:.4f}",
                 f"(sacrebleu {words.score:.2f})")
    assert_shown(NB04, "text, 13a", "18/19 11/18 8/17 5/16", f"BLEU {text.score / 100:.4f}",
                 f"(sacrebleu {text.score:.2f})")


# --------------------------------------------------------------------------- 04
SMOOTHING_SENTENCES = {  # as in notebook 05
    "A": ("the cat sat on the mat", ["the cat is on the mat"]),
    "B": ("a cat sat", ["the cat sat down"]),
    "C": ("a dog sat on a rug", ["the cat sat on the mat"]),
}
SACREBLEU_METHODS = ["none", "floor", "add-k", "exp"]
NLTK_METHODS = [f"method{i}" for i in range(8)]


def library_smoothed(method, candidate, references):
    """The score of the library that defines ``method``; None where it refuses (nltk's method6)."""
    if method in SACREBLEU_METHODS:
        return sacrebleu_corpus(candidate, references, smooth_method=method).score / 100
    try:
        return nltk_sentence([tokens(r) for r in references], tokens(candidate), method)
    except AssertionError:  # method6 asserts that a trigram matches
        return None


@pytest.mark.parametrize("method", SACREBLEU_METHODS + NLTK_METHODS)
def test_05_smoothing_table_row(method):
    cells = []
    for candidate, references in SMOOTHING_SENTENCES.values():
        expected = library_smoothed(method, candidate, references)
        if expected is None:
            with pytest.raises(ValueError):
                bleu_lab.sentence_bleu(candidate, references, smoothing=method)
            cells.append(f"{'n/a':>9}")
            continue
        if method == "method0":
            assert expected < 1e-70  # nltk's "zero"; bleu_lab returns 0.0
        assert bleu_lab.sentence_bleu(candidate, references, smoothing=method).score == pytest.approx(
            expected, abs=TOLERANCE
        )
        cells.append(f"{expected:9.4f}")
    assert_shown(NB05_SMOOTHING, f"{method:>8}" + "".join(cells))


def test_05_sacrebleu_sentence_bleu_is_not_corpus_bleu():
    candidate, references = SMOOTHING_SENTENCES["B"]
    as_sentence = sacrebleu.sentence_bleu(candidate, references).score  # exp + effective order
    as_corpus = sacrebleu_corpus(candidate, references).score
    assert as_corpus == 0 < as_sentence
    # By hand: orders 1-3 (no 4-gram), p3 = 1/(2*1) by exp smoothing, BP = exp(1 - 4/3).
    assert as_sentence / 100 == pytest.approx((2 / 3 * 1 / 2 * 1 / 2) ** (1 / 3) * math.exp(1 - 4 / 3))
    assert_shown(NB05_SMOOTHING, "B: ", f"sentence_bleu {as_sentence:6.2f}", f"corpus_bleu {as_corpus:6.2f}",
                 f"effective order {as_sentence / 100:.4f}")


def test_05_nltk_tiny_zero():
    candidate, references = SMOOTHING_SENTENCES["A"]
    tiny = nltk_sentence([references[0].split()], candidate.split())
    by_hand = sys.float_info.min ** 0.25 * (5 / 6 * 3 / 5 * 1 / 4) ** 0.25
    assert tiny == pytest.approx(by_hand, rel=1e-9)
    assert bleu_lab.sentence_bleu(candidate, references).score == 0.0
    assert_shown(NB05_SMOOTHING, "nltk sentence_bleu", repr(tiny))
    assert_shown(NB05_SMOOTHING, f"{by_hand:.4e}")
    # Beside nltk's tiny number, bleu_lab's is a true 0.0, as sacrebleu's without smoothing (the stored
    # output once showed a whole result from before token lists signed tok:none).
    exact = sacrebleu_corpus(candidate, references, smooth_method="none").score
    assert exact == 0.0
    assert_shown(NB05_SMOOTHING, "nltk sentence_bleu", f"bleu_lab: {exact / 100!r}")


def test_05_one_sentence_in_five_scores_zero():
    from bleu_lab.datasets import load_wmt19_en_de

    data = load_wmt19_en_de()
    hypotheses = data.systems["online-B"]
    unsmoothed = sacrebleu.metrics.BLEU(smooth_method="none")
    logging.getLogger("sacrebleu").setLevel(logging.ERROR)
    zeros = sum(unsmoothed.corpus_score([h], [[r]]).score == 0 for h, r in zip(hypotheses, data.reference))
    corpus = sacrebleu.corpus_bleu(hypotheses, [data.reference]).score
    assert 0.15 < zeros / len(hypotheses) < 0.25  # "one sentence in five"
    assert_shown(NB05_SMOOTHING, f"{zeros} of {len(hypotheses)}")
    assert_shown(NB05_SMOOTHING, "online-B", f"corpus BLEU {corpus / 100:.4f}")


# --------------------------------------------------------------------------- 05
REFERENCE_05 = "the cat is on the mat"
CANDIDATES_05 = {
    "literal": load_example("cat_mat")["candidate"],
    "padded": load_example("padded")["candidate"],
    "short": load_example("short")["candidate"],
    "paraphrase": load_example("paraphrase")["candidate"],
}
GALLERY_05 = {  # as in notebook 07
    "word order": ("on the mat sat the cat", "the cat sat on the mat"),
    "word forms": ("rapid economic growth", "the economy grew rapidly"),  # a true paraphrase, no shared word
    "spelling": ("colorful theater organization", "colourful theatre organisation"),
    "spacing": ("newspaper headlines", "news paper head lines"),
    "synonyms": ("an enormous audience clapped", "a huge crowd applauded"),
}
SCORER = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL"])


def reference_metrics(candidate, reference):
    """BLEU (sacrebleu, no smoothing), ROUGE-1/2/L F (rouge-score), chrF (sacrebleu), on the 0-1 scale."""
    rouge = SCORER.score(reference, candidate)  # rouge-score: target first
    return [
        sacrebleu_corpus(candidate, [reference], smooth_method="none").score / 100,
        rouge["rouge1"].fmeasure,
        rouge["rouge2"].fmeasure,
        rouge["rougeL"].fmeasure,
        sacrebleu.sentence_chrf(candidate, [reference]).score / 100,
    ]


def test_09_the_paraphrase_failure():
    paraphrase = CANDIDATES_05["paraphrase"]
    rouge = SCORER.score(REFERENCE_05, paraphrase)
    assert rouge["rouge1"].fmeasure == pytest.approx(2 / 6)  # "the" twice, 6 words on each side
    assert rouge["rouge2"].fmeasure == 0
    assert sacrebleu_corpus(paraphrase, [REFERENCE_05], smooth_method="none").score == 0
    ours = bleu_lab.rouge_n(paraphrase, [REFERENCE_05], 1)
    assert ours.matched_ngrams == {("the",): 2}
    assert_shown(NB09_EMBEDDINGS, "ROUGE-1 = 0.3333", "{('the',): 2}")
    assert_shown(NB09_EMBEDDINGS, "ROUGE-2 = 0.0000", "{}")
    assert_shown(NB09_EMBEDDINGS, "BLEU    = 0.0000")
    assert_shown(NB09_EMBEDDINGS, "rouge-score rouge1", str(rouge["rouge1"]))
    assert_shown(NB09_EMBEDDINGS, "rouge-score rouge2", str(rouge["rouge2"]))


def test_06_padded_candidate_has_perfect_recall():
    scores = SCORER.score(REFERENCE_05, CANDIDATES_05["padded"])
    for key, name in (("rouge1", "ROUGE-1"), ("rouge2", "ROUGE-2"), ("rougeL", "ROUGE-L")):
        score = scores[key]
        assert score.recall == 1.0
        assert_shown(NB06_ROUGE,
                     f"{'padded':>10} {name:>8} {score.precision:7.4f} {score.recall:7.4f} {score.fmeasure:7.4f}")


@pytest.mark.parametrize("label", list(CANDIDATES_05))
def test_09_four_candidates_five_metrics(label):
    values = reference_metrics(CANDIDATES_05[label], REFERENCE_05)
    assert_shown(NB09_EMBEDDINGS, f"{label:>10}" + "".join(f"{v:9.4f}" for v in values))


@pytest.mark.parametrize("label", list(GALLERY_05))
def test_07_gallery_row(label):
    candidate, reference = GALLERY_05[label]
    values = reference_metrics(candidate, reference)
    assert values[0] == 0  # BLEU: these short rewrites keep no 4-gram
    assert values[4] > 0  # chrF gives partial credit to every one
    if label != "word order":
        assert values[1:4] == [0, 0, 0]  # ...and word n-grams give none (no word is identical)
    assert_shown(NB07_CHRF, f"{label:>11}" + "".join(f"{v:9.4f}" for v in values))


MEANING_TESTS_05 = {
    "paraphrase": "the feline rests upon the rug",
    "unrelated": "stock markets fell sharply on Monday",
    "word salad": "mat the on is cat the",
    "negation": "the cat is not on the mat",
}


@pytest.mark.parametrize("label", list(MEANING_TESTS_05))
def test_09_embedding_score_row(label):
    # The embedding column from wordllama's own API (loaded from its package, downloads disabled).
    from pathlib import Path

    wordllama = pytest.importorskip("wordllama")
    model = wordllama.WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)
    candidate = MEANING_TESTS_05[label]
    values = reference_metrics(candidate, REFERENCE_05)
    embedding = float(model.similarity(candidate, REFERENCE_05))
    if label == "word salad":
        assert embedding == pytest.approx(1.0)  # same subwords, same mean vector
    assert_shown(NB09_EMBEDDINGS, f"{label:>11}" + "".join(f"{v:9.4f}" for v in values) + f"{embedding:11.4f}")


# --------------------------------------------------------------------------- 11
def test_11_sacrebleu_reads_flat_references_as_characters():
    candidates = ["the cat is on the mat", "a dog runs in the park"]
    wrong = sacrebleu.corpus_bleu(candidates, candidates)  # a flat list: each string becomes a "stream"
    right = sacrebleu.corpus_bleu(candidates, [candidates])
    assert (wrong.score, wrong.ref_len) == (0.0, 2)
    assert right.score == pytest.approx(100.0)
    assert_shown(NB11, "flat list of strings:", str(wrong))
    with pytest.raises(TypeError, match="not nested"):
        bleu_lab.corpus_bleu(candidates, candidates)
    assert_shown(NB11, "TypeError: references[0] is a string")


def test_11_sacrebleu_given_a_split_reference_scores_one_word_references():
    text = "the cat is on the mat"
    wrong = sacrebleu.sentence_bleu(text, text.split())
    # By hand: unigrams 5/6 ("the" clipped by one one-word reference), exp smoothing 1/10, 1/16, 1/24, BP 1.
    assert wrong.score == pytest.approx(100 * (5 / 6 * 1 / 10 * 1 / 16 * 1 / 24) ** 0.25, abs=1e-9)
    assert_shown(NB11, "reference split:", str(wrong))
    assert_markdown(NB11, f"{wrong.score:.2f} for a sentence against itself")
    with pytest.raises(ValueError, match="not wrapped in a list"):
        bleu_lab.sentence_bleu(text, text.split())
    assert_shown(NB11, "ValueError: candidate is a sentence of 6 words and references is a flat list of 6")


def test_11_nltk_given_strings_counts_characters():
    candidate, reference = "the cat sat on the mat", "the cat is on the mat"
    on_characters = nltk_sentence([reference], candidate, "method1")
    on_words = nltk_sentence([reference.split()], candidate.split(), "method1")
    assert on_characters > 3 * on_words
    assert_shown(NB11, "nltk, strings (characters)", f"{on_characters:.4f}")
    assert_shown(NB11, "nltk, token lists (words)", f"{on_words:.4f}")


def test_11_scales():
    theirs = sacrebleu.sentence_bleu(NASA_CANDIDATES[0], [NASA_REFERENCE]).score
    assert_shown(NB11, f"sacrebleu: {theirs:.4f}")
    assert_shown(NB11, f"BLEU = BP x mean = {theirs / 100:.4f}", f"sacrebleu prints {theirs:.2f}")


@pytest.mark.parametrize("tokenizer", ["13a", "intl", "none", "char"])
@pytest.mark.parametrize("lowercase", [False, True])
def test_11_tokenization_grid(tokenizer, lowercase):
    candidate, reference = "The cat sat on the mat.", "the cat sat on the mat!"
    theirs = sacrebleu_corpus(candidate, [reference], tokenize=tokenizer, lowercase=lowercase).score
    ours = bleu_lab.sentence_bleu(candidate, [reference], tokenize=tokenizer, lowercase=lowercase).score
    assert ours == pytest.approx(theirs / 100, abs=TOLERANCE)
    assert_shown(NB11, f"{tokenizer:>8}  {lowercase!s:>9}  {theirs:9.2f}  {theirs / 100:8.4f}")
    case = "lc" if lowercase else "mixed"  # Post (2018): the signature names the settings of each row
    assert_shown(NB11, f"{theirs / 100:8.4f}  nrefs:1|case:{case}|eff:no|tok:{tokenizer}|smooth:none|version:")
    metric = sacrebleu.BLEU(tokenize=tokenizer, lowercase=lowercase, smooth_method="none")
    metric.corpus_score([candidate], [[reference]])
    signature = metric.get_signature()
    assert_shown(NB11, f"{theirs / 100:8.4f}  {signature}|bleu_lab:")  # sacrebleu's, with bleu_lab's version added


# --------------------------------------------------------------------------- prose
FOUR_DECIMALS = re.compile(r"(?<![\d.])\d+\.\d{4}(?![\d.])")
SACREBLEU_SCALE = re.compile(r"(?<![\d.])\d{1,3}\.\d{2}(?![\d.])")


def prose_before_exercises(name: str) -> str:
    notebook = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    parts = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if re.match(r"#+\s*(Exercises|Check your understanding)", text.strip(), re.IGNORECASE):
            break  # answers may state numbers the reader is meant to compute
        before, *after = re.split(r"^#+\s*Check your understanding", text, flags=re.IGNORECASE | re.MULTILINE)
        parts.append(before)
        if after:
            break
    return "\n".join(parts)


@pytest.mark.parametrize(
    "name", sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if re.match(r"^\d\d_", p.name))
)
def test_numbers_in_the_prose_are_printed_by_the_cells(name):
    outputs = "\n".join(stored_lines(name))
    prose = prose_before_exercises(name)
    numbers = set(FOUR_DECIMALS.findall(prose)) | set(SACREBLEU_SCALE.findall(prose))
    # A two-decimal number in the text may round a more precise printed one (0.14 for 0.1392).
    printed = re.findall(r"(?<![\d.])\d+\.\d{3,}(?![\d.])", outputs)
    rounded = {f"{float(n):.2f}" for n in printed}
    missing = sorted(n for n in numbers if n not in outputs and not (len(n.split(".")[1]) == 2 and n in rounded))
    assert not missing, (
        f"notebooks/{name}: the text states {', '.join(missing)}, but no cell output shows it. "
        "Print the number in a cell, or correct the text."
    )


def test_02_every_marked_candidate_is_on_the_r_6_curve():
    """The BP-against-length figure draws r = 6: every candidate it marks must have r = 6."""
    rows = ["the", "the cat", "the cat is on", "the cat is on the mat", "the cat is on the mat today for a while"]
    for candidate in rows:
        assert sacrebleu_corpus(candidate, ["the cat is on the mat"]).ref_len == 6
    assert_shown(NB02, f"marked candidate lengths: {[len(c.split()) for c in rows]}")
    assert_shown(NB02, "the cat is on the mat today for a while", "10", "0.6000")


# --------------------------------------------------------------------------- seed 004's examples
def _nltk_fraction(references, candidate, n=1):
    p = nltk_bleu.modified_precision([r.split() for r in references], candidate.split(), n)
    return p.numerator, p.denominator


def test_00_glossary():
    text = " ".join("".join(c["source"]) for c in json.loads((NOTEBOOKS / NB00).read_text())["cells"]
                    if c["cell_type"] == "markdown")
    for word in ("hypothesis", "prediction", "system output", "target", "sentence level", "corpus level"):
        assert word in text, word


def test_01_plain_precision_he_eats_an_apple():
    assert _nltk_fraction(["He ate an apple"], "He eats an apple") == (3, 4)
    assert_shown(NB01, "plain precision:   3/4 = 0.7500")


@pytest.mark.parametrize("targets, clipped", [
    # By hand: "He" clips to 1 of 3; "eats" counts only where a target has it; "tasty", "fruit" likewise.
    (["He ate an apple"], (1, 6)),  # the explainer's only stated target ("He eats an apple" is its prediction)
    (["He ate an apple", "He eats a pear"], (2, 6)),  # the explainer's 2/6, with a second target of ours
    (["He ate an apple", "He ate a tasty fruit"], (3, 6)),
])
def test_01_he_he_he_needs_stated_targets(targets, clipped):
    assert _nltk_fraction(targets, "He He He eats tasty fruit") == clipped
    assert_shown(NB01, f"clipped {clipped[0]}/{clipped[1]} = {clipped[0] / clipped[1]:.4f}")


def test_05_method1_changes_nothing_on_the_guard_sentence():
    from nltk.tokenize import word_tokenize

    reference = word_tokenize("The guard arrived late because it was raining.", preserve_line=True)
    candidate = word_tokenize("The guard arrived late because of the rain.", preserve_line=True)
    method1 = nltk_bleu.SmoothingFunction().method1
    smoothed = nltk_bleu.sentence_bleu([reference], candidate, (0.25,) * 4, smoothing_function=method1)
    plain = nltk_bleu.sentence_bleu([reference], candidate, (0.25,) * 4)
    assert f"{smoothed:.4f}" == f"{plain:.4f}" == "0.4671"
    assert_shown(NB05_SMOOTHING, f"nltk, method1:        {smoothed:.4f}")
    assert_shown(NB05_SMOOTHING, f"bleu_lab, method1:    {smoothed:.4f}")


@pytest.mark.parametrize("method", ["floor", "add-k", "exp"])
def test_05_smoothed_fractions(method):
    from sacrebleu.metrics import BLEU

    theirs = BLEU(smooth_method=method).sentence_score("the cat sat on the mat", ["the cat is on the mat"])
    assert_shown(NB05_SMOOTHING, f"smoothing={method!r}", f"BLEU = {theirs.score / 100:.4f}")
    fourth = {"floor": "0.1 / 3", "add-k": "(0 + 1) / (3 + 1)", "exp": "1 / (2^1 x 3)"}[method]
    assert_shown(NB05_SMOOTHING, f"p4 = {fourth:<34} = {theirs.precisions[3] / 100:.4f}")


# --------------------------------------------------------------------------- 05: chrF step by step, ROUGE-Lsum
@pytest.mark.parametrize("label, candidate",
                         [("padded", "the cat is on the mat next to the dog"), ("short", "the cat")])
def test_07_chrf_beta(label, candidate):
    from sacrebleu.metrics import CHRF

    scores = [CHRF(beta=beta).sentence_score(candidate, ["the cat is on the mat"]).score / 100 for beta in (1, 2, 3)]
    assert_shown(NB07_CHRF, f"{label:>10}" + "".join(f"{s:10.4f}" for s in scores))


def test_07_chrf_table_and_chrf_plus_plus():
    from sacrebleu.metrics import CHRF

    plain = CHRF().sentence_score("the cat sat on the mat", ["the cat is on the mat"]).score
    plus = CHRF(word_order=2).sentence_score("the cat sat on the mat", ["the cat is on the mat"]).score
    assert_shown(NB07_CHRF, f"sacrebleu prints {plain:.2f}")
    assert_shown(NB07_CHRF, f"sacrebleu prints {plus:.2f}")
    assert_shown(NB07_CHRF, "nc:6|nw:2")  # chrF++: six character orders and two word orders
    # the 6-gram row by hand: "thecatsatonthemat" has 17 - 5 = 12 character 6-grams, "thecatisonthemat" 11
    assert_shown(NB07_CHRF, "char 6      12      11")


@pytest.mark.parametrize("summary, l_f, lsum_f", [
    ("it was happy.\nthe cat sat on the mat.", "0.6667", "1.0000"),
    ("the cat was happy on the mat.", "0.6250", "0.8750"),
])
def test_06_rouge_lsum(summary, l_f, lsum_f):
    scorer = rouge_scorer.RougeScorer(["rougeL", "rougeLsum"])
    scores = scorer.score("the cat sat on the mat.\nit was happy.", summary)
    assert (f"{scores['rougeL'].fmeasure:.4f}", f"{scores['rougeLsum'].fmeasure:.4f}") == (l_f, lsum_f)
    assert_shown(NB06_ROUGE, f"ROUGE-L    F = {l_f}   (rouge-score {l_f})")
    assert_shown(NB06_ROUGE, f"ROUGE-Lsum F = {lsum_f}   (rouge-score {lsum_f})")


def test_09_no_false_claim_about_synonyms():
    text = (NOTEBOOKS / NB09_EMBEDDINGS).read_text(encoding="utf-8")
    assert "No surface-overlap metric" not in text and "No surface metric gives real credit" not in text
    assert "METEOR" in text


@pytest.mark.parametrize("name, wrong", [
    ("12_playground.ipynb", "BP = 1 only when c > r"),  # exp(1 - r/c) = 1 at c = r too (Papineni et al. 2002)
    ("13_corpus_bleu_on_real_data.ipynb", "sacrebleu's default for sentences"),  # that one has effective order
    ("11_tokenization.ipynb", "each use their own order"),
    # chrF is case-sensitive: the "R" of "Regierung" is an "r" inside "Bundesregierung" (sacrebleu's CHRF).
    ("11_tokenization.ipynb", '"regierung" is inside both'),  # two orders: rouge-score's score(target, prediction)
    # nltk's word_tokenize runs NLTKWordTokenizer, not TreebankWordTokenizer (they differ on Unicode quotes).
    ("05_sentence_bleu_and_smoothing.ipynb", "the same Treebank word tokenizer"),
    ("05_sentence_bleu_and_smoothing.ipynb", "corpus always has 4-grams"),  # a corpus of 1-3 word segments has none
    ("05_sentence_bleu_and_smoothing.ipynb", "mean of it and its two neighbours"),  # see the method5 test
    ("08_ter_and_wer.ipynb", "Only sacrebleu's exp smoothing"),  # floor and add-k lift it too
    ("08_ter_and_wer.ipynb", "character n-grams inside each word"),  # sacrebleu's chrF drops spaces
    ("07_chrf.ipynb", "character 6-grams"),  # chrF averages the orders 1 to 6 (Popovic 2015; sacrebleu's CHRF)
    ("07_chrf.ipynb", "child plays happy"),  # not a paraphrase of "children playing happily"
    ("09_paraphrases_and_embeddings.ipynb", "say little about cats"),  # the model puts feline near cat (0.3796)
    ("00_start_here.ipynb", "make test"),  # maintainer commands stay off the student's first page
    ("00_start_here.ipynb", "make notebooks"),
    ("15_metrics_and_human_judgments.ipynb", "Pearson's r, which weighs distances, rewards that most"),
    # 12.14 is the split reference's score (ref_len = 1); the flat list of strings scores 0.00 (ref_len = 2).
    ("11_tokenization.ipynb", "(`ref_len = 2`; 12.14"),
    # Wilson's 95% interval for 4 of 9 ends at 0.73, so it does rule out 3 in 4 (see the test below).
    ("15_metrics_and_human_judgments.ipynb", "right three times in"),
    # 7 of the 11 neighbouring pairs have overlapping intervals; 4 of the 5 below 0.05 only just.
    ("14_uncertainty_and_significance.ipynb", "most neighbours differ clearly"),
    # segment 113's four penalties come from three raters (see the test below)
    ("16_expert_mqm_judgments.ipynb", "from four raters"),
    ("17_learned_metrics.ipynb", "four raters disagree"),
    # tie-calibrated, TER (0.4806) and BLEU (0.4804) lie above the all-ties 0.4803, by less than 0.001
    ("16_expert_mqm_judgments.ipynb", "none beats calling every pair a tie."),
    ("16_expert_mqm_judgments.ipynb", "are level with the all-ties score"),
    # WMT's metrics task compared segment scores with DA before 2021 too (daRR, Ma et al. 2019)
    ("16_expert_mqm_judgments.ipynb", "judges metrics on single segments too"),
    # 13a leaves the apostrophe in "don't" (11's answer 3 says so); it does not split all ASCII punctuation
    ("11_tokenization.ipynb", "splits at spaces and ASCII punctuation, so"),
])
def test_claims_a_review_found_wrong_are_gone(name, wrong):
    assert wrong not in (NOTEBOOKS / name).read_text(encoding="utf-8")


def test_13a_leaves_a_chinese_sentence_one_token_so_bleu_is_0_even_when_identical():
    # The reason 08 gives: with no 2-, 3- or 4-gram, even an exact match scores 0 (sacrebleu, no smoothing).
    assert sacrebleu.corpus_bleu(["猫在垫子上。", "狗在跑。"], [["猫在垫子上。", "狗在跑。"]]).score == 0.0
    assert_markdown(NB11, "(even for a sentence identical to its reference)")


def test_05_method5_averages_with_the_smoothed_order_below_so_p1_can_exceed_1():
    # nltk's method5 on sentence A: p1 = (p1 + 1 + p1 + p2) / 3 with p1 = 5/6 and p2 = 3/5 gives 1.0889 (by hand).
    hypothesis, reference = tokens("the cat sat on the mat"), tokens("the cat is on the mat")
    smoothed = nltk_bleu.SmoothingFunction().method5(
        [nltk_bleu.modified_precision([reference], hypothesis, n) for n in range(1, 5)], [reference], hypothesis,
        len(hypothesis))
    assert float(smoothed[0]) == pytest.approx((5 / 6 + 1 + 5 / 6 + 3 / 5) / 3) and smoothed[0] > 1
    assert_markdown(NB05_SMOOTHING, "averages each precision with the smoothed one below it and the raw one above",
                    "can exceed 1")


def test_05_the_smoothing_gap_on_sentence_a_in_sacrebleu_points():
    floor = sacrebleu_corpus("the cat sat on the mat", ["the cat is on the mat"], smooth_method="floor").score
    add_k = sacrebleu_corpus("the cat sat on the mat", ["the cat is on the mat"], smooth_method="add-k").score
    assert round(add_k - floor) == 23
    assert_markdown(NB05_SMOOTHING, "That gap, 23 points on sacrebleu's 0-100 scale")


# --------------------------------------------------------------------------- the lessons issue (29), 00-09
@pytest.mark.parametrize("c", [4, 6, 8])
def test_02_the_min_form_of_the_brevity_penalty_is_the_piecewise_one(c):
    # The seed writes BP = min(1, exp(1 - r/c)); the paper's piecewise form is 1 if c > r else exp(1 - r/c).
    by_min = min(1.0, math.exp(1 - 6 / c))
    assert sacrebleu_corpus(" ".join(["w"] * c), [" ".join(["w"] * 6)]).bp == pytest.approx(by_min)
    assert_shown(NB02, f"c = {c}, r = 6: min(1, exp(1 - r/c)) = {by_min:.4f}", f"bleu_lab: {by_min:.4f}")


@pytest.mark.parametrize("lowercase", [False, True])
def test_07_chrf_keeps_case_so_regierung_is_not_inside_bundesregierung(lowercase):
    from sacrebleu.metrics import CHRF

    assert "Regierung" not in "Bundesregierung" and "regierung" in "Bundesregierung".lower()
    compound, phrase = "die Bundesregierung plant", "die Regierung des Bundes plant"
    theirs = CHRF(lowercase=lowercase).sentence_score(compound, [phrase]).score
    assert bleu_lab.chrf(compound, [phrase], lowercase=lowercase).score == pytest.approx(theirs / 100)
    assert_shown(NB07_CHRF, f"lowercase={lowercase!s:5}: chrF {theirs / 100:.4f}   (sacrebleu {theirs:.2f})")


def markdown_words(name: str) -> str:
    """The markdown of a notebook with all whitespace (line breaks too) as single spaces."""
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    return " ".join(" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")


@pytest.mark.parametrize("name", [NB07_CHRF, NB09_EMBEDDINGS])
def test_chrf_is_not_called_a_score_of_character_6_grams(name):
    # sacrebleu's CHRF and Popovic (2015) average the precisions and recalls of the orders 1 to 6.
    assert "character 6-grams" not in markdown_words(name)


def test_07_chrf_is_explained_as_the_mean_over_orders_1_to_6():
    assert_markdown(NB07_CHRF, "arithmetic mean", "orders 1 to 6")


def test_08_ter_and_wer_of_the_salad_the_moved_block_and_a_capital():
    import jiwer
    from sacrebleu.metrics import TER

    reference = "the cat is on the mat"
    # By hand (word-level Levenshtein, no shifts, case kept as jiwer keeps it): the salad needs a deletion,
    # two substitutions and an insertion; the moved block six substitutions; "The" one substitution,
    # and none once lowercased.
    for candidate, ter_edits, wer_edits, lowered in (("mat the on is cat the", 3, 4, 4 / 6),
                                                     ("on the mat the cat is", 1, 6, 1.0),
                                                     ("The cat is on the mat", 0, 1, 0.0)):
        theirs = TER().sentence_score(candidate, [reference]).score / 100
        assert theirs == pytest.approx(ter_edits / 6)
        assert jiwer.wer(reference, candidate) == pytest.approx(wer_edits / 6)
        assert bleu_lab.wer(candidate, [reference]).num_edits == wer_edits
        assert bleu_lab.wer(candidate, [reference], case_sensitive=False).score == pytest.approx(lowered)
        assert_shown(NB08_TER, repr(candidate), f"TER {ter_edits} edits = {theirs:.4f}",
                     f"WER {wer_edits} edits = {wer_edits / 6:.4f}", f"lowercased = {lowered:.4f}")


def test_09_the_embedding_score_is_explained_once_and_agrees_on_feline():
    wordllama = pytest.importorskip("wordllama")
    model = wordllama.WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)
    near = float(model.similarity("feline", "cat"))
    assert near > 0.3 > float(model.similarity("feline", "stock"))  # the model puts "feline" near "cat"
    assert_shown(NB09_EMBEDDINGS, f"feline ~ cat: {near:.4f}")
    assert_markdown(NB09_EMBEDDINGS, "BERTScore", "COMET")
    for name in (NB06_ROUGE, NB07_CHRF, NB08_TER):  # one explanation of the embedding score, in 09
        assert "WordLlama" not in (NOTEBOOKS / name).read_text(encoding="utf-8"), name


def test_11_chrf_is_case_sensitive_inside_compounds():
    # sacrebleu's chrF of the last compound pair, as the notebook prints it, case kept and lowercased.
    candidate = "Wir brauchen mehr Plätze für die Betreuung von Kindern in der Stadt."
    reference = "Wir brauchen mehr Kinderbetreuungsplätze in der Stadt."
    kept = sacrebleu.metrics.CHRF().sentence_score(candidate, [reference]).score / 100
    lowered = sacrebleu.metrics.CHRF(lowercase=True).sentence_score(candidate, [reference]).score / 100
    assert lowered > kept
    assert_shown(NB11, f"{kept:8.4f}  {candidate}")
    assert_shown(NB11, f"chrF of the last pair, lowercased: {lowered:.4f}")
    assert_markdown(NB11, f"the last pair's chrF rises from {kept:.4f} to {lowered:.4f}", 'only "egierung" matches')


def test_13_says_why_chrf_sits_above_bleu():
    # chrF averages the precision and recall of character 1- to 6-grams and weights recall by beta = 2
    # (Popovic 2015; sacrebleu's CHRF defaults): it is not "character 6-grams".
    metric = sacrebleu.metrics.CHRF()
    assert (metric.char_order, metric.word_order, metric.beta) == (6, 0, 2)
    name = "13_corpus_bleu_on_real_data.ipynb"
    assert "a character 6-gram is easier to match" not in (NOTEBOOKS / name).read_text(encoding="utf-8")
    assert_markdown(name, "character 1-grams to 6-grams, the precision and the recall of each",
                    "recall weighted twice as much as precision (β = 2")


def test_14_no_fixed_significance_threshold_and_one_scale():
    # The review: a threshold ("below about 0.005 is not evidence") that the p-values beside it contradict
    # (0.0078 gives p = 0.0470, 0.0051 gives 0.0430), and BLEU differences on two scales.
    name = "14_uncertainty_and_significance.ipynb"
    text = (NOTEBOOKS / name).read_text(encoding="utf-8")
    assert "is not evidence of a better system" not in text and "borderline" not in text
    assert_markdown(name, "every score, interval and difference here is on the 0-1 scale",
                    "no BLEU difference is \"significant\" by its size")
    assert_markdown(name, "about half a false alarm on average (11 × 0.05)")


# ------------------------------------------------------------------- 11, 14, 15, 16 (review)
def test_11_summary_gives_12_14_to_the_split_reference_not_to_the_flat_list():
    text = "the cat is on the mat"
    candidates = [text, "a dog runs in the park"]
    flat = sacrebleu.corpus_bleu(candidates, candidates)
    split = sacrebleu.sentence_bleu(text, text.split())
    assert (f"{flat.score:.2f}", flat.ref_len) == ("0.00", 2)
    assert (f"{split.score:.2f}", split.ref_len) == ("12.14", 1)
    assert_markdown(NB11, "flat references (`ref_len = 2`), a split reference (12.14 for a sentence")


def test_15_a_wilson_interval_for_4_of_9_rules_out_3_in_4():
    from scipy.stats import binomtest

    wilson = binomtest(4, 9).proportion_ci(confidence_level=0.95, method="wilson")
    # By hand: centre (4/9 + 1.96^2/18) / (1 + 1.96^2/9) = 0.4611, half-width 0.2723.
    assert (f"{wilson.low:.2f}", f"{wilson.high:.2f}") == ("0.19", "0.73")
    assert 0.5 < wilson.high < 0.75
    assert_markdown("15_metrics_and_human_judgments.ipynb",
                    "the Wilson interval, 0.19 to 0.73, covers a coin's 0.5, so 9 pairs cannot tell this")


def _neighbour_rows_of_14():
    lines = stored_lines("14_uncertainty_and_significance.ipynb")
    intervals = {}
    for line in lines:
        match = re.match(r"^(\S+)\s+\d\.\d{4}\s+95% CI \[(\d\.\d{4}), (\d\.\d{4})\]", line)
        if match:
            intervals[match[1]] = (float(match[2]), float(match[3]))
    tests = []
    for line in lines:
        match = re.match(r"^(\S+)\s+(\S+)\s+\d\.\d{4}\s+\d\.\d{4}\s+(\d\.\d{4})$", line)
        if match and match[1] in intervals:
            tests.append((match[1], match[2], float(match[3])))  # better, worse, sacrebleu's p
    return intervals, tests


def test_14_overlapping_neighbours_and_their_p_values_as_the_prose_counts_them():
    intervals, tests = _neighbour_rows_of_14()
    assert len(intervals) == 12 and len(tests) == 11
    overlapping = [p for better, worse, p in tests if intervals[better][0] <= intervals[worse][1]]
    below = [p for p in overlapping if p < 0.05]
    assert (len(overlapping), len(below), sum(0.03 <= p < 0.05 for p in below)) == (7, 5, 4)
    assert_markdown("14_uncertainty_and_significance.ipynb",
                    "seven neighbouring pairs have overlapping intervals, yet five of them have p below 0.05 "
                    "(four of those only just, between 0.03 and 0.05)")


def test_16_segment_113_one_text_three_raters_and_one_rater_twice():
    """The four penalties of segment 113 by hand from the shipped TSV (weights of Freitag et al. 2021)."""
    import csv

    path = ROOT / "bleu_lab" / "datasets" / "mqm_ted" / "en-de" / "mqm_ted_ende.tsv"
    systems = ("Facebook-AI", "UEdin", "metricsystem4", "eTranslation")
    raters, penalties = {}, dict.fromkeys(systems, 0.0)
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            if row["seg_id"] != "114" or row["system"] not in systems:  # seg_id counts from 1
                continue
            raters[row["system"]] = row["rater"]
            if row["severity"] == "Major":
                penalties[row["system"]] += 5
            elif row["severity"] == "Minor":
                penalties[row["system"]] += 0.1 if row["category"] == "Fluency/Punctuation" else 1
    assert raters == {"Facebook-AI": "rater4", "UEdin": "rater3", "metricsystem4": "rater4",
                      "eTranslation": "rater1"}
    assert {s: round(p, 1) for s, p in penalties.items()} == {
        "Facebook-AI": 5.0, "UEdin": 7.0, "metricsystem4": 11.0, "eTranslation": 4.1}
    assert len(set(raters.values())) == 3
    assert_markdown("16_expert_mqm_judgments.ipynb", "from three raters",
                    "rater4 gave the very same text 5.0 once and 11.0 once")
