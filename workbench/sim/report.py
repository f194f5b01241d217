"""Simulation results as tables people read: headers in words, percentages rounded, each 95%
interval in one cell. For notebooks and the WhatIf view alike."""

from __future__ import annotations

import polars as pl

from .keys import key_label

__all__ = ["percent", "interval", "sweep_table"]


def percent(x: float | None, digits: int = 1) -> str:
    """0.2262 -> '22.6%'."""
    return "" if x is None else f"{x:.{digits}%}"


def interval(low: float | None, high: float | None, digits: int = 1) -> str:
    """(0.201, 0.253) -> '20.1% to 25.3%'."""
    if low is None or high is None:
        return ""
    return f"{percent(low, digits)} to {percent(high, digits)}"


def sweep_table(frame: pl.DataFrame, keys: list[str] | None = None, *,
                labels: dict[str, str] | None = None, metrics: dict[str, str] | None = None,
                win: str = "win rate") -> pl.DataFrame:
    """One row per point of a sweep (or of a `solve` trace): the varied values under their
    names in words, the games played, the win rate and its 95% interval as text, then any
    `metrics` ({column: header}) rounded to two places.

    `keys` are the varied columns (by default every column before `n` or `win_rate`);
    `labels` overrides a header ({"value": "Shankers' damage"}); `win` names the rate
    ("first player wins", say).
    """
    for column in ("win_rate", "ci_low", "ci_high"):
        if column not in frame.columns:
            raise ValueError(f"the frame has no column {column!r}; it has "
                             f"{', '.join(frame.columns)}")
    if keys is None:
        stop = min(frame.columns.index(c) for c in ("n", "win_rate") if c in frame.columns)
        keys = frame.columns[:stop]
    labels = labels or {}
    columns = [pl.col(k).alias(labels.get(k, key_label(k))) for k in keys]
    if "n" in frame.columns:
        columns.append(pl.col("n").alias("games"))
    columns += [
        pl.col("win_rate").map_elements(percent, return_dtype=pl.String).alias(win),
        pl.struct("ci_low", "ci_high").map_elements(
            lambda r: interval(r["ci_low"], r["ci_high"]), return_dtype=pl.String,
        ).alias("95% interval"),
    ]
    columns += [pl.col(c).round(2).alias(header) for c, header in (metrics or {}).items()]
    return frame.select(columns)
