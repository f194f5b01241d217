"""Chess movement on a Grid, for designs that move pieces as chess does: the rays of the
sliding pieces, the king's and knight's steps, pawn pushes and captures, the squares a piece
threatens (where it could capture under chess rules, whatever stands there) and threat maps.

Boards are flat sequences indexed by square, with one value meaning "empty" (the caller's, -1
by default), so a game keeps whatever it stores per square. Rays are worked out once per grid
and kind; a `reach` caps how far any piece moves or threatens (a one-square limit, say).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from .grid import BISHOP as BISHOP_STEPS
from .grid import KING as KING_STEPS
from .grid import KNIGHT as KNIGHT_STEPS
from .grid import ROOK as ROOK_STEPS
from .grid import Grid

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = "P", "N", "B", "R", "Q", "K"
KINDS = (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING)
SLIDERS = frozenset((BISHOP, ROOK, QUEEN))
_DIRECTIONS = {
    KNIGHT: KNIGHT_STEPS,
    BISHOP: BISHOP_STEPS,
    ROOK: ROOK_STEPS,
    QUEEN: KING_STEPS,
    KING: KING_STEPS,
}


class ChessMoves:
    """The chess geometry of one grid. `rays(kind, sq)` lists, per direction, the squares
    outward from `sq` (one square for a knight or king); pawns move by `forward`, +1 up the
    board (towards higher rows) or -1 down it."""

    __slots__ = ("grid", "_rays", "_pawn_hits")

    def __init__(self, grid: Grid):
        self.grid = grid
        self._rays = {}
        for kind, deltas in _DIRECTIONS.items():
            one = kind not in SLIDERS
            self._rays[kind] = tuple(
                tuple(r for r in (_ray(grid, sq, d, one) for d in deltas) if r)
                for sq in range(len(grid))
            )
        self._pawn_hits = {
            f: tuple(tuple(grid.steps(sq, ((-1, f), (1, f)))) for sq in range(len(grid)))
            for f in (1, -1)
        }

    def rays(self, kind: str, sq: int) -> tuple[tuple[int, ...], ...]:
        """The squares a `kind` on `sq` looks along, one tuple per direction (not pawns)."""
        return self._rays[kind][sq]

    def pawn_captures(self, sq: int, forward: int) -> tuple[int, ...]:
        """The two forward diagonals of a pawn (fewer at the board's edge)."""
        return self._pawn_hits[forward][sq]

    def pawn_pushes(
        self, sq: int, forward: int, board: Sequence, *, double: bool, empty=-1
    ) -> list[int]:
        """A pawn's non-capturing moves: one square forward if it is empty and, with
        `double`, two if both are."""
        one = self.grid.offset(sq, 0, forward)
        if one is None or board[one] != empty:
            return []
        two = self.grid.offset(one, 0, forward) if double else None
        return [one] if two is None or board[two] != empty else [one, two]

    def threats(
        self,
        kind: str,
        sq: int,
        board: Sequence,
        *,
        forward: int = 1,
        empty=-1,
        reach: int | None = None,
    ) -> list[int]:
        """The squares a piece threatens: where it could capture under chess rules, whatever
        stands there. A slider's line stops at the first piece, which it threatens."""
        if kind == PAWN:
            return list(self._pawn_hits[forward][sq])
        out = []
        for ray in self._rays[kind][sq]:
            for i, to in enumerate(ray):
                if reach is not None and i >= reach:
                    break
                out.append(to)
                if board[to] != empty:
                    break
        return out

    def slides(
        self, kind: str, sq: int, board: Sequence, *, empty=-1, reach: int | None = None
    ) -> list[tuple[int, int | None]]:
        """Per direction, (the empty squares a piece may move to, the square of the first
        piece in the way or None): a knight or king has rays of one square."""
        out = []
        for ray in self._rays[kind][sq]:
            free = []
            hit = None
            for i, to in enumerate(ray):
                if reach is not None and i >= reach:
                    break
                if board[to] != empty:
                    hit = to
                    break
                free.append(to)
            out.append((free, hit))
        return out


def _ray(grid: Grid, sq: int, delta: tuple[int, int], one: bool) -> tuple[int, ...]:
    if one:
        to = grid.offset(sq, *delta)
        return () if to is None else (to,)
    return tuple(grid.slide(sq, delta))


@lru_cache(maxsize=16)
def chess_moves(grid: Grid) -> ChessMoves:
    """The chess geometry of `grid`, built once."""
    return ChessMoves(grid)


def threat_map(
    moves: ChessMoves,
    pieces: Iterable[tuple[str, int, int]],
    board: Sequence,
    *,
    empty=-1,
    reach: int | None = None,
) -> list[int]:
    """How many of `pieces`, given as (kind, square, forward), threaten each square."""
    counts = [0] * len(moves.grid)
    for kind, sq, forward in pieces:
        for to in moves.threats(kind, sq, board, forward=forward, empty=empty, reach=reach):
            counts[to] += 1
    return counts
