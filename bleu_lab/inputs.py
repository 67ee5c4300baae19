"""Moved in bleu_lab 0.3: every input check is in bleu_lab.checks.

``bleu_lab.inputs`` keeps working for one release with a DeprecationWarning.
"""

from .moved import moved


def __getattr__(name: str):
    return moved("bleu_lab.inputs", name, "bleu_lab.checks")
