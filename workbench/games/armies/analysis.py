"""Questions an Armies designer asks: the exact capture odds for every offense and defense
(the table play shows before an attack), whether one demo deck beats the other, whether the
first player is ahead, and how games end. Rates carry 95% Wilson intervals; the same seed gives
the same answer whatever the executor.

One batch of games (`matchup_games`) answers the last three: each deck plays each side half
the time, and who goes first is rolled every game (R-4).
"""

from __future__ import annotations

import polars as pl

from ...dice.mechanics import armies_table
from ...sim.simulate import simulate
from ...sim.stats import wilson
from .game import DEFAULT_DECKS

ENDS = {
    "general": "General beaten with no skill left (R-25)",
    "war": "General out of skill points to Unfavorable War (R-27)",
    "deck": "drew from an empty deck (A-22 variant)",
    "draw": "drawn: 100 quiet turns (R-30)",
    "timeout": "unfinished (decision cap)",
}


def odds_table(offenses=range(7), defenses=range(6), *, ranged: bool = False) -> pl.DataFrame:
    """P(the attacker wins) for every offense (or printed ranged power, with `ranged`) and
    defense, exactly, as the rules' tables in section 4: one row per offense, one column per
    defense, as percentages."""
    table = armies_table(offenses, defenses, fixed_power=ranged)
    first = "power" if ranged else "offense"
    wide = table.with_columns((pl.col("p") * 100).round(0).cast(pl.Int64).alias("pct")).pivot(
        on="defense", index="offense", values="pct"
    )
    return wide.rename({"offense": first, **{str(d): f"defense {d}" for d in defenses}})


def matchup_games(
    n: int = 200,
    *,
    bots="heuristic",
    decks=DEFAULT_DECKS,
    seed: int = 0,
    cards=None,
    rules=None,
    executor=None,
) -> pl.DataFrame:
    """`n` games, the first half with decks[0] as White and decks[1] as Black, the second half
    swapped; one row per game with the decks, who went first, the winner and how it ended."""
    half = n // 2
    frames = []
    for white, black, count, offset in (
        (decks[0], decks[1], half, 0),
        (decks[1], decks[0], n - half, 1),
    ):
        games = simulate(
            "armies",
            count,
            seed=seed + offset,
            cards=cards,
            rules=rules,
            bots=bots,
            executor=executor,
            decks=[white, black],
        )
        frames.append(
            games.with_columns(pl.lit(white).alias("white_deck"), pl.lit(black).alias("black_deck"))
        )
    games = pl.concat(frames, how="diagonal_relaxed")
    return games.with_columns(
        pl.when(pl.col("winner") == 0)
        .then(pl.col("white_deck"))
        .when(pl.col("winner") == 1)
        .then(pl.col("black_deck"))
        .otherwise(None)
        .alias("winning_deck")
    )


def _rate(wins: int, n: int) -> dict:
    low, high = wilson(wins, n)
    return {
        "wins": wins,
        "games": n,
        "rate": wins / n if n else float("nan"),
        "ci_low": low,
        "ci_high": high,
    }


def deck_matchup(games: pl.DataFrame, deck: str = DEFAULT_DECKS[0]) -> pl.DataFrame:
    """How often `deck` wins, overall and from each side, among decided games."""
    rows = []
    decided = games.filter(pl.col("winner") >= 0)
    for side, seat in (("as White", 0), ("as Black", 1), ("either side", None)):
        column = "white_deck" if seat == 0 else "black_deck"
        part = decided if seat is None else decided.filter(pl.col(column) == deck)
        wins = int((part["winning_deck"] == deck).sum())
        rows.append(
            {
                "deck": deck,
                "side": side,
                **_rate(wins, part.height),
                "draws": games.height - decided.height if seat is None else None,
            }
        )
    return pl.DataFrame(rows)


def first_player_wins(games: pl.DataFrame) -> dict:
    """How often the player who went first wins, among decided games, with a verdict."""
    decided = games.filter(pl.col("winner") >= 0)
    answer = _rate(int((decided["winner"] == decided["first"]).sum()), decided.height)
    answer["verdict"] = (
        "first player ahead"
        if answer["ci_low"] > 0.5
        else "second player ahead"
        if answer["ci_high"] < 0.5
        else "no clear advantage"
    )
    return answer


def how_games_end(games: pl.DataFrame) -> pl.DataFrame:
    """How many games end each way, with the share and the median length in turns."""
    ends = games.with_columns(
        pl.when(pl.col("outcome") == "timeout")
        .then(pl.lit("timeout"))
        .otherwise(pl.col("end"))
        .alias("end")
    )
    out = ends.group_by("end").agg(
        pl.len().alias("games"), pl.col("turns").median().alias("median_turns")
    )
    return (
        out.with_columns(
            pl.col("end").replace_strict(ENDS, default=pl.col("end")).alias("how"),
            (pl.col("games") / games.height).alias("share"),
        )
        .sort("games", descending=True)
        .select("how", "games", "share", "median_turns")
    )
