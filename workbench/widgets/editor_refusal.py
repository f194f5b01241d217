"""A change the card editor refused, and its reason in the words shown at the cell."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..cards import CardDataError, CardSet, Problem
from .editor_grid import plain

# How many problems a rejection spells out at the cell before it says "and N more".
SHOWN = 3


@dataclass(frozen=True)
class Rejection:
    """A change that was refused: where it was aimed and why, for showing at that cell."""

    action: str  # edit, add, duplicate, delete
    table: str
    card: str | None
    column: str | None
    value: object
    reason: str
    problems: tuple[Problem, ...] = ()

    def to_dict(self) -> dict:
        return {
            "action": self.action,
            "table": self.table,
            "card": self.card,
            "column": self.column,
            "value": plain(self.value),
            "reason": self.reason,
        }


def refusal_reason(
    cards: CardSet, err: CardDataError, table: str, card: str | None, column: str | None
) -> str:
    """The problems of a change to `cards` in plain words; those about the edited cell without
    its address, since it is shown at that cell."""
    line = None
    if card is not None and table in cards.specs:
        try:
            line = cards.index(table, card) + 2
        except CardDataError:
            pass
    parts = []
    for p in err.problems:
        here = (
            p.message is None
            and p.table == table
            and p.column == column
            and column is not None
            and p.row in (line, None)
        )
        if here:
            short = str(replace(p, file=None, table=None, row=None, card=None, column=None))
            parts.append(short[:1].upper() + short[1:])
        else:
            parts.append(str(p))
    if len(parts) > SHOWN:
        parts = parts[:SHOWN] + [f"... and {len(parts) - SHOWN} more"]
    return "\n".join(parts) or str(err)
