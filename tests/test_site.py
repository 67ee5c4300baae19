"""The static site of the series (`make site`): built from stored outputs, complete, offline, no answers.

The site is built once into a temporary folder (Sphinx + myst-nb, nothing
executed). The checks read the HTML files, then open pages in Chromium
(Playwright, Debian's binary, served from localhost):

- every notebook of the series and every student lab has its page; the
  solutions have none;
- every internal link and anchor resolves to a file (and id) of the site;
- nothing on a page is fetched from another host: no external script, style,
  image or font in the HTML or CSS, and no request leaves localhost in the browser;
- figures load (each <img> has a decoded picture), MathJax (served locally)
  typesets the formulas, and search finds a word;
- widget cells show a picture and the note that the widget is live in JupyterLab;
- no exercise answer is on any page: neither the texts in bleu_lab/data/answers
  nor answers collapsed in a notebook, nor the lab solutions' code.
"""

from __future__ import annotations

import functools
import html
import http.server
import json
import re
import subprocess
import sys
import threading
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
SERIES = sorted((ROOT / "notebooks").glob("*.ipynb"))
LABS = sorted((ROOT / "notebooks" / "exercises").glob("*.ipynb"))
SOLUTIONS = sorted((ROOT / "notebooks" / "exercises" / "solutions").glob("*.ipynb"))
ANSWERS = sorted((ROOT / "bleu_lab" / "data" / "answers").glob("*.md"))
PAGE_SECONDS = 30


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    result = subprocess.run([sys.executable, str(ROOT / "docs" / "site" / "build.py"), "--out", str(out / "html"),
                             "--stage", str(out / "src")], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"the site build failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    warnings = [line for line in result.stderr.splitlines() if "WARNING" in line or "ERROR" in line]
    assert not warnings, "Sphinx warned:\n" + "\n".join(warnings[:20])
    return out / "html"


def _page(site: Path, notebook: Path) -> Path:
    return site / notebook.relative_to(ROOT).with_suffix(".html")


class _Page(HTMLParser):
    """Links, resources, ids and visible text of one HTML file."""

    RESOURCE_TAGS = {"script": "src", "img": "src", "iframe": "src", "source": "src", "video": "src", "audio": "src"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links, self.resources, self.ids, self.text = [], [], set(), []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        if tag in self.RESOURCE_TAGS and attrs.get(self.RESOURCE_TAGS[tag]):
            self.resources.append(attrs[self.RESOURCE_TAGS[tag]])
        if tag == "link" and attrs.get("href") and set((attrs.get("rel") or "").split()) & {
                "stylesheet", "preload", "icon", "modulepreload", "prefetch", "preconnect", "dns-prefetch"}:
            self.resources.append(attrs["href"])
        if tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.text.append(data)


@functools.lru_cache(maxsize=None)
def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _words(text: str) -> str:
    return " ".join(html.unescape(text).split())


def _phrases(markdown: str, length: int = 40) -> list[str]:
    """Runs of plain words (between markdown markup) at least ``length`` characters long."""
    runs = re.split(r"[*_`$\[\]()#>|\\]|\n\s*\d+\.\s|\n\s*-\s", markdown)
    return [" ".join(run.split()) for run in runs if len(" ".join(run.split())) >= length]


def _html_pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if "_static" not in p.parts)


def test_every_notebook_and_lab_has_a_page_and_no_solution_does(site):
    assert SERIES and LABS
    missing = [str(nb.relative_to(ROOT)) for nb in SERIES + LABS if not _page(site, nb).is_file()]
    assert not missing, f"no page for: {missing}"
    assert not (site / "notebooks" / "exercises" / "solutions").exists()
    assert (site / "teaching.html").is_file() and (site / "search.html").is_file()
    assert (site / "searchindex.js").is_file()


def test_internal_links_and_anchors_resolve(site):
    broken = []
    for page in _html_pages(site):
        for href in _parse(page).links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith("mailto:"):
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{page.relative_to(site)} -> {href}")
            elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in _parse(target).ids:
                broken.append(f"{page.relative_to(site)} -> {href} (no such anchor)")
    assert not broken, "broken internal links:\n" + "\n".join(broken[:30])


def test_nothing_is_fetched_from_another_host(site):
    external = []
    for page in _html_pages(site):
        for url in _parse(page).resources:
            if urlsplit(url).scheme or url.startswith("//"):
                external.append(f"{page.relative_to(site)}: {url}")
        text = page.read_text(encoding="utf-8")
        for marker in ("application/vnd.jupyter.widget", "require.js", "unpkg.com", "cdn.jsdelivr", "cdnjs"):
            if marker in text:
                external.append(f"{page.relative_to(site)} mentions {marker}")
    for css in site.rglob("*.css"):
        text = css.read_text(encoding="utf-8", errors="replace")
        for url in re.findall(r"(?:url\(|@import\s+)['\"]?([^'\")\s]+)", text):
            if urlsplit(url).scheme in ("http", "https") or url.startswith("//"):
                external.append(f"{css.relative_to(site)}: {url}")
    assert not external, "fetched from outside the site at page load:\n" + "\n".join(external[:30])


def _answer_phrases() -> list[str]:
    phrases = []
    for path in ANSWERS:
        phrases += _phrases(path.read_text(encoding="utf-8"))
    for notebook in SERIES + LABS:  # answers collapsed in a notebook (the older way of hiding them)
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown" and cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"):
                phrases += _phrases("".join(cell["source"]))
    return phrases


def _solution_lines() -> list[str]:
    """Distinctive code lines of the lab solutions' solution cells (what a student must write)."""
    lines = []
    for notebook in SOLUTIONS:
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            source = "".join(cell["source"])
            tagged = "solution" in cell.get("metadata", {}).get("tags", []) or source.lstrip().startswith("# SOLUTION")
            if cell["cell_type"] == "code" and tagged:
                lines += [" ".join(line.split()) for line in source.splitlines()
                          if len(line.strip()) >= 30 and not line.strip().startswith(("def ", "#", '"""', "import"))
                          and '"""' not in line]
    return lines


def test_no_exercise_answer_is_on_any_page(site):
    phrases, solution_lines = _answer_phrases(), _solution_lines()
    assert solution_lines, "found no solution code to look for"
    shown = []
    for page in _html_pages(site):
        text = _words(" ".join(_parse(page).text))
        shown += [f"{page.relative_to(site)}: {p[:80]!r}" for p in phrases if p in text]
        shown += [f"{page.relative_to(site)}: solution code {line[:80]!r}" for line in solution_lines if line in text]
    assert not shown, "answers visible in the site:\n" + "\n".join(shown[:20])


OPEN_ANSWER_SOURCE = re.compile(r"<details>\s*<summary>[^<]*answer[^<]*</summary>", re.IGNORECASE)
OPEN_ANSWER_PAGE = re.compile(r"<details>\s*<summary>\s*Answer\s*</summary>(.*?)</details>", re.IGNORECASE | re.DOTALL)


def test_answers_that_open_on_click_are_on_the_page_inside_details(site):
    # The series' "Check your understanding" answers: collapsed <details> on the page, with their text inside.
    checked = [nb for nb in SERIES if len(OPEN_ANSWER_SOURCE.findall(nb.read_text(encoding="utf-8"))) >= 3]
    assert checked, "no series notebook has answers that open on click"
    for notebook in checked:
        page = _page(site, notebook).read_text(encoding="utf-8")
        blocks = OPEN_ANSWER_PAGE.findall(page)
        assert len(blocks) >= 3, f"{notebook.name}: {len(blocks)} <details> answers on its page"
        assert all(_words(re.sub(r"<[^>]+>", " ", block)) for block in blocks), f"{notebook.name}: an empty answer"
        assert "<details open" not in page, f"{notebook.name}: an answer is open before a click"


def test_widget_cells_show_a_picture_and_say_they_are_live_in_jupyterlab(site):
    widget_notebooks = [nb for nb in SERIES if "application/vnd.jupyter.widget-view+json" in nb.read_text()
                        and "playground()" in nb.read_text()]
    assert widget_notebooks, "no notebook shows the playground widget"
    for notebook in widget_notebooks:
        page = _page(site, notebook)
        assert "It is live in JupyterLab" in _words(" ".join(_parse(page).text))
        assert any("_images/" in src for src in _parse(page).resources), f"{page.name} shows no picture"


# ---------------------------------------------------------------- in a browser


@pytest.fixture(scope="module")
def server(site):
    handler = functools.partial(_QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep pytest's output clean
        pass


def _open(browser, url: str):
    """A page at ``url``, with every request that leaves localhost recorded in ``page.outside``."""
    page = browser.new_page()
    outside = []
    page.on("request", lambda request: outside.append(request.url)
            if urlsplit(request.url).hostname not in ("127.0.0.1", None) and not request.url.startswith("data:")
            else None)
    page.goto(url, wait_until="load", timeout=PAGE_SECONDS * 1000)
    page.outside = outside
    return page


@pytest.mark.browser
@pytest.mark.parametrize("notebook", [SERIES[0], *[nb for nb in SERIES if nb.name.startswith(("02", "07"))], LABS[0]],
                         ids=lambda nb: nb.stem)
def test_pages_load_with_their_figures_and_formulas_offline(browser, server, site, notebook):
    page = _open(browser, f"{server}/{_page(site, notebook).relative_to(site).as_posix()}")
    try:
        assert page.locator("main h1, article h1").first.inner_text(timeout=PAGE_SECONDS * 1000).strip()
        page.wait_for_load_state("networkidle", timeout=PAGE_SECONDS * 1000)
        images = page.evaluate("Array.from(document.images).map(i => [i.getAttribute('src'), i.complete, "
                               "i.naturalWidth])")
        broken = [src for src, complete, width in images if not (complete and width > 0)]
        assert not broken, f"images that did not load: {broken}"
        if "$" in notebook.read_text(encoding="utf-8"):  # the notebook has formulas: local MathJax typesets them
            page.wait_for_selector(".MathJax, .MathJax_CHTML, mjx-container", timeout=PAGE_SECONDS * 1000)
        assert not page.outside, f"requests that left localhost: {page.outside}"
    finally:
        page.close()


@pytest.mark.browser
def test_search_finds_a_word(browser, server):
    page = _open(browser, f"{server}/search.html?q=brevity")
    try:
        results = page.locator("#search-results a, .search li a")
        results.first.wait_for(timeout=PAGE_SECONDS * 1000)
        titles = " ".join(results.all_inner_texts())
        assert "revity" in titles or results.count() > 0
        assert not page.outside, f"requests that left localhost: {page.outside}"
    finally:
        page.close()


# ---------------------------------------------------------------- accessibility: text alternatives and axe-core

_FILE_NAME = re.compile(r"(^|/)[0-9a-f]{64}\.(png|jpe?g|svg)$|_images/|\.png$")


class _Images(HTMLParser):
    def __init__(self):
        super().__init__()
        self.images: list = []

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            found = dict(attrs)
            self.images.append((found.get("src", ""), found.get("alt")))


def _images(page: Path) -> list:
    parser = _Images()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.images


def _build_module():
    import importlib.util

    spec = importlib.util.spec_from_file_location("_bleu_lab_site_build", ROOT / "docs" / "site" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_alt_of_an_output_is_keyed_by_its_pictures_hash():
    """build.py's map from a picture's SHA-256 (the name myst-nb gives its file) to the output's alt."""
    import base64
    import hashlib

    build = _build_module()
    png = base64.b64encode(b"\x89PNG not really a picture").decode("ascii")
    with_alt = {"output_type": "display_data", "data": {"image/png": png},
                "metadata": {"image/png": {"alt": "Line chart: BP falls to 0.3679 at r/c = 2."}}}
    without = {"output_type": "display_data", "data": {"image/png": png[:-4] + "AAAA"}, "metadata": {}}
    notebook = {"cells": [{"cell_type": "code", "outputs": [with_alt, without]}]}
    digest = hashlib.sha256(b"\x89PNG not really a picture").hexdigest()
    assert build.image_alt_texts([notebook]) == {digest: "Line chart: BP falls to 0.3679 at r/c = 2."}


def test_widget_pictures_have_a_text_alternative(site):
    pictures = [(src, alt) for notebook in SERIES for src, alt in _images(_page(site, notebook))
                if alt and alt.startswith("A picture of the")]
    assert pictures, "no widget picture with a text alternative"
    assert all("widget" in alt and "JupyterLab" in alt for _, alt in pictures)


def test_every_figure_says_what_it_shows_not_its_file_name(site):
    """Every <img> of the series and labs has an alt that describes it (from the output's metadata, set by
    bleu_lab's plotting functions or set_alt_text), never the extracted file's name, which Sphinx writes when
    an image has no alt. Needs notebooks executed with this bleu_lab (the lead re-executes them)."""
    missing = []
    for notebook in [*SERIES, *LABS]:
        for src, alt in _images(_page(site, notebook)):
            if not alt or not alt.strip() or _FILE_NAME.search(alt.strip()):
                missing.append(f"{notebook.name}: {src.rsplit('/', 1)[-1][:16]}... alt={alt!r:.40}")
    assert not missing, f"{len(missing)} figures without a text alternative:\n" + "\n".join(missing[:30])


AXE = Path(sys.prefix) / "share" / "axe-core" / "axe.min.js"


@pytest.mark.browser
@pytest.mark.parametrize("page_path", ["index.html", "teaching.html", "series-02", "series-playground"])
def test_site_pages_pass_axe_core(browser, server, site, page_path):
    """No critical or serious violation of axe-core's WCAG 2.1 A and AA rules (axe-core from `make axe`)."""
    if page_path.startswith("series-"):
        key = page_path.split("-", 1)[1]
        notebook = next(nb for nb in SERIES if nb.stem.startswith(key) or nb.stem.endswith(key))
        page_path = _page(site, notebook).relative_to(site).as_posix()
    if not AXE.exists():
        pytest.fail(f"axe-core is not installed at {AXE}: run `make axe` (part of `make test`; it needs npm)")
    page = _open(browser, f"{server}/{page_path}")
    try:
        page.wait_for_load_state("networkidle", timeout=PAGE_SECONDS * 1000)
        page.add_script_tag(path=str(AXE))
        result = page.evaluate("() => axe.run(document, {runOnly: {type: 'tag', values: "
                               "['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}})")
        serious = [f"{v['id']} ({v['impact']}, {len(v['nodes'])}): {v['help']}; {v['nodes'][0]['html'][:160]}"
                   for v in result["violations"] if v["impact"] in ("critical", "serious")]
        assert serious == [], f"{page_path}: " + "\n".join(serious)
        assert not page.outside, f"requests that left localhost: {page.outside}"
    finally:
        page.close()
