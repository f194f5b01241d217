"""Charts drawn to SVG in Python for the views, in the colours of the page around them.

A view's SVG sits inside JupyterLab, whose theme may be dark. Text, axes and grid lines are
drawn in `currentColor` on a transparent background, so they take the text colour the widget's
CSS gives them (--jp-ui-font-color1) in light and dark themes alike. Files for download keep
Vega-Lite's own light look, since they leave the notebook.
"""

from __future__ import annotations

import json

FOREGROUND = "currentColor"
THEMED = {
    "background": "transparent",
    "axis": {
        "labelColor": FOREGROUND,
        "titleColor": FOREGROUND,
        "domainColor": FOREGROUND,
        "tickColor": FOREGROUND,
        "gridColor": FOREGROUND,
        "gridOpacity": 0.15,
    },
    "title": {"color": FOREGROUND, "subtitleColor": FOREGROUND},
    "legend": {"labelColor": FOREGROUND, "titleColor": FOREGROUND},
    "header": {"labelColor": FOREGROUND, "titleColor": FOREGROUND},
    "text": {"color": FOREGROUND},
    "view": {"stroke": None},
}


def themed_svg(chart) -> str:
    """The chart as SVG whose text and lines follow the host page's text colour."""
    import vl_convert as vlc

    spec = chart.to_dict()
    config = spec.setdefault("config", {})
    for key, value in THEMED.items():
        if isinstance(value, dict):
            config[key] = {**config.get(key, {}), **value}
        else:
            config[key] = value
    return vlc.vegalite_to_svg(json.dumps(spec))


def _light(chart) -> str:
    """The chart's spec as Vega-Lite draws it by default, whatever theme the notebook uses."""
    import altair as alt

    with alt.theme.enable("default"):
        return chart.to_json()


def file_svg(chart) -> str:
    """The chart as an SVG file to download (light, as Vega-Lite draws it)."""
    import vl_convert as vlc

    return vlc.vegalite_to_svg(_light(chart))


def file_png(chart) -> bytes:
    import vl_convert as vlc

    return vlc.vegalite_to_png(_light(chart))
