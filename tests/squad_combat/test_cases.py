"""The rules file's own test cases, T-1 .. T-7 (rules.md section 7)."""

from __future__ import annotations

import workbench as wb
from workbench.dice.mechanics import squad_hit

from .helpers import attach, char, decline_all, labels, play, position


def test_T1_refresh_adds_a_full_pool_and_keeps_the_pool_size():
    st = position(hands={0: []}, dice={"Vell": [2]})
    play(st, "Refresh Vell's dice (5 energy)", [(5, 1)])
    vell = char(st, "Vell")
    assert vell.dice == [5, 4, 2, 1]  # the candidates {2, 4, 5, 1}: old, fixed 4, rolled
    assert "Keep 5, 4, 2" in labels(st)
    play(st, "Keep 5, 4, 2")
    assert vell.dice == [5, 4, 2] and vell.burden == 5 and vell.energy == 4


def test_T2_dice_cost_legal_payments_use_a_5_or_a_6():
    st = position(hands={0: ["Brakka's Cleaver"]}, dice={"Brakka": [5, 2, 6]})
    play(st, "Play Brakka's Cleaver with Brakka")
    assert labels(st) == ["Pay [5] with 6", "Pay [5] with 5"]
    play(st, "Pay [5] with 5")
    brakka = char(st, "Brakka")
    assert brakka.dice == [6, 2] and brakka.burden == 4 and brakka.energy == 3


def test_T3_dodge_roll_spending_a_3_negates_a_haymaker():
    st = position(
        squads=("Red", "Red"),
        hands={0: ["Haymaker"], 1: ["Dodge Roll"]},
        dice={"Brakka@0": [4], "Corin@1": [3, 2]},
    )
    play(st, "Play Haymaker with Brakka")
    play(st, "Target Corin (Seat 2)")
    play(st, "Play Dodge Roll with Corin")
    play(st, "Pay [1] with 3")  # 3 >= 4 + (-1)
    decline_all(st)
    corin = char(st, "Corin@1")
    assert corin.attached == [] and corin.dice == [2]
    assert st.players[0].discard["Haymaker"] == 1 and st.players[1].discard["Dodge Roll"] == 1
    assert st.counts["negated"] == 1


def test_T4_resistance_makes_a_haymaker_count_4_which_heal_4_removes_and_heal_3_does_not():
    st = position(hands={1: ["Patch Up"]})
    attach(st, "Ember", "Haymaker")
    ember = char(st, "Ember")
    assert st.damage(ember) == 4  # Alpha Resistance 1
    st.active, st.wait, st._legal = 1, ("action", 1, None), None
    play(st, "Play Patch Up with Ember")
    play(st, "Target Ember (Seat 2)")
    decline_all(st)
    assert len(ember.attached) == 1  # Heal 3 may not remove a card worth 4
    # A designer adds a Heal 4 card in the table, without code, and it may.
    cards = wb.load_cards("squad_combat")
    row = {**cards.row("cards", "Patch Up"), "name": "Deep Mending", "effects": "Heal 4"}
    cards = cards.with_row("cards", row).with_row(
        "decks", {"id": "Blue: Deep Mending", "squad": "Blue", "card": "Deep Mending", "copies": 1}
    )
    st = position(hands={1: ["Deep Mending"]}, cards=cards)
    attach(st, "Ember", "Haymaker")
    st.active, st.wait, st._legal = 1, ("action", 1, None), None
    play(st, "Play Deep Mending with Ember")
    play(st, "Target Ember (Seat 2)")
    decline_all(st)
    assert char(st, "Ember").attached == []
    assert st.players[0].discard["Haymaker"] == 1  # back to its owner's discard pile


def test_T5_damage_reaching_hp_flips_the_character_and_its_death_effect_is_usable():
    st = position(
        hands={0: ["Steady Blow"], 1: ["Jab", "Sap"]}, dice={"Corin": [3]}, burden={"Gale": 0}
    )
    for card in ("Quick Thrust", "Pinpoint Strike", "Quick Thrust"):  # 3 + 4 + 3 = 10
        attach(st, "Gale", card)
    gale = char(st, "Gale")
    assert st.damage(gale) == 10 and gale.alive
    play(st, "Play Steady Blow with Corin")
    play(st, "Target Gale (Seat 2)")  # Blue holds no reaction, so the attack hits
    assert not gale.alive and st.damage(gale) == 14 and len(gale.attached) == 4
    assert gale.dice == [] and gale.burden == 0
    # In the window after the attack, Gale's death effect (Edge, C: Power Up a friendly
    # die) is Seat 2's to use, paid with a card from the hand.
    assert st.wait[:2] == ("window", 1)
    assert labels(st) == ["Use Gale's Echo", "Decline (play no edge now)"]
    play(st, "Use Gale's Echo")
    play(st, "Discard Sap to pay C")
    play(st, "Target Dessa (Seat 2)")
    assert st.players[1].hand == ["Jab"] and st.players[1].discard["Sap"] == 1


def test_T6_suppression_keeps_burden_at_the_reset_and_goes_at_the_next_turn():
    st = position(burden={"Dessa": 7, "Brakka": 4, "Gale": 3})
    char(st, "Dessa").suppressed = True
    for seat in (0, 1):
        st.players[seat].hand = []
    play(st, "Pass")
    play(st, "Pass")  # both passed: the turn ends
    assert st.turn == 2
    assert char(st, "Dessa").burden == 7
    assert char(st, "Brakka").burden == 0 and char(st, "Gale").burden == 0
    assert not char(st, "Dessa").suppressed  # removed as the next turn started


def test_T7_v05_contest_ties_go_to_the_attacker():
    st = position(
        rules={"sc.ruleset": "v0_5"},
        squads=("Red", "Red"),
        hands={0: ["Haymaker"], 1: []},
        dice={"Brakka@0": [5, 4], "Vell@1": [4]},
    )
    play(st, "Play Haymaker with Brakka")
    play(st, "Pay [4] with 4")
    play(st, "Target Vell (Seat 2)")
    decline_all(st)
    play(st, "Attack die: spend Brakka's 5")  # 5 + (-1) = 4
    play(st, "Defence die: spend Vell's 4")  # 4
    assert [r.name for r in char(st, "Vell@1").attached] == ["Haymaker"]
    assert squad_hit(5, 4, hit_modifier=-1) == 1  # the dice calculator agrees
