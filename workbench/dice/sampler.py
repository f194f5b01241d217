"""Seeded Monte Carlo sampling of parsed expressions, vectorised with numpy.

It simulates the dice themselves (rather than sampling from an exact distribution), so it works
for expressions far too large to compute exactly. Samples are drawn a block of rows at a time and
pools are rolled in chunks, so the dice in memory at once stay near _CHUNK however many there are;
keep-highest carries only the k best dice between chunks. The result, at most MAX_SAMPLES
numbers, is the only array as long as n.
"""

from __future__ import annotations

import numpy as np

from .engine import MAX_ABS_OUTCOME, _Budget, _Evaluator, _face_bounds, bounds
from .errors import DiceTooLarge
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

__all__ = ["MAX_SAMPLED_DICE", "MAX_SAMPLES", "sample_node"]

# Total die rolls one sampling run may make (about a few seconds of numpy work).
MAX_SAMPLED_DICE = 400_000_000
# Samples one run may return: 8 bytes each, so 80 MB, and a few times that while a caller
# (mean, distribution) works on them.
MAX_SAMPLES = 10_000_000
# A reroll-until loop this long means the condition (almost) always matches.
_MAX_REROLL_ROUNDS = 10_000
# Elements per chunk of rolled dice.
_CHUNK = 2_000_000

_NP_TESTS = {
    ">=": np.greater_equal,
    "<=": np.less_equal,
    ">": np.greater,
    "<": np.less,
    "=": np.equal,
    "!=": np.not_equal,
}


def _rolls_per_die(spec: DieSpec) -> int:
    rolls = 1
    for mod in spec.mods:
        if isinstance(mod, Explode):
            rolls *= mod.depth + 1
        elif isinstance(mod, Reroll):
            rolls *= 2 if mod.once else 4
    return rolls


def _dice_rolled(node: Node) -> int:
    if isinstance(node, Const):
        return 0
    if isinstance(node, Pool):
        return sum(g.count * _rolls_per_die(g.die) for g in node.groups)
    if isinstance(node, Count):
        return _dice_rolled(node.pool)
    if isinstance(node, Sum):
        return sum(_dice_rolled(t) for _, t in node.terms)
    if isinstance(node, Product):
        return sum(_dice_rolled(f) for f in node.factors)
    if isinstance(node, (Neg,)):
        return _dice_rolled(node.inner)
    if isinstance(node, Compare):
        return _dice_rolled(node.left) + _dice_rolled(node.right)
    if isinstance(node, Func):
        return sum(_dice_rolled(a) for a in node.args)
    if isinstance(node, Repeat):
        return node.n * max(1, _dice_rolled(node.inner))
    raise TypeError(f"unknown node {node!r}")


def sample_node(node: Node, text: str, n: int, seed: int) -> np.ndarray:
    """``n`` seeded samples of ``node`` as an int64 array."""
    if n < 0:
        raise ValueError("the number of samples must be non-negative")
    if n > MAX_SAMPLES:
        raise ValueError(
            f"n: give at most {MAX_SAMPLES:,} samples, not {n:,} (the array "
            f"returned would take {n * 8 / 2**30:,.1f} GB, 8 bytes a sample)"
        )
    lo, hi = bounds(node)
    if max(abs(lo), abs(hi)) > MAX_ABS_OUTCOME:
        raise DiceTooLarge(
            text, "its outcomes go beyond the 64-bit integer range", monte_carlo_ok=False
        )
    per_sample = max(1, _dice_rolled(node))
    work = n * per_sample
    if work > MAX_SAMPLED_DICE:
        raise DiceTooLarge(
            text,
            f"sampling it {n} times rolls about {work:.3g} dice; lower n "
            f"(at most {MAX_SAMPLED_DICE:.0e} dice per run)",
            monte_carlo_ok=False,
        )
    _check_dice(node, text)
    rng = np.random.default_rng(seed)
    out = np.empty(n, dtype=np.int64)
    rows = max(1, _CHUNK // per_sample)
    for start in range(0, n, rows):
        block = out[start : start + rows]
        block[:] = _Sampler(rng, len(block)).run(node)
    return out


class _Sampler:
    def __init__(self, rng: np.random.Generator, n: int):
        self.rng = rng
        self.n = n

    def run(self, node: Node) -> np.ndarray:
        return getattr(self, "_" + type(node).__name__.lower())(node)

    # -- dice --

    def roll(self, spec: DieSpec, shape: tuple[int, ...], upto: int | None = None) -> np.ndarray:
        """Roll dice as modified by their first ``upto`` modifiers (all by default).

        Each modifier's extra rolls (rerolls, explosions) are dice as the earlier modifiers
        left them, matching the exact engine.
        """
        i = len(spec.mods) if upto is None else upto
        if i == 0:
            return self._base(spec, shape)
        mod = spec.mods[i - 1]
        out = self.roll(spec, shape, i - 1)
        if isinstance(mod, Reroll):
            test = _NP_TESTS[mod.op]
            again = test(out, mod.value)
            for _ in range(_MAX_REROLL_ROUNDS):
                if not again.any():
                    return out
                out = out.copy()
                out[again] = self.roll(spec, (int(again.sum()),), i - 1)
                if mod.once:
                    return out
                again = test(out, mod.value)
            raise DiceTooLarge(
                spec.label, "a reroll condition that almost never stops", monte_carlo_ok=False
            )
        if mod.op is None:
            top = _top_outcome(spec, i - 1)

            def test(a):
                return a == top
        else:
            f, v = _NP_TESTS[mod.op], mod.value

            def test(a):
                return f(a, v)

        total = out.copy()
        booming = test(out)
        for _ in range(mod.depth):
            if not booming.any():
                break
            nxt = self.roll(spec, (int(booming.sum()),), i - 1)
            total[booming] += nxt
            still = np.zeros_like(booming)
            still[booming] = test(nxt)
            booming = still
        return total

    def _base(self, spec: DieSpec, shape) -> np.ndarray:
        faces = spec.faces
        if isinstance(faces, range):
            return self.rng.integers(faces[0], faces[-1] + 1, size=shape, dtype=np.int64)
        return self.rng.choice(np.asarray(faces, dtype=np.int64), size=shape)

    def _pool_chunks(self, node: Pool):
        """Yield arrays of shape (n, c) of rolled dice, group by group, chunk by chunk."""
        per_row = max(1, _CHUNK // max(self.n, 1))
        for g in node.groups:
            left = g.count
            while left > 0:
                c = min(left, per_row)
                yield self.roll(g.die, (self.n, c))
                left -= c

    def kept(self, node: Pool) -> tuple[int, bool]:
        """(how many dice are kept, whether they are the highest) for a pool with keep."""
        size = node.size
        kind, k = node.keep.kind, node.keep.n
        keep_n = min(k, size) if kind in ("kh", "kl") else max(size - k, 0)
        high = kind in ("kh", "dl")
        return keep_n, high

    def _select(self, node: Pool, value):
        """Per sample, the total of ``value(dice)`` over the kept dice.

        Only the smaller side (kept or dropped dice) is carried between chunks: for many kept
        dice it is cheaper to total everything and take the dropped ones away.
        """
        keep_n, high = self.kept(node)
        size = node.size
        track_kept = keep_n <= size - keep_n
        m = keep_n if track_kept else size - keep_n
        want_high = high if track_kept else not high
        block = np.empty((self.n, 0), dtype=np.int64)
        everything = np.zeros(self.n, dtype=np.int64)
        for chunk in self._pool_chunks(node):
            if not track_kept:
                everything += value(chunk).sum(axis=1)
            if m == 0:
                continue
            both = np.concatenate([block, chunk], axis=1)
            width = both.shape[1]
            if width > m:
                if want_high:
                    both = np.partition(both, width - m, axis=1)[:, width - m :]
                else:
                    both = np.partition(both, m - 1, axis=1)[:, :m]
            block = both
        chosen = value(block).sum(axis=1).astype(np.int64)
        return chosen if track_kept else everything - chosen

    def _pool(self, node: Pool) -> np.ndarray:
        if node.keep is None:
            total = np.zeros(self.n, dtype=np.int64)
            for chunk in self._pool_chunks(node):
                total += chunk.sum(axis=1)
            return total
        return self._select(node, lambda dice: dice)

    def _count(self, node: Count) -> np.ndarray:
        test = _NP_TESTS[node.op]

        def hit(dice):
            return test(dice, node.threshold).astype(np.int64)

        if node.pool.keep is None:
            hits = np.zeros(self.n, dtype=np.int64)
            for chunk in self._pool_chunks(node.pool):
                hits += hit(chunk).sum(axis=1)
            return hits
        return self._select(node.pool, hit)

    # -- arithmetic --

    def _const(self, node: Const) -> np.ndarray:
        return np.full(self.n, node.value, dtype=np.int64)

    def _sum(self, node: Sum) -> np.ndarray:
        out = np.zeros(self.n, dtype=np.int64)
        for sign, term in node.terms:
            out = out + self.run(term) if sign > 0 else out - self.run(term)
        return out

    def _product(self, node: Product) -> np.ndarray:
        out = self.run(node.factors[0])
        for f in node.factors[1:]:
            out = out * self.run(f)
        return out

    def _neg(self, node: Neg) -> np.ndarray:
        return -self.run(node.inner)

    def _compare(self, node: Compare) -> np.ndarray:
        return _NP_TESTS[node.op](self.run(node.left), self.run(node.right)).astype(np.int64)

    def _func(self, node: Func) -> np.ndarray:
        f = np.maximum if node.name == "max" else np.minimum
        out = self.run(node.args[0])
        for a in node.args[1:]:
            out = f(out, self.run(a))
        return out

    def _repeat(self, node: Repeat) -> np.ndarray:
        # Many repetitions are rolled as one sample of n * reps rows, in blocks of at most
        # _CHUNK rows, instead of one numpy call per repetition.
        out = np.zeros(self.n, dtype=np.int64)
        if self.n == 0:
            return out
        per_block = max(1, _CHUNK // self.n)
        left = node.n
        n = self.n
        try:
            while left:
                reps = min(left, per_block)
                self.n = n * reps
                out += self.run(node.inner).reshape(reps, n).sum(axis=0)
                left -= reps
        finally:
            self.n = n
        return out


def _top_outcome(spec: DieSpec, upto: int) -> int:
    """Highest outcome of the die after its first ``upto`` modifiers (explode-on-top needs it)."""
    prefix = DieSpec(spec.faces, spec.label, spec.mods[:upto])
    try:
        return _Evaluator(spec.label, _Budget(spec.label, 0.2)).die(prefix).max_outcome()
    except DiceTooLarge:
        # Too big to build exactly: fall back to the static bound, right for plain dice.
        return _face_bounds(prefix)[1]


def _check_dice(node: Node, text: str) -> None:
    """Reject dice the exact engine rejects (a reroll matching every face), where buildable."""
    stack = [node]
    while stack:
        x = stack.pop()
        if isinstance(x, Pool):
            for g in x.groups:
                if any(isinstance(m, Reroll) and not m.once for m in g.die.mods):
                    try:
                        _Evaluator(text, _Budget(text, 0.2)).die(g.die)
                    except DiceTooLarge:
                        pass
        elif isinstance(x, Count):
            stack.append(x.pool)
        elif isinstance(x, Sum):
            stack.extend(t for _, t in x.terms)
        elif isinstance(x, (Product,)):
            stack.extend(x.factors)
        elif isinstance(x, Func):
            stack.extend(x.args)
        elif isinstance(x, (Neg, Repeat)):
            stack.append(x.inner)
        elif isinstance(x, Compare):
            stack.extend((x.left, x.right))
