"""Presentation lives in bleu_lab/show/; the old import paths warn and forward for one release (0.3)."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

pytest.importorskip("matplotlib")
pytest.importorskip("ipywidgets")

# (old module, a name in it, new module)
MOVED = [
    ("bleu_lab.plotting", "plot_brevity_penalty", "bleu_lab.show.plotting"),
    ("bleu_lab.widgets", "playground", "bleu_lab.show.widgets"),
    ("bleu_lab.playground", "compute_playground", "bleu_lab.show.playground"),
    ("bleu_lab.judgment_plots", "marked_segment", "bleu_lab.show.judgment_plots"),
    ("bleu_lab.meteor_plots", "plot_meteor_alignments", "bleu_lab.show.meteor_plots"),
    ("bleu_lab.meta_evaluation", "plot_metric_vs_human", "bleu_lab.show.agreement_plots"),
    ("bleu_lab.meta_evaluation", "plot_agreement_by_difference", "bleu_lab.show.agreement_plots"),
    ("bleu_lab.meta_evaluation", "LAYOUT_SEARCH_LIMIT", "bleu_lab.show.agreement_plots"),
]


@pytest.mark.parametrize("old, name, new", MOVED)
def test_the_old_path_warns_names_the_new_one_and_gives_the_same_object(old, name, new):
    with pytest.warns(DeprecationWarning, match=rf"{old} has moved \(bleu_lab 0.3\): import {name} from {new} "
                                                rf"instead: from {new} import {name}"):
        moved = getattr(importlib.import_module(old), name)
    assert moved is getattr(importlib.import_module(new), name)


@pytest.mark.parametrize("old, name, new", MOVED[:5])
def test_from_the_old_module_import_warns_at_the_callers_line(old, name, new):
    # The warning points at the line that used the old path (stacklevel), so a student sees their own cell.
    code = (f"import warnings; warnings.simplefilter('always')\n"
            f"from {old} import {name}\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert f"<string>:2: DeprecationWarning: {old} has moved (bleu_lab 0.3): import {name} from {new}" in out.stderr


def test_the_new_paths_do_not_warn_and_meta_evaluation_keeps_no_pictures():
    import warnings

    import bleu_lab.meta_evaluation as meta

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for _, name, new in MOVED:
            getattr(importlib.import_module(new), name)
    assert "plot_metric_vs_human" not in meta.__all__ and "plot_metric_vs_human" not in vars(meta)
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        meta.no_such_name  # noqa: B018 - the attribute look-up is the test


def test_importing_the_old_names_alone_loads_nothing_heavy():
    code = ("import sys, bleu_lab, bleu_lab.plotting, bleu_lab.widgets, bleu_lab.playground, bleu_lab.show\n"
            "print([m for m in ('matplotlib', 'ipywidgets') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
