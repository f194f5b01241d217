"""Simulation results as tables people read: headers in words, percentages rounded, each 95%
interval in one cell. For notebooks and the WhatIf view alike."""

from __future__ import annotations

import polars as pl

from ..core.frames import need_columns
from .keys import key_label

__all__ = ["interval", "percent", "readable", "sensitivity_table", "sweep_table"]

INTERVAL = "95% interval"


def percent(x: float | None, digits: int = 1) -> str:
    """0.2262 -> '22.6%'."""
    return "" if x is None else f"{x:.{digits}%}"


def interval(low: float | None, high: float | None, digits: int = 1) -> str:
    """(0.201, 0.253) -> '20.1% to 25.3%'."""
    if low is None or high is None:
        return ""
    return f"{percent(low, digits)} to {percent(high, digits)}"


def readable(
    frame: pl.DataFrame, columns: dict[str, str], *, percents=(), digits: int = 2
) -> pl.DataFrame:
    """The `columns` of `frame` ({column: header in words}, in that order) for people: the
    `percents` as rounded percentages, other decimals rounded to `digits` places, and
    `ci_low` with `ci_high` as one "95% interval" cell (name either of them to place it)."""
    need_columns(frame, *columns)
    if isinstance(digits, bool) or not isinstance(digits, int) or digits < 0:
        raise ValueError(f"digits: give a whole number from 0, not {digits!r}")
    out, placed = [], False
    for column, header in columns.items():
        if column in ("ci_low", "ci_high"):
            if not placed:
                out.append(
                    pl.struct("ci_low", "ci_high")
                    .map_elements(
                        lambda r: interval(r["ci_low"], r["ci_high"]),
                        return_dtype=pl.String,
                    )
                    .alias(header or INTERVAL)
                )
                placed = True
            continue
        if column in percents:
            out.append(
                pl.col(column)
                .map_elements(percent, return_dtype=pl.String, skip_nulls=True)
                .alias(header)
            )
        elif frame.schema[column].is_float():
            out.append(pl.col(column).round(digits).alias(header))
        else:
            out.append(pl.col(column).alias(header))
    return frame.select(out)


def sweep_table(
    frame: pl.DataFrame,
    keys: list[str] | None = None,
    *,
    labels: dict[str, str] | None = None,
    metrics: dict[str, str] | None = None,
    rate: str = "win_rate",
    win: str = "win rate",
) -> pl.DataFrame:
    """One row per point of a sweep (or of a `solve` trace): the varied values under their
    names in words, the games played, the win rate and its 95% interval, then any `metrics`
    ({column: header}) rounded to two places.

    `keys` are the varied columns (by default every column before `n` or the rate); `labels`
    overrides a header ({"value": "Shankers' damage"}); `rate` is the rate's column and `win`
    its header ("first_player_wins", "first player wins").
    """
    need_columns(frame, rate, "ci_low", "ci_high", made_by="sweep")
    if keys is None:
        stop = min(frame.columns.index(c) for c in ("n", "games", rate) if c in frame.columns)
        keys = frame.columns[:stop]
    labels = labels or {}
    columns = {k: labels.get(k, key_label(k)) for k in keys}
    for games in ("n", "games"):
        if games in frame.columns:
            columns[games] = "games"
            break
    columns |= {rate: win, "ci_low": INTERVAL, "ci_high": INTERVAL, **(metrics or {})}
    return readable(frame, columns, percents=(rate,))


def sensitivity_table(frame: pl.DataFrame, top: int | None = None) -> pl.DataFrame:
    """What `sensitivity` found, for people: each stat in words, its value now, the values a
    step down and up with their win rates, and the effect (up minus down) with its sign."""
    need_columns(frame, "stat", "effect", "value", made_by="sensitivity")
    head = frame if top is None else frame.head(top)
    named = head.with_columns(
        pl.col("stat").map_elements(lambda s: key_label(f"table.{s}"), return_dtype=pl.String),
        pl.col("effect").map_elements(lambda x: f"{x:+.1%}", return_dtype=pl.String),
    )
    return readable(
        named,
        {
            "stat": "stat",
            "value": "now",
            "low_value": "lower",
            "win_rate_low": "win rate lower",
            "high_value": "higher",
            "win_rate_high": "win rate higher",
            "effect": "effect",
        },
        percents=("win_rate_low", "win_rate_high"),
    )
