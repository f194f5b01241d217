"""Analyses of the RFG Mod classes (rules.md): the checks a
designer wants on the unlock graph, the health and speed budget, the graph drawn, and how many
plays unlocking every class takes.

Every function takes the CardSet (edited or shipped).
"""

from __future__ import annotations

from collections import defaultdict

import altair as alt
import polars as pl

from ...charts.titles import fitted
from . import graph
from .cards import GENERAL
from .progression import Levelling, Progression

# Where a stacked bar starts, typed like the stats it stacks.
ZERO = pl.lit(0, dtype=pl.Int64)
FINDINGS = {
    "unreachable": "no chain of unlocks reaches it from the general level",
    "cycle": "a chain of unlocks comes back to where it started",
    "duplicate badge": "two classes earn a badge of the same name (A-R1)",
    "health range": "health is a range, not one number (A-R2)",
}


def check(cards) -> pl.DataFrame:
    """What a designer should look at in the class table and the unlock graph: classes out
    of reach, cycles, badges named twice, health given as a range. One row per finding."""
    g = graph.build(cards)
    rows = [
        {"finding": "unreachable", "classes": name, "detail": f"{name}: {FINDINGS['unreachable']}"}
        for name in graph.unreachable(g)
    ]
    rows += [
        {"finding": "cycle", "classes": ", ".join(cycle), "detail": " → ".join([*cycle, cycle[0]])}
        for cycle in graph.cycles(g)
    ]
    for badge, owners in duplicate_badges(cards).items():
        rows.append(
            {
                "finding": "duplicate badge",
                "classes": ", ".join(owners),
                "detail": f"{' and '.join(owners)} both earn {badge!r}",
            }
        )
    for name, low, high in cards["classes"].select("name", "health_min", "health_max").iter_rows():
        if low != high:
            rows.append(
                {
                    "finding": "health range",
                    "classes": name,
                    "detail": f"{name}: health {low}–{high}%; the budget shows both ends",
                }
            )
    return pl.DataFrame(
        rows, schema={"finding": pl.String, "classes": pl.String, "detail": pl.String}
    )


def duplicate_badges(cards) -> dict[str, list[str]]:
    """Badge name -> the classes that earn it, for names more than one class earns."""
    owners = defaultdict(list)
    for name, badge in cards["classes"].select("name", "badge").iter_rows():
        if badge is not None:
            owners[badge].append(name)
    return {badge: names for badge, names in owners.items() if len(names) > 1}


def unlock_graph(cards) -> graph.Drawing:
    """The unlock graph drawn (SVG), with badges named twice marked under their classes."""
    notes = {
        name: f"badge {badge!r} named twice"
        for badge, names in duplicate_badges(cards).items()
        for name in names
    }
    return graph.draw(cards, notes=notes)


# -- the budget ---------------------------------------------------------------------------
def budget(cards) -> pl.DataFrame:
    """Health + speed per class, a rough durability-mobility budget (100 + 100 is the
    baseline soldier), low and high ends where health is a range."""
    starts = set(cards["unlocks"].filter(pl.col("class") == GENERAL)["unlocks"].to_list())
    return cards["classes"].select(
        "name",
        "health_min",
        "health_max",
        "speed",
        (pl.col("health_min") + pl.col("speed")).alias("budget_min"),
        (pl.col("health_max") + pl.col("speed")).alias("budget_max"),
        pl.when(pl.col("name").is_in(list(starts)))
        .then(pl.lit("starting class"))
        .otherwise(pl.lit("unlocked"))
        .alias("tier"),
    )


def budget_chart(cards) -> alt.Chart:
    """Health and speed stacked per class, the budget's total at the end of each bar, the
    baseline (200 %) as a rule; a health range shows its upper part paler."""
    frame = budget(cards)
    order = frame.sort("budget_max", descending=True)["name"].to_list()
    parts = pl.concat(
        [
            frame.select(
                "name",
                pl.lit("speed").alias("part"),
                ZERO.alias("start"),
                pl.col("speed").alias("end"),
            ),
            frame.select(
                "name",
                pl.lit("health").alias("part"),
                pl.col("speed").alias("start"),
                pl.col("budget_min").alias("end"),
            ),
            frame.filter(pl.col("health_max") > pl.col("health_min")).select(
                "name",
                pl.lit("health (upper end of range)").alias("part"),
                pl.col("budget_min").alias("start"),
                pl.col("budget_max").alias("end"),
            ),
        ]
    )
    y = alt.Y("name:N", sort=order, title=None)
    # Room at the right for the longest bar's label.
    scale = alt.Scale(domain=[0, frame["budget_max"].max() * 1.15], nice=False)
    bars = (
        alt.Chart(parts)
        .mark_bar()
        .encode(
            y=y,
            x=alt.X(
                "start:Q", title="health % + speed % (baseline soldier: 100 + 100)", scale=scale
            ),
            x2="end:Q",
            color=alt.Color(
                "part:N",
                title=None,
                scale=alt.Scale(
                    domain=["speed", "health", "health (upper end of range)"],
                    range=["#4c78a8", "#e45756", "#f4a7a5"],
                ),
            ),
            tooltip=[
                "name",
                "part",
                alt.Tooltip("start:Q", title="from"),
                alt.Tooltip("end:Q", title="to"),
            ],
        )
    )
    totals = (
        alt.Chart(
            frame.with_columns(
                pl.when(pl.col("budget_min") == pl.col("budget_max"))
                .then(pl.col("budget_max").cast(pl.String) + "%")
                .otherwise(
                    pl.col("budget_min").cast(pl.String)
                    + "–"
                    + pl.col("budget_max").cast(pl.String)
                    + "%"
                )
                .alias("label")
            )
        )
        .mark_text(align="left", dx=4, fontSize=11)
        .encode(y=y, x="budget_max:Q", text="label:N")
    )
    baseline = (
        alt.Chart(pl.DataFrame({"x": [200]}))
        .mark_rule(strokeDash=[4, 4], color="gray")
        .encode(x="x:Q")
    )
    return (bars + totals + baseline).properties(
        width=460, title=fitted("Durability-mobility budget per class", 460)
    )


# -- plays to unlock ------------------------------------------------------------------------
def unlock_plays(
    cards,
    plays_per_level=3,
    *,
    extra_per_level=0,
    general_plays_per_level=None,
    every_class_at: int | None = None,
) -> pl.DataFrame:
    """Per class: the fewest plays that unlock it, the route, and the plays to then earn its
    badge. Levelling: `plays_per_level` plays for a class's first level, `extra_per_level`
    more for each level after (0: a flat rate); the general level rises with every play, a
    level every `general_plays_per_level` plays (default: as a class levels);
    `every_class_at` is the general level that unlocks every class (A-R3 leaves it open;
    None: no such level)."""
    progress = _progression(
        cards, plays_per_level, extra_per_level, general_plays_per_level, every_class_at
    )
    rows = []
    for name in progress.classes:
        route = progress.cheapest([name])
        badge = progress.badge_level[name]
        rows.append(
            {
                "class": name,
                "plays_to_unlock": None if route is None else route.plays,
                "route": "never: out of reach" if route is None else route.describe(),
                "plays_to_badge": None if route is None else progress.levelling.plays_to(badge),
            }
        )
    return pl.DataFrame(
        rows,
        schema={
            "class": pl.String,
            "plays_to_unlock": pl.Int64,
            "route": pl.String,
            "plays_to_badge": pl.Int64,
        },
    )


def every_class(
    cards,
    plays_per_level=3,
    *,
    extra_per_level=0,
    general_plays_per_level=None,
    every_class_at: int | None = None,
    badges: bool = False,
):
    """The cheapest Route that unlocks every class (with `badges`, also earns every badge),
    or None if some class is out of reach."""
    progress = _progression(
        cards, plays_per_level, extra_per_level, general_plays_per_level, every_class_at
    )
    floors = progress.badge_level if badges else None
    return progress.cheapest(progress.classes, floors)


def _progression(
    cards, plays_per_level, extra_per_level, general_plays_per_level, every_class_at
) -> Progression:
    levelling = Levelling(plays_per_level, extra_per_level)
    general = None if general_plays_per_level is None else Levelling(general_plays_per_level)
    return Progression(cards, levelling, general, every_class_at=every_class_at)


def unlock_chart(cards, plays_per_level=3, **options) -> alt.Chart:
    """Plays to unlock each class by its cheapest route, and then to earn its badge, stacked;
    the title gives the plays that unlock every class."""
    frame = unlock_plays(cards, plays_per_level, **options).filter(
        pl.col("plays_to_unlock").is_not_null()
    )
    everything = every_class(cards, plays_per_level, **options)
    order = frame.sort("plays_to_unlock", "class")["class"].to_list()
    parts = pl.concat(
        [
            frame.select(
                "class",
                pl.lit("to unlock").alias("part"),
                ZERO.alias("start"),
                pl.col("plays_to_unlock").alias("end"),
                "route",
            ),
            frame.select(
                "class",
                pl.lit("then to its badge").alias("part"),
                pl.col("plays_to_unlock").alias("start"),
                (pl.col("plays_to_unlock") + pl.col("plays_to_badge")).alias("end"),
                "route",
            ),
        ]
    )
    rate = f"{plays_per_level} plays per level"
    if options.get("extra_per_level"):
        rate += f", +{options['extra_per_level']} per level after"
    title = fitted(
        f"Plays to unlock each class ({rate})",
        460,
        anchor="start",
        subtitle=[
            "Every class: "
            + (
                "never, some class is out of reach"
                if everything is None
                else f"{everything.plays} plays"
            ),
            "" if everything is None else f"({everything.describe()})",
        ],
    )
    return (
        alt.Chart(parts)
        .mark_bar()
        .encode(
            y=alt.Y("class:N", sort=order, title=None),
            x=alt.X("start:Q", title="plays"),
            x2="end:Q",
            color=alt.Color(
                "part:N",
                title=None,
                sort=["to unlock", "then to its badge"],
                scale=alt.Scale(range=["#4c78a8", "#c6dbef"]),
            ),
            tooltip=["class", "part", alt.Tooltip("end:Q", title="plays"), "route"],
        )
        .properties(width=460, title=title)
    )
