"""Saving: canonical CSV text, exact round trips, and no half-written files."""

from __future__ import annotations

import os

import pytest

from workbench.cards import data_dir
from workbench.games.coop import cards as coop

FILES = ["classes.csv", "enemies.csv", "encounters.csv", "loot.csv", "battles.csv"]


def snapshot(directory):
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


def test_load_save_is_byte_identical(shipped, tmp_path):
    written = shipped.save(tmp_path)
    assert sorted(p.name for p in written) == sorted(FILES)
    assert snapshot(tmp_path) == snapshot(data_dir("coop"))


def test_saving_unchanged_cards_touches_nothing(coop_dir):
    cards = coop.load(coop_dir)
    before = {p.name: p.stat().st_mtime_ns for p in coop_dir.iterdir()}
    assert cards.save() == []
    assert {p.name: p.stat().st_mtime_ns for p in coop_dir.iterdir()} == before


def test_edit_save_load_gives_identical_frames(coop_dir):
    cards = coop.load(coop_dir)
    edited = (
        cards.set("enemies", "Brutes", "health", "12")
        .set("encounters", "BRU-1", "first_allowed", True)
        .set("loot", "SW-B", "text", 'Says "hello", with a comma')
    )
    written = edited.save()
    assert sorted(p.name for p in written) == ["encounters.csv", "enemies.csv", "loot.csv"]
    again = coop.load(coop_dir)
    assert again == edited and again.version == 0
    for table in edited:
        assert again[table].schema == edited[table].schema
        assert again[table].equals(edited[table])
    text = (coop_dir / "enemies.csv").read_text()
    assert "Brutes,12,7,2,3,melee,2,10\n" in text and ".0" not in text
    assert "BRU-1,Brutes,3,0,4,true\n" in (coop_dir / "encounters.csv").read_text()
    assert '"Says ""hello"", with a comma"' in (coop_dir / "loot.csv").read_text()
    assert edited.diff(again).height == 0


def test_save_rewrites_spreadsheet_exports_in_canonical_form(coop_dir):
    path = coop_dir / "battles.csv"
    canonical = path.read_bytes()
    path.write_bytes(b"\xef\xbb\xbfbattles , players\r\n3,2\r\n5,3\r\n7,4\r\n10,5\r\n")
    cards = coop.load(coop_dir)
    assert cards.save() == [path]
    assert path.read_bytes() == canonical


def test_failed_rename_keeps_the_old_file(coop_dir, monkeypatch):
    cards = coop.load(coop_dir).set("enemies", "Rats", "health", 3)
    before = snapshot(coop_dir)

    def broken(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="disk full"):
        cards.save()
    assert snapshot(coop_dir) == before


def test_failed_write_keeps_the_old_file(coop_dir, monkeypatch):
    cards = coop.load(coop_dir).set("loot", "BW-L", "dice", 3)
    before = snapshot(coop_dir)

    def broken(fd):
        raise OSError("I/O error")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(OSError, match="I/O error"):
        cards.save()
    assert snapshot(coop_dir) == before
    monkeypatch.undo()
    cards.save()
    assert coop.load(coop_dir) == cards


def test_save_needs_a_folder_when_cards_did_not_come_from_one(shipped, tmp_path):
    from workbench.cards import CardSet

    embedded = CardSet.from_json(shipped.to_json(), coop.TABLES, "coop")
    assert embedded.source is None
    with pytest.raises(ValueError, match="pass a directory"):
        embedded.save()
    embedded.save(tmp_path / "new" / "folder")
    assert coop.load(tmp_path / "new" / "folder") == shipped
