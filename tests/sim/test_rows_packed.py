"""Rows that cross to this process from a worker travel packed (executors._pack) and must
arrive as the very frame the worker made: values, column order and types."""

from __future__ import annotations

import pickle

import polars as pl
import pytest
from polars.testing import assert_frame_equal

import workbench as wb
from workbench.sim import executors


def _across(rows):
    """What the client holds after a worker's rows were pickled and sent."""
    return executors._unpack(pickle.loads(pickle.dumps(executors._pack(rows))))


@pytest.mark.parametrize("game", wb.list_games())
def test_every_games_rows_arrive_unchanged(game):
    rows = wb.simulate(game, 6, seed=11)
    assert isinstance(executors._pack(rows), executors.Packed)
    assert_frame_equal(_across(rows), rows, check_exact=True)


def test_many_rows_travel_in_a_fraction_of_the_bytes():
    rows = wb.simulate("coop", 2000, seed=5, players=3)
    assert len(pickle.dumps(executors._pack(rows))) < len(pickle.dumps(rows)) / 4
    assert_frame_equal(_across(rows), rows, check_exact=True)


def test_awkward_columns_arrive_unchanged():
    rows = pl.DataFrame({
        "seed": [1, 2, 3],
        "used": [[], [], []],  # only empty lists: a list of nulls
        "nothing": [None, None, None],
        "score": [0.1, float("nan"), -0.0],
        "tags": [["a"], [], ["b", "c"]],
        "small": pl.Series([1, 2, 3], dtype=pl.Int8),
    })
    assert_frame_equal(_across(rows), rows, check_exact=True)
    assert _across(rows.head(0)).schema == rows.schema


def test_a_column_packing_cannot_hold_goes_as_it_is():
    rows = pl.DataFrame({"seed": [1, 2], "thing": pl.Series([object(), object()],
                                                            dtype=pl.Object)})
    assert executors._pack(rows) is rows
    assert executors._unpack(rows) is rows

