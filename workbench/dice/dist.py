"""``Dist``: an immutable, exact distribution, shared by the game engine and the dice engine.

Weights are Python ints, so nothing is ever rounded: 200d6 keeps its 156-digit counts. Weights
are proportional to probabilities; for plain dice they are the number of equally likely rolls
(3d6 has total weight 216). Comparisons (yes/no results) are stored in lowest terms.

Two ways in, because the two users need different things:

* ``Dist(outcomes, weights)`` keeps the outcomes in the order given, and they may be anything
  hashable (card ids, seats, ints). A game's chance point is one of these: ``pick(u)`` walks the
  cumulative weights in that order, so the order is what makes a seeded game replay the same.
* ``Dist({outcome: weight})``, ``Dist.die(6)``, ``Dist.faces(...)`` and everything the arithmetic
  returns have integer outcomes sorted ascending, which the arithmetic relies on.

Arithmetic on an ordered distribution of integers first sorts it (the result is sorted like every
arithmetic result); on any other outcomes it raises ``TypeError`` naming the outcome.
``map`` takes any outcomes, since it is how card ids become numbers.

Equality is equality of probabilities, as for the mapping it is: same outcomes, each with the
same probability, whatever the order and whatever the scale of the weights. Two equal
distributions can therefore ``pick`` differently; compare ``outcomes`` too when the seeded draw
matters.
"""

from __future__ import annotations

import math
import operator
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator, Mapping
from fractions import Fraction
from itertools import accumulate

from . import _poly
from .errors import DiceTooLarge

__all__ = ["Dist", "COMPARISONS"]

# Dist.sum_of's largest answer, as its outcomes times the bits of its largest exact weight:
# a few seconds of work.
MAX_SUM_WORK = 10**10

COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge,
    "<=": operator.le,
    ">": operator.gt,
    "<": operator.lt,
    "=": operator.eq,
    "==": operator.eq,
    "!=": operator.ne,
}


class Dist(Mapping[int, int]):
    """Outcome -> exact positive integer weight; see the module docstring for order and equality.

    ``Dist(("a", "b"), (2, 1))`` keeps the given order (a chance point); ``Dist({1: 1, 2: 3})``,
    ``Dist.die(6)``, ``Dist.faces([1, 1, 2, 3])``, ``Dist.sum_of(3, 6)`` and
    ``Dist.constant(4)`` are sorted integer distributions. Combine with ``+ - *``, ``repeat``,
    ``maximum``, ``minimum`` and ``compare``. Read with ``pick``, ``p``/``probability``,
    ``p_where``, ``mean``, ``p_at_least`` and friends. Instances are hashable and never change.
    """

    # _cum is filled on the first pick; _sorted is True (sorted ints), False, or None (not yet
    # looked at: an ordered distribution that only ever gets picked from never pays for it).
    __slots__ = ("_outcomes", "_weights", "_total", "_cum", "_sorted", "_hash")

    def __init__(self, data: Mapping[int, int] | Iterable, weights: Iterable[int] | None = None):
        if weights is not None:
            self._set_ordered(tuple(data), tuple(weights))
            return
        counts: dict[int, int] = {}
        pairs = data.items() if isinstance(data, Mapping) else ((o, 1) for o in data)
        for o, w in pairs:
            o = _outcome_int(o)
            counts[o] = counts.get(o, 0) + _weight_int(w, o)
        items = sorted((o, w) for o, w in counts.items() if w)
        if any(w < 0 for _, w in items):
            raise ValueError("Dist: weights must be non-negative integers")
        if not items:
            raise ValueError("Dist: a distribution needs at least one outcome with positive weight")
        weights = tuple(w for _, w in items)
        self._fill(tuple(o for o, _ in items), weights, sum(weights), None, True)

    def _set_ordered(self, outcomes: tuple, weights: tuple) -> None:
        if len(outcomes) != len(weights) or not outcomes:
            raise ValueError(
                f"Dist: needs one weight per outcome and at least one outcome, got "
                f"{len(outcomes)} outcomes and {len(weights)} weights"
            )
        cum = tuple(accumulate(weights))
        # The total is an int only if every weight was one (a float or a numpy int would carry
        # its type into the sum), so one look at it stands for a check of every weight.
        if type(cum[-1]) is not int:
            weights = tuple(_weight_int(w, o) for o, w in zip(outcomes, weights, strict=True))
            cum = tuple(accumulate(weights))
        if min(weights) <= 0:
            at = next(i for i, w in enumerate(weights) if w <= 0)
            raise ValueError(
                f"Dist: outcome {outcomes[at]!r} has weight {weights[at]!r}; "
                "weights must be positive"
            )
        if len(set(outcomes)) != len(outcomes):
            seen: set = set()
            twice = next(o for o in outcomes if o in seen or seen.add(o))
            raise ValueError(
                f"Dist: outcome {twice!r} is given twice; give each outcome once "
                "with its total weight"
            )
        self._fill(outcomes, weights, cum[-1], cum, None)

    def _fill(
        self, outcomes: tuple, weights: tuple, total: int, cum: tuple | None, is_sorted: bool | None
    ) -> None:
        self._outcomes = outcomes
        self._weights = weights
        self._total = total
        self._cum = cum
        self._sorted = is_sorted
        self._hash = None

    # ---- construction ------------------------------------------------------------------

    @classmethod
    def _raw(cls, outcomes: tuple[int, ...], weights: tuple[int, ...]) -> Dist:
        # Trusted constructor for the arithmetic: sorted distinct int outcomes, positive weights.
        self = object.__new__(cls)
        self._fill(outcomes, weights, sum(weights), None, True)
        return self

    @classmethod
    def _ordered(cls, outcomes: tuple, weights: tuple[int, ...]) -> Dist:
        # Trusted constructor for chance points built once per draw: distinct outcomes (a dict's
        # keys) in pick order, positive int weights. Only the weight type is checked, for free.
        cum = tuple(accumulate(weights))
        if not cum or type(cum[-1]) is not int:
            return cls(outcomes, weights)  # the checking path says what is wrong
        self = object.__new__(cls)
        self._fill(outcomes, weights, cum[-1], cum, None)
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
            raise ValueError(f"Dist.die: a die needs at least one side, got {sides}")
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
        """The sum of ``n`` standard ``sides``-sided dice (``Dist.sum_of(3, 6)`` is 3d6), for
        up to a few seconds of work (MAX_SUM_WORK; ``exact("<n>d<sides>")`` budgets by time)."""
        for value, name, least in ((n, "n", 0), (sides, "sides", 1)):
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise ValueError(
                    f"Dist.sum_of: {name} is a whole number from {least}, not {value!r}"
                )
        outcomes = n * (sides - 1) + 1
        if outcomes * n * math.log2(max(sides, 2)) > MAX_SUM_WORK:
            raise DiceTooLarge(
                f"{n}d{sides}",
                f"its {outcomes:,} outcomes with weights of up to "
                f"{n * math.log2(max(sides, 2)):,.0f} bits are more than "
                "Dist.sum_of works out",
                monte_carlo_ok=False,
            )
        return cls.die(sides).repeat(n)

    # ---- order -------------------------------------------------------------------------

    def _is_sorted_ints(self) -> bool:
        s = self._sorted
        if s is None:
            o = self._outcomes
            # Neighbouring pairs: one pair fewer than outcomes.
            s = self._sorted = all(type(x) is int for x in o) and all(
                a < b for a, b in zip(o, o[1:], strict=False)
            )
        return s

    def _arith(self, what: str) -> Dist:
        """This distribution with sorted integer outcomes, as the arithmetic needs it."""
        if self._sorted or self._is_sorted_ints():
            return self
        ints = []
        for o in self._outcomes:
            try:
                ints.append(operator.index(o))
            except TypeError:
                raise TypeError(
                    f"Dist.{what} needs integer outcomes; this distribution has {o!r} "
                    f"({type(o).__name__}). Turn outcomes into numbers first with .map(...)"
                ) from None
        pairs = sorted(zip(ints, self._weights, strict=True))
        return Dist._raw(tuple(o for o, _ in pairs), tuple(w for _, w in pairs))

    def sorted(self) -> Dist:
        """The same distribution with integer outcomes in ascending order."""
        return self._arith("sorted")

    # ---- chance ------------------------------------------------------------------------

    @property
    def cum(self) -> tuple[int, ...]:
        """Cumulative weights in outcome order: what ``pick`` walks."""
        cum = self._cum
        if cum is None:
            cum = self._cum = tuple(accumulate(self._weights))
        return cum

    def pick(self, u: float):
        """The outcome at quantile u in [0, 1), walking the outcomes in their order."""
        cum = self._cum
        if cum is None:
            cum = self.cum
        return self._outcomes[bisect_right(cum, int(u * self._total))]

    def p_where(self, pred: Callable[[object], bool]) -> Fraction:
        """Probability that ``pred(outcome)`` holds."""
        pairs = zip(self._outcomes, self._weights, strict=True)
        return Fraction(sum(w for o, w in pairs if pred(o)), self._total)

    # ---- mapping protocol --------------------------------------------------------------

    def _position(self, outcome) -> int:
        """Index of ``outcome`` in ``outcomes``, or -1."""
        outcomes = self._outcomes
        if self._sorted and isinstance(outcome, int):
            i = bisect_left(outcomes, outcome)
            return i if i < len(outcomes) and outcomes[i] == outcome else -1
        try:
            return outcomes.index(outcome)
        except ValueError:
            return -1

    def __getitem__(self, outcome) -> int:
        i = self._position(outcome)
        if i < 0:
            raise KeyError(outcome)
        return self._weights[i]

    def get(self, outcome, default=0):  # type: ignore[override]
        i = self._position(outcome)
        return default if i < 0 else self._weights[i]

    def __iter__(self) -> Iterator:
        return iter(self._outcomes)

    def __len__(self) -> int:
        return len(self._outcomes)

    # Faster than the Mapping defaults, which look every key up again.
    def items(self) -> tuple[tuple, ...]:  # type: ignore[override]
        return tuple(zip(self._outcomes, self._weights, strict=True))

    def keys(self) -> tuple:  # type: ignore[override]
        return self._outcomes

    def values(self) -> tuple[int, ...]:  # type: ignore[override]
        return self._weights

    def __contains__(self, outcome: object) -> bool:
        return self._position(outcome) >= 0

    @property
    def outcomes(self) -> tuple:
        return self._outcomes

    @property
    def weights(self) -> tuple[int, ...]:
        return self._weights

    @property
    def total(self) -> int:
        return self._total

    def min_outcome(self) -> int:
        return self._arith("min_outcome")._outcomes[0]

    def max_outcome(self) -> int:
        return self._arith("max_outcome")._outcomes[-1]

    # ---- identity ----------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        """Equal when every outcome has the same probability, in any order and weight scale."""
        if not isinstance(other, Dist):
            return NotImplemented
        if len(self._outcomes) != len(other._outcomes):
            return False
        ta, tb = self._total, other._total
        if self._outcomes == other._outcomes:
            return all(a * tb == b * ta for a, b in zip(self._weights, other._weights, strict=True))
        theirs = dict(zip(other._outcomes, other._weights, strict=True))
        pairs = zip(self._outcomes, self._weights, strict=True)
        return all(w * tb == theirs.get(o, 0) * ta for o, w in pairs)

    def __hash__(self) -> int:
        # A frozenset, because equal distributions may list their outcomes in other orders.
        h = self._hash
        if h is None:
            g = math.gcd(*self._weights)
            reduced = (w // g for w in self._weights)
            h = self._hash = hash(frozenset(zip(self._outcomes, reduced, strict=True)))
        return h

    def reduced(self) -> Dist:
        """The same distribution, in the same order, with weights divided by their gcd."""
        g = math.gcd(*self._weights)
        weights = tuple(w // g for w in self._weights)
        if self._sorted:
            return Dist._raw(self._outcomes, weights)
        return Dist._ordered(self._outcomes, weights)

    def __repr__(self) -> str:
        shown = 12
        more = f", ... ({len(self)} outcomes)" if len(self) > shown else ""
        if self._is_sorted_ints():
            # The weights run on past the shown outcomes.
            pairs = zip(self._outcomes[:shown], self._weights, strict=False)
            body = ", ".join(f"{o}: {w}" for o, w in pairs)
            return f"Dist({{{body}{more}}})"
        outcomes = ", ".join(repr(o) for o in self._outcomes[:shown])
        weights = ", ".join(str(w) for w in self._weights[:shown])
        comma = "," if len(self) == 1 else ""
        return f"Dist(({outcomes}{comma}{more}), ({weights}{comma}{more}))"

    # ---- statistics --------------------------------------------------------------------

    def probability(self, outcome) -> Fraction:
        i = self._position(outcome)  # not self.get: a chance point asks this of every outcome
        return Fraction(self._weights[i] if i >= 0 else 0, self._total)

    p = probability

    def mean(self) -> Fraction:
        pairs = zip(self._outcomes, self._weights, strict=True)
        return Fraction(sum(o * w for o, w in pairs), self._total)

    def variance(self) -> Fraction:
        m = self.mean()
        pairs = zip(self._outcomes, self._weights, strict=True)
        s2 = Fraction(sum(o * o * w for o, w in pairs), self._total)
        return s2 - m * m

    def p_at_least(self, x: int) -> Fraction:
        pairs = zip(self._outcomes, self._weights, strict=True)
        return Fraction(sum(w for o, w in pairs if o >= x), self._total)

    def p_at_most(self, x: int) -> Fraction:
        pairs = zip(self._outcomes, self._weights, strict=True)
        return Fraction(sum(w for o, w in pairs if o <= x), self._total)

    def probabilities(self) -> dict:
        pairs = zip(self._outcomes, self._weights, strict=True)
        return {o: Fraction(w, self._total) for o, w in pairs}

    # ---- dense form --------------------------------------------------------------------

    @property
    def span(self) -> int:
        """Number of integers from the lowest to the highest outcome."""
        s = self._arith("span")
        return s._outcomes[-1] - s._outcomes[0] + 1

    def _dense(self) -> tuple[int, list[int]]:
        # Callers pass sorted distributions (see _arith).
        lo = self._outcomes[0]
        ws = [0] * (self._outcomes[-1] - lo + 1)
        for o, w in zip(self._outcomes, self._weights, strict=True):
            ws[o - lo] = w
        return lo, ws

    # ---- arithmetic --------------------------------------------------------------------
    # Every operation works on sorted integer outcomes; _arith hands them over (see the module
    # docstring), so an ordered chance distribution of numbers can be combined too.

    def map(self, func: Callable) -> Dist:
        """Apply ``func`` to every outcome (of any kind), merging outcomes that land together.

        ``func`` must return integers; the result is sorted.
        """
        out: dict[int, int] = {}
        for o, w in zip(self._outcomes, self._weights, strict=True):
            k = func(o)
            try:
                k = operator.index(k)
            except TypeError:
                raise TypeError(
                    f"Dist.map: func({o!r}) returned {k!r} ({type(k).__name__}); "
                    "outcomes must be integers"
                ) from None
            out[k] = out.get(k, 0) + w
        return Dist._raw(*_sorted_pairs(out))

    def scale(self, factor: int) -> Dist:
        a = self._arith("scale")
        if factor == 0:
            return Dist.constant(0)
        pairs = sorted(zip((o * factor for o in a._outcomes), a._weights, strict=True))
        return Dist._raw(tuple(o for o, _ in pairs), tuple(w for _, w in pairs))

    def shift(self, amount: int) -> Dist:
        a = self._arith("shift")
        return Dist._raw(tuple(o + amount for o in a._outcomes), a._weights)

    def __neg__(self) -> Dist:
        a = self._arith("__neg__")
        return Dist._raw(tuple(-o for o in reversed(a._outcomes)), a._weights[::-1])

    def __pos__(self) -> Dist:
        return self

    def add_cost(self, other: Dist) -> float:
        """Estimated microseconds for ``self + other``."""
        from .costs import add_cost

        return add_cost(self, other)

    def mul_cost(self, other: Dist) -> float:
        """Estimated microseconds for ``self * other`` (outcome products)."""
        from .costs import mul_cost

        return mul_cost(self, other)

    def __add__(self, other: Dist | int) -> Dist:
        if isinstance(other, int):
            return self.shift(other)
        if not isinstance(other, Dist):
            return NotImplemented
        a, b = self._arith("__add__"), other._arith("__add__")
        if len(b) == 1:
            w = b._weights[0]
            return Dist._raw(
                tuple(o + b._outcomes[0] for o in a._outcomes),
                a._weights if w == 1 else tuple(x * w for x in a._weights),
            )
        if len(a) == 1:
            return b + a
        # The estimates load on the first sum that needs them, not with the game engine's import.
        from .costs import sparse_sum_cost

        bits = (a._total * b._total).bit_length()
        dense = _poly.convolve_cost(a.span, b.span, bits)
        if dense <= sparse_sum_cost(a, b):
            lo_a, wa = a._dense()
            lo_b, wb = b._dense()
            return Dist._from_dense(lo_a + lo_b, _poly.convolve(wa, wb))
        out: dict[int, int] = {}
        get = out.get
        for oa, wa in zip(a._outcomes, a._weights, strict=True):
            for ob, wb in zip(b._outcomes, b._weights, strict=True):
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
        a, b = self._arith("__mul__"), other._arith("__mul__")
        if len(b) == 1:
            return a.scale(b._outcomes[0])._times_weight(b._weights[0])
        if len(a) == 1:
            return b * a
        out: dict[int, int] = {}
        get = out.get
        for oa, wa in zip(a._outcomes, a._weights, strict=True):
            for ob, wb in zip(b._outcomes, b._weights, strict=True):
                k = oa * ob
                out[k] = get(k, 0) + wa * wb
        return Dist._raw(*_sorted_pairs(out))

    __rmul__ = __mul__

    def merge(self, other: Dist) -> Dist:
        """Pool the weights of two distributions (a mixture weighted by their totals)."""
        a, b = self._arith("merge"), other._arith("merge")
        acc = dict(zip(a._outcomes, a._weights, strict=True))
        get = acc.get
        for o, w in zip(b._outcomes, b._weights, strict=True):
            acc[o] = get(o, 0) + w
        return Dist._raw(*_sorted_pairs(acc))

    def _times_weight(self, w: int) -> Dist:
        a = self._arith("_times_weight")
        if w == 1:
            return a
        return Dist._raw(a._outcomes, tuple(x * w for x in a._weights))

    def repeat_cost(self, n: int) -> float:
        """Estimated microseconds for ``self.repeat(n)``."""
        from .costs import repeat_cost

        return repeat_cost(self._arith("repeat_cost"), n)

    def repeat(self, n: int) -> Dist:
        """The sum of ``n`` independent copies (``Dist.die(6).repeat(3)`` is 3d6)."""
        a = self._arith("repeat")
        if n < 0:
            return (-a).repeat(-n)
        if n == 0:
            return Dist.constant(0)
        if n == 1:
            return a
        if len(a) == 1:
            # A certain outcome: its weight carries no information, and w**n could be enormous.
            return Dist._raw((a._outcomes[0] * n,), (1,))
        if a.span <= 4 * len(a) + 64:
            lo, ws = a._dense()
            return Dist._from_dense(lo * n, _poly.power(ws, n))
        result: Dist | None = None
        base: Dist = a
        while n:
            if n & 1:
                result = base if result is None else result + base
            n >>= 1
            if n:
                base = base + base
        assert result is not None
        return result

    # Comparisons and extremes live in .order, which loads on first use, not with the game
    # engine's import of this module.

    def maximum(self, other: Dist) -> Dist:
        from .order import extreme

        return extreme(self._arith("maximum"), other._arith("maximum"), True)

    def minimum(self, other: Dist) -> Dist:
        from .order import extreme

        return extreme(self._arith("minimum"), other._arith("minimum"), False)

    def compare(self, op: str, other: Dist | int) -> Dist:
        """Yes/no result of ``self op other`` as a distribution over {0, 1} in lowest terms."""
        from .order import compare

        if isinstance(other, int):
            other = Dist.constant(other)
        return compare(self._arith("compare"), op, other._arith("compare"))

    def is_yes_no(self) -> bool:
        return set(self._outcomes) <= {0, 1}


def __getattr__(name: str):
    # The cost estimates load on first use (see .costs), and this one is read from here too.
    if name == "sparse_add_cost":
        from .costs import sparse_add_cost

        return sparse_add_cost
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _outcome_int(o) -> int:
    try:
        return operator.index(o)
    except TypeError:
        raise TypeError(
            f"Dist({{outcome: weight}}) sorts integer outcomes, and {o!r} ({type(o).__name__}) "
            "is not one; for other outcomes, or to keep an order, use Dist(outcomes, weights)"
        ) from None


def _weight_int(w, o) -> int:
    try:
        return operator.index(w)
    except TypeError:
        raise TypeError(
            f"Dist: outcome {o!r} has weight {w!r} ({type(w).__name__}); weights are exact integers"
        ) from None


def _sorted_pairs(d: dict[int, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    items = sorted((o, w) for o, w in d.items() if w)
    return tuple(o for o, _ in items), tuple(w for _, w in items)
