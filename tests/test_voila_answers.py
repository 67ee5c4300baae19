"""The Voila demo never shows the playground's answers.

``make demo`` serves ``notebooks/12_playground.ipynb`` with Voila to a class on a projector. The
notebook ends with "Check your understanding", whose answers open on click (``<details>``) in
JupyterLab, on GitHub and on the static site; one click in the demo would show them to everyone.
So the cells that hold answers carry the tag ``answers``, ``notebooks/voila.json`` tells nbconvert's
TagRemovePreprocessor (which Voila runs) to drop cells with that tag, and ``make demo`` starts Voila
in ``notebooks/``, where Voila reads ``voila.json`` (it looks in the folder it is started from).
The last test renders the page with a real Voila server and reads its HTML.
"""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from conftest import jupyter_env

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
PLAYGROUND = NOTEBOOKS / "12_playground.ipynb"
VOILA_CONFIG = NOTEBOOKS / "voila.json"
ANSWERS_TAG = "answers"
PAGE_SECONDS = 180  # Voila runs every cell (widgets, the embedding model) before the page is complete


def cells(path: Path = PLAYGROUND) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def untagged_answers(notebook_cells: list[dict]) -> list[int]:
    """Positions of cells that hold an answer on click but lack the tag that removes them in Voila."""
    return [i for i, cell in enumerate(notebook_cells)
            if "<details" in source(cell) and ANSWERS_TAG not in cell.get("metadata", {}).get("tags", [])]


def test_the_playground_has_answers_and_every_one_is_tagged():
    assert any("<details" in source(cell) for cell in cells()), "the playground has no answers on click"
    assert untagged_answers(cells()) == []


def test_the_tag_check_can_fail():
    answer = {"cell_type": "markdown", "metadata": {}, "source": "<details><summary>Answer</summary>4</details>"}
    assert untagged_answers([answer]) == [0]
    answer["metadata"]["tags"] = [ANSWERS_TAG]
    assert untagged_answers([answer]) == []


def test_voila_config_removes_the_tagged_cells():
    config = json.loads(VOILA_CONFIG.read_text(encoding="utf-8"))
    assert config["TagRemovePreprocessor"]["remove_cell_tags"] == [ANSWERS_TAG]


def test_make_demo_starts_voila_where_it_reads_the_config():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^demo:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert recipe, "the Makefile has no demo target"
    command = re.sub(r"\\\n\s*", "", recipe.group(1))  # one command, continuation lines joined
    assert re.search(r"cd notebooks && .*\S*voila .*12_playground\.ipynb", command), command
    assert "--template=bleu_lab" in command  # the offline template (no CDN style sheets)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def voila_page(folder: Path, home: Path) -> str:
    """The HTML that Voila serves for the playground in ``folder`` (started there, as `make demo` does)."""
    port = _free_port()
    home.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "voila", PLAYGROUND.name, "--no-browser", f"--port={port}",
               "--Voila.ip=127.0.0.1", "--Voila.port_retries=0"]
    log = (home / "voila.log").open("w")
    server = subprocess.Popen(command, cwd=folder, env=jupyter_env(home), stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + PAGE_SECONDS
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=PAGE_SECONDS) as answer:
                    return answer.read().decode("utf-8")
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.5)
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


@pytest.mark.notebooks
def test_the_voila_page_shows_the_playground_without_its_answers(tmp_path):
    folder = tmp_path / "served"
    folder.mkdir()
    shutil.copy(PLAYGROUND, folder)
    shutil.copy(VOILA_CONFIG, folder)
    page = voila_page(folder, tmp_path / "home")
    assert "The BLEU playground" in page  # the page did render the notebook
    answers = [source(cell) for cell in cells() if ANSWERS_TAG in cell.get("metadata", {}).get("tags", [])]
    assert answers
    for text in answers:
        for line in (line.strip() for line in text.splitlines()):
            if len(line) > 40 and not line.startswith("<"):
                assert line not in page, f"the Voila page shows an answer: {line!r}"
    assert "<details" not in page and "Check your understanding" not in page
