"""Card tables in a spreadsheet: every game's tables round-trip through .xlsx (and read from
.ods), and a bad spreadsheet gives the problems a bad CSV gives, at its sheet and row."""

from __future__ import annotations

import shutil
import zipfile

import fastexcel
import polars as pl
import pytest
from _cardfiles import set_cell, sheets_of, write_ods, write_xlsx

import workbench as wb
from workbench.cards import CardDataError, data_dir, load
from workbench.cards.store import ChangedOnDisk
from workbench.cards.text import csv_bytes
from workbench.games.coop import cards as coop

# Every registered design, those with rules and those of data only.
GAMES = [d["name"] for d in wb.list_designs()]


def _error(path) -> CardDataError:
    with pytest.raises(CardDataError) as info:
        coop.load(path)
    return info.value


def _cells(err: CardDataError):
    """What a problem says, apart from which file says it."""
    return [(p.table, p.row, p.card, p.column, p.value, p.issue, p.expected) for p in err.problems]


# -- round trips ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_csv_to_xlsx_to_csv_gives_identical_frames(game, tmp_path):
    cards = wb.load_cards(game)
    assert cards.save(tmp_path / "cards.xlsx") == [tmp_path / "cards.xlsx"]
    back = wb.load_cards(game, tmp_path / "cards.xlsx")
    assert back.source == tmp_path / "cards.xlsx"
    for table in cards:
        assert back[table].schema == cards[table].schema
        assert back[table].equals(cards[table]), table
    back.save(tmp_path / "csv")
    again = wb.load_cards(game, tmp_path / "csv")
    assert again == cards
    for table, spec in cards.specs.items():
        assert (tmp_path / "csv" / spec.file).read_bytes() == csv_bytes(cards[table])


@pytest.mark.parametrize("game", GAMES)
def test_a_saved_workbook_has_a_sheet_per_table_in_column_order_with_typed_cells(game, tmp_path):
    cards = wb.load_cards(game)
    cards.save(tmp_path / "cards.xlsx")
    reader = fastexcel.read_excel(tmp_path / "cards.xlsx")
    assert reader.sheet_names == list(cards.tables)
    for table, spec in cards.specs.items():
        sheet = pl.read_excel(tmp_path / "cards.xlsx", sheet_name=table)
        assert sheet.columns == list(spec.header)
        for column in spec.header:
            family = spec.kind(column)
            if sheet[column].null_count() == sheet.height:
                continue  # a column of blanks has no type to keep
            dtype = sheet[column].dtype
            assert {
                "integer": dtype.is_numeric(),
                "number": dtype.is_numeric(),
                "boolean": dtype == pl.Boolean,
                "text": dtype == pl.String,
            }[family], (table, column, dtype)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_reads_from_ods(game, tmp_path):
    cards = wb.load_cards(game)
    book = write_ods(tmp_path / "cards.ods", sheets_of(data_dir(game), cards.specs))
    assert wb.load_cards(game, book) == cards


def test_a_workbook_whose_table_starts_lower_down_keeps_sheet_rows(tmp_path):
    sheets = sheets_of(data_dir("coop"), coop.TABLES)
    sheets["enemies"][2][1] = "ten"  # Lankies' health, one row below the first card
    err = _error(write_xlsx(tmp_path / "cards.xlsx", sheets, at=(3, 2)))
    (p,) = err.problems
    assert (p.file, p.sheet, p.row, p.card, p.column) == (
        "cards.xlsx",
        "enemies",
        6,
        "Lankies",
        "health",
    )
    assert str(p) == (
        "cards.xlsx, sheet 'enemies', row 6 (Lankies), column 'health': 'ten' is "
        "not a number; expected an integer >= 1"
    )


def test_saving_can_write_xlsx_only_and_keeps_the_old_file_on_failure(tmp_path, monkeypatch):
    cards = wb.load_cards("coop")
    with pytest.raises(ValueError, match="can be read but not written; save as .xlsx"):
        cards.save(tmp_path / "cards.ods")
    target = tmp_path / "cards.xlsx"
    cards.save(target)
    before = target.read_bytes()
    tougher = cards.set("enemies", "Brutes", "health", 12)

    def broken(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.replace", broken)
    with pytest.raises(OSError, match="the disk is full; nothing was saved"):
        tougher.save(target)
    monkeypatch.undo()
    assert target.read_bytes() == before
    assert list(tmp_path.iterdir()) == [target]


def test_a_workbook_changed_on_disk_since_it_was_read_is_not_overwritten(tmp_path):
    target = tmp_path / "cards.xlsx"
    wb.load_cards("coop").save(target)
    mine = wb.load_cards("coop", target)
    assert mine.save(target) == []  # the same cards: the file is left alone
    theirs = wb.load_cards("coop", target).set("enemies", "Rats", "health", 5)
    theirs.save(target)
    with pytest.raises(ChangedOnDisk, match="cards.xlsx in .* changed on disk"):
        mine.set("enemies", "Rats", "health", 2).save(target)
    assert wb.load_cards("coop", target).row("enemies", "Rats")["health"] == 5
    mine.set("enemies", "Rats", "health", 2).save(target, force=True)
    assert wb.load_cards("coop", target).row("enemies", "Rats")["health"] == 2


def test_uploaded_bytes_load_with_their_file_name(tmp_path):
    cards = wb.load_cards("coop")
    data = cards.set("enemies", "Rats", "health", 3).to_xlsx()
    got = load(coop.TABLES, data, game="coop", cross_check=coop.cross_check, name="upload.xlsx")
    assert got.row("enemies", "Rats")["health"] == 3 and got.source is None
    with pytest.raises(CardDataError, match=r"^upload.xlsx: cannot be read as a spreadsheet"):
        load(coop.TABLES, b"not a zip", game="coop", name="upload.xlsx")


def test_the_saved_sheets_explain_their_columns_and_check_typed_values(tmp_path):
    wb.load_cards("coop").save(tmp_path / "cards.xlsx")
    with zipfile.ZipFile(tmp_path / "cards.xlsx") as archive:
        names = archive.namelist()
        enemies = archive.read("xl/worksheets/sheet2.xml").decode()
        notes = "".join(archive.read(n).decode() for n in names if "comments" in n)
    assert "Health the enemy starts with" in notes and "Allowed: an integer &gt;= 1" in notes
    # damage_type offers its two choices; health accepts whole numbers of at least 1.
    assert '"melee,ranged"' in enemies
    assert 'type="whole" operator="greaterThanOrEqual"' in enemies


# -- bad spreadsheets give the problems bad CSVs give ------------------------------------------

CELLS = [  # (table, file line, column, bad value as typed into a spreadsheet)
    ("enemies", 3, "health", "ten"),
    ("enemies", 6, "health", -2),
    ("loot", 4, "damage", 2.5),
    ("encounters", 2, "first_allowed", "maybe"),
    ("encounters", 12, "loot", None),
    ("classes", 3, "damage_type", "magic"),
    ("enemies", 7, "dice", 7),
    ("encounters", 8, "enemy", "Goblins"),
    ("enemies", 7, "name", "Rats"),
]


@pytest.mark.parametrize(
    ("table", "line", "column", "value"), CELLS, ids=[f"{t}-{c}-{v}" for t, _, c, v in CELLS]
)
@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_a_bad_cell_reads_as_it_does_in_a_csv(table, line, column, value, kind, coop_dir, tmp_path):
    spec = coop.TABLES[table]
    sheets = sheets_of(coop_dir, coop.TABLES)
    sheets[table][line - 1][spec.header.index(column)] = value
    set_cell(coop_dir / spec.file, line, column, "" if value is None else str(value))
    write = write_xlsx if kind == "xlsx" else write_ods
    book = write(tmp_path / f"cards.{kind}", sheets)
    from_csv, from_sheet = _error(coop_dir), _error(book)
    assert _cells(from_sheet) == [
        (
            t,
            r,
            c,
            col,
            v,
            issue.replace(coop.TABLES["enemies"].file, "sheet 'enemies'"),
            expected.replace(coop.TABLES["enemies"].file, "sheet 'enemies'"),
        )
        for t, r, c, col, v, issue, expected in _cells(from_csv)
    ]
    assert {(p.file, p.sheet) for p in from_sheet.problems} == {(f"cards.{kind}", table)}
    assert str(from_sheet).startswith(f"cards.{kind}, sheet '{table}', row {line}")


def test_a_missing_and_an_extra_column_read_as_in_a_csv(coop_dir, tmp_path):
    sheets = sheets_of(coop_dir, coop.TABLES)
    sheets["classes"] = [row[:3] + row[4:] for row in sheets["classes"]]  # no dodge
    sheets["battles"] = [
        row + ["notes" if i == 0 else "x"] for i, row in enumerate(sheets["battles"])
    ]
    err = _error(write_xlsx(tmp_path / "cards.xlsx", sheets))
    assert [str(p) for p in err.problems] == [
        "cards.xlsx, sheet 'classes': column 'dodge' is missing from the header; expected the "
        "columns name,health,armor,dodge,damage,damage_type,dice,copies",
        "cards.xlsx, sheet 'battles': the column 'notes' is not part of the battles table; "
        "expected only the columns players,battles",
    ]


def test_a_missing_sheet_and_an_extra_sheet(tmp_path):
    sheets = sheets_of(data_dir("coop"), coop.TABLES)
    del sheets["battles"]
    sheets["Notes"] = [["playtest", "date"], ["first", "today"]]
    err = _error(write_xlsx(tmp_path / "cards.xlsx", sheets))
    assert [str(p) for p in err.problems] == [
        "cards.xlsx: there is no sheet 'battles'; expected a sheet named battles with the header "
        "players,battles (the sheets are classes, enemies, encounters, loot, Notes)",
        "cards.xlsx: the sheet 'Notes' is not one of the card tables; expected only the sheets "
        "classes, enemies, encounters, loot, battles",
    ]
    assert [(p.file, p.sheet) for p in err.problems] == [
        ("cards.xlsx", "battles"),
        ("cards.xlsx", "Notes"),
    ]


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_merged_cells_are_refused_with_their_range(kind, tmp_path):
    sheets = sheets_of(data_dir("coop"), coop.TABLES)
    write = write_xlsx if kind == "xlsx" else write_ods
    err = _error(
        write(tmp_path / f"cards.{kind}", sheets, merges=[("loot", 4, 2, 5, 2)])
    )  # family of lines 5 and 6
    (p,) = err.problems
    assert (p.sheet, p.row) == ("loot", 5)
    assert str(p) == (
        f"cards.{kind}, sheet 'loot', row 5: the cells C5:C6 are merged; "
        "expected one value in every cell (unmerge them and fill each cell)"
    )


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_formulas_are_refused_at_their_cell(kind, tmp_path):
    sheets = sheets_of(data_dir("coop"), coop.TABLES)
    write = write_xlsx if kind == "xlsx" else write_ods
    formula = "=B2*2" if kind == "xlsx" else "=[.B2]*2"
    err = _error(write(tmp_path / f"cards.{kind}", sheets, formulas={("enemies", 2, 1): formula}))
    (p,) = err.problems
    assert (p.sheet, p.row, p.card, p.column, p.value) == (
        "enemies",
        3,
        "Lankies",
        "health",
        "=B2*2",
    )
    assert str(p).startswith(
        f"cards.{kind}, sheet 'enemies', row 3 (Lankies), column "
        "'health': '=B2*2' is a formula (cell B3); expected a plain value"
    )


def test_an_error_value_is_refused_with_what_the_column_allows(tmp_path):
    sheets = sheets_of(data_dir("coop"), coop.TABLES)
    err = _error(write_xlsx(tmp_path / "cards.xlsx", sheets, errors={("battles", 3, 1): "#DIV/0!"}))
    (p,) = err.problems
    assert (p.row, p.card, p.column) == (4, "4", "battles")
    assert "is a formula (cell B4) whose value is the error #DIV/0!" in str(p)


def test_empty_sheet_missing_file_and_not_a_spreadsheet(tmp_path):
    sheets = sheets_of(data_dir("coop"), coop.TABLES)
    sheets["battles"] = []
    err = _error(write_xlsx(tmp_path / "cards.xlsx", sheets))
    assert str(err) == (
        "cards.xlsx, sheet 'battles': the sheet is empty; expected a header row "
        "players,battles followed by one row per card"
    )
    err = _error(tmp_path / "none.xlsx")
    assert str(err).startswith(f"none.xlsx: file not found in {tmp_path}")
    (tmp_path / "text.xlsx").write_text("name,health\n")
    assert str(_error(tmp_path / "text.xlsx")).startswith(
        "text.xlsx: cannot be read as a spreadsheet ("
    )


def test_rules_across_tables_name_the_sheet(tmp_path):
    sheets = sheets_of(data_dir("coop"), coop.TABLES)
    sheets["encounters"][7][1] = "Goblins"  # LAN-2 fights an enemy that does not exist
    sheets["battles"] = sheets["battles"][:-1]  # no line for 5 players
    err = _error(write_xlsx(tmp_path / "cards.xlsx", sheets))
    assert [str(p).split(";")[0] for p in err.problems] == [
        "cards.xlsx, sheet 'encounters', row 8 (LAN-2), column 'enemy': 'Goblins' is not in "
        "sheet 'enemies'",
        "cards.xlsx, sheet 'battles', column 'players': no line for 5 players",
    ]


def test_every_design_loads_a_workbook_by_path(tmp_path):
    for game in GAMES:
        folder = tmp_path / game
        shutil.copytree(data_dir(game), folder)
        cards = wb.load_cards(game, folder)
        cards.save(folder / "book.xlsx")
        assert wb.load_cards(game, str(folder / "book.xlsx")) == cards


def test_a_file_that_is_neither_a_folder_nor_a_spreadsheet_is_named(tmp_path):
    (tmp_path / "cards.xls").write_bytes(b"an old binary workbook")
    assert str(_error(tmp_path / "cards.xls")) == (
        "cards.xls: is neither a folder of CSV files nor an .xlsx or .ods spreadsheet; "
        "expected one of those"
    )
