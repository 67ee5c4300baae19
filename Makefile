# bleu_lab: everything runs from a project-local virtual environment (.venv),
# created on first use.  A fresh clone needs only `make lab` or `make test`.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON  ?= python3
VENV    := .venv
PY      := $(VENV)/bin/python
JUPYTER := $(VENV)/bin/jupyter
# Two installs into the same .venv: the student's (the [lab] extra: the notebooks, JupyterLab, Voila)
# and the developer's (the [test] extra, which contains [lab]). `make lab` needs only the first;
# `make test` after `make lab` upgrades to the second; `make lab` after `make test` installs nothing.
LAB_STAMP := $(VENV)/lab-stamp
STAMP     := $(VENV)/stamp
# axe-core, the accessibility checker the browser tests inject into the pages (from the npm registry,
# at install time: nothing is fetched while the tests run).
AXE_VERSION := 4
AXE       := $(VENV)/share/axe-core/axe.min.js

# Jupyter refuses to run as root without --allow-root.
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

# Tests and notebook runs do not depend on the user's home: Jupyter, IPython
# and matplotlib get a throw-away configuration folder.  (The venv's python3
# kernel spec is still found: Jupyter also searches sys.prefix/share/jupyter.)
TEST_HOME := $(CURDIR)/.test-home
TEST_ENV  := env \
	JUPYTER_CONFIG_DIR=$(TEST_HOME)/jupyter-config \
	JUPYTER_DATA_DIR=$(TEST_HOME)/jupyter-data \
	JUPYTER_RUNTIME_DIR=$(TEST_HOME)/jupyter-runtime \
	IPYTHONDIR=$(TEST_HOME)/ipython \
	MPLCONFIGDIR=$(TEST_HOME)/matplotlib \
	JUPYTER_PLATFORM_DIRS=1 \
	PYTHONHASHSEED=0

NBVAL_SANITIZE := tests/nbval_sanitize.cfg

.PHONY: help lab test lint chromium axe notebooks demo bench exercises site dist test-wheel test-sdist clean test-home

help:
	@echo "make lab        open the notebooks in JupyterLab (creates .venv on first use)"
	@echo "make test       run ruff and mypy, then the unit, property, doctest, notebook (nbval) and browser tests"
	@echo "make notebooks  re-execute every notebook in place in a fresh kernel"
	@echo "make demo       serve notebooks/12_playground.ipynb with Voila on port 8866 (answers left out)"
	@echo "make bench      speed against sacrebleu and nltk (benchmarks/run.py)"
	@echo "make exercises  build the student lab notebooks and their nbgrader versions (nbgrader/source/)"
	@echo "make site       the static, searchable site of the series from stored outputs (site/html/index.html)"
	@echo "make dist       build the sdist and the wheel (with the course notebooks) into dist/"
	@echo "make test-wheel only the install check: the wheel in a fresh venv runs every notebook (about 2 min)"
	@echo "make test-sdist run the tests from an unpacked sdist, as a packager would"
	@echo "make chromium   check for Debian's chromium (browser tests); as root, install it with apt-get"
	@echo "make axe        fetch axe-core from the npm registry into .venv (accessibility checks of the browser tests)"
	@echo "make clean      remove .venv, .test-home, test-artifacts, build, dist, site and nbgrader"

# ---------------------------------------------------------------- environment
# Re-installs when pyproject.toml changes, or once when bleu_lab/__init__.py
# first appears (an editable install made before it existed would not import
# the package properly).  A stamp carries the time its install started.
# The student's environment: the package and the [lab] extra.
$(LAB_STAMP): pyproject.toml $(if $(wildcard bleu_lab/__init__.py),$(VENV)/has-package)
	start=$$(date '+%Y-%m-%d %H:%M:%S.%N'); \
	[ -x $(PY) ] || $(PYTHON) -m venv $(VENV); \
	$(PY) -m pip install --upgrade pip; \
	$(PY) -m pip install -e '.[lab]'; \
	touch -d "$$start" $@

# The developer's: the [test] extra (which includes [lab]), so the lab stamp is current too.
$(STAMP): pyproject.toml $(if $(wildcard bleu_lab/__init__.py),$(VENV)/has-package)
	start=$$(date '+%Y-%m-%d %H:%M:%S.%N'); \
	[ -x $(PY) ] || $(PYTHON) -m venv $(VENV); \
	$(PY) -m pip install --upgrade pip; \
	$(PY) -m pip install -e '.[test]'; \
	touch -d "$$start" $@ $(LAB_STAMP)

$(VENV)/has-package:
	@mkdir -p $(VENV) && touch $@

# Chromium from Debian for the browser tests.  Never `playwright install`:
# it downloads a browser build of its own, which fails on these machines.
# Never sudo: as root (a container, CI) apt-get installs it; anyone else is told the command, and
# make stops (BLEU_LAB_ALLOW_MISSING_BROWSER=1 make test runs the rest, skipping the browser tests).
chromium:
	@if command -v chromium >/dev/null 2>&1; then \
		echo "chromium: $$(command -v chromium)"; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		apt-get update; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium; \
		chromium --version; \
	else \
		echo "make: the system package 'chromium' (Debian's Chromium, for the browser tests) is missing." >&2; \
		echo "      Install it as an administrator:  sudo apt-get install chromium   (Debian; on Ubuntu: sudo snap install chromium)" >&2; \
		echo "      or skip the browser tests knowingly:  BLEU_LAB_ALLOW_MISSING_BROWSER=1 make test" >&2; \
		if [ "$${BLEU_LAB_ALLOW_MISSING_BROWSER:-}" = 1 ] && [ "$${CI:-}" != true ]; then exit 0; fi; \
		exit 1; \
	fi

# axe-core from the npm registry (npm pack: no node_modules, no scripts run), kept inside .venv.
axe: $(AXE)

$(AXE):
	@command -v npm >/dev/null 2>&1 || { \
		echo "make: the system package 'npm' is missing: the browser tests check accessibility with axe-core," >&2; \
		echo "      which comes from the npm registry. Install it:  sudo apt-get install npm   (Debian, Ubuntu)" >&2; \
		exit 1; }
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	(cd "$$tmp" && npm pack --silent axe-core@$(AXE_VERSION) >/dev/null); \
	tar -xzf "$$tmp"/axe-core-*.tgz -C "$$tmp"; \
	mkdir -p $(dir $@); \
	cp "$$tmp"/package/axe.min.js "$$tmp"/package/LICENSE "$$tmp"/package/package.json $(dir $@); \
	echo "axe-core $$(sed -n 's/.*"version": *"\([^"]*\)".*/\1/p' $(dir $@)package.json | head -n 1): $@"

test-home:
	@rm -rf $(TEST_HOME)
	@mkdir -p $(TEST_HOME)/jupyter-config $(TEST_HOME)/jupyter-data \
		$(TEST_HOME)/jupyter-runtime $(TEST_HOME)/ipython $(TEST_HOME)/matplotlib

# ---------------------------------------------------------------- use
lab: $(LAB_STAMP)
	$(JUPYTER) lab $(ROOT_FLAG) $(if $(wildcard notebooks),notebooks/,.)

# Run from notebooks/, where Voila reads voila.json (it removes the cells tagged "answers" from the page),
# with bleu_lab's template (share/jupyter/voila/templates/bleu_lab: no request to a CDN).
demo: $(LAB_STAMP)
	cd notebooks && JUPYTER_PATH=$(CURDIR)/share/jupyter ../$(VENV)/bin/voila --template=bleu_lab \
		12_playground.ipynb --no-browser --port 8866

bench: $(STAMP)
	$(PY) benchmarks/run.py

# Student versions (executed) and nbgrader source versions (nbgrader/source/<lab>/, not committed).
exercises: $(STAMP)
	$(PY) -m bleu_lab.exercises.build

# The static site: Sphinx + myst-nb from the stored outputs (nothing executed, nothing fetched).
site: $(STAMP)
	$(PY) docs/site/build.py --out site/html

dist: $(STAMP)
	rm -rf dist
	$(PY) -m build --outdir dist .

# "Done when" of the course issue: only bleu_lab[lab] from the wheel, outside the repository,
# copies the course and executes every notebook. Part of `make test`; this target runs it alone.
test-wheel: $(STAMP) test-home
	$(TEST_ENV) $(PY) -m pytest tests/test_packaging.py -p no:cacheprovider \
		-k fresh_venv -rs

# A packager's run: unpack the sdist in a temporary folder and run its tests there
# (the browser tests included when chromium is there).
test-sdist: $(STAMP) test-home
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	$(PY) -m build --sdist --outdir "$$tmp" . >/dev/null; \
	tar -xzf "$$tmp"/*.tar.gz -C "$$tmp"; \
	cd "$$tmp"/bleu_lab-*/ && $(TEST_ENV) $(CURDIR)/$(PY) -m pytest tests -p no:cacheprovider -q $(SDIST_PYTEST_ARGS)

# Re-execute every notebook in place, each in a fresh kernel, in sorted order.
notebooks: $(STAMP) test-home
	@shopt -s nullglob; \
	mapfile -t nbs < <(printf '%s\n' notebooks/*.ipynb | LC_ALL=C sort); \
	for nb in "$${nbs[@]}"; do \
		echo "== executing $$nb"; \
		$(TEST_ENV) $(JUPYTER) nbconvert --to notebook --execute --inplace "$$nb"; \
	done
	@# The labs: student versions are rebuilt from the solutions, then both are executed.
	$(TEST_ENV) $(PY) -m bleu_lab.exercises.build

# ---------------------------------------------------------------- test
# Lint (ruff) and type check (mypy, configured in pyproject.toml) before any test runs.
lint: $(STAMP)
	$(VENV)/bin/ruff check bleu_lab tests benchmarks
	$(VENV)/bin/mypy

# Stops at the first failing step; pytest's exit code 5 ("no tests
# collected") in tests/ is a failure too.
test: $(STAMP) chromium $(AXE) test-home lint
	@rc=0; $(TEST_ENV) $(PY) -m pytest tests || rc=$$?; \
	if [ $$rc = 5 ]; then echo "make test: no tests were collected in tests/ -- that is a failure" >&2; fi; \
	exit $$rc
	@rc=0; $(TEST_ENV) $(PY) -m pytest --doctest-modules bleu_lab -p no:cacheprovider || rc=$$?; \
	if [ $$rc = 5 ]; then echo "make test: bleu_lab has no doctests (nothing to run)"; rc=0; fi; \
	exit $$rc
	@if [ -n "$$(find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' 2>/dev/null | head -n 1)" ]; then \
		$(TEST_ENV) $(PY) -m pytest --nbval notebooks --nbval-sanitize-with $(NBVAL_SANITIZE) -p no:cacheprovider; \
	else \
		echo "make test: no notebooks yet, nbval skipped"; \
	fi
	@# A packager's run: the unpacked sdist's own tests (its browser tests and the fresh-venv
	@# install check already ran above from this tree, so they are deselected there, not skipped).
	$(MAKE) --no-print-directory test-sdist SDIST_PYTEST_ARGS='-m "not browser" --deselect tests/test_packaging.py::test_fresh_venv_with_only_the_lab_extra_runs_every_notebook'

clean:
	rm -rf $(VENV) $(TEST_HOME) test-artifacts build dist site nbgrader
