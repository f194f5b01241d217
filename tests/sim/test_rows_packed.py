"""Rows that cross to this process from a worker travel packed (executors._pack) and must
arrive as the very frame the worker made: values, column order and types."""

from __future__ import annotations

import io
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
    rows = pl.DataFrame(
        {
            "seed": [1, 2, 3],
            "used": [[], [], []],  # only empty lists: a list of nulls
            "nothing": [None, None, None],
            "score": [0.1, float("nan"), -0.0],
            "tags": [["a"], [], ["b", "c"]],
            "small": pl.Series([1, 2, 3], dtype=pl.Int8),
        }
    )
    assert_frame_equal(_across(rows), rows, check_exact=True)
    assert _across(rows.head(0)).schema == rows.schema


def test_narrowed_columns_arrive_with_their_own_types_and_values():
    # Packing narrows integers and codes text: every value, null and type must come back.
    rows = pl.DataFrame(
        {
            "seed": [2**62, -(2**62), 7],
            "length": pl.Series([300, None, 5], dtype=pl.Int64),
            "count": pl.Series([0, 255, 65_536], dtype=pl.UInt64),
            "outcome": ["win", None, ""],
            "note": pl.Series([None, None, None], dtype=pl.String),
            "used": [["SW-B", None, "SW-B"], None, [""]],
            "empty": pl.Series([[], [], []], dtype=pl.List(pl.String)),
        }
    )
    sent = pl.read_ipc_stream(io.BytesIO(executors._pack(rows).data))
    assert sent.schema["length"] == pl.Int16
    assert sent.schema["used"] == pl.List(pl.Enum(["", "SW-B"]))
    assert_frame_equal(_across(rows), rows, check_exact=True)
    assert _across(rows.head(0)).schema == rows.schema
    assert_frame_equal(_across(rows.slice(1, 1)), rows.slice(1, 1), check_exact=True)


def test_a_column_packing_cannot_hold_goes_as_it_is():
    rows = pl.DataFrame({"seed": [1, 2], "thing": pl.Series([object(), object()], dtype=pl.Object)})
    assert executors._pack(rows) is rows
    assert executors._unpack(rows) is rows
