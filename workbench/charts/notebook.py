"""Charts shown in a notebook: drawn without any network, in the notebook's own colours.

Altair's default renderer fetches Vega from the network, and its offline renderer (the
JupyterChart widget) paints a white canvas in light and dark themes alike. Here the offline
renderer draws SVG, and a theme gives text, axes and grid lines `currentColor` on a transparent
background (the same settings as the views' charts, charts.svg.THEMED), so they take the
notebook's text colour whichever theme is on.
"""

from __future__ import annotations

from .svg import THEMED

THEME = "workbench"


def notebook_charts() -> None:
    """Show Altair charts offline, in the notebook's light or dark colours (for this kernel)."""
    import altair as alt

    if THEME not in alt.theme.names():
        alt.theme.register(THEME, enable=False)(lambda: alt.theme.ThemeConfig(config=THEMED))
    alt.theme.enable(THEME)
    alt.renderers.enable("jupyter", offline=True, embed_options={"renderer": "svg"})
