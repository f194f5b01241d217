"""Chance points: the only place randomness enters a game.

Rules never sample. When the next event is random, the state exposes a `Chance` listing every
outcome with an exact integer weight; the driver (a Match, a simulation, an exact analysis)
decides how to pick one. Probabilities are therefore exact fractions, and the same rules serve
seeded replay, fast simulation and exact analysis.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

# The one exact distribution type: a chance point's outcomes keep the order they are given in,
# which `pick` walks. Importing it loads no dice-notation parser (workbench.dice is lazy).
from ..dice.dist import Dist

__all__ = ["Chance", "Dist", "counted", "dice_highest", "dice_sum", "uniform"]


@cache
def dice_sum(n: int, sides: int = 6) -> Dist:
    """Sum of n fair dice (outcomes ascending), from the dice engine."""
    if n < 0:
        raise ValueError(f"dice_sum: the number of dice must be 0 or more, got {n}")
    return Dist.sum_of(n, sides)


@cache
def dice_highest(n: int, sides: int = 6) -> Dist:
    """Highest of n fair dice (outcomes ascending): k**n - (k-1)**n of the rolls top out at k."""
    if n < 1 or sides < 1:
        raise ValueError(
            f"dice_highest: needs at least one die with at least one side, got n={n}, sides={sides}"
        )
    faces = tuple(range(1, sides + 1))
    return Dist._raw(faces, tuple(k**n - (k - 1) ** n for k in faces))


def uniform(outcomes) -> Dist:
    """Each outcome equally likely, in the order given."""
    outcomes = tuple(outcomes)
    return Dist(outcomes, (1,) * len(outcomes))


def counted(counts: dict) -> Dist:
    """One item drawn from a multiset {item: copies} (a shuffled deck, drawn lazily), in the
    dict's order; items with no copies left are skipped."""
    weights = tuple(counts.values())
    if weights and min(weights) > 0:
        # Built once per card drawn, so skip the checks a dict's keys make needless.
        return Dist._ordered(tuple(counts), weights)
    items = tuple(k for k, c in counts.items() if c > 0)
    return Dist._ordered(items, tuple(counts[k] for k in items))


@dataclass(frozen=True, slots=True)
class Chance:
    """A random event waiting to be resolved.

    `label` says what is rolled or drawn ("3d6 vs Dodge 8"); `odds` lists the probabilities
    that matter to a person reading the log, e.g. (("to hit", Fraction(35, 54)),); `name`
    turns an outcome into words ("rolled 9: hit"). `seen_by` is the one seat that sees the
    result (a card drawn into a hidden hand); None means every seat does.
    """

    dist: Dist
    label: str
    # The odds that matter: a tuple of (what, Fraction), or a callable returning one, so that
    # fast simulation never pays for exact fractions it does not show.
    odds: object = ()
    names: object = None  # callable outcome -> str, or None for str(outcome)
    # The seat whose hidden hand the outcome goes to (a card drawn face down), or None: the
    # views show the other seats that something was drawn, not what, nor its chance.
    seen_by: int | None = None
    # Optional, for rules whose own step puts the outcome in words: a callable with no
    # arguments that, called just after the outcome is applied, gives the words `names` gives
    # for it beforehand. A logged match words the outcome drawn with it, so `names` (which
    # may have to try an outcome on a copy to word it) runs only for outcomes someone lists.
    said: object = None

    def describe(self, outcome) -> str:
        return self.names(outcome) if self.names else str(outcome)

    def odds_list(self) -> tuple:
        return tuple(self.odds() if callable(self.odds) else self.odds)

    def p(self, outcome) -> Fraction:
        return self.dist.p(outcome)
