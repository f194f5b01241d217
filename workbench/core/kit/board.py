"""One SVG drawing for every square board: squares, pieces as lettered discs (with a short
note under the letter, such as a stat line), small marks in a square's corners (tokens,
attached cards), dots for threatened squares, highlighted and outlined squares, arrows,
coordinates, and clickable targets (each legal destination carries the labels of the actions
that land there, so a view can play a move by a click on the board as well as by a button).

Row 1 is drawn at the bottom, as the first seat sees the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape

from ..view import Board
from .grid import FILES, Grid

LIGHT, DARK = "#f4e3c1", "#d9bd8c"
TARGET = "#5aa469"


@dataclass(frozen=True, slots=True)
class Piece:
    square: int
    letter: str
    fill: str = "#f7f7f2"
    ink: str = "#3b3b3b"
    ring: str = "#222"
    title: str = ""
    note: str = ""  # a few characters drawn small under the letter ("6/5")


# Corners of a square as (x, y) fractions of the cell, for marks.
CORNERS = {"ne": (1, 0), "nw": (0, 0), "se": (1, 1), "sw": (0, 1)}


@dataclass(frozen=True, slots=True)
class Mark:
    """A small diamond in a square's corner (a token, a marker, an attached card):
    `corner` is "ne" (top right, the default), "nw", "se" or "sw"."""

    square: int
    fill: str = "#7a1f5c"
    title: str = ""
    corner: str = "ne"

    def __post_init__(self):
        if self.corner not in CORNERS:
            raise ValueError(f"a mark's corner is one of {', '.join(CORNERS)}, not {self.corner!r}")


def draw_board(
    grid: Grid,
    *,
    pieces: Iterable[Piece] = (),
    marks: Iterable[Mark] = (),
    fills: Mapping[int, str] | None = None,
    outlines: Mapping[int, str] | None = None,
    arrows: Iterable[tuple[int, int, str]] = (),
    dots: Mapping[int, str] | None = None,
    targets: Mapping[int, Sequence[str]] | None = None,
    cell: int = 56,
    colours: tuple[str, str] = (LIGHT, DARK),
) -> Board:
    """The board as a typed Board view. `fills` colours whole squares (the last move),
    `outlines` frames squares in a colour, `arrows` are (from, to, colour) dashed lines,
    `dots` puts a small disc of a colour at the bottom-left of squares (threatened squares), and
    `targets` maps a square to the labels of the legal actions that end there: those squares
    are framed and clickable."""
    at = _Layout(grid, cell)
    margin = at.margin
    width, height = 2 * margin + grid.width * cell, 2 * margin + grid.height * cell
    targets = targets or {}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" class="wb-board-svg">',
        f'<rect width="{width}" height="{height}" fill="#fbf8f1"/>',
    ]
    _squares(parts, at, fills or {}, colours)
    frames = dict(outlines or {})
    for sq in targets:
        frames.setdefault(sq, TARGET)
    _frames(parts, at, frames)
    _arrows(parts, at, arrows)
    _dots(parts, at, dots or {})
    _marks(parts, at, marks)
    _pieces(parts, at, pieces)
    # Clickable targets on top of everything, transparent, each naming its square.
    _targets(parts, at, targets)
    _coordinates(parts, at, height)
    parts.append("</svg>")
    return Board("".join(parts), {grid.name(sq): tuple(labels) for sq, labels in targets.items()})


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where the squares of `grid` are drawn: `cell` pixels each, inside a margin that holds
    the coordinates."""

    grid: Grid
    cell: int
    margin: int = 22

    @property
    def half(self) -> int:
        return self.cell // 2

    def corner(self, sq: int) -> tuple[int, int]:
        """The top-left corner of a square (row 1 at the bottom)."""
        x, y = self.grid.xy(sq)
        return self.margin + x * self.cell, self.margin + (self.grid.height - 1 - y) * self.cell


def _squares(
    parts: list[str], at: _Layout, fills: Mapping[int, str], colours: tuple[str, str]
) -> None:
    grid, cell = at.grid, at.cell
    for sq in range(len(grid)):
        x, y = at.corner(sq)
        gx, gy = grid.xy(sq)
        fill = fills.get(sq, colours[(gx + gy + 1) % 2])
        parts.append(
            f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}" '
            f'data-square="{grid.name(sq)}"><title>{grid.name(sq)}</title></rect>'
        )


def _frames(parts: list[str], at: _Layout, frames: Mapping[int, str]) -> None:
    cell = at.cell
    for sq, colour in frames.items():
        x, y = at.corner(sq)
        parts.append(
            f'<rect x="{x + 2}" y="{y + 2}" width="{cell - 4}" height="{cell - 4}" '
            f'fill="none" stroke="{colour}" stroke-width="3" rx="4" '
            f'pointer-events="none"/>'
        )


def _arrows(parts: list[str], at: _Layout, arrows: Iterable[tuple[int, int, str]]) -> None:
    half = at.half
    for a, b, colour in arrows:
        (fx, fy), (tx, ty) = at.corner(a), at.corner(b)
        parts.append(
            f'<line x1="{fx + half}" y1="{fy + half}" x2="{tx + half}" '
            f'y2="{ty + half}" stroke="{colour}" stroke-width="4" '
            f'stroke-dasharray="6 4" pointer-events="none"/>'
        )


def _dots(parts: list[str], at: _Layout, dots: Mapping[int, str]) -> None:
    cell = at.cell
    for sq, colour in dots.items():
        x, y = at.corner(sq)
        parts.append(
            f'<circle cx="{x + 8}" cy="{y + cell - 8}" r="4" fill="{colour}" '
            f'pointer-events="none"/>'
        )


def _marks(parts: list[str], at: _Layout, marks: Iterable[Mark]) -> None:
    cell = at.cell
    for m in marks:
        x, y = at.corner(m.square)
        fx, fy = CORNERS[m.corner]
        r = 7 if cell < 56 else 8
        cx, cy = x + 4 + r + fx * (cell - 8 - 2 * r), y + 4 + r + fy * (cell - 8 - 2 * r)
        parts.append(
            f'<polygon points="{cx},{cy - r} {cx + r},{cy} {cx},{cy + r} '
            f'{cx - r},{cy}" fill="{m.fill}" stroke="#fff" stroke-width="1">'
            f"<title>{escape(m.title)}</title></polygon>"
        )


def _pieces(parts: list[str], at: _Layout, pieces: Iterable[Piece]) -> None:
    half = at.half
    for p in pieces:
        x, y = at.corner(p.square)
        cx, cy = x + half, y + half
        parts.append(
            f'<circle cx="{cx}" cy="{cy}" r="{half - 8}" fill="{p.fill}" '
            f'stroke="{p.ring}" stroke-width="2"><title>{escape(p.title)}</title>'
            f"</circle>"
        )
        lift = 4 if p.note else 0
        parts.append(
            f'<text x="{cx}" y="{cy + 7 - lift}" text-anchor="middle" font-size="20" '
            f'font-weight="bold" fill="{p.ink}" pointer-events="none">'
            f"{escape(p.letter)}</text>"
        )
        if p.note:
            parts.append(
                f'<text x="{cx}" y="{cy + 15}" text-anchor="middle" font-size="10" '
                f'fill="{p.ink}" pointer-events="none">{escape(p.note)}</text>'
            )


def _targets(parts: list[str], at: _Layout, targets: Mapping[int, Sequence[str]]) -> None:
    grid, cell = at.grid, at.cell
    for sq, labels in targets.items():
        x, y = at.corner(sq)
        words = " or ".join(labels)
        parts.append(
            f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="transparent" '
            f'class="wb-target" data-square="{grid.name(sq)}" style="cursor:pointer">'
            f"<title>{escape(words)}</title></rect>"
        )


def _coordinates(parts: list[str], at: _Layout, height: int) -> None:
    """File letters along the bottom, rank numbers down the left."""
    grid, cell, margin, half = at.grid, at.cell, at.margin, at.half
    for i in range(grid.width):
        parts.append(
            f'<text x="{margin + i * cell + half}" y="{height - 6}" '
            f'text-anchor="middle" font-size="13" fill="#555">{FILES[i]}</text>'
        )
    for j in range(grid.height):
        y = margin + (grid.height - 1 - j) * cell + half + 5
        parts.append(
            f'<text x="{margin // 2}" y="{y}" '
            f'text-anchor="middle" font-size="13" fill="#555">{j + 1}</text>'
        )
