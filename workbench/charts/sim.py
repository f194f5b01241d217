"""Charts of simulations: pure functions from a tidy polars frame to an Altair chart."""

from __future__ import annotations

import altair as alt
import polars as pl

from ..core.frames import need_columns
from ..sim.keys import key_label
from .titles import fitted

PERCENT = alt.Axis(format="%")


def sweep_chart(
    frame: pl.DataFrame,
    x: str | None = None,
    y: str = "win_rate",
    title: str | None = None,
    *,
    x_title: str | None = None,
    y_title: str = "win rate",
) -> alt.Chart:
    """Win rate against the varied value, with the 95% interval as a band; the axes and the
    title say in words what was varied ("Brutes' health" for "enemies.Brutes.health")."""
    need_columns(frame, y, "ci_low", "ci_high", made_by="sweep")
    x = x or frame.columns[0]
    need_columns(frame, x)
    label = x_title or key_label(x)
    data = frame.select(x, y, "ci_low", "ci_high", "n").rename({x: "value"})
    values = sorted(set(data["value"].to_list()))
    # A tick at each value swept (a few whole numbers, usually), none between them.
    axis = alt.Axis(values=values, format="d") if len(values) <= 25 else alt.Axis()
    base = alt.Chart(data).encode(x=alt.X("value:Q", title=label, axis=axis))
    band = base.mark_area(opacity=0.25).encode(
        y=alt.Y("ci_low:Q", axis=PERCENT, title=y_title), y2="ci_high:Q"
    )
    line = base.mark_line(point=True).encode(
        y=alt.Y(f"{y}:Q", axis=PERCENT, title=y_title),
        tooltip=[
            alt.Tooltip("value:Q", title=label),
            alt.Tooltip(f"{y}:Q", format=".1%", title=y_title),
            alt.Tooltip("ci_low:Q", format=".1%", title="95% interval from"),
            alt.Tooltip("ci_high:Q", format=".1%", title="95% interval to"),
            alt.Tooltip("n:Q", title="games"),
        ],
    )
    default = f"{y_title[:1].upper()}{y_title[1:]} by {label} (95% intervals)"
    return (band + line).properties(title=fitted(title or default, 420), width=420)


def grid_heatmap(frame: pl.DataFrame, x: str, y: str, value: str = "win_rate") -> alt.Chart:
    """Two varied keys as a grid, coloured by the win rate."""
    need_columns(frame, x, y, value)
    data = frame.select(x, y, value).rename({x: "x", y: "y", value: "v"})
    # Translucent cells let the numbers keep the page's text colour in light and dark themes
    # alike: on a solid colour scale one end is too dark for black, the other too light for
    # white.
    rect = (
        alt.Chart(data)
        .mark_rect(opacity=0.6)
        .encode(
            x=alt.X("x:O", title=x, axis=alt.Axis(labelAngle=0)),
            y=alt.Y("y:O", title=y),
            color=alt.Color("v:Q", title=value, scale=alt.Scale(scheme="viridis")),
            tooltip=[
                alt.Tooltip("x:O", title=x),
                alt.Tooltip("y:O", title=y),
                alt.Tooltip("v:Q", title=value, format=".1%"),
            ],
        )
    )
    text = (
        alt.Chart(data)
        .mark_text(baseline="middle")
        .encode(x="x:O", y="y:O", text=alt.Text("v:Q", format=".0%"))
    )
    width = _grid_width(data)
    return (rect + text).properties(
        title=fitted(f"{value} by {x} and {y}", width), width=width, height=alt.Step(32)
    )


def _grid_width(data: pl.DataFrame) -> int:
    """Room for each cell's percentage, and for a title over a grid of a few cells."""
    return max(280, 56 * data["x"].n_unique())


def length_histogram(games: pl.DataFrame, column: str = "length") -> alt.Chart:
    """How long games last, split by outcome."""
    need_columns(games, column, "outcome")
    data = games.select(column, "outcome")
    return (
        alt.Chart(data)
        .mark_bar(opacity=0.8)
        .encode(
            x=alt.X(f"{column}:Q", bin=alt.Bin(maxbins=40), title=f"game {column} (decisions)"),
            y=alt.Y("count():Q", stack=True, title="games"),
            color=alt.Color("outcome:N"),
            tooltip=["outcome:N", "count():Q"],
        )
        .properties(title=fitted("Game length", 420), width=420)
    )


def tornado(frame: pl.DataFrame, top: int = 15) -> alt.Chart:
    """Sensitivity: change in win rate when each stat goes a step down (left) or up (right)."""
    need_columns(frame, "stat", "win_rate_low", "win_rate_high", "effect")
    head = frame.head(top)
    data = head.select(
        "stat", "win_rate_low", "win_rate_high", "effect", "low_value", "high_value", "value"
    ).with_columns(
        pl.col("stat").map_elements(lambda s: key_label(f"table.{s}"), return_dtype=pl.String)
    )
    order = data["stat"].to_list()
    bars = (
        alt.Chart(data)
        .mark_bar()
        .encode(
            y=alt.Y("stat:N", sort=order, title=None),
            x=alt.X("win_rate_low:Q", axis=PERCENT, title="win rate (step down → step up)"),
            x2="win_rate_high:Q",
            color=alt.condition("datum.effect >= 0", alt.value("#4c78a8"), alt.value("#e45756")),
            tooltip=[
                alt.Tooltip("stat:N", title="stat"),
                alt.Tooltip("value:Q", title="now"),
                alt.Tooltip("low_value:Q", title="step down to"),
                alt.Tooltip("win_rate_low:Q", format=".1%", title="win rate stepped down"),
                alt.Tooltip("high_value:Q", title="step up to"),
                alt.Tooltip("win_rate_high:Q", format=".1%", title="win rate stepped up"),
                alt.Tooltip("effect:Q", format="+.1%", title="effect"),
            ],
        )
    )
    return bars.properties(title=fitted("Which stats matter most", 420), width=420)


def matchup_matrix(
    frame: pl.DataFrame, row: str = "row", col: str = "column", value: str = "win_rate"
) -> alt.Chart:
    """Two-player matchups: the row side's win rate against the column side."""
    chart = grid_heatmap(frame, col, row, value)
    return chart.properties(title=fitted(f"{row} vs {col}: {value}", chart.width))


def rates_chart(
    rows: list[dict],
    *,
    x_title: str,
    lines: list[float],
    title: str,
    subtitle: str | None = None,
    group_title: str | None = None,
    side_by_side: bool = False,
    width: int = 360,
) -> alt.LayerChart:
    """Shares from 0 to 1 with their 95% intervals: `rows` of {label, group, rate, low, high},
    a row of the chart per label and a colour per group (drawn one above the other within
    the row when `side_by_side`), dashed lines at `lines` (targets, a limit). A group with no
    interval (low and high None) is drawn as a point alone."""
    data = pl.DataFrame(
        rows,
        schema={
            "label": pl.String,
            "group": pl.String,
            "rate": pl.Float64,
            "low": pl.Float64,
            "high": pl.Float64,
        },
    )
    offset = {"yOffset": alt.YOffset("group:N")} if side_by_side else {}
    base = alt.Chart(data).encode(
        y=alt.Y("label:N", title=None, sort=None, axis=alt.Axis(labelLimit=width)),
        color=alt.Color("group:N", title=group_title),
        **offset,
    )
    points = base.mark_point(filled=True, size=55).encode(
        x=alt.X("rate:Q", axis=PERCENT, scale=alt.Scale(domain=[0, 1]), title=x_title)
    )
    bars = base.mark_rule().encode(x="low:Q", x2="high:Q")
    dashed = (
        alt.Chart(pl.DataFrame({"at": sorted(set(lines))}))
        .mark_rule(strokeDash=[4, 4])
        .encode(x="at:Q")
    )
    return alt.layer(bars, points, dashed).properties(
        title=fitted(title, width, subtitle=subtitle), width=width
    )
