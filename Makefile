# arena: run `make` for the list of targets.
.DEFAULT_GOAL := help
SHELL := /bin/bash

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: help test lint bench figures clean

help: ## list the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | expand -t 12

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
	  { echo "arena needs Python 3.11 or newer ($(PYTHON) is older)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	@touch $@

test: $(VENV)/.test-installed ## install what the tests need, then run ruff and pytest
	$(BIN)/ruff check src tests scripts
	$(BIN)/python -m pytest

lint: $(VENV)/.test-installed ## ruff only
	$(BIN)/ruff check src tests scripts

figures: $(VENV)/.test-installed ## build the figure catalogue into docs/figures (incremental)
	$(BIN)/arena figures

bench: $(VENV)/.test-installed ## print the benchmark tables (scripts/bench.py)
	$(BIN)/python scripts/bench.py

clean: ## remove the virtual environment, build outputs and caches
	rm -rf $(VENV) build site .pytest_cache .ruff_cache .hypothesis
	find . -name __pycache__ -prune -exec rm -rf {} +
