"""Every sample card does what its row says (rules.md 1.5), and the card tables refuse what
the rules cannot play: bad costs and effect words, decks of the wrong size, too many copies."""

from __future__ import annotations

import pytest

import workbench as wb
from workbench.games.armies.catalog import catalog_for
from workbench.games.armies.vocab import parse_cost, parse_effects
from workbench.widgets.editor_logic import EditSession

from .helpers import BLACK, WHITE, at, choose, draw, labels, play, position, reason, roll

# -- the tables ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cards():
    return wb.load_cards("armies")


def test_every_sample_card_is_a_row_and_both_demo_decks_are_legal(cards):
    assert cards["cards"].height == 33
    lists = cards["deck_cards"]
    for deck in ("Horse and Bow", "Shadow Court"):
        rows = lists.filter(deck=deck)
        assert rows["copies"].sum() == 60 and rows["copies"].max() <= 4


def test_costs_and_effects_are_read_as_the_rules_write_them():
    assert parse_cost("3GG") == (3, (2, 0, 0, 0, 0))
    assert parse_cost("1EEE") == (1, (0, 3, 0, 0, 0))
    assert parse_cost("") == (0, (0, 0, 0, 0, 0))
    assert parse_effects("train:E; draw:1") == {"train": "E", "draw": 1}
    assert parse_effects("hope:odds;spend_leader") == {"hope": "odds", "spend_leader": None}
    with pytest.raises(ValueError, match="not a cost"):
        parse_cost("3X")
    with pytest.raises(ValueError, match="'fly' is not an effect"):
        parse_effects("fly")
    with pytest.raises(ValueError, match="needs a domain letter"):
        parse_effects("train:Q")
    with pytest.raises(ValueError, match="a whole number"):
        parse_effects("ranged:far")


@pytest.mark.parametrize(
    ("table", "key", "column", "value", "words"),
    [
        ("cards", "Mind Fog", "cost", "1X", "cards.csv line 8 (Mind Fog), column 'cost'"),
        ("cards", "Mind Fog", "effects", "confuse", "'confuse' is not an effect"),
        ("cards", "Heavy Cavalry", "class", "army", "does not fit a leader"),
        ("deck_cards", "HB Heavy Cavalry", "copies", 5, "at most 4 copies of a name"),
        ("deck_cards", "SC Mind Fog", "copies", 2, "has 59 cards in deck_cards.csv"),
        ("decks", "Horse and Bow", "general", "GG", "3 domain letters"),
        ("abilities", "Unyielding Offense drive", "cost", "7Z", "is not a cost"),
    ],
)
def test_edits_the_rules_cannot_play_are_refused(cards, table, key, column, value, words):
    with pytest.raises(wb.CardDataError, match=words.replace("(", r"\(").replace(")", r"\)")):
        cards.set(table, key, column, value)


def test_the_card_editor_edits_armies_cards_and_refuses_what_the_rules_cannot_play(cards):
    session = EditSession(cards)
    after = session.edit("cards", "Shield Bearers", "defense", "4")
    assert after.row("cards", "Shield Bearers")["defense"] == 4 and session.rejection is None
    with pytest.raises(wb.CardDataError):
        session.edit("cards", "Mind Fog", "cost", "1X")
    assert session.rejection.reason == (
        "'1X' is not a cost; expected generic points then "
        "domain letters (G, E, L, T, S), e.g. 3GG, 1E or TTT"
    )
    assert session.cards is after
    with pytest.raises(wb.CardDataError):
        session.delete("cards", "Mind Fog")  # a deck list names it
    assert "Mind Fog" in session.rejection.reason
    # The edited cards play: a match started from them has the stronger Shield Bearers.
    assert catalog_for(after, wb.play("armies").rules).cards["Shield Bearers"].defense == 4


def test_a_smaller_deck_size_is_a_parameter(cards):
    with pytest.raises(wb.CardDataError, match="has 60 cards"):
        cards.set("params", "deck_size", "value", 40)


# -- leaders ------------------------------------------------------------------------------------


def test_torani_cadet_enters_ready_and_is_not_a_major_action():
    st = position(
        [(WHITE, "K", "e1", {"skill": "TT"}), (WHITE, "R", "e2"), (WHITE, "R", "d2")],
        hands=(["Torani Cadet", "Torani Cadet"], []),
    )
    play(st, "Play Torani Cadet on the Rook on e2 (through the General on e1)")
    assert at(st, "e2").ready and not st.major_used
    play(st, "Play Torani Cadet on the Rook on d2 (through the General on e1)")
    assert at(st, "d2").leader == "Torani Cadet"


def test_blood_cultist_sacrifices_a_leader_for_two_offense():
    st = position(
        [
            (WHITE, "R", "d4", {"skill": "E", "leader": "Blood Cultist"}),
            (
                WHITE,
                "N",
                "c3",
                {"leader": "Shield Bearers", "cards": [("Unyielding Offense", WHITE)]},
            ),
        ],
        hands=(["Teachings of Gnar"], []),
    )
    options = [x for x in labels(st) if x.startswith("Blood Cultist")]
    assert options == [
        "Blood Cultist on d4: +2 offense this turn (pay E), sacrificing Blood Cultist on d4",
        "Blood Cultist on d4: +2 offense this turn (pay E), sacrificing Shield Bearers on c3",
    ]
    play(st, options[1])
    rook, knight = at(st, "d4"), at(st, "c3")
    assert st.offense(rook) == 3 and knight.leader is None and knight.cards == []
    assert "Shield Bearers" in st.discards[WHITE]
    assert "Unyielding Offense" in st.hands[WHITE]  # from play to a discard pile: back to hand


def test_A30_sacrifice_from_hand_variant():
    pieces = [(WHITE, "R", "d4", {"skill": "E", "leader": "Blood Cultist"})]
    hands = (["Shield Bearers", "Teachings of Gnar"], [])
    st = position(pieces, hands=hands)
    assert not any("from hand" in x for x in labels(st))
    st = position(pieces, hands=hands, rules={"sacrifice_from": "play_or_hand"})
    play(
        st,
        "Blood Cultist on d4: +2 offense this turn (pay E), sacrificing Shield Bearers from hand",
    )
    assert st.offense(at(st, "d4")) == 3 and "Shield Bearers" in st.discards[WHITE]


def test_cloaksworn_commander_makes_what_targets_its_army_fail():
    cloaked = (BLACK, "N", "e5", {"leader": "Cloaksworn Commander"})
    st = position([(WHITE, "K", "e1", {"skill": "TTT"}), cloaked], hands=(["Rain of Arrows"], []))
    label = (
        "Play Rain of Arrows: the General on e1 shoots the Knight on e5, which fails: "
        "Cloaksworn Commander"
    )
    play(st, label)
    assert st.phase != "roll" and at(st, "e5").owner == BLACK
    assert "Rain of Arrows" in st.discards[WHITE] and st.general(WHITE).cur[3] == 0
    # A-10 variant: only what targets the Leader itself fails.
    st = position(
        [(WHITE, "K", "e1", {"skill": "TTT"}), cloaked],
        hands=(["Rain of Arrows"], []),
        rules={"cloak_scope": "leader_only"},
    )
    play(st, "Play Rain of Arrows: the General on e1 shoots the Knight on e5")
    assert st.phase == "roll"


# -- maneuvers ------------------------------------------------------------------------------------


def test_battlefield_dominance_draws_one_per_extra_leader():
    st = position(
        [
            (WHITE, "K", "e1", {"skill": "GGG"}),
            (WHITE, "R", "a1", {"leader": "Shield Bearers"}),
            (WHITE, "R", "h1", {"leader": "Shield Bearers"}),
            (BLACK, "R", "a8", {"leader": "Shield Bearers"}),
        ],
        hands=(["Battlefield Dominance"], []),
    )
    play(st, "Play Battlefield Dominance through the General on e1")
    assert st.draws == [WHITE] and st.phase == "draw"


def test_know_thy_enemy_draws_one_per_domain_with_skill():
    st = position(
        [(WHITE, "K", "e1", {"skill": "SSGT", "cur": "SSG"})], hands=(["Know Thy Enemy"], [])
    )
    play(st, "Play Know Thy Enemy through the General on e1")
    assert st.draws == [WHITE, WHITE, WHITE]


def test_mind_fog_spends_enemy_leaders_the_piece_threatens():
    st = position(
        [
            (WHITE, "K", "e1", {"skill": "EE"}),
            (BLACK, "R", "e6", {"leader": "Torani Cadet"}),
            (BLACK, "R", "a2", {"leader": "Torani Cadet"}),
            (BLACK, "R", "c3", {"leader": "Torani Cadet"}),
        ],
        hands=(["Mind Fog"], []),
    )
    play(st, "Play Mind Fog through the General on e1")
    assert not at(st, "e6").ready and at(st, "a2").ready  # a2 is not on a queen line from e1
    assert not at(st, "c3").ready


def test_against_all_odds_counts_threats_and_spends_the_leader():
    st = position(
        [
            (WHITE, "R", "d4", {"skill": "LLL", "leader": "Shield Bearers"}),
            (BLACK, "P", "e5"),
            (BLACK, "P", "c5"),
            (BLACK, "N", "f5"),
            (WHITE, "P", "c3"),
        ],
        hands=(["Against All Odds"], []),
    )
    play(st, "Play Against All Odds through the Rook on d4")
    rook = at(st, "d4")
    # Three enemies threaten d4 (two pawns, the knight); one friend (the c3 pawn).
    assert rook.hope == 2 and not rook.ready
    assert st.offense(rook) == 2 and st.defense(rook) == 5


# -- techniques ------------------------------------------------------------------------------------


def test_without_a_trace_removes_an_army_from_the_game_but_not_a_general():
    st = position(
        [(WHITE, "K", "e1", {"skill": "EEEE"}), (BLACK, "R", "e5", {"leader": "Shield Bearers"})],
        hands=(["Without a Trace"], []),
    )
    assert not any("General on e8" in x for x in labels(st))
    play(st, "Play Without a Trace on the Rook on e5 (through the General on e1)")
    assert at(st, "e5") is None and st.removed[BLACK] == ["Shield Bearers"]


def test_hold_the_line_before_and_after_the_roll():
    pieces = [(WHITE, "R", "a1"), (BLACK, "N", "a5", {"skill": "LL", "leader": "Shield Bearers"})]
    st = position(pieces, step="Move", hands=([], ["Hold the Line", "Hold the Line"]))
    play(st, "Rook a1 attacks the Knight on a5")
    assert st.to_move == BLACK and "Play Hold the Line on the Knight on a5" not in labels(st)
    assert labels(st)[0] == "Play Hold the Line through the Knight on a5"
    play(st, "No answer: let the attack come")
    roll(st, 1, 0)
    # After the roll the defender may still add its two successes.
    assert st.to_move == BLACK and labels(st)[-1] == "Accept the roll"
    play(st, "Play Hold the Line through the Knight on a5")
    assert at(st, "a4").kind == "R" and at(st, "a5").kind == "N"


def test_ambush_destroys_the_attacker_and_cancels_its_attack():
    st = position(
        [
            (WHITE, "R", "a1"),
            (BLACK, "N", "a5"),
            (BLACK, "B", "c3", {"skill": "TT", "leader": "Torani Cadet"}),
        ],
        step="Move",
        hands=([], ["Ambush"]),
    )
    play(st, "Rook a1 attacks the Knight on a5")
    play(st, "Play Ambush on the Rook on a1 (through the Bishop on c3)")
    assert st.phase == "roll" and st.chance().label.startswith("Ambush")
    roll(st, 2, 0)
    assert at(st, "a1") is None and at(st, "a5").owner == BLACK and at(st, "c3").kind == "B"
    assert not at(st, "c3").ready


def test_a_failed_ambush_lets_the_attack_go_ahead():
    st = position(
        [
            (WHITE, "R", "a1", {"leader": "Shield Bearers"}),
            (BLACK, "N", "a5"),
            (BLACK, "B", "c3", {"skill": "TT", "leader": "Torani Cadet"}),
        ],
        step="Move",
        hands=([], ["Ambush"]),
    )
    play(st, "Rook a1 attacks the Knight on a5")
    play(st, "Play Ambush on the Rook on a1 (through the Bishop on c3)")
    roll(st, 1, 1)
    assert st.phase == "roll" and not st.chance().label.startswith("Ambush")
    roll(st, 1, 0)
    assert at(st, "a5").owner == WHITE


def test_disruption_cancels_a_card_and_its_skill_and_major_action_are_lost():
    st = position(
        [
            (WHITE, "K", "e1", {"skill": "TTT"}),
            (BLACK, "N", "e5"),
            (BLACK, "K", "e8", {"skill": "SSL"}),
        ],
        hands=(["Rain of Arrows"], ["Disruption"]),
    )
    play(st, "Play Rain of Arrows: the General on e1 shoots the Knight on e5")
    assert st.to_move == BLACK
    play(st, "Play Disruption on Rain of Arrows at e5 (through the General on e8)")
    assert at(st, "e5").owner == BLACK and st.general(WHITE).cur[3] == 0 and st.major_used
    assert "Rain of Arrows" in st.discards[WHITE] and "Disruption" in st.discards[BLACK]
    assert st.counts["disrupted"] == 1


def test_disruption_cannot_answer_disruption():
    st = position(
        [
            (WHITE, "K", "e1", {"skill": "TTTSS"}),
            (BLACK, "N", "e5"),
            (BLACK, "K", "e8", {"skill": "SSL"}),
        ],
        hands=(["Rain of Arrows", "Disruption"], ["Disruption"]),
    )
    play(st, "Play Rain of Arrows: the General on e1 shoots the Knight on e5")
    play(st, "Play Disruption on Rain of Arrows at e5 (through the General on e8)")
    # White may answer, but not by disrupting the Disruption (it cannot be targeted).
    assert st.phase != "respond" or not any("on Disruption" in x for x in labels(st))


def test_disruption_chooses_between_two_like_cards_on_one_square():
    # Two Rains of Arrows at e5 on the stack: each can be cancelled, by its own key and label.
    def answered(label):
        st = position(
            [
                (WHITE, "K", "e1", {"skill": "TTT"}),
                (BLACK, "N", "e5"),
                (BLACK, "K", "e8", {"skill": "SSL"}),
            ],
            hands=(["Rain of Arrows"], ["Disruption"]),
        )
        play(st, "Play Rain of Arrows: the General on e1 shoots the Knight on e5")
        st.window.stack.append(st.window.stack[0])
        st.changed()
        done, real = [], st.do
        st.do = lambda o: done.append(o) or real(o)
        play(st, label)
        return done[0]

    first = answered(
        "Play Disruption on Rain of Arrows (the 1st of 2) at e5 (through the General on e8)"
    )
    second = answered(
        "Play Disruption on Rain of Arrows (the 2nd of 2) at e5 (through the General on e8)"
    )
    assert (first[0], first[1], first[5]) == ("play", "Disruption", 0)
    assert (second[0], second[1], second[5]) == ("play", "Disruption", 1)


# -- boons and curses ----------------------------------------------------------------------------


def test_unholy_bloodthirst_forces_a_move_unless_its_owner_holds_it_back():
    cursed = (WHITE, "R", "a1", {"cards": [("Unholy Bloodthirst", BLACK)]})
    st = position([cursed, (WHITE, "N", "b1")], step="Move")
    assert "Skip the move" not in labels(st)
    assert all(x.startswith("Rook a1") for x in labels(st))
    assert reason(st, "move", "b1", "c3")[0] == "A-24"
    st = position([cursed, (WHITE, "N", "b1")])
    play(st, "Hold back the Rook on a1 this turn (Unholy Bloodthirst, major action)")
    assert st.major_used and st.step == "Move"  # nothing else to do before moving
    assert "Skip the move" in labels(st) and not any(x.startswith("Rook a1") for x in labels(st))


def test_non_aggression_order_stops_attacks_but_not_moves():
    st = position(
        [(WHITE, "R", "a1", {"cards": [("Non-aggression Order", BLACK)]}), (BLACK, "P", "a5")],
        step="Move",
    )
    assert "Rook a1 → a4" in labels(st) and not any("attacks" in x for x in labels(st))
    assert reason(st, "move", "a1", "a5")[0] == "A-53"


def test_broken_supply_chain_stops_rest_until_destroyed():
    cursed = (
        WHITE,
        "R",
        "a1",
        {"skill": "G", "cur": "", "cards": [("Broken Supply Chain", BLACK)]},
    )
    st = position([cursed, (WHITE, "K", "e1", {"skill": "GGT", "cur": "G"})], step="Rest")
    assert labels(st) == ["Rest the General on e1", "Rest no piece"]
    st = position([cursed], hands=(["Teachings of Gnar", "Teachings of Tor", "Ambush"], []))
    options = [x for x in labels(st) if x.startswith("Destroy")]
    assert len(options) == 3  # every pair of two cards to discard
    play(
        st,
        "Destroy Broken Supply Chain on the Rook on a1, discarding Ambush and Teachings "
        "of Tor (major action)",
    )
    assert at(st, "a1").cards == [] and "Broken Supply Chain" in st.discards[BLACK]
    assert st.hands[WHITE] == ["Teachings of Gnar"]


def test_curses_go_on_enemy_armies_and_boons_on_friendly_ones_A26():
    pieces = [(WHITE, "K", "e1", {"skill": "GGGGGLL"}), (WHITE, "R", "e2"), (BLACK, "N", "f2")]
    st = position(pieces, hands=(["Spirit of Fire", "Non-aggression Order"], []))
    spirit = [x for x in labels(st) if x.startswith("Play Spirit")]
    curse = [x for x in labels(st) if x.startswith("Play Non-aggression")]
    assert spirit == ["Play Spirit of Fire on the Rook on e2 (through the General on e1)"]
    assert curse == [
        "Play Non-aggression Order on the enemy Knight on f2 (through the General on e1)"
    ]
    assert not any("on the General" in x for x in labels(st))
    st = position(pieces, hands=(["Spirit of Fire"], []), rules={"general_is_army_for_boons": True})
    assert "Play Spirit of Fire on the General on e1" in labels(st)
    play(st, "Play Spirit of Fire on the General on e1")
    assert st.phase == "pay"  # three generic points from Gnar or Lorin
    play(st, "Pay 5 Gnar from the General on e1")
    assert st.offense(st.general(WHITE)) == 2 and st.defense(st.general(WHITE)) == 2


def test_A38_boons_stack_without_limit():
    st = position(
        [
            (
                WHITE,
                "R",
                "a1",
                {
                    "leader": "Torani Cadet",
                    "cards": [("Spirit of Fire", WHITE), ("Spirit of Fire", WHITE)],
                },
            )
        ]
    )
    assert st.offense(at(st, "a1")) == 5 and st.defense(at(st, "a1")) == 5


# -- training ------------------------------------------------------------------------------------


def test_original_grimoire_is_for_the_general_and_draws():
    st = position(
        [(WHITE, "K", "e1", {"skill": "E"}), (WHITE, "R", "a1")], hands=(["Original Grimoire"], [])
    )
    assert [x for x in labels(st) if "Grimoire" in x] == [
        "Play Original Grimoire on the General on e1"
    ]
    play(st, "Play Original Grimoire on the General on e1")
    general = st.general(WHITE)
    assert general.maxs[1] == 2 and general.cur[1] == 1  # paid E, then +1
    assert st.phase == "draw"


def test_torani_longbow_grants_a_major_ranged_attack_of_power_1():
    st = position(
        [(WHITE, "K", "e1", {"skill": "T"}), (WHITE, "B", "c1"), (BLACK, "P", "d2")],
        hands=(["Torani Longbow Training"], []),
    )
    play(st, "Play Torani Longbow Training on the Bishop on c1")
    assert (
        "Torani Longbow volley: the Bishop on c1 shoots the Pawn on d2 (power 1, major "
        "action, 100% to win)" in labels(st)
    )
    play(st, "Torani Longbow volley: the Bishop on c1 shoots the Pawn on d2")
    assert st.chance().dist.outcomes == ((1, 0),) and st.major_used
    roll(st, 1, 0)
    assert at(st, "d2") is None and at(st, "c1").kind == "B"


def test_guerrilla_training_shields_from_major_actions_but_not_techniques():
    st = position(
        [
            (WHITE, "K", "e1", {"skill": "TTTEEEE"}),
            (BLACK, "N", "e5", {"granted": ["Guerrilla Training"]}),
        ],
        hands=(["Rain of Arrows", "Without a Trace"], []),
    )
    assert not any("Rain of Arrows" in x for x in labels(st))
    assert "Play Without a Trace on the Knight on e5 (through the General on e1)" in labels(st)


# -- strategies ------------------------------------------------------------------------------------


def test_double_march_pawns_double_step_anywhere_and_opponents_lose_en_passant():
    st = position([(WHITE, "P", "c4"), (BLACK, "P", "d4")], step="Move")
    st.strategies.append(["Double March", WHITE, 0, None])
    st.changed()
    assert "Pawn c4 → c6" in labels(st)
    play(st, "Pawn c4 → c6")
    st.draws.clear()
    st.todo.clear()
    st.active, st.turn, st.step, st.phase = BLACK, st.turn + 1, "Move", "run"
    st.changed()
    st._run()
    # A double step past d4's pawn; without Double March en passant would be open.
    st.board[st.pieces[st.board[42]].sq] = -1
    assert not any("en passant" in x for x in labels(st))


def test_unseasonable_weather_limits_moves_and_enemy_threat():
    st = position(
        [(WHITE, "R", "a1"), (WHITE, "N", "b1"), (WHITE, "K", "e1"), (BLACK, "P", "a7")],
        step="Move",
    )
    st.strategies.append(["Unseasonable Weather", BLACK, 5, None])
    st.changed()
    rook = [x for x in labels(st) if x.startswith("Rook")]
    assert rook == ["Rook a1 → a2"]
    assert "Knight b1 → c3" in labels(st)
    # White's pieces are the Weather's enemies: they threaten one square for card play.
    assert len(st.card_threats(st.general(WHITE))) == 1 + 5


def test_caught_off_guard_takes_the_opponents_draws():
    st = position([(WHITE, "K", "e1", {"skill": "GGT", "cur": "G"})], step="Rest")
    st.strategies.append(["Caught Off Guard", BLACK, 2, None])
    hand = len(st.hands[WHITE])
    play(st, "Rest the General on e1")
    assert len(st.hands[WHITE]) == hand and st.strategies[0][2] == 1 and st.active == BLACK


def test_unfavorable_war_can_be_called_off_for_a_major_action_and_a_point():
    st = position(
        [(WHITE, "K", "e1", {"skill": "GGT"}), (WHITE, "N", "b1", {"skill": "L"})],
        strategies=[("Unfavorable War", BLACK, 0)],
    )
    play(st, "Call off Unfavorable War this turn (major action, pay 1)")
    assert st.phase == "pay"  # which piece gives the point
    choose(st, "Pay 1 Gnar")
    choose(st, "Skip the move")
    play(st, "Rest the General on e1")
    draw(st, st.chance().dist.outcomes[0])
    assert st.general(WHITE).maxs == [2, 0, 0, 1, 0] and st.active == BLACK


def test_unfavorable_war_ends_the_game_for_a_general_with_no_skill_R27():
    st = position(
        [(WHITE, "K", "e1", {"skill": "G", "cur": ""})],
        step="Rest",
        strategies=[("Unfavorable War", BLACK, 0)],
    )
    play(st, "Rest the General on e1")
    draw(st, st.chance().dist.outcomes[0])
    assert st.general(WHITE).maxs == [0, 0, 0, 0, 0] and st.phase != "over"
    st.draws.clear()
    st.todo.clear()
    st.active, st.step, st.phase = WHITE, "Rest", "run"
    st.general(WHITE).cur = [0, 0, 0, 0, 0]
    st.changed()
    st._run()  # nothing to rest: the turn ends with the Rest draw, then the war
    draw(st, st.chance().dist.outcomes[0])
    assert st.phase == "over" and st.result().winners == (BLACK,) and "R-27" in st.reason


def test_a_ready_politician_calls_the_war_off_without_a_major_action():
    cards = wb.load_cards("armies").set("cards", "Shield Bearers", "subtypes", "Politician")
    st = position(
        [(WHITE, "R", "a1", {"leader": "Shield Bearers"})],
        strategies=[("Unfavorable War", BLACK, 0)],
        cards=cards,
    )
    assert "Call off Unfavorable War this turn by spending Shield Bearers on a1" in labels(st)
    play(st, "Call off Unfavorable War this turn by spending Shield Bearers on a1")
    assert not at(st, "a1").ready and not st.major_used
    assert st.strategies[0][3] == (st.turn, WHITE)


def test_either_of_two_unfavorable_wars_can_be_called_off():
    cards = wb.load_cards("armies").set("cards", "Shield Bearers", "subtypes", "Politician")
    wars = [("Unfavorable War", BLACK, 0), ("Unfavorable War", BLACK, 1)]
    for nth, war in (("1st", 0), ("2nd", 1)):
        st = position(
            [
                (WHITE, "K", "e1", {"skill": "GGT"}),
                (WHITE, "R", "a1", {"leader": "Shield Bearers"}),
            ],
            strategies=wars,
            cards=cards,
        )
        assert (
            f"Call off Unfavorable War (the {nth} of 2) this turn (major action, pay 1)"
            in labels(st)
        )
        play(
            st,
            f"Call off Unfavorable War (the {nth} of 2) this turn by spending Shield Bearers on a1",
        )
        assert st.strategies[war][3] == (st.turn, WHITE) and st.strategies[1 - war][3] is None


def test_the_catalog_is_built_once_per_cards_and_rules(cards):
    rules = wb.rules("armies") and {
        v.key: v.default for v in __import__("workbench").core.get_game("armies").variants
    }
    assert catalog_for(cards, rules) is catalog_for(cards, rules)


def test_the_place_among_like_options_reads_as_an_ordinal():
    from workbench.games.armies.plays import _nth

    assert _nth(()) == ""
    assert [_nth((k, 30)) for k in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23)] == [
        f" (the {x} of 30)"
        for x in ("1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd")
    ]
