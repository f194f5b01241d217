"""RPG Card Battle, rule by rule, and the rules file's own test cases T-1 .. T-6."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from fractions import Fraction

import pytest

import workbench as wb
from workbench.core import CHANCE, TERMINAL, Action, why_illegal
from workbench.core.kit import Deck
from workbench.games.rpg_card_battle.rules import BASIC, Effect, damage, fighter
from workbench.widgets import Stepper

from .helpers import fresh, pick, ready, settle, turn

KNIGHT = ["Attack +1", "Attack +2", "Defend +2", "Healing Potion", "Parry"]
ROGUE = ["Attack +1", "Defend +2", "Healing Potion", "Envenom", "Backstab"]


# -- the rules file's test cases --------------------------------------------------------------


def test_T1_basic_attack_is_attack_minus_defence():
    st = ready([KNIGHT, ROGUE])
    last = turn(st, "basic", "Healing Potion")
    assert last["damage"][1] == 5 - 3


def test_T1_attack_card_against_defend_card():
    st = ready([KNIGHT, ROGUE])
    last = turn(st, "Attack +1", "Defend +2")
    assert last["damage"] == [0, (5 + 1) - (3 + 2)]


def test_T2_mutual_attack_lands_at_the_same_moment():
    st = ready([KNIGHT, ROGUE])
    last = turn(st, "Attack +2", "Attack +1")
    assert last["damage"] == [(4 + 1) - 3, (5 + 2) - 3]
    assert (st.players[0].hp, st.players[1].hp) == (28, 22)


def test_T3_both_defend_no_damage():
    st = ready([KNIGHT, ROGUE])
    last = turn(st, "Defend +2", "Defend +2")
    assert last["damage"] == [0, 0]
    assert (st.players[0].hp, st.players[1].hp) == (30, 26)


def test_T4_shift_and_passive_given_up_before_the_exchange():
    hand = ["Sword Specialist", "Attack +1", "Defend +2", "Healing Potion", "Attack +2"]
    st = ready([hand, ROGUE])
    last = turn(st, "basic", "Healing Potion")
    assert last["damage"][1] == 2  # no +2: Sword Specialist left at R-5
    assert st.players[0].recycle == {"Sword Specialist": 1}
    settle(st, ["Shield Wall", "Defend +1"])
    assert st.players[0].hand == [
        "Attack +1",
        "Defend +2",
        "Healing Potion",
        "Attack +2",
        "Shield Wall",
    ]


def test_T5_potion_resolves_after_the_hit():
    st = ready([KNIGHT, ROGUE], hp=(4, None))
    last = turn(st, "Healing Potion", "Backstab")
    assert last["damage"][0] == (4 + 4) - 3
    assert last["healed"][0] == 6
    assert st.players[0].hp == 5
    assert st.outcome is None and st.to_move == CHANCE


def test_T5_before_items_variant_defeats_first():
    st = ready([KNIGHT, ROGUE], hp=(4, None), rules={"defeat_check": "before_items"})
    turn(st, "Healing Potion", "Backstab")
    assert st.players[0].hp == -1
    assert st.to_move == TERMINAL
    assert st.result().winners == (1,)
    assert st.players[0].spent == {"Healing Potion": 1}  # played, never resolved


def test_T6_reshuffle_when_hand_and_pile_are_empty():
    st = ready([["Attack +1"], ROGUE], empty_draw=(True, False))
    knight = st.players[0]
    # One card Spent and one Ongoing stay out of the new pile.
    for card, pile in (("Healing Potion", knight.spent), ("Smoke Bomb", None)):
        knight.recycle.take(card)
        if pile is not None:
            pile.put(card)
    st.ongoing.append(Effect("Smoke Bomb", "guard", 3, 2, 0, 0, "spent"))
    turn(st, "Attack +1", "Defend +2")
    assert knight.hand == []
    assert st.pending == [1]  # only the Rogue draws at R-10
    st.apply_chance("Attack +1")
    assert st.pending == [0] * 5  # then the Knight's new hand of five
    assert knight.draw_n == 28 - 1 - 1 and knight.recycle == {}
    assert knight.draw["Healing Potion"] == 2 and knight.draw["Smoke Bomb"] == 1
    settle(st)
    assert len(knight.hand) == 5 and knight.draw_n == 26 - 5
    assert knight.reshuffles == 1
    assert st.to_move == 0 and st.turn == 2


# -- R-1 .. R-3: decks and setup --------------------------------------------------------------


def test_R1_demo_decks_have_28_and_23_cards():
    st = fresh()
    knight, rogue = st.players
    assert (knight.build.deck_size, rogue.build.deck_size) == (28, 23)
    assert (knight.build.attack, knight.build.defence, knight.build.hp) == (5, 3, 30)
    assert (rogue.build.attack, rogue.build.defence, rogue.build.hp) == (4, 3, 26)


def test_R1_level_locks_leave_cards_out():
    st = fresh(level=1)
    deck = dict(st.players[0].build.deck)
    for locked in (
        "Attack +2",
        "Shield Bash",
        "Smoke Bomb",
        "Defend +3",
        "Sword Specialist",
        "Rally Cry",
    ):
        assert locked not in deck
    # The class set stays at seven cards: locked ones give way to unlocked Knight cards.
    assert deck["Shield Wall"] == 5 and deck["Power Strike"] == 2
    assert st.players[0].build.deck_size == 4 + 3 + 3 + 3 + 7
    assert dict(fresh(level=2).players[0].build.deck)["Rally Cry"] == 3


def test_R3_opening_deal_is_five_chance_draws_each():
    st = fresh()
    draws = 0
    while st.to_move == CHANCE:
        chance = st.chance()
        assert sum(chance.dist.weights) == st.players[st.pending[0]].draw_n
        st.apply_chance(chance.dist.outcomes[-1])
        draws += 1
    assert draws == 10
    assert [len(p.hand) for p in st.players] == [5, 5]
    assert [p.draw_n for p in st.players] == [23, 18]
    assert st.to_move == 0 and st.turn == 1


def test_R3_draw_odds_follow_the_pile():
    st = fresh()
    assert st.chance().p("Attack +1") == Fraction(3, 28)
    assert st.chance().p("Sword Specialist") == Fraction(1, 28)


# -- choosing and removing ----------------------------------------------------------


def test_R4_choices_are_secret_plays_and_a_basic_attack():
    st = ready([["Sword Specialist", *KNIGHT[:4]], ROGUE])
    legal = st.legal_actions()
    assert all(a.secret for a in legal)
    assert [a.label for a in legal] == [
        "Play Attack +1 (card 2)",
        "Play Attack +2 (card 3)",
        "Play Defend +2 (card 4)",
        "Play Healing Potion (card 5)",
        "Basic attack, giving up Sword Specialist",
    ]


def test_R4_seat_two_is_asked_after_seat_one_and_nothing_resolves_before():
    st = ready([KNIGHT, ROGUE])
    pick(st, 0, "Attack +2")
    assert st.to_move == 1
    assert st.players[1].hp == 26 and st.players[0].hand == KNIGHT
    pick(st, 1, "Defend +2")
    assert st.last_turn()["damage"] == [0, (5 + 2) - (3 + 2)]
    assert st.players[1].hp == 24


def test_R5_hand_closes_up_to_the_left_and_cards_go_to_their_piles():
    st = ready([KNIGHT, ROGUE])
    turn(st, "Defend +2", "Healing Potion")
    assert st.players[0].hand == ["Attack +1", "Attack +2", "Healing Potion", "Parry"]
    assert st.players[0].recycle == {"Defend +2": 1}
    assert st.players[1].spent == {"Healing Potion": 1}


def test_A3_item_given_up_for_a_basic_attack_is_recycled_unused():
    st = ready([["Healing Potion", *KNIGHT[:4]], ROGUE], hp=(20, None))
    last = turn(st, "basic", "Defend +2")
    assert last["healed"] == [0, 0]
    assert st.players[0].recycle == {"Healing Potion": 1} and not st.players[0].spent


# -- the exchange -------------------------------------------------------------------


def test_A2_damage_never_goes_below_zero():
    st = ready([["Defend +1", "Attack +1", "Attack +2", "Shield Wall", "Parry"], ROGUE])
    last = turn(st, "Shield Wall", "basic")
    assert last["damage"][0] == 0 and st.players[0].hp == 30  # 4 - 7 is not a heal


def test_parry_cancels_weapon_attacks():
    st = ready([KNIGHT, ROGUE])
    last = turn(st, "Parry", "Backstab")
    assert last["damage"][0] == 0
    st = ready([KNIGHT, ROGUE])
    assert turn(st, "Parry", "basic")["damage"][0] == 0


def test_A12_class_attacks_as_their_own_are_not_parried():
    st = ready([KNIGHT, ROGUE], rules={"class_attacks": "not_weapon"})
    assert turn(st, "Parry", "Backstab")["damage"][0] == (4 + 4) - 3
    st = ready([KNIGHT, ROGUE], rules={"class_attacks": "not_weapon"})
    assert turn(st, "Parry", "Attack +1")["damage"][0] == 0  # a dagger card still is


def test_parry_leaves_own_defence_unmodified_and_does_not_stop_magic():
    cards = fresh().cat.cards
    knight = fighter(cards, 5, 3, "sword", [], 0)
    rogue = fighter(cards, 4, 3, "dagger", [], 0)
    rules = fresh().rules
    bolt = dataclasses.replace(cards["Attack +2"], magic=True)
    assert damage(rules, rogue, bolt, knight, cards["Parry"]) == (4 + 2) - 3
    assert damage(rules, rogue, cards["Attack +2"], knight, cards["Parry"]) == 0


def test_shield_bash_defends_and_reflects_onto_an_attacker():
    st = ready([["Shield Bash", *KNIGHT[:4]], ROGUE])
    last = turn(st, "Shield Bash", "Attack +1")
    assert last["damage"] == [0, 0]  # (4 + 1) - (3 + 2)
    assert last["reflected"] == [0, 2]
    assert st.players[1].hp == 24
    st = ready([["Shield Bash", *KNIGHT[:4]], ROGUE])
    assert turn(st, "Shield Bash", "Defend +2")["reflected"] == [0, 0]


def test_backstab_counts_as_plus_one_against_a_defend():
    st = ready([KNIGHT, ROGUE])
    assert turn(st, "Defend +2", "Backstab")["damage"][0] == (4 + 1) - (3 + 2)
    st = ready([KNIGHT, ROGUE])
    assert turn(st, "Attack +1", "Backstab")["damage"][0] == (4 + 4) - 3


def test_R13_passives_work_anywhere_in_the_hand():
    st = ready([KNIGHT, ["Attack +1", "Evasion", "Defend +2", "Healing Potion", "Envenom"]])
    assert turn(st, "basic", "Healing Potion")["damage"][1] == 5 - (3 + 1)
    hand = ["Attack +1", "Sword Specialist", "Power Strike", "Defend +2", "Parry"]
    st = ready([hand, ROGUE])
    assert turn(st, "Power Strike", "Healing Potion")["damage"][1] == (5 + 3 + 2) - 3
    st = ready([hand, ROGUE])
    assert turn(st, "basic", "Healing Potion")["damage"][1] == (5 + 2) - 3


def test_A12_sword_specialist_needs_a_sword_attack():
    hand = ["Attack +1", "Sword Specialist", "Power Strike", "Defend +2", "Parry"]
    st = ready([hand, ROGUE], rules={"class_attacks": "not_weapon"})
    assert turn(st, "Power Strike", "Healing Potion")["damage"][1] == (5 + 3) - 3
    cards = st.cat.cards
    assert fighter(cards, 4, 3, "dagger", ["Sword Specialist"], 0).weapon_bonus == 0


def test_R7_poison_ticks_the_next_three_turns_then_recycles():
    st = ready([KNIGHT, ROGUE])
    last = turn(st, "Attack +1", "Envenom")
    assert last["damage"] == [1, 3] and last["poison"] == [0, 0]
    assert [e.card for e in st.ongoing] == ["Envenom"]
    assert "Envenom" not in st.players[1].recycle
    ticks = []
    for _ in range(4):
        settle(st)
        ticks.append(turn(st, "basic", "basic")["poison"])
    assert ticks == [[1, 0], [1, 0], [1, 0], [0, 0]]
    assert st.players[1].recycle["Envenom"] == 1 and not st.ongoing
    assert st.players[0].hp == 30 - 1 - 4 * (4 - 3) - 3


def test_poison_needs_a_point_of_damage():
    st = ready([KNIGHT, ROGUE])
    turn(st, "Defend +2", "Envenom")
    assert not st.ongoing and st.players[1].recycle == {"Envenom": 1}


@pytest.mark.parametrize("stacking, ticks, effects", [("stack", 2, 2), ("refresh", 1, 1)])
def test_A14_poison_stacking(stacking, ticks, effects):
    rogue = ["Envenom", "Envenom", "Defend +2", "Healing Potion", "Attack +1"]
    st = ready([KNIGHT, rogue], rules={"poison_stacking": stacking})
    turn(st, "Attack +1", "Envenom")
    settle(st, ["Defend +1", "Defend +1"])
    turn(st, "Attack +2", "Envenom")
    assert len(st.ongoing) == effects
    settle(st, ["Defend +1", "Defend +1"])
    assert turn(st, "Defend +1", "Defend +1")["poison"] == [ticks, 0]


def test_A11_smoke_bomb_guards_the_next_turn_only_then_is_spent():
    rogue = ["Smoke Bomb", "Attack +1", "Attack +1", "Attack +2", "Defend +1"]
    st = ready([KNIGHT, rogue])
    assert turn(st, "Attack +1", "Smoke Bomb")["damage"][1] == 6 - 3
    assert [e.effect for e in st.ongoing] == ["guard"]
    settle(st, ["Attack +1", "Defend +1"])
    assert turn(st, "Attack +2", "Attack +1")["damage"][1] == 7 - (3 + 3)
    assert st.players[1].spent == {"Smoke Bomb": 1} and not st.ongoing
    settle(st, ["Attack +1", "Defend +1"])
    assert turn(st, "Attack +1", "Attack +1")["damage"][1] == 6 - 3


# -- items and defeat ---------------------------------------------------------------


@pytest.mark.parametrize("overheal, hp", [("cap", 30), ("allow", 34)])
def test_A16_heals_stop_at_maximum_hp(overheal, hp):
    st = ready([KNIGHT, ROGUE], hp=(28, None), rules={"overheal": overheal})
    turn(st, "Healing Potion", "Defend +2")
    assert st.players[0].hp == hp


def test_rally_cry_heals_and_goes_back_to_recycle():
    hand = ["Rally Cry", *KNIGHT[:4]]
    st = ready([hand, ROGUE], hp=(20, None))
    assert turn(st, "Rally Cry", "Defend +2")["healed"][0] == 3
    assert st.players[0].recycle == {"Rally Cry": 1} and not st.players[0].spent


def test_R9_the_player_left_standing_wins():
    st = ready([KNIGHT, ROGUE], hp=(None, 2))
    turn(st, "basic", "Attack +1")
    assert st.result().winners == (0,)
    assert st.result().outcome == "seat 1 wins"
    assert st.legal_actions() == []


@pytest.mark.parametrize("rule, winners", [("draw", []), ("higher_hp", [0])])
def test_A6_both_defeated(rule, winners):
    st = ready([KNIGHT, ROGUE], hp=(1, 1), rules={"both_defeated": rule})
    turn(st, "basic", "basic")
    assert (st.players[0].hp, st.players[1].hp) == (0, -1)
    assert st.result().winners == tuple(winners)
    assert st.result().outcome == ("draw" if not winners else "seat 1 wins")


def test_turn_limit_ends_in_a_draw():
    st = ready([KNIGHT, ROGUE], rules={"turn_limit": 1})
    turn(st, "Defend +2", "Defend +2")
    assert st.to_move == TERMINAL
    assert st.result().outcome == "draw" and st.result().reason == "turn limit"


def test_negative_turn_limit_is_refused():
    with pytest.raises(wb.SetupError, match="turn_limit"):
        wb.play("rpg_card_battle", rules={"turn_limit": -1})


# -- R-10 .. R-12: drawing and reshuffling ----------------------------------------------------


def test_R12_no_draw_from_an_empty_pile():
    st = ready([KNIGHT, ROGUE], empty_draw=(True, False))
    turn(st, "Attack +1", "Defend +2")
    assert st.pending == [1]
    settle(st)
    assert len(st.players[0].hand) == 4 and len(st.players[1].hand) == 5


def test_A7_ends_when_an_ongoing_card_returns_and_A17_deals_what_there_is():
    st = ready([KNIGHT, []], empty_draw=(False, True))
    rogue = st.players[1]
    # Test-only position: every other card is out of play, one Envenom is still poisoning.
    rogue.spent, rogue.recycle = rogue.recycle, Deck()
    st.ongoing.append(Effect("Envenom", "poison", 1, 1, 1, 0, "recycle"))
    rogue.spent.take("Envenom")
    pick(st, 0, "Defend +2")
    assert [a.label for a in st.legal_actions()] == ["Basic attack (empty hand, no card given up)"]
    pick(st, 1, "basic")
    assert st.last_turn()["damage"][0] == 0  # 4 against 3 + 2
    assert st.last_turn()["poison"] == [1, 0]
    settle(st)
    assert rogue.hand == ["Envenom"] and rogue.draw_n == 0  # A-7 ends, A-17 deals one


def test_A7_bare_attack_removes_no_card():
    st = ready([KNIGHT, []], empty_draw=(False, True))
    st.players[1].spent, st.players[1].recycle = st.players[1].recycle, Deck()
    last = turn(st, "Healing Potion", "basic")
    assert last["damage"][0] == 4 - 3
    assert last["choices"][1] == ["basic", -1, ""]


def test_A7_pass_variant():
    st = ready([KNIGHT, []], empty_draw=(False, True), rules={"nothing_left": "pass"})
    st.players[1].spent, st.players[1].recycle = st.players[1].recycle, Deck()
    pick(st, 0, "Healing Potion")
    assert [a.kind for a in st.legal_actions()] == ["pass"]
    assert why_illegal(st, Action(BASIC, ())).rule == "A-7"
    pick(st, 1, "pass")
    assert st.last_turn()["damage"] == [0, 0]


# -- Passives ---------------------------------------------------------------------


def test_R14_passives_cannot_be_played():
    st = ready([["Attack +1", "Sword Specialist", *KNIGHT[2:]], ROGUE])
    play = Action("play", (1, "Sword Specialist"))
    assert play not in st.legal_actions()
    assert play in st.candidates()
    problem = why_illegal(st, play)
    assert problem.rule == "R-14" and "Passive" in problem.reason


def test_R15_a_hand_of_passives_can_only_basic_attack():
    st = ready([["Sword Specialist"] * 5, ROGUE], class_sets=[["Sword Specialist"] * 7, None])
    assert [a.kind for a in st.legal_actions()] == ["basic"]
    assert len(st.candidates()) == 6


def test_explain_names_a_wrong_card_or_position():
    st = ready([KNIGHT, ROGUE])
    assert why_illegal(st, Action("play", (7, "Parry"))).rule == "R-4"
    assert "is Attack +1" in why_illegal(st, Action("play", (0, "Parry"))).reason
    assert why_illegal(st, Action("pass", ())).rule == "A-7"


# -- Undead Meat ------------------------------------------------------------------------

UNDEAD = {"classes": ["Undead", None], "class_sets": [["Undead Meat"] + ["Power Strike"] * 6, None]}


@pytest.mark.parametrize("rounding, expected", [("down", 2), ("up", 3)])
def test_A13_undead_meat_halves_after_defence(rounding, expected):
    hand = ["Undead Meat", "Attack +1", "Defend +2", "Healing Potion", "Parry"]
    st = ready([hand, ROGUE], rules={"halve_rounding": rounding}, **UNDEAD)
    undead = st.players[0].build
    assert (undead.attack, undead.defence, undead.hp) == (4, 3, 26)
    assert turn(st, "Attack +1", "Backstab")["damage"][0] == expected  # (4 + 4) - 3 = 5


def test_A13_halving_spares_magic_and_follows_parry():
    st = fresh(**UNDEAD)
    cards, rules = st.cat.cards, st.rules
    meat = fighter(cards, 4, 3, "sword", ["Undead Meat"], 0)
    rogue = fighter(cards, 4, 3, "dagger", [], 0)
    bolt = dataclasses.replace(cards["Attack +4"], magic=True)
    assert damage(rules, rogue, bolt, meat, None) == 5
    assert damage(rules, rogue, cards["Attack +4"], meat, None) == 2
    assert damage(rules, rogue, cards["Attack +4"], meat, cards["Parry"]) == 0


# -- secrecy of the simultaneous choice -------------------------------------------------------


def test_the_pending_pick_is_hidden_from_the_other_seat():
    st = ready([KNIGHT, ROGUE])
    pick(st, 0, "Attack +2")
    assert st.observation(0)["players"][0]["choice"] == ["play", 1, "Attack +2"]
    assert st.observation(1)["players"][0]["choice"] is None
    assert st.observation(None)["players"][0]["choice"] is None
    assert st.observation(1)["players"][0]["chosen"] is True


DEALT = re.compile(r"^Seat (\d) \(\w+\) (?:deals|draws)[^:]*: (.+) \(p \d")


def test_R3_the_log_names_to_both_seats_the_cards_the_hands_show_face_up():
    m = wb.play("rpg_card_battle", seed=3)
    while m.state.turn < 6 or m.to_move != 1:  # seat 1 has picked; seat 2 has not yet
        acts = m.legal_actions()
        m.step(acts[len(m.log) % len(acts)].label)
    for seat in (0, 1):
        view = Stepper(m, seat_view=seat).view()
        log = {e["i"]: e for e in view["log"]}
        dealt: dict[int, Counter] = {0: Counter(), 1: Counter()}
        for e in m.log:
            if e["kind"] == "chance":  # the card and its odds, as the full log gives them
                assert (log[e["i"]]["text"], log[e["i"]]["p"]) == (e["text"], e["p_float"])
                found = DEALT.match(log[e["i"]]["text"])
                dealt[int(found[1]) - 1][found[2]] += 1
        assert not any("only" in e["text"] and "sees" in e["text"] for e in view["log"])
        for c in view["recent_chance"]:
            assert c["p"] is not None and not c["result"].startswith("a card only")
        for owner in (0, 1):
            hand = next(
                z for z in view["board"]["zones"] if z["title"].startswith(f"Seat {owner + 1} hand")
            )
            shown = Counter(c["name"] for c in hand["cards"] if c["kind"] != "empty")
            assert shown and not any(c.get("hidden") for c in hand["cards"])
            assert shown <= dealt[owner], (owner, shown, dealt[owner])
        # Played cards are named once both picks are revealed; the pending one stays secret.
        picks = [e for e in view["log"] if e["kind"] == "action"]
        assert all(": Play " in e["text"] or ": Basic attack" in e["text"] for e in picks[:-1])
        assert picks[-1]["text"].endswith("made a secret choice") == (seat == 1)


def test_render_shows_the_other_pick_face_down():
    st = ready([KNIGHT, ROGUE])
    pick(st, 0, "Attack +2")
    for seat in (1, None):
        view = st.view(seat).to_json()
        picks = next(z for z in view["zones"] if z["title"].startswith("Picks"))
        assert picks["cards"][0]["hidden"] is True
        assert "name" not in picks["cards"][0] and "Attack" not in str(picks["cards"][0])
        hand = next(z for z in view["zones"] if z["title"].startswith("Seat 1 hand"))
        assert not any(c.get("highlight") for c in hand["cards"])
    own = st.view(0).to_json()
    hand = next(z for z in own["zones"] if z["title"].startswith("Seat 1 hand"))
    assert [c["highlight"] for c in hand["cards"]] == [False, True, False, False, False]


def test_render_shape_five_slots_piles_and_trackers():
    st = ready([KNIGHT[:3], ROGUE], empty_draw=(True, False))
    view = st.view(0).to_json()
    assert set(view) == {"title", "subtitle", "trackers", "svg", "targets", "zones", "legend"}
    hand = next(z for z in view["zones"] if z["title"].startswith("Seat 1 hand"))
    assert [c["name"] for c in hand["cards"]] == KNIGHT[:3] + ["", ""]
    seat = next(z for z in view["zones"] if z["title"] == "Seat 1 (Knight)")
    piles = next(c for c in seat["cards"] if c["kind"] == "pile")
    assert {st["label"]: st["value"] for st in piles["stats"]} == {
        "Draw": 0,
        "Recycle": 25,
        "Spent": 0,
        "Ongoing": 0,
    }
    assert [t["label"] for t in view["trackers"]][:2] == ["Turn", "Seat 1 HP (Knight)"]


def test_poison_counters_are_tags_on_the_character():
    st = ready([KNIGHT, ROGUE])
    turn(st, "Attack +1", "Envenom")
    view = st.view(None).to_json()
    knight = view["zones"][0]["cards"][0]
    assert any(t.startswith("poisoned: 1 × 3 turns") for t in knight["tags"])


def test_the_heuristic_for_seat_two_ignores_seat_one_pick():
    import random

    bot = wb.core.get_game("rpg_card_battle").heuristic_bot()
    st = ready([KNIGHT, ROGUE])
    chosen = set()
    for action in st.legal_actions():
        s = st.clone()
        s.apply(action)
        chosen.add(bot(s, 1, s.legal_actions(), random.Random(0)))
    assert len(chosen) == 1


def test_match_log_marks_choices_secret():
    m = wb.play("rpg_card_battle", seed=3, bots="random")
    m.auto(max_steps=6)
    actions = [e for e in m.log if e["kind"] == "action"]
    assert actions and all(e["secret"] for e in actions)


# -- setup ------------------------------------------------------------------------------------


def test_default_match_is_knight_against_rogue():
    m = wb.play("rpg_card_battle")
    assert m.seat_names == ["Seat 1 (Knight)", "Seat 2 (Rogue)"]
    assert m.to_move == 0 and len(m.state.players[0].hand) == 5


def test_setup_options_choose_equipment_class_and_level():
    st = fresh(
        characters=["Rogue", "Rogue"],
        level=[3, 1],
        equipment={1: ["Longsword", "Kite Shield", "Pack"]},
    )
    a, b = (p.build for p in st.players)
    assert a.items == ("Poisoned Dagger", "Leather Jerkin", "Pack")
    assert b.items == ("Longsword", "Kite Shield", "Pack") and b.weapon == "sword"
    assert (b.attack, b.defence, b.hp) == (2 + 2, 2 + 1, 22)
    assert b.level == 1 and "Evasion" not in b.class_set
    knight_rogue = fresh(classes=["Rogue", None]).players[0].build
    assert knight_rogue.cls == "Rogue" and "Backstab" in knight_rogue.class_set


@pytest.mark.parametrize(
    "setup, option",
    [
        ({"hero": "Knight"}, "hero"),
        ({"characters": ["Knight"]}, "characters"),
        ({"characters": ["Knight", "Wizard"]}, "characters"),
        ({"level": 0}, "level"),
        ({"level": "high"}, "level"),
        ({"equipment": [["Longsword"], ["Pack"], ["Chainmail"]]}, "equipment"),
        ({"equipment": "Longsword"}, "equipment"),
        ({"equipment": [["Excalibur"], None]}, "equipment"),
        ({"equipment": [["Longsword", "Poisoned Dagger"], None]}, "equipment"),
        ({"classes": ["Wizard", None]}, "classes"),
        ({"class_sets": [["Power Strike"] * 6, None]}, "class_sets"),
        ({"class_sets": [["Backstab"] * 7, None]}, "class_sets"),
        ({"class_sets": [["Sword Specialist"] * 7, None], "level": 2}, "class_sets"),
        ({"classes": ["Undead", None]}, "class_sets"),
    ],
)
def test_bad_setup_names_the_option(setup, option):
    with pytest.raises(wb.SetupError, match=option):
        wb.play("rpg_card_battle", **setup)


def test_variants_are_listed_with_their_rules():
    listed = {r["key"]: r for r in wb.rules("rpg_card_battle")}
    assert listed["rcb.defeat_check"]["default"] == "after_items"
    assert listed["rcb.defeat_check"]["choices"] == ("after_items", "before_items")
    assert len(listed) == 9
