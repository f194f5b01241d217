"""Squad Combat's card tables: the notation of costs and pools, keyword cells, and the checks
that name the file, line and column of a cell the rules cannot read."""

from __future__ import annotations

import itertools

import pytest

import workbench as wb
from workbench.cards import CardDataError
from workbench.games.squad_combat.effects import EFFECTS, PASSIVES
from workbench.games.squad_combat.notation import (
    Cost,
    NotationError,
    Pool,
    can_pay,
    parse_cost,
    parse_pool,
    payments,
)


@pytest.fixture(scope="module")
def cards():
    return wb.load_cards("squad_combat")


# -- notation (rules 1.2) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "cost"),
    [
        ("<3>[1]", Cost(3, (1,))),
        ("[2][4]", Cost(0, (4, 2))),
        ("<4>[5]", Cost(4, (5,))),
        ("C C", Cost(cards=2)),
        ("<3> C", Cost(3, (), 1)),
        ("", Cost()),
        (None, Cost()),
        (" < 2 > ", Cost(2)),
    ],
)
def test_costs_are_read_as_written(text, cost):
    assert parse_cost(text) == cost


def test_a_cost_prints_back_as_written():
    assert str(parse_cost("[2][4]<3>")) == "<3>[4][2]" and str(parse_cost("")) == "free"
    assert str(parse_cost("C C")) == "C C"


@pytest.mark.parametrize(
    ("text", "words", "position"),
    [
        ("<4>[7]", "[7] at character 4: a die cost is [1] to [6]", 4),
        ("<x>", "<x> at character 1: an energy cost is <X>", 1),
        ("[5", "the [ at character 1 is never closed with ]", 1),
        ("<2><3>", "a second energy cost at character 4", 4),
        ("3 energy", "'3' at character 1 is not part of a cost", 1),
    ],
)
def test_a_malformed_cost_says_where_and_what(text, words, position):
    with pytest.raises(NotationError) as err:
        parse_cost(text)
    assert words in str(err.value) and err.value.position == position


def test_pools_are_fixed_faces_and_rolled_dice():
    assert parse_pool("34R") == Pool((3, 4), 1) and parse_pool("RRR").size == 3
    assert str(parse_pool("4rr")) == "4RR"
    with pytest.raises(NotationError, match="'7' at character 2 is not a die"):
        parse_pool("R7R")
    with pytest.raises(NotationError, match="a pool holds 1 to 8"):
        parse_pool("R" * 9)
    with pytest.raises(NotationError, match="not a blank cell"):
        parse_pool(" ")


def test_payments_match_a_brute_force_search_over_every_assignment():
    for dice in itertools.product(range(1, 7), repeat=4):
        held = sorted(dice, reverse=True)
        for needs in ((5,), (4, 2), (6, 6), (3, 3, 1), (1, 1, 1, 1, 1)):
            found = set()
            for chosen in itertools.permutations(range(len(held)), len(needs)):
                if all(held[i] >= n for i, n in zip(chosen, needs, strict=True)):
                    found.add(tuple(sorted((held[i] for i in chosen), reverse=True)))
            assert set(payments(held, needs)) == found
            assert can_pay(held, needs) == bool(found)


# -- keywords in cells --------------------------------------------------------------------------


def test_every_keyword_of_the_design_notes_is_an_effect_cards_can_name():
    names = set(EFFECTS.names) | set(PASSIVES.names)
    assert {
        "Heal",
        "Resistance",
        "Hardened",
        "Power Up",
        "Power Down",
        "Stun",
        "Suppress",
        "Switch",
        "Overcharge",
        "Wound",
    } <= names
    assert [e.keyword for e in EFFECTS.parse("Stun 2; Drain")] == ["Stun", "Drain"]
    assert str(PASSIVES.parse("Alpha Resistance 1")[0]) == "Alpha Resistance 1"


# -- the checks on the tables -------------------------------------------------------------------


def _problem(cards, table, card, column, value):
    with pytest.raises(CardDataError) as err:
        cards.set(table, card, column, value)
    return str(err.value)


def test_a_malformed_cost_in_the_cards_table_names_file_line_and_column(cards):
    line = cards.index("cards", "Haymaker") + 2
    message = _problem(cards, "cards", "Haymaker", "cost", "<4>[7]")
    assert (f"cards.csv line {line} (Haymaker), column 'cost': '<4>[7]' cannot be read:") in message
    assert "[7] at character 4: a die cost is [1] to [6]" in message
    assert "expected energy <X>, dice [1] to [6] and card discards C" in message
    assert cards.row("cards", "Haymaker")["cost"] == "<4>[4]"  # nothing changed


@pytest.mark.parametrize(
    ("table", "card", "column", "value", "words"),
    [
        ("characters", "Vell", "pool", "4R7", "'7' at character 3 is not a die"),
        ("characters", "Vell", "traits", "Beta Omega", "'Omega' is not a trait"),
        ("characters", "Ember", "traits", "Alpha Beta Gamma", "names 3 traits"),
        ("characters", "Ember", "passives", "Omega Resistance 1", "'Omega' is not one of"),
        ("characters", "Ember", "passives", "Alpha Resistance", "needs a whole number"),
        ("cards", "Jab", "effects", "Stunn 1", "no keyword 'Stunn' (did you mean 'Stun'?)"),
        ("cards", "Jab", "effects", "Stun 1 everyone", "'everyone' is not a scope of Stun"),
        ("cards", "Jab", "atk", "", "on an attack"),
        ("cards", "Focus", "timing", "any", "only edges have a timing"),
        ("cards", "Brace", "timing", "", "on an edge"),
        ("cards", "Focus", "effects", "Dodge 4", "which answers an attack"),
        ("cards", "Jab", "target", "friendly", "an attack targets an enemy"),
        ("cards", "Patch Up", "targets", 0, "with target friendly"),
        ("cards", "Brakka's Cleaver", "traits", "Beta", "nobody may play it"),
        ("abilities", "Corin's Last Orders", "cost", "<2> C", "on a death effect"),
        ("squads", "Red", "right", "Brakka", "is in the squad twice"),
    ],
)
def test_cells_the_rules_cannot_use_are_refused_with_where_and_why(
    cards, table, card, column, value, words
):
    message = _problem(cards, table, card, column, value)
    line = cards.index(table, card) + 2
    assert f"{cards.specs[table].file} line {line} ({card}), column '{column}'" in message
    assert words in message


def test_a_squad_needs_a_deck(cards):
    row = {**cards.row("squads", "Red"), "name": "Green"}
    with pytest.raises(
        CardDataError,
        match=r"squads.csv line 4 \(Green\), column 'name': "
        "'Green' has no deck",
    ):
        cards.with_row("squads", row)


def test_a_card_listed_twice_in_a_deck_is_named(cards):
    with pytest.raises(CardDataError, match="is listed twice for Red"):
        cards.with_row(
            "decks", {"id": "Red: Jab again", "squad": "Red", "card": "Jab", "copies": 1}
        )
