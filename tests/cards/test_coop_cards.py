"""The shipped co-op card tables match the rules (workbench/games/coop/rules.md, section 1)."""

from __future__ import annotations

import polars as pl

from workbench.cards import data_dir
from workbench.games.coop import cards as coop


def test_row_counts(shipped):
    assert shipped.tables == ("classes", "enemies", "encounters", "loot", "battles")
    assert shipped["classes"].height == 2
    assert shipped["enemies"].height == 6
    assert shipped["encounters"].height == 30
    assert shipped["loot"]["copies"].sum() == 60
    assert shipped["loot"].height == 30


def test_loot_family_totals(shipped):
    totals = dict(shipped["loot"].group_by("family").agg(pl.col("copies").sum()).iter_rows())
    assert totals == {"Sword": 10, "Dagger": 10, "Bow": 8, "Shield": 8, "Armor": 14, "Spell": 10}
    uniques = shipped["loot"].filter(pl.col("tier") == "Unique")
    assert uniques.height == 6 and uniques["copies"].to_list() == [1] * 6


def test_classes(shipped):
    assert shipped["classes"].rows() == [
        ("Melee", 10, 2, 5, 2, "melee", 1, 3),
        ("Ranged", 10, 1, 7, 1, "ranged", 1, 3),
    ]


def test_enemies(shipped):
    rows = {r[0]: r[1:] for r in shipped["enemies"].rows()}
    assert rows == {
        "Rats": (1, 0, 4, 1, "melee", 1, 10),
        "Lankies": (4, 1, 6, 2, "melee", 1, 10),
        "Steppons": (6, 2, 4, 5, "melee", 2, 10),
        "Growlers": (6, 4, 3, 4, "melee", 2, 10),
        "Brutes": (10, 7, 2, 3, "melee", 2, 10),
        "Shankers": (3, 1, 7, 6, "melee", 3, 10),
    }


def test_encounter_spot_values(shipped):
    enc = {r["id"]: r for r in shipped["encounters"].iter_rows(named=True)}
    assert list(enc)[:2] == ["RAT-1", "RAT-2"] and list(enc)[-1] == "SHA-5"
    assert enc["RAT-2"] == {
        "id": "RAT-2",
        "enemy": "Rats",
        "base": 6,
        "reinforcements": 0,
        "loot": 2,
        "first_allowed": True,
    }
    assert (enc["STE-5"]["base"], enc["STE-5"]["reinforcements"], enc["STE-5"]["loot"]) == (3, 2, 5)
    assert (enc["BRU-5"]["base"], enc["BRU-5"]["reinforcements"], enc["BRU-5"]["loot"]) == (6, 2, 7)
    assert enc["RAT-4"]["first_allowed"] and not enc["RAT-5"]["first_allowed"]
    per_enemy = shipped["encounters"].group_by("enemy").len()
    assert set(per_enemy["len"].to_list()) == {5}
    # the cards allowed first are exactly those with loot 2 or 3.
    enc_frame = shipped["encounters"]
    allowed = enc_frame.filter("first_allowed")["id"].to_list()
    assert allowed == enc_frame.filter(pl.col("loot").is_in([2, 3]))["id"].to_list()
    assert len(allowed) == 11


def test_loot_spot_values(shipped):
    loot = {r["id"]: r for r in shipped["loot"].iter_rows(named=True)}
    assert len(loot) == 30
    longbow = loot["BW-L"]
    assert (longbow["dice"], longbow["damage"], longbow["dodge"], longbow["hands"]) == (2, 5, -1, 2)
    assert (loot["SW-S"]["dice"], loot["SW-S"]["damage"]) == (1, 6)
    bow = loot["BW-U"]
    assert (bow["dice"], bow["hits"], bow["damage"], bow["special"]) == (0, 2, 3, "auto_hits")
    assert [loot[f"SP-H{i}"]["heal"] for i in (1, 2, 3)] == [2, 4, 6]
    assert loot["DG-U"]["damage_type"] == "ranged" and loot["DG-U"]["special"] == "ranged_dagger"
    assert (loot["AR-P"]["armor"], loot["AR-P"]["dodge"], loot["AR-P"]["hands"]) == (6, -3, 0)
    assert loot["SH-U"]["special"] == "reflect_half" and loot["SP-U"]["special"] == "heal_on_hit"
    assert loot["AR-U"]["special"] == "regen_round"
    assert loot["SW-U"]["special"] == "double_own_damage"
    hands = shipped["loot"].group_by("family").agg(pl.col("hands").unique())
    assert {f: h for f, h in hands.iter_rows()} == {
        "Sword": [1],
        "Dagger": [1],
        "Bow": [2],
        "Armor": [0],
        "Spell": [1],
        "Shield": [1],
    }


def test_spell_tiers_have_one_of_each(shipped):
    spells = shipped["loot"].filter(pl.col("family") == "Spell", pl.col("tier") != "Unique")
    for tier in ("Minor", "Major", "Master"):
        names = sorted(spells.filter(pl.col("tier") == tier)["name"].str.split(" ").list.first())
        assert names == ["Fire", "Healing", "Ice"]


def test_battles(shipped):
    assert shipped["battles"].rows() == [(2, 3), (3, 5), (4, 7), (5, 10)]


def test_every_column_is_described():
    for spec in coop.TABLES.values():
        assert all(spec.columns.values()), spec.file


def test_load_defaults_to_shipped_data(shipped):
    assert shipped.source == data_dir("coop")
    assert shipped.game == "coop" and shipped.version == 0
    assert coop.load(data_dir("coop")) == shipped
