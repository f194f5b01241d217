"""Card tables of Armies (rules: rules.md, sections 1 and 6).

data/armies/cards.csv holds every sample card as a row: its type, cost, offense and defense
bonuses and its effects written in the vocabulary of vocab.py; abilities.csv the activated and
major abilities cards carry or grant; decks.csv and deck_cards.csv the two demo decks; and
params.csv the numbers of the deck rules.
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

from .vocab import (
    ABILITY_EFFECTS,
    ABILITY_EXTRAS,
    ABILITY_KINDS,
    CARD_TYPES,
    CLASSES,
    DOMAINS,
    ability_problem,
    parse_cost,
    parse_effects,
    unplayable_through,
)

# name -> (lowest, highest) value the rules can handle.
PARAMS = {
    "deck_size": (1, 200),
    "max_copies": (1, 60),
    "opening_hand": (0, 30),
    "general_skill": (0, 15),
}


def _text(doc: str, *checks) -> pa.Column:
    return text_column(doc, *checks, nullable=True)


TABLES: dict[str, TableSpec] = {
    "cards": TableSpec(
        file="cards.csv",
        key="name",
        doc="Every card (section 1.5): type, cost, stat bonuses and effects in the engine's "
        "vocabulary.",
        schema=pa.DataFrameSchema(
            {
                "name": text_column("Card name, as decks and abilities name it", unique=True),
                "type": text_column(
                    "leader, maneuver, technique, boon, curse, training or strategy (1.4)",
                    pa.Check.isin(list(CARD_TYPES)),
                ),
                "class": _text(
                    "What it is played onto or through: hero or elite (Leaders); "
                    "leader (Leader Maneuvers, Techniques and Boons); army; general"
                ),
                "subtypes": _text(
                    "Types printed on the card (Soldiers, Magic, Politics...); a "
                    "Politician Leader can stop Unfavorable War"
                ),
                "cost": _text(
                    "Skill cost such as 3GG: generic points, then one letter per point "
                    "of a domain (G, E, L, T, S); blank for free (1.3)"
                ),
                "offense": int_column(
                    "Offense the army gains while the card is attached", pa.Check.in_range(0, 20)
                ),
                "defense": int_column(
                    "Defense the army gains while the card is attached", pa.Check.in_range(0, 20)
                ),
                "effects": _text(
                    "What the card does, as effect words separated by ';' such as "
                    "'train:E; draw:1' (see the vocabulary in the rules document)"
                ),
                "text": _text("What the card says, for people"),
            }
        ),
    ),
    "abilities": TableSpec(
        file="abilities.csv",
        key="id",
        doc="Abilities cards carry (activated, major, enemy major, global) or grant (a "
        "Training's major action).",
        schema=pa.DataFrameSchema(
            {
                "id": text_column("Name of the ability", unique=True),
                "card": text_column("The card that carries or grants it, from cards.csv"),
                "kind": text_column(
                    "activated (own Opportunity steps and own attacks, R-16); "
                    "enemy_major (the opponent of its controller, A-8); "
                    "global_major or global (either player, A-9); "
                    "granted_major (a Training gives it to its army, A-37); major",
                    pa.Check.isin(list(ABILITY_KINDS)),
                ),
                "cost": _text("Skill cost such as T or 1; blank for none"),
                "extra": _text(
                    "Another part of the cost: sacrifice_leader, discard_2 or spend_politician",
                    pa.Check.isin(list(ABILITY_EXTRAS[1:])),
                ),
                "effect": text_column(
                    "offense (+amount until end of turn), stop_move, "
                    "destroy_curse, skip_war or ranged (power amount)",
                    pa.Check.isin(list(ABILITY_EFFECTS)),
                ),
                "amount": int_column("The effect's number", pa.Check.in_range(0, 20)),
                "text": _text("What the ability says, for people"),
            }
        ),
        refs={"card": "cards.name"},
    ),
    "decks": TableSpec(
        file="decks.csv",
        key="name",
        doc="The demo decks (section 6) and how each spreads its General's skill (R-2).",
        schema=pa.DataFrameSchema(
            {
                "name": text_column("Deck name, as the setup option `decks` names it", unique=True),
                "general": text_column(
                    "The General's starting max skill, one letter per point (GGT is Gnar 2, Tor 1)"
                ),
                "text": _text("What the deck is about, for people"),
            }
        ),
    ),
    "deck_cards": TableSpec(
        file="deck_cards.csv",
        key="id",
        doc="Deck lists: how many copies of each card each deck holds.",
        schema=pa.DataFrameSchema(
            {
                "id": text_column("Row id", unique=True),
                "deck": text_column("Deck, a name from decks.csv"),
                "card": text_column("Card, a name from cards.csv"),
                "copies": int_column("Copies of the card in the deck", pa.Check.in_range(1, 60)),
            }
        ),
        refs={"deck": "decks.name", "card": "cards.name"},
    ),
    "params": params_table(PARAMS, "The numbers of the deck rules and the setup."),
}


def cross_check(cards: CardSet) -> list[Problem]:
    """Rules across cells and tables; CardSet checks the declared refs first."""
    return [
        *_card_problems(cards),
        *_ability_problems(cards),
        *param_problems(cards, "params", PARAMS),
        *_deck_problems(cards),
    ]


def _read(exc: ValueError) -> tuple[str, str]:
    """A vocabulary error as (what is wrong, what is expected), so that a Problem says the
    cell's value once."""
    what, _, expected = str(exc).partition("; expected ")
    return what, expected


def _card_problems(cards: CardSet) -> list[Problem]:
    problems = []
    for i, row in enumerate(cards["cards"].iter_rows(named=True)):

        def bad(column, issue, expected, i=i):
            problems.append(problem_at(cards, "cards", i, column, issue=issue, expected=expected))

        kind = row["type"]
        if kind in CLASSES and (row["class"] or "") not in CLASSES[kind]:
            allowed = " or ".join(repr(c) if c else "blank" for c in CLASSES[kind])
            bad("class", f"does not fit a {kind}", allowed)
        try:
            parse_cost(row["cost"])
        except ValueError as exc:
            bad("cost", "is not a cost", _read(exc)[1])
        try:
            effects = parse_effects(row["effects"])
        except ValueError as exc:
            what, expected = _read(exc)
            bad("effects", f"cannot be read: {what}", expected)
            continue
        if kind == "training" and "train" not in effects:
            bad("effects", "has no train:<domain>", "a Training that raises a domain (train:G)")
        if (
            kind != "leader"
            and (row["offense"] or row["defense"])
            and kind not in ("boon", "curse")
        ):
            bad("offense", f"on a {kind}", "0 (only Leaders, Boons and Curses add to stats)")
        if ("spend_leader" in effects or "hope" in effects or "ready_leader" in effects) and (
            row["class"] != "leader"
        ):
            bad("class", "is not 'leader' on a card that uses 'this Leader'", "'leader'")
        word = unplayable_through(kind, effects)
        if word:
            bad(
                "effects",
                f"has {word}, which acts on the piece a card is played through, "
                f"and a {kind} is played through none (R-11, R-13)",
                "effects that need no piece",
            )
    return problems


def _ability_problems(cards: CardSet) -> list[Problem]:
    problems = []
    for i, row in enumerate(cards["abilities"].iter_rows(named=True)):
        try:
            parse_cost(row["cost"])
        except ValueError as exc:
            problems.append(
                problem_at(
                    cards, "abilities", i, "cost", issue="is not a cost", expected=_read(exc)[1]
                )
            )
        misfit = ability_problem(row["kind"], row["extra"] or "", row["effect"])
        if misfit:
            column, issue, expected = misfit
            problems.append(
                problem_at(cards, "abilities", i, column, issue=issue, expected=expected)
            )
    return problems


def _deck_problems(cards: CardSet) -> list[Problem]:
    params = param_values(cards, "params")
    size, most = params.get("deck_size", 60), params.get("max_copies", 4)
    skill = params.get("general_skill", 3)
    problems = []
    totals: Counter = Counter()
    seen: dict = defaultdict(set)
    for i, row in enumerate(cards["deck_cards"].iter_rows(named=True)):

        def bad(column, issue, expected, i=i):
            problems.append(
                problem_at(cards, "deck_cards", i, column, issue=issue, expected=expected)
            )

        totals[row["deck"]] += row["copies"]
        if row["copies"] > most:
            bad(
                "copies",
                f"puts {row['copies']} copies of {row['card']} in {row['deck']}",
                f"at most {most} copies of a name (1.1)",
            )
        if row["card"] in seen[row["deck"]]:
            bad("card", f"is listed twice for {row['deck']}", "one row per card in a deck")
        seen[row["deck"]].add(row["card"])
    for i, row in enumerate(cards["decks"].iter_rows(named=True)):
        if totals[row["name"]] != size:
            problems.append(
                problem_at(
                    cards,
                    "decks",
                    i,
                    "name",
                    value=row["name"],
                    issue=f"has {totals[row['name']]} cards in deck_cards.csv",
                    expected=f"{size} cards (deck_size in params.csv)",
                )
            )
        general = row["general"] or ""
        if any(c not in DOMAINS for c in general) or len(general) != skill:
            problems.append(
                problem_at(
                    cards,
                    "decks",
                    i,
                    "general",
                    issue="is not a spread of the General's skill",
                    expected=f"{skill} domain letters from {', '.join(DOMAINS)} (general_skill "
                    "in params.csv), e.g. GGT",
                )
            )
    return problems
