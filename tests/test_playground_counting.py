"""One keystroke in the playground tokenizes and counts each sentence once (issue 30, part 3).

A keystroke changes the candidate box and asks for the view (``compute_playground(..., compare=False)``);
the widget then asks for the chart and the other libraries (``compare=True``). Every n-gram count of
bleu_lab's BLEU, its highlights and its per-order table comes from ``bleu.statistics.count_ngrams``;
before this change one keystroke counted the candidate's n-grams of each order 1 + (number of
references) + 1 times (once for the score, once per highlighted order row, once per reference row).
"""

from __future__ import annotations

from collections import Counter
from contextlib import ExitStack
from unittest import mock

import pytest

import bleu_lab
import bleu_lab.bleu.statistics as statistics
import bleu_lab.show.playground as playground_module
from bleu_lab.show.playground import compute_playground

REFERENCES = ["the cat is on the mat", "there is a cat on the mat", "a cat sits on the mat"]


@pytest.fixture(autouse=True)
def _fresh_caches():
    """Every cache of the playground emptied: what a test counts is not already counted by another."""
    for value in vars(playground_module).values():
        if hasattr(value, "cache_clear"):
            value.cache_clear()


def _counted(call, modules=(statistics, playground_module)):
    """(Counter of (tokens, n) counted, Counter of texts tokenized) while ``call()`` runs.

    ``count_ngrams`` is spied on in each of ``modules`` that uses it: bleu.statistics (sentence_statistics,
    max_reference_counts and matched_positions look it up there) and the playground."""
    counted: Counter = Counter()
    tokenized: Counter = Counter()
    real_count, real_tokenize = statistics.count_ngrams, playground_module._tokenize

    def count(tokens, n):
        counted[tuple(tokens), n] += 1
        return real_count(tokens, n)

    def tokenize(text, *args, **keywords):
        tokenized[text] += 1
        return real_tokenize(text, *args, **keywords)

    with ExitStack() as patches:
        for module in modules:
            if getattr(module, "count_ngrams", None) is real_count:
                patches.enter_context(mock.patch.object(module, "count_ngrams", count))
        patches.enter_context(mock.patch.object(playground_module, "_tokenize", tokenize))
        call()
    return counted, tokenized


def _keystrokes(typed: str, metric: str = "BLEU"):
    """What the widget asks for as each letter of ``typed`` is typed after "the cat ": the view, then (after
    the pause) the view again for the chart and the view with the other libraries."""
    for end in range(1, len(typed) + 1):
        candidate = "the cat " + typed[:end]
        compute_playground(candidate, REFERENCES, metric=metric, compare=False)
        compute_playground(candidate, REFERENCES, metric=metric, compare=False)
        compute_playground(candidate, REFERENCES, metric=metric, compare=True)


TYPED = "sat on a mat"


def test_each_sentence_is_tokenized_once_and_counted_once_per_order():
    compute_playground("the cat", REFERENCES, compare=True)  # the references as the widget first shows them
    counted, tokenized = _counted(lambda: _keystrokes(TYPED))
    twice = {key: times for key, times in counted.items() if times > 1}
    assert twice == {}, f"counted more than once: {twice}"
    # Unchanged references are neither counted nor tokenized again: only the new candidate, once per order.
    reference_tokens = {tuple(bleu_lab.tokenize(r)) for r in REFERENCES}
    assert not [key for key in counted if key[0] in reference_tokens]
    typed = ["the cat " + TYPED[:end] for end in range(1, len(TYPED) + 1)]
    assert tokenized == Counter(typed)
    # 12 keystrokes, but "the cat sat " has the tokens of "the cat sat" (and so on): 9 token sequences,
    # each counted for orders 1-4.
    assert len({tuple(bleu_lab.tokenize(t)) for t in typed}) == 9
    assert sorted(n for _, n in counted) == sorted(list(range(1, 5)) * 9)


@pytest.mark.parametrize("metric, scorers", [("ROUGE", ("rouge_n", "rouge_n", "rouge_l")), ("chrF", ("chrf",)),
                                             ("TER", ("ter",))])
def test_other_metrics_are_scored_once_per_keystroke_and_bleu_still_counted_once(metric, scorers):
    compute_playground("the cat", REFERENCES, metric=metric, compare=True)
    spies = {}
    with ExitStack() as patches:
        for name in set(scorers):
            spies[name] = patches.enter_context(
                mock.patch.object(playground_module, name, wraps=getattr(playground_module, name)))
        counted, _ = _counted(lambda: _keystrokes("sat", metric), modules=(playground_module,))
    # "the cat s", "the cat sa", "the cat sat": each metric once per keystroke (ROUGE: ROUGE-1, -2 and -L).
    assert {name: spy.call_count for name, spy in spies.items()} == {name: 3 * scorers.count(name)
                                                                      for name in spies}
    assert sum(counted.values()) == 3 * 4 and max(counted.values()) == 1


@pytest.mark.parametrize("smoothing, max_order", [("none", 4), ("exp", 2), ("floor", 3), ("method4", 4),
                                                  ("add-k", 1), ("method5", 4)])
def test_the_once_counted_view_has_sentence_bleus_numbers(smoothing, max_order):
    # The counted-once statistics give what sentence_bleu gives for the same tokens (nltk's methods 4-7
    # need a fifth order counted: settings.counting_order).
    candidate = "the the cat sat on on the mat mat"
    view = compute_playground(candidate, REFERENCES, smoothing=smoothing, max_order=max_order)
    expected = bleu_lab.sentence_bleu(bleu_lab.tokenize(candidate), [bleu_lab.tokenize(r) for r in REFERENCES],
                                      smoothing=smoothing, max_order=max_order)
    assert view.score == expected.score
    assert (view.result.counts, view.result.totals, view.brevity_penalty) == (
        expected.counts, expected.totals, expected.brevity_penalty)
    assert view.result.signature == expected.signature
    # By hand, max order 1: 9 tokens (the x3, cat, sat, on x2, mat x2); clipped by the most any one
    # reference holds (the 2, cat 1, on 1, mat 1, sat 0): 2 + 1 + 0 + 1 + 1 = 5 matches of 9.
    if max_order == 1:
        assert (view.result.counts, view.result.totals) == ([5], [9])
