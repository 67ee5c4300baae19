"""The playground in a real browser: JupyterLab and Voila, driven by Playwright on Debian's Chromium.

Each test starts its server on a free localhost port, with a temporary Jupyter
configuration, and stops it (and the kernels it started) on every path.
Expected numbers come from bleu_lab's functions, called here on the same text
the test types. Screenshots of each step go to test-artifacts/ (ignored by git);
with BLEU_LAB_UPDATE_SCREENSHOT=1 the playground screenshots (800, 1280 and 1920 px
wide, and presenter mode) are also copied to docs/.

Keystroke-to-score latency is measured (over 20 edits, in JupyterLab and Voila) and
written to test-artifacts/latency.json, never asserted: the machine is shared.

Chromium missing: a skip with the reason, or a failure when CI=true.
Playwright never downloads a browser here (no `playwright install`).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import jupyter_env

import bleu_lab
from bleu_lab.bleu.metric import brevity_penalty_value

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
# The playground notebook, whatever its number in the series.
PLAYGROUNDS = sorted((ROOT / "notebooks").glob("*_playground.ipynb"))
NOTEBOOK = PLAYGROUNDS[0] if PLAYGROUNDS else ROOT / "notebooks" / "12_playground.ipynb"
# bleu_lab's Voila template (Voila's lab template without its CDN style sheets), found through JUPYTER_PATH.
VOILA_TEMPLATES = ROOT / "share" / "jupyter"
# axe-core, installed into the venv by `make axe` (part of `make test`): nothing is fetched at test time.
AXE = Path(sys.prefix) / "share" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
ARTIFACTS = ROOT / "test-artifacts"
SCREENSHOT = ROOT / "docs" / "playground.png"
LATENCY = ARTIFACTS / "latency.json"
EDITS = 20
# Widths to check, in CSS pixels: 800, 1280 and 1920 at zoom 100%, and 800 and 1280 at zoom 150%.
WIDTHS = (800, 1280, 1920, 533, 853)

SERVER_START_SECONDS = 60
WIDGET_SECONDS = 90  # kernel start and the first imports, on a busy machine
UPDATE_SECONDS = 20

# What the tests type, and the references of the first preset (which the playground opens with).
TYPED_CANDIDATE = "a cat is on the mat today"
FIRST_PRESET = bleu_lab.load_example("cat_mat")


# ---------------------------------------------------------------- servers


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _jupyter_env(home: Path) -> dict:
    """Environment for a server: conftest's jupyter_env, plus JupyterLab settings for a test page."""
    env = jupyter_env(home)
    # Render every cell of a long notebook, so the widgets further down are in the page.
    tracker = home / "lab-settings" / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True, exist_ok=True)
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    # No "get notified about Jupyter news?" pop-up (it would fetch from the web).
    notification = home / "lab-settings" / "@jupyterlab" / "apputils-extension"
    notification.mkdir(parents=True, exist_ok=True)
    (notification / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false"}))
    return env


class Server:
    """A server process in its own process group, stopped with everything it started."""

    def __init__(self, command, *, env, cwd, url, log: Path):
        self.url = url
        self.log = log
        self._log_file = open(log, "w")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            command, env=env, cwd=cwd, stdout=self._log_file, stderr=subprocess.STDOUT, start_new_session=True
        )

    def wait_ready(self, check_url: str, *, any_answer: bool = False):
        """Wait until ``check_url`` answers 200 (or answers at all, with ``any_answer``)."""
        deadline = time.monotonic() + SERVER_START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                log = self.log.read_text()[-3000:]
                raise RuntimeError(f"server exited with {self.process.returncode}; log:\n{log}")
            try:
                with urllib.request.urlopen(check_url, timeout=2) as response:
                    if response.status == 200:
                        return
            except urllib.error.HTTPError:
                if any_answer:
                    return
            except OSError:
                pass
            time.sleep(0.3)
        log = self.log.read_text()[-3000:]
        raise RuntimeError(f"server did not answer within {SERVER_START_SECONDS} s; log:\n{log}")

    def stop(self):
        try:
            import psutil

            descendants = psutil.Process(self.process.pid).children(recursive=True)
        except Exception:  # noqa: BLE001 - the process may be gone already
            descendants = []
        # SIGTERM first: Jupyter servers then shut their kernels down themselves.
        for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
            if self.process.poll() is not None:
                break
            try:
                os.killpg(self.process.pid, sig)
            except ProcessLookupError:
                break
            try:
                self.process.wait(timeout=wait)
            except subprocess.TimeoutExpired:
                continue
        # Kernels run in sessions of their own; end any that outlived the server.
        for child in descendants:
            try:
                if child.is_running():
                    child.kill()
            except Exception:  # noqa: BLE001
                pass
        self._log_file.close()


def _as_root() -> list:
    return ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []


@pytest.fixture(scope="module")
def served_notebook(tmp_path_factory) -> Path:
    """A copy of the notebook in a temporary folder, so the servers never save over the real one."""
    folder = tmp_path_factory.mktemp("served")
    # Without stored outputs and widget state, whatever the page shows was computed by its kernel.
    notebook = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    notebook["metadata"].pop("widgets", None)
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    (folder / NOTEBOOK.name).write_text(json.dumps(notebook), encoding="utf-8")
    # Voila reads voila.json from the folder it starts in, as `make demo` runs it: the answers cell goes.
    shutil.copy(NOTEBOOK.parent / "voila.json", folder / "voila.json")
    return folder


@pytest.fixture(scope="module")
def servers(served_notebook, tmp_path_factory, browser):
    """JupyterLab (with a token) and Voila, each on a free localhost port, started side by side."""
    token = "bleu-lab-test-token"
    lab_port, voila_port = _free_port(), _free_port()
    lab_command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={lab_port}",
        "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={served_notebook}",
        *_as_root(),
    ]
    voila_command = [
        sys.executable, "-m", "voila", str(served_notebook / NOTEBOOK.name), "--no-browser", f"--port={voila_port}",
        "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", "--preheat_kernel=True", "--pool_size=1",
        "--template=bleu_lab",
    ]
    voila_env = _jupyter_env(tmp_path_factory.mktemp("voila-home"))
    voila_env["JUPYTER_PATH"] = str(VOILA_TEMPLATES)
    ARTIFACTS.mkdir(exist_ok=True)  # server logs and screenshots
    started = {}
    try:
        started["lab"] = Server(lab_command, env=_jupyter_env(tmp_path_factory.mktemp("lab-home")), cwd=served_notebook,
                                url=f"http://127.0.0.1:{lab_port}", log=ARTIFACTS / "jupyterlab.log")
        started["voila"] = Server(voila_command, env=voila_env,
                                  cwd=served_notebook, url=f"http://127.0.0.1:{voila_port}",
                                  log=ARTIFACTS / "voila.log")
        started["token"] = token
        yield started
    finally:
        for name in ("voila", "lab"):
            if name in started:
                started[name].stop()


@pytest.fixture(scope="module")
def lab(servers):
    """The notebook's URL in JupyterLab, once the server answers."""
    server, token = servers["lab"], servers["token"]
    server.wait_ready(f"{server.url}/api/status?token={token}")
    return f"{server.url}/lab/tree/{NOTEBOOK.name}?token={token}&reset"


@pytest.fixture(scope="module")
def voila(servers):
    """The Voila app's URL, once the server answers."""
    server = servers["voila"]
    # Any answer will do: the app page itself would start a kernel.
    server.wait_ready(f"{server.url}/voila/static/main.js", any_answer=True)
    return f"{server.url}/"


@contextmanager
def _opened(browser, url: str, ready):
    """A page of its own (1280 x 1000) at ``url``, made ready by ``ready(page)``, closed on every path."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        page = context.new_page()
        page.goto(url, timeout=SERVER_START_SECONDS * 1000)
        ready(page)
        yield page
    finally:
        context.close()


@pytest.fixture(scope="module")
def lab_page(browser, lab):
    """The playground notebook open in JupyterLab with every cell run."""
    with _opened(browser, lab, _run_all_cells) as page:
        yield page


# ---------------------------------------------------------------- page helpers


def _shot(page, name: str):
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _accept_kernel_dialog(page):
    """Accept a dialog such as "Select Kernel" (seen on a cold first start), keeping a picture of it."""
    dialog = page.locator(".jp-Dialog .jp-mod-accept")
    if dialog.count():
        _shot(page, "lab-dialog")
        try:
            dialog.first.click(timeout=5_000)
        except Exception:  # noqa: BLE001 - it closed by itself
            pass
        page.wait_for_timeout(500)
        if page.locator(".jp-Dialog").count():
            # Under load the click can land before the dialog listens; its focused button takes Enter.
            page.keyboard.press("Enter")
            page.wait_for_timeout(500)


def _run_all_cells(page):
    """Wait for the notebook and an idle kernel, then Run > Run All Cells; again if nothing started."""
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(state="visible", timeout=WIDGET_SECONDS * 1000)
    idle = page.locator(".jp-NotebookPanel .jp-Notebook-ExecutionIndicator[data-status='idle']")
    deadline = time.monotonic() + WIDGET_SECONDS
    while not idle.count() and time.monotonic() < deadline:
        _accept_kernel_dialog(page)
        page.wait_for_timeout(250)
    _shot(page, "lab-01-opened")
    # The served copy has no outputs, so a prompt "[*]" or "[1]" means the run has started.
    started = page.locator(".jp-NotebookPanel .jp-InputPrompt", has_text=re.compile(r"\[(\*|\d+)\]"))
    for _attempt in range(4):
        _accept_kernel_dialog(page)
        try:
            page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click(timeout=5_000)
            page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click(timeout=5_000)
            started.first.wait_for(state="attached", timeout=15_000)
            break
        except Exception:  # noqa: BLE001 - Playwright's TimeoutError: too early, or a dialog was in the way
            # A "Select Kernel" dialog is accepted (Escape would mean "No Kernel"); a menu is closed.
            if page.locator(".jp-Dialog").count():
                _accept_kernel_dialog(page)
                page.wait_for_timeout(1000)
            else:
                page.keyboard.press("Escape")
    else:
        _shot(page, "lab-error-run-all")
        pytest.fail("Run All Cells never started; see test-artifacts/lab-error-run-all.png")
    try:
        page.locator(".bleu-lab-playground .bl-score").first.wait_for(state="visible", timeout=WIDGET_SECONDS * 1000)
    except Exception:  # noqa: BLE001
        _shot(page, "lab-error-no-widget")
        raise
    _shot(page, "lab-02-ran")


def _wait_for_chart(page):
    """Wait until the chart follows the text: the other libraries' line (drawn after the chart) shows the
    score of the numbers area, and every chart image has loaded."""
    page.wait_for_function(
        "() => { const root = document.querySelector('.bleu-lab-playground');"
        " const own = root.querySelector('.bl-comparison-area .bl-own'), score = root.querySelector('.bl-score');"
        " return own && score && own.textContent === score.textContent; }",
        timeout=UPDATE_SECONDS * 1000,
    )
    page.wait_for_function(
        "() => [...document.querySelectorAll('.bl-chart img, img.bl-chart')]"
        ".every(img => img.complete && img.naturalHeight > 0)",
        timeout=UPDATE_SECONDS * 1000,
    )


def _expected(candidate: str, references) -> tuple:
    result = bleu_lab.sentence_bleu(candidate, references)
    return (
        f"{result.score:.4f}",
        [str(m) for m in result.counts],
        [str(t) for t in result.totals],
        [f"{p:.4f}" for p in result.precisions],
    )


def _type_candidate_and_check(page, prefix: str):
    from playwright.sync_api import expect

    playground = page.locator(".bleu-lab-playground").first
    score = playground.locator(".bl-numbers-area .bl-score")
    initial = _expected(FIRST_PRESET["candidate"], FIRST_PRESET["references"])
    expect(score).to_have_text(initial[0], timeout=UPDATE_SECONDS * 1000)

    expected_score, counts, totals, precisions = _expected(TYPED_CANDIDATE, FIRST_PRESET["references"])
    assert expected_score != initial[0], "the typed text must change the score, or the test proves nothing"
    box = playground.locator(".bl-candidate-box input")
    box.scroll_into_view_if_needed()
    box.fill(TYPED_CANDIDATE)
    expect(score).to_have_text(expected_score, timeout=UPDATE_SECONDS * 1000)
    table = playground.locator(".bl-numbers-area .bl-table")
    expect(table.locator(".bl-clipped")).to_have_text(counts)
    expect(table.locator(".bl-total")).to_have_text(totals)
    expect(table.locator(".bl-precision")).to_have_text(precisions)
    # The highlights follow too: every word but "today" is in a reference, and "cat is on the mat"
    # is covered by the two matched 4-grams "cat is on the" and "is on the mat".
    expect(playground.locator(".bl-highlights .bl-candidate-1 span[title]")).to_have_count(6)
    four_grams = playground.locator(".bl-highlights .bl-candidate-4 span[title]")
    expect(four_grams).to_have_text(["cat", "is", "on", "the", "mat"])
    expect(playground.locator(".bl-message-area")).not_to_contain_text("Traceback")
    _shot(page, f"{prefix}-typed")
    return playground


# ---------------------------------------------------------------- tests


def test_jupyterlab_typing_updates_score_and_table(lab_page):
    _type_candidate_and_check(lab_page, "lab-03")


def test_jupyterlab_bp_length_box_moves_bp(lab_page):
    from playwright.sync_api import expect

    explorer = lab_page.locator(".bleu-lab-bp-explorer").first
    explorer.scroll_into_view_if_needed()
    c_text, r_text, bp_text = (explorer.locator(f".bl-bp-text {css}") for css in (".bl-c", ".bl-r", ".bl-bp"))
    expect(c_text).to_have_text("8", timeout=UPDATE_SECONDS * 1000)
    r = int(r_text.inner_text())
    expect(bp_text).to_have_text(f"{brevity_penalty_value(8, r):.4f}")

    box = explorer.locator(".bl-bp-candidate-length input")
    # The box is named by its label, as a screen reader announces it.
    expect(explorer.get_by_label("candidate c")).to_have_count(1)
    box.focus()
    for _ in range(3):
        lab_page.keyboard.press("ArrowUp")
    expect(c_text).to_have_text("11", timeout=UPDATE_SECONDS * 1000)
    expect(bp_text).to_have_text(f"{brevity_penalty_value(11, r):.4f}")
    box.fill("4")
    expect(c_text).to_have_text("4", timeout=UPDATE_SECONDS * 1000)
    expect(bp_text).to_have_text(f"{brevity_penalty_value(4, r):.4f}")
    _shot(lab_page, "lab-04-bp-length")


def test_jupyterlab_figures_carry_no_alt_so_the_numbers_are_printed(lab_page):
    """What docs/accessibility.md says of JupyterLab 4: its image renderer writes no alt attribute, whatever
    the output's metadata holds (the figure of plot_bp_tradeoff has one). If this fails, JupyterLab now reads
    it: update the docs. The widgets' charts, which bleu_lab writes as <img alt>, are named in any case."""
    figure = lab_page.locator(".jp-RenderedImage img").first
    figure.scroll_into_view_if_needed()
    figure.wait_for(state="visible", timeout=UPDATE_SECONDS * 1000)
    assert figure.get_attribute("alt") is None
    charts = lab_page.eval_on_selector_all(".bl-chart-image img", "images => images.map(i => i.getAttribute('alt'))")
    assert charts and all(alt and alt.startswith(("Bar chart", "Line chart")) for alt in charts), charts


def _set_lab_theme(page, name: str, light: bool):
    """Settings > Theme > ``name`` in JupyterLab's menus; waits until the page says it is that theme."""
    page.locator(".lm-MenuBar-itemLabel", has_text="Settings").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Theme").first.hover()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{name}$")).first.click()
    page.wait_for_selector(f"body[data-jp-theme-light='{str(light).lower()}']", state="attached",
                           timeout=UPDATE_SECONDS * 1000)
    page.wait_for_timeout(500)


def test_jupyterlab_widget_text_contrast_in_light_and_dark_themes(lab_page):
    """axe-core's color-contrast rule (4.5:1 for text) on every bleu_lab widget, in JupyterLab Light and Dark."""
    if not AXE.exists():
        pytest.fail(f"axe-core is not installed at {AXE}: run `make axe` (part of `make test`; it needs npm)")
    lab_page.add_script_tag(path=str(AXE))
    script = ("() => axe.run({include: [['.bleu-lab-widget']]}, {runOnly: {type: 'rule', values: ['color-contrast']}})"
              ".then(r => ({violations: r.violations.flatMap(v => v.nodes.map(n => n.html.slice(0, 120))),"
              " checked: r.passes.reduce((k, v) => k + v.nodes.length, 0)}))")
    try:
        for name, light in (("JupyterLab Light", True), ("JupyterLab Dark", False)):
            _set_lab_theme(lab_page, name, light)
            result = lab_page.evaluate(script)
            _shot(lab_page, f"lab-06-theme-{'light' if light else 'dark'}")
            assert result["checked"] > 0 and result["violations"] == [], f"{name}: {result['violations']}"
    finally:
        _set_lab_theme(lab_page, "JupyterLab Light", True)


def test_voila_app_typing_updates_score(browser, voila):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    try:
        page.goto(voila, timeout=SERVER_START_SECONDS * 1000)
        page.locator(".bleu-lab-playground .bl-score").first.wait_for(state="visible", timeout=WIDGET_SECONDS * 1000)
        _shot(page, "voila-01-loaded")
        assert page.locator(".cm-editor").count() == 0, "Voila shows code editors"
        assert page.get_by_text("from bleu_lab.show.widgets import").count() == 0, "Voila shows code"
        playground = _type_candidate_and_check(page, "voila-02")
        # A viewport taller than the widget, so all of it is painted; then wait for the new chart image.
        page.set_viewport_size({"width": 1000, "height": 1500})
        _wait_for_chart(page)
        playground.screenshot(path=str(ARTIFACTS / "playground.png"))
        if os.environ.get("BLEU_LAB_UPDATE_SCREENSHOT") == "1":
            SCREENSHOT.parent.mkdir(exist_ok=True)
            shutil.copy(ARTIFACTS / "playground.png", SCREENSHOT)
    finally:
        context.close()



# ---------------------------------------------------------------- accessibility (axe-core) and no CDN


def axe_violations(page, name: str) -> list:
    """Run axe-core's WCAG 2.1 A and AA rules on ``page``; the report goes to test-artifacts/axe-NAME.json.
    Returns the critical and serious violations, each as "rule (impact, N elements): help"."""
    if not AXE.exists():
        pytest.fail(f"axe-core is not installed at {AXE}: run `make axe` (part of `make test`; it needs npm)")
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}})", AXE_TAGS)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"axe-{name}.json").write_text(json.dumps(result["violations"], indent=2))
    return [f"{v['id']} ({v['impact']}, {len(v['nodes'])} elements): {v['help']}; first: {v['nodes'][0]['html'][:200]}"
            for v in result["violations"] if v["impact"] in ("critical", "serious")]


def off_localhost(urls) -> list:
    from urllib.parse import urlparse

    return [url for url in urls
            if not url.startswith(("data:", "blob:", "about:")) and urlparse(url).hostname not in ("127.0.0.1",
                                                                                                  "localhost")]


def test_voila_app_passes_axe_and_asks_nothing_off_localhost(browser, voila):
    """The demo as a class sees it: no critical or serious WCAG 2.1 A/AA violation (axe-core), every image
    with a text alternative that gives its numbers, and not one request off this machine (no CDN)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    requests: list = []
    context.on("request", lambda request: requests.append(request.url))
    try:
        page = context.new_page()
        page.goto(voila, timeout=SERVER_START_SECONDS * 1000)
        for widget in (".bleu-lab-playground .bl-score", ".bleu-lab-bp-explorer .bl-bp-chart img",
                       ".bleu-lab-paraphrase-explorer .bl-paraphrase-chart img"):
            page.locator(widget).first.wait_for(state="visible", timeout=WIDGET_SECONDS * 1000)
        _wait_for_chart(page)
        page.wait_for_function("() => [...document.images].every(img => img.complete && img.naturalHeight > 0)",
                               timeout=UPDATE_SECONDS * 1000)
        _shot(page, "voila-axe")
        assert axe_violations(page, "voila") == []
        alts = page.eval_on_selector_all("img", "images => images.map(img => img.getAttribute('alt'))")
        assert len(alts) >= 4 and all(alt and alt.strip() for alt in alts), alts
        # The notebook's own figure (plot_bp_tradeoff) goes as HTML with its alt under Voila.
        assert any("BP" in alt and "0.1353" in alt and "c = 4" in alt for alt in alts), alts
        assert any(alt.startswith("Bar chart: Modified n-gram precisions") for alt in alts)
        assert off_localhost(requests) == [], "the Voila page asks the network"
        # Answers are never shown to a class watching the projector (voila.json removes the cell).
        assert "Check your understanding" not in page.content() and "<details" not in page.content()
    finally:
        context.close()


# ---------------------------------------------------------------- latency, layout, numbering, hostile input

def _watch_js(state: str, selector: str) -> str:
    """JavaScript that records in ``window[state]`` the time of the last keydown in the playground (``key``)
    and the time and text of the last change of ``selector`` in its numbers area (``seen``, ``value``)."""
    return (
        "() => {\n"
        "  const root = document.querySelector('.bleu-lab-playground');\n"
        "  const area = root.querySelector('.bl-numbers-area');\n"
        f"  const state = window.{state} = {{key: 0, seen: 0, value: null}};\n"
        "  root.addEventListener('keydown', () => { state.key = performance.now(); }, true);\n"
        "  new MutationObserver(() => {\n"
        f"    const el = area.querySelector('{selector}');\n"
        "    const text = el ? el.textContent : null;\n"
        "    if (text !== state.value) { state.value = text; state.seen = performance.now(); }\n"
        "  }).observe(area, {subtree: true, childList: true, characterData: true});\n"
        "}"
    )


_WATCH_JS = _watch_js("__bl", ".bl-c")

def _c_of(text: str) -> str:
    return str(len(bleu_lab.tokenize(text)))


def _wait_c(page, expected: str, timeout_s: float = UPDATE_SECONDS) -> float:
    """Wait until the shown c is ``expected``; return milliseconds from the last keydown to that update."""
    page.wait_for_function("(c) => window.__bl.value === c && window.__bl.seen >= window.__bl.key", arg=expected,
                           timeout=timeout_s * 1000)
    return page.evaluate("() => window.__bl.seen - window.__bl.key")


def _watched_candidate_box(page, base: str, watch_js: str, number: str, shown: str):
    """The playground and its candidate box, holding ``base`` + " " with the cursor at the end, once the
    ``number`` element of the numbers area shows ``shown`` and ``watch_js`` watches it for changes."""
    from playwright.sync_api import expect

    playground = page.locator(".bleu-lab-playground").first
    box = playground.locator(".bl-candidate-box input")
    box.scroll_into_view_if_needed()
    box.fill(base + " ")
    page.evaluate(watch_js)
    expect(playground.locator(f".bl-numbers-area {number}")).to_have_text(shown, timeout=UPDATE_SECONDS * 1000)
    box.press("End")
    return playground, box


def _measure_latency(page, label: str) -> dict:
    """20 single-keystroke edits, each changing c; then a burst typed fast; then a 2,000-word paste."""
    from playwright.sync_api import expect

    base = "a cat is on the mat"
    playground, box = _watched_candidate_box(page, base, _WATCH_JS, ".bl-c", _c_of(base))
    times = []
    for i in range(EDITS):
        key, text = ("x", base + " x") if i % 2 == 0 else ("Backspace", base + " ")
        box.press(key)
        times.append(_wait_c(page, _c_of(text)))
    # No lost keystrokes: a burst typed at 20 ms a key ends in the right text and the right numbers.
    burst = " the dog sat on the sofa"
    box.press("End")
    box.type(burst, delay=20)
    final = base + " " + burst
    expect(box).to_have_value(final, timeout=UPDATE_SECONDS * 1000)
    expect(playground.locator(".bl-numbers-area .bl-score")).to_have_text(
        _expected(final, FIRST_PRESET["references"])[0], timeout=UPDATE_SECONDS * 1000)
    # A 2,000-word paste, then one more keystroke.
    words = ("the cat is on the mat and a dog sat under the old red table " * 143).split()[:2000]
    pasted = " ".join(words)
    start = time.monotonic()
    box.fill(pasted)
    page.wait_for_function("(c) => window.__bl.value === c", arg=_c_of(pasted), timeout=UPDATE_SECONDS * 1000)
    paste_ms = (time.monotonic() - start) * 1000
    box.press("End")
    box.type(" ")
    box.press("z")
    after_paste = _wait_c(page, _c_of(pasted + " z"))
    expect(playground.locator(".bl-numbers-area .bl-score")).to_have_text(
        _expected(pasted + " z", FIRST_PRESET["references"])[0], timeout=UPDATE_SECONDS * 1000)
    ordered = sorted(times)
    record = {
        "where": label, "edits": len(times), "median_ms": round(ordered[len(ordered) // 2], 1),
        "max_ms": round(max(times), 1), "min_ms": round(min(times), 1), "all_ms": [round(t, 1) for t in times],
        "paste_2000_words_ms": round(paste_ms, 1), "keystroke_after_paste_ms": round(after_paste, 1),
        "load_average": os.getloadavg(),
    }
    results = json.loads(LATENCY.read_text()) if LATENCY.exists() else {}
    results[label] = record
    LATENCY.write_text(json.dumps(results, indent=2))
    print(f"\nlatency {label}: {record}")
    return record


_LAYOUT_JS = """() => {
  const vw = document.documentElement.clientWidth;
  const problems = [];
  const where = (el) => (el.className && el.className.baseVal === undefined ? String(el.className) : el.tagName)
    .slice(0, 60) + ' ' + (el.textContent || '').trim().slice(0, 30);
  for (const root of document.querySelectorAll('.bleu-lab-widget')) {
    const box = root.getBoundingClientRect();
    if (box.right > vw + 1) problems.push('widget wider than the window: ' + where(root));
    if (root.scrollWidth > root.clientWidth + 2) problems.push('widget content overflows: ' + where(root));
    for (const el of root.querySelectorAll('input, select, button, img')) {
      const b = el.getBoundingClientRect();
      if (b.width < 1 || b.height < 1) { problems.push('control not visible: ' + where(el)); continue; }
      if (b.left < box.left - 1 || b.right > box.right + 1 || b.right > vw + 1)
        problems.push('control outside the output area: ' + where(el)
                      + ` (${b.left}-${b.right} of ${box.left}-${box.right})`);
    }
    for (const el of root.querySelectorAll('*')) {
      if (el.closest('.bl-scroll') && !el.classList.contains('bl-scroll')) continue;
      const b = el.getBoundingClientRect();
      if (b.width > 0 && b.right > box.right + 1) { problems.push('wider than the output area: ' + where(el)); break; }
    }
    const numbers = root.querySelector('.bl-numbers-area'), chart = root.querySelector('.bl-chart img, img.bl-chart');
    if (numbers && chart) {
      const a = numbers.getBoundingClientRect(), c = chart.getBoundingClientRect();
      if (a.left < c.right && c.left < a.right && a.top < c.bottom && c.top < a.bottom)
        problems.push('numbers under the chart');
    }
    for (const label of root.querySelectorAll('td.bl-label')) {
      const lh = parseFloat(getComputedStyle(label).fontSize) * 1.9;
      if (label.getBoundingClientRect().height > lh) problems.push('row label wraps: ' + label.textContent);
    }
  }
  return problems;
}"""


def _layout_problems(page) -> list:
    return page.evaluate(_LAYOUT_JS)


@pytest.fixture(scope="module")
def voila_page(browser, voila):
    """The Voila app, loaded once (one kernel) for the checks below."""

    def ready(page):
        page.locator(".bleu-lab-playground .bl-score").first.wait_for(state="visible", timeout=WIDGET_SECONDS * 1000)

    with _opened(browser, voila, ready) as page:
        yield page


@pytest.mark.parametrize("where", ["jupyterlab", "voila"])
def test_every_keystroke_and_a_2000_word_paste_reach_the_score(request, where):
    """Each of 20 edits updates c, and a burst typed at 20 ms a key and a 2,000-word paste end in the score
    sentence_bleu gives for the final text (the checks inside _measure_latency fail otherwise; sentence_bleu
    itself is checked against sacrebleu elsewhere). The times it records go to benchmarks/RESULTS.md; no
    timing is asserted."""
    record = _measure_latency(request.getfixturevalue("lab_page" if where == "jupyterlab" else "voila_page"), where)
    assert len(record["all_ms"]) == EDITS and all(t > 0 for t in record["all_ms"])


_SCORE_WATCH_JS = _watch_js("__bl_score", ".bl-score")


def test_voila_keystroke_to_score_median(voila_page):
    """20 keystrokes typed into the candidate box, each changing the BLEU score: the time from each keydown
    to the new score on the page (a MutationObserver on .bl-score), its median written to
    test-artifacts/latency.json and benchmarks/RESULTS.md. Each score shown is sentence_bleu's for the text
    in the box. The median is asserted below 100 ms (issue 30); the machine is shared, so the limit
    leaves room over the 40-60 ms seen here."""
    base, references = "a cat is on the mat", FIRST_PRESET["references"]
    _, box = _watched_candidate_box(voila_page, base, _SCORE_WATCH_JS, ".bl-score", _expected(base, references)[0])
    times = []
    for i in range(EDITS):
        key, text = ("x", base + " x") if i % 2 == 0 else ("Backspace", base + " ")
        expected = _expected(text, references)[0]
        assert expected != _expected(base + (" " if i % 2 == 0 else " x"), references)[0], "each key must move it"
        box.press(key)
        voila_page.wait_for_function(
            "(s) => window.__bl_score.value === s && window.__bl_score.seen >= window.__bl_score.key",
            arg=expected, timeout=UPDATE_SECONDS * 1000)
        times.append(voila_page.evaluate("() => window.__bl_score.seen - window.__bl_score.key"))
    ordered = sorted(times)
    median = (ordered[len(ordered) // 2 - 1] + ordered[len(ordered) // 2]) / 2
    record = {"where": "voila, keystroke to score", "edits": len(times), "median_ms": round(median, 1),
              "min_ms": round(min(times), 1), "max_ms": round(max(times), 1),
              "all_ms": [round(t, 1) for t in times], "load_average": os.getloadavg()}
    ARTIFACTS.mkdir(exist_ok=True)
    results = json.loads(LATENCY.read_text()) if LATENCY.exists() else {}
    results["voila keystroke to score"] = record
    LATENCY.write_text(json.dumps(results, indent=2))
    print(f"\nkeystroke to score: {record}")
    assert median < 100, f"median keystroke-to-score {median:.0f} ms (limit 100 ms): {record}"


def test_voila_shows_no_answers_and_no_jupyterlab_instructions(voila_page):
    text = voila_page.locator("body").inner_text()
    for hidden in ("Run > Run All Cells", "Ctrl+C", "make demo", "12 / (1 + ln 2)", "the cat lies on the mat",
                   "Answers**"):
        assert hidden not in text, f"Voila shows {hidden!r}"
    assert "Playground(children=" not in text and "Traceback" not in text
    # The answers cell (tagged "answers") is removed by voila.json: nothing to open in front of the class.
    assert "Check your understanding" not in text and voila_page.locator("details").count() == 0
    assert voila_page.get_by_role("button", name="Show answers").count() == 0


def _fill_boxes(page, candidate: str, references) -> None:
    playground = page.locator(".bleu-lab-playground").first
    for i, value in enumerate(references, 1):
        box = playground.locator(f".bl-reference-box-{i} input")
        box.scroll_into_view_if_needed()
        box.fill(value)
    playground.locator(".bl-candidate-box input").fill(candidate)


def test_voila_references_keep_their_box_numbers(voila_page):
    from playwright.sync_api import expect

    playground = voila_page.locator(".bleu-lab-playground").first
    references = ["the cat is on the mat", "", "a cat sat on a mat", "there is a cat on the mat"]
    _fill_boxes(voila_page, "a cat sat on a mat", references)
    expect(playground.locator(".bl-message-area")).to_contain_text("identical to reference 3",
                                                                    timeout=UPDATE_SECONDS * 1000)
    expect(playground.locator(".bl-message-area")).to_contain_text("Reference box 2 is empty")
    for box in (1, 3, 4):
        expect(playground.locator(f".bl-highlights .bl-reference-{box}")).to_have_count(1)
    expect(playground.locator(".bl-highlights .bl-reference-2")).to_have_count(0)
    _shot(voila_page, "voila-numbering")


def test_voila_hostile_input_is_text_and_long_tokens_wrap(voila_page):
    from playwright.sync_api import expect

    playground = voila_page.locator(".bleu-lab-playground").first
    hostile = "<img src=x onerror=\"window.__pwned=1\"> <b>cat</b> & " + "y" * 2700
    _fill_boxes(voila_page, hostile, ["the <b>cat</b> is on the mat", "", "", ""])
    expect(playground.locator(".bl-numbers-area .bl-c")).to_have_text(_c_of(hostile), timeout=UPDATE_SECONDS * 1000)
    expect(playground.locator(".bl-highlights")).to_contain_text("onerror")  # shown as text, not run
    assert playground.locator(".bl-highlights img, .bl-highlights b").count() == 0
    assert voila_page.evaluate("() => window.__pwned === undefined")
    assert _layout_problems(voila_page) == []
    expect(playground.locator(".bl-message-area")).not_to_contain_text("Traceback")


def test_voila_layout_at_every_width_and_presenter_screenshots(voila_page):
    from playwright.sync_api import expect

    page = voila_page
    playground = page.locator(".bleu-lab-playground").first
    preset = playground.locator(".widget-dropdown select").first
    preset.select_option(index=1)
    expect(playground.locator(".bl-numbers-area .bl-score")).to_be_visible()
    shots = {}
    for metric in ("ROUGE", "BLEU"):
        playground.locator(".bl-metric-buttons button", has_text=metric).click()
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 1000})
            page.wait_for_timeout(400)  # the chart follows after a pause
            problems = _layout_problems(page)
            assert problems == [], f"{metric} at {width} px: {problems}"
            if metric == "BLEU" and width in (800, 1280, 1920):
                page.set_viewport_size({"width": width, "height": 2400})
                _wait_for_chart(page)
                page.wait_for_timeout(300)
                shots[width] = ARTIFACTS / f"playground-{width}.png"
                playground.screenshot(path=str(shots[width]))
    playground.locator(".bl-presenter-toggle").click()
    expect(playground).to_have_class(re.compile("bl-presenter"))
    size = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector("
                         "'.bleu-lab-playground .bl-highlights-area .widget-html-content')).fontSize)")
    assert size >= 18
    for width in (1280, 853):
        page.set_viewport_size({"width": width, "height": 1000})
        page.wait_for_timeout(600)
        assert _layout_problems(page) == [], f"presenter at {width} px"
    page.set_viewport_size({"width": 1280, "height": 2600})
    _wait_for_chart(page)
    page.wait_for_timeout(600)
    shots["presenter"] = ARTIFACTS / "playground-presenter.png"
    playground.screenshot(path=str(shots["presenter"]))
    playground.locator(".bl-presenter-toggle").click()
    if os.environ.get("BLEU_LAB_UPDATE_SCREENSHOT") == "1":
        for name, path in shots.items():
            shutil.copy(path, ROOT / "docs" / f"playground-{name}.png")


def test_jupyterlab_layout_with_file_browser(lab_page):
    from playwright.sync_api import expect

    page = lab_page
    playground = page.locator(".bleu-lab-playground").first
    playground.scroll_into_view_if_needed()
    playground.locator(".bl-metric-buttons button", has_text="ROUGE").click()
    expect(playground.locator(".bl-rouge-f").first).to_be_visible(timeout=UPDATE_SECONDS * 1000)
    for width in (1280, 800):
        page.set_viewport_size({"width": width, "height": 1000})
        page.wait_for_timeout(500)
        assert _layout_problems(page) == [], f"JupyterLab at {width} px: {_layout_problems(page)}"
    _shot(page, "lab-05-rouge-layout")
    playground.locator(".bl-metric-buttons button", has_text="BLEU").click()
    page.set_viewport_size({"width": 1280, "height": 1000})
