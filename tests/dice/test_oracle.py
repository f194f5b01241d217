"""Every engine path against brute-force enumeration of all joint rolls."""

from __future__ import annotations

from fractions import Fraction

import pytest
from dice_oracle import brute, brute_keep
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.dice import Dist, exact, parse, pools

CASES = [
    # sums, constants, arithmetic
    "3d6",
    "d20",
    "2d6+3",
    "d6-d6",
    "3d4-2d4*2",
    "-d6",
    "2*-d6+1",
    "d6*d4",
    "d{1,1,2,3}+d{-1,0,5}",
    "0d6+3",
    "3dF",
    "d6*d6*2",
    "(d4+1)*(d4-1)",
    # keep / drop
    "4d6kh3",
    "4d6kl1",
    "4d6dh1",
    "4d6dl1",
    "4d6kh",
    "5d4kh2",
    "5d4kl3",
    "4d6kh0",
    "3d6kh5",
    "[2d4, 2d6]kh2",
    "[d4, d6, d8]kl2",
    "[2d4, d6]dl1",
    "[d{-1,3,3}, d{0,2}, 2d4]kh2",
    "3dFkh2",
    # explode (depth capped)
    "d6!",
    "2d6!1",
    "d4!>=3:2",
    "d4!<2:2",
    "d6!2+d4",
    "2d4!2kh1",
    "d4!!1",
    # reroll
    "d6r1",
    "d20r<3",
    "d6r>=5",
    "d6rr1",
    "d8rr<3",
    "2d6r1kh1",
    "d6r1!1",
    "d6!1r<3",
    # success counting
    "6d6>=5",
    "5d6<3",
    "5d6=6",
    "5d6!=1",
    "[2d4, 2d6]>=4",
    "4d6kh2>=5",
    "4d6kl2<=2",
    "5d4kh3>3",
    "5d4dl2<2",
    "4d6kh2=6",
    "4d6kl2!=1",
    "3d4!1>=4",
    # yes/no comparisons
    "(3d6)>=10",
    "3d6 > 2d8+2",
    "2d6 = d12",
    "d6 != d6",
    "d20+5 >= 15",
    "(4d6kh3) > 12",
    "d6 < -1",
    "(2d6>7) + (2d6>7)",
    # max / min / repetition
    "max(d6, d8)",
    "min(2d4, d6)",
    "max(d6, d6, d6)",
    "min(d6, 3)",
    "max(d4, d4) - min(d4, d4)",
    "3#d6",
    "2#(d4+1)",
    "2#(d6>3)",
    "2#2d4kh1",
    "3#(d4>=3)",
]


@pytest.mark.parametrize("expr", CASES)
def test_matches_brute_force(expr):
    expected = brute(parse(expr))
    got = exact(expr)
    assert got == Dist(dict(expected)), expr
    # Stronger than proportional equality where the engine keeps natural roll counts.
    assert got.probabilities() == {
        o: Fraction(c, sum(expected.values())) for o, c in expected.items()
    }


def test_explode_depth_default_is_three_extra_rolls():
    d = exact("d6!")
    assert d.max_outcome() == 24
    assert d.total == 6**4
    assert d[24] == 1  # four sixes in a row
    assert exact("d6!5").max_outcome() == 36
    assert exact("d6!:5") == exact("d6!5")


def test_reroll_once_keeps_the_new_roll():
    d = exact("d20r1")
    # A 1 stands only when the reroll is also a 1.
    assert d.probability(1) == Fraction(1, 400)
    assert d.probability(2) == Fraction(21, 400)


dice_st = st.lists(st.integers(-3, 6), min_size=1, max_size=4)


@settings(max_examples=80, deadline=None)
@given(
    groups=st.lists(st.tuples(dice_st, st.integers(0, 3)), min_size=1, max_size=3),
    k=st.integers(0, 6),
    highest=st.booleans(),
)
def test_keep_matches_brute_force_on_random_pools(groups, k, highest):
    dists = [(Dist.faces(f), n) for f, n in groups]
    flat = [f for f, n in groups for _ in range(n)]
    if sum(n for _, n in groups) > 7:
        return
    expected = brute_keep(flat, k, highest) if flat else {0: 1}
    assert pools.keep(dists, k, highest) == Dist(dict(expected))


@settings(max_examples=60, deadline=None)
@given(faces=dice_st, n=st.integers(0, 6))
def test_repeat_matches_brute_force(faces, n):
    import itertools
    from collections import Counter

    expected = Counter(sum(c) for c in itertools.product(faces, repeat=n))
    assert Dist.faces(faces).repeat(n) == Dist(dict(expected))


@settings(max_examples=60, deadline=None)
@given(a=dice_st, b=dice_st)
def test_binary_operations_match_brute_force(a, b):
    import itertools
    from collections import Counter

    da, db = Dist.faces(a), Dist.faces(b)
    pairs = list(itertools.product(a, b))
    assert da + db == Dist(Counter(x + y for x, y in pairs))
    assert da - db == Dist(Counter(x - y for x, y in pairs))
    assert da * db == Dist(Counter(x * y for x, y in pairs))
    assert da.maximum(db) == Dist(Counter(max(x, y) for x, y in pairs))
    assert da.minimum(db) == Dist(Counter(min(x, y) for x, y in pairs))
    yes = sum(1 for x, y in pairs if x > y)
    assert da.compare(">", db).probability(1) == Fraction(yes, len(pairs))


def test_big_sums_use_fast_paths_and_stay_exact():
    import math

    d = exact("200d6")
    assert d.total == 6**200
    assert d[200] == 1 and d[201] == 200 and d[1200] == 1
    # Coefficient of x^10 above the minimum: compositions of 10 into 200 parts of 0..5.
    assert d[210] == sum(
        (-1) ** j * math.comb(200, j) * math.comb(10 - 6 * j + 199, 199) for j in range(2)
    )
    assert d.mean() == 700
    # Miller, uniform and Kronecker routes agree.
    from workbench.dice import _poly

    a = [3, 0, 1, 2, 5]
    assert _poly._miller_power(a, 30) == _poly._kronecker_power(a, 30)
    assert _poly._uniform_power(6, 40) == _poly._kronecker_power([1] * 6, 40)
