"""One formula, one float: every path that reports a brevity penalty gives the same bits.

A student who checks ``sentence_bleu(...).brevity_penalty == brevity_penalty(...).value`` must see True.
Before, the score's path took numpy's exp and ``brevity_penalty()`` took ``math.exp``; the two differ in
the last bit for about one sentence in 125 (issue 30). The expected value here is the paper's formula,
BP = exp(1 - r/c) for c <= r (Papineni et al. 2002, section 2.3), written with ``math.exp``.
"""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

import bleu_lab

WORDS = st.sampled_from(["the", "cat", "sat", "on", "mat", "a", "dog", "is", "there", "under"])
SENTENCE = st.lists(WORDS, min_size=1, max_size=40).map(" ".join)
# References of three words or more: a list of one-word references reads as a forgotten list (refused).
REFERENCE = st.lists(WORDS, min_size=3, max_size=40).map(" ".join)


def paper_bp(c: int, r: int) -> float:
    return 1.0 if c > r else math.exp(1 - r / c)


@settings(max_examples=400, deadline=None)
@given(candidate=SENTENCE, references=st.lists(REFERENCE, min_size=1, max_size=3))
def test_a_sentence_result_and_brevity_penalty_give_the_same_bits(candidate, references):
    result = bleu_lab.sentence_bleu(candidate, references)
    alone = bleu_lab.brevity_penalty(candidate, references)
    assert result.brevity_penalty == alone.value == paper_bp(alone.candidate_length, alone.reference_length)


@settings(max_examples=400, deadline=None)
@given(c=st.integers(1, 10**6), r=st.integers(1, 10**6))
def test_statistics_give_the_papers_formula_to_the_bit(c, r):
    result = bleu_lab.bleu_from_stats([1, 0, 0, 0], [c, max(c - 1, 0), max(c - 2, 0), max(c - 3, 0)], c, r)
    assert result.brevity_penalty == paper_bp(c, r)


def test_a_pair_where_numpys_exp_differs_in_the_last_bit():
    # c = 1, r = 27: numpy 2.x's exp(-26) and math.exp(-26) differ in the last bit (2,903 such pairs with
    # c < 200, r < 400), so this failed when scores took numpy's exp.
    result = bleu_lab.bleu_from_stats([1, 0, 0, 0], [1, 0, 0, 0], 1, 27)
    assert result.brevity_penalty == math.exp(1 - 27 / 1)
