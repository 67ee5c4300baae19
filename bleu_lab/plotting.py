"""Moved: this module is now :mod:`bleu_lab.show.plotting`.

``bleu_lab.plotting`` keeps working for one release (0.3) with a DeprecationWarning; nothing heavy is
imported until a name is asked for.
"""

from __future__ import annotations


def __getattr__(name: str):
    from .show import forward, plotting

    return forward("bleu_lab.plotting", plotting, name)
