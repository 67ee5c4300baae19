"""`import bleu_lab` stays light: plotting and widgets are imported only when asked for."""

import json
import subprocess
import sys

HEAVY = ("matplotlib", "ipywidgets")


def test_import_bleu_lab_does_not_import_matplotlib_or_ipywidgets():
    # A fresh interpreter: this test process may already have imported them.
    code = (
        "import json, sys\n"
        "import bleu_lab\n"
        f"print(json.dumps([name for name in {HEAVY!r} if name in sys.modules]))\n"
    )
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout.strip().splitlines()[-1]) == []


def test_using_bleu_does_not_import_them_either():
    code = (
        "import json, sys\n"
        "import bleu_lab\n"
        "r = bleu_lab.sentence_bleu('the cat sat', ['the cat sat down'])\n"
        "r.explain(); r._repr_html_(); str(r)\n"
        "bleu_lab.corpus_bleu(['a b'], [['a b']])\n"
        f"print(json.dumps([name for name in {HEAVY!r} if name in sys.modules]))\n"
    )
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout.strip().splitlines()[-1]) == []


def test_the_check_can_fail():
    # The same probe does see matplotlib once it is imported, so an empty list above means something.
    code = (
        "import json, sys\n"
        "import matplotlib\n"
        f"print(json.dumps([name for name in {HEAVY!r} if name in sys.modules]))\n"
    )
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert json.loads(completed.stdout.strip().splitlines()[-1]) == ["matplotlib"]
