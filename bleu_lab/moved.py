"""Old module names kept for one release (0.3): each warns once per name and forwards to the new home.

Issue 30 gave the package the layout of its data flow (``checks``, ``bleu/``, ``fast/``...); code that
imported from the old modules keeps working, with a DeprecationWarning that names the new import.
"""

from __future__ import annotations

import warnings
from importlib import import_module


def moved(old: str, name: str, *homes: str):
    """``name`` from the first module of ``homes`` that has it, with a DeprecationWarning naming it."""
    if name.startswith("__"):
        raise AttributeError(name)  # Python's own probes (__path__, __wrapped__...) are not moved names
    for home in homes:
        module = import_module(home)
        if hasattr(module, name):
            warnings.warn(
                f"{old} is split up (bleu_lab 0.3): import {name} from {home} instead: from {home} import {name}",
                DeprecationWarning,
                stacklevel=3,
            )
            return getattr(module, name)
    raise AttributeError(f"module {old!r} has no attribute {name!r}")
