"""A designer's cold start: from a fresh Jupyter kernel's start to a first answer on screen.

1. the tour (notebooks/tour.ipynb) run cell by cell from its first code cell up to the one
   whose output is its first step-through view: seconds from the kernel's start to that view
   arriving from the kernel (goal: at most 5 s);
2. a first chart: the cells a notebook opens with to draw charts (`notebook_charts()`), then a
   sweep's chart of a frame shaped like a sweep's result (no games played): seconds from the
   kernel's start to the chart arriving (goal: at most 3 s).

Each run starts a kernel of its own (jupyter_client's KernelManager, the notebook folder its
working directory, as JupyterLab starts the tour's) that imports this checkout, with Python's
bytecode caches as an installed package has them (checkouts.child_env); the two alternate run
by run, so that other load on the machine falls on both alike. A view or chart "arrives" when
its output message reaches this process: what a browser then draws is not timed. One untimed
run of each comes first, so that no timed run pays for writing a cache (bytecode, the offline
charts' script). Median (min-max) of the runs, with each cell's share; the load average
before and after, and the machine's speed meanwhile (the same measure as benchmarks/sweep.py:
a fixed amount of plain arithmetic on one core, and how much faster two processes do two lots
of it), so that runs on a machine busy from outside can be told from slower code.

    .venv/bin/python benchmarks/cold_start.py [--runs N]

Results go to benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import subprocess
import time

from checkouts import HERE, child_env, summary  # benchmarks/checkouts.py, beside this script
from results import echo, record  # benchmarks/results.py, beside this script
from sweep import SPIN, two_against_one  # benchmarks/sweep.py, beside this script

TITLE = "Cold start in a fresh kernel (benchmarks/cold_start.py)"
TOUR = HERE / "notebooks" / "tour.ipynb"
GOALS = {"view": 5.0, "chart": 3.0}
WIDGET = "application/vnd.jupyter.widget-view+json"

# Where the kernel's workbench comes from, checked before anything is timed.
WHERE = "import sys, workbench\nprint(sys.executable, workbench.__file__)"

SETUP = """\
import polars as pl
from workbench.charts import notebook_charts, sweep_chart
notebook_charts()"""
CHART = """\
frame = pl.DataFrame({"enemies.Brutes.health": [1, 2, 4, 6, 10, 20],
                      "win_rate": [0.62, 0.55, 0.5, 0.49, 0.48, 0.47],
                      "ci_low": [0.59, 0.52, 0.47, 0.46, 0.45, 0.44],
                      "ci_high": [0.65, 0.58, 0.53, 0.52, 0.51, 0.5],
                      "n": [1000] * 6})
sweep_chart(frame, "enemies.Brutes.health",
            title="A fresh party of three: win rate by Brutes' health (95% intervals)")"""
CHART_CELLS = [SETUP, CHART]


def tour_cells() -> list[str]:
    """The tour's code cells, in order; the run stops at the first that shows a view."""
    notebook = json.loads(TOUR.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]


def fresh_kernel():
    """A new kernel in notebooks/ on this checkout, ready; (manager, client)."""
    from jupyter_client import KernelManager

    km = KernelManager(kernel_name="python3")
    # The kernel's own log (a warning about unencrypted local sockets) would interleave with
    # the figures; a cell's error comes back as a message all the same.
    km.start_kernel(
        env=child_env(HERE),
        cwd=str(HERE / "notebooks"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=120)
    return km, kc


def cold(cells: list[str], label: str) -> dict:
    """Start a fresh kernel, run `cells` until one's output is a widget view; seconds from the
    kernel's start: to ready, to the end of each cell, and to the view."""
    started = time.perf_counter()
    km, kc = fresh_kernel()
    try:
        times = {"kernel ready": time.perf_counter() - started}
        shown = None
        for i, code in enumerate(cells):
            outputs = []

            def hook(msg, outputs=outputs):
                kind = msg["msg_type"]
                if kind in ("execute_result", "display_data"):
                    outputs.append((time.perf_counter(), msg["content"]["data"]))
                elif kind == "error":
                    outputs.append(
                        (time.perf_counter(), {"error": "\n".join(msg["content"]["traceback"])})
                    )

            reply = kc.execute_interactive(code, output_hook=hook, timeout=600)
            for _, data in outputs:
                if "error" in data:
                    raise SystemExit(f"{label}: cell {i + 1} failed:\n{data['error'][-3000:]}")
            if reply["content"]["status"] != "ok":
                raise SystemExit(f"{label}: cell {i + 1} ended {reply['content']['status']}")
            times[f"cell {i + 1}"] = time.perf_counter() - started
            views = [t for t, data in outputs if WIDGET in data]
            if views:
                shown = views[0] - started
                break
        if shown is None:
            raise SystemExit(f"{label}: no cell showed a view")
        times["shown"] = shown
        return times
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def check_kernel() -> str:
    """The kernel's Python and the workbench it imports (this checkout's, or stop)."""
    km, kc = fresh_kernel()
    try:
        said = []
        kc.execute_interactive(
            WHERE,
            timeout=120,
            output_hook=lambda m: (
                said.append(m["content"].get("text", "")) if m["msg_type"] == "stream" else None
            ),
        )
        python, where = "".join(said).split()
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    if not where.startswith(str(HERE)):
        raise SystemExit(f"the kernel imported workbench from {where}, not {HERE}")
    return python


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh kernels for each")
    args = parser.parse_args()
    runs = {"view": tour_cells(), "chart": CHART_CELLS}
    names = {"view": "the tour's first step-through view", "chart": "a first chart"}

    python = check_kernel()
    print(f"kernel: {python}")
    before = os.getloadavg()
    for what, cells in runs.items():  # untimed: writes the caches a later run would pay for
        cold(cells, what)
    times = {what: [] for what in runs}
    pool = multiprocessing.get_context("spawn").Pool(2)
    spins, tops = [], []
    try:
        for i in range(args.runs):
            for what, cells in runs.items():  # alternating run by run
                times[what].append(cold(cells, what))
                print(f"run {i + 1}: {what} shown at {times[what][-1]['shown']:.2f} s", flush=True)
            # The machine's speed just after the kernels of this run.
            one, top = two_against_one(pool, 2 * SPIN)
            spins.append(one / 2)
            tops.append(top)
    finally:
        pool.terminate()
    after = os.getloadavg()

    print()
    out: list[str] = []
    echo(
        out,
        f"{args.runs} fresh kernels for each, alternating; seconds from the kernel's "
        "start, median (min-max)",
    )
    for what in runs:
        shown = [t["shown"] for t in times[what]]
        median, goal = statistics.median(shown), GOALS[what]
        verdict = "met" if median <= goal else f"MISSED by {median / goal:.1f}x"
        echo(
            out,
            f"{names[what]:<36} {summary(shown, ' s', digits=2):>20}  goal <= "
            f"{goal:g} s: {verdict}",
        )
        steps = [k for k in times[what][0] if k != "shown"]
        echo(
            out,
            "  "
            + "; ".join(
                f"{k} {summary([t[k] for t in times[what]], ' s', digits=2)}" for k in steps
            ),
        )
    echo(
        out,
        "  (the tour's cells are its code cells from the first; the chart's: "
        "notebook_charts(), then sweep_chart of a 6-point frame)",
    )
    echo(out, f"load average (1, 5, 15 min): before {_load(before)}, after {_load(after)}")
    echo(
        out,
        f"the machine meanwhile: {SPIN:,} steps of plain arithmetic took "
        f"{summary(spins, ' s', digits=2)}; two processes did two lots of them "
        f"{summary(tops, 'x', digits=2)} as fast as one",
    )
    record(TITLE, out)


def _load(values) -> str:
    return ", ".join(f"{v:.2f}" for v in values)


if __name__ == "__main__":
    main()
