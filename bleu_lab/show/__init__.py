"""Presentation: plots, HTML views and widgets, with one palette (:mod:`bleu_lab.style`).

- :mod:`.plotting`: matplotlib figures of the numbers bleu_lab computes;
- :mod:`.agreement_plots`: meta-evaluation's pictures (metric against people);
- :mod:`.judgment_plots`, :mod:`.meteor_plots`: MQM judgments and METEOR alignments drawn;
- :mod:`.playground`: what the widgets show, as plain functions (``compute_*``);
- :mod:`.widgets`: the ipywidgets that wire those functions to controls.

Importing this package loads nothing heavy: matplotlib and ipywidgets load with the module that
needs them. The old import paths (``bleu_lab.plotting``, ``bleu_lab.widgets``...) keep working for one
release (0.3) through :func:`forward`, with a DeprecationWarning.
"""

from __future__ import annotations

import warnings


def forward(old: str, module, name: str):
    """``getattr(module, name)`` for the module that used to be ``old``, with a DeprecationWarning naming
    the new path. Dunder names (``__path__``, ``__wrapped__``...) are not forwarded: tools probe for them."""
    if name.startswith("__") and name.endswith("__"):
        raise AttributeError(f"module {old!r} has no attribute {name!r}")
    new = module.__name__
    warnings.warn(
        f"{old} is now {new}; import {name} from there: from {new} import {name}",
        DeprecationWarning,
        stacklevel=3,
    )
    return getattr(module, name)
