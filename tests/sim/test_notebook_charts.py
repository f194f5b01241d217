"""notebook_charts(): charts shown offline in the notebook's colours; files keep the light look."""

from __future__ import annotations

import altair as alt
import polars as pl
import pytest

from workbench.charts import notebook_charts, sweep_chart
from workbench.charts.svg import file_svg

FRAME = pl.DataFrame({"value": [8, 10], "win_rate": [0.4, 0.5], "ci_low": [0.3, 0.4],
                      "ci_high": [0.5, 0.6], "n": [100, 100]})


@pytest.fixture
def restored():
    theme, renderer = alt.theme.active, alt.renderers.active
    yield
    alt.theme.enable(theme)
    alt.renderers.enable(renderer)


def test_charts_draw_offline_as_svg_in_the_pages_text_colour(restored):
    notebook_charts()
    notebook_charts()  # a second call (a cell run again) is harmless
    chart = sweep_chart(FRAME)
    config = chart.to_dict()["config"]
    assert config["background"] == "transparent"
    assert config["axis"]["labelColor"] == "currentColor"
    bundle, _ = chart._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle  # JupyterChart, no network
    assert alt.renderers.options["offline"] is True
    assert alt.renderers.options["embed_options"] == {"renderer": "svg"}


def test_a_saved_file_keeps_the_light_look_whatever_the_notebook_shows(restored):
    notebook_charts()
    svg = file_svg(sweep_chart(FRAME))
    assert "currentColor" not in svg and 'fill="white"' in svg
