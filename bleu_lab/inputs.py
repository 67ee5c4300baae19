"""Renamed: every input check now lives in :mod:`bleu_lab.checks`.

``bleu_lab.inputs`` keeps working for one release (0.3) with a DeprecationWarning.
"""

from __future__ import annotations

import warnings

from . import checks as _checks


def __getattr__(name: str):
    warnings.warn(
        f"bleu_lab.inputs is now bleu_lab.checks; import {name} from there: from bleu_lab.checks import {name}",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(_checks, name)
