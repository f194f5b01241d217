"""The card tables: the poker deck, enemies, shop and numbers load, and cells the rules cannot
use are refused with where and why; edited tables change the game."""

from __future__ import annotations

import pytest

import workbench as wb
from workbench.cards import CardDataError

from .helpers import EXAMPLE_1, EXAMPLE_2, act, state


@pytest.fixture
def cards():
    return wb.load_cards("sac")


def test_the_shipped_tables(cards):
    deck = cards["cards"]
    assert deck.height == 53 and int(deck["copies"].sum()) == 54
    assert cards.row("cards", "Joker")["copies"] == 2
    assert cards.row("enemies", "Joker")["health"] == 20
    assert cards["shop"]["price"].to_list() == [5, 5, 5]
    assert cards.row("params", "ammo")["value"] == 20


def _problem(cards, table, card, column, value):
    with pytest.raises(CardDataError) as err:
        cards.set(table, card, column, value)
    return str(err.value)


@pytest.mark.parametrize(
    ("table", "card", "column", "value", "words"),
    [
        ("cards", "4C", "rank", "5", "does not match its rank and suit"),
        ("cards", "4D", "enemy", None, "is blank on a card that can be an enemy"),
        ("cards", "4D", "enemy", "11", "a rank from enemies.csv"),
        ("cards", "Joker", "suit", "S", "does not fit the rank"),
        ("enemies", "5", "class", "boss2", "minion, soldier, elite, boss"),
        ("params", "actions", "value", 50, "actions"),
    ],
)
def test_cells_the_rules_cannot_use_are_refused_with_where_and_why(
    cards, table, card, column, value, words
):
    message = _problem(cards, table, card, column, value)
    line = cards.index(table, card) + 2
    assert f"{cards.specs[table].file} line {line} ({card})" in message
    assert words in message


def test_edited_numbers_change_the_skirmish(cards):
    tough = cards.set("enemies", "3", "health", 9).set("params", "ammo", "value", 7)
    st = state(EXAMPLE_1, EXAMPLE_2, cards=tough)
    assert st.soldier.ammo == 7 and st.enemies[0].health == 9
    act(st, "Move to g6")
    act(st, "Shoot 3♦", [8])
    assert st.enemies[0].health == 1


def test_leaving_cards_out_of_the_deck_changes_the_deal(cards):
    fewer = cards.set("cards", "Joker", "copies", 1)
    m = wb.play("sac", seed=2, cards=fewer)
    assert m.state.cat.deck.count("Joker") == 1 and len(m.state.cat.deck) == 53
