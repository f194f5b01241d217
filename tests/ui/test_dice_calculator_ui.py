"""DiceCalculator in a real JupyterLab: type an expression, see the chart and the probability."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS, open_and_run, text_colour

pytestmark = pytest.mark.ui


def test_type_an_expression_and_see_the_answer(page, lab):
    page.set_viewport_size({"width": 1000, "height": 1100})  # a laptop's notebook
    open_and_run(page, lab, "dice.ipynb")
    page.locator(".wb-dice").wait_for(timeout=90_000)
    page.locator(".wb-dice-chart svg").wait_for()
    assert "21/2" in page.locator(".wb-dice-mean").inner_text()
    box = page.locator(".wb-dice-expr").first
    box.fill("3d6 > 2d8 + 2")
    page.wait_for_function("document.querySelector('.wb-dice-p')?.textContent.includes('317/768')")
    assert page.locator(".wb-dice-chart svg").count() == 1
    page.locator(".wb-dice-expr").first.fill("3d6 >")
    error = page.locator(".wb-dice-error")
    error.wait_for()
    assert "^" in error.inner_text() and "character 6" in error.inner_text()
    # The chart keeps its place while the typo is fixed, and says what it still shows.
    assert page.locator(".wb-dice-chart svg").count() == 1
    expect(page.locator(".wb-dice-stale")).to_contain_text("still shows 3d6 > 2d8 + 2")
    page.locator(".wb-dice").screenshot(path=str(ARTIFACTS / "dice_calculator.png"))


def test_a_bare_pool_says_it_counts_dice_and_one_click_gives_the_total(page, lab):
    page.set_viewport_size({"width": 1000, "height": 1100})
    open_and_run(page, lab, "dice.ipynb")
    page.locator(".wb-dice-chart svg").wait_for(timeout=90_000)
    page.locator(".wb-dice-expr").first.fill("2d6 >= 8")
    reading = page.locator(".wb-dice-reading")
    expect(reading).to_contain_text("Counting dice that show 8 or more", timeout=30_000)
    expect(page.locator(".wb-dice-certain")).to_contain_text("Always 0")
    offer = page.locator("button.wb-dice-other")
    expect(offer).to_contain_text("(2d6) >= 8 gives 5/12")
    page.locator(".wb-dice").screenshot(path=str(ARTIFACTS / "dice_reading.png"))
    offer.click()
    expect(page.locator(".wb-dice-p")).to_contain_text("P = 5/12", timeout=30_000)
    expect(page.locator(".wb-dice-expr").first).to_have_value("(2d6) >= 8")
    assert page.locator(".wb-dice-reading").count() == 0  # the total has one reading
    page.locator(".wb-dice").screenshot(path=str(ARTIFACTS / "dice_total.png"))


def test_the_chart_follows_the_dark_theme(page, lab):
    page.set_viewport_size({"width": 1000, "height": 1100})
    open_and_run(page, lab, "dice.ipynb")
    page.locator(".wb-dice-chart svg").wait_for(timeout=90_000)
    text = ".wb-dice-chart svg text"
    assert max(text_colour(page, text)) < 100  # dark text on the light theme
    try:
        page.evaluate(
            "window.jupyterapp.commands.execute('apputils:change-theme', "
            "{theme: 'JupyterLab Dark'})"
        )
        page.wait_for_function("document.body.dataset.jpThemeLight === 'false'", timeout=30_000)
        page.wait_for_function(
            f"getComputedStyle(document.querySelector({text!r})).fill !== 'rgb(0, 0, 0)'"
        )
        assert min(text_colour(page, text)) > 150  # light text on the dark theme
        page.locator(".wb-dice").screenshot(path=str(ARTIFACTS / "dice_calculator_dark.png"))
    finally:
        page.evaluate(
            "window.jupyterapp.commands.execute('apputils:change-theme', "
            "{theme: 'JupyterLab Light'})"
        )
        page.wait_for_function("document.body.dataset.jpThemeLight === 'true'", timeout=30_000)
