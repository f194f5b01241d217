"""Armies' threat and card play rules one by one: where cards go, who pays, and abilities
(R-10 to R-16)."""

from __future__ import annotations

from workbench.games.armies.catalog import NAMES

from .helpers import (
    BLACK,
    WHITE,
    at,
    draw,
    go_to,
    labels,
    names,
    play,
    position,
    reason,
)

# -- threat and playing cards (R-10 to R-16) -------------------------------------------------------


def test_R10_threat_squares_for_card_play():
    st = position(
        [
            (WHITE, "P", "d4"),
            (WHITE, "R", "a1"),
            (WHITE, "N", "a3"),
            (BLACK, "B", "c5"),
            (WHITE, "K", "h1"),
        ]
    )
    pawn, rook, general = at(st, "d4"), at(st, "a1"), st.general(WHITE)
    assert names(st.card_threats(pawn)) == ["d4", "c5", "e5"]  # own square, two diagonals
    # A slider's line stops at the first piece, of either side, which it threatens.
    assert names(st.card_threats(rook)) == [
        "a1",
        "b1",
        "c1",
        "d1",
        "e1",
        "f1",
        "g1",
        "h1",
        "a2",
        "a3",
    ]
    # The General threatens like a queen for card play, but attacks like a king.
    threats = names(st.card_threats(general))
    assert "h8" in threats and "a8" in threats and "b1" in threats
    go_to(st, "Move")
    assert {NAMES[m[2]] for m in st.move_options(WHITE) if m[1] == general.id} == {"g1", "g2", "h2"}


def test_R11_leaders_only_onto_friendly_armies_without_a_leader():
    st = position(
        [
            (WHITE, "K", "e1", {"skill": "LLL"}),
            (WHITE, "R", "e2"),
            (WHITE, "R", "d2", {"leader": "Torani Cadet"}),
            (BLACK, "N", "f2"),
        ],
        hands=(["Shield Bearers"], []),
    )
    options = [x for x in labels(st) if x.startswith("Play Shield Bearers")]
    assert options == ["Play Shield Bearers on the Rook on e2 (through the General on e1)"]


def test_R13_training_and_strategies_are_paid_by_any_piece():
    st = position(
        [(WHITE, "K", "e1", {"skill": "G"}), (WHITE, "P", "a7", {"skill": "GT"})],
        hands=(["Double March", "Torani Longbow Training"], []),
    )
    assert "Play Double March" in labels(st)
    play(st, "Play Double March")
    assert st.general(WHITE).cur[0] == 0 and at(st, "a7").cur[0] == 0
    play(st, "Play Torani Longbow Training on the Pawn on a7")
    assert at(st, "a7").maxs == [1, 0, 0, 2, 0] and at(st, "a7").cur == [0, 0, 0, 1, 0]


def test_A20_the_general_supports_with_its_queen_threat():
    st = position(
        [
            (WHITE, "K", "e1", {"skill": "T"}),
            (WHITE, "B", "c3", {"skill": "TT"}),
            (BLACK, "N", "e5"),
        ],
        hands=(["Rain of Arrows"], []),
    )
    # The bishop is the primary piece; the General on e1 sees e5 along the file and pays a T.
    play(st, "Play Rain of Arrows: the Bishop on c3 shoots the Knight on e5")
    assert st.general(WHITE).cur[3] == 0 and at(st, "c3").cur[3] == 0
    assert st.phase == "roll"


def test_A23_no_hand_limit():
    st = position(
        [(WHITE, "K", "e1", {"skill": "GGT", "cur": "G"})],
        step="Rest",
        hands=(["Teachings of Gnar"] * 4 + ["Teachings of Tor"] * 4, []),
    )
    play(st, "Rest the General on e1")
    draw(st, st.chance().dist.outcomes[0])
    assert len(st.hands[WHITE]) == 9


def test_A36_a_general_attacks_with_offense_0():
    st = position(
        [(WHITE, "K", "e1"), (BLACK, "N", "e2", {"leader": "Shield Bearers"})], step="Move"
    )
    play(st, "General e1 attacks the Knight on e2")
    assert {a for a, _ in st.chance().dist.outcomes} == {1}


def test_A34_double_march_still_needs_both_squares_empty():
    st = position(
        [(WHITE, "P", "c4"), (BLACK, "P", "c6")],
        step="Move",
        strategies=[("Double March", WHITE, 0)],
    )
    assert "Pawn c4 → c5" in labels(st) and "Pawn c4 → c6" not in labels(st)


def test_R15_leaders_enter_spent_and_a_spent_army_moves_but_cannot_attack():
    st = position(
        [(WHITE, "K", "e1", {"skill": "L"}), (WHITE, "R", "e2"), (BLACK, "P", "e5")],
        hands=(["Shield Bearers"], []),
    )
    play(st, "Play Shield Bearers on the Rook on e2 (through the General on e1)")
    rook = at(st, "e2")
    assert rook.leader == "Shield Bearers" and not rook.ready
    go_to(st, "Move")
    assert "Rook e2 → e4" in labels(st)
    assert "Rook e2 attacks the Pawn on e5" not in labels(st)
    rule, why = reason(st, "move", "e2", "e5")
    assert rule == "R-15" and "spent Leader" in why


def test_R16_activated_abilities_in_own_steps_and_before_own_rolls():
    st = position(
        [
            (
                WHITE,
                "R",
                "d4",
                {"skill": "TT", "leader": "Torani Cadet", "cards": [("Unyielding Offense", WHITE)]},
            ),
            (BLACK, "P", "d6"),
        ],
        step="Move",
    )
    rook = at(st, "d4")
    play(st, "Rook d4 attacks the Pawn on d6")
    # Before the dice of its own attack, the attacker may use its abilities.
    assert st.phase == "respond" and st.to_move == WHITE
    assert labels(st) == ["Unyielding Offense on d4: +1 offense this turn (pay T)", "Roll the dice"]
    assert st.offense(rook) == 1  # Torani Cadet's 1
    play(st, "Unyielding Offense on d4: +1 offense this turn (pay T)")
    assert st.offense(rook) == 2 and rook.cur[3] == 1
    play(st, "Unyielding Offense on d4: +1 offense this turn (pay T)")
    # With no Tor left there is nothing more to decide: the dice roll.
    assert st.offense(rook) == 3 and st.phase == "roll"
    assert {a for a, _ in st.chance().dist.outcomes} == {1, 2, 3, 4}


def test_A7_instant_abilities_variant():
    pieces = [
        (
            WHITE,
            "R",
            "d4",
            {"skill": "T", "leader": "Torani Cadet", "cards": [("Unyielding Offense", WHITE)]},
        ),
        (BLACK, "R", "d6"),
    ]
    st = position(pieces, step="Move", active=BLACK)
    play(st, "Rook d6 attacks the Rook on d4")
    assert st.phase == "roll"  # the defender's abilities wait for its own turn
    st = position(pieces, step="Move", active=BLACK, rules={"ability_speed": "instant"})
    play(st, "Rook d6 attacks the Rook on d4")
    assert st.phase == "respond" and st.to_move == WHITE
