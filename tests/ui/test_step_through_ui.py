"""StepThrough in a real JupyterLab, driven in Chromium."""

from __future__ import annotations

import os
import shutil
import statistics
from pathlib import Path

import pytest

import workbench as wb

from .conftest import ARTIFACTS, open_and_run

pytestmark = pytest.mark.ui


def _decisions(page) -> int:
    return int(page.locator(".wb-step").get_attribute("data-decisions"))


def _wait_decisions(page, n: int) -> None:
    page.wait_for_function(
        f"document.querySelector('.wb-step')?.dataset.decisions === '{n}'", timeout=30_000
    )


def _log_length(page) -> int:
    return page.locator(".wb-log li").count()


def _readme_picture(page) -> None:
    """The README's picture: the match going well, rolls and odds on screen, no error shown."""
    assert page.locator(".wb-error").is_hidden()
    page.locator(".wb-step").screenshot(path=str(ARTIFACTS / "step_through_readme.png"))
    if os.environ.get("WORKBENCH_README_IMAGES"):
        images = Path(__file__).resolve().parents[2] / "notebooks" / "images"
        images.mkdir(exist_ok=True)
        shutil.copy(ARTIFACTS / "step_through_readme.png", images / "step_through.png")


def _illegal_actions_say_why(page) -> None:
    """An illegal action (a disabled button, or a typed label) shows why_illegal's reason."""
    if page.locator(".wb-blocked summary").count():
        page.locator(".wb-blocked summary").click()
    wrap = page.locator(".wb-illegal-wrap").first
    if wrap.count():
        wrap.click()
        error = page.locator(".wb-error")
        error.wait_for(state="visible")
        assert "Not allowed" in error.inner_text()
    typed = page.locator(".wb-typed")
    typed.fill("Equip Plate Armor")
    typed.press("Enter")
    page.wait_for_function(
        "document.querySelector('.wb-error') && !document.querySelector('.wb-error').hidden "
        "&& document.querySelector('.wb-error').textContent.includes('no action called')"
    )


def test_play_undo_scrub_chance_and_illegal(page, lab):
    open_and_run(page, lab, "step.ipynb")
    root = page.locator(".wb-step")
    root.wait_for(timeout=90_000)
    # The state renders as cards.
    assert page.locator(".wb-card.wb-kind-enemy").count() == 6
    assert page.locator(".wb-card.wb-kind-player").count() == 3
    assert _decisions(page) == 0
    first_log = _log_length(page)

    # Clicking an action changes the state and the log, and shows the roll with its odds.
    page.locator("button.wb-action:not(.wb-illegal)").first.click()
    _wait_decisions(page, 1)
    assert _log_length(page) > first_log
    roll = page.locator(".wb-roll").first
    roll.wait_for()
    assert "vs Dodge" in roll.inner_text()
    assert "%" in page.locator(".wb-roll-p").first.inner_text()
    assert "to hit" in page.locator(".wb-odds").first.inner_text()
    after_one = page.locator(".wb-board").inner_text()

    # Undo restores the previous state.
    page.locator("button.wb-undo").click()
    _wait_decisions(page, 0)
    assert _log_length(page) == first_log
    page.locator("button.wb-redo").click()
    _wait_decisions(page, 1)
    assert page.locator(".wb-board").inner_text() == after_one

    # Play on, scrub back, then a different choice branches the timeline.
    for n in (2, 3):
        page.locator("button.wb-action:not(.wb-illegal)").first.click()
        _wait_decisions(page, n)
    page.evaluate("""() => { const s = document.querySelector('.wb-timeline');
                           s.value = '1'; s.dispatchEvent(new Event('change')); }""")
    _wait_decisions(page, 1)
    assert page.locator(".wb-position").inner_text() == "1 / 3"
    page.locator("button.wb-action:not(.wb-illegal)").last.click()
    _wait_decisions(page, 2)
    assert page.locator(".wb-position").inner_text() == "2 / 2"
    _readme_picture(page)

    _illegal_actions_say_why(page)
    assert _decisions(page) == 2
    page.screenshot(path=str(ARTIFACTS / "step_through.png"), full_page=True)
    page.locator(".wb-step").screenshot(path=str(ARTIFACTS / "step_through_widget.png"))

    # Played to the end, the view says how the game ended and why, the rule with it.
    page.locator("button.wb-to-end").click()
    over = page.locator(".wb-actions.wb-over")
    over.wait_for(timeout=60_000)
    ended = over.inner_text().strip()
    assert ended in (
        "Game over: loss (every player is knocked out (R-41))",
        "Game over: win (5 of 5 Battles won (R-40))",
    ), ended
    why = "loss: every player is knocked out (R-41)" if "loss" in ended else "Battles won (R-40)"
    assert why in page.locator(".wb-board-sub").inner_text()
    rule = page.locator(".wb-board-sub .wb-rule")
    assert rule.get_attribute("title") == wb.rules_text("coop", rule.inner_text())
    root.screenshot(path=str(ARTIFACTS / "step_through_game_over.png"))


def test_click_to_view_latency(page, lab):
    open_and_run(page, lab, "step.ipynb")
    page.locator(".wb-step").wait_for(timeout=90_000)
    # Restart so earlier tests in this server do not matter.
    page.locator("button.wb-restart").click()
    _wait_decisions(page, 0)
    latencies = []
    for _ in range(1, 21):
        before = _decisions(page)
        buttons = page.locator("button.wb-action:not(.wb-illegal)")
        if buttons.count() == 0:
            break
        buttons.first.click()
        page.wait_for_function(
            f"document.querySelector('.wb-step').dataset.decisions !== '{before}'"
        )
        latencies.append(float(page.locator(".wb-step").get_attribute("data-last-latency-ms")))
    assert len(latencies) >= 10
    median = statistics.median(latencies)
    print(
        f"\nclick-to-view latency over {len(latencies)} clicks: median {median:.1f} ms, "
        f"max {max(latencies):.1f} ms"
    )
    (ARTIFACTS / "step_through_latency.txt").write_text(
        f"median_ms={median:.1f}\nclicks={len(latencies)}\nall={latencies}\n"
    )


def test_board_squares_play_moves_by_click(page, lab):
    open_and_run(page, lab, "board.ipynb")
    page.locator(".wb-step").wait_for(timeout=90_000)
    assert _decisions(page) == 0
    # Three pieces can be spawned on a1: the click offers the three, and one plays.
    page.locator('.wb-svg .wb-target[data-square="a1"]').click()
    choices = page.locator(".wb-square-choices button")
    choices.first.wait_for()
    assert choices.count() == 3 and "Spawn Pawn at a1" in choices.all_inner_texts()
    page.locator(".wb-square-choices button", has_text="Spawn Pawn at a1").click()
    _wait_decisions(page, 1)
    assert "Spawn Pawn at a1" in page.locator(".wb-log").inner_text()
    # Only the Pawn reaches b2: one click plays it.
    page.locator('.wb-svg .wb-target[data-square="b2"]').click()
    _wait_decisions(page, 2)
    assert "Pawn a1 → b2" in page.locator(".wb-log").inner_text()
    page.locator(".wb-step").screenshot(path=str(ARTIFACTS / "correction_board.png"))


def test_stop_while_bots_play_to_end_is_the_button_pressed(page, lab):
    # Bots that think 1.5 s over each decision, and a stand-in for the person's seat: the
    # view is redrawn after every decision while Stop is on screen.
    open_and_run(page, lab, "slow_bots.ipynb")
    root = page.locator(".wb-step")
    root.wait_for(timeout=90_000)
    page.wait_for_function(
        "document.querySelector('.wb-step').dataset.thinking === 'no'", timeout=60_000
    )
    start = _decisions(page)
    page.locator("button.wb-to-end").click()
    page.wait_for_function("document.querySelector('.wb-step').dataset.thinking === 'yes'")
    kept = ("wb-stop", "wb-undo", "wb-bot", "wb-view-seat", "wb-seed", "wb-restart")
    page.evaluate(
        """(kept) => { window.kept = kept.map(
        (name) => document.querySelector(`.wb-step .${name}`)); }""",
        list(kept),
    )
    # A seed typed while the bots play is not put back by the next redraw.
    page.locator("input.wb-seed").fill("4242")
    page.wait_for_function(
        f"Number(document.querySelector('.wb-step').dataset.decisions) >= {start + 3}",
        timeout=30_000,
    )
    # Decisions arrived, and Stop, Undo and the setup row are the nodes they were: a button
    # made afresh while someone presses it loses the click, a list of bots made afresh
    # closes while someone picks from it.
    same = page.evaluate(
        """(kept) => kept.map(
        (name, i) => document.querySelector(`.wb-step .${name}`) === window.kept[i])""",
        list(kept),
    )
    assert dict(zip(kept, same, strict=True)) == dict.fromkeys(kept, True)
    assert page.locator("input.wb-seed").input_value() == "4242"
    page.locator("button.wb-stop").click()
    # The decision being made is finished, then the bots wait, the game not over.
    page.wait_for_function(
        "document.querySelector('.wb-step').dataset.thinking === 'no'", timeout=30_000
    )
    assert "Bots stopped" in page.locator(".wb-message").inner_text()
    assert page.locator(".wb-actions.wb-over").count() == 0
    assert _decisions(page) >= start + 3
    root.screenshot(path=str(ARTIFACTS / "step_through_stopped.png"))
