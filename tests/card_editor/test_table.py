"""The card editor without a browser: sorting and filtering the table, the hints on its
columns, and the form."""

from __future__ import annotations

import json

import pytest

from workbench.cards import CardDataError

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
