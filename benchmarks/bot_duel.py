"""What the bot-strength scripts share: one bot against another, each on each side in half of
the games, through `simulate` on local worker processes; wins in each seat order and in all,
with 95% intervals."""

from __future__ import annotations

import time

import workbench as wb
from workbench.sim import wilson


def _rate(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{wins} of {games} ({wins / games:.0%}, 95% interval {low:.0%} to {high:.0%})"


def duel(game: str, a: str, b: str, per_side: int, seed: int, **setup) -> tuple[int, int, int]:
    """Prints and returns (a's wins, draws, games)."""
    t = time.perf_counter()
    wins = draws = games = 0
    for seat in (0, 1):
        frame = wb.simulate(game, per_side, seed=seed + seat, bots={seat: a, 1 - seat: b},
                            executor="processes", **setup)
        won = int((frame["winner"] == seat).sum())
        print(f"  {a} in seat {seat + 1}: won {_rate(won, frame.height)}", flush=True)
        wins += won
        draws += int((frame["winner"] == -1).sum())
        games += frame.height
    print(f"{a} against {b}: {a} won {_rate(wins, games)}, {draws} drawn; "
          f"{time.perf_counter() - t:.0f} s", flush=True)
    return wins, draws, games
