"""Old module names kept for one release (0.3): each warns and forwards to the new home.

Issue 30 gave the package the layout of its data flow (``checks``, ``bleu/``, ``fast/``, ``show/``);
code that imported from the old modules keeps working. The old modules are not files: :func:`install`
(run by ``import bleu_lab``) lets Python import each old name as a small module whose attributes come
from the new homes, with a DeprecationWarning that names the new import.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
import warnings
from importlib import import_module

# old module: its new homes, searched in order for each name asked for
OLD_MODULES = {
    "bleu_lab.inputs": ("bleu_lab.checks",),
    "bleu_lab.counting": ("bleu_lab.bleu.statistics", "bleu_lab.fast.counting", "bleu_lab.fast.resampling"),
    "bleu_lab.smoothing": ("bleu_lab.bleu.scoring", "bleu_lab.fast.scoring"),
    "bleu_lab.scoring": ("bleu_lab.bleu.scoring", "bleu_lab.fast.scoring"),
    "bleu_lab.results": ("bleu_lab.bleu.results", "bleu_lab.style"),
    "bleu_lab.explanation": ("bleu_lab.bleu.explanation", "bleu_lab.style"),
    "bleu_lab.plotting": ("bleu_lab.show.plotting",),
    "bleu_lab.widgets": ("bleu_lab.show.widgets",),
    "bleu_lab.playground": ("bleu_lab.show.playground",),
    "bleu_lab.judgment_plots": ("bleu_lab.show.judgment_plots",),
    "bleu_lab.meteor_plots": ("bleu_lab.show.meteor_plots",),
}


def moved(old: str, name: str, *homes: str):
    """``name`` from the first module of ``homes`` that has it, with a DeprecationWarning naming it."""
    if name.startswith("__"):
        raise AttributeError(name)  # Python's own probes (__path__, __wrapped__...) are not moved names
    for home in homes:
        module = import_module(home)
        if hasattr(module, name):
            found = getattr(module, name)
            defined_in = getattr(found, "__module__", None)  # a function or class: name the module that defines it
            home = defined_in if isinstance(defined_in, str) and defined_in.startswith("bleu_lab.") else home
            warnings.warn(
                f"{old} has moved (bleu_lab 0.3): import {name} from {home} instead: from {home} import {name}",
                DeprecationWarning,
                stacklevel=3,
            )
            return found
    raise AttributeError(f"module {old!r} has no attribute {name!r}")


class _OldModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds the old module names of :data:`OLD_MODULES` and makes each a forwarding module."""

    def find_spec(self, fullname, path=None, target=None):
        return importlib.util.spec_from_loader(fullname, self) if fullname in OLD_MODULES else None

    def create_module(self, spec):
        return None  # Python's default module object

    def exec_module(self, module):
        old, homes = module.__name__, OLD_MODULES[module.__name__]
        module.__doc__ = f"Moved in bleu_lab 0.3 to {', '.join(homes)}."

        def forward(name: str):
            return moved(old, name, *homes)

        module.__getattr__ = forward  # PEP 562: a module's own __getattr__ answers for missing names


def install() -> None:
    """Let the old module names be imported (once per process)."""
    if not any(isinstance(finder, _OldModules) for finder in sys.meta_path):
        sys.meta_path.append(_OldModules())
