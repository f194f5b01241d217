"""Card tables of Soldiers! Aliens! Carnage! (rules: rules.md, sections 1 and 6).

data/sac/cards.csv is the poker deck the dungeon is dealt from (one row per card, with how many
copies go in: more room cards make bigger dungeons, A-30); enemies.csv what each enemy card is
in the skirmish (health, credits, drops; the Joker is the Big Bad); shop.csv what a shop sells;
params.csv the soldier's numbers.
"""

from __future__ import annotations

import pandera.polars as pa

from workbench.cards import (
    CardSet,
    Problem,
    TableSpec,
    bool_column,
    int_column,
    param_problems,
    params_table,
    problem_at,
    text_column,
)

from .cards52 import FACES, GLYPH, JOKER

PARAMS = {
    "health": (1, 99),
    "armor": (0, 99),
    "ammo": (0, 99),
    "most": (1, 99),
    "actions": (1, 20),
    "salvo_actions": (1, 20),
    "salvo_ammo": (1, 20),
    "salvo_dice": (1, 6),
    "heal": (0, 99),
    "respawn_every": (1, 99),
    "search_credits": (0, 20),
    "drop_rank": (2, 21),
    "drop_amount": (0, 99),
    "cover": (0, 20),
    "credits": (0, 99),
}
RANKS = [str(n) for n in range(2, 11)] + [*FACES, "A", JOKER]

TABLES: dict[str, TableSpec] = {
    "cards": TableSpec(
        file="cards.csv",
        key="card",
        doc="The poker deck (1.1, 1.2): what each card is follows from its rank and suit.",
        schema=pa.DataFrameSchema(
            {
                "card": text_column(
                    "Card id: rank then suit letter (4C, 10S, QH, AD), or Joker", unique=True
                ),
                "name": text_column("The card as people write it (4♣)"),
                "rank": text_column("2 to 10, J, Q, K, A or Joker", pa.Check.isin(RANKS)),
                "suit": text_column(
                    "C, D, H or S (clubs, diamonds, hearts, spades); blank for a Joker",
                    pa.Check.isin(list(GLYPH)),
                    nullable=True,
                ),
                "copies": int_column(
                    "Copies dealt into the piles (0 leaves the card out)", pa.Check.in_range(0, 8)
                ),
                "enemy": text_column(
                    "The enemies row the card uses when its suit makes it an "
                    "enemy; blank for cards that never are",
                    nullable=True,
                ),
            }
        ),
        refs={"enemy": "enemies.rank"},
    ),
    "enemies": TableSpec(
        file="enemies.csv",
        key="rank",
        doc="Enemies by rank (R-18, R-21, 6): health, credits for the kill, loot drops.",
        schema=pa.DataFrameSchema(
            {
                "rank": text_column("2 to 10, or Joker (the Big Bad)", unique=True),
                "class": text_column(
                    "minion, soldier, elite or boss (the encounter chart, 6)",
                    pa.Check.isin(["minion", "soldier", "elite", "boss"]),
                ),
                "health": int_column(
                    "Health; a shot takes the d20 off it (R-18)", pa.Check.in_range(1, 99)
                ),
                "credits": int_column("Credits for killing it (R-21)", pa.Check.in_range(0, 99)),
                "drops": bool_column("Drops 5 health, armour or ammunition when killed (R-21)"),
                "text": text_column("Notes for people", nullable=True),
            }
        ),
    ),
    "shop": TableSpec(
        file="shop.csv",
        key="item",
        doc="What a shop (black ace) sells (R-21).",
        schema=pa.DataFrameSchema(
            {
                "item": text_column("Item name", unique=True),
                "stat": text_column(
                    "ammo, armor or health", pa.Check.isin(["ammo", "armor", "health"])
                ),
                "amount": int_column(
                    "How much it adds (up to the maximum)", pa.Check.in_range(1, 99)
                ),
                "price": int_column("Credits", pa.Check.in_range(0, 99)),
                "text": text_column("Notes for people", nullable=True),
            }
        ),
    ),
    "params": params_table(PARAMS, "The soldier's numbers and the skirmish's (R-16 to R-21)."),
}


def cross_check(cards: CardSet) -> list[Problem]:
    problems = param_problems(cards, "params", PARAMS)
    for i, row in enumerate(cards["cards"].iter_rows(named=True)):
        card, rank, suit = row["card"], row["rank"], row["suit"] or ""
        if card != (JOKER if rank == JOKER else rank + suit):
            problems.append(
                problem_at(
                    cards,
                    "cards",
                    i,
                    "card",
                    issue="does not match its rank and suit",
                    expected=f"{rank}{suit}",
                )
            )
        if (rank == JOKER) != (suit == ""):
            problems.append(
                problem_at(
                    cards,
                    "cards",
                    i,
                    "suit",
                    value=suit,
                    issue="does not fit the rank",
                    expected="a blank suit for a Joker only",
                )
            )
        if (
            rank.isdigit()
            and suit in "DS"
            and row["enemy"] is None
            or (rank == JOKER and row["enemy"] is None)
        ):
            problems.append(
                problem_at(
                    cards,
                    "cards",
                    i,
                    "enemy",
                    value="",
                    issue="is blank on a card that can be an enemy",
                    expected="an enemies.csv rank (its own rank)",
                )
            )
    return problems
