"""What the card editor's grid shows of the cards, as plain JSON-ready data.

The rows of a table in filter and sort order, the cells changed since the files, the columns
with what each allows, the tabs of the tables and the open card's form. Each is a function of
the cards and what the session chose to show (EditSession.view puts them together).
"""

from __future__ import annotations

import polars as pl

from ..cards import CardSet
from ..cards.render import card_html
from ..cards.text import to_text
from .editor_filter import first_word, row_test


def shown_rows(cards: CardSet, table: str, text: str, sort: tuple[str, bool] | None) -> list[int]:
    """Row positions of `table` after the filter `text` and the sort (column, descending)."""
    frame = cards[table]
    keep = row_test(cards.specs[table], table, text)
    texts = to_text(frame).iter_rows(named=True)
    rows = [i for i, row in enumerate(texts) if keep(row, frame, i)]
    if sort is not None:
        column, descending = sort
        values = frame[column].to_list()
        present = [i for i in rows if values[i] is not None]
        missing = [i for i in rows if values[i] is None]
        present.sort(key=lambda i: values[i], reverse=descending)
        rows = present + missing
    return rows


def changed_cells(
    diff: pl.DataFrame, table: str
) -> tuple[dict[str, dict[str, str | None]], list[str], list[str]]:
    """({card: {column: old text}}, added cards, removed cards) of `table` in a diff."""
    changed: dict[str, dict[str, str | None]] = {}
    added, removed = [], []
    for row in diff.filter(pl.col("table") == table).iter_rows(named=True):
        if row["column"] == "(added)":
            added.append(row["card"])
        elif row["column"] == "(removed)":
            removed.append(row["card"])
        else:
            changed.setdefault(row["card"], {})[row["column"]] = row["old"]
    return changed, added, removed


def columns(cards: CardSet, table: str) -> list[dict]:
    """Each column's hint (type, choices, bounds) with the tooltip its header shows."""
    spec = cards.specs[table]
    out = []
    for column in spec.header:
        hint = {k: plain(v) for k, v in cards.hint(table, column).items()}
        lines = [hint["doc"] or column, f"Allowed: {hint['expected']}"]
        if column == spec.key:
            lines.append("Key: names the card, so no two cards may share it.")
        out.append({**hint, "key": column == spec.key, "tooltip": "\n".join(lines)})
    return out


def grid_rows(
    frame: pl.DataFrame, keys: list[str], shown: list[int], changed: dict, added: list[str]
) -> list[dict]:
    """The rows shown, each with its file line and its changed and added marks."""
    rows = []
    for i in shown:
        key = keys[i]
        values = frame.row(i)
        rows.append(
            {
                "key": key,
                "line": i + 2,
                "cells": [plain(v) for v in values],
                "changed": changed.get(key, {}),
                "added": key in added,
            }
        )
    return rows


def table_tabs(cards: CardSet, diff: pl.DataFrame, refused: str | None) -> list[dict]:
    """A tab per table: its size, meaning, changes and whether a refusal (on the table
    `refused`) waits on it."""
    tables = []
    for name in cards.tables:
        tables.append(
            {
                "name": name,
                "count": cards[name].height,
                "doc": cards.specs[name].doc,
                "changes": diff.filter(pl.col("table") == name).height,
                "refused": refused == name,
            }
        )
    return tables


def card_form(cards: CardSet, table: str, card: str, row: dict) -> dict:
    """One card as a form: its picture and a field per column, numbers with sliders bounded
    by the schema's min and max."""
    spec, frame = cards.specs[table], cards[table]
    fields = []
    for column in spec.header:
        hint = cards.hint(table, column)
        field = {
            "column": column,
            "dtype": hint["dtype"],
            "value": plain(row[column]),
            "choices": hint["choices"],
            "doc": hint["doc"],
            "expected": hint["expected"],
            "min": hint["min"],
            "max": hint["max"],
        }
        if hint["dtype"] in ("integer", "number") and not hint["choices"]:
            field["slider_min"], field["slider_max"] = slider_range(
                hint["min"], hint["max"], row[column], frame[column]
            )
        fields.append(field)
    return {"card": card, "html": card_html(spec, table, row), "fields": fields}


def filter_hint(cards: CardSet, table: str) -> str:
    """The filter box's placeholder: a word from the table's first card, then comparisons on
    its own columns that a card of the table meets, so the example is about this table's
    cards and finds some when typed."""
    spec, frame = cards.specs[table], cards[table]
    if not frame.height:
        return "Filter"
    word = first_word(frame[spec.key][0]) if spec.kind(spec.key) == "text" else None
    others = [c for c in spec.header if c != spec.key]
    numbers = [c for c in others if spec.kind(c) in ("integer", "number")]
    # The card with the middle value of the first number column meets every term.
    ranked = (
        sorted((v, i) for i, v in enumerate(frame[numbers[0]].to_list()) if v is not None)
        if numbers
        else []
    )
    card = frame.row(ranked[len(ranked) // 2][1] if ranked else 0, named=True)
    terms = []
    for column in numbers:
        if card[column] is not None and len(terms) < 2:
            terms.append(f"{column} {'<=' if terms else '>='} {plain(card[column])}")
    for column in others:
        found = first_word(card[column]) if spec.kind(column) == "text" else None
        if found and len(terms) < 2:
            terms.append(
                f"{column} = {found}" if found == card[column] else f"{column} ~ {found.lower()}"
            )
    example = ", or ".join(x for x in (word and word.lower(), " and ".join(terms)) if x)
    return f"Filter: {example}" if example else "Filter"


def index_key(cards: CardSet, table: str, index: int):
    """The key of the card at row `index`."""
    return cards[table][cards.specs[table].key][index]


def slider_range(low, high, value, column: pl.Series) -> tuple[float, float]:
    """Slider ends: the schema's bounds where it has them, else room around the data."""
    values = [v for v in column.to_list() if v is not None]
    top = max([*values, value if value is not None else 0, 0])
    bottom = min([*values, value if value is not None else 0, 0])
    start = low if low is not None else bottom
    end = high if high is not None else max(start + 10, top * 2)
    return plain(start), plain(end)


def plain(value):
    """A value as JSON holds it (numpy and polars scalars become Python numbers)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if hasattr(value, "item"):
        return value.item()
    return str(value)
