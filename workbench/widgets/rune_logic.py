"""The rune explorer's logic: runes picked into slots, and what that combination is.

Plain Python over the Rune System's Runebook, so it is tested without a browser; the widget
(rune_explorer.py) only sends `view()` and forwards picks.
"""

from __future__ import annotations

from fractions import Fraction

from ..games.rune_system.cards import KINDS
from ..games.rune_system.spells import MODELS, Runebook


def percent(share: Fraction) -> str:
    """A share as a percentage people read: 49%, 12.5%."""
    value = round(float(share) * 100, 1)
    return f"{value:g}%"


def number(value: Fraction) -> str:
    value = round(float(value), 1)
    return f"{value:g}"


class ExplorerSession:
    """Runes in slots (as many slots as the rules give), picked and emptied one at a time."""

    def __init__(self, cards, runes=()):
        self.book = Runebook(cards)
        self.version = getattr(cards, "version", 0)
        self.slots: list[str | None] = [None] * self.book.rules.slots
        self.note = ""
        for rune in runes:
            self.pick(rune)

    # -- changes ----------------------------------------------------------------------------
    def pick(self, rune: str) -> None:
        """Put `rune` in the first empty slot."""
        if rune not in self.book.same:
            raise ValueError(f"{rune!r} is not a rune; the runes are {', '.join(self.book.same)}")
        if None not in self.slots:
            raise ValueError(f"all {len(self.slots)} slots are full: empty one first")
        self.slots[self.slots.index(None)] = rune
        self.note = ""

    def clear(self, index: int) -> None:
        """Empty slot `index` (0-based); the runes after it move up."""
        if not 0 <= index < len(self.slots):
            raise ValueError(f"there is no slot {index + 1}; there are {len(self.slots)}")
        picked = [r for i, r in enumerate(self.slots) if r is not None and i != index]
        self.slots = picked + [None] * (len(self.slots) - len(picked))
        self.note = ""

    def reset(self) -> None:
        self.slots = [None] * len(self.slots)
        self.note = ""

    def rebind(self, cards) -> None:
        """New cards (an edit in the card editor): keep the picks that are still runes and
        still fit the slots, and say what was dropped."""
        self.book = Runebook(cards)
        self.version = getattr(cards, "version", self.version)
        kept, dropped = [], []
        for rune in (r for r in self.slots if r is not None):
            if rune in self.book.same and len(kept) < self.book.rules.slots:
                kept.append(rune)
            else:
                dropped.append(rune)
        self.slots = kept + [None] * (self.book.rules.slots - len(kept))
        self.note = (
            f"Cards changed: {', '.join(dropped)} dropped (no longer a rune, or no "
            "slot left for it)"
            if dropped
            else ""
        )

    # -- what the view shows ---------------------------------------------------------------
    @property
    def picked(self) -> list[str]:
        return [r for r in self.slots if r is not None]

    def result(self) -> dict | None:
        """The picked combination: its spell or 'not designed yet', whether it is valid and
        why, its essence cost and the damage the caster takes after casting it."""
        if not self.picked:
            return None
        book, r = self.book, self.book.rules
        cast = book.cast(self.picked)
        valid = cast.verdict.valid
        spell = cast.spell
        status = ("designed" if spell else "not designed yet") if valid else "not valid"
        aliases = [f"{x} is {book.aliases[x]}" for x in self.picked if x in book.aliases]
        parts = " + ".join(f"{x} {book.essence[x]}" for x in cast.runes)
        modifiers = sum(book.kind[x] == "modifier" for x in cast.runes)
        extra = (
            [
                f"{len(cast.runes) - 1} more rune{'s' if len(cast.runes) > 2 else ''} "
                f"+{r.rune_surcharge * (len(cast.runes) - 1)}%"
            ]
            if len(cast.runes) > 1
            else []
        )
        if modifiers:
            extra.append(
                f"{modifiers} modifier{'s' if modifiers > 1 else ''} "
                f"+{r.modifier_surcharge * modifiers}%"
            )
        formula = (
            f"{parts} = {number(cast.essence)}"
            + (f" × {percent(cast.multiplier)} ({', '.join(extra)})" if extra else "")
            + (f" = {number(cast.cost)}" if extra else "")
        )
        return {
            "runes": book.label(cast.runes),
            "aliases": aliases,
            "status": status,
            "valid": valid,
            "rule": cast.verdict.rule,
            "reason": cast.verdict.reason,
            "spell": None if spell is None else {"name": spell.name, "effect": spell.effect},
            "also": [s.name for s in cast.spells[1:]],
            "cost": number(cast.cost),
            "bar_share": percent(cast.cost / r.essence_bar),
            "formula": formula,
            "affordable": cast.affordable,
            "debuffs": cast.debuffs,
            "damage": {m: percent(cast.damage[m]) for m in MODELS},
            "models": {
                "tiered": f"{cast.debuffs} of {r.sections} sections spent: {cast.debuffs} "
                f"debuff{'' if cast.debuffs == 1 else 's'} × +{r.debuff}%",
                "proportional": f"{percent(cast.spent)} spent × {r.proportional}%",
            },
        }

    def view(self) -> dict:
        book = self.book
        runes = [
            {
                "name": n,
                "kind": book.kind[n],
                "alias_of": book.aliases.get(n),
                "essence": book.essence[book.same[n]],
            }
            for n in book.same
        ]
        return {
            "kinds": list(KINDS),
            "runes": sorted(runes, key=lambda x: KINDS.index(x["kind"])),
            "slots": list(self.slots),
            "result": self.result(),
            "essence_bar": book.rules.essence_bar,
            "note": self.note,
            "version": self.version,
        }
