"""Charts in a notebook read in the dark theme as in the light one (after notebook_charts())."""

from __future__ import annotations

import pytest

from .conftest import ARTIFACTS, open_and_run, text_colour

pytestmark = pytest.mark.ui

THEME = "window.jupyterapp.commands.execute('apputils:change-theme', {theme: %r})"


def _background(page, selector: str) -> str:
    return page.evaluate(f"getComputedStyle(document.querySelector({selector!r})).backgroundColor")


def test_a_notebook_chart_follows_the_dark_theme(page, lab):
    page.set_viewport_size({"width": 1000, "height": 900})
    open_and_run(page, lab, "notebook_chart.ipynb")
    chart = ".jp-OutputArea-output svg.marks"
    page.locator(chart).wait_for(timeout=90_000)
    text = f"{chart} .role-axis-title text"
    assert max(text_colour(page, text)) < 100  # dark text on the light theme
    try:
        page.evaluate(THEME % "JupyterLab Dark")
        page.wait_for_function("document.body.dataset.jpThemeLight === 'false'", timeout=30_000)
        page.wait_for_function(
            f"getComputedStyle(document.querySelector({text!r})).fill !== 'rgb(0, 0, 0)'"
        )
        assert min(text_colour(page, text)) > 150  # light text on the dark theme
        # No white box: the chart shows the notebook's own background through.
        assert _background(page, chart) == "rgba(0, 0, 0, 0)"
        # JupyterLab shows its splash while a theme loads: the shot waits for it to go.
        page.locator("#jupyterlab-splash").wait_for(state="detached", timeout=30_000)
        page.locator(".jp-OutputArea-output").last.screenshot(
            path=str(ARTIFACTS / "notebook_chart_dark.png")
        )
    finally:
        page.evaluate(THEME % "JupyterLab Light")
        page.wait_for_function("document.body.dataset.jpThemeLight === 'true'", timeout=30_000)
