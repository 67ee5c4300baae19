"""Moved: this module is now :mod:`bleu_lab.show.playground`.

``bleu_lab.playground`` keeps working for one release (0.3) with a DeprecationWarning; nothing heavy is
imported until a name is asked for.
"""

from __future__ import annotations


def __getattr__(name: str):
    from .show import forward, playground

    return forward("bleu_lab.playground", playground, name)
