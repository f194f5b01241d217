"""How strong the Location CCG's bots are: the heuristic against the random bot, and the
look-ahead search bot against the heuristic, each bot on each side in half of the games
(see bot_duel.py). Results go to benchmarks/RESULTS.md.

    .venv/bin/python benchmarks/location_ccg_bots.py [games_per_side] [search_games_per_side]

Measured with 250 and 100 (2026-11-23, about a minute on 2 cores): the heuristic won 248 of 250
games in seat 1 and 250 of 250 in seat 2 against the random bot (498 of 500, 95% interval 99%
to 100%). The search bot's figure of that run was the omniscient search's, before search
played fair; benchmarks/fair_bots.py measures the fair one (benchmarks/RESULTS.md).
"""

from __future__ import annotations

import sys

from bot_duel import duel  # benchmarks/bot_duel.py, beside this script
from results import record  # benchmarks/results.py


def main() -> None:
    per_side = int(sys.argv[1]) if len(sys.argv) > 1 else 250
    search_per_side = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    out: list[str] = []
    duel("location_ccg", "heuristic", "random", per_side, 100, out)
    if search_per_side:
        duel("location_ccg", "search", "heuristic", search_per_side, 300, out)
    record("The Location CCG's bots (benchmarks/location_ccg_bots.py)", out)


if __name__ == "__main__":
    main()
