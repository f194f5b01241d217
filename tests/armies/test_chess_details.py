"""Armies' chess details one by one: castling, en passant, promotion and quiet turns (R-28 to
R-30)."""

from __future__ import annotations

import workbench as wb
from workbench.games.armies.catalog import NAMES, SQUARE

from .helpers import (
    BLACK,
    WHITE,
    at,
    draw,
    labels,
    play,
    position,
    roll,
)

# -- chess details (R-28 to R-30) ----------------------------------------------------------------


def test_R28_castling_without_check_conditions_and_en_passant():
    st = position(
        [
            (WHITE, "K", "e1", {"moved": False}),
            (WHITE, "R", "h1", {"moved": False}),
            (BLACK, "R", "f8"),
        ],
        step="Move",
    )
    play(st, "General e1 → g1 (castles)")
    assert at(st, "g1").kind == "K" and at(st, "f1").kind == "R"
    st = position(
        [(WHITE, "P", "e5"), (BLACK, "P", "d7", {"moved": False})], step="Move", active=BLACK
    )
    play(st, "Pawn d7 → d5")
    st.draws.clear()
    st.todo.clear()
    st.active, st.turn, st.step, st.phase = WHITE, st.turn + 1, "Move", "run"
    st.changed()
    st._run()
    play(st, "Pawn e5 attacks the Pawn on d5 en passant (→ d6")
    roll(st, 1, 0)
    assert at(st, "d6").owner == WHITE and at(st, "d5") is None


def test_R29_promotion_keeps_skill_and_cards():
    st = position([(WHITE, "P", "b7", {"skill": "GT", "leader": "Torani Cadet"})], step="Move")
    assert [x for x in labels(st) if x.startswith("Pawn b7")] == [
        "Pawn b7 → b8, promotes to Queen",
        "Pawn b7 → b8, promotes to Rook",
        "Pawn b7 → b8, promotes to Bishop",
        "Pawn b7 → b8, promotes to Knight",
    ]
    play(st, "Pawn b7 → b8, promotes to Knight")
    knight = at(st, "b8")
    assert knight.kind == "N" and knight.maxs == [1, 0, 0, 1, 0]
    assert knight.leader == "Torani Cadet"


def test_R30_no_legal_move_skips_the_move_step_and_quiet_turns_draw():
    st = position([], step="Move")
    st.general(WHITE).stopped = True
    st.changed()
    st.phase = "run"
    st._run()
    assert st.step != "Move"
    st = position(
        [(WHITE, "K", "e1", {"skill": "GGT", "cur": "G"})], step="Rest", rules={"draw_after": 1}
    )
    play(st, "Rest no piece")
    draw(st, st.chance().dist.outcomes[0])
    assert st.phase == "over" and st.result().outcome == "draw" and "R-30" in st.reason


def test_legal_actions_have_unique_labels_in_a_busy_position():
    m = wb.play("armies", seed=2, bots="heuristic")
    for _ in range(400):
        if m.over:
            break
        labels_now = [a.label for a in m.legal_actions()]
        assert len(set(labels_now)) == len(labels_now)
        m.bot_step()


def test_squares_names_round_trip():
    assert all(NAMES[SQUARE[n]] == n for n in NAMES)
