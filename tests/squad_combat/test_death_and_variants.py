"""Squad Combat's death (rules.md section 3.10), the other rule variants, and whole games
from `play` and `simulate`."""

from __future__ import annotations

import pytest

import workbench as wb
from workbench.core import CHANCE, TERMINAL, SetupError

from .helpers import (
    GAME,
    attach,
    char,
    decline_all,
    play,
    position,
    reason,
    settle,
)

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
