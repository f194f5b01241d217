"""Squad Combat's damage, keywords and effects (rules.md section 3.9)."""

from __future__ import annotations

import pytest

import workbench as wb

from .helpers import (
    attach,
    char,
    decline_all,
    labels,
    play,
    position,
    reason,
    to_seat,
)

# -- 3.9 damage, keywords and effects -----------------------------------------------------------


def test_R25_R31_printed_and_effective_damage_and_continuous_resistance():
    st = position()
    attach(st, "Ember", "Haymaker")  # Alpha 5 against Alpha Resistance 1
    attach(st, "Ember", "Jab")  # generic: no trait, no resistance
    ember = char(st, "Ember")
    assert [st.effective(r, ember) for r in ember.attached] == [4, 4]
    ember.attached[0].mod = -5  # a token can take it to 0; it stays attached
    assert st.effective(ember.attached[0], ember) == 0 and len(ember.attached) == 2


def test_R26_heal_removes_one_card_the_healer_chooses():
    st = position(hands={0: [], 1: ["Ember's Mending"]})
    attach(st, "Ember", "Jab")  # 4
    attach(st, "Ember", "Quick Thrust")  # 3
    attach(st, "Ember", "Brakka's Cleaver")  # 7, 6 after Alpha Resistance 1: 13 of 14
    to_seat(st, 1)
    play(st, "Play Ember's Mending with Ember")  # Heal 5
    play(st, "Target Ember (Seat 2)")
    assert labels(st) == ["Heal Ember: remove Jab (4)", "Heal Ember: remove Quick Thrust (3)"]
    play(st, "Heal Ember: remove Quick Thrust (3)")
    assert [r.name for r in char(st, "Ember").attached] == ["Jab", "Brakka's Cleaver"]
    assert st.players[0].discard == {"Quick Thrust": 1}


def test_A16_variant_heal_compares_printed_damage():
    st = position(rules={"sc.heal_compare": "printed"}, hands={1: ["Patch Up"]})
    attach(st, "Ember", "Pinpoint Strike")  # Beta 4, no resistance
    attach(st, "Ember", "Haymaker")  # printed 5, effective 4
    to_seat(st, 1)
    play(st, "Play Patch Up with Ember")
    play(st, "Target Ember (Seat 2)")
    decline_all(st)
    assert len(char(st, "Ember").attached) == 2  # Heal 3 reaches neither


def test_R27_stun_stops_at_0_energy_and_A12_variant_stuns_1():
    st = position(hands={0: ["Vell's Needle"], 1: []}, burden={"Dessa": 7})
    play(st, "Play Vell's Needle with Vell")
    play(st, "Target Dessa (Seat 2)")
    assert char(st, "Dessa").burden == 8 and char(st, "Dessa").energy == 0
    st = position(rules={"sc.stun": "one"}, hands={1: ["Sap"], 0: []}, dice={"Dessa": [2]})
    to_seat(st, 1)
    play(st, "Play Sap with Dessa")
    play(st, "Target Brakka (Seat 1)")
    assert char(st, "Brakka").burden == 1  # Stun 2 read as 'remove 1 energy'


def test_R28_power_up_may_raise_a_die_and_power_down_must_lower_one():
    st = position(hands={0: ["Focus"]}, dice={"Brakka": [6, 4, 1]})
    play(st, "Play Focus with Brakka")
    decline_all(st)
    assert labels(st) == [
        "Power Up Brakka: 4 → 5",
        "Power Up Brakka: 1 → 2",
        "Power Up Brakka: leave the dice",
    ]
    play(st, "Power Up Brakka: 4 → 5")
    play(st, "Power Up Brakka: leave the dice")
    assert char(st, "Brakka").dice == [6, 5, 1]
    st = position(hands={0: ["Jab"], 1: []}, dice={"Dessa": [1, 1]})
    play(st, "Play Jab with Vell")
    play(st, "Target Dessa (Seat 2)")
    assert char(st, "Dessa").dice == [1, 1]  # nothing to lower: nothing happens


def test_R29_overcharge_goes_over_the_pool_and_refresh_trims_it():
    st = position(hands={0: [], 1: ["Gale's Tempo"]}, dice={"Gale": [6, 6, 6, 6], "Dessa": [1]})
    to_seat(st, 1)
    play(st, "Play Gale's Tempo with Gale")
    play(st, "Target Gale (Seat 2)")
    assert st.players[1].hand == []  # so no edge window holds the rolls up
    play(st, "Target Dessa (Seat 2)", [5, 2])
    gale = char(st, "Gale")
    assert gale.dice == [6, 6, 6, 6, 5] and char(st, "Dessa").dice == [2, 1]
    # Gale may hold five dice until the next Refresh trims them back to four.
    st = position(hands={0: [], 1: []}, dice={"Gale": [6, 6, 6, 6, 5]})
    to_seat(st, 1)
    play(st, "Refresh Gale's dice (5 energy)", [(1, 1, 1, 1)])
    play(st, "Keep 6, 6, 6, 6")
    assert char(st, "Gale").dice == [6, 6, 6, 6]


@pytest.mark.parametrize(("how", "face"), [("six", 6), ("chosen", 3)])
def test_A14_variants_overcharge_with_a_six_or_a_chosen_face(how, face):
    st = position(
        rules={"sc.overcharge": how},
        hands={0: [], 1: ["Gale's Tempo"]},
        dice={"Gale": [], "Dessa": []},
    )
    to_seat(st, 1)
    play(st, "Play Gale's Tempo with Gale")
    play(st, "Target Gale (Seat 2)")
    play(st, "Target Dessa (Seat 2)")
    decline_all(st)
    if how == "chosen":
        play(st, f"Overcharge Gale with a {face}")
        play(st, f"Overcharge Dessa with a {face}")
    assert char(st, "Gale").dice == [face] and char(st, "Dessa").dice == [face]


def test_R30_switch_swaps_two_characters_of_one_player():
    st = position()
    order = st.players[0].order[:]
    st.switch(order[0], order[2])
    assert st.players[0].order == [order[2], order[1], order[0]]
    st.switch(order[0], st.players[1].order[0])  # not of one player: nothing happens
    assert st.players[0].order == [order[2], order[1], order[0]]


def test_R32_hardened_discards_small_hits_on_effective_damage():
    cards = wb.load_cards("squad_combat").set("characters", "Dessa", "passives", "Beta Hardened 3")
    st = position(
        cards=cards, hands={0: ["Quick Thrust", "Pinpoint Strike"], 1: []}, dice={"Vell": [3]}
    )
    play(st, "Play Quick Thrust with Vell")  # Beta 3: discarded
    play(st, "Target Dessa (Seat 2)")
    decline_all(st)
    assert char(st, "Dessa").attached == [] and st.players[0].discard == {"Quick Thrust": 1}
    to_seat(st, 0)
    play(st, "Play Pinpoint Strike with Vell")  # Beta 4: sticks
    play(st, "Target Dessa (Seat 2)")
    assert [r.name for r in char(st, "Dessa").attached] == ["Pinpoint Strike"]


def test_R33_R34_wound_attaches_a_damage_token_from_a_card_written_in_the_table():
    cards = wb.load_cards("squad_combat")
    row = {
        **cards.row("cards", "Patch Up"),
        "name": "Caltrops",
        "traits": "Delta",
        "target": "enemy",
        "effects": "Wound 2; Suppress",
    }
    cards = cards.with_row("cards", row).with_row(
        "decks", {"id": "Blue: Caltrops", "squad": "Blue", "card": "Caltrops", "copies": 1}
    )
    st = position(cards=cards, hands={1: ["Caltrops"]}, burden={"Vell": 5})
    to_seat(st, 1)
    play(st, "Play Caltrops with Dessa")
    play(st, "Target Vell (Seat 1)")
    decline_all(st)
    vell = char(st, "Vell")
    assert [(r.name, r.printed, r.token) for r in vell.attached] == [("Caltrops token", 2, True)]
    assert vell.suppressed and st.players[1].discard == {"Caltrops": 1}
    with pytest.raises(wb.CardDataError, match="only by attaching a token"):
        cards.set("cards", "Caltrops", "damage", 3)


@pytest.mark.parametrize("variant", ["blocks_reset", "blocks_refresh"])
def test_R35_suppression_variants(variant):
    st = position(rules={"sc.suppression": variant}, hands={0: [], 1: []}, burden={"Brakka": 3})
    char(st, "Brakka").suppressed = True
    st._legal = None
    if variant == "blocks_refresh":
        assert reason(st, "Refresh Brakka's dice (4 energy)")[0] == "R-35"
    else:
        assert "Refresh Brakka's dice (4 energy)" in labels(st)
    play(st, "Pass")
    play(st, "Pass")
    assert char(st, "Brakka").burden == (3 if variant == "blocks_reset" else 0)
