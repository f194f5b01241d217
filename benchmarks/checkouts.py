"""Running a snippet in a fresh process against one checkout of workbench, so that two
versions can be measured side by side, run by run, in one benchmark."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def run(checkout: Path, code: str) -> dict:
    """Run `code` in a fresh process that imports `checkout`'s workbench; the code's last line
    of output is JSON, returned as a dict with the file workbench came from added."""
    # The checkout is also the working directory: `python -c` puts that first on sys.path, so
    # a workbench/ folder there would otherwise win over PYTHONPATH.
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    tail = "\nimport json as _j, workbench as _w\nprint(_j.dumps({**answer, 'file': _w.__file__}))"
    done = subprocess.run([sys.executable, "-c", code + tail], cwd=checkout, env=env,
                          capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"{checkout}: the child failed:\n{done.stderr[-2000:]}")
    answer = json.loads(done.stdout.splitlines()[-1])
    if not Path(answer["file"]).is_relative_to(checkout):
        sys.exit(f"{checkout}: the child imported workbench from {answer['file']}")
    return answer


def summary(values: list[float], unit: str = "", scale: float = 1.0, digits: int = 0) -> str:
    """Median (min-max)."""
    med, lo, hi = (f"{v * scale:.{digits}f}" for v in
                   (statistics.median(values), min(values), max(values)))
    return f"{med}{unit} ({lo}-{hi})"
