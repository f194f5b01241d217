"""Edits make new validated CardSets; rejected edits name what is wrong and change nothing."""

from __future__ import annotations

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.cards import CardDataError, CardSet
from workbench.games.coop import cards as coop


def rejected(call) -> CardDataError:
    with pytest.raises(CardDataError) as info:
        call()
    return info.value


def test_set_converts_text_and_returns_a_new_version(shipped):
    tougher = shipped.set("enemies", "Brutes", "health", "12")
    assert tougher.version == 1 and shipped.version == 0
    assert tougher.row("enemies", "Brutes")["health"] == 12
    assert tougher["enemies"]["health"].dtype == pl.Int64
    assert shipped.row("enemies", "Brutes")["health"] == 10
    assert tougher.set("enemies", "Brutes", "armor", 8).version == 2


def test_set_finds_cards_by_name_when_key_is_an_id(shipped):
    changed = shipped.set("loot", "Longbow", "dice", 3)
    assert changed.row("loot", "BW-L")["dice"] == 3


def test_set_integer_key_and_boolean_cell(shipped):
    assert shipped.set("battles", 2, "battles", "4").row("battles", "2")["battles"] == 4
    flipped = shipped.set("encounters", "BRU-1", "first_allowed", "TRUE")
    assert flipped.row("encounters", "BRU-1")["first_allowed"] is True
    assert flipped.set("encounters", "BRU-1", "first_allowed", False) == shipped


def test_set_unknown_table(shipped):
    err = rejected(lambda: shipped.set("enemy", "Brutes", "health", 5))
    assert err.problems[0].value == "enemy"
    assert "'enemy' is not a coop card table; expected one of classes, enemies, encounters" in str(
        err
    )


def test_set_unknown_card(shipped):
    err = rejected(lambda: shipped.set("enemies", "Goblins", "health", 5))
    p = err.problems[0]
    assert (p.table, p.value) == ("enemies", "Goblins")
    assert "'Goblins' is not a card in enemies; expected a name from enemies.csv (Rats," in str(err)


def test_set_unknown_column(shipped):
    err = rejected(lambda: shipped.set("enemies", "Brutes", "speed", 5))
    p = err.problems[0]
    assert (p.table, p.card, p.value) == ("enemies", "Brutes", "speed")
    assert "'speed' is not a column of enemies; expected one of name, health," in str(err)


def test_set_invalid_value_leaves_the_cards_unchanged(shipped):
    before = shipped.fingerprint()
    err = rejected(lambda: shipped.set("enemies", "Brutes", "health", "-2"))
    p = err.problems[0]
    assert (p.table, p.card, p.column, p.value) == ("enemies", "Brutes", "health", -2)
    assert str(err) == (
        "Edit rejected (enemies / Brutes / health = '-2'); nothing was changed:\n"
        "  - enemies.csv line 6 (Brutes), column 'health': -2 is not allowed; "
        "expected an integer >= 1"
    )
    assert shipped.fingerprint() == before and shipped.version == 0
    assert shipped.row("enemies", "Brutes")["health"] == 10


@pytest.mark.parametrize(
    ("table", "card", "column", "value", "fragment"),
    [
        ("enemies", "Rats", "dice", "2.5", "'2.5' is not a whole number"),
        ("enemies", "Rats", "health", "", "a blank cell is not allowed"),
        (
            "enemies",
            "Rats",
            "damage_type",
            "magic",
            "'magic' is not allowed; expected one of melee",
        ),
        ("enemies", "Rats", "name", "Brutes", "'Brutes' is already used on line 6"),
        ("encounters", "RAT-1", "first_allowed", "maybe", "'maybe' is not true or false"),
        ("encounters", "RAT-1", "enemy", "Goblins", "'Goblins' is not in enemies.csv"),
        ("loot", "SW-B", "heal", 3, "only spells heal"),
        ("enemies", "Rats", "health", True, "true is not a number"),
    ],
)
def test_set_rejections(shipped, table, card, column, value, fragment):
    err = rejected(lambda: shipped.set(table, card, column, value))
    assert fragment in str(err)
    assert shipped.version == 0


def test_renaming_a_referenced_enemy_is_caught_by_the_cross_check(shipped):
    err = rejected(lambda: shipped.set("enemies", "Rats", "name", "Mice"))
    assert {p.card for p in err.problems} == {f"RAT-{i}" for i in range(1, 6)}


def test_with_row_and_without_row(shipped):
    ogre = {
        "name": "Ogres",
        "health": "12",
        "armor": 3,
        "dodge": 1,
        "damage": 7,
        "damage_type": "melee",
        "dice": 2,
        "copies": 4,
    }
    more = shipped.with_row("enemies", ogre)
    assert more["enemies"].height == 7 and more["enemies"].row(-1)[0] == "Ogres"
    assert more.without_row("enemies", "Ogres") == shipped
    fewer = shipped.without_row("loot", "Unique Shield")
    assert fewer["loot"]["copies"].sum() == 59 and fewer.version == 1


def test_with_row_rejections(shipped):
    err = rejected(lambda: shipped.with_row("enemies", {"name": "Ogres", "health": 3}))
    assert {p.column for p in err.problems} == {
        "armor",
        "dodge",
        "damage",
        "damage_type",
        "dice",
        "copies",
    }
    assert all(p.row == 8 and p.card == "Ogres" for p in err.problems)
    err = rejected(lambda: shipped.with_row("enemies", {"name": "Ogres", "speed": 3}))
    assert err.problems[0].column == "speed"
    err = rejected(lambda: shipped.with_row("enemies", {**shipped.row("enemies", "Rats")}))
    assert "'Rats' is already used on line 2" in str(err)


def test_without_row_keeps_references_whole(shipped):
    err = rejected(lambda: shipped.without_row("enemies", "Shankers"))
    assert len(err.problems) == 5 and err.problems[0].card == "SHA-1"
    err = rejected(lambda: shipped.without_row("battles", 5))
    assert "no line for 5 players" in str(err)


def test_frames_handed_out_cannot_change_the_cards(shipped):
    frame = shipped["enemies"]
    frame.insert_column(0, pl.Series("x", range(frame.height)))
    assert shipped["enemies"].columns[0] == "name"
    with pytest.raises(AttributeError):
        shipped.version = 3


def test_mapping_interface(shipped):
    assert len(shipped) == 5 and list(shipped) == list(shipped.tables)
    assert "loot" in shipped and "items" not in shipped
    with pytest.raises(KeyError, match="no table 'items'"):
        shipped["items"]
    assert "enemies: 6 cards" in shipped._repr_html_()


def test_diff(shipped):
    changed = (
        shipped.set("enemies", "Brutes", "health", 12)
        .set("loot", "BW-L", "dice", 3)
        .without_row("loot", "SH-U")
        .with_row("battles", {"players": 6, "battles": 12})
    )
    diff = changed.diff(shipped)
    assert diff.columns == ["table", "card", "column", "old", "new"]
    assert all(dtype == pl.String for dtype in diff.dtypes)
    rows = shipped.diff(changed).rows()
    assert ("enemies", "Brutes", "health", "10", "12") in rows
    assert ("loot", "BW-L", "dice", "2", "3") in rows
    assert ("battles", "6", "(added)", None, "6,12") in rows
    removed = [r for r in rows if r[2] == "(removed)"]
    assert len(removed) == 1 and removed[0][1] == "SH-U" and removed[0][3].startswith("SH-U,")
    assert len(rows) == 4
    assert shipped.diff(shipped).height == 0


def test_equality_and_fingerprint(shipped, coop_dir):
    again = coop.load(coop_dir)
    assert again == shipped and hash(again) == hash(shipped)
    assert again.fingerprint() == shipped.fingerprint()
    edited = shipped.set("enemies", "Rats", "health", 2)
    assert edited != shipped and edited.fingerprint() != shipped.fingerprint()
    assert edited.set("enemies", "Rats", "health", 1) == shipped


def test_json_round_trip(shipped):
    import json

    data = json.loads(json.dumps(shipped.to_json()))
    back = CardSet.from_json(data, coop.TABLES, "coop", cross_check=coop.cross_check)
    assert back == shipped
    for table in shipped:
        assert back[table].schema == shipped[table].schema
    assert CardSet.from_json(json.dumps(data), coop.TABLES, "coop") == shipped


def test_json_problems(shipped):
    data = shipped.to_json()
    data["tables"]["enemies"]["health"][1] = "lots"
    data["tables"]["encounters"]["enemy"][0] = "Goblins"
    err = rejected(
        lambda: CardSet.from_json(data, coop.TABLES, "coop", cross_check=coop.cross_check)
    )
    assert [(p.table, p.card, p.column) for p in err.problems] == [("enemies", "Lankies", "health")]
    data = shipped.to_json()
    data["tables"]["encounters"]["enemy"][0] = "Goblins"
    err = rejected(
        lambda: CardSet.from_json(data, coop.TABLES, "coop", cross_check=coop.cross_check)
    )
    assert err.problems[0].card == "RAT-1"
    assert "for the game 'coop'" in str(rejected(lambda: CardSet.from_json(data, coop.TABLES, "x")))
    del data["tables"]["loot"]["dodge"]
    assert "column 'dodge' is missing" in str(
        rejected(lambda: CardSet.from_json(data, coop.TABLES, "coop"))
    )
    assert "not valid JSON" in str(rejected(lambda: CardSet.from_json("{", coop.TABLES, "coop")))


@settings(max_examples=40, deadline=None)
@given(value=st.integers(min_value=-50, max_value=50))
def test_any_integer_edit_is_accepted_exactly_when_the_schema_allows_it(shipped, value):
    allowed = value >= 1
    try:
        edited = shipped.set("enemies", "Growlers", "health", str(value))
    except CardDataError as err:
        assert not allowed
        assert err.problems[0].value == value
    else:
        assert allowed
        assert edited.row("enemies", "Growlers")["health"] == value
        assert (
            edited.diff(shipped).rows() == [("enemies", "Growlers", "health", str(value), "6")]
            or value == 6
        )


def test_cards_survive_pickling_for_worker_processes(shipped):
    import copy
    import pickle

    edited = shipped.set("enemies", "Rats", "health", 2)
    back = pickle.loads(pickle.dumps(edited))
    assert back == edited and back.version == 1 and back.game == "coop"
    assert back.cross_check is coop.cross_check
    assert copy.deepcopy(edited) == edited
    with pytest.raises(CardDataError):
        back.set("encounters", "RAT-1", "enemy", "Mice")
