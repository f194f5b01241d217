"""The card editor's files: a print sheet and a spreadsheet to download, a spreadsheet to open;
through the same requests the browser sends, without a browser."""

from __future__ import annotations

import base64
import io
import shutil

import polars as pl
import pypdf
import pytest
import xlsxwriter

import workbench as wb
from workbench.cards import CardDataError, data_dir
from workbench.widgets import CardEditor


@pytest.fixture
def editor(tmp_path):
    folder = tmp_path / "coop"
    shutil.copytree(data_dir("coop"), folder)
    return CardEditor(wb.load_cards("coop", folder), table="enemies")


def _file(reply) -> bytes:
    assert reply["ok"], reply["error"]
    return base64.b64decode(reply["download"]["data"])


def test_print_sheet_downloads_the_current_table_with_changes_marked(editor):
    editor.edit("enemies", "Brutes", "health", 12)
    reply = editor.answer({"type": "print", "id": 1, "table": "enemies"})
    assert reply["download"]["name"] == "coop-enemies.pdf"
    assert reply["download"]["mime"] == "application/pdf"
    pdf = pypdf.PdfReader(io.BytesIO(_file(reply)))
    assert len(pdf.pages) == 1 + 7  # what changed, then 60 enemy cards nine to a page
    assert "health 10 → 12" in pdf.pages[0].extract_text()
    text = "".join(p.extract_text() for p in pdf.pages[1:])
    assert text.count("CHANGED") == 10 and text.count("Brutes") == 10
    assert editor.session.message == "Print sheet coop-enemies.pdf: 60 enemies cards on 8 pages."
    assert editor.cards.version == 1  # printing changes nothing


def test_print_sheet_of_unchanged_cards_has_no_changes_page(editor):
    sheet = editor.sheet("loot")
    assert [p.kind for p in sheet.pages][0] == "front" and sheet.cards == 60


def test_the_spreadsheet_download_holds_the_edited_cards(editor, tmp_path):
    editor.edit("enemies", "Rats", "dodge", 5)
    reply = editor.answer({"type": "export", "id": 2})
    assert reply["download"]["name"] == "coop-cards.xlsx"
    (tmp_path / "down.xlsx").write_bytes(_file(reply))
    assert wb.load_cards("coop", tmp_path / "down.xlsx") == editor.cards


def test_opening_a_spreadsheet_is_one_undoable_change_against_the_files(editor):
    data = editor.cards.set("enemies", "Rats", "health", 3).to_xlsx()
    reply = editor.answer(
        {"type": "open", "id": 3, "name": "mine.xlsx", "data": base64.b64encode(data).decode()}
    )
    assert reply["ok"], reply["error"]
    assert editor.cards.row("enemies", "Rats")["health"] == 3
    assert editor.session.message.startswith("Opened mine.xlsx")
    assert editor.diff().rows() == [("enemies", "Rats", "health", "1", "3")]
    editor.undo()
    assert editor.cards.row("enemies", "Rats")["health"] == 1 and not editor.session.dirty


def test_a_bad_spreadsheet_is_refused_with_its_sheet_and_row_and_changes_nothing(editor):
    before = editor.cards
    # Lankies' health becomes a word, as someone might type it into the sheet.
    sheets = pl.read_excel(before.to_xlsx(), sheet_id=0)
    sheets["enemies"] = sheets["enemies"].with_columns(
        pl.when(pl.col("name") == "Lankies")
        .then(pl.lit("ten"))
        .otherwise(pl.col("health").cast(pl.String))
        .alias("health")
    )
    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"in_memory": True})
    for name, frame in sheets.items():
        frame.write_excel(book, worksheet=name)
    book.close()
    reply = editor.answer(
        {
            "type": "open",
            "id": 4,
            "name": "bad.xlsx",
            "data": base64.b64encode(buffer.getvalue()).decode(),
        }
    )
    assert not reply["ok"]
    assert reply["error"].startswith("Could not open bad.xlsx; nothing was changed.")
    assert (
        "bad.xlsx, sheet 'enemies', row 3 (Lankies), column 'health': 'ten' is not a "
        "number; expected an integer >= 1"
    ) in reply["error"]
    assert editor.view["error"] == reply["error"]
    assert editor.cards is before


def test_save_and_open_a_spreadsheet_from_python(editor, tmp_path):
    editor.edit("enemies", "Brutes", "armor", 8)
    assert editor.save(tmp_path / "cards.xlsx") == [tmp_path / "cards.xlsx"]
    assert editor.session.message == f"Saved cards.xlsx to {tmp_path / 'cards.xlsx'}."
    assert editor.session.dirty  # the CSV files are still what the diff compares with
    editor.revert()
    editor.open_file(tmp_path / "cards.xlsx")
    assert editor.cards.row("enemies", "Brutes")["armor"] == 8
    with pytest.raises(CardDataError, match="file not found"):
        editor.open_file(tmp_path / "none.xlsx")
