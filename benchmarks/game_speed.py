"""What the per-game speed scripts share: games and decisions per second through `simulate`
with the random and the heuristic bots, and the wall time of a 10-point sweep of one card stat
(the aim is 5 s for 10 x 2,000 games).

Rates are medians of the runs, with min and max, in games per second of wall time and of the
process's own CPU time (other work on a shared machine slows wall time, not CPU time). The
sweep runs once in this process and once on local worker processes, on the same seeds.
Every line printed is also kept in `out`, for benchmarks/RESULTS.md (results.py).
"""

from __future__ import annotations

import sys
import time

from results import echo, record  # benchmarks/results.py, beside this script
from timing import spread  # benchmarks/timing.py, beside this script

import workbench as wb

GOAL = 5.0  # seconds for a 10-point sweep of 2,000 games a point


def rates(game: str, n: int, runs: int, out: list[str], bot_kinds=("random", "heuristic")) -> None:
    cards = wb.load_cards(game)
    echo(out, f"simulate, {n} games per run, default setup, {runs} runs: median (min-max)")
    echo(
        out,
        f"{'bots':<10} {'games/s wall':>24} {'games/s CPU':>24} "
        f"{'decisions/s CPU':>26} {'decisions/game':>15}",
    )
    for bots in bot_kinds:
        wb.simulate(game, 5, seed=0, cards=cards, bots=bots)  # warm: cards, caches
        wall, cpu, decisions = [], [], []
        for _ in range(runs):
            t, c = time.perf_counter(), time.process_time()
            frame = wb.simulate(game, n, seed=0, cards=cards, bots=bots)
            t, c = time.perf_counter() - t, time.process_time() - c
            wall.append(n / t)
            cpu.append(n / c)
            decisions.append(int(frame["length"].sum()) / c)
        echo(
            out,
            f"{bots:<10} {spread(wall):>24} {spread(cpu):>24} {spread(decisions):>26} "
            f"{int(frame['length'].sum()) / n:>15.0f}",
        )


def verdict(seconds: float) -> str:
    """Met or missed, for a sweep of 2,000 games a point (or scaled to them) taking `seconds`."""
    return "met" if seconds <= GOAL else "missed"


def sweep_time(
    game: str, vary: dict, per_point: int, bots: str = "random", executor: str = "processes"
) -> tuple[float, float]:
    """Wall time and this process's CPU time of one 10-point sweep."""
    t, c = time.perf_counter(), time.process_time()
    wb.sweep(game, vary, per_point, bots=bots, executor=executor, progress=False, confirm=True)
    return time.perf_counter() - t, time.process_time() - c


def scaled_sweeps(game: str, vary: dict, what: str, plan, out: list[str]) -> None:
    """One 10-point sweep on local processes per (bots, games per point) of `plan`; fewer
    games than 2,000 a point are scaled to 2,000 for the 5 s goal."""
    for bots, per_point in plan:
        wall, _ = sweep_time(game, vary, per_point, bots)
        scaled = wall * 2000 / per_point
        echo(
            out,
            f"10-point sweep of {what}, {bots} bots, local processes, {per_point:,} "
            f"games per point: {wall:,.1f} s; at 2,000 games per point about "
            f"{scaled:,.0f} s, {scaled / GOAL:,.1f} times the {GOAL:g} s goal: "
            f"{verdict(scaled)}",
        )


def sweep(game: str, vary: dict, what: str, per_point: int, out: list[str]) -> None:
    echo(out)
    echo(
        out,
        f"10-point sweep of {what}, {per_point:,} games per point, random bots "
        f"(aim: {GOAL:g} s at 2,000 games per point)",
    )
    for executor in ("serial", "processes"):
        t, c = sweep_time(game, vary, per_point, executor=executor)
        # CPU time is this process's own: the whole sweep when serial, little with workers.
        # A sweep's start-up does not scale with its games: only 2,000 a point is judged.
        judged = verdict(t) if per_point == 2000 else "not judged"
        echo(
            out,
            f"{executor:<10} {t:8.1f} s wall ({10 * per_point / t:,.0f} games/s), "
            f"{t / GOAL:.0f} times the aim: {judged}; {c:.1f} s CPU in this process",
        )


def main(game: str, vary: dict, what: str, title: str) -> None:
    """Command line: [games] [--runs N] [--sweep GAMES_PER_POINT] (0 skips the sweep); the
    lines printed go to the section `title` of benchmarks/RESULTS.md."""
    args = sys.argv[1:]
    runs, per_point = 5, 2000
    if "--runs" in args:
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i : i + 2]
    if "--sweep" in args:
        i = args.index("--sweep")
        per_point = int(args[i + 1])
        del args[i : i + 2]
    n = int(args[0]) if args else 200
    out: list[str] = []
    rates(game, n, runs, out)
    if per_point:
        sweep(game, vary, what, per_point, out)
    record(title, out)
