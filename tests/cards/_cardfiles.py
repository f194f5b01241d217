"""Helpers to break a copy of the co-op card files in small, precise ways."""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench.cards import CardDataError
from workbench.games.coop import cards as coop


def replace_line(path: Path, line: int, text: str) -> None:
    """Replace line `line` (1 = header) of a CSV file."""
    lines = path.read_text().splitlines()
    lines[line - 1] = text
    path.write_text("\n".join(lines) + "\n")


def set_cell(path: Path, line: int, column: str, value: str) -> None:
    """Replace one cell of a simple (unquoted) CSV line."""
    lines = path.read_text().splitlines()
    header = lines[0].split(",")
    cells = lines[line - 1].split(",")
    cells[header.index(column)] = value
    lines[line - 1] = ",".join(cells)
    path.write_text("\n".join(lines) + "\n")


def load_error(directory: Path) -> CardDataError:
    with pytest.raises(CardDataError) as info:
        coop.load(directory)
    return info.value


# -- spreadsheets, written the way a spreadsheet program keeps them --------------------------


def typed(cell: str):
    """A CSV cell as a spreadsheet holds it: numbers as numbers, true/false as booleans."""
    if cell == "":
        return None
    if cell in ("true", "false"):
        return cell == "true"
    try:
        return int(cell)
    except ValueError:
        pass
    try:
        return float(cell)
    except ValueError:
        return cell


def csv_rows(path: Path) -> list[list]:
    import csv

    with path.open(newline="") as handle:
        return [[typed(c) for c in row] for row in csv.reader(handle)]


def sheets_of(folder: Path, specs) -> dict[str, list[list]]:
    """Every table of a CSV folder as rows of typed cells, by table name."""
    return {table: csv_rows(folder / spec.file) for table, spec in specs.items()}


def write_xlsx(
    path: Path, sheets: dict[str, list[list]], *, formulas=None, merges=(), errors=None, at=(0, 0)
) -> Path:
    """An .xlsx file with a sheet per entry, its first cell at `at` (0-based row, column).
    formulas/errors: {(sheet, row, col): text}, merges: [(sheet, row, col, last_row,
    last_col)], with rows and columns counted from 0 in `sheets`' rows."""
    import xlsxwriter

    book = xlsxwriter.Workbook(path)
    for name, rows in sheets.items():
        sheet = book.add_worksheet(name)
        for i, row in enumerate(rows):
            for j, value in enumerate(row):
                if value is not None:
                    sheet.write(at[0] + i, at[1] + j, value)
    down, across = at
    for (name, row, col), formula in (formulas or {}).items():
        book.get_worksheet_by_name(name).write_formula(down + row, across + col, formula, None, 3)
    for (name, row, col), error in (errors or {}).items():
        book.get_worksheet_by_name(name).write_formula(
            down + row, across + col, "=1/0", None, error
        )
    for name, r1, c1, r2, c2 in merges:
        sheet = book.get_worksheet_by_name(name)
        sheet.merge_range(down + r1, across + c1, down + r2, across + c2, sheets[name][r1][c1])
    book.close()
    return path


def write_ods(path: Path, sheets: dict[str, list[list]], *, formulas=None, merges=()) -> Path:
    """A minimal OpenDocument spreadsheet (what LibreOffice writes, less the styles)."""
    import zipfile
    from xml.sax.saxutils import escape, quoteattr

    formulas = formulas or {}
    spans = {(n, r, c): (r2 - r + 1, c2 - c + 1) for n, r, c, r2, c2 in merges}
    tables = []
    for name, rows in sheets.items():
        out = [f"<table:table table:name={quoteattr(name)}>"]
        for i, row in enumerate(rows):
            out.append("<table:table-row>")
            for j, value in enumerate(row):
                attrs = ""
                if (name, i, j) in spans:
                    down, across = spans[name, i, j]
                    attrs += (
                        f' table:number-rows-spanned="{down}"'
                        f' table:number-columns-spanned="{across}"'
                    )
                if (name, i, j) in formulas:
                    attrs += f" table:formula={quoteattr('of:' + formulas[name, i, j])}"
                if value is None:
                    out.append(f"<table:table-cell{attrs}/>")
                elif isinstance(value, bool):
                    out.append(
                        f'<table:table-cell{attrs} office:value-type="boolean" '
                        f'office:boolean-value="{str(value).lower()}">'
                        f"<text:p>{str(value).upper()}</text:p></table:table-cell>"
                    )
                elif isinstance(value, int | float):
                    out.append(
                        f'<table:table-cell{attrs} office:value-type="float" '
                        f'office:value="{value}"><text:p>{value}</text:p>'
                        "</table:table-cell>"
                    )
                else:
                    out.append(
                        f'<table:table-cell{attrs} office:value-type="string">'
                        f"<text:p>{escape(str(value))}</text:p></table:table-cell>"
                    )
            out.append("</table:table-row>")
        out.append("</table:table>")
        tables.append("".join(out))
    ns = (
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"'
    )
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ns}>'
        f"<office:body><office:spreadsheet>{''.join(tables)}</office:spreadsheet>"
        "</office:body></office:document-content>"
    )
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
        'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
        'manifest:version="1.2"><manifest:file-entry manifest:full-path="/" '
        'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
        "</manifest:manifest>"
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(
            "mimetype",
            "application/vnd.oasis.opendocument.spreadsheet",
            compress_type=zipfile.ZIP_STORED,
        )
        archive.writestr("META-INF/manifest.xml", manifest)
        archive.writestr("content.xml", content)
    return path
