"""Charts shown in a notebook: drawn without any network, in the notebook's own colours.

Altair's default renderer fetches Vega from the network, and its offline renderer (the
JupyterChart widget) paints a white canvas in light and dark themes alike. Here the offline
renderer draws SVG, and a theme gives text, axes and grid lines `currentColor` on a transparent
background (the same settings as the views' charts, charts.svg.THEMED), so they take the
notebook's text colour whichever theme is on. Polars frames are drawn the same way, as tables
for people (charts.tables).
"""

from __future__ import annotations

import os

from .._lazy import after_import
from .svg import THEMED
from .tables import notebook_tables

THEME = "workbench"


def notebook_charts() -> None:
    """Show Altair charts offline, in the notebook's light or dark colours (for this kernel),
    and polars frames as tables for people (`notebook_tables`).

    Altair is set up when it is first imported (at once if it is already): a notebook calls
    this at its top, and a match played or a table shown before the first chart does not wait
    for Altair, nor for the offline renderer's script."""
    after_import("altair", _set_up)
    notebook_tables()


def _set_up(alt) -> None:
    if THEME not in alt.theme.names():
        alt.theme.register(THEME, enable=False)(lambda: alt.theme.ThemeConfig(config=THEMED))
    alt.theme.enable(THEME)
    _offline_script()
    alt.renderers.enable("jupyter", offline=True, embed_options={"renderer": "svg"})


def _offline_script() -> None:
    """Give the offline renderer its JavaScript from the cache folder.

    Altair bundles Vega for offline charts through vl-convert in every new kernel, and that
    takes 1.5 to 2.5 seconds, paid by the first chart a designer draws. The bundle is the same
    for the same altair and vl-convert, so it is kept on disk, named by both versions. When
    altair no longer keeps the script where this expects it, charts bundle it as before."""
    import altair as alt
    import vl_convert
    from altair.jupyter import JupyterChart

    from ..core.cache_folder import cache_folder

    folder = cache_folder()
    if (
        folder is None
        or getattr(JupyterChart, "_is_offline", None) is not False
        or not isinstance(getattr(JupyterChart, "_esm", None), str)
    ):
        return
    path = os.path.join(
        folder, f"charts-offline-altair{alt.__version__}-vlconvert{vl_convert.__version__}.js"
    )
    try:
        with open(path, encoding="utf-8") as f:
            script = f.read()
    except (OSError, ValueError):  # missing, unreadable, or not text: built again below
        script = None
    if script:
        JupyterChart._esm, JupyterChart._is_offline = script, True
        return
    JupyterChart.enable_offline(True)
    part = f"{path}.{os.getpid()}.part"
    try:  # written whole, then renamed: a kernel starting meanwhile never reads half a file
        with open(part, "w", encoding="utf-8") as f:
            f.write(JupyterChart._esm)
        os.replace(part, path)
    except OSError:
        pass  # no cache this time; the charts draw all the same
