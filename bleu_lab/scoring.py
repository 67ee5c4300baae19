"""Moved in bleu_lab 0.3: BLEU's formula for one row is bleu_lab.bleu.scoring; for many rows bleu_lab.fast.scoring.

``bleu_lab.scoring`` keeps working for one release with a DeprecationWarning.
"""

from .moved import moved


def __getattr__(name: str):
    return moved("bleu_lab.scoring", name, "bleu_lab.bleu.scoring", "bleu_lab.fast.scoring")
