"""Print-and-play sheets, read back as a printer would get them: pages and cards counted with a
PDF reader, card sizes measured in the PDF's drawing operators and in rendered pixels."""

from __future__ import annotations

import io
import math
import re
from itertools import pairwise
from xml.etree import ElementTree

import numpy as np
import pandera.polars as pa
import polars as pl
import pypdf
import pypdfium2 as pdfium
import pytest

import workbench as wb
from workbench.cards import CardSet, TableSpec, int_column, text_column
from workbench.core import CardView, Design, DesignSpec, register
from workbench.core.registry import _GAMES
from workbench.sheets import CARD_SIZES, PAPERS
from workbench.sheets.layout import grid

# Every registered design, those with rules and those of data only.
GAMES = [d["name"] for d in wb.list_designs()]
MM = 72 / 25.4  # PDF points in a millimetre


@pytest.fixture(scope="module")
def shipped():
    return {game: wb.load_cards(game) for game in GAMES}


def _pdf(sheet) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(sheet.pdf()))


def _rectangles(page: pypdf.PageObject) -> list[tuple[float, float, float, float]]:
    """Every rectangle the page draws with the `re` operator, in mm from the top left."""
    height = float(page.mediabox.height)
    content = pypdf.generic.ContentStream(page.get_contents(), page.pdf)
    out = []
    for operands, operator in content.operations:
        if operator == b"re":
            x, y, w, h = (float(v) for v in operands)
            top = height - max(y, y + h)
            out.append((x / MM, top / MM, abs(w) / MM, abs(h) / MM))
    return out


def _expected_pages(cards, table, per_page, copies=True):
    spec = cards.specs[table]
    count = (
        sum(cards[table]["copies"]) if copies and "copies" in spec.columns else cards[table].height
    )
    return count, math.ceil(count / per_page) if count else 1


@pytest.mark.parametrize("game", GAMES)
def test_every_table_of_every_game_prints_its_cards_and_copies(game, shipped):
    cards = shipped[game]
    for table, spec in cards.specs.items():
        sheet = cards.sheet(table)
        count, pages = _expected_pages(cards, table, 9)  # poker on A4: 3 x 3
        reader = _pdf(sheet)
        assert len(reader.pages) == pages == len(sheet.pages), table
        assert sheet.cards == count
        footer = f"{game} · {table} · {cards.fingerprint()[:8]}"
        texts = [p.extract_text() for p in reader.pages]
        assert sum(t.count(footer) for t in texts) == count, table
        # Each card, by its printed name, as many times as its copies say.
        want = {}
        for row in cards[table].iter_rows(named=True):
            name = cards.card(table, row[spec.key]).view.name
            want[name] = want.get(name, 0) + (row["copies"] if "copies" in row else 1)
        names = [
            name
            for p in sheet.pages
            for name in (cards.card(table, c.key).view.name for c in p.cards)
        ]
        assert {n: names.count(n) for n in want} == want


@pytest.mark.parametrize("game", GAMES)
def test_every_page_renders_to_png(game, shipped, tmp_path):
    sheet = shipped[game].sheet(back=True, bleed=3)
    document = pdfium.PdfDocument(sheet.pdf())
    assert len(document) == len(sheet.pages)
    for i in range(len(document)):
        image = document[i].render(scale=40 / 72).to_pil()
        pixels = np.asarray(image.convert("L"))
        assert pixels.min() < 128, f"page {i + 1} of {game} is blank"
        if i == 1:
            image.save(tmp_path / f"{game}-{i}.png")


@pytest.mark.parametrize(
    ("size", "paper"),
    [("poker", "A4"), ("bridge", "Letter"), ("tarot", "A4"), ((44, 68), "Letter")],
)
def test_cards_sit_at_their_size_in_the_pdf_drawing(size, paper, shipped):
    cards = shipped["coop"]
    sheet = cards.sheet("enemies", size=size, paper=paper)
    w, h = CARD_SIZES[size] if isinstance(size, str) else size
    reader = _pdf(sheet)
    page_w, page_h = (float(v) / MM for v in reader.pages[0].mediabox[2:])
    assert sorted((round(page_w, 1), round(page_h, 1))) == sorted(
        round(v, 1) for v in PAPERS[paper]
    )
    for page, placed in zip(reader.pages, sheet.pages, strict=True):
        trims = [r for r in _rectangles(page) if abs(r[2] - w) < 0.5 and abs(r[3] - h) < 0.5]
        assert len(trims) == len(placed.cards)
        for (x, y, _rw, _rh), card in zip(
            sorted(trims), sorted(placed.cards, key=lambda c: (c.x, c.y)), strict=True
        ):
            assert abs(x - card.x) < 0.5 and abs(y - card.y) < 0.5


def test_with_bleed_the_background_runs_past_the_cut(shipped):
    sheet = shipped["coop"].sheet("loot", bleed=3, back=True)
    reader = _pdf(sheet)
    for page, placed in zip(reader.pages, sheet.pages, strict=True):
        bled = [r for r in _rectangles(page) if abs(r[2] - 69) < 0.5 and abs(r[3] - 94) < 0.5]
        assert len(bled) == len(placed.cards)
        for card in placed.cards:
            assert any(
                abs(x + 3 - card.x) < 0.5 and abs(y + 3 - card.y) < 0.5 for x, y, _, _ in bled
            )
    # 69 x 94 mm cells fit A4 better on their side: 4 x 2 rather than 2 x 3.
    assert (sheet.pages[0].width, sheet.pages[0].height) == (297.0, 210.0)
    assert len(sheet.pages[0].cards) == 8


def test_cards_measure_their_size_in_the_rendered_image(shipped):
    """The cut lines, found in a 300 dpi rendering, are a card's width and height apart."""
    sheet = shipped["coop"].sheet("enemies")
    dpi = 300
    image = pdfium.PdfDocument(sheet.pdf())[0].render(scale=dpi / 72).to_pil()
    rgb = np.asarray(image.convert("RGB")).astype(int)
    outline = np.abs(rgb - np.array([0x9A, 0xA0, 0xA6])).max(axis=2) < 30

    def lines(counts):
        full = np.flatnonzero(counts > 0.8 * counts.max())
        groups = np.split(full, np.flatnonzero(np.diff(full) > 1) + 1)
        return [g.mean() / dpi * 25.4 for g in groups]

    xs, ys = lines(outline.sum(axis=0)), lines(outline.sum(axis=1))
    assert len(xs) == 4 and len(ys) == 4  # 3 x 3 cards share their cut lines
    for a, b in pairwise(xs):
        assert abs((b - a) - 63) < 0.5
    for a, b in pairwise(ys):
        assert abs((b - a) - 88) < 0.5
    first = sheet.pages[0].cards[0]
    assert abs(xs[0] - first.x) < 0.5 and abs(ys[0] - first.y) < 0.5


def test_crop_marks_stand_at_every_cut_outside_the_cards(shipped):
    sheet = shipped["coop"].sheet("classes")  # 6 cards: two rows of three
    page = sheet.pages[0]
    from workbench.sheets.draw import Line

    marks = [op for op in page.ops if isinstance(op, Line) and op.width == 0.2]
    vertical = {round(m.x1, 2) for m in marks if m.x1 == m.x2}
    horizontal = {round(m.y1, 2) for m in marks if m.y1 == m.y2}
    assert vertical == {round(c.x, 2) for c in page.cards} | {
        round(c.x + c.w, 2) for c in page.cards
    }
    assert horizontal == {round(c.y, 2) for c in page.cards} | {
        round(c.y + c.h, 2) for c in page.cards
    }
    top = min(c.y for c in page.cards)
    assert all(m.y2 < top or m.y1 > top for m in marks if m.x1 == m.x2)


def test_backs_follow_their_fronts_mirrored(shipped):
    sheet = shipped["coop"].sheet("classes", back=True)
    kinds = [p.kind for p in sheet.pages]
    assert kinds == ["front", "back"]
    front, back = sheet.pages
    for f, b in zip(front.cards, back.cards, strict=True):
        assert f.key == b.key and b.back
        assert abs((f.x + f.w / 2) + (b.x + b.w / 2) - front.width) < 1e-6
        assert f.y == b.y
    assert "Co-op Dungeon Cards" in _pdf(sheet).pages[1].extract_text()


def test_a_sheet_since_earlier_cards_starts_with_what_changed(shipped):
    old = shipped["coop"]
    new = (
        old.set("enemies", "Brutes", "health", 12)
        .with_row("enemies", {**old.row("enemies", "Rats"), "name": "Bats", "copies": 2})
        .without_row("encounters", "RAT-3")
    )
    sheet = new.sheet("enemies", since=old)
    reader = _pdf(sheet)
    summary = reader.pages[0].extract_text()
    assert sheet.pages[0].kind == "changes"
    assert "What changed: Co-op Dungeon Cards" in summary
    assert "1 new, 1 changed and 0 removed cards" in summary
    assert "Brutes" in summary and "health 10 → 12" in summary and "Bats" in summary
    assert "Also changed, in tables not on this sheet: encounters." in summary
    marks = {(c.key, c.mark) for p in sheet.pages for c in p.cards if c.mark}
    assert marks == {("Brutes", "changed"), ("Bats", "new")}
    text = "".join(p.extract_text() for p in reader.pages[1:])
    assert text.count("CHANGED") == 10 and text.count("NEW") == 2  # every copy is marked
    assert len(reader.pages) == 1 + math.ceil(62 / 9)


def test_a_long_change_list_stays_on_one_page(shipped):
    old = shipped["coop"]
    new = old
    for row in old["encounters"].iter_rows(named=True):
        new = new.set("encounters", row["id"], "loot", row["loot"] + 1)
    sheet = new.sheet("encounters", since=old)
    assert sheet.pages[0].kind == "changes" and sheet.pages[1].kind == "front"
    text = _pdf(sheet).pages[0].extract_text()
    assert re.search(r"\.\.\. and \d+ more cards", text)


def test_text_too_long_for_the_card_is_reported_and_cut_with_an_ellipsis(shipped):
    cards = shipped["coop"].set("loot", "SW-B", "text", "A very long rule. " * 200)
    sheet = cards.sheet("loot")
    assert sheet.overflow == [("loot", "SW-B")]
    assert "…" in _pdf(sheet).pages[0].extract_text()


def test_the_same_cards_give_the_same_files(shipped):
    cards = shipped["rpg_card_battle"]
    assert cards.sheet("cards").pdf() == cards.sheet("cards").pdf()
    assert cards.sheet("cards").svg(0) == cards.sheet("cards").svg(0)


def test_svg_pages_are_sized_in_mm_with_the_cards_at_their_size(shipped, tmp_path):
    sheet = shipped["correction"].sheet("pieces", paper="Letter", size="bridge")
    files = sheet.save(tmp_path / "pieces.svg")
    assert files == [tmp_path / "pieces.svg"]
    root = ElementTree.parse(files[0]).getroot()
    # Bridge cards fit Letter paper better on its side: 4 x 2 rather than 3 x 2.
    assert (root.get("width"), root.get("height")) == ("279.4mm", "215.9mm")
    ns = "{http://www.w3.org/2000/svg}"
    cards = [
        r for r in root.iter(f"{ns}rect") if (r.get("width"), r.get("height")) == ("57.00", "89.00")
    ]
    assert len(cards) == 3
    assert "@font-face" in root.find(f"{ns}style").text
    texts = [t.text for t in root.iter(f"{ns}text")]
    assert "Pawn" in texts and "Knight" in texts
    assert sheet.save(tmp_path / "pieces.pdf") == [tmp_path / "pieces.pdf"]
    assert (tmp_path / "pieces.pdf").read_bytes()[:5] == b"%PDF-"


def test_bad_requests_say_what_is_allowed(shipped):
    cards = shipped["coop"]
    with pytest.raises(ValueError, match="'monsters' is not a coop card table"):
        cards.sheet("monsters")
    with pytest.raises(ValueError, match="expected one of poker, bridge, tarot"):
        cards.sheet("enemies", size="huge")
    with pytest.raises(ValueError, match="expected one of A4, Letter"):
        cards.sheet("enemies", paper="A3")
    with pytest.raises(ValueError, match="does not fit on A4 paper"):
        cards.sheet("enemies", size=(200, 280))
    with pytest.raises(ValueError, match="bleed -1"):
        cards.sheet("enemies", bleed=-1)
    with pytest.raises(ValueError, match="saved as .pdf or .svg"):
        cards.sheet("enemies").save("cards.png")


def test_copies_false_prints_one_of_each(shipped):
    cards = shipped["coop"]
    assert cards.sheet("enemies", copies=False).cards == cards["enemies"].height


def test_a_grid_uses_the_page_as_well_as_it_can():
    assert grid(PAPERS["A4"], CARD_SIZES["poker"], 0, True).per_page == 9
    assert grid(PAPERS["Letter"], CARD_SIZES["poker"], 0, True).per_page == 9
    assert grid(PAPERS["A4"], CARD_SIZES["tarot"], 0, True).per_page == 4


def test_a_design_prints_its_own_cards_and_its_other_tables_from_their_columns():
    beasts = TableSpec(
        file="beasts.csv",
        key="name",
        schema=pa.DataFrameSchema(
            {
                "name": text_column("Beast"),
                "health": int_column("Health"),
                "copies": int_column("Cards of it"),
                "text": text_column("What it does"),
            }
        ),
    )
    frame = pl.DataFrame(
        {
            "name": ["Wolf", "Owl"],
            "health": [6, 4],
            "copies": [3, 1],
            "text": ["Bites twice.", "Sees in the dark."],
        }
    )

    @register
    class Zoo(Design):
        spec = DesignSpec(name="zoo_print", title="Zoo", tables={"beasts": beasts})

        def card_view(self, table, row):
            if row["name"] == "Owl":
                return CardView(f"{row['name']}!", "bird", text=row["text"])
            return super().card_view(table, row)

    try:
        cards = CardSet({"beasts": frame}, {"beasts": beasts}, game="zoo_print")
        assert cards.card("beasts", "Owl").view.name == "Owl!"
        wolf = cards.card("beasts", "Wolf").view
        assert (wolf.name, wolf.kind, wolf.text, [(s.label, s.value) for s in wolf.stats]) == (
            "Wolf",
            "beasts",
            "Bites twice.",
            [("Health", 6)],
        )
        sheet = cards.sheet("beasts")
        assert sheet.cards == 4 and "Zoo" in sheet.title
        text = _pdf(sheet).pages[0].extract_text()
        assert text.count("Wolf") == 3 and "Owl!" in text

        class Broken(Zoo):
            def card_view(self, table, row):
                return CardView(name=3)

        _GAMES["zoo_print"] = Broken()
        with pytest.raises(TypeError, match="a card view must be a well-formed CardView"):
            cards.sheet("beasts")
    finally:
        _GAMES.pop("zoo_print", None)
    # Cards of no registered design print from their columns.
    loose = CardSet({"beasts": frame}, {"beasts": beasts}, game="nobody")
    assert loose.sheet("beasts").cards == 4


def test_a_sheet_shows_its_first_page_of_cards_in_a_notebook(shipped):
    sheet = (
        shipped["coop"].set("enemies", "Rats", "health", 2).sheet("enemies", since=shipped["coop"])
    )
    html = sheet._repr_html_()
    assert html.count("<svg") == 1 and ">Rats<" in html and "page 2 shown" in html
    assert repr(sheet) == (
        "Sheet('Co-op Dungeon Cards: enemies', 60 cards at 63 x 88 mm on 8 A4 pages)"
    )


def test_without_crop_marks_the_cards_may_use_more_of_the_page(shipped):
    marked = shipped["coop"].sheet("enemies", size="bridge", paper="Letter", orientation="portrait")
    bare = shipped["coop"].sheet(
        "enemies", size="bridge", paper="Letter", orientation="portrait", crop_marks=False
    )
    from workbench.sheets.draw import Line

    assert any(isinstance(op, Line) for op in marked.pages[0].ops)
    assert not any(isinstance(op, Line) for op in bare.pages[0].ops)
    assert len(bare.pages[0].cards) >= len(marked.pages[0].cards)


def test_a_single_short_row_has_marks_only_at_its_own_cuts(shipped):
    page = shipped["rpg_card_battle"].sheet("loadouts").pages[0]  # two cards, one row
    from workbench.sheets.draw import Line

    right = max(c.x + c.w for c in page.cards)
    sideways = [op for op in page.ops if isinstance(op, Line) and op.y1 == op.y2]
    assert sideways and max(max(op.x1, op.x2) for op in sideways) < right + 6


def test_drawing_a_card_leaves_no_font_file_open():
    import subprocess
    import sys

    code = (
        "import warnings; warnings.simplefilter('error', ResourceWarning)\n"
        "import gc, workbench as wb\n"
        "wb.load_cards('coop').sheet('enemies').pdf(); gc.collect()\n"
    )
    done = subprocess.run(
        [sys.executable, "-X", "dev", "-c", code], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and "ResourceWarning" not in done.stderr, done.stderr[-2000:]
