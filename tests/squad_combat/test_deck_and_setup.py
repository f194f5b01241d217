"""Squad Combat's deck building and setup, rule by rule (rules.md sections 3.1 and 3.2)."""

from __future__ import annotations

from collections import Counter

import pytest

import workbench as wb
from workbench.core import SetupError

from .helpers import (
    GAME,
    char,
    fresh,
)

# -- 3.1 deck building ------------------------------------------------------------------------


def test_R1_a_deck_card_must_share_a_trait_with_the_squad():
    cards = wb.load_cards("squad_combat")
    with pytest.raises(wb.CardDataError) as err:
        cards.with_row(
            "decks", {"id": "Blue: Haymaker", "squad": "Blue", "card": "Haymaker", "copies": 1}
        )
    message = str(err.value)
    assert "decks.csv line" in message and "(Blue: Haymaker), column 'card'" in message
    assert "needs Alpha, which no character of Blue has" in message and "(R-1)" in message


def test_R1_a_character_specific_card_needs_its_character():
    cards = wb.load_cards("squad_combat")
    with pytest.raises(wb.CardDataError, match="is Brakka's card, who is not in Blue"):
        cards.with_row(
            "decks",
            {"id": "Blue: Cleaver", "squad": "Blue", "card": "Brakka's Cleaver", "copies": 1},
        )


def test_R1_generic_and_resource_cards_go_in_any_deck():
    cards = wb.load_cards("squad_combat")
    decks = cards["decks"]
    for squad in ("Red", "Blue"):
        cards_of = set(decks.filter(decks["squad"] == squad)["card"].to_list())
        assert {"Jab", "Dodge Roll", "Brace", "Focus", "Second Wind"} <= cards_of


def test_R2_no_copy_limit_in_the_demo_three_in_constructed_play():
    st = fresh()
    assert Counter(dict(st.players[0].squad.deck))["Jab"] == 6
    with pytest.raises(SetupError, match="6 copies of Jab; sc.copy_limit allows 3"):
        wb.play("squad_combat", rules={"sc.copy_limit": 3})
    assert wb.play("squad_combat", rules={"sc.copy_limit": 6}).decisions == 0


# -- 3.2 setup --------------------------------------------------------------------------------


def test_R3_three_characters_in_a_row_and_five_cards_each():
    st = fresh()
    for p in st.players:
        assert len(p.order) == 3 and len(p.hand) == 5 and len(p.deck) == 28
    assert [st.chars[ci].d.name for ci in st.players[0].order] == ["Brakka", "Vell", "Corin"]


def test_R4_v1_first_player_then_pools_fixed_faces_as_printed():
    m = wb.play("squad_combat", seed=3)
    chances = [e["label"] for e in m.log if e["kind"] == "chance"]
    assert chances[10] == "Who plays first (R-4)"
    first = m.state.first
    setup = [label.split()[0] for label in chances[11:]]
    order = ["Brakka", "Vell", "Corin"], ["Dessa", "Ember", "Gale"]
    assert setup == order[first] + order[1 - first]
    assert 4 in char(m.state, "Vell").dice and 3 in char(m.state, "Ember").dice
    assert len(char(m.state, "Vell").dice) == 3


def test_R4_v05_pools_are_rolled_whole_before_the_first_player():
    m = wb.play("squad_combat", seed=3, rules={"sc.ruleset": "v0_5"})
    chances = [e["label"] for e in m.log if e["kind"] == "chance"]
    assert chances[-1] == "Who plays first (R-4)"
    assert "Vell sets up 3 dice" in chances[11]  # 4RR is three rolled dice in v0.5
    assert all(len(c.dice) == c.d.pool.size for c in m.state.chars)


def test_R4_the_first_player_is_uniform():
    st = GAME.new_state(wb.load_cards("squad_combat"), GAME.default_rules(), GAME.check_setup({}))
    while st.wait[2][0] != "first":
        st.apply_chance(st.chance().dist.outcomes[0])
    chance = st.chance()
    assert chance.dist.outcomes == (0, 1) and chance.dist.weights == (1, 1)


def test_R5_every_character_starts_with_full_energy():
    st = fresh()
    assert all(c.burden == 0 and c.energy == c.d.energy for c in st.chars)
