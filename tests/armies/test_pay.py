"""Paying skill (R-12, R-13): the payment walk offers exactly the ways to pay that a
brute-force enumeration of every share finds, each once."""

from __future__ import annotations

import itertools
import random

import pytest

from workbench.games.armies.pay import Payment, payable, plans


def brute_force(generic, letters, payers, primary=None):
    """Every assignment of points to (piece, domain) cells that pays the cost exactly, each
    domain letter from its domain, the primary piece giving a point."""
    cells = [(pid, d, skill[d]) for pid, skill in payers for d in range(5) if skill[d]]
    total = generic + sum(letters)
    out = set()
    for xs in itertools.product(*(range(cap + 1) for _, _, cap in cells)):
        if sum(xs) != total:
            continue
        per_domain = [0] * 5
        for (_, d, _), x in zip(cells, xs, strict=True):
            per_domain[d] += x
        if any(per_domain[d] < letters[d] for d in range(5)):
            continue
        if (
            primary is not None
            and total
            and not any(x for (pid, _, _), x in zip(cells, xs, strict=True) if pid == primary)
        ):
            continue
        out.add(tuple((pid, d, x) for (pid, d, _), x in zip(cells, xs, strict=True) if x))
    return out


CASES = [
    (0, (0, 0, 0, 3, 0), [(0, (2, 0, 0, 1, 0)), (1, (0, 0, 0, 2, 0))], 0),  # T-7
    (3, (2, 0, 0, 0, 0), [(0, (2, 1, 0, 1, 0)), (1, (1, 0, 0, 2, 0)), (2, (3, 0, 0, 0, 1))], 0),
    (1, (0, 0, 2, 0, 0), [(0, (0, 0, 1, 0, 0)), (1, (1, 0, 2, 0, 0))], 0),
    (1, (0, 0, 0, 0, 0), [(0, (1, 1, 0, 0, 0)), (1, (0, 0, 0, 1, 1))], None),
    (2, (0, 0, 0, 0, 2), [(0, (0, 0, 0, 0, 1)), (1, (1, 0, 0, 0, 1))], 0),
]


@pytest.mark.parametrize(("generic", "letters", "payers", "primary"), CASES)
def test_the_walk_offers_every_way_to_pay_once(generic, letters, payers, primary):
    found = plans(generic, letters, payers, primary)
    assert len(found) == len(set(found))
    assert set(found) == brute_force(generic, letters, payers, primary)


def test_random_costs_and_payers_agree_with_brute_force():
    rng = random.Random(7)
    for _ in range(150):
        generic = rng.randint(0, 3)
        letters = tuple(rng.choice((0, 0, 0, 1, 2)) for _ in range(5))
        payers = [
            (pid, tuple(rng.choice((0, 0, 1, 2)) for _ in range(5)))
            for pid in range(rng.randint(1, 3))
        ]
        primary = rng.choice((None, 0))
        expected = brute_force(generic, letters, payers, primary)
        found = plans(generic, letters, payers, primary)
        assert set(found) == expected and len(found) == len(expected)
        pool = [sum(s[d] for _, s in payers) for d in range(5)]
        own = payers[0][1] if primary == 0 else None
        assert payable(generic, letters, pool, own) == bool(expected)


def test_a_piece_with_one_possible_share_is_not_asked():
    # The General must give T1 and the bishop T2: nothing to ask.
    p = Payment(0, (0, 0, 0, 3, 0), [(0, (2, 0, 0, 1, 0)), (1, (0, 0, 0, 2, 0))], 0)
    assert p.done and p.plan() == ((0, 3, 1), (1, 3, 2))
    # One generic point from a General with four domains: one question, four answers.
    p = Payment(1, (0, 0, 1, 0, 0), [(0, (1, 1, 1, 0, 1))], 0)
    assert not p.done and p.asking == 0
    assert p.choices() == [(1, 0, 1, 0, 0), (0, 1, 1, 0, 0), (0, 0, 1, 0, 1)]
    p.choose((0, 0, 1, 0, 1))
    assert p.done and p.plan() == ((0, 2, 1), (0, 4, 1))
