"""Example sentences shipped with the package, so notebooks and tests need no path.

Each example has a stable key and the shape
``{"candidate": str, "references": [str, ...], "note": str}``. Sources: the
cat/mat pair and the "the the the ..." candidate follow Papineni et al.
(2002), section 2.1; ``paper_guide_1`` and ``paper_guide_2`` are Example 1 of
the same paper; the others were written for bleu_lab.

>>> examples = load_examples()
>>> examples["the_cheat"]["candidate"]
'the the the the the the the'
>>> load_example("a_cat_mat")["references"]
['the cat is on the mat', 'there is a cat on the mat']
"""

from __future__ import annotations

import copy
import functools


@functools.lru_cache(maxsize=1)
def _read() -> dict:
    import json  # here, with importlib.resources: together about 10 ms that import bleu_lab need not pay
    from importlib import resources

    text = resources.files("bleu_lab").joinpath("data/examples.json").read_text(encoding="utf-8")
    return json.loads(text)


def load_examples() -> dict:
    """All examples as ``{key: {"candidate": str, "references": [str], "note": str}}``.

    A fresh copy on every call: changing it does not change what the next caller gets.
    """
    return copy.deepcopy(_read())


def load_example(key: str) -> dict:
    """One example by its key, e.g. ``load_example("nasa_rover")``."""
    examples = _read()
    if not isinstance(key, str):
        raise TypeError(f"the example key must be a string such as 'cat_mat', not {type(key).__name__}")
    if key not in examples:
        raise ValueError(f"no example called {key!r}; the keys are: {', '.join(sorted(examples))}")
    return copy.deepcopy(examples[key])


__all__ = ["load_example", "load_examples"]
