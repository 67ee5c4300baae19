"""Build the static, searchable site of the series: `make site` (python docs/site/build.py).

1. Stage the sources in build/site-src/: this folder's conf.py and index.md,
   docs/teaching.md, the series (notebooks/*.ipynb) and the student labs
   (notebooks/exercises/*.ipynb; never the solutions), and a copy of the MathJax
   that jupyter-server-mathjax ships (so no page loads anything from a CDN).
2. In the staged notebooks, replace each widget output (which needs a live
   kernel, and whose JavaScript a static page would fetch from a CDN) by a
   picture of the widget, docs/<function>.png when there is one (for
   ``playground()``: docs/playground.png), and a note that it is live in
   JupyterLab. The answers widget (``bleu_lab.answers.show_answers``) keeps only
   its one-line text: answers are never in the page. A markdown cell whose
   source is collapsed in JupyterLab (``metadata.jupyter.source_hidden``, how
   answers were hidden before bleu_lab.answers) is left out, since a static
   page cannot collapse it.
3. Collect each figure's text alternative: the ``alt`` a PNG output carries in its
   metadata (``bleu_lab.show.plotting.set_alt_text`` and every bleu_lab plot put it there),
   keyed by the SHA-256 of the picture, into ``_image_alt.json``. myst-nb names an
   extracted image by that hash and reads only width and height from the metadata;
   conf.py gives each image node its alt from this map, so the page says
   ``<img alt="Line chart: ...">``, not the file's hash.
4. Run Sphinx (myst-nb renders the stored outputs; nothing is executed) into
   site/html/ (myst-nb keeps its extracted outputs beside it, in site/jupyter_execute/).

    python docs/site/build.py [--out site/html] [--stage build/site-src]
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
ANSWERS_CALL = re.compile(r"\bshow_answers\(")
LAST_CALL = re.compile(r"(\w+)\([^()]*\)\s*;?\s*$")
ALT_TEXTS = "_image_alt.json"
STATIC_NOTE = ("<p class=\"bl-static-widget\"><em>A picture of the widget. It is live in JupyterLab: "
               "open this notebook there and run it to use it.</em></p>")


def _picture_for(source: str) -> Path | None:
    """docs/<name>.png for a cell that ends with ``name(...)``, if that picture exists."""
    lines = [line for line in source.strip().splitlines() if line.strip() and not line.lstrip().startswith("#")]
    match = LAST_CALL.search(lines[-1]) if lines else None
    picture = ROOT / "docs" / f"{match.group(1)}.png" if match else None
    return picture if picture is not None and picture.is_file() else None


def static_outputs(cell: dict) -> list:
    """The cell's outputs with every widget view replaced by what a page without a kernel can show."""
    source = "".join(cell.get("source", ""))
    outputs = []
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if WIDGET_VIEW not in data:
            outputs.append(output)
            continue
        if ANSWERS_CALL.search(source):  # the one-line text only: the answers stay in the package
            text = data.get("text/plain", "Answers are hidden here: open the notebook in JupyterLab.")
            outputs.append({"output_type": "display_data", "metadata": {}, "data": {"text/plain": text}})
            continue
        picture = _picture_for(source)
        if picture is not None:
            png = base64.b64encode(picture.read_bytes()).decode("ascii")
            name = picture.stem.replace("_", " ")
            alt = (f"A picture of the {name} widget as it looks in JupyterLab: its text boxes and settings at the "
                   f"top, the numbers and a chart below. The live widget works in JupyterLab.")
            outputs.append({"output_type": "display_data", "metadata": {"image/png": {"alt": alt}}, "data": {
                "image/png": png, "text/plain": f"<picture of the widget: {picture.name}>"}})
        outputs.append({"output_type": "display_data", "metadata": {}, "data": {
            "text/html": STATIC_NOTE, "text/plain": "A picture of the widget: it is live in JupyterLab."}})
    return outputs


def _collapsed(cell: dict) -> bool:
    hidden = cell.get("metadata", {}).get("jupyter", {}).get("source_hidden")
    return cell.get("cell_type") == "markdown" and bool(hidden)


def static_notebook(path: Path) -> dict:
    """A notebook as the site shows it: widget outputs replaced, collapsed markdown and widget state dropped."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    notebook.get("metadata", {}).pop("widgets", None)
    notebook["cells"] = [cell for cell in notebook["cells"] if not _collapsed(cell)]
    for cell in notebook["cells"]:
        if cell.get("cell_type") == "code":
            cell["outputs"] = static_outputs(cell)
    return notebook


def image_alt_texts(notebooks) -> dict:
    """``{sha256 of the PNG bytes: alt}`` for every PNG output of ``notebooks`` (dicts) that carries an alt."""
    texts = {}
    for notebook in notebooks:
        for cell in notebook.get("cells", []):
            for output in cell.get("outputs", []):
                png = output.get("data", {}).get("image/png")
                alt = output.get("metadata", {}).get("image/png", {}).get("alt")
                if png and isinstance(alt, str) and alt.strip():
                    data = "".join(png) if isinstance(png, list) else png
                    texts[hashlib.sha256(base64.b64decode(data)).hexdigest()] = alt.strip()
    return texts


def _mathjax() -> Path:
    import jupyter_server_mathjax

    return Path(jupyter_server_mathjax.__file__).resolve().parent / "static"


def stage(target: Path) -> list[Path]:
    """Write the Sphinx sources into ``target`` (emptied first); return the staged notebooks."""
    if target.exists():
        shutil.rmtree(target)
    (target / "_static").mkdir(parents=True)
    for name in ("conf.py", "index.md"):
        shutil.copyfile(HERE / name, target / name)
    shutil.copytree(HERE / "_templates", target / "_templates")  # theme components made accessible
    shutil.copyfile(ROOT / "docs" / "teaching.md", target / "teaching.md")
    shutil.copytree(_mathjax(), target / "_static" / "mathjax")
    staged, notebooks = [], []
    sources = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "notebooks" / "exercises").glob("*.ipynb"))
    for path in sources:
        destination = target / path.relative_to(ROOT)
        destination.parent.mkdir(parents=True, exist_ok=True)
        notebook = static_notebook(path)
        destination.write_text(json.dumps(notebook, indent=1, ensure_ascii=False), encoding="utf-8")
        staged.append(destination)
        notebooks.append(notebook)
    (target / ALT_TEXTS).write_text(json.dumps(image_alt_texts(notebooks), indent=1, ensure_ascii=False),
                                    encoding="utf-8")
    return staged


def build(out: Path, staging: Path, *, quiet: bool = True) -> int:
    """Stage, then run Sphinx's HTML builder into ``out``; return Sphinx's exit code."""
    stage(staging)
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-E", str(staging), str(out)]
    if quiet:
        command.insert(3, "-q")  # warnings and errors are still printed
    return subprocess.call(command)


def main(argv=None) -> int:
    """Command line: ``python docs/site/build.py [--out DIR] [--stage DIR]``."""
    parser = argparse.ArgumentParser(prog="python docs/site/build.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site" / "html",
                        help="where the site goes (default: site/html/)")
    parser.add_argument("--stage", type=Path, default=ROOT / "build" / "site-src",
                        help="where the Sphinx sources are staged (default: build/site-src/)")
    args = parser.parse_args(argv)
    code = build(args.out, args.stage)
    if code == 0:
        print(f"site: {args.out / 'index.html'}")
    return code


if __name__ == "__main__":
    sys.exit(main())
