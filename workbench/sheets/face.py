"""One card's face and back, drawn from its CardView into a trim box of any size.

From the top: a coloured band with the kind and the name, the subtitle, the numbers as boxes,
the short facts as lines, the card text (made smaller, down to a floor, until it fits), the
tags, and a footer naming the game, the table and the cards' fingerprint, so a printed card
says which version of the cards it came from. Everything stays inside a safe margin, away from
where a cut may stray; the band and the background run out into the bleed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.view import CardView, Stat
from .draw import Line, Op, Rect, Text, clip, fit, line_height, width, words, wrap, wrap_words

INK = "#222222"
GREY = "#5f6368"
PALE = "#eef0f2"
# Band colours, picked by table name so a table always prints in the same colour.
ACCENTS = ("#8e2a2a", "#1f5d99", "#a8570f", "#2e6b34", "#5e3a87", "#1d6f6a", "#7a5c12")
MARKS = {"new": ("NEW", "#f2c200"), "changed": ("CHANGED", "#f2c200")}
SMALLEST_TEXT = 5.0


def accent(table: str) -> str:
    return ACCENTS[sum(map(ord, table)) % len(ACCENTS)]


@dataclass(frozen=True)
class Box:
    """A card's trim box in millimetres, and the bleed around it."""

    x: float
    y: float
    w: float
    h: float
    bleed: float = 0.0

    @property
    def margin(self) -> float:
        # The safe zone: about 4.5% of the short side (3 mm on a poker card).
        return round(min(self.w, self.h) * 0.048, 2)


def front(
    view: CardView, box: Box, *, table: str, footer: str = "", mark: str = ""
) -> tuple[list[Op], bool]:
    """(drawing, whether everything fitted) for the face of one card."""
    ops: list[Op] = []
    color = accent(table)
    m = box.margin
    left, right = box.x + m, box.x + box.w - m
    room = right - left
    scale = min(box.w / 63, box.h / 88) ** 0.5  # bigger cards, somewhat bigger type
    _background(ops, box)
    band = _band(ops, view, box, left, right, scale, color)
    if mark:
        _mark(ops, mark, right, box.y + band, scale)
    y = box.y + band + 1.2

    bottom = box.y + box.h - m
    if footer:
        bottom = _footer(ops, footer, left, bottom, room, scale)
    fitted = True

    if view.subtitle:
        y = _subtitle(ops, view.subtitle, left, y, room, scale)
    numbers = [s for s in view.stats if not isinstance(s.value, str)]
    facts = [s for s in view.stats if isinstance(s.value, str)]
    if numbers:
        # Without card text the numbers are the card: bigger boxes, easier to read at the table.
        big = 1.0 if view.text else 1.35
        y = _stat_boxes(ops, numbers, left, y + 0.8, room, scale * big) + 1.2
    if facts:
        y, facts_fit = _facts(ops, facts, left, y, room, scale)
        fitted &= facts_fit
    if view.tags:
        bottom, tags_fit = _tags(ops, view.tags, left, bottom, room, scale, color)
        fitted &= tags_fit
    if view.text:
        ok = _paragraph(ops, view.text, left, y + 0.6, room, bottom - y - 0.6, 8.5 * scale)
        fitted &= ok
    elif y > bottom:
        fitted = False
    return ops, fitted and y <= bottom


def _background(ops: list[Op], box: Box) -> None:
    """White over the trim box and the bleed; outlined when there is no bleed to cut into."""
    b = box.bleed
    ops.append(
        Rect(
            box.x - b,
            box.y - b,
            box.w + 2 * b,
            box.h + 2 * b,
            fill="#ffffff",
            stroke=None if b else "#9aa0a6",
            width=0.15,
        )
    )


def _band(
    ops: list[Op], view: CardView, box: Box, left: float, right: float, scale: float, color: str
) -> float:
    """The band: kind (and the card's id when its name is something else), then the name;
    returns its height below the trim box's top."""
    m = box.margin
    room = right - left
    b = box.bleed
    kind_size = 6 * scale
    name_size = 11 * scale
    kind = view.kind.replace("_", " ").upper()
    ident = view.id if view.id and view.id != view.name else ""
    name_size = fit(view.name, name_size, room, bold=True, smallest=8 * scale)
    names = wrap(view.name, name_size, room, bold=True)[:2]
    band = m + line_height(kind_size) + len(names) * line_height(name_size) + 1.2
    ops.append(Rect(box.x - b, box.y - b, box.w + 2 * b, band + b, fill=color))
    y = box.y + m + kind_size * 0.36
    ops.append(Text(left, y, clip(kind, kind_size, room * 0.6), kind_size, True, "#ffffff"))
    if ident:
        ops.append(
            Text(right, y, clip(ident, kind_size, room * 0.4), kind_size, False, "#ffffff", "end")
        )
    y += line_height(kind_size) * 0.35
    for line in names:
        y += line_height(name_size)
        ops.append(Text(left, y - name_size * 0.1, line, name_size, True, "#ffffff"))
    return band


def _mark(ops: list[Op], mark: str, right: float, band_bottom: float, scale: float) -> None:
    """The new / changed mark, on the band's lower edge at the right."""
    label, paint = MARKS[mark]
    size = 5.5 * scale
    w = width(label, size, True) + 2.4
    ops.append(
        Rect(right - w, band_bottom - 2.2, w, 4.2, fill=paint, stroke=INK, width=0.2, radius=1)
    )
    ops.append(Text(right - w / 2, band_bottom + 0.75, label, size, True, INK, "middle"))


def _footer(
    ops: list[Op], footer: str, left: float, bottom: float, room: float, scale: float
) -> float:
    """The footer line at the bottom; returns the new bottom of the room above it."""
    foot_size = 4.8 * scale
    ops.append(Text(left, bottom, clip(footer, foot_size, room), foot_size, False, GREY))
    bottom -= line_height(foot_size) + 0.6
    return bottom


def _subtitle(
    ops: list[Op], subtitle: str, left: float, y: float, room: float, scale: float
) -> float:
    """Up to two lines of subtitle; returns the y below them."""
    size = 7.5 * scale
    for line in wrap(subtitle, size, room)[:2]:
        y += line_height(size)
        ops.append(Text(left, y, clip(line, size, room), size, False, GREY))
    return y + 0.8


def _facts(
    ops: list[Op], facts: list[Stat], left: float, y: float, room: float, scale: float
) -> tuple[float, bool]:
    """The short facts as "label: value" lines; returns the y below them and whether every
    value fitted on its line."""
    fitted = True
    size = 6.8 * scale
    for fact in facts:
        label = f"{fact.label}: "
        y += line_height(size)
        ops.append(Text(left, y, label, size, False, GREY))
        shown = clip(str(fact.value), size, room - width(label, size), bold=True)
        ops.append(Text(left + width(label, size), y, shown, size, True, INK))
        fitted &= shown == str(fact.value)
    return y + 1.0, fitted


def _tags(
    ops: list[Op],
    tags: Sequence[str],
    left: float,
    bottom: float,
    room: float,
    scale: float,
    color: str,
) -> tuple[float, bool]:
    """Up to two lines of tags at the bottom of the room; returns the new bottom above them
    and whether they fitted in two lines."""
    tag_size = 6 * scale
    tag_lines = wrap(" · ".join(tags), tag_size, room)
    fitted = len(tag_lines) <= 2
    tag_lines = tag_lines[:2]
    bottom -= len(tag_lines) * line_height(tag_size) + 0.4
    for i, line in enumerate(tag_lines):
        ops.append(
            Text(left, bottom + (i + 1) * line_height(tag_size), line, tag_size, False, color)
        )
    return bottom, fitted


def _stat_boxes(
    ops: list[Op], stats: list[Stat], left: float, top: float, room: float, scale: float
) -> float:
    """Numbers in a grid of boxes, label above value; returns the y below the grid."""
    per_row = min(len(stats), 4 if room > 60 else 3)
    gap = 1.2
    w = (room - gap * (per_row - 1)) / per_row
    h = 9.5 * scale
    for i, stat in enumerate(stats):
        row, col = divmod(i, per_row)
        x, y = left + col * (w + gap), top + row * (h + gap)
        ops.append(Rect(x, y, w, h, fill=PALE, radius=1.2))
        label_size = fit(stat.label, 5.6 * scale, w - 1.2, smallest=4.2)
        ops.append(
            Text(
                x + w / 2,
                y + 2.6 * scale,
                clip(stat.label, label_size, w - 1.2),
                label_size,
                False,
                GREY,
                "middle",
            )
        )
        value = f"{_number(stat.value)}" + ("" if stat.max is None else f"/{_number(stat.max)}")
        value_size = fit(value, 13 * scale, w - 1.2, bold=True, smallest=6)
        ops.append(Text(x + w / 2, y + h - 1.6 * scale, value, value_size, True, INK, "middle"))
    rows = -(-len(stats) // per_row)
    return top + rows * h + (rows - 1) * gap


def _paragraph(
    ops: list[Op], text: str, left: float, top: float, room: float, height: float, size: float
) -> bool:
    """Card text, as large as fits from `size` down to SMALLEST_TEXT; cut with an ellipsis
    (and reported) when even that does not fit."""
    measured = words(text)
    while True:
        lines = wrap_words(measured, size, room)
        if len(lines) * line_height(size) <= height or size <= SMALLEST_TEXT:
            break
        size = round(size - 0.25, 2)
    fits = max(0, int(height // line_height(size)))
    fitted = fits >= len(lines)
    if not fitted:
        lines = lines[:fits]
        if lines:
            lines[-1] = clip(lines[-1] + "…", size, room)
    y = top
    for line in lines:
        y += line_height(size)
        ops.append(Text(left, y - size * 0.08, line, size, False, INK))
    return fitted


def back(box: Box, *, title: str, table: str, text: str = "") -> list[Op]:
    """The back of a card: the table's colour to the edge of the bleed, a frame inside the
    safe margin, the game's title and what kind of card it is."""
    color = accent(table)
    b, m = box.bleed, box.margin
    scale = min(box.w / 63, box.h / 88) ** 0.5
    ops: list[Op] = [
        Rect(
            box.x - b,
            box.y - b,
            box.w + 2 * b,
            box.h + 2 * b,
            fill=color,
            stroke=None if b else "#9aa0a6",
            width=0.15,
        ),
        Rect(
            box.x + m,
            box.y + m,
            box.w - 2 * m,
            box.h - 2 * m,
            stroke="#ffffff",
            width=0.5,
            radius=2,
        ),
    ]
    # A few diagonal strokes in the corners, so the back has an up and a down that match.
    for i in range(1, 4):
        d = 2.2 * i
        ops.append(Line(box.x + m, box.y + m + d, box.x + m + d, box.y + m, "#ffffff", 0.3))
        ops.append(
            Line(
                box.x + box.w - m - d,
                box.y + box.h - m,
                box.x + box.w - m,
                box.y + box.h - m - d,
                "#ffffff",
                0.3,
            )
        )
    room = box.w - 4 * m
    size = fit(title, 13 * scale, room, bold=True, smallest=7)
    lines = wrap(title, size, room, bold=True)[:3]
    y = box.y + box.h / 2 - len(lines) * line_height(size) / 2
    for line in lines:
        y += line_height(size)
        ops.append(Text(box.x + box.w / 2, y, line, size, True, "#ffffff", "middle"))
    words = text or table.replace("_", " ")
    small = fit(words, 7.5 * scale, room)
    ops.append(
        Text(
            box.x + box.w / 2,
            y + line_height(small) + 1.5,
            clip(words, small, room),
            small,
            False,
            "#ffffff",
            "middle",
        )
    )
    return ops


def _number(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
