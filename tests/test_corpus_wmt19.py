"""Corpus scores on real data: the 12 WMT19 en-de systems against sacrebleu, to 1e-9 on the 0-1 scale.

Expected values are computed here by sacrebleu (BLEU and CHRF with default settings, the
signatures in the dataset README). bleu_lab's one counting engine is checked, sentence by
sentence, against sacrebleu's own per-sentence statistics (the rows its corpus score sums) on
generated corpora and on real data.
"""

import logging

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import BLEU, CHRF

import bleu_lab
from bleu_lab.bleu.metric import corpus_statistics
from bleu_lab.datasets import load_wmt19_en_de
from bleu_lab.fast.counting import corpus_statistics_matrix

pytestmark = pytest.mark.usefixtures("references_drawn_separately")  # see conftest.py

logging.getLogger("sacrebleu").setLevel(logging.ERROR)
TOL = 1e-9

# The README's sacrebleu 2.6.0 BLEU (0-100, rounded to 2 decimals): a guard on the data itself.
README_BLEU = {
    "MSRA.MADL": 44.93, "Microsoft-WMT19-sentence_document": 43.92, "NEU": 43.52, "UCAM": 43.01,
    "Facebook_FAIR": 42.67, "online-Y": 42.02, "online-B": 41.24, "UdS-DFKI": 38.65, "PROMT_NMT_EN-DE": 37.94,
    "online-G": 35.14, "online-X": 29.48, "en_de_task": 16.85,
}


@pytest.fixture(scope="module")
def wmt19():
    return load_wmt19_en_de()


@pytest.fixture(scope="module")
def sacrebleu_bleu(wmt19):
    return BLEU(references=[wmt19.reference])  # caches the reference statistics once


def test_corpus_bleu_of_all_12_systems_equals_sacrebleu(wmt19, sacrebleu_bleu):
    for name, lines in wmt19.systems.items():
        expected = sacrebleu_bleu.corpus_score(lines, None)
        ours = bleu_lab.corpus_bleu(lines, wmt19.references)
        assert abs(ours.score - expected.score / 100) <= TOL, name
        assert ours.counts == list(expected.counts) and ours.totals == list(expected.totals), name
        assert (ours.candidate_length, ours.reference_length) == (expected.sys_len, expected.ref_len), name
        assert round(100 * ours.score, 2) == README_BLEU[name], name


def test_corpus_chrf_equals_sacrebleu(wmt19):
    corpus_chrf = getattr(bleu_lab, "corpus_chrf", None)
    if corpus_chrf is None:  # pragma: no cover - chrF is part of the package now
        pytest.fail("bleu_lab.corpus_chrf is missing")
    metric = CHRF(references=[wmt19.reference])
    # chrF is slower than BLEU in both libraries (keeps this file under ~30 s): the human-evaluation
    # winner and the weakest, tokenized system; notebook 08 prints all 12 beside sacrebleu's README values.
    for name in ("Facebook_FAIR", "en_de_task"):
        expected = metric.corpus_score(wmt19.systems[name], None).score / 100
        assert abs(corpus_chrf(wmt19.systems[name], wmt19.references).score - expected) <= TOL, name


def test_tokenized_system_is_scored_like_sacrebleu_with_other_settings(wmt19):
    lines = wmt19.systems["en_de_task"]
    for keywords in ({"tokenize": "intl"}, {"tokenize": "none", "lowercase": True}):
        expected = BLEU(**keywords).corpus_score(lines, [wmt19.reference]).score / 100
        assert abs(bleu_lab.corpus_bleu(lines, wmt19.references, **keywords).score - expected) <= TOL, keywords


def sacrebleu_rows(candidates, references, max_order=4, tokenize="13a"):
    """sacrebleu's per-sentence statistics [c, r, matches..., totals...] (the rows its corpus score sums)."""
    streams = [[refs[k] if k < len(refs) else None for refs in references] for k in range(max(map(len, references)))]
    metric = BLEU(tokenize=tokenize, max_ngram_order=max_order)
    return [list(row) for row in metric._extract_corpus_statistics(candidates, streams)]


def test_counting_equals_sacrebleus_sentence_statistics_on_real_data(wmt19):
    lines = wmt19.systems["online-X"]
    ours = corpus_statistics(lines, wmt19.references)
    assert ours.rows.tolist() == sacrebleu_rows(lines, wmt19.references)
    assert not ours.rows.flags.writeable


words = st.sampled_from(["a", "b", "c", "d", "the", "cat", "A", "é"])
texts = st.lists(words, max_size=9).map(tuple)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(texts, st.lists(texts, min_size=1, max_size=4)), min_size=1, max_size=8), st.integers(1, 6))
def test_counting_equals_sacrebleus_sentence_statistics_on_generated_corpora(corpus, max_order):
    candidates = [c for c, _ in corpus]
    references = [r for _, r in corpus]
    expected = sacrebleu_rows([" ".join(c) for c in candidates], [[" ".join(r) for r in refs] for refs in references],
                              max_order, tokenize="none")
    assert corpus_statistics_matrix(candidates, references, max_order).tolist() == expected


@pytest.mark.parametrize("size", [100, 3000])
@pytest.mark.parametrize("multipliers", [None, (0,), ()])
@pytest.mark.parametrize("largest", [50, 2**40, 2**63 - 1])
def test_grouping_keys_gives_numpy_uniques_groups(monkeypatch, largest, multipliers, size):
    # Equal keys must get the same representative and different keys different ones, as numpy.unique
    # numbers them. A multiplier of 0 sends every key to one hash slot, so one key is placed per round
    # and the rest are grouped by the sorting fallback; no multiplier at all is that fallback alone.
    # 100 keys are grouped by a dictionary unless the threshold is lowered, as for the hashing runs here.
    import numpy as np

    from bleu_lab.fast import counting
    from bleu_lab.fast.counting import _group_representatives, _table_size

    if multipliers is not None:
        monkeypatch.setattr(counting, "_GROUPED_IN_PYTHON", 0)
    keys = np.random.default_rng(7).integers(0, largest, size, dtype=np.int64)
    keys[::3] = keys[0]  # many repeats
    keys[1::7] = largest - 1
    table = np.empty(_table_size(len(keys)), dtype=np.intp)
    group = (_group_representatives(keys, table) if multipliers is None
             else _group_representatives(keys, table, multipliers))
    _, expected = np.unique(keys, return_inverse=True)
    assert (keys[group] == keys).all()  # each representative holds the same key
    assert len(np.unique(group)) == len(np.unique(keys))  # one representative per distinct key
    assert (expected[group] == expected).all()


# ----------------------------------------------------------------------------- notebook 08's pictures


def test_corpus_plots_draw_the_numbers_they_are_given():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")  # inside the test process only
    import matplotlib.pyplot as plt

    from bleu_lab.show import plotting
    from bleu_lab.significance import BootstrapResult

    try:
        scores = {"A": {"BLEU": 0.45, "chrF": 0.69}, "B": {"BLEU": 0.17, "chrF": 0.47}}
        ax = plotting.plot_system_scores(scores)
        assert [bar.get_width() for bar in ax.containers[0]] == [0.45, 0.17]  # BLEU bars, A on top
        assert [bar.get_width() for bar in ax.containers[1]] == [0.69, 0.47]
        assert [t.get_text() for t in ax.get_yticklabels()] == ["A", "B"]

        ax = plotting.plot_score_histogram({"A": [0.1, 0.12, 0.9], "B": [0.5]}, bins=10)
        # the dashed line of each system stands at its mean
        assert [line.get_xdata()[0] for line in ax.get_lines()] == pytest.approx([(0.1 + 0.12 + 0.9) / 3, 0.5])
        assert "mean 0.373" in ax.get_legend().get_texts()[0].get_text()  # (0.1 + 0.12 + 0.9) / 3

        interval = BootstrapResult(score=0.43, low=0.42, high=0.44, mean=0.43, confidence=0.95, n_samples=10, seed=1)
        ax = plotting.plot_confidence_intervals({"A": interval})
        assert any("0.430 [0.420, 0.440]" in t.get_text() for t in ax.texts)
        with pytest.raises(ValueError, match="0-1 scale"):
            plotting.plot_system_scores({"A": {"BLEU": 44.9}})
        with pytest.raises(TypeError, match="bootstrap_ci"):
            plotting.plot_confidence_intervals({"A": 0.4})
    finally:
        plt.close("all")
