"""Balance metrics of a batch of simulated games (one frame of simulate() rows)."""

from __future__ import annotations

import polars as pl

from .stats import wilson


def summarize(games: pl.DataFrame, *, seats: int, cooperative: bool) -> dict:
    """Outcome shares with Wilson intervals, first-player advantage, balance, draws and
    time-outs, game length, and the means of the game's own statistics."""
    n = games.height
    out: dict = {"n": n}
    if n == 0:
        return out
    outcome = games["outcome"]
    if cooperative:
        wins = int((outcome == "win").sum())
        out["win_rate"] = wins / n
        out["ci_low"], out["ci_high"] = wilson(wins, n)
    else:
        rates = []
        for s in range(seats):
            w = int((games["winner"] == s).sum())
            rates.append(w / n)
            out[f"win_rate_{s}"] = w / n
            out[f"ci_low_{s}"], out[f"ci_high_{s}"] = wilson(w, n)
        # The headline rate is the first seat's: its excess over a fair share is the
        # first-player advantage.
        out["win_rate"] = rates[0]
        out["ci_low"], out["ci_high"] = out["ci_low_0"], out["ci_high_0"]
        decided = sum(rates)
        out["first_player_advantage"] = rates[0] - (decided / seats)
        # 1 means every seat wins equally often among decided games, 0 that one seat always does.
        share = [r / decided for r in rates] if decided else [1 / seats] * seats
        out["balance"] = 1 - (max(share) - min(share))
    out["draw_rate"] = float((outcome == "draw").mean())
    out["timeout_rate"] = float((outcome == "timeout").mean())
    length = games["length"]
    out["length_mean"] = float(length.mean())
    for q in (0.1, 0.5, 0.9):
        out[f"length_q{int(q * 100)}"] = float(length.quantile(q, "nearest"))
    skip = {"seed", "outcome", "winner", "length"}
    for col, dtype in games.schema.items():
        if col not in skip and dtype.is_numeric():
            mean = games[col].mean()  # None when no game has one (tension, all timed out)
            out[f"{col}_mean"] = None if mean is None else float(mean)
    return out


def first_player_share(games: pl.DataFrame, first: str = "first") -> dict:
    """How much going first is worth in a batch of two-seat games whose column `first` names
    the first player: its share of the decided games with a 95% interval, and the draws."""
    decided = games.filter(pl.col("winner") >= 0)
    firsts = int((decided["winner"] == decided[first]).sum())
    low, high = wilson(firsts, decided.height)
    return {
        "games": games.height,
        "decided": decided.height,
        "first_wins": firsts / decided.height if decided.height else 0.0,
        "ci_low": low,
        "ci_high": high,
        "draw_rate": 1 - decided.height / games.height if games.height else 0.0,
    }


def card_usage(games: pl.DataFrame, column: str = "used") -> pl.DataFrame:
    """Per card: the share of games it was used in, and the win rate when it was."""
    if column not in games.columns:
        raise ValueError(f"these games record no {column!r} column of cards used")
    exploded = (
        games.select("seed", (pl.col("outcome") == "win").alias("won"), pl.col(column))
        .explode(column)
        .drop_nulls(column)
        .unique(["seed", column])
    )
    n = games.height
    return (
        exploded.group_by(column)
        .agg(pl.len().alias("games"), pl.col("won").mean().alias("win_rate_when_used"))
        .with_columns((pl.col("games") / n).alias("usage"))
        .sort("usage", descending=True)
        .rename({column: "card"})
    )
