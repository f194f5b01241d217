"""Charts build valid Vega-Lite that renders to PNG."""

from __future__ import annotations

import json

import altair as alt
import pytest
import vl_convert

from workbench.charts import dice_chart, exact_fractions
from workbench.dice import distribution, distributions


def _png(chart) -> bytes:
    return vl_convert.vegalite_to_png(chart.to_json())


def test_single_distribution_renders():
    chart = dice_chart(distribution("3d6"))
    assert isinstance(chart, alt.TopLevelMixin)
    assert _png(chart).startswith(b"\x89PNG")


@pytest.mark.parametrize("view", ["normal", "at_least", "at_most", "select"])
@pytest.mark.parametrize("layout", ["grouped", "overlay", "facet"])
def test_views_and_layouts_render(view, layout):
    chart = dice_chart(distributions("3d6", "4d6kh3"), view=view, layout=layout, title="x")
    spec = json.loads(chart.to_json())
    assert spec["$schema"].startswith("https://vega.github.io/schema/vega-lite/")
    assert _png(chart).startswith(b"\x89PNG")


def test_tooltips_carry_exact_fractions():
    f = exact_fractions(distribution("2d6"))
    row = f.filter(f["outcome"] == 7)
    assert row["exactly"][0] == "1/6"
    assert row["at_least"][0] == "7/12"
    assert row["at_most"][0] == "7/12"
    spec = json.loads(dice_chart(distribution("2d6")).to_json())
    assert "1/6" in json.dumps(spec["datasets"])


def test_huge_weights_and_monte_carlo_frames():
    f = exact_fractions(distribution("200d6"))
    assert f["exactly"][0].startswith("≈")
    mc = exact_fractions(distribution("2d6", monte_carlo=True, n=1000))
    assert "±" in mc["exactly"][0]
    assert _png(dice_chart(distribution("200d6"), view="at_most")).startswith(b"\x89PNG")


def test_bad_options_raise():
    with pytest.raises(ValueError):
        dice_chart(distribution("d6"), view="sideways")
    with pytest.raises(ValueError):
        dice_chart(distribution("d6"), layout="spiral")
