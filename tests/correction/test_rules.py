"""Correction's rules, rule by rule: setup and turn structure, declaration and response
(R-1 .. R-18). The rules file's test cases are in test_rules_cases.py; labels, cards, view
and bots in test_rules_cards_and_bots.py."""

from __future__ import annotations

from fractions import Fraction

import pytest

import workbench as wb
from workbench.core import CHANCE
from workbench.games.correction.rules import MOVING, RESPOND, SPAWN

from .helpers import NORTH, SOUTH, at, fresh, labels, moves_from, play, position, put, reason, token


def go(st, label):
    """Declare a move and let it happen if the opponent may respond."""
    play(st, label)
    if st.phase == RESPOND:
        play(st, labels(st)[0])


def north_turn(st):
    """North spawns a Pawn and moves it: a quiet turn to get back to South."""
    assert st.active == NORTH
    spawn = next(x for x in labels(st) if x.startswith("Spawn Pawn"))
    play(st, spawn)
    go(st, next(x for x in labels(st) if "→" in x and "captures" not in x))


# -- setup and turn structure ---------------------------------------------------------------


def test_R1_R2_setup_and_first_player():
    st = fresh(first="random")
    assert st.to_move == CHANCE
    chance = st.chance()
    assert chance.p(0) == chance.p(1) == Fraction(1, 2)
    assert all(c < 0 for c in st.board)
    assert [len(r) for r in st.reserve] == [6, 6]
    st.apply_chance(NORTH)
    assert st.active == NORTH and st.turn == 1 and st.stock == [1, 0]


def test_R2_play_starts_with_the_chance_point_and_its_odds():
    m = wb.play("correction", seed=0)
    first = m.log[0]
    assert first["kind"] == "chance" and first["p"] == "1/2"
    assert m.to_move == m.state.first


def test_R5_at_most_two_spawns_on_the_home_row():
    st = position()
    assert all(a.args[1].endswith("1") for a in st.legal_actions() if a.kind == "spawn")
    assert reason(st, "spawn", "Pawn", "c2")[0] == "R-5"
    play(st, "Spawn Pawn at a1")
    assert reason(st, "spawn", "Pawn", "a1")[0] == "R-5"  # occupied
    play(st, "Spawn Pawn at b1")
    assert not [a for a in st.legal_actions() if a.kind == "spawn"]
    assert "at most 2" in reason(st, "spawn", "Pawn", "c1")[1]


def test_R3_no_spawning_once_a_move_is_declared():
    st = position([(SOUTH, "Pawn", "c2")], stock=(0, 0))
    play(st, "Spawn Pawn at a1")
    play(st, "Spawn Pawn at e1")
    go(st, "Pawn a1 → b2")
    assert st.phase == MOVING
    assert reason(st, "spawn", "Pawn", "f1")[0] == "R-3"


def test_R7_tokens_per_spawn_and_R8_no_response_to_spawning():
    st = position(stock=(0, 0))
    play(st, "Spawn Knight at a1")
    assert st.stock == [0, 1] and st.to_move == SOUTH and st.phase == SPAWN


def test_R7_a_fixed_supply_runs_out():
    st = position(stock=(0, 0), rules={"token_supply": 5})
    st.supply = 1
    play(st, "Spawn Pawn at a1")
    play(st, "Spawn Pawn at b1")
    assert st.stock[NORTH] == 1 and st.supply == 0


def test_R9_option_one_moves_every_spawned_piece_that_can():
    st = position([(SOUTH, "Knight", "f3")])
    play(st, "Spawn Pawn at a1")
    play(st, "Spawn Pawn at c1")
    go(st, "Pawn a1 → b2")
    # Option (1): the Knight (not spawned) may not move now; the other spawned Pawn must.
    assert reason(st, "move", "f3", "e4")[0] == "R-9"
    assert {a.args[0] for a in st.legal_actions()} == {"c1"}
    go(st, "Pawn c1 → d2")
    assert st.turn == 6


def test_R9_option_two_moves_one_older_piece():
    st = position([(SOUTH, "Knight", "f3")])
    play(st, "Spawn Pawn at a1")
    go(st, "Knight f3 → e4")
    assert st.turn == 6 and at(st, "a1") == (SOUTH, "Pawn")


def test_R10_a_spawned_piece_without_a_move_stays():
    # A Pawn spawned on b1 is boxed in by its own Pawns on a2 and c2.
    st = position([(SOUTH, "Pawn", "a2"), (SOUTH, "Pawn", "c2")])
    play(st, "Spawn Pawn at b1")
    play(st, "Spawn Pawn at e1")
    go(st, "Pawn e1 → f2")
    assert st.turn == 6 and at(st, "b1") == (SOUTH, "Pawn")


def test_R12_must_spawn_when_that_is_the_only_way_to_move():
    st = fresh(first="South")
    assert "End the turn without a move" not in labels(st)
    assert reason(st, "end")[0] == "R-12"
    assert all(a.kind == "spawn" for a in st.legal_actions())


def test_R12_turn_ends_without_a_move_when_none_exists():
    # The Spearman's only empty neighbour holds a token it may never enter (R-14c).
    st = position([(SOUTH, "Spearman", "a3")])
    st.reserve[SOUTH] = []
    token(st, "b3", 2)
    assert labels(st) == ["End the turn without a move"]
    play(st, "End the turn without a move")
    assert st.turn == 6


def test_R12_a_legal_move_forbids_ending():
    st = position([(SOUTH, "Knight", "c2")])
    assert reason(st, "end") == ("R-12", "a legal move exists, so the turn must include one")


# -- declaration and response (R-13) ---------------------------------------------------------


def test_R13_no_window_without_tokens():
    st = position([(SOUTH, "Knight", "c2")], stock=(0, 0))
    play(st, "Knight c2 → d3")
    assert st.turn == 6 and at(st, "d3") == (SOUTH, "Knight")


def test_R13_window_offers_allow_and_deny_with_one_token():
    st = position([(SOUTH, "Knight", "c2")], stock=(0, 1))
    play(st, "Knight c2 → d3")
    assert st.to_move == NORTH
    assert labels(st) == ["Allow Knight c2 → d3", "Deny the move: token on d3 (1 token)"]


def test_R13b_option_two_falls_back_to_another_piece():
    st = position([(SOUTH, "Pawn", "a2"), (SOUTH, "Knight", "e2")], stock=(0, 1))
    play(st, "Pawn a2 → b3")
    play(st, "Deny the move: token on b3 (1 token)")
    # The Pawn has no other move, so another piece must move.
    assert moves_from(st, "a2") == [] and moves_from(st, "e2")
    play(st, "Knight e2 → f3")
    assert st.turn == 6


def test_R13b_option_two_ends_without_a_move_when_nothing_else_can_move():
    st = position([(SOUTH, "Pawn", "a2")], stock=(0, 1))
    play(st, "Pawn a2 → b3")
    play(st, "Deny the move: token on b3 (1 token)")
    assert st.turn == 6 and at(st, "a2") == (SOUTH, "Pawn")


def test_R13c_banish_then_another_piece_and_A9_back_in_reserve():
    st = position([(SOUTH, "Knight", "c2"), (SOUTH, "Pawn", "a2")], stock=(0, 3))
    play(st, "Knight c2 → d3")
    play(st, "Banish the Knight on c2 (3 tokens)")
    assert at(st, "c2") is None and st.stock[NORTH] == 0
    assert moves_from(st, "a2") == ["b3"]
    play(st, "Pawn a2 → b3")
    north_turn(st)
    # it is back in the reserve and may be spawned on South's next turn.
    assert st.turn == 7 and "Spawn Knight at a1" in labels(st)


def test_A9_banish_captured_variant_skips_the_next_turn():
    st = position(
        [(SOUTH, "Knight", "c2"), (SOUTH, "Pawn", "a2")], stock=(0, 3), rules={"banish": "captured"}
    )
    play(st, "Knight c2 → d3")
    play(st, "Banish the Knight on c2 (3 tokens)")
    play(st, "Pawn a2 → b3")
    north_turn(st)
    assert st.turn == 7
    assert reason(st, "spawn", "Knight", "a1")[0] == "R-6"
    go(st, "Pawn b3 → c4")
    north_turn(st)
    assert st.turn == 9 and "Spawn Knight at a1" in labels(st)


def test_R13c_banish_prevents_the_capture():
    st = position([(SOUTH, "Knight", "c2"), (NORTH, "Pawn", "e3")], stock=(0, 3))
    play(st, "Knight c2 → e3, captures Pawn")
    play(st, "Banish the Knight on c2 (3 tokens)")
    assert at(st, "e3") == (NORTH, "Pawn")


def test_A6_deny_occupied_and_only_pawns_capture_there():
    st = position(
        [(SOUTH, "Knight", "c2"), (SOUTH, "Pawn", "d2"), (NORTH, "Pawn", "e3")], stock=(0, 1)
    )
    play(st, "Knight c2 → e3, captures Pawn")
    play(st, "Deny the move: token on e3 (1 token)")
    assert at(st, "e3") == (NORTH, "Pawn") and st.token[16] == 5
    st._end_turn()
    st._end_turn()
    assert st.turn == 7 and st.active == SOUTH
    # From then on the Knight may never capture there; a Pawn may.
    assert reason(st, "move", "c2", "e3")[0] == "R-14c"
    assert "e3" in moves_from(st, "d2")


def test_A6_variant_forbids_denying_a_capture():
    st = position(
        [(SOUTH, "Knight", "c2"), (NORTH, "Pawn", "e3")],
        stock=(0, 1),
        rules={"deny_occupied": False},
    )
    play(st, "Knight c2 → e3, captures Pawn")  # nothing North can do: no window
    assert at(st, "e3") == (SOUTH, "Knight")


@pytest.mark.parametrize(
    "rows, south_goal, south_home",
    [("both", False, False), ("goal_only", False, True), ("own_only", True, False)],
)
def test_A4_rows_that_take_no_token(rows, south_goal, south_home):
    st = position(
        [(SOUTH, "Pawn", "b5"), (SOUTH, "Spearman", "c1")],
        stock=(0, 1),
        rules={"no_token_rows": rows},
    )
    play(st, "Pawn b5 → c6, wins")
    assert (reason(st, "deny") is None) == south_goal
    st = position([(SOUTH, "Spearman", "c1")], stock=(0, 1), rules={"no_token_rows": rows})
    play(st, "Spearman c1 → d1")
    assert (st.phase == RESPOND and reason(st, "deny") is None) == south_home


def test_A1_side_L_capture_only_variant():
    st = position([(SOUTH, "Knight", "c2")], rules={"knight_side_L_capture_only": True})
    assert moves_from(st, "c2") == ["b3", "d3"]
    put(st, NORTH, "Pawn", "e3")
    assert "e3" in moves_from(st, "c2")


def test_R14a_fresh_token_blocks_every_piece_this_turn():
    st = position([(SOUTH, "Pawn", "c3")])
    token(st, "d4", 5)
    assert reason(st, "move", "c3", "d4")[0] == "R-14a"
    token(st, "d4", 4)
    assert "d4" in moves_from(st, "c3")


def test_R15_A14_a_pawn_recovers_the_opponents_token():
    st = position([(NORTH, "Pawn", "c4")], active=NORTH, stock=(0, 0))
    token(st, "b3", 2)
    play(st, "Pawn c4 → b3")
    assert st.stock == [0, 1]


def test_R17_capturing_onto_the_goal_row_wins():
    st = position([(SOUTH, "Spearman", "c4"), (NORTH, "Pawn", "c6")])
    play(st, "Spearman c4 → c6, captures Pawn, wins")
    assert st.result().outcome == "South wins"


def test_R18_draw_after_quiet_turns():
    st = position([(SOUTH, "Spearman", "a3"), (NORTH, "Spearman", "f4")], rules={"draw_after": 3})
    st.reserve = [[], []]
    play(st, "Spearman a3 → b3")
    play(st, "Spearman f4 → e4")
    assert st.to_move == SOUTH
    play(st, "Spearman b3 → a3")
    assert st.result().to_json() == {
        "outcome": "draw",
        "winners": [],
        "turns": 7,
        "reason": "3 turns without a capture, a spawn or a token recovered (R-18)",
    }


def test_R18_a_capture_resets_the_counter():
    st = position([(SOUTH, "Spearman", "a3"), (NORTH, "Pawn", "a4")], rules={"draw_after": 3})
    st.quiet = 2
    play(st, "Spearman a3 → a4, captures Pawn")
    assert st.quiet == 0
