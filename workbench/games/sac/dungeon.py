"""The poker-deck dungeon generator (rules.md sections 2, 3.1-3.5 and 7), one card at a time.

`Builder` is the algorithm of section 7 written as a machine that asks for one card at a
time (`need` is the pile it wants, 1 or 2) and is fed the card drawn (`feed`), so that the
same code builds a whole dungeon at once (generate.py), a dungeon step by step in a match
(every card a chance point), and the rules file's worked example from fixed piles. Every card
fed leaves a `Note`: the rule that handled it, where it went and which directions were refused
and why.

The card rules are in the parts `Builder` combines: corridors (R-3 to R-6) in corridors.py,
rooms (R-7 to R-10) in rooms.py; the machine, placement (R-1, R-2), segments and enemies
(R-12), stalls (R-14a) and reading the result are here.

Coordinates are the rules file's: (x, y), x to the right and y growing downward, (0, 0) the
top-left cell of a W x H table.
"""

from __future__ import annotations

import copy

from . import cards52 as C
from .corridors import Corridors
from .piles import Pile, piles_for
from .records import Door, Note, Placed, Segment
from .rooms import Rooms
from .table import (
    CCW,
    CW,
    DEFAULT_TABLE,
    DELTA,
    DIRS,
    STARTS,
    WORD,
    Config,
    check_dir_table,
    rot,
    sense_of,
    square_name,
)

# The names of the table, the piles and the records are read from here too (the catalog, the
# rules, the batch player and the generator's tests import them with the builder).
__all__ = [
    "CCW",
    "CW",
    "DEFAULT_TABLE",
    "DELTA",
    "DIRS",
    "STARTS",
    "WORD",
    "Builder",
    "Config",
    "Door",
    "Note",
    "Pile",
    "Placed",
    "Segment",
    "check_dir_table",
    "piles_for",
    "rot",
    "sense_of",
    "square_name",
]


class Builder(Corridors, Rooms):
    """The dungeon under construction; see the module doc. `mode` is "generator" (R-14: doors
    open by themselves, first in first out) or "game" (R-15: a door opens when `open_door` is
    called)."""

    def __init__(self, cfg: Config, pile1: Pile, pile2: Pile, mode: str = "generator"):
        self.cfg = cfg
        self.piles = {1: pile1, 2: pile2}
        self.mode = mode
        self.cells: dict[tuple[int, int], Placed] = {}
        self.doors: list[Door] = []
        self.segs: list[Segment] = []
        self.counters: list[tuple[tuple[int, int], str]] = []  # (cell, enemy card)
        self.discards: list[str] = []
        self.notes: list[Note] = []
        self.cur: Segment | None = None
        self.finished = False
        self.stalled = False
        self.last_room: tuple[int, int] | None = None  # last room or ace card placed
        # The last non-door card of the segments ended so far (R-12's "segment before it").
        self.prev_nd: tuple[int, int] | None = None
        self.retried: set[int] = set()  # dead-end segments already resumed (stall = reshuffle)
        self.need: int | None = None
        self._new_segment("corridor", -1, None, None, None, first=True)
        self.advance()

    def __deepcopy__(self, memo):
        # The rules try a card on a copy to say where it would go, and a logged match keeps
        # copies of the state; a generic deep copy was most of a logged game's time. What a
        # step changes is copied (piles, doors, segments and every list); cards, squares,
        # notes and placed cells (a cell's door is set in the step that places it) are never
        # changed once their step is over, so the copy shares them.
        new = Builder.__new__(Builder)
        new.__dict__.update(self.__dict__)
        new.piles = {k: copy.deepcopy(p, memo) for k, p in self.piles.items()}
        new.cells = dict(self.cells)
        new.doors = [copy.copy(d) for d in self.doors]

        def twin(seg):
            made = copy.copy(seg)
            made.cells, made.pending = list(seg.cells), list(seg.pending)
            return made

        segs = {id(seg): twin(seg) for seg in self.segs}
        new.segs = list(segs.values())
        if self.cur is not None:
            new.cur = segs[id(self.cur)] if id(self.cur) in segs else twin(self.cur)
        new.counters, new.discards = list(self.counters), list(self.discards)
        new.notes, new.retried = list(self.notes), set(self.retried)
        return new

    # -- what the table looks like -----------------------------------------------------
    def inside(self, p) -> bool:
        return 0 <= p[0] < self.cfg.width and 0 <= p[1] < self.cfg.height

    def name_of(self, p) -> str:
        return square_name(p[0], p[1], self.cfg.height)

    def closed_doors(self) -> list[Door]:
        return [d for d in self.doors if not d.open]

    # -- the card it waits for -------------------------------------------------------------
    def advance(self) -> None:
        """Take every step that draws no card (a pile run out, a door opened in generator
        mode, a stall) until a card is needed (`need` = its pile) or nothing is (None)."""
        while True:
            seg = self.cur
            if seg is not None:
                pile = self.piles[seg.pile]
                if len(pile) and not self._only_recycled(seg, pile):
                    self.need = seg.pile
                    return
                self._pile_empty(seg)
                continue
            self.need = None
            if self.finished:
                return
            if not self.piles[2]:
                self.finished = True
                self._note("", 2, "R-11", "pile 2 is empty: the dungeon is complete")
                return
            closed = self.closed_doors()
            if closed:
                if self.mode == "game":
                    return
                self.open_door(closed[0] if self.cfg.door_order == "fifo" else closed[-1])
                continue
            self._stall()

    def _only_recycled(self, seg: Segment, pile: Pile) -> bool:
        # R-3 sends doors drawn before the first number card under pile 1; a pile holding
        # nothing else would send them round for ever, so it counts as run out.
        return (
            seg.first
            and seg.last is None
            and not pile.top
            and not pile.deck
            and all(C.role(c, self.cfg.suits) == C.DOOR for c in pile.bottom)
        )

    def feed(self, card: str) -> Note:
        """Handle one card drawn from pile `need`; returns its note."""
        if self.need is None:
            raise ValueError("the generator is not waiting for a card")
        self.piles[self.need].take(card)
        seg = self.cur
        if seg.kind == "corridor":
            self._corridor_card(seg, card)
        elif seg.kind == "room":
            self._room_card(seg, card)
        else:
            self._stall_card(card)
        note = self.notes[-1]
        self.advance()
        return note

    def open_door(self, door: Door) -> Note:
        """R-13: a closed door opens (it is shot, or generator mode opens it) and building
        goes on behind it."""
        door.open = True
        seg = self.segs[door.seg]
        if door.leads_to == "corridor":
            new = self._new_segment("corridor", seg.id, door.pos, door.dir, None)
            rule = "R-4"
            text = (
                f"door {C.name(door.card)} on {self.name_of(door.pos)} opens: a corridor "
                f"goes {WORD[door.dir]} behind it"
            )
        else:
            new = self._new_segment("room", seg.id, door.pos, door.dir, CW)
            rule = "R-5"
            text = (
                f"door {C.name(door.card)} on {self.name_of(door.pos)} opens: a room "
                f"begins {WORD[door.dir]} of it, turning clockwise (the door is red)"
            )
        note = self._note("", new.pile, rule, text, door.pos, new.id)
        if self.mode == "game":
            self.advance()
        return note

    # -- segments ------------------------------------------------------------------------
    def _new_segment(self, kind, parent, anchor, direction, sense, first=False) -> Segment:
        seg = Segment(len(self.segs), kind, parent, anchor, direction, sense, first=first)
        self.segs.append(seg)
        self.cur = seg
        return seg

    def _end(self, seg: Segment, why: str) -> None:
        """R-12: the segment's enemies become counters on its last non-door card."""
        seg.ended = why
        if seg.pending:
            where = self._counter_cell(seg)
            for card in seg.pending:
                self.counters.append((where, card))
            seg.pending = []
        if seg.last is not None:
            self.prev_nd = seg.last
        if self.cur is seg:
            self.cur = None

    def _counter_cell(self, seg: Segment) -> tuple[int, int]:
        # the last non-door card of the segment, else the last one an earlier segment
        # placed (in the order they were built, not along the path), else the start cell.
        return seg.last or self.prev_nd or self.cfg.start_cell()

    def _enemy(self, seg: Segment, card: str, rule: str) -> None:
        if self.cfg.counter_timing == "immediate" and seg.last is not None:
            self.counters.append((seg.last, card))
            self._note(
                card,
                seg.pile,
                "R-12",
                f"{C.name(card)} is an enemy: its counter goes "
                f"on {self.name_of(seg.last)} at once (counter_timing = immediate)",
                seg.last,
                seg.id,
            )
            return
        seg.pending.append(card)
        self._note(
            card,
            seg.pile,
            rule,
            f"{C.name(card)} is an enemy: set aside, its counter "
            "goes on the segment's last card when the segment ends",
            None,
            seg.id,
        )

    # -- R-1 placement ---------------------------------------------------------------------
    def _place(self, seg: Segment, anchor, want: str, sense: str):
        """R-1, with R-2's backtrack variant: ((cell, dir, anchor used), refusals) or
        (None, refusals)."""
        anchors = [anchor]
        if self.cfg.dead_end == "backtrack" or seg.backtrack_from:
            extra = list(seg.backtrack_from) or [
                c for c in reversed(seg.cells) if self.cells[c].role != C.DOOR
            ]
            anchors += [c for c in extra if c != anchor]
        refused = []
        for a in anchors:
            if a is None:  # nothing placed yet: the start cell itself (first corridor empty)
                start = self.cfg.start_cell()
                if start not in self.cells:
                    return (start, want, None), refused
                continue
            for k in range(4):
                d = rot(want, sense, k)
                p = (a[0] + DELTA[d][0], a[1] + DELTA[d][1])
                if not self.inside(p):
                    refused.append(f"{WORD[d]} of {self.name_of(a)} is off the table")
                elif p in self.cells:
                    refused.append(
                        f"{WORD[d]} of {self.name_of(a)} ({self.name_of(p)}) holds "
                        f"{C.name(self.cells[p].card)}"
                    )
                else:
                    return (p, d, a), refused
        return None, refused

    def _put(self, seg, card, p, d, origin, rule, role=None) -> Placed:
        role = role or C.role(card, self.cfg.suits)
        placed = Placed(card, role, seg.id, d, len(self.cells), rule, origin)
        self.cells[p] = placed
        seg.cells.append(p)
        if role != C.DOOR:
            seg.last = p
            if role in (C.ROOM, *C.ACES):
                self.last_room = p
        return placed

    def _put_door(self, seg, card, p, d, origin, rule, leads_to) -> None:
        placed = self._put(seg, card, p, d, origin, rule, C.DOOR)
        placed.door = len(self.doors)
        self.doors.append(Door(p, d, card, seg.id, leads_to))

    def _where(self, card, p, d, want, refused, rule_why) -> str:
        text = f"{C.name(card)} goes on {self.name_of(p)}, {WORD[d]}"
        if d != want or refused:
            text += f" (wanted {WORD[want]}: " + "; ".join(refused) + ")"
        return text + f"; {rule_why}"

    def _blocked(self, seg, card, refused, rule) -> None:
        self.discards.append(card)
        self._note(
            card,
            seg.pile,
            "R-2",
            f"{C.name(card)} has nowhere to go ("
            + "; ".join(refused)
            + f"): discarded, and the {seg.kind} ends in a dead "
            f"end ({rule})",
            None,
            seg.id,
        )
        self._end(seg, "dead end")

    # -- R-14a stalls ----------------------------------------------------------------------
    def _stall(self) -> None:
        """Every branch is closed while pile 2 still holds cards."""
        if self.cfg.stall == "reshuffle":
            for seg in reversed(self.segs):
                if seg.ended == "dead end" and seg.id not in self.retried and seg.cells:
                    self.retried.add(seg.id)
                    # Its cells, most recent first, then those of the segments it grew from.
                    cells, back = [], seg
                    while back is not None:
                        cells += [c for c in reversed(back.cells) if self.cells[c].role != C.DOOR]
                        back = self.segs[back.parent] if back.parent >= 0 else None
                    if not cells:
                        continue
                    room = self._new_segment(
                        "room", seg.id, cells[0], self.cells[cells[0]].dir or "L", seg.sense or CW
                    )
                    room.backtrack_from = tuple(cells)
                    self._note(
                        "",
                        2,
                        "A-31",
                        f"every branch is closed: building starts again "
                        f"from the dead end at {self.name_of(cells[0])}, trying each cell "
                        "back along the way it was built (stall = reshuffle)",
                        cells[0],
                        room.id,
                    )
                    return
        self.stalled = True
        where = self.last_room or self.cfg.start_cell()
        seg = self._new_segment("stall", -1, where, None, None)
        self._note(
            "",
            2,
            "R-14a",
            f"every branch is closed with {len(self.piles[2])} cards "
            f"left in pile 2: they are drawn, enemies and Big Bads go on "
            f"{self.name_of(where)}, the rest are discarded",
            where,
            seg.id,
        )

    def _stall_card(self, card: str) -> None:
        seg = self.cur
        kind = C.role(card, self.cfg.suits)
        if kind in (C.ENEMY, C.BIG_BAD):
            self.counters.append((seg.anchor, card))
            self._note(
                card,
                2,
                "R-14a",
                f"{C.name(card)}: its counter goes on {self.name_of(seg.anchor)}",
                seg.anchor,
                seg.id,
            )
        else:
            self.discards.append(card)
            self._note(card, 2, "R-14a", f"{C.name(card)} is discarded", None, seg.id)

    # -- notes -------------------------------------------------------------------------
    def _note(self, card, pile, rule, text, pos=None, seg=-1) -> Note:
        note = Note(len(self.notes), card, pile, rule, f"{text} ({rule})", pos, seg)
        self.notes.append(note)
        return note

    # -- reading the result --------------------------------------------------------------
    def links(self) -> dict[tuple[int, int], tuple]:
        """The build path as a graph: each card is joined to the cell it was placed from,
        and an open door to what was built behind it (A-20: touching is not joining). Each
        card's neighbours are in (x, y) order, so that walks over the graph (the bots'
        shortest paths) break ties the same way wherever they run."""
        out: dict = {p: set() for p in self.cells}
        for p, placed in self.cells.items():
            if placed.origin is not None and placed.origin in out:
                out[p].add(placed.origin)
                out[placed.origin].add(p)
        return {p: tuple(sorted(near)) for p, near in out.items()}

    def text_map(self) -> list[str]:
        """The table as the rules file prints it: `.` empty, `*` after an opened door."""
        rows = []
        for y in range(self.cfg.height):
            row = []
            for x in range(self.cfg.width):
                placed = self.cells.get((x, y))
                if placed is None:
                    row.append(".")
                    continue
                text = placed.card[:-1] + placed.card[-1] if placed.card != C.JOKER else "BB"
                if placed.door >= 0 and self.doors[placed.door].open:
                    text += "*"
                row.append(text)
            rows.append(" ".join(f"{t:>4}" for t in row))
        return rows
