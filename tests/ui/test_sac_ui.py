"""Soldiers! Aliens! Carnage! in the step-through view, in a real JupyterLab at 1,000 px wide:
the dungeon dealt card by card in the log (each card with the rule that placed it), the map
drawn as a board, a move and a shot played by clicking cards on the map, and the view still on
one screen."""

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


def test_the_dungeon_is_dealt_step_by_step_and_played_on_the_map(screen, lab):  # noqa: F811
    page = screen
    _open(page, lab, "play_sac.ipynb")
    _shot(page, "sac_opening.png")
    log = page.locator(".wb-log").inner_text()
    assert "starts the dungeon on l8" in log and "(R-3)" in log and "(R-8)" in log
    opening = _heights(page)
    assert opening["widget"] <= FITS and opening["width"] <= 1000, opening
    # Seed 1 starts on l8 with the room going down: l7 (9♠) is the one card to click.
    square = page.locator('.wb-svg .wb-target[data-square="l7"]')
    square.wait_for()
    before = _decisions(page)
    square.click()
    choices = page.locator(".wb-square-choices button")
    if choices.count():
        _click_and_settle(page, choices.first)
    page.wait_for_function(f"document.querySelector('.wb-step').dataset.decisions !== '{before}'")
    assert "Soldier: Move to l7" in page.locator(".wb-log").inner_text()
    # Walk down to the 7♦ and shoot it: its card on the map is a target too.
    for square in ("l6", "l5", "l4"):
        target = page.locator(f'.wb-svg .wb-target[data-square="{square}"]')
        if not target.count():
            _click_and_settle(page, page.locator("button.wb-action", has_text="End round"))
            target = page.locator(f'.wb-svg .wb-target[data-square="{square}"]')
        before = _decisions(page)
        target.click()
        page.wait_for_function(
            f"document.querySelector('.wb-step').dataset.decisions !== '{before}'"
        )
    shoot = page.locator("button.wb-action", has_text="Shoot 7♦")
    assert (
        "to kill" in shoot.first.inner_text()
        or "to kill" in page.locator(".wb-actions").inner_text()
    )
    _shot(page, "sac_before_shot.png")
    _click_and_settle(page, shoot.first)
    assert "Shot at 7♦" in page.locator(".wb-log").inner_text()
    _shot(page, "sac_after_shot.png")
    after = _heights(page)
    assert after["widget"] <= FITS and after["width"] <= 1000, after
    (ARTIFACTS / "sac_log.txt").write_text(page.locator(".wb-log").inner_text())
