"""Odds before the roll: exact, from the chance point an action would create, and worked
out only when a view asks."""

from __future__ import annotations

from fractions import Fraction

import workbench as wb
from workbench.core import CHANCE, Odds
from workbench.core.odds import action_odds, odds_at
from workbench.games.coop.rules import ATTACK_ROLL, ENEMY_ROLL, hit_chance


def _coop_attack():
    m = wb.play("coop", seed=1, players=3, first_encounter="RAT-2")
    return m, m.legal_actions()[0]


def test_an_attack_shows_its_exact_odds_against_a_brute_force_count():
    m, attack = _coop_attack()
    odds = action_odds(m.state, attack, m.game.spec.odds, m.to_move)
    lines = {line.what: line.value for line in odds.lines}
    # Counted by hand: bare hands roll 1d6 against a Rat's Dodge 4 and deal the Melee
    # class's 2; a Rat has 1 Health and no Armor, so every hit defeats it.
    hits = [face for face in range(1, 7) if face > 4]
    assert lines == {
        "to hit": Fraction(len(hits), 6),
        "expected damage": Fraction(2 * len(hits), 6),
        "to defeat": Fraction(len(hits), 6),
    }
    assert lines["to hit"] == hit_chance(1, 4)
    assert odds.text == "33% to hit · 0.7 expected damage · 33% to defeat"
    assert "vs Dodge 4" in odds.label
    assert m.decisions == 0  # worked out on a copy


def test_an_enemy_attack_shows_the_damage_and_the_chance_of_a_knock_out():
    m = wb.play("coop", seed=1, players=3, first_encounter="RAT-2", bots="heuristic")
    m.auto()
    for e in m.log:
        before = m.state_before(e["i"]) if e["kind"] == "chance" else None
        if before is None or before.phase != ENEMY_ROLL:
            continue
        enemy = before.enemies[before.enemy_queue[0]]
        player = before.players[enemy.seat]
        p_hit = hit_chance(enemy.kind.dice, player.dodge)
        lines = {line.what: line.value for line in odds_at(before, m.game.spec.odds)}
        assert lines["to hit"] == p_hit
        assert lines["expected damage"] == p_hit * enemy.kind.damage
        falls = player.health + player.armor <= enemy.kind.damage
        assert lines.get("to knock out", 0) == (p_hit if falls else 0)
        assert "to defeat" not in lines  # a measure of player attacks only
        if falls and p_hit:
            return
    raise AssertionError("no enemy attack that could knock a player out in this game")


def test_declared_odds_that_do_not_apply_or_cannot_happen_are_left_out():
    m, attack = _coop_attack()
    state = m.state.clone()
    state.apply(attack)
    assert state.phase == ATTACK_ROLL
    never = Odds("to fly", lambda before, rolled, after, seat: False)
    not_here = Odds("to swim", lambda before, rolled, after, seat: None)
    total = Odds("faces", lambda before, rolled, after, seat: rolled, expected=True)
    lines = {line.what: line.value for line in odds_at(state, (never, not_here, total))}
    assert lines == {"to hit": Fraction(1, 3), "faces": Fraction(7, 2)}


def test_actions_with_certain_results_have_no_odds():
    m = wb.play("correction", seed=3, first_player="South")
    assert all(action_odds(m.state, a, m.game.spec.odds) is None for a in m.legal_actions())


def test_the_state_before_any_log_entry_is_rebuilt_without_changing_the_match():
    m = wb.play("coop", seed=1, players=3, bots="heuristic")
    m.auto(max_steps=80)
    log = m.log
    i = next(
        e["i"]
        for e in reversed(log)
        if e["kind"] == "chance" and log[e["i"] - 1]["kind"] == "action"
    )
    before = m.state_before(i)
    assert before.to_move == CHANCE and before.chance().label == log[i]["label"]
    assert m.state_before(len(log)).view(None) == m.state.view(None)
    assert m.log == log


def test_odds_are_never_worked_out_in_simulations(monkeypatch):
    import workbench.core.odds as odds

    def refuse(*args, **kwargs):
        raise AssertionError("odds worked out outside a view")

    monkeypatch.setattr(odds, "odds_at", refuse)
    monkeypatch.setattr(odds, "action_odds", refuse)
    rows = wb.simulate("coop", 4, seed=0, players=3, bots="heuristic", executor="serial")
    assert rows.height == 4
    m = wb.play("coop", seed=1, players=3, bots="heuristic")
    m.auto()
    assert m.over
