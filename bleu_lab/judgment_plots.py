"""Moved in bleu_lab 0.3: this module is now :mod:`bleu_lab.show.judgment_plots`.

``bleu_lab.judgment_plots`` keeps working for one release with a DeprecationWarning; nothing heavy is imported
until a name is asked for.
"""

from __future__ import annotations

from .moved import moved


def __getattr__(name: str):
    return moved("bleu_lab.judgment_plots", name, "bleu_lab.show.judgment_plots")
