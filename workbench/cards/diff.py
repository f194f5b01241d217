"""Cell-by-cell differences between two versions of a card table, as text."""

from __future__ import annotations

import polars as pl

from workbench.cards.text import to_text


def table_diff(table: str, key: str, old: pl.DataFrame | None, new: pl.DataFrame | None):
    """(table, card, column, old, new) tuples; a missing frame counts as a table with no cards.

    Cards are matched by key, so moving a row is not a change; values are compared as the
    text the CSV file would hold.
    """
    old_rows = _rows_by_key(old, key)
    new_rows = _rows_by_key(new, key)
    out = []
    for card, row in old_rows.items():
        if card not in new_rows:
            out.append((table, card, "(removed)", _row_text(row), None))
            continue
        other = new_rows[card]
        for column in dict.fromkeys([*row, *other]):
            before, after = row.get(column), other.get(column)
            if before != after:
                out.append((table, card, column, before, after))
    for card, row in new_rows.items():
        if card not in old_rows:
            out.append((table, card, "(added)", None, _row_text(row)))
    return out


def _rows_by_key(frame: pl.DataFrame | None, key: str) -> dict[str, dict]:
    if frame is None:
        return {}
    return {row[key]: row for row in to_text(frame).iter_rows(named=True)}


def _row_text(row: dict) -> str:
    return ",".join("" if v is None else v for v in row.values())
