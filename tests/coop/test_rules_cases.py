"""The co-op rules file's own test cases T-1 .. T-8."""

from __future__ import annotations

from fractions import Fraction

from workbench.core import Action

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
