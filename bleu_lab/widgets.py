"""Moved: this module is now :mod:`bleu_lab.show.widgets`.

``bleu_lab.widgets`` keeps working for one release (0.3) with a DeprecationWarning; nothing heavy is
imported until a name is asked for.
"""

from __future__ import annotations


def __getattr__(name: str):
    from .show import forward, widgets

    return forward("bleu_lab.widgets", widgets, name)
