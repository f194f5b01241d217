"""How strong Armies' bots are: the heuristic against the random bot, and the rollout search
bot against the heuristic, each bot on each side in half of the games, through `simulate` on
local worker processes. Prints wins of decided and drawn games with a 95% interval.

    .venv/bin/python benchmarks/armies_bots.py [games_per_side] [rollout_games_per_side]

Measured with 100 and 20 (about 3 minutes on 2 cores): the heuristic won 200 of 200 games,
the rollout bot 27 of 40 (68%, 52% to 80%).
"""

from __future__ import annotations

import sys
import time

import workbench as wb
from workbench.sim import wilson


def duel(a: str, b: str, per_side: int, seed: int) -> None:
    t = time.perf_counter()
    wins = draws = games = 0
    for seat in (0, 1):
        frame = wb.simulate("armies", per_side, seed=seed + seat, bots={seat: a, 1 - seat: b},
                            executor="processes")
        wins += int((frame["winner"] == seat).sum())
        draws += int((frame["winner"] == -1).sum())
        games += frame.height
    low, high = wilson(wins, games)
    print(f"{a} against {b}: {a} won {wins} of {games} games ({wins / games:.0%}, 95% "
          f"interval {low:.0%} to {high:.0%}), {draws} drawn; {time.perf_counter() - t:.0f} s",
          flush=True)


def main() -> None:
    per_side = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    rollout_per_side = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    duel("heuristic", "random", per_side, 100)
    duel("rollout", "heuristic", rollout_per_side, 300)


if __name__ == "__main__":
    main()
