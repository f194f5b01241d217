"""Squad Combat's attacks, the v0.5 contest, and edges and windows (rules.md sections 3.6 to
3.8)."""

from __future__ import annotations

from .helpers import (
    char,
    decline_all,
    labels,
    play,
    position,
    reason,
)

# -- 3.6 attacking (v1) ------------------------------------------------------------------------


def test_R17_an_attack_hits_unless_negated_and_applies_its_effect_bar():
    st = position(hands={0: ["Vell's Needle"], 1: []}, burden={"Dessa": 0})
    play(st, "Play Vell's Needle with Vell")
    play(st, "Target Dessa (Seat 2)")
    dessa = char(st, "Dessa")
    assert [r.name for r in dessa.attached] == ["Vell's Needle"] and dessa.burden == 1
    assert st.players[0].discard == {}  # attached, not discarded


def test_R17_reactions_are_the_defending_players_and_the_window_starts_with_them():
    st = position(hands={0: ["Jab", "Second Wind"], 1: ["Brace"]}, burden={"Brakka": 3})
    play(st, "Play Jab with Vell")
    play(st, "Target Dessa (Seat 2)")
    assert st.wait[:2] == ("window", 1)  # the defending player first
    assert "Play Brace with Dessa" in labels(st) and "Play Brace with Ember" in labels(st)
    play(st, "Decline (play no edge now)")
    assert st.wait[:2] == ("window", 0)
    assert labels(st) == ["Play Second Wind", "Decline (play no edge now)"]


def test_R18_atk_matters_only_to_reactions():
    st = position(hands={0: ["Reckless Charge"], 1: []}, dice={"Brakka": [2, 2]})
    play(st, "Play Reckless Charge with Brakka")  # Atk -2
    play(st, "Target Gale (Seat 2)")
    assert [r.name for r in char(st, "Gale").attached] == ["Reckless Charge"]


def test_A5_variant_only_the_defender_reacts():
    st = position(rules={"sc.reactors": "defender"}, hands={0: ["Jab"], 1: ["Brace"]})
    play(st, "Play Jab with Vell")
    play(st, "Target Dessa (Seat 2)")
    assert labels(st) == ["Play Brace with Dessa", "Decline (play no edge now)"]
    rule, why = reason(st, "Play Brace with Ember")
    assert rule == "A-5" and "only the defender" in why


# -- 3.7 the v0.5 contest ---------------------------------------------------------------------


def test_R19_to_R22_a_miss_when_the_defence_is_higher_and_declining_counts_0():
    st = position(
        rules={"sc.attack": "contest"},
        hands={0: ["Quick Thrust"], 1: []},
        dice={"Vell": [1], "Dessa": [6]},
    )
    play(st, "Play Quick Thrust with Vell")  # Atk +2
    play(st, "Target Dessa (Seat 2)")
    assert labels(st) == ["Attack die: spend Vell's 1", "Attack die: none"]
    play(st, "Attack die: none")  # 0 + 2 = 2
    play(st, "Defence die: spend Dessa's 6")  # 6
    assert char(st, "Dessa").attached == [] and st.players[0].discard == {"Quick Thrust": 1}
    assert char(st, "Dessa").dice == [] and char(st, "Vell").dice == [1]


def test_R22_a_defender_without_dice_has_defence_0():
    st = position(
        rules={"sc.attack": "contest"},
        hands={0: ["Quick Thrust"], 1: []},
        dice={"Vell": [], "Dessa": []},
    )
    play(st, "Play Quick Thrust with Vell")
    play(st, "Target Dessa (Seat 2)")
    assert [r.name for r in char(st, "Dessa").attached] == ["Quick Thrust"]


# -- 3.8 edges and windows ---------------------------------------------------------------------


def test_R23_an_edge_needs_its_moment():
    st = position(
        hands={0: ["Corin's Gambit", "Feint", "Steady Blow"], 1: []}, dice={"Corin": [3, 3]}
    )
    play(st, "Play Steady Blow with Corin")  # one way to pay: with a 3
    play(st, "Target Dessa (Seat 2)")
    # Seat 2 holds nothing; the attacker's Feint may go before any reaction.
    assert "Play Feint with Corin" in labels(st)
    rule, why = reason(st, "Play Corin's Gambit with Corin")
    assert rule == "R-23" and "after a friendly attack hits" in why
    play(st, "Decline (play no edge now)")
    # After the hit, Corin's Gambit puts +2 on the card attached.
    assert labels(st) == ["Play Corin's Gambit with Corin", "Decline (play no edge now)"]
    play(st, "Play Corin's Gambit with Corin")
    dessa = char(st, "Dessa")
    assert st.damage(dessa) == 6 and dessa.attached[0].mod == 2


def test_R24_every_player_must_decline_in_a_row_to_close_a_window():
    st = position(hands={0: ["Jab"], 1: ["Second Wind", "Second Wind"]}, burden={"Dessa": 3})
    play(st, "Play Jab with Vell")
    play(st, "Target Dessa (Seat 2)")
    play(st, "Play Second Wind")
    play(st, "Target Dessa (Seat 2)")
    assert char(st, "Dessa").burden == 1  # resolved at once
    # Seat 1 has nothing to play, so seat 2 has priority again and may play the second.
    assert st.wait[:2] == ("window", 1)
    play(st, "Decline (play no edge now)")
    assert st.wait[0] != "window" or st.win[0] != "reaction"


def test_A6_variant_lifo_edges_wait_on_a_stack():
    st = position(
        rules={"sc.edge_stack": "lifo"},
        squads=("Red", "Red"),
        hands={0: ["Haymaker", "Second Wind", "Second Wind"], 1: ["Dodge Roll", "Brace"]},
        dice={"Brakka@0": [4], "Corin@1": [5]},
        burden={"Vell@0": 5},
    )
    play(st, "Play Haymaker with Brakka")
    play(st, "Target Corin (Seat 2)")
    play(st, "Play Dodge Roll with Corin")  # waits on the stack
    attack = st.plays[0]
    assert len(st.stack) == 1 and not attack.negated and st.wait[:2] == ("window", 0)
    play(st, "Play Second Wind")
    play(st, "Target Vell (Seat 1)")
    assert len(st.stack) == 2 and char(st, "Vell@0").burden == 5
    play(st, "Decline (play no edge now)")  # seat 2 keeps its Brace
    play(st, "Decline (play no edge now)")  # seat 1 keeps its other Second Wind
    # Every seat declined: the last edge in resolves first, and the window opens again.
    assert char(st, "Vell@0").burden == 3 and not attack.negated and len(st.stack) == 1
    assert st.wait[0] == "window"
    decline_all(st)
    assert attack.negated and st.counts["negated"] == 1
    # Without the variant, each edge resolves as it is played.
    st = position(
        squads=("Red", "Red"),
        hands={0: ["Haymaker"], 1: ["Dodge Roll"]},
        dice={"Brakka@0": [4], "Corin@1": [5]},
    )
    play(st, "Play Haymaker with Brakka")
    play(st, "Target Corin (Seat 2)")
    play(st, "Play Dodge Roll with Corin")
    assert st.counts["negated"] == 1
