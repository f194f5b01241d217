"""What the per-game speed scripts share: games and decisions per second through `simulate`
with the random and the heuristic bots, and the wall time of a 10-point sweep of one card stat
(the aim is 5 s for 10 x 2,000 games).

Rates are medians of the runs, with min and max, in games per second of wall time and of the
process's own CPU time (other work on a shared machine slows wall time, not CPU time). The
sweep runs once in this process and once on local worker processes, on the same seeds.
"""

from __future__ import annotations

import sys
import time

import workbench as wb
from timing import spread  # benchmarks/timing.py, beside this script


def rates(game: str, n: int, runs: int, bot_kinds=("random", "heuristic")) -> None:
    cards = wb.load_cards(game)
    print(f"simulate, {n} games per run, default setup, {runs} runs: median (min-max)")
    print(f"{'bots':<10} {'games/s wall':>24} {'games/s CPU':>24} {'decisions/s CPU':>26} "
          f"{'decisions/game':>15}")
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
        print(f"{bots:<10} {spread(wall):>24} {spread(cpu):>24} {spread(decisions):>26} "
              f"{int(frame['length'].sum()) / n:>15.0f}")


def sweep_time(game: str, vary: dict, per_point: int, bots: str = "random",
               executor: str = "processes") -> tuple[float, float]:
    """Wall time and this process's CPU time of one 10-point sweep."""
    t, c = time.perf_counter(), time.process_time()
    wb.sweep(game, vary, per_point, bots=bots, executor=executor, progress=False, confirm=True)
    return time.perf_counter() - t, time.process_time() - c


def scaled_sweeps(game: str, vary: dict, what: str, plan) -> None:
    """One 10-point sweep on local processes per (bots, games per point) of `plan`; fewer
    games than 2,000 a point are scaled to 2,000 for the 5 s goal."""
    for bots, per_point in plan:
        wall, _ = sweep_time(game, vary, per_point, bots)
        scaled = wall * 2000 / per_point
        print(f"10-point sweep of {what}, {bots} bots, local processes, {per_point:,} games "
              f"per point: {wall:,.1f} s; at 2,000 games per point about {scaled:,.0f} s, "
              f"{scaled / 5:,.1f} times the 5 s goal", flush=True)


def sweep(game: str, vary: dict, what: str, per_point: int) -> None:
    print(f"\n10-point sweep of {what}, {per_point:,} games per point, random bots (aim: 5 s)")
    for executor in ("serial", "processes"):
        t, c = sweep_time(game, vary, per_point, executor=executor)
        # CPU time is this process's own: the whole sweep when serial, little with workers.
        print(f"{executor:<10} {t:8.1f} s wall ({10 * per_point / t:,.0f} games/s), "
              f"{t / 5:.0f} times the aim; {c:.1f} s CPU in this process")


def main(game: str, vary: dict, what: str) -> None:
    """Command line: [games] [--runs N] [--sweep GAMES_PER_POINT] (0 skips the sweep)."""
    args = sys.argv[1:]
    runs, per_point = 5, 2000
    if "--runs" in args:
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i:i + 2]
    if "--sweep" in args:
        i = args.index("--sweep")
        per_point = int(args[i + 1])
        del args[i:i + 2]
    n = int(args[0]) if args else 200
    rates(game, n, runs)
    if per_point:
        sweep(game, vary, what, per_point)
