# The quick start: `make run` sets up and plays; `make test` sets up and runs every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
CATALOGS := $(wildcard locales/*/LC_MESSAGES/*.po)
COMPILED := $(CATALOGS:.po=.mo)

.PHONY: run play test bench compiled i18n-extract i18n-update clean

# constraints.txt pins every package the project pulls in, down to the dependencies' dependencies.
$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -c constraints.txt -e ".[dev]"
	touch $(STAMP)

# Compiled catalogs are built, never edited or committed.
locales/%.mo: locales/%.po $(STAMP)
	$(PY) scripts/i18n.py compile

# The engine compiled with mypyc into build/compiled/ where a C compiler is present (a few minutes, once
# for each change to engine/); without one it says so and the engine runs interpreted (docs/speed.md).
# A failed build leaves the engine interpreted too (the suite's test_build.py then fails, saying why).
compiled: $(STAMP)
	-$(PY) scripts/build_engine.py --quiet

# The app, served offline on this machine (a browser opens where there is one), on the compiled engine
# where a C compiler could build it (it says at start-up which engine runs).
run: $(STAMP) $(COMPILED) compiled
	$(PY) -m tutor

# A whole game among the engine's bots, told move by move in the terminal.
play: $(STAMP) $(COMPILED)
	$(PY) -m engine play --variant classic --players 4 --seed 1 --text

# The whole suite on the engine the app runs (compiled where a build could be made), then the engine's
# tests and doctests once more on its source interpreted (both must play exactly alike).
test: $(STAMP) $(COMPILED) compiled
	$(PY) -m pytest
	CANASTA_ENGINE=interpreted $(PY) -m pytest engine tests/engine -q

# The engine's figures (docs/speed.md); then against canasta-openspiel where it is installed
# (bench/peer_bench.py says how), and against a copy of an older engine with
# `$(PY) bench/speed_compare.py --baseline DIR`.
bench: $(STAMP) $(COMPILED) compiled
	$(PY) bench/engine_bench.py
	-$(PY) bench/peer_bench.py --rounds 2 --seconds 5

# The translator's workflow (docs/translating.md).
i18n-extract: $(STAMP)
	$(PY) scripts/i18n.py extract

i18n-update: i18n-extract
	$(PY) scripts/i18n.py update

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build/compiled build/compiled.work build/compiled.lock
	rm -f $(COMPILED)
