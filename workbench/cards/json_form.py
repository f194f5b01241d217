"""The JSON form of a card set (CardSet.to_json), and its tables read back as text.

Read back, every table is text as a CSV file gives it, so cards from JSON are converted and
checked exactly like cards from files (CardSet.from_json).
"""

from __future__ import annotations

import json
from collections.abc import Mapping

import polars as pl

from workbench.cards import text
from workbench.cards.problems import CardDataError, Problem, listing
from workbench.cards.spec import TableSpec

JSON_FORMAT = "workbench.cards"
JSON_VERSION = 1


def json_form(tables: Mapping[str, pl.DataFrame], game: str) -> dict:
    """A JSON-friendly dict with every table as lists of column values."""
    return {
        "format": JSON_FORMAT,
        "format_version": JSON_VERSION,
        "game": game,
        "tables": {t: f.to_dict(as_series=False) for t, f in tables.items()},
    }


def json_texts(data: Mapping | str, specs: Mapping[str, TableSpec], game: str) -> dict:
    """Table name -> text frame of the JSON form `data` (its text or its value); CardDataError
    with every problem of its tables."""
    stored = _stored_tables(_parsed(data), game)
    texts, problems = {}, []
    for table, spec in specs.items():
        frame, found = _table_text(stored.get(table), spec, table)
        problems.extend(found)
        if frame is not None:
            texts[table] = frame
    problems.extend(
        Problem(message=f"saved cards have an unknown table '{t}'; expected {listing(specs)}")
        for t in stored
        if t not in specs
    )
    if problems:
        raise CardDataError(problems)
    return texts


def _parsed(data: Mapping | str):
    if not isinstance(data, str):
        return data
    try:
        return json.loads(data)
    except json.JSONDecodeError as err:
        raise CardDataError([Problem(message=f"saved cards are not valid JSON: {err}")]) from err


def _stored_tables(data, game: str) -> Mapping:
    """The 'tables' entry of the JSON form, once it is known to be for `game`."""
    if not isinstance(data, Mapping) or not isinstance(data.get("tables"), Mapping):
        raise CardDataError(
            [
                Problem(
                    message="saved cards must be an object with a 'tables' "
                    "entry (as written by CardSet.to_json)"
                )
            ]
        )
    if data.get("game", game) != game:
        raise CardDataError(
            [Problem(message=f"saved cards are for the game '{data['game']}'; expected '{game}'")]
        )
    return data["tables"]


def _table_text(columns, spec: TableSpec, table: str):
    """(text frame or None, problems) of one stored table: column name -> list of values."""
    if not isinstance(columns, Mapping):
        return None, [
            Problem(
                file=spec.file,
                table=table,
                message=(
                    f"saved cards have no '{table}' table; expected columns {','.join(spec.header)}"
                ),
            )
        ]
    header = text.header_problems(list(columns), spec, table, spec.file)
    if header:
        return None, header
    lengths = {len(v) if isinstance(v, list) else -1 for v in columns.values()}
    if len(lengths) > 1 or -1 in lengths:
        return None, [
            Problem(
                file=spec.file,
                table=table,
                message=f"saved '{table}' table: every column must be a list of the same length",
            )
        ]
    frame = pl.DataFrame(
        {c: [text.value_text(v) for v in columns[c]] for c in spec.header},
        schema={c: pl.String for c in spec.header},
    )
    return frame, []
