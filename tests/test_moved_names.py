"""Old module names from before the layout of issue 30 keep working for one release, with a
DeprecationWarning that names the new import, and give the very same objects."""

from __future__ import annotations

import importlib

import pytest

MOVED = [  # (old module, name, new module)
    ("bleu_lab.inputs", "check_text", "bleu_lab.checks"),
    ("bleu_lab.counting", "SentenceStats", "bleu_lab.bleu.statistics"),
    ("bleu_lab.counting", "sentence_statistics", "bleu_lab.bleu.statistics"),
    ("bleu_lab.counting", "systems_statistics_matrices", "bleu_lab.fast.counting"),
    ("bleu_lab.smoothing", "SMOOTHING", "bleu_lab.bleu.scoring"),
    ("bleu_lab.smoothing", "Orders", "bleu_lab.fast.scoring"),
    ("bleu_lab.scoring", "brevity_penalty_value", "bleu_lab.bleu.scoring"),
    ("bleu_lab.scoring", "bleu_scores", "bleu_lab.fast.scoring"),
    ("bleu_lab.results", "BleuResult", "bleu_lab.bleu.results"),
    ("bleu_lab.results", "plain_record", "bleu_lab.style"),
    ("bleu_lab.explanation", "explain_bleu", "bleu_lab.bleu.explanation"),
    ("bleu_lab.explanation", "signature_html", "bleu_lab.style"),
]


@pytest.mark.parametrize(("old", "name", "new"), MOVED)
def test_an_old_import_warns_and_forwards(old, name, new):
    module = importlib.import_module(old)
    with pytest.warns(DeprecationWarning, match=f"import {name} from {new}"):
        found = getattr(module, name)
    assert found is getattr(importlib.import_module(new), name)


def test_a_name_that_never_existed_is_an_attribute_error():
    module = importlib.import_module("bleu_lab.counting")
    with pytest.raises(AttributeError, match="no attribute 'not_a_name'"):
        module.not_a_name  # noqa: B018


def test_the_package_itself_imports_no_old_name():
    # Nothing inside bleu_lab may use the forwarding modules (they are for users' code only).
    import ast
    from pathlib import Path

    package = Path(importlib.import_module("bleu_lab").__file__).parent
    old = {"inputs", "counting", "smoothing", "scoring", "results", "explanation", "plotting", "widgets", "playground",
           "judgment_plots", "meteor_plots"}
    users = []
    for path in package.rglob("*.py"):
        if path.parent == package and path.stem in old | {"moved"}:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and path.parent == package:
                if (node.module or "") in old or (not node.module and {a.name for a in node.names} & old):
                    users.append(f"{path.name}: {ast.unparse(node)}")
            if isinstance(node, ast.ImportFrom) and (node.module or "").removeprefix("bleu_lab.") in old \
                    and (node.module or "").startswith("bleu_lab."):
                users.append(f"{path.name}: {ast.unparse(node)}")
    assert users == []
