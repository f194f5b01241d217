"""How strong Armies' bots are: the heuristic against the random bot, and the rollout search
bot against the heuristic, each bot on each side in half of the games, through `simulate` on
local worker processes (see bot_duel.py). Prints wins of decided and drawn games with a 95%
interval; results go to benchmarks/RESULTS.md.

    .venv/bin/python benchmarks/armies_bots.py [games_per_side] [rollout_games_per_side]

Measured with 100 and 20 (about 3 minutes on 2 cores): the heuristic won 200 of 200 games.
The rollout bot's figure of that run was the omniscient search's, before search played fair;
benchmarks/fair_bots.py measures the fair one (benchmarks/RESULTS.md).
"""

from __future__ import annotations

import sys

from bot_duel import duel  # benchmarks/bot_duel.py, beside this script
from results import record  # benchmarks/results.py


def main() -> None:
    per_side = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    rollout_per_side = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    out: list[str] = []
    duel("armies", "heuristic", "random", per_side, 100, out)
    duel("armies", "rollout", "heuristic", rollout_per_side, 300, out)
    record("Armies' bots (benchmarks/armies_bots.py)", out)


if __name__ == "__main__":
    main()
