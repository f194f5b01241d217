"""The card editor without a browser: undo, redo, revert and the diff, and saving the files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from polars.testing import assert_frame_equal

import workbench as wb
from workbench.widgets.editor_logic import EditSession


def snapshot(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


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
