"""The learned metric of notebook 17: its scores agree with sacrebleu and wordllama, its split keeps every
document on one side, its fit recovers a relation written down by hand; and BERTScore's greedy matching
(Zhang et al. 2020) over the static vectors, computed here with loops over wordllama's own vectors.

Expected values: sacrebleu's sentence BLEU (exp smoothing, no effective order), sentence chrF and sentence
TER (0-100 scale, divided by 100); wordllama's tokenizer and embedding matrix; hand calculations.
"""

import math
from pathlib import Path

import numpy as np
import pytest
import sacrebleu

from bleu_lab import learned_metric as lm
from bleu_lab.datasets import load_mqm_ted
from bleu_lab.similarity import greedy_match, similarity

wordllama = pytest.importorskip("wordllama")


@pytest.fixture(scope="module")
def ted():
    return load_mqm_ted("en-de")


@pytest.fixture(scope="module")
def few(ted):
    """Three systems' first 12 segments of TED en-de, scored with every metric."""
    systems = {name: ted.outputs[name][:12] for name in ("Facebook-AI", "Nemo", "UEdin")}
    return systems, ted.references[:12], lm.score_outputs(systems, ted.references[:12])


def test_segment_scores_agree_with_sacrebleu_and_wordllama(few):
    systems, references, scores = few
    bleu = sacrebleu.BLEU(effective_order=False, smooth_method="exp")
    chrf, ter = sacrebleu.CHRF(), sacrebleu.TER()
    for name, lines in systems.items():
        for i, line in enumerate(lines):
            refs = references[i]
            assert scores.segment["BLEU"][name][i] == pytest.approx(bleu.sentence_score(line, refs).score / 100,
                                                                     abs=1e-9)
            assert scores.segment["chrF"][name][i] == pytest.approx(chrf.sentence_score(line, refs).score / 100,
                                                                     abs=1e-9)
            assert scores.segment["TER"][name][i] == pytest.approx(ter.sentence_score(line, refs).score / 100,
                                                                    abs=1e-9)
            assert scores.segment["embedding"][name][i] == pytest.approx(similarity(line, refs).score, abs=1e-9)


def test_system_scores_agree_with_sacrebleu(few):
    systems, references, scores = few
    streams = [[refs[0] for refs in references]]
    for name, lines in systems.items():
        assert scores.system["BLEU"][name] == pytest.approx(sacrebleu.corpus_bleu(lines, streams).score / 100,
                                                            abs=1e-9)
        assert scores.system["chrF"][name] == pytest.approx(sacrebleu.corpus_chrf(lines, streams).score / 100,
                                                            abs=1e-9)
        assert scores.system["TER"][name] == pytest.approx(sacrebleu.corpus_ter(lines, streams).score / 100,
                                                           abs=1e-9)
    assert scores.oriented("TER")["Nemo"][0] == -scores.segment["TER"]["Nemo"][0]
    assert scores.oriented("TER", "system")["Nemo"] == -scores.system["TER"]["Nemo"]


def test_features_by_hand(few):
    _, _, scores = few
    features = lm.segment_features(scores)
    assert set(features) == set(lm.FEATURES)
    c, r = scores.lengths["Nemo"][0]
    assert features["length ratio"]["Nemo"][0] == c / r and features["reference length"]["Nemo"][0] == r


def test_split_by_document_keeps_every_talk_on_one_side(ted):
    split = lm.split_by_document(ted.documents, ["talk.3", "talk.5"])
    train_talks = {ted.documents[i] for i in split.train}
    test_talks = {ted.documents[i] for i in split.test}
    assert not train_talks & test_talks
    assert test_talks == {"talk.3", "talk.5"} and train_talks == {"talk.1", "talk.4", "talk.6"}
    assert sorted(split.train + split.test) == list(range(529))
    assert len(split.test) == 31 + 70  # talk.3 and talk.5, counted in the data file


@pytest.mark.parametrize("held_out, message", [(["talk.9"], "not among"), ([], "at least one"),
                                               (["talk.1", "talk.3", "talk.4", "talk.5", "talk.6"], "at least one")])
def test_split_misuse(ted, held_out, message):
    with pytest.raises(ValueError, match=message):
        lm.split_by_document(ted.documents, held_out)
    with pytest.raises(TypeError, match="lists of document names"):
        lm.split_by_document("talk.1", ["talk.1"])


def test_fit_recovers_a_linear_relation_written_by_hand():
    # y = 2 x1 - 3 x2 + 1 exactly, on 6 rows; on standardized features w_k = slope_k * sd_k.
    x1 = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
    x2 = [1.0, 0.0, 2.0, 1.0, 3.0, 0.5]
    y = [2 * a - 3 * b + 1 for a, b in zip(x1, x2)]
    features = {"x1": {"A": x1}, "x2": {"A": x2}}
    model = lm.fit_linear_metric(features, {"A": y}, list(range(6)))
    assert model.weights[0] / model.scales[0] == pytest.approx(2)
    assert model.weights[1] / model.scales[1] == pytest.approx(-3)
    assert model.scales[0] == pytest.approx(np.std(x1))
    assert model.predict(features)["A"] == pytest.approx(y)


def test_fit_leaves_out_unrated_rows_and_refuses_too_few():
    features = {"x": {"A": [0.0, 1.0, 2.0, 3.0]}}
    model = lm.fit_linear_metric(features, {"A": [0.0, 1.0, None, 3.0]}, [0, 1, 2, 3])
    assert model.training_rows == 3 and model.weights[0] / model.scales[0] == pytest.approx(1)
    with pytest.raises(ValueError, match="cannot fit"):
        lm.fit_linear_metric(features, {"A": [0.0, 1.0, None, 3.0]}, [0, 2])
    with pytest.raises(ValueError, match="unknown or no features"):
        lm.fit_linear_metric(features, {"A": [0.0] * 4}, [0, 1, 2], use=["y"])
    with pytest.raises(ValueError, match="lack"):
        model.predict({"other": {"A": [1.0]}})


def test_worst_predictions_by_hand():
    predicted = {"A": [0.0, -1.0, -2.0], "B": [-4.0, 0.0, 0.0]}
    human = {"A": [0.0, -6.0, None], "B": [-5.0, -0.5, -10.0]}
    # |errors| on segments 0 and 1: A0 0, A1 5, B0 1, B1 0.5; segment 2 is left out.
    assert lm.worst_predictions(predicted, human, [0, 1], n=2) == [("A", 1, -1.0, -6.0), ("B", 0, -4.0, -5.0)]


def test_unknown_metric_is_refused():
    with pytest.raises(ValueError, match="unknown metric"):
        lm.score_outputs({"A": ["a b c d"]}, [["a b c d"]], metrics=["METEOR"])


# --- BERTScore's greedy matching over static vectors (Zhang et al. 2020, section 3) ---

@pytest.fixture(scope="module")
def vectors():
    model = wordllama.WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)

    def of(text):
        ids = model.tokenizer.encode(text, add_special_tokens=False).ids
        return [np.asarray(model.embedding[i], dtype=np.float64) for i in ids]

    return of


def cosine(a, b):
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


@pytest.mark.parametrize("candidate, reference", [
    ("the feline rests upon the rug", "the cat is on the mat"),
    ("Der Raum wackelt chaotisch.", "der Weltraum wabert und schwingt"),
])
def test_greedy_matching_by_hand(vectors, candidate, reference):
    c, r = vectors(candidate), vectors(reference)
    precision = sum(max(cosine(x, y) for y in r) for x in c) / len(c)
    recall = sum(max(cosine(x, y) for x in c) for y in r) / len(r)
    result = greedy_match(candidate, reference)
    assert result.precision == pytest.approx(precision, abs=1e-9)
    assert result.recall == pytest.approx(recall, abs=1e-9)
    assert result.f1 == pytest.approx(2 * precision * recall / (precision + recall), abs=1e-9)
    assert len(result.candidate_matches) == len(c) and len(result.reference_matches) == len(r)


def test_greedy_matching_is_blind_to_word_order():
    result = greedy_match("mat the on is cat the", "the cat is on the mat")
    assert (result.precision, result.recall) == (pytest.approx(1.0), pytest.approx(1.0))
    assert not math.isclose(greedy_match("the feline rests", "the cat is on the mat").f1, 1.0)


@pytest.mark.parametrize("candidate, reference, error, message", [
    ("", "the cat", ValueError, "candidate is empty"),
    ("the cat", "  ", ValueError, "reference is empty"),
    (["the", "cat"], "the cat", TypeError, "must be a string"),
])
def test_greedy_match_misuse(candidate, reference, error, message):
    with pytest.raises(error, match=message):
        greedy_match(candidate, reference)


def test_systems_sharing_lines_get_the_same_ter_as_alone(ted):
    # B repeats A's first 6 lines: TER aligns each distinct line once, and both must still get sacrebleu's numbers.
    a, b = ted.outputs["Nemo"][:10], ted.outputs["Nemo"][:6] + ted.outputs["UEdin"][6:10]
    scores = lm.score_outputs({"A": a, "B": b}, ted.references[:10], metrics=["TER"])
    for name, lines in (("A", a), ("B", b)):
        expected = sacrebleu.corpus_ter(lines, [ted.reference[:10]]).score / 100
        assert scores.system["TER"][name] == pytest.approx(expected, abs=1e-9)
        assert scores.segment["TER"][name][7] == pytest.approx(
            sacrebleu.TER().sentence_score(lines[7], [ted.reference[7]]).score / 100, abs=1e-9)
    assert "BLEU" not in scores.segment
