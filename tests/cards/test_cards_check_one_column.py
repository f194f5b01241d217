"""A one-cell edit checks only its column: the problems must be exactly those of checking the
whole table, for every column of every game's tables and values that break each kind of rule
(out of range, not a choice, blank, a repeated key)."""

from __future__ import annotations

import polars as pl
import pytest

import workbench as wb
from workbench.cards.validate import check


def _bad_values(spec, frame: pl.DataFrame, column: str) -> list:
    hint = spec.hint(column)
    values = [None]
    if frame.height > 1:
        values.append(frame[column][1])  # a repeat, which a unique column rejects
    if hint["min"] is not None:
        values.append(hint["min"] - 1)
    if hint["max"] is not None:
        values.append(hint["max"] + 1)
    if hint["choices"]:
        values.append("no such choice" if hint["dtype"] == "text" else None)
    if hint["dtype"] == "text":
        values.append("")
    return values


CASES = [
    (game, table, column)
    for game in wb.list_games()
    for table, spec in wb.load_cards(game).specs.items()
    for column in spec.header
]


@pytest.mark.parametrize("game", sorted({g for g, _, _ in CASES}))
def test_one_column_check_finds_what_the_whole_table_check_finds(game):
    cards = wb.load_cards(game)
    compared = found = 0
    for g, table, column in CASES:
        if g != game:
            continue
        spec, frame = cards.specs[table], cards[table]
        for value in _bad_values(spec, frame, column):
            edited = frame.with_columns(
                pl.when(pl.int_range(pl.len()) == 0)
                .then(pl.lit(value, dtype=spec.dtype(column)))
                .otherwise(pl.col(column))
                .alias(column)
            )
            whole = check(edited, spec, table, edited=0)
            narrow = check(edited, spec, table, edited=0, columns=(column,))
            assert narrow == whole, (table, column, value)
            compared += 1
            found += bool(whole)
    # The values above must really break rules, or the comparison proves nothing.
    assert compared and found >= compared // 3, (compared, found)


def test_an_edit_is_still_rejected_with_its_reason():
    cards = wb.load_cards("coop")
    with pytest.raises(wb.CardDataError, match="health"):
        cards.set("enemies", "Brutes", "health", -3)
    assert (
        cards.set("enemies", "Brutes", "health", 8)["enemies"]
        .filter(pl.col("name") == "Brutes")["health"]
        .item()
        == 8
    )


@pytest.mark.parametrize("theirs", [None, "streaming"])
def test_a_check_leaves_the_sessions_polars_engine_as_it_was(theirs):
    # A check runs pandera's queries on polars' in-memory engine (quicker on small tables);
    # the designer's own setting must be back afterwards, after a rejected edit too.
    cards = wb.load_cards("coop")
    with pl.Config(engine_affinity=theirs):
        cards.set("enemies", "Brutes", "health", 8)
        with pytest.raises(wb.CardDataError):
            cards.set("enemies", "Brutes", "health", -3)
        assert pl.Config.state()["POLARS_ENGINE_AFFINITY"] == theirs
