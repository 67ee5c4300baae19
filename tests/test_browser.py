"""The playground in a real browser: JupyterLab and Voila, driven by Playwright on Debian's Chromium.

Each test starts its server on a free localhost port, with a temporary Jupyter
configuration, and stops it (and the kernels it started) on every path.
Expected numbers come from bleu_lab's functions, called here on the same text
the test types. Screenshots of each step go to test-artifacts/ (ignored by git);
with BLEU_LAB_UPDATE_SCREENSHOT=1 the playground screenshot is also copied to
docs/playground.png.

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
from pathlib import Path

import pytest

import bleu_lab
from bleu_lab.bleu import brevity_penalty_value

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "07_playground.ipynb"
ARTIFACTS = ROOT / "test-artifacts"
SCREENSHOT = ROOT / "docs" / "playground.png"

# Flags that keep Chromium off the network and working as root in a container.
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
SERVER_START_SECONDS = 60
WIDGET_SECONDS = 90  # kernel start and the first imports, on a busy machine
UPDATE_SECONDS = 20

# What the tests type, and the references of the first preset (which the playground opens with).
TYPED_CANDIDATE = "a cat is on the mat today"
FIRST_PRESET = bleu_lab.load_example("cat_mat")


def _missing(reason: str):
    """A missing browser fails in CI and skips elsewhere."""
    if os.environ.get("CI", "").strip().lower() == "true":
        pytest.fail(f"{reason} (CI=true: browser tests must run)")
    pytest.skip(reason)


# ---------------------------------------------------------------- servers


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _jupyter_env(home: Path) -> dict:
    """Environment for a server: every Jupyter, IPython and matplotlib folder in ``home``."""
    env = dict(os.environ)
    for name in ("config", "data", "runtime", "ipython", "matplotlib", "lab-settings", "lab-workspaces"):
        (home / name).mkdir(parents=True, exist_ok=True)
    env.update(
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_DATA_DIR=str(home / "data"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        IPYTHONDIR=str(home / "ipython"),
        MPLCONFIGDIR=str(home / "matplotlib"),
        JUPYTERLAB_SETTINGS_DIR=str(home / "lab-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "lab-workspaces"),
        JUPYTER_PLATFORM_DIRS="1",
    )
    env.pop("MPLBACKEND", None)
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
                raise RuntimeError(f"server exited with {self.process.returncode}; log:\n{self.log.read_text()[-3000:]}")
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
        raise RuntimeError(f"server did not answer within {SERVER_START_SECONDS} s; log:\n{self.log.read_text()[-3000:]}")

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
    return folder


@pytest.fixture(scope="module")
def chromium_path() -> str:
    path = shutil.which("chromium")
    if path is None:
        _missing("Debian's chromium is not installed (run `make chromium`)")
    return path


@pytest.fixture(scope="module")
def browser(chromium_path):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install playwright; never `playwright install`)")
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_FLAGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


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
    ]
    started = {}
    try:
        started["lab"] = Server(lab_command, env=_jupyter_env(tmp_path_factory.mktemp("lab-home")), cwd=served_notebook,
                                url=f"http://127.0.0.1:{lab_port}", log=ARTIFACTS / "jupyterlab.log")
        started["voila"] = Server(voila_command, env=_jupyter_env(tmp_path_factory.mktemp("voila-home")),
                                  cwd=served_notebook, url=f"http://127.0.0.1:{voila_port}", log=ARTIFACTS / "voila.log")
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


@pytest.fixture(scope="module")
def lab_page(browser, lab):
    """The playground notebook open in JupyterLab with every cell run."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    try:
        page.goto(lab, timeout=SERVER_START_SECONDS * 1000)
        _run_all_cells(page)
        yield page
    finally:
        context.close()


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
    expect(playground.locator(".bl-highlights .bl-candidate-4 span[title]")).to_have_text(["cat", "is", "on", "the", "mat"])
    expect(playground.locator(".bl-message-area")).not_to_contain_text("Traceback")
    _shot(page, f"{prefix}-typed")
    return playground


# ---------------------------------------------------------------- tests


def test_jupyterlab_typing_updates_score_and_table(lab_page):
    _type_candidate_and_check(lab_page, "lab-03")


def test_jupyterlab_bp_slider_moves_bp(lab_page):
    from playwright.sync_api import expect

    explorer = lab_page.locator(".bleu-lab-bp-explorer").first
    explorer.scroll_into_view_if_needed()
    c_text, r_text, bp_text = (explorer.locator(f".bl-bp-text {css}") for css in (".bl-c", ".bl-r", ".bl-bp"))
    expect(c_text).to_have_text("8", timeout=UPDATE_SECONDS * 1000)
    r = int(r_text.inner_text())
    expect(bp_text).to_have_text(f"{brevity_penalty_value(8, r):.4f}")

    handle = explorer.locator(".bl-bp-candidate-slider .noUi-handle")
    handle.focus()
    for _ in range(3):
        lab_page.keyboard.press("ArrowRight")
    expect(c_text).to_have_text("11", timeout=UPDATE_SECONDS * 1000)
    expect(bp_text).to_have_text(f"{brevity_penalty_value(11, r):.4f}")
    _shot(lab_page, "lab-04-bp-slider")


def test_voila_app_typing_updates_score(browser, voila):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    try:
        page.goto(voila, timeout=SERVER_START_SECONDS * 1000)
        page.locator(".bleu-lab-playground .bl-score").first.wait_for(state="visible", timeout=WIDGET_SECONDS * 1000)
        _shot(page, "voila-01-loaded")
        assert page.locator(".cm-editor").count() == 0, "Voila shows code editors"
        assert page.get_by_text("from bleu_lab.widgets import").count() == 0, "Voila shows code"
        playground = _type_candidate_and_check(page, "voila-02")
        # A viewport taller than the widget, so all of it is painted; then wait for the new chart image.
        page.set_viewport_size({"width": 1000, "height": 1500})
        page.wait_for_function(
            "() => [...document.querySelectorAll('.bl-chart img, img.bl-chart')]"
            ".every(img => img.complete && img.naturalHeight > 0)",
            timeout=UPDATE_SECONDS * 1000,
        )
        playground.screenshot(path=str(ARTIFACTS / "playground.png"))
        if os.environ.get("BLEU_LAB_UPDATE_SCREENSHOT") == "1":
            SCREENSHOT.parent.mkdir(exist_ok=True)
            shutil.copy(ARTIFACTS / "playground.png", SCREENSHOT)
    finally:
        context.close()
