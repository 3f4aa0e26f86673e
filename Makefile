# arena: run `make` for the list of targets.
.DEFAULT_GOAL := help
SHELL := /bin/bash

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: help js site serve handout test lint bench figures clean

help: ## list the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | expand -t 12

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
	  { echo "arena needs Python 3.11 or newer ($(PYTHON) is older)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.docs-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[docs]'
	@touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	@touch $@ $(VENV)/.docs-installed

# JavaScript from npm, pinned by package-lock.json (Node.js and npm from Debian if absent)
NODE_STAMP := node_modules/.package-lock.json
EDITOR_JS := build/js/editor.js
$(NODE_STAMP): package.json package-lock.json
	@scripts/ensure-debian-packages.sh node npm -- nodejs npm
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# the exercises' editor: CodeMirror 6 bundled by esbuild
$(EDITOR_JS): js/editor.mjs $(NODE_STAMP)
	node_modules/.bin/esbuild js/editor.mjs --bundle --minify --format=iife --log-level=warning --outfile=$@

js: $(EDITOR_JS) ## install the site's JavaScript (npm ci) and bundle the editor

site: $(VENV)/.docs-installed $(EDITOR_JS) ## build the course site into site/ (figures, fragments, notebooks, both languages)
	$(BIN)/python scripts/build_site.py

# only what the sheets use (TeX Live's latex-extra alone would double the download)
TEX_PACKAGES := latexmk texlive-latex-base texlive-lang-french lmodern poppler-utils
BROWSER_PACKAGES := chromium fonts-liberation
ENSURE := scripts/ensure-debian-packages.sh

handout: $(VENV)/.docs-installed ## build the LaTeX exercise sheets into build/handout/ (installs TeX Live if needed)
	$(ENSURE) latexmk pdffonts -- $(TEX_PACKAGES)
	$(BIN)/arena figures
	$(BIN)/python scripts/handout.py

serve: $(VENV)/.docs-installed $(EDITOR_JS) ## live preview of one language (LANG=en for English) at http://127.0.0.1:8000
	$(BIN)/arena figures
	$(BIN)/python scripts/fragments.py
	$(BIN)/python scripts/notebooks.py
	$(BIN)/mkdocs serve -f $(if $(filter en,$(LANG)),mkdocs.en.yml,mkdocs.yml)

test: $(VENV)/.test-installed $(EDITOR_JS) ## install what the tests need, build the site, run ruff and pytest
	@$(ENSURE) latexmk pdffonts -- $(TEX_PACKAGES) || echo "the handout tests will be skipped"
	@$(ENSURE) chromium -- $(BROWSER_PACKAGES) || echo "the browser tests will be skipped"
	$(BIN)/ruff check src tests scripts docs/hooks
	$(BIN)/python scripts/build_site.py
	$(BIN)/python -m pytest -n 2 --dist loadfile

lint: $(VENV)/.test-installed ## ruff only
	$(BIN)/ruff check src tests scripts

figures: $(VENV)/.docs-installed ## build the figure catalogue into docs/figures (incremental)
	$(BIN)/arena figures

bench: $(VENV)/.test-installed ## measure speed (tables printed; the site shows them after the next make site)
	$(BIN)/python scripts/bench.py --json build/bench.json

clean: ## remove the virtual environment, build outputs and caches
	rm -rf $(VENV) build site .cache .pytest_cache .ruff_cache .hypothesis docs/figures docs/generated
	rm -f docs/*/notebooks/*.ipynb
	find . -name __pycache__ -prune -exec rm -rf {} +
