"""bleu_lab.answers: answers hidden behind a button, and the numbers they state are right.

The numbers in the answer texts are recomputed here with sacrebleu, nltk, rouge-score, scipy or by
hand, never with bleu_lab: the labs' texts (bleu_lab/data/answers/*.md, behind the button) and the
series' answers that open on click (``<details>`` under "Check your understanding" in the notebook).
"""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
import sacrebleu
import scipy.stats
from conftest import scipy_tau_lead
from nltk.translate import bleu_score as nltk_bleu
from rouge_score import rouge_scorer
from sacrebleu.metrics import BLEU, CHRF

from bleu_lab.answers import HIDDEN_TEXT, VOILA_TEXT, answer_keys, load_answers, show_answers

ROOT = Path(__file__).resolve().parents[1]
CAT_MAT = ["the cat is on the mat", "there is a cat on the mat"]
NASA = "The NASA Opportunity rover is battling a massive dust storm on planet Mars."
CANDIDATE_2 = "A NASA rover is fighting a massive storm on planet Mars."


def bleu(candidate, references, **keywords):
    """sacrebleu's corpus BLEU of one sentence on the 0-1 scale; no smoothing unless asked."""
    keywords.setdefault("smooth_method", "none")
    return sacrebleu.corpus_bleu([candidate], [[r] for r in references], **keywords)


CHECK_HEADING = re.compile(r"^#{1,6}\s*check your understanding\b", re.IGNORECASE | re.MULTILINE)
OPEN_ANSWER = re.compile(r"<details>\s*<summary>[^<]*answer[^<]*</summary>(.*?)</details>", re.IGNORECASE | re.DOTALL)


def open_answers(name):
    """The answers that open on click under "Check your understanding" in notebooks/<name>.ipynb."""
    notebook = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    markdown = "\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown")
    found = CHECK_HEADING.search(markdown)
    return OPEN_ANSWER.findall(markdown[found.end():]) if found else []


def says(key, *texts):
    """The answers of ``key`` (a lab's package text, else the notebook's open answers) say every text."""
    answer = load_answers(key) if key in answer_keys() else " ".join(" ".join(a.split()) for a in open_answers(key))
    assert answer, f"no answers found for {key}"
    for text in texts:
        assert text in answer, f"the answers of {key} should say {text!r}"


def notebook_says(name, *texts):
    """The notebook's markdown (answers on click included), lines joined by spaces, says each text."""
    cells = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]
    markdown = " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown").replace("\n", " ")
    for text in texts:
        assert text in markdown, f"notebooks/{name}.ipynb should say {text!r}"


# ----------------------------------------------------------------------------- the widget


def test_import_bleu_lab_stays_light():
    code = "import sys, bleu_lab, bleu_lab.answers; print('ipywidgets' in sys.modules, 'matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_the_plain_text_view_is_one_line_and_hides_the_answers():
    hidden = show_answers("lab1_ngrams_and_precision")
    bundle = hidden._repr_mimebundle_()
    assert bundle["text/plain"] == HIDDEN_TEXT == repr(hidden)
    assert "\n" not in HIDDEN_TEXT
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert not hidden.shown
    button, area = hidden._widget().children
    assert button.description == "Show answers" and area.outputs == ()


def test_a_click_shows_the_answers(monkeypatch):
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda obj: shown.append(obj))
    hidden = show_answers("lab2_brevity_penalty_and_bleu")
    button = hidden._widget().children[0]
    button.click()
    assert hidden.shown and len(shown) == 1
    assert shown[0].data == load_answers("lab2_brevity_penalty_and_bleu")
    button.click()  # a second click does not show them twice
    assert len(shown) == 1


@pytest.mark.parametrize("variable, value", [("VOILA_KERNEL_ID", "a1b2"), ("SERVER_SOFTWARE", "voila/0.5.13")])
def test_voila_shows_no_button_and_a_click_from_code_shows_nothing(monkeypatch, variable, value):
    # A Voila demo is on the projector: one click on "Show answers" would show them to the class.
    monkeypatch.setenv(variable, value)
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda obj: shown.append(obj))
    hidden = show_answers("lab1_ngrams_and_precision")
    assert hidden._repr_mimebundle_() == {"text/plain": VOILA_TEXT}
    hidden.reveal()
    assert shown == [] and not hidden.shown
    assert "Show answers" in VOILA_TEXT and "JupyterLab" in VOILA_TEXT


def test_bad_keys_say_what_exists():
    with pytest.raises(ValueError, match="lab1_ngrams_and_precision"):
        show_answers("03")
    with pytest.raises(TypeError, match="string"):
        show_answers(3)


def _calls_show_answers(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return any("show_answers(" in "".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code")


SERIES = sorted(p for p in (ROOT / "notebooks").glob("*.ipynb") if re.match(r"^\d\d_\w+\.ipynb$", p.name))
LABS = sorted((ROOT / "notebooks" / "exercises").glob("lab*.ipynb"))


def test_every_notebook_key_has_answers_and_they_ship_as_package_data():
    keys = set(answer_keys())
    expected = {p.stem for p in SERIES if _calls_show_answers(p)} | {p.stem for p in LABS}
    assert expected <= keys
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"data/**/*"' in pyproject  # bleu_lab/data/answers/*.md is covered by this glob


def test_every_series_notebook_has_answers_that_open_on_click_or_behind_its_button():
    for path in SERIES:
        assert len(open_answers(path.stem)) >= 3 or _calls_show_answers(path), path.name


def test_open_answers_are_found_only_under_check_your_understanding(tmp_path, monkeypatch):
    answer = "<details><summary>Answer</summary>\n\n0.7598\n\n</details>"
    cells = [{"cell_type": "markdown", "source": "## Summary\n" + answer},
             {"cell_type": "markdown", "source": "## Check your understanding\n1. Q?\n" + answer * 2}]
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "x.ipynb").write_text(json.dumps({"cells": cells}), encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert [a.strip() for a in open_answers("x")] == ["0.7598", "0.7598"]


def test_notebooks_call_show_answers_with_their_own_key():
    paths = [*(p for p in SERIES if _calls_show_answers(p)), *(ROOT / "notebooks" / "exercises").glob("**/lab*.ipynb")]
    for path in paths:
        text = json.loads(path.read_text(encoding="utf-8"))
        sources = ["".join(c["source"]) for c in text["cells"] if c["cell_type"] == "code"]
        assert any(f'show_answers("{path.stem}")' in s for s in sources), path.name


# ----------------------------------------------------------------------------- the numbers in the answers


def test_00_numbers():
    assert bleu("the cat is on the mat", CAT_MAT).score == pytest.approx(100)
    alone = bleu("a cat is on the mat", CAT_MAT[:1])
    assert (alone.counts[:2], alone.totals[:2]) == ([5, 4], [6, 5])
    says("00_start_here", f"{alone.score / 100:.4f}", "p1 = 5/6", "p2 = 4/5", "1.0000")


def test_01_numbers():
    references = [r.split() for r in CAT_MAT]
    assert 9 - 2 + 1 == 8 and 9 - 4 + 1 == 6
    p = nltk_bleu.modified_precision(references, "the cat the cat the cat".split(), 1)
    assert Fraction(p.numerator, p.denominator) == Fraction(3, 6)
    one = nltk_bleu.modified_precision(references, "on cat mat is the a".split(), 1)
    two = nltk_bleu.modified_precision(references, "on cat mat is the a".split(), 2)
    assert (one.numerator, one.denominator, two.numerator) == (6, 6, 0)
    says("01_ngrams_and_clipped_precision", "8 bigrams", "6 4-grams", "0.5000", "p1 = 6/6", "p2 = 0/5")


@pytest.mark.parametrize("c, r", [(6, 5), (7, 5), (8, 9)])
def test_02_closest_reference_length(c, r):
    assert bleu(" ".join("w" * c), ["w " * 5, "w " * 9]).ref_len == r  # sacrebleu: closest, shorter on a tie
    says("02_brevity_penalty", f"c = {c}", f"r = {r}")


def test_02_brevity_value():
    says("02_brevity_penalty", f"{math.exp(1 - 6 / 3):.4f}", "p1 = 6/10")


def test_03_and_04_numbers():
    one_word = bleu("the cat is on a mat", CAT_MAT[:1])
    assert one_word.counts == [5, 3, 2, 1] and one_word.totals == [6, 5, 4, 3]  # by hand, as the answer says
    assert f"{one_word.score / 100:.4f}" == f"{(1 / 12) ** 0.25:.4f}"
    says("03_bleu_formula", "1/12", f"{one_word.score / 100:.4f}")
    # The lab's inverted test on a long output: exp(1 - 14/16); the right BP (sacrebleu) is 1.
    long_output = bleu(" ".join(["w"] * 16), [" ".join(["w"] * 14)])
    assert long_output.bp == 1.0
    says("04_bleu_nasa_example", f"{math.exp(1 - 14 / 16):.4f}", f"{long_output.bp:.4f}")
    right, swapped = bleu(CANDIDATE_2, [NASA]), bleu(NASA, [CANDIDATE_2])
    assert (right.sys_len, right.ref_len) == (12, 14) and swapped.bp == 1.0
    says("04_bleu_nasa_example", f"{right.bp:.4f}", "BP = 1.0000", "c = 12", "r = 14")
    scrambled = bleu("on mat the cat is the", CAT_MAT)
    says("03_bleu_formula", f"p2 = {scrambled.counts[1]}/{scrambled.totals[1]}")
    # Question 3 by hand: the arithmetic and the geometric mean of 0.9, 0.8, 0.7 and 0.6 (or 0.06).
    means = [f"{x:.4f}" for x in ((0.9 * 0.8 * 0.7 * 0.6) ** 0.25, (0.9 * 0.8 * 0.7 * 0.06) ** 0.25)]
    says("03_bleu_formula", "0.75", "0.615", *means, f"{10 ** 0.25:.2f}")
    # ... and which mean changes more: the geometric one, 0.7416 - 0.4170 against 0.75 - 0.615.
    geometric_fall = (0.9 * 0.8 * 0.7 * 0.6) ** 0.25 - (0.9 * 0.8 * 0.7 * 0.06) ** 0.25
    arithmetic_fall = (0.9 + 0.8 + 0.7 + 0.6) / 4 - (0.9 + 0.8 + 0.7 + 0.06) / 4
    assert geometric_fall > arithmetic_fall
    says("03_bleu_formula", "The geometric mean changes more", f"({geometric_fall:.4f} against "
         f"{arithmetic_fall:.3f})")
    # The paper's candidate 1 with sacrebleu: the text with 13a, and the paper's lowercased words.
    from bleu_lab.examples import load_example
    from bleu_lab.exercises.check import PAPER_CANDIDATE_1, PAPER_REFERENCES

    guide = load_example("paper_guide_1")
    text = bleu(guide["candidate"], guide["references"]).score / 100
    words = sacrebleu.corpus_bleu([" ".join(PAPER_CANDIDATE_1)], [[" ".join(r)] for r in PAPER_REFERENCES],
                                  tokenize="none").score / 100
    says("04_bleu_nasa_example", f"{text:.4f}", f"{words:.4f}", "tok:13a", "tok:none")


def test_05_numbers():
    pair = ("the cat sat on the mat", ["the cat is on the mat"])
    floor = BLEU(smooth_method="floor", smooth_value=0.01).sentence_score(*pair)
    default = BLEU(smooth_method="floor").sentence_score(*pair)
    assert default.score / 100 < 0.2541 + 5e-5  # printed as 0.2541 in notebook 04
    says("05_sentence_bleu_and_smoothing", f"{floor.score / 100:.4f}", f"{default.score / 100:.4f}")
    five = bleu("the cat sat on mat", ["the cat is on the mat"])
    assert five.counts[:2] == [4, 1] and five.totals[:2] == [5, 4] and five.score == 0
    short = sacrebleu.sentence_bleu("a cat", ["the cat sat down"])
    assert short.bp == pytest.approx(math.exp(1 - 4 / 2))
    says("05_sentence_bleu_and_smoothing", f"{short.bp:.4f}", f"{short.score / 100:.4f}", f"{short.score:.2f}")


def test_06_and_07_numbers():
    reference = "the cat is on the mat"
    padded = reference + " indeed" * 25
    score = rouge_scorer.RougeScorer(["rouge1"]).score(reference, padded)["rouge1"]
    assert score.recall == 1.0
    says("06_rouge", f"{score.precision:.4f}", f"{bleu(padded, [reference]).score / 100:.4f}")
    swapped_roles = "the mat is on the cat"
    scores = rouge_scorer.RougeScorer(["rouge2", "rougeL"]).score(reference, swapped_roles)
    assert scores["rouge2"].fmeasure == pytest.approx(4 / 5) and scores["rougeL"].fmeasure == pytest.approx(4 / 6)
    unsmoothed = bleu(swapped_roles, [reference])
    assert unsmoothed.counts[2:] == [1, 0] and unsmoothed.score == 0
    says("06_rouge", "F = 0.8", f"F = {scores['rougeL'].fmeasure:.4f}", "p3 = 1/4, p4 = 0/3")
    spaced = CHRF(whitespace=True).sentence_score("newspaper headlines", ["news paper head lines"]).score / 100
    assert CHRF().sentence_score("newspaper headlines", ["news paper head lines"]).score == pytest.approx(100)
    says("07_chrf", f"{spaced:.4f}")
    by_beta = [CHRF(beta=b).sentence_score("the cat is on the mat next to the dog", [reference]).score / 100
               for b in (1, 2)]
    says("07_chrf", *(f"{x:.4f}" for x in by_beta))


def test_08_numbers():
    from sacrebleu.metrics import TER

    reference = "the cat is on the mat"
    repeated = TER().sentence_score("the the the the the the the", [reference])
    unrelated = TER().sentence_score("a b c d e f g", [reference])
    two = TER().sentence_score("a cat is on the mat", [reference, "there is a cat on the mat"])
    assert (repeated.num_edits, unrelated.num_edits, two.num_edits) == (5, 7, 1)
    assert two.ref_length == pytest.approx((6 + 7) / 2)  # the average length of both references
    says("08_ter_and_wer", f"{repeated.score / 100:.4f}", f"{unrelated.score / 100:.4f}",
         f"{two.score / 100:.4f}", "6.5")


def test_10_numbers():
    from nltk.stem.porter import PorterStemmer
    from nltk.translate.meteor_score import meteor_score

    from bleu_lab import tokenize
    from bleu_lab.meteor import wordnet

    reference = "the cat sat on the mat"

    def nltk_meteor(candidate):
        return meteor_score([tokenize(reference, "nltk")], tokenize(candidate, "nltk"), wordnet=wordnet())

    # 1: six exact matches in one chunk, by hand: Fmean = 1, penalty = 0.5 (1/6)^3.
    assert nltk_meteor(reference) == pytest.approx(1 - 0.5 * (1 / 6) ** 3)
    says("10_meteor", f"{0.5 * (1 / 6) ** 3:.4f}", f"{1 - 0.5 * (1 / 6) ** 3:.4f}")
    # 2: the reversed reference: all six words match in six chunks, penalty 0.5, METEOR 1 x 0.5.
    assert nltk_meteor("mat the on sat cat the") == pytest.approx(0.5)
    says("10_meteor", "6 chunks", "the penalty is 0.5", "$1 \\times 0.5 = 0.5$")
    # 3: "sitting" stems to "sit" and stays unmatched: 5 of 7 candidate words, 5 of 6 reference words.
    assert PorterStemmer().stem("sitting") == "sit"
    fmean = (5 / 7) * (5 / 6) / (0.9 * (5 / 7) + 0.1 * (5 / 6))
    assert nltk_meteor("the cat is sitting on the mat") == pytest.approx(fmean * (1 - 0.5 * (2 / 5) ** 3))
    says("10_meteor", "None does", "is \"sit\", not \"sat\"")


def test_11_numbers():
    wrong = sacrebleu.corpus_bleu(["a b c d"], ["a b c d"])
    assert (wrong.sys_len, wrong.ref_len) == (4, 1)
    notebook_says("11_tokenization", f"BLEU = {wrong.score:.2f}", "hyp_len = 4 ref_len = 1")
    method1 = nltk_bleu.SmoothingFunction().method1
    candidate, reference = "my cat ate the fish", "my cat eats the fish"
    on_characters = nltk_bleu.sentence_bleu([reference], candidate, smoothing_function=method1)
    on_words = nltk_bleu.sentence_bleu([reference.split()], candidate.split(), smoothing_function=method1)
    assert f"{on_characters:.4f}" == "0.7388"  # the colleague's number in the exercise
    notebook_says("11_tokenization", f"{on_words:.4f}")
    from nltk.tokenize import word_tokenize

    candidate, reference = "The cat sat on the mat.", "the cat sat on the mat!"
    treebank = nltk_bleu.sentence_bleu([word_tokenize(reference, preserve_line=True)],
                                       word_tokenize(candidate, preserve_line=True))
    thirteen_a = sacrebleu.corpus_bleu([candidate], [[reference]], tokenize="13a", smooth_method="none").score
    assert f"{treebank:.4f}" == f"{thirteen_a / 100:.4f}"
    notebook_says("11_tokenization", 'tokenize="nltk"', 'tokenize="13a"', f"{treebank:.4f}")


def test_lab2_numbers():
    corpus = sacrebleu.corpus_bleu(["the cat is on the mat", ""], [["the cat is on the mat", "a b c d e f"]])
    assert corpus.score / 100 == pytest.approx(math.exp(1 - 12 / 6))
    says("lab2_brevity_penalty_and_bleu", f"{math.exp(-1):.4f}", "0.5")


def test_lab1_answer_2_no_longer_claims_a_score_above_one():
    answer = load_answers("lab1_ngrams_and_precision")
    assert "above 1" not in answer and "recall" in answer


# ----------------------------------------------------------------------------- 15: system level, WMT19 en-de

NB15 = "15_metrics_and_human_judgments"


@pytest.fixture(scope="module")
def wmt19():
    """Human DA z and sacrebleu's corpus BLEU and chrF (0-1, official reference, default 13a) of the 11 systems,
    and the embedding similarity from wordllama's own API: the mean over segments of the cosine of the
    normalised sentence vectors (``WordLlama.embed``) of output and reference."""
    import numpy as np
    import wordllama

    from bleu_lab.datasets import load_wmt19_en_de, load_wmt19_human_scores

    data = load_wmt19_en_de()
    human = dict(load_wmt19_human_scores().scores)
    scores = {
        "BLEU": {n: sacrebleu.corpus_bleu(data.systems[n], [data.reference]).score / 100 for n in human},
        "chrF": {n: sacrebleu.corpus_chrf(data.systems[n], [data.reference]).score / 100 for n in human},
    }
    model = wordllama.WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)
    reference = model.embed(list(data.reference), norm=True)
    scores["embedding"] = {
        n: float(np.mean(np.sum(model.embed(list(data.systems[n]), norm=True) * reference, axis=1))) for n in human
    }
    return human, scores


def agreeing_pairs(metric, human, names):
    """Pairs of systems ordered the same way by both, counted one by one."""
    return sum((metric[a] - metric[b]) * (human[a] - human[b]) > 0 for a, b in combinations(names, 2))


def test_15_answer_1_chrf_agreeing_pairs_by_hand(wmt19):
    human, scores = wmt19
    chrf, names = scores["chrF"], list(human)
    assert len(set(chrf.values())) == len(set(human.values())) == 11  # no ties: (1 + tau) / 2 is the share
    tau = scipy.stats.kendalltau([chrf[n] for n in names], [human[n] for n in names]).statistic
    assert f"{tau:.3f}" == "0.745"  # as the exercise and section 1 state it
    assert agreeing_pairs(chrf, human, names) == 48 and 55 * (1 + tau) / 2 == pytest.approx(48)
    assert f"{55 * 1.745 / 2:.2f}" == "47.99" and f"{41 / 55:.5f}" == "0.74545"
    notebook_says(NB15, "48 pairs agree and 7 go the other way", "55 × 1.745 / 2 = 47.99",
                  "(48 - 7) / 55 = 41/55 = 0.74545")
    # BLEU's 46 (section 3), and the pairs with Facebook_FAIR that each metric orders the wrong way.
    assert agreeing_pairs(scores["BLEU"], human, names) == 46
    above = {m: {n for n in names if n != "Facebook_FAIR" and scores[m][n] > scores[m]["Facebook_FAIR"]
                 and human[n] < human["Facebook_FAIR"]} for m in scores}
    assert above["chrF"] == {"MSRA.MADL", "Microsoft-WMT19-sentence_document"}
    assert above["BLEU"] == {"MSRA.MADL", "Microsoft-WMT19-sentence_document", "NEU", "UCAM"}
    notebook_says(NB15, "chrF keeps only two (MSRA.MADL and Microsoft-WMT19-sentence_document above it)")


def test_15_answer_2_without_facebook_fair(wmt19):

    human, scores = wmt19
    names = list(human)
    rest = [n for n in names if n != "Facebook_FAIR"]
    expected = {"BLEU": ("0.673", "0.778", "0.951", 40), "chrF": ("0.745", "0.778", "0.959", 40),
                "embedding": ("0.782", "0.822", "0.959", 41)}
    for metric, (all_11, tau_10, r_10, agreeing) in expected.items():
        values = scores[metric]
        tau = scipy.stats.kendalltau([values[n] for n in rest], [human[n] for n in rest]).statistic
        r = scipy.stats.pearsonr([values[n] for n in rest], [human[n] for n in rest]).statistic
        full = scipy.stats.kendalltau([values[n] for n in names], [human[n] for n in names]).statistic
        assert (f"{full:.3f}", f"{tau:.3f}", f"{r:.3f}") == (all_11, tau_10, r_10), metric
        assert agreeing_pairs(values, human, rest) == agreeing and (2 * agreeing - 45) / 45 == pytest.approx(tau)
    notebook_says(NB15, "from 0.673 to 0.778 (Pearson's r to 0.951)", "(40 - 5) / 45 = 0.778", "4 of BLEU's 9")


def test_15_the_embedding_scores_lead_over_bleu_is_not_told_from_chance(wmt19):
    # System level, 11 systems: Kendall's tau of the mean embedding similarity, and its lead over BLEU tested
    # paired over systems (scipy's bootstrap, conftest.scipy_tau_lead), as notebook 15 states them.
    human, scores = wmt19
    names = list(human)
    tau = scipy.stats.kendalltau([scores["embedding"][n] for n in names], [human[n] for n in names]).statistic
    lead, low, high, _ = scipy_tau_lead([[column[n] for n in names] for column in (scores["embedding"],
                                                                                   scores["BLEU"], human)])
    assert (f"{tau:.3f}", f"{lead:.3f}", f"{low:.3f}", f"{high:.3f}") == ("0.782", "0.109", "-0.154", "0.360")
    notebook_says(NB15, f"Its tau, {tau:.3f}, leads BLEU's by {lead:.3f}, with a 95% interval from {low:.3f} to "
                        f"{high:.3f}")
