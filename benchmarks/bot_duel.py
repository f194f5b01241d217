"""What the bot-strength scripts share: one bot against another, each on each side in half of
the games, through `simulate` on local worker processes; wins in each seat order and in all,
with 95% intervals. The lines printed are also kept in `lines`, when given, for
benchmarks/RESULTS.md (results.py)."""

from __future__ import annotations

import time

from results import echo  # benchmarks/results.py, beside this script

import workbench as wb
from workbench.sim import wilson


def _rate(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{wins} of {games} ({wins / games:.0%}, 95% interval {low:.0%} to {high:.0%})"


def duel(
    game: str, a: str, b: str, per_side: int, seed: int, lines: list[str] | None = None, **setup
) -> tuple[int, int, int]:
    """Prints and returns (a's wins, draws, games)."""
    lines = [] if lines is None else lines
    t = time.perf_counter()
    wins = draws = games = 0
    for seat in (0, 1):
        frame = wb.simulate(
            game,
            per_side,
            seed=seed + seat,
            bots={seat: a, 1 - seat: b},
            executor="processes",
            **setup,
        )
        won = int((frame["winner"] == seat).sum())
        echo(lines, f"  {a} in seat {seat + 1}: won {_rate(won, frame.height)}")
        wins += won
        draws += int((frame["winner"] == -1).sum())
        games += frame.height
    echo(
        lines,
        f"{a} against {b}: {a} won {_rate(wins, games)}, {draws} drawn; "
        f"{time.perf_counter() - t:.0f} s",
    )
    return wins, draws, games
