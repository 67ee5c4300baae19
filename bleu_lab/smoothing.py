"""Moved in bleu_lab 0.3: the smoothing registry is bleu_lab.bleu.scoring; the matrix rules bleu_lab.fast.scoring.

``bleu_lab.smoothing`` keeps working for one release with a DeprecationWarning.
"""

from .moved import moved


def __getattr__(name: str):
    return moved("bleu_lab.smoothing", name, "bleu_lab.bleu.scoring", "bleu_lab.fast.scoring")
