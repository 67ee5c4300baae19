"""Scores from statistics: the brevity penalty (and, from here, BLEU's other formulas).

Nothing here reads text or checks arguments: the functions take numbers
that :mod:`bleu_lab.counting` produced and :mod:`bleu_lab.settings` checked.
"""

from __future__ import annotations

import math


def brevity_penalty_value(candidate_length: float, reference_length: float) -> float:
    """BP = 1 if c > r else exp(1 - r/c), and 0 when c = 0 (Papineni et al. 2002, section 2.2.2).

    >>> brevity_penalty_value(6, 6)
    1.0
    >>> round(brevity_penalty_value(4, 6), 4)   # exp(1 - 6/4) = exp(-0.5)
    0.6065
    """
    if candidate_length > reference_length:
        return 1.0
    if candidate_length == 0:
        return 0.0
    return math.exp(1 - reference_length / candidate_length)
