"""Exact rounds-to-defeat against a brute-force oracle that rolls every die face by hand."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from functools import cache

import pytest

from workbench.games.coop import (
    expected_rounds_to_defeat,
    rounds_to_defeat,
    rounds_to_knock_out,
    why_never,
)

ENEMIES = {"Rats": (1, 0, 4), "Lankies": (4, 1, 6), "Growlers": (6, 4, 3), "Brutes": (10, 7, 2)}


def oracle(enemy, attacks, rounds):
    """P(enemy defeated by the end of each Round), enumerating every die face of every roll.
    `attacks` lists (dice, damage) per roll in seat order."""
    health0, armor0, dodge0 = ENEMIES[enemy]

    @cache
    def alive_after(r, k, d, h, a):
        # Probability the enemy is still standing after round r, from roll k of this round.
        if k == len(attacks):
            return Fraction(1) if r == 1 else alive_after(r - 1, 0, d, h, armor0)
        dice, dmg = attacks[k]
        total = Fraction(0)
        faces = list(itertools.product(range(1, 7), repeat=dice))
        for roll in faces:
            s = sum(roll)
            if s > d:
                taken = min(a, dmg)
                nh = h - (dmg - taken)
                if nh <= 0:
                    continue
                total += alive_after(r, k + 1, d, nh, a - taken)
            else:
                total += alive_after(r, k + 1, max(0, d - 1), h, a)
        return total / len(faces)

    return [1 - alive_after(r, 0, dodge0, health0, armor0) for r in range(1, rounds + 1)]


@pytest.mark.parametrize(
    "enemy,attackers,attacks",
    [
        ("Rats", ["Melee"], [(1, 2)]),
        ("Lankies", ["Melee", "Ranged"], [(1, 2), (1, 1)]),
        ("Growlers", [{"class": "Melee", "items": ["DG-S"]}], [(2, 5)]),
        (
            "Brutes",
            [{"class": "Melee", "items": ["SW-I"]}, {"class": "Melee", "items": ["SW-S"]}],
            [(1, 6), (1, 8)],
        ),
    ],
)
def test_rounds_to_defeat_matches_the_oracle(enemy, attackers, attacks):
    frame = rounds_to_defeat(enemy, attackers, max_rounds=6)
    expected = oracle(enemy, attacks, 6)
    assert frame["p_cum"].to_list() == pytest.approx([float(x) for x in expected], abs=1e-12)
    assert frame["p"].sum() == pytest.approx(frame["p_cum"][-1])


def test_expected_rounds_and_the_never_case():
    rats = expected_rounds_to_defeat("Rats", ["Melee"])
    frame = rounds_to_defeat("Rats", ["Melee"], max_rounds=60)
    assert rats == pytest.approx(
        sum(r * p for r, p in zip(frame["round"], frame["p"], strict=True)), rel=1e-6
    )
    # Bare hands (2 + 1 damage a Round) never get through a Brute's 7 Armor, restored each Round.
    assert expected_rounds_to_defeat("Brutes", ["Melee", "Ranged"]) == math.inf
    assert "R-18" in why_never("Brutes", ["Melee", "Ranged"])
    assert why_never("Rats", ["Melee"]) is None
    assert rounds_to_defeat("Brutes", ["Melee", "Ranged"], max_rounds=5)["p_cum"].max() == 0


def test_knock_out_mirror_and_bad_input():
    # Shankers (3d6, 6 damage) against a bare Melee player (Armor 2, Dodge 5, Health 10):
    # every hit does 4, so three hits knock out; never in the first two Rounds.
    ko = rounds_to_knock_out("Shankers", "Melee", max_rounds=10)
    assert ko["p_cum"][1] == 0 and ko["p_cum"][2] > 0
    assert ko["p_cum"][-1] > 0.99
    with pytest.raises(ValueError, match="no enemy 'Dragons'"):
        rounds_to_defeat("Dragons", ["Melee"])
    with pytest.raises(ValueError, match="cannot carry"):
        rounds_to_defeat("Rats", [{"class": "Melee", "items": ["SW-I", "SW-B"]}])
    with pytest.raises(ValueError, match="give a list"):
        rounds_to_defeat("Rats", "Melee")
    with pytest.raises(ValueError, match="no loot card"):
        rounds_to_defeat("Rats", [{"class": "Melee", "items": ["Laser"]}])
