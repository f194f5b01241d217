"""RuneExplorer in a real JupyterLab: click runes into the slots, read the spell, its verdict,
cost and vulnerability; a full set of slots refuses with the reason; an edit in the card
editor beside it changes the slots."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS, open_and_run

pytestmark = pytest.mark.ui

WAIT = 30_000


def _pick(page, rune: str) -> None:
    page.locator(f'.wb-runes button.wb-rune[data-rune="{rune}"]').click()


def test_pick_runes_and_see_the_spell(page, lab):
    open_and_run(page, lab, "runes.ipynb")
    explorer = page.locator(".wb-runes")
    explorer.wait_for(timeout=90_000)
    expect(explorer.locator(".wb-rune-empty")).to_contain_text("Click runes", timeout=WAIT)
    assert explorer.locator("button.wb-rune").count() == 16
    assert explorer.locator(".wb-rune-slot.wb-open").count() == 3

    for rune in ("Fire", "Orb", "Mob"):
        _pick(page, rune)
    spell = explorer.locator(".wb-rune-spell")
    expect(spell).to_have_text("Meteor Swarm", timeout=WAIT)
    assert explorer.locator(".wb-rune-status").inner_text() == "designed"
    assert "Orb is Projectile" in explorer.locator(".wb-rune-combo").inner_text()
    assert explorer.locator(".wb-rune-cost").inner_text() == "49"
    assert explorer.locator(".wb-rune-damage-tiered").inner_text() == "150% damage"
    assert explorer.locator(".wb-rune-damage-proportional").inner_text() == "149% damage"
    explorer.screenshot(path=str(ARTIFACTS / "rune_explorer_designed.png"))

    # A fourth rune does not fit: refused with the reason, the slots unchanged.
    _pick(page, "Ice")
    expect(explorer.locator(".wb-error")).to_contain_text("all 3 slots are full", timeout=WAIT)
    assert spell.inner_text() == "Meteor Swarm"

    # Empty the first slot (Fire), add Ice and Earth's place is taken: Projectile + Mob + Ice
    # is valid and not designed yet.
    explorer.locator('.wb-rune-slot[data-slot="0"]').click()
    expect(spell).to_have_text("Not designed yet", timeout=WAIT)
    assert explorer.locator(".wb-error").count() == 0
    _pick(page, "Ice")
    expect(explorer.locator(".wb-rune-combo")).to_contain_text(
        "Ice + Projectile + Mob", timeout=WAIT
    )
    assert explorer.locator(".wb-rune-status").inner_text() == "not designed yet"

    # Two elements are not a spell (A-U2): the reason is shown.
    explorer.locator(".wb-rune-reset").click()
    _pick(page, "Fire")
    _pick(page, "Ice")
    reason = explorer.locator(".wb-rune-reason")
    expect(reason).to_contain_text(
        "2 elements, but a spell may hold at most 1 element", timeout=WAIT
    )
    assert explorer.locator(".wb-rune-status").inner_text() == "not valid"
    explorer.screenshot(path=str(ARTIFACTS / "rune_explorer_invalid.png"))

    # The card editor beside it: its filter example is about this design's tables, not the
    # co-op game's rats.
    hint = page.locator(".wb-ce-filter")
    expect(hint).to_have_attribute("placeholder", "Filter: slots, or value >= 5 and doc ~ tiered")
    page.locator('.wb-ce-tab[data-table="runes"]').click()
    expect(hint).to_have_attribute(
        "placeholder", "Filter: fire, or essence >= 8 and kind = modifier", timeout=WAIT
    )
    page.locator(".wb-ce").screenshot(path=str(ARTIFACTS / "rune_explorer_editor_hint.png"))
    page.locator('.wb-ce-tab[data-table="rules"]').click()
    # Two slots instead of three.
    box = page.locator('.wb-ce-grid tr[data-card="slots"] td[data-column="value"] input')
    box.fill("2")
    box.press("Enter")
    expect(explorer.locator(".wb-rune-slot")).to_have_count(2, timeout=WAIT)
    _pick(page, "Strike")
    expect(explorer.locator(".wb-error")).to_contain_text("all 2 slots are full", timeout=WAIT)
    page.screenshot(path=str(ARTIFACTS / "rune_explorer_with_editor.png"), full_page=True)
    # At about 1,000 px the result panel still sits beside the runes.
    page.set_viewport_size({"width": 1000, "height": 900})
    page.locator(".wb-rune-slot", has_text="Fire").click()
    expect(explorer.locator(".wb-rune-combo")).to_have_text("Ice", timeout=WAIT)
    _pick(page, "Nova")
    expect(spell).to_have_text("Frost Nova", timeout=WAIT)
    panel, runes = (
        explorer.locator(s).bounding_box() for s in (".wb-rune-result", ".wb-rune-left")
    )
    assert panel["x"] > runes["x"] + runes["width"] - 1
    explorer.screenshot(path=str(ARTIFACTS / "rune_explorer_1000px.png"))
