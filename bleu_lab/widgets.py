"""Moved in bleu_lab 0.3: this module is now :mod:`bleu_lab.show.widgets`.

``bleu_lab.widgets`` keeps working for one release with a DeprecationWarning; nothing heavy is imported
until a name is asked for.
"""

from __future__ import annotations

from .moved import moved


def __getattr__(name: str):
    return moved("bleu_lab.widgets", name, "bleu_lab.show.widgets")
