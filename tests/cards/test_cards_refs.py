"""References declared in TableSpec.refs: declaring them, and the one check every CardSet runs."""

from __future__ import annotations

import json
from pathlib import Path

import pandera.polars as pa
import polars as pl
import pytest

from workbench.cards import CardDataError, CardSet, Ref, TableSpec, load, text_column


def _zoo(**pens_refs) -> dict[str, TableSpec]:
    """A made-up game: keepers look after animals kept in pens."""
    refs = pens_refs or {"animal": "animals.name", "keeper": Ref("keepers.name", also=("nobody",))}
    return {
        "animals": TableSpec(
            file="animals.csv",
            key="name",
            schema=pa.DataFrameSchema(
                {
                    "name": text_column("Animal", unique=True),
                }
            ),
        ),
        "keepers": TableSpec(
            file="keepers.csv",
            key="name",
            schema=pa.DataFrameSchema(
                {
                    "name": text_column("Keeper", unique=True),
                    "badge": pa.Column(pl.Int64, unique=True, description="Badge number"),
                }
            ),
        ),
        "pens": TableSpec(
            file="pens.csv",
            key="id",
            refs=refs,
            schema=pa.DataFrameSchema(
                {
                    "id": text_column("Pen", unique=True),
                    "animal": text_column("Animal kept there, from animals.csv"),
                    "keeper": text_column("Keeper, from keepers.csv, or 'nobody'", nullable=True),
                    "badge": pa.Column(pl.Int64, nullable=True, description="A keeper's badge"),
                }
            ),
        ),
    }


ANIMALS = "name\nLion\nZebra\nOkapi\n"
KEEPERS = "name,badge\nAda,1\nBo,2\n"
PENS = "id,animal,keeper,badge\nP1,Lion,Ada,1\nP2,Zebra,,\nP3,Okapi,nobody,2\n"


def _write(folder: Path, pens: str = PENS) -> Path:
    (folder / "animals.csv").write_text(ANIMALS)
    (folder / "keepers.csv").write_text(KEEPERS)
    (folder / "pens.csv").write_text(pens)
    return folder


@pytest.fixture
def zoo(tmp_path: Path) -> CardSet:
    return load(_zoo(), _write(tmp_path), game="zoo")


def rejected(call) -> CardDataError:
    with pytest.raises(CardDataError) as info:
        call()
    return info.value


def test_a_reference_is_a_string_or_a_ref():
    spec = _zoo()["pens"]
    assert spec.refs == {"animal": Ref("animals.name"), "keeper": Ref("keepers.name", ("nobody",))}
    assert (spec.refs["animal"].table, spec.refs["animal"].column) == ("animals", "name")


def test_declaring_a_reference_badly_fails_at_once():
    with pytest.raises(ValueError, match="'animals' must be written 'table.column'"):
        Ref("animals")
    with pytest.raises(ValueError, match="pens.csv: reference column.s. cage not in the schema"):
        _zoo(cage="animals.name")


@pytest.mark.parametrize(
    "refs, words",
    [
        (
            {"animal": "beasts.name"},
            "pens.csv: column 'animal' refers to 'beasts.name', but there is no table 'beasts'; "
            "the tables are animals, keepers, pens",
        ),
        ({"animal": "animals.kind"}, "but animals.csv has no column 'kind'"),
        ({"badge": "pens.badge"}, "but pens.badge is not unique"),
        ({"animal": "keepers.badge"}, "hold different types (String and Int64)"),
    ],
)
def test_a_reference_the_tables_cannot_satisfy_is_a_programming_error(tmp_path, refs, words):
    specs = _zoo(**refs)
    # Raised before any file is read: it is the game's code that is wrong, not the data.
    with pytest.raises(ValueError) as info:
        load(specs, tmp_path / "nowhere", game="zoo")
    assert words in str(info.value)
    with pytest.raises(ValueError, match="refers to"):
        CardSet.from_json({"tables": {}}, specs, "zoo")


def test_blanks_and_declared_extras_are_not_references(zoo):
    assert zoo["pens"]["keeper"].to_list() == ["Ada", None, "nobody"]
    assert zoo.set("pens", "P1", "keeper", "").row("pens", "P1")["keeper"] is None
    # An extra value is allowed only where it is declared.
    err = rejected(lambda: zoo.set("pens", "P1", "animal", "nobody"))
    assert "'nobody' is not in animals.csv" in str(err)


def test_a_bad_reference_on_load_names_file_line_card_column_value_and_the_names(tmp_path):
    # The blank line keeps the report on the line a spreadsheet shows, not the row number.
    _write(tmp_path, "id,animal,keeper,badge\nP1,Lion,Ada,1\n\nP2,Zebar,Cy,\n")
    err = rejected(lambda: load(_zoo(), tmp_path, game="zoo"))
    assert [(p.file, p.row, p.card, p.column, p.value) for p in err.problems] == [
        ("pens.csv", 4, "P2", "animal", "Zebar"),
        ("pens.csv", 4, "P2", "keeper", "Cy"),
    ]
    assert str(err).splitlines()[1:] == [
        "  - pens.csv line 4 (P2), column 'animal': 'Zebar' is not in animals.csv; "
        "expected a name from animals.csv (Lion, Zebra, Okapi)",
        "  - pens.csv line 4 (P2), column 'keeper': 'Cy' is not in keepers.csv; "
        "expected a name from keepers.csv (Ada, Bo) or 'nobody', or a blank cell",
    ]


def test_saved_cards_are_checked_the_same_way(zoo):
    data = zoo.to_json()
    data["tables"]["pens"]["animal"][2] = "Unicorn"
    err = rejected(lambda: CardSet.from_json(json.dumps(data), zoo.specs, "zoo"))
    assert str(err) == (
        "pens.csv line 4 (P3), column 'animal': 'Unicorn' is not in animals.csv; "
        "expected a name from animals.csv (Lion, Zebra, Okapi)"
    )


def test_an_edit_that_breaks_a_reference_is_refused_and_changes_nothing(zoo):
    before = zoo.fingerprint()
    err = rejected(lambda: zoo.set("pens", "P2", "animal", "Unicorn"))
    assert err.problems[0].value == "Unicorn" and err.problems[0].row == 3
    err = rejected(lambda: zoo.with_row("pens", {"id": "P4", "animal": "Yak"}))
    assert "pens.csv line 5 (P4), column 'animal': 'Yak' is not in animals.csv" in str(err)
    assert zoo.fingerprint() == before and zoo.version == 0


def test_removing_or_renaming_a_named_card_is_refused_naming_who_uses_it(zoo):
    err = rejected(lambda: zoo.without_row("animals", "Zebra"))
    assert str(err) == (
        "Removing animals card 'Zebra' rejected; nothing was changed:\n"
        "  - pens.csv line 3 (P2), column 'animal': 'Zebra' is no longer in animals.csv; "
        "expected a name from animals.csv (Lion, Okapi)"
    )
    err = rejected(lambda: zoo.set("keepers", "Ada", "name", "Adah"))
    assert [(p.card, p.column, p.issue) for p in err.problems] == [
        ("P1", "keeper", "is no longer in keepers.csv")
    ]
    # A card nobody names may go.
    assert zoo.without_row("keepers", "Bo")["keepers"]["name"].to_list() == ["Ada"]


def test_a_reference_is_checked_before_the_games_own_cross_check(tmp_path):
    seen = []

    def cross_check(cards):
        seen.append(cards["pens"]["animal"].to_list())
        return []

    _write(tmp_path, "id,animal,keeper,badge\nP1,Gnu,,\n")
    err = rejected(lambda: load(_zoo(), tmp_path, game="zoo", cross_check=cross_check))
    # Both run, so every problem is reported at once; the game check sees the bad name.
    assert err.problems[0].value == "Gnu" and seen == [["Gnu"]]


def test_what_a_referencing_column_may_hold(zoo):
    assert zoo.allowed("pens", "animal") == ["Lion", "Zebra", "Okapi"]
    assert zoo.allowed("pens", "keeper") == ["Ada", "Bo", "nobody"]
    assert zoo.allowed("pens", "id") is None
    hint = zoo.hint("pens", "keeper")
    assert hint["choices"] == [None, "Ada", "Bo", "nobody"]
    assert hint["expected"] == "a name from keepers.csv (Ada, Bo) or 'nobody', or a blank cell"
    # The names follow the cards.
    more = zoo.with_row("animals", {"name": "Yak"})
    assert more.hint("pens", "animal")["choices"] == ["Lion", "Zebra", "Okapi", "Yak"]
    assert zoo.hint("pens", "badge") == zoo.specs["pens"].hint("badge")
