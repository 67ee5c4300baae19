"""The embedding score: right numbers, offline, honest about its blind spots.

Expected values come from wordllama's own API (``WordLlama.load(...).similarity``, computed in
the test), from the cosine formula by hand, and from what the issue measured (a paraphrase scores
clearly above an unrelated sentence; word salad and negation score near the identical sentence).
Never from bleu_lab itself.
"""

from __future__ import annotations

import importlib
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

wordllama = pytest.importorskip("wordllama")

import bleu_lab  # noqa: E402
from bleu_lab import corpus_similarity, similarity  # noqa: E402

similarity_module = importlib.import_module("bleu_lab.similarity")

REFERENCE = "the cat is on the mat"
PARAPHRASE = "the feline rests upon the rug"
UNRELATED = "stock markets fell sharply on Monday"
WORD_SALAD = "mat the on is cat the"
NEGATION = "the cat is not on the mat"


@pytest.fixture(scope="module")
def wordllama_model():
    """wordllama's own model object, loaded the documented way from the installed package."""
    return wordllama.WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)


@pytest.fixture
def no_network(monkeypatch):
    """Every socket connection fails, and Hugging Face libraries are told they are offline."""
    def refuse(*args, **kwargs):
        raise OSError("network blocked by the test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("TRANSFORMERS_OFFLINE", "1")
    similarity_module._model.cache_clear()
    yield
    similarity_module._model.cache_clear()


def test_works_with_the_network_blocked(no_network, wordllama_model):
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", 9))  # the block is real
    result = similarity(PARAPHRASE, [REFERENCE])
    # Loaded with no network, the model gives wordllama's own number (as in the test below).
    assert result.score == pytest.approx(wordllama_model.similarity(PARAPHRASE, REFERENCE), abs=1e-5)
    assert similarity_module._model.cache_info().misses == 1


def test_model_is_loaded_once(no_network):
    similarity("a", ["b"])
    similarity("c", ["d"])
    corpus_similarity(["e"], [["f"]])
    info = similarity_module._model.cache_info()
    assert info.misses == 1 and info.hits >= 2


def test_agrees_with_wordllamas_own_similarity(wordllama_model):
    pairs = [(PARAPHRASE, REFERENCE), (UNRELATED, REFERENCE), (NEGATION, REFERENCE),
             ("Walisische Abgeordnete sorgen sich", "Abgeordnete aus Wales hatten Angst")]
    for candidate, reference in pairs:
        expected = wordllama_model.similarity(candidate, reference)
        assert similarity(candidate, [reference]).score == pytest.approx(expected, abs=1e-5)


def test_identical_sentence_scores_one():
    assert similarity(REFERENCE, [REFERENCE]).score == pytest.approx(1.0, abs=1e-9)


def test_paraphrase_scores_clearly_above_an_unrelated_sentence():
    # Measured: paraphrase 0.2522, unrelated 0.0710 (BLEU gives both 0).
    paraphrase = similarity(PARAPHRASE, [REFERENCE]).score
    unrelated = similarity(UNRELATED, [REFERENCE]).score
    assert paraphrase > unrelated + 0.1
    assert paraphrase < 0.5  # credit, but far from "the same sentence"


def test_blind_spots_word_salad_and_negation_score_near_identical():
    # Measured: word salad 1.0000 (a mean ignores order), negation 0.9710. Both far above the paraphrase.
    salad = similarity(WORD_SALAD, [REFERENCE]).score
    negation = similarity(NEGATION, [REFERENCE]).score
    paraphrase = similarity(PARAPHRASE, [REFERENCE]).score
    assert salad == pytest.approx(1.0, abs=1e-6)
    assert 0.9 < negation < 1.0
    assert min(salad, negation) > paraphrase + 0.5


def test_cosine_by_hand_from_the_mean_subword_vectors(wordllama_model):
    import numpy as np

    def mean_vector(text):
        ids = wordllama_model.tokenizer.encode(text, add_special_tokens=False).ids
        return wordllama_model.embedding[ids].astype(np.float64).mean(axis=0)

    a, b = mean_vector(PARAPHRASE), mean_vector(REFERENCE)
    expected = float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))
    assert similarity(PARAPHRASE, [REFERENCE]).score == pytest.approx(expected, abs=1e-9)


def test_best_reference_counts_and_order_does_not_matter():
    one = similarity(PARAPHRASE, [REFERENCE])
    two = similarity(PARAPHRASE, [UNRELATED, REFERENCE])
    assert two.score == pytest.approx(one.score)
    assert two.best == 1 and len(two.cosines) == 2
    assert two.cosines[0] == pytest.approx(similarity(PARAPHRASE, [UNRELATED]).score)


def test_token_sequences_are_joined_with_spaces():
    assert similarity(PARAPHRASE.split(), [REFERENCE.split()]).score == pytest.approx(
        similarity(PARAPHRASE, [REFERENCE]).score
    )


def test_corpus_score_is_the_mean_of_sentence_scores(wordllama_model):
    candidates = [PARAPHRASE, UNRELATED, NEGATION]
    references = [[REFERENCE], [REFERENCE, UNRELATED], [REFERENCE]]
    expected = [
        wordllama_model.similarity(PARAPHRASE, REFERENCE),
        1.0,  # the second reference is the candidate itself
        wordllama_model.similarity(NEGATION, REFERENCE),
    ]
    result = corpus_similarity(candidates, references)
    assert result.sentence_scores == pytest.approx(expected, abs=1e-5)
    assert result.score == pytest.approx(sum(expected) / 3, abs=1e-5)
    assert result.n_references == 2


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: similarity(PARAPHRASE, REFERENCE), TypeError, "single string"),
        (lambda: similarity(PARAPHRASE, []), ValueError, "empty"),
        (lambda: similarity(None, [REFERENCE]), TypeError, "None"),
        (lambda: similarity([REFERENCE.split()], PARAPHRASE.split()), TypeError, "nltk"),
        (lambda: corpus_similarity(PARAPHRASE, [[REFERENCE]]), TypeError, "single string"),
        (lambda: corpus_similarity([PARAPHRASE], [REFERENCE]), TypeError, "not nested"),
        (lambda: corpus_similarity([PARAPHRASE, UNRELATED], [[REFERENCE]]), ValueError, "2 candidates"),
    ],
)
def test_misuse_raises_a_clear_error(call, error, words):
    with pytest.raises(error) as caught:
        call()
    assert words in str(caught.value)
    assert "Right:" in str(caught.value) or "candidate first" in str(caught.value)


def test_signature_explain_and_html():
    result = similarity(PARAPHRASE, ["<b>the cat</b> is on the mat"])
    assert result.signature.startswith("nrefs:1|model:wordllama-l2_supercat-256|pool:mean|sim:cos|")
    assert result.signature.endswith(f"|wordllama:{wordllama.__version__}|bleu_lab:{bleu_lab.__version__}")
    assert result.signature in str(result)
    text = result.explain()
    for words in ("cosine", "mean", "wordllama", "subwords", "word order", "negation", f"{result.score:.4f}"):
        assert words in text, words
    page = result._repr_html_()
    assert "&lt;b&gt;" in page and "<b>the cat</b>" not in page
    corpus = corpus_similarity([PARAPHRASE], [[REFERENCE]])
    assert corpus.signature == result.signature
    assert "mean of 1 sentence cosines" in corpus.explain()


def test_explain_lists_the_subwords(wordllama_model):
    expected = wordllama_model.tokenizer.encode(PARAPHRASE, add_special_tokens=False).tokens
    result = similarity(PARAPHRASE, [REFERENCE])
    assert result.candidate_subwords == tuple(expected)
    assert f"candidate ({len(expected)} subwords): {' '.join(expected)}" in result.explain()


def test_import_bleu_lab_does_not_import_the_model_package():
    code = "import sys, bleu_lab; bleu_lab.similarity; print('wordllama' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_loading_the_model_leaves_the_root_logger_alone():
    # wordllama calls logging.basicConfig(level=INFO) when imported; bleu_lab undoes it.
    code = (
        "import logging, bleu_lab; before = (logging.getLogger().level, list(logging.getLogger().handlers)); "
        "bleu_lab.similarity('a', ['b']); "
        "print(before == (logging.getLogger().level, list(logging.getLogger().handlers)))"
    )
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.strip() == "True"


def test_missing_package_gives_an_install_hint(monkeypatch):
    monkeypatch.setitem(sys.modules, "wordllama", None)  # import wordllama now raises ImportError
    similarity_module._model.cache_clear()
    try:
        with pytest.raises(ImportError, match=r"pip install 'bleu_lab\[lab\]'"):
            similarity("a", ["b"])
    finally:
        similarity_module._model.cache_clear()


@pytest.mark.parametrize(
    ("call", "words"),
    [
        # The model's tokenizer needs UTF-8; a lone surrogate (half of a UTF-16 pair) cannot be encoded.
        (lambda: similarity("\ud800", ["a"]),
         "the candidate contains an unpaired surrogate (\\ud800 at position 0)"),
        (lambda: similarity("a", ["b", "the x\udfff"]),
         "references[1] contains an unpaired surrogate (\\udfff at position 5)"),
        (lambda: similarity(["cat", "\ud800"], ["cat"]),
         "the candidate contains an unpaired surrogate (\\ud800 at position 4)"),
        # A pair kept as two characters (from UTF-16 text or a JSON escape): "\ud83d\udc08" is a cat emoji.
        (lambda: similarity("a \ud83d\udc08", ["a"]),
         "surrogate pair split into two characters (\\ud83d\\udc08 at position 2)"),
        (lambda: corpus_similarity(["a", "b\ud800"], [["a"], ["b"]]),
         "candidates[1] contains an unpaired surrogate"),
        (lambda: corpus_similarity(["a"], [["a", "\ud800"]]), "references[0][1] contains an unpaired surrogate"),
        (lambda: bleu_lab.system_similarity({"A": ["a"], "B": ["\udc00"]}, [["a"]]),
         "candidates[0] of system 'B' contains an unpaired surrogate"),
    ],
)
def test_unencodable_text_gets_a_clear_error(call, words):
    with pytest.raises(ValueError) as caught:
        call()
    assert words in str(caught.value)
    assert "cannot be encoded as UTF-8" in str(caught.value) and "first:" in str(caught.value)


def test_the_suggested_fixes_work_and_other_metrics_accept_surrogates():
    # What the messages suggest gives text the model can score: '?' for a lone surrogate, the character
    # itself for a split pair (a copy of the reference then scores 1).
    fixed = "the cat \ud800".encode("utf-8", "replace").decode("utf-8")
    assert fixed == "the cat ?" and similarity(fixed, ["the cat ?"]).score == pytest.approx(1.0)
    joined = "\ud83d\udc08".encode("utf-16", "surrogatepass").decode("utf-16")
    assert joined == "\U0001f408" and similarity(joined, [joined]).score == pytest.approx(1.0)
    # chrF and BLEU count characters and words and take the text as it is.
    assert bleu_lab.chrf("\ud800", ["\ud800"]).score == 1.0


def test_paraphrase_explorer_shows_a_note_for_unencodable_text():
    from bleu_lab.show.playground import compute_paraphrase

    view = compute_paraphrase("the cat \ud800", "the cat")
    assert view.scores["embedding"] is None and view.scores["chrF"] is not None
    assert any("embedding not available: the candidate contains an unpaired surrogate" in n for n in view.notes)
    assert "unpaired surrogate" in view.html
