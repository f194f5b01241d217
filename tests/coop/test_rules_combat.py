"""The co-op rules of equipment, stats and attacks (R-26 .. R-37), the hit table of section 4,
and the rule variants."""

from __future__ import annotations

from fractions import Fraction

import pytest

import workbench as wb
from workbench.core import Action
from workbench.games.coop.rules import hit_chance

from .helpers import attack, encounter, fresh

# -- equipment and stats (R-26 .. R-30) ----------------------------------------------------

MATRIX = {  # R-27's usability matrix: can the column item join the row item in two hands?
    ("SW-B", "SW-I"): False,
    ("SW-B", "DG-B"): True,
    ("SW-B", "BW-S"): False,
    ("SW-B", "SH-W"): True,
    ("SW-B", "SP-F1"): True,
    ("DG-B", "DG-I"): True,
    ("DG-B", "BW-S"): False,
    ("DG-B", "SH-W"): True,
    ("DG-B", "SP-F1"): True,
    ("SH-W", "SH-I"): False,
    ("SH-W", "SP-F1"): True,
    ("SP-F1", "SP-I1"): True,
    ("BW-S", "SP-F1"): False,
}


@pytest.mark.parametrize("pair,allowed", MATRIX.items())
def test_R27_usability_matrix(pair, allowed):
    st = fresh()
    p = st.players[0]
    st._equip(p, pair[0])
    assert (st.equip_problem(p, pair[1]) is None) == allowed


def test_A7_hand_free_spells_allow_bow_and_spell_but_one_spell():
    st = fresh(rules={"spell_hands": 0})
    p = st.players[0]
    st._equip(p, "BW-S")
    assert st.equip_problem(p, "SP-F1") is None
    st._equip(p, "SP-F1")
    assert st.equip_problem(p, "SP-I1") is not None


@pytest.mark.parametrize(
    "cls,items,armor,dodge",
    [
        ("Melee", ["SW-I", "SH-I", "AR-L"], 8, 3),  # Bruiser
        ("Melee", ["DG-I", "DG-I", "AR-R"], 4, 9),  # Duelist
        ("Ranged", ["BW-L", "AR-R"], 3, 6),  # Archer
        ("Ranged", ["SP-F2", "SP-H2", "AR-R"], 3, 14),  # Caster
        ("Ranged", ["AR-P", "SH-S", "BW-R"], 11, 0),  # clamped at 0
    ],
)
def test_R28_R29_derived_stats_of_the_demo_loadouts(cls, items, armor, dodge):
    st = fresh((cls, "Melee"))
    p = st.players[0]
    for i in items:
        st._equip(p, i)
    assert (p.max_armor, p.max_dodge, p.max_health) == (armor, dodge, 10)


def test_A10_spell_dodge_scale():
    st = fresh(("Ranged", "Melee"), rules={"spell_dodge_scale": 0.5})
    st._equip(st.players[0], "SP-F2")
    assert st.players[0].max_dodge == 7 + 2


def test_A9_healing_as_max_health_bonus():
    st = fresh(rules={"healing": "max_health_bonus"})
    st._equip(st.players[0], "SP-H3")
    assert st.players[0].max_health == 16


# -- attacks (R-31 .. R-37) ---------------------------------------------------------------


def test_R31_unarmed_attack_uses_class_damage_once():
    st = encounter(classes=("Ranged", "Melee"), enemy="Rats", seats=(1,))
    (g,) = st.groups
    assert (g.dice, g.dtype, g.damage + g.class_bonus) == (1, "ranged", 1)


def test_R32_grouping_variants():
    items = {0: ["DG-B", "SP-F1", "AR-R"]}  # dagger 1 die melee, fire 1 die ranged
    st = encounter(enemy="Rats", seats=(0,), items=items)
    assert len(st.groups) == 2
    st = encounter(enemy="Rats", seats=(0,), items=items, rules={"group_by": "dice_only"})
    assert len(st.groups) == 1 and st.groups[0].damage == 2
    st = encounter(
        enemy="Rats", seats=(0,), items={0: ["DG-B", "DG-I"]}, rules={"group_by": "never"}
    )
    assert len(st.groups) == 2


def test_R33_class_damage_only_for_matching_type():
    st = encounter(enemy="Rats", seats=(0,), items={0: ["SP-F1"]})  # Melee with a Fire spell
    assert st.groups[0].class_bonus == 0
    st = encounter(enemy="Rats", seats=(0,), items={0: ["SW-B"]})
    assert st.groups[0].class_bonus == 2


def test_R33_melee_targets_front_enemies_first():
    st = encounter(enemy="Rats", seats=(0, 1))
    targets = {a.args[1] for a in st.legal_actions() if a.kind == "attack"}
    assert targets == {0}
    reason = st.explain(Action("attack", (0, 1)))
    assert reason[0] == "R-33" and "in front" in reason[1]
    st = encounter(enemy="Rats", seats=(1, 1))
    assert {a.args[1] for a in st.legal_actions() if a.kind == "attack"} == {0, 1}
    st = encounter(enemy="Rats", seats=(1, 1), rules={"melee_only_front": True})
    assert st.to_move == 1  # seat 1 had no legal target, so its turn passed


def test_R33_ranged_targets_anyone():
    st = encounter(classes=("Ranged", "Melee"), enemy="Rats", seats=(0, 1))
    assert {a.args[1] for a in st.legal_actions() if a.kind == "attack"} == {0, 1}


def test_R33_a_miss_lowers_dodge_never_below_zero():
    st = encounter(enemy="Rats", seats=(0, 0))
    st.enemies[0].dodge = 0
    attack(st, 0, 0, roll=1)
    assert st.enemies[0].health == 0  # 1 > 0 hits
    st = encounter(enemy="Growlers", seats=(0,))
    attack(st, 0, 0, roll=2)
    assert st.enemies[0].dodge == 2


def test_R35_damage_never_reduced_otherwise():
    st = encounter(enemy="Brutes", seats=(0,))
    st._damage_enemy(st.enemies[0], 9)
    assert (st.enemies[0].armor, st.enemies[0].health) == (0, 8)


def test_R36_unique_bow_two_automatic_hits():
    st = encounter(classes=("Ranged", "Melee"), enemy="Lankies", seats=(0, 1), items={0: ["BW-U"]})
    shots = [a for a in st.legal_actions() if a.kind == "attack"]
    assert len({a.label for a in shots}) == len(shots) == 4
    dodge = st.enemies[1].dodge
    st.apply(shots[-1])
    assert st.phase == "turn"
    assert (st.enemies[1].armor, st.enemies[1].health, st.enemies[1].dodge) == (0, 1, dodge)


def test_R37_healing_spell_heals_without_a_roll():
    st = encounter(classes=("Ranged", "Melee"), enemy="Rats", seats=(1,), items={0: ["SP-H2"]})
    st.players[1].health = 3
    heals = [a for a in st.legal_actions() if a.kind == "heal"]
    assert [a.label for a in heals] == ["Heal Seat 2 with Healing (Major) (+4)"]
    st.apply(heals[0])
    assert st.players[1].health == 7
    assert not [a for a in st.legal_actions() if a.kind == "heal"]


def test_A35_unique_spell_heals_its_wielder_on_a_hit():
    st = encounter(classes=("Ranged", "Melee"), enemy="Brutes", seats=(1,), items={0: ["SP-U"]})
    st.players[0].health = 5
    attack(st, 0, 0, roll=10)
    assert st.players[0].health == 7


def test_A12_highest_die_variant():
    st = encounter(enemy="Brutes", seats=(0,), items={0: ["DG-S"]}, rules={"roll": "highest"})
    st.apply(Action("attack", (0, 0)))
    assert st.chance().dist.outcomes == (1, 2, 3, 4, 5, 6)


def test_A13_single_target_per_turn():
    items = {0: ["DG-B", "SP-F1"]}
    st = encounter(
        enemy="Brutes", seats=(0, 0), items=items, rules={"single_target_per_turn": True}
    )
    attack(st, 0, 1, roll=1)
    assert {a.args[1] for a in st.legal_actions() if a.kind == "attack"} == {1}


def test_A18_orphans_idle_variant():
    st = encounter(enemy="Brutes", seats=(1, 1), turn=1, rules={"orphans": "idle"})
    st.round_order = [2]
    st.groups_done = [True]
    st.players[1].health, st.players[1].armor = 1, 0
    st._enemy_phase()
    st.apply_chance(12)
    assert st.players[1].ko and [e.seat for e in st.enemies] == [None, None]
    assert st.phase == "turn" and st.to_move == 2


def test_loot_count_header_variant_drops_six_cards():
    assert sum(fresh().cat.loot_copies.values()) == 60
    assert sum(fresh(rules={"loot_count": "header"}).cat.loot_copies.values()) == 54


def test_longbow_and_steel_sword_dice_variants():
    st = fresh(rules={"longbow_dice": 3, "steel_sword_dice": 2})
    assert st.cat.items["BW-L"].dice == 3 and st.cat.items["SW-S"].dice == 2


def test_loot_policy_agent_lets_the_leader_assign():
    st = fresh(rules={"loot_policy": "agent"})
    st.leader = 1
    st.offered = ["SW-I"]
    st._start_draft()
    labels = [a.label for a in st.legal_actions()]
    assert labels == [
        "Give Iron Sword to Seat 1",
        "Give Iron Sword to Seat 2",
        "Give Iron Sword to Seat 3",
        "Put Iron Sword in the stash",
    ]
    st.apply(st.legal_actions()[0])
    assert st.players[0].hands == ["SW-I"]


def test_section4_hit_table():
    table = {
        1: [1.00, 0.83, 0.67, 0.50, 0.33, 0.17, 0],
        2: [1, 1, 0.97, 0.92, 0.83, 0.72, 0.58, 0.42, 0.28, 0.17, 0.08, 0.03, 0],
        3: [
            1,
            1,
            1,
            1,
            0.98,
            0.95,
            0.91,
            0.84,
            0.74,
            0.62,
            0.50,
            0.38,
            0.26,
            0.16,
            0.09,
            0.05,
            0.02,
        ],
    }
    for n, row in table.items():
        for d, p in enumerate(row):
            assert round(float(hit_chance(n, d)), 2) == pytest.approx(p, abs=0.006)
    assert hit_chance(3, 8) == Fraction(160, 216)


def test_variants_reject_bad_values_and_names():
    with pytest.raises(wb.SetupError, match="no rule variant"):
        wb.play("coop", rules={"coop.nope": 1})
    with pytest.raises(wb.SetupError, match="choose one of"):
        wb.play("coop", rules={"coop.placement": "sideways"})
    with pytest.raises(wb.SetupError, match="no setup option"):
        wb.play("coop", colour="red")
