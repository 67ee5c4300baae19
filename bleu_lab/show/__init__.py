"""Presentation: plots, HTML views and widgets, with one palette (:mod:`bleu_lab.style`).

- :mod:`.plotting`: matplotlib figures of the numbers bleu_lab computes;
- :mod:`.agreement_plots`: meta-evaluation's pictures (metric against people);
- :mod:`.judgment_plots`, :mod:`.meteor_plots`: MQM judgments and METEOR alignments drawn;
- :mod:`.playground`: what the widgets show, as plain functions (``compute_*``);
- :mod:`.widgets`: the ipywidgets that wire those functions to controls.

Importing this package loads nothing heavy: matplotlib and ipywidgets load with the module that
needs them. The old import paths (``bleu_lab.plotting``, ``bleu_lab.widgets``...) keep working for one
release (0.3) with a DeprecationWarning (:func:`bleu_lab.moved.moved`).
"""

from __future__ import annotations
