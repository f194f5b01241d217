"""Every game's step-through view within 680 px of height in a 1,000 x 800 JupyterLab window,
with the file browser open (a narrow notebook) and closed, at the start of a match and after
15 and 50 decisions, for five seeds, with Armies' hand whole in sight (no scroll box of its
own, none cutting it off); and a rule's text opening where its id was clicked.

One JupyterLab page holds the seven views in one notebook. The matches are stepped from the
kernel (the same Stepper calls the view's buttons make), then the browser measures."""

from __future__ import annotations

import json

import nbformat
import polars as pl
import pytest

import workbench as wb

from .conftest import ARTIFACTS, _notebook, window

pytestmark = pytest.mark.ui

SCREEN = {"width": 1000, "height": 800}
LIMIT = 680  # px: the view and the notebook toolbar fit the window's height
GAMES = tuple(wb.list_games())  # every registered game with rules, a new one too
SEEDS = range(5)
POSITIONS = (0, 15, 50)
SIDEBAR = {"open": "expand", "closed": "collapse"}

# Every seat a person's: the view then shows a decision's buttons at every position.
SETUP = f"""\
import json
import workbench as wb
from workbench.widgets import StepThrough
views = {{g: StepThrough(wb.play(g, seed=0)) for g in {list(GAMES)!r}}}
def to(seed, n):
    # Stand-in bots make the decisions, as the view's Bot step button does.
    reached = {{}}
    for g, w in views.items():
        s = w.stepper
        if s.match.seed != seed or s.match.decisions > n:
            s.restart(seed)
        while s.match.decisions < n and s.match.to_move is not None:
            s.bot_step()
        w.refresh()
        reached[g] = s.match.decisions
    print(json.dumps(reached))"""
CELLS = [SETUP, *[f"views[{g!r}]" for g in GAMES]]

RUN_IN_KERNEL = """async (code) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session.kernel;
  const future = kernel.requestExecute({ code, store_history: false });
  let out = "", err = null;
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === "stream") out += msg.content.text;
    if (msg.header.msg_type === "error") err = `${msg.content.ename}: ${msg.content.evalue}`;
  };
  await future.done;
  return { out, err };
}"""

MEASURE = """(game) => {
  const root = document.querySelector(`.wb-step[data-game="${game}"]`);
  root.scrollIntoView({ block: "start" });
  const r = root.getBoundingClientRect();
  const parts = {};
  for (const name of ["head", "controls", "setup", "board", "zones", "lower", "chance",
                      "action-list", "side"]) {
    const e = root.querySelector(`.wb-${name}`);
    parts[name] = e ? Math.round(e.getBoundingClientRect().height) : 0;
  }
  return { height: Math.round(r.height), width: Math.round(r.width), parts };
}"""

# Each hand of a game's view: whether it scrolls in a box of its own, and whether a box around
# it (up to the view) cuts any of it off; with how many cards it shows.
HANDS = """(game) => {
  const root = document.querySelector(`.wb-step[data-game="${game}"]`);
  return [...root.querySelectorAll(".wb-zone.wb-hand")].map((zone) => {
    const z = zone.getBoundingClientRect();
    const cut = [];
    for (let p = zone.parentElement; p && p !== root.parentElement; p = p.parentElement) {
      if (getComputedStyle(p).overflowY === "visible") continue;
      const b = p.getBoundingClientRect();
      if (z.top < b.top - 1 || z.bottom > b.bottom + 1) cut.push(p.className);
    }
    const boxes = [zone, ...zone.querySelectorAll("*")].filter((e) =>
      e.scrollHeight > e.clientHeight + 1 && getComputedStyle(e).overflowY !== "visible"
      && getComputedStyle(e).display !== "none");
    return { title: zone.querySelector(".wb-zone-title").textContent,
             cards: zone.querySelectorAll(".wb-card").length, cut,
             scrolls: boxes.map((e) => `${e.className} ${e.scrollHeight}>${e.clientHeight}`) };
  });
}"""
WHOLE_HANDS = ("armies",)  # the games whose hands must be whole in sight at every point


@pytest.fixture(scope="module")
def views(browser, lab):
    """The page with the seven views, the kernel's matches at seed 0, decision 0."""
    nbformat.write(_notebook(CELLS), lab.root / "view_heights.ipynb")
    for page in window(browser, SCREEN):
        page.goto(lab.notebook_url("view_heights.ipynb"))
        page.get_by_text("Python 3 (ipykernel) | Idle").first.wait_for(timeout=90_000)
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_function(
            f"document.querySelectorAll('.wb-step[data-game]').length === {len(GAMES)}",
            timeout=120_000,
        )
        yield page


def _sidebar(page, state: str) -> None:
    """Open the file browser (a notebook about 570 px wide) or close the left side bar."""
    if state == "open":
        page.evaluate("window.jupyterapp.shell.activateById('filebrowser')")
    else:
        page.evaluate("window.jupyterapp.shell.collapseLeft()")
    opened = "true" if state == "open" else "false"
    page.wait_for_function(f"!window.jupyterapp.shell.leftCollapsed === {opened}")
    page.wait_for_timeout(300)  # the panels' layout follows on the next frames


def _to(page, seed: int, n: int) -> dict[str, int]:
    """Every match at `seed` after `n` decisions (fewer if it ended); waits for the views."""
    done = page.evaluate(RUN_IN_KERNEL, f"to({seed}, {n})")
    assert done["err"] is None, done["err"]
    reached = json.loads(done["out"].strip().splitlines()[-1])
    page.wait_for_function(
        """(want) => Object.entries(want).every(([g, n]) => {
        const root = document.querySelector(`.wb-step[data-game="${g}"]`);
        return root && root.dataset.decisions === String(n) && root.dataset.seed === want_seed;
      })""".replace("want_seed", f"'{seed}'"),
        arg=reached,
    )
    return reached


def _shot(page, game: str, name: str) -> None:
    root = page.locator(f'.wb-step[data-game="{game}"]')
    root.scroll_into_view_if_needed()
    root.screenshot(path=str(ARTIFACTS / name))


def test_every_view_fits_680px_in_a_1000x800_window(views):
    page = views
    largest: dict[tuple[str, str], dict] = {}
    hidden_hands, hands_seen = [], 0
    for seed in SEEDS:
        for n in POSITIONS:
            reached = _to(page, seed, n)
            for state in SIDEBAR:
                _sidebar(page, state)
                for game in GAMES:
                    size = page.evaluate(MEASURE, game)
                    key = (game, state)
                    if key not in largest or size["height"] > largest[key]["height"]:
                        largest[key] = {**size, "seed": seed, "decisions": reached[game]}
                    if seed == 0 and n == 15:
                        _shot(page, game, f"view_{game}_{state}.png")
                    if game in WHOLE_HANDS:
                        for hand in page.evaluate(HANDS, game):
                            hands_seen += 1
                            if hand["cut"] or hand["scrolls"]:
                                hidden_hands.append(
                                    f"{game} seed {seed} after {reached[game]} ({state}): {hand}"
                                )
    lines = []
    with open(ARTIFACTS / "view_heights.jsonl", "a", encoding="utf-8") as f:
        for (game, state), worst in sorted(largest.items()):
            record = {
                "game": game,
                "viewport": SCREEN,
                "file_browser": state,
                "largest": worst,
                "limit": LIMIT,
            }
            f.write(json.dumps(record) + "\n")
            lines.append(
                f"{game:16} browser {state:6} {worst['height']:5} px "
                f"at {worst['width']} px wide (seed {worst['seed']}, "
                f"{worst['decisions']} decisions) {worst['parts']}"
            )
    print("\n" + "\n".join(lines))
    over = [
        line
        for line, ((_g, _s), w) in zip(lines, sorted(largest.items()), strict=True)
        if w["height"] > LIMIT
    ]
    assert not over, "taller than 680 px:\n" + "\n".join(over)
    # Every seat is a person's, so the view shows the hand of the seat to move, face up.
    assert hands_seen >= len(SEEDS) * len(POSITIONS) * len(SIDEBAR) * len(WHOLE_HANDS) - 2
    assert not hidden_hands, "a hand scrolls or is cut off:\n" + "\n".join(hidden_hands)
    narrow = [w["width"] for (_g, s), w in largest.items() if s == "open"]
    wide = [w["width"] for (_g, s), w in largest.items() if s == "closed"]
    assert max(narrow) < 650 and min(wide) > 750, (narrow, wide)  # both widths were measured


RULE_PLACES = {  # where armies shows rule ids at its start, and how to bring them in sight
    "chance": (".wb-chance .wb-rule", None),
    "not allowed": (".wb-blocked .wb-rule", ".wb-blocked summary"),
    "log": (".wb-log .wb-rule", ".wb-drawer-log"),
}

BOXES = """([root, popSel, idSel]) => {
  const r = document.querySelector(root);
  const box = (e) => { const b = e.getBoundingClientRect();
    return { left: b.left, top: b.top, right: b.right, bottom: b.bottom }; };
  let scroller = r.parentElement;
  while (scroller && !["auto", "scroll"].includes(getComputedStyle(scroller).overflowY)) {
    scroller = scroller.parentElement;
  }
  const pop = r.querySelector(popSel);
  return {
    pop: pop ? box(pop) : null,
    id: box(r.querySelectorAll(idSel)[0]),
    seen: scroller ? box(scroller) : { left: 0, top: 0, right: innerWidth, bottom: innerHeight },
    window: { left: 0, top: 0, right: innerWidth, bottom: innerHeight },
    controls: [...r.querySelectorAll(".wb-controls button, .wb-setup select, .wb-setup input")]
      .filter((e) => e.offsetParent).map(box),
  };
}"""


def _overlap(a: dict, b: dict) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    )


def _inside(a: dict, b: dict) -> bool:
    return (
        a["left"] >= b["left"] - 1
        and a["right"] <= b["right"] + 1
        and a["top"] >= b["top"] - 1
        and a["bottom"] <= b["bottom"] + 1
    )


@pytest.mark.parametrize("state", list(SIDEBAR))
def test_a_rule_opens_beside_its_id_in_sight_and_closes(views, state):
    page = views
    _to(page, 0, 0)
    _sidebar(page, state)
    root = '.wb-step[data-game="armies"]'
    view = page.locator(root)
    pop = view.locator(".wb-rule-pop")
    for place, (selector, reveal) in RULE_PLACES.items():
        view.scroll_into_view_if_needed()
        if reveal == ".wb-drawer-log":
            if view.locator(".wb-log").is_hidden():
                view.locator(".wb-drawer-log > .wb-drawer-toggle").click()
        elif reveal and not view.locator(".wb-blocked").evaluate("d => d.open"):
            view.locator(reveal).click()
        rule = view.locator(selector).first
        rule_id = rule.get_attribute("data-rule")
        rule.click()
        pop.wait_for()
        assert wb.rules_text("armies", rule_id) in pop.inner_text()
        boxes = page.evaluate(BOXES, [root, ".wb-rule-pop", selector])
        p, i = boxes["pop"], boxes["id"]
        where = f"{place} ({state}): pop {p}, id {i}"
        assert _inside(p, boxes["window"]) and _inside(p, boxes["seen"]), where
        # Next to the id: just below or just above it, and starting near it across.
        assert min(abs(p["top"] - i["bottom"]), abs(i["top"] - p["bottom"])) <= 12, where
        assert p["left"] <= i["left"] + 1 and p["right"] >= min(i["right"], p["left"] + 100), where
        covered = [c for c in boxes["controls"] if _overlap(p, c)]
        assert not covered, f"{where} covers controls {covered}"
        if place == "log":
            page.screenshot(path=str(ARTIFACTS / f"view_rule_{state}.png"))
        if place == "chance":
            page.keyboard.press("Escape")
        else:  # a click elsewhere in the view
            view.locator(".wb-board-title").click()
        pop.wait_for(state="detached")


def test_card_text_opens_in_full_and_the_log_reads_like_the_rest(views):
    page = views
    _to(page, 1, 15)
    _sidebar(page, "open")
    view = page.locator('.wb-step[data-game="squad_combat"]')
    view.scroll_into_view_if_needed()
    clamped = """(e) => { const t = e.querySelector('.wb-card-text');
                          return t.scrollHeight > t.clientHeight + 1; }"""
    cards = view.locator(".wb-card").filter(has=page.locator(".wb-card-text"))
    cut = next(c for c in cards.all() if c.evaluate(clamped))
    text = cut.locator(".wb-card-text").text_content()
    assert text in cut.get_attribute("title")  # in full on hover
    cut.locator(".wb-card-name").click()
    assert "wb-card-open" in cut.get_attribute("class")
    assert not cut.evaluate(clamped)  # and in full in the card after a click
    cut.locator(".wb-card-name").click()
    assert "wb-card-open" not in cut.get_attribute("class")
    # Narrow, the log is closed until opened; then it reads like the rest of the view.
    log = view.locator(".wb-log")
    assert log.is_hidden()
    view.locator(".wb-drawer-log > .wb-drawer-toggle").click()
    log.wait_for()
    # Decisions in the body's colour; chance results a step lighter (#757575 on white, 4.6:1).
    style = log.locator("li:not(.wb-log-chance)").last.evaluate("""(e) => {
        const s = getComputedStyle(e);
        const body = getComputedStyle(e.closest('.wb-step'));
        return { size: parseFloat(s.fontSize), colour: s.color, body: body.color }; }""")
    assert style["size"] >= 12 and style["colour"] == style["body"], style
    view.locator(".wb-drawer-log > .wb-drawer-toggle").click()
    log.wait_for(state="hidden")


def test_a_hand_card_is_one_line_and_opens_in_full(views):
    page = views
    _to(page, 0, 0)
    _sidebar(page, "open")
    view = page.locator('.wb-step[data-game="armies"]')
    view.scroll_into_view_if_needed()
    lines = view.locator(".wb-hand .wb-card")
    assert lines.count() >= 3
    one = lines.first
    name = one.get_attribute("data-name")
    line_height = one.evaluate("(e) => parseFloat(getComputedStyle(e).lineHeight)")
    assert one.bounding_box()["height"] < 2 * line_height  # one line
    assert name in one.locator(".wb-card-line").inner_text()
    text = wb.load_cards("armies")["cards"].filter(pl.col("name") == name)["text"][0]
    assert text in one.get_attribute("title")  # the whole card on hover
    one.click()
    assert "wb-card-open" in one.get_attribute("class")
    assert one.locator(".wb-card-text").inner_text() == text  # and in full after a click
    assert one.locator(".wb-card-line").is_hidden()
    _shot(page, "armies", "view_armies_hand_card_open.png")
    one.click()
    assert "wb-card-open" not in one.get_attribute("class")
    assert one.locator(".wb-card-text").is_hidden()
