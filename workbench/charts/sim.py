"""Charts of simulations: pure functions from a tidy polars frame to an Altair chart."""

from __future__ import annotations

import altair as alt
import polars as pl

PERCENT = alt.Axis(format="%")


def _check(frame: pl.DataFrame, *columns: str) -> None:
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise ValueError(f"the frame has no column {missing[0]!r}; it has {', '.join(frame.columns)}")


def sweep_chart(frame: pl.DataFrame, x: str | None = None, y: str = "win_rate",
                title: str | None = None) -> alt.Chart:
    """Win rate against the varied value, with the 95% interval as a band."""
    x = x or frame.columns[0]
    _check(frame, x, y, "ci_low", "ci_high")
    data = frame.select(x, y, "ci_low", "ci_high", "n").rename({x: "value"})
    base = alt.Chart(data).encode(x=alt.X("value:Q", title=x))
    band = base.mark_area(opacity=0.25).encode(y=alt.Y("ci_low:Q", axis=PERCENT, title="win rate"),
                                               y2="ci_high:Q")
    line = base.mark_line(point=True).encode(
        y=alt.Y(f"{y}:Q", axis=PERCENT),
        tooltip=[alt.Tooltip("value:Q", title=x), alt.Tooltip(f"{y}:Q", format=".1%"),
                 alt.Tooltip("ci_low:Q", format=".1%"), alt.Tooltip("ci_high:Q", format=".1%"),
                 "n:Q"])
    return (band + line).properties(title=title or f"{y} by {x} (95% interval)", width=420)


def grid_heatmap(frame: pl.DataFrame, x: str, y: str, value: str = "win_rate") -> alt.Chart:
    """Two varied keys as a grid, coloured by the win rate."""
    _check(frame, x, y, value)
    data = frame.select(x, y, value).rename({x: "x", y: "y", value: "v"})
    rect = alt.Chart(data).mark_rect().encode(
        x=alt.X("x:O", title=x), y=alt.Y("y:O", title=y),
        color=alt.Color("v:Q", title=value, scale=alt.Scale(scheme="viridis")),
        tooltip=[alt.Tooltip("x:O", title=x), alt.Tooltip("y:O", title=y),
                 alt.Tooltip("v:Q", title=value, format=".1%")])
    text = alt.Chart(data).mark_text(baseline="middle").encode(
        x="x:O", y="y:O", text=alt.Text("v:Q", format=".0%"))
    return (rect + text).properties(title=f"{value} by {x} and {y}")


def length_histogram(games: pl.DataFrame, column: str = "length") -> alt.Chart:
    """How long games last, split by outcome."""
    _check(games, column, "outcome")
    data = games.select(column, "outcome")
    return alt.Chart(data).mark_bar(opacity=0.8).encode(
        x=alt.X(f"{column}:Q", bin=alt.Bin(maxbins=40), title=f"game {column} (decisions)"),
        y=alt.Y("count():Q", stack=True, title="games"),
        color=alt.Color("outcome:N"),
        tooltip=["outcome:N", "count():Q"],
    ).properties(title="Game length", width=420)


def tornado(frame: pl.DataFrame, top: int = 15) -> alt.Chart:
    """Sensitivity: change in win rate when each stat goes a step down (left) or up (right)."""
    _check(frame, "stat", "win_rate_low", "win_rate_high", "effect")
    head = frame.head(top)
    data = head.select("stat", "win_rate_low", "win_rate_high", "effect", "low_value",
                       "high_value", "value")
    order = head["stat"].to_list()
    bars = alt.Chart(data).mark_bar().encode(
        y=alt.Y("stat:N", sort=order, title=None),
        x=alt.X("win_rate_low:Q", axis=PERCENT, title="win rate (step down → step up)"),
        x2="win_rate_high:Q",
        color=alt.condition("datum.effect >= 0", alt.value("#4c78a8"), alt.value("#e45756")),
        tooltip=["stat:N", "value:Q", "low_value:Q", alt.Tooltip("win_rate_low:Q", format=".1%"),
                 "high_value:Q", alt.Tooltip("win_rate_high:Q", format=".1%"),
                 alt.Tooltip("effect:Q", format="+.1%")])
    return bars.properties(title="Which stats matter most", width=420)


def matchup_matrix(frame: pl.DataFrame, row: str = "row", col: str = "column",
                   value: str = "win_rate") -> alt.Chart:
    """Two-player matchups: the row side's win rate against the column side."""
    return grid_heatmap(frame, col, row, value).properties(title=f"{row} vs {col}: {value}")
