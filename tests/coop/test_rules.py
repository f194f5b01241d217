"""The co-op rules, rule by rule: setup, battles and encounters, rounds and turns, and how
encounters and battles end (R-1 .. R-25). The rules file's test cases are in
test_rules_cases.py, equipment and attacks in test_rules_combat.py."""

from __future__ import annotations

from fractions import Fraction

import pytest

import workbench as wb
from workbench.core import CHANCE, Action
from workbench.core.kit import Deck

from .helpers import attack, encounter, fresh

# -- setup (R-1 .. R-7) -----------------------------------------------------------------


def test_R1_player_count_and_class_limit():
    with pytest.raises(wb.SetupError, match="2 to 5"):
        wb.play("coop", players=6)
    with pytest.raises(wb.SetupError, match="at most 3"):
        wb.play("coop", players=["Melee"] * 4)
    with pytest.raises(wb.SetupError, match="no class"):
        wb.play("coop", players=["Melee", "Wizard"])
    m = wb.play("coop", players=5)
    assert [p["class"] for p in m.observation()["players"]] == ["Melee", "Ranged"] * 2 + ["Melee"]


def test_R2_starting_stats():
    st = fresh(("Melee", "Ranged"))
    m, r = st.players
    assert (m.health, m.armor, m.dodge) == (10, 2, 5)
    assert (r.health, r.armor, r.dodge) == (10, 1, 7)


def test_R3_first_leader_uniform_or_chosen():
    st = fresh()
    assert st.to_move == CHANCE
    ch = st.chance()
    assert ch.dist.outcomes == (0, 1, 2) and ch.p(1) == Fraction(1, 3)
    st = fresh(rules={"first_leader": "choose"})
    assert [a.label for a in st.legal_actions()] == ["Seat 1 leads", "Seat 2 leads", "Seat 3 leads"]


@pytest.mark.parametrize("players,battles", [(2, 3), (3, 5), (4, 7), (5, 10)])
def test_R4_battles_needed(players, battles):
    assert (
        fresh(["Melee", "Ranged", "Melee", "Ranged", "Melee"][:players]).battles_needed == battles
    )


def test_A19_battles_for_two_players_is_a_variant():
    assert fresh(("Melee", "Ranged"), rules={"battles_2p": 4}).battles_needed == 4


def test_R7_first_encounter_must_have_loot_2_or_3():
    st = fresh()
    st.apply_chance(0)
    labels = [a.args[0] for a in st.legal_actions()]
    assert "RAT-2" in labels and "RAT-5" not in labels and "BRU-1" not in labels
    assert set(labels) == {
        "RAT-1",
        "RAT-2",
        "RAT-3",
        "RAT-4",
        "LAN-1",
        "LAN-2",
        "LAN-3",
        "STE-1",
        "STE-2",
        "GRO-1",
        "SHA-1",
    }
    reason = st.explain(Action("first encounter", ("BRU-1",)))
    assert reason[0] == "R-7"
    with pytest.raises(wb.SetupError, match="not allowed as the first"):
        wb.play("coop", first_encounter="BRU-5")


def test_R6_easy_start_shares_loot_before_battle_one():
    m = wb.play("coop", seed=3, easy_start=True, bots="heuristic")
    kinds = [e for e in m.log if e["kind"] == "chance"]
    assert [e["label"] for e in kinds[1:4]] == ["Draw a Loot card"] * 3
    m.auto(max_steps=12)
    assert any(e.get("label", "").startswith("Take ") for e in m.log)


# -- battles and encounters (R-8 .. R-13) ---------------------------------------------------


def test_R8_three_cards_and_the_leader_chooses():
    st = fresh()
    st.leader = 1
    st._after_equip()
    assert st.phase == "draw encounters" and st.draws_left == 3
    for c in ("RAT-1", "BRU-2", "SHA-3"):
        st.apply_chance(c)
    assert st.to_move == 1
    assert len(st.legal_actions()) == 3


def test_R11_encounter_deck_reshuffles_its_discards():
    st = fresh()
    st.encounter_discard = ["RAT-1", "RAT-2"]
    for c in list(st.encounter_deck):
        if c not in ("RAT-3",):
            st.encounter_deck.take(c)
    st._take_encounter("RAT-3")
    assert sorted(st.encounter_deck) == ["RAT-1", "RAT-2"] and st.encounter_discard == []


def test_R12_R13_enemies_laid_out_and_placed_uniformly():
    st = fresh(("Melee", "Ranged", "Melee", "Ranged"), first_encounter="RAT-2")
    st.apply_chance(0)
    assert st.phase == "placement" and len(st.enemies) == 6
    ch = st.chance()
    assert ch.dist.outcomes == (0, 1, 2, 3) and ch.p(3) == Fraction(1, 4)
    fixed = fresh(
        ("Melee", "Ranged", "Melee", "Ranged"),
        rules={"placement": "fixed_numbers"},
        first_encounter="RAT-2",
    )
    fixed.apply_chance(0)
    assert fixed.chance().p(0) == Fraction(2, 6) and fixed.chance().p(3) == Fraction(1, 6)


def test_R13_knocked_out_players_receive_no_enemies():
    st = fresh(first_encounter="RAT-2")
    st.apply_chance(0)
    st.players[1].ko = True
    assert set(st.chance().dist.outcomes) == {0, 2}


# -- rounds and turns (R-14 .. R-18) -----------------------------------------------------


def test_R14_round_order_from_leader_skipping_knocked_out():
    st = encounter(
        classes=("Melee", "Ranged", "Melee", "Ranged"), enemy="Brutes", seats=(0, 1, 2, 3)
    )
    st.leader = 2
    st.players[3].ko = True
    st.round_order = []
    st.turn_seat = None
    st._in_turn = False
    st.round = 1
    st._next_turn()
    assert st.turn_seat == 2
    assert st.round_order == [3, 0, 1]


def test_R16_losing_when_nobody_stands():
    st = encounter(classes=("Melee", "Ranged"), enemy="Shankers", seats=(0,))
    st.players[1].ko = True
    st.players[0].health, st.players[0].armor = 1, 0
    st.groups_done = [True]
    st._enemy_phase()
    st.apply_chance(18)
    assert st.phase == "over" and st.result().outcome == "loss"


def test_R17_encounter_ends_mid_round():
    st = encounter(enemy="Rats", seats=(0,))
    st.round_order = [1, 2]
    attack(st, 0, 0, roll=6)
    assert st.stats_["encounters_won"] == 1
    assert st.round_order == []


def test_R18_unique_armor_regenerates_a_standing_wearer():
    st = encounter(
        enemy="Rats", seats=(0,), items={0: ["AR-U"], 1: ["AR-U"]} if False else {0: ["AR-U"]}
    )
    st.players[0].health = 5
    st._end_round()
    assert st.players[0].health == 7 and st.players[0].armor == st.players[0].max_armor
    st.players[0].ko = True
    st._end_round()
    assert st.players[0].health == 7


# -- encounters and battles end (R-19 .. R-25) ------------------------------------------------


def test_R19_leader_passes_per_encounter_or_battle():
    st = encounter(enemy="Rats", seats=(0,))
    st.battle = [("RAT-1", 2)]
    attack(st, 0, 0, roll=6)
    assert st.leader == 1
    st = encounter(enemy="Rats", seats=(0,), rules={"leader_passes": "per_battle"})
    st.battle = [("RAT-1", 2)]
    attack(st, 0, 0, roll=6)
    assert st.leader == 0


def test_R21_R22_battle_won_restores_everyone_and_draws_loot():
    st = encounter(enemy="Rats", seats=(0,))
    st.battle_loot = 3
    st.players[1].ko = True
    st.players[1].health = 0
    st.players[0].dodge = 1
    attack(st, 0, 0, roll=6)
    assert st.battles_won == 1
    assert all(not p.ko and p.health == 10 for p in st.players)
    assert st.players[0].dodge == 5
    assert st.phase == "draw loot" and st.draws_left == 3
    for card in ("SW-I", "AR-P", "SP-H2"):
        st.apply_chance(card)
    assert st.phase == "loot" and st.to_move == st.leader


def test_R22_empty_loot_deck_pays_nothing_more():
    st = encounter(enemy="Rats", seats=(0,))
    st.battle_loot = 4
    st.loot_deck = Deck({"SW-B": 1})
    attack(st, 0, 0, roll=6)
    st.apply_chance("SW-B")
    assert st.phase == "loot" and st.offered == ["SW-B"]


def test_R24_draft_goes_clockwise_from_the_leader():
    st = fresh()
    st.leader = 2
    st.offered = ["SW-I", "AR-P", "SP-H2", "DG-B"]
    st._start_draft()
    order = []
    while st.phase == "loot":
        order.append(st.to_move)
        st.apply(st.legal_actions()[0])
    assert order == [2, 0, 1, 2]
    assert sorted(st.stash) == sorted(["SW-I", "AR-P", "SP-H2", "DG-B"])
    assert st.phase == "equip"


def test_R25_equipping_between_battles_and_limits():
    st = fresh()
    st.stash = ["SW-I", "SW-B", "SH-W", "BW-L", "AR-R", "AR-L"]
    st.leader = 0
    st._start_equip()
    labels = {a.label for a in st.legal_actions()}
    assert {"Equip Iron Sword", "Equip Longbow", "Equip Robes", "Done equipping"} <= labels
    st.apply(Action("equip", ("SW-I",)))
    reason = st.explain(Action("equip", ("SW-B",)))
    assert reason[0] == "R-27" and "one Sword" in reason[1]
    reason = st.explain(Action("equip", ("BW-L",)))
    assert reason[0] == "R-26" and "both hands" in reason[1]
    st.apply(Action("equip", ("AR-R",)))
    assert st.explain(Action("equip", ("AR-L",)))[0] == "R-27"
    st.apply(Action("unequip", ("SW-I",)))
    assert "SW-I" in st.stash
