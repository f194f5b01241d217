"""Armies' combat rules one by one: captures, ranged attacks, charges and stealth (R-17 to
R-26)."""

from __future__ import annotations

from fractions import Fraction

import workbench as wb

from .helpers import (
    BLACK,
    WHITE,
    at,
    labels,
    play,
    position,
    reason,
    roll,
)

# -- combat (R-17 to R-24) -------------------------------------------------------------------------


def test_R17_R18_the_winner_takes_the_square_and_the_loser_cards_are_discarded():
    st = position(
        [
            (WHITE, "R", "a1", {"leader": "Heavy Cavalry"}),
            (
                BLACK,
                "N",
                "a5",
                {"leader": "Shield Bearers", "cards": [("Non-aggression Order", WHITE)]},
            ),
        ],
        step="Move",
    )
    play(st, "Rook a1 attacks the Knight on a5")
    dist = st.chance().dist
    # A = 1 + Binomial(6, 1/2), D = Binomial(3, 1/2), rolled together.
    assert dist.total == 2**6 * 2**3
    assert {a for a, _ in dist.outcomes} == set(range(1, 8))
    roll(st, 5, 3)
    assert at(st, "a5").kind == "R" and at(st, "a1") is None
    assert "Shield Bearers" in st.discards[BLACK]
    assert "Non-aggression Order" in st.discards[WHITE]
    assert st.counts["captures_0"] == 1


def test_R19_stop_squares_for_pawns_and_adjacent_sliders():
    defender = (BLACK, "B", "d5", {"leader": "Shield Bearers"})
    st = position([(WHITE, "P", "e4"), defender], step="Move")
    play(st, "Pawn e4 attacks the Bishop on d5")
    roll(st, 1, 2)
    assert at(st, "e4").kind == "P"
    st = position([(WHITE, "Q", "d4"), defender], step="Move")
    play(st, "Queen d4 attacks the Bishop on d5")
    roll(st, 1, 1)
    assert at(st, "d4").kind == "Q"
    st = position([(WHITE, "B", "a2"), defender], step="Move")
    play(st, "Bishop a2 attacks the Bishop on d5")
    roll(st, 1, 3)
    assert at(st, "c4").kind == "B"


def test_R21_ranged_attacks_do_not_move_and_miss_harmlessly():
    st = position(
        [(WHITE, "K", "e1", {"skill": "TTT"}), (BLACK, "N", "e5", {"leader": "Heavy Cavalry"})],
        hands=(["Rain of Arrows"], []),
    )
    play(st, "Play Rain of Arrows: the General on e1 shoots the Knight on e5")
    roll(st, 4, 5)
    assert at(st, "e5").owner == BLACK and at(st, "e1") is st.general(WHITE)
    assert "Rain of Arrows" in st.discards[WHITE]


def test_A1_power_as_dice_variant():
    st = position(
        [(WHITE, "K", "e1", {"skill": "TTT"}), (BLACK, "N", "e5")],
        hands=(["Rain of Arrows"], []),
        rules={"power": "dice"},
    )
    play(st, "Play Rain of Arrows: the General on e1 shoots the Knight on e5")
    assert {a for a, _ in st.chance().dist.outcomes} == {0, 1, 2, 3, 4}
    ((_, p),) = st.chance().odds_list()
    assert p == Fraction(15, 16)  # 4 binary dice beat a defence of 0 unless all show 0


def test_A31_bows_and_knives_doubles_rolled_ranged_results_and_caps_defence():
    st = position(
        [
            (WHITE, "K", "e1", {"skill": "TTT"}),
            (WHITE, "R", "a1", {"leader": "Heavy Cavalry"}),
            (BLACK, "N", "e5"),
        ],
        hands=(["Rain of Arrows"], []),
        rules={"power": "dice"},
    )
    st.strategies.append(["Bows and Knives", WHITE, 0, None])
    assert st.defense(at(st, "a1")) == 1
    play(st, "Play Rain of Arrows: the General on e1 shoots the Knight on e5")
    assert {a for a, _ in st.chance().dist.outcomes} == {0, 2, 4, 6, 8}


def test_A29_a_spent_leader_stops_ranged_attacks_too():
    st = position(
        [
            (WHITE, "B", "c3", {"skill": "TTT", "leader": "Shield Bearers", "ready": False}),
            (BLACK, "N", "e5"),
        ],
        hands=(["Rain of Arrows"], []),
    )
    assert not any("Rain of Arrows" in x for x in labels(st))


def test_R22_a_charge_may_stop_on_an_empty_square_and_ends_at_a_friend():
    st = position(
        [(WHITE, "R", "a1", {"leader": "Heavy Cavalry"}), (BLACK, "P", "a3"), (WHITE, "P", "a6")],
        step="Move",
    )
    play(st, "Rook a1 attacks the Pawn on a3")
    roll(st, 7, 0)
    assert labels(st) == [
        "Stop the charge on a3",
        "Charge on to a4 and stop",
        "Charge on to a5 and stop",
    ]
    play(st, "Charge on to a5 and stop")
    assert at(st, "a5").kind == "R"


def test_R22_a_margin_of_two_does_not_charge_and_a_failed_follow_up_stops_short():
    pieces = [
        (WHITE, "R", "a1", {"leader": "Heavy Cavalry"}),
        (BLACK, "P", "a3"),
        (BLACK, "N", "a7", {"leader": "Shield Bearers"}),
    ]
    st = position(pieces, step="Move")
    play(st, "Rook a1 attacks the Pawn on a3")
    roll(st, 2, 0)
    assert st.phase != "charge" and at(st, "a3").kind == "R"
    st = position(pieces, step="Move")
    play(st, "Rook a1 attacks the Pawn on a3")
    roll(st, 4, 0)
    play(st, "Charge on and attack the Knight on a7 (power 3")
    roll(st, 3, 3)
    assert at(st, "a6").kind == "R" and at(st, "a7").kind == "N"


def test_R22_only_line_pieces_charge():
    st = position(
        [(WHITE, "N", "b1", {"leader": "Heavy Cavalry"}), (BLACK, "P", "c3")], step="Move"
    )
    play(st, "Knight b1 attacks the Pawn on c3")
    roll(st, 7, 0)
    assert st.phase != "charge" and at(st, "c3").kind == "N"


def test_R23_stealth_jumps_but_then_cannot_attack():
    cards = wb.load_cards("armies").set("cards", "Shield Bearers", "effects", "stealth")
    st = position(
        [
            (WHITE, "R", "a1", {"leader": "Shield Bearers"}),
            (WHITE, "P", "a2"),
            (BLACK, "P", "a5"),
            (BLACK, "N", "b1"),
        ],
        step="Move",
        cards=cards,
    )
    rook_moves = set(labels(st))
    assert {"Rook a1 → a3", "Rook a1 → a4", "Rook a1 → a6"} <= rook_moves  # over a2 and a5
    assert "Rook a1 attacks the Knight on b1 (100% to win)" in rook_moves  # nothing jumped
    assert not any("attacks the Pawn on a5" in x for x in rook_moves)
    assert reason(st, "move", "a1", "a5")[0] == "R-23"


def test_R24_spirit_of_fire_rests_after_a_capture():
    st = position(
        [
            (
                WHITE,
                "R",
                "a1",
                {
                    "skill": "GG",
                    "cur": "",
                    "leader": "Shield Bearers",
                    "cards": [("Spirit of Fire", WHITE)],
                },
            ),
            (BLACK, "P", "a4"),
        ],
        step="Move",
    )
    rook = at(st, "a1")
    assert st.offense(rook) == 2 and st.defense(rook) == 5
    play(st, "Rook a1 attacks the Pawn on a4")
    roll(st, 2, 0)
    assert rook.cur == [2, 0, 0, 0, 0]


def test_R26_no_check_the_general_may_stand_on_threatened_squares():
    st = position([(WHITE, "K", "e1"), (BLACK, "R", "d8")], step="Move")
    assert "General e1 → d1" in labels(st) and "General e1 → d2" in labels(st)
