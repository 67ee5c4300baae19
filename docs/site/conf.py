"""Sphinx configuration of the static site of the series (`make site`; docs/site/build.py stages the sources).

The pages are rendered from the notebooks' stored outputs: nothing is executed
(nb_execution_mode "off") and nothing is fetched, at build time or when a page
loads: MathJax is served from the site itself (a copy of the one that
jupyter-server-mathjax ships), and widget outputs were replaced by pictures
before Sphinx sees them.
"""

import json
from pathlib import Path

project = "bleu_lab"
author = "The bleu_lab authors"
copyright = "2026, The bleu_lab authors. Text and figures CC BY 4.0, code MIT"

extensions = ["myst_nb"]
nb_execution_mode = "off"
myst_enable_extensions = ["dollarmath", "amsmath"]
exclude_patterns = ["_build", "**.ipynb_checkpoints"]
# A notebook's heading levels are the notebook's business; any other warning fails tests/test_site.py.
suppress_warnings = ["myst.header"]

html_theme = "sphinx_book_theme"
html_title = "bleu_lab: BLEU, ROUGE and chrF, taken apart"
html_static_path = ["_static"]
# Theme components replaced for accessibility (_templates/: a search button named by its text).
templates_path = ["_templates"]
html_theme_options = {
    "show_toc_level": 2,
    "use_download_button": False,
    "use_fullscreen_button": False,
    "use_repository_button": False,
}
html_last_updated_fmt = None
html_show_sourcelink = False
html_copy_source = False
# Without the sources, a result's summary would be the theme's buttons: list titles only.
html_show_search_summary = False

# A local MathJax 2 (no CDN). build.py copies it into _static/mathjax.
mathjax_path = "mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full"
# That MathJax ships only the STIX-Web fonts: say so, or it asks for TeX fonts it does not have.
# myst-nb marks notebook pages "tex2jax_ignore" and its math spans "math": process those (MathJax 2's
# spelling of the MathJax 3 option myst-nb sets).
mathjax2_config = {
    "tex2jax": {"processClass": "tex2jax_process|mathjax_process|math|output_area"},
    "HTML-CSS": {"availableFonts": [], "preferredFont": None, "webFont": "STIX-Web", "imageFont": None},
    "SVG": {"font": "STIX-Web"},
}


# Each figure's text alternative (WCAG 2.1, 1.1.1). myst-nb writes an output's picture to a file named by
# the SHA-256 of its bytes and takes only width and height from the output's metadata, so Sphinx would
# write the file name as the alt. build.py collected {hash: the alt in the output's metadata} into
# _image_alt.json; each image node whose file is one of those gets its alt here, before the HTML is written.
_ALT_TEXTS = json.loads((Path(__file__).parent / "_image_alt.json").read_text(encoding="utf-8")) \
    if (Path(__file__).parent / "_image_alt.json").exists() else {}


def _image_alt(app, doctree, docname):
    from docutils import nodes

    for image in doctree.findall(nodes.image):
        alt = _ALT_TEXTS.get(Path(image.get("uri", "")).stem)
        if alt and not image.get("alt"):
            image["alt"] = alt


def setup(app):
    app.connect("doctree-resolved", _image_alt)
