# Two entry points, both usable on a fresh machine with Python 3.11:
#   make lab   - create .venv, install, open JupyterLab on the tour notebook at once, the
#                games' kernels compiling in the background (log: .venv/kernels.log)
#   make test  - create .venv, install, compile the kernels, run the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: lab test install kernels browser clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/activate
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[lab,test]"
	touch $@

install: $(VENV)/.installed

# The games' batch kernels, compiled once after each install (numba keeps them on disk).
$(VENV)/.kernels: $(VENV)/.installed
	$(BIN)/python -m workbench.sim.kernels
	touch $@

kernels: $(VENV)/.kernels

# JupyterLab opens without waiting for the kernels: they compile in the background (found on
# disk in seconds once compiled), in a process group that ends with the lab; a sweep asked for
# before its game's kernel is ready plays in the rules engine and says so (sim/warming.py).
lab: install
	$(BIN)/python -m workbench.sim.kernels --beside $(VENV)/kernels.log -- \
	  $(BIN)/jupyter lab --allow-root --ServerApp.root_dir="$(CURDIR)" notebooks/tour.ipynb

# Browser tests drive Debian's Chromium (Playwright cannot download browsers here): install it
# when it is missing, so `make test` works by itself on a fresh machine.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  SUDO=""; if [ "$$(id -u)" -ne 0 ]; then SUDO="sudo"; fi; \
	  $$SUDO apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q chromium; }

# One test process per core; tests sharing a JupyterLab server or the Binder environment run in
# one process (their xdist_group marks), so each is built once.
# The slowest steps are listed at the end, to see where the run's time goes.
test: install kernels browser
	$(BIN)/python -m pytest -n auto --dist loadgroup --durations=25

clean:
	rm -rf $(VENV)
