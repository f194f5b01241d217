"""Soldiers! Aliens! Carnage!'s speed, in one run:

1. games and decisions per second through `simulate`, in one process, with random bots and
   with the heuristic (the game's default bot), median (min-max) of 5 runs; then the
   look-ahead search bot ("search") on a fortieth as many games, 3 runs (it plays each
   option of a fight or a door to the end of the game with the heuristic, so it is far
   slower);
2. the wall time of a 10-point sweep of the starting ammunition (params.ammo.value) with
   2,000 games per point on local worker processes (goal: 5 s), with random bots and with the
   heuristic (fewer games per point are scaled to 2,000);
3. the generator alone: deals built per second (the 10,000-deal statistics of the notebook),
   5 runs of 2,000 deals.

Results go to benchmarks/RESULTS.md.

    .venv/bin/python benchmarks/sac.py [games_per_run] [games_per_point] [deals_per_run]
"""

from __future__ import annotations

import random
import sys
import time

from game_speed import rates, scaled_sweeps  # benchmarks/game_speed.py, beside this script
from results import echo, record  # benchmarks/results.py
from timing import spread  # benchmarks/timing.py, beside this script

from workbench.core import get_game
from workbench.games.sac.catalog import catalog_for
from workbench.games.sac.generate import build

VARY = {"params.ammo.value": [4, 8, 12, 16, 20, 24, 28, 32, 36, 40]}


def deals(out: list[str], n: int = 2000) -> None:
    g = get_game("sac")
    cat = catalog_for(g.load_cards(), g.default_rules())
    runs = []
    for _ in range(5):
        t = time.perf_counter()
        for seed in range(n):
            build(cat, random.Random(seed))
        runs.append(n / (time.perf_counter() - t))
    echo(out, f"generator alone, {n} deals, one process: {spread(runs)} deals/s")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    per_point = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    per_run = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    out: list[str] = []
    rates("sac", n, 5, out)
    rates("sac", max(1, n // 40), 3, out, ("search",))
    deals(out, per_run)
    scaled_sweeps(
        "sac",
        VARY,
        "the starting ammunition",
        [("random", per_point), ("heuristic", per_point)],
        out,
    )
    record("Soldiers! Aliens! Carnage!'s speed (benchmarks/sac.py)", out)


if __name__ == "__main__":
    main()
