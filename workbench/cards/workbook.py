"""Card tables in one spreadsheet file, a sheet per table: .xlsx read and written, .ods read.

Cells are read as text by polars (the calamine engine, through fastexcel) and then take the
very path a CSV file takes (text.header_problems, text.cards_only, text.parse, the schema and
the references), so a sheet's problems are a CSV's problems with the sheet and its row in
place of the file and its line. What a spreadsheet can hold and a card table cannot (formulas,
error values, merged cells, dates and times) is found by a look at the file's structure
(layout.py) and refused with the cell it is in: a formula read as its last value would be lost
on the next save, and a date is what the spreadsheet made of what was typed, not what was typed.

Text is written as text, never as a formula or a link, so it reads back as it was. As in a CSV
file, one leading apostrophe of a text cell is an escape and is not part of the value (a CSV file
opened and saved by a spreadsheet program may keep its escapes), so text that starts with an
apostrophe is written with one more.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import polars as pl

from workbench.cards import text
from workbench.cards.problems import CardDataError, Problem, listing
from workbench.cards.spec import TableSpec
from workbench.cards.workbook_layout import Layout, SheetLayout, TooLarge, cell_name, read_layout

READS = (".xlsx", ".xlsm", ".ods")
WRITES = (".xlsx",)
# Rows below the cards that a sheet's checks (drop-downs, number ranges) still cover, so a
# card added at the end of a sheet is checked as it is typed.
ROOM = 200
LONGEST_CELL = 32_767  # the most characters a cell of an .xlsx file holds


def is_workbook(path) -> bool:
    """Whether `path` names a spreadsheet file (by its suffix) rather than a folder of CSVs."""
    return isinstance(path, str | Path) and Path(path).suffix.lower() in READS


def read(source: Path | bytes, specs: Mapping[str, TableSpec], name: str | None = None):
    """(text frames, sheet row of each card, problems) for every table in one spreadsheet.

    `source` is a path or the file's bytes (an upload); `name` is what messages call it.
    """
    if isinstance(source, bytes):
        name = name or "the spreadsheet"
        data = source
    else:
        path = Path(source)
        name = name or path.name
        data, problem = _file_bytes(path, specs, name)
        if problem is not None:
            return {}, {}, [problem]
    sheets, layout, problem = _opened(data, specs, name)
    if problem is not None:
        return {}, {}, [problem]
    return _tables(sheets, layout, specs, name)


def _file_bytes(path: Path, specs: Mapping[str, TableSpec], name: str):
    """(the file's bytes, None), or (None, the Problem of a file that cannot be read)."""
    if not path.is_file():
        return None, Problem(
            file=name,
            expected="a spreadsheet file",
            message=(
                f"{name}: file not found in {path.parent}; expected a spreadsheet "
                f"with the sheets {listing(specs)}"
            ),
        )
    try:
        return path.read_bytes(), None
    except OSError as err:
        why = err.strerror or type(err).__name__
        return None, Problem(
            file=name,
            expected="a readable spreadsheet file",
            message=(
                f"{name}: cannot be read from {path.parent} ({why}: the file may "
                "be open in a spreadsheet program that locks it, or not readable by "
                "you); expected a readable spreadsheet file"
            ),
        )


def _opened(data: bytes, specs: Mapping[str, TableSpec], name: str):
    """(sheet name -> raw text frame, sheet name -> SheetLayout, None), or (None, None, the
    Problem of a file that is not a spreadsheet or too large to read)."""
    suffix = Path(name).suffix.lower()
    try:
        layout = read_layout(data, ods=suffix == ".ods")
        sheets = pl.read_excel(
            data,
            sheet_id=0,
            engine="calamine",
            has_header=False,
            infer_schema_length=0,
            drop_empty_rows=False,
            raise_if_empty=False,
        )
    except TooLarge as err:
        return (
            None,
            None,
            Problem(
                file=name,
                expected="a spreadsheet of card tables",
                message=(f"{name}: not read: {err}"),
            ),
        )
    except Exception as err:  # noqa: BLE001 - any reader failure means "not a spreadsheet"
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        return (
            None,
            None,
            Problem(
                file=name,
                expected="an .xlsx or .ods spreadsheet",
                message=(
                    f"{name}: cannot be read as a spreadsheet ({first}); expected an .xlsx "
                    f"or .ods file with the sheets {listing(specs)}"
                ),
            ),
        )
    return sheets, layout, None


def _tables(sheets: dict, layout: Layout, specs: Mapping[str, TableSpec], name: str):
    """(text frames, sheet row of each card, problems) of the sheets of a spreadsheet: a
    sheet per table, and no other."""
    texts, lines, problems = {}, {}, []
    for table, spec in specs.items():
        if table not in sheets:
            problems.append(_missing_sheet(sheets, spec, table, name))
            continue
        frame, rows, found = _sheet(sheets[table], layout.get(table), spec, table, name)
        problems.extend(found)
        if frame is not None:
            texts[table], lines[table] = frame, rows
    problems.extend(
        Problem(
            file=name,
            sheet=sheet,
            expected=f"only the sheets {listing(specs)}",
            message=f"{name}: the sheet '{sheet}' is not one of the card tables; "
            f"expected only the sheets {listing(specs)}",
        )
        for sheet in sheets
        if sheet not in specs
    )
    return texts, lines, problems


def _missing_sheet(sheets: dict, spec: TableSpec, table: str, name: str) -> Problem:
    return Problem(
        file=name,
        sheet=table,
        table=table,
        expected=(f"a sheet '{table}' with the header {','.join(spec.header)}"),
        message=(
            f"{name}: there is no sheet '{table}'; expected a sheet named {table} "
            f"with the header {','.join(spec.header)} (the sheets are "
            f"{listing(sheets) or 'none'})"
        ),
    )


def _sheet(raw: pl.DataFrame, layout: SheetLayout | None, spec: TableSpec, table: str, name: str):
    place = f"{name}, sheet '{table}'"
    if raw.height == 0:
        return (
            None,
            [],
            [
                Problem(
                    file=name,
                    sheet=table,
                    table=table,
                    expected=(f"a header row {','.join(spec.header)}"),
                    message=(
                        f"{place}: the sheet is empty; expected a header row "
                        f"{','.join(spec.header)} followed by one row per card"
                    ),
                )
            ],
        )
    layout = layout or SheetLayout()
    # A column empty from top to bottom holds nothing (a spacer); any other needs a name.
    used = [j for j, c in enumerate(raw.columns) if raw[c].null_count() < raw.height]
    raw = raw.select(raw.columns[j] for j in used)
    header = [c.strip() if c is not None else "" for c in raw.row(0)]
    problems = _structure(layout, used, header, raw, spec, table, name)
    if problems:
        return None, [], problems
    problems = text.header_problems(header, spec, table, spec.file)
    if problems:
        return None, [], problems
    frame = raw.slice(1).rename(dict(zip(raw.columns, header, strict=True))).select(spec.header)
    first = layout.top + 1  # the sheet row of the first card
    frame, rows = text.cards_only(frame, list(range(first, first + frame.height)))
    return text.unescaped(frame, spec), rows, []


def _structure(
    layout: SheetLayout,
    used: list[int],
    header,
    raw: pl.DataFrame,
    spec: TableSpec,
    table: str,
    name: str,
) -> list[Problem]:
    """Formulas, error values, dates and merged cells, each with the cell it is in."""
    at = _locator(layout, used, header, raw, spec)
    return (
        _formulas(layout, at, table, name)
        + _error_values(layout, at, spec, table, name)
        + _dates(layout, at, spec, table, name)
        + _merged(layout, table, name)
    )


def _locator(layout: SheetLayout, used: list[int], header, raw: pl.DataFrame, spec: TableSpec):
    """A function from a cell (sheet row, sheet column) to its (column, card) in the table."""
    keys = {}
    if spec.key in header:
        column = raw.columns[header.index(spec.key)]
        keys = dict(enumerate(raw[column].to_list()))
    position = {j: n for n, j in enumerate(used)}

    def at(row: int, col: int) -> tuple[str | None, str | None]:
        n = position.get(col - layout.left)
        column = header[n] if n is not None and header[n] else None
        i = row - layout.top
        return column, (keys.get(i) if i > 0 else None)

    return at


def _formulas(layout: SheetLayout, at, table: str, name: str) -> list[Problem]:
    problems = []
    for (row, col), formula in sorted(layout.formulas.items()):
        column, card = at(row, col)
        error = layout.errors.get((row, col))
        problems.append(
            Problem(
                file=name,
                sheet=table,
                table=table,
                row=row,
                card=card,
                column=column,
                value=f"={formula.lstrip('=')}" if formula else "a formula",
                issue=f"is a formula (cell {cell_name(row, col)})"
                + (f" whose value is the error {error}" if error else ""),
                expected="a plain value: card tables keep values, so a save cannot lose a formula "
                "(copy the column and paste it as values)",
            )
        )
    return problems


def _error_values(layout: SheetLayout, at, spec: TableSpec, table: str, name: str):
    """Error values typed or pasted as values (a formula's error is told with the formula)."""
    problems = []
    for (row, col), error in sorted(layout.errors.items()):
        if (row, col) in layout.formulas:
            continue
        column, card = at(row, col)
        problems.append(
            Problem(
                file=name,
                sheet=table,
                table=table,
                row=row,
                card=card,
                column=column,
                value=error,
                issue=f"is an error value (cell {cell_name(row, col)})",
                expected=spec.expected(column) if column in spec.columns else "a value",
            )
        )
    return problems


def _dates(layout: SheetLayout, at, spec: TableSpec, table: str, name: str) -> list[Problem]:
    problems = []
    for (row, col), (what, shown) in sorted(layout.dates.items()):
        if (row, col) in layout.formulas:
            continue
        column, card = at(row, col)
        problems.append(
            Problem(
                file=name,
                sheet=table,
                table=table,
                row=row,
                card=card,
                column=column,
                value=shown,
                issue=f"is a {what} (cell {cell_name(row, col)})",
                expected=(spec.expected(column) if column in spec.columns else "a value")
                + f", not a {what}: the spreadsheet turned what was typed into one (format the "
                "cell as text and type it again)",
            )
        )
    return problems


def _merged(layout: SheetLayout, table: str, name: str) -> list[Problem]:
    problems = []
    for (top, left), (bottom, right) in sorted(layout.merged.items()):
        cells = f"{cell_name(top, left)}:{cell_name(bottom, right)}"
        problems.append(
            Problem(
                file=name,
                sheet=table,
                table=table,
                row=top,
                expected="one value in every cell",
                message=f"{name}, sheet '{table}', row {top}: the cells {cells} are merged; "
                "expected one value in every cell (unmerge them and fill each cell)",
            )
        )
    return problems


def relocate(problems: list[Problem], specs: Mapping[str, TableSpec], name: str) -> list[Problem]:
    """Problems found by the checks every table shares, which name the table's CSV file,
    said about the sheets of the spreadsheet `name` instead."""
    tables = {spec.file: table for table, spec in specs.items()}
    files = re.compile("|".join(re.escape(f) for f in sorted(tables, key=len, reverse=True)))

    def sheets(words):
        return None if words is None else files.sub(lambda m: f"sheet '{tables[m[0]]}'", words)

    out = []
    for p in problems:
        table = tables.get(p.file)
        if table is None:
            out.append(p)
            continue
        message = p.message
        if message is not None:
            # "enemies.csv line 3 ..." starts the sentence: the place, then the row.
            message = re.sub(
                rf"^{re.escape(p.file)}(?: line (\d+))?",
                lambda m, table=table: (
                    f"{name}, sheet '{table}'" + (f", row {m[1]}" if m[1] else "")
                ),
                message,
            )
        out.append(
            replace(
                p,
                file=name,
                sheet=table,
                message=sheets(message),
                issue=sheets(p.issue),
                expected=sheets(p.expected),
            )
        )
    return out


def write(
    tables: Mapping[str, pl.DataFrame], specs: Mapping[str, TableSpec], name: str | None = None
) -> bytes:
    """The bytes of an .xlsx file with a sheet per table: columns in the table's order, numbers
    as numbers, true/false as booleans, text as text, blank cells empty. Each header cell
    carries what the column means, and the cells offer the schema's choices and number ranges
    as they are typed. Text longer than a cell holds raises CardDataError (`name` is what it
    calls the file).
    """
    import xlsxwriter  # loaded on first save: reading needs only fastexcel

    name = name or "the spreadsheet"
    cells = {
        table: frame.with_columns(
            _escaped(c) for c, dtype in frame.schema.items() if dtype == pl.String
        )
        for table, frame in tables.items()
    }
    too_long = [
        p
        for table, frame in tables.items()
        for p in _too_long(frame, cells[table], specs[table].key, table, name)
    ]
    if too_long:
        raise CardDataError(too_long, context=f"{name} was not saved; nothing was written:")
    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(
        buffer, {"in_memory": True, "strings_to_formulas": False, "strings_to_urls": False}
    )
    # A fixed date: the same cards give the same file, so saving them again changes nothing.
    book.set_properties({"created": datetime(2024, 1, 1)})
    for table, frame in cells.items():
        spec = specs[table]
        frame.write_excel(
            book,
            worksheet=table,
            table_style=None,
            autofit=True,
            freeze_panes=(1, 0),
            header_format={"bold": True},
        )
        sheet = book.get_worksheet_by_name(table)
        for j, column in enumerate(spec.header):
            _guide(sheet, j, frame.height, spec.hint(column))
    book.close()
    return buffer.getvalue()


def _escaped(column: str) -> pl.Expr:
    cell = pl.col(column)
    escape = pl.lit(text.ESCAPE)
    return (
        pl.when(cell.str.starts_with(text.ESCAPE)).then(escape + cell).otherwise(cell).alias(column)
    )


def _too_long(
    frame: pl.DataFrame, cells: pl.DataFrame, key: str, table: str, name: str
) -> list[Problem]:
    """Text (`frame`) whose cell (`cells`) the writer would cut to its first LONGEST_CELL
    characters without a word."""
    problems = []
    for column, dtype in cells.schema.items():
        if dtype != pl.String:
            continue
        for i in cells[column].str.len_chars().gt(LONGEST_CELL).arg_true().to_list():
            problems.append(
                Problem(
                    file=name,
                    sheet=table,
                    table=table,
                    row=i + 2,
                    card=frame[key][i],
                    column=column,
                    value=frame[column][i],
                    issue="is too long for a spreadsheet cell",
                    expected=f"at most {LONGEST_CELL:,} characters, the most an .xlsx cell holds "
                    "(shorten it, or save to a folder of CSV files, which keep text of any "
                    "length)",
                )
            )
    return problems


def _guide(sheet, j: int, height: int, hint: dict) -> None:
    """The column's meaning as a note on its header, and its allowed values as a check that
    the spreadsheet program applies while someone types."""
    sheet.write_comment(
        0, j, f"{hint['doc']}\nAllowed: {hint['expected']}".strip(), {"x_scale": 2, "y_scale": 1.2}
    )
    last = height + ROOM
    rule = {
        "ignore_blank": hint["nullable"],
        "error_title": "Not allowed",
        "error_message": f"Expected {hint['expected']}"[:255],
    }
    if hint["choices"] and len(",".join(map(str, hint["choices"]))) < 250:
        rule.update(validate="list", source=[text.value_text(c) or "" for c in hint["choices"]])
    elif hint["dtype"] == "integer" and (hint["min"] is not None or hint["max"] is not None):
        low, high = hint["min"], hint["max"]
        if low is not None and high is not None:
            rule.update(validate="integer", criteria="between", minimum=low, maximum=high)
        elif low is not None:
            rule.update(validate="integer", criteria=">=", value=low)
        else:
            rule.update(validate="integer", criteria="<=", value=high)
    else:
        return
    sheet.data_validation(1, j, last, j, rule)


__all__ = ["READS", "WRITES", "is_workbook", "read", "relocate", "write"]
