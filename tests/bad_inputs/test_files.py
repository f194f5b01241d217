"""Card files as they come from disk: unreadable, not UTF-8, wrong types, absurd sizes. Each is
refused with the file, card and column named, and the folder is left as it was.
"""

from __future__ import annotations

from pathlib import Path

import workbench as wb
from workbench.games.coop import cards as coop

from .cases import area_test, case, check, copy_coop, expect, snapshot


@case("files")
def unreadable_csv(tmp):
    d = copy_coop(tmp)
    before = snapshot(d)
    original = Path.read_bytes

    def locked(self):
        if self.name == "loot.csv":
            raise PermissionError(13, "Permission denied", str(self))
        return original(self)

    Path.read_bytes = locked
    try:
        with expect("CardDataError", "loot.csv"):
            coop.load(d)
    finally:
        Path.read_bytes = original
    check(snapshot(d) == before, "files changed")


@case("files")
def junk_line_of_megabytes(tmp):
    d = copy_coop(tmp)
    with open(d / "loot.csv", "a") as f:
        f.write("x" * 3_000_000 + "\n")
    with expect("CardDataError", "loot.csv", "line 32"):
        coop.load(d)


@case("files")
def word_in_integer_column(tmp):
    d = copy_coop(tmp)
    text = (d / "enemies.csv").read_text().replace("Rats,1,", "Rats,one,")
    (d / "enemies.csv").write_text(text)
    with expect("CardDataError", "enemies.csv", "health", "one"):
        coop.load(d)


@case("files")
def missing_file(tmp):
    d = copy_coop(tmp)
    (d / "battles.csv").unlink()
    with expect("CardDataError", "battles.csv", "not found"):
        coop.load(d)


@case("files")
def not_utf8(tmp):
    d = copy_coop(tmp)
    (d / "classes.csv").write_bytes((d / "classes.csv").read_bytes() + b"\xff\xfe\n")
    with expect("CardDataError", "classes.csv", "UTF-8"):
        coop.load(d)


@case("files")
def billion_loot_copies(tmp):
    d = copy_coop(tmp)
    text = (
        (d / "loot.csv")
        .read_text()
        .replace("SW-B,Bronze Sword,Sword,Low,4,", "SW-B,Bronze Sword,Sword,Low,1000000000,")
    )
    (d / "loot.csv").write_text(text)
    with expect("CardDataError", "loot.csv", "copies", "at most"):
        coop.load(d)


@case("files")
def dodge_of_a_million(tmp):
    d = copy_coop(tmp)
    text = (d / "enemies.csv").read_text().replace("Rats,1,0,4,", "Rats,1,0,1000000,")
    (d / "enemies.csv").write_text(text)
    with expect("CardDataError", "enemies.csv", "dodge", "at most"):
        coop.load(d)


@case("files")
def a_spreadsheet_with_a_value_in_its_last_cell(tmp):
    import xlsxwriter

    book = tmp / "cards.xlsx"
    with xlsxwriter.Workbook(book) as workbook:
        sheet = workbook.add_worksheet("enemies")
        sheet.write_row(0, 0, ["name", "health"])
        sheet.write(1_048_575, 16_383, "x")  # XFD1048576
    with expect("CardDataError", "cards.xlsx", "enemies", "XFD1048576"):
        coop.load(book)


@case("files")
def a_spreadsheet_that_unpacks_to_gigabytes(tmp):
    import zipfile

    book = tmp / "bomb.xlsx"
    with zipfile.ZipFile(book, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b" " * (80 * 2**20))
    check(book.stat().st_size < 2**20, "the test's file is not small")
    with expect("CardDataError", "bomb.xlsx", "unpack"):
        coop.load(book)


@case("files")
def a_folder_named_by_a_number(tmp):
    with expect("SetupError", "path", "int", "coop"):
        wb.load_cards("coop", 5)


@case("files")
def a_pipe_where_a_card_file_belongs(tmp):
    import os

    d = copy_coop(tmp)
    (d / "enemies.csv").unlink()
    os.mkfifo(d / "enemies.csv")  # opening it would wait for a writer for ever
    with expect("CardDataError", "enemies.csv", "not a file"):
        coop.load(d)


@case("files")
def a_folder_where_a_card_file_belongs(tmp):
    d = copy_coop(tmp)
    (d / "enemies.csv").unlink()
    (d / "enemies.csv").mkdir()
    with expect("CardDataError", "enemies.csv", "is a folder"):
        coop.load(d)


test_bad_input = area_test(__name__)
