"""Squad Combat's speed: games and decisions per second through `simulate` with the random
and the heuristic bots, and the wall time of a 10-point x 2,000-game sweep (the aim is 5 s).

    .venv/bin/python benchmarks/squad_combat.py [games] [--runs N] [--sweep GAMES_PER_POINT]

Rates are medians of the runs, with min and max, in games per second of wall time and of the
process's own CPU time (other work on a shared machine slows wall time, not CPU time). The
sweep varies Haymaker's damage over 10 values on the same seeds, once in this process and
once on local worker processes.
"""

from __future__ import annotations

import statistics
import sys
import time

import workbench as wb


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):8.1f} ({min(values):.1f}-{max(values):.1f})"


def rates(n: int, runs: int) -> None:
    cards = wb.load_cards("squad_combat")
    print(f"simulate, {n} games per run, default setup, {runs} runs: median (min-max)")
    print(f"{'bots':<10} {'games/s wall':>24} {'games/s CPU':>24} {'decisions/s CPU':>26} "
          f"{'decisions/game':>15}")
    for bots in ("random", "heuristic"):
        wb.simulate("squad_combat", 5, seed=0, cards=cards, bots=bots)  # warm: cards, caches
        wall, cpu, decisions = [], [], []
        for _ in range(runs):
            t, c = time.perf_counter(), time.process_time()
            frame = wb.simulate("squad_combat", n, seed=0, cards=cards, bots=bots)
            t, c = time.perf_counter() - t, time.process_time() - c
            wall.append(n / t)
            cpu.append(n / c)
            decisions.append(int(frame["length"].sum()) / c)
        print(f"{bots:<10} {_spread(wall):>24} {_spread(cpu):>24} {_spread(decisions):>26} "
              f"{int(frame['length'].sum()) / n:>15.0f}")


def sweep(per_point: int) -> None:
    vary = {"cards.Haymaker.damage": list(range(1, 11))}
    print(f"\n10-point sweep of Haymaker's damage, {per_point:,} games per point, random bots "
          "(aim: 5 s)")
    for executor in ("serial", "processes"):
        t, c = time.perf_counter(), time.process_time()
        wb.sweep("squad_combat", vary, per_point, bots="random", executor=executor,
                 progress=False, confirm=True)
        t, c = time.perf_counter() - t, time.process_time() - c
        # CPU time is this process's own: the whole sweep when serial, little with workers.
        print(f"{executor:<10} {t:8.1f} s wall ({10 * per_point / t:,.0f} games/s), "
              f"{t / 5:.0f} times the aim; {c:.1f} s CPU in this process")


def main() -> None:
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
    rates(n, runs)
    if per_point:
        sweep(per_point)


if __name__ == "__main__":
    main()
