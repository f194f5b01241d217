"""The card editor widget's requests and replies without a browser, and a card drawn as its
design prints it."""

from __future__ import annotations

import os

import polars as pl
import pytest

import workbench as wb
from workbench.cards import CardDataError, CardSet
from workbench.cards.render import Card
from workbench.widgets import CardEditor, StepThrough


def request(widget, **msg) -> dict:
    sent = []
    widget.send = sent.append  # what the browser would receive
    widget._on_message(widget, {"id": 7, **msg}, [])
    return sent[-1]


# -- the widget --------------------------------------------------------------------------------


def test_widget_accepts_and_rejects_through_request_and_reply(editor):
    reply = request(
        editor, type="edit", table="enemies", card="Brutes", column="health", value="12"
    )
    assert reply == {"type": "reply", "id": 7, "ok": True, "error": ""}
    assert editor.cards.row("enemies", "Brutes")["health"] == 12
    reply = request(
        editor, type="edit", table="enemies", card="Brutes", column="health", value="-4"
    )
    assert not reply["ok"] and reply["error"] == "-4 is not allowed; expected an integer >= 1"
    assert editor.cards.row("enemies", "Brutes")["health"] == 12
    request(editor, type="tab", table="enemies")
    brutes = next(r for r in editor.view["rows"] if r["key"] == "Brutes")
    assert brutes["cells"][1] == 12 and editor.view["rejection"]["value"] == "-4"
    assert request(editor, type="undo")["ok"]
    assert editor.cards.row("enemies", "Brutes")["health"] == 10


def test_widget_requests_cover_every_control(editor, folder):
    for msg in [
        {"type": "tab", "table": "loot"},
        {"type": "sort", "column": "damage"},
        {"type": "filter", "text": "sword"},
        {"type": "select", "card": "SW-B"},
        {"type": "duplicate", "card": "SW-B"},
        {"type": "add"},
        {"type": "delete", "card": "SW-I"},
        {"type": "undo"},
        {"type": "redo"},
        {"type": "revert"},
        {"type": "undo"},
        {"type": "save"},
    ]:
        reply = request(editor, **msg)
        assert reply["ok"], (msg, reply)
    assert editor.view["table"] == "loot" and editor.view["filter"] == "sword"
    assert "SW-I" not in (folder / "loot.csv").read_text()
    reply = request(editor, type="filter", text="speed>3")
    assert not reply["ok"] and "no column 'speed'" in editor.view["error"]
    assert not request(editor, type="delete", table="enemies", card="Brutes")["ok"]
    assert not request(editor, type="launch")["ok"]


def test_widget_save_failure_is_shown_in_the_view(editor, folder, monkeypatch):
    editor.edit("enemies", "Brutes", "health", 12)
    monkeypatch.setattr(os, "replace", lambda src, dst: (_ for _ in ()).throw(OSError("nope")))
    reply = request(editor, type="save")
    monkeypatch.undo()
    assert not reply["ok"] and "nope" in reply["error"] and "nope" in editor.view["error"]
    assert "Brutes,10," in (folder / "enemies.csv").read_text()


def test_python_calls_refresh_the_view_and_raise_on_refusal(editor):
    editor.edit("enemies", "Brutes", "health", 12)
    assert editor.view["version"] == 1
    with pytest.raises(CardDataError):
        editor.edit("enemies", "Brutes", "health", 0)
    assert editor.view["rejection"]["reason"].startswith("0 is not allowed")
    assert editor.check("enemies", "Brutes", "dice", 9).startswith("9 is not allowed")
    assert editor.diff().height == 1


def test_cards_trait_is_observable_and_not_synced(editor):
    assert "cards" not in editor.keys and "view" in editor.keys
    seen = []
    editor.observe(lambda change: seen.append(change["new"].version), names="cards")
    editor.edit("enemies", "Brutes", "health", 12)
    editor.edit("enemies", "Brutes", "health", 10)  # equal to the loaded cards, still new
    editor.undo()
    assert seen == [1, 2, 1]


def test_step_through_follows_the_editor(editor):
    match = wb.play("coop", seed=1, players=3, cards=editor.cards)
    view = match.widget(cards_source=editor)
    editor.edit("enemies", "Brutes", "health", 14)
    assert view.match.cards is editor.cards
    assert view.match.cards.row("enemies", "Brutes")["health"] == 14
    assert view.view["cards_version"] == 1
    assert "Cards changed (version 1): restarted from seed 1" in view.view["message"]
    other = StepThrough(wb.play("coop", seed=2, players=2))
    other.bind(editor)
    editor.undo()
    assert other.match.cards.row("enemies", "Brutes")["health"] == 10
    assert view.view["cards_version"] == other.view["cards_version"] == 0


def test_cards_assigned_from_python_become_an_undoable_change(editor, folder):
    tougher = wb.load_cards("coop", folder).set("enemies", "Rats", "health", 3)
    editor.cards = tougher
    assert editor.session.cards.row("enemies", "Rats")["health"] == 3
    assert editor.view["version"] == editor.cards.version and editor.session.can_undo
    editor.undo()
    assert editor.cards.row("enemies", "Rats")["health"] == 1
    with pytest.raises(ValueError, match="expected coop cards"):
        editor.cards = CardSet({}, {}, game="other")
    assert editor.cards is editor.session.cards


def test_the_editor_needs_a_cardset():
    with pytest.raises(TypeError, match="needs a CardSet"):
        CardEditor({"enemies": pl.DataFrame()})


# -- a card drawn as a card --------------------------------------------------------------------


def test_a_card_draws_itself_as_its_design_prints_it(session):
    card = session.cards.card("enemies", "Brutes")
    assert isinstance(card, Card) and card.key == "Brutes" and card["health"] == 10
    assert card.view.name == "Brutes" and card.view.kind == "enemy"
    assert ("Health", 10) in [(s.label, s.value) for s in card.view.stats]
    html = card._repr_html_()
    assert 'class="wb-cardview"' in html and "<svg" in html and ">Brutes<" in html
    assert ">Health<" in html and ">10<" in html and 'viewBox="0 0 63.0 88.0"' in html
    loot = session.cards.card("loot", "Unique Bow")
    assert loot.key == "BW-U" and "automatic hits" in loot._repr_html_()
    # A table the design draws from its columns: numbers as stats, long text as card text.
    battles = session.cards.card("battles", 3)
    assert [(s.label, s.value) for s in battles.view.stats] == [("Battles", 5)]


def test_the_editor_form_still_draws_the_row_column_by_column(session):
    session.select_table("enemies")
    session.select("enemies", "Brutes")
    html = session.view()["form"]["html"]
    assert 'data-column="health"' in html and "<b>10</b>" in html
    assert "Health the enemy starts with" in html  # the column's meaning as a tooltip


def test_card_html_escapes_text(session):
    session.edit("loot", "SW-B", "text", "<script>alert(1)</script> & more text here")
    html = session.cards.card("loot", "SW-B")._repr_html_()
    assert "<script>" not in html and "&lt;script&gt;" in html
