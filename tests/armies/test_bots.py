"""Armies' bots: the heuristic plays legal moves, replays under a seed, and beats the random
bot clearly; the rollout search bot is usable in play and in simulate."""

from __future__ import annotations

import pytest

import workbench as wb
from workbench.games.armies.bots import RolloutBot, evaluate, heuristic


def test_the_heuristic_beats_the_random_bot_from_both_seats():
    wins = 0
    for seat in (0, 1):
        games = wb.simulate(
            "armies", 10, seed=20 + seat, bots={seat: "heuristic", 1 - seat: "random"}
        )
        wins += int((games["winner"] == seat).sum())
    # Measured at 200 of 200 over 200 games; 18 of these 20 is a wide margin for luck.
    assert wins >= 18


def test_the_heuristic_replays_the_same_game_under_a_seed():
    a = wb.play("armies", seed=9, bots="heuristic")
    b = wb.play("armies", seed=9, bots="heuristic")
    a.auto(max_steps=150)
    b.auto(max_steps=150)
    assert a.log == b.log and heuristic.__doc__


def test_the_evaluation_is_a_chance_in_0_1_that_favours_material():
    m = wb.play("armies", seed=1)
    st = m.state
    assert evaluate(st, 0) == pytest.approx(evaluate(st, 1))
    queen = next(p for p in st.pieces if p.kind == "Q" and p.owner == 1)
    st.destroy(queen)
    assert 0.5 < evaluate(st, 0) < 1 and evaluate(st, 1) < 0.5


def test_the_rollout_bot_plays_legal_moves_and_replays():
    bots = {0: "rollout", 1: "heuristic"}
    a = wb.play("armies", seed=3, bots=bots)
    b = wb.play("armies", seed=3, bots=bots)
    a.auto(max_steps=40)
    b.auto(max_steps=40)
    assert a.decisions == 40 and a.log == b.log
    assert repr(RolloutBot()) == "RolloutBot(width=4, turns=2, samples=1, fair)"
    assert repr(RolloutBot(fair=False)) == (
        "RolloutBot(width=4, turns=2, samples=1, sees the whole state)"
    )
    with pytest.raises(ValueError, match="width must be a whole number"):
        RolloutBot(width=0)


def test_the_heuristic_counts_bows_and_knives_for_ranged_attacks_not_for_charges(monkeypatch):
    from workbench.dice.contests import armies_rolls
    from workbench.games.armies.bots import p_win

    st = wb.play("armies", seed=1).state
    att = next(p for p in st.pieces if p.kind == "N" and p.owner == 0)
    dfd = next(p for p in st.pieces if p.kind == "R" and p.owner == 1)
    # The first player holds Bows and Knives; the Rook has 2 Defense.
    monkeypatch.setattr(
        type(st), "controls", lambda self, seat, effect: seat == 0 and effect == "bows_and_knives"
    )
    monkeypatch.setattr(type(st), "defense", lambda self, p: 2)

    def chance(bows):  # as the rules roll an attack of power 1 (combat.attack_rolls)
        a, d = armies_rolls(0, 2, ranged=True, power=1, bows_and_knives=bows)
        return float(a.compare(">", d).probability(1))

    assert (chance(True), chance(False)) == (0.75, 0.25)
    assert p_win(st, att, dfd, ranged_power=1) == chance(True)
    assert p_win(st, att, dfd, ranged_power=1, charge=True) == chance(False)


def test_a_side_far_behind_scores_zero_rather_than_failing(monkeypatch):
    # An army whose offense grows without end (a free ability used every turn) once made the
    # score's exponential overflow; the kernel's arithmetic gives 0 there, and so must this.
    from workbench.games.armies import bots

    st = wb.play("armies", seed=1).state
    monkeypatch.setattr(bots, "army_value", lambda state, p: 10_000.0 * (p.owner == 1))
    assert bots.evaluate(st, 0) == 0.0
    assert bots.evaluate(st, 1) == 1.0
