"""What Squad Combat's view shows each seat, and how its cards print."""

from __future__ import annotations

import workbench as wb
from workbench.core.view import problems

from .helpers import play, position


def _zone(view, title_start):
    return next(z for z in view.zones if z.title.startswith(title_start))


def test_each_seat_sees_its_own_hand_and_the_backs_of_the_other():
    st = position(hands={0: ["Haymaker", "Jab"], 1: ["Sap", "Brace", "Taunt"]})
    mine, theirs = st.view(0), st.view(1)
    assert [c.name for c in _zone(mine, "Seat 1 hand").cards] == ["Haymaker", "Jab"]
    assert all(c.hidden for c in _zone(mine, "Seat 2 hand").cards)
    assert len(_zone(mine, "Seat 2 hand").cards) == 3
    assert all(c.hidden for c in _zone(theirs, "Seat 1 hand").cards)
    spectator = st.view(None)
    assert all(c.hidden for z in spectator.zones if "hand" in z.title for c in z.cards)
    assert problems(mine) == [] and problems(spectator) == []


def test_the_view_shows_characters_the_attack_and_what_answers_it():
    st = position(hands={0: ["Haymaker"], 1: ["Dodge Roll"]}, dice={"Brakka": [4], "Dessa": [2]})
    play(st, "Play Haymaker with Brakka")
    play(st, "Target Dessa (Seat 2)")
    view = st.view(1)
    assert "may play an edge · reactions (Haymaker)" in view.subtitle
    attack = _zone(view, "In play").cards[0]
    assert attack.name == "Haymaker" and "→ Dessa (Seat 2)" in attack.subtitle
    assert "Atk −1" in attack.subtitle and "paid 4" in attack.tags
    dessa = next(c for c in _zone(view, "Seat 2:").cards if c.name == "Dessa")
    assert dessa.highlight and {s.label: s.value for s in dessa.stats}["Dice"] == "2"
    assert dessa.text == "Death effect: Edge, C C: Stun 1 on an enemy character"
    ember = next(c for c in _zone(view, "Seat 2:").cards if c.name == "Ember")
    assert "Alpha Resistance 1" in ember.tags


def test_v05_calls_hp_life_and_shows_no_death_effects():
    st = position(rules={"sc.ruleset": "v0_5"})
    brakka = _zone(st.view(0), "Seat 1:").cards[0]
    assert brakka.stats[0].label == "Life" and brakka.text == ""
    assert "(v0.5)" in st.view(0).title


def test_cards_print_with_their_numbers():
    from workbench.core import get_game

    cards = wb.load_cards("squad_combat")
    game = get_game("squad_combat")
    haymaker = game.card_view("cards", cards.row("cards", "Haymaker"))
    assert haymaker.subtitle == "Alpha · <4>[4]"
    assert {s.label: s.value for s in haymaker.stats} == {"Atk": "−1", "Damage": 5}
    ember = game.card_view("characters", cards.row("characters", "Ember"))
    assert {s.label: s.value for s in ember.stats} == {
        "HP": 14,
        "Energy": 8,
        "Pool": "3RR",
        "Refresh": 5,
    }
    assert ember.tags == ("Alpha Resistance 1",)
    squad = game.card_view("squads", cards.row("squads", "Red"))
    assert squad.name == "Red"


def test_a_refresh_shows_before_the_roll_whether_it_will_pay_the_cards_in_hand():
    from fractions import Fraction

    from workbench.core import get_game
    from workbench.core.odds import action_odds
    from workbench.games.squad_combat import analysis

    st = position(hands={0: ["Brakka's Cleaver", "Haymaker"]}, dice={"Brakka": []})
    refresh = next(a for a in st.legal_actions() if a.label.startswith("Refresh Brakka"))
    odds = action_odds(st, refresh, get_game("squad_combat").spec.odds, 0)
    lines = {line.what: line.value for line in odds.lines}
    # Cleaver needs a [5], Haymaker a [4]: every card is paid exactly when a 5 is kept.
    assert lines["to pay the dice of every card it holds"] == analysis.refresh_odds(
        "RRR", (), "[5]"
    )
    assert lines["to hold a 5 or better"] == 1 - Fraction(2, 3) ** 3
    pass_ = next(a for a in st.legal_actions() if a.kind == "pass")
    assert action_odds(st, pass_, get_game("squad_combat").spec.odds, 0) is None
