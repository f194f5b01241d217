"""Damage through armor: armor soaks damage first, the rest comes off health.

Many designs share this track (co-op's players and enemies, the skirmish's soldiers, squad
characters); it sits inside every simulated attack, so it is a few integer operations.
"""

from __future__ import annotations


def through_armor(armor: int, damage: int) -> tuple[int, int]:
    """(armor left, damage that reaches health) after `damage` hits `armor`."""
    soaked = armor if armor < damage else damage
    return armor - soaked, damage - soaked


class Vitals:
    """Health and armor with their maximums. Subclasses add their own slots (dodge, seat).

    `take(damage)` spends armor first and stops health at 0; `down` is true at 0 health.
    Armor that recovers (every round, every encounter) is restored with `restore_armor()`.
    """

    __slots__ = ("health", "armor", "max_health", "max_armor")

    def __init__(
        self,
        health: int,
        armor: int = 0,
        max_health: int | None = None,
        max_armor: int | None = None,
    ):
        self.health = health
        self.armor = armor
        self.max_health = health if max_health is None else max_health
        self.max_armor = armor if max_armor is None else max_armor

    @property
    def down(self) -> bool:
        return self.health <= 0

    def take(self, damage: int) -> bool:
        """Apply a hit; True if it leaves this one at 0 health."""
        self.armor, through = through_armor(self.armor, damage)
        self.health -= through
        if self.health <= 0:
            self.health = 0
            return True
        return False

    def heal(self, amount: int, *, cap: bool = True) -> int:
        """Add health (up to the maximum unless `cap` is False); returns what was gained."""
        before = self.health
        self.health = min(self.max_health, before + amount) if cap else before + amount
        return self.health - before

    def restore_armor(self) -> None:
        self.armor = self.max_armor
