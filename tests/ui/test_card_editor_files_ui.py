"""The card editor's files in a real JupyterLab: "Print sheet" downloads a PDF of the edited
cards, "⤓ .xlsx" a spreadsheet, and "Open…" takes a spreadsheet back in."""

from __future__ import annotations

import io

import pypdf
import pytest
from playwright.sync_api import expect

import workbench as wb

from .conftest import ARTIFACTS, open_and_run

pytestmark = pytest.mark.ui

WAIT = 30_000


def _replies(page) -> int:
    return int(page.locator(".wb-ce").get_attribute("data-replies") or 0)


def _wait_reply(page, before: int) -> None:
    page.wait_for_function(
        f"Number(document.querySelector('.wb-ce').dataset.replies || 0) > {before}", timeout=WAIT
    )


def test_print_sheet_download_and_open_a_spreadsheet(page, lab, tmp_path):
    open_and_run(page, lab, "card_editor.ipynb")
    page.locator(".wb-ce").wait_for(timeout=90_000)
    python_side = page.locator(".wb-python-side")
    expect(python_side).to_contain_text("Brutes health=10", timeout=WAIT)

    before = _replies(page)
    page.locator('.wb-ce-tab[data-table="enemies"]').click()
    _wait_reply(page, before)
    box = page.locator('.wb-ce-grid tr[data-card="Brutes"] td[data-column="health"] input')
    before = _replies(page)
    box.fill("12")
    box.press("Enter")
    _wait_reply(page, before)
    expect(python_side).to_contain_text("Brutes health=12", timeout=WAIT)
    page.locator(".wb-ce").screenshot(path=str(ARTIFACTS / "card_editor_files.png"))

    # Print sheet: a PDF of the enemies as edited, the change listed first and marked.
    with page.expect_download(timeout=WAIT) as info:
        page.locator(".wb-ce-print").click()
    download = info.value
    assert download.suggested_filename == "coop-enemies.pdf"
    pdf = pypdf.PdfReader(io.BytesIO(open(download.path(), "rb").read()))
    assert len(pdf.pages) == 8
    assert "health 10 → 12" in pdf.pages[0].extract_text()
    expect(page.locator(".wb-ce-message")).to_contain_text(
        "Print sheet coop-enemies.pdf: 60 enemies cards on 8 pages", timeout=WAIT
    )

    # The spreadsheet holds the edited cards.
    with page.expect_download(timeout=WAIT) as info:
        page.locator(".wb-ce-export").click()
    sheet = tmp_path / info.value.suggested_filename
    info.value.save_as(sheet)
    cards = wb.load_cards("coop", sheet)
    assert cards.row("enemies", "Brutes")["health"] == 12

    # A spreadsheet edited elsewhere comes back in as one change.
    edited = cards.set("enemies", "Brutes", "health", 14).to_xlsx()
    before = _replies(page)
    page.locator(".wb-ce-upload").set_input_files(
        files=[
            {
                "name": "playtest.xlsx",
                "buffer": edited,
                "mimeType": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            }
        ]
    )
    _wait_reply(page, before)
    expect(python_side).to_contain_text("Brutes health=14", timeout=WAIT)
    expect(page.locator(".wb-ce-message")).to_contain_text("Opened playtest.xlsx")
    page.screenshot(path=str(ARTIFACTS / "card_editor_opened.png"), full_page=True)
