"""Running a snippet in a fresh process against one checkout of workbench, so that two
versions can be measured side by side, run by run, in one benchmark."""

from __future__ import annotations

import compileall
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def child_env(checkout: Path) -> dict:
    """The environment of a fresh process that imports `checkout`'s workbench as a designer's
    session does: with Python's bytecode caches, which an installed package has and this
    process's environment may turn off (PYTHONDONTWRITEBYTECODE). They are written before
    the first child, so that no timed run pays for compiling workbench's modules."""
    if checkout not in _compiled:
        compileall.compile_dir(checkout / "workbench", quiet=1)
        _compiled.add(checkout)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(checkout)
    return env


_compiled: set[Path] = set()


def run(checkout: Path, code: str) -> dict:
    """Run `code` in a fresh process that imports `checkout`'s workbench (see child_env); the
    code's last line of output is JSON, returned as a dict with the file workbench came from
    added."""
    # The checkout is also the working directory: `python -c` puts that first on sys.path, so
    # a workbench/ folder there would otherwise win over PYTHONPATH.
    env = child_env(checkout)
    tail = "\nimport json as _j, workbench as _w\nprint(_j.dumps({**answer, 'file': _w.__file__}))"
    done = subprocess.run(
        [sys.executable, "-c", code + tail], cwd=checkout, env=env, capture_output=True, text=True
    )
    if done.returncode:
        sys.exit(f"{checkout}: the child failed:\n{done.stderr[-2000:]}")
    answer = json.loads(done.stdout.splitlines()[-1])
    if not Path(answer["file"]).is_relative_to(checkout):
        sys.exit(f"{checkout}: the child imported workbench from {answer['file']}")
    return answer


def summary(values: list[float], unit: str = "", scale: float = 1.0, digits: int = 0) -> str:
    """Median (min-max)."""
    med, lo, hi = (
        f"{v * scale:.{digits}f}" for v in (statistics.median(values), min(values), max(values))
    )
    return f"{med}{unit} ({lo}-{hi})"
