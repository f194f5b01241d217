"""Card tables of Squad Combat (rules: rules.md, sections 1 and 6).

data/squad_combat/ holds the characters, the deck cards, the abilities printed on characters
(death effects), the squads and their decks. Costs (`<4>[5]`), dice pools (`34R`), traits and
keyword effects are text a designer writes; `cross_check` reads every one of them and reports
a problem with the file, line and column of a cell that cannot be read, as well as decks that
break the deck-building rule R-1.
"""

from __future__ import annotations

import pandera.polars as pa

from workbench.cards import (
    CardSet,
    Problem,
    TableSpec,
    bool_column,
    int_column,
    problem_at,
    text_column,
)

from .effects import ATTACK_KEYWORDS, EFFECTS, PASSIVES, TRAITS
from .notation import NotationError, parse_cost, parse_pool

KINDS = ["attack", "action", "edge"]
TARGETS = ["none", "enemy", "friendly"]
TIMINGS = ["any", "before_reactions", "reaction", "after_hit"]
ACTORS = ["any", "defender", "not_defender"]
WHEN = ["alive", "dead"]
ABILITY_KINDS = ["action", "edge"]
POSITIONS = ["left", "middle", "right"]
COST_WORDS = "energy <X>, dice [1] to [6] and card discards C, e.g. <3>[1] or [2][4]"


def _traits_column(doc: str, nullable: bool = False) -> pa.Column:
    return text_column(
        doc + f" ({', '.join(TRAITS)}; several separated by spaces)", nullable=nullable
    )


TABLES: dict[str, TableSpec] = {
    "characters": TableSpec(
        file="characters.csv",
        key="name",
        doc="Characters (1.1, section 6): they start in play, three to a squad.",
        schema=pa.DataFrameSchema(
            {
                "name": text_column("Character name", unique=True),
                "traits": _traits_column("One or two traits (A-26)"),
                "hp": int_column(
                    "HP: the character dies when its damage reaches this (R-36)",
                    pa.Check.in_range(1, 60),
                ),
                "energy": int_column(
                    "Energy; burden tokens spend it (R-13)", pa.Check.in_range(0, 30)
                ),
                "pool": text_column(
                    "Dice pool: a face 1-6 per fixed die and R per rolled one, e.g. 34R (1.2)"
                ),
                "refresh": int_column(
                    "Energy a Refresh of the dice costs (R-16)", pa.Check.in_range(0, 30)
                ),
                "passives": text_column(
                    "Keyword passives such as 'Alpha Resistance 1' or 'Beta "
                    "Hardened 2', separated by ';' (R-31, R-32)",
                    nullable=True,
                ),
                "text": text_column("What the character is, for people"),
            }
        ),
    ),
    "cards": TableSpec(
        file="cards.csv",
        key="name",
        doc="Deck cards: actions, attacks and edges (1.1, section 6).",
        schema=pa.DataFrameSchema(
            {
                "name": text_column("Card name", unique=True),
                "kind": text_column("attack, action or edge", pa.Check.isin(KINDS)),
                "traits": _traits_column(
                    "Traits an acting character must share; blank for a generic card (A-23)",
                    nullable=True,
                ),
                "character": text_column(
                    "The only character who may play it (a character-specific card); blank for any",
                    nullable=True,
                ),
                "resource": bool_column("A Resource card (A-4): generic, counted apart in decks"),
                "cost": text_column(f"Cost: {COST_WORDS}; blank for none", nullable=True),
                "atk": int_column(
                    "Atk rating of an attack (reactions read it, A-2; the Hit "
                    "modifier of the v0.5 contest); blank for other cards",
                    pa.Check.in_range(-10, 10),
                    nullable=True,
                ),
                "damage": int_column(
                    "Damage on an attack's Effect Bar; 0 for other cards (R-34)",
                    pa.Check.in_range(0, 30),
                ),
                "target": text_column(
                    "Whom it targets: none, enemy or friendly (an attack: enemy)",
                    pa.Check.isin(TARGETS),
                ),
                "targets": int_column(
                    "How many different targets (0 with target none)", pa.Check.in_range(0, 3)
                ),
                "timing": text_column(
                    "When an edge may be played: any (any priority window), "
                    "before_reactions, reaction or after_hit (R-23, R-24); blank "
                    "for actions and attacks",
                    pa.Check.isin(TIMINGS),
                    nullable=True,
                ),
                "actor": text_column(
                    "Who may act for a reaction: any, defender or not_defender (A-5)",
                    pa.Check.isin(ACTORS),
                ),
                "effects": text_column(
                    "Keyword effects such as 'Stun 2; Drain', separated by ';'; "
                    "an attack's apply when it hits",
                    nullable=True,
                ),
                "text": text_column("The card's text, for people"),
            }
        ),
        refs={"character": "characters.name"},
    ),
    "abilities": TableSpec(
        file="abilities.csv",
        key="name",
        doc="Abilities printed on characters (A-28): death effects, usable once the "
        "character is dead (R-37), or abilities usable while it lives.",
        schema=pa.DataFrameSchema(
            {
                "name": text_column("Ability name", unique=True),
                "character": text_column("The character it is printed on"),
                "when": text_column(
                    "alive (usable while it lives) or dead (a death effect, v1)",
                    pa.Check.isin(WHEN),
                ),
                "kind": text_column(
                    "action (uses up the action phase) or edge (in a priority window)",
                    pa.Check.isin(ABILITY_KINDS),
                ),
                "cost": text_column(
                    f"Cost: {COST_WORDS}; a death effect may cost only C (R-37)", nullable=True
                ),
                "target": text_column(
                    "Whom it targets: none, enemy or friendly", pa.Check.isin(TARGETS)
                ),
                "targets": int_column(
                    "How many different targets (0 with target none)", pa.Check.in_range(0, 3)
                ),
                "effects": text_column("Keyword effects, separated by ';'"),
                "text": text_column("The ability as printed, for people"),
            }
        ),
        refs={"character": "characters.name"},
    ),
    "squads": TableSpec(
        file="squads.csv",
        key="name",
        doc="Squads: three characters in a row, left to right (R-3), and a deck in decks.csv.",
        schema=pa.DataFrameSchema(
            {
                "name": text_column(
                    "Squad name, as the setup option `squads` names it", unique=True
                ),
                "title": text_column("What the squad is, for people"),
                **{p: text_column(f"The {p} character") for p in POSITIONS},
            }
        ),
        refs={p: "characters.name" for p in POSITIONS},
    ),
    "decks": TableSpec(
        file="decks.csv",
        key="id",
        doc="Each squad's deck: one line per card and its copies (R-1, R-2).",
        schema=pa.DataFrameSchema(
            {
                "id": text_column("Line id, e.g. 'Red: Haymaker'", unique=True),
                "squad": text_column("Squad, a name from squads.csv"),
                "card": text_column("Card, a name from cards.csv"),
                "copies": int_column("Copies of the card in the deck", pa.Check.in_range(1, 40)),
            }
        ),
        refs={"squad": "squads.name", "card": "cards.name"},
    ),
}


def traits_of(text: str | None) -> tuple[str, ...]:
    """The traits a cell names, in order; ValueError naming a word that is not a trait."""
    if text is None or not text.strip():
        return ()
    words = text.replace(",", " ").split()
    out = []
    for w in words:
        trait = next((t for t in TRAITS if t.casefold() == w.casefold()), None)
        if trait is None:
            raise ValueError(f"{w!r} is not a trait")
        if trait in out:
            raise ValueError(f"{trait} is named twice")
        out.append(trait)
    return tuple(out)


def cross_check(cards: CardSet) -> list[Problem]:
    """Text cells read as the rules read them, and decks built by R-1; CardSet checks the
    declared references first (rows naming a missing character are skipped here)."""
    return [
        *_character_problems(cards),
        *_card_problems(cards),
        *_ability_problems(cards),
        *_squad_problems(cards),
        *_deck_problems(cards),
    ]


def _reader(cards: CardSet, table: str, problems: list):
    """A function that reads one cell with `parse` and records a problem if it cannot."""

    def read(i: int, column: str, parse, expected: str):
        value = cards[table][column][i]
        try:
            return parse(value)
        except (NotationError, ValueError) as exc:
            problems.append(
                problem_at(
                    cards, table, i, column, issue=f"cannot be read: {exc}", expected=expected
                )
            )
            return None

    return read


def _character_problems(cards: CardSet) -> list[Problem]:
    problems: list[Problem] = []
    read = _reader(cards, "characters", problems)
    for i in range(cards["characters"].height):
        traits = read(i, "traits", traits_of, f"one or two of {', '.join(TRAITS)}")
        if traits is not None and not 1 <= len(traits) <= 2:
            problems.append(
                problem_at(
                    cards,
                    "characters",
                    i,
                    "traits",
                    issue=f"names {len(traits)} traits",
                    expected="one or two traits (A-26)",
                )
            )
        read(
            i,
            "pool",
            parse_pool,
            "a face 1 to 6 per fixed die and R per rolled one, e.g. RRR or 34R, 1 to 8 dice",
        )
        read(
            i,
            "passives",
            PASSIVES.parse,
            "passives such as 'Alpha Resistance 1' or 'Beta Hardened 2', separated by ';'",
        )
    return problems


def _targets_problem(cards, table, i, row) -> Problem | None:
    none = row["target"] == "none"
    if none != (row["targets"] == 0):
        return problem_at(
            cards,
            table,
            i,
            "targets",
            issue=f"with target {row['target']}",
            expected="0 with target none, 1 or more with enemy or friendly",
        )
    return None


def _card_problems(cards: CardSet) -> list[Problem]:
    problems: list[Problem] = []
    read = _reader(cards, "cards", problems)
    characters = {r["name"]: r for r in cards["characters"].iter_rows(named=True)}
    for i, row in enumerate(cards["cards"].iter_rows(named=True)):

        def bad(column, issue, expected, i=i):
            problems.append(problem_at(cards, "cards", i, column, issue=issue, expected=expected))

        kind = row["kind"]
        traits = read(
            i,
            "traits",
            traits_of,
            f"traits from {', '.join(TRAITS)}, or a blank cell for a generic card",
        )
        read(i, "cost", parse_cost, COST_WORDS)
        effects = read(i, "effects", EFFECTS.parse, "keywords from " + ", ".join(EFFECTS.names))
        if (p := _targets_problem(cards, "cards", i, row)) is not None:
            problems.append(p)
        _check_kind(row, kind, bad)
        if row["actor"] != "any" and row["timing"] != "reaction":
            bad(
                "actor",
                f"with timing {row['timing'] or 'blank'}",
                "any (defender and not_defender are for reactions)",
            )
        if effects and row["timing"] not in ("reaction", "before_reactions", "after_hit"):
            answers = [e.keyword for e in effects if e.keyword in ATTACK_KEYWORDS]
            if answers:
                bad(
                    "effects",
                    f"names {answers[0]}, which answers an attack",
                    "an edge with timing reaction, before_reactions or after_hit for it",
                )
        who = row["character"]
        if who in characters and traits:
            theirs = (
                traits_of(characters[who]["traits"]) if _readable(characters[who]["traits"]) else ()
            )
            if theirs and not set(traits) & set(theirs):
                bad(
                    "traits",
                    f"shares no trait with {who} ({' '.join(theirs)})",
                    f"a trait of {who}, or a blank cell: otherwise nobody may play it (R-12a)",
                )
    return problems


def _check_kind(row, kind: str, bad) -> None:
    """What a card's kind asks of its Atk, damage and timing; `bad` reports a finding."""
    if kind == "attack":
        if row["atk"] is None:
            bad("atk", "on an attack", "a number from -10 to 10 (the Atk rating)")
        if row["target"] != "enemy":
            bad("target", "on an attack", "enemy: an attack targets an enemy character")
    else:
        if row["atk"] is not None:
            bad("atk", f"on an {kind}", "a blank cell (only attacks have an Atk)")
        if row["damage"]:
            bad(
                "damage",
                f"on an {kind}",
                "0: an action's damage is dealt only by attaching a token ('Wound X', R-34)",
            )
    if kind == "edge":
        if row["timing"] is None:
            bad("timing", "on an edge", f"one of {', '.join(TIMINGS)}")
    elif row["timing"] is not None:
        bad("timing", f"on an {kind}", "a blank cell (only edges have a timing)")


def _readable(text) -> bool:
    try:
        traits_of(text)
    except ValueError:
        return False
    return True


def _ability_problems(cards: CardSet) -> list[Problem]:
    problems: list[Problem] = []
    read = _reader(cards, "abilities", problems)
    for i, row in enumerate(cards["abilities"].iter_rows(named=True)):
        cost = read(i, "cost", parse_cost, COST_WORDS)
        effects = read(i, "effects", EFFECTS.parse, "keywords from " + ", ".join(EFFECTS.names))
        if (p := _targets_problem(cards, "abilities", i, row)) is not None:
            problems.append(p)
        if cost is not None and row["when"] == "dead" and (cost.energy or cost.dice):
            problems.append(
                problem_at(
                    cards,
                    "abilities",
                    i,
                    "cost",
                    issue="on a death effect",
                    expected="card discards C only: a dead character has no energy or dice (R-37)",
                )
            )
        answers = [e.keyword for e in effects or () if e.keyword in ATTACK_KEYWORDS]
        if answers:
            problems.append(
                problem_at(
                    cards,
                    "abilities",
                    i,
                    "effects",
                    issue=f"names {answers[0]}, which answers an attack",
                    expected="effects on characters or the player",
                )
            )
    return problems


def _squad_problems(cards: CardSet) -> list[Problem]:
    problems = []
    with_deck = set(cards["decks"]["squad"].to_list())
    for i, row in enumerate(cards["squads"].iter_rows(named=True)):
        names = [row[p] for p in POSITIONS]
        for j, p in enumerate(POSITIONS):
            if names[j] in names[:j]:
                problems.append(
                    problem_at(
                        cards,
                        "squads",
                        i,
                        p,
                        issue="is in the squad twice",
                        expected="three different characters (R-3)",
                    )
                )
        if row["name"] not in with_deck:
            problems.append(
                problem_at(
                    cards,
                    "squads",
                    i,
                    "name",
                    issue="has no deck",
                    expected="lines for it in decks.csv",
                )
            )
    return problems


def _deck_problems(cards: CardSet) -> list[Problem]:
    """R-1: every trait-specific card shares a trait with a character of the squad; a
    character-specific card needs that character; generic cards go anywhere (A-23)."""
    problems = []
    squads = {r["name"]: [r[p] for p in POSITIONS] for r in cards["squads"].iter_rows(named=True)}
    traits = {r["name"]: r["traits"] for r in cards["characters"].iter_rows(named=True)}
    card_rows = {r["name"]: r for r in cards["cards"].iter_rows(named=True)}
    seen: dict[tuple, str] = {}
    for i, row in enumerate(cards["decks"].iter_rows(named=True)):
        squad, card = row["squad"], row["card"]
        if squad not in squads or card not in card_rows:
            continue  # the reference check reports it
        if (squad, card) in seen:
            first = seen[squad, card]
            problems.append(
                problem_at(
                    cards,
                    "decks",
                    i,
                    "card",
                    issue=f"is listed twice for {squad} (also {first!r})",
                    expected="one line per card, with its copies",
                )
            )
        seen.setdefault((squad, card), row["id"])
        members = squads[squad]
        spec = card_rows[card]
        if spec["character"] is not None and spec["character"] not in members:
            problems.append(
                problem_at(
                    cards,
                    "decks",
                    i,
                    "card",
                    issue=f"is {spec['character']}'s card, who is not in {squad}",
                    expected=f"a card {squad}'s characters ({', '.join(members)}) may use (R-1)",
                )
            )
            continue
        if not (_readable(spec["traits"]) and all(_readable(traits.get(m)) for m in members)):
            continue  # the unreadable cell is reported where it is
        need = set(traits_of(spec["traits"]))
        have = {t for m in members for t in traits_of(traits.get(m))}
        if need and not need & have:
            problems.append(
                problem_at(
                    cards,
                    "decks",
                    i,
                    "card",
                    issue=f"needs {' or '.join(sorted(need))}, which no character of {squad} has",
                    expected=f"a card sharing a trait with {', '.join(members)}"
                    f" ({', '.join(sorted(have))}) or a generic "
                    "card (R-1)",
                )
            )
    return problems
