"""Shared test settings.

In CI (``CI=true``) the property-based tests draw the same examples on every
run, so a green main stays green; on a developer's machine they explore new
examples each run (and remember failures in .hypothesis/).
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI") == "true":
    settings.load_profile("ci")


# ---------------------------------------------------------------- shared by the browser, site and nbgrader tests

import shutil  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

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


@pytest.fixture
def references_drawn_separately():
    """Drawn references are separate sentences (sacrebleu's streams), however many are one word:
    a test that draws them says so, as the playground does for its boxes."""
    from bleu_lab.checks import separate_references

    with separate_references():
        yield


def missing_browser(reason: str):
    """A missing browser fails: a skipped test must not count as passing. Only a user who says so,
    with BLEU_LAB_ALLOW_MISSING_BROWSER=1 (never in CI), gets the browser tests skipped instead."""
    allowed = os.environ.get("BLEU_LAB_ALLOW_MISSING_BROWSER", "").strip() == "1"
    if allowed and os.environ.get("CI", "").strip().lower() != "true":
        pytest.skip(f"{reason} (skipped: BLEU_LAB_ALLOW_MISSING_BROWSER=1)")
    pytest.fail(f"{reason}. Install Chromium (make chromium, with apt), or run "
                f"BLEU_LAB_ALLOW_MISSING_BROWSER=1 make test to skip the browser tests knowingly")


def jupyter_env(home: Path) -> dict:
    """The environment with every Jupyter, IPython and matplotlib folder in ``home`` (not the user's)."""
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
    return env


@pytest.fixture(scope="module")
def chromium_path() -> str:
    path = shutil.which("chromium")
    if path is None:
        missing_browser("Debian's chromium is not installed (run `make chromium`)")
    return path


@pytest.fixture(scope="module")
def browser(chromium_path):
    """Debian's Chromium driven by Playwright (never `playwright install`: it downloads a browser)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing_browser("playwright is not installed (pip install playwright; never `playwright install`)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_FLAGS, headless=True)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def sacrebleu_counting_ties(monkeypatch):
    """sacrebleu's approximate randomization with its trials counted as Riezler and Maxwell (2005) count
    them: p = (1 + #{t : d_t >= d}) / (n + 1). sacrebleu counts d_t > d, so a trial that ties the observed
    difference (common for TER, whose differences are whole numbers of edits over one length) does not
    count; bleu_lab counts it (README, "Differences")."""
    import numpy as np
    import sacrebleu.significance

    def p_value(stats, real_difference):
        return (int(np.sum(stats >= real_difference)) + 1) / (len(stats) + 1)

    monkeypatch.setattr(sacrebleu.significance, "_compute_p_value", p_value)


def scipy_tau_lead(columns, *, n_resamples: int = 1000, seed: int = 12345) -> tuple:
    """The oracle for a difference of two Kendall taus, from scipy alone: ``columns`` are the scores of
    metric a, of metric b and of the humans over the same systems. Returns (tau(a) - tau(b), low, high,
    share of resamples at or below 0): scipy's percentile bootstrap over systems, both taus on each
    resample (paired); a resample that drew one system only has no order, counted as tau = 0."""
    import inspect
    import math
    import warnings

    import numpy as np
    import scipy.stats

    def tau(x, y):
        value = scipy.stats.kendalltau(x, y).statistic
        return 0.0 if math.isnan(value) else value

    def lead(first, second, people):
        return tau(first, people) - tau(second, people)

    columns = [np.asarray(column, dtype=float) for column in columns]
    generator = "rng" if "rng" in inspect.signature(scipy.stats.bootstrap).parameters else "random_state"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = scipy.stats.bootstrap(columns, lead, paired=True, vectorized=False, n_resamples=n_resamples,
                                       method="percentile", **{generator: np.random.default_rng(seed)})
    low, high = result.confidence_interval
    return lead(*columns), float(low), float(high), float((result.bootstrap_distribution <= 0).mean())
