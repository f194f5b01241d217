"""Questions a Correction designer asks of simulated games: does the first player win more
often, and how much stronger is one bot than another? Answers carry 95% Wilson intervals, and
the same seed gives the same answer whatever the executor.
"""

from __future__ import annotations

import polars as pl

from ...sim.simulate import simulate
from ...sim.stats import wilson


def first_player_wins(
    bots="heuristic",
    n: int = 200,
    *,
    seed: int = 0,
    cards=None,
    rules=None,
    executor=None,
    progress=False,
) -> dict:
    """How often the player who starts wins when `bots` play both seats.

    The starting player is drawn at random each game (R-2), so both seats start equally
    often on average. The rate is among decided games (draws are counted apart); the answer
    says whether the interval lies above one half, below it, or includes it. `progress`
    shows a progress bar.
    """
    games = simulate(
        "correction",
        n,
        seed=seed,
        cards=cards,
        rules=rules,
        bots=bots,
        executor=executor,
        progress=progress,
    )
    decided = games.filter(pl.col("winner") >= 0)
    wins = int((decided["winner"] == decided["first"]).sum())
    low, high = wilson(wins, decided.height)
    rate = wins / decided.height if decided.height else float("nan")
    verdict = (
        "first player ahead"
        if low > 0.5
        else "second player ahead"
        if high < 0.5
        else "no clear advantage"
    )
    return {
        "bots": _name(bots),
        "games": n,
        "first_player_wins": rate,
        "ci_low": low,
        "ci_high": high,
        "draws": n - decided.height,
        "median_turns": float(games["turns"].median()) if n else float("nan"),
        "verdict": verdict,
    }


def head_to_head(
    bot,
    opponent="heuristic",
    n: int = 200,
    *,
    seed: int = 0,
    cards=None,
    rules=None,
    executor=None,
    progress=False,
) -> dict:
    """How often `bot` beats `opponent`: it sits South in the first half of the games and
    North in the second, and who starts is drawn at random as always. `progress` shows a
    progress bar for each half."""
    half = n // 2
    wins = draws = 0
    for seat, count, offset in ((0, half, 0), (1, n - half, 1)):
        games = simulate(
            "correction",
            count,
            seed=seed + offset,
            cards=cards,
            rules=rules,
            bots={seat: bot, 1 - seat: opponent},
            executor=executor,
            progress=progress,
        )
        wins += int((games["winner"] == seat).sum())
        draws += int((games["winner"] < 0).sum())
    low, high = wilson(wins, n)
    return {
        "bot": _name(bot),
        "opponent": _name(opponent),
        "games": n,
        "win_rate": wins / n if n else float("nan"),
        "ci_low": low,
        "ci_high": high,
        "draws": draws,
    }


def _name(bots) -> str:
    if isinstance(bots, str):
        return bots
    if isinstance(bots, dict):
        return ", ".join(f"{seat}: {_name(b)}" for seat, b in sorted(bots.items()))
    return getattr(bots, "__name__", None) or repr(bots)
