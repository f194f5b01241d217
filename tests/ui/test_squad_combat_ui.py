"""Squad Combat in the step-through view, in a real JupyterLab in Chromium, about 1,000 px
wide: the squads drawn as cards, the hand of the seat to move face up and the other face
down, an attack and its reaction window played by clicking, screenshots kept as artifacts."""

from __future__ import annotations

import nbformat
import pytest

from .conftest import ARTIFACTS, click_action, open_and_run

pytestmark = pytest.mark.ui

CELLS = [
    "import workbench as wb\n"
    "m = wb.play('squad_combat', seed=4, first_player=0, squads=['Red', 'Red'])\n"
    "m"
]


def test_squad_combat_plays_by_clicking_at_1000_px(narrow, lab):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in CELLS]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    nbformat.write(nb, lab.root / "squad.ipynb")
    page = narrow
    open_and_run(page, lab, "squad.ipynb")
    page.locator(".wb-step").wait_for(timeout=90_000)
    page.evaluate("window.jupyterapp.shell.collapseLeft()")
    page.wait_for_timeout(500)
    assert page.locator(".wb-card.wb-kind-character").count() == 6
    # The view follows the seat to move: its hand face up, the other seat's face down.
    # The other hand is its five backs, drawn once with their count.
    backs = page.locator(".wb-card.wb-facedown")
    assert backs.count() == 1 and backs.first.get_attribute("data-count") == "5"
    assert "action phase" in page.locator(".wb-step").inner_text()
    page.locator(".wb-step").screenshot(path=str(ARTIFACTS / "squad_combat_start.png"))
    for _ in range(6):  # windows at the start of the turn: decline until seat 1 acts
        if not page.locator("button.wb-action", has_text="Decline").count():
            break
        click_action(page, "Decline")
    # An attack, its target, and the reaction window of the defending seat.
    attack = page.locator("button.wb-action", has_text=" with ").first
    attack.wait_for()
    click_action(page, attack.inner_text().strip())
    while page.locator("button.wb-action", has_text="Pay ").count():
        click_action(page, "Pay ")
    if page.locator("button.wb-action", has_text="Target ").count():
        click_action(page, "Target ")
    page.locator(".wb-step").screenshot(path=str(ARTIFACTS / "squad_combat_attack.png"))
    page.locator(".wb-step").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "squad_combat_screen.png"))
    width = page.evaluate("document.querySelector('.wb-step').scrollWidth")
    assert width <= 1000
