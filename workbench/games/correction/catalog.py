"""Correction's tables turned into plain Python for the rules, with rule variants applied.

Squares are numbered sq = 6 * y + x (a1 = 0, f6 = 35); a piece on the board is the integer
2 * kind + owner, so the board is a flat list of ints that copies cheaply.
"""

from __future__ import annotations

from ...cards import param_values
from ...core.cache import CatalogCache
from ...core.kit import Grid

GRID = Grid(6, 6)
SIZE = GRID.width
SOUTH, NORTH = 0, 1
SEATS = ("South", "North")
NAMES = GRID.names
SQUARE = {name: sq for sq, name in enumerate(NAMES)}
HOME = (0, SIZE - 1)  # home row (y) of South and North
MOVE, CAPTURE, BOTH = 0, 1, 2
MODE = {"move": MOVE, "capture": CAPTURE, "both": BOTH}


_HOME_SQUARES = tuple(GRID.row(y) for y in HOME)


def home_squares(seat: int) -> tuple[int, ...]:
    return _HOME_SQUARES[seat]


def progress(seat: int, sq: int) -> int:
    """Rows a piece of `seat` on `sq` has advanced from its home row (0 to 5)."""
    y = sq // SIZE
    return y if seat == SOUTH else SIZE - 1 - y


class Catalog:
    """Everything the rules read from the cards, indexed for speed."""

    def __init__(self, cards, rules: dict):
        pieces = list(cards["pieces"].iter_rows(named=True))
        self.kinds: tuple[str, ...] = tuple(p["name"] for p in pieces)
        self.index = {name: i for i, name in enumerate(self.kinds)}
        self.letters = tuple(p["letter"] for p in pieces)
        self.counts = tuple(p["count"] for p in pieces)
        self.enters_tokens = tuple(p["enters_tokens"] for p in pieces)
        self.text = tuple(p["text"] for p in pieces)
        params = param_values(cards, "params")
        self.spawn_limit = params["spawn_limit"]
        self.second_tokens = params["second_player_tokens"]
        self.spawn_tokens = params["spawn_tokens"]
        self.deny_cost = params["move_denial_cost"]
        self.banish_cost = params["piece_denial_cost"]

        lines: list[list[tuple[int, int, int]]] = [[] for _ in self.kinds]
        for row in cards["offsets"].iter_rows(named=True):
            kind = self.index[row["piece"]]
            dx, f, mode = row["dx"], row["forward"], MODE[row["mode"]]
            # A-1 variant: the Knight's sideways L may only capture.
            if (
                rules["cor.knight_side_L_capture_only"]
                and row["piece"] == "Knight"
                and abs(dx) == 2
                and f == 1
                and mode == BOTH
            ):
                mode = CAPTURE
            lines[kind].append((dx, f, mode))
        leaps = tuple(p["jumps"] or rules["cor.spear_reach"] == "over" for p in pieces)
        self.lines = tuple(tuple(ls) for ls in lines)
        # targets[code][sq] = ((dest, mode, squares passed over), ...), code = 2 * kind + owner.
        self.targets = tuple(
            tuple(
                _targets(lines[code >> 1], code & 1, sq, leaps[code >> 1])
                for sq in range(SIZE * SIZE)
            )
            for code in range(2 * len(self.kinds))
        )
        self.max_forward = tuple(max((f for _, f, _ in ls), default=0) for ls in lines)
        # The lines of targets[code][sq] that end on the owner's goal row: what the bots'
        # threat count looks at.
        self.goal_lines = tuple(
            tuple(
                tuple(
                    line
                    for line in self.targets[code][sq]
                    if line[0] // SIZE == HOME[1 - (code & 1)]
                )
                for sq in range(SIZE * SIZE)
            )
            for code in range(2 * len(self.kinds))
        )


def _targets(lines, owner: int, sq: int, leaps: bool) -> tuple:
    sign = 1 if owner == SOUTH else -1
    out = []
    for dx, f, mode in lines:
        # Offsets are written from South's side; North mirrors rows only (1.1), so a line
        # "to the left" stays towards column a for both players.
        dest = GRID.offset(sq, dx, sign * f)
        if dest is None:
            continue
        # Lines longer than a step are straight (the cards' cross-check sees to it) unless
        # the piece leaps; a leaper passes over nothing.
        between = GRID.between(sq, dest) if not leaps and max(abs(dx), f) > 1 else ()
        out.append((dest, mode, between))
    return tuple(out)


# Cached per (cards, rules): simulations build thousands of states from the same pair.
catalog_for = CatalogCache(Catalog)
