"""Moved: this module is now :mod:`bleu_lab.show.meteor_plots`.

``bleu_lab.meteor_plots`` keeps working for one release (0.3) with a DeprecationWarning; nothing heavy is
imported until a name is asked for.
"""

from __future__ import annotations


def __getattr__(name: str):
    from .show import forward, meteor_plots

    return forward("bleu_lab.meteor_plots", meteor_plots, name)
