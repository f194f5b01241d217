"""The skirmish's rules one at a time (rules.md 3.6 and section 9), on the worked example's
map: the soldier starts on h6, the 3♦ waits on f6, the shop A♠ on e6 and 2♠ on d6 make
room 1, and the J♣ door below d6 is closed."""

from __future__ import annotations

from fractions import Fraction

import pytest

import workbench as wb
from workbench.core import CHANCE, TERMINAL

from .helpers import EXAMPLE_1, EXAMPLE_2, act, labels, reason, settle, start, state


def example(**variants):
    return state(EXAMPLE_1, EXAMPLE_2, **variants)


def at_room_1(st):
    """Kill the 3♦ with a 3 and walk to d6, in front of the J♣ door (round 1 ends there)."""
    act(st, "Move to g6")
    act(st, "Shoot 3♦", [3])
    act(st, "Move to f6")
    act(st, "Move to e6")
    act(st, "Move to d6")
    return st


def test_R16_a_soldier_starts_with_20_20_20_and_5_actions_on_the_start_cell():
    st = example()
    s = st.soldier
    assert (s.health, s.armor, s.ammo, s.credits, s.actions) == (20, 20, 20, 0, 5)
    assert st.b._counter_cell is not None and s.pos == (7, 0) and st.round == 1
    assert labels(st) == ["Move to g6 (corridor 7♣)", "End round 1"]


def test_R17_moving_costs_an_action_along_the_build_path_only():
    st = example()
    act(st, "Move to g6")
    assert st.soldier.actions == 4 and st.soldier.pos == (6, 0)
    # the 3♦ holds f6.
    assert reason(st, "Move to f6") == ("A-33", "a living enemy holds f6: shoot it first")


def test_R18_a_killing_shot_and_R21_its_credits():
    st = example()
    act(st, "Move to g6")
    start(st, "Shoot 3♦")
    chance = st.chance()
    assert chance.dist.outcomes == tuple(range(1, 21))
    assert chance.odds_list() == (("to kill", Fraction(18, 20)),)
    settle(st, [3])
    e = st.enemies[0]
    assert not e.alive and st.soldier.credits == 3 and st.soldier.ammo == 19
    assert st.soldier.actions == 3


def test_R18_a_shot_that_does_not_kill_costs_the_remaining_health():
    st = example()
    act(st, "Move to g6")
    act(st, "Shoot 3♦", [1])
    assert st.enemies[0].health == 2 and st.soldier.armor == 18 and st.soldier.health == 20


def test_A26_miss_on_fail_leaves_the_enemy_whole_and_costs_its_health():
    st = example(**{"sac.shot": "miss_on_fail"})
    act(st, "Move to g6")
    act(st, "Shoot 3♦", [1])
    assert st.enemies[0].health == 3 and st.soldier.armor == 17


def test_A25_a_salvo_costs_3_actions_and_3_ammo_and_rolls_3d20():
    st = example()
    act(st, "Move to g6")
    start(st, "Salvo at 3♦")
    assert st.soldier.actions == 1 and st.soldier.ammo == 17
    dist = st.chance().dist
    assert min(dist.outcomes) == 3 and max(dist.outcomes) == 60 and dist.total == 20**3
    settle(st, [30])
    assert not st.enemies[0].alive


def test_R17_a_salvo_needs_3_actions():
    st = example()
    act(st, "Move to g6")
    act(st, "Move to h6")
    act(st, "Move to g6")
    assert st.soldier.actions == 2
    assert reason(st, "Salvo at 3♦") == ("R-17", "a salvo takes 3 actions; 2 are left")


def test_R17_shooting_a_door_costs_its_difficulty_and_deals_the_cards_behind_it():
    st = at_room_1(example())
    assert st.round == 1 and st.soldier.actions == 0 or st.round == 2
    act(st, "End round") if st.soldier.actions else None
    door = next(a for a in labels(st) if a.startswith("Shoot the J♣ door"))
    assert door == "Shoot the J♣ door on d5 open (1 ammo)"
    ammo = st.soldier.ammo
    act(st, door)
    assert st.soldier.ammo == ammo - 1
    assert st.b.text_map()[2].split()[3] == "6C"  # the corridor and room 2 are dealt
    assert [e.name for e in st.enemies] == ["3♦", "6♦"]
    act(st, "Move to d5")
    assert st.soldier.pos == (3, 1)


def test_R17_a_door_needs_its_ammunition():
    st = at_room_1(example())
    st.soldier.ammo = 0
    if not st.soldier.actions:
        act(st, "End round")
    assert reason(st, "Shoot the J♣ door") == (
        "R-17",
        "the door takes 1 ammunition to shoot open; you have 0",
    )


def test_R17_searching_a_room_one_card_an_action():
    st = example()
    act(st, "Move to g6")
    act(st, "Shoot 3♦", [3])
    act(st, "Move to f6")
    act(st, "Move to e6")
    act(st, "End round")
    assert "Search the room (2 cards left)" in labels(st)
    act(st, "Search the room")
    act(st, "Search the room")
    assert st.soldier.credits == 5
    assert reason(st, "Search the room") == ("R-17", "every card of this room has been searched")


@pytest.mark.parametrize("credits, found", [(1, "1 credit"), (3, "3 credits"), (0, "nothing")])
def test_A36_a_search_says_what_it_found(credits, found):
    cards = wb.load_cards("sac").set("params", "search_credits", "value", credits)
    st = state(EXAMPLE_1, EXAMPLE_2, cards=cards)
    act(st, "Move to g6")
    act(st, "Shoot 3♦", [3])
    act(st, "Move to f6")
    act(st, "Move to e6")
    act(st, "End round")
    before = st.soldier.credits
    act(st, "Search the room")
    act(st, "Search the room")
    assert st.soldier.credits - before == 2 * credits
    said = [f"searched A♠ on e6: found {found} (A-36)", f"searched 2♠ on d6: found {found} (A-36)"]
    assert st.events[-2:] == said
    happened = next(c for z in st.view(0).zones for c in z.cards if c.name == "What happened")
    assert happened.text.endswith(" · ".join(said))


def test_R21_the_shop_sells_for_5_credits():
    st = example()
    act(st, "Move to g6")
    act(st, "Shoot 3♦", [3])
    act(st, "Move to f6")
    act(st, "Move to e6")  # the A♠
    assert reason(st, "Buy Ammunition") == ("R-21", "Ammunition costs 5 credits; you have 3")
    st.soldier.credits, st.soldier.ammo = 5, 20
    assert reason(st, "Buy Ammunition") == ("R-21", "your ammunition is already at 20")
    st.soldier.ammo = 12
    act(st, "Buy Ammunition")
    assert st.soldier.ammo == 17 and st.soldier.credits == 0 and st.soldier.actions == 1


def test_R19_a_full_round_at_a_healing_station_restores_5_and_5():
    st = state(["4C", "5H"], ["AH", "5S"])
    act(st, "Move to g6")  # the A♥
    st.soldier.health, st.soldier.armor = 10, 18
    assert reason(st, "Rest a round")[0] == "R-19"
    act(st, "End round")
    act(st, "Rest a round")
    s = st.soldier
    assert (s.health, s.armor, st.round) == (15, 20, 3)


def test_R20_the_dead_respawn_at_the_start_of_round_7():
    st = example()
    act(st, "Move to g6")
    act(st, "Shoot 3♦", [3])
    for _ in range(5):
        act(st, "End round")
    assert st.round == 6 and not st.enemies[0].alive
    act(st, "End round")
    assert st.round == 7 and st.enemies[0].alive and st.enemies[0].health == 3


def _big_bads():
    # 4♣ on h6, 5♥ shifts: a room of A♠ on g6; pile 2 runs out with both Jokers on it.
    return state(["4C", "5H"], ["AS", "Joker", "Joker"])


def test_R22_the_big_bads_attack_at_the_end_of_the_round():
    st = _big_bads()
    assert [e.name for e in st.enemies] == ["Big Bad 1", "Big Bad 2"]
    assert st.b.finished
    start(st, "End round")
    assert st.to_move == CHANCE and "Big Bad 1" in st.chance().label
    settle(st, [7, 5])
    s = st.soldier
    assert (s.armor, s.health, st.round) == (8, 20, 2)


def test_A34_killing_every_big_bad_wins():
    st = _big_bads()
    act(st, "Salvo at Big Bad 1", [25])
    act(st, "Shoot Big Bad 2", [20])
    assert st.to_move == TERMINAL
    result = st.result()
    assert result.outcome == "win" and result.winners == (0,)
    assert result.details["big_bads_killed"] == 2


def test_A34_the_soldier_dies_at_0_health():
    st = _big_bads()
    st.soldier.armor, st.soldier.health = 0, 3
    act(st, "Shoot Big Bad 1", [5])  # survives with 15: 15 damage back
    assert st.to_move == TERMINAL and st.result().outcome == "loss"
    assert "dead" in st.result().reason


def test_A34_the_game_is_lost_when_the_rounds_are_over():
    st = state(EXAMPLE_1, EXAMPLE_2, **{"sac.rounds": 2})
    act(st, "End round")
    act(st, "End round")
    assert st.to_move == TERMINAL and st.result().reason == "2 rounds are over (A-34)"


def test_A37_doors_lead_nowhere_once_pile_2_is_empty():
    st = state(["4C", "5H"], ["5S", "QC"])
    assert st.b.finished
    act(st, "Move to g6")
    assert reason(st, "Shoot the Q♣ door")[0] == "A-37"


def test_A38_cover_takes_5_off_each_shot():
    st = state(["4C", "5H"], ["8S", "9D", "QC"])
    e = st.enemies[0]
    assert e.pos == (6, 0) and st._cover(e) == 5
    start(st, "Shoot 9♦")
    assert st.chance().odds_list() == (("to kill", Fraction(7, 20)),)


def test_A24_travel_once_everything_is_explored():
    st = _big_bads()
    act(st, "Salvo at Big Bad 1", [25])
    assert not any(a.startswith("Travel") for a in labels(st))


def test_A32_range_0_shoots_only_on_the_soldiers_own_card():
    st = example(**{"sac.range": 0})
    act(st, "Move to g6")
    assert not any(a.startswith("Shoot") for a in labels(st))


def test_default_match_plays_to_the_end_with_bots():
    m = wb.play("sac", seed=3, bots="heuristic")
    m.auto()
    assert m.over and m.result.outcome in ("win", "loss")
    with pytest.raises(wb.IllegalAction):
        wb.play("sac", seed=3).step("Shoot the moon")
