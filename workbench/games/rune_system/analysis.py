"""Analyses of the Rune System: the combination space and what is left to design, essence costs,
and the two vulnerability models compared (rules.md).

Every function takes the CardSet (edited or shipped); frames are tidy polars tables and charts
are Altair values built from them. Shares and multipliers are computed exactly (Fractions) and
shown as floats.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import altair as alt
import polars as pl

from ...charts.titles import fitted
from .cards import KINDS
from .spells import MODELS, Runebook

HARSHER = {1: "tiered", -1: "proportional", 0: "neither"}


def _book(cards) -> Runebook:
    return cards if isinstance(cards, Runebook) else Runebook(cards)


def shape(book: Runebook, combo) -> str:
    """The kinds a combination holds, e.g. 'element + action + modifier'."""
    return " + ".join(book.kind[x] for x in combo)


# -- the combination space ----------------------------------------------------------------
def combinations(cards, slots: int | None = None) -> pl.DataFrame:
    """Every combination of 1 to `slots` distinct runes (default: the rules' slots), with its
    verdict and the rule behind it, the spell that describes it and its essence cost."""
    if slots is not None and (isinstance(slots, bool) or not isinstance(slots, int) or slots < 1):
        raise ValueError(
            f"slots: give a whole number from 1 (or None for the rules' slots), not {slots!r}"
        )
    book = _book(cards)
    rows = []
    for combo in book.combinations(slots):
        cast = book.cast(combo, slots)
        spell = cast.spell
        rows.append(
            {
                "runes": book.label(combo),
                "size": len(combo),
                "shape": shape(book, combo),
                **{f"{kind}s": sum(book.kind[x] == kind for x in combo) for kind in KINDS},
                "valid": cast.verdict.valid,
                "rule": cast.verdict.rule,
                "reason": cast.verdict.reason,
                "spell": spell.name if spell else None,
                "described_by": len(cast.spells),
                "essence": float(cast.cost),
                "bar_share": float(cast.spent),
            }
        )
    return pl.DataFrame(rows, schema_overrides={"spell": pl.String})


def to_design(cards, slots: int | None = None) -> pl.DataFrame:
    """The valid combinations no spell describes yet: what the designer has left to design."""
    frame = combinations(cards, slots)
    return frame.filter(pl.col("valid") & pl.col("spell").is_null()).select(
        "runes", "shape", "essence"
    )


def summary(cards, slots: int | None = None) -> pl.DataFrame:
    """Per shape of combination (element alone, element + action, ...): how many are valid,
    how many are designed, how many are left."""
    frame = combinations(cards, slots).filter(pl.col("valid"))
    return (
        frame.group_by("shape", maintain_order=True)
        .agg(
            pl.col("size").first(),
            pl.len().alias("valid"),
            pl.col("spell").is_not_null().sum().alias("designed"),
        )
        .with_columns((pl.col("valid") - pl.col("designed")).alias("left"))
        .sort("size", maintain_order=True)
        .drop("size")
    )


def duplicates(cards) -> pl.DataFrame:
    """Combinations described by more than one spell row. The explorer shows the most
    specific row (fewest 'any' cells; then the first in the table): `shown`."""
    book = _book(cards)
    rows = [
        {
            "runes": book.label(combo),
            "spells": ", ".join(s.name for s in spells),
            "shown": spells[0].name,
        }
        for combo, spells in book.described.items()
        if len(spells) > 1
    ]
    return pl.DataFrame(
        rows, schema={"runes": pl.String, "spells": pl.String, "shown": pl.String}
    ).sort("runes")


def misfits(cards, slots: int | None = None) -> pl.DataFrame:
    """Designed spells whose combination the rules do not allow (too many runes for the
    slots, two elements, ...), with the reason."""
    book = _book(cards)
    rows = []
    for combo, spells in book.described.items():
        verdict = book.check(combo, slots)
        if not verdict.valid:
            rows.extend(
                {"spell": s.name, "runes": book.label(combo), "reason": verdict.reason}
                for s in spells
            )
    return pl.DataFrame(
        rows, schema={"spell": pl.String, "runes": pl.String, "reason": pl.String}
    ).sort("spell", "runes")


def design_grid(cards, modifier: str | None = None) -> alt.Chart:
    """The element × action grid (with `modifier` added to each cell if given): the spell of
    each cell, or an empty cell left to design."""
    book = _book(cards)
    rows = []
    for element in book.by_kind["element"]:
        for action in book.by_kind["action"]:
            combo = book.combo([element, action, *([modifier] if modifier else [])])
            cast = book.cast(combo)
            rows.append(
                {
                    "element": element,
                    "action": action,
                    "spell": cast.spell.name if cast.spell else "",
                    "state": ("designed" if cast.spell else "to design")
                    if cast.verdict.valid
                    else "not valid",
                }
            )
    data = pl.DataFrame(rows)
    base = alt.Chart(data).encode(
        x=alt.X(
            "action:N",
            sort=book.by_kind["action"],
            title="action rune",
            axis=alt.Axis(orient="top", labelAngle=0),
        ),
        y=alt.Y("element:N", sort=book.by_kind["element"], title="element rune"),
    )
    # Translucent cells tint the page behind them, so the spell names keep the page's text
    # colour readable on them in light and dark themes alike.
    states = ["designed", "to design", "not valid"]
    cells = base.mark_rect(stroke="gray", strokeOpacity=0.4).encode(
        color=alt.Color(
            "state:N",
            title=None,
            scale=alt.Scale(domain=states, range=["#4c8fc7", "#9e9e9e", "#737373"]),
        ),
        opacity=alt.Opacity(
            "state:N", title=None, scale=alt.Scale(domain=states, range=[0.6, 0.12, 0.45])
        ),
        tooltip=["element", "action", "spell", "state"],
    )
    names = base.mark_text(fontSize=11).encode(text="spell:N")
    title = "Element × action" + (f" + {modifier}" if modifier else "") + ": designed spells"
    return (cells + names).properties(width=560, height=240, title=fitted(title, 560))


# -- essence --------------------------------------------------------------------------------
def cost_chart(cards, slots: int | None = None) -> alt.Chart:
    """Essence cost of every valid combination, one row per shape; a dot's size is how many
    combinations cost that much."""
    frame = combinations(cards, slots).filter(pl.col("valid"))
    data = frame.group_by("shape", "essence").agg(
        pl.len().alias("combinations"),
        pl.col("runes").first().alias("example"),
        pl.col("size").first(),
    )
    # Shapes in the order the combinations come: by size, elements before actions.
    order = frame["shape"].unique(maintain_order=True).to_list()
    bar = _book(cards).rules.essence_bar
    dots = (
        alt.Chart(data)
        .mark_circle(opacity=0.8)
        .encode(
            x=alt.X(
                "essence:Q",
                title=f"essence cost (a full bar holds {bar})",
                scale=alt.Scale(zero=True),
            ),
            y=alt.Y("shape:N", sort=order, title=None),
            size=alt.Size("combinations:Q", title="combinations"),
            tooltip=["shape", alt.Tooltip("essence:Q", format=".1f"), "combinations", "example"],
        )
    )
    full = (
        alt.Chart(pl.DataFrame({"essence": [bar]}))
        .mark_rule(strokeDash=[4, 4], color="gray")
        .encode(x="essence:Q")
    )
    return (dots + full).properties(
        width=460, title=fitted("Essence cost of each valid combination", 460)
    )


# -- vulnerability --------------------------------------------------------------------------
def vulnerability(cards, step: int = 1) -> pl.DataFrame:
    """Damage taken (as a share of the base damage) against the share of the essence bar
    spent, every `step` percent, under both models."""
    if isinstance(step, bool) or not isinstance(step, int) or not 1 <= step <= 100:
        raise ValueError(f"step: give a whole number of percent from 1 to 100, not {step!r}")
    book = _book(cards)
    rows = []
    for percent in range(0, 101, step):
        debuffs, damage = book.vulnerability(Fraction(percent, 100))
        rows.extend(
            {
                "spent": percent / 100,
                "model": model,
                "damage": float(damage[model]),
                "debuffs": debuffs,
            }
            for model in MODELS
        )
    return pl.DataFrame(rows)


def harsher(cards) -> pl.DataFrame:
    """Stretches of the essence bar and which model makes the caster take more damage there,
    found exactly: the tiered model is a staircase, the proportional one a straight line, so
    the lead can change only at a section's edge or where the line meets a step."""
    book = _book(cards)
    r = book.rules
    step, slope = Fraction(r.debuff, 100), Fraction(r.proportional, 100)
    points = {Fraction(j, r.sections) for j in range(r.sections + 1)}
    if slope:
        points |= {
            step * j / slope
            for j in range(r.sections)
            if Fraction(j, r.sections) <= step * j / slope < Fraction(j + 1, r.sections)
        }
    points = sorted(p for p in points if 0 <= p <= 1)
    stretches: list[list] = []
    for a, b in itertools.pairwise(points):
        _, damage = book.vulnerability((a + b) / 2)
        gap = damage["tiered"] - damage["proportional"]
        sign = (gap > 0) - (gap < 0)
        if stretches and stretches[-1][2] == sign:
            stretches[-1][1] = b
        else:
            stretches.append([a, b, sign])
    return pl.DataFrame(
        [
            {
                "from": float(a),
                "to": float(b),
                "harsher": HARSHER[s],
                "from_exact": str(a),
                "to_exact": str(b),
            }
            for a, b, s in stretches
        ]
    )


def break_even(cards) -> Fraction | None:
    """The share of essence spent from which one model is harsher all the way to an empty
    bar (the last change of lead); None when the same model is harsher (or neither) all
    along."""
    stretches = harsher(cards)
    if stretches.height < 2:
        return None
    return Fraction(stretches["from_exact"][-1])


WIDTH = 460


def vulnerability_chart(cards) -> alt.Chart:
    """Damage taken against essence spent under both models, with the break-even point."""
    book = _book(cards)
    r = book.rules
    data = vulnerability(book)
    base = alt.Chart(data).encode(
        x=alt.X("spent:Q", axis=alt.Axis(format="%"), title="essence spent"),
        y=alt.Y(
            "damage:Q", axis=alt.Axis(format="%"), title="damage taken", scale=alt.Scale(zero=False)
        ),
        color=alt.Color(
            "model:N",
            title="model",
            scale=alt.Scale(domain=list(MODELS), range=["#e45756", "#4c78a8"]),
        ),
        tooltip=[
            alt.Tooltip("spent:Q", format=".0%"),
            "model:N",
            alt.Tooltip("damage:Q", format=".0%"),
            "debuffs:Q",
        ],
    )
    # The tiered model is a staircase: each step holds until the next section is spent.
    lines = base.mark_line(interpolate="step-after").transform_filter(
        alt.datum.model == "tiered"
    ) + base.mark_line().transform_filter(alt.datum.model == "proportional")
    title = fitted(
        "Damage taken: tiered against proportional",
        WIDTH,
        subtitle=[
            f"tiered: {r.sections} sections, +{r.debuff}% each",
            f"proportional: {r.proportional}% of the share spent",
        ],
    )
    point = break_even(book)
    if point is None:
        return lines.properties(width=WIDTH, title=title)
    last = harsher(book)["harsher"][-1]
    mark = pl.DataFrame(
        {
            "spent": [float(point)],
            "label": [f"break-even {float(point):.0%}: {last} harsher beyond"],
        }
    )
    rule = alt.Chart(mark).mark_rule(strokeDash=[4, 4], color="gray").encode(x="spent:Q")
    # No colour of its own: the label takes the theme's text colour, readable on a dark page.
    text = (
        alt.Chart(mark).mark_text(align="right", dx=-4, dy=-110).encode(x="spent:Q", text="label:N")
    )
    return (lines + rule + text).properties(width=WIDTH, title=title)
