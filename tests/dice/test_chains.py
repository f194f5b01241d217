"""Absorbing chains, checked against dense linear algebra and icepool on Dodge erosion."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import pairwise

import numpy as np
import pytest

from workbench.dice import AbsorbingChain
from workbench.dice.mechanics import DEAD, dodge_erosion


def _dense(chain: AbsorbingChain):
    states = chain.transient_states
    idx = {s: i for i, s in enumerate(states)}
    q = np.zeros((len(states), len(states)))
    for s in states:
        weights, total = chain._rows[s]
        for t, w in weights.items():
            if t in idx:
                q[idx[s], idx[t]] += w / total
    return states, idx, q


def _brute_force_mean_steps(dice, dodge, health, armor, damage, attacks_per_round):
    """Independent formulation: float value iteration on an explicitly enumerated chain."""
    import itertools

    rolls = [sum(c) for c in itertools.product(range(1, 7), repeat=dice)]

    def step(state):
        d, h, a, i = state
        out = {}
        for s in rolls:
            if s > d:
                soak = min(a, damage)
                h2, a2 = h - (damage - soak), a - soak
                d2 = d
            else:
                h2, a2, d2 = h, a, max(0, d - 1)
            i2 = i + 1
            if i2 == attacks_per_round:
                i2, a2 = 0, armor
            nxt = DEAD if h2 <= 0 else (d2, h2, a2, i2)
            out[nxt] = out.get(nxt, 0) + 1 / len(rolls)
        return out

    start = (dodge, health, armor, 0)
    states, frontier = {start}, [start]
    while frontier:
        s = frontier.pop()
        for t in step(s):
            if t != DEAD and t not in states:
                states.add(t)
                frontier.append(t)
    states = sorted(states)
    idx = {s: i for i, s in enumerate(states)}
    q = np.zeros((len(states), len(states)))
    for s in states:
        for t, p in step(s).items():
            if t != DEAD:
                q[idx[s], idx[t]] += p
    t = np.linalg.solve(np.eye(len(states)) - q, np.ones(len(states)))
    return t[idx[start]]


@pytest.mark.parametrize(
    "args",
    [
        (1, 6, 4, 1, 2, 1),
        (2, 7, 10, 2, 3, 2),
        (1, 7, 6, 1, 2, 3),
        (3, 12, 5, 0, 1, 1),
        (2, 9, 8, 3, 4, 2),
    ],
)
def test_dodge_erosion_mean_matches_dense_solve(args):
    dice, dodge, health, armor, damage, per_round = args
    chain = dodge_erosion(dice, dodge, health, armor, damage, attacks_per_round=per_round)
    m = chain.mean_steps()
    assert isinstance(m, Fraction)
    assert float(m) == pytest.approx(_brute_force_mean_steps(*args), rel=1e-10)


def test_dodge_erosion_matches_icepool_exactly():
    import icepool

    dice, dodge, health, armor, damage = 1, 6, 5, 1, 2
    d6 = icepool.d(6)

    def step(state):
        d, h, a, _ = state
        if state == DEAD:
            return state

        def resolve(roll):
            if roll > d:
                h2 = h - (damage - min(a, damage))
                return DEAD if h2 <= 0 else (d, h2, a, 0)
            return (max(0, d - 1), h, a, 0)

        return d6.map(resolve)

    expected = icepool.mean_time_to_absorb(step, (dodge, health, armor, 0))
    assert dodge_erosion(dice, dodge, health, armor, damage).mean_steps() == expected


def test_absorbed_by_matches_matrix_powers():
    chain = dodge_erosion(1, 5, 3, 1, 2, attacks_per_round=2)
    states, idx, q = _dense(chain)
    start = idx[(5, 3, 1, 0)]
    v = np.zeros(len(states))
    v[start] = 1.0
    cum = chain.absorbed_by(25)
    assert cum[0] == 0
    for k in range(1, 26):
        v = v @ q
        assert float(cum[k]) == pytest.approx(1 - v.sum(), abs=1e-12)
    assert all(a <= b for a, b in pairwise(cum))
    frame = chain.steps_distribution(25)
    assert frame["p"].sum() == pytest.approx(float(cum[-1]))
    # Mean from the distribution tail agrees with the linear solve.
    long = chain.absorbed_by(400)
    approx_mean = sum(1 - float(c) for c in long)
    assert approx_mean == pytest.approx(float(chain.mean_steps()), rel=1e-6)


def test_mean_is_infinite_when_absorption_is_not_certain():
    # Damage never gets through armor that resets every attack: the target never dies.
    for per_round in (1, 2):
        chain = dodge_erosion(
            2, 5, 4, armor=3, damage=3 if per_round == 1 else 1, attacks_per_round=per_round
        )
        assert not chain.absorbs_surely()
        assert chain.mean_steps() == math.inf
        assert chain.absorbed_by(10)[-1] == 0
    # Some paths die, others get stuck: still not certain, so infinite.
    partial = AbsorbingChain(
        {"a": {"dead": 1, "stuck": 1}, "stuck": {"stuck": 1}}, "a", absorbing=lambda s: s == "dead"
    )
    assert partial.mean_steps() == math.inf
    assert partial.absorbed_by(3)[-1] == Fraction(1, 2)


def test_explicit_chain_with_cycles_and_fractions():
    # A gambler's walk on 0..4 from 2, absorbing at both ends: mean steps = 2 * 2 = 4.
    walk = {i: {i - 1: Fraction(1, 2), i + 1: Fraction(1, 2)} for i in range(1, 4)}
    chain = AbsorbingChain(walk, 2)
    assert chain.mean_steps() == 4
    assert chain.absorption_probabilities() == {0: Fraction(1, 2), 4: Fraction(1, 2)}
    # Biased walk: P(up) = 2/3 from 1 with ends 0 and 3.
    biased = {i: {i - 1: 1, i + 1: 2} for i in (1, 2)}
    probs = AbsorbingChain(biased, 1).absorption_probabilities()
    assert probs == {3: Fraction(4, 7), 0: Fraction(3, 7)}


def test_start_distribution_and_absorbing_start():
    chain = AbsorbingChain({1: {0: 1}}, {0: 1, 1: 1})
    assert chain.mean_steps() == Fraction(1, 2)
    assert chain.absorbed_by(1) == [Fraction(1, 2), Fraction(1)]


def test_dodge_erosion_with_dice_damage():
    chain = dodge_erosion(2, 7, 6, armor=1, damage="d4")
    m = chain.mean_steps()
    assert 1 < m < 100
    assert chain.absorbs_surely()
