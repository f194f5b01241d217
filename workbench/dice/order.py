"""Two distributions set against each other: the chance that one beats the other (``compare``)
and the higher or lower of one roll of each (``extreme``). Both walk the two sorted supports
once, so the work is linear in the outcomes.

:class:`~workbench.dice.dist.Dist` answers ``compare``, ``maximum`` and ``minimum`` with these,
loading this module on the first such call, so that the game engine's import of the
distribution type stays small. Both take distributions with sorted integer outcomes (what
``Dist._arith`` hands over).
"""

from __future__ import annotations

import math

from .dist import Dist

__all__ = ["compare", "extreme"]


def extreme(a: Dist, b: Dist, highest: bool) -> Dist:
    """The higher (``highest``) or the lower of one roll of ``a`` and one of ``b``."""
    # P(max <= x) = F_a(x) F_b(x); P(min > x) = S_a(x) S_b(x). Linear after the merge.
    xs = sorted(set(a._outcomes) | set(b._outcomes))
    fa = _cumulative_below(a, xs)
    fb = _cumulative_below(b, xs)
    ta, tb = a._total, b._total
    if highest:
        joint = [x * y for x, y in zip(fa, fb, strict=True)]
    else:
        joint = [ta * tb - (ta - x) * (tb - y) for x, y in zip(fa, fb, strict=True)]
    prev, pairs = 0, []
    for x, c in zip(xs, joint, strict=True):
        if c != prev:
            pairs.append((x, c - prev))
        prev = c
    return Dist._raw(tuple(o for o, _ in pairs), tuple(w for _, w in pairs))


def _cumulative_below(d: Dist, xs: list[int]) -> list[int]:
    # Weight of outcomes <= x for each x in ascending xs.
    out, acc, i = [], 0, 0
    for x in xs:
        while i < len(d._outcomes) and d._outcomes[i] <= x:
            acc += d._weights[i]
            i += 1
        out.append(acc)
    return out


def compare(a: Dist, op: str, b: Dist) -> Dist:
    """Yes/no result of ``a op b`` as a distribution over {0, 1} in lowest terms."""
    # Linear in the supports: weigh each outcome of a by the weight of b's outcomes
    # below it and equal to it, then combine for the requested test.
    bo, bw = b._outcomes, b._weights
    n = len(bo)
    i = 0
    below = 0
    s_below = s_equal = 0
    for x, wx in zip(a._outcomes, a._weights, strict=True):
        while i < n and bo[i] < x:
            below += bw[i]
            i += 1
        s_below += wx * below
        if i < n and bo[i] == x:
            s_equal += wx * bw[i]
    both = a._total * b._total
    if op == ">":
        yes = s_below
    elif op == ">=":
        yes = s_below + s_equal
    elif op == "<":
        yes = both - s_below - s_equal
    elif op == "<=":
        yes = both - s_below
    elif op in ("=", "=="):
        yes = s_equal
    elif op == "!=":
        yes = both - s_equal
    else:
        raise ValueError(f"Dist.compare: unknown comparison {op!r}")
    return _bernoulli(yes, both)


def _bernoulli(yes: int, total: int) -> Dist:
    g = math.gcd(yes, total)
    yes, total = yes // g, total // g
    if yes == 0:
        return Dist._raw((0,), (1,))
    if yes == total:
        return Dist._raw((1,), (1,))
    return Dist._raw((0, 1), (total - yes, yes))
