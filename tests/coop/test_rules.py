"""The co-op rules, rule by rule, and the rules file's own test cases T-1 .. T-8."""

from __future__ import annotations

from fractions import Fraction

import pytest

import workbench as wb
from workbench.core import CHANCE, Action
from workbench.core.kit import Deck
from workbench.games.coop.rules import hit_chance

from .helpers import attack, encounter, fresh

# -- the rules file's test cases ----------------------------------------------------------


def test_T1_unhittable_wear_down():
    st = encounter(classes=("Melee", "Ranged"), enemy="Lankies", seats=(0,))
    chance = (st.apply(Action("attack", (0, 0))), st.chance())[1]
    assert dict(chance.odds_list())["to hit"] == 0  # 1d6 never beats Dodge 6
    st.apply_chance(6)
    lankie = st.enemies[0]
    assert (lankie.dodge, lankie.health, lankie.armor) == (5, 4, 1)
    st._start_turn(0)
    attack(st, 0, 0, roll=6)
    assert (lankie.armor, lankie.health) == (0, 3)


def test_T2_armor_absorbs_first_and_recovers_at_round_end():
    st = encounter(enemy="Steppons", seats=(0,))
    steppon = st.enemies[0]
    st._damage_enemy(steppon, 4)
    assert (steppon.armor, steppon.health) == (0, 4)
    st._end_round()
    assert steppon.armor == 2


def test_T3_grouping_two_daggers():
    st = encounter(enemy="Rats", seats=(0, 1), items={0: ["DG-B", "DG-I"]})
    assert len(st.groups) == 1
    g = st.groups[0]
    assert (g.dice, g.dtype, g.damage + g.class_bonus) == (1, "melee", 5)
    attack(st, 0, 0, roll=5)
    assert st.enemies[0].health <= 0


def test_T4_unique_sword_doubles():
    st = encounter(enemy="Growlers", seats=(0, 0), items={0: ["SW-U"]})
    attack(st, 0, 0, roll=7)
    assert st.enemies[0].health <= 0  # 10 + 2 = 12 through 4 Armor and 6 Health


def test_T4_unique_sword_needs_twice_the_dodge():
    st = encounter(enemy="Growlers", seats=(0, 0), items={0: ["SW-U"]})
    attack(st, 0, 0, roll=5)  # hit (5 > 3) but 5 < 6: 5 + 2 = 7
    g = st.enemies[0]
    assert (g.armor, g.health) == (0, 3)


def test_T5_enemy_misses_lower_dodge():
    st = encounter(classes=("Melee", "Ranged"), enemy="Rats", seats=(1,), turn=1)
    if st.phase == "turn" and st.legal_actions()[0].kind == "end turn":
        st.apply(Action("end turn"))
    ranged = st.players[1]
    assert ranged.dodge == 7
    # The odds shown are the chance against the Dodge as it stands now: a Rat's 1d6 cannot
    # beat 7 or 6, so it needs two misses before it can hit at all.
    for dodge, to_hit in ((7, 0), (6, 0), (5, Fraction(1, 6))):
        st.enemy_queue = [0]
        st.phase = "enemy attack"
        assert dict(st.chance().odds_list())["to hit"] == to_hit
        st.apply_chance(min(6, dodge))  # the highest roll that misses
        assert ranged.dodge == dodge - 1


def test_T6_knocked_out_players_enemies_are_placed_again():
    st = encounter(enemy="Brutes", seats=(1, 1, 0), turn=1)
    st.round_order = [2]
    st.groups_done = [True] * len(st.groups)
    st.players[1].health = 1
    st.players[1].armor = 0
    st._enemy_phase()
    assert st.phase == "enemy attack"
    st.apply_chance(12)  # Brute #1 hits for 3: knocked out
    assert st.players[1].ko
    assert st.phase == "placement"
    dist = st.chance().dist
    assert set(dist.outcomes) == {0, 2}
    assert st.chance().p(0) == Fraction(1, 2) == st.chance().p(2)
    st.apply_chance(2)
    assert st.enemies[0].seat == 2 and st.phase == "placement"
    st.apply_chance(0)
    assert (st.enemies[0].seat, st.enemies[1].seat) == (2, 0)
    assert st.to_move == 2  # play moves on to the next seat's turn


def test_T7_reinforcement_count():
    st = fresh()
    st.leader = 0
    st.phase = "choose encounter"
    for c in ("STE-5", "GRO-1", "LAN-1"):
        st._take_encounter(c)
        st.offered.append(c)
    st.apply(Action("encounter", ("STE-5",)))
    assert st.phase == "reinforcements" and st.draws_left == 2
    st.apply_chance("RAT-5")
    st.apply_chance("BRU-1")
    assert st.battle_loot == 5
    assert st.encounter_name == "Steppons ×3"
    assert [c for c, _ in st.battle] == ["RAT-5", "BRU-1"]
    assert [n for _, n in st.battle] == [6, 3]
    assert sorted(st.encounter_discard) == ["GRO-1", "LAN-1"]


def test_T8_unique_shield_reflects_half():
    st = encounter(enemy="Shankers", seats=(0,), items={0: ["SH-U"]})
    p = st.players[0]
    assert (p.health, p.armor) == (10, 6)
    st.round_order = [1, 2]  # keep the round going so Armor has not recovered yet
    st.groups_done = [True]
    st._enemy_phase()
    st.apply_chance(18)
    assert (p.health, p.armor) == (10, 0)
    shanker = st.enemies[0]
    assert (shanker.armor, shanker.health) == (0, 1)


def test_R16_the_last_player_down_loses_before_the_shield_reflects():
    # Seat 1 stands alone with the Unique Shield; the encounter's last Shanker could die to
    # the reflection (6 // 2 = 3 >= its Health 3 with Armor spent), but the party is already
    # out when the hit lands, so the game is lost there and no next encounter starts.
    st = encounter(enemy="Shankers", seats=(0,), items={0: ["SH-U"]})
    p = st.players[0]
    for q in st.players[1:]:
        q.ko, q.health = True, 0
    p.health, p.armor = 1, 0
    st.enemies[0].armor = 0
    st.battle = [("RAT-1", 4)]  # another encounter would follow this one
    st.round_order = []
    st.groups_done = [True]
    st._enemy_phase()
    st.apply_chance(18)
    assert st.result().outcome == "loss" and st.phase == "over"
    assert st.enemies[0].health == 3  # never reflected


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
