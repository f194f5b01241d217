"""Card tables of the RFG Mod classes (rules: rules.md).

data/rfg_classes/classes.csv holds the class stat table (health and speed as % of a baseline
soldier, equipment, role, level-20 badge) and unlocks.csv the progression graph, one edge a
line: a class (or the general level) reaching a level unlocks another class.
"""

from __future__ import annotations

import pandera.polars as pa

from workbench.cards import (
    CardSet,
    Problem,
    Ref,
    TableSpec,
    int_column,
    problem_at,
    text_column,
)

# The player's overall level, which rises with every match whatever class is played.
GENERAL = "general"
MAX_LEVEL = 100


def _percent(doc: str) -> pa.Column:
    return int_column(doc, pa.Check.in_range(1, 1000))


TABLES: dict[str, TableSpec] = {
    "classes": TableSpec(
        file="classes.csv",
        key="name",
        doc="The classes: health and speed against a baseline soldier, equipment and role.",
        schema=pa.DataFrameSchema(
            {
                "name": text_column("Class name, as unlocks.csv names it", unique=True),
                "health_min": _percent(
                    "Health, % of the baseline (the low end where the source gives a range, A-R2)"
                ),
                "health_max": _percent(
                    "Health, % of the baseline (the high end; the same as "
                    "health_min for a single value)"
                ),
                "speed": _percent("Speed, % of the baseline"),
                "equipment": text_column("What the class carries, items separated by ';'"),
                "role": text_column("What the class is for, for people"),
                "badge": text_column("Badge earned at badge_level (blank: none)", nullable=True),
                "badge_level": int_column(
                    "Class level that earns the badge", pa.Check.in_range(1, MAX_LEVEL)
                ),
            }
        ),
    ),
    "unlocks": TableSpec(
        file="unlocks.csv",
        key="id",
        doc="The unlock graph: when `class` reaches `level`, `unlocks` becomes playable.",
        schema=pa.DataFrameSchema(
            {
                "id": text_column("Name of the line, e.g. 'Recon 5'", unique=True),
                "class": text_column(
                    f"The class that levels up, or '{GENERAL}' for the player's "
                    "general level (general 1: playable from the start)"
                ),
                "level": int_column("Level it must reach", pa.Check.in_range(1, MAX_LEVEL)),
                "unlocks": text_column("The class it unlocks"),
            }
        ),
        refs={"class": Ref("classes.name", also=(GENERAL,)), "unlocks": "classes.name"},
    ),
}


def cross_check(cards: CardSet) -> list[Problem]:
    """A health range runs low to high. The graph's own checks (reachable, no cycles,
    badges) are findings of the analysis, not refusals: a designer reworking the tree passes
    through such states."""
    return [
        problem_at(
            cards,
            "classes",
            i,
            "health_max",
            issue=f"is below health_min {low}",
            expected=f"at least {low}",
        )
        for i, (low, high) in enumerate(
            cards["classes"].select("health_min", "health_max").iter_rows()
        )
        if high < low
    ]
