"""Notebook 15's prose states numbers; each is recomputed here with sacrebleu and scipy (never bleu_lab).

Every number is formatted as the prose writes it and must appear in the notebook's Markdown, so a
change in the data, in sacrebleu or in the prose that breaks the agreement fails here. sacrebleu
is run on text tokenized once with its own 13a tokenizer and then ``tokenize="none"`` (the same
tokens as its default 13a, computed once instead of once per reference set).
"""

from __future__ import annotations

import json
import logging
from itertools import combinations
from pathlib import Path

import pytest
import sacrebleu
import scipy.stats
from conftest import scipy_tau_lead
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from bleu_lab.datasets import load_wmt19_en_de, load_wmt19_human_scores, load_wmt19_references

pytestmark = pytest.mark.notebooks

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
NOTEBOOK = NOTEBOOKS / "15_metrics_and_human_judgments.ipynb"


@pytest.fixture(scope="module")
def prose() -> str:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown").replace("\n", " ")


@pytest.fixture(scope="module")
def outputs() -> str:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return "\n".join(
        "".join(o.get("text", "")) for c in cells if c["cell_type"] == "code" for o in c.get("outputs", [])
    )


@pytest.fixture(scope="module")
def wmt():
    data = load_wmt19_en_de()
    human = load_wmt19_human_scores().scores
    names = list(human)
    tokenize = Tokenizer13a()
    systems = {name: [tokenize(line) for line in data.systems[name]] for name in names}
    references = {key: [tokenize(line) for line in lines] for key, lines in load_wmt19_references().items()}
    return data, human, names, systems, references


@pytest.fixture(scope="module")
def sacre_bleu(wmt):
    """sacrebleu corpus BLEU (0-1) of the 11 systems against each reference set and all four together."""
    _, _, names, systems, references = wmt
    sets = {key: [lines] for key, lines in references.items()}
    sets["all four"] = list(references.values())
    scores = {}
    for key, streams in sets.items():
        metric = sacrebleu.metrics.BLEU(tokenize="none", force=True, references=streams)
        scores[key] = {name: metric.corpus_score(systems[name], None).score / 100 for name in names}
    return scores


@pytest.fixture(scope="module")
def sacre_chrf(wmt):
    data, _, names, _, _ = wmt
    metric = sacrebleu.metrics.CHRF(references=[data.reference])
    return {name: metric.corpus_score(data.systems[name], None).score / 100 for name in names}


def pearson(scores, human, names):
    return scipy.stats.pearsonr([scores[n] for n in names], [human[n] for n in names]).statistic


def kendall(scores, human, names):
    return scipy.stats.kendalltau([scores[n] for n in names], [human[n] for n in names]).statistic


def test_system_level_correlations(prose, wmt, sacre_bleu, sacre_chrf):
    _, human, names, _, _ = wmt
    bleu = sacre_bleu["WMT"]
    # The numbers (sacrebleu, 13a, cased), recomputed.
    assert f"{kendall(bleu, human, names):.3f}" == "0.673"
    for value in (pearson(bleu, human, names), kendall(bleu, human, names),
                  pearson(sacre_chrf, human, names), kendall(sacre_chrf, human, names)):
        assert f"{value:.3f}" in prose
    interval = scipy.stats.pearsonr([bleu[n] for n in names], [human[n] for n in names]).confidence_interval()
    assert f"{pearson(bleu, human, names):.3f}" == "0.926" and f"{interval.low:.3f}" == "0.733"


def test_facebook_fair_is_fifth_with_the_official_reference(prose, sacre_bleu):
    order = sorted(sacre_bleu["WMT"], key=sacre_bleu["WMT"].get, reverse=True)
    assert order[:5] == ["MSRA.MADL", "Microsoft-WMT19-sentence_document", "NEU", "UCAM", "Facebook_FAIR"]
    assert "only fifth by BLEU: MSRA.MADL, Microsoft-WMT19-sentence_document, NEU and UCAM" in prose


def test_without_online_x(prose, wmt, sacre_bleu, sacre_chrf):
    _, human, names, _, _ = wmt
    rest = [n for n in names if n != "online-X"]
    for scores in (sacre_bleu["WMT"], sacre_chrf):
        for value in (pearson(scores, human, rest), kendall(scores, human, rest)):
            assert f"{value:.3f}" in prose
    result = scipy.stats.pearsonr([sacre_bleu["WMT"][n] for n in rest], [human[n] for n in rest])
    interval = result.confidence_interval()
    assert f"[{interval.low:.3f}, {interval.high:.3f}]" in prose


def test_pairs(prose, outputs, wmt, sacre_bleu):
    _, human, names, _, _ = wmt
    points = {n: 100 * s for n, s in sacre_bleu["WMT"].items()}
    pairs = []
    for a, b in combinations(names, 2):
        if points[a] < points[b]:
            a, b = b, a
        pairs.append((points[a] - points[b], human[a] > human[b]))
    assert len(pairs) == 55
    agreeing = sum(agrees for _, agrees in pairs)
    assert f"BLEU orders {agreeing} of the 55 pairs" in prose
    assert agreeing / 55 == pytest.approx((1 + kendall(sacre_bleu["WMT"], human, names)) / 2)
    assert f"{agreeing}/55 = (1 + tau) / 2" in prose
    wrong = sorted(d for d, agrees in pairs if not agrees)
    assert f"{max(wrong):.1f}" == "3.5" and sum(d < 1.3 for d in wrong) == 7 and len(wrong) == 9
    assert "of at most 3.5 points, and seven of them below 1.3" in prose
    for low, high, text in ((0, 1, "4 of 9"), (1, 2, "6 of 8"), (2, 4, "8 of 10")):
        inside = [agrees for d, agrees in pairs if low <= d < high]
        assert f"{sum(inside)} of {len(inside)}" == text and f"{low} to {high} points: {text} = " in outputs
    assert all(agrees for d, agrees in pairs if d >= 4) and sum(d >= 4 for d, _ in pairs) == 28
    # 4 of 9 right is no evidence either way: its 95% Wilson interval (scipy) covers a coin's 0.5.
    wilson = scipy.stats.binomtest(4, 9).proportion_ci(0.95, method="wilson")
    assert wilson.low < 0.5 < wilson.high
    assert f"the Wilson interval, {wilson.low:.2f} to {wilson.high:.2f}, covers a coin's 0.5" in prose
    all_right = scipy.stats.binomtest(16, 16).proportion_ci(0.95, method="wilson")
    assert f"even 16 of 16 leaves an interval down to {all_right.low:.2f}" in prose
    assert "no better than a coin flip" not in prose  # 9 pairs cannot show that
    # Pairs BLEU gets wrong that people barely tell apart (differences of DA z).
    assert f"NEU and UCAM differ by {abs(human['NEU'] - human['UCAM']):.3f} DA z" in prose
    assert f"UdS-DFKI and online-G, BLEU's largest disagreement (3.5 points), by " \
           f"{abs(human['UdS-DFKI'] - human['online-G']):.3f}" in prose
    # Significant is not preferred: notebook 14 states MSRA.MADL's lead on the 0-1 scale.
    cells = json.loads((NOTEBOOKS / "14_uncertainty_and_significance.ipynb").read_text(encoding="utf-8"))["cells"]
    prose_14 = " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown").replace("\n", " ")
    msra_lead = sacre_bleu["WMT"]["MSRA.MADL"] - sacre_bleu["WMT"]["Facebook_FAIR"]
    assert f"MSRA.MADL's lead of {msra_lead:.4f} BLEU is significant" in prose_14
    assert f"DA z {human['Facebook_FAIR']:.3f} against {human['MSRA.MADL']:.3f}" in prose_14


def test_references_matter(prose, wmt, sacre_bleu):
    _, human, names, _, _ = wmt
    expected_tau = {"WMT": "0.673", "AR": "0.818", "AR.p": "0.927", "WMT.p": "0.891", "all four": "0.745"}
    expected_rank = {"WMT": 5, "AR": 1, "AR.p": 1, "WMT.p": 1, "all four": 3}
    for key, scores in sacre_bleu.items():
        tau = f"{kendall(scores, human, names):.3f}"
        assert tau == expected_tau[key], key
        assert tau in prose
        rank = sorted(scores, key=scores.get, reverse=True).index("Facebook_FAIR") + 1
        assert rank == expected_rank[key], key
    assert "Facebook_FAIR moves from fifth to first" in prose and "Facebook_FAIR third" in prose
    paraphrased = [s for key in ("AR.p", "WMT.p") for s in sacre_bleu[key].values()]
    official = list(sacre_bleu["WMT"].values())
    assert f"{min(paraphrased):.2f} to {max(paraphrased):.2f}" == "0.09 to 0.14" and "0.09 to 0.14" in prose
    assert f"{min(official):.2f} to {max(official):.2f}" == "0.29 to 0.45" and "0.29 to 0.45" in prose


def test_the_reference_gain_is_tested_as_a_paired_difference(prose, wmt, sacre_bleu):
    """AR.p against WMT: both taus on the same resample of systems (scipy's percentile bootstrap, 1000, seed
    12345), not two intervals compared by eye."""
    _, human, names, _, _ = wmt
    columns = [[scores[n] for n in names] for scores in (sacre_bleu["AR.p"], sacre_bleu["WMT"], human)]
    gain, low, high, share = scipy_tau_lead(columns)
    assert (f"{gain:.3f}", f"{low:.3f}", f"{high:.3f}", f"{100 * share:.1f}%") == \
        ("0.255", "0.000", "0.654", "4.9%")
    assert "AR.p's gain of 0.255 has a 95% interval from 0.000 to 0.654, and 4.9% of the resamples" in prose
    assert "Overlapping intervals are no test" in prose


def test_question_3_is_not_answered_above_it(prose):
    # Its answer: clipping takes the maximum count over the references, so literal n-grams count in full.
    above = prose.split("## Check your understanding", 1)[0]
    assert "maximum" not in above and "regains its lead" not in above and "dominate the clipping" not in above
    assert "Facebook_FAIR third" in above


def test_the_sentence_scores_are_exp_smoothing_without_effective_order(prose):
    # sacrebleu's sentence_bleu adds effective order, which rescues short outputs: FAIR's segment 1522
    # ("Geschichte studieren" against "Studiere Geschichte") is 0 without it and 50 with it (by hand:
    # one of two unigrams, no bigram; with effective order sqrt(1/2 * 1/2) = 0.5, BP 1).
    assert sacrebleu.sentence_bleu("Geschichte studieren", ["Studiere Geschichte"]).score == pytest.approx(50.0)
    assert sacrebleu.corpus_bleu(["Geschichte studieren"], [["Studiere Geschichte"]]).score == 0.0
    assert "without the effective order that sacrebleu's `sentence_bleu` adds" in prose
    assert "as sacrebleu's `sentence_bleu`)" not in prose


def test_near_zero_segments(prose, outputs, wmt):
    _, _, names, systems, references = wmt
    logging.getLogger("sacrebleu").setLevel(logging.ERROR)  # its effective_order advice, once per sentence
    metric = sacrebleu.metrics.BLEU(tokenize="none", smooth_method="exp", force=True)
    scores = [(metric.sentence_score(c, [w]).score / 100, metric.sentence_score(c, [a]).score / 100)
              for c, w, a in zip(systems["Facebook_FAIR"], references["WMT"], references["AR"])]
    w, a = scores[1881]
    assert f"{w:.3f} against the official reference, {a:.3f} against AR" in prose
    assert f"segment 1881: BLEU {w:.3f} vs WMT, {a:.3f} vs AR" in outputs
    good = sum(w < 0.05 and a >= 0.3 for w, a in scores)
    assert f"Facebook_FAIR outputs below 0.05 vs WMT and at least 0.3 vs AR: {good}" in outputs


def test_how_wmt19_collected_the_human_scores_is_said(prose):
    # Barrault et al. (2019): out of English, DA was source-based (bilingual annotators, no reference), and
    # the official ranking groups systems into clusters a Wilcoxon rank-sum test cannot separate.
    assert "WMT19 ran DA *source-based*" in prose and "not with a reference" in prose
    assert "Wilcoxon rank-sum test" in prose and "ties for people" in prose


def test_the_embedding_score_is_not_explained_again(prose):
    # Notebook 09 explains it once; 15 refers to it and says what it is not.
    assert "notebook 09" in prose and "not what BERTScore does" in prose
    assert "Llama 2's tokenizer" not in prose and "the feline rests upon the rug" not in prose
