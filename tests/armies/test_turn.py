"""Armies' turn rules one by one: the steps, the major action, moving, resting and the end of
the turn (R-5 to R-9)."""

from __future__ import annotations

from .helpers import (
    BLACK,
    WHITE,
    at,
    draw,
    labels,
    play,
    position,
    reason,
)

# -- the turn (R-5 to R-9) ------------------------------------------------------------------------


def test_R5_the_four_steps_in_order():
    st = position(
        [(WHITE, "P", "a2"), (WHITE, "K", "e1", {"skill": "GGT", "cur": "G"})],
        hands=(["Teachings of Gnar"], []),
    )
    seen = []
    for label in ("Go to the Move step", "Skip the move", "Go to Rest"):
        seen.append(st.step)
        play(st, label)
    seen.append(st.step)
    assert seen == ["First Opportunity", "Move", "Second Opportunity", "Rest"]


def test_R6_one_major_action_a_turn_but_techniques_and_training_are_not_major():
    st = position(
        [
            (WHITE, "K", "e1", {"skill": "GGGLLT"}),
            (WHITE, "R", "d1", {"moved": False}),
            (WHITE, "R", "f1"),
        ],
        hands=(["Shield Bearers", "Shield Bearers", "Teachings of Gnar", "Second Wind"], []),
    )
    assert not st.major_used
    play(st, "Play Shield Bearers on the Rook on d1 (through the General on e1)")
    assert st.major_used
    assert not any(x.startswith("Play Shield Bearers") for x in labels(st))
    assert reason(st, "play", "Shield Bearers", "e1", "f1") == (
        "R-6",
        "the turn's one major action is used",
    )
    # Training is not a major action.
    play(st, "Play Teachings of Gnar on the Rook on d1")
    # Second Wind (a Technique) readies the Leader just played, paid by the rook's new point.
    play(st, "Play Second Wind through the Rook on d1")
    assert at(st, "d1").ready and at(st, "d1").cur == [0, 0, 0, 0, 0]


def test_A4_training_limit_variant():
    hands = (["Teachings of Gnar", "Teachings of Tor"], [])
    st = position([], hands=hands, rules={"training_per_turn": "unlimited"})
    play(st, "Play Teachings of Gnar on the General on e1")
    play(st, "Play Teachings of Tor on the General on e1")
    assert st.general(WHITE).maxs[3] == 1
    st = position(
        [(WHITE, "K", "e1", {"skill": "L"}), (WHITE, "R", "e2")],
        hands=(hands[0] + ["Shield Bearers"], []),
    )
    play(st, "Play Teachings of Gnar on the General on e1")
    assert st.step == "First Opportunity"
    assert not any("Teachings" in x for x in labels(st))
    assert reason(st, "play", "Teachings of Tor", "", "e1")[0] == "A-4"


def test_R7_moving_is_optional_and_one_piece_moves():
    st = position([(WHITE, "N", "b1"), (WHITE, "N", "g1")], step="Move")
    assert "Skip the move" in labels(st)
    play(st, "Knight b1 → c3")
    assert st.step != "Move"  # one move, then the Second Opportunity


def test_R8_rest_restores_one_piece_and_draws():
    st = position(
        [
            (
                WHITE,
                "R",
                "a1",
                {"skill": "GG", "cur": "", "leader": "Shield Bearers", "ready": False},
            ),
            (WHITE, "K", "e1", {"skill": "GGT", "cur": "G"}),
        ],
        step="Rest",
    )
    assert labels(st) == ["Rest the General on e1", "Rest the Rook on a1", "Rest no piece"]
    hand = len(st.hands[WHITE])
    play(st, "Rest the Rook on a1")
    rook = at(st, "a1")
    assert rook.cur == rook.maxs and rook.ready
    assert st.general(WHITE).cur == [1, 0, 0, 0, 0]  # only one piece rests
    assert st.phase == "draw" and st.chance().label == "White draws a card"
    draw(st, st.chance().dist.outcomes[0])
    assert len(st.hands[WHITE]) == hand + 1 and st.active == BLACK


def test_A21_the_general_can_rest_and_A22_an_empty_deck_draws_nothing():
    st = position([(WHITE, "K", "e1", {"skill": "GGT", "cur": "G"})], step="Rest")
    st.decks[WHITE].counts.clear()
    st.decks[WHITE].size = 0
    play(st, "Rest the General on e1")
    assert st.general(WHITE).cur == st.general(WHITE).maxs
    assert st.active == BLACK and st.phase != "over"


def test_A22_deckout_variant_loses():
    st = position(
        [(WHITE, "K", "e1", {"skill": "GGT", "cur": "G"})], step="Rest", rules={"deckout": "lose"}
    )
    st.decks[WHITE].counts.clear()
    st.decks[WHITE].size = 0
    play(st, "Rest no piece")
    assert st.phase == "over" and st.result().winners == (BLACK,) and "A-22" in st.reason


def test_R9_A39_end_of_turn_order_draw_then_snow_then_war():
    st = position([(WHITE, "K", "e1", {"skill": "GGT", "cur": "GT"})], step="Rest")
    for card, owner, tokens in (("Unseasonable Weather", BLACK, 1), ("Unfavorable War", BLACK, 0)):
        st.strategies.append([card, owner, tokens, None])
    play(st, "Rest no piece")
    assert st.phase == "draw"  # the Rest draw first
    assert len(st.strategies) == 2
    draw(st, st.chance().dist.outcomes[0])
    # Then Snow (the last token goes, the Weather is destroyed), then the war: White's
    # General gives up a point (a choice between Gnar and Tor).
    assert [s[0] for s in st.strategies] == ["Unfavorable War"]
    assert "Unseasonable Weather" in st.discards[BLACK]
    assert st.phase == "lose skill" and st.to_move == WHITE
    play(st, "The General loses a point of Tor (R-25)")
    assert st.general(WHITE).maxs == [2, 0, 0, 0, 0] and st.active == BLACK
