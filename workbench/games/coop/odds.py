"""What the step-through view shows before a roll (GameSpec.odds): the damage to expect, and
how likely the roll is to defeat an enemy or knock a player out.

Each measure reads the position at the roll, the total rolled and the position after; the
view weighs them over every total. None means "not this kind of roll".
"""

from __future__ import annotations

from ...core import Odds
from .rules import ATTACK_ROLL, ENEMY_ROLL, CoopState


def damage(before: CoopState, rolled: int, after: CoopState, seat) -> int | None:
    """The damage the roll deals, as the log words it ("hit for 6"): a player's attack group
    against its target's Dodge (R-33), or an enemy's against the player's (R-38). Armor
    soaks it afterwards."""
    if before.phase == ATTACK_ROLL:
        group, uid = before.pending_attack
        g, dodge = before.groups[group], before.enemies[uid].dodge
        return before._hit_damage(g, rolled, dodge) if rolled > dodge else 0
    if before.phase == ENEMY_ROLL:
        enemy = before.enemies[before.enemy_queue[0]]
        return enemy.kind.damage if rolled > before.players[enemy.seat].dodge else 0
    return None


def defeats(before: CoopState, rolled: int, after: CoopState, seat) -> bool | None:
    if before.phase != ATTACK_ROLL:
        return None
    return after.stats_["enemies_defeated"] > before.stats_["enemies_defeated"]


def knocks_out(before: CoopState, rolled: int, after: CoopState, seat) -> bool | None:
    if before.phase != ENEMY_ROLL:
        return None
    return after.stats_["knockouts"] > before.stats_["knockouts"]


ODDS = (
    Odds("expected damage", damage, expected=True),
    Odds("to defeat", defeats),
    Odds("to knock out", knocks_out),
)
