"""Every chart's text reads in a dark theme and its title fits over the chart.

The notebook and the views draw charts with the theme's text colour (charts.svg.THEMED,
`currentColor`); a text mark with a colour of its own stays dark grey on a dark page. A title
is measured by Vega itself: with its `limit` set to the chart's width, a title that does not
fit comes out cut short with an ellipsis.
"""

from __future__ import annotations

import json
import re

import polars as pl
import pytest
import vl_convert as vlc

import workbench as wb
from workbench.charts.dice import dice_chart, yes_no_chart
from workbench.charts.sim import (
    grid_heatmap,
    length_histogram,
    matchup_matrix,
    sweep_chart,
    tornado,
)
from workbench.charts.titles import lines
from workbench.dice import distribution, distributions
from workbench.games.rfg_classes import analysis as classes
from workbench.games.rune_system import analysis as runes

SUMMARY = pl.DataFrame(
    {
        "enemies.Brutes.health": [6, 8, 10],
        "win_rate": [0.8, 0.5, 0.2],
        "ci_low": [0.7, 0.4, 0.1],
        "ci_high": [0.9, 0.6, 0.3],
        "n": [80] * 3,
    }
)
GAMES = pl.DataFrame({"length": [10, 12, 14, 20], "outcome": ["win", "loss", "win", "loss"]})


def _charts() -> dict:
    rune_cards, class_cards = wb.load_cards("rune_system"), wb.load_cards("rfg_classes")
    grid = pl.DataFrame(
        {
            "enemies.Brutes.health": [1, 1, 2, 2],
            "enemies.Rats.damage": [1, 2, 1, 2],
            "win_rate": [0.1, 0.4, 0.3, 0.6],
        }
    )
    sensitivity = pl.DataFrame(
        {
            "stat": ["Brutes.armor", "Rats.damage"],
            "win_rate_low": [0.3, 0.22],
            "win_rate_high": [0.15, 0.2],
            "effect": [-0.15, -0.02],
            "low_value": [5, 0],
            "high_value": [9, 2],
            "value": [7, 1],
        }
    )
    matrix = pl.DataFrame(
        {
            "row": ["Knight", "Knight", "Rogue", "Rogue"],
            "column": ["Knight", "Rogue", "Knight", "Rogue"],
            "win_rate": [0.25, 0.95, 0.03, 0.33],
        }
    )
    several = distributions("3d6", "4d6kh3")
    return {
        "sweep": sweep_chart(SUMMARY),
        "sweep, a long title": sweep_chart(
            SUMMARY,
            title=(
                "Fresh party of three against the Brutes: the win rate as their Health grows, "
                "every point with its 95% interval"
            ),
        ),
        "grid heatmap": grid_heatmap(grid, "enemies.Brutes.health", "enemies.Rats.damage"),
        "length histogram": length_histogram(GAMES),
        "tornado": tornado(sensitivity),
        "matchup matrix": matchup_matrix(matrix),
        "dice": dice_chart(distribution("3d6"), title="3d6"),
        "dice, faceted": dice_chart(
            several,
            layout="facet",
            title=(
                "Three dice against the best three of four: which rolls higher, outcome by outcome"
            ),
        ),
        "dice, chooser": dice_chart(several, view="select"),
        "yes or no": yes_no_chart(
            distributions("3d6 > 2d8 + 2", "1d20 >= 11"),
            title="Chance of yes for each question, exactly and roughly",
        ),
        "rune design grid": runes.design_grid(rune_cards),
        "rune design grid + Mob": runes.design_grid(rune_cards, modifier="Mob"),
        "rune essence cost": runes.cost_chart(rune_cards),
        "rune vulnerability": runes.vulnerability_chart(rune_cards),
        "class budget": classes.budget_chart(class_cards),
        "class unlocks": classes.unlock_chart(class_cards),
        "class unlocks, slower": classes.unlock_chart(class_cards, 4, extra_per_level=2),
    }


@pytest.fixture(scope="module")
def charts() -> dict:
    return _charts()


def _marks(spec):
    """Every (mark, encoding) pair in a spec, through layers, facets and concatenations."""
    if isinstance(spec, dict):
        if "mark" in spec:
            mark = spec["mark"]
            yield (mark if isinstance(mark, dict) else {"type": mark}), spec.get("encoding", {})
        for value in spec.values():
            yield from _marks(value)
    elif isinstance(spec, list):
        for value in spec:
            yield from _marks(value)


def test_the_vulnerability_label_takes_the_themes_text_colour(charts):
    spec = charts["rune vulnerability"].to_dict()
    texts = [mark for mark, _ in _marks(spec) if mark["type"] == "text"]
    assert len(texts) == 1
    assert not {"color", "fill"} & set(texts[0])
    assert "break-even 80%" in json.dumps(spec)


def test_no_text_mark_has_a_colour_of_its_own(charts):
    for name, chart in charts.items():
        spec = chart.to_dict()
        for mark, encoding in _marks(spec):
            if mark["type"] != "text":
                continue
            assert not {"color", "fill"} & set(mark), (name, mark)
            for channel in ("color", "fill"):
                assert "value" not in encoding.get(channel, {}), (name, encoding)
        config = spec.get("config", {})
        for part in ("mark", "text"):
            assert not {"color", "fill"} & set(config.get(part, {})), (name, config)


def _title_texts(svg: str) -> list[str]:
    return re.findall(r'role-title-(?:text|subtitle)".*?<text[^>]*>(.*?)</text>', svg, re.DOTALL)


def test_every_title_fits_the_charts_width(charts):
    for name, chart in charts.items():
        scene = vlc.vegalite_to_scenegraph(chart.to_json())
        width = scene["scenegraph"]["items"][0]["width"]
        spec = chart.to_dict()
        spec.setdefault("config", {})["title"] = {"limit": width}
        texts = _title_texts(vlc.vegalite_to_svg(json.dumps(spec)))
        assert all("…" not in t for t in texts), (name, width, texts)


def test_the_measure_finds_a_title_too_wide():
    wide = sweep_chart(SUMMARY).properties(title="x" * 200)
    spec = wide.to_dict()
    spec.setdefault("config", {})["title"] = {"limit": 420}
    assert any("…" in t for t in _title_texts(vlc.vegalite_to_svg(json.dumps(spec))))


def test_the_vulnerability_title_is_short_and_its_figures_are_in_the_subtitle(charts):
    title = charts["rune vulnerability"].to_dict()["title"]
    assert title["text"] == "Damage taken: tiered against proportional"
    assert title["subtitle"] == [
        "tiered: 5 sections, +25% each",
        "proportional: 100% of the share spent",
    ]


def test_lines_break_at_spaces_and_break_a_word_too_long():
    assert lines("short", 420) == ["short"]
    broken = lines("one two three four five six seven eight nine ten", 80)
    assert " ".join(broken) == "one two three four five six seven eight nine ten"
    assert all(len(line) <= 10 for line in broken)
    assert all(len(line) <= 10 for line in lines("x" * 40, 80))
    assert lines("", 100) == [""]
    assert lines("Win rate by Brutes' health, 20 games per point (95% intervals)", 420) == [
        "Win rate by Brutes' health, 20 games per point",
        "(95% intervals)",
    ]
