# Atout: `make demo` runs the site with a demo evening; `make test` runs the whole suite.
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PORT ?= 8000
# `HOST=0.0.0.0 SITE_URL=http://192.168.1.20:8000 make demo` serves the demo to phones on the club's network.
HOST ?= 127.0.0.1
PYTEST_ARGS ?=
# pytest-xdist workers for `make test` and `make test-quick` (each gets its own test database and Redis
# database, see tests/conftest.py; at most six). PYTEST_WORKERS=0 runs in one process.
PYTEST_WORKERS ?= 2
XDIST := -n $(PYTEST_WORKERS) --dist loadfile

# Use local PostgreSQL / Redis for tests when they answer and nothing else is configured; otherwise the
# tests that need them are skipped (locally) or fail the run (CI=true, see tests/conftest.py).
probe = $(shell $(PYTHON) -c "import socket; s=socket.socket(); s.settimeout(1); print('$(2)' if s.connect_ex(('127.0.0.1', $(1))) == 0 else '')")

.PHONY: install demo serve test test-quick test-core lint typecheck bench messages clean vendor

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

demo: export DATABASE_URL :=
demo: export CELERY_BROKER_URL :=
demo: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	$(PY) manage.py load_demo_scores
	$(PY) manage.py runserver $(HOST):$(PORT)

# The same site with nothing loaded: on a fresh clone an empty installation, whose first visitor makes the
# first organiser account at /accounts/setup/.
serve: export DATABASE_URL :=
serve: export CELERY_BROKER_URL :=
serve: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver $(HOST):$(PORT)

test: export DATABASE_URL ?= $(call probe,5432,postgres://postgres@127.0.0.1:5432/atout)
test: export CELERY_BROKER_URL ?= $(call probe,6379,redis://127.0.0.1:6379/0)
test: export SECRET_KEY ?= $(shell $(PYTHON) -c "import secrets; print(secrets.token_urlsafe(50))")
test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(VENV)/bin/lint-imports --no-cache
	@$(MAKE) --no-print-directory typecheck
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) -m pytest $(XDIST) -m "not serial" $(PYTEST_ARGS)
	@# The races, outages and timings (tests/concurrency) alone, after the rest; 5 is "none selected".
	$(PY) -m pytest -m serial $(PYTEST_ARGS) || [ $$? -eq 5 ]

# SQLite and eager tasks only: the pure cores, organiser pages, API and draws. Tests that need PostgreSQL
# (row locks, concurrency, exact query counts), Redis or Chromium carry a marker and are left to `make test`,
# as are the fuzzers and the other slowest tests (marker `slow`). `PYTEST_ARGS=--lf` reruns the last failures.
test-quick: $(STAMP)
	DATABASE_URL= CELERY_BROKER_URL= $(PY) -m pytest $(XDIST) -m "not needs_postgres and not needs_redis and not browser and not slow" $(PYTEST_ARGS)

# The pure cores' tests (rules engine, pairing, the rank chart) without Django at all: no settings, no
# database, as DESIGN promises (tests/config/test_pure_core_runs.py checks a sample of them the same way).
CORE_TESTS := tests/scoring/rules tests/tournaments/pairing tests/scoring/public/test_chart.py tests/scoring/standings/test_season_rules.py
test-core: $(STAMP)
	env -u DJANGO_SETTINGS_MODULE $(PY) -m pytest -p no:django -W "ignore:Unknown config option" $(XDIST) $(CORE_TESTS) $(PYTEST_ARGS)

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(VENV)/bin/lint-imports --no-cache
	@$(MAKE) --no-print-directory typecheck
	@test -x node_modules/.bin/eslint || npm install --no-save --no-audit --no-fund
	node_modules/.bin/eslint static eslint.config.js

# The pure cores, the metric registry and the services, strictly typed (files and settings: pyproject's
# [tool.mypy]). Needs no database: the Django plugin reads config.settings with its defaults.
typecheck: $(STAMP)
	$(PY) -m mypy

bench: export DATABASE_URL ?= $(call probe,5432,postgres://postgres@127.0.0.1:5432/atout_bench)
bench: export CELERY_BROKER_URL ?= $(call probe,6379,redis://127.0.0.1:6379/2)
bench: export SECRET_KEY ?= $(shell $(PYTHON) -c "import secrets; print(secrets.token_urlsafe(50))")
bench: $(STAMP)
	@for b in bench/*_bench.py; do echo "== $$b"; $(PY) $$b || exit 1; done

# Re-extract every language (dropping strings no longer in the code), then compile the .mo files, which are
# committed. Scripts take their text from the page (data attributes, json_script), so djangojs only gets a
# catalogue once a script calls gettext(). Translate new entries in locale/{de,fr} before committing.
MESSAGES_IGNORE := --ignore '.venv/*' --ignore 'bench/*' --ignore 'tests/*' --ignore 'staticfiles/*' --ignore 'docs/*'
messages: $(STAMP)
	$(PY) manage.py makemessages -l de -l en -l fr --no-obsolete $(MESSAGES_IGNORE)
	$(PY) manage.py makemessages -d djangojs -l de -l en -l fr --no-obsolete $(MESSAGES_IGNORE)
	$(PY) manage.py compilemessages --ignore '.venv'

clean:
	rm -rf $(VENV) staticfiles db.sqlite3

# The referee page's offline libraries (Workbox, idb-keyval), pinned in package.json and copied into
# static/vendor/, where they are committed: nothing is fetched from a CDN at run time. Run after a version bump.
VENDOR := static/vendor
vendor:
	npm install --no-save --no-audit --no-fund
	mkdir -p $(VENDOR)/workbox $(VENDOR)/idb-keyval
	cp node_modules/workbox-sw/build/workbox-sw.js* $(VENDOR)/workbox/
	for m in core routing strategies; do cp node_modules/workbox-$$m/build/workbox-$$m.prod.js* $(VENDOR)/workbox/; done
	cp node_modules/workbox-window/build/workbox-window.prod.umd.js* $(VENDOR)/workbox/
	cp node_modules/workbox-sw/LICENSE $(VENDOR)/workbox/LICENSE
	cp node_modules/idb-keyval/dist/umd.js $(VENDOR)/idb-keyval/idb-keyval.umd.js
	cp node_modules/idb-keyval/LICENCE $(VENDOR)/idb-keyval/LICENCE
