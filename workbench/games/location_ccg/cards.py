"""Card tables of the Location CCG (rules: rules.md, sections 1 and 6).

data/location_ccg/ holds the cards (Characters, Modifiers, Surprises, Assets), the Locations,
the decks with the cards and the three Locations each one brings, and the numbers of the deck
rules. Costs (`3$`), resource rows (`$$`), keywords and effects are text a designer writes;
`cross_check` reads each one and reports a cell it cannot read with its file, line and column,
and decks that break R-6 (40+ cards, at most 3 copies, 1 if Limited, 3 different Locations).
"""

from __future__ import annotations

from collections import Counter, defaultdict

import pandera.polars as pa

from workbench.cards import (
    CardSet,
    Problem,
    TableSpec,
    int_column,
    param_problems,
    param_values,
    params_table,
    problem_at,
    text_column,
)

from .costs import SYMBOLS, CostError, parse_cost, symbols_of
from .effects import CHARACTER, EFFECTS, KEYWORDS, PASSIVE

TYPES = ["character", "modifier", "surprise", "asset"]
PHASES = ["mission", "production"]
TARGETS = ["none", "character", "friendly", "defender", "damaged", "discard"]
CHARACTER_TARGETS = ("character", "friendly", "defender", "damaged")
PARAMS = {"min_deck": (1, 200), "max_copies": (1, 40), "hand_size": (1, 20), "production": (0, 10)}


def _text(doc: str, *checks) -> pa.Column:
    return text_column(doc, *checks, nullable=True)


def _stat(doc: str) -> pa.Column:
    return int_column(doc, pa.Check.in_range(-20, 30), nullable=True)


TABLES: dict[str, TableSpec] = {
    "cards": TableSpec(
        file="cards.csv",
        key="name",
        doc="Every deck card (1.1, section 6): type, cost, stats, keywords, what it does and "
        "its resource row.",
        schema=pa.DataFrameSchema(
            {
                "name": text_column("Card name", unique=True),
                "type": text_column(
                    "character, modifier, surprise or asset (1.1)", pa.Check.isin(TYPES)
                ),
                "subtype": _text(
                    "The word after the dash of the typeline (thug, weapon); a "
                    "character holds one modifier of each subtype (R-31)"
                ),
                "cost": _text(
                    f"Cost: generic points then typed symbols ({' '.join(SYMBOLS)}), "
                    "e.g. 3$ is 3 points plus 1 $ (A-3); * is a production point"
                ),
                "atk": _stat("Atk of a character, or the Atk a modifier adds"),
                "def": _stat(
                    "Def of a character (destroyed when damage reaches it), or the Def "
                    "a modifier adds"
                ),
                "skl": _stat(
                    "Skl of a character (counted against a Location's Skill), or the "
                    "Skl a modifier adds"
                ),
                "keywords": _text("Keywords separated by ';': " + ", ".join(KEYWORDS.names)),
                "phase": _text(
                    "The phase a Surprise's typeline names (mission or production); "
                    "blank: any time (R-30)",
                    pa.Check.isin(PHASES),
                ),
                "target": _text(
                    "What a Surprise, ability or modifier targets: none, character, "
                    "friendly, defender, damaged or discard",
                    pa.Check.isin(TARGETS),
                ),
                "effect": _text(
                    "What a Surprise or an Asset's ability does, as effects "
                    "separated by ';': " + ", ".join(EFFECTS.names)
                ),
                "ability_cost": _text(
                    "The cost of an Asset's ability ('cost: effect', R-15); "
                    "blank for a passive Asset"
                ),
                "resources": text_column(
                    "Resource row: the points it is worth in the bank, "
                    f"one symbol each ({' '.join(SYMBOLS)}), e.g. $$"
                ),
                "text": text_column("What the card says, for people"),
            }
        ),
    ),
    "locations": TableSpec(
        file="locations.csv",
        key="name",
        doc="Locations (6.1): never in a deck; each player brings three.",
        schema=pa.DataFrameSchema(
            {
                "name": text_column("Location name", unique=True),
                "skill": int_column(
                    "Skill a mission's net Skl must reach for a VP token (R-27)",
                    pa.Check.in_range(0, 30),
                ),
                "vp": int_column("VP tokens that win it (R-28)", pa.Check.in_range(1, 10)),
                "text": text_column("What it is, for people"),
            }
        ),
    ),
    "decks": TableSpec(
        file="decks.csv",
        key="name",
        doc="The decks a seat can play.",
        schema=pa.DataFrameSchema(
            {
                "name": text_column("Deck name", unique=True),
                "title": text_column("A short title"),
                "text": text_column("How it plays, for people"),
            }
        ),
    ),
    "deck_cards": TableSpec(
        file="deck_cards.csv",
        key="id",
        doc="The cards of each deck, with copies (R-6).",
        schema=pa.DataFrameSchema(
            {
                "id": text_column("Line id", unique=True),
                "deck": text_column("The deck"),
                "card": text_column("A card of cards.csv"),
                "copies": int_column("Copies in the deck", pa.Check.in_range(1, 40)),
            }
        ),
        refs={"deck": "decks.name", "card": "cards.name"},
    ),
    "deck_locations": TableSpec(
        file="deck_locations.csv",
        key="id",
        doc="The three different Locations each deck brings (R-6, R-8).",
        schema=pa.DataFrameSchema(
            {
                "id": text_column("Line id", unique=True),
                "deck": text_column("The deck"),
                "location": text_column("A Location of locations.csv"),
            }
        ),
        refs={"deck": "decks.name", "location": "locations.name"},
    ),
    "params": params_table(PARAMS, "The numbers of the deck rules and the turn (1.4)."),
}


def _read(cards: CardSet, table: str, problems: list):
    def read(i: int, column: str, parse, expected: str):
        value = cards[table][column][i]
        try:
            return parse(value)
        except (CostError, ValueError) as err:
            problems.append(problem_at(cards, table, i, column, issue=str(err), expected=expected))
            return None

    return read


def _card_problems(cards: CardSet) -> list[Problem]:
    problems: list[Problem] = []
    read = _read(cards, "cards", problems)
    for i, row in enumerate(cards["cards"].iter_rows(named=True)):
        read(i, "cost", parse_cost, f"a cost such as 3$ or * (symbols {' '.join(SYMBOLS)})")
        read(i, "resources", symbols_of, f"symbols {' '.join(SYMBOLS)}, e.g. $$")
        read(i, "keywords", KEYWORDS.parse, "keywords from " + ", ".join(KEYWORDS.names))
        effects = read(i, "effect", EFFECTS.parse, "effects from " + ", ".join(EFFECTS.names))
        kind = row["type"]

        def bad(column, issue, expected, i=i):
            problems.append(problem_at(cards, "cards", i, column, issue=issue, expected=expected))

        if kind == "character" and any(row[c] is None for c in ("atk", "def", "skl")):
            bad("atk", "a character needs Atk, Def and Skl", "three whole numbers")
        if kind == "character" and (row["def"] or 0) < 1:
            bad("def", "a character with Def below 1 is destroyed at once", "1 or more")
        if kind == "modifier" and row["target"] != "friendly":
            bad("target", "a modifier attaches to a character you control", "friendly")
        # An effect that changes a character needs one as its target; with none (or a card
        # of the discard pile) the rules would find nothing to change in the middle of a game.
        on_character = [
            e.keyword
            for e in effects or ()
            if EFFECTS[e.keyword].acts_on == CHARACTER and e.scope != "each friendly here"
        ]
        if on_character and row["target"] not in CHARACTER_TARGETS:
            bad(
                "target",
                f"is not a character, and {on_character[0]} acts on one",
                ", ".join(CHARACTER_TARGETS[:-1]) + f" or {CHARACTER_TARGETS[-1]}, or "
                "effects on each friendly character here",
            )
        if kind == "surprise" and not effects:
            bad("effect", "a Surprise that does nothing", "effects such as Atk 2")
        if (
            kind == "asset"
            and effects
            and row["ability_cost"] is None
            and any(e.keyword not in PASSIVE for e in effects)
        ):
            bad(
                "ability_cost",
                "an Asset effect that is not passive needs an ability cost",
                "a cost such as 1 or 2@",
            )
        if row["ability_cost"] is not None:
            read(i, "ability_cost", parse_cost, "a cost such as 1 or 2@")
    return problems


def deck_lists(cards: CardSet) -> dict[str, Counter]:
    out: dict[str, Counter] = defaultdict(Counter)
    for row in cards["deck_cards"].iter_rows(named=True):
        out[row["deck"]][row["card"]] += row["copies"]
    return out


def _deck_problems(cards: CardSet) -> list[Problem]:
    """R-6 and R-39 for every deck, and its three different Locations."""
    problems: list[Problem] = []
    params = param_values(cards, "params")
    size, most = params.get("min_deck", 40), params.get("max_copies", 3)
    limited = {
        r["name"]
        for r in cards["cards"].iter_rows(named=True)
        if r["keywords"] and "limited" in r["keywords"].casefold()
    }
    lines: dict[str, list[int]] = defaultdict(list)
    for i, row in enumerate(cards["deck_cards"].iter_rows(named=True)):
        lines[row["deck"]].append(i)
    lists = deck_lists(cards)
    for i, row in enumerate(cards["deck_cards"].iter_rows(named=True)):
        copies = lists[row["deck"]][row["card"]]
        cap = 1 if row["card"] in limited else most
        if copies > cap:
            why = "Limited (R-39)" if cap == 1 else "max_copies in params.csv (R-6)"
            problems.append(
                problem_at(
                    cards,
                    "deck_cards",
                    i,
                    "copies",
                    issue=f"makes {copies} copies of {row['card']} in {row['deck']}",
                    expected=f"at most {cap}: {why}",
                )
            )
    locs: dict[str, list[int]] = defaultdict(list)
    for i, row in enumerate(cards["deck_locations"].iter_rows(named=True)):
        locs[row["deck"]].append(i)
    for j, deck in enumerate(cards["decks"]["name"].to_list()):
        total = sum(lists[deck].values())
        if total < size:
            problems.append(
                problem_at(
                    cards,
                    "decks",
                    j,
                    "name",
                    issue=f"has {total} cards in deck_cards.csv",
                    expected=f"at least {size} (min_deck in params.csv, R-6)",
                )
            )
        names = [cards["deck_locations"]["location"][i] for i in locs[deck]]
        if len(names) != 3 or len(set(names)) != 3:
            problems.append(
                problem_at(
                    cards,
                    "decks",
                    j,
                    "name",
                    issue=f"brings {len(names)} Location lines ({', '.join(names) or 'none'})",
                    expected="3 different Locations in deck_locations.csv (R-6)",
                )
            )
    return problems


def cross_check(cards: CardSet) -> list[Problem]:
    return param_problems(cards, "params", PARAMS) + _card_problems(cards) + _deck_problems(cards)
