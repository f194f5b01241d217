"""Card tables as text: CSV cells read as strings, converted to the schema's dtypes, and back.

Every cell is read as text first and converted column by column, so a cell that cannot be
converted is reported with its line and its text instead of failing the whole read or being
silently turned into a null or a float.
"""

from __future__ import annotations

import csv
import io
import math
import re
from pathlib import Path

import polars as pl

from workbench.cards.problems import Problem
from workbench.cards.spec import TableSpec, kind

_WHOLE = re.compile(r"^[+-]?[0-9]+$")


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
    name = spec.file
    if not path.is_file():
        return None, [], [Problem(
            file=name, table=table, expected=f"a CSV file with the header {','.join(spec.header)}",
            message=f"{name}: file not found in {path.parent}; expected a CSV file with the "
                    f"header {','.join(spec.header)}",
        )]
    try:
        data = path.read_bytes()
    except OSError as err:
        why = err.strerror or type(err).__name__
        return None, [], [Problem(
            file=name, table=table, expected="a readable CSV file",
            message=f"{name}: cannot be read from {path.parent} ({why}: the file may be locked "
                    "by another program, or not readable by you); expected a readable CSV file",
        )]
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        return None, [], [Problem(
            file=name, table=table, row=line, expected="a CSV file saved as UTF-8 text",
            message=f"{name} line {line}: byte {data[err.start]:#04x} is not UTF-8 text; "
                    "expected a CSV file saved as UTF-8 text",
        )]
    if not text.strip():
        return None, [], [Problem(
            file=name, table=table, expected=f"a header line {','.join(spec.header)}",
            message=f"{name}: the file is empty; expected a header line "
                    f"{','.join(spec.header)} followed by one line per card",
        )]

    records = _records(text)
    try:
        frame = pl.read_csv(io.StringIO(text), infer_schema=False)
    except pl.exceptions.PolarsError as err:
        return None, [], _unreadable(records, name, table, err)

    header = [c.strip() for c in (records[0][1] if records else frame.columns)]
    if len(header) != frame.width:
        header = [c.strip() for c in frame.columns]
    problems = header_problems(header, spec, table, name)
    if problems:
        return None, [], problems
    frame = frame.rename(dict(zip(frame.columns, header, strict=True))).select(spec.header)

    lines = [start for start, _ in records[1:]]
    if len(lines) != frame.height:
        # The two readers disagree only on exotic files; counting rows is then the best guess.
        lines = list(range(2, frame.height + 2))
    frame, lines = cards_only(frame, lines)
    return frame, lines, []


def cards_only(frame: pl.DataFrame, lines: list[int]) -> tuple[pl.DataFrame, list[int]]:
    """Cells stripped of surrounding spaces, blank cells as null, and the rows that are blank
    from end to end dropped, with the line (or sheet row) of each row that is kept."""
    frame = frame.select(_blank_to_null(c) for c in frame.columns)
    filled = frame.select(pl.any_horizontal(pl.all().is_not_null())).to_series()
    frame = frame.filter(filled)
    lines = [line for line, keep in zip(lines, filled.to_list(), strict=True) if keep]
    return frame, lines


def header_problems(header: list[str], spec: TableSpec, table: str, name: str) -> list[Problem]:
    """Missing, unexpected and repeated column names."""
    problems = []
    expected = f"the columns {','.join(spec.header)}"
    seen = set()
    for col in header:
        if col in seen:
            problems.append(Problem(
                file=name, table=table, column=col, expected=expected,
                message=f"{name}: column '{col}' appears more than once in the header; "
                        f"expected {expected}",
            ))
        seen.add(col)
    for col in spec.header:
        if col not in seen:
            problems.append(Problem(
                file=name, table=table, column=col, expected=expected,
                message=f"{name}: column '{col}' is missing from the header; expected {expected}",
            ))
    for col in header:
        if col not in spec.columns:
            what = f"the column '{col}'" if col else "a column with no name"
            problems.append(Problem(
                file=name, table=table, column=col, expected=expected,
                message=f"{name}: {what} is not part of the {table} table; expected only "
                        f"{expected}",
            ))
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
            problems.append(Problem(
                file=spec.file, table=table, row=lines[i], card=keys[i], column=col,
                value=raw[i], issue=not_a(family, raw[i]),
                expected=spec.expected(col),
            ))
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
            pl.when(pl.col("v") == "true").then(True)
            .when(pl.col("v") == "false").then(False)
            .otherwise(None).alias(text.name)
        ).to_series()
    try:
        if family == "integer":
            # Only whole-number text: "2.5" or "8.0" must be reported, never truncated to 2 or 8.
            shaped = pl.DataFrame({"v": text}).select(
                pl.when(pl.col("v").str.contains(_WHOLE.pattern)).then(pl.col("v"))
            ).to_series()
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
                pl.when(pl.col(col)).then(pl.lit("true")).when(pl.col(col).not_())
                .then(pl.lit("false")).otherwise(None).alias(col)
            )
        else:
            exprs.append(pl.col(col).cast(pl.String))
    return frame.select(exprs)


def csv_bytes(frame: pl.DataFrame) -> bytes:
    """The canonical file text of a table: UTF-8, '\\n' line ends, quotes only where needed."""
    return to_text(frame).write_csv(null_value="", line_terminator="\n").encode("utf-8")


def _blank_to_null(col: str) -> pl.Expr:
    stripped = pl.col(col).str.strip_chars()
    return pl.when(stripped == "").then(None).otherwise(stripped).alias(col)


def _records(text: str) -> list[tuple[int, list[str]]]:
    """(first line, cells) for every CSV record, with leading blank lines skipped as polars does."""
    out = []
    try:
        reader = csv.reader(io.StringIO(text, newline=""))
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
                file=name, table=table, row=line, expected=f"{width} cells",
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
    return [Problem(file=name, table=table, expected="a comma-separated file",
                    message=f"{name}: cannot be read as CSV ({first}); expected a "
                            "comma-separated file with one header line")]

