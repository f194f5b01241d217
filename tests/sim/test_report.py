"""Simulation results as tables people read."""

from __future__ import annotations

import polars as pl
import pytest

from workbench.sim.report import interval, percent, readable, sensitivity_table, sweep_table


def test_percentages_and_intervals_are_rounded_words():
    assert percent(0.22625) == "22.6%" and percent(0.5, 0) == "50%" and percent(None) == ""
    assert interval(0.2011546846733466, 0.25294237897673766) == "20.1% to 25.3%"


def test_a_sweep_reads_as_words_with_one_interval_cell():
    frame = pl.DataFrame(
        {
            "enemies.Brutes.health": [8, 10],
            "n": [200, 200],
            "win_rate": [0.2262, 0.25],
            "ci_low": [0.17, 0.195],
            "ci_high": [0.288, 0.314],
            "battles_won_mean": [2.345, 2.5],
        }
    )
    table = sweep_table(frame, metrics={"battles_won_mean": "battles won (mean)"})
    assert table.columns == [
        "Brutes' health",
        "games",
        "win rate",
        "95% interval",
        "battles won (mean)",
    ]
    assert table.row(0) == (8, 200, "22.6%", "17.0% to 28.8%", 2.35)


def test_a_solve_trace_takes_labels():
    trace = pl.DataFrame(
        {
            "value": [2, 8],
            "win_rate": [0.41, 0.226],
            "ci_low": [0.37, 0.2],
            "ci_high": [0.46, 0.25],
            "n": [500, 1000],
        }
    )
    table = sweep_table(trace, labels={"value": "Shankers' damage"})
    assert table.columns == ["Shankers' damage", "games", "win rate", "95% interval"]
    with pytest.raises(ValueError, match="no column 'ci_low'"):
        sweep_table(trace.drop("ci_low"))


def test_readable_picks_names_rounds_and_joins_the_interval():
    frame = pl.DataFrame(
        {
            "bots": ["heuristic"],
            "games": [400],
            "first_player_wins": [0.745],
            "ci_low": [0.700096],
            "ci_high": [0.785243],
            "median_turns": [9.04],
        }
    )
    table = readable(
        frame,
        {
            "bots": "bots",
            "first_player_wins": "first player wins",
            "ci_low": "",
            "median_turns": "turns (median)",
        },
        percents=("first_player_wins",),
    )
    assert table.columns == ["bots", "first player wins", "95% interval", "turns (median)"]
    assert table.row(0) == ("heuristic", "74.5%", "70.0% to 78.5%", 9.04)
    with pytest.raises(ValueError, match="no column 'wins'"):
        readable(frame, {"wins": "wins"})
    rated = sweep_table(frame, rate="first_player_wins", win="first player wins")
    assert rated.columns == ["bots", "games", "first player wins", "95% interval"]


def test_sensitivity_reads_as_words_with_signed_effects():
    frame = pl.DataFrame(
        {
            "card": ["Steppons", "Rats"],
            "column": ["armor", "armor"],
            "value": [2, 0],
            "win_rate": [0.22, 0.22],
            "low_value": [0, 0],
            "win_rate_low": [0.32, 0.22],
            "high_value": [4, 2],
            "win_rate_high": [0.18, 0.26],
            "effect": [-0.14, 0.04],
            "stat": ["Steppons.armor", "Rats.armor"],
            "size": [0.14, 0.04],
        }
    )
    table = sensitivity_table(frame, top=1)
    assert table.columns == [
        "stat",
        "now",
        "lower",
        "win rate lower",
        "higher",
        "win rate higher",
        "effect",
    ]
    assert table.rows() == [("Steppons' armor", 2, 0, "32.0%", 4, "18.0%", "-14.0%")]
    assert sensitivity_table(frame)["effect"].to_list() == ["-14.0%", "+4.0%"]
