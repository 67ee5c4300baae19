"""Course-lab exercises: students implement BLEU and ROUGE-1, bleu_lab checks their work.

* :mod:`bleu_lab.exercises.check` -- one check per exercise, e.g.
  ``check.brevity_penalty(my_function)``: runs the student's function on a
  battery of cases and explains the first failure like a teaching assistant.
* :mod:`bleu_lab.exercises.build` -- ``python -m bleu_lab.exercises.build``
  writes the student notebooks from the solution notebooks (``make exercises``).
* :mod:`bleu_lab.exercises.grade` -- ``python -m bleu_lab.exercises.grade DIR
  --out results.csv`` runs every submitted notebook through the checks.

>>> from bleu_lab.exercises import check
>>> check.ngrams(lambda tokens, n: None).passed
False
"""

from . import check

__all__ = ["check"]
