# The quick start: `make run` sets up and plays; `make test` sets up and runs every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m engine play --variant classic --players 4 --seed 1 --text

test: $(STAMP)
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) bench/engine_bench.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
