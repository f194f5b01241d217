"""Where a spreadsheet's cells are and which of them a card table cannot take: formulas, error
values, merged cells, dates and times. The values themselves are read by polars (workbook.py);
this only looks at the structure the value reader does not report, in the file's own XML (.xlsx
and .ods are zipped XML), by each element's local name so either dialect of .xlsx reads the same.
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from xml.etree import ElementTree

_CELL = re.compile(r"^([A-Z]+)(\d+)$")
# Card tables are small. Past these a file is refused before anything is unpacked or laid
# out: a spreadsheet that says it holds gigabytes (a zip bomb) or one stray value in the
# last cell of a sheet would otherwise make the value reader ask for all that memory.
MAX_BYTES = 64 * 2**20  # the file's parts, unpacked
MAX_CELLS = 2_000_000  # a sheet's rectangle, from its first value to its last
# Excel's built-in number formats that show a number as a date or a time (ECMA-376 18.8.30,
# with the East Asian ones).
_DATE_FORMATS = {*range(14, 23), *range(27, 37), 45, 46, 47, *range(50, 59)}
# What a custom number format shows besides dates and times: quoted text, escaped
# characters, [colours] and [$-locales].
_NOT_DATE_PARTS = re.compile(r'"[^"]*"|\\.|\[[^\]]*\]|_.|\*.')


class TooLarge(ValueError):
    """A spreadsheet too large to be a card table; the message says what and where."""


@dataclass
class SheetLayout:
    """One sheet, rows and columns counted from 1 as a spreadsheet shows them. `top` and
    `left` are the first row and column that hold a value: where the value reader starts."""

    top: int = 1
    left: int = 1
    bottom: int = 0  # the last row and column that hold a value (0: none)
    right: int = 0
    formulas: dict[tuple[int, int], str] = field(default_factory=dict)
    errors: dict[tuple[int, int], str] = field(default_factory=dict)
    # (top, left) -> (bottom, right) of every merged range
    merged: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)
    # ("date" or "time", the value as text) of every cell that holds one
    dates: dict[tuple[int, int], tuple[str, str]] = field(default_factory=dict)


Layout = dict[str, SheetLayout]


def cell_name(row: int, col: int) -> str:
    """(3, 2) -> 'B3'."""
    letters = ""
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(65 + rest) + letters
    return f"{letters}{row}"


def _cell(ref: str) -> tuple[int, int]:
    match = _CELL.match(ref.upper())
    if match is None:
        raise ValueError(f"not a cell reference: {ref!r}")
    col = 0
    for ch in match[1]:
        col = col * 26 + ord(ch) - 64
    return int(match[2]), col


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _attr(element, name: str) -> str | None:
    for key, value in element.attrib.items():
        if _local(key) == name:
            return value
    return None


def read_layout(data: bytes, *, ods: bool = False) -> Layout:
    """Every sheet's layout, by sheet name; TooLarge for a file no card table needs."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        unpacked = sum(info.file_size for info in archive.infolist())
        if unpacked > MAX_BYTES:
            raise TooLarge(
                f"its parts unpack to {unpacked / 2**20:,.0f} MB, and card tables "
                f"need far less (at most {MAX_BYTES // 2**20} MB is read)"
            )
        layout = _ods(archive) if ods else _xlsx(archive)
    for name, sheet in layout.items():
        cells = (max(sheet.bottom - sheet.top, 0) + 1) * (max(sheet.right - sheet.left, 0) + 1)
        if sheet.bottom and cells > MAX_CELLS:
            raise TooLarge(
                f"the sheet '{name}' has values from {cell_name(sheet.top, sheet.left)}"
                f" to {cell_name(sheet.bottom, sheet.right)}, {cells:,} cells "
                f"(at most {MAX_CELLS:,} are read); clear the cells outside the "
                "table"
            )
    return layout


def _xlsx(archive: zipfile.ZipFile) -> Layout:
    book = ElementTree.fromstring(archive.read("xl/workbook.xml"))
    rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    targets = {
        _attr(r, "Id"): _attr(r, "Target") for r in rels.iter() if _local(r.tag) == "Relationship"
    }
    dated = _date_styles(archive)
    out = {}
    for sheet in book.iter():
        if _local(sheet.tag) != "sheet":
            continue
        target = targets.get(_attr(sheet, "id")) or ""
        part = (
            target.lstrip("/")
            if target.startswith("/")
            else posixpath.normpath(posixpath.join("xl", target))
        )
        if part in archive.namelist():
            out[_attr(sheet, "name")] = _xlsx_sheet(archive.read(part), dated)
    return out


def _date_styles(archive: zipfile.ZipFile) -> set[str]:
    """The cell styles (as a cell's s attribute names them) that show a number as a date or a
    time: a number typed as 1/2 in a text column is kept as a date, which the value reader
    gives as '2024-01-02 00:00:00'."""
    if "xl/styles.xml" not in archive.namelist():
        return set()
    styles = ElementTree.fromstring(archive.read("xl/styles.xml"))
    custom = {
        _attr(f, "numFmtId"): _attr(f, "formatCode") or ""
        for f in styles.iter()
        if _local(f.tag) == "numFmt"
    }
    out = set()
    for formats in styles.iter():
        if _local(formats.tag) != "cellXfs":
            continue
        for n, xf in enumerate(x for x in formats if _local(x.tag) == "xf"):
            number = _attr(xf, "numFmtId") or "0"
            code = _NOT_DATE_PARTS.sub("", custom.get(number, ""))
            if (number.isdigit() and int(number) in _DATE_FORMATS) or re.search(
                "[dmyhs]", code, re.IGNORECASE
            ):
                out.add(str(n))
    return out


def _serial_text(value: str) -> tuple[str, str]:
    """("date" or "time", the value as text) of a spreadsheet's date serial number."""
    try:
        when = datetime(1899, 12, 30) + timedelta(days=float(value))
    except (ValueError, OverflowError):
        return "date", value
    if float(value) < 1:
        return "time", when.strftime("%H:%M:%S")
    midnight = when == datetime(when.year, when.month, when.day)
    return "date", when.strftime("%Y-%m-%d" if midnight else "%Y-%m-%d %H:%M:%S")


def _xlsx_sheet(data: bytes, dated: set[str] = frozenset()) -> SheetLayout:
    layout = SheetLayout()
    rows, cols = [], []
    row, col = 0, 0
    for event, element in ElementTree.iterparse(io.BytesIO(data), events=("start", "end")):
        tag = _local(element.tag)
        if event == "start":
            if tag == "row":
                row = int(_attr(element, "r") or row + 1)
                col = 0
            continue
        if tag == "c":
            ref = _attr(element, "r")
            row, col = _cell(ref) if ref else (row, col + 1)
            if _xlsx_cell(element, row, col, layout, dated):
                rows.append(row)
                cols.append(col)
            element.clear()
        elif tag == "mergeCell":
            first, _, last = (_attr(element, "ref") or "").partition(":")
            if last:
                layout.merged[_cell(first)] = _cell(last)
    if rows:
        layout.top, layout.left = min(rows), min(cols)
        layout.bottom, layout.right = max(rows), max(cols)
    return layout


def _xlsx_cell(element, row: int, col: int, layout: SheetLayout, dated) -> bool:
    """Record a cell's formula, error or date in `layout`; whether the cell holds a value."""
    value = formula = None
    for child in element:
        name = _local(child.tag)
        if name == "f":
            formula = child.text or ""
        elif name in ("v", "is"):
            value = "".join(child.itertext())
    if formula is not None:
        layout.formulas[row, col] = formula
    kind = _attr(element, "t")
    if kind == "e":
        layout.errors[row, col] = value or "#ERROR"
    elif value not in (None, "") and kind == "d":
        layout.dates[row, col] = ("date", value)
    elif value not in (None, "") and kind in (None, "n") and _attr(element, "s") in dated:
        layout.dates[row, col] = _serial_text(value)
    return value not in (None, "")


_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"


def _ods(archive: zipfile.ZipFile) -> Layout:
    content = ElementTree.fromstring(archive.read("content.xml"))
    out = {}
    for table in content.iter(f"{_TABLE}table"):
        out[table.get(f"{_TABLE}name")] = _ods_sheet(table)
    return out


def _ods_sheet(table) -> SheetLayout:
    layout = SheetLayout()
    rows, cols = [], []
    row = 0
    for element in table.iter(f"{_TABLE}table-row"):
        repeat = int(element.get(f"{_TABLE}number-rows-repeated", "1"))
        row += 1
        col = 0
        for cell in element:
            if _local(cell.tag) not in ("table-cell", "covered-table-cell"):
                continue
            span = int(cell.get(f"{_TABLE}number-columns-repeated", "1"))
            col += 1
            has_value = _attr(cell, "value-type") is not None or "".join(cell.itertext()).strip()
            if has_value:  # a repeated value fills every cell it repeats over
                rows += [row, row + repeat - 1]
                cols += [col, col + span - 1]
            kind = _attr(cell, "value-type")
            if kind in ("date", "time"):
                shown = "".join(cell.itertext()).strip()
                layout.dates[row, col] = (kind, shown or _attr(cell, f"{kind}-value") or "")
            formula = cell.get(f"{_TABLE}formula")
            if formula is not None:
                # "of:=[.B2]*2" is OpenFormula; people know it as "=B2*2".
                layout.formulas[row, col] = re.sub(
                    r"\[\.([A-Z]+\d+)\]", r"\1", formula.partition(":")[2] or formula
                )
            across = int(cell.get(f"{_TABLE}number-columns-spanned", "1"))
            down = int(cell.get(f"{_TABLE}number-rows-spanned", "1"))
            if across > 1 or down > 1:
                layout.merged[row, col] = (row + down - 1, col + across - 1)
            col += span - 1
        row += repeat - 1
    if rows:
        layout.top, layout.left = min(rows), min(cols)
        layout.bottom, layout.right = max(rows), max(cols)
    return layout
