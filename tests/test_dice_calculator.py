"""The dice calculator's logic and widget requests, without a browser."""

from __future__ import annotations

import base64
import itertools
import json
import subprocess
from fractions import Fraction

import pytest

from workbench.dice import exact
from workbench.widgets import DiceCalculator
from workbench.widgets.dice_logic import TABLE_ROWS, DiceSession

from .node import node


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


def test_an_edited_expression_marks_its_old_answer_as_working_until_an_answer_arrives():
    s = DiceSession(["2d6"])
    assert s.working() == []
    s.draft(0, "3d6 + 2d")  # the first keystroke: no answer worked out yet
    assert s.working() == [0] and s.expressions == ["3d6 + 2d"]
    assert s.results[0]["expr"] == "2d6" and s.results[0]["mean_exact"] == "7"
    s.draft(0, "3d6 + 2d")
    assert s.working() == [0]
    s.set(0, "3d6 + 2d")  # an error is an answer too
    assert s.working() == [] and s.results[0]["error"]
    s.draft(0, "3d6 + 2d6")
    assert s.working() == [0]
    s.set(0, "3d6 + 2d6")
    assert s.working() == [] and s.results[0]["mean_exact"] == "35/2"
    s.draft(0, "3d6 + 2d")
    s.draft(0, "3d6 + 2d6")  # typed back to the text that has its answer
    assert s.working() == []


def test_a_change_that_works_out_answers_ends_every_draft_and_an_offer_waits_for_its_text():
    s = DiceSession(["2d6 >= 8", "d6"])
    s.draft(0, "3d6 >= 8")
    with pytest.raises(ValueError, match="expression 1 changed: wait for its new answer"):
        s.take_other(0)
    s.draft(1, "d8")
    s.add("d4")
    assert s.working() == [] and [r["expr"] for r in s.results] == ["3d6 >= 8", "d8", "d4"]
    s.draft(2, "d10")
    s.remove(0)
    assert s.working() == [] and s.charted() == ["d8", "d10"]
    with pytest.raises(ValueError, match="no expression 3"):
        s.draft(2, "d6")
    with pytest.raises(TypeError, match="not a int"):
        s.draft(0, 6)


def test_widget_draft_request_marks_the_answer_working_without_drawing_the_chart_again(monkeypatch):
    from workbench.charts import svg as charts_svg

    w = DiceCalculator("2d6")
    drawn = []
    real = charts_svg.themed_svg
    monkeypatch.setattr(charts_svg, "themed_svg", lambda chart: drawn.append(1) or real(chart))
    before = w.view
    reply = w.answer({"id": 1, "type": "draft", "index": 0, "text": "3d6 + 2d"})
    assert reply == {"type": "reply", "id": 1, "ok": True, "error": ""}
    v = w.view
    assert v["working"] == [0] and v["expressions"] == ["3d6 + 2d"]
    assert v["results"] == before["results"] and v["svg"] == before["svg"]  # the old, marked
    assert drawn == []  # a keystroke's refresh does not wait on the chart
    w.answer({"id": 2, "type": "set", "index": 0, "text": "3d6 + 2d"})
    v = w.view
    assert v["working"] == [] and "ends too early" in v["results"][0]["error"]
    assert v["stale"] == [{"index": 0, "shown": "2d6"}] and drawn == []
    w.answer({"id": 3, "type": "draft", "index": 0, "text": "3d6 + 2d6"})
    assert w.view["working"] == [0] and w.view["results"][0]["error"]
    w.answer({"id": 4, "type": "set", "index": 0, "text": "3d6 + 2d6"})
    v = w.view
    assert v["working"] == [] and v["results"][0]["mean_exact"] == "35/2" and drawn == [1]
    refused = w.answer({"id": 5, "type": "draft", "index": 3, "text": "d6"})
    assert not refused["ok"] and "no expression 4" in refused["error"]
    assert w.view["working"] == []


# Just enough of a DOM for the view's module to draw into and be typed in, in Node.
FAKE_DOM = """
class Node {}
class Text extends Node {
  constructor(t) { super(); this.data = String(t); }
  get textContent() { return this.data; }
}
class Element extends Node {
  constructor(tag) {
    super();
    Object.assign(this, { tag, attrs: {}, childNodes: [], listeners: {}, value: "",
      checked: false, html: "", selectionStart: 0, selectionEnd: 0, selectionDirection: "none" });
  }
  get className() { return this.attrs.class || ""; }
  set className(v) { this.attrs.class = v; }
  set innerHTML(v) { this.html = v; this.childNodes = []; }
  setAttribute(k, v) { this.attrs[k] = String(v); }
  getAttribute(k) { return k in this.attrs ? this.attrs[k] : null; }
  get dataset() {
    return Object.fromEntries(Object.entries(this.attrs).filter(([k]) => k.startsWith("data-"))
      .map(([k, v]) => [k.slice(5), v]));
  }
  addEventListener(type, f) { (this.listeners[type] ||= []).push(f); }
  dispatch(type) { for (const f of this.listeners[type] || []) f({ type, target: this }); }
  append(...children) {
    for (const c of children) this.childNodes.push(c instanceof Node ? c : new Text(c));
  }
  replaceChildren(...children) { this.childNodes = []; this.append(...children); }
  get textContent() { return this.html || this.childNodes.map((c) => c.textContent).join(""); }
  *walk() {
    for (const c of this.childNodes) if (c instanceof Element) { yield c; yield* c.walk(); }
  }
  matches(selector) {
    const [, classes, focus, key, value] =
      selector.match(/^((?:\\.[\\w-]+)+)(:focus)?(?:\\[([\\w-]+)="([^"]*)"\\])?$/);
    const mine = this.className.split(" ");
    return classes.split(".").slice(1).every((c) => mine.includes(c))
      && (!focus || document.activeElement === this) && (!key || this.attrs[key] === value);
  }
  querySelector(selector) {
    for (const e of this.walk()) if (e.matches(selector)) return e;
    return null;
  }
  focus() { document.activeElement = this; this.dispatch("focus"); }
  setSelectionRange(a, b, d = "none") {
    Object.assign(this, { selectionStart: a, selectionEnd: b, selectionDirection: d });
  }
}
const document = { createElement: (tag) => new Element(tag),
  createTextNode: (t) => new Text(t), activeElement: null };
"""

TYPING = """
class Model {
  constructor(view) { this.view = view; this.handlers = {}; this.sent = []; }
  get(key) { return key === "view" ? this.view : undefined; }
  on(name, f) { (this.handlers[name] ||= new Set()).add(f); }
  off(name, f) { this.handlers[name]?.delete(f); }
  send(msg) { this.sent.push(msg); }
  python(view) { this.view = view; for (const f of this.handlers["change:view"] || []) f(); }
}
const [start, drafted, answered] = VIEWS;
const model = new Model(start);
const el = new Element("div");
render({ model, el });
const sent = () => model.sent.map((m) => [m.type, m.text]);
const row = () => {
  const item = el.querySelector(".wb-dice-item");
  return { text: item.textContent, busy: item.getAttribute("aria-busy"),
    dimmed: Boolean(el.querySelector(".wb-dice-answer.wb-dice-working")),
    chart_dimmed: Boolean(el.querySelector(".wb-dice-chart.wb-dice-working")) };
};
const out = {};
let input = el.querySelector(".wb-dice-expr");
input.focus();
input.value = "3d6 + 2d";
input.dispatch("input");
out.first_key = sent();
input.value = "3d6 + 2d6";
input.setSelectionRange(4, 4);
input.dispatch("input");
out.second_key = sent();
model.python(drafted);
out.drafted = row();
input = el.querySelector(".wb-dice-expr");
out.input = { value: input.value, caret: [input.selectionStart, input.selectionEnd],
  focused: document.activeElement === input };
setTimeout(() => {
  out.after_pause = sent();
  model.python(answered);
  out.answered = row();
  console.log(JSON.stringify(out));
}, 400);
"""


def test_the_view_tells_python_of_the_first_keystroke_and_draws_the_answer_as_working(tmp_path):
    w = DiceCalculator("2d6")
    views = [w.view]
    w.answer({"id": 1, "type": "draft", "index": 0, "text": "3d6 + 2d"})
    views.append(w.view)
    w.answer({"id": 2, "type": "set", "index": 0, "text": "3d6 + 2d6"})
    views.append(w.view)
    script = tmp_path / "typing.mjs"
    script.write_text(
        FAKE_DOM + DiceCalculator._esm + f"\nconst VIEWS = {json.dumps(views)};\n" + TYPING,
        encoding="utf-8",
    )
    done = subprocess.run(
        [node(), str(script)], capture_output=True, text=True, timeout=30, check=False
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["first_key"] == [["draft", "3d6 + 2d"]]  # at once, not after the pause
    assert out["second_key"] == out["first_key"]  # once an edit: Python already knows
    drafted = out["drafted"]
    assert "working…" in drafted["text"] and "mean 7" in drafted["text"]
    assert drafted["busy"] == "true" and drafted["dimmed"] and drafted["chart_dimmed"]
    # The redraw keeps what is being typed, and where.
    assert out["input"] == {"value": "3d6 + 2d6", "caret": [4, 4], "focused": True}
    assert out["after_pause"] == [["draft", "3d6 + 2d"], ["set", "3d6 + 2d6"]]
    answered = out["answered"]
    assert "working" not in answered["text"] and "mean 35/2" in answered["text"]
    assert answered["busy"] is None and not answered["dimmed"] and not answered["chart_dimmed"]


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
