"""Binary dice and the Armies roll-off (shared/rules/armies.md, R-17 and R-21), without the
notation parser: the game engine rolls these very distributions at its chance points, and
`workbench.dice.mechanics` answers questions about them, so what play shows before an attack is
the table's number.
"""

from __future__ import annotations

from functools import cache, lru_cache

from .dist import Dist

__all__ = ["armies_rolls", "binary"]


@cache
def binary(n: int) -> Dist:
    """Number of 1s on `n` binary dice (each 0 or 1 with p = 1/2): Binomial(n, 1/2)."""
    if n < 0:
        raise ValueError(f"binary: the number of dice must be 0 or more, got {n}")
    return Dist._raw((0, 1), (1, 1)).repeat(n) if n > 0 else Dist.constant(0)


@lru_cache(maxsize=4096)
def armies_rolls(
    offense: int,
    defense: int,
    *,
    ranged: bool = False,
    power: int | None = None,
    hold_the_line: bool = False,
    bows_and_knives: bool = False,
    attack_modifier: int = 0,
    defense_modifier: int = 0,
) -> tuple[Dist, Dist]:
    """(A, D): the attack and defence results of one Armies attack.

    * Melee (R-17): A = 1s on `offense` binary dice + 1.
    * Ranged (R-21): no +1; with a printed `power` P, A = P with no roll (A-1).
    * Bows and Knives doubles A (R-21, A-31); `attack_modifier` is added after.
    * D = 1s on `defense` binary dice + `defense_modifier`, + 2 for Hold the Line (A-15).
    """
    if ranged and power is not None:
        attack = Dist.constant(power)
    else:
        attack = binary(offense)
        if not ranged:
            attack = attack + 1
    if bows_and_knives:
        attack = attack * 2
    if attack_modifier:
        attack = attack + attack_modifier
    defence = binary(defense)
    bonus = defense_modifier + (2 if hold_the_line else 0)
    if bonus:
        defence = defence + bonus
    return attack, defence
