"""``Dist``: an immutable, exact distribution over integer outcomes.

Weights are Python ints, so nothing is ever rounded: 200d6 keeps its 156-digit counts. Weights
are proportional to probabilities; for plain dice they are the number of equally likely rolls
(3d6 has total weight 216). Comparisons (yes/no results) are stored in lowest terms.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Iterable, Iterator, Mapping
from fractions import Fraction

from . import _poly

__all__ = ["Dist", "COMPARISONS"]

COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge,
    "<=": operator.le,
    ">": operator.gt,
    "<": operator.lt,
    "=": operator.eq,
    "==": operator.eq,
    "!=": operator.ne,
}

# A sparse pair loop costs about this much per pair of outcomes, plus about this much per
# distinct result (dict growth, sorting, new big ints).
_PAIR_US = 0.3
_RESULT_US = 3.0


def sparse_add_cost(na: int, nb: int, result_bound: int | None = None) -> float:
    """Estimated microseconds for combining every outcome pair of two sparse supports."""
    pairs = na * nb
    results = pairs if result_bound is None else min(pairs, result_bound)
    return _PAIR_US * pairs + _RESULT_US * results


class Dist(Mapping[int, int]):
    """Outcome -> exact integer weight, sorted by outcome, zero weights never stored.

    Build one with ``Dist({1: 1, 2: 3})``, ``Dist.die(6)``, ``Dist.faces([1, 1, 2, 3])``,
    ``Dist.sum_of(3, 6)`` or ``Dist.constant(4)``; combine with ``+ - *``, ``repeat``,
    ``maximum``, ``minimum`` and ``compare``. Read with ``probability``, ``mean``,
    ``p_at_least`` and friends. Instances are hashable and never change.
    """

    __slots__ = ("_outcomes", "_weights", "_total", "_key")

    def __init__(self, data: Mapping[int, int] | Iterable[int]):
        if isinstance(data, Mapping):
            items = sorted((int(o), int(w)) for o, w in data.items() if w)
        else:
            counts: dict[int, int] = {}
            for o in data:
                counts[int(o)] = counts.get(int(o), 0) + 1
            items = sorted(counts.items())
        if any(w < 0 for _, w in items):
            raise ValueError("weights must be non-negative integers")
        if not items:
            raise ValueError("a distribution needs at least one outcome with positive weight")
        self._outcomes = tuple(o for o, _ in items)
        self._weights = tuple(w for _, w in items)
        self._total = sum(self._weights)
        self._key = None

    # ---- construction ------------------------------------------------------------------

    @classmethod
    def _raw(cls, outcomes: tuple[int, ...], weights: tuple[int, ...]) -> Dist:
        # Trusted constructor: sorted outcomes, positive weights.
        self = object.__new__(cls)
        self._outcomes = outcomes
        self._weights = weights
        self._total = sum(weights)
        self._key = None
        return self

    @classmethod
    def _from_dense(cls, lo: int, ws: list[int]) -> Dist:
        if 0 not in ws:
            return cls._raw(tuple(range(lo, lo + len(ws))), tuple(ws))
        pairs = [(lo + i, w) for i, w in enumerate(ws) if w]
        return cls._raw(tuple(o for o, _ in pairs), tuple(w for _, w in pairs))

    @classmethod
    def constant(cls, value: int) -> Dist:
        return cls._raw((int(value),), (1,))

    @classmethod
    def die(cls, sides: int) -> Dist:
        """A standard die with faces 1..sides."""
        if sides < 1:
            raise ValueError("a die needs at least one side")
        return cls._raw(tuple(range(1, sides + 1)), (1,) * sides)

    @classmethod
    def faces(cls, faces: Iterable[int]) -> Dist:
        """A die with the given faces; repeated faces count more (d{1,1,2,3})."""
        return cls(list(faces))

    @classmethod
    def fudge(cls) -> Dist:
        return cls._raw((-1, 0, 1), (1, 1, 1))

    @classmethod
    def sum_of(cls, n: int, sides: int) -> Dist:
        """The sum of ``n`` standard ``sides``-sided dice (``Dist.sum_of(3, 6)`` is 3d6)."""
        return cls.die(sides).repeat(n)

    # ---- mapping protocol --------------------------------------------------------------

    def __getitem__(self, outcome: int) -> int:
        i = _bisect(self._outcomes, outcome)
        if i < len(self._outcomes) and self._outcomes[i] == outcome:
            return self._weights[i]
        raise KeyError(outcome)

    def get(self, outcome, default=0):  # type: ignore[override]
        try:
            return self[outcome]
        except KeyError:
            return default

    def __iter__(self) -> Iterator[int]:
        return iter(self._outcomes)

    def __len__(self) -> int:
        return len(self._outcomes)

    # Faster than the Mapping defaults, which look every key up again.
    def items(self) -> tuple[tuple[int, int], ...]:  # type: ignore[override]
        return tuple(zip(self._outcomes, self._weights))

    def keys(self) -> tuple[int, ...]:  # type: ignore[override]
        return self._outcomes

    def values(self) -> tuple[int, ...]:  # type: ignore[override]
        return self._weights

    def __contains__(self, outcome: object) -> bool:
        return isinstance(outcome, int) and self.get(outcome, 0) > 0

    @property
    def outcomes(self) -> tuple[int, ...]:
        return self._outcomes

    @property
    def weights(self) -> tuple[int, ...]:
        return self._weights

    @property
    def total(self) -> int:
        return self._total

    def min_outcome(self) -> int:
        return self._outcomes[0]

    def max_outcome(self) -> int:
        return self._outcomes[-1]

    # ---- identity ----------------------------------------------------------------------

    def _reduced_key(self) -> tuple:
        if self._key is None:
            g = math.gcd(*self._weights)
            self._key = (self._outcomes, tuple(w // g for w in self._weights))
        return self._key

    def __eq__(self, other: object) -> bool:
        """Equal when every outcome has the same probability (weights may differ in scale)."""
        if not isinstance(other, Dist):
            return NotImplemented
        if self._outcomes != other._outcomes:
            return False
        return all(a * other._total == b * self._total for a, b in zip(self._weights, other._weights))

    def __hash__(self) -> int:
        return hash(self._reduced_key())

    def reduced(self) -> Dist:
        """The same distribution with weights divided by their greatest common divisor."""
        outcomes, weights = self._reduced_key()
        return Dist._raw(outcomes, weights)

    def __repr__(self) -> str:
        body = ", ".join(f"{o}: {w}" for o, w in zip(self._outcomes[:12], self._weights[:12]))
        more = f", ... ({len(self)} outcomes)" if len(self) > 12 else ""
        return f"Dist({{{body}{more}}})"

    # ---- statistics --------------------------------------------------------------------

    def probability(self, outcome: int) -> Fraction:
        return Fraction(self.get(outcome, 0), self._total)

    def mean(self) -> Fraction:
        return Fraction(sum(o * w for o, w in zip(self._outcomes, self._weights)), self._total)

    def variance(self) -> Fraction:
        m = self.mean()
        s2 = Fraction(sum(o * o * w for o, w in zip(self._outcomes, self._weights)), self._total)
        return s2 - m * m

    def p_at_least(self, x: int) -> Fraction:
        return Fraction(sum(w for o, w in zip(self._outcomes, self._weights) if o >= x), self._total)

    def p_at_most(self, x: int) -> Fraction:
        return Fraction(sum(w for o, w in zip(self._outcomes, self._weights) if o <= x), self._total)

    def probabilities(self) -> dict[int, Fraction]:
        return {o: Fraction(w, self._total) for o, w in zip(self._outcomes, self._weights)}

    # ---- dense form --------------------------------------------------------------------

    @property
    def span(self) -> int:
        """Number of integers from the lowest to the highest outcome."""
        return self._outcomes[-1] - self._outcomes[0] + 1

    def _dense(self) -> tuple[int, list[int]]:
        lo = self._outcomes[0]
        ws = [0] * self.span
        for o, w in zip(self._outcomes, self._weights):
            ws[o - lo] = w
        return lo, ws

    # ---- arithmetic --------------------------------------------------------------------

    def map(self, func: Callable[[int], int]) -> Dist:
        """Apply ``func`` to every outcome, merging outcomes that land together."""
        out: dict[int, int] = {}
        for o, w in zip(self._outcomes, self._weights):
            k = int(func(o))
            out[k] = out.get(k, 0) + w
        return Dist._raw(*_sorted_pairs(out))

    def scale(self, factor: int) -> Dist:
        if factor == 0:
            return Dist.constant(0)
        pairs = sorted(zip((o * factor for o in self._outcomes), self._weights))
        return Dist._raw(tuple(o for o, _ in pairs), tuple(w for _, w in pairs))

    def shift(self, amount: int) -> Dist:
        return Dist._raw(tuple(o + amount for o in self._outcomes), self._weights)

    def __neg__(self) -> Dist:
        return Dist._raw(tuple(-o for o in reversed(self._outcomes)), self._weights[::-1])

    def __pos__(self) -> Dist:
        return self

    def add_cost(self, other: Dist) -> float:
        """Estimated microseconds for ``self + other``."""
        if len(self) == 1 or len(other) == 1:
            return 0.05 * (len(self) + len(other))
        bits = (self._total * other._total).bit_length()
        return min(
            _poly.convolve_cost(self.span, other.span, bits),
            sparse_add_cost(len(self), len(other), self.span + other.span - 1),
        )

    def mul_cost(self, other: Dist) -> float:
        """Estimated microseconds for ``self * other`` (outcome products)."""
        if len(self) == 1 or len(other) == 1:
            return 0.2 * (len(self) + len(other))
        corners = [a * b for a in (self.min_outcome(), self.max_outcome())
                   for b in (other.min_outcome(), other.max_outcome())]
        return sparse_add_cost(len(self), len(other), max(corners) - min(corners) + 1)

    def __add__(self, other: Dist | int) -> Dist:
        if isinstance(other, int):
            return self.shift(other)
        if not isinstance(other, Dist):
            return NotImplemented
        if len(other) == 1:
            w = other._weights[0]
            return Dist._raw(
                tuple(o + other._outcomes[0] for o in self._outcomes),
                self._weights if w == 1 else tuple(x * w for x in self._weights),
            )
        if len(self) == 1:
            return other + self
        bits = (self._total * other._total).bit_length()
        dense = _poly.convolve_cost(self.span, other.span, bits)
        if dense <= sparse_add_cost(len(self), len(other), self.span + other.span - 1):
            lo_a, a = self._dense()
            lo_b, b = other._dense()
            return Dist._from_dense(lo_a + lo_b, _poly.convolve(a, b))
        out: dict[int, int] = {}
        get = out.get
        for oa, wa in zip(self._outcomes, self._weights):
            for ob, wb in zip(other._outcomes, other._weights):
                k = oa + ob
                out[k] = get(k, 0) + wa * wb
        return Dist._raw(*_sorted_pairs(out))

    __radd__ = __add__

    def __sub__(self, other: Dist | int) -> Dist:
        if isinstance(other, int):
            return self.shift(-other)
        if not isinstance(other, Dist):
            return NotImplemented
        return self + (-other)

    def __rsub__(self, other: int) -> Dist:
        return (-self).shift(other)

    def __mul__(self, other: Dist | int) -> Dist:
        """Multiply outcomes: by a number it scales, by a distribution it is the product."""
        if isinstance(other, int):
            return self.scale(other)
        if not isinstance(other, Dist):
            return NotImplemented
        if len(other) == 1:
            return self.scale(other._outcomes[0])._times_weight(other._weights[0])
        if len(self) == 1:
            return other * self
        out: dict[int, int] = {}
        get = out.get
        for oa, wa in zip(self._outcomes, self._weights):
            for ob, wb in zip(other._outcomes, other._weights):
                k = oa * ob
                out[k] = get(k, 0) + wa * wb
        return Dist._raw(*_sorted_pairs(out))

    __rmul__ = __mul__

    def merge(self, other: Dist) -> Dist:
        """Pool the weights of two distributions (a mixture weighted by their totals)."""
        acc = dict(zip(self._outcomes, self._weights))
        get = acc.get
        for o, w in zip(other._outcomes, other._weights):
            acc[o] = get(o, 0) + w
        return Dist._raw(*_sorted_pairs(acc))

    def _times_weight(self, w: int) -> Dist:
        if w == 1:
            return self
        return Dist._raw(self._outcomes, tuple(x * w for x in self._weights))

    def repeat_cost(self, n: int) -> float:
        """Estimated microseconds for ``self.repeat(n)``."""
        if n <= 1 or len(self) == 1:
            return 1.0
        if self.span * n <= 512:
            return 0.5 * self.span * n
        if self.span <= 4 * len(self) + 64:
            return _poly.power_cost(self._dense()[1], n)[1]
        # Sparse repeated squaring, dominated by the last squaring. A sum of m copies of an
        # s-outcome die has at most C(m+s-1, s-1) distinct values (multisets of faces).
        def support(m: int) -> int:
            return min(math.comb(m + len(self) - 1, len(self) - 1), (self.span - 1) * m + 1)

        half = support(max(1, n // 2))
        return sparse_add_cost(half, half, support(n)) * 2

    def repeat(self, n: int) -> Dist:
        """The sum of ``n`` independent copies (``Dist.die(6).repeat(3)`` is 3d6)."""
        if n < 0:
            return (-self).repeat(-n)
        if n == 0:
            return Dist.constant(0)
        if n == 1:
            return self
        if len(self) == 1:
            # A certain outcome: its weight carries no information, and w**n could be enormous.
            return Dist._raw((self._outcomes[0] * n,), (1,))
        if self.span <= 4 * len(self) + 64:
            lo, ws = self._dense()
            return Dist._from_dense(lo * n, _poly.power(ws, n))
        result: Dist | None = None
        base: Dist = self
        while n:
            if n & 1:
                result = base if result is None else result + base
            n >>= 1
            if n:
                base = base + base
        assert result is not None
        return result

    def _cumulative_below(self, xs: list[int]) -> list[int]:
        # Weight of outcomes <= x for each x in ascending xs.
        out, acc, i = [], 0, 0
        for x in xs:
            while i < len(self._outcomes) and self._outcomes[i] <= x:
                acc += self._weights[i]
                i += 1
            out.append(acc)
        return out

    def _extreme(self, other: Dist, highest: bool) -> Dist:
        # P(max <= x) = F_a(x) F_b(x); P(min > x) = S_a(x) S_b(x). Linear after the merge.
        xs = sorted(set(self._outcomes) | set(other._outcomes))
        fa = self._cumulative_below(xs)
        fb = other._cumulative_below(xs)
        ta, tb = self._total, other._total
        if highest:
            joint = [a * b for a, b in zip(fa, fb)]
        else:
            joint = [ta * tb - (ta - a) * (tb - b) for a, b in zip(fa, fb)]
        prev, pairs = 0, []
        for x, c in zip(xs, joint):
            if c != prev:
                pairs.append((x, c - prev))
            prev = c
        return Dist._raw(tuple(o for o, _ in pairs), tuple(w for _, w in pairs))

    def maximum(self, other: Dist) -> Dist:
        return self._extreme(other, True)

    def minimum(self, other: Dist) -> Dist:
        return self._extreme(other, False)

    def compare(self, op: str, other: Dist | int) -> Dist:
        """Yes/no result of ``self op other`` as a distribution over {0, 1} in lowest terms."""
        if isinstance(other, int):
            other = Dist.constant(other)
        # Linear in the supports: weigh each outcome of self by the weight of other's outcomes
        # below it and equal to it, then combine for the requested test.
        bo, bw = other._outcomes, other._weights
        n = len(bo)
        i = 0
        below = 0
        s_below = s_equal = 0
        for a, wa in zip(self._outcomes, self._weights):
            while i < n and bo[i] < a:
                below += bw[i]
                i += 1
            s_below += wa * below
            if i < n and bo[i] == a:
                s_equal += wa * bw[i]
        both = self._total * other._total
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
            raise ValueError(f"unknown comparison {op!r}")
        return _bernoulli(yes, self._total * other._total)

    def is_yes_no(self) -> bool:
        return set(self._outcomes) <= {0, 1}


def _bernoulli(yes: int, total: int) -> Dist:
    g = math.gcd(yes, total)
    yes, total = yes // g, total // g
    if yes == 0:
        return Dist._raw((0,), (1,))
    if yes == total:
        return Dist._raw((1,), (1,))
    return Dist._raw((0, 1), (total - yes, yes))


def _bisect(seq: tuple[int, ...], x: int) -> int:
    lo, hi = 0, len(seq)
    while lo < hi:
        mid = (lo + hi) // 2
        if seq[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


def _sorted_pairs(d: dict[int, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    items = sorted((o, w) for o, w in d.items() if w)
    return tuple(o for o, _ in items), tuple(w for _, w in items)
