"""Card tables of the Rune System (rules: rules.md).

data/rune_system/runes.csv holds the runes (element, action, modifier), spells.csv the spells
designed so far (the document's examples), and rules.csv the numbers: rune slots, how many
runes of each kind one spell may hold, the essence cost model and the two vulnerability
models.
"""

from __future__ import annotations

import pandera.polars as pa

from workbench.cards import (
    CardSet,
    Problem,
    Ref,
    TableSpec,
    int_column,
    param_problems,
    params_table,
    problem_at,
    text_column,
)

KINDS = ("element", "action", "modifier")
# A spell's rune cell may name a kind instead of a rune: the spell then covers every rune of
# that kind ("Haste + Strike + any element").
WILDCARDS = {f"any {kind}": kind for kind in KINDS}
MOST_RUNES = 4
RUNE_COLUMNS = [f"rune_{i}" for i in range(1, MOST_RUNES + 1)]
SOURCES = ("document", "designer")
# name -> (lowest, highest) value the analyses handle.
PARAMS = {
    "slots": (1, MOST_RUNES),
    "max_elements": (0, MOST_RUNES),
    "max_actions": (0, MOST_RUNES),
    "max_modifiers": (0, MOST_RUNES),
    "modifier_with_element": (0, 1),
    "essence_bar": (1, 10_000),
    "rune_surcharge": (0, 1_000),
    "modifier_surcharge": (0, 1_000),
    "sections": (1, 100),
    "debuff": (0, 1_000),
    "proportional": (0, 1_000),
}

TABLES: dict[str, TableSpec] = {
    "runes": TableSpec(
        file="runes.csv",
        key="name",
        doc="The runes a player can find: elements, actions and modifiers.",
        schema=pa.DataFrameSchema(
            {
                "name": text_column("Rune name, as spells.csv names it", unique=True),
                "kind": text_column("element, action or modifier", pa.Check.isin(list(KINDS))),
                "alias_of": text_column(
                    "Another name for this rune (blank: a rune of its own); "
                    "spells written with either name are the same spell",
                    nullable=True,
                ),
                "essence": int_column(
                    "Essence the rune adds to a spell's cost (an alias costs "
                    "what the rune it names costs)",
                    pa.Check.in_range(0, 1000),
                ),
                "text": text_column("What the rune does, for people"),
            }
        ),
        refs={"alias_of": "runes.name"},
    ),
    "spells": TableSpec(
        file="spells.csv",
        key="name",
        doc="Spells designed so far: the runes they combine and what they do.",
        schema=pa.DataFrameSchema(
            {
                "name": text_column("Spell name", unique=True),
                **{
                    column: text_column(
                        f"Rune {column[-1]}: a rune from runes.csv, or 'any element' (any action, "
                        "any modifier) for a spell every rune of that kind makes"
                        + ("" if column == "rune_1" else "; blank: none"),
                        nullable=column != "rune_1",
                    )
                    for column in RUNE_COLUMNS
                },
                "effect": text_column("What the spell does, for people"),
                "source": text_column(
                    "Where the spell comes from: the document or the designer",
                    pa.Check.isin(list(SOURCES)),
                ),
            }
        ),
        refs={column: Ref("runes.name", also=tuple(WILDCARDS)) for column in RUNE_COLUMNS},
    ),
    "rules": params_table(
        PARAMS,
        "The numbers of the system: rune slots, runes of each kind per spell, the "
        "essence cost model and the two ways spent essence makes the caster vulnerable.",
        file="rules.csv",
    ),
}


def cross_check(cards: CardSet) -> list[Problem]:
    """Aliases and spells' runes; CardSet checks the declared refs first."""
    return [
        *_alias_problems(cards),
        *_spell_problems(cards),
        *param_problems(cards, "rules", PARAMS),
    ]


def _alias_problems(cards: CardSet) -> list[Problem]:
    kinds = dict(cards["runes"].select("name", "kind").iter_rows())
    aliases = dict(cards["runes"].select("name", "alias_of").iter_rows())
    problems = []
    for i, (name, target) in enumerate(aliases.items()):
        if target is None or target not in kinds:
            continue  # no alias, or one the reference check reports
        if target == name or aliases[target] is not None:
            problems.append(
                problem_at(
                    cards,
                    "runes",
                    i,
                    "alias_of",
                    issue="names an alias",
                    expected="a rune that is not itself another name (blank alias_of)",
                )
            )
        elif kinds[target] != kinds[name]:
            problems.append(
                problem_at(
                    cards,
                    "runes",
                    i,
                    "alias_of",
                    issue=f"is a {kinds[target]}, not a {kinds[name]}",
                    expected=f"a {kinds[name]} rune (another name keeps the kind)",
                )
            )
    return problems


def _spell_problems(cards: CardSet) -> list[Problem]:
    aliases = dict(cards["runes"].select("name", "alias_of").iter_rows())
    problems = []
    for i, row in enumerate(cards["spells"].iter_rows(named=True)):
        seen: dict[str, str] = {}
        for column in RUNE_COLUMNS:
            rune = row[column]
            if rune is None or rune not in aliases:
                continue  # blank, a wildcard, or a name the reference check reports
            same = aliases[rune] or rune
            if same in seen:
                also = "" if rune == seen[same] else f" (the same rune as {seen[same]})"
                problems.append(
                    problem_at(
                        cards,
                        "spells",
                        i,
                        column,
                        issue=f"repeats a rune of the spell{also}",
                        expected="each rune once per spell",
                    )
                )
            seen[same] = rune
    return problems
