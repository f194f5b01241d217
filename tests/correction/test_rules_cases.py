"""Correction's rules file's own test cases T-1 .. T-6."""

from __future__ import annotations

from workbench.core import TERMINAL, Result
from workbench.games.correction.catalog import SQUARE
from workbench.games.correction.rules import OVER, RESPOND

from .helpers import NORTH, SOUTH, at, labels, moves_from, play, position, put, reason, token

# -- the rules file's test cases ----------------------------------------------------------


def test_T1_knight_on_an_empty_board():
    st = position([(SOUTH, "Knight", "c2")])
    assert moves_from(st, "c2") == ["a3", "b3", "d3", "e3"]
    # b4 and d4 are capture-only: legal once an enemy stands there, never onto an empty square.
    assert reason(st, "move", "c2", "b4")[0] == "R-11"
    put(st, NORTH, "Pawn", "b4")
    put(st, NORTH, "Pawn", "d4")
    assert moves_from(st, "c2") == ["a3", "b3", "b4", "d3", "d4", "e3"]
    # Move-only b3 cannot capture; move-or-capture a3 can.
    put(st, NORTH, "Pawn", "b3")
    put(st, NORTH, "Pawn", "a3")
    assert "b3" not in moves_from(st, "c2") and "a3" in moves_from(st, "c2")
    # Nothing backward or straight sideways.
    for square in ("a2", "e2", "b1", "d1", "c1", "c3"):
        assert reason(st, "move", "c2", square)[0] == "R-11"


def test_T1_north_mirrors_rows_only():
    st = position([(NORTH, "Knight", "c5")], active=NORTH)
    assert moves_from(st, "c5") == ["a4", "b4", "d4", "e4"]


def test_T2_spearman():
    st = position([(SOUTH, "Spearman", "c3"), (NORTH, "Pawn", "c5")])
    assert moves_from(st, "c3") == ["b3", "c5", "d3"]
    for colour in (SOUTH, NORTH):
        blocked = position(
            [(SOUTH, "Spearman", "c3"), (NORTH, "Pawn", "c5"), (colour, "Pawn", "c4")]
        )
        assert "c5" not in moves_from(blocked, "c3")
        assert reason(blocked, "move", "c3", "c5")[0] == "A-2"
    # c4 may be entered only to capture.
    assert reason(st, "move", "c3", "c4")[0] == "R-11"
    st2 = position([(SOUTH, "Spearman", "c3"), (NORTH, "Pawn", "c4")])
    assert "c4" in moves_from(st2, "c3")


def test_A2_reach_over_variant_and_tokens_do_not_block():
    st = position(
        [(SOUTH, "Spearman", "c3"), (NORTH, "Pawn", "c5"), (NORTH, "Pawn", "c4")],
        rules={"spear_reach": "over"},
    )
    assert "c5" in moves_from(st, "c3")
    st = position([(SOUTH, "Spearman", "c3"), (NORTH, "Pawn", "c5")])
    token(st, "c4", 2)  # R-14d: a token on the middle square does not block the reach
    assert "c5" in moves_from(st, "c3")


def test_T3_home_row_denial():
    st = position([(SOUTH, "Pawn", "b5")], stock=(0, 3))
    play(st, "Pawn b5 → c6, wins")
    assert st.phase == RESPOND and st.to_move == NORTH
    assert labels(st) == ["Allow Pawn b5 → c6, wins", "Banish the Pawn on b5 (3 tokens)"]
    assert reason(st, "deny")[0] == "A-4"
    play(st, "Banish the Pawn on b5 (3 tokens)")
    assert at(st, "b5") is None and at(st, "c6") is None
    assert st.stock[NORTH] == 0 and st.phase != OVER
    # Allowed, the same move wins.
    st = position([(SOUTH, "Pawn", "b5")], stock=(0, 3))
    play(st, "Pawn b5 → c6, wins")
    play(st, "Allow Pawn b5 → c6, wins")
    assert st.to_move == TERMINAL and st.result().winners == (SOUTH,)


def test_T3_without_three_tokens_the_win_cannot_be_stopped():
    st = position([(SOUTH, "Pawn", "b5")], stock=(0, 2))
    play(st, "Pawn b5 → c6, wins")  # no response window: nothing North could do
    assert st.result() == Result("South wins", (SOUTH,), details={"turns": 5})


def test_T4_spawn_economy():
    st = position(stock=(0, 2))
    play(st, "Spawn Pawn at c1")
    play(st, "Spawn Knight at d1")
    assert st.stock[NORTH] == 4
    play(st, "Knight d1 → e2")
    play(st, "Deny the move: token on e2 (1 token)")
    assert st.stock[NORTH] == 3
    # R-13b: the same piece must declare a different legal move.
    assert {a.args[0] for a in st.legal_actions()} == {"d1"}
    play(st, "Knight d1 → c2")
    play(st, "Banish the Knight on d1 (3 tokens)")
    assert st.stock[NORTH] == 0 and at(st, "d1") is None
    # The other spawned piece still moves (option 1).
    assert st.to_move == SOUTH and {a.args[0] for a in st.legal_actions()} == {"c1"}


def test_T4_three_tokens_are_not_enough_for_both():
    st = position(stock=(0, 1))
    play(st, "Spawn Pawn at c1")
    play(st, "Spawn Knight at d1")
    play(st, "Knight d1 → e2")
    play(st, "Deny the move: token on e2 (1 token)")
    play(st, "Knight d1 → c2")
    # 2 tokens left: no Piece Denial, and c2 can take a Move Denial.
    assert labels(st) == ["Allow Knight d1 → c2", "Deny the move: token on c2 (1 token)"]
    assert reason(st, "banish")[0] == "R-13c"


def test_T5_token_recovery():
    st = position(
        [
            (SOUTH, "Pawn", "e3"),
            (SOUTH, "Pawn", "c3"),
            (NORTH, "Knight", "c5"),
            (NORTH, "Pawn", "e5"),
        ],
        turn=5,
        stock=(0, 1),
    )
    play(st, "Pawn e3 → d4")
    play(st, "Deny the move: token on d4 (1 token)")
    # Turn 5: nothing may enter d4, not even a Pawn.
    assert SQUARE["d4"] not in st.targets(SQUARE["c3"])
    # The denied Pawn still has a move, so it must use it (R-13b).
    assert {a.args[0] for a in st.legal_actions()} == {"e3"}
    play(st, "Pawn e3 → f4")
    assert st.turn == 6 and st.active == NORTH
    # Turn 6: the North Knight still cannot enter d4, the North Pawn could.
    assert reason(st, "move", "c5", "d4")[0] == "R-14c"
    assert "d4" in moves_from(st, "e5")
    play(st, "Knight c5 → b4")
    # Turn 7: the South Pawn on c3 enters d4 and recovers the token.
    assert st.turn == 7
    play(st, "Pawn c3 → d4")
    assert st.stock[SOUTH] == 1 and st.token[21] == -1


def test_T6_spawn_restriction():
    st = position(
        [(SOUTH, "Knight", "c4"), (NORTH, "Pawn", "b5"), (SOUTH, "Pawn", "a2")],
        active=NORTH,
        turn=7,
    )
    play(st, "Pawn b5 → c4, captures Knight")
    assert st.turn == 8 and st.active == SOUTH
    assert "Spawn Knight at a1" not in labels(st)
    assert reason(st, "spawn", "Knight", "a1")[0] == "R-6"
    assert "Spawn Pawn at a1" in labels(st)
    play(st, "Pawn a2 → b3")
    play(st, "Pawn c4 → d3")
    assert st.turn == 10
    assert "Spawn Knight at a1" in labels(st)
