"""Exercise answers that stay hidden until a student asks for them.

A lab ends its exercises with one line, ``show_answers("lab1_ngrams_and_precision")``.
(The numbered series gives its answers in ``<details>`` blocks under "Check your understanding"
instead: they open on click on GitHub and in the static site too.)
The cell shows a "Show answers" button; the answers appear below it only after a
click. The answer texts are package data (``bleu_lab/data/answers/<key>.md``),
so they are in no notebook's source and in no stored output: a static view
(GitHub, nbviewer, a course site) and nbval see one line of plain text,
:data:`HIDDEN_TEXT`. Under Voila (a demo on a projector, where the class sees the
screen) there is no button at all, only :data:`VOILA_TEXT`. ipywidgets is
imported only when a button is made, so ``import bleu_lab`` stays light.

>>> "lab1_ngrams_and_precision" in answer_keys()
True
>>> repr(show_answers("lab1_ngrams_and_precision")) == HIDDEN_TEXT
True
"""

from __future__ import annotations

import functools
import os
from importlib import resources
from typing import Any

HIDDEN_TEXT = "Answers are hidden here: click 'Show answers' in JupyterLab"
VOILA_TEXT = "Answers are not shown in this view: open the notebook in JupyterLab and click 'Show answers' there"
_FOLDER = "data/answers"


def in_voila() -> bool:
    """Whether this kernel was started by Voila (which sets ``VOILA_KERNEL_ID``, and ``SERVER_SOFTWARE=voila/...``)."""
    return bool(os.environ.get("VOILA_KERNEL_ID")) or os.environ.get("SERVER_SOFTWARE", "").startswith("voila")


@functools.lru_cache(maxsize=1)
def answer_keys() -> tuple:
    """The keys that have answers: the file names in ``bleu_lab/data/answers`` without ``.md``."""
    folder = resources.files("bleu_lab").joinpath(_FOLDER)
    return tuple(sorted(entry.name[: -len(".md")] for entry in folder.iterdir() if entry.name.endswith(".md")))


def load_answers(key: str) -> str:
    """The answer text (Markdown) for ``key``, e.g. ``load_answers("lab1_ngrams_and_precision")``.

    For tests and instructors; a notebook calls :func:`show_answers` instead.
    """
    if not isinstance(key, str):
        raise TypeError(
            f"the answers key must be a string such as 'lab1_ngrams_and_precision', not {type(key).__name__}"
        )
    keys = answer_keys()
    if key not in keys:
        raise ValueError(
            f"no answers called {key!r}; the keys are: {', '.join(keys)}. Right: show_answers('{keys[0]}')"
        )
    return resources.files("bleu_lab").joinpath(f"{_FOLDER}/{key}.md").read_text(encoding="utf-8")


class HiddenAnswers:
    """A "Show answers" button with an empty area below it; a click fills the area.

    Displayed in a notebook it is an ipywidgets box; its ``text/plain`` form is the one line
    :data:`HIDDEN_TEXT`, which is all a static view or a stored output ever holds. The answer
    text is read from package data only when the button is clicked. Under Voila it is the line
    :data:`VOILA_TEXT` and nothing else: a demo shows its screen to the whole class.
    """

    def __init__(self, key: str) -> None:
        load_answers(key)  # fail now, with the list of keys, if the key is wrong
        self.key = key
        self._box: Any = None
        self._output: Any = None
        self.shown = False

    def _widget(self) -> Any:
        if self._box is None:
            import ipywidgets

            button = ipywidgets.Button(
                description="Show answers", icon="eye", tooltip="show the answers of these exercises"
            )
            self._output = ipywidgets.Output()
            button.on_click(lambda _button: self.reveal())
            self._box = ipywidgets.VBox([button, self._output])
        return self._box

    def reveal(self) -> None:
        """Show the answers below the button (what a click does)."""
        from IPython.display import Markdown, display

        if in_voila():
            return
        self._widget()
        if self.shown:
            return
        self.shown = True
        with self._output:
            display(Markdown(load_answers(self.key)))

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict:
        if in_voila():
            return {"text/plain": VOILA_TEXT}
        bundle = self._widget()._repr_mimebundle_(include=include, exclude=exclude)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data = dict(data or {})
        data["text/plain"] = HIDDEN_TEXT
        return data

    def __repr__(self) -> str:
        return HIDDEN_TEXT


def show_answers(key: str) -> HiddenAnswers:
    """A button that reveals the answers stored under ``key`` when clicked.

    >>> show_answers("no such notebook")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: no answers called 'no such notebook'; the keys are: ...
    """
    return HiddenAnswers(key)


__all__ = ["HIDDEN_TEXT", "VOILA_TEXT", "HiddenAnswers", "answer_keys", "in_voila", "load_answers", "show_answers"]
