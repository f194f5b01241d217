"""Card tables of Co-op Dungeon Cards (rules: rules.md, section 1).

The numbers live in data/coop/*.csv; this module declares what each column means and which
values the rules can handle, which columns name rows of other tables, and checks the rules that
span tables.
"""

from __future__ import annotations

from pathlib import Path

import pandera.polars as pa
import polars as pl

from workbench.cards import (
    CardSet,
    Problem,
    TableSpec,
    data_dir,
    int_column,
    problem_at,
    text_column,
)
from workbench.cards import load as load_cards

DAMAGE_TYPES = ["melee", "ranged"]
FAMILIES = ["Sword", "Dagger", "Bow", "Armor", "Spell", "Shield"]
TIERS = ["Low", "Middle", "High", "Unique", "Minor", "Major", "Master"]
# Each special ability is implemented for one family of item only.
SPECIALS = {
    "none": None,
    "double_own_damage": "Sword",
    "ranged_dagger": "Dagger",
    "auto_hits": "Bow",
    "regen_round": "Armor",
    "heal_on_hit": "Spell",
    "reflect_half": "Shield",
}
PLAYER_COUNTS = range(2, 6)


def _fighter(who: str) -> dict[str, pa.Column]:
    """The stat columns shared by player classes and enemies (tables 1.2 and 1.3)."""
    return {
        "health": int_column(
            f"Health the {who} starts with; at 0 or less it is out", pa.Check.ge(1)
        ),
        "armor": int_column(
            "Armor: absorbs damage before Health, restored every Round", pa.Check.ge(0)
        ),
        "dodge": int_column(
            "Dodge: an attack roll must exceed it to hit; each miss lowers it by 1", pa.Check.ge(0)
        ),
        "damage": int_column(f"Damage a {who} deals per hit", pa.Check.ge(0)),
        "damage_type": text_column("Damage type (melee or ranged)", pa.Check.isin(DAMAGE_TYPES)),
        "dice": int_column(
            "d6 rolled per attack; their sum must exceed the target's Dodge",
            pa.Check.in_range(0, 6),
        ),
    }


TABLES: dict[str, TableSpec] = {
    "classes": TableSpec(
        file="classes.csv",
        key="name",
        doc="Player classes (table 1.2). Class damage is added to weapon damage of its type.",
        schema=pa.DataFrameSchema(
            {
                "name": text_column("Class name", unique=True),
                **_fighter("player"),
                "copies": int_column(
                    "Player cards of this class: at most this many players pick it", pa.Check.ge(0)
                ),
            }
        ),
    ),
    "enemies": TableSpec(
        file="enemies.csv",
        key="name",
        doc="Enemy types (table 1.3). Every enemy of a type is identical.",
        schema=pa.DataFrameSchema(
            {
                "name": text_column("Enemy type, as encounters.csv names it", unique=True),
                **_fighter("enemy"),
                "copies": int_column(
                    "Enemy cards of this type: the most that can be on the table", pa.Check.ge(0)
                ),
            }
        ),
    ),
    "encounters": TableSpec(
        file="encounters.csv",
        key="id",
        doc="Encounter deck (table 1.4): one card per row.",
        schema=pa.DataFrameSchema(
            {
                "id": text_column("Card id", unique=True),
                "enemy": text_column("Enemy type fought, a name from enemies.csv"),
                "base": int_column("Number of enemies the card fields", pa.Check.ge(1)),
                "reinforcements": int_column(
                    "Extra encounter cards drawn when this card starts a Battle (the +k); "
                    "drawn as a reinforcement it fields base + k enemies instead",
                    pa.Check.ge(0),
                ),
                "loot": int_column(
                    "Loot cards paid when this card starts a Battle", pa.Check.ge(0)
                ),
                "first_allowed": pa.Column(
                    pl.Boolean, description="May be chosen as the first Battle (true or false)"
                ),
            }
        ),
        refs={"enemy": "enemies.name"},
    ),
    "loot": TableSpec(
        file="loot.csv",
        key="id",
        doc="Loot deck (table 1.5): one row per kind of item, `copies` cards of each.",
        schema=pa.DataFrameSchema(
            {
                "id": text_column("Card id", unique=True),
                "name": text_column("Item name", unique=True),
                "family": text_column(
                    "Item family: decides slots and limits", pa.Check.isin(FAMILIES)
                ),
                "tier": text_column(
                    "Tier (Low/Middle/High for gear, Minor/Major/Master for spells)",
                    pa.Check.isin(TIERS),
                ),
                "copies": int_column("Cards of this item in the loot deck", pa.Check.ge(0)),
                "hands": int_column(
                    "Hands the item takes (0 = body slot)", pa.Check.in_range(0, 2)
                ),
                "dice": int_column(
                    "d6 rolled when attacking with it (0 = no roll)", pa.Check.in_range(0, 6)
                ),
                "damage": int_column("Damage the item adds on a hit (0 = none)", pa.Check.ge(0)),
                "damage_type": text_column(
                    "Type of the item's damage", pa.Check.isin([*DAMAGE_TYPES, "none"])
                ),
                "hits": int_column(
                    "Automatic hits made instead of a roll", pa.Check.in_range(0, 6)
                ),
                "heal": int_column(
                    "Health a Healing spell restores per turn (0 = not a heal)", pa.Check.ge(0)
                ),
                "armor": int_column("Added to the wearer's maximum Armor", pa.Check.ge(0)),
                "dodge": int_column(
                    "Added to the wielder's maximum Dodge (negative lowers it)",
                    pa.Check.in_range(-10, 10),
                ),
                "special": text_column(
                    "Special ability the rules implement", pa.Check.isin(list(SPECIALS))
                ),
                "text": text_column("What the card says, for people"),
            }
        ),
    ),
    "battles": TableSpec(
        file="battles.csv",
        key="players",
        doc="Battles the party must win, by number of players (table 1.6).",
        schema=pa.DataFrameSchema(
            {
                "players": int_column("Number of players", pa.Check.in_range(1, 10), unique=True),
                "battles": int_column("Battles to win for that many players", pa.Check.ge(1)),
            }
        ),
    ),
}


def cross_check(cards: CardSet) -> list[Problem]:
    """Rule consistency across cells and tables; CardSet checks the declared refs first."""
    return [
        *_size_problems(cards),
        *_encounter_problems(cards),
        *_battle_problems(cards),
        *_loot_problems(cards),
    ]


# Upper bounds the rules do not print but play needs: at most 6 dice roll at once, so a Dodge
# above 36 can never be hit; the others keep a deck, a table or a fight to a size that plays
# in reasonable time (a loot deck of a billion cards would not), far above any design's needs.
# Checked here rather than in the schemas so the schema hints stay the rules' own bounds.
LIMITS = {
    ("classes", "health"): 1000,
    ("enemies", "health"): 1000,
    ("classes", "dodge"): 40,
    ("enemies", "dodge"): 40,
    ("classes", "armor"): 100,
    ("enemies", "armor"): 100,
    ("classes", "damage"): 100,
    ("enemies", "damage"): 100,
    ("classes", "copies"): 10,
    ("enemies", "copies"): 100,
    ("encounters", "base"): 100,
    ("encounters", "reinforcements"): 100,
    ("encounters", "loot"): 100,
    ("loot", "copies"): 100,
    ("loot", "damage"): 100,
    ("loot", "heal"): 100,
    ("loot", "armor"): 100,
    ("battles", "battles"): 100,
}


def _size_problems(cards: CardSet) -> list[Problem]:
    problems = []
    for (table, column), most in LIMITS.items():
        values = cards[table][column]
        top = values.max()  # far cheaper to ask than where; every card edit asks it
        if top is None or top <= most:
            continue
        for i in (values > most).arg_true().to_list():
            problems.append(
                problem_at(
                    cards,
                    table,
                    i,
                    column,
                    issue="is more than play can use",
                    expected=f"at most {most}",
                )
            )
    return problems


def load(path: Path | str | None = None) -> CardSet:
    """The co-op cards from `path` (default: the cards shipped with the workbench)."""
    directory = data_dir("coop") if path is None else Path(path)
    return load_cards(TABLES, directory, game="coop", cross_check=cross_check)


def _encounter_problems(cards: CardSet) -> list[Problem]:
    enemies = dict(cards["enemies"].select("name", "copies").iter_rows())
    encounters = cards["encounters"]
    problems = []
    for i, row in enumerate(encounters.iter_rows(named=True)):
        if row["enemy"] not in enemies:
            continue  # the reference check reports it
        # A reinforcement fields base + k enemies, and all must come from the enemy cards.
        needed = row["base"] + row["reinforcements"]
        if needed > enemies[row["enemy"]]:
            problems.append(
                problem_at(
                    cards,
                    "encounters",
                    i,
                    "base",
                    value=row["base"],
                    issue=f"plus {row['reinforcements']} reinforcements needs {needed} "
                    f"{row['enemy']} cards",
                    expected=f"at most {enemies[row['enemy']]} (the copies of {row['enemy']} "
                    "in enemies.csv)",
                )
            )
    if not encounters["first_allowed"].any():
        problems.append(
            Problem(
                file="encounters.csv",
                table="encounters",
                column="first_allowed",
                message="encounters.csv, column 'first_allowed': no encounter is allowed as the "
                "first Battle; expected true on at least one line",
            )
        )
    return problems


def _battle_problems(cards: CardSet) -> list[Problem]:
    covered = set(cards["battles"]["players"].to_list())
    missing = [n for n in PLAYER_COUNTS if n not in covered]
    if not missing:
        return []
    return [
        Problem(
            file="battles.csv",
            table="battles",
            column="players",
            message=f"battles.csv, column 'players': no line for {', '.join(map(str, missing))} "
            f"players; expected a line for every player count from {PLAYER_COUNTS[0]} "
            f"to {PLAYER_COUNTS[-1]}",
        )
    ]


def _loot_problems(cards: CardSet) -> list[Problem]:
    problems = []
    for i, row in enumerate(cards["loot"].iter_rows(named=True)):

        def bad(column, issue, expected, i=i):
            problems.append(problem_at(cards, "loot", i, column, issue=issue, expected=expected))

        family = SPECIALS[row["special"]]
        if family is not None and row["family"] != family:
            bad(
                "special",
                f"is not a {row['family']} ability",
                f"'none' or an ability of the {row['family']} family",
            )
        if row["heal"] > 0 and row["family"] != "Spell":
            bad("heal", f"is a heal on a {row['family']}", "0 (only spells heal)")
        if row["damage"] > 0 and row["damage_type"] == "none":
            bad("damage_type", f"with damage {row['damage']}", "melee or ranged")
        if row["damage"] == 0 and row["damage_type"] != "none":
            bad("damage_type", "with damage 0", "none (the item deals no damage)")
        if row["dice"] > 0 and row["damage"] == 0:
            bad("dice", "with damage 0", "0 (a roll needs damage to deal)")
        if (row["hits"] > 0) != (row["special"] == "auto_hits"):
            bad(
                "hits",
                f"with special '{row['special']}'",
                "automatic hits exactly when special is auto_hits",
            )
        if row["hits"] > 0 and row["dice"] > 0:
            bad("dice", "on an item with automatic hits", "0 (automatic hits replace the roll)")
        if row["special"] == "ranged_dagger" and row["damage_type"] != "ranged":
            bad("damage_type", "on a ranged_dagger", "ranged")
    return problems
