"""The table the dungeon is dealt onto (rules.md sections 1.4 and 2): directions and how they
turn, the names of its squares, and the rule variants the generator reads (`Config`).

Coordinates are the rules file's: (x, y), x to the right and y growing downward, (0, 0) the
top-left cell of a W x H table.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import cards52 as C

DIRS = "URDL"  # clockwise as seen from above
DELTA = {"U": (0, -1), "R": (1, 0), "D": (0, 1), "L": (-1, 0)}
WORD = {"U": "Up", "R": "Right", "D": "Down", "L": "Left"}
CW, CCW = "CW", "CCW"
DEFAULT_TABLE = "RULDLURRD"  # directions of ranks 2..10 (1.4)
STARTS = ("top_right", "top_left", "bottom_right", "bottom_left", "centre")


def rot(d: str, sense: str, k: int) -> str:
    return DIRS[(DIRS.index(d) + (k if sense == CW else -k)) % 4]


def sense_of(colour: str) -> str:
    return CW if colour == "red" else CCW


def square_name(x: int, y: int, height: int) -> str:
    """The board's name of rules cell (x, y): files from a, row 1 at the bottom."""
    return f"{'abcdefghijklmnopqrstuvwxyz'[x]}{height - y}"


@dataclass(frozen=True)
class Config:
    """What the generator reads from the rule variants."""

    width: int = 12
    height: int = 8
    start: str = "top_right"
    suits: str = "example"
    dir_table: str = DEFAULT_TABLE
    dir6: str = "table"
    rotation: str = "segment"
    shift_card: str = "discard"
    corridor_dir: str = "door"
    counter_timing: str = "segment_end"
    dead_end: str = "close"
    door_order: str = "fifo"
    stall: str = "big_bad_room"

    @classmethod
    def from_rules(cls, rules: dict) -> Config:
        return cls(**{f: rules[f"sac.{f}"] for f in cls.__dataclass_fields__})

    def start_cell(self) -> tuple[int, int]:
        w, h = self.width - 1, self.height - 1
        return {
            "top_right": (w, 0),
            "top_left": (0, 0),
            "bottom_right": (w, h),
            "bottom_left": (0, h),
            "centre": (w // 2, h // 2),
        }[self.start]

    def direction(self, card: str, current: str | None) -> str:
        """1.4: the direction a number card gives; a 6 keeps the current one under
        `sac.dir6 = keep` (the first card of the game has none, and reads the table)."""
        n = C.number(card)
        if n == 6 and self.dir6 == "keep" and current is not None:
            return current
        return self.dir_table[n - 2]


def check_dir_table(text) -> str:
    """`sac.dir_table` as nine letters U, R, D or L for the ranks 2 to 10."""
    if not isinstance(text, str) or len(text) != 9 or any(c not in DIRS for c in text.upper()):
        raise ValueError(
            f"sac.dir_table: {text!r} is not a direction table; give nine letters "
            f"from U, R, D, L for the ranks 2 to 10, e.g. {DEFAULT_TABLE!r}"
        )
    return text.upper()
