# The two commands: `make run` and `make test`. Both set everything up on a fresh machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PORT ?= 8000
# Tests get their own embedded server, so `make test` never disturbs `make run`.
TEST_PGDATA := $(CURDIR)/var/pgtest

export PORT

.PHONY: run test test-long lint bench setup install db-stop clean

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

install: $(STAMP)

setup: install
	$(PY) manage.py gd_setup

run: install
	$(PY) manage.py gd_setup --local-owner
	$(PY) manage.py gd_serve --port $(PORT)

test: install
	@GD_PGDATA=$(TEST_PGDATA) $(PY) manage.py gd_setup --no-migrate
	@status=0; GD_PGDATA=$(TEST_PGDATA) $(PY) -m pytest $(PYTEST_ARGS) || status=$$?; \
	  GD_PGDATA=$(TEST_PGDATA) $(PY) manage.py gd_db stop >/dev/null; exit $$status

test-long: PYTEST_ARGS = --hypothesis-profile=long
test-long: test

lint: install
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

bench: install
	$(PY) manage.py gd_setup
	@echo "No benchmarks yet."

db-stop: install
	$(PY) manage.py gd_db stop

clean:
	-$(PY) manage.py gd_db stop
	rm -rf $(VENV) var
