"""JupyterLab opens at once while the games' kernels compile beside it.

Compiling every game's batch kernel takes minutes of CPU on a fresh machine (numba then keeps
the machine code on disk). `python -m workbench.sim.kernels --beside FILE -- jupyter lab ...`
(what `make lab` runs) starts that compile in the background, in a process group of its own,
at low priority, its output in FILE, and runs the lab; when the lab stops, the group is ended
(SIGTERM, then SIGKILL).

Meanwhile a batch of a game whose kernel is not yet on disk plays in the rules engine, and
says so (`played_by` "engine: the ... kernel is still compiling", a KernelAside warning): a
kernel called before it is on disk would compile in the notebook's own process, and the
notebook would wait for it, a minute or more, while the background compiled it too. The lab
and everything it starts (notebook kernels, their worker processes) learn where the compile
reports its progress from the WORKBENCH_KERNELS_WARMING environment variable; a process
without it (a test run, a script) is not concerned.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

STATUS = "WORKBENCH_KERNELS_WARMING"
# Lower than the lab and the notebooks' kernels, so a designer's cells run first.
NICENESS = 10
COMPILE = [sys.executable, "-m", "workbench.sim.kernels", "--background"]


def start(log: str | os.PathLike, status: str | os.PathLike) -> subprocess.Popen:
    """Start compiling every game's kernel in the background and return at once: a new
    session (so its own process group, which `stop` ends whole), output appended to `log`,
    progress in `status` (a JSON file: the compile's pid, the games ready)."""
    status = Path(status)
    status.unlink(missing_ok=True)  # a run killed outright may have left one
    with open(log, "ab") as out:
        proc = subprocess.Popen(
            COMPILE,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, STATUS: str(status)},
            start_new_session=True,
        )
    # Written here too, so that no batch asked for in the first instants finds no status and
    # compiles in its own process; but never over one the compile has written already.
    try:
        fd = os.open(status, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        return proc
    try:
        os.write(fd, json.dumps({"pid": proc.pid, "ready": []}).encode())
    finally:
        os.close(fd)
    return proc


def stop(proc: subprocess.Popen, timeout: float = 10.0) -> None:
    """End the compile's process group: SIGTERM, then SIGKILL for what has not ended within
    `timeout` seconds. The group is signalled even when its first process has ended, since
    compiling workers may outlive it."""
    group = proc.pid
    _signal_group(group, signal.SIGTERM)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        pass
    _signal_group(group, signal.SIGKILL)
    proc.wait()


def _signal_group(group: int, sig: int) -> None:
    try:
        os.killpg(group, sig)
    except (ProcessLookupError, PermissionError):
        pass  # the group has ended already


def write_status(path: str | os.PathLike, pid: int, ready: list[str]) -> None:
    """Write the status whole, then rename it: a reader never sees half a file."""
    path = Path(path)
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    part.write_text(json.dumps({"pid": pid, "ready": sorted(ready)}), encoding="utf-8")
    os.replace(part, path)


def mark_ready(name: str) -> None:
    """Record, in the background compile, that `name`'s kernel is on disk."""
    path = os.environ.get(STATUS)
    if not path:
        return
    status = _read(path) or {"pid": os.getpid(), "ready": []}
    write_status(path, status["pid"], sorted({*status["ready"], name}))


def compiling(game) -> str | None:
    """Why a batch of `game` should play in the rules engine rather than its kernel: the
    kernel is still compiling in the background; None otherwise (no background compile, the
    kernel is ready, the compile has ended, or the game has no kernel of the package's)."""
    path = os.environ.get(STATUS)
    if not path:
        return None
    from ..core import stamps

    owner = stamps.kernel_owner(game)
    if owner is None or not stamps.ours(owner):
        return None
    status = _read(path)
    if status is None or game.name in status["ready"] or not _alive(status["pid"]):
        return None
    return f"the {game.name} kernel is still compiling in the background"


def _read(path) -> dict | None:
    try:
        with open(path, encoding="utf-8") as f:
            status = json.load(f)
        return {"pid": int(status["pid"]), "ready": list(status["ready"])}
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def run(command: list[str], log: str | os.PathLike, status: str | os.PathLike | None = None) -> int:
    """Run `command` (the lab) with the kernels compiling beside it; its exit code. Ctrl-C
    is the lab's to answer (JupyterLab asks whether to shut down), so this waits on; SIGTERM
    and SIGHUP (a closed terminal) are passed to the lab, which then stops, and so does the
    compile."""
    status = Path(status) if status is not None else Path(f"{log}.status.json")
    warming = start(log, status)
    passed = {}
    try:
        lab = subprocess.Popen(command, env={**os.environ, STATUS: str(status)})
        for sig in (signal.SIGTERM, signal.SIGHUP):
            passed[sig] = signal.signal(sig, lambda number, _frame: lab.send_signal(number))
        while True:
            try:
                code = lab.wait()
            except KeyboardInterrupt:
                continue
            return 128 - code if code < 0 else code  # as a shell reports a signal
    finally:
        for sig, before in passed.items():
            signal.signal(sig, before)
        stop(warming)
        status.unlink(missing_ok=True)
