"""The Location CCG in the step-through view, in a real JupyterLab in Chromium, about 1,000 px
wide: the three Locations and each side's characters drawn as cards, the hand of the seat to
move face up and the other face down, a turn played by clicking, screenshots kept as
artifacts."""

from __future__ import annotations

import nbformat
import pytest

from .conftest import ARTIFACTS, click_action, open_and_run

pytestmark = pytest.mark.ui

CELLS = [
    "import workbench as wb\n"
    "m = wb.play('location_ccg', seed=4, first_player=1, bots={1: 'heuristic'},\n"
    "            locations=['Old Cathedral', 'Radio Tower', 'Power Plant'])\n"
    "m"
]


def test_location_ccg_plays_by_clicking_at_1000_px(narrow, lab):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in CELLS]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    nbformat.write(nb, lab.root / "location.ipynb")
    page = narrow
    open_and_run(page, lab, "location.ipynb")
    page.locator(".wb-step").wait_for(timeout=90_000)
    page.evaluate("window.jupyterapp.shell.collapseLeft()")
    page.wait_for_timeout(500)
    assert page.locator(".wb-card.wb-kind-location").count() == 3
    # Seat 1 keeps its opening hand: its seven cards face up, the bot's seven face down.
    assert page.locator("button.wb-action", has_text="Keep this hand").count() == 1
    backs = page.locator(".wb-card.wb-facedown")
    assert backs.count() == 1 and backs.first.get_attribute("data-count") == "7"
    page.locator(".wb-step").screenshot(path=str(ARTIFACTS / "location_ccg_start.png"))
    click_action(page, "Keep this hand")
    # The bot's mulligan passes by itself; seat 1 takes the first turn: bank two cards
    # and draw one, whose odds the button shows before it is taken.
    page.locator('button.wb-action[data-label^="Bank "]').first.wait_for(timeout=60_000)
    click_action(page, "Bank ", label=True)
    click_action(page, "Bank ", label=True)
    draw = page.locator('button.wb-action[data-label^="Draw a card"]').first
    assert "to draw a character" in draw.inner_text()
    page.locator(".wb-step").screenshot(path=str(ARTIFACTS / "location_ccg_draw.png"))
    click_action(page, "Draw a card", label=True)
    page.locator(".wb-step").screenshot(path=str(ARTIFACTS / "location_ccg_turn.png"))
    page.locator(".wb-step").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "location_ccg_screen.png"))
    width = page.evaluate("document.querySelector('.wb-step').scrollWidth")
    assert width <= 1000
