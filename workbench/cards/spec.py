"""TableSpec: one card table's file, key and pandera schema, and plain-words readings of it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pandera.polars as pa
import polars as pl

from workbench.cards.problems import listing


def kind(dtype) -> str:
    """The family of a polars dtype as the workbench treats it: integer, number, boolean, text."""
    if dtype.is_integer():
        return "integer"
    if dtype.is_float():
        return "number"
    if dtype == pl.Boolean:
        return "boolean"
    if dtype == pl.String:
        return "text"
    return "other"


_ARTICLE = {
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "text": "text",
}


@dataclass(frozen=True)
class Ref:
    """A column whose cells name a row of another table.

    `target` is "table.column": the table as the game's TABLES names it and a column whose
    values are unique there (usually its key). `also` holds the few values allowed that are
    not rows, e.g. ("any",) for a card any class may take.
    """

    target: str
    also: tuple = ()

    def __post_init__(self):
        table, dot, column = self.target.partition(".")
        if not (table and dot and column):
            raise ValueError(f"reference {self.target!r} must be written 'table.column'")
        object.__setattr__(self, "also", tuple(self.also))

    @property
    def table(self) -> str:
        return self.target.partition(".")[0]

    @property
    def column(self) -> str:
        return self.target.partition(".")[2]


@dataclass(frozen=True)
class TableSpec:
    """How one card table is stored and what its cells may hold.

    The pandera `schema` is the single source of truth: dtypes, ranges, allowed values and
    nullability are declared there once, and both validation and the UI hints read them back.
    Column meanings come from each pandera Column's `description`. The key column is always
    treated as unique and required, whether or not the schema says so.

    `refs` declares the columns whose cells name a row of another table, as column ->
    "table.column" or column -> Ref("table.column", also=("any",)):

        refs={"enemy": "enemies.name"}

    Every load and every edit checks them, and a card that other rows name cannot be removed.
    A blank cell names nothing: whether a blank is allowed is the schema's `nullable`.
    """

    file: str
    key: str
    schema: pa.DataFrameSchema
    doc: str = ""
    # A table with fewer cards than this is reported as a problem (an empty deck is a mistake
    # far more often than a design choice).
    min_rows: int = 1
    refs: Mapping[str, Ref | str] = field(default_factory=dict)

    def __post_init__(self):
        if self.key not in self.schema.columns:
            raise ValueError(f"{self.file}: key column '{self.key}' is not in the schema")
        refs = {c: r if isinstance(r, Ref) else Ref(r) for c, r in self.refs.items()}
        unknown = [c for c in refs if c not in self.schema.columns]
        if unknown:
            raise ValueError(
                f"{self.file}: reference column(s) {', '.join(unknown)} not in the schema"
            )
        object.__setattr__(self, "refs", refs)
        key = self.schema.columns[self.key]
        if not key.unique or key.nullable:
            object.__setattr__(
                self, "schema", self.schema.update_column(self.key, unique=True, nullable=False)
            )

    @property
    def header(self) -> tuple[str, ...]:
        """Column names in the order the CSV is written."""
        return tuple(self.schema.columns)

    @property
    def columns(self) -> dict[str, str]:
        """Column name -> what the column means in the game."""
        return {name: col.description or "" for name, col in self.schema.columns.items()}

    def dtype(self, column: str):
        """The polars dtype a column holds."""
        return self.schema.columns[column].dtype.type

    def kind(self, column: str) -> str:
        return kind(self.dtype(column))

    def hint(self, column: str) -> dict:
        """What a UI needs to offer a good editor for a column.

        Keys: dtype (integer, number, boolean, text), min, max, choices (list or None),
        nullable, unique, doc, expected (the plain-words sentence used in error messages).
        """
        col = self.schema.columns[column]
        low, high, choices, _ = _read_checks(col)
        family = self.kind(column)
        # A slider wants inclusive ends; for integers "> 0" is the same as ">= 1".
        step = 1 if family == "integer" else 0
        return {
            "column": column,
            "dtype": family,
            "min": None if low is None else low[0] + (0 if low[1] else step),
            "max": None if high is None else high[0] - (0 if high[1] else step),
            "choices": choices,
            "nullable": bool(col.nullable),
            "unique": bool(col.unique),
            "doc": col.description or "",
            "expected": self.expected(column),
        }

    def expected(self, column: str) -> str:
        """What a cell of this column may hold, in plain words: 'an integer from 0 to 6'."""
        col = self.schema.columns[column]
        low, high, choices, extras = _read_checks(col)
        family = self.kind(column)
        base = _ARTICLE.get(family, f"a {self.dtype(column)} value")
        if choices is not None:
            text = f"one of {listing(choices, limit=20)}"
        else:
            text = base + _range_words(low, high)
        if extras:
            text += " (" + "; ".join(extras) + ")"
        if col.nullable:
            text += ", or a blank cell"
        return text


def _read_checks(col: pa.Column):
    """Bounds, choices and other conditions declared by a column's pandera checks.

    Bounds are (value, inclusive) pairs. Unknown checks (custom functions) contribute their
    `error` text, so a game can still explain them by naming the check well.
    """
    low = high = None
    choices = None
    extras: list[str] = []
    for check in col.checks:
        stats = check.statistics or {}
        name = check.name
        if name == "greater_than_or_equal_to":
            low = (stats["min_value"], True)
        elif name == "greater_than":
            low = (stats["min_value"], False)
        elif name == "less_than_or_equal_to":
            high = (stats["max_value"], True)
        elif name == "less_than":
            high = (stats["max_value"], False)
        elif name == "in_range":
            low = (stats["min_value"], stats.get("include_min", True))
            high = (stats["max_value"], stats.get("include_max", True))
        elif name == "isin":
            choices = list(stats["allowed_values"])
        elif name == "equal_to":
            choices = [stats["value"]]
        elif name == "notin":
            extras.append(f"not {listing(stats['forbidden_values'])}")
        elif name == "str_length":
            extras.append(_length_words(stats))
        elif name == "str_matches":
            extras.append(f"matching the pattern {stats['pattern']!r}")
        else:
            extras.append(check.error or name)
    return low, high, choices, extras


def _range_words(low, high) -> str:
    if low and high and low[1] and high[1]:
        return f" from {low[0]} to {high[0]}"
    words = []
    if low:
        words.append(f"{'>=' if low[1] else '>'} {low[0]}")
    if high:
        words.append(f"{'<=' if high[1] else '<'} {high[0]}")
    return (" " + " and ".join(words)) if words else ""


def _length_words(stats: dict) -> str:
    if stats.get("exact_value") is not None:
        return f"exactly {stats['exact_value']} characters"
    low, high = stats.get("min_value"), stats.get("max_value")
    if low is not None and high is not None:
        return f"{low} to {high} characters"
    if low is not None:
        return f"at least {low} characters"
    return f"at most {high} characters"


def int_column(
    doc: str, *checks: pa.Check, unique: bool = False, nullable: bool = False
) -> pa.Column:
    """An integer column; `doc` says what the number means in the game (shown as a hint)."""
    return pa.Column(pl.Int64, list(checks), unique=unique, nullable=nullable, description=doc)


def text_column(
    doc: str, *checks: pa.Check, unique: bool = False, nullable: bool = False
) -> pa.Column:
    return pa.Column(pl.String, list(checks), unique=unique, nullable=nullable, description=doc)


def bool_column(doc: str) -> pa.Column:
    return pa.Column(pl.Boolean, description=doc)
