# arena: run `make` for the list of targets.
.DEFAULT_GOAL := help
SHELL := /bin/bash

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

# The values a teacher types (make sheets TITLE="DS 3" ROSTER=... and the others below)
# reach the commands as they are: make would expand a `$(...)` or a `$X` in them (running
# `$(shell ...)`, turning `$(HOME)` or a `$` in a file name into something else), so each
# one given is kept as its unexpanded text (override ... := $(value ...)) and exported;
# the recipes read them from the environment, never pasted into the shell's line.
# LANG's origin is noted first: `make moodle LANG=en` (typed) differs from the locale.
LANG_ORIGIN := $(origin LANG)
AS_TYPED := SEED STUDENTS PROBLEMS ROSTER TITLE DURATION DATE SPACE SAME VARIANTS QUICK CHAPTERS NOTEBOOKS \
  BENCH_JSON COLS ROWS OUT PORT LANG RATIO
$(foreach v,$(AS_TYPED),$(if $(filter command line environment,$(origin $v)),\
  $(eval override $v := $$(value $v))$(eval export $v)))

.PHONY: help js site pdf slides serve handout td summaries labs sheets colles moodle test test-fast lint bench figures clean constraints connect-four

help: ## list the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | expand -t 12

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
	  { echo "arena needs Python 3.11 or newer ($(PYTHON) is older)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# the versions the site and the tests are built with are pinned in constraints.txt
# (refresh them on purpose with `make constraints`)
PIP_INSTALL := $(BIN)/python -m pip install -q -c constraints.txt

# the course build (src/coursebuild) is not in the distribution: a .pth file puts src/ on
# the environment's path, so that `python -m coursebuild` runs it from the checkout
COURSE_PATH = $(BIN)/python -c 'import pathlib, sys, sysconfig; \
  pathlib.Path(sysconfig.get_paths()["purelib"], "arena-course-build.pth").write_text(sys.argv[1] + "\n")' \
  '$(CURDIR)/src'

$(VENV)/.docs-installed: pyproject.toml constraints.txt | $(BIN)/python
	$(PIP_INSTALL) -e '.[docs]'
	@$(COURSE_PATH)
	@touch $@

$(VENV)/.test-installed: pyproject.toml constraints.txt | $(BIN)/python
	$(PIP_INSTALL) -e '.[test]'
	@$(COURSE_PATH)
	@touch $@ $(VENV)/.docs-installed

# JavaScript the site serves, from the npm registry, pinned by package-lock.json
# (Node.js and npm from Debian when absent)
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

site: $(VENV)/.docs-installed $(EDITOR_JS) ## build the course site into site/ and build/arena-site.zip (figures, exercise sheets, fragments, notebooks, books, both languages)
	@$(ENSURE) latexmk pdffonts algpseudocode.sty -- $(TEX_PACKAGES)
	@$(ENSURE) lualatex $(NAME_FILES) -- $(NAME_PACKAGES)
	@$(ENSURE) chromium -- $(BROWSER_PACKAGES)
	$(BIN)/python -m coursebuild site

pdf: site ## the course as books (students' and teachers', each language), typeset by LaTeX into build/pdf/ (their .tex in build/book/)
	@ls -1 build/pdf/*.pdf

# only what the sheets and books use (TeX Live's latex-extra alone would double the download;
# texlive-science for the books' algorithms)
TEX_PACKAGES := latexmk texlive-latex-base texlive-lang-french texlive-science lmodern poppler-utils
# the names pdfLaTeX's fonts lack (Vietnamese, Maltese, Greek, Cyrillic, CJK, Arabic, Hebrew...)
# are set by LuaLaTeX in Noto's fonts (coursebuild.products.sheets.names)
NAME_PACKAGES := texlive-luatex fonts-noto-core fonts-noto-cjk
NAME_FILES := luaotfload.sty /usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf \
  /usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc
BROWSER_PACKAGES := chromium fonts-liberation
ENSURE := scripts/ensure-debian-packages.sh

handout: $(VENV)/.docs-installed ## build the LaTeX exercise sheets into build/handout/ (installs TeX Live if needed)
	$(ENSURE) latexmk pdffonts algpseudocode.sty -- $(TEX_PACKAGES)
	$(BIN)/python -m coursebuild figures
	$(BIN)/python -m coursebuild handout

# make td LANG=fr [CHAPTERS=3,4]: each chapter's tutorial sheet (its exercises, one or two
# pages) and its answers apart. LANG typed on the command line is the sheets' language (fr
# or en, checked by the command); from the environment it is the locale, and both
# languages are written. The values reach the command through the environment
td: export TD_LANGS := $(if $(filter command line,$(LANG_ORIGIN)),$(LANG),$(if $(filter fr en,$(LANG)),$(LANG),fr en))
td: $(VENV)/.docs-installed ## each chapter's tutorial sheet and its answers, in build/td/LANG/ (LANG=fr CHAPTERS=3,4)
	@$(ENSURE) latexmk pdffonts algpseudocode.sty -- $(TEX_PACKAGES)
	$(BIN)/python -m coursebuild figures
	@set -f --; \
	  for lang in $$TD_LANGS; do set -- "$$@" --lang "$$lang"; done; \
	  if [ -n "$${CHAPTERS-}" ]; then set -- "$$@" --chapters "$$CHAPTERS"; fi; \
	  echo "$(BIN)/python -m coursebuild td $$*"; \
	  LANG=C.UTF-8 exec $(BIN)/python -m coursebuild td "$$@"

# make summaries LANG=fr [CHAPTERS=3,4]: each chapter's summary sheet (its definitions,
# theorems and algorithm, on one page); LANG as for make td
summaries: export TD_LANGS := $(if $(filter command line,$(LANG_ORIGIN)),$(LANG),$(if $(filter fr en,$(LANG)),$(LANG),fr en))
summaries: $(VENV)/.docs-installed ## each chapter's one-page summary (definitions, theorems, algorithm), in build/summaries/LANG/ (LANG=fr CHAPTERS=3,4)
	@$(ENSURE) latexmk pdffonts algpseudocode.sty -- $(TEX_PACKAGES)
	$(BIN)/python -m coursebuild figures
	@set -f --; \
	  for lang in $$TD_LANGS; do set -- "$$@" --lang "$$lang"; done; \
	  if [ -n "$${CHAPTERS-}" ]; then set -- "$$@" --chapters "$$CHAPTERS"; fi; \
	  echo "$(BIN)/python -m coursebuild summaries $$*"; \
	  LANG=C.UTF-8 exec $(BIN)/python -m coursebuild summaries "$$@"

# make labs LANG=fr [NOTEBOOKS=3,4]: a one-page lab brief per notebook (its goal, its tasks
# with the results the executed notebook shows, the time, what to hand in); LANG as for
# make td
labs: export TD_LANGS := $(if $(filter command line,$(LANG_ORIGIN)),$(LANG),$(if $(filter fr en,$(LANG)),$(LANG),fr en))
labs: $(VENV)/.docs-installed ## a one-page lab brief per notebook, in build/labs/LANG/ (LANG=fr NOTEBOOKS=3,4)
	@$(ENSURE) latexmk pdffonts algpseudocode.sty -- $(TEX_PACKAGES)
	$(BIN)/python -m coursebuild figures
	@set -f --; \
	  for lang in $$TD_LANGS; do set -- "$$@" --lang "$$lang"; done; \
	  if [ -n "$${NOTEBOOKS-}" ]; then set -- "$$@" --notebooks "$$NOTEBOOKS"; fi; \
	  echo "$(BIN)/python -m coursebuild labs $$*"; \
	  LANG=C.UTF-8 exec $(BIN)/python -m coursebuild labs "$$@"

# make sheets STUDENTS=30 SEED=2026 LANG=fr [PROBLEMS=a,b,c] [ROSTER=names.csv]
# [TITLE="DS 3"] [DURATION=2h] [DATE=...] [SPACE=yes|no] [SAME=yes] (STUDENTS=1 or SAME=yes:
# one paper for the whole class): LANG is
# also the locale's variable, so only fr or en is read as the sheets' language (both
# otherwise), and the command runs with a locale of its own. The values reach the command
# through the environment, as they are (a file name with a quote, any text): never
# pasted into the shell's line
SHEETS_LANGS := $(if $(filter fr en,$(LANG)),$(LANG),fr en)
sheets: $(VENV)/.docs-installed ## an exam paper per student from the bank and the key, in build/sheets/LANG/ (STUDENTS=30 SEED=2026 LANG=fr PROBLEMS=a,b,c ROSTER=names.csv TITLE="DS 3" DURATION=2h SPACE=yes|no SAME=yes)
	@$(ENSURE) latexmk pdffonts algpseudocode.sty -- $(TEX_PACKAGES)
	@$(ENSURE) lualatex $(NAME_FILES) -- $(NAME_PACKAGES)
	$(BIN)/python -m coursebuild figures
	@set -- --seed "$${SEED:-2026}"; \
	  for lang in $(SHEETS_LANGS); do set -- "$$@" --lang "$$lang"; done; \
	  if [ -n "$${STUDENTS-}" ]; then set -- "$$@" --students "$$STUDENTS"; fi; \
	  if [ -n "$${PROBLEMS-}" ]; then set -- "$$@" --problems "$$PROBLEMS"; fi; \
	  if [ -n "$${ROSTER-}" ]; then set -- "$$@" --roster "$$ROSTER"; fi; \
	  if [ -n "$${TITLE-}" ]; then set -- "$$@" --title "$$TITLE"; fi; \
	  if [ -n "$${DURATION-}" ]; then set -- "$$@" --duration "$$DURATION"; fi; \
	  if [ -n "$${DATE-}" ]; then set -- "$$@" --date "$$DATE"; fi; \
	  if [ -n "$${SPACE-}" ]; then set -- "$$@" --space "$$SPACE"; fi; \
	  if [ -n "$${SAME-}" ]; then set -- "$$@" --same "$$SAME"; fi; \
	  echo "$(BIN)/python -m coursebuild sheets $$*"; \
	  LANG=C.UTF-8 exec $(BIN)/python -m coursebuild sheets "$$@"

# make slides [LANG=fr|en] [RATIO=4:3]: a Beamer deck per chapter and its notes version
# (each slide, then its speaker notes: the teaching notes' misconceptions and questions),
# from the built site, in build/slides/LANG/ (4:3 in build/slides/ratio-43/LANG/). LANG
# is read as for make sheets (fr or en, both otherwise); the values reach the command
# through the environment
# (Beamer and TikZ: TeX Live's latex-recommended and pictures)
SLIDE_PACKAGES := latexmk texlive-latex-recommended texlive-pictures lmodern
slides: site ## a Beamer deck per chapter, 16:9, and its notes version, both languages, in build/slides/LANG/ (LANG=fr|en RATIO=4:3)
	@$(ENSURE) latexmk beamerbasetheorems.sty pgfcore.sty -- $(SLIDE_PACKAGES)
	@set -- ; \
	  for lang in $(SHEETS_LANGS); do set -- "$$@" --lang "$$lang"; done; \
	  case "$${RATIO-}" in \
	    ""|16:9|169) ;; \
	    4:3|43) set -- "$$@" --ratio 43 ;; \
	    *) echo "make slides: RATIO=16:9 (the default) or RATIO=4:3, not RATIO=$$RATIO" >&2; exit 2 ;; \
	  esac; \
	  echo "$(BIN)/python -m coursebuild slides $$*"; \
	  LANG=C.UTF-8 exec $(BIN)/python -m coursebuild slides "$$@"
# make colles ROSTER=names.csv SEED=2026 LANG=fr [PROBLEMS=a,b | WEEK=n] [STUDENTS=30]
# [TITLE=...] [DATE=...]: a one-page colle per student (a graph and three questions of one
# of the bank's families, given in turn, a variant each) and the examiner's answers, a
# page per student; WEEK=n: the families of the chapters done by week n of the course.
# LANG typed on the command line is the colles' language (fr or en, checked by the
# command); from the environment it is the locale, and both languages are written.
# The values reach the command through the environment, never pasted into the shell's line
colles: export COLLE_LANGS := $(if $(filter command line,$(LANG_ORIGIN)),$(LANG),$(if $(filter fr en,$(LANG)),$(LANG),fr en))
colles: $(VENV)/.docs-installed ## a one-page colle per student and the examiner's answers, in build/colles/LANG/ (ROSTER=names.csv SEED=2026 LANG=fr PROBLEMS=a,b or WEEK=n STUDENTS=30 TITLE="Colle 4" DATE=...)
	@$(ENSURE) latexmk pdffonts algpseudocode.sty -- $(TEX_PACKAGES)
	@$(ENSURE) lualatex $(NAME_FILES) -- $(NAME_PACKAGES)
	$(BIN)/python -m coursebuild figures
	@set -f -- --seed "$${SEED:-2026}"; \
	  for lang in $$COLLE_LANGS; do set -- "$$@" --lang "$$lang"; done; \
	  if [ -n "$${ROSTER-}" ]; then set -- "$$@" --roster "$$ROSTER"; fi; \
	  if [ -n "$${STUDENTS-}" ]; then set -- "$$@" --students "$$STUDENTS"; fi; \
	  if [ -n "$${PROBLEMS-}" ]; then set -- "$$@" --problems "$$PROBLEMS"; fi; \
	  if [ -n "$${WEEK-}" ]; then set -- "$$@" --week "$$WEEK"; fi; \
	  if [ -n "$${TITLE-}" ]; then set -- "$$@" --title "$$TITLE"; fi; \
	  if [ -n "$${DATE-}" ]; then set -- "$$@" --date "$$DATE"; fi; \
	  echo "$(BIN)/python -m coursebuild colles $$*"; \
	  LANG=C.UTF-8 exec $(BIN)/python -m coursebuild colles "$$@"

# make moodle LANG=fr VARIANTS=50 [SEED=2026] [PROBLEMS=a,b,c]: the bank as a Moodle
# question bank. LANG typed on the command line is the file's language (fr or en, checked
# by the command); from the environment it is the locale, and both languages are written.
# The values reach the command through the environment, never pasted into the shell's line
moodle: export MOODLE_LANGS := $(if $(filter command line,$(LANG_ORIGIN)),$(LANG),$(if $(filter fr en,$(LANG)),$(LANG),fr en))
moodle: $(VENV)/.docs-installed ## the bank as a Moodle question bank (Moodle XML, Cloze questions, a category per problem) in build/moodle/LANG/bank.xml (LANG=fr VARIANTS=50 SEED=2026 PROBLEMS=a,b,c)
	@set -f -- --variants "$${VARIANTS-50}" --seed "$${SEED-2026}"; \
	  for lang in $$MOODLE_LANGS; do set -- "$$@" --lang "$$lang"; done; \
	  if [ -n "$${PROBLEMS-}" ]; then set -- "$$@" --problems "$$PROBLEMS"; fi; \
	  echo "$(BIN)/python -m coursebuild moodle $$*"; \
	  LANG=C.UTF-8 exec $(BIN)/python -m coursebuild moodle "$$@"

PORT ?= 8000
export PORT
serve: $(VENV)/.docs-installed $(EDITOR_JS) ## live preview of both languages at http://127.0.0.1:8000 (PORT=...), rebuilt on every save
	@$(ENSURE) latexmk pdffonts algpseudocode.sty -- $(TEX_PACKAGES)
	$(BIN)/python -m coursebuild serve --port "$$PORT"

test: $(VENV)/.test-installed $(EDITOR_JS) ## install what the tests need, build the site, run ruff and pytest
	@$(ENSURE) latexmk pdffonts algpseudocode.sty -- $(TEX_PACKAGES)
	@$(ENSURE) lualatex $(NAME_FILES) -- $(NAME_PACKAGES)
	@$(ENSURE) chromium -- $(BROWSER_PACKAGES)
	$(BIN)/ruff check src tests scripts
	$(BIN)/lint-imports
	$(BIN)/python -m coursebuild site
	@# mypy runs beside pytest (one core, which pytest's start leaves idle): its report
	@# follows pytest's, and either failing fails make test
	@mkdir -p build; echo "$(BIN)/mypy > build/mypy.log &"; $(BIN)/mypy > build/mypy.log 2>&1 & types=$$!; \
	  echo "$(BIN)/python -m pytest -n 3 --dist loadfile --no-loadscope-reorder --durations=15"; \
	  $(BIN)/python -m pytest -n 3 --dist loadfile --no-loadscope-reorder --durations=15; tests=$$?; \
	  wait $$types; typed=$$?; echo "$(BIN)/mypy:"; cat build/mypy.log; \
	  [ $$tests -eq 0 ] && [ $$typed -eq 0 ]

# between edits: the same suite without its end-to-end tests (marked slow by
# tests/conftest.py: the browser's, and those building a copy of the project, a wheel or
# a class's papers from a fresh checkout); make test still runs everything
test-fast: $(VENV)/.test-installed $(EDITOR_JS) ## the suite without its end-to-end tests (browser, copies of the project, wheel, papers), to run between edits
	@$(ENSURE) latexmk pdffonts algpseudocode.sty -- $(TEX_PACKAGES)
	$(BIN)/ruff check src tests scripts
	$(BIN)/lint-imports
	$(BIN)/python -m coursebuild site
	$(BIN)/python -m pytest -n 3 --dist loadfile --no-loadscope-reorder -m "not slow"

lint: $(VENV)/.test-installed ## ruff, the import layers (lint-imports) and mypy only
	$(BIN)/ruff check src tests scripts
	$(BIN)/lint-imports
	$(BIN)/mypy

# pip resolves -e '.[test,bench]' as for a new environment (--ignore-installed), without
# installing anything (--dry-run), and reports the versions it chose; scripts/constraints.py
# pins them, as `pip freeze` would list them, and replaces constraints.txt once it is whole
constraints: | $(BIN)/python ## refresh constraints.txt: the newest versions pyproject.toml allows, pinned
	@report=$$(mktemp) && trap 'rm -f "$$report"' EXIT && \
	  echo "$(BIN)/python -m pip install -q --dry-run --ignore-installed --report $$report -e '.[test,bench]'" && \
	  $(BIN)/python -m pip install -q --dry-run --ignore-installed --report "$$report" -e '.[test,bench]' && \
	  $(BIN)/python scripts/constraints.py "$$report" constraints.txt

figures: $(VENV)/.docs-installed ## build the figure catalogue into docs/figures (incremental)
	$(BIN)/python -m coursebuild figures

# make bench [QUICK=1] [BENCH_JSON=build/bench.json]: QUICK=1 measures the smaller sizes
# of the site's quick benchmark (seconds, not minutes); BENCH_JSON is where the measures
# are kept (the site shows build/bench.json). easyAI, the peer it compares with, is in
# the [test] extra. The values reach the command through the environment
bench: $(VENV)/.test-installed ## measure speed (tables printed; the site shows them after the next make site; QUICK=1: smaller sizes, BENCH_JSON=file: the measures kept elsewhere)
	@set -- --json "$${BENCH_JSON:-build/bench.json}"; \
	  case "$${QUICK-}" in \
	    ""|0|no) ;; \
	    1|yes) set -- "$$@" --quick ;; \
	    *) echo "make bench: QUICK=1 (smaller sizes) or nothing, not QUICK=$$QUICK" >&2; exit 2 ;; \
	  esac; \
	  echo "$(BIN)/python scripts/bench.py $$*"; \
	  exec $(BIN)/python scripts/bench.py "$$@"

# make connect-four [COLS=6 ROWS=4] [OUT=file]: another board is recorded in a file of its
# own (OUT), never in the course's; the values reach the command through the environment
connect-four: $(VENV)/.test-installed ## solve connect-4 on 6 x 4 again (time, peak memory) and record it in docs/data/connect4-6x4.json (COLS=4 ROWS=4 OUT=file: another board, recorded in file)
	@set -- --cols "$${COLS:-6}" --rows "$${ROWS:-4}" --write; \
	  if [ -n "$${OUT-}" ]; then set -- "$$@" --out "$$OUT"; fi; \
	  echo "$(BIN)/python scripts/bench_connect4.py $$*"; \
	  exec $(BIN)/python scripts/bench_connect4.py "$$@"

clean: ## remove the virtual environment, build outputs and caches
	rm -rf $(VENV) build site .cache .pytest_cache .ruff_cache .hypothesis docs/figures docs/generated node_modules
	rm -f docs/*/notebooks/*.ipynb
	find . -name __pycache__ -prune -exec rm -rf {} +
