"""Chance points: the only place randomness enters a game.

Rules never sample. When the next event is random, the state exposes a `Chance` listing every
outcome with an exact integer weight; the driver (a Match, a simulation, an exact analysis)
decides how to pick one. Probabilities are therefore exact fractions, and the same rules serve
seeded replay, fast simulation and exact analysis.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate


@dataclass(frozen=True, slots=True)
class Dist:
    """A finite distribution: outcomes with exact positive integer weights."""

    outcomes: tuple
    weights: tuple[int, ...]
    cum: tuple[int, ...] = field(repr=False, compare=False, default=())
    total: int = field(compare=False, default=0)

    def __post_init__(self):
        if len(self.outcomes) != len(self.weights) or not self.outcomes:
            raise ValueError("a distribution needs one positive weight per outcome")
        if any(w <= 0 for w in self.weights):
            raise ValueError("weights must be positive integers")
        cum = tuple(accumulate(self.weights))
        object.__setattr__(self, "cum", cum)
        object.__setattr__(self, "total", cum[-1])

    def pick(self, u: float):
        """The outcome at quantile u in [0, 1)."""
        return self.outcomes[bisect_right(self.cum, int(u * self.total))]

    def p(self, outcome) -> Fraction:
        try:
            return Fraction(self.weights[self.outcomes.index(outcome)], self.total)
        except ValueError:
            return Fraction(0)

    def p_where(self, pred) -> Fraction:
        return Fraction(sum(w for o, w in zip(self.outcomes, self.weights) if pred(o)), self.total)


@lru_cache(maxsize=None)
def dice_sum(n: int, sides: int = 6) -> Dist:
    """Sum of n fair dice, exact weights by convolution."""
    weights = {0: 1}
    for _ in range(n):
        nxt: dict[int, int] = {}
        for total, w in weights.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + w
        weights = nxt
    keys = tuple(sorted(weights))
    return Dist(keys, tuple(weights[k] for k in keys))


@lru_cache(maxsize=None)
def dice_highest(n: int, sides: int = 6) -> Dist:
    """Highest of n fair dice."""
    keys = tuple(range(1, sides + 1))
    return Dist(keys, tuple(k**n - (k - 1) ** n for k in keys))


def uniform(outcomes) -> Dist:
    outcomes = tuple(outcomes)
    return Dist(outcomes, (1,) * len(outcomes))


def counted(counts: dict) -> Dist:
    """One item drawn from a multiset {item: copies} (a shuffled deck, drawn lazily)."""
    items = tuple(k for k, c in counts.items() if c > 0)
    return Dist(items, tuple(counts[k] for k in items))


@dataclass(frozen=True, slots=True)
class Chance:
    """A random event waiting to be resolved.

    `label` says what is rolled or drawn ("3d6 vs Dodge 8"); `odds` lists the probabilities
    that matter to a person reading the log, e.g. (("to hit", Fraction(35, 54)),); `name`
    turns an outcome into words ("rolled 9: hit").
    """

    dist: Dist
    label: str
    # The odds that matter: a tuple of (what, Fraction), or a callable returning one, so that
    # fast simulation never pays for exact fractions it does not show.
    odds: object = ()
    names: object = None  # callable outcome -> str, or None for str(outcome)

    def describe(self, outcome) -> str:
        return self.names(outcome) if self.names else str(outcome)

    def odds_list(self) -> tuple:
        return tuple(self.odds() if callable(self.odds) else self.odds)

    def p(self, outcome) -> Fraction:
        return self.dist.p(outcome)
