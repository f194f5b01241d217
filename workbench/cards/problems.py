"""What is wrong with card data, said the way a designer looks at it: file, line, column, value."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

# How many problems the error message spells out before it says "... and N more".
SHOWN = 12


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a card table.

    `row` is the line of the CSV file as a spreadsheet shows it: the header is line 1, so the
    first card is line 2. For tables that were edited in memory or embedded in a saved match it
    is the line the card will have once the table is saved. `value` is the cell as the user
    gave it ("" for a blank cell); `expected` says in plain words what is allowed.
    `message` overrides the generated sentence for problems that are not about one cell.
    `sheet` is set when the table was read from a sheet of a spreadsheet file (`file`); its
    rows are then the sheet's row numbers.
    """

    file: str | None = None
    table: str | None = None
    row: int | None = None
    card: str | None = None
    column: str | None = None
    value: object = None
    expected: str = ""
    issue: str = "is not allowed"
    message: str | None = None
    sheet: str | None = None

    def __post_init__(self):
        # Keys may be numbers (battles.csv is keyed by player count); people read them as text.
        if self.card is not None and not isinstance(self.card, str):
            object.__setattr__(self, "card", str(self.card))

    def where(self) -> str:
        place = self.file or (f"table '{self.table}'" if self.table else "")
        if self.sheet is not None:
            place += f", sheet '{self.sheet}'" + ("" if self.row is None else f", row {self.row}")
        elif self.row is not None:
            place += f" line {self.row}"
        if self.card is not None:
            card = self.card if len(self.card) <= LONGEST else self.card[:LONGEST] + "..."
            place += f" ({card})"
        if self.column is not None:
            place += f", column '{self.column}'"
        return place.strip()

    def __str__(self) -> str:
        if self.message is not None:
            return capped(self.message, 500)
        what = self.issue if self.value is None else f"{show(self.value)} {self.issue}"
        if self.expected:
            what += f"; expected {self.expected}"
        place = self.where()
        return f"{place}: {what}" if place else what


# Longest value or line a message quotes: a 100 MB line of junk is named, not printed.
LONGEST = 80
LONGEST_MESSAGE = 4000


def show(value: object) -> str:
    """A cell value as it should appear inside a sentence."""
    if value is None or value == "":
        return "a blank cell"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    text = str(value)
    if len(text) > LONGEST:
        return repr(text[:LONGEST]) + f"... ({len(text):,} characters)"
    return repr(text)


def capped(text: str, limit: int = LONGEST_MESSAGE) -> str:
    """`text`, cut with a note when it is longer than `limit` characters."""
    if len(text) <= limit:
        return text
    return text[:limit] + f"... ({len(text) - limit:,} more characters)"


def listing(values: Iterable[object], limit: int = 12) -> str:
    """'a, b, c' with a tail when there are many."""
    values = [str(v) for v in values]
    if len(values) > limit:
        return ", ".join(values[:limit]) + f", ... ({len(values) - limit} more)"
    return ", ".join(values)


class CardDataError(ValueError):
    """Card data that cannot be used, with every problem found (not just the first).

    `problems` is the full list; the message shows the first few so a notebook traceback stays
    readable.
    """

    def __init__(self, problems: Iterable[Problem], *, context: str | None = None):
        self.problems: list[Problem] = list(problems)
        self.context = context
        super().__init__(capped(self._message()))

    def _message(self) -> str:
        lines = [str(p) for p in self.problems[:SHOWN]]
        hidden = len(self.problems) - len(lines)
        if hidden:
            lines.append(f"... and {hidden} more problem{'s' if hidden > 1 else ''}")
        head = self.context
        if head is None and len(self.problems) == 1:
            return lines[0]
        if head is None:
            head = f"{len(self.problems)} problems in the card data:"
        return head + "\n" + "\n".join(f"  - {line}" for line in lines)
