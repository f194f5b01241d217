"""Correction's labels, setup options and variants, cards, view and bots."""

from __future__ import annotations

import random

import pytest

import workbench as wb
from workbench.core import Action
from workbench.games.correction.analysis import first_player_wins, head_to_head
from workbench.games.correction.bots import RolloutBot, heuristic

from .helpers import NORTH, SOUTH, labels, moves_from, play, position

# -- labels, setup and variants ---------------------------------------------------------------


def test_labels_are_readable_and_unique():
    st = position([(SOUTH, "Knight", "b1"), (NORTH, "Pawn", "d2")])
    got = labels(st)
    assert "Knight b1 → c2" in got and "Knight b1 → d2, captures Pawn" in got
    assert "Spawn Pawn at a1" in got
    assert len(set(got)) == len(got)


def test_bad_setup_names_the_option():
    with pytest.raises(wb.SetupError, match="first_player"):
        wb.play("correction", first_player="East")
    with pytest.raises(wb.SetupError, match="players"):
        wb.play("correction", players=3)
    with pytest.raises(wb.SetupError, match="cor.draw_after"):
        wb.play("correction", rules={"draw_after": 0})
    with pytest.raises(wb.SetupError, match="cor.token_supply"):
        wb.play("correction", rules={"token_supply": 7})


def test_fixed_first_player_has_no_chance_point():
    m = wb.play("correction", first_player="North")
    assert m.to_move == NORTH and not m.log
    assert m.state.stock == [1, 0]


def test_every_resolution_key_is_a_variant():
    keys = {r["key"] for r in wb.rules("correction")}
    assert keys == {
        "cor.token_supply",
        "cor.draw_after",
        "cor.knight_side_L_capture_only",
        "cor.spear_reach",
        "cor.no_token_rows",
        "cor.deny_occupied",
        "cor.banish",
    }


# -- cards ------------------------------------------------------------------------------------


def test_cards_load_and_a_designer_edit_changes_the_moves():
    cards = wb.load_cards("correction")
    assert set(cards) == {"pieces", "offsets", "params"}
    assert cards["offsets"].height == 12
    bolder = cards.set("offsets", "knight-L-left", "mode", "both")
    st = position([(SOUTH, "Knight", "c2")], cards=bolder)
    assert "b4" in moves_from(st, "c2")


def test_cards_cross_checks_name_the_problem():
    cards = wb.load_cards("correction")
    with pytest.raises(wb.CardDataError, match="offsets.csv line 2.*piece"):
        cards.set("offsets", "pawn-left", "piece", "Queen")
    with pytest.raises(wb.CardDataError, match="forward"):
        cards.set("offsets", "pawn-left", "forward", -1)
    with pytest.raises(wb.CardDataError, match="straight"):
        cards.set("offsets", "spear-reach", "dx", 1)
    with pytest.raises(wb.CardDataError, match="piece_denial_cost"):
        cards.set("params", "piece_denial_cost", "value", 0)


def test_params_drive_the_rules():
    cards = wb.load_cards("correction").set("params", "piece_denial_cost", "value", 2)
    st = position([(SOUTH, "Knight", "c2")], stock=(0, 2), cards=cards)
    play(st, "Knight c2 → d3")
    assert "Banish the Knight on c2 (2 tokens)" in labels(st)


# -- view and bots ----------------------------------------------------------------------------


def test_render_draws_the_board():
    m = wb.play("correction", seed=3, bots="heuristic")
    m.auto(max_steps=12)
    view = m.state.view(0)
    svg = view.board.svg
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    for text in (">a<", ">f<", ">1<", ">6<"):
        assert text in svg
    pieces = sum(1 for c in m.state.board if c >= 0)
    assert svg.count("<circle") == pieces
    assert [z.title for z in view.zones] == ["South reserve", "North reserve"]
    assert {t.label for t in view.trackers} >= {"Turn", "South tokens", "North tokens"}


def test_render_highlights_legal_targets_and_pending_move():
    st = position([(SOUTH, "Knight", "c2")], stock=(0, 1))
    from workbench.games.correction.render import board

    drawn = board(st)
    assert drawn.svg.count('stroke="#5aa469"') == 4 + 6  # 4 moves, 6 spawn squares
    assert len(drawn.targets) == 4 + 6 and drawn.svg.count('class="wb-target"') == 10
    # Every clickable square plays legal actions, and every move and spawn is on the board.
    clicked = {label for labels in drawn.targets.values() for label in labels}
    assert clicked == {a.label for a in st.legal_actions() if a.kind in ("move", "spawn")}
    play(st, "Knight c2 → d3")
    assert "stroke-dasharray" in board(st).svg and board(st).targets == {}


def test_heuristic_banishes_a_winning_move():
    st = position([(SOUTH, "Pawn", "b5")], stock=(0, 3))
    play(st, "Pawn b5 → c6, wins")
    choice = heuristic(st, NORTH, st.legal_actions(), random.Random(0))
    assert choice.kind == "banish"


def test_heuristic_takes_a_win():
    st = position([(SOUTH, "Pawn", "b5"), (SOUTH, "Knight", "a1")], stock=(0, 0))
    choice = heuristic(st, SOUTH, st.legal_actions(), random.Random(0))
    assert choice.label.endswith("wins")


def test_rollout_bot_finds_the_win_and_plays_legally():
    st = position([(SOUTH, "Pawn", "b5"), (SOUTH, "Knight", "a1")], stock=(0, 0))
    assert RolloutBot()(st, SOUTH, st.legal_actions(), random.Random(0)).label.endswith("wins")
    m = wb.play("correction", seed=4, bots={0: RolloutBot(), 1: "random"})
    m.auto()
    assert m.over and m.result.winners == (0,)


def test_rollout_bot_banishes_a_declared_win():
    st = position([(SOUTH, "Pawn", "b5")], stock=(0, 3))
    play(st, "Pawn b5 → c6, wins")
    assert RolloutBot()(st, NORTH, st.legal_actions(), random.Random(0)).kind == "banish"


def test_rollout_bot_sees_past_the_heuristic():
    # Measured over 400 games: 88% (interval 84-91%) against the heuristic.
    duel = head_to_head(RolloutBot(), "heuristic", 60, seed=0)
    assert duel["win_rate"] >= 0.65, duel


def test_rollout_bot_rejects_a_useless_budget():
    with pytest.raises(ValueError, match="horizon must be a whole number from 1, not 0"):
        RolloutBot(horizon=0)
    with pytest.raises(ValueError, match="samples must be a whole number from 1, not '3'"):
        RolloutBot(samples="3")


def test_first_player_wins_counts_the_starting_seat():
    answer = first_player_wins("random", 40, seed=3)
    games = wb.simulate("correction", 40, seed=3, bots="random")
    decided = games.filter(games["winner"] >= 0)
    assert answer["first_player_wins"] == (decided["winner"] == decided["first"]).mean()
    assert answer["ci_low"] <= answer["first_player_wins"] <= answer["ci_high"]
    assert answer["draws"] == 40 - decided.height
    assert answer == first_player_wins("random", 40, seed=3)


def test_heuristic_beats_random():
    games = wb.simulate("correction", 60, seed=0, bots={0: "heuristic", 1: "random"})
    assert (games["winner"] == 0).mean() >= 0.9
    games = wb.simulate("correction", 60, seed=0, bots={0: "random", 1: "heuristic"})
    assert (games["winner"] == 1).mean() >= 0.9


def test_simulate_reports_first_player_and_counts():
    games = wb.simulate("correction", 30, seed=2)
    assert set(games["first"].unique()) == {0, 1}
    assert {"turns", "captures", "move_denials", "banishes", "spawns", "recoveries"} <= set(
        games.columns
    )
    decided = games.filter(games["winner"] >= 0)
    assert decided.height and all(o.endswith("wins") for o in decided["outcome"])


def test_action_objects_round_trip_through_json_args():
    st = position([(SOUTH, "Knight", "b1")])
    a = next(a for a in st.legal_actions() if a.kind == "move")
    assert Action(a.kind, tuple(a.to_json()["args"])) == a


def test_rollout_bots_are_offered_by_name():
    m = wb.play("correction", seed=1, bots={0: "rollout-3", 1: "rollout"})
    m.auto(max_steps=4)
    assert m.decisions >= 1
    assert {"rollout", "rollout-3"} <= set(m.widget().view["bot_choices"])
