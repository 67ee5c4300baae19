"""Split: the readable counting is :mod:`bleu_lab.bleu.statistics`, the array engine
:mod:`bleu_lab.fast.counting`.

``bleu_lab.counting`` keeps working for one release (0.3) with a DeprecationWarning.
"""

from __future__ import annotations

import warnings

from .bleu import statistics as _statistics
from .fast import counting as _engine


def __getattr__(name: str):
    home = _statistics if hasattr(_statistics, name) else _engine
    warnings.warn(
        f"bleu_lab.counting is split into bleu_lab.bleu.statistics (the readable counting) and "
        f"bleu_lab.fast.counting (the array engine); import {name} from {home.__name__}",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(home, name)
