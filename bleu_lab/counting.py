"""Moved in bleu_lab 0.3: the readable counting is bleu_lab.bleu.statistics; the array engine bleu_lab.fast.counting.

``bleu_lab.counting`` keeps working for one release with a DeprecationWarning.
"""

from .moved import moved


def __getattr__(name: str):
    return moved("bleu_lab.counting", name, "bleu_lab.bleu.statistics", "bleu_lab.fast.counting")
