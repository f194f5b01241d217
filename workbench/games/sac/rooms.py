"""The rooms of the dungeon generator (rules.md R-7 to R-10): what a card drawn from pile 2
does, in the room's entry (R-8) and after its first card (R-9), and where the room turns next.

Mixed into dungeon.Builder, whose placement (R-1), segments and notes these steps use.
"""

from __future__ import annotations

from . import cards52 as C
from .records import Segment
from .table import WORD, rot, sense_of


class Rooms:
    """Mixed into the builder: the cards of a room (R-7 to R-10)."""

    def _room_card(self, seg: Segment, card: str) -> None:
        kind = C.role(card, self.cfg.suits)
        if kind in (C.ENEMY, C.BIG_BAD):
            self._enemy(seg, card, "R-8" if seg.entry else "R-9")
            return
        sense = self._sense(seg, card)
        if seg.entry:
            self._room_entry(seg, card, kind, sense)
        else:
            self._room_on(seg, card, kind, sense)

    def _room_entry(self, seg: Segment, card: str, kind: str, sense: str) -> None:
        """R-8: the room's first card, or a door before it (the next card tries the same
        cell's next side, A-9)."""
        want = seg.dir
        spot, refused = self._place(seg, seg.anchor, want, sense)
        if spot is None:
            self._blocked(seg, card, refused, "R-8")
            return
        p, d, origin = spot
        if kind == C.DOOR:
            self._put_door(seg, card, p, d, origin, "R-8", "corridor")
            seg.dir = rot(d, sense, 1)
            why = (
                f"a door before the room's first card; the next card tries "
                f"{WORD[seg.dir]} of the same cell (A-9)"
            )
        else:
            seg.entry = False
            self._put(seg, card, p, d, origin, "R-8")
            seg.dir = self._next(card, kind, d)
            why = f"the room's first card; next: {self._why_next(card, kind)}"
        self._note(card, 2, "R-8", self._where(card, p, d, want, refused, why), p, seg.id)

    def _room_on(self, seg: Segment, card: str, kind: str, sense: str) -> None:
        """R-9: the room goes on from its last card; a closed door ends it."""
        want = seg.dir
        spot, refused = self._place(seg, seg.last, want, sense)
        if spot is None:
            self._blocked(seg, card, refused, "R-9")
            return
        p, d, origin = spot
        if kind == C.DOOR:
            self._put_door(seg, card, p, d, origin, "R-9", "corridor")
            why = "a closed door ends the room; a corridor lies behind it"
        else:
            self._put(seg, card, p, d, origin, "R-9")
            seg.dir = self._next(card, kind, d)
            why = f"next: {self._why_next(card, kind)}"
        self._note(card, 2, "R-9", self._where(card, p, d, want, refused, why), p, seg.id)
        if kind == C.DOOR:
            self._end(seg, "door")

    def _sense(self, seg: Segment, card: str) -> str:
        # a room turns by its own sense; `per_card` by each card's colour.
        if seg.kind == "room" and self.cfg.rotation == "per_card":
            return sense_of(C.colour(card))
        return seg.sense

    def _next(self, card, kind, placed_dir) -> str:
        if kind in C.ACES:
            return placed_dir  # "the ace keeps the direction it was given"
        return self.cfg.direction(card, placed_dir)

    def _why_next(self, card, kind) -> str:
        if kind in C.ACES:
            return f"{WORD[self.cur.dir]} (an ace keeps its direction)"
        return f"{WORD[self.cur.dir]} ({C.number(card)} → {WORD[self.cur.dir]}, 1.4)"
