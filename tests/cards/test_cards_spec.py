"""TableSpec readings for UI hints, a game-agnostic table, and where shipped data is found."""

from __future__ import annotations

from pathlib import Path

import pandera.polars as pa
import polars as pl
import pytest

from workbench.cards import CardDataError, TableSpec, data_dir, load
from workbench.cards import paths as cardpaths
from workbench.games.coop import cards as coop

SPELLS = {
    "spells": TableSpec(
        file="spells.csv",
        key="code",
        doc="A made-up table with dtypes the co-op game does not use.",
        schema=pa.DataFrameSchema(
            {
                "code": pa.Column(pl.Int64, pa.Check.gt(0), description="Spell number"),
                "power": pa.Column(pl.Float64, pa.Check.in_range(0.0, 1.0), description="Chance"),
                "note": pa.Column(pl.String, nullable=True, description="Remark"),
                "rare": pa.Column(pl.Boolean, nullable=True, description="Rare?"),
                "school": pa.Column(
                    pl.String,
                    pa.Check(
                        lambda data: data.lazyframe.select(pl.col(data.key).str.len_chars() <= 5),
                        error="at most 5 letters",
                    ),
                    description="School",
                ),
            }
        ),
    ),
}


def test_hints_read_back_the_schema():
    loot = coop.TABLES["loot"]
    assert loot.hint("dodge") == {
        "column": "dodge",
        "dtype": "integer",
        "min": -10,
        "max": 10,
        "choices": None,
        "nullable": False,
        "unique": False,
        "doc": "Added to the wielder's maximum Dodge (negative lowers it)",
        "expected": "an integer from -10 to 10",
    }
    assert loot.hint("family")["choices"] == ["Sword", "Dagger", "Bow", "Armor", "Spell", "Shield"]
    assert loot.hint("id")["unique"] is True
    assert coop.TABLES["enemies"].hint("health")["min"] == 1
    assert coop.TABLES["enemies"].hint("health")["max"] is None
    assert coop.TABLES["encounters"].hint("first_allowed")["dtype"] == "boolean"
    assert loot.header[:3] == ("id", "name", "family")
    assert loot.columns["copies"] == "Cards of this item in the loot deck"


def test_expected_words_for_other_checks():
    spec = SPELLS["spells"]
    assert spec.expected("code") == "an integer > 0"
    assert spec.hint("code")["min"] == 1
    assert spec.expected("power") == "a number from 0.0 to 1.0"
    assert spec.expected("note") == "text, or a blank cell"
    assert spec.expected("school") == "text (at most 5 letters)"


def test_key_column_is_always_unique_and_required():
    spec = TableSpec("x.csv", "k", pa.DataFrameSchema({"k": pa.Column(pl.String, nullable=True)}))
    assert spec.schema.columns["k"].unique and not spec.schema.columns["k"].nullable
    with pytest.raises(ValueError, match="key column 'id'"):
        TableSpec("x.csv", "id", pa.DataFrameSchema({"k": pa.Column(pl.String)}))


def test_a_table_with_floats_blanks_and_custom_checks(tmp_path: Path):
    text = "code,power,note,rare,school\n1,0.5,,true,fire\n2,1.0,old,,ice\n"
    (tmp_path / "spells.csv").write_text(text)
    cards = load(SPELLS, tmp_path, game="spells")
    frame = cards["spells"]
    assert frame.schema == pl.Schema(
        {
            "code": pl.Int64,
            "power": pl.Float64,
            "note": pl.String,
            "rare": pl.Boolean,
            "school": pl.String,
        }
    )
    assert frame.rows() == [(1, 0.5, None, True, "fire"), (2, 1.0, "old", None, "ice")]
    out = tmp_path / "out"
    cards.save(out)
    assert (out / "spells.csv").read_text() == text
    assert cards.set("spells", 2, "note", "").row("spells", 2)["note"] is None

    (tmp_path / "spells.csv").write_text(
        "code,power,note,rare,school\n0,1.5,,true,necromancy\n2,half,,,ice\n"
    )
    with pytest.raises(CardDataError) as info:
        load(SPELLS, tmp_path, game="spells")
    assert [(p.row, p.column, p.value) for p in info.value.problems] == [
        (2, "code", 0),
        (2, "power", 1.5),
        (2, "school", "necromancy"),
        (3, "power", "half"),
    ]
    assert "'necromancy' is not allowed; expected text (at most 5 letters)" in str(info.value)


def test_data_dir_finds_the_checkout_data():
    found = data_dir("coop")
    assert found == Path(__file__).resolve().parents[2] / "data" / "coop"
    assert (found / "loot.csv").is_file()


def test_data_dir_prefers_data_packaged_in_the_wheel(tmp_path, monkeypatch):
    package = tmp_path / "site-packages" / "workbench"
    (package / "_data" / "coop").mkdir(parents=True)
    monkeypatch.setattr(cardpaths, "_PACKAGE", package)
    assert data_dir("coop") == package / "_data" / "coop"
    with pytest.raises(FileNotFoundError, match="no card data for the game 'chess'"):
        data_dir("chess")


@pytest.mark.parametrize("name", ["", "..", "../coop", "a/b"])
def test_data_dir_rejects_paths(name):
    with pytest.raises(ValueError, match="is not a game name"):
        data_dir(name)
