"""DiceCalculator in a real JupyterLab: type an expression, see the chart and the probability."""

from __future__ import annotations

import pytest

from .conftest import ARTIFACTS, open_and_run

pytestmark = pytest.mark.ui


def test_type_an_expression_and_see_the_answer(page, lab):
    open_and_run(page, lab, "dice.ipynb")
    page.locator(".wb-dice").wait_for(timeout=90_000)
    page.locator(".wb-dice-chart svg").wait_for()
    assert "21/2" in page.locator(".wb-dice-mean").inner_text()
    box = page.locator(".wb-dice-expr").first
    box.fill("3d6 > 2d8 + 2")
    page.wait_for_function(
        "document.querySelector('.wb-dice-p')?.textContent.includes('317/768')")
    assert page.locator(".wb-dice-chart svg").count() == 1
    page.locator(".wb-dice-expr").first.fill("3d6 >")
    error = page.locator(".wb-dice-error")
    error.wait_for()
    assert "^" in error.inner_text() and "character 6" in error.inner_text()
    page.locator(".wb-dice").screenshot(path=str(ARTIFACTS / "dice_calculator.png"))
