"""Local worker processes end with the process that started their run, even when it is
killed outright (a notebook kernel killed from the menu gives no chance to clean up)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import os, sys, time
import workbench as wb

folder = sys.argv[1]

def slow_bot(state, seat, actions, rng):
    # Marks the worker it runs in, then dawdles so the run is still going when we are killed.
    open(os.path.join(folder, str(os.getpid())), "w").close()
    time.sleep(0.05)
    return actions[0]

wb.simulate("correction", 4000, seed=0, bots=slow_bot, executor="processes")
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_killing_the_parent_ends_its_workers(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path)], cwd=ROOT, env=env)
    try:
        deadline = time.monotonic() + 120
        while not list(tmp_path.iterdir()):
            assert child.poll() is None, "the run ended before its workers started"
            assert time.monotonic() < deadline, "no worker started within two minutes"
            time.sleep(0.2)
        workers = {int(p.name) for p in tmp_path.iterdir()}
        assert child.pid not in workers and all(_alive(pid) for pid in workers)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    deadline = time.monotonic() + 15
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [pid for pid in workers if _alive(pid)], "workers outlived their parent"
