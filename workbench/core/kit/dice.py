"""Dice pools as chance points.

`roll("2d6+1")` is the exact distribution of any expression of the dice notation
(workbench.dice: keep-highest, exploding, counting successes, ...), cached per expression;
the notation parser loads on the first call. Plain pools (`sum_of`, `highest_of`) need no
parser. `dice_chance` turns a distribution into the chance point a rule waits on, with the
odds that matter to the player computed only when someone reads them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

from ..chance import Chance, Dist, dice_highest, dice_sum

sum_of = dice_sum
highest_of = dice_highest


@lru_cache(maxsize=64)
def pool_of(n: int, sides: int = 6) -> Dist:
    """n dice kept as separate values rather than added up (dice that stay on a character
    until spent): each outcome is the faces sorted highest first, weighted by the number of
    ordered rolls that show them, n! / (k1! k2! ...)."""
    if n < 0 or sides < 1:
        raise ValueError(
            f"pool_of: needs 0 or more dice with at least one side, got n={n}, sides={sides}"
        )
    outcomes, weights = [], []
    for faces in combinations_with_replacement(range(sides, 0, -1), n):
        ways = factorial(n)
        for face in set(faces):
            ways //= factorial(faces.count(face))
        outcomes.append(faces)
        weights.append(ways)
    return Dist(tuple(outcomes), tuple(weights))


@lru_cache(maxsize=512)
def roll(notation: str) -> Dist:
    """The exact distribution of a dice expression such as "3d6", "4d6kh3" or "2d10+3"."""
    from ...dice import exact  # the parser is loaded only by games that use notation

    return exact(notation)


def dice_chance(
    dice: Dist | str,
    label: str,
    *,
    odds: Mapping[str, Callable[[int], bool]] | None = None,
    names: Callable | None = None,
) -> Chance:
    """A roll as a chance point. `odds` names the results that matter, e.g.
    {"to hit": lambda s: s > dodge}; their exact probabilities are shown with the roll."""
    dist = roll(dice) if isinstance(dice, str) else dice
    if not odds:
        return Chance(dist, label, (), names)

    def read():
        return [(what, dist.p_where(test)) for what, test in odds.items()]

    return Chance(dist, label, read, names)


def binary_dice(n: int) -> Dist:
    """The number of 1s on `n` binary dice (0 or 1 with p = 1/2 each: coins, or d6 read as
    1-3 -> 0 and 4-6 -> 1)."""
    from ...dice.contests import binary  # no notation parser: only the distribution type

    return binary(n)


@lru_cache(maxsize=2048)
def contest(attack: Dist, defence: Dist) -> Dist:
    """An opposed roll as one chance point: every pair (attack result, defence result) with
    the product of their weights, attack results outermost, both ascending."""
    a, d = attack.sorted(), defence.sorted()
    pairs = tuple((x, y) for x in a.outcomes for y in d.outcomes)
    weights = tuple(wx * wy for wx in a.weights for wy in d.weights)
    return Dist._ordered(pairs, weights)


def contest_chance(
    attack: Dist,
    defence: Dist,
    label: str,
    *,
    odds: Mapping[str, Callable[[int, int], bool]] | None = None,
    names: Callable | None = None,
) -> Chance:
    """An opposed roll (both sides roll at once) as a chance point whose outcomes are
    (attack, defence) pairs. `odds` names the results that matter, e.g.
    {"to capture": lambda a, d: a > d}, worked out exactly when someone reads them."""
    dist = contest(attack, defence)
    if not odds:
        return Chance(dist, label, (), names)

    def read():
        return [(what, dist.p_where(lambda pair, t=test: t(*pair))) for what, test in odds.items()]

    return Chance(dist, label, read, names)
