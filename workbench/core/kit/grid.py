"""A square grid: squares numbered sq = width * y + x (a1 = 0, bottom left), names as people
write them ("c4"), and the moves board games share: steps, slides, jumps, the squares between
two squares, and line of sight past blocked squares.

Squares are plain ints so positions copy cheaply; the grid itself never changes.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from functools import lru_cache

FILES = "abcdefghijklmnopqrstuvwxyz"

KING = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
ROOK = KING[:4]
BISHOP = KING[4:]
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


class Grid:
    __slots__ = ("width", "height", "names", "_index")

    def __init__(self, width: int, height: int):
        if not (1 <= width <= len(FILES) and height >= 1):
            raise ValueError(
                f"a grid is 1 to {len(FILES)} squares wide and at least 1 high, "
                f"not {width} x {height}"
            )
        self.width = width
        self.height = height
        self.names = tuple(f"{FILES[sq % width]}{sq // width + 1}" for sq in range(width * height))
        self._index = {name: sq for sq, name in enumerate(self.names)}

    def __len__(self) -> int:
        return self.width * self.height

    def __repr__(self) -> str:
        return f"Grid({self.width}, {self.height})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Grid) and (self.width, self.height) == (other.width, other.height)

    def __hash__(self) -> int:
        return hash((self.width, self.height))

    # -- naming ----------------------------------------------------------------------
    def name(self, sq: int) -> str:
        return self.names[sq]

    def square(self, name: str) -> int:
        """The square called `name` ("c4"), or ValueError listing the board's extent."""
        sq = self._index.get(name.strip().lower()) if isinstance(name, str) else None
        if sq is None:
            raise ValueError(
                f"{name!r} is not a square of this {self.width} x {self.height} "
                f"board (a1 to {self.names[-1]})"
            )
        return sq

    def xy(self, sq: int) -> tuple[int, int]:
        return sq % self.width, sq // self.width

    def at(self, x: int, y: int) -> int | None:
        """The square at column x, row y (from 0), or None off the board."""
        if 0 <= x < self.width and 0 <= y < self.height:
            return y * self.width + x
        return None

    def offset(self, sq: int, dx: int, dy: int) -> int | None:
        return self.at(sq % self.width + dx, sq // self.width + dy)

    def row(self, y: int) -> tuple[int, ...]:
        return tuple(range(y * self.width, (y + 1) * self.width))

    # -- moves -------------------------------------------------------------------------
    def steps(self, sq: int, deltas: Iterable[tuple[int, int]]) -> list[int]:
        """One step along each delta that stays on the board (a king's move with KING)."""
        out = []
        for dx, dy in deltas:
            to = self.offset(sq, dx, dy)
            if to is not None:
                out.append(to)
        return out

    jumps = steps  # a jump lands where a step would, whatever lies between (KNIGHT)

    def slide(
        self, sq: int, delta: tuple[int, int], stop: Container[int] | Callable[[int], bool] = ()
    ) -> list[int]:
        """Squares along `delta` until the board's edge or the first square in `stop`,
        which is included (whether it can be entered, e.g. captured, is the rules' call)."""
        blocked = stop if callable(stop) else stop.__contains__
        out = []
        to = self.offset(sq, *delta)
        while to is not None:
            out.append(to)
            if blocked(to):
                break
            to = self.offset(to, *delta)
        return out

    def between(self, a: int, b: int) -> tuple[int, ...]:
        """Squares strictly between two squares on one row, column or diagonal."""
        return _between(self.width, a, b)

    def line_of_sight(
        self, a: int, b: int, blocked: Container[int] | Callable[[int], bool]
    ) -> bool:
        """True if nothing in `blocked` lies on the straight line from the centre of `a` to
        the centre of `b` (both ends excluded). A line that runs exactly through a corner
        is blocked only when both squares beside that corner are."""
        test = blocked if callable(blocked) else blocked.__contains__
        for squares in _sight_line(self.width, a, b):
            if all(test(sq) for sq in squares):
                return False
        return True

    def distance(self, a: int, b: int) -> int:
        """Moves a king needs from a to b."""
        (ax, ay), (bx, by) = self.xy(a), self.xy(b)
        return max(abs(ax - bx), abs(ay - by))


@lru_cache(maxsize=4096)
def _between(width: int, a: int, b: int) -> tuple[int, ...]:
    ax, ay, bx, by = a % width, a // width, b % width, b // width
    dx, dy = bx - ax, by - ay
    if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        raise ValueError("the squares are not on one row, column or diagonal")
    n = max(abs(dx), abs(dy))
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    return tuple((ay + sy * i) * width + ax + sx * i for i in range(1, n))


@lru_cache(maxsize=4096)
def _sight_line(width: int, a: int, b: int) -> tuple[tuple[int, ...], ...]:
    """The squares a centre-to-centre line crosses between its ends, as groups: a group of
    one is a square the line passes through; a group of two is the pair of squares beside a
    corner the line passes exactly through. An exact walk in whole numbers: at each step the
    sign of `side` tells whether the line leaves the current square across a vertical edge,
    a horizontal edge, or the corner between them."""
    x, y, bx, by = a % width, a // width, b % width, b // width
    nx, ny = abs(bx - x), abs(by - y)
    sx, sy = (bx > x) - (bx < x), (by > y) - (by < y)
    groups: list[tuple[int, ...]] = []
    ix = iy = 0
    while ix < nx or iy < ny:
        side = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if side == 0:
            groups.append(((y * width + x + sx), (y + sy) * width + x))
            x, y, ix, iy = x + sx, y + sy, ix + 1, iy + 1
        elif side < 0:
            x, ix = x + sx, ix + 1
        else:
            y, iy = y + sy, iy + 1
        if (x, y) != (bx, by) and (side != 0 or (ix, iy) != (nx, ny)):
            groups.append((y * width + x,))
    # The last group added may be the end square itself (after a corner step onto it).
    return tuple(g for g in groups if g != (b,))
