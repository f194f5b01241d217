"""Armies' rules one by one: setup, the turn, threat, payment, movement and combat (R-1 to
R-30 and the resolutions that go with them)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

import workbench as wb
from workbench.core import CHANCE, SetupError, get_game
from workbench.games.armies.catalog import NAMES, SQUARE

from .helpers import (
    BLACK,
    WHITE,
    at,
    draw,
    fresh,
    go_to,
    labels,
    names,
    play,
    position,
    reason,
    roll,
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
