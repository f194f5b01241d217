"""Card tables as text: CSV cells read as strings, converted to the schema's dtypes, and back.

Every cell is read as text first and converted column by column, so a cell that cannot be
converted is reported with its line and its text instead of failing the whole read or being
silently turned into a null or a float.

Text that a spreadsheet program would run as a formula when it opens the file (a cell starting
with =, +, -, @, a tab or a carriage return) is written with an apostrophe before it, as OWASP
advises against CSV injection, and so is text that starts with an apostrophe; reading takes one
leading apostrophe off every text cell, so each text value reads back exactly as it was saved.
"""

from __future__ import annotations

import codecs
import csv
import io
import math
import re
from pathlib import Path

import polars as pl

from workbench.cards.problems import Problem
from workbench.cards.spec import TableSpec, kind

_WHOLE = re.compile(r"^[+-]?[0-9]+$")
ESCAPE = "'"
# What makes a spreadsheet program take a cell for a formula (OWASP's list), and the escape
# itself, so that a value starting with an apostrophe is not mistaken for an escaped one.
_NEEDS_ESCAPE = r"^[=+\-@\t\r']"


def not_a(family: str, text: str) -> str:
    """Why `text` is not a value of a column of `family`, in a designer's words: 'abc' is not
    a number, '2.5' is not a whole number, 'yes' is not true or false."""
    if family == "boolean":
        return "is not true or false"
    if family not in ("integer", "number"):
        return "cannot be read"
    try:
        number = float(text)
    except ValueError:
        return "is not a number"
    if not math.isfinite(number):
        return "is not a number"
    if family == "integer":
        if _WHOLE.match(text.strip()):
            return "is too large"
        if number.is_integer():
            return f"is not written as a whole number (write {int(number)})"
        return "is not a whole number"
    return "cannot be read"


def read_csv(path: Path, spec: TableSpec, table: str):
    """(text frame, line number of each row, problems) for one CSV file.

    The frame has the schema's columns in schema order, every cell stripped of surrounding
    spaces, blank cells as null, and rows that are blank from end to end dropped (spreadsheets
    like to leave a few). Problems here are about the file as a whole; cells are checked later.
    """
    text, problem = _file_text(path, spec, table)
    if problem is not None:
        return None, [], [problem]
    if "\n" not in text:
        text = text.replace("\r", "\n")  # old Mac files end each line with a CR alone
    # Excel's "Unicode text" separates cells by tabs. Read as CSV, a header with tabs and no
    # comma would be a single column, so nothing that reads as CSV is read otherwise.
    first = text.lstrip("\r\n").partition("\n")[0]
    separator = "\t" if "\t" in first and "," not in first else ","
    records = _records(text, separator)
    try:
        frame = pl.read_csv(io.StringIO(text), infer_schema=False, separator=separator)
    except pl.exceptions.PolarsError as err:
        return None, [], _unreadable(records, spec.file, table, err)

    header = [c.strip() for c in (records[0][1] if records else frame.columns)]
    if len(header) != frame.width:
        header = [c.strip() for c in frame.columns]
    problems = header_problems(header, spec, table, spec.file)
    if problems:
        return None, [], problems
    frame = frame.rename(dict(zip(frame.columns, header, strict=True))).select(spec.header)

    lines = [start for start, _ in records[1:]]
    if len(lines) != frame.height:
        # The two readers disagree only on exotic files; counting rows is then the best guess.
        lines = list(range(2, frame.height + 2))
    frame, lines = cards_only(frame, lines)
    return unescaped(frame, spec), lines, []


def _file_text(path: Path, spec: TableSpec, table: str) -> tuple[str, Problem | None]:
    """(the text of a table's CSV file, None), or ("", the Problem of a file that is missing,
    cannot be read or decoded, or is empty)."""
    name = spec.file
    if not path.is_file():
        what = (
            "is a folder, not a file"
            if path.is_dir()
            else "is not a file (a pipe or a device)"
            if path.exists()
            else "file not found"
        )
        return "", Problem(
            file=name,
            table=table,
            expected=f"a CSV file with the header {','.join(spec.header)}",
            message=f"{name}: {what} in {path.parent}; expected a CSV file with the "
            f"header {','.join(spec.header)}",
        )
    try:
        data = path.read_bytes()
    except OSError as err:
        why = err.strerror or type(err).__name__
        return "", Problem(
            file=name,
            table=table,
            expected="a readable CSV file",
            message=f"{name}: cannot be read from {path.parent} ({why}: the file may be "
            "locked by another program, or not readable by you); expected a readable CSV "
            "file",
        )
    text, problem = _decoded(data, name, table)
    if problem is None and not text.strip():
        problem = Problem(
            file=name,
            table=table,
            expected=f"a header line {','.join(spec.header)}",
            message=f"{name}: the file is empty; expected a header line "
            f"{','.join(spec.header)} followed by one line per card",
        )
    return text, problem


def _decoded(data: bytes, name: str, table: str) -> tuple[str, Problem | None]:
    """The file's text: UTF-8 (with or without a byte order mark), or UTF-16 marked by one."""
    utf16 = data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
    try:
        text = data.decode("utf-16" if utf16 else "utf-8-sig")
    except UnicodeDecodeError as err:
        if utf16:
            return "", Problem(
                file=name,
                table=table,
                expected="a CSV file saved as UTF-8 text",
                message=f"{name}: starts as UTF-16 text (it has a UTF-16 byte order mark) but "
                f"byte {err.start} is not UTF-16; expected a CSV file saved as UTF-8 "
                "text (in Excel: Save As 'CSV UTF-8')",
            )
        line = data[: err.start].count(b"\n") + 1
        return "", Problem(
            file=name,
            table=table,
            row=line,
            expected="a CSV file saved as UTF-8 text",
            message=f"{name} line {line}: byte {data[err.start]:#04x} is not UTF-8 text; "
            "expected a CSV file saved as UTF-8 text",
        )
    if "\0" in text.lstrip().partition("\n")[0]:
        # A column name never holds one; UTF-16 text read as UTF-8 has one beside every letter.
        return "", Problem(
            file=name,
            table=table,
            expected="a CSV file saved as UTF-8 text",
            message=f"{name}: the header holds NUL characters, as UTF-16 text without a byte "
            "order mark does (or a file that is not text); expected a CSV file saved "
            "as UTF-8 text (in Excel: Save As 'CSV UTF-8')",
        )
    return text, None


def cards_only(frame: pl.DataFrame, lines: list[int]) -> tuple[pl.DataFrame, list[int]]:
    """Cells stripped of surrounding spaces, blank cells as null, and the rows that are blank
    from end to end dropped, with the line (or sheet row) of each row that is kept."""
    frame = frame.select(_blank_to_null(c) for c in frame.columns)
    filled = frame.select(pl.any_horizontal(pl.all().is_not_null())).to_series()
    frame = frame.filter(filled)
    lines = [line for line, keep in zip(lines, filled.to_list(), strict=True) if keep]
    return frame, lines


def unescaped(frame: pl.DataFrame, spec: TableSpec) -> pl.DataFrame:
    """`frame` (after `cards_only`) with the one leading apostrophe of each text cell taken off:
    the escape `csv_bytes` writes, which a spreadsheet program that opened the file may have
    kept as part of the text."""
    texts = [c for c in frame.columns if spec.kind(c) == "text"]
    return frame.with_columns(_blank_to_null(c, pl.col(c).str.strip_prefix(ESCAPE)) for c in texts)


def header_problems(header: list[str], spec: TableSpec, table: str, name: str) -> list[Problem]:
    """Missing, unexpected and repeated column names."""
    problems = []
    expected = f"the columns {','.join(spec.header)}"
    seen = set()
    for col in header:
        if col in seen:
            problems.append(
                Problem(
                    file=name,
                    table=table,
                    column=col,
                    expected=expected,
                    message=f"{name}: column '{col}' appears more than once in the header; "
                    f"expected {expected}",
                )
            )
        seen.add(col)
    for col in spec.header:
        if col not in seen:
            problems.append(
                Problem(
                    file=name,
                    table=table,
                    column=col,
                    expected=expected,
                    message=(
                        f"{name}: column '{col}' is missing from the header; expected {expected}"
                    ),
                )
            )
    for col in header:
        if col not in spec.columns:
            what = f"the column '{col}'" if col else "a column with no name"
            problems.append(
                Problem(
                    file=name,
                    table=table,
                    column=col,
                    expected=expected,
                    message=f"{name}: {what} is not part of the {table} table; expected only "
                    f"{expected}",
                )
            )
    return problems


def parse(frame: pl.DataFrame, spec: TableSpec, table: str, lines: list[int], cards=None):
    """(typed frame, problems): convert every text column of `frame` to its schema dtype.

    A cell fails when it holds text but converts to nothing; blank cells stay null for pandera
    to judge, since whether a blank is allowed is part of the schema. `cards` names the card
    of each row when the frame has no key column (a single edited cell).
    """
    problems = []
    columns = []
    keys = frame[spec.key].to_list() if cards is None else cards
    for col in frame.columns:
        raw = frame[col]
        typed = convert(raw, spec.dtype(col))
        failed = (raw.is_not_null() & typed.is_null()).arg_true().to_list()
        family = spec.kind(col)
        for i in failed:
            problems.append(
                Problem(
                    file=spec.file,
                    table=table,
                    row=lines[i],
                    card=keys[i],
                    column=col,
                    value=raw[i],
                    issue=not_a(family, raw[i]),
                    expected=spec.expected(col),
                )
            )
        columns.append(typed.cast(spec.dtype(col)))
    return pl.DataFrame(columns), problems


def convert(text: pl.Series, dtype) -> pl.Series:
    """A text series as `dtype`; cells that do not convert become null."""
    family = kind(dtype)
    if family == "text":
        return text
    if family == "boolean":
        lower = text.str.to_lowercase()
        frame = pl.DataFrame({"v": lower})
        return frame.select(
            pl.when(pl.col("v") == "true")
            .then(True)
            .when(pl.col("v") == "false")
            .then(False)
            .otherwise(None)
            .alias(text.name)
        ).to_series()
    try:
        if family == "integer":
            # Only whole-number text: "2.5" or "8.0" must be reported, never truncated to 2 or 8.
            shaped = (
                pl.DataFrame({"v": text})
                .select(pl.when(pl.col("v").str.contains(_WHOLE.pattern)).then(pl.col("v")))
                .to_series()
            )
            return shaped.cast(dtype, strict=False).alias(text.name)
        return text.cast(dtype, strict=False)
    except pl.exceptions.PolarsError:
        return pl.Series(text.name, [None] * len(text), dtype=dtype)


def value_text(value) -> str | None:
    """A Python value as the text a CSV cell would hold (None for blank)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    text = str(value).strip()
    return text or None


def to_text(frame: pl.DataFrame) -> pl.DataFrame:
    """Every column as the text a CSV file holds: integers without '.0', booleans true/false."""
    exprs = []
    for col, dtype in frame.schema.items():
        if dtype == pl.Boolean:
            exprs.append(
                pl.when(pl.col(col))
                .then(pl.lit("true"))
                .when(pl.col(col).not_())
                .then(pl.lit("false"))
                .otherwise(None)
                .alias(col)
            )
        else:
            exprs.append(pl.col(col).cast(pl.String))
    return frame.select(exprs)


def csv_bytes(frame: pl.DataFrame, *, escaped: bool = True) -> bytes:
    """The canonical file text of a table: UTF-8, '\\n' line ends, quotes only where needed,
    and text cells escaped (see the module's doc) unless `escaped` is false."""
    texts = [c for c, dtype in frame.schema.items() if dtype == pl.String] if escaped else []
    table = to_text(frame).with_columns(escape(c) for c in texts)
    return table.write_csv(null_value="", line_terminator="\n").encode("utf-8")


def escape(col: str) -> pl.Expr:
    """A text column with an apostrophe before the cells a spreadsheet would run or misread."""
    cell = pl.col(col)
    escaped = pl.lit(ESCAPE) + cell
    return pl.when(cell.str.contains(_NEEDS_ESCAPE)).then(escaped).otherwise(cell).alias(col)


def _blank_to_null(col: str, cell: pl.Expr | None = None) -> pl.Expr:
    stripped = (pl.col(col) if cell is None else cell).str.strip_chars()
    return pl.when(stripped == "").then(None).otherwise(stripped).alias(col)


def _records(text: str, separator: str = ",") -> list[tuple[int, list[str]]]:
    """(first line, cells) for every CSV record, with leading blank lines skipped as polars does."""
    out = []
    try:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator)
        end = 0
        for cells in reader:
            if cells or out:
                out.append((end + 1, cells))
            end = reader.line_num
    except csv.Error:
        return []
    return out


def _unreadable(records, name: str, table: str, err: Exception) -> list[Problem]:
    if records:
        width = len(records[0][1])
        problems = [
            Problem(
                file=name,
                table=table,
                row=line,
                expected=f"{width} cells",
                message=f"{name} line {line}: this line has {len(cells)} cells but the header "
                f"has {width} columns; expected {width} cells (text that contains a "
                "comma needs double quotes around it)",
            )
            for line, cells in records[1:]
            if len(cells) > width
        ]
        if problems:
            return problems
    first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
    if len(first) > 200:
        first = first[:200] + "..."
    return [
        Problem(
            file=name,
            table=table,
            expected="a comma-separated file",
            message=f"{name}: cannot be read as CSV ({first}); expected a "
            "comma-separated file with one header line",
        )
    ]
