"""The corridors of the dungeon generator (rules.md R-3 to R-6): what a card drawn from pile 1
does, the colour shift that ends a corridor and the pile running out.

Mixed into dungeon.Builder, whose placement (R-1), segments and notes these steps use.
"""

from __future__ import annotations

from . import cards52 as C
from .records import Segment
from .table import CCW, CW, WORD, sense_of


class Corridors:
    """Mixed into the builder: the cards of a corridor (R-3 to R-6)."""

    def _corridor_card(self, seg: Segment, card: str) -> None:
        kind = C.role(card, self.cfg.suits)
        if kind in (C.ENEMY, C.BIG_BAD):
            self._enemy(seg, card, "R-5")
            return
        here = seg.last or seg.anchor
        if kind == C.DOOR:
            self._corridor_door(seg, card, here)
            return
        colour = C.colour(card)
        if seg.first and seg.last is None:
            self._corridor_start(seg, card, colour)
            return
        if seg.colour is None:
            seg.colour = colour
            if self.cfg.corridor_dir == "first_card_each" or seg.dir is None:
                seg.dir = self.cfg.direction(card, seg.dir)
        elif colour != seg.colour:
            self._shift(seg, card, here)
            return
        self._corridor_on(seg, card, here)

    def _corridor_door(self, seg: Segment, card: str, here) -> None:
        """R-3: a door before the first corridor card goes under pile 1; R-5: else a closed
        door ends the corridor."""
        if seg.first and seg.last is None:
            self.piles[1].bottom.append(card)
            self._note(
                card,
                1,
                "R-3",
                f"{C.name(card)} is a door before the first "
                "corridor card: it goes to the bottom of pile 1",
            )
            return
        sense = sense_of(seg.colour) if seg.colour else CW
        spot, refused = self._place(seg, here, seg.dir, sense)
        if spot is None:
            self._blocked(seg, card, refused, "R-5")
            return
        p, d, origin = spot
        self._put_door(seg, card, p, d, origin, "R-5", "room")
        self._note(
            card,
            1,
            "R-5",
            self._where(
                card,
                p,
                d,
                seg.dir,
                refused,
                "a closed door ends the corridor; a room lies behind it",
            ),
            p,
            seg.id,
        )
        self._end(seg, "door")

    def _corridor_start(self, seg: Segment, card: str, colour: str) -> None:
        """R-3: the first number card starts the dungeon on the start cell."""
        start = self.cfg.start_cell()
        seg.colour, seg.dir = colour, self.cfg.direction(card, None)
        self._put(seg, card, start, None, None, "R-3")
        self._note(
            card,
            1,
            "R-3",
            f"{C.name(card)} starts the dungeon on "
            f"{self.name_of(start)}: the corridor is {colour} and goes "
            f"{WORD[seg.dir]} ({C.number(card)} → {WORD[seg.dir]})",
            start,
            seg.id,
        )

    def _corridor_on(self, seg: Segment, card: str, here) -> None:
        """R-5: a card of the corridor's colour goes on, straight unless blocked."""
        want = seg.dir
        spot, refused = self._place(seg, here, want, sense_of(seg.colour))
        if spot is None:
            self._blocked(seg, card, refused, "R-5")
            return
        p, d, origin = spot
        seg.dir = d  # straight on unless a blocked cell turned it
        self._put(seg, card, p, d, origin, "R-5")
        self._note(
            card,
            1,
            "R-5",
            self._where(
                card,
                p,
                d,
                want,
                refused,
                f"{seg.colour} corridor, turning {sense_of(seg.colour)} when blocked",
            ),
            p,
            seg.id,
        )

    def _shift(self, seg: Segment, card: str, here) -> None:
        """R-5: a card of the other colour ends the corridor; a room starts at once."""
        sense = sense_of(C.colour(card))
        if self.cfg.shift_card == "place":
            spot, refused = self._place(seg, here, seg.dir, sense_of(seg.colour))
            if spot is not None:
                p, d, origin = spot
                seg.dir = d
                self._put(seg, card, p, d, origin, "R-5")
                here = p
                text = self._where(
                    card,
                    p,
                    d,
                    d,
                    refused,
                    "the colour shift is placed as the corridor's last card (shift_card = place)",
                )
            else:
                self.discards.append(card)
                text = f"{C.name(card)} shifts the colour but has nowhere to go: discarded"
        else:
            self.discards.append(card)
            text = f"{C.name(card)} shifts the colour: discarded (A-5)"
        room = self._room_after(seg, here, seg.dir, sense, "shift")
        self._note(
            card,
            1,
            "R-5",
            f"{text}; the corridor ends and a room starts from "
            f"{self.name_of(here) if here else 'the start'} heading {WORD[seg.dir]}, "
            f"turning {sense} ({C.colour(card)} card)",
            None,
            room.id,
        )

    def _pile_empty(self, seg: Segment) -> None:
        if seg.kind == "corridor":
            # as if a card of the other colour had shifted it; no colour counts as black.
            sense = CCW if seg.colour == "red" else CW
            here = seg.last or seg.anchor
            room = self._room_after(seg, here, seg.dir or "L", sense, "pile empty")
            self._note(
                "",
                1,
                "R-6",
                f"pile 1 is empty: the corridor ends and a room starts "
                f"heading {WORD[seg.dir or 'L']}, turning {sense}",
                None,
                room.id,
            )
            return
        self._end(seg, "pile empty")
        if seg.kind == "room":
            self._note(
                "",
                2,
                "R-11",
                "pile 2 is empty: the room and the dungeon are complete",
                None,
                seg.id,
            )
        self.finished = True

    def _room_after(self, seg: Segment, anchor, heading, sense, why: str) -> Segment:
        self._end(seg, why)
        return self._new_segment("room", seg.id, anchor, heading, sense)
