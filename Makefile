# The quick start: `make run` sets up and plays; `make test` sets up and runs every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
CATALOGS := $(wildcard locales/*/LC_MESSAGES/*.po)
COMPILED := $(CATALOGS:.po=.mo)

.PHONY: run play test bench i18n-extract i18n-update clean

# constraints.txt pins every package the project pulls in, down to the dependencies' dependencies.
$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -c constraints.txt -e ".[dev]"
	touch $(STAMP)

# Compiled catalogs are built, never edited or committed.
locales/%.mo: locales/%.po $(STAMP)
	$(PY) scripts/i18n.py compile

# The app, served offline on this machine (a browser opens where there is one).
run: $(STAMP) $(COMPILED)
	$(PY) -m tutor

# A whole game among the engine's bots, told move by move in the terminal.
play: $(STAMP) $(COMPILED)
	$(PY) -m engine play --variant classic --players 4 --seed 1 --text

test: $(STAMP) $(COMPILED)
	$(PY) -m pytest

# The engine's figures (docs/speed.md); then against canasta-openspiel where it is installed
# (bench/peer_bench.py says how), and against a copy of an older engine with
# `$(PY) bench/speed_compare.py --baseline DIR`.
bench: $(STAMP) $(COMPILED)
	$(PY) bench/engine_bench.py
	-$(PY) bench/peer_bench.py --rounds 2 --seconds 5

# The translator's workflow (docs/translating.md).
i18n-extract: $(STAMP)
	$(PY) scripts/i18n.py extract

i18n-update: i18n-extract
	$(PY) scripts/i18n.py update

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
	rm -f $(COMPILED)
