"""`make lab` opens JupyterLab at once, the games' kernels compiling beside it (sim/warming.py):
the compile starts in the background and returns at once, its process group ends with the lab,
and a batch asked for before its game's kernel is ready plays in the rules engine, saying so."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest

import workbench as wb
from workbench.core.registry import get_game
from workbench.sim import KernelAside, kernels, warming

from .testgames import CoinGame

ROOT = Path(__file__).resolve().parents[2]

# Stands in for the compile: a process that starts a worker of its own, says both pids, and
# would run for a minute.
SLOW_COMPILE = """
import subprocess, sys, time
worker = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
print("compile", __import__("os").getpid(), "worker", worker.pid, flush=True)
time.sleep(60)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A child of this test that has ended stays a zombie until reaped.
    status = Path(f"/proc/{pid}/status")
    return not (status.exists() and "zombie" in status.read_text())


def _ends(pid: int, within: float = 5) -> bool:
    deadline = time.monotonic() + within
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not _alive(pid)


def _pids(log: Path) -> list[int]:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        words = log.read_text().split() if log.exists() else []
        if "worker" in words:
            return [int(words[1]), int(words[3])]
        time.sleep(0.05)
    raise AssertionError(f"the stand-in compile never started: {log.read_text()!r}")


@pytest.fixture
def slow_compile(monkeypatch):
    monkeypatch.setattr(warming, "COMPILE", [sys.executable, "-c", SLOW_COMPILE])


def test_make_lab_opens_the_lab_through_the_background_compile_and_test_compiles_first():
    # The README's two commands are make targets: a machine without make cannot run them.
    assert shutil.which("make") is not None, "make is missing; the README's commands need it"

    def commands(target):
        done = subprocess.run(
            ["make", "-n", "-B", "-C", str(ROOT), target],
            check=True,
            capture_output=True,
            text=True,
        )
        return [line for line in done.stdout.splitlines() if ".venv/bin/" in line]

    lab = commands("lab")
    opening = next(i for i, c in enumerate(lab) if "-m workbench.sim.kernels" in c)
    assert "-m workbench.sim.kernels --beside .venv/kernels.log --" in lab[opening]
    assert "jupyter lab" in lab[opening + 1]  # the lab, run beside the compile
    assert lab[opening].rstrip().endswith("\\")  # the lab command follows, wrapped
    assert "pip install" in " ".join(lab[:opening])
    test = commands("test")
    compile_at = next(i for i, c in enumerate(test) if "-m workbench.sim.kernels" in c)
    pytest_at = next(i for i, c in enumerate(test) if "-m pytest" in c)
    assert compile_at < pytest_at
    assert "pytest -n auto --dist loadgroup --durations=25" in test[pytest_at]


def test_start_returns_at_once_and_stop_ends_the_whole_group(tmp_path, slow_compile):
    log, status = tmp_path / "kernels.log", tmp_path / "status.json"
    status.write_text(json.dumps({"pid": 1, "ready": ["coop"]}))  # left by a killed run
    proc = warming.start(log, status)
    assert proc.poll() is None  # back while the (slow) compile still runs
    try:
        assert json.loads(status.read_text()) == {"pid": proc.pid, "ready": []}
        assert os.getpgid(proc.pid) == proc.pid != os.getpgid(0)  # a group of its own
        compile_pid, worker = _pids(log)
        assert compile_pid == proc.pid and _alive(worker)
    finally:
        warming.stop(proc, timeout=5)
    assert proc.returncode == -15  # ended by SIGTERM, not the SIGKILL after it
    assert _ends(worker)


def test_the_lab_runs_with_the_status_and_the_compile_ends_with_it(tmp_path, slow_compile):
    log = tmp_path / "kernels.log"
    seen = tmp_path / "seen"
    # The lab ends once the compile has started its worker, so both are there to be ended.
    code = (
        f"import os, pathlib, time\n"
        f"pathlib.Path({str(seen)!r}).write_text(os.environ[{warming.STATUS!r}])\n"
        f"while 'worker' not in pathlib.Path({str(log)!r}).read_text(): time.sleep(0.05)\n"
        f"raise SystemExit(3)"
    )
    began = time.monotonic()
    assert kernels.main(["--beside", str(log), "--", sys.executable, "-c", code]) == 3
    assert time.monotonic() - began < 15
    status = Path(seen.read_text())
    assert status.name == "kernels.log.status.json" and not status.exists()
    compile_pid, worker = _pids(log)
    assert _ends(compile_pid) and _ends(worker)


def _status(tmp_path, monkeypatch, pid, ready):
    path = tmp_path / "status.json"
    warming.write_status(path, pid, ready)
    monkeypatch.setenv(warming.STATUS, str(path))
    return path


def test_a_batch_plays_in_the_engine_while_its_kernel_compiles(tmp_path, monkeypatch):
    coop = get_game("coop")
    assert warming.compiling(coop) is None  # no background compile: nothing to wait for
    _status(tmp_path, monkeypatch, os.getpid(), ["armies"])
    why = "the coop kernel is still compiling in the background"
    assert warming.compiling(coop) == why
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        rows = wb.simulate("coop", 4, players=3)
    assert set(rows["played_by"]) == {f"engine: {why}"}
    asides = [str(w.message) for w in caught if issubclass(w.category, KernelAside)]
    assert len(asides) == 1 and why in asides[0]


def test_a_ready_kernel_or_an_ended_compile_lets_the_kernel_play(tmp_path, monkeypatch):
    coop = get_game("coop")
    path = _status(tmp_path, monkeypatch, os.getpid(), ["coop"])
    assert warming.compiling(coop) is None
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    warming.write_status(path, ended.pid, [])
    assert warming.compiling(coop) is None
    path.write_text("{half a")
    assert warming.compiling(coop) is None
    warming.write_status(path, os.getpid(), [])
    assert warming.compiling(CoinGame.__new__(CoinGame)) is None  # no kernel to wait for


def test_mark_ready_adds_to_the_status(tmp_path, monkeypatch):
    path = _status(tmp_path, monkeypatch, 12345, ["armies"])
    warming.mark_ready("coop")
    warming.mark_ready("coop")
    assert json.loads(path.read_text()) == {"pid": 12345, "ready": ["armies", "coop"]}
    monkeypatch.delenv(warming.STATUS)
    warming.mark_ready("sac")  # outside a background compile: nothing to record
    assert json.loads(path.read_text())["ready"] == ["armies", "coop"]


def test_sigterm_to_the_lab_runner_stops_the_lab_and_the_compile(tmp_path):
    log = tmp_path / "kernels.log"
    runner = (
        f"import sys\nfrom workbench.sim import warming\n"
        f"warming.COMPILE = [sys.executable, '-c', {SLOW_COMPILE!r}]\n"
        f"sys.exit(warming.run(['sleep', '60'], {str(log)!r}))\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", runner])
    try:
        compile_pid, worker = _pids(log)
        proc.send_signal(15)
        assert proc.wait(timeout=15) == 128 + 15  # the lab ended by the signal passed on
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert _ends(compile_pid) and _ends(worker)
    assert not (tmp_path / "kernels.log.status.json").exists()
