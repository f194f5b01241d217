"""Squad Combat's rules, rule by rule (rules.md section 3), and every rule variant."""

from __future__ import annotations

from collections import Counter

import pytest

import workbench as wb
from workbench.core import CHANCE, TERMINAL, SetupError

from .helpers import (
    GAME,
    attach,
    char,
    decline_all,
    fresh,
    labels,
    play,
    position,
    reason,
    settle,
)


def to_seat(st, seat):
    """Hand the action phase to `seat` (the other passes its phase)."""
    st.active, st.wait, st._legal = seat, ("action", seat, None), None


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


# -- 3.10 death ---------------------------------------------------------------------------------


def test_R36_v05_removes_the_dead_and_discards_what_was_attached():
    st = position(
        rules={"sc.ruleset": "v0_5"},
        hands={0: ["Quick Thrust"], 1: []},
        dice={"Vell": [], "Gale": []},
    )
    for card in ("Haymaker", "Haymaker"):
        attach(st, "Gale", card)  # 10 of 12
    play(st, "Play Quick Thrust with Vell")
    play(st, "Target Gale (Seat 2)")
    decline_all(st)
    gale = char(st, "Gale")
    assert not gale.alive and gale.removed and gale.attached == []
    assert st.players[0].discard == {"Haymaker": 2, "Quick Thrust": 1}
    echo = gale.d.abilities[0]  # Gale's death effect: none in v0.5
    assert st._actor_problem(1, echo, gale.ci, None)[0] == "R-36"


def test_R37_death_effects_ignore_energy_and_dice_and_cost_cards():
    st = position(hands={0: ["Jab", "Haymaker", "Steady Blow"]})
    corin = char(st, "Corin")
    corin.alive = False
    st._legal = None
    play(st, "Use Corin's Last Orders")  # Action — C C: draw 2
    play(st, "Discard Haymaker to pay C")
    play(st, "Discard Jab to pay C")
    settle(st)
    assert len(st.players[0].hand) == 3 and corin.burden == 0
    assert st.players[0].discard == {"Haymaker": 1, "Jab": 1}


def test_R37_v05_has_no_death_effects():
    st = position(rules={"sc.ruleset": "v0_5"}, hands={0: ["Jab", "Jab"]})
    char(st, "Corin").alive = False
    st._legal = None
    rule, why = reason(st, "Use Corin's Last Orders")
    assert rule == "R-36" and "no death effects" in why


# -- the other variants -----------------------------------------------------------------------


def test_A1_variant_energy_never_comes_back():
    st = position(rules={"sc.energy_reset": "never"}, hands={0: [], 1: []}, burden={"Brakka": 5})
    play(st, "Pass")
    play(st, "Pass")
    assert char(st, "Brakka").burden == 5


def test_A10_variant_the_first_player_rotates():
    st = position(rules={"sc.first_player": "rotate"}, hands={0: [], 1: []})
    play(st, "Pass")
    play(st, "Pass")
    settle(st)
    while st.wait[0] == "discard":
        play(st, "Keep the rest of the hand")
        settle(st)
    assert st.first == 1 and st.active == 1


def test_A22_variant_a_player_who_cannot_draw_loses():
    st = position(rules={"sc.deckout": "lose"}, hands={0: [], 1: []})
    for name in list(st.players[0].deck):
        st.players[0].deck.take(name)
    play(st, "Pass")
    play(st, "Pass")
    assert st.to_move == TERMINAL and st.result().winners == (1,)


def test_A35_a_game_no_squad_can_finish_is_a_draw():
    st = position(hands={0: [], 1: []})
    for p in st.players:  # nothing left to attack with: every card is a Focus
        p.deck = type(p.deck)({"Focus": 5})
        p.squad = type(p.squad)(p.squad.name, p.squad.title, p.squad.characters, (("Focus", 5),))
    assert st.no_damage_left()
    play(st, "Pass")
    play(st, "Pass")
    settle(st)
    while st.to_move not in (TERMINAL, CHANCE) and st.wait[0] == "discard":
        play(st, "Keep the rest of the hand")
        settle(st)
    assert st.to_move == TERMINAL and "A-35" in st.result().reason
    st = position(rules={"sc.stalemate": "play_on"})
    assert not st.no_damage_left()  # the demo decks are full of attacks


def test_turn_limit_ends_in_a_draw():
    m = wb.play("squad_combat", seed=1, bots="random", rules={"sc.turn_limit": 2})
    m.auto()
    assert m.result.outcome == "draw" and "sc.turn_limit" in m.result.reason
    assert m.state.turn == 2


def test_play_with_no_setup_is_red_against_blue_and_random_bots_finish_it():
    m = wb.play("squad_combat")
    assert m.seats == 2 and m.decisions == 0 and not m.over
    assert [c.d.name for c in m.state.chars] == [
        "Brakka",
        "Vell",
        "Corin",
        "Dessa",
        "Ember",
        "Gale",
    ]
    assert [len(p.hand) for p in m.state.players] == [5, 5]
    for seed in range(3):
        m = wb.play("squad_combat", seed=seed, bots={0: "random", 1: "random"})
        m.auto()
        assert m.over and m.result is not None, seed


def test_the_search_bot_plays_from_play_and_simulate():
    m = wb.play("squad_combat", seed=1, bots={0: "search", 1: "random"}, rules={"sc.turn_limit": 3})
    m.auto()
    assert m.over
    games = wb.simulate(
        "squad_combat", 2, seed=1, bots={0: "search", 1: "heuristic"}, rules={"sc.turn_limit": 3}
    )
    assert games.height == 2


def test_three_squads_play_to_the_end():
    m = wb.play("squad_combat", seed=2, bots="heuristic", squads=["Red", "Blue", "Red"])
    m.auto()
    assert m.over and m.seats == 3
    assert len(m.view().zones) == 7


def test_setup_errors_name_the_option():
    with pytest.raises(SetupError, match="no squad 'Green'"):
        wb.play("squad_combat", squads=["Red", "Green"])
    with pytest.raises(SetupError, match="two to four squad names"):
        wb.play("squad_combat", squads=["Red"])
    with pytest.raises(SetupError, match="seat 3 does not exist"):
        wb.play("squad_combat", first_player=3)


@pytest.mark.parametrize(("variant", "asked"), [("skip", 1), ("open", 2)])
def test_A36_a_window_straight_after_an_unused_one_is_not_opened_twice(variant, asked):
    st = position(
        rules={"sc.repeat_window": variant},
        hands={0: ["Jab", "Jab"], 1: ["Second Wind"]},
        dice={"Vell": []},
    )
    play(st, "Play Jab with Vell")
    play(st, "Target Dessa (Seat 2)")
    play(st, "Decline (play no edge now)")  # the reaction window
    windows = []
    while st.wait[0] == "window":
        windows.append(st.win[0])
        play(st, "Decline (play no edge now)")
    assert windows == ["after", "start"][:asked]
    assert st.wait[:2] == ("action", 1)


def test_A37_only_players_with_an_edge_they_may_play_are_asked():
    st = position(hands={0: ["Jab"], 1: ["Jab"]})
    play(st, "Play Jab with Vell")
    play(st, "Target Dessa (Seat 2)")  # nobody holds an edge: no window asks anyone
    assert st.wait[:2] == ("action", 1) and len(char(st, "Dessa").attached) == 1


def test_A39_no_reaction_once_the_attack_is_negated():
    st = position(
        squads=("Red", "Red"),
        hands={0: ["Haymaker"], 1: ["Dodge Roll", "Brace"]},
        dice={"Brakka@0": [4], "Corin@1": [5]},
    )
    play(st, "Play Haymaker with Brakka")
    play(st, "Target Corin (Seat 2)")
    play(st, "Play Dodge Roll with Corin")
    # The window closed at once: Brace may not follow a negated attack.
    assert st.counts["negated"] == 1 and st.players[1].hand == ["Brace"]
    assert st.wait[:2] == ("action", 1)


def test_A41_hardened_still_lets_the_rest_of_the_effect_bar_apply():
    cards = wb.load_cards("squad_combat").set("characters", "Dessa", "passives", "Beta Hardened 3")
    st = position(cards=cards, hands={0: ["Vell's Needle"], 1: []})
    play(st, "Play Vell's Needle with Vell")
    play(st, "Target Dessa (Seat 2)")
    dessa = char(st, "Dessa")
    assert dessa.attached == [] and dessa.burden == 1
    assert st.players[0].discard == {"Vell's Needle": 1}


def test_every_variant_key_of_the_rules_document_is_a_variant_and_back():
    import re
    from pathlib import Path

    import workbench.games.squad_combat as package

    text = (Path(package.__file__).parent / GAME.spec.rules_file).read_text()
    named = set(re.findall(r"`(sc\.[a-z_0-9]+)", text))
    assert named == {v.key for v in GAME.spec.variants}
    for v in GAME.spec.variants:  # each cites a rule, resolution or section the document has
        assert f"**{v.rule}" in text or f"### {v.rule} " in text, v.key
