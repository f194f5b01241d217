"""WhatIf in a real JupyterLab: its buttons are requests that Python answers."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS, open_and_run

pytestmark = pytest.mark.ui


def _search_then_pick_a_card(page) -> None:
    """Search by words; picking a match centres the range on the stat's current value."""
    page.locator("input.wb-search").fill("rats damage")
    match = page.locator("button.wb-match")
    expect(match).to_have_count(1, timeout=30_000)
    expect(match).to_contain_text("Rats' damage (enemies, now 1)")
    match.click()
    expect(page.locator("select.wb-pick-card")).to_have_value("Rats", timeout=30_000)
    expect(page.locator("select.wb-pick-column")).to_have_value("damage")
    expect(page.locator("input.wb-stop_value")).to_have_value("5")
    # Choosing a card in the picker keeps the stat.
    page.locator("select.wb-pick-card").select_option("Brutes")
    expect(page.locator(".wb-label")).to_contain_text("Brutes' damage", timeout=30_000)


def _watch_for_a_cleared_chart(page) -> None:
    """From now on, window.chartCleared says whether the chart was emptied."""
    page.evaluate("""() => {
        window.chartCleared = false;
        const root = document.querySelector('.wb-whatif');
        new MutationObserver(() => {
            const chart = root.querySelector('.wb-whatif-chart');
            if (chart && !chart.querySelector('svg')) window.chartCleared = true;
        }).observe(root, { childList: true, subtree: true });
    }""")


def _type_a_long_run_and_press_run(page) -> None:
    """Typed and Run pressed in one go: Run must see every value typed before it."""
    page.evaluate("""() => {
        for (const [name, value] of [["start", "1"], ["stop_value", "19"], ["games", "1000"]]) {
            const box = document.querySelector(`.wb-whatif input.wb-${name}`);
            box.value = value;
            box.dispatchEvent(new Event("change"));
        }
        document.querySelector(".wb-whatif button.wb-run").click();
    }""")


def test_pick_run_stop_and_a_bad_range_says_why(page, lab):
    page.set_viewport_size({"width": 1000, "height": 1100})
    open_and_run(page, lab, "whatif.ipynb")
    page.locator(".wb-whatif").wait_for(timeout=90_000)
    status = page.locator(".wb-status")

    # The picker is grouped table -> card -> stat, each showing where the pick stands.
    expect(page.locator("select.wb-pick-table")).to_have_value("enemies")
    expect(page.locator("select.wb-pick-card")).to_have_value("Brutes")
    expect(page.locator("select.wb-pick-column")).to_have_value("health")
    assert "health (now 10)" in page.locator("select.wb-pick-column option:checked").inner_text()

    page.locator("button.wb-run").click()
    expect(status).to_contain_text("Done: 2 of 2 points, 10 games each.", timeout=120_000)
    page.locator(".wb-whatif .wb-svg svg").wait_for()
    headers = page.locator(".wb-results thead th").all_inner_texts()
    assert headers == ["Brutes' health", "games", "win rate", "95% interval"]
    assert page.locator(".wb-results tbody tr").count() == 2
    assert re.fullmatch(r"\d+\.\d%", page.locator(".wb-results tbody td").nth(2).inner_text())
    # Beside the chart: which part of the workbench played the games.
    expect(page.locator(".wb-path")).to_have_text("Played by the compiled kernel.")
    page.locator(".wb-whatif").screenshot(path=str(ARTIFACTS / "whatif.png"))

    # A range Python refuses: the reason shows, nothing runs.
    box = page.locator("input.wb-start")
    box.fill("12")
    box.dispatch_event("change")
    page.locator("button.wb-run").click()
    expect(status).to_contain_text("need start <= stop", timeout=30_000)
    assert page.locator(".wb-results tbody tr").count() == 2

    _search_then_pick_a_card(page)

    # A long run: a new run clears the old chart, and Stop says how far it got.
    _watch_for_a_cleared_chart(page)
    _type_a_long_run_and_press_run(page)
    expect(status).to_contain_text("Running: ", timeout=30_000)
    page.evaluate("window.stopButton = document.querySelector('.wb-whatif .wb-stop')")
    page.locator("button.wb-stop").click()
    expect(status).to_have_text(
        re.compile(r"Stopped after \d+ of 19 points \(1000 games each\)\."), timeout=120_000
    )
    assert page.evaluate("window.chartCleared")
    # Points kept arriving, and Stop is the node it was: a button made afresh while someone
    # presses it loses the click.
    assert page.evaluate("document.querySelector('.wb-whatif .wb-stop') === window.stopButton")
    stopped = int(re.search(r"after (\d+) of", status.inner_text())[1])
    assert 1 <= stopped < 19
    assert page.locator(".wb-results tbody tr").count() == stopped
    page.locator(".wb-whatif").screenshot(path=str(ARTIFACTS / "whatif_stopped.png"))

    # A value Python refuses is put back in its box, and the status says why.
    box = page.locator("input.wb-games")
    box.fill("0")
    box.dispatch_event("change")
    expect(status).to_have_text("games per point: need at least 1, got 0", timeout=30_000)
    expect(box).to_have_value("1000")
