"""Squad Combat's eligibility, paying and refresh (rules.md sections 3.4 and 3.5)."""

from __future__ import annotations

import pytest

import workbench as wb

from .helpers import (
    char,
    decline_all,
    labels,
    play,
    position,
    reason,
)

# -- 3.4 eligibility and paying ---------------------------------------------------------------


def test_R11_R12_eligibility_traits_energy_dice_and_who():
    st = position(
        hands={0: ["Haymaker", "Quick Thrust", "Brakka's Cleaver"]},
        dice={"Brakka": [4], "Vell": [], "Corin": [6]},
        burden={"Vell": 7},
    )
    assert reason(st, "Play Haymaker with Vell") == (
        "R-12a",
        "Vell (Beta) shares no trait with Haymaker (Alpha)",
    )
    assert reason(st, "Play Quick Thrust with Vell") == (
        "R-12b",
        "Quick Thrust costs 3 energy; Vell has 2",
    )
    assert reason(st, "Play Brakka's Cleaver with Brakka") == (
        "R-12c",
        "Brakka's Cleaver needs dice [5]; Brakka holds 4",
    )
    assert reason(st, "Play Brakka's Cleaver with Corin")[0] == "R-12a"
    assert "Play Haymaker with Brakka" in labels(st)
    char(st, "Brakka").alive = False
    st._legal = None
    assert reason(st, "Play Haymaker with Brakka")[0] == "R-36"


def test_R12a_a_typed_play_by_a_character_the_card_does_not_fit_names_the_rule():
    m = wb.play("squad_combat", seed=6)  # Red acts; Reckless Charge, Brakka's Cleaver in hand
    assert {"Reckless Charge", "Brakka's Cleaver"} <= set(m.state.players[0].hand)
    assert m.why_illegal("Play Reckless Charge with Brakka") is None
    reason = m.why_illegal("Play Reckless Charge with Vell")
    assert reason == "Vell (Beta) shares no trait with Reckless Charge (Alpha) [R-12a]"
    assert m.why_illegal("play reckless charge with corin").endswith("[R-12a]")
    assert m.why_illegal("Play Brakka's Cleaver with Vell") == (
        "only Brakka may play Brakka's Cleaver [R-12a]"
    )
    with pytest.raises(wb.IllegalAction, match=r"R-12a") as err:
        m.step("Play Reckless Charge with Vell")
    assert "no action called" not in str(err.value) and m.decisions == 0
    # A card typed alone is answered for the character it fits, named.
    assert m.why_illegal("Play Brakka's Cleaver") == (
        "'Play Brakka's Cleaver with Brakka': Brakka's Cleaver needs dice [5]; Brakka holds "
        "4, 3, 1 [R-12c]"
    )
    # An Edge in hand is refused in the action phase by the rule on when it is played.
    assert m.why_illegal("Play Brace with Vell").endswith("[R-23]")
    # The view lists the plays the traits forbid after the others, and the Edges last.
    legal = m.legal_actions()
    cited = [m.state.explain(a)[0] for a in m.candidates() if a not in legal]
    assert cited == ["R-12c"] + ["R-12a"] * 6 + ["R-23"] * 3
    m = wb.play("squad_combat", seed=0)  # Blue decides in a window, Jab in hand
    assert m.state.wait[0] == "window" and "Jab" in m.state.players[1].hand
    assert m.why_illegal("Play Jab with Gale") == (
        "Jab is an attack: it is played in your own action phase [R-7]"
    )


def test_R12d_card_discard_costs_need_other_cards_in_hand():
    st = position(hands={0: ["Jab"]})
    char(st, "Corin").alive = False  # Corin's Last Orders costs C C
    st._legal = None
    assert reason(st, "Use Corin's Last Orders") == (
        "R-37",
        "Corin's Last Orders costs 2 card discards; the hand holds 1",
    )


def test_R13_R14_costs_come_from_the_acting_character():
    st = position(hands={0: ["Reckless Charge"]}, dice={"Brakka": [5, 3, 2], "Vell": [6, 6]})
    play(st, "Play Reckless Charge with Brakka")  # <3>[2][2]
    assert labels(st) == [
        "Pay [2][2] with 5 and 3",
        "Pay [2][2] with 5 and 2",
        "Pay [2][2] with 3 and 2",
    ]
    play(st, "Pay [2][2] with 3 and 2")
    assert char(st, "Brakka").dice == [5] and char(st, "Brakka").burden == 3
    assert char(st, "Vell").dice == [6, 6] and char(st, "Vell").burden == 0


def test_R15_dice_keep_their_values_until_spent_or_changed():
    st = position(hands={0: ["Jab"], 1: []}, dice={"Brakka": [6, 2], "Dessa": [5, 3]})
    before = [list(c.dice) for c in st.chars]
    play(st, "Play Jab with Vell")
    play(st, "Target Dessa (Seat 2)")
    decline_all(st)
    play(st, "Power Down Dessa: 5 → 4")  # the only change: Jab's Power Down
    after = [list(c.dice) for c in st.chars]
    assert after[3] == [4, 3] and [a for i, a in enumerate(after) if i != 3] == [
        b for i, b in enumerate(before) if i != 3
    ]


# -- 3.5 refresh ------------------------------------------------------------------------------


def test_R16_refresh_costs_energy_adds_the_pool_and_trims_to_its_size():
    st = position(hands={0: []}, dice={"Corin": [6]}, burden={"Corin": 4})
    assert reason(st, "Refresh Corin's dice (5 energy)") == (
        "R-16",
        "a Refresh of Corin costs 5 energy; Corin has 4",
    )
    st = position(hands={0: []}, dice={"Brakka": [6]})
    play(st, "Refresh Brakka's dice (4 energy)", [(2, 2, 1)])
    assert labels(st) == ["Keep 6, 2, 2", "Keep 6, 2, 1", "Keep 2, 2, 1"]
    play(st, "Keep 6, 2, 2")
    assert char(st, "Brakka").dice == [6, 2, 2] and char(st, "Brakka").burden == 4


def test_R16_no_choice_when_the_new_pool_fits():
    st = position(hands={0: []}, dice={"Brakka": []})
    play(st, "Refresh Brakka's dice (4 energy)", [(5, 3, 1)])
    assert char(st, "Brakka").dice == [5, 3, 1] and st.wait[0] != "keep"
