"""The card editor without a browser: edits accepted and refused, and cards added, duplicated
and deleted."""

from __future__ import annotations

import polars as pl
import pytest

from workbench.cards import CardDataError

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
