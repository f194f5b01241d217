# Two entry points, both usable on a fresh machine with Python 3.11:
#   make lab   - create .venv, install, open JupyterLab on the tour notebook
#   make test  - create .venv, install, run the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: lab test install browser clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/activate
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[lab,test]"
	$(BIN)/python -m workbench.sim.kernels  # compile the games' batch kernels once, now
	touch $@

install: $(VENV)/.installed

lab: install
	$(BIN)/jupyter lab --allow-root --ServerApp.root_dir="$(CURDIR)" notebooks/tour.ipynb

# Browser tests drive Debian's Chromium (Playwright cannot download browsers here): install it
# when it is missing, so `make test` works by itself on a fresh machine.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  SUDO=""; if [ "$$(id -u)" -ne 0 ]; then SUDO="sudo"; fi; \
	  $$SUDO apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q chromium; }

# One test process per core; tests sharing a JupyterLab server, the Binder environment or the
# bounds-checked kernels run in one process (their xdist_group marks), so each is built once.
# The slowest steps are listed at the end, to see where the run's time goes.
test: install browser
	$(BIN)/python -m pytest -n auto --dist loadgroup --durations=25

clean:
	rm -rf $(VENV)
