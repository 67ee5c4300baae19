"""Issue 30, item 2 for chrF and ROUGE: each fast function equals the readable function it names.

Generated input is scored both ways: the fast function called directly against the readable one
(small input, where the public functions run the readable code), and the public function on input
above :data:`bleu_lab.fast.FAST_FROM` with the threshold as it is (the fast path) and raised out of
reach (the readable path). A spy checks that the fast path really ran.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bleu_lab.fast
import bleu_lab.fast.chrf as fast_chrf
import bleu_lab.fast.lcs as fast_lcs
from bleu_lab.chrf import _sequences, corpus_chrf, pair_counts, system_chrf
from bleu_lab.rouge import lcs_length, lcs_pairs, rouge_l, rouge_lsum

# Few distinct tokens, so that subsequences and n-grams repeat and ties are common.
tokens = st.lists(st.sampled_from(["a", "b", "c", "d", "the", "É"]), max_size=40)


@settings(max_examples=400, deadline=None)
@given(reference=tokens, candidate=tokens)
def test_bit_parallel_lcs_equals_the_table(reference, candidate):
    assert len(reference) * len(candidate) < bleu_lab.fast.FAST_FROM  # the readable table below
    assert fast_lcs.lcs_pairs(reference, candidate) == lcs_pairs(reference, candidate)
    assert fast_lcs.lcs_length(reference, candidate) == lcs_length(reference, candidate)


def test_the_table_gives_lin_and_rouge_scores_walk():
    # Hand-checked: "a b" against "b a" has two LCSs of length 1; walking back from the end, a step
    # back in the reference wins the tie, then "a" matches (rouge-score's lcs_ind gives [0]).
    assert lcs_pairs(["a", "b"], ["b", "a"]) == [(0, 1)]
    assert lcs_length(["police", "killed", "the", "gunman"], ["the", "gunman", "kill", "police"]) == 2


def _long_text(rng: random.Random, words: int, lines: int = 1) -> str:
    vocabulary = ["the", "cat", "sat", "on", "a", "mat", "dog", "ran", "and", "it"]
    per_line = words // lines
    return "\n".join(" ".join(rng.choice(vocabulary) for _ in range(per_line)) for _ in range(lines))


@pytest.fixture
def spy(monkeypatch):
    calls = []

    def watch(module, name):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, **k: calls.append(name) or real(*a, **k))

    return calls, watch


@pytest.mark.parametrize("seed", range(4))
def test_rouge_l_above_the_threshold_equals_the_readable_table(monkeypatch, spy, seed):
    rng = random.Random(seed)
    candidate = _long_text(rng, 180, lines=3)
    references = [_long_text(rng, 170, lines=2), _long_text(rng, 200, lines=4)]
    assert 180 * 170 >= bleu_lab.fast.FAST_FROM
    calls, watch = spy
    watch(fast_lcs, "lcs_pairs")
    fast_l = rouge_l(candidate, references)
    assert "lcs_pairs" in calls  # the bit-parallel rows ran
    calls.clear()
    fast = fast_l, rouge_lsum(candidate, references)
    assert "lcs_pairs" in calls  # for ROUGE-Lsum's sentence pairs too (their tables together are large)
    calls.clear()
    monkeypatch.setattr(bleu_lab.fast, "FAST_FROM", 10**12)
    readable = rouge_l(candidate, references), rouge_lsum(candidate, references)
    assert calls == []
    assert fast == readable


texts = st.text(alphabet="ab cé,.", max_size=30)
token_lists = st.lists(st.sampled_from(["a", "b", "ab", "c.", ","]), max_size=8)


@settings(max_examples=200, deadline=None)
@given(
    corpus=st.lists(st.tuples(st.one_of(texts, token_lists), st.lists(st.one_of(texts, token_lists), min_size=1,
                                                                      max_size=3)), min_size=1, max_size=4),
    systems=st.integers(1, 3),
    char_order=st.integers(1, 6),
    word_order=st.integers(0, 2),
    lowercase=st.booleans(),
    whitespace=st.booleans(),
)
def test_array_counts_equal_pair_counts(corpus, systems, char_order, word_order, lowercase, whitespace):
    def prepare(text):
        return _sequences(text, lowercase, whitespace, word_order > 0)

    references = [[prepare(r) for r in refs] for _, refs in corpus]
    # Several systems: the first as given, the others each candidate's first reference, then itself.
    all_systems = [[prepare(c) for c, _ in corpus]]
    all_systems += [[refs[0] for refs in references] for _ in range(systems - 1)]
    readable = [[[pair_counts(c, r, char_order, word_order) for r in refs] for c, refs in zip(system, references)]
                for system in all_systems]
    assert fast_chrf.pair_counts_of_systems(all_systems, references, char_order, word_order) == readable


@pytest.mark.parametrize("word_order", [0, 2])
def test_corpus_chrf_above_the_threshold_equals_the_readable_counts(monkeypatch, spy, word_order):
    rng = random.Random(word_order)
    candidates = [_long_text(rng, 30) + "." for _ in range(200)]
    references = [[_long_text(rng, 28), _long_text(rng, 33) + " !"] for _ in range(200)]
    assert sum(map(len, candidates)) >= bleu_lab.fast.FAST_FROM
    calls, watch = spy
    watch(fast_chrf, "pair_counts_of_systems")
    fast = corpus_chrf(candidates, references, word_order=word_order)
    fast_systems = system_chrf({"A": candidates, "B": candidates[::-1]}, references, word_order=word_order)
    assert calls == ["pair_counts_of_systems"] * 2
    monkeypatch.setattr(bleu_lab.fast, "FAST_FROM", 10**12)
    readable = corpus_chrf(candidates, references, word_order=word_order)
    assert calls == ["pair_counts_of_systems"] * 2  # not called again
    assert fast.statistics == readable.statistics
    assert fast.score == readable.score
    assert fast_systems == system_chrf({"A": candidates, "B": candidates[::-1]}, references, word_order=word_order)
