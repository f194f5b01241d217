"""What the view shows: the map as a clickable board that fits 1,000 px, the soldier's sheet,
the enemies, the piles, and the odds of a shot before it is taken."""

from __future__ import annotations

import re
from fractions import Fraction

import workbench as wb
from workbench.core import get_game
from workbench.core.odds import action_odds
from workbench.games.sac.render import map_board

from .helpers import EXAMPLE_1, EXAMPLE_2, act, labels, state


def test_the_map_board_has_every_card_and_clickable_legal_targets():
    st = state(EXAMPLE_1, EXAMPLE_2)
    act(st, "Move to g6")
    view = st.view(0)
    svg = view.board.svg
    width = int(re.search(r'width="(\d+)"', svg).group(1))
    assert width <= 1000
    for name in ("4♣", "7♣", "9♣", "A♠", "2♠", "J♣"):
        assert name in svg
    targets = view.board.targets
    legal = set(labels(st))
    assert targets and all(set(ls) <= legal for ls in targets.values())
    # f6 holds the 3♦: clicking it shoots; h6 is a move.
    assert any(x.startswith("Shoot 3♦") for x in targets["f6"])
    assert list(targets["h6"]) == ["Move to h6 (corridor 4♣)"]
    soldier = next(z for z in view.zones if z.title == "Soldier")
    assert [s.label for s in soldier.cards[0].stats][:3] == ["Health", "Armour", "Ammo"]


def test_a_shot_shows_its_odds_to_kill_and_the_expected_toll_before_it_is_taken():
    st = state(EXAMPLE_1, EXAMPLE_2)
    act(st, "Move to g6")
    shot = next(a for a in st.legal_actions() if a.label.startswith("Shoot 3♦"))
    odds = action_odds(st, shot, get_game("sac").spec.odds, 0)
    # 18 of 20 rolls kill the 3♦; a 1 leaves it 2 health, a 2 leaves 1, and that comes back.
    assert [(line.what, line.value) for line in odds.lines] == [
        ("to kill", Fraction(9, 10)),
        ("health and armour lost", Fraction(3, 20)),
    ]
    assert odds.text.startswith("90% to kill")


def test_the_step_through_view_plays_a_match_and_names_the_rule_of_every_card():
    m = wb.play("sac", seed=6)
    first = m.log[0]["text"]
    assert first.startswith("Pile 1 (27 cards)") and "(R-3)" in first
    assert all(
        re.search(r"\((R-\d+a?|A-\d+)\) \(p ", e["text"]) for e in m.log if e["kind"] == "chance"
    )
    assert m.view(0).board is not None


def test_a_generated_map_is_drawn_by_the_same_board():
    st = state(EXAMPLE_1, EXAMPLE_2)
    assert map_board(st.b).svg.count("<circle") == len(st.b.cells)
