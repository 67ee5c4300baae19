"""The matrix scoring of the engine (bleu_lab.fast.scoring.bleu_scores, used for a bootstrap's resamples)
equals the readable formula (bleu_lab.bleu.scoring.bleu_score) row by row, for every smoothing method.

numpy's log and exp may round the last bit differently from the math module's, and nltk's methods sum
with math.fsum: the scores agree to 1e-12 relative; precisions that are plain divisions agree exactly.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bleu_lab.bleu.scoring import SMOOTHING, BleuSettings, Method6Undefined, bleu_score
from bleu_lab.fast.scoring import RULES, bleu_scores


def test_every_method_of_the_registry_has_its_matrix_rule():
    assert set(RULES) == set(SMOOTHING)


@st.composite
def rows(draw):
    """A sentence or corpus's summed statistics: c = t_1, totals falling by at most one a sentence per order."""
    order = draw(st.integers(1, 6))
    sentences = draw(st.integers(1, 4))
    c = draw(st.integers(0, 40))
    totals = [max(0, c - sentences * n) for n in range(order)]
    matches = [draw(st.integers(0, t)) for t in totals]
    r = draw(st.integers(0, 50))
    return matches, totals, c, r


@st.composite
def bleu_settings(draw):
    name = draw(st.sampled_from(sorted(SMOOTHING)))
    method = SMOOTHING[name]
    effective = method.effective_order_allowed and draw(st.booleans())
    weights = None if effective or draw(st.booleans()) else draw(
        st.lists(st.floats(0.01, 1, allow_nan=False), min_size=1, max_size=6))
    return name, effective, weights


@settings(max_examples=400, deadline=None)
@pytest.mark.filterwarnings("ignore:weights sum to")
@given(rows=st.lists(rows(), min_size=1, max_size=5), chosen=bleu_settings())
def test_matrix_scores_equal_the_readable_formula_row_by_row(rows, chosen):
    name, effective, weights = chosen
    order = len(weights) if weights is not None else min(len(row[0]) for row in rows)
    rows = [row for row in rows if len(row[0]) >= order] or [([0] * order, [0] * order, 0, 0)]
    if SMOOTHING[name].fifth_order:  # methods 5 and 7 read 5-grams: give them five orders
        rows = [(m + [0] * (5 - len(m)), t + [0] * (5 - len(t)), c, r) for m, t, c, r in rows]
    config = BleuSettings(max_order=order, weights=weights, smoothing=name, effective_order=effective,
                          tokenize=None, lowercase=None)
    width = max(len(row[0]) for row in rows)
    padded = [(m + [0] * (width - len(m)), t + [0] * (width - len(t)), c, r) for m, t, c, r in rows]
    try:
        readable = [bleu_score(m, t, c, r, config) for m, t, c, r in padded]
    except (Method6Undefined, ValueError) as error:
        with pytest.raises(type(error)):
            bleu_scores(*_columns(padded), config)
        return
    fast = bleu_scores(*_columns(padded), config)
    for k, one in enumerate(readable):
        assert math.isclose(float(fast.scores[k]), one.value, rel_tol=1e-12, abs_tol=1e-300), (k, padded[k])
        assert float(fast.brevity_penalties[k]) == one.brevity_penalty  # the same math.exp: bit for bit
        assert int(fast.used[k]) == one.used
        np.testing.assert_allclose(fast.precisions[k], one.precisions, rtol=1e-12, atol=0)


def _columns(rows):
    matches, totals, c, r = zip(*rows)
    return [list(m) for m in matches], [list(t) for t in totals], list(c), list(r)


def test_a_known_row_by_hand():
    # Papineni et al.'s cat/mat pair: p = 5/6, 4/5, 3/4, 2/3 and BP = 1, so BLEU = (1/3) ** 0.25.
    config = BleuSettings(tokenize=None, lowercase=None)
    one = bleu_score([5, 4, 3, 2], [6, 5, 4, 3], 6, 6, config)
    fast = bleu_scores([[5, 4, 3, 2]], [[6, 5, 4, 3]], [6], [6], config)
    assert one.value == pytest.approx((1 / 3) ** 0.25, rel=1e-15)
    assert float(fast.scores[0]) == pytest.approx(one.value, rel=1e-15)
