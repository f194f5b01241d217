"""Seed-game mechanics against the rules' worked examples and brute-force enumeration."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from workbench.dice import mechanics as M


def _binary_counts(n):
    return [sum(bits) for bits in itertools.product((0, 1), repeat=n)]


def _brute_armies(o, d, *, ranged=False, power=None, htl=False, bk=False):
    wins = total = 0
    attacks = (
        [power]
        if (ranged and power is not None)
        else [a + (0 if ranged else 1) for a in _binary_counts(o)]
    )
    for a in attacks:
        a = a * 2 if bk else a
        for dv in _binary_counts(d):
            total += 1
            wins += a > dv + (2 if htl else 0)
    return Fraction(wins, total)


@pytest.mark.parametrize("o", range(0, 6))
@pytest.mark.parametrize("d", range(0, 5))
def test_armies_melee_matches_brute_force(o, d):
    assert M.armies_attack(o, d) == _brute_armies(o, d)
    assert M.armies_attack(o, d, ranged=True) == _brute_armies(o, d, ranged=True)
    assert M.armies_attack(o, d, hold_the_line=True) == _brute_armies(o, d, htl=True)


def test_armies_rule_examples():
    assert M.armies_attack(0, 0) == 1  # T-1: unenhanced capture always succeeds
    assert round(float(M.armies_attack(6, 3)), 2) == 0.91  # T-2
    p = M.armies_attack(0, 5, ranged=True, power=4)  # T-4
    assert round(float(p), 2) == 0.81 and p == _brute_armies(0, 5, ranged=True, power=4)
    assert M.armies_attack(0, 5, ranged=True, power=4, bows_and_knives=True) == 1
    table = M.armies_table()
    assert table.shape == (42, 4)
    # The rules' printed table (armies.md section 4), spot checks.

    def row(o, d):
        return table.filter((table["offense"] == o) & (table["defense"] == d))["p"][0]

    assert (
        round(row(3, 2), 2) == 0.81 and round(row(5, 5), 2) == 0.62 and round(row(0, 3), 2) == 0.12
    )
    ranged = M.armies_table(range(1, 5), range(6), fixed_power=True)
    # Fixed-power table: P(P > Bin(D)), e.g. power 3 vs defense 4 is 0.69.
    p3d4 = ranged.filter((ranged["offense"] == 3) & (ranged["defense"] == 4))["probability"][0]
    assert p3d4 == "11/16"


def _brute_cavalry(offense, defenses):
    from collections import Counter

    counts: Counter = Counter()
    rolls = [_binary_counts(offense)] + [_binary_counts(d) for d in defenses]
    for combo in itertools.product(*rolls):
        a = combo[0] + 1
        d = combo[1]
        if a <= d:
            counts[(False, 0)] += 1
            continue
        margin, extra, i = a - d, 0, 2
        while margin > 2 and i <= len(defenses):
            attack = margin - 1
            dv = combo[i]
            if attack <= dv:
                break
            extra += 1
            margin = attack - dv
            i += 1
        counts[(True, extra)] += 1
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in counts.items()}


@pytest.mark.parametrize(
    "offense, defenses", [(6, [0, 0, 1]), (5, [1, 2]), (4, [0]), (6, [2, 0, 0, 0])]
)
def test_cavalry_chain_matches_brute_force(offense, defenses):
    frame = M.cavalry_chain(offense, defenses)
    got = {
        (f, e): Fraction(p)
        for f, e, p in zip(
            frame["first_capture"], frame["extra_captures"], frame["probability"], strict=True
        )
    }
    assert got == _brute_cavalry(offense, defenses)
    assert frame["p"].sum() == pytest.approx(1.0)


def test_cavalry_t5_margin_three_continues_with_fixed_two():
    # T-5: beating a pawn by 3 lets the rook attack on with A = 2; vs defense 0 that captures.
    frame = M.cavalry_chain(2, [0, 0])  # A in 1..3 vs D = 0: margin 3 only when both dice are 1
    extra = frame.filter(frame["extra_captures"] == 1)["probability"][0]
    assert Fraction(extra) == Fraction(1, 4)


def test_squad_contest():
    assert M.squad_hit(5, 4, hit_modifier=-1) == 1  # T-7: 4 >= 4 hits, ties to the attacker
    assert M.squad_hit(3, 4) == 0
    assert M.squad_hit(None, None) == 1  # both decline: 0 >= 0
    brute = Fraction(sum(a >= d for a in range(1, 7) for d in range(1, 7)), 36)
    assert M.squad_hit("d6", "d6") == brute
    best_of_two = [max(x, y) for x in range(1, 7) for y in range(1, 7)]
    assert M.squad_hit("d6", "2d6kh1", hit_modifier=1) == Fraction(
        sum(a + 1 >= d for a in range(1, 7) for d in best_of_two), 216
    )
    with pytest.raises(ValueError):
        M.squad_hit(7)
    t = M.squad_table(hit_modifiers=[0, 1])
    assert set(t["defence_die"]) == {"decline", "d6", "2d6kh1", "3d6kh1"}


@pytest.mark.parametrize("health", [1, 2, 8, 10, 20])
def test_sac_shot(health):
    p = M.sac_kill_probability(health)
    assert p == Fraction(max(0, 21 - health), 20)
    frame = M.sac_shot(health)
    assert frame["p"].sum() == pytest.approx(1.0)
    kill = frame.filter(frame["result"] == "kill")
    assert Fraction(kill["probability"][0]) == p
    # Remainders 1..health-1, each from exactly one roll.
    survive = frame.filter(frame["result"] == "survives")
    assert survive["enemy_health"].to_list() == list(range(1, health))
    assert (survive["shooter_damage"] == survive["enemy_health"]).all()


def test_sac_variants_and_salvo():
    miss = M.sac_shot(10, variant="miss_on_fail")
    assert miss.filter(miss["result"] == "survives")["shooter_damage"].to_list() == [10]
    brute = Fraction(
        sum(a + b + c >= 20 for a, b, c in itertools.product(range(1, 21), repeat=3)), 8000
    )
    assert M.sac_kill_probability(20, salvo=True) == brute
    with pytest.raises(ValueError):
        M.sac_shot(5, variant="bogus")
