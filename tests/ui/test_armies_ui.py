"""Armies in the step-through view, in a real JupyterLab at 1,000 px wide: a card played by
a click on the board, and the bot in Black's seat answering by itself with the view still on
one screen. (The odds an attack's button shows are checked without a browser, in
tests/armies/test_odds.py.)"""

from __future__ import annotations

import pytest

from .conftest import ARTIFACTS
from .test_play_views_ui import (  # noqa: F401
    FITS,
    _click_and_settle,
    _decisions,
    _heights,
    _open,
    _shot,
    screen,
)

pytestmark = pytest.mark.ui


def test_a_card_played_by_a_click_on_the_board_then_the_bot_answers(screen, lab):  # noqa: F811
    page = screen
    _open(page, lab, "play_armies.ipynb")
    _shot(page, "armies_opening.png")
    # White's General may train itself: the Training is played by clicking its square.
    square = page.locator('.wb-svg .wb-target[data-square="e1"]')
    square.wait_for()
    before = _decisions(page)
    square.click()
    choices = page.locator(".wb-square-choices button")
    if choices.count():
        _click_and_settle(page, choices.first)
    assert _decisions(page) > before
    assert "White (Horse and Bow): Play" in page.locator(".wb-log").inner_text()
    # Onwards to Black's turn and back: Black's moves are its bot's.
    for _ in range(8):
        if page.locator(".wb-log li.wb-log-bot").count():
            break
        _click_and_settle(page, page.locator(".wb-row button.wb-action").last)
    assert page.locator(".wb-log li.wb-log-bot").filter(has_text="Black").count() >= 1
    _shot(page, "armies_after_black.png")
    # A hand of cards playable on every piece still leaves the view on one screen.
    assert _heights(page)["widget"] <= FITS
    (ARTIFACTS / "armies_log.txt").write_text(page.locator(".wb-log").inner_text())
