"""The one distribution type: chance points (ordered, any outcomes) and dice arithmetic (sorted
integers) share it, and the chance helpers give exactly the outcomes, order and weights that
seeded games were recorded with."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import numpy as np
import pytest

import workbench.core
import workbench.core.chance
import workbench.dice
from workbench.core import Chance, Dist, counted, dice_highest, dice_sum, uniform
from workbench.dice import exact

ROOT = Path(__file__).resolve().parents[1]


def walk(outcomes, weights, u):
    """pick(u) the slow way: the first outcome whose cumulative weight passes u * total."""
    at = int(u * sum(weights))
    acc = 0
    for o, w in zip(outcomes, weights, strict=True):
        acc += w
        if at < acc:
            return o
    raise AssertionError("u must be in [0, 1)")


def rolls(n, sides, combine):
    """Brute-force weights of combine(roll) over every roll of n dice, outcomes ascending."""
    counts = Counter(combine(r) for r in product(range(1, sides + 1), repeat=n))
    keys = tuple(sorted(counts))
    return keys, tuple(counts[k] for k in keys)


# ---- one type ----------------------------------------------------------------------------


def test_core_and_dice_share_one_class():
    assert workbench.core.Dist is workbench.core.chance.Dist is workbench.dice.Dist
    assert type(dice_sum(3)) is type(exact("3d6")) is Dist
    assert type(counted({"a": 1})) is type(uniform((0, 1))) is Dist


def test_a_dice_result_is_a_chance_distribution():
    roll = exact("3d6")
    chance = Chance(roll, "3d6")
    assert roll == dice_sum(3)
    assert (roll.outcomes, roll.weights) == (dice_sum(3).outcomes, dice_sum(3).weights)
    assert chance.p(10) == Fraction(27, 216)
    assert [roll.pick(u) for u in (0.0, 0.5, 0.999)] == [3, 11, 18]


# ---- pick --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "dist",
    [
        dice_sum(3),
        dice_highest(4),
        uniform((2, 0, 1)),
        counted({"c7": 3, "c1": 1, "c4": 5, "c2": 2}),
        counted({"c7": 3, "c1": 1, "c4": 5, "gone": 0, "c2": 2}),
        Dist(("x", 3, (1, 2)), (10**30, 1, 7)),
        exact("4d6kh3 + 1d4"),
    ],
    ids=lambda d: repr(d)[:40],
)
def test_pick_walks_the_weights_in_order(dist):
    rng = random.Random(7)
    for u in [rng.random() for _ in range(2000)] + [0.0, 1 - 2**-53]:
        assert dist.pick(u) == walk(dist.outcomes, dist.weights, u)


# ---- the chance helpers, exactly as before --------------------------------------------------


def test_dice_sum_of_two():
    d = dice_sum(2)
    assert d.outcomes == tuple(range(2, 13))
    assert d.weights == (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)
    assert d.total == 36 and d.cum[-1] == 36


@pytest.mark.parametrize("n, sides", [(1, 6), (3, 6), (4, 6), (3, 4), (2, 10), (5, 3)])
def test_dice_sum_matches_every_roll(n, sides):
    d = dice_sum(n, sides)
    assert (d.outcomes, d.weights) == rolls(n, sides, sum)


def test_dice_sum_of_no_dice_is_zero_and_negative_is_refused():
    assert (dice_sum(0).outcomes, dice_sum(0).weights) == ((0,), (1,))
    with pytest.raises(ValueError, match="dice_sum"):
        dice_sum(-1)


def test_dice_highest_of_two():
    d = dice_highest(2)
    assert d.outcomes == (1, 2, 3, 4, 5, 6)
    assert d.weights == tuple(k**2 - (k - 1) ** 2 for k in range(1, 7)) == (1, 3, 5, 7, 9, 11)


@pytest.mark.parametrize("n, sides", [(1, 6), (3, 6), (4, 4), (2, 8)])
def test_dice_highest_matches_every_roll(n, sides):
    d = dice_highest(n, sides)
    assert (d.outcomes, d.weights) == rolls(n, sides, max)


def test_dice_highest_of_no_dice_is_refused():
    # The co-op batch kernel relies on this to leave the row for zero dice empty.
    with pytest.raises(ValueError, match="dice_highest"):
        dice_highest(0)


def test_uniform_keeps_the_given_order():
    d = uniform((2, 0, 1))
    assert d.outcomes == (2, 0, 1) and d.weights == (1, 1, 1) and d.cum == (1, 2, 3)
    assert [d.pick(u) for u in (0.1, 0.5, 0.9)] == [2, 0, 1]


@pytest.mark.parametrize(
    "deck",
    [
        {"c9": 2, "c5": 1, "c3": 4},
        {"c9": 2, "c1": 0, "c5": 1, "c3": 4},
    ],
)
def test_counted_keeps_the_dict_order_and_skips_empty_piles(deck):
    d = counted(deck)
    assert d.outcomes == ("c9", "c5", "c3")
    assert d.weights == (2, 1, 4) and d.cum == (2, 3, 7) and d.total == 7
    assert [d.pick(u) for u in (0.2, 0.35, 0.5)] == ["c9", "c5", "c3"]
    with pytest.raises(ValueError):
        counted({"a": 0})


def test_an_ordered_distribution_of_seats_stays_in_its_order():
    # Co-op's placement lists seats from the leader round the table.
    d = Dist((2, 0, 1), (2, 2, 2))
    assert d.outcomes == (2, 0, 1) and list(d) == [2, 0, 1] and d.keys() == (2, 0, 1)
    assert d.pick(0.0) == 2 and d.pick(0.99) == 1


# ---- reading an ordered distribution ---------------------------------------------------------


def test_an_ordered_distribution_reads_like_a_mapping():
    d = Dist(("b", "a", 7), (3, 1, 2))
    assert d["a"] == 1 and d.get("zz") == 0 and "b" in d and "zz" not in d
    assert d.p("b") == d.probability("b") == Fraction(1, 2) and d.p("zz") == 0
    assert d.p_where(lambda o: o != 7) == Fraction(2, 3)
    assert dict(d) == {"b": 3, "a": 1, 7: 2}
    with pytest.raises(KeyError):
        d["zz"]


def test_repr_rebuilds_the_same_order():
    for d in (uniform((2, 0, 1)), counted({"b": 1, "a": 2}), dice_sum(2)):
        again = eval(repr(d), {"Dist": Dist})
        assert again == d and again.outcomes == d.outcomes and again.weights == d.weights


# ---- arithmetic on ordered distributions -----------------------------------------------------


def test_arithmetic_sorts_an_ordered_distribution_of_integers():
    seats = Dist((2, 0, 1), (1, 2, 3))
    assert seats.sorted().outcomes == (0, 1, 2) and seats.sorted().weights == (2, 3, 1)
    assert (seats + 1).outcomes == (1, 2, 3) and (seats + 1).weights == (2, 3, 1)
    brute = Counter()
    for (a, wa), (b, wb) in product(
        zip(seats.outcomes, seats.weights, strict=True), Dist.die(2).items()
    ):
        brute[a + b] += wa * wb
    assert seats + Dist.die(2) == Dist(brute)
    assert seats.maximum(Dist.constant(1)) == Dist({1: 5, 2: 1})
    assert seats.compare(">", 0) == Dist({0: 2, 1: 4})
    assert (-seats).outcomes == (-2, -1, 0)
    assert seats.span == 3 and seats.min_outcome() == 0 and seats.max_outcome() == 2
    assert seats.mean() == Fraction(2 * 1 + 1 * 3, 6)
    # The original keeps its order; only results are sorted.
    assert seats.outcomes == (2, 0, 1)
    # Integers of other types (bool, numpy) count as integers, as in the constructors.
    assert uniform((True, False)) + 0 == Dist({0: 1, 1: 1})
    assert uniform((np.int64(3), np.int64(1))).sorted().outcomes == (1, 3)


@pytest.mark.parametrize(
    "op",
    [
        lambda d: d + 1,
        lambda d: d + Dist.die(6),
        lambda d: Dist.die(6) - d,
        lambda d: d * 2,
        lambda d: d.repeat(2),
        lambda d: d.maximum(Dist.die(4)),
        lambda d: d.compare(">=", 3),
        lambda d: -d,
        lambda d: d.sorted(),
    ],
    ids=["+1", "+d6", "d6-", "*2", "repeat", "maximum", "compare", "neg", "sorted"],
)
def test_arithmetic_on_outcomes_that_are_not_integers_is_refused(op):
    cards = counted({"c1": 2, "c2": 1})
    with pytest.raises(TypeError, match="'c1'.*map"):
        op(cards)


def test_map_turns_any_outcomes_into_numbers():
    cards = counted({"goblin": 2, "troll": 1, "orc": 3})
    damage = cards.map({"goblin": 1, "troll": 4, "orc": 1}.get)
    assert damage.outcomes == (1, 4) and damage.weights == (5, 1)
    assert (damage + 1).outcomes == (2, 5)
    with pytest.raises(TypeError, match="map"):
        cards.map(lambda c: c.upper())


# ---- equality and hashing --------------------------------------------------------------------


def test_equality_is_equality_of_probabilities_in_any_order():
    a, b = uniform((2, 0, 1)), uniform((0, 1, 2))
    assert a == b and hash(a) == hash(b) and {a: 1}[b] == 1
    assert Dist(("x", "y"), (1, 2)) == Dist(("y", "x"), (4, 2))
    assert hash(Dist(("x", "y"), (1, 2))) == hash(Dist(("y", "x"), (4, 2)))
    assert Dist(("x", "y"), (1, 2)) != Dist(("x", "y"), (2, 1))
    assert Dist(("x", "y"), (1, 2)) != Dist(("x", "z"), (1, 2))
    assert Dist(("x",), (1,)) != Dist(("x", "y"), (1, 1))
    assert uniform((1, 2, 3)) == Dist.die(3) and hash(uniform((3, 2, 1))) == hash(Dist.die(3))
    # Equal, yet they lay their outcomes out differently, so they pick differently.
    assert a.pick(0.0) != b.pick(0.0)


# ---- construction ------------------------------------------------------------------------


def test_the_ordered_constructor_says_what_is_wrong():
    with pytest.raises(ValueError, match="'a' is given twice"):
        Dist(("a", "b", "a"), (1, 1, 1))
    with pytest.raises(ValueError, match="'b' has weight 0"):
        Dist(("a", "b"), (1, 0))
    with pytest.raises(ValueError, match="2 outcomes and 1 weights"):
        Dist(("a", "b"), (1,))
    with pytest.raises(ValueError, match="0 outcomes"):
        Dist((), ())
    with pytest.raises(TypeError, match="'b' has weight 0.5"):
        Dist(("a", "b"), (1, 0.5))
    with pytest.raises(TypeError, match="'b' has weight 1.5"):
        counted({"a": 1, "b": 1.5})
    with pytest.raises(TypeError, match=r"Dist\(outcomes, weights\)"):
        Dist({"a": 1})


# ---- layering ----------------------------------------------------------------------------


def _loaded_after(code: str) -> set[str]:
    probe = (
        "import sys\n"
        f"{code}\n"
        "print(' '.join(m for m in ('lark', 'workbench.dice.parser', 'workbench.dice.api')"
        " if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return set(out.stdout.split())


@pytest.mark.parametrize(
    "code",
    [
        "import workbench.core",
        "import workbench; workbench.play('coop', players=3, bots='random').auto()",
        "from workbench.dice import Dist",
    ],
)
def test_the_game_engine_loads_no_dice_notation_parser(code):
    assert _loaded_after(code) == set()


def test_the_dice_package_still_exports_everything():
    # The notation loads with the API; lark only once a text needs its error message.
    assert _loaded_after("from workbench.dice import probability") == {
        "workbench.dice.parser",
        "workbench.dice.api",
    }
    for name in workbench.dice.__all__:
        assert getattr(workbench.dice, name) is not None, name
        assert name in dir(workbench.dice)
    with pytest.raises(AttributeError, match="no_such_name"):
        workbench.dice.no_such_name  # noqa: B018
