"""Every chart the workbench draws, rendered to PNG with vl-convert, so a broken chart spec
fails here. The images land in tests/artifacts/gallery/; with WORKBENCH_README_IMAGES=1 the
README's chart is refreshed from the same run."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import polars as pl
import pytest
import vl_convert as vlc

import workbench as wb
from workbench.charts.sim import (
    grid_heatmap,
    length_histogram,
    matchup_matrix,
    sweep_chart,
    tornado,
)

ROOT = Path(__file__).resolve().parent.parent
GALLERY = ROOT / "tests" / "artifacts" / "gallery"


@pytest.fixture(scope="module")
def coop_sweep():
    return wb.sweep(
        "coop",
        {"enemies.Brutes.health": [6, 8, 10, 12, 14]},
        80,
        players=3,
        executor="serial",
        progress=False,
        games=True,
    )


def _charts(coop_sweep):
    summary, games = coop_sweep
    grid = pl.DataFrame({"a": [1, 1, 2, 2], "b": [1, 2, 1, 2], "win_rate": [0.1, 0.4, 0.3, 0.6]})
    sens = pl.DataFrame(
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
    from workbench.charts import dice_chart
    from workbench.dice import distribution

    return {
        "sweep": sweep_chart(
            summary,
            "enemies.Brutes.health",
            title="Fresh party of three: win rate by Brutes' Health",
        ),
        "grid": grid_heatmap(grid, "a", "b"),
        "length": length_histogram(games),
        "tornado": tornado(sens),
        "matchups": matchup_matrix(matrix),
        "dice": dice_chart(distribution("3d6")),
    }


def test_every_chart_renders_to_png(coop_sweep):
    GALLERY.mkdir(parents=True, exist_ok=True)
    for name, chart in _charts(coop_sweep).items():
        png = vlc.vegalite_to_png(chart.to_json(), scale=1)
        assert png[:8] == b"\x89PNG\r\n\x1a\n", name
        assert len(png) > 2000, f"{name} rendered almost nothing"
        (GALLERY / f"{name}.png").write_bytes(png)
    if os.environ.get("WORKBENCH_README_IMAGES"):
        images = ROOT / "notebooks" / "images"
        images.mkdir(exist_ok=True)
        shutil.copy(GALLERY / "sweep.png", images / "sweep.png")


def test_same_seed_same_chart(coop_sweep):
    again = wb.sweep(
        "coop",
        {"enemies.Brutes.health": [6, 8, 10, 12, 14]},
        80,
        players=3,
        executor="serial",
        progress=False,
    )
    assert sweep_chart(again).to_json() == sweep_chart(coop_sweep[0]).to_json()
