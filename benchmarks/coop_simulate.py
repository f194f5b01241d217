"""Co-op games per second: `simulate` (the batch path) beside `Match.auto` (the logged,
undoable path) on the same seeds, random and heuristic bots. Prints medians of 5 runs.

    .venv/bin/python benchmarks/coop_simulate.py [games]
"""

from __future__ import annotations

import statistics
import sys
import time

import workbench as wb
from workbench.sim import game_seeds


def timed(fn, repeats=5):
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main(n: int = 500) -> None:
    print(f"co-op, 3 players, {n} games per run, median of 5 runs")
    print(f"{'bots':<10} {'path':<14} {'games/s':>9} {'decisions/s':>12} {'vs Match':>9}")
    for bots in ("random", "heuristic"):
        frame = wb.simulate("coop", n, seed=0, players=3, bots=bots)
        decisions = int(frame["length"].sum())
        t_sim = timed(lambda: wb.simulate("coop", n, seed=0, players=3, bots=bots))
        seeds = game_seeds(0, n // 5)

        def via_match():
            for s in seeds:
                wb.play("coop", seed=s, players=3, bots=bots).auto()

        t_match = timed(via_match) * 5  # a fifth of the games, scaled up
        print(f"{bots:<10} {'simulate':<14} {n / t_sim:>9.0f} {decisions / t_sim:>12.0f} "
              f"{t_match / t_sim:>8.1f}x")
        print(f"{bots:<10} {'Match.auto':<14} {n / t_match:>9.0f} {decisions / t_match:>12.0f} "
              f"{1:>8.1f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
