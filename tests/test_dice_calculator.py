"""The dice calculator's logic and widget requests, without a browser."""

from __future__ import annotations

import base64
import itertools
from fractions import Fraction

import pytest

from workbench.dice import exact
from workbench.widgets import DiceCalculator
from workbench.widgets.dice_logic import TABLE_ROWS, DiceSession


def test_results_errors_and_views():
    s = DiceSession(["3d6", "3d6 >", "3d6 > 2d8 + 2"])
    ok, bad, yes_no = s.results
    assert ok["mean_exact"] == "21/2" and (ok["low"], ok["high"]) == (3, 18)
    assert bad["position"] == 5 and "^" in bad["error"]
    assert yes_no["probability"] == "317/768"
    assert s.good() == ["3d6", "3d6 > 2d8 + 2"]
    s.set_view("at_least")
    assert s.chart().to_dict()  # a valid Vega-Lite spec
    with pytest.raises(ValueError, match="view must be"):
        s.set_view("sideways")


def test_exports():
    s = DiceSession(["2d6"])
    name, csv = s.export("csv")
    assert name == "dice.csv" and csv.splitlines()[0].startswith("expr,outcome")
    assert len(csv.splitlines()) == 12
    assert s.export("svg")[1].startswith("<svg")
    assert base64.b64decode(s.export("png")[1])[:4] == b"\x89PNG"
    with pytest.raises(ValueError, match="csv, svg or png"):
        s.export("gif")


def test_widget_requests():
    w = DiceCalculator("3d6")
    sent = []
    w.send = sent.append
    w._on_message(w, {"id": 1, "type": "set", "index": 0, "text": "4d6kh3"}, [])
    assert sent[-1]["ok"] and w.view["results"][0]["mean_exact"] == "15869/1296"
    assert w.view["svg"].startswith("<svg")
    w._on_message(w, {"id": 2, "type": "add", "text": "3d6 > 2d8 + 2"}, [])
    assert w.view["results"][1]["probability"] == "317/768"
    w._on_message(w, {"id": 3, "type": "set", "index": 0, "text": "4d6kh"}, [])
    w._on_message(w, {"id": 4, "type": "set", "index": 0, "text": "4d6k("}, [])
    assert w.view["results"][0]["error"]
    w._on_message(w, {"id": 5, "type": "export", "format": "csv"}, [])
    assert sent[-1]["name"] == "dice.csv"
    w._on_message(w, {"id": 6, "type": "set", "index": 9, "text": "d6"}, [])
    assert not sent[-1]["ok"] and "no expression 10" in sent[-1]["error"]


def rolls(*sides):
    return itertools.product(*(range(1, s + 1) for s in sides))


def share(hits, rolls) -> Fraction:
    rolls = list(rolls)
    return Fraction(sum(map(hits, rolls)), len(rolls))


# Brute force over every roll, sharing nothing with the engine.
TOTAL_2D6_AT_LEAST_8 = share(lambda r: sum(r) >= 8, rolls(6, 6))
THREE_D6_BEATS_2D8_PLUS_2 = share(lambda r: sum(r[:3]) > sum(r[3:]) + 2, rolls(6, 6, 6, 8, 8))


def test_a_bare_pool_states_its_reading_and_one_click_takes_the_other():
    w = DiceCalculator("2d6 >= 8")
    row = w.view["results"][0]
    assert row["reading"].startswith("Counting dice that show 8 or more")
    assert row["certain"].startswith("Always 0")
    assert row["other"] == "(2d6) >= 8" and row["other_answer"].startswith("5/12")
    reply = w.answer({"id": 1, "type": "other", "index": 0})
    assert reply["ok"]
    row = w.view["results"][0]
    assert w.view["expressions"] == ["(2d6) >= 8"]
    assert Fraction(row["probability"]) == TOTAL_2D6_AT_LEAST_8 == Fraction(5, 12)
    assert row["reading"] is None and row["certain"] is None
    refused = w.answer({"id": 2, "type": "other", "index": 0})
    assert not refused["ok"] and "no other reading" in refused["error"]


def test_the_chart_keeps_its_place_while_a_typo_is_fixed():
    s = DiceSession(["3d6", "2d6"])
    before = s.svg()
    s.set(0, "3d6 +")
    assert s.results[0]["error"]
    assert s.charted() == ["3d6", "2d6"] and s.stale() == [{"index": 0, "shown": "3d6"}]
    assert s.svg() == before
    s.set(0, "3d6 + 1")
    assert s.stale() == [] and s.charted() == ["3d6 + 1", "2d6"]
    assert DiceSession(["3d6 >"]).svg() == ""  # never had an answer: nothing to keep


def test_series_keep_the_order_they_were_typed_in():
    order = ["d8", "2d4", "d6", "3d6 > 2d8 + 2", "d20 >= 11"]
    spec = DiceSession(order).chart().to_dict()
    spread, questions = spec["vconcat"]
    color = spread["encoding"]["color"]
    assert color["scale"]["domain"] == order and color["legend"]["values"] == order[:3]
    assert spread["encoding"]["xOffset"]["sort"] == order
    assert questions["layer"][1]["encoding"]["y"]["sort"] == order


def test_yes_no_answers_are_drawn_as_one_probability():
    chart = DiceSession(["3d6 > 2d8 + 2"]).chart()
    spec = chart.to_dict()
    bars = spec["layer"][1]
    assert bars["encoding"]["x"]["field"] == "p"
    assert bars["encoding"]["x"]["scale"]["domain"] == [0, 1]
    data = chart.data
    assert data["expr"].to_list() == ["3d6 > 2d8 + 2"]
    assert data["p"][0] == pytest.approx(float(THREE_D6_BEATS_2D8_PLUS_2))
    assert data["exact"][0] == str(THREE_D6_BEATS_2D8_PLUS_2)


def test_a_cut_table_says_how_many_rows_there_are():
    t = DiceSession(["10d20"]).table()
    assert t["total"] == exact("10d20").max_outcome() - 10 + 1 == 191
    assert len(t["rows"]) == TABLE_ROWS < t["total"]
    assert DiceSession(["2d6"]).table()["total"] == len(DiceSession(["2d6"]).table()["rows"])


def test_explosion_depth_and_rerolls_are_shown():
    row = DiceSession(["d6! + d20r1"]).results[0]
    assert any("explodes on its top face (6) at most 3 times" in n for n in row["notes"])
    assert any("rerolls a 1 once" in n for n in row["notes"])


def test_the_chart_follows_the_notebook_theme_and_exports_do_not():
    s = DiceSession(["3d6", "3d6 > 2d8 + 2"])
    shown = s.svg()
    assert 'fill="currentColor"' in shown and 'fill="#000"' not in shown
    assert "currentColor" not in s.export("svg")[1]
