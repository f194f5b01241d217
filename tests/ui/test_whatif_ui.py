"""WhatIf in a real JupyterLab: its buttons are requests that Python answers."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS, open_and_run

pytestmark = pytest.mark.ui


def test_run_fills_the_chart_and_a_bad_range_says_why(page, lab):
    open_and_run(page, lab, "whatif.ipynb")
    page.locator(".wb-whatif").wait_for(timeout=90_000)
    status = page.locator(".wb-status")

    page.locator("button.wb-run").click()
    expect(status).to_contain_text("Done: 2 of 2 points", timeout=120_000)
    page.locator(".wb-whatif .wb-svg svg").wait_for()
    assert page.locator(".wb-results tr").count() == 2

    # A range Python refuses: the reason shows, nothing runs.
    box = page.locator("input.wb-start")
    box.fill("12")
    box.dispatch_event("change")
    page.locator("button.wb-run").click()
    expect(status).to_contain_text("need start <= stop", timeout=30_000)
    assert page.locator(".wb-results tr").count() == 2

    # Picking another stat centres the range on its current value.
    page.locator("select.wb-key").select_option("enemies.Rats.damage")
    expect(page.locator("input.wb-stop_value")).to_have_value("5", timeout=30_000)
    page.locator(".wb-whatif").screenshot(path=str(ARTIFACTS / "whatif.png"))
