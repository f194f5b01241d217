"""What the step-through view shows before a draw (GameSpec.odds): how likely the card is a
character, and a card its player could pay for with the bank as it stands. Both read only
the drawing seat's own deck and bank, which that seat knows (R-3)."""

from __future__ import annotations

from ...core import Odds


def _own_draw(before, seat) -> bool:
    return before.wait is not None and before.wait[0] == "draw" and before.wait[1] == seat


def a_character(before, card, after, seat) -> bool | None:
    if not _own_draw(before, seat):
        return None
    return before.cat.cards[card].type == "character"


def payable_now(before, card, after, seat) -> bool | None:
    if not _own_draw(before, seat):
        return None
    d = before.cat.cards[card]
    if d.type == "surprise" and d.cost.stars:
        return before.prod_left > d.cost.stars
    rows = [before.row(n) for n in before.zones[seat, "bank"]]
    from .costs import covers

    return any(covers(rows, c, before.rule("loc.payment")) for c in before.costs_of(card))


ODDS = (
    Odds("to draw a character", a_character),
    Odds("to draw a card the bank can pay for now", payable_now),
)
