"""Text values survive every card file: whatever a text cell starts with, it is saved so that a
spreadsheet program does not run it and reads back exactly, from CSV and from .xlsx."""

from __future__ import annotations

import csv
import io
import tempfile
from pathlib import Path

import pandera.polars as pa
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import workbench as wb
from workbench.cards import CardDataError, TableSpec, data_dir, load
from workbench.games.coop import cards as coop

NOTES = {
    "notes": TableSpec(
        file="notes.csv",
        key="id",
        doc="One text column beside numbers.",
        schema=pa.DataFrameSchema(
            {
                "id": pa.Column(pl.Int64, description="Note number"),
                "note": pa.Column(pl.String, nullable=True, description="Any text"),
                "shift": pa.Column(pl.Int64, description="A number that may be negative"),
            }
        ),
    ),
}
RUNS = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet takes for the start of a formula
STARTS = st.sampled_from([*RUNS, "'", "''", " ", '"', ",", "\n", "_x0041_", "é", ""])


def _notes(folder: Path):
    folder.mkdir(exist_ok=True)
    (folder / "notes.csv").write_text("id,note,shift\n1,plain,-1\n")
    return load(NOTES, folder, game="notes")


@settings(max_examples=60, deadline=None)
@given(first=STARTS, rest=st.text(max_size=30))
def test_any_text_reads_back_as_saved_from_csv_and_xlsx(first, rest):
    value = first + rest
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        try:
            cards = _notes(tmp / "in").set("notes", 1, "note", value)
        except CardDataError:
            return  # text a card cannot hold at all is refused as it is typed
        cards.save(tmp / "out")
        rows = list(csv.reader(io.StringIO((tmp / "out" / "notes.csv").read_text(), newline="")))
        assert rows[1][2] == "-1"  # numbers are never escaped
        assert not rows[1][1].startswith(RUNS), rows[1][1]
        assert load(NOTES, tmp / "out", game="notes") == cards
        cards.save(tmp / "out.xlsx")
        assert load(NOTES, tmp / "out.xlsx", game="notes") == cards


def test_escapes_are_the_ones_spreadsheets_know(tmp_path):
    cards = _notes(tmp_path / "in")
    for value, cell in [
        ("=1+1", "'=1+1"),
        ("+2", "'+2"),
        ("-x", "'-x"),
        ("@a", "'@a"),
        ("'Tis", "''Tis"),
        ("a=b", "a=b"),
        ("plain", "plain"),
    ]:
        cards.set("notes", 1, "note", value).save(tmp_path / "out")
        text = (tmp_path / "out" / "notes.csv").read_text()
        assert text == f"id,note,shift\n1,{cell},-1\n", value


def test_an_unescaped_file_loads_as_it_reads_and_saves_escaped(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "notes.csv").write_text("id,note,shift\n1,+1 die,-1\n2,'+1 die,-2\n")
    cards = load(NOTES, folder, game="notes")
    assert cards["notes"]["note"].to_list() == ["+1 die", "+1 die"]
    assert cards["notes"]["shift"].to_list() == [-1, -2]
    cards.save()
    assert (folder / "notes.csv").read_text() == "id,note,shift\n1,'+1 die,-1\n2,'+1 die,-2\n"


def test_an_apostrophe_alone_is_a_blank_cell(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "notes.csv").write_text("id,note,shift\n1,',-1\n2,'',-2\n")
    assert load(NOTES, folder, game="notes")["notes"]["note"].to_list() == [None, "'"]


@pytest.mark.parametrize("game", [d["name"] for d in wb.list_designs()])
def test_shipped_text_is_kept_escaped(game):
    # Saving unchanged cards leaves their files as they are, so the shipped files hold the
    # escaped form, and open in a spreadsheet without a cell taken for a formula.
    for spec in wb.load_cards(game).specs.values():
        rows = list(
            csv.reader(io.StringIO((data_dir(game) / spec.file).read_text("utf-8-sig"), newline=""))
        )
        texts = [j for j, column in enumerate(rows[0]) if spec.kind(column.strip()) == "text"]
        for line, row in enumerate(rows[1:], start=2):
            for j in texts:
                assert not row[j].strip().startswith(RUNS), (spec.file, line, rows[0][j])


def test_a_spreadsheet_cell_keeps_its_text_as_a_csv_escape_would_leave_it(tmp_path):
    # A CSV file opened in a spreadsheet program and saved from it may keep the apostrophes.
    import xlsxwriter

    book = tmp_path / "notes.xlsx"
    with xlsxwriter.Workbook(book) as workbook:
        sheet = workbook.add_worksheet("notes")
        sheet.write_row(0, 0, ["id", "note", "shift"])
        sheet.write_column(1, 0, [1, 2])
        sheet.write_string(1, 1, "'=1+1")
        sheet.write_string(2, 1, "=2")
        sheet.write_column(1, 2, [-1, 3])
    assert load(NOTES, book, game="notes")["notes"]["note"].to_list() == ["=1+1", "=2"]


def test_tab_separated_utf16_with_commas_and_quotes_in_cells(coop_dir):
    rows = list(csv.reader(io.StringIO((coop_dir / "loot.csv").read_text(), newline="")))
    assert any("," in cell for row in rows for cell in row)
    out = io.StringIO()
    csv.writer(out, delimiter="\t", lineterminator="\r\n").writerows(rows)
    (coop_dir / "loot.csv").write_bytes(out.getvalue().encode("utf-16"))
    cards = coop.load(coop_dir)
    assert cards == coop.load()
    assert cards.save() == [coop_dir / "loot.csv"]  # written back as UTF-8 CSV
    assert (coop_dir / "loot.csv").read_bytes() == (data_dir("coop") / "loot.csv").read_bytes()


def test_a_bad_utf16_file_says_so(coop_dir):
    (coop_dir / "loot.csv").write_bytes(b"\xff\xfen\x00a\x00\x00\xd8")  # a lone surrogate
    with pytest.raises(CardDataError, match="loot.csv: starts as UTF-16 text"):
        coop.load(coop_dir)


def test_cr_line_ends_with_a_line_break_inside_a_cell(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "notes.csv").write_bytes(b'id,note,shift\r1,"two\rlines",-1\r2,x,3\r')
    cards = load(NOTES, folder, game="notes")
    assert cards["notes"]["note"].to_list() == ["two\nlines", "x"]


def test_an_interrupted_save_in_a_folder_that_cannot_be_written(coop_dir, monkeypatch):
    import json
    import os

    from workbench.cards.store import JOURNAL, TEMP_SUFFIX, CardSaveError

    (coop_dir / f".enemies.csv.0123abcd{TEMP_SUFFIX}").write_text("name\n")
    (coop_dir / JOURNAL).write_text(json.dumps({"renames": [["enemies.csv", "0123abcd"]]}))
    before = {p.name: p.read_bytes() for p in coop_dir.iterdir()}

    def refused(src, dst):
        raise PermissionError(13, "Permission denied", os.fspath(src))

    monkeypatch.setattr(os, "replace", refused)
    with pytest.raises(CardSaveError, match=rf"interrupted in {coop_dir}: permission denied"):
        coop.load(coop_dir)
    assert {p.name: p.read_bytes() for p in coop_dir.iterdir()} == before
