"""Armies' speed, in one run:

1. games and decisions per second through `simulate`, in one process, with random bots and
   with the heuristic (the game's default bot), median (min-max) of 5 runs;
2. the wall time of a 10-point sweep of a card's stat with 2,000 games per point on local
   worker processes (goal: 5 s), with random bots, and with the heuristic on fewer games per
   point, scaled to 2,000. On a busy 2-core machine the random sweep takes 15 to 25 minutes;
   give fewer games per point to have it scaled the same way.

Results go to benchmarks/RESULTS.md.

    .venv/bin/python benchmarks/armies.py [games_per_run] [games_per_point_for_heuristic]
        [games_per_point_for_random]
"""

from __future__ import annotations

import sys

from game_speed import rates, scaled_sweeps  # benchmarks/game_speed.py, beside this script
from results import record  # benchmarks/results.py

VARY = {"cards.Shield Bearers.defense": list(range(10))}


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    heuristic_points = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    random_points = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    out: list[str] = []
    rates("armies", n, 5, out)
    scaled_sweeps(
        "armies",
        VARY,
        "Shield Bearers' defense",
        [("random", random_points), ("heuristic", heuristic_points)],
        out,
    )
    record("Armies' speed (benchmarks/armies.py)", out)


if __name__ == "__main__":
    main()
