# Two commands for a newcomer: `make run` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
PY     := $(VENV)/bin/python
# Byte-compiled at install (pip's default): with PYTHONDONTWRITEBYTECODE set, as on
# CI, nothing compiled later is kept, and every process start would pay for it.
INSTALL := $(PY) -m pip --disable-pip-version-check -q install

.PHONY: run test lint typecheck bench browser clean

# Re-install only when pyproject.toml changed: a second `make run` starts in seconds.
$(VENV)/.installed: pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(INSTALL) -e .
	@touch $@

# One resolver run for the app and the test tools (a fresh `make test` saves ~40 s).
$(VENV)/.installed-dev: pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(INSTALL) -e '.[dev]'
	@touch $(VENV)/.installed $@

run: $(VENV)/.installed
	$(PY) manage.py runstack

# Style gates: ruff first (a second), then mypy beside the suite (~25 s of one CPU
# while the suite mostly waits on its processes); either failing fails `make test`.
# The suite runs in TEST_WORKERS pytest-xdist processes, a test module each at a
# time (module-scoped stacks and browsers are started once); most of its time is
# spent waiting on daphne, celery and chromium, so two workers fit two cores.
TEST_WORKERS ?= 2
test: $(VENV)/.installed-dev browser
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	@$(PY) -m mypy coach knowledge agent > $(VENV)/mypy.log 2>&1 & types=$$!; \
	  $(PY) -m pytest -n $(TEST_WORKERS) --dist loadscope --durations=15; tests=$$?; \
	  wait $$types; typed=$$?; echo "mypy coach knowledge agent:"; cat $(VENV)/mypy.log; \
	  exit $$(( tests || typed ))

# Browser tests drive Debian's chromium (and need CJK and emoji fonts for readable
# screenshots); as root we install them, otherwise the browser tests skip and say why.
browser:
	@{ command -v chromium >/dev/null 2>&1 && fc-list 2>/dev/null | grep -qi "Noto Sans CJK" \
	   && fc-list 2>/dev/null | grep -qi "Noto Color Emoji"; } || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian chromium and the CJK and emoji fonts for the browser tests"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	      chromium fonts-noto-cjk fonts-noto-color-emoji >/dev/null) \
	      || echo "chromium install failed: browser tests will be skipped"; \
	  else echo "chromium or fonts missing and not root: browser tests may skip"; fi; }

lint: $(VENV)/.installed-dev
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy coach knowledge agent

typecheck: $(VENV)/.installed-dev
	$(PY) -m mypy coach knowledge agent

bench: $(VENV)/.installed-dev
	$(PY) bench/run_all.py

clean:
	rm -rf var .pytest_cache .ruff_cache .mypy_cache
