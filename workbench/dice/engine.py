"""Exact evaluation of parsed dice expressions, under a work budget.

Every operation estimates its own cost from the actual sizes of its inputs before it runs, and
the running total is charged against the budget. An expression that would go over raises
:class:`DiceTooLarge` before the expensive step starts, so nothing hangs and memory stays
bounded (nothing can grow faster than the work spent building it).
"""

from __future__ import annotations

from . import _icepool, _poly, pools
from .dist import COMPARISONS, Dist
from .errors import DiceSyntaxError, DiceTooLarge
from .nodes import (
    Compare,
    Const,
    Count,
    DieSpec,
    Explode,
    Func,
    Neg,
    Node,
    Pool,
    Product,
    Repeat,
    Reroll,
    Sum,
)

__all__ = ["DEFAULT_BUDGET_SECONDS", "MAX_ABS_OUTCOME", "bounds", "evaluate"]

DEFAULT_BUDGET_SECONDS = 0.5
# Outcomes must fit the Int64 outcome column (and numpy samples) with room for arithmetic.
MAX_ABS_OUTCOME = 2**62


class _Budget:
    def __init__(self, text: str, seconds: float):
        self.text = text
        self.limit_us = seconds * 1e6
        self.spent_us = 0.0

    def charge(self, us: float, what: str) -> None:
        self.spent_us += us
        if self.spent_us > self.limit_us:
            raise DiceTooLarge(
                self.text,
                f"{what} brings its estimated work to {self.spent_us / 1e6:.3g} s "
                f"(the budget is {self.limit_us / 1e6:g} s)",
            )


def evaluate(node: Node, text: str, budget_seconds: float = DEFAULT_BUDGET_SECONDS) -> Dist:
    """The exact distribution of ``node`` (parsed from ``text``, used in messages)."""
    lo, hi = bounds(node)
    if max(abs(lo), abs(hi)) > MAX_ABS_OUTCOME:
        raise DiceTooLarge(
            text, "its outcomes go beyond the 64-bit integer range", monte_carlo_ok=False
        )
    return _Evaluator(text, _Budget(text, budget_seconds)).eval(node)


# ---- static outcome bounds (cheap, no distributions built) ---------------------------------


def _face_bounds(spec: DieSpec) -> tuple[int, int]:
    faces = spec.faces
    lo, hi = (faces[0], faces[-1]) if isinstance(faces, range) else (min(faces), max(faces))
    for mod in spec.mods:
        if isinstance(mod, Explode):
            d = mod.depth + 1
            lo, hi = min(lo, lo * d), max(hi, hi * d)
    return lo, hi


def bounds(node: Node) -> tuple[int, int]:
    """Lowest and highest possible outcome (a safe over-estimate)."""
    if isinstance(node, Const):
        return node.value, node.value
    if isinstance(node, Pool):
        lo = hi = 0
        for g in node.groups:
            flo, fhi = _face_bounds(g.die)
            lo += min(0, flo * g.count) if node.keep else flo * g.count
            hi += max(0, fhi * g.count) if node.keep else fhi * g.count
        return lo, hi
    if isinstance(node, Count):
        return 0, node.pool.size
    if isinstance(node, Sum):
        lo = hi = 0
        for sign, term in node.terms:
            a, b = bounds(term)
            lo, hi = (lo + a, hi + b) if sign > 0 else (lo - b, hi - a)
        return lo, hi
    if isinstance(node, Product):
        lo, hi = bounds(node.factors[0])
        for f in node.factors[1:]:
            a, b = bounds(f)
            corners = (lo * a, lo * b, hi * a, hi * b)
            lo, hi = min(corners), max(corners)
        return lo, hi
    if isinstance(node, Neg):
        a, b = bounds(node.inner)
        return -b, -a
    if isinstance(node, Compare):
        return 0, 1
    if isinstance(node, Func):
        bs = [bounds(a) for a in node.args]
        if node.name == "max":
            return max(b[0] for b in bs), max(b[1] for b in bs)
        return min(b[0] for b in bs), min(b[1] for b in bs)
    if isinstance(node, Repeat):
        a, b = bounds(node.inner)
        return min(a * node.n, 0), max(b * node.n, 0)
    raise TypeError(f"unknown node {node!r}")


# ---- evaluation ----------------------------------------------------------------------------


class _Evaluator:
    def __init__(self, text: str, budget: _Budget):
        self.text = text
        self.budget = budget
        self.dice: dict[DieSpec, Dist] = {}

    def eval(self, node: Node) -> Dist:
        return _DISPATCH[type(node)](self, node)

    # -- leaves --

    def _const(self, node: Const) -> Dist:
        return Dist.constant(node.value)

    def die(self, spec: DieSpec) -> Dist:
        faces = spec.faces
        if not spec.mods and isinstance(faces, range) and len(faces) <= 1000:
            return Dist._raw(tuple(faces), (1,) * len(faces))  # a plain die: nothing to cache
        if spec in self.dice:
            return self.dice[spec]
        n_faces = len(spec.faces)
        self.budget.charge(1.0 * n_faces, f"a die with {n_faces} faces")
        if isinstance(spec.faces, range):
            die = Dist._raw(tuple(spec.faces), (1,) * n_faces)
        else:
            die = Dist.faces(spec.faces)
        for mod in spec.mods:
            if isinstance(mod, Explode):
                if mod.op is None:
                    top = die.max_outcome()

                    def booms(o, top=top):
                        return o == top
                else:
                    test, value = COMPARISONS[mod.op], mod.value

                    def booms(o, test=test, value=value):
                        return test(o, value)

                n_boom = sum(1 for o in die.outcomes if booms(o))
                left = self.budget.limit_us - self.budget.spent_us
                self.budget.charge(
                    pools.explode_cost(die, n_boom, mod.depth, left),
                    f"exploding {spec.label} {mod.depth} times",
                )
                die = pools.explode(die, booms, mod.depth)
            elif isinstance(mod, Reroll):
                test, value = COMPARISONS[mod.op], mod.value
                self.budget.charge(0.5 * len(die), f"rerolling {spec.label}")
                rerolled = pools.reroll(
                    die, lambda o, test=test, value=value: test(o, value), mod.once
                )
                if rerolled is None:
                    raise DiceSyntaxError(
                        self.text,
                        mod.pos,
                        "a reroll condition that is not every face (rr would reroll forever)",
                    )
                die = rerolled
        self.dice[spec] = die
        return die

    def groups(self, pool: Pool) -> list[tuple[Dist, int]]:
        if len(pool.groups) == 1:
            g = pool.groups[0]
            return [(self.die(g.die), g.count)]
        merged: dict[Dist, int] = {}
        for g in pool.groups:
            die = self.die(g.die)
            merged[die] = merged.get(die, 0) + g.count
        return list(merged.items())

    @staticmethod
    def kept(pool: Pool) -> tuple[int, bool]:
        """(how many dice are kept, whether they are the highest)."""
        n = pool.size
        kind, k = pool.keep.kind, pool.keep.n
        if kind == "kh":
            return min(k, n), True
        if kind == "kl":
            return min(k, n), False
        if kind == "dh":
            return max(n - k, 0), False
        return max(n - k, 0), True

    # -- pools --

    def _precheck(self, node: Pool) -> None:
        """Refuse hopeless pools from the notation alone, before building any die."""
        n = node.size
        faces = max(len(g.die.faces) for g in node.groups)
        if n * faces <= 10_000:
            return  # nothing this small can be hopeless
        if node.keep is not None and self.kept(node)[0] < n:
            k = self.kept(node)[0]
            lower = 0.5 * faces * min(k, n - k + 1)
            what = f"keeping {k} of {n} dice"
        else:
            lower = 0.1 * sum(g.count * (len(g.die.faces) - 1) for g in node.groups)
            what = f"summing {n} dice"
        if self.budget.spent_us + lower > self.budget.limit_us:
            self.budget.charge(lower, what)

    def _pool(self, node: Pool) -> Dist:
        if node.keep is None and len(node.groups) == 1:
            g = node.groups[0]
            faces = g.die.faces
            if not g.die.mods and isinstance(faces, range) and g.count * len(faces) <= 512:
                # The everyday NdS: straight to the standard-dice recurrence.
                weights = _poly.uniform_power(len(faces), g.count)
                return Dist._from_dense(g.count * faces[0], weights)
        self._precheck(node)
        groups = self.groups(node)
        n = node.size
        if node.keep is not None:
            k, highest = self.kept(node)
            if k < n:
                self.budget.charge(pools.keep_cost(groups, k), f"keeping {k} of {n} dice")
                return pools.keep(groups, k, highest)
        out: Dist | None = None
        for die, count in groups:
            self.budget.charge(die.repeat_cost(count), f"summing {count} dice")
            part = die.repeat(count)
            if out is None:
                out = part
            else:
                self.budget.charge(out.add_cost(part), "adding the dice of a pool")
                out = out + part
        return out if out is not None else Dist.constant(0)

    def _count(self, node: Count) -> Dist:
        pool = node.pool
        groups = self.groups(pool)
        self.budget.charge(
            pools.success_count_cost(groups), f"counting successes on {pool.size} dice"
        )
        if pool.keep is None:
            return pools.success_count(groups, node.op, node.threshold)
        k, highest = self.kept(pool)
        kind = "kh" if highest else "kl"
        exact = pools.kept_success_count(groups, kind, k, node.op, node.threshold)
        if exact is not None:
            return exact
        # Equality tests on kept dice are not a block of the sorted dice; icepool's multiset
        # evaluator handles them, with its state count bounded like our own keep.
        self.budget.charge(
            20 * pools.keep_cost(groups, k), f"counting exact faces among {k} kept dice"
        )
        return _icepool.kept_count(groups, k, highest, node.op, node.threshold)

    # -- arithmetic --

    def _sum(self, node: Sum) -> Dist:
        out: Dist | None = None
        for sign, term in node.terms:
            value = self.eval(term)
            if sign < 0:
                value = -value
            if out is None:
                out = value
            else:
                self.budget.charge(out.add_cost(value), "adding")
                out = out + value
        assert out is not None
        return out

    def _product(self, node: Product) -> Dist:
        out = self.eval(node.factors[0])
        for f in node.factors[1:]:
            value = self.eval(f)
            self.budget.charge(out.mul_cost(value), "multiplying")
            out = out * value
        return out

    def _neg(self, node: Neg) -> Dist:
        return -self.eval(node.inner)

    def _compare(self, node: Compare) -> Dist:
        left, right = self.eval(node.left), self.eval(node.right)
        self.budget.charge(_pairwise_cost(left, right), "comparing")
        return left.compare(node.op, right)

    def _func(self, node: Func) -> Dist:
        out = self.eval(node.args[0])
        for arg in node.args[1:]:
            value = self.eval(arg)
            self.budget.charge(2 * _pairwise_cost(out, value), f"{node.name}()")
            out = out.maximum(value) if node.name == "max" else out.minimum(value)
        return out

    def _repeat(self, node: Repeat) -> Dist:
        inner = self.eval(node.inner)
        self.budget.charge(inner.repeat_cost(node.n), f"repeating {node.n} times")
        return inner.repeat(node.n)


def _pairwise_cost(a: Dist, b: Dist) -> float:
    """Linear merges of two supports that multiply one weight of each per outcome."""
    product = _poly.mul_us(a.total.bit_length(), b.total.bit_length())
    return (len(a) + len(b)) * (0.5 + product)


_DISPATCH = {
    Const: _Evaluator._const,
    Pool: _Evaluator._pool,
    Count: _Evaluator._count,
    Sum: _Evaluator._sum,
    Product: _Evaluator._product,
    Neg: _Evaluator._neg,
    Compare: _Evaluator._compare,
    Func: _Evaluator._func,
    Repeat: _Evaluator._repeat,
}
