"""CardEditor in a real JupyterLab, driven in Chromium."""

from __future__ import annotations

import itertools
import re
import statistics

import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS, open_and_run

pytestmark = pytest.mark.ui

WAIT = 30_000


def _replies(page) -> int:
    return int(page.locator(".wb-ce").get_attribute("data-replies") or 0)


def _cell(page, card: str, column: str):
    return page.locator(f'.wb-ce-grid tr[data-card="{card}"] td[data-column="{column}"]')


def _type_into(page, card: str, column: str, text: str) -> float:
    """Type into a cell and press Enter; wait for Python's reply. Returns the latency in ms."""
    before = _replies(page)
    box = _cell(page, card, column).locator("input")
    box.fill(text)
    box.press("Enter")
    page.wait_for_function(
        f"Number(document.querySelector('.wb-ce').dataset.replies || 0) > {before}", timeout=WAIT
    )
    return float(page.locator(".wb-ce").get_attribute("data-last-latency-ms"))


def _click(page, selector: str) -> None:
    before = _replies(page)
    page.locator(selector).click()
    page.wait_for_function(
        f"Number(document.querySelector('.wb-ce').dataset.replies || 0) > {before}", timeout=WAIT
    )


def _undo_then_redo_health(page, python_side) -> None:
    """Undo goes back to the file's value and its version, redo forward to version 1 again."""
    _click(page, ".wb-ce-undo")
    expect(python_side).to_contain_text("Brutes health=10 version=0", timeout=WAIT)
    assert _cell(page, "Brutes", "health").locator("input").input_value() == "10"
    expect(page.locator(".wb-ce-version")).to_have_text(" · version 0")
    _click(page, ".wb-ce-redo")
    expect(python_side).to_contain_text("Brutes health=12 version=1", timeout=WAIT)
    expect(page.locator(".wb-ce-version")).to_have_text(" · version 1")


def _slide_dice_in_the_form(page, python_side) -> None:
    """The single-card form: a slider bounded by the schema edits the same cell."""
    _click(page, '.wb-ce-grid tr[data-card="Brutes"] .wb-ce-open')
    slider = page.locator('.wb-ce-form input[type="range"][data-column="dice"]')
    assert (slider.get_attribute("min"), slider.get_attribute("max")) == ("0", "6")
    before = _replies(page)
    slider.evaluate("s => { s.value = '4'; s.dispatchEvent(new Event('change')); }")
    page.wait_for_function(
        f"Number(document.querySelector('.wb-ce').dataset.replies || 0) > {before}"
    )
    expect(python_side).to_contain_text("version=2", timeout=WAIT)
    expect(page.locator('.wb-ce-form .wb-cardview [data-column="dice"]')).to_contain_text("4")
    assert _cell(page, "Brutes", "dice").locator("input").input_value() == "4"


def _report_latencies(latencies: list[float]) -> None:
    """Print the edit round trips and keep them with the test artifacts."""
    median = statistics.median(latencies)
    print(
        f"\nedit round trip (Enter to redrawn grid) over {len(latencies)} edits: "
        f"median {median:.1f} ms, max {max(latencies):.1f} ms"
    )
    (ARTIFACTS / "card_editor_latency.txt").write_text(
        f"median_ms={median:.1f}\nedits={len(latencies)}\nall={latencies}\n"
    )


def test_edit_reject_undo_and_save(page, lab):
    open_and_run(page, lab, "card_editor.ipynb")
    page.locator(".wb-ce").wait_for(timeout=90_000)
    python_side = page.locator(".wb-python-side")
    expect(python_side).to_contain_text("Brutes health=10 version=0", timeout=WAIT)

    # One tab per table; headers carry the schema's meaning and range.
    assert page.locator(".wb-ce-tab").count() == 5
    _click(page, '.wb-ce-tab[data-table="enemies"]')
    header = page.locator('.wb-ce-grid th[data-column="health"]')
    assert "Allowed: an integer >= 1" in header.get_attribute("title")
    assert _cell(page, "Brutes", "damage_type").locator("select option").count() == 2

    # A valid edit is accepted: Python holds it, the cell is marked as changed.
    latencies = [_type_into(page, "Brutes", "health", "12")]
    expect(python_side).to_contain_text("Brutes health=12 version=1", timeout=WAIT)
    expect(_cell(page, "Brutes", "health")).to_have_class(re.compile(r"\bwb-ce-changed\b"))
    assert _cell(page, "Brutes", "health").locator("input").input_value() == "12"

    # An invalid edit shows its reason at the cell; the kept value stays, Python is unchanged.
    latencies.append(_type_into(page, "Brutes", "health", "0"))
    reason = _cell(page, "Brutes", "health").locator(".wb-ce-reason")
    expect(reason).to_contain_text("0 is not allowed; expected an integer >= 1", timeout=WAIT)
    assert _cell(page, "Brutes", "health").locator("input").input_value() == "12"
    assert "Brutes health=12 version=1" in python_side.inner_text()
    page.locator(".wb-ce").screenshot(path=str(ARTIFACTS / "card_editor_rejected.png"))

    # A reference cell offers the enemy names; renaming an enemy that encounters name is
    # refused, and the reason names the encounter that still uses the old name.
    _click(page, '.wb-ce-tab[data-table="encounters"]')
    assert _cell(page, "BRU-1", "enemy").locator("select option").count() == 6
    _click(page, '.wb-ce-tab[data-table="enemies"]')
    latencies.append(_type_into(page, "Brutes", "name", "Bruisers"))
    expect(_cell(page, "Brutes", "name").locator(".wb-ce-reason")).to_contain_text(
        "encounters.csv line 22 (BRU-1), column 'enemy': 'Brutes' is no longer in enemies.csv",
        timeout=WAIT,
    )
    assert _cell(page, "Brutes", "name").locator("input").input_value() == "Brutes"

    _undo_then_redo_health(page, python_side)

    # The diff lists the change; saving writes the CSV in the notebook's folder.
    page.locator(".wb-ce-diff summary").click()
    expect(page.locator(".wb-ce-diff")).to_contain_text("Brutes", timeout=WAIT)
    _click(page, ".wb-ce-save")
    expect(page.locator(".wb-ce-message")).to_contain_text("Saved enemies.csv", timeout=WAIT)
    saved = (lab.root / "editor_coop" / "enemies.csv").read_text()
    assert "Brutes,12,7,2,3,melee,2,10\n" in saved
    assert "Rats,1,0,4,1,melee,1,10\n" in saved
    assert not page.locator(".wb-ce-dirty").count()

    _slide_dice_in_the_form(page, python_side)

    # More edits for the round-trip time: armor 7 -> 8 -> 7 ...
    for n in range(10):
        latencies.append(_type_into(page, "Brutes", "armor", str(8 - n % 2)))
    expect(python_side).to_contain_text("version=12", timeout=WAIT)
    page.screenshot(path=str(ARTIFACTS / "card_editor.png"), full_page=True)
    _report_latencies(latencies)


def test_not_a_number_compound_filters_banners_and_a_wide_table(page, lab):
    page.set_viewport_size({"width": 1000, "height": 1100})  # a laptop's notebook
    open_and_run(page, lab, "card_editor_checks.ipynb")
    page.locator(".wb-ce").wait_for(timeout=90_000)

    # Text in a number cell reaches Python as typed and is called not a number.
    _type_into(page, "Brutes", "health", "abc")
    reason = _cell(page, "Brutes", "health").locator(".wb-ce-reason")
    expect(reason).to_contain_text("'abc' is not a number; expected an integer >= 1", timeout=WAIT)
    assert _cell(page, "Brutes", "health").locator("input").input_value() == "10"
    page.locator(".wb-ce").screenshot(path=str(ARTIFACTS / "card_editor_not_a_number.png"))

    # A compound filter, spaces and all.
    def filter_by(text):
        before = _replies(page)
        box = page.locator(".wb-ce-filter")
        box.fill(text)
        box.press("Enter")
        page.wait_for_function(
            f"Number(document.querySelector('.wb-ce').dataset.replies || 0) > {before}",
            timeout=WAIT,
        )

    filter_by("health >= 5 and dodge < 4")
    rows = page.locator(".wb-ce-grid tbody tr")
    assert [rows.nth(i).get_attribute("data-card") for i in range(rows.count())] == [
        "Growlers",
        "Brutes",
    ]
    expect(page.locator(".wb-ce-shown")).to_have_text("2 of 6")
    filter_by("(health > 3)")
    expect(page.locator(".wb-ce-error")).to_contain_text("brackets are not needed")
    assert rows.count() == 2  # the last good filter stays
    expect(page.locator(".wb-ce-filter")).to_have_value("(health > 3)")  # and so does the typing
    filter_by("")

    # Typing filters with no Enter, once the typing pauses; the example is this table's.
    box = page.locator(".wb-ce-filter")
    assert box.get_attribute("placeholder") == "Filter: rats, or health >= 6 and armor <= 2"
    before = _replies(page)
    box.press_sequentially("brutes", delay=40)
    page.wait_for_function(
        f"Number(document.querySelector('.wb-ce').dataset.replies || 0) > {before}", timeout=WAIT
    )
    expect(rows).to_have_count(1)
    assert rows.first.get_attribute("data-card") == "Brutes"
    page.wait_for_timeout(500)
    assert _replies(page) == before + 1  # one request for the word, not one per key
    # Keys that land while a reply is redrawing the grid stay in the box.
    box.fill("")
    box.press_sequentially("health >= 6", delay=310)
    expect(box).to_have_value("health >= 6")
    expect(page.locator(".wb-ce-shown")).to_have_text("3 of 6", timeout=WAIT)
    page.locator(".wb-ce").screenshot(path=str(ARTIFACTS / "card_editor_typed_filter.png"))
    filter_by("")

    # A refusal with no cell to show it at is a banner on its own table only.
    _click(page, '.wb-ce-grid tr[data-card="Rats"] .wb-ce-delete')
    expect(page.locator(".wb-ce-refusal")).to_contain_text("Rats", timeout=WAIT)
    _click(page, '.wb-ce-tab[data-table="encounters"]')
    expect(page.locator(".wb-ce-refusal")).to_have_count(0)
    expect(page.locator('.wb-ce-tab[data-table="enemies"] .wb-ce-refused')).to_have_count(1)
    _click(page, '.wb-ce-tab[data-table="enemies"]')
    expect(page.locator(".wb-ce-refusal")).to_contain_text("Rats", timeout=WAIT)

    # A wide table scrolls sideways with its key column in view.
    _click(page, '.wb-ce-tab[data-table="loot"]')
    box = page.locator(".wb-ce-gridbox")
    key = _cell(page, "SW-B", "id")
    left = key.bounding_box()["x"]
    box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
    page.wait_for_function("document.querySelector('.wb-ce-gridbox').scrollLeft > 100")
    assert abs(key.bounding_box()["x"] - left) < 1
    assert _cell(page, "SW-B", "name").bounding_box()["x"] < left  # scrolled under it
    page.locator(".wb-ce").screenshot(path=str(ARTIFACTS / "card_editor_wide.png"))


HEAD_AND_ROWS = """() => {
  const box = document.querySelector('.wb-ce-gridbox').getBoundingClientRect();
  const heads = [...document.querySelectorAll('.wb-ce-grid thead th')]
    .map((th) => th.getBoundingClientRect());
  const first = document.querySelector('.wb-ce-grid tbody tr').getBoundingClientRect();
  const focused = document.activeElement.closest('tr').getBoundingClientRect();
  return {boxTop: box.top, headTop: Math.min(...heads.map((r) => r.top)),
          headBottom: Math.max(...heads.map((r) => r.bottom)), firstTop: first.top,
          focusedTop: focused.top, focusedBottom: focused.bottom, boxBottom: box.bottom,
          scrollTop: document.querySelector('.wb-ce-gridbox').scrollTop};
}"""


def test_the_sticky_header_never_hides_a_row(page, lab):
    page.set_viewport_size({"width": 1000, "height": 1100})
    open_and_run(page, lab, "card_editor_checks.ipynb")
    page.locator(".wb-ce").wait_for(timeout=90_000)
    _click(page, '.wb-ce-tab[data-table="encounters"]')  # 30 rows: the grid scrolls
    box = page.locator(".wb-ce-gridbox")
    first = page.locator(".wb-ce-grid tbody tr").first.locator("input").first

    # At the top, the first row starts below the header.
    first.focus()
    at = page.evaluate(HEAD_AND_ROWS)
    assert at["scrollTop"] == 0 and at["firstTop"] >= at["headBottom"] - 0.5, at

    # Scrolled, the header stays at the top of the grid, over the rows.
    box.evaluate("b => { b.scrollTop = 300; }")
    page.wait_for_function("document.querySelector('.wb-ce-gridbox').scrollTop >= 300")
    at = page.evaluate(HEAD_AND_ROWS)
    assert abs(at["headTop"] - at["boxTop"]) < 1, at
    middle = page.evaluate("""() => { const r = document.querySelector(
        '.wb-ce-grid thead th[data-column="base"]').getBoundingClientRect();
        return document.elementFromPoint(r.left + r.width / 2, r.bottom - 2).closest('thead')
               !== null; }""")
    assert middle
    page.locator(".wb-ce").screenshot(path=str(ARTIFACTS / "card_editor_scrolled.png"))

    # Moving back up by keyboard (or a redraw putting the focus back) brings a row into view
    # below the header, not under it: the first row too.
    rows = page.locator(".wb-ce-grid tbody tr")
    rows.nth(12).locator("input").first.focus()
    for _ in range(12):
        page.keyboard.press("Shift+Tab")
        while page.evaluate("document.activeElement.closest('td')?.dataset.column") != "id":
            page.keyboard.press("Shift+Tab")
        at = page.evaluate(HEAD_AND_ROWS)
        assert at["focusedTop"] >= at["headBottom"] - 0.5, at
        assert at["focusedBottom"] <= at["boxBottom"] + 0.5, at
    assert page.evaluate("document.activeElement.closest('tr').dataset.card") == "RAT-1"
    assert at["firstTop"] >= at["headBottom"] - 0.5, at
    page.locator(".wb-ce").screenshot(path=str(ARTIFACTS / "card_editor_first_row.png"))


HEADERS = """() => [...document.querySelectorAll('.wb-ce-grid thead th[data-column]')].map((th) => {
  const name = th.querySelector('.wb-ce-colname');
  const text = document.createRange();
  text.selectNodeContents(name);
  const box = (r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
  return { column: th.dataset.column, cell: box(th.getBoundingClientRect()),
           name: box(name.getBoundingClientRect()), text: box(text.getBoundingClientRect()),
           cut: name.scrollWidth > name.clientWidth + 1,
           clips: getComputedStyle(name).overflowX !== 'visible', title: name.title };
})"""


def test_a_long_column_name_stays_within_its_header(page, lab):
    # Coop's encounters have a "reinforcements" column, once drawn into the "loot" header.
    page.set_viewport_size({"width": 1000, "height": 800})
    open_and_run(page, lab, "card_editor_checks.ipynb")
    page.locator(".wb-ce").wait_for(timeout=90_000)
    page.evaluate("window.jupyterapp.shell.activateById('filebrowser')")  # the narrow notebook
    _click(page, '.wb-ce-tab[data-table="encounters"]')
    heads = page.evaluate(HEADERS)
    assert "reinforcements" in [h["column"] for h in heads]
    for before, after in itertools.pairwise(heads):
        assert before["cell"]["right"] <= after["cell"]["left"] + 0.5, (before, after)
    for head in heads:
        # What is drawn of the name: its text, cut at the name's own box when that clips.
        right = head["text"]["right"]
        if head["clips"]:
            right = min(right, head["name"]["right"])
        assert right <= head["cell"]["right"] + 0.5, head
        if head["cut"]:  # shortened: the whole name on hover
            assert head["title"].startswith(f"{head['column']}\n"), head
    page.locator(".wb-ce-grid thead").screenshot(path=str(ARTIFACTS / "card_editor_headers.png"))
