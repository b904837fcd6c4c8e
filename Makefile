# The two commands: `make run` and `make test`. Both set everything up on a fresh machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# `make run` installs the app alone (no torch: the default embedder runs on numpy);
# the tests and benchmarks add the dev tools and the sentence-transformers baseline.
STAMP := $(VENV)/.installed-app
TEST_STAMP := $(VENV)/.installed-test
PORT ?= 8000
# Tests and benchmarks get their own embedded servers, so they never disturb `make run`.
TEST_PGDATA := $(CURDIR)/var/pgtest
BENCH_PGDATA := $(CURDIR)/var/pgbench
# The suite runs in this many pytest processes (pytest-xdist), each with its own test
# database on the one embedded server; two keep a two-core machine busy.
TEST_WORKERS ?= 2
PYTEST_ARGS ?= -n $(TEST_WORKERS)

export PORT

.PHONY: run test test-long lint bench setup install install-test browser db-stop clean

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	@touch $(STAMP)

$(TEST_STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,semantic]'
	@touch $(TEST_STAMP) $(STAMP)

install: $(STAMP)

install-test: $(TEST_STAMP)

# The browser tests drive Debian's chromium (never Playwright's own download); the emoji
# font lets screenshots show the trust signals (👤 🤖 🟢 …).
browser:
	@test -x /usr/bin/chromium || (export DEBIAN_FRONTEND=noninteractive; apt-get update -qq && apt-get install -y -qq chromium fonts-noto-color-emoji)

setup: install
	$(PY) manage.py gd_setup

# gd_serve takes the data folder's lock first, then sets up (local owner and token) and serves.
run: install
	$(PY) manage.py gd_serve --setup --port $(PORT)

test: install-test browser
	@GD_PGDATA=$(TEST_PGDATA) $(PY) manage.py gd_setup --no-migrate
	@status=0; GD_PGDATA=$(TEST_PGDATA) $(PY) -m pytest $(PYTEST_ARGS) || status=$$?; \
	  GD_PGDATA=$(TEST_PGDATA) $(PY) manage.py gd_db stop >/dev/null; exit $$status

# The temporal state machine with the long profile (well over 10 000 operations).
test-long: PYTEST_ARGS = --hypothesis-profile=long tests/worldmemory/test_temporal_state_machine.py
test-long: test

lint: install-test
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

# Loads its synthetic store once under var/pgbench (delete that folder to reload).
bench: install-test
	@GD_PGDATA=$(BENCH_PGDATA) $(PY) manage.py gd_setup
	@status=0; GD_PGDATA=$(BENCH_PGDATA) $(PY) manage.py gd_bench temporal \
	  && GD_PGDATA=$(BENCH_PGDATA) $(PY) manage.py gd_bench context \
	  && GD_PGDATA=$(BENCH_PGDATA) $(PY) manage.py gd_bench ingest || status=$$?; \
	  GD_PGDATA=$(BENCH_PGDATA) $(PY) manage.py gd_db stop >/dev/null; exit $$status

db-stop: install
	$(PY) manage.py gd_db stop

clean:
	-$(PY) manage.py gd_db stop
	rm -rf $(VENV) var
