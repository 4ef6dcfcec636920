# Siete y medio: the two commands a newcomer needs are `make run` and `make test`.
# Everything else (venv, packages, the compiled engine, Chromium, databases) is set up on demand.

VENV    := .venv
PY      := $(VENV)/bin/python
FLASK   := $(VENV)/bin/flask
# The stamp is newer than pyproject.toml only after a successful install, so
# editing the dependencies makes the next `make` reinstall them.
STAMP   := $(VENV)/.installed
HOST    ?= 127.0.0.1
PORT    ?= 5000

.PHONY: run test bench clean venv translations compile

venv: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(PY) || { \
	  if command -v python3.11 >/dev/null 2>&1; then python3.11 -m venv $(VENV); \
	  else python3 -m venv $(VENV); fi; }
	@$(PY) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11+ is needed, found " + sys.version'
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@$(PY) scripts/compile_engine.py || \
	  echo "== The engine was not compiled (see above): it runs as plain Python, the same games, slower."
	@touch $(STAMP)

# db-setup creates or upgrades the database (migrations) and seeds it once. The worker keeps time
# for every table (timers, pauses between hands, stale tables) and sends the outbox's mail while the
# server runs; it is stopped with it (Ctrl-C reaches both, the trap covers any other exit).
# A compiled engine older than its sources is not used (the plain sources run, with a warning):
# --if-stale rebuilds it only then (a hash of the sources, 0.1 s when it is fresh), and the game
# is served either way, as plain Python when the build fails.
run: $(STAMP)
	@$(PY) scripts/compile_engine.py --if-stale || \
	  echo "== The engine was not compiled (see above): it runs as plain Python, the same games, slower."
	$(FLASK) --app wsgi db-setup
	@$(FLASK) --app wsgi worker & worker=$$!; \
	trap 'kill -TERM $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT INT TERM; \
	$(FLASK) --app wsgi run --host $(HOST) --port $(PORT)

test: $(STAMP)
	bash scripts/test.sh

# Extract every gettext string (babel.cfg) into siete/i18n/translations/messages.pot, merge it into
# the es and en catalogs and compile them (the .mo files are committed: docs/translations.md).
translations: $(STAMP)
	$(PY) scripts/translations.py

# The benchmarks themselves; the other files in bench/ are their helper modules.
BENCHES := bench/engine.py bench/move.py bench/reports.py bench/load.py bench/worker.py

bench: $(STAMP)
	@set -e; for f in $(BENCHES); do echo "== $$f"; $(PY) "$$f"; done

# The engine's hot modules compiled by mypyc into build/native/ (about twice as fast), built with
# the venv; this rebuilds them. A build older than the engine's sources is not used (the plain
# sources run, with a warning): docs/benchmarks.md, "The compiled engine".
compile: $(STAMP)
	$(PY) scripts/compile_engine.py

clean:
	rm -f siete/engine/*.so *__mypyc*.so
	rm -rf $(VENV) .pytest_cache .hypothesis tests/artifacts build dist *.egg-info
	find . -name __pycache__ -type d -prune -not -path './.git/*' -exec rm -rf {} +
