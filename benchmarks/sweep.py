"""What-if speed, in one run: a 10-point co-op sweep of Brutes' Health with 2,000 games per
point, and the speed-up of a 2-worker Dask LocalCluster over a 1-worker one on a larger sweep
(200,000 games by default). Random-bot sweeps: medians of 3 runs; the longer ones run once.

    .venv/bin/python benchmarks/sweep.py [games_per_point_for_dask]
"""

from __future__ import annotations

import sys

from timing import timed  # benchmarks/timing.py, beside this script

import workbench as wb


def main() -> None:
    per_point = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    vary = {"enemies.Brutes.health": list(range(6, 16))}
    cards = wb.load_cards("coop")
    for bots in ("random", "heuristic"):
        for executor in ("serial", "processes"):
            t = timed(lambda: wb.sweep("coop", vary, 2000, players=3, cards=cards, bots=bots,
                                       executor=executor, progress=False),
                      repeats=3 if bots == "random" else 1)
            print(f"10-point co-op sweep, 2,000 games/point, {bots:<9} bots, {executor:<9}: "
                  f"{t:6.2f} s ({20_000 / t:,.0f} games/s)")

    from distributed import Client, LocalCluster

    dask_times = {}
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            wb.sweep("coop", {"enemies.Brutes.health": [10]}, 500, players=3, cards=cards,
                     bots="random", executor=client, progress=False)  # warm the workers
            dask_times[workers] = timed(lambda: wb.sweep(
                "coop", vary, per_point, players=3, cards=cards, bots="random", executor=client,
                progress=False), repeats=1)
        print(f"Dask LocalCluster, {workers} worker(s), {10 * per_point:,} games: "
              f"{dask_times[workers]:.2f} s")
    print(f"Dask speed-up, 2 workers over 1: {dask_times[1] / dask_times[2]:.2f}x")


if __name__ == "__main__":
    main()
