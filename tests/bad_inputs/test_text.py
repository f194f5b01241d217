"""Text in card files: a text value is written so that a spreadsheet program never runs it (in a
CSV file an apostrophe goes before text starting with =, +, -, @, a tab, a carriage return or an
apostrophe; an .xlsx cell holds it as text) and reads back exactly as it was saved; a CSV file as
spreadsheet programs save it (UTF-16 with a byte order mark, old Mac line ends) reads as the
same cards. What cannot be written or read as it is (text longer than a spreadsheet cell, a date
where text is expected, a folder that does not let you in) is refused naming the file or folder,
sheet, row and column where known and what is wrong, and nothing on disk changes.
"""

from __future__ import annotations

import csv
import io
import os
import re
import warnings
import zipfile
from datetime import datetime
from pathlib import Path
from unittest import mock
from xml.sax.saxutils import escape

from workbench.cards import data_dir
from workbench.games.coop import cards as coop

from .cases import Lost, Silent, area_test, case, check, copy_coop, expect, snapshot

FORMULA = '=HYPERLINK("http://x","click")'
# A spreadsheet program takes a cell starting with one of these for a formula.
RUNS = ("=", "+", "-", "@", "\t", "\r")


def _rows(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))


def _cell(path: Path, key: str, column: str) -> str:
    rows = _rows(path)
    return next(r for r in rows[1:] if r[0] == key)[rows[0].index(column)]


def _set_cells(path: Path, column: str, values: dict[str, str]) -> None:
    """Write `values` ({card key: cell text}) into `column` as they are, unescaped."""
    rows = _rows(path)
    for row in rows[1:]:
        if row[0] in values:
            row[rows[0].index(column)] = values[row[0]]
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")


def _sheets() -> dict[str, list[list[str]]]:
    return {table: _rows(data_dir("coop") / spec.file) for table, spec in coop.TABLES.items()}


def _refusing(name: str, folder: Path):
    """os.`name` refusing every path directly inside `folder`, as the system does for a
    folder that does not let this user in (tests run as root, who is let in everywhere)."""
    original = getattr(os, name)

    def refused(path, *args, **kwargs):
        if Path(os.fspath(path)).parent == folder:
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return original(path, *args, **kwargs)

    return mock.patch.object(os, name, refused)


@case("text")
def formula_in_a_text_cell_of_a_saved_csv(tmp):
    d = copy_coop(tmp)
    cards = coop.load(d).set("loot", "SW-B", "text", FORMULA)
    cards.save(d)
    check(
        not _cell(d / "loot.csv", "SW-B", "text").startswith(RUNS),
        "the CSV file holds a formula a spreadsheet runs when it opens the file",
        Silent,
    )
    check(coop.load(d).row("loot", "SW-B")["text"] == FORMULA, "the text read back changed", Silent)


@case("text")
def text_starting_with_any_character_a_spreadsheet_reads_specially(tmp):
    d = copy_coop(tmp)
    cards = coop.load(d)
    values = ["=1+1", "+2 damage", "-1 dodge", "@ once", "'Tis a blade", "''", "'=x", "'"]
    keys = cards["loot"]["id"].to_list()[: len(values)]
    for key, value in zip(keys, values, strict=True):
        cards = cards.set("loot", key, "text", value)
    cards.save(d)
    for key in keys:
        check(
            not _cell(d / "loot.csv", key, "text").startswith(RUNS),
            f"{key}: the CSV cell would be run as a formula",
            Silent,
        )
    back = coop.load(d)
    check(
        back["loot"]["text"].to_list()[: len(values)] == values,
        f"read back as {back['loot']['text'].to_list()[: len(values)]}",
        Silent,
    )
    check(back == cards, "the cards read back are not the ones saved", Silent)
    rows = _rows(d / "loot.csv")
    dodge = [row[rows[0].index("dodge")] for row in rows[1:]]
    check(
        "-1" in dodge and all(re.fullmatch("-?[0-9]+", cell) for cell in dodge),
        f"numbers were escaped: {dodge}",
        Silent,
    )


@case("text")
def an_older_file_with_plus_and_minus_text(tmp):
    d = copy_coop(tmp)
    written = {"SW-B": "+1 die on a hit", "SW-S": "-1 to dodge", "SW-I": "@ once a turn"}
    _set_cells(d / "loot.csv", "text", written)
    cards = coop.load(d)
    read = {key: cards.row("loot", key)["text"] for key in written}
    check(read == written, f"an unescaped file read as {read}", Silent)


@case("text")
def text_longer_than_an_xlsx_cell(tmp):
    book = tmp / "cards.xlsx"
    cards = coop.load()
    cards.save(book)
    before = book.read_bytes()
    with expect("CardDataError", "cards.xlsx", "loot", "SW-B", "text", "32,767"):
        cards.set("loot", "SW-B", "text", "x" * 40_000).save(book)
    check(book.read_bytes() == before, "the spreadsheet changed")
    check(sorted(p.name for p in tmp.iterdir()) == ["cards.xlsx"], "a file was left behind")


@case("text")
def formula_in_a_text_cell_of_a_saved_xlsx(tmp):
    book = tmp / "cards.xlsx"
    cards = coop.load().set("loot", "SW-B", "text", FORMULA).set("loot", "SW-S", "text", "'Tis")
    cards.save(book)
    try:
        back = coop.load(book)
    except Exception as exc:
        raise Lost(f"its own saved spreadsheet is refused: {str(exc)[:200]}") from exc
    check(back == cards, "the text read back changed", Silent)


@case("text")
def date_in_a_text_column_of_an_ods_sheet(tmp):
    sheets = _sheets()
    book = tmp / "cards.ods"
    tables = []
    for name, rows in sheets.items():
        cells = []
        for i, row in enumerate(rows):
            out = []
            for j, value in enumerate(row):
                if (name, i, j) == ("enemies", 1, 0):  # Rats' name, typed as 1/5 and dated
                    out.append(
                        '<table:table-cell office:value-type="date" '
                        'office:date-value="2024-01-05"><text:p>01/05/24</text:p>'
                        "</table:table-cell>"
                    )
                else:
                    out.append(
                        '<table:table-cell office:value-type="string">'
                        f"<text:p>{escape(value)}</text:p></table:table-cell>"
                    )
            cells.append(f"<table:table-row>{''.join(out)}</table:table-row>")
        tables.append(f'<table:table table:name="{name}">{"".join(cells)}</table:table>')
    ns = (
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"'
    )
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest='
        '"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
        '<manifest:file-entry manifest:full-path="/" manifest:media-type='
        '"application/vnd.oasis.opendocument.spreadsheet"/></manifest:manifest>'
    )
    with zipfile.ZipFile(book, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("META-INF/manifest.xml", manifest)
        archive.writestr(
            "content.xml",
            f'<?xml version="1.0" encoding="UTF-8"?>'
            f"<office:document-content {ns}><office:body><office:spreadsheet>"
            f"{''.join(tables)}</office:spreadsheet></office:body>"
            "</office:document-content>",
        )
    with expect("CardDataError", "cards.ods", "enemies", "A2", "date", "01/05/24"):
        coop.load(book)


@case("text")
def date_in_a_text_column_of_an_xlsx_sheet(tmp):
    import xlsxwriter

    book = tmp / "cards.xlsx"
    with xlsxwriter.Workbook(book) as workbook:
        dated = workbook.add_format({"num_format": "mm/dd/yy"})
        for name, rows in _sheets().items():
            sheet = workbook.add_worksheet(name)
            for i, row in enumerate(rows):
                sheet.write_row(i, 0, row)
        workbook.get_worksheet_by_name("enemies").write_datetime(1, 0, datetime(2024, 1, 5), dated)
    with expect("CardDataError", "cards.xlsx", "enemies", "A2", "date"):
        coop.load(book)


@case("text")
def utf16_tab_separated_file_from_excel_unicode_text(tmp):
    d = copy_coop(tmp)
    rows = _rows(d / "enemies.csv")
    text = "".join("\t".join(row) + "\r\n" for row in rows)
    (d / "enemies.csv").write_bytes(text.encode("utf-16"))  # with its byte order mark
    check(coop.load(d) == coop.load(), "the cards read are not the ones in the file", Silent)


@case("text")
def utf16_file_with_commas(tmp):
    d = copy_coop(tmp)
    text = (d / "loot.csv").read_text(encoding="utf-8")
    (d / "loot.csv").write_bytes(b"\xfe\xff" + text.encode("utf-16-be"))
    check(coop.load(d) == coop.load(), "the cards read are not the ones in the file", Silent)


@case("text")
def utf16_file_without_a_byte_order_mark(tmp):
    d = copy_coop(tmp)
    before = snapshot(d)
    text = (d / "loot.csv").read_text(encoding="utf-8")
    (d / "loot.csv").write_bytes(text.encode("utf-16-le"))
    with expect("CardDataError", "loot.csv", "UTF-16", "UTF-8"):
        coop.load(d)
    check(set(snapshot(d)) == set(before), "files were added or removed")


@case("text")
def old_mac_line_ends(tmp):
    d = copy_coop(tmp)
    for name in ("battles.csv", "enemies.csv"):
        (d / name).write_bytes((d / name).read_bytes().replace(b"\n", b"\r"))
    check(coop.load(d) == coop.load(), "the cards read are not the ones in the file", Silent)


@case("text")
def folder_that_does_not_let_you_in(tmp):
    d = copy_coop(tmp)
    before = snapshot(d)
    with _refusing("stat", d), expect("CardDataError", str(d), "folder", "permission denied"):
        coop.load(d)
    check(snapshot(d) == before, "files changed")


@case("text")
def folder_you_cannot_write_to(tmp):
    d = copy_coop(tmp)
    cards = coop.load(d).set("enemies", "Rats", "health", 3).set("loot", "SW-B", "damage", 3)
    before = snapshot(d)
    with _refusing("open", d), expect("CardSaveError", str(d), "folder", "permission denied"):
        cards.save()
    check(snapshot(d) == before, "files changed")


@case("text")
def lock_file_that_cannot_be_made(tmp):
    d = copy_coop(tmp)
    on_disk = coop.load(d)
    cards = on_disk.set("enemies", "Rats", "health", 3)
    before = snapshot(d)
    cache = tmp / "cache"
    with (
        mock.patch.dict(os.environ, {"XDG_CACHE_HOME": str(cache)}),
        _refusing("open", cache / "workbench" / "locks"),
    ):
        with warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always")
            again = coop.load(d)  # reading goes on without the lock, and says so
        check(again == on_disk, "the folder read differently without its lock", Silent)
        check(
            any("without its lock" in str(w.message) for w in said),
            "an unlocked read said nothing",
            Silent,
        )
        with expect("CardSaveError", str(d), "lock", "permission denied"):
            cards.save()
    check(snapshot(d) == before, "files changed")


test_bad_input = area_test(__name__)
