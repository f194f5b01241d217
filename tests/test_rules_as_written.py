"""Choices the rules files state (A-16, A-21, A-39, R-25, A-40): the variants that offer the
other reading, the reasons that cite them, and the attack order of rounds_to_defeat."""

from __future__ import annotations

import copy
import random

import pytest

import workbench as wb
from workbench import Action
from workbench.core import CHANCE, TERMINAL, get_game
from workbench.games.coop.catalog import MELEE, RANGED
from workbench.games.coop.rules import TURN


def coop_positions(rules, seeds=range(40), players=3):
    """Every TURN position of random co-op games."""
    game = get_game("coop")
    cards, rules = wb.load_cards("coop"), game.resolve_rules(rules)
    setup = game.check_setup({"players": players})
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(cards, rules, setup)
        for _ in range(600):
            if state.to_move == TERMINAL:
                break
            if state.to_move == CHANCE:
                state.apply_chance(state.chance().dist.pick(rng.random()))
                continue
            if state.phase == TURN:
                yield state
            actions = state.legal_actions()
            state.apply(actions[int(rng.random() * len(actions))])


def melee_turn(state):
    """A turn's first melee group still to roll, when enemies stand in front and elsewhere."""
    living = [e for e in state.enemies if e.health > 0]
    if not (
        any(e.seat == state.turn_seat for e in living)
        and any(e.seat != state.turn_seat for e in living)
    ):
        return None
    return next(
        (g for i, g in enumerate(state.groups) if g.dtype == MELEE and not state.groups_done[i]),
        None,
    )


@pytest.mark.parametrize(
    ("scope", "anywhere"), [("every_melee_group", False), ("melee_only_players", True)]
)
def test_melee_front_scope(scope, anywhere):
    for state in coop_positions({"coop.melee_front_scope": scope}):
        melee = melee_turn(state)
        if melee is None:
            continue
        # Alone, melee must aim in front under both readings.
        assert all(e.seat == state.turn_seat for e in state._targets(melee))
        # With a ranged source as well, the source's reading lets melee aim anywhere.
        ranged = copy.copy(melee)
        ranged.dtype = RANGED
        state.groups.append(ranged)
        assert any(e.seat != state.turn_seat for e in state._targets(melee)) == anywhere
        return
    pytest.fail("no turn with a melee group and enemies in front and elsewhere was found")


def test_melee_only_front_with_nothing_in_front_cites_A16():
    for state in coop_positions({"coop.melee_only_front": True}):
        melee = melee_turn(state)
        if melee is None:
            continue
        for e in state.enemies:  # every enemy stands before another player now
            if e.seat == state.turn_seat:
                e.seat = (state.turn_seat + 1) % state.num_seats
        target = next(e for e in state.enemies if e.health > 0)
        rule, reason = state.explain(Action("attack", (state.groups.index(melee), target.uid)))
        assert rule == "A-16" and "coop.melee_only_front" in reason
        assert "none is left" in reason
        return
    pytest.fail("no turn with a melee group was found")


def test_equipping_during_a_battle_cites_R25():
    state = next(coop_positions({}))
    item = next(iter(state.cat.items))
    assert state.explain(Action("equip", (item, 0))) == (
        "R-25",
        "equipment changes only between Battles, not during one",
    )


def test_a_second_denial_token_cites_A21():
    from tests.correction.helpers import position, token
    from workbench.games.correction.catalog import SQUARE

    st = position(stock=(5, 5))
    token(st, "c4", 1)
    st.pending = (SQUARE["c3"], SQUARE["c4"])
    rule, reason = st._deny_problem()
    assert rule == "A-21" and "one token per square" in reason and "c4" in reason


@pytest.mark.parametrize(("reading", "guard"), [("applies", 3), ("ignored", 0)])
def test_smoke_bomb_while_attacking(reading, guard):
    from workbench.games.rpg_card_battle.rules import Effect

    m = wb.play("rpg_card_battle", rules={"rcb.smoke_when_attacking": reading})
    state = m.state.clone()
    state.ongoing.append(Effect("Smoke Bomb", "guard", 3, 1, 0, 0, "recycle"))
    calm = state.fighter(0).defence
    assert state.fighter(0, attacking=True).defence == calm - 3 + guard
    assert state.fighter(1, attacking=True).defence == state.fighter(1).defence


def test_rounds_to_defeat_takes_the_list_as_attack_order_or_the_best():
    from workbench.games.coop.analysis import expected_rounds_to_defeat as rounds

    dagger_first = [{"class": "Melee", "items": ["DG-B", "SW-U"]}]
    sword_first = [{"class": "Melee", "items": ["SW-U", "DG-B"]}]
    assert rounds("Shankers", dagger_first) < rounds("Shankers", sword_first)
    assert rounds("Shankers", sword_first, order="best") == rounds("Shankers", dagger_first)
    with pytest.raises(ValueError, match="order"):
        rounds("Shankers", sword_first, order="fastest")


@pytest.mark.parametrize(
    ("key", "value"),
    [("coop.battles_2p", 101), ("cor.draw_after", 10_001), ("rcb.turn_limit", 10_001)],
)
def test_numeric_variants_have_a_maximum(key, value):
    game = key.split(".")[0]
    name = {"coop": "coop", "cor": "correction", "rcb": "rpg_card_battle"}[game]
    with pytest.raises(wb.SetupError, match=key.split(".")[1]):
        wb.play(name, rules={key: value})


def test_auto_stops_at_its_cap_and_says_so():
    m = wb.play("coop", seed=1, bots="heuristic", players=3)
    assert m.auto(max_steps=5) == 5
    assert not m.over and "cap of 5" in m.halted and "not over" in m.notice
