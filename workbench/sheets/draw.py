"""What a printed page is made of (rectangles, lines and text in millimetres, from the top
left corner) and the two ways out: PDF through fpdf2, and SVG.

Both outputs draw the same operations with the same bundled font (DejaVu Sans Condensed,
see fonts/LICENSE), and text is measured and wrapped here, once, so a line breaks at the same
word in the PDF and in the SVG. The SVG carries the glyphs it uses as an embedded font, so it
looks the same on a machine without DejaVu.
"""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from html import escape
from pathlib import Path

FONTS = Path(__file__).parent / "fonts"
FONT_FILES = {
    False: FONTS / "DejaVuSansCondensed.ttf",
    True: FONTS / "DejaVuSansCondensed-Bold.ttf",
}
PT = 25.4 / 72  # millimetres in a point
# Line height as a multiple of the font size.
LEADING = 1.2


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.2
    radius: float = 0.0


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    width: float = 0.2


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; `y` is its baseline, `size` in points, `anchor` start/middle/end."""

    x: float
    y: float
    text: str
    size: float
    bold: bool = False
    color: str = "#222222"
    anchor: str = "start"


Op = Rect | Line | Text


@dataclass(frozen=True)
class Placed:
    """Where one printed card is on its page: its trim box (the cut line) in millimetres."""

    table: str
    key: str
    x: float
    y: float
    w: float
    h: float
    back: bool = False
    mark: str = ""  # "new" or "changed" when the sheet compares with earlier cards


@dataclass
class Page:
    width: float
    height: float
    ops: list[Op] = field(default_factory=list)
    cards: list[Placed] = field(default_factory=list)
    kind: str = "front"  # front, back or changes


# -- text ------------------------------------------------------------------------------------


@cache
def _metrics(bold: bool):
    from fontTools.ttLib import TTFont

    # Closed when read: a lazily loaded font keeps its file open until it is.
    with TTFont(FONT_FILES[bold], lazy=True) as font:
        cmap = font.getBestCmap()
        advances = font["hmtx"].metrics
        missing = advances[font.getGlyphOrder()[0]][0]
        widths = {code: advances[name][0] for code, name in cmap.items()}
        em = font["head"].unitsPerEm
    return widths, missing, em


def _advances(text: str, bold: bool) -> list[int]:
    """Each character's width in the font's units. Text is measured in these (a sum of them,
    exactly), so a line is measured by adding up its words and each word is measured once."""
    widths, missing, _em = _metrics(bold)
    return [widths.get(ord(ch), missing) for ch in text]


def _mm(units: int, size: float, bold: bool) -> float:
    return units * size / _metrics(bold)[2] * PT


def width(text: str, size: float, bold: bool = False) -> float:
    """The width in millimetres of `text` set at `size` points."""
    return _mm(sum(_advances(text, bold)), size, bold)


def words(text: str, bold: bool = False) -> list[list[tuple[str, list[int]]]]:
    """`text`'s paragraphs as lists of (word, its characters' widths): measured once, to be
    wrapped at any size by wrap_words."""
    return [
        [(word, _advances(word, bold)) for word in paragraph.split()]
        for paragraph in text.splitlines() or [""]
    ]


def wrap(text: str, size: float, room: float, bold: bool = False) -> list[str]:
    """`text` broken into lines no wider than `room` mm, at spaces where it can be (a word
    longer than a line is broken inside), keeping the line breaks it already has."""
    return wrap_words(words(text, bold), size, room, bold)


def wrap_words(
    paragraphs: list[list[tuple[str, list[int]]]], size: float, room: float, bold: bool = False
) -> list[str]:
    """wrap() of text measured by words()."""
    space = sum(_advances(" ", bold))
    lines = []
    for paragraph in paragraphs:
        line, used = [], 0
        for word, advances in paragraph:
            units = sum(advances)
            trial = used + space + units if line else units
            if _mm(trial, size, bold) <= room:
                line.append(word)
                used = trial
                continue
            if line:
                lines.append(" ".join(line))
            start = 0
            while _mm(units, size, bold) > room and len(word) - start > 1:
                # The longest piece that fits (one character when not even that does).
                end, taken = start + 1, advances[start]
                while end < len(word) and _mm(taken + advances[end], size, bold) <= room:
                    taken += advances[end]
                    end += 1
                lines.append(word[start:end])
                units -= taken
                start = end
            line, used = [word[start:]], units
        lines.append(" ".join(line))
    return lines


def fit(text: str, size: float, room: float, bold: bool = False, smallest: float = 4.5) -> float:
    """The largest size from `size` down to `smallest` at which one line of text fits."""
    units = sum(_advances(text, bold))
    while size > smallest and _mm(units, size, bold) > room:
        size = round(size - 0.25, 2)
    return size


def clip(text: str, size: float, room: float, bold: bool = False) -> str:
    """`text` cut to fit one line of `room` mm, with an ellipsis when it was cut."""
    advances = _advances(text, bold)
    if _mm(sum(advances), size, bold) <= room:
        return text
    ellipsis = sum(_advances("…", bold))
    keep, taken = 0, 0
    while keep < len(text) and _mm(taken + advances[keep] + ellipsis, size, bold) <= room:
        taken += advances[keep]
        keep += 1
    return text[:keep].rstrip() + "…"


def line_height(size: float) -> float:
    return size * PT * LEADING


# -- output ----------------------------------------------------------------------------------


def _rgb(color: str) -> tuple[int, int, int]:
    color = color.lstrip("#")
    return int(color[0:2], 16), int(color[2:4], 16), int(color[4:6], 16)


def pdf(pages: list[Page], title: str = "") -> bytes:
    """Every page as one PDF document (fonts embedded, cut down to the glyphs used)."""
    from fpdf import FPDF

    doc = FPDF(unit="mm", format=(pages[0].width, pages[0].height))
    doc.set_auto_page_break(False)
    doc.set_margins(0, 0, 0)
    # A fixed date: the same cards give the same file, byte for byte.
    doc.set_creation_date(datetime(2024, 1, 1, tzinfo=UTC))
    doc.set_title(title)
    doc.set_creator("workbench")
    doc.add_font("card", "", FONT_FILES[False])
    doc.add_font("card", "B", FONT_FILES[True])
    for page in pages:
        doc.add_page(format=(page.width, page.height))
        for op in page.ops:
            if isinstance(op, Rect):
                style = ("F" if op.fill else "") + ("D" if op.stroke else "")
                if not style:
                    continue
                if op.fill:
                    doc.set_fill_color(*_rgb(op.fill))
                if op.stroke:
                    doc.set_draw_color(*_rgb(op.stroke))
                    doc.set_line_width(op.width)
                if op.radius:
                    doc.rect(
                        op.x,
                        op.y,
                        op.w,
                        op.h,
                        style=style,
                        round_corners=True,
                        corner_radius=op.radius,
                    )
                else:
                    doc.rect(op.x, op.y, op.w, op.h, style=style)
            elif isinstance(op, Line):
                doc.set_draw_color(*_rgb(op.stroke))
                doc.set_line_width(op.width)
                doc.line(op.x1, op.y1, op.x2, op.y2)
            else:
                doc.set_font("card", "B" if op.bold else "", op.size)
                doc.set_text_color(*_rgb(op.color))
                doc.text(_start(op), op.y, op.text)
    return bytes(doc.output())


def _start(op: Text) -> float:
    if op.anchor == "start":
        return op.x
    shift = width(op.text, op.size, op.bold)
    return op.x - (shift / 2 if op.anchor == "middle" else shift)


def svg(page: Page, *, embed_font: bool = True) -> str:
    """One page as a standalone SVG document sized in millimetres."""
    parts = []
    used: dict[bool, set[str]] = {False: set(), True: set()}
    for op in page.ops:
        if isinstance(op, Rect):
            attrs = (
                f'x="{op.x:.2f}" y="{op.y:.2f}" width="{op.w:.2f}" height="{op.h:.2f}" '
                f'fill="{op.fill or "none"}"'
            )
            if op.stroke:
                attrs += f' stroke="{op.stroke}" stroke-width="{op.width:.2f}"'
            if op.radius:
                attrs += f' rx="{op.radius:.2f}"'
            parts.append(f"<rect {attrs}/>")
        elif isinstance(op, Line):
            parts.append(
                f'<line x1="{op.x1:.2f}" y1="{op.y1:.2f}" x2="{op.x2:.2f}" '
                f'y2="{op.y2:.2f}" stroke="{op.stroke}" stroke-width="{op.width:.2f}"/>'
            )
        else:
            used[op.bold].update(op.text)
            weight = ' font-weight="bold"' if op.bold else ""
            parts.append(
                f'<text x="{_start(op):.2f}" y="{op.y:.2f}" font-size="{op.size * PT:.3f}"'
                f'{weight} fill="{op.color}">{escape(op.text, quote=False)}</text>'
            )
    style = _font_faces(used) if embed_font else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{page.width}mm" '
        f'height="{page.height}mm" viewBox="0 0 {page.width} {page.height}">'
        f"<style>{style}text{{font-family:wbcard,'DejaVu Sans Condensed','DejaVu Sans',"
        "sans-serif;white-space:pre}</style>"
        f'<rect width="{page.width}" height="{page.height}" fill="#ffffff"/>'
        + "".join(parts)
        + "</svg>"
    )


def _font_faces(used: dict[bool, set[str]]) -> str:
    faces = []
    for bold, chars in used.items():
        if not chars:
            continue
        data = base64.b64encode(_subset(bold, "".join(sorted(chars)))).decode()
        faces.append(
            f"@font-face{{font-family:wbcard;font-weight:{700 if bold else 400};"
            f"src:url(data:font/ttf;base64,{data}) format('truetype')}}"
        )
    return "".join(faces)


@cache
def _subset(bold: bool, chars: str) -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(FONT_FILES[bold])
    options = subset.Options()
    options.name_IDs = ["*"]  # keep the font's names, and with them its license notice
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
