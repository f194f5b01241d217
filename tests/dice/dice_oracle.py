"""Brute-force reference: enumerate every joint roll with itertools.product.

Deliberately shares nothing with the engine but the parser: each die is a list of equally
likely faces, every reroll/explosion consumes a fixed number of extra rolls (used or not), and
the expression is evaluated on each joint roll. Only for small cases.
"""

from __future__ import annotations

import itertools
import operator
from collections import Counter

from workbench.dice.nodes import (
    Compare,
    Const,
    Count,
    DieSpec,
    Func,
    Neg,
    Pool,
    Product,
    Repeat,
    Reroll,
    Sum,
)

TESTS = {
    ">=": operator.ge,
    "<=": operator.le,
    ">": operator.gt,
    "<": operator.lt,
    "=": operator.eq,
    "!=": operator.ne,
}


def _base_faces(spec: DieSpec) -> list[int]:
    faces = list(spec.faces)
    # Reroll-until as the first modifier is conditioning: those faces never stand.
    if spec.mods and isinstance(spec.mods[0], Reroll) and not spec.mods[0].once:
        m = spec.mods[0]
        faces = [f for f in faces if not TESTS[m.op](f, m.value)]
    return faces


def _mods(spec):
    mods = list(spec.mods)
    if mods and isinstance(mods[0], Reroll) and not mods[0].once:
        mods = mods[1:]
    return mods


def _rolls(mods, i):
    if i == 0:
        return 1
    m = mods[i - 1]
    inner = _rolls(mods, i - 1)
    return inner * (2 if isinstance(m, Reroll) else m.depth + 1)


def _die_value(spec, mods, i, it, faces):
    if i == 0:
        return next(it)
    m = mods[i - 1]
    if isinstance(m, Reroll):
        a = _die_value(spec, mods, i - 1, it, faces)
        b = _die_value(spec, mods, i - 1, it, faces)
        return b if TESTS[m.op](a, m.value) else a
    vals = [_die_value(spec, mods, i - 1, it, faces) for _ in range(m.depth + 1)]
    if m.op is None:
        key = (spec, i - 1)
        if key not in _TOPS:
            _TOPS[key] = max(_single_values(spec, mods, i - 1, faces))
        top = _TOPS[key]

        def booms(v):
            return v == top
    else:

        def booms(v):
            return TESTS[m.op](v, m.value)

    total = vals[0]
    for j in range(1, m.depth + 1):
        if not booms(vals[j - 1]):
            break
        total += vals[j]
    return total


_TOPS: dict = {}


def _single_values(spec, mods, i, faces):
    out = []
    for combo in itertools.product(faces, repeat=_rolls(mods, i)):
        out.append(_die_value(spec, mods, i, iter(combo), faces))
    return out


class _Slots:
    """Collects the face list of every roll the expression makes, in evaluation order."""

    def __init__(self):
        self.faces: list[list[int]] = []

    def visit(self, node):
        if isinstance(node, Pool):
            for g in node.groups:
                faces, mods = _base_faces(g.die), _mods(g.die)
                for _ in range(g.count * _rolls(mods, len(mods))):
                    self.faces.append(faces)
            return
        for child in _children(node):
            self.visit(child)


def _children(node) -> list:
    """The subexpressions a node rolls, in evaluation order (none for a constant)."""
    if isinstance(node, Count):
        return [node.pool]
    if isinstance(node, Sum):
        return [t for _, t in node.terms]
    if isinstance(node, Product):
        return list(node.factors)
    if isinstance(node, Neg):
        return [node.inner]
    if isinstance(node, Compare):
        return [node.left, node.right]
    if isinstance(node, Func):
        return list(node.args)
    if isinstance(node, Repeat):
        return [node.inner] * node.n
    return []


def _pool_values(node: Pool, it):
    vals = []
    for g in node.groups:
        faces, mods = _base_faces(g.die), _mods(g.die)
        for _ in range(g.count):
            vals.append(_die_value(g.die, mods, len(mods), it, faces))
    if node.keep is None:
        return vals
    vals.sort()
    n, k = len(vals), node.keep.n
    kind = node.keep.kind
    if kind == "kh":
        return vals[n - min(k, n) :]
    if kind == "kl":
        return vals[: min(k, n)]
    if kind == "dh":
        return vals[: max(n - k, 0)]
    return vals[min(k, n) :]


def _eval(node, it):
    if isinstance(node, Const):
        return node.value
    if isinstance(node, Pool):
        return sum(_pool_values(node, it))
    if isinstance(node, Count):
        return sum(1 for v in _pool_values(node.pool, it) if TESTS[node.op](v, node.threshold))
    if isinstance(node, Sum):
        total = 0
        for sign, t in node.terms:
            total += sign * _eval(t, it)
        return total
    if isinstance(node, Product):
        out = 1
        for f in node.factors:
            out *= _eval(f, it)
        return out
    if isinstance(node, Neg):
        return -_eval(node.inner, it)
    if isinstance(node, Compare):
        a = _eval(node.left, it)
        b = _eval(node.right, it)
        return int(TESTS[node.op](a, b))
    if isinstance(node, Func):
        vals = [_eval(a, it) for a in node.args]
        return max(vals) if node.name == "max" else min(vals)
    if isinstance(node, Repeat):
        return sum(_eval(node.inner, it) for _ in range(node.n))
    raise TypeError(node)


def brute(node, limit: int = 400_000) -> Counter:
    """Outcome -> number of equally likely joint rolls."""
    slots = _Slots()
    slots.visit(node)
    size = 1
    for f in slots.faces:
        size *= len(f)
    assert size <= limit, f"oracle case too big: {size}"
    counts: Counter = Counter()
    for combo in itertools.product(*slots.faces):
        counts[_eval(node, iter(combo))] += 1
    return counts


def brute_keep(dice: list[list[int]], k: int, highest: bool) -> Counter:
    counts: Counter = Counter()
    for combo in itertools.product(*dice):
        s = sorted(combo, reverse=highest)
        counts[sum(s[:k])] += 1
    return counts
