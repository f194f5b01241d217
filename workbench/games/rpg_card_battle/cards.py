"""Card tables of RPG Card Battle (rules: rules.md, sections 1 and 6).

The numbers live in data/rpg_card_battle/*.csv; this module declares what each column means and
which values the rules can handle, which columns name rows of other tables, and checks the rules
that span tables.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import pairwise

import pandera.polars as pa

from workbench.cards import (
    CardSet,
    Problem,
    Ref,
    TableSpec,
    bool_column,
    int_column,
    problem_at,
    text_column,
)

KINDS = ["attack", "defend", "shield_bash", "parry", "poison", "item", "passive"]
SLOTS = ["weapon", "shield", "armour", "pack"]
WEAPON_TYPES = ["sword", "dagger", "axe", "mace", "bow", "staff", "none"]
PILES = ["recycle", "spent"]
MAX_LEVEL = 10
CLASS_SET_SIZE = 7
ITEM_CARDS = (5, 7)  # 1.1: each equipment item brings 5 to 7 cards
CLASS_COLUMNS = [f"class_{i}" for i in range(1, CLASS_SET_SIZE + 1)]


def _level(what: str) -> pa.Column:
    return int_column(what, pa.Check.in_range(1, MAX_LEVEL))


TABLES: dict[str, TableSpec] = {
    "cards": TableSpec(
        file="cards.csv",
        key="name",
        doc="Every card that can be in a deck (table 6.2): what it does, as numbers.",
        schema=pa.DataFrameSchema(
            {
                "name": text_column(
                    "Card name, as item_cards.csv and class_pool.csv name it", unique=True
                ),
                "kind": text_column(
                    "ATTACK, DEFEND, SHIELD BASH, PARRY, POISON, Item or Passive",
                    pa.Check.isin(KINDS),
                ),
                "attack": int_column(
                    "Attack modifier when played; for a Passive, the bonus to attacks "
                    "with its weapon type",
                    pa.Check.in_range(0, 20),
                ),
                "attack_vs_guard": int_column(
                    "Attack modifier instead of `attack` when the opponent "
                    "played DEFEND or SHIELD BASH (blank: no change)",
                    pa.Check.in_range(0, 20),
                    nullable=True,
                ),
                "defence": int_column(
                    "Defence modifier this turn when played; for a Passive, the "
                    "defence bonus while in hand",
                    pa.Check.in_range(0, 20),
                ),
                "reflect": int_column(
                    "Damage the attacker takes when this card meets an attack "
                    "(SHIELD BASH; no defence applies)",
                    pa.Check.in_range(0, 20),
                ),
                "heal": int_column("HP healed after the exchange (R-8)", pa.Check.in_range(0, 50)),
                "poison": int_column(
                    "Poison damage to the target at each of the next turns (R-7)",
                    pa.Check.in_range(0, 20),
                ),
                "poison_turns": int_column("Turns the poison lasts", pa.Check.in_range(0, 10)),
                "guard": int_column(
                    "Ongoing defence bonus from the next turn on (Smoke Bomb, A-11)",
                    pa.Check.in_range(0, 20),
                ),
                "guard_turns": int_column(
                    "Turns the ongoing defence lasts", pa.Check.in_range(0, 10)
                ),
                "halve": bool_column(
                    "Passive: incoming non-magic damage is halved while in hand (A-13)"
                ),
                "weapon": text_column(
                    "Passive attack bonus applies to attacks with this weapon type "
                    "('any' for every attack)",
                    pa.Check.isin(["any", *WEAPON_TYPES]),
                ),
                "magic": bool_column(
                    "A magic attack: not a weapon attack, so PARRY and Undead Meat "
                    "do not touch it (A-12)"
                ),
                "after": text_column(
                    "Where the card goes once played: recycle (reshuffled later) or "
                    "spent (gone for good)",
                    pa.Check.isin(PILES),
                ),
                "text": text_column("What the card says, for people"),
            }
        ),
    ),
    "equipment": TableSpec(
        file="equipment.csv",
        key="name",
        doc="Equipment items: their slot and what they add to the character's stats (A-9).",
        schema=pa.DataFrameSchema(
            {
                "name": text_column("Item name", unique=True),
                "slot": text_column(
                    "Equipment slot; a character holds one item per slot", pa.Check.isin(SLOTS)
                ),
                "weapon": text_column(
                    "Weapon type of a weapon ('none' for other slots)", pa.Check.isin(WEAPON_TYPES)
                ),
                "attack": int_column(
                    "Added to the character's base Attack", pa.Check.in_range(-10, 20)
                ),
                "defence": int_column(
                    "Added to the character's base Defence", pa.Check.in_range(-10, 20)
                ),
                "hp": int_column("Added to the character's HP", pa.Check.in_range(-50, 100)),
                "text": text_column("What the item is, for people"),
            }
        ),
    ),
    "item_cards": TableSpec(
        file="item_cards.csv",
        key="id",
        doc="The card list of every equipment item (table 6.3), in order, with level locks.",
        schema=pa.DataFrameSchema(
            {
                "id": text_column("Row id, e.g. 'Longsword 3'", unique=True),
                "item": text_column("Equipment item, a name from equipment.csv"),
                "position": int_column(
                    "Place of the card in the item's list (1 = first)",
                    pa.Check.in_range(1, ITEM_CARDS[1]),
                ),
                "card": text_column("Card, a name from cards.csv"),
                "level": _level("Lowest character level that gets this card (R-16)"),
            }
        ),
        refs={"item": "equipment.name", "card": "cards.name"},
    ),
    "classes": TableSpec(
        file="classes.csv",
        key="name",
        doc="Character classes and their base stats before equipment (A-9).",
        schema=pa.DataFrameSchema(
            {
                "name": text_column("Class name", unique=True),
                "attack": int_column("Base Attack before equipment", pa.Check.in_range(0, 30)),
                "defence": int_column("Base Defence before equipment", pa.Check.in_range(0, 30)),
                "hp": int_column("HP before equipment", pa.Check.in_range(1, 200)),
                "text": text_column("What the class is, for people"),
            }
        ),
    ),
    "class_pool": TableSpec(
        file="class_pool.csv",
        key="card",
        doc="The pool of class cards with their level gates (R-16).",
        schema=pa.DataFrameSchema(
            {
                "card": text_column("Class card, a name from cards.csv", unique=True),
                "class": text_column("Class that may take it, a name from classes.csv, or 'any'"),
                "level": _level("Lowest level that may take it"),
            }
        ),
        refs={"card": "cards.name", "class": Ref("classes.name", also=("any",))},
    ),
    "loadouts": TableSpec(
        file="loadouts.csv",
        key="name",
        doc="Ready-made characters (table 6.1): class, level, equipment and a 7-card class set.",
        schema=pa.DataFrameSchema(
            {
                "name": text_column(
                    "Character name, as the setup option `characters` names it", unique=True
                ),
                "class": text_column("Class, a name from classes.csv"),
                "level": _level("Character level"),
                **{
                    slot: text_column(
                        f"{slot.capitalize()} item from equipment.csv (blank: none)", nullable=True
                    )
                    for slot in SLOTS
                },
                **{
                    col: text_column(f"Class card {col[-1]} of 7, from class_pool.csv")
                    for col in CLASS_COLUMNS
                },
            }
        ),
        refs={
            "class": "classes.name",
            **{slot: "equipment.name" for slot in SLOTS},
            **{col: "class_pool.card" for col in CLASS_COLUMNS},
        },
    ),
}


def cross_check(cards: CardSet) -> list[Problem]:
    """Slots, level locks and card sanity; CardSet checks the declared refs first."""
    return [*_card_problems(cards), *_item_card_problems(cards), *_loadout_problems(cards)]


def _card_problems(cards: CardSet) -> list[Problem]:
    problems = []
    for i, row in enumerate(cards["cards"].iter_rows(named=True)):

        def bad(column, issue, expected, i=i):
            problems.append(problem_at(cards, "cards", i, column, issue=issue, expected=expected))

        kind = row["kind"]
        if kind == "poison" and (row["poison"] == 0 or row["poison_turns"] == 0):
            bad(
                "poison",
                "on a POISON card without poison damage or turns",
                "poison and poison_turns above 0",
            )
        if (row["poison"] > 0) != (row["poison_turns"] > 0):
            bad(
                "poison_turns",
                f"with poison {row['poison']}",
                "poison and poison_turns both 0 or both above 0",
            )
        if (row["guard"] > 0) != (row["guard_turns"] > 0):
            bad(
                "guard_turns",
                f"with guard {row['guard']}",
                "guard and guard_turns both 0 or both above 0",
            )
        if row["halve"] and kind != "passive":
            bad("halve", f"on a {kind} card", "false (only a Passive halves damage)")
        if (row["heal"] or row["guard"]) and kind != "item":
            bad(
                "heal" if row["heal"] else "guard",
                f"on a {kind} card",
                "0 (heals and ongoing defence are Item effects, R-8)",
            )
        if row["reflect"] and kind != "shield_bash":
            bad("reflect", f"on a {kind} card", "0 (only SHIELD BASH reflects)")
        if row["attack_vs_guard"] is not None and kind not in ("attack", "poison"):
            bad("attack_vs_guard", f"on a {kind} card", "a blank cell (only attacks have it)")
        if row["weapon"] != "any" and kind != "passive":
            bad("weapon", f"on a {kind} card", "'any' (only a Passive's bonus names a weapon)")
    return problems


def _item_card_problems(cards: CardSet) -> list[Problem]:
    items = set(cards["equipment"]["name"].to_list())
    names = set(cards["cards"]["name"].to_list())
    pool = set(cards["class_pool"]["card"].to_list())
    problems = []
    positions: dict[str, list[tuple[int, int, int]]] = defaultdict(list)
    # Rows naming no item or no card are reported by the reference check and skipped here.
    for i, row in enumerate(cards["item_cards"].iter_rows(named=True)):
        if row["item"] in items:
            positions[row["item"]].append((row["position"], row["level"], i))
        if row["card"] in names and row["card"] in pool:
            problems.append(
                problem_at(
                    cards,
                    "item_cards",
                    i,
                    "card",
                    issue="is a class card",
                    expected="an equipment card (class cards come only from the class set)",
                )
            )
    for item in sorted(items):
        rows = sorted(positions.get(item, []))
        low, high = ITEM_CARDS
        if not low <= len(rows) <= high:
            problems.append(
                Problem(
                    file="item_cards.csv",
                    table="item_cards",
                    column="item",
                    card=item,
                    message=f"item_cards.csv, column 'item': {item!r} has {len(rows)} cards; "
                    f"expected {low} to {high} cards per equipment item",
                )
            )
            continue
        if [p for p, _, _ in rows] != list(range(1, len(rows) + 1)):
            problems.append(
                problem_at(
                    cards,
                    "item_cards",
                    rows[-1][2],
                    "position",
                    issue=f"leaves {item}'s positions as {[p for p, _, _ in rows]}",
                    expected=f"positions 1 to {len(rows)}, each once",
                )
            )
            continue
        # "Only the first 5 cards are usable below level 7": a list unlocks front to back.
        for (_, before, _), (_, level, i) in pairwise(rows):
            if level < before:
                problems.append(
                    problem_at(
                        cards,
                        "item_cards",
                        i,
                        "level",
                        issue=f"comes after a level {before} card",
                        expected=f"a level of at least {before} (locks rise along the list)",
                    )
                )
    return problems


def _loadout_problems(cards: CardSet) -> list[Problem]:
    classes = set(cards["classes"]["name"].to_list())
    slots = dict(cards["equipment"].select("name", "slot").iter_rows())
    item_hp = dict(cards["equipment"].select("name", "hp").iter_rows())
    class_hp = dict(cards["classes"].select("name", "hp").iter_rows())
    pool = {r["card"]: r for r in cards["class_pool"].iter_rows(named=True)}
    problems = []
    for i, row in enumerate(cards["loadouts"].iter_rows(named=True)):

        def bad(column, issue, expected, i=i):
            problems.append(
                problem_at(cards, "loadouts", i, column, issue=issue, expected=expected)
            )

        # Cells naming no class, item or class card are reported by the reference check.
        for slot in SLOTS:
            item = row[slot]
            if item in slots and slots[item] != slot:
                bad(
                    slot,
                    f"is for the {slots[item]} slot",
                    f"an item for the {slot} slot from equipment.csv",
                )
        worn = [slot for slot in SLOTS if row[slot] in item_hp]
        if row["class"] in class_hp:
            # 0 HP or less is defeat, so a character must start above it (the engine
            # refuses to build one that does not); the item costing most HP is to blame.
            hp = class_hp[row["class"]] + sum(item_hp[row[slot]] for slot in worn)
            if hp < 1:
                blamed = min(worn, key=lambda slot: item_hp[row[slot]], default="class")
                bad(
                    blamed,
                    f"leaves {row['name']} starting with {hp} HP",
                    "a loadout that starts with at least 1 HP (R-9: 0 HP is defeat)",
                )
        for col in CLASS_COLUMNS:
            card = row[col]
            entry = pool.get(card)
            if entry is None:
                continue
            # A class that is not in classes.csv is already reported on its own cell.
            known = row["class"] in classes and entry["class"] in {*classes, "any"}
            if known and entry["class"] not in ("any", row["class"]):
                bad(
                    col,
                    f"is a {entry['class']} card",
                    f"a class card for {row['class']} or for any class",
                )
            elif entry["level"] > row["level"]:
                bad(
                    col,
                    f"needs level {entry['level']}",
                    f"a class card of level {row['level']} or lower (R-16)",
                )
    return problems
