"""What the step-through view shows before a roll (GameSpec.odds): whether a Refresh will let
the character pay the dice of the cards its player holds for it.

The measure reads the position at the roll, the dice rolled and the position after; the view
weighs it over every roll. None means "not this kind of roll" (or no such card in hand).
"""

from __future__ import annotations

from ...core import Odds
from .notation import can_pay


def pays_its_cards(before, rolled, after, seat) -> bool | None:
    """After a Refresh roll (R-16), keeping the best dice: can the character pay the dice of
    every card in its player's hand it could play? Reads only that player's own hand."""
    what, ci = before.wait[2]
    if what != "refresh":
        return None
    c = after.chars[ci]
    needs = [
        src.cost.dice
        for src in map(after.cat.cards.__getitem__, after.players[c.seat].hand)
        if src.cost.dice
        and (src.character or c.d.name) == c.d.name
        and (not src.traits or src.traits & c.d.traits)
    ]
    if not needs:
        return None
    kept = sorted(c.dice, reverse=True)[: c.d.pool.size]
    return all(can_pay(kept, need) for need in needs)


ODDS = (Odds("to pay the dice of every card it holds", pays_its_cards),)
