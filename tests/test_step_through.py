"""The step-through view's logic, without a browser: every request the widget can send."""

from __future__ import annotations

import json

import pytest

import workbench as wb
from workbench.widgets import Stepper, StepThrough


@pytest.fixture
def widget():
    return wb.play("coop", seed=1, players=3, first_encounter="RAT-2").widget()


def _request(w, **msg):
    sent = []
    w.send = sent.append  # what the browser would receive
    w._on_message(w, {"id": 1, **msg}, [])
    return sent[-1]


def test_view_draws_cards_actions_and_log(widget):
    v = widget.view
    assert v["game"] == "coop" and v["seats"][0].startswith("Seat 1")
    zones = {z["title"]: z for z in v["board"]["zones"]}
    assert any(t.startswith("Enemies") for t in zones)
    enemy = next(z for t, z in zones.items() if t.startswith("Enemies"))["cards"][0]
    assert enemy["kind"] == "enemy" and {s["label"] for s in enemy["stats"]} >= {"Health", "Dodge"}
    assert any(a["legal"] for a in v["actions"])
    assert v["log"][0]["kind"] == "chance"
    assert json.dumps(v)  # plain data, ready to sync


def test_clicking_an_action_changes_state_and_log(widget):
    before = widget.view
    label = next(a["label"] for a in before["actions"] if a["legal"])
    reply = _request(widget, type="step", label=label)
    assert reply["ok"] and reply["id"] == 1
    after = widget.view
    assert after["decisions"] == before["decisions"] + 1
    assert len(after["log"]) > len(before["log"])
    assert any(e["text"].endswith(label) for e in after["log"])


def test_chance_results_show_their_probability(widget):
    label = next(a["label"] for a in widget.view["actions"] if a["legal"] and a["kind"] == "attack")
    _request(widget, type="step", label=label)
    rolls = widget.view["recent_chance"]
    assert rolls and "vs Dodge" in rolls[0]["label"]
    assert 0 < rolls[0]["p_float"] <= 1
    assert rolls[0]["odds"][0]["what"] == "to hit"


def test_illegal_action_reply_carries_the_reason_and_changes_nothing(widget):
    before = widget.view
    reply = _request(widget, type="step", label="Attack Rats #1 with a banana")
    assert not reply["ok"] and "no action called" in reply["error"]
    assert widget.view["decisions"] == before["decisions"]
    assert widget.view["error"] == reply["error"]
    illegal = [a for a in widget.view["actions"] if not a["legal"]]
    assert illegal and all(a["reason"] for a in illegal)
    reply = _request(widget, type="step", label=illegal[0]["label"])
    assert not reply["ok"] and illegal[0]["reason"] in reply["error"]


def test_undo_redo_and_timeline_branching(widget):
    labels = []
    for _ in range(3):
        label = next(a["label"] for a in widget.view["actions"] if a["legal"])
        labels.append(label)
        _request(widget, type="step", label=label)
    board_after = widget.view["board"]
    _request(widget, type="undo")
    assert widget.view["decisions"] == 2 and widget.view["timeline"] == 3
    _request(widget, type="redo")
    assert widget.view["board"] == board_after
    _request(widget, type="goto", position=1)
    assert widget.view["decisions"] == 1
    legal = [a["label"] for a in widget.view["actions"] if a["legal"]]
    _request(widget, type="step", label=legal[-1])
    assert widget.view["timeline"] == 2  # the old future is gone: a new branch


def test_bots_restart_save_and_load(widget):
    _request(widget, type="set_bot", seat=1, bot="heuristic")
    _request(widget, type="set_bot", seat=2, bot="random")
    assert widget.view["bots"] == {"1": "heuristic", "2": "random"}
    before = widget.view["decisions"]
    _request(widget, type="bot_step")
    assert widget.view["decisions"] == before + 1
    assert [e for e in widget.view["log"] if e["kind"] == "action"][-1]["bot"]
    _request(widget, type="to_my_turn")
    assert widget.view["over"] or widget.view["to_move"] == widget.view["viewing"]
    saved = _request(widget, type="save")["json"]
    _request(widget, type="restart", seed=9)
    assert widget.view["seed"] == 9 and widget.view["decisions"] == 0
    reply = _request(widget, type="load", text="{broken")
    assert not reply["ok"] and "JSON" in reply["error"]
    assert widget.view["seed"] == 9  # a bad file loses nothing
    _request(widget, type="load", text=saved)
    assert widget.view["seed"] == 1
    _request(widget, type="to_end")
    assert widget.view["over"] and widget.view["result"]["outcome"] in ("win", "loss")


def test_mcts_bot_in_a_seat(widget):
    _request(widget, type="set_bot", seat=0, bot="mcts")
    widget.stepper.set_bot(0, "mcts")
    widget.match.bots[0].iterations = 20
    reply = _request(widget, type="bot_step")
    assert reply["ok"] and widget.view["decisions"] == 1


def test_rebinding_edited_cards_restarts_and_says_so(widget, coop_cards):
    _request(widget, type="step", label=next(a["label"] for a in widget.view["actions"] if a["legal"]))
    widget.rebind(coop_cards.set("enemies", "Rats", "health", 2))
    assert widget.view["decisions"] == 0
    assert "restarted from seed 1" in widget.view["message"]


def test_cards_of_another_game_are_refused_and_shown(widget):
    _request(widget, type="step", label=next(a["label"] for a in widget.view["actions"] if a["legal"]))
    widget.rebind(wb.load_cards("correction"))
    assert "belong to 'correction'" in widget.view["error"]
    assert widget.view["decisions"] == 1 and widget.match.cards.game == "coop"


def test_seat_view_and_unknown_requests(widget):
    _request(widget, type="view_seat", seat=2)
    assert widget.view["viewing"] == 2 and not widget.view["follow"]
    _request(widget, type="view_seat", seat="follow")
    assert widget.view["follow"]
    reply = _request(widget, type="fly")
    assert not reply["ok"] and "unknown request" in reply["error"]


def test_match_displays_itself_as_the_widget():
    m = wb.play("coop", seed=0)
    data, _meta = m._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/plain"].startswith("<Match coop")
    assert isinstance(m._view, StepThrough)


def test_stepper_alone_plays_to_the_end():
    s = Stepper(wb.play("coop", seed=3, players=2))
    s.play_to_end()
    assert s.match.over and "over" in s.message


def test_secret_choices_are_hidden_until_revealed():
    m = wb.play("rpg_card_battle", seed=2)
    s = Stepper(m, seat_view=1)
    s.step(m.legal_actions()[0].label)  # seat 1's secret pick
    assert s.view()["log"][-1]["text"].endswith("made a secret choice")
    s.seat_view = 0
    assert not s.view()["log"][-1]["text"].endswith("made a secret choice")
    s.seat_view = 1
    s.step(m.legal_actions()[0].label)  # seat 2 picks: both are revealed and resolved
    texts = [e["text"] for e in s.view()["log"]]
    assert not any(t.endswith("made a secret choice") for t in texts)
