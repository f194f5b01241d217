"""What the step-through view shows before a roll (GameSpec.odds), beyond the roll's own
chance to win: how likely a cavalry army is to win by enough to charge on (R-22).

A measure reads the position at the roll, the (attack, defence) results and the position
after; None means "not this kind of roll".
"""

from __future__ import annotations

from ...core import Odds
from .combat import SLIDERS


def charges_on(before, outcome, after, seat) -> bool | None:
    """R-22: a cavalry slider's melee attack won by more than 2 may charge on."""
    c = before.combat
    if before.rolling != "attack" or c is None or c.kind != "melee":
        return None
    att = before.pieces[c.attacker]
    if att.kind not in SLIDERS or "cavalry" not in before.traits(att) or before.weather():
        return None
    if before.pieces[c.defender].kind == "K":
        return None  # a beaten General stays: the charge stops short
    a, d = outcome
    return a - d > 2


ODDS = (Odds("to charge on", charges_on),)
