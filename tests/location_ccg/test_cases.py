"""The rules file's test cases T-1 .. T-6 (rules.md, section 7)."""

from workbench.core import TERMINAL
from workbench.games.location_ccg.costs import covers, parse_cost, payments
from workbench.games.location_ccg.rules import Loc

from .helpers import do, give, mission, put, run, table


def test_t1_payment_needs_points_and_the_typed_symbol():
    rows = {"Kevlar Vest": "$", "Ogre Bouncer": "!!", "Lookout": "Ω"}
    cost = parse_cost("3$")
    assert covers(["$", "!!", "Ω"], cost)
    assert not covers(["$", "!!"], cost)  # 3 points
    assert payments(list(rows), rows.get, cost) == [
        (("Kevlar Vest", 1), ("Lookout", 1), ("Ogre Bouncer", 1))
    ]
    st = table()
    give(st, 0, "bank", *rows)
    st.pay(0, payments(list(rows), rows.get, cost)[0], [cost])
    assert st.zones[0, "bank"] == []
    assert sorted(st.zones[0, "discard"]) == sorted(rows)  # all three discarded


def test_t2_mob_cost_never_drops_below_one():
    st = table()
    put(st, 0, "Street Runner")
    give(st, 0, "discard", "Street Runner")
    assert st.visible_copies("Street Runner") == 2
    assert [str(c) for c in st.costs_of("Street Runner")] == ["1"]


def test_t3_pairing_gang_and_victory():
    st = table()
    muscle, enforcer, runner = (
        put(st, 0, n) for n in ("Hired Muscle", "Enforcer", "Street Runner")
    )
    watchman = put(st, 1, "Watchman")
    mission(st, 0, [muscle, enforcer, runner], [watchman])
    do(st, f"Challenge with {st.label(enforcer)}")
    assert st.ask[0] == 1 and [a.label for a in st.legal_actions()] == [
        f"Oppose {st.label(enforcer)} with {st.label(watchman)} (2/3/0)"
    ]
    do(st, "Oppose")
    # D is empty: Hired Muscle and Street Runner are unopposed; Hired Muscle gangs up.
    assert st.ask[1] == "gang" and st.ask[2] == muscle
    do(st, f"{st.label(muscle)} adds 3 Atk to {st.label(enforcer)}")
    assert watchman not in st.inplay and "Watchman" in st.zones[1, "void"]
    assert st.inplay[enforcer].damage == 2  # takes 2, survives (Def 3)
    assert st.locs[0].vp == [1, 0]  # net Skl 0 + 1 + 1 = 2 >= Skill 2
    assert st.inplay[runner].where == 0 and st.inplay[muscle].where == 0


def test_t4_long_range_deals_its_damage_when_paired():
    st = table()
    runner = put(st, 0, "Street Runner")
    mage = put(st, 1, "Battle Mage")
    mission(st, 0, [runner], [mage])
    do(st, f"Challenge with {st.label(runner)}")
    do(st, f"Oppose {st.label(runner)} with {st.label(mage)}")
    assert runner not in st.inplay and "Street Runner" in st.zones[0, "void"]
    assert st.inplay[mage].damage == 0


def test_t4_long_range_deals_no_combat_damage():
    st = table()
    enforcer = put(st, 0, "Enforcer")
    sniper = put(st, 1, "Sniper")  # 2/1/1 Long Range: 2 to the Enforcer, then nothing
    mission(st, 0, [enforcer], [sniper])
    do(st, f"Challenge with {st.label(enforcer)}")
    do(st, "Oppose")
    assert sniper not in st.inplay  # the Enforcer's 4 in combat
    assert st.inplay[enforcer].damage == 2  # only the range damage


def test_t5_toughness_gives_a_wound_once():
    st = table()
    paladin = put(st, 1, "Paladin")
    st._damage(paladin, 5)
    st._lethal([paladin])
    assert st.inplay[paladin].damage == 0 and st.inplay[paladin].wounds == 1
    st._damage(paladin, 4)
    st._lethal([paladin])
    assert paladin not in st.inplay and "Paladin" in st.zones[1, "void"]


def test_t6_location_won_and_the_game_with_a_second():
    st = table()
    st.locs[1] = Loc("Old Cathedral", 1)
    st.locs[1].vp[0] = 2  # Skill 2, VP 3
    st.locs[0].won_by = 0
    runner = put(st, 0, "Lookout", where=1)
    from workbench.games.location_ccg.rules import Combat

    st.combat = Combat(1, 0)
    st.combat.attackers = [runner]
    run(st, [("victory",)], active=0)
    assert st.locs[1].won_by == 0 and st.locs[1].vp == [0, 0]
    assert st.to_move == TERMINAL and st.result().winners == (0,)
    assert "R-29" in st.result().reason


def test_t6_one_location_is_not_enough():
    st = table()
    st.locs[1] = Loc("Old Cathedral", 1)
    st.locs[1].vp[0] = 2
    runner = put(st, 0, "Lookout", where=1)
    from workbench.games.location_ccg.rules import Combat

    st.combat = Combat(1, 0)
    st.combat.attackers = [runner]
    run(st, [("victory",)], active=0)
    assert st.locs[1].won_by == 0 and st.winner is None
