"""What the dungeon generator records as it deals (dungeon.Builder): each card placed, each
door, each segment (a corridor, a room or a stall) and the note every step leaves."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Placed:
    card: str
    role: str
    seg: int
    dir: str | None  # the direction it was placed in (None: the start cell)
    order: int
    rule: str
    origin: tuple[int, int] | None  # the cell it was placed from (the build path)
    door: int = -1  # index in Builder.doors


@dataclass(slots=True)
class Door:
    pos: tuple[int, int]
    dir: str
    card: str
    seg: int
    leads_to: str  # "room" (ended a corridor) or "corridor" (ended or opened a room)
    open: bool = False


@dataclass(slots=True)
class Segment:
    id: int
    kind: str  # "corridor", "room" or "stall"
    parent: int  # the segment it grew from (-1 for the first corridor)
    anchor: tuple[int, int] | None
    dir: str | None  # corridor direction / room heading or next direction
    sense: str | None
    first: bool = False  # the first corridor of the game
    colour: str | None = None
    cells: list = field(default_factory=list)  # every cell it placed, doors included
    last: tuple[int, int] | None = None  # last non-door cell
    entry: bool = True  # rooms: still in the entry phase
    pending: list = field(default_factory=list)  # enemy cards waiting for R-12
    ended: str = ""  # why it ended: "door", "shift", "dead end", "pile empty"
    backtrack_from: tuple = ()  # stall = reshuffle: anchors to try for the entry

    @property
    def pile(self) -> int:
        return 1 if self.kind == "corridor" else 2


@dataclass(slots=True)
class Note:
    """What one card (or one automatic step) did: the step-through's line and the frame's
    row."""

    step: int
    card: str  # "" for a step that draws no card (a door opened, a pile run out)
    pile: int
    rule: str
    text: str
    pos: tuple[int, int] | None = None
    seg: int = -1
