"""Charts of dice distributions: pure functions from a tidy polars frame to an ``alt.Chart``.

The input is what :func:`workbench.dice.distribution` or :func:`~workbench.dice.distributions`
returns (``outcome``, ``weight``, ``p``, ``p_at_least``, ``p_at_most``, optionally ``expr`` and,
for Monte Carlo frames, ``se``). Tooltips show exact probabilities as fractions.
"""

from __future__ import annotations

from fractions import Fraction

import altair as alt
import polars as pl

from ..core.frames import need_columns
from .titles import fitted

__all__ = ["dice_chart", "yes_no_chart", "exact_fractions", "VIEWS"]

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
    need_columns(frame, "outcome", "weight", made_by="workbench.dice.distribution")
    has_expr = "expr" in frame.columns
    groups = frame.partition_by("expr", maintain_order=True) if has_expr else [frame]
    out = []
    for g in groups:
        if "se" in g.columns:
            texts = {
                "exactly": [f"≈ {p:.4g} ± {se:.2g}" for p, se in zip(g["p"], g["se"], strict=True)],
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
                "at_least": [
                    _fraction_text(total - c + w, total) for c, w in zip(cum, ws, strict=True)
                ],
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
    order: list[str] | None = None,
) -> alt.Chart:
    """Bar chart of one or more distributions.

    ``view``: ``"normal"`` (P(exactly x)), ``"at_least"``, ``"at_most"``, or ``"select"`` for
    radio buttons that switch between the three. ``layout`` (when the frame has an ``expr``
    column with several expressions): ``"grouped"`` bars side by side in one chart,
    ``"overlay"`` translucent bars on top of each other, or ``"facet"`` one small chart per
    expression. Expressions keep the order of the frame (or of ``order``, which also fixes
    their colours, so that two charts of one calculator agree); yes/no questions read better
    in :func:`yes_no_chart`.
    """
    if layout not in ("grouped", "overlay", "facet"):
        raise ValueError("layout is 'grouped', 'overlay' or 'facet'")
    need_columns(frame, "outcome", made_by="workbench.dice.distribution")
    data = _long(frame)
    order = order or data["expr"].unique(maintain_order=True).to_list()
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
    base = alt.Chart(data, title=fitted(title or "", width)).mark_bar(
        opacity=0.55 if (several and layout == "overlay") else 1.0
    )
    encodings = {"x": x, "y": y, "tooltip": tooltip}
    if several:
        present = [e for e in order if e in set(data["expr"].to_list())]
        encodings["color"] = alt.Color(
            "expr:N",
            title="expression",
            sort=order,
            scale=alt.Scale(domain=order),
            legend=alt.Legend(values=present),
        )
        if layout == "grouped" and ordinal:
            encodings["xOffset"] = alt.XOffset("expr:N", sort=order)
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
        y_title = {
            "p": "chance of this outcome",
            "p_at_least": "chance of this or more",
            "p_at_most": "chance of this or less",
        }[key]
    chart = chart.encode(y=alt.Y("probability:Q", title=y_title, axis=alt.Axis(format="%")))
    if several and layout == "facet":
        return chart.properties(width=width, height=height // 2).facet(
            row=alt.Row("expr:N", title=None, sort=order)
        )
    return chart.properties(width=width, height=height)


def yes_no_chart(
    frame: pl.DataFrame,
    *,
    title: str | None = None,
    width: int = 420,
    order: list[str] | None = None,
) -> alt.Chart:
    """The chance of yes for each yes/no question (``3d6 > 2d8 + 2``): one bar each on a
    0-100% scale, labelled with the exact fraction, in the frame's order (or ``order``'s,
    which also fixes the colours). A distribution of 0s and 1s drawn as two bars hides the
    one number that matters."""
    framed = exact_fractions(
        frame if "expr" in frame.columns else frame.with_columns(pl.lit("").alias("expr"))
    )
    rows = []
    for g in framed.partition_by("expr", maintain_order=True):
        yes = g.filter(pl.col("outcome") == 1)
        p = float(yes["p"][0]) if yes.height else 0.0
        exact = yes["exactly"][0] if yes.height else "0"
        rows.append(
            {
                "expr": g["expr"][0],
                "p": p,
                "exact": exact,
                "label": exact if exact.startswith("≈") else f"{exact} ≈ {p:.1%}",
            }
        )
    data = pl.DataFrame(
        rows, schema={"expr": pl.String, "p": pl.Float64, "exact": pl.String, "label": pl.String}
    )
    order = order or data["expr"].to_list()
    y = alt.Y("expr:N", sort=order, title=None, axis=alt.Axis(labelLimit=220))
    base = alt.Chart(data).encode(y=y)
    track = base.mark_bar(opacity=0.12, color="gray").encode(x=alt.datum(1))
    bars = base.mark_bar().encode(
        x=alt.X(
            "p:Q", scale=alt.Scale(domain=[0, 1]), axis=alt.Axis(format="%"), title="chance of yes"
        ),
        color=alt.Color("expr:N", scale=alt.Scale(domain=order), legend=None),
        tooltip=[
            alt.Tooltip("expr:N", title="expression"),
            alt.Tooltip("exact:N", title="probability"),
            alt.Tooltip("p:Q", format=".2%", title="≈"),
        ],
    )
    labels = base.mark_text(align="left", dx=4).encode(x="p:Q", text="label:N")
    return (track + bars + labels).properties(
        title=fitted(title or "", width), width=width, height=28 * len(rows) + 8
    )
