"""The card notation of Squad Combat (rules 1.2): costs such as `<3>[1]`, `[2][4]` or `C C`,
dice pools such as `34R`, and paying dice costs from the dice on a character (R-12c, A-9).

Parsing raises NotationError with the character position and what would be right; the card
tables' check turns it into a problem naming the file, line and column.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

FACES = range(1, 7)
MOST_ENERGY = 99
MOST_POOL = 8


class NotationError(ValueError):
    """A cost or a dice pool that cannot be read; `position` is the 1-based character."""

    def __init__(self, message: str, position: int = 0):
        self.position = position
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class Cost:
    """Energy `<X>`, dice `[X]` (faces each die must meet, highest first) and card
    discards `C` (R-12)."""

    energy: int = 0
    dice: tuple[int, ...] = ()
    cards: int = 0

    def __str__(self) -> str:
        parts = ([f"<{self.energy}>"] if self.energy else []) + [f"[{d}]" for d in self.dice]
        text = "".join(parts)
        if self.cards:
            text = (text + " " if text else "") + " ".join("C" * self.cards)
        return text or "free"

    @property
    def free(self) -> bool:
        return not (self.energy or self.dice or self.cards)


FREE = Cost()


def parse_cost(text: str | None) -> Cost:
    """`<4>[5]`, `[2][4]`, `<3>`, `C C`, or a blank cell (no cost)."""
    if text is None or not text.strip():
        return FREE
    energy, dice, cards, seen_energy = 0, [], 0, False
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
            continue
        if c in "<[":
            close = ">" if c == "<" else "]"
            end = text.find(close, i + 1)
            if end < 0:
                raise NotationError(
                    f"{text!r}: the {c} at character {i + 1} is never closed with {close}", i + 1
                )
            inner = text[i + 1 : end].strip()
            if not inner.isdigit():
                what = (
                    "an energy cost is <X> with X a whole number"
                    if c == "<"
                    else "a die cost is [1] to [6]"
                )
                raise NotationError(
                    f"{text!r}: {c}{inner}{close} at character {i + 1}: {what}", i + 1
                )
            value = int(inner)
            if c == "<":
                if seen_energy:
                    raise NotationError(
                        f"{text!r}: a second energy cost at character {i + 1}; "
                        "write the energy once, e.g. <5>",
                        i + 1,
                    )
                if value > MOST_ENERGY:
                    raise NotationError(
                        f"{text!r}: <{value}> at character {i + 1}: energy "
                        f"costs are 0 to {MOST_ENERGY}",
                        i + 1,
                    )
                energy, seen_energy = value, True
            else:
                if value not in FACES:
                    raise NotationError(
                        f"{text!r}: [{value}] at character {i + 1}: a die cost "
                        "is [1] to [6] (a die shows 1 to 6)",
                        i + 1,
                    )
                dice.append(value)
            i = end + 1
        elif c in "Cc":
            cards += 1
            i += 1
        else:
            raise NotationError(
                f"{text!r}: {c!r} at character {i + 1} is not part of a cost; "
                "costs are <X> energy, [X] dice and C card discards, e.g. "
                "<3>[1] or [2][4]",
                i + 1,
            )
    return Cost(energy, tuple(sorted(dice, reverse=True)), cards)


@dataclass(frozen=True, slots=True)
class Pool:
    """A dice pool: fixed faces as printed and a number of random dice (`34R`: 3, 4 and one
    rolled). Its size caps the dice a Refresh keeps (R-16)."""

    fixed: tuple[int, ...]
    random: int

    @property
    def size(self) -> int:
        return len(self.fixed) + self.random

    def __str__(self) -> str:
        return "".join(map(str, self.fixed)) + "R" * self.random


def parse_pool(text: str | None) -> Pool:
    """`RRR`, `4RR`, `34R`: a face 1 to 6 for each fixed die, R for each random one."""
    if text is None or not text.strip():
        raise NotationError("a dice pool is written like RRR or 34R, not a blank cell", 1)
    text = text.strip()
    fixed, rolled = [], 0
    for i, c in enumerate(text, start=1):
        if c in "Rr":
            rolled += 1
        elif c.isdigit() and int(c) in FACES:
            fixed.append(int(c))
        else:
            raise NotationError(
                f"{text!r}: {c!r} at character {i} is not a die; write a face "
                "1 to 6 for a fixed die and R for a rolled one, e.g. 34R",
                i,
            )
    if len(text) > MOST_POOL:
        raise NotationError(f"{text!r}: {len(text)} dice; a pool holds 1 to {MOST_POOL}", 1)
    return Pool(tuple(fixed), rolled)


# -- paying dice (R-12c, R-13, A-9) ---------------------------------------------------------


def can_pay(dice, needs: tuple[int, ...]) -> bool:
    """True if the dice (highest first) can pay every need (highest first), one die each:
    the i-th best die must meet the i-th highest need."""
    if len(needs) > len(dice):
        return False
    # Only the best len(needs) dice are compared; the rest pay nothing.
    return all(d >= n for d, n in zip(dice, needs, strict=False))


def payments(dice, needs: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every different set of dice values that pays `needs`, highest first; dice of equal
    value are the same die to a player, so each set is listed once."""
    if not needs:
        return [()]
    found = []
    for chosen in combinations(dice, len(needs)):  # dice are highest first, so chosen is too
        if chosen not in found and all(d >= n for d, n in zip(chosen, needs, strict=True)):
            found.append(chosen)
    return found


def spend(dice: list[int], values) -> None:
    """Remove one die of each value from a character's dice (kept highest first)."""
    for v in values:
        dice.remove(v)
