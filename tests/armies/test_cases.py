"""The rules file's own test cases, T-1 to T-7 (rules.md section 7)."""

from __future__ import annotations

from workbench.dice.mechanics import armies_attack
from workbench.games.armies.pay import plans

from .helpers import BLACK, WHITE, at, labels, play, position, reason, roll


def _attack_odds(st):
    ((what, p),) = st.chance().odds_list()
    return what, p


def test_T1_an_unenhanced_capture_always_succeeds():
    st = position([(WHITE, "P", "e4"), (BLACK, "N", "d5")], step="Move")
    play(st, "Pawn e4 attacks the Knight on d5")
    # A = 1 + no dice, D = no dice: the only outcome is 1 against 0.
    assert st.chance().dist.outcomes == ((1, 0),)
    assert _attack_odds(st) == ("to capture", 1)
    roll(st, 1, 0)
    assert at(st, "d5").kind == "P" and at(st, "d5").owner == WHITE
    assert at(st, "e4") is None


def test_T2_heavy_cavalry_against_shield_bearers():
    st = position(
        [
            (WHITE, "R", "a1", {"leader": "Heavy Cavalry"}),
            (BLACK, "B", "a5", {"leader": "Shield Bearers"}),
        ],
        step="Move",
    )
    assert st.offense(at(st, "a1")) == 6 and st.defense(at(st, "a5")) == 3
    play(st, "Rook a1 attacks the Bishop on a5")
    what, p = _attack_odds(st)
    assert what == "to capture" and p == armies_attack(6, 3) and round(float(p), 2) == 0.91


def test_T3_a_failed_slider_stops_short_and_a_failed_knight_stays():
    pieces = [(BLACK, "N", "a5", {"leader": "Shield Bearers"})]
    st = position([(WHITE, "R", "a1"), *pieces], step="Move")
    play(st, "Rook a1 attacks the Knight on a5")
    roll(st, 1, 1)  # A = 1 is not above D = 1
    assert at(st, "a4").kind == "R" and at(st, "a5").kind == "N" and at(st, "a1") is None
    st = position([(WHITE, "N", "b3"), *pieces], step="Move")
    play(st, "Knight b3 attacks the Knight on a5")
    roll(st, 1, 2)
    assert at(st, "b3").owner == WHITE and at(st, "a5").owner == BLACK


def test_T4_rain_of_arrows_power_4_and_with_bows_and_knives():
    pieces = [(WHITE, "K", "e1", {"skill": "TTT"}), (BLACK, "R", "e5", {"leader": "Heavy Cavalry"})]
    st = position(pieces, hands=(["Rain of Arrows"], []))
    assert st.defense(at(st, "e5")) == 5
    play(st, "Play Rain of Arrows: the General on e1 shoots the Rook on e5")
    what, p = _attack_odds(st)
    assert what == "to destroy" and p == armies_attack(0, 5, ranged=True, power=4)
    assert round(float(p), 2) == 0.81
    st = position(pieces, hands=(["Rain of Arrows"], []))
    st.strategies.append(["Bows and Knives", WHITE, 0, None])
    st.decks[WHITE].take("Bows and Knives")
    play(st, "Play Rain of Arrows: the General on e1 shoots the Rook on e5")
    assert _attack_odds(st)[1] == 1  # power 8 against at most 5


def test_T5_a_cavalry_rook_that_wins_by_3_charges_on_with_power_2():
    st = position(
        [(WHITE, "R", "a1", {"leader": "Heavy Cavalry"}), (BLACK, "P", "a4"), (BLACK, "N", "a7")],
        step="Move",
    )
    play(st, "Rook a1 attacks the Pawn on a4")
    roll(st, 3, 0)  # margin 3 > 2
    assert st.phase == "charge"
    assert labels(st) == [
        "Stop the charge on a4",
        "Charge on to a5 and stop",
        "Charge on to a6 and stop",
        "Charge on and attack the Knight on a7 (power 2, 100% to win)",
    ]
    play(st, "Charge on and attack the Knight on a7 (power 2")
    # The follow-up has a fixed A = 2 and no +1, against a fresh defence roll.
    assert {a for a, _ in st.chance().dist.outcomes} == {2}
    roll(st, 2, 0)
    assert at(st, "a7").kind == "R" and at(st, "a4") is None


def test_T6_a_general_loses_a_point_per_lost_battle_and_the_game_when_none_is_left():
    st = position([(WHITE, "R", "a1"), (BLACK, "K", "a8", {"skill": "GGT"})], step="Move", turn=5)
    general = st.general(BLACK)

    def lose_a_battle(then=None):
        st.draws.clear()  # the turn after each battle is not what this test is about
        st.todo.clear()
        st.active, st.step, st.phase = WHITE, "Move", "run"
        rook = next(p for p in st.pieces if p.kind == "R" and p.sq >= 0)
        st.board[rook.sq] = -1
        rook.sq = 0
        st.board[0] = rook.id
        st.changed()
        st._run()
        play(st, "Rook a1 attacks the General on a8")
        roll(st, 1, 0)
        if then is not None:
            assert st.phase == "lose skill" and st.to_move == BLACK
            play(st, then)

    lose_a_battle("The General loses a point of Gnar (R-25)")
    assert general.maxs[0] == 1 and general.maxs[3] == 1
    # the General stays; the rook stops next to it as if it had failed.
    assert at(st, "a8") is general and at(st, "a7").kind == "R"
    lose_a_battle("The General loses a point of Tor (R-25)")
    assert sum(general.maxs) == 1
    lose_a_battle()  # one domain left: no choice to make
    assert sum(general.maxs) == 0 and st.phase != "over"
    lose_a_battle()
    assert st.phase == "over" and st.result().winners == (WHITE,)
    assert "R-25" in st.result().reason


def test_T7_supporting_pieces_pay_but_the_primary_piece_pays_a_point():
    target = (BLACK, "N", "e5")
    st = position(
        [(WHITE, "K", "e1", {"skill": "GGT"}), (WHITE, "B", "c3", {"skill": "TT"}), target],
        hands=(["Rain of Arrows"], []),
    )
    general, bishop = st.general(WHITE), at(st, "c3")
    play(st, "Play Rain of Arrows: the General on e1 shoots the Knight on e5")
    # The only way: the General pays T1, the bishop T2 (no choice to make).
    assert general.cur == [2, 0, 0, 0, 0] and bishop.cur == [0, 0, 0, 0, 0]
    assert plans(
        0,
        (0, 0, 0, 3, 0),
        [(general.id, (2, 0, 0, 1, 0)), (bishop.id, (0, 0, 0, 2, 0))],
        primary=general.id,
    ) == [((general.id, 3, 1), (bishop.id, 3, 2))]
    # With no Tor of its own, the General may not be the primary piece; the bishop may.
    st = position(
        [(WHITE, "K", "e1", {"skill": "GGL"}), (WHITE, "B", "c3", {"skill": "TTT"}), target],
        hands=(["Rain of Arrows"], []),
    )
    assert reason(st, "play", "Rain of Arrows", "e1", "e5")[0] == "R-11"
    assert "Play Rain of Arrows: the Bishop on c3 shoots the Knight on e5 (100% to win)" in labels(
        st
    )
    assert plans(0, (0, 0, 0, 3, 0), [(0, (2, 0, 1, 0, 0)), (1, (0, 0, 0, 3, 0))], primary=0) == []


def test_T7_when_the_split_is_open_the_player_chooses_it():
    st = position(
        [
            (WHITE, "K", "e1", {"skill": "GTT"}),
            (WHITE, "B", "c3", {"skill": "TT"}),
            (BLACK, "N", "e5"),
        ],
        hands=(["Rain of Arrows"], []),
    )
    play(st, "Play Rain of Arrows: the General on e1 shoots the Knight on e5")
    assert st.phase == "pay" and st.to_move == WHITE
    assert labels(st) == ["Pay 2 Tor from the General on e1", "Pay 1 Tor from the General on e1"]
    # One decision per paying piece: the bishop's share is then settled.
    play(st, "Pay 1 Tor from the General on e1")
    assert st.general(WHITE).cur[3] == 1 and at(st, "c3").cur[3] == 0
    assert st.phase == "roll"
