"""Armies' setup rules one by one (R-1 to R-4): the position, the decks and the draw, the
first player, and the demo match a bare `play` starts."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

import workbench as wb
from workbench.core import CHANCE, SetupError, get_game

from .helpers import (
    BLACK,
    WHITE,
    at,
    fresh,
)

# -- setup (R-1 to R-4) ------------------------------------------------------------------------


def test_R1_standard_position_and_no_cards_attached():
    st = fresh()
    row = "".join(at(st, f"{f}1").kind for f in "abcdefgh")
    assert row == "RNBQKBNR" and all(at(st, f"{f}2").kind == "P" for f in "abcdefgh")
    assert all(at(st, f"{f}8").owner == BLACK for f in "abcdefgh")
    assert not any(p.leader or p.cards for p in st.pieces)


def test_R2_the_general_starts_with_its_decks_spread_or_the_players():
    st = fresh()
    assert st.general(WHITE).maxs == [2, 0, 0, 1, 0]  # Horse and Bow: G2 T1
    assert st.general(BLACK).maxs == [0, 1, 1, 0, 1]  # Shadow Court: E1 L1 S1
    assert st.general(BLACK).cur == st.general(BLACK).maxs
    st = fresh(generals=["TTT", None])
    assert st.general(WHITE).maxs == [0, 0, 0, 3, 0]
    with pytest.raises(SetupError, match="3 \\(R-2\\)"):
        fresh(generals=["GG", None])
    with pytest.raises(SetupError, match="spread of skill"):
        fresh(generals=["GXZ", None])


def test_R3_each_player_draws_seven():
    m = wb.play("armies", seed=3)
    st = m.state
    assert [len(h) for h in st.hands] == [7, 7]
    assert [len(d) for d in st.decks] == [53, 53]


def test_every_variant_key_of_the_rules_document_is_a_rule_variant():
    game = get_game("armies")
    text = game.rules_path().read_text(encoding="utf-8")
    named = set(re.findall(r"`(arm\.[a-z_]+)", text))
    assert named == {v.key for v in game.variants}
    # Each one is a RESOLUTION of the document, which cites its rule.
    assert all(v.rule in text for v in game.variants)


def test_play_with_no_setup_starts_the_demo_match_and_random_bots_finish_it():
    m = wb.play("armies")
    assert m.seat_names == ["White (Horse and Bow)", "Black (Shadow Court)"]
    assert m.to_move in (0, 1) and m.legal_actions() and not m.bots
    m = wb.play("armies", seed=4, bots={0: "random", 1: "random"})
    m.auto()
    assert m.over and m.result.outcome


def test_a_draw_is_seen_by_the_drawer_only():
    # the chance of the exact card (3% for a two-of, 7% for a four-of) would hint at it,
    # so only the drawer is shown the card and its chance (tests/test_step_through.py checks
    # what each seat's view shows).
    m = wb.play("armies", seed=1, first_player="White")
    draws = [e for e in m.log if e["kind"] == "chance"]
    assert len(draws) == 14
    assert [e["seen_by"] for e in draws] == [0] * 7 + [1] * 7
    assert draws[0]["text"].startswith("White draws a card: ")


def test_R4_the_first_player_is_rolled_or_chosen():
    st = fresh(first="random")
    assert st.to_move == CHANCE and st.chance().label == "Who goes first (R-4)"
    assert st.chance().odds_list() == (("White goes first", Fraction(1, 2)),)
    st.apply_chance(BLACK)
    assert st.first == BLACK and st.active == BLACK
    st = fresh(first="Black")
    assert st.first == BLACK


def test_decks_must_exist():
    with pytest.raises(SetupError, match="no deck called 'Nope'"):
        fresh(decks=["Nope", "Shadow Court"])
