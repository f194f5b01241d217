"""notebook_charts(): charts shown offline in the notebook's colours; files keep the light look."""

from __future__ import annotations

import altair as alt
import polars as pl
import pytest

from workbench.charts import notebook_charts, sweep_chart
from workbench.charts.svg import file_svg

FRAME = pl.DataFrame(
    {
        "value": [8, 10],
        "win_rate": [0.4, 0.5],
        "ci_low": [0.3, 0.4],
        "ci_high": [0.5, 0.6],
        "n": [100, 100],
    }
)


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


OFFLINE = """
import json, sys
import vl_convert
if sys.argv[1] == "cached":  # the bundle must come from the cache folder, not be built
    def refuse(*args, **kwargs):
        raise AssertionError("bundled again")
    vl_convert.javascript_bundle = refuse
from altair.jupyter import JupyterChart
from workbench.charts import notebook_charts, sweep_chart
import polars as pl
notebook_charts()
frame = pl.DataFrame({"value": [8, 10], "win_rate": [0.4, 0.5], "ci_low": [0.3, 0.4],
                      "ci_high": [0.5, 0.6], "n": [100, 100]})
bundle, _ = sweep_chart(frame)._repr_mimebundle_()
assert "application/vnd.jupyter.widget-view+json" in bundle
print(json.dumps(JupyterChart._esm))
"""


def test_the_offline_script_is_bundled_once_and_then_read_from_the_cache(tmp_path):
    import json
    import os
    import subprocess
    import sys

    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}

    def kernel(how):
        done = subprocess.run(
            [sys.executable, "-c", OFFLINE, how],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout.splitlines()[-1])

    built = kernel("new")
    kept = list((tmp_path / "workbench").glob("charts-offline-*.js"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == built
    assert "vega" in built and len(built) > 100_000
    assert kernel("cached") == built
    kept[0].write_text("", encoding="utf-8")  # a spoilt file is built again
    assert kernel("new") == built
    kept[0].write_bytes(b"\xff\xfe not text")
    assert kernel("new") == built
