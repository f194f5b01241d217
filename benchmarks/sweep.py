"""What-if speed, in one run:

1. the co-op rules engine beside the compiled co-op kernel on the same 2,000 games (the rows
   are checked to be identical), games per second and the ratio;
2. a 10-point co-op sweep of Brutes' Health with 2,000 games per point (goal: under 2 s), on
   one process and on local worker processes, random and heuristic bots: the first run (new
   workers, kernel loaded from numba's disk cache) and the median of 3 after it;
3. the speed-up of a 2-worker Dask LocalCluster over a 1-worker one on a larger sweep
   (200,000 games by default; goal: at least 1.7x).

    .venv/bin/python benchmarks/sweep.py [games_per_point_for_dask]
"""

from __future__ import annotations

import statistics
import sys
import time

from timing import timed  # benchmarks/timing.py, beside this script

import workbench as wb
from workbench.core import get_game
from workbench.core.bots import make_bots
from workbench.sim import game_seeds
from workbench.sim.simulate import play_out, prepare


def engine_vs_kernel(cards, n: int = 2000) -> None:
    game = get_game("coop")
    for bots in ("random", "heuristic"):
        b = prepare("coop", cards, None, bots, None, {"players": 3})
        made = make_bots(b.bots, game, 3)
        seeds = game_seeds(0, n)

        def engine():
            return [play_out(game, b.cards, b.rules, b.setup, s, made, game.max_decisions)
                    for s in seeds]

        def kernel():
            return game.play_batch(b.cards, b.rules, b.setup, made, game.max_decisions, seeds)

        assert kernel().to_dicts() == engine(), "the kernel and the engine disagree"
        t_engine, t_kernel = timed(engine, repeats=3), timed(kernel, repeats=5)
        print(f"co-op {bots:<9} bots, {n:,} games: rules engine {n / t_engine:8,.0f} games/s, "
              f"kernel {n / t_kernel:9,.0f} games/s, {t_engine / t_kernel:5.1f}x")


def sweeps(cards) -> None:
    vary = {"enemies.Brutes.health": list(range(6, 16))}
    for bots in ("random", "heuristic"):
        for executor in ("serial", "processes"):
            times = []
            for _ in range(4):
                t = time.perf_counter()
                wb.sweep("coop", vary, 2000, players=3, cards=cards, bots=bots,
                         executor=executor, progress=False)
                times.append(time.perf_counter() - t)
            warm = statistics.median(times[1:])
            print(f"10-point co-op sweep, 2,000 games/point, {bots:<9} bots, {executor:<9}: "
                  f"first {times[0]:5.2f} s, then median {warm:5.2f} s "
                  f"({20_000 / warm:,.0f} games/s)")


def dask_speedup(cards, per_point: int) -> None:
    from distributed import Client, LocalCluster

    vary = {"enemies.Brutes.health": list(range(6, 16))}
    dask_times = {}
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            wb.sweep("coop", {"enemies.Brutes.health": [10]}, 500, players=3, cards=cards,
                     bots="random", executor=client, progress=False)  # warm the workers
            dask_times[workers] = timed(lambda: wb.sweep(
                "coop", vary, per_point, players=3, cards=cards, bots="random", executor=client,
                progress=False), repeats=3)
        print(f"Dask LocalCluster, {workers} worker(s), {10 * per_point:,} games: "
              f"median {dask_times[workers]:.2f} s")
    print(f"Dask speed-up, 2 workers over 1: {dask_times[1] / dask_times[2]:.2f}x")


def main() -> None:
    per_point = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    cards = wb.load_cards("coop")
    engine_vs_kernel(cards)
    sweeps(cards)
    dask_speedup(cards, per_point)


if __name__ == "__main__":
    main()
