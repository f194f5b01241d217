"""A piece on the board with everything attached to it: its skill, its Leader and the Boons
and Curses on it (section 2, pieceData)."""

from __future__ import annotations

from .catalog import PIECE_NAMES


class Piece:
    """One chess piece. The king is the General (R-1.2); every other piece with its cards is an
    Army. `cards` are the Boons and Curses attached, as (card, owner seat, on the Leader);
    `granted` the Training cards whose traits and abilities it keeps; `temp` offense until end
    of turn."""

    __slots__ = (
        "id",
        "owner",
        "kind",
        "sq",
        "moved",
        "maxs",
        "cur",
        "leader",
        "ready",
        "hope",
        "cards",
        "granted",
        "temp",
        "stopped",
    )

    def __init__(self, pid: int, owner: int, kind: str, sq: int):
        self.id = pid
        self.owner = owner
        self.kind = kind
        self.sq = sq  # -1 once off the board
        self.moved = False
        self.maxs = [0, 0, 0, 0, 0]
        self.cur = [0, 0, 0, 0, 0]
        self.leader: str | None = None
        self.ready = False
        self.hope = 0
        self.cards: list[tuple[str, int, bool]] = []
        self.granted: tuple[str, ...] = ()
        self.temp = 0
        self.stopped = False

    def copy(self) -> Piece:
        p = Piece.__new__(Piece)
        p.id, p.owner, p.kind, p.sq, p.moved = self.id, self.owner, self.kind, self.sq, self.moved
        p.maxs, p.cur = self.maxs[:], self.cur[:]
        p.leader, p.ready, p.hope = self.leader, self.ready, self.hope
        p.cards, p.granted = self.cards[:], self.granted
        p.temp, p.stopped = self.temp, self.stopped
        return p

    @property
    def general(self) -> bool:
        return self.kind == "K"

    @property
    def alive(self) -> bool:
        return self.sq >= 0

    @property
    def name(self) -> str:
        return PIECE_NAMES[self.kind]

    def rest(self) -> None:
        """R-8: every domain back to max, the Leader ready."""
        self.cur[:] = self.maxs
        if self.leader is not None:
            self.ready = True

    def __repr__(self) -> str:
        return f"<{self.name} of seat {self.owner + 1} on {self.sq}>"
