"""Which lab holds which exercise, and what each exercise is worth: one home for both.

The grader (:mod:`.grade`) and the notebook builder (:mod:`.build`) read them from here, so
neither imports the other.
"""

from __future__ import annotations

# The points each exercise is worth; partial credit is the share of its cases that pass.
POINTS = {"ngrams": 2, "modified_precision": 3, "brevity_penalty": 2, "sentence_bleu": 3, "corpus_bleu": 3,
          "rouge_1": 3, "lcs_length": 2, "rouge_l": 3, "chrf": 3, "edit_distance": 3, "bootstrap_ci": 4,
          "kendall_tau": 3}
# The functions each lab checks, in notebook order (the solution notebooks' check calls).
LABS = {
    "lab1": ("ngrams", "modified_precision"),
    "lab2": ("ngrams", "modified_precision", "brevity_penalty", "sentence_bleu", "corpus_bleu"),
    "lab3": ("rouge_1", "lcs_length", "rouge_l"),
    "lab4": ("chrf",),
    "lab5": ("edit_distance",),
    "lab6": ("bootstrap_ci",),
    "lab7": ("kendall_tau",),
}
