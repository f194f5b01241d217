"""The card editor without a browser: the editing session, and the widget's requests."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

import workbench as wb
from workbench.cards import CardDataError, CardSet, data_dir
from workbench.cards.render import Card
from workbench.widgets import CardEditor, StepThrough
from workbench.widgets.editor_logic import EditSession


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    target = tmp_path / "coop"
    shutil.copytree(data_dir("coop"), target)
    return target


@pytest.fixture
def session(folder) -> EditSession:
    return EditSession(wb.load_cards("coop", folder))


@pytest.fixture
def editor(folder) -> CardEditor:
    return CardEditor(wb.load_cards("coop", folder))


def request(widget, **msg) -> dict:
    sent = []
    widget.send = sent.append  # what the browser would receive
    widget._on_message(widget, {"id": 7, **msg}, [])
    return sent[-1]


def snapshot(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


# -- accepted edits ----------------------------------------------------------------------------


def test_valid_edit_makes_a_new_version_and_keeps_the_old(session):
    before = session.cards
    after = session.edit("enemies", "Brutes", "health", "12")
    assert after.version == before.version + 1 and session.cards is after
    assert after.row("enemies", "Brutes")["health"] == 12
    assert before.row("enemies", "Brutes")["health"] == 10
    assert session.rejection is None
    assert "Brutes · health 10 → 12" in session.message


def test_each_cell_type_accepts_its_own_kind_of_value(session):
    session.edit("encounters", "BRU-1", "first_allowed", True)
    session.edit("enemies", "Rats", "damage_type", "ranged")
    session.edit("loot", "SW-B", "text", "A plain bronze sword")
    session.edit("loot", "DG-B", "dodge", "-2")
    rows = {
        t: session.cards.row(t, c)
        for t, c in [("encounters", "BRU-1"), ("enemies", "Rats"), ("loot", "SW-B")]
    }
    assert rows["encounters"]["first_allowed"] is True
    assert rows["enemies"]["damage_type"] == "ranged"
    assert rows["loot"]["text"] == "A plain bronze sword"
    assert session.cards.row("loot", "DG-B")["dodge"] == -2


def test_an_edit_to_the_same_value_changes_nothing(session):
    before = session.cards
    assert session.edit("enemies", "Brutes", "health", "10") is before
    assert not session.can_undo and "already 10" in session.message


def test_renaming_a_key_follows_the_open_card(session):
    session.select("classes", "Melee")
    session.edit("classes", "Melee", "name", "Fighter")
    assert session.form("classes")["card"] == "Fighter"


# -- refused edits: at least fifteen ways to be wrong, each with its reason ----------------------

INVALID = [
    # (table, card, column, typed value, words the reason must contain)
    ("enemies", "Brutes", "health", "abc", "'abc' is not a number; expected an integer >= 1"),
    ("enemies", "Brutes", "health", "2.5", "'2.5' is not a whole number"),
    ("enemies", "Brutes", "health", "8.0", "'8.0' is not written as a whole number (write 8)"),
    ("enemies", "Brutes", "health", "nan", "'nan' is not a number"),
    ("enemies", "Brutes", "health", "0", "0 is not allowed; expected an integer >= 1"),
    ("enemies", "Brutes", "armor", "-1", "-1 is not allowed; expected an integer >= 0"),
    ("enemies", "Brutes", "dice", "7", "7 is not allowed; expected an integer from 0 to 6"),
    ("loot", "DG-B", "dodge", "11", "11 is not allowed; expected an integer from -10 to 10"),
    ("enemies", "Brutes", "health", "", "A blank cell is not allowed; expected an integer >= 1"),
    (
        "enemies",
        "Brutes",
        "damage_type",
        "magic",
        "'magic' is not allowed; expected one of melee, ranged",
    ),
    (
        "loot",
        "SW-B",
        "family",
        "Axe",
        "'Axe' is not allowed; expected one of Sword, Dagger, Bow, Armor, Spell, Shield",
    ),
    (
        "encounters",
        "BRU-1",
        "first_allowed",
        "maybe",
        "'maybe' is not true or false; expected true or false",
    ),
    (
        "encounters",
        "BRU-1",
        "enemy",
        "Goblins",
        "'Goblins' is not in enemies.csv; expected a name from enemies.csv (Rats, Lankies",
    ),
    ("enemies", "Brutes", "name", "Rats", "'Rats' is already used on line 2"),
    ("enemies", "Brutes", "name", "", "A blank cell is not allowed; expected text"),
    (
        "enemies",
        "Brutes",
        "name",
        "Bruisers",
        "encounters.csv line 22 (BRU-1), column 'enemy': 'Brutes' is no longer in enemies.csv",
    ),
    (
        "enemies",
        "Brutes",
        "copies",
        "5",
        "encounters.csv line 23 (BRU-2), column 'base': 6 plus 0 reinforcements needs 6 Brutes",
    ),
    ("loot", "SW-B", "special", "auto_hits", "'auto_hits' is not a Sword ability"),
    ("loot", "SW-B", "heal", "3", "is a heal on a Sword; expected 0 (only spells heal)"),
    ("battles", "3", "players", "2", "2 is already used on line 2"),
    ("battles", "3", "players", "11", "11 is not allowed; expected an integer from 1 to 10"),
    ("enemies", "Brutes", "speed", "3", "'speed' is not a column of enemies"),
    ("enemies", "Goblins", "health", "3", "'Goblins' is not a card in enemies"),
    ("enemies", "Brutes", "health", "99999999999999999999999", "is too large"),
]


@pytest.mark.parametrize(
    "table,card,column,value,reason",
    INVALID,
    ids=[f"{t}-{c}-{col}-{v or 'blank'}" for t, c, col, v, _ in INVALID],
)
def test_invalid_edit_is_refused_with_its_reason(session, table, card, column, value, reason):
    before = session.cards
    assert session.check(table, card, column, value) is not None
    with pytest.raises(CardDataError):
        session.edit(table, card, column, value)
    assert session.cards is before and not session.can_undo
    rejected = session.rejection
    assert (rejected.table, rejected.card, rejected.column, rejected.value) == (
        table,
        card,
        column,
        value,
    )
    assert reason in rejected.reason
    view = session.view()
    assert view["rejection"]["reason"] == rejected.reason
    assert view["version"] == before.version


def test_a_reason_about_the_edited_cell_drops_the_address(session):
    with pytest.raises(CardDataError):
        session.edit("enemies", "Brutes", "health", "0")
    # Shown at the cell, so "enemies.csv line 6 (Brutes), column 'health'" would be noise.
    assert session.rejection.reason == "0 is not allowed; expected an integer >= 1"


def test_a_long_list_of_problems_is_cut_short(session):
    with pytest.raises(CardDataError):
        session.edit("enemies", "Brutes", "name", "Bruisers")  # five encounters name Brutes
    lines = session.rejection.reason.splitlines()
    assert len(lines) == 4 and lines[-1] == "... and 2 more"


def test_check_reports_without_changing_anything(session):
    before = session.cards
    assert session.check("enemies", "Brutes", "health", 12) is None
    assert "expected an integer >= 1" in session.check("enemies", "Brutes", "health", 0)
    assert session.cards is before and session.rejection is None


def test_the_next_accepted_edit_clears_the_refusal(session):
    with pytest.raises(CardDataError):
        session.edit("enemies", "Brutes", "health", "0")
    session.edit("enemies", "Brutes", "health", "11")
    assert session.rejection is None and session.view()["rejection"] is None


# -- add, duplicate, delete --------------------------------------------------------------------


def test_add_duplicate_and_delete_cards(session):
    session.add("enemies")
    assert session.cards["enemies"]["name"].to_list()[-1] == "New enemies card"
    session.add("enemies")
    assert session.cards["enemies"]["name"].to_list()[-1] == "New enemies card 2"
    session.duplicate("loot", "SW-B")
    copy = session.cards.row("loot", "Copy of SW-B")
    assert copy["name"] == "Copy of Bronze Sword" and copy["damage"] == 2
    session.add("battles")
    assert session.cards["battles"]["players"].to_list()[-1] == 1  # the first free count
    session.delete("enemies", "New enemies card")
    assert session.cards["enemies"].height == 7
    added = session.diff().filter(pl.col("column") == "(added)")["card"].to_list()
    assert added == ["New enemies card 2", "Copy of SW-B", "1"]


def test_add_with_values(session):
    session.add("enemies", {"name": "Ogres", "health": 20})
    assert session.cards.row("enemies", "Ogres")["health"] == 20
    with pytest.raises(CardDataError):
        session.add("enemies", {"name": "Ghosts", "health": 0})
    assert session.rejection.action == "add"
    assert "expected an integer >= 1" in session.rejection.reason


def test_deleting_a_card_others_need_is_refused(session):
    with pytest.raises(CardDataError):
        session.delete("enemies", "Brutes")
    assert (
        "encounters.csv line 22 (BRU-1), column 'enemy': 'Brutes' is no longer in "
        "enemies.csv" in session.rejection.reason
    )
    with pytest.raises(CardDataError):
        session.delete("battles", 3)
    assert "no line for 3 players" in session.rejection.reason
    assert session.cards["enemies"].height == 6 and not session.can_undo


# -- undo, redo, revert, diff ------------------------------------------------------------------


def test_undo_and_redo_walk_the_history_back_to_its_versions(session):
    loaded = session.cards
    tougher = session.edit("enemies", "Brutes", "health", 12)
    session.edit("enemies", "Brutes", "armor", 8)
    assert session.undo()
    assert session.cards is tougher and session.cards.version == 1
    assert "(version 1)" in session.message
    assert session.undo() and session.cards is loaded and session.cards.version == 0
    assert not session.undo() and session.message == "Nothing to undo."
    assert session.redo() and session.cards.row("enemies", "Brutes")["health"] == 12
    assert session.cards.version == 1
    # A new change after an undo is a state no number has named yet, not version 2 again.
    session.edit("enemies", "Rats", "health", 2)
    assert not session.can_redo and session.cards.version == 3
    session.undo()
    session.edit("enemies", "Rats", "health", 3)
    assert session.cards.version == 4


def test_diff_against_the_files_and_changed_cells(session):
    session.edit("enemies", "Brutes", "health", 12)
    session.edit("loot", "SW-B", "dice", 2)
    diff = session.diff()
    assert diff.columns == ["table", "card", "column", "old", "new"]
    assert diff.rows() == [
        ("enemies", "Brutes", "health", "10", "12"),
        ("loot", "SW-B", "dice", "1", "2"),
    ]
    changed, added, removed = session.changed_cells("enemies")
    assert changed == {"Brutes": {"health": "10"}} and added == removed == []
    session.select_table("enemies")
    row = next(r for r in session.view()["rows"] if r["key"] == "Brutes")
    assert row["changed"] == {"health": "10"}
    assert {t["name"]: t["changes"] for t in session.view()["tables"]}["loot"] == 1


def test_revert_goes_back_to_the_files_and_can_be_undone(session):
    session.edit("enemies", "Brutes", "health", 12)
    assert session.revert()
    assert not session.dirty and session.cards == session.baseline
    assert session.undo() and session.cards.row("enemies", "Brutes")["health"] == 12
    session.revert()
    assert not session.revert()


# -- saving ------------------------------------------------------------------------------------


def test_round_trip_load_edit_save_load_gives_identical_frames(folder):
    session = EditSession(wb.load_cards("coop", folder))
    session.edit("enemies", "Brutes", "health", "12")
    session.edit("encounters", "BRU-1", "first_allowed", True)
    session.edit("loot", "SW-B", "text", 'Says "hello", with a comma — and ünïcode')
    session.edit("loot", "DG-B", "dodge", -3)
    session.duplicate("encounters", "RAT-1")
    session.delete("encounters", "SHA-5")
    written = session.save()
    assert sorted(p.name for p in written) == ["encounters.csv", "enemies.csv", "loot.csv"]
    again = wb.load_cards("coop", folder)
    for table in again:
        assert again[table].columns == session.cards[table].columns
        assert again[table].schema == session.cards[table].schema
        assert_frame_equal(again[table], session.cards[table])
    assert again == session.cards and session.cards.diff(again).height == 0
    assert again["encounters"]["id"].to_list()[-1] == "Copy of RAT-1"
    assert not session.dirty and session.diff().height == 0
    text = (folder / "loot.csv").read_text(encoding="utf-8")
    assert '"Says ""hello"", with a comma — and ünïcode"' in text
    # Saving the same cards again writes nothing.
    assert session.save() == [] and "Nothing to save" in session.message


def test_unchanged_files_keep_their_bytes(folder):
    before = snapshot(folder)
    session = EditSession(wb.load_cards("coop", folder))
    session.edit("battles", 5, "battles", 11)
    session.save()
    after = snapshot(folder)
    assert {n for n in before if before[n] != after[n]} == {"battles.csv"}
    assert after["battles.csv"] == before["battles.csv"].replace(b"5,10\n", b"5,11\n")


def test_a_failed_save_leaves_the_old_file_and_shows_the_error(folder, monkeypatch):
    session = EditSession(wb.load_cards("coop", folder))
    session.edit("enemies", "Brutes", "health", 12)
    before = snapshot(folder)

    def broken(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="disk full"):
        session.save()
    monkeypatch.undo()
    assert snapshot(folder) == before  # no half file, no leftover temporary file
    assert "Could not save" in session.error and "disk full" in session.error
    assert session.dirty and session.cards.row("enemies", "Brutes")["health"] == 12
    assert session.view()["error"] == session.error
    session.save()
    assert "Brutes,12," in (folder / "enemies.csv").read_text() and session.error == ""


def test_saving_elsewhere_keeps_the_diff_against_the_loaded_files(session, tmp_path):
    session.edit("enemies", "Brutes", "health", 12)
    session.save(tmp_path / "export")
    assert (tmp_path / "export" / "enemies.csv").is_file()
    assert session.dirty and session.diff().height == 1


def test_saving_into_a_file_is_an_error_not_a_crash(session, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(OSError):
        session.save(blocker)
    assert "Could not save" in session.error


# -- sort, filter, hints, form -----------------------------------------------------------------


def test_sort_cycles_up_down_off(session):
    def names():
        frame = session.cards["enemies"]
        return [frame["name"][i] for i in session.shown_rows("enemies")]

    session.sort("enemies", "health")
    assert names()[0] == "Rats" and names()[-1] == "Brutes"
    session.sort("enemies", "health")
    assert names()[0] == "Brutes"
    session.sort("enemies", "health")
    assert names() == session.cards["enemies"]["name"].to_list()


def test_filter_by_text_and_by_comparison(session):
    def shown(table):
        frame = session.cards[table]
        return [frame[frame.columns[0]][i] for i in session.shown_rows(table)]

    session.filter("loot", "dagger")
    assert shown("loot") == ["DG-B", "DG-I", "DG-S", "DG-U"]
    session.filter("loot", "damage>=5 family=bow")
    assert shown("loot") == ["BW-L", "BW-R"]
    session.filter("enemies", "name~rat")
    assert shown("enemies") == ["Rats"]
    with pytest.raises(ValueError, match="no column 'speed'"):
        session.filter("enemies", "speed>3")
    with pytest.raises(ValueError, match="'lots' is not a number"):
        session.filter("enemies", "health>lots")
    assert session.filters["enemies"] == "name~rat"  # a bad filter keeps the last good one


def _names_where(session, table, keep):
    """The oracle: the rows a filter should show, picked in Python from the table itself."""
    frame = session.cards[table]
    return [r[frame.columns[0]] for r in frame.iter_rows(named=True) if keep(r)]


@pytest.mark.parametrize(
    "text, keep",
    [
        ("health >= 5 and dodge < 4", lambda r: r["health"] >= 5 and r["dodge"] < 4),
        ("health>=5 dodge<4", lambda r: r["health"] >= 5 and r["dodge"] < 4),
        ("health >= 5 AND dodge < 4", lambda r: r["health"] >= 5 and r["dodge"] < 4),
        (
            "name~rat or name ~ brute",
            lambda r: "rat" in r["name"].lower() or "brute" in r["name"].lower(),
        ),
        (
            "dodge > 5 or armor >= 4 and health < 10",
            lambda r: r["dodge"] > 5 or (r["armor"] >= 4 and r["health"] < 10),
        ),
        ("damage_type = 'melee' and health == 6", lambda r: r["health"] == 6),
        ("name != Rats melee", lambda r: r["name"] != "Rats"),
    ],
)
def test_compound_filters(session, text, keep):
    session.filter("enemies", text)
    shown = [session.cards["enemies"]["name"][i] for i in session.shown_rows("enemies")]
    expected = _names_where(session, "enemies", keep)
    assert shown == expected and 0 < len(expected) < session.cards["enemies"].height


def test_a_quoted_filter_finds_text_with_spaces(session):
    session.filter("loot", '"ice (m"')
    ids = [session.cards["loot"]["id"][i] for i in session.shown_rows("loot")]
    expected = _names_where(session, "loot", lambda r: "ice (m" in r["name"].lower())
    assert ids == expected and len(expected) > 1


def test_the_filter_hint_is_made_from_the_table_in_view(session):
    assert session.view()["filter_hint"] == "Filter: melee, or health >= 10 and armor <= 1"
    session.select_table("enemies")
    hint = session.view()["filter_hint"]
    assert hint == "Filter: rats, or health >= 6 and armor <= 2"
    # Both halves of the example work as filters and find cards.
    for example in hint.removeprefix("Filter: ").split(", or "):
        session.filter("enemies", example)
        assert session.shown_rows("enemies")


@pytest.mark.parametrize(
    "text, reason",
    [
        ("health >=", "filter 'health >=': give a value after >=, as in health >= 5"),
        ("(health > 3)", "brackets are not needed"),
        (">= 5", "a comparison needs a column name before the operator"),
        ("and health > 3", "'and' needs a term before it"),
        ("health > 3 or", "'or' needs a term after it"),
        ("health > 3 and or dodge < 2", "'or' needs a term before it"),
        ('name = "Rats', "the quote at character 8 is not closed"),
        ("speed > 3 and health > 1", "filter 'speed > 3': enemies has no column 'speed'"),
        ("health > lots", "'lots' is not a number"),
    ],
)
def test_a_compound_filter_that_cannot_work_says_why(session, text, reason):
    session.filter("enemies", "name~rat")
    with pytest.raises(ValueError) as err:
        session.filter("enemies", text)
    assert reason in str(err.value)
    assert session.filters["enemies"] == "name~rat"


def test_a_refusal_banner_belongs_to_its_table(session):
    # Deleting Rats is refused (encounters name them); there is no cell for it, so a banner.
    with pytest.raises(CardDataError):
        session.delete("enemies", "Rats")
    session.select_table("enemies")
    view = session.view()
    assert view["banner"] == session.rejection.reason
    assert [t["name"] for t in view["tables"] if t["refused"]] == ["enemies"]
    session.select_table("encounters")
    view = session.view()
    assert view["banner"] is None  # it does not follow the designer to another tab
    assert [t["name"] for t in view["tables"] if t["refused"]] == ["enemies"]
    session.select_table("enemies")
    assert session.view()["banner"] == session.rejection.reason


def test_a_refused_cell_on_screen_has_no_banner_until_the_filter_hides_it(session):
    session.select_table("enemies")
    with pytest.raises(CardDataError):
        session.edit("enemies", "Brutes", "health", "abc")
    assert session.view()["banner"] is None  # shown at the cell
    session.filter("enemies", "name~rat")
    assert session.view()["banner"] == "'abc' is not a number; expected an integer >= 1"


def test_columns_carry_schema_hints_for_the_header_tooltips(session):
    columns = {c["column"]: c for c in session.columns("enemies")}
    assert columns["health"]["min"] == 1 and columns["health"]["max"] is None
    assert columns["dice"]["min"] == 0 and columns["dice"]["max"] == 6
    assert columns["damage_type"]["choices"] == ["melee", "ranged"]
    assert columns["name"]["key"] and "no two cards" in columns["name"]["tooltip"]
    assert columns["health"]["tooltip"] == (
        "Health the enemy starts with; at 0 or less it is out\nAllowed: an integer >= 1"
    )
    encounters = {c["column"]: c for c in session.columns("encounters")}
    assert encounters["first_allowed"]["dtype"] == "boolean"


def test_a_reference_column_offers_the_names_it_may_hold(session):
    enemies = session.cards["enemies"]["name"].to_list()
    encounters = {c["column"]: c for c in session.columns("encounters")}
    assert encounters["enemy"]["choices"] == enemies
    assert encounters["enemy"]["tooltip"].endswith(
        f"Allowed: a name from enemies.csv ({', '.join(enemies)})"
    )
    session.select("encounters", "RAT-1")
    fields = {f["column"]: f for f in session.form("encounters")["fields"]}
    assert fields["enemy"]["choices"] == enemies
    # The choices follow the cards: a new enemy can be picked at once.
    session.add("enemies", {**session.cards.row("enemies", "Rats"), "name": "Ogres"})
    assert session.form("encounters")["fields"][1]["choices"] == [*enemies, "Ogres"]


def test_form_sliders_are_bounded_by_the_schema(session):
    session.select("loot", "Longbow")  # found by name; shown by key
    form = session.form("loot")
    fields = {f["column"]: f for f in form["fields"]}
    assert form["card"] == "BW-L"
    assert (fields["dodge"]["slider_min"], fields["dodge"]["slider_max"]) == (-10, 10)
    assert (fields["dice"]["slider_min"], fields["dice"]["slider_max"]) == (0, 6)
    assert fields["damage"]["slider_min"] == 0 and fields["damage"]["slider_max"] >= 7
    assert "slider_min" not in fields["family"] and fields["family"]["choices"]
    assert 'class="wb-cardview"' in form["html"] and "BW-L" in form["html"]
    session.select("loot", None)
    assert session.form("loot") is None


def test_view_is_plain_json(session):
    session.edit("enemies", "Brutes", "health", 12)
    with pytest.raises(CardDataError):
        session.edit("enemies", "Brutes", "health", 0)
    session.select("enemies", "Brutes")
    session.select_table("enemies")
    view = json.loads(json.dumps(session.view()))
    assert view["version"] == 1 and view["dirty"] and view["can_undo"]
    assert view["column_names"][0] == "name" and len(view["rows"]) == 6
    assert view["rejection"]["column"] == "health"
    brutes = next(r for r in view["rows"] if r["key"] == "Brutes")
    assert brutes["cells"][1] == 12  # the kept value, not the refused one


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
