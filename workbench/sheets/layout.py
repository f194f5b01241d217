"""Print-and-play sheets: every card of a table at a real card size, laid out on A4 or Letter
with crop marks, an optional bleed and backs, as PDF and SVG.

    sheet = cards.sheet("enemies")                 # poker size on A4, `copies` of each card
    sheet = cards.sheet("loot", size="bridge", paper="Letter", bleed=3, back=True,
                        since=old_cards)            # a "what changed" page, changed cards marked
    sheet.save("enemies.pdf"); sheet.svg(0); sheet.pages

Cards come from the design's card view (Design.card_view), the same one `cards.card(...)`
draws in a notebook. The grid is centred on the page so that a back page, mirrored left to
right, lines up with its front when printed double-sided.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..cards.atomic import write_named_file
from ..cards.text import value_text
from ..core.errors import shortened
from ..core.view import CardView, problems
from . import draw
from .changes import changes_page
from .draw import Line, Page, Placed
from .face import Box, front
from .face import back as back_of

# Width x height in millimetres.
CARD_SIZES = {"poker": (63.0, 88.0), "bridge": (57.0, 89.0), "tarot": (70.0, 120.0)}
PAPERS = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
# Most printers leave about this much of the paper's edge blank.
PRINTABLE = 4.0
# Crop marks: as long as the margin allows, from MARK down to SHORTEST, MARK_GAP away from
# the cards (so a mark never prints on a card's bleed).
MARK, SHORTEST, MARK_GAP = 5.0, 2.5, 0.5


@dataclass(frozen=True)
class CardToPrint:
    table: str
    key: str
    view: CardView
    copies: int
    mark: str = ""


def design_of(game: str):
    """The registered design called `game`, or None (cards made without one)."""
    from ..core.errors import UnknownGame
    from ..core.registry import get_design

    try:
        return get_design(game)
    except UnknownGame:
        return None


def card_view(cards, table: str, row) -> CardView:
    """One row as the design draws it (Design.card_view), or from its columns when the cards
    belong to no registered design."""
    from ..core.row_view import row_view

    design = design_of(cards.game)
    if design is not None and table in design.tables:
        view = design.card_view(table, row)
    else:
        view = row_view(cards.specs[table], table, row)
    found = problems(view, f"{cards.game} card_view({table!r})")
    if found:
        raise TypeError("a card view must be a well-formed CardView:\n" + "\n".join(found))
    return view


def card_svg(view: CardView, table: str, size="poker") -> str:
    """One card face as an SVG element at its size (for a notebook: 240 px wide)."""
    w, h = _size(size)
    page = Page(w, h)
    page.ops.extend(front(view, Box(0, 0, w, h), table=table)[0])
    return draw.svg(page).replace(f'width="{w}mm" height="{h}mm"', 'width="100%"', 1)


def to_print(cards, tables: Sequence[str], *, copies: bool, marks: dict) -> list[CardToPrint]:
    out = []
    for table in tables:
        spec = cards.specs[table]
        counts = "copies" in spec.columns and spec.kind("copies") == "integer" and copies
        for row in cards[table].iter_rows(named=True):
            key = value_text(row[spec.key])
            n = (row["copies"] or 0) if counts else 1
            out.append(
                CardToPrint(
                    table, key, card_view(cards, table, row), n, marks.get((table, key), "")
                )
            )
    return out


@dataclass(frozen=True)
class Grid:
    """Where cards go on a page: columns x rows of cells, each a card plus its bleed."""

    paper: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    cols: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def origin(self) -> tuple[float, float]:
        cw, ch = self.card[0] + 2 * self.bleed, self.card[1] + 2 * self.bleed
        return ((self.paper[0] - self.cols * cw) / 2, (self.paper[1] - self.rows * ch) / 2)

    def box(self, i: int, mirrored: bool = False) -> Box:
        row, col = divmod(i, self.cols)
        if mirrored:
            col = self.cols - 1 - col
        cw, ch = self.card[0] + 2 * self.bleed, self.card[1] + 2 * self.bleed
        x0, y0 = self.origin
        return Box(
            x0 + col * cw + self.bleed, y0 + row * ch + self.bleed, *self.card, bleed=self.bleed
        )


def grid(paper: tuple[float, float], card: tuple[float, float], bleed: float, marks: bool) -> Grid:
    room = PRINTABLE + ((SHORTEST + MARK_GAP) if marks else 0)
    cols = int((paper[0] - 2 * room) // (card[0] + 2 * bleed))
    rows = int((paper[1] - 2 * room) // (card[1] + 2 * bleed))
    return Grid(paper, card, bleed, cols, rows)


def cut_marks(g: Grid, used: int) -> list[Line]:
    """Short lines outside the grid at every cut, so each card can be cut on its trim line."""
    if not used:
        return []
    rows = -(-used // g.cols)
    cols = g.cols if rows > 1 else used
    x0, y0 = g.origin
    cw, ch = g.card[0] + 2 * g.bleed, g.card[1] + 2 * g.bleed
    top, bottom = y0, y0 + rows * ch
    left, right = x0, x0 + cols * cw
    xs = sorted({x0 + c * cw + g.bleed + dx for c in range(cols) for dx in (0, g.card[0])})
    ys = sorted({y0 + r * ch + g.bleed + dy for r in range(rows) for dy in (0, g.card[1])})
    down = min(MARK, y0 - MARK_GAP - PRINTABLE)  # the grid is centred: same room each side
    across = min(MARK, x0 - MARK_GAP - PRINTABLE)
    lines = []
    for x in xs:
        lines.append(Line(x, top - MARK_GAP - down, x, top - MARK_GAP, "#000000", 0.2))
        lines.append(Line(x, bottom + MARK_GAP, x, bottom + MARK_GAP + down, "#000000", 0.2))
    for y in ys:
        lines.append(Line(left - MARK_GAP - across, y, left - MARK_GAP, y, "#000000", 0.2))
        lines.append(Line(right + MARK_GAP, y, right + MARK_GAP + across, y, "#000000", 0.2))
    return lines


class Sheet:
    """Pages ready to print: the "what changed" page (when compared with earlier cards), then
    each page of fronts followed by its backs (when asked for).

    `pdf()` gives the document, `svg(i)` one page, `save(path)` writes .pdf or .svg, and in a
    notebook the sheet shows its first page of cards. `overflow` lists cards whose text did
    not fit even at the smallest type, so nothing is cut off without a word.
    """

    def __init__(
        self,
        pages: list[Page],
        *,
        title: str,
        card: tuple[float, float],
        paper: str,
        bleed: float,
        overflow: list[tuple[str, str]],
    ):
        self.pages = pages
        self.title = title
        self.card_size = card
        self.paper = paper
        self.bleed = bleed
        self.overflow = overflow

    @property
    def cards(self) -> int:
        """How many card fronts the sheet prints (copies included)."""
        return sum(1 for p in self.pages for c in p.cards if not c.back)

    def pdf(self) -> bytes:
        return draw.pdf(self.pages, self.title)

    def svg(self, page: int = 0) -> str:
        """One page as SVG, counted from 0."""
        if (
            isinstance(page, bool)
            or not isinstance(page, int)
            or not (-len(self.pages) <= page < len(self.pages))
        ):
            raise ValueError(f"page {page!r}: the sheet has pages 0 to {len(self.pages) - 1}")
        return draw.svg(self.pages[page])

    def save(self, path: Path | str) -> list[Path]:
        """Write the sheet: one .pdf, or for .svg one file per page (name-1.svg, ...).
        Each file is written whole or not at all, through a link to the file it points at,
        never over a read-only file."""
        path = Path(path)
        suffix = path.suffix.lower()
        if suffix == ".pdf":
            write_named_file(path, self.pdf())
            return [path]
        if suffix == ".svg":
            out = []
            for i in range(len(self.pages)):
                target = (
                    path
                    if len(self.pages) == 1
                    else path.with_name(f"{path.stem}-{i + 1}{path.suffix}")
                )
                write_named_file(target, self.svg(i).encode())
                out.append(target)
            return out
        raise ValueError(f"{path.name}: a sheet is saved as .pdf or .svg")

    def __repr__(self) -> str:
        w, h = self.card_size
        return (
            f"Sheet({self.title!r}, {self.cards} cards at {w:g} x {h:g} mm on "
            f"{len(self.pages)} {self.paper} pages)"
        )

    def _repr_html_(self) -> str:
        first = next((i for i, p in enumerate(self.pages) if p.kind == "front"), 0)
        page = self.pages[first]
        svg = draw.svg(page).replace(
            f'width="{page.width}mm" height="{page.height}mm"',
            'width="100%" style="max-width:520px;border:1px solid #ccc;background:#fff"',
            1,
        )
        note = html.escape(
            f"{self!r}: page {first + 1} shown; sheet.save('cards.pdf') writes them all."
        )
        return f"<div>{svg}<div style='font:12px sans-serif;color:#555'>{note}</div></div>"


def make_sheet(
    cards,
    tables: str | Sequence[str] | None = None,
    *,
    size="poker",
    paper: str = "A4",
    bleed: float = 0.0,
    back: bool | str = False,
    copies: bool = True,
    since=None,
    crop_marks: bool = True,
    orientation: str = "auto",
) -> Sheet:
    tables = _checked_tables(cards, tables)
    _check_options(copies=copies, crop_marks=crop_marks, back=back, bleed=bleed)
    card = _size(size)
    if paper not in PAPERS:
        raise ValueError(f"paper {paper!r}: expected one of {', '.join(PAPERS)}")
    if not 0 <= bleed <= 10:
        raise ValueError(f"bleed {bleed!r}: expected millimetres from 0 to 10")
    if orientation not in ("auto", "portrait", "landscape"):
        raise ValueError(f"orientation {orientation!r}: expected auto, portrait or landscape")
    g = _best_grid(PAPERS[paper], card, bleed, crop_marks, orientation)
    if g.per_page == 0:
        raise ValueError(
            f"a {card[0]:g} x {card[1]:g} mm card with {bleed:g} mm bleed does not "
            f"fit on {paper} paper"
        )

    marks = {}
    pages: list[Page] = []
    design = design_of(cards.game)
    title = design.title if design is not None else cards.game
    if since is not None:
        pages.append(_changes(cards, tables, since, PAPERS[paper], title, marks))
    printing = to_print(cards, tables, copies=copies, marks=marks)
    footer = f"{cards.game} · {{table}} · {cards.fingerprint()[:8]}"
    overflow = []
    for table in tables:
        run = [c for c in printing if c.table == table for _ in range(c.copies)]
        for start in range(0, len(run), g.per_page):
            chunk = run[start : start + g.per_page]
            pages.append(_front_page(g, chunk, table, footer, crop_marks, overflow))
            if back:
                pages.append(_back_page(g, chunk, table, title, back))
    if not any(p.kind == "front" for p in pages):
        pages.append(Page(*g.paper))  # nothing to print still makes a (blank) page
    return Sheet(
        pages,
        title=f"{title}: {', '.join(tables)}",
        card=card,
        paper=paper,
        bleed=bleed,
        overflow=overflow,
    )


def _checked_tables(cards, tables) -> list[str] | tuple[str, ...]:
    """The tables to print: all of the cards' for None, one name as a list of it."""
    tables = (
        list(cards.tables) if tables is None else ([tables] if isinstance(tables, str) else tables)
    )
    if not isinstance(tables, list | tuple) or not all(isinstance(t, str) for t in tables):
        raise TypeError(
            f"table: give a table's name or a list of names ({', '.join(cards.tables)}"
            f"), not {shortened(tables)}"
        )
    for table in tables:
        if table not in cards.specs:
            raise ValueError(
                f"'{table}' is not a {cards.game} card table; the tables are "
                f"{', '.join(cards.tables)}"
            )
    return tables


def _check_options(*, copies, crop_marks, back, bleed) -> None:
    if not isinstance(copies, bool):
        raise TypeError(
            f"copies={copies!r}: True prints each card as many times as its copies "
            "column says, False prints one of each"
        )
    if not isinstance(crop_marks, bool):
        raise TypeError(f"crop_marks={crop_marks!r}: True or False")
    if not isinstance(back, bool | str):
        raise TypeError(f"back={back!r}: True, False, or the words to print on the backs")
    if isinstance(bleed, bool) or not isinstance(bleed, int | float):
        raise TypeError(f"bleed={bleed!r}: millimetres as a number from 0 to 10")


def _changes(cards, tables, since, paper, title: str, marks: dict) -> Page:
    """The page listing what changed since the earlier cards `since`; marks each new or
    changed card of the printed tables in `marks`."""
    if getattr(since, "game", None) != cards.game:
        raise ValueError(
            f"since: give earlier {cards.game} cards to compare with, not "
            f"{getattr(since, 'game', type(since).__name__)!r} ones"
        )
    diff = since.diff(cards)
    for row in diff.iter_rows(named=True):
        if row["table"] in tables and row["column"] != "(removed)":
            kind = "new" if row["column"] == "(added)" else "changed"
            marks.setdefault((row["table"], row["card"]), kind)
    return changes_page(diff, paper, title=title, tables=tables, before=since, after=cards)


def _front_page(g, chunk, table: str, footer: str, crop_marks: bool, overflow: list) -> Page:
    """One page of card fronts; adds the cards whose text does not fit to `overflow`."""
    page = Page(*g.paper)
    for i, item in enumerate(chunk):
        box = g.box(i)
        ops, fitted = front(
            item.view, box, table=table, mark=item.mark, footer=footer.format(table=table)
        )
        page.ops.extend(ops)
        page.cards.append(Placed(table, item.key, box.x, box.y, box.w, box.h, mark=item.mark))
        if not fitted and (table, item.key) not in overflow:
            overflow.append((table, item.key))
    if crop_marks:
        page.ops.extend(cut_marks(g, len(chunk)))
    return page


def _back_page(g, chunk, table: str, title: str, back: bool | str) -> Page:
    """The backs of a page of cards, mirrored to print on the other side."""
    words = back if isinstance(back, str) else ""
    reverse = Page(*g.paper, kind="back")
    for i, item in enumerate(chunk):
        box = g.box(i, mirrored=True)
        reverse.ops.extend(back_of(box, title=title, table=table, text=words))
        reverse.cards.append(Placed(table, item.key, box.x, box.y, box.w, box.h, back=True))
    return reverse


def _size(size) -> tuple[float, float]:
    if isinstance(size, str):
        if size not in CARD_SIZES:
            raise ValueError(
                f"card size {size!r}: expected one of {', '.join(CARD_SIZES)} or "
                "(width, height) in millimetres"
            )
        return CARD_SIZES[size]
    try:
        w, h = (float(v) for v in size)
    except (TypeError, ValueError):
        raise ValueError(
            f"card size {size!r}: expected one of {', '.join(CARD_SIZES)} or "
            "(width, height) in millimetres"
        ) from None
    if not (20 <= w <= 200 and 20 <= h <= 280):
        raise ValueError(
            f"card size {w:g} x {h:g} mm: expected 20 to 200 mm wide and 20 to 280 mm high"
        )
    return w, h


def _best_grid(paper, card, bleed, marks, orientation) -> Grid:
    portrait = grid(paper, card, bleed, marks)
    landscape = grid((paper[1], paper[0]), card, bleed, marks)
    if orientation == "portrait":
        return portrait
    if orientation == "landscape":
        return landscape
    return landscape if landscape.per_page > portrait.per_page else portrait
