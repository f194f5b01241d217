"""Charts of dice distributions: pure functions from a tidy polars frame to an ``alt.Chart``.

The input is what :func:`workbench.dice.distribution` or :func:`~workbench.dice.distributions`
returns (``outcome``, ``weight``, ``p``, ``p_at_least``, ``p_at_most``, optionally ``expr`` and,
for Monte Carlo frames, ``se``). Tooltips show exact probabilities as fractions.
"""

from __future__ import annotations

from fractions import Fraction

import altair as alt
import polars as pl

__all__ = ["dice_chart", "exact_fractions", "VIEWS"]

VIEWS = {"p": "exactly", "p_at_least": "at least", "p_at_most": "at most"}
_VIEW_ALIASES = {
    "normal": "p",
    "p": "p",
    "exactly": "p",
    "at_least": "p_at_least",
    "p_at_least": "p_at_least",
    "at_most": "p_at_most",
    "p_at_most": "p_at_most",
}
# Fractions with longer numerators than this are shown as decimals in tooltips.
_MAX_FRACTION_DIGITS = 30
_ORDINAL_LIMIT = 40


def _fraction_text(num: int, den: int) -> str:
    f = Fraction(num, den)
    if len(str(f.denominator)) > _MAX_FRACTION_DIGITS:
        return f"≈ {num / den:.6g}"
    return f"{f.numerator}/{f.denominator}" if f.denominator != 1 else str(f.numerator)


def exact_fractions(frame: pl.DataFrame) -> pl.DataFrame:
    """Add ``exactly``, ``at_least``, ``at_most`` string columns with exact fractions.

    Weights may be Int64 or String (big exact integers). For Monte Carlo frames (with an
    ``se`` column) the strings are the estimate with its standard error instead.
    """
    has_expr = "expr" in frame.columns
    groups = frame.partition_by("expr", maintain_order=True) if has_expr else [frame]
    out = []
    for g in groups:
        if "se" in g.columns:
            texts = {
                "exactly": [f"≈ {p:.4g} ± {se:.2g}" for p, se in zip(g["p"], g["se"])],
                "at_least": [f"≈ {p:.4g}" for p in g["p_at_least"]],
                "at_most": [f"≈ {p:.4g}" for p in g["p_at_most"]],
            }
        else:
            ws = [int(w) for w in g["weight"].to_list()]
            total = sum(ws)
            below, cum = 0, []
            for w in ws:
                below += w
                cum.append(below)
            texts = {
                "exactly": [_fraction_text(w, total) for w in ws],
                "at_least": [_fraction_text(total - c + w, total) for c, w in zip(cum, ws)],
                "at_most": [_fraction_text(c, total) for c in cum],
            }
        out.append(g.with_columns(*(pl.Series(k, v, dtype=pl.String) for k, v in texts.items())))
    return pl.concat(out, how="vertical") if out else frame


def _long(frame: pl.DataFrame) -> pl.DataFrame:
    """One row per (outcome, view): columns view, value, fraction."""
    framed = exact_fractions(frame)
    if "expr" not in framed.columns:
        framed = framed.with_columns(pl.lit("").alias("expr"))
    parts = []
    for col, label in VIEWS.items():
        text_col = {"p": "exactly", "p_at_least": "at_least", "p_at_most": "at_most"}[col]
        parts.append(
            framed.select(
                "expr",
                "outcome",
                pl.lit(label).alias("view"),
                pl.col(col).alias("probability"),
                pl.col(text_col).alias("exact"),
            )
        )
    return pl.concat(parts, how="vertical")


def dice_chart(
    frame: pl.DataFrame,
    *,
    view: str = "normal",
    layout: str = "grouped",
    title: str | None = None,
    width: int = 420,
    height: int = 220,
) -> alt.Chart:
    """Bar chart of one or more distributions.

    ``view``: ``"normal"`` (P(exactly x)), ``"at_least"``, ``"at_most"``, or ``"select"`` for
    radio buttons that switch between the three. ``layout`` (when the frame has an ``expr``
    column with several expressions): ``"grouped"`` bars side by side in one chart,
    ``"overlay"`` translucent bars on top of each other, or ``"facet"`` one small chart per
    expression.
    """
    if layout not in ("grouped", "overlay", "facet"):
        raise ValueError("layout is 'grouped', 'overlay' or 'facet'")
    data = _long(frame)
    several = data["expr"].n_unique() > 1
    ordinal = data["outcome"].n_unique() <= _ORDINAL_LIMIT
    x = alt.X("outcome:O" if ordinal else "outcome:Q", title="outcome")
    y = alt.Y("probability:Q", title=None, axis=alt.Axis(format="%"))
    tooltip = [
        alt.Tooltip("expr:N", title="expression"),
        alt.Tooltip("outcome:Q"),
        alt.Tooltip("view:N"),
        alt.Tooltip("exact:N", title="probability"),
        alt.Tooltip("probability:Q", format=".4%", title="≈"),
    ]
    base = alt.Chart(data, title=title or "").mark_bar(
        opacity=0.55 if (several and layout == "overlay") else 1.0
    )
    encodings = {"x": x, "y": y, "tooltip": tooltip}
    if several:
        encodings["color"] = alt.Color("expr:N", title="expression")
        if layout == "grouped" and ordinal:
            encodings["xOffset"] = alt.XOffset("expr:N")
    chart = base.encode(**encodings)

    if view == "select":
        pick = alt.param(
            name="view_choice",
            value=VIEWS["p"],
            bind=alt.binding_radio(options=list(VIEWS.values()), name="show P(outcome is) "),
        )
        chart = chart.add_params(pick).transform_filter(alt.datum.view == pick)
        y_title = "probability"
    else:
        key = _VIEW_ALIASES.get(view)
        if key is None:
            raise ValueError("view is 'normal', 'at_least', 'at_most' or 'select'")
        chart = chart.transform_filter(alt.datum.view == VIEWS[key])
        y_title = {"p": "P(exactly)", "p_at_least": "P(at least)", "p_at_most": "P(at most)"}[key]
    chart = chart.encode(y=alt.Y("probability:Q", title=y_title, axis=alt.Axis(format="%")))
    if several and layout == "facet":
        return chart.properties(width=width, height=height // 2).facet(
            row=alt.Row("expr:N", title=None)
        )
    return chart.properties(width=width, height=height)
