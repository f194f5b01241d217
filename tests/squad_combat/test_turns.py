"""Squad Combat's turn: action phases, passing and the end of a turn (rules.md section 3.3)."""

from __future__ import annotations

from workbench.core import TERMINAL

from .helpers import (
    attach,
    char,
    decline_all,
    labels,
    play,
    position,
    reason,
    settle,
)

# -- 3.3 turns --------------------------------------------------------------------------------


def test_R6_action_phases_alternate_and_skip_players_who_passed():
    st = position(hands={0: ["Jab", "Jab"], 1: ["Jab"]}, dice={"Brakka": [6, 6]})
    play(st, "Pass")
    assert st.wait[:2] == ("action", 1)
    play(st, "Play Jab with Dessa")
    play(st, "Target Brakka (Seat 1)")
    decline_all(st)
    assert st.wait[:2] == ("action", 1)  # seat 1 passed, so seat 2 acts again


def test_R7_the_four_kinds_of_action():
    st = position(hands={0: ["Jab", "Dodge Roll"]}, dice={"Brakka": [6]})
    kinds = {a.kind for a in st.legal_actions()}
    assert kinds == {"play", "refresh", "pass"}
    assert reason(st, "Play Dodge Roll with Brakka")[0] == "R-23"
    st.chars[st.players[0].order[2]].alive = False  # Corin dead: his death effect (Action)
    st._legal = None
    assert "Use Corin's Last Orders" in labels(st)


def test_R8_a_player_who_passed_may_still_play_edges():
    st = position(hands={0: ["Second Wind"], 1: ["Jab"]}, burden={"Vell": 6})
    play(st, "Pass")
    # The window at the start of seat 2's action phase asks seat 1, who passed.
    assert st.players[0].passed and st.active == 1 and st.wait[:2] == ("window", 0)
    play(st, "Play Second Wind")
    play(st, "Target Vell (Seat 1)")
    assert char(st, "Vell").burden == 4
    assert st.wait[:2] == ("action", 1)
    play(st, "Pass")  # ... but no more action phases for seat 1: the turn ends
    assert st.wait[0] == "discard" and st.turn == 1


def test_R9_end_of_turn_reset_discard_two_draw_to_five_same_first_player():
    st = position(
        hands={0: ["Jab", "Jab", "Haymaker"], 1: ["Sap"]}, burden={"Brakka": 5, "Dessa": 2}
    )
    play(st, "Pass")
    play(st, "Pass")
    assert char(st, "Brakka").burden == 0 and char(st, "Dessa").burden == 0
    assert st.wait == ("discard", 0, 2)
    play(st, "Discard Jab")
    assert st.wait == ("discard", 0, 1)
    play(st, "Discard Haymaker")
    settle(st)
    assert len(st.players[0].hand) == 5 and st.players[0].discard == {"Jab": 1, "Haymaker": 1}
    play(st, "Keep the rest of the hand")
    settle(st)
    assert len(st.players[1].hand) == 5
    assert st.turn == 2 and st.first == 0 and not any(p.passed for p in st.players)
    assert st.active == 0


def test_R9_a_discard_pile_is_shuffled_into_an_empty_deck():
    st = position(hands={0: [], 1: []})
    p = st.players[0]
    for name in list(p.deck):
        p.deck.take(name)
        p.discard.put(name)
    play(st, "Pass")
    play(st, "Pass")
    settle(st)
    assert len(p.hand) == 5 and len(p.deck) + len(p.discard) == 28 and len(p.discard) == 0


def test_R10_the_last_squad_standing_wins_and_a_draw_when_both_fall_at_once():
    st = position(hands={0: ["Haymaker"]}, dice={"Brakka": [4]})
    for name in ("Ember", "Gale"):
        char(st, name).alive = False
    attach(st, "Dessa", "Reckless Charge")  # 6 of 13
    attach(st, "Dessa", "Reckless Charge")  # 12
    play(st, "Play Haymaker with Brakka")
    decline_all(st)
    assert st.to_move == TERMINAL
    result = st.result()
    assert result.winners == (0,) and result.outcome == "Seat 1 wins"
    st.ended = False
    st.wait = ("action", 0, None)
    for c in st.chars:
        c.alive = c.d.name in ("Brakka", "Dessa")
        c.attached = []
    attach(st, "Brakka", "Sap")
    attach(st, "Dessa", "Haymaker")
    st.chars[0].attached[0].printed = 15
    st.chars[3].attached[0].printed = 13
    st.hurt = True
    st._check_deaths()
    assert st.result().outcome == "draw" and "A-21" in st.result().reason
