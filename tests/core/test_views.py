"""Typed views: the checker catches what the widget could not draw, and matches and states
draw themselves as static HTML for a notebook opened without a kernel."""

from __future__ import annotations

from fractions import Fraction

import workbench as wb
from workbench.core import Board, CardView, ChanceSummary, Glyph, Result, Stat, View, Zone
from workbench.core.view import problems


def test_the_checker_names_each_bad_field():
    bad = View(
        title=3,
        trackers=[Stat("Turn", True), Stat("HP", 3, "ten")],
        zones=[
            Zone(
                "Hand",
                [
                    CardView("Ace", stats=[Stat(5, 1)]),
                    CardView("Secret", hidden=True),
                    "not a card",
                ],
            )
        ],
        board=Board("<div/>", {"a1": "Move"}),
    )
    found = problems(bad)
    assert "view.title: expected text, got 3" in found
    assert any(p.startswith("view.trackers[0].value") for p in found)
    assert any(p.startswith("view.trackers[1].max") for p in found)
    assert any(p.startswith("view.zones[0].cards[0].stats[0].label") for p in found)
    assert any("face-down card must not carry" in p for p in found)
    assert any(p.startswith("view.zones[0].cards[2]: expected a CardView") for p in found)
    assert any(p.startswith("view.board.svg") for p in found)
    assert any(p.startswith("view.board.targets['a1']") for p in found)
    assert problems(Result("win", [0]), "result") == [
        "result.winners: expected a tuple of seat numbers, got [0]"
    ]
    assert problems(Result("win", (0,), details={"hp": {"a": 1}}), "r") == [
        "r.details['hp']: expected numbers or text, got {'a': 1}"
    ]
    good = View("T", "s", (Stat("Turn", 1, 10),), None, (Zone("Z", (CardView("c"),)),))
    assert problems(good) == []


def test_a_legend_and_side_colours_travel_and_draw_without_a_kernel():
    view = View(
        "T",
        zones=(Zone("South reserve", (CardView("Pawn"),), colour="#f7f7f2"),),
        legend=(Glyph("■", "melee damage"), Glyph("", "South", "#f7f7f2")),
    )
    assert problems(view) == []
    data = view.to_json()
    assert data["legend"] == [
        {"symbol": "■", "meaning": "melee damage"},
        {"symbol": "", "meaning": "South", "colour": "#f7f7f2"},
    ]
    assert data["zones"][0]["colour"] == "#f7f7f2"
    html = view._repr_html_()
    assert "■ melee damage" in html and "background:#f7f7f2" in html
    assert "border-left:4px solid #f7f7f2" in html
    assert problems(View("T", legend=(Glyph(1, "one"),))) == [
        "view.legend[0].symbol: expected text, got 1"
    ]


def test_every_game_names_its_symbols_and_sides():
    coop = wb.play("coop", seed=1, first_encounter="RAT-2").view(0)
    assert {(g.symbol, g.meaning) for g in coop.legend} == {
        ("■", "melee damage"),
        ("▲", "ranged damage"),
    }
    correction = wb.play("correction", seed=3, first_player="South").view(0)
    sides = {g.meaning: g.colour for g in correction.legend if g.colour}
    assert {z.title: z.colour for z in correction.zones} == {
        "South reserve": sides["South (home row 1)"],
        "North reserve": sides["North (home row 6)"],
    }
    assert {g.symbol for g in correction.legend} >= {"P", "S", "K", "◆"}
    rpg = wb.play("rpg_card_battle", seed=2).view(0)
    assert [g.meaning for g in rpg.legend] == ["Seat 1 (Knight)", "Seat 2 (Rogue)"]


def test_the_enemies_title_follows_the_enemies_left():
    m = wb.play("coop", seed=1, players=3, first_encounter="RAT-2", bots="heuristic")
    while not any(e.health <= 0 for e in m.state.enemies):
        m.bot_step()
    left = sum(e.health > 0 for e in m.state.enemies)
    title = next(z.title for z in m.view(0).zones if z.title.startswith("Enemies"))
    assert title == f"Enemies · Rats ×{left} of 6" and left < 6


def test_a_face_down_card_sends_nothing_but_its_kind():
    assert CardView.face_down("pick", ["Seat 1"]).to_json() == {
        "hidden": True,
        "kind": "pick",
        "tags": ["Seat 1"],
    }


def test_a_chance_summary_is_what_the_log_records():
    summary = ChanceSummary(
        "2d6 vs Dodge 7", (("to hit", Fraction(15, 36)),), "rolled 9", Fraction(4, 36)
    )
    assert summary.to_json() == {
        "label": "2d6 vs Dodge 7",
        "result": "rolled 9",
        "p": "1/9",
        "p_float": 1 / 9,
        "odds": [{"what": "to hit", "p": "5/12", "p_float": 5 / 12}],
    }
    m = wb.play("coop", seed=1, players=3, first_encounter="RAT-2", bots="heuristic")
    m.auto(max_steps=3)
    rolls = [e for e in m.log if e["kind"] == "chance" and e["odds"]]
    assert rolls and set(rolls[0]) >= set(summary.to_json())


def test_matches_and_states_draw_themselves_without_a_kernel():
    m = wb.play("correction", seed=3, first_player="South")
    html = m._repr_html_()
    assert "<svg" in html and "South reserve" in html and "<script" not in html
    assert m.state._repr_html_() == m.view(None)._repr_html_() == html
    data, _meta = m._repr_mimebundle_()
    assert data["text/html"] == html
    assert "application/vnd.jupyter.widget-view+json" in data
    coop = wb.play("coop", seed=1)
    assert "Seat 1" in coop._repr_html_() and "Encounter deck" in coop._repr_html_()
