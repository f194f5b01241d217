"""The request/reply protocol every widget shares (RequestWidget and request.js), without a
browser: what goes out to the browser, and in which order."""

from __future__ import annotations

import json
import logging
import subprocess
from pathlib import Path

import pytest
import traitlets

import workbench as wb
from workbench.core import IllegalAction
from workbench.widgets import CardEditor, DiceCalculator, StepThrough, WhatIf
from workbench.widgets.base import RequestWidget, UnknownRequest

from .node import node


class Counter(RequestWidget):
    """The smallest widget on the protocol: a count, and the last error where the view shows it."""

    view = traitlets.Dict().tag(sync=True)

    def __init__(self):
        super().__init__()
        self.count, self.error = 0, ""
        self.refresh()

    def refresh(self) -> None:
        self.view = {"count": self.count, "error": self.error}

    def clear_error(self) -> None:
        self.error = ""

    def show_error(self, error: Exception) -> str:
        self.error = str(error)
        return self.error

    def handle(self, msg: dict) -> dict | None:
        kind = msg["type"]
        if kind == "add":
            if msg["n"] < 0:
                raise ValueError("n must not be negative")
            self.count += msg["n"]
            return {"count": self.count}
        if kind == "illegal":
            raise IllegalAction("not your turn")
        if kind == "spoof":  # extras may not pass for the protocol's own fields
            return {"ok": False, "id": "someone else", "note": "kept"}
        if kind == "crash":
            self.count += 1  # half done before the bug: the view must still show it
            return {"n": msg["missing"]}
        raise UnknownRequest(kind)


def wire(widget) -> list[tuple[str, dict]]:
    """Everything the widget sends to the browser from now on, in order: ("view", value) for
    the view trait, ("state", traits) for other synced traits, ("reply", content)."""
    out = []

    def capture(msg, buffers=None):
        if msg["method"] == "custom":
            out.append(("reply", msg["content"]))
        elif list(msg["state"]) == ["view"]:
            out.append(("view", msg["state"]["view"]))
        else:
            out.append(("state", msg["state"]))

    widget._send = capture  # the one door both trait updates and custom messages go through
    return out


def arrive(widget, msg) -> None:
    widget._on_message(widget, msg, [])


def test_handled_request_sends_the_view_then_an_ok_reply_with_extras():
    w = Counter()
    sent = wire(w)
    arrive(w, {"type": "add", "n": 2, "id": "a-1"})
    assert sent == [
        ("view", {"count": 2, "error": ""}),
        ("reply", {"type": "reply", "id": "a-1", "ok": True, "error": "", "count": 2}),
    ]


@pytest.mark.parametrize(
    "msg, reason",
    [
        ({"type": "add", "n": -1}, "n must not be negative"),
        ({"type": "illegal"}, "not your turn"),  # the project's named errors are ValueErrors
    ],
)
def test_refused_request_shows_the_reason_then_replies_not_ok(msg, reason):
    w = Counter()
    arrive(w, {"type": "add", "n": 1, "id": 1})
    sent = wire(w)
    arrive(w, {**msg, "id": 2})
    assert sent == [
        ("view", {"count": 1, "error": reason}),
        ("reply", {"type": "reply", "id": 2, "ok": False, "error": reason}),
    ]


def test_next_request_clears_the_previous_error():
    w = Counter()
    arrive(w, {"type": "add", "n": -1, "id": 1})
    assert w.view["error"]
    arrive(w, {"type": "add", "n": 1, "id": 2})
    assert w.view == {"count": 1, "error": ""}


def test_unknown_type_is_refused_by_name():
    w = Counter()
    sent = wire(w)
    arrive(w, {"type": "launch", "id": 3})
    assert sent[-1] == (
        "reply",
        {"type": "reply", "id": 3, "ok": False, "error": "unknown request 'launch'"},
    )
    assert w.view["error"] == "unknown request 'launch'"


def test_base_handle_refuses_everything():
    class Bare(RequestWidget):
        def refresh(self):
            pass

    w = Bare()
    sent = wire(w)
    arrive(w, {"type": "anything", "id": 1})
    assert sent == [
        ("reply", {"type": "reply", "id": 1, "ok": False, "error": "unknown request 'anything'"})
    ]


@pytest.mark.parametrize(
    "msg", ["step", None, ["type", "add"], {}, {"type": ""}, {"type": 5}, {"kind": "add"}]
)
def test_a_message_that_is_not_a_request_without_id_is_only_logged(msg, caplog):
    w = Counter()
    sent = wire(w)
    with caplog.at_level(logging.WARNING, logger="workbench.widgets.base"):
        arrive(w, msg)
    assert sent == [] and w.count == 0
    assert "not a request" in caplog.text


def test_a_message_without_type_but_with_id_is_answered_and_not_carried_out():
    w = Counter()
    sent = wire(w)
    arrive(w, {"id": 9, "n": 1})
    assert sent == [
        ("reply", {"type": "reply", "id": 9, "ok": False, "error": "not a request: it has no type"})
    ]
    assert w.count == 0


def test_request_without_id_is_still_carried_out():
    # Nothing waits on it, but what it asks for is done (a hand-made message in a notebook).
    w = Counter()
    sent = wire(w)
    arrive(w, {"type": "add", "n": 4})
    assert w.count == 4 and sent[-1][1]["id"] is None and sent[-1][1]["ok"]


def test_protocol_fields_win_over_extras():
    w = Counter()
    sent = wire(w)
    arrive(w, {"type": "spoof", "id": 5})
    assert sent[-1] == (
        "reply",
        {"type": "reply", "id": 5, "ok": True, "error": "", "note": "kept"},
    )


def test_a_bug_in_handle_is_answered_shown_and_logged(caplog):
    w = Counter()
    sent = wire(w)
    with caplog.at_level(logging.ERROR, logger="workbench.widgets.base"):
        arrive(w, {"type": "crash", "id": 6})
    error = "internal error: KeyError: 'missing'"
    assert sent == [
        ("view", {"count": 1, "error": error}),
        ("reply", {"type": "reply", "id": 6, "ok": False, "error": error}),
    ]
    [record] = caplog.records
    assert record.exc_info[0] is KeyError and "crash" in record.getMessage()


def test_a_bug_in_refresh_is_still_answered(caplog):
    class Broken(Counter):
        def refresh(self):
            if self.count:
                raise TypeError("cannot draw")
            super().refresh()

    w = Broken()
    sent = wire(w)
    with caplog.at_level(logging.ERROR, logger="workbench.widgets.base"):
        arrive(w, {"type": "add", "n": 1, "id": 7})
    assert sent == [
        (
            "reply",
            {
                "type": "reply",
                "id": 7,
                "ok": False,
                "error": "internal error: TypeError: cannot draw",
            },
        )
    ]
    assert caplog.records[0].exc_info[0] is TypeError


def test_answer_returns_the_reply_without_sending():
    w = Counter()
    sent = wire(w)
    reply = w.answer({"type": "add", "n": 1, "id": 1})
    assert reply["ok"] and reply["count"] == 1
    assert sent == [("view", {"count": 1, "error": ""})]


# -- every widget is on the protocol ---------------------------------------------------------


@pytest.fixture(params=["step", "cards", "dice", "whatif"])
def any_widget(request, coop_cards):
    if request.param == "step":
        return wb.play("coop", seed=1, players=3, first_encounter="RAT-2").widget()
    if request.param == "cards":
        return CardEditor(coop_cards)
    if request.param == "dice":
        return DiceCalculator("3d6")
    return WhatIf("coop", coop_cards, players=3, executor="serial")


def test_every_widget_refuses_an_unknown_request_and_ignores_a_non_request(any_widget):
    assert isinstance(any_widget, RequestWidget)
    sent = wire(any_widget)
    arrive(any_widget, "not a request")
    assert sent == []
    arrive(any_widget, {"type": "launch", "id": 1})
    kind, reply = sent[-1]
    assert kind == "reply" and reply["id"] == 1 and not reply["ok"]
    assert reply["error"] == "unknown request 'launch'"


def test_whatif_refuses_a_bad_range_and_says_why_in_its_status(coop_cards):
    w = WhatIf("coop", coop_cards, key="enemies.Brutes.health", players=3, executor="serial")
    w.start, w.stop_value = 10, 8
    sent = wire(w)
    arrive(w, {"type": "run", "id": 1})
    assert not w.running and "need start <= stop" in w.status
    assert sent[-1][1]["ok"] is False and sent[-1][1]["error"] == w.status
    arrive(w, {"type": "pick", "key": "enemies.Rats.damage", "id": 2})
    assert sent[-1][1]["ok"] and w.key == "enemies.Rats.damage"
    value = coop_cards.row("enemies", "Rats")["damage"]
    assert (w.start, w.stop_value) == (max(0, value - 4), value + 4)


def test_whatif_run_request_is_answered_while_the_sweep_runs_in_the_background(coop_cards):
    w = WhatIf("coop", coop_cards, key="enemies.Brutes.health", players=3, executor="serial")
    w.games, w.start, w.stop_value = 10, 10, 10
    sent = wire(w)
    arrive(w, {"type": "run", "id": 1})
    answered = sent.index(("reply", {"type": "reply", "id": 1, "ok": True, "error": ""}))
    running = [m["running"] for kind, m in sent[:answered] if kind == "state" and "running" in m]
    assert running == [True]  # answered before the sweep ended
    arrive(w, {"type": "stop", "id": 2})
    assert ("reply", {"type": "reply", "id": 2, "ok": True, "error": ""}) in sent
    w._thread.join(timeout=120)
    assert not w.running and ("Done" in w.status or "Stopped" in w.status)  # Stop is at once


@pytest.mark.parametrize("widget", [StepThrough, CardEditor, DiceCalculator, WhatIf])
def test_every_widget_module_defines_the_request_helper_before_using_it(widget):
    # Only a browser would notice otherwise (WhatIf has no browser test).
    esm = widget._esm
    assert esm.index("function requests(model)") < esm.index("= requests(model);")


# -- request.js, in Node when it is installed -------------------------------------------------

REQUEST_JS = Path(wb.__file__).parent / "widgets" / "request.js"

HARNESS = """
class Model {
  constructor() { this.handlers = new Set(); this.sent = []; }
  on(name, f) { if (name === "msg:custom") this.handlers.add(f); }
  off(name, f) { if (name === "msg:custom") this.handlers.delete(f); }
  send(msg) { this.sent.push(msg); }
  reply(msg) { for (const f of [...this.handlers]) f(msg); }  // every view hears every reply
}
const model = new Model();
const a = requests(model), b = requests(model);
const got = [];
a.request({ type: "undo" }).then((r) => got.push(["a", r.id, r.ok]));
b.request({ type: "redo" }).then((r) => got.push(["b", r.id, r.ok]));
const [ida, idb] = model.sent.map((m) => m.id);
model.reply({ type: "something else", id: ida });
model.reply({ type: "reply", id: idb, ok: false, error: "no" });
model.reply({ type: "reply", id: ida, ok: true, error: "" });
model.reply({ type: "reply", id: ida, ok: true, error: "" });  // a second answer is dropped
a.close();
setTimeout(() => console.log(JSON.stringify({
  sent: model.sent, got, ida, idb, listening: model.handlers.size })), 0);
"""


def test_request_js_routes_each_reply_to_the_view_that_asked(tmp_path):
    script = tmp_path / "harness.mjs"
    script.write_text(REQUEST_JS.read_text(encoding="utf-8") + HARNESS, encoding="utf-8")
    done = subprocess.run(
        [node(), str(script)], capture_output=True, text=True, timeout=30, check=False
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert [m["type"] for m in out["sent"]] == ["undo", "redo"]
    assert out["ida"] != out["idb"]  # two views of one widget never share an id
    assert out["got"] == [["b", out["idb"], False], ["a", out["ida"], True]]
    assert out["listening"] == 1  # a closed view stops listening
