"""Simulation results as tables people read."""

from __future__ import annotations

import polars as pl
import pytest

from workbench.sim.report import interval, percent, sweep_table


def test_percentages_and_intervals_are_rounded_words():
    assert percent(0.22625) == "22.6%" and percent(0.5, 0) == "50%" and percent(None) == ""
    assert interval(0.2011546846733466, 0.25294237897673766) == "20.1% to 25.3%"


def test_a_sweep_reads_as_words_with_one_interval_cell():
    frame = pl.DataFrame({"enemies.Brutes.health": [8, 10], "n": [200, 200],
                          "win_rate": [0.2262, 0.25], "ci_low": [0.17, 0.195],
                          "ci_high": [0.288, 0.314], "battles_won_mean": [2.345, 2.5]})
    table = sweep_table(frame, metrics={"battles_won_mean": "battles won (mean)"})
    assert table.columns == ["Brutes' health", "games", "win rate", "95% interval",
                             "battles won (mean)"]
    assert table.row(0) == (8, 200, "22.6%", "17.0% to 28.8%", 2.35)


def test_a_solve_trace_takes_labels():
    trace = pl.DataFrame({"value": [2, 8], "win_rate": [0.41, 0.226], "ci_low": [0.37, 0.2],
                          "ci_high": [0.46, 0.25], "n": [500, 1000]})
    table = sweep_table(trace, labels={"value": "Shankers' damage"})
    assert table.columns == ["Shankers' damage", "games", "win rate", "95% interval"]
    with pytest.raises(ValueError, match="no column 'ci_low'"):
        sweep_table(trace.drop("ci_low"))
