"""Armies in the step-through view, in a real JupyterLab at about 1,000 px wide: the board,
clicks on it, a card played through a piece, and the bot in Black's seat moving by itself."""

from __future__ import annotations

import pytest

from .conftest import ARTIFACTS, open_and_run

pytestmark = pytest.mark.ui


def _decisions(page) -> int:
    return int(page.locator(".wb-step").get_attribute("data-decisions"))


@pytest.fixture
def narrow(browser):
    context = browser.new_context(viewport={"width": 1000, "height": 1000})
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    try:
        yield pg
    finally:
        context.close()


def test_armies_plays_by_buttons_and_board_clicks_at_1000px(narrow, lab):
    page = narrow
    open_and_run(page, lab, "armies.ipynb")
    page.locator(".wb-step").wait_for(timeout=90_000)
    page.locator(".wb-step").screenshot(path=str(ARTIFACTS / "armies_start.png"))
    # White's General can train itself: a Training played by clicking its square.
    page.locator('.wb-svg .wb-target[data-square="e1"]').first.wait_for()
    before = _decisions(page)
    page.locator('.wb-svg .wb-target[data-square="e1"]').click()
    choices = page.locator(".wb-square-choices button")
    if choices.count():
        choices.first.click()
    page.wait_for_function(
        f"document.querySelector('.wb-step').dataset.decisions !== '{before}'")
    assert "White (Horse and Bow): Play" in page.locator(".wb-log").inner_text()
    page.locator(".wb-step").screenshot(path=str(ARTIFACTS / "armies_played.png"))
