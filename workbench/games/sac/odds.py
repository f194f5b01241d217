"""What the step-through view shows before a shot (GameSpec.odds), beyond the roll's own
chance to kill: the health and armour the soldier should expect to lose to the enemy's reply
(R-18). None means "not a shot"."""

from __future__ import annotations

from ...core import Odds


def toll(before, outcome, after, seat) -> int | None:
    if not before.rolls or before.rolls[0][0] != "shot":
        return None
    s, t = before.soldier, after.soldier
    return (s.health + s.armor) - (t.health + t.armor)


ODDS = (Odds("health and armour lost", toll, expected=True),)
