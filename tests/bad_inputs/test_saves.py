"""Saving a card folder: every save lands whole or not at all, under a lock; a conflict names the
other writer; nothing outside the folder is ever touched, whatever a file inside it says.
"""

from __future__ import annotations

import json
import os
import shutil
from unittest import mock

import workbench as wb
from workbench.games.coop import cards as coop

from .cases import Lost, Silent, area_test, case, check, copy_coop, expect, snapshot


@case("saves")
def two_editors_on_one_folder(tmp):
    from workbench.widgets.editor_logic import EditSession

    d = copy_coop(tmp)
    s1, s2 = EditSession(coop.load(d)), EditSession(coop.load(d))
    s1.edit("enemies", "Rats", "health", 5)
    s1.save()
    s2.edit("loot", "SW-B", "damage", 3)
    with expect("ChangedOnDisk", "enemies.csv"):
        s2.save()
    check(coop.load(d).row("enemies", "Rats")["health"] == 5, "s1's edit was reverted")


@case("saves")
def spreadsheet_edit_after_loading(tmp):
    d = copy_coop(tmp)
    cards = coop.load(d)
    sheet = (d / "enemies.csv").read_text().replace("Rats,1,", "Rats,2,")
    (d / "enemies.csv").write_text(sheet)
    with expect("ChangedOnDisk", "enemies.csv", "changed"):
        cards.set("enemies", "Brutes", "health", 11).save()
    check((d / "enemies.csv").read_text() == sheet, "the spreadsheet's edit was overwritten")


@case("saves")
def interrupted_save_of_two_files(tmp):
    d = copy_coop(tmp)
    old = coop.load(d)
    # Rats leave the game: their encounters field Lankies instead (two files change).
    new = old
    for row in old["encounters"].filter(old["encounters"]["enemy"] == "Rats").iter_rows(named=True):
        new = new.set("encounters", row["id"], "enemy", "Lankies")
    new = new.without_row("enemies", "Rats")
    replace, calls = os.replace, []

    def dies_after_first(src, dst):
        if str(src).endswith(".tmp"):  # the journal's own atomic write
            return replace(src, dst)
        calls.append(dst)
        if len(calls) == 2:
            raise KeyboardInterrupt("killed between the two files")
        return replace(src, dst)

    os.replace = dies_after_first
    try:
        try:
            new.save()
        except BaseException:  # noqa: BLE001 - the interruption itself
            pass
    finally:
        os.replace = replace
    try:
        again = coop.load(d)
    except Exception as exc:
        raise Lost(f"the folder no longer loads: {str(exc)[:200]}") from exc
    check(again in (old, new), "the folder holds half of one save")
    leftovers = [p.name for p in d.iterdir() if p.name.startswith(".")]
    check(not leftovers, f"temporary files left: {leftovers}")


@case("saves")
def save_keeps_file_mode(tmp):
    d = copy_coop(tmp)
    os.chmod(d / "enemies.csv", 0o644)
    coop.load(d).set("enemies", "Rats", "health", 2).save()
    mode = os.stat(d / "enemies.csv").st_mode & 0o777
    check(mode == 0o644, f"the file's mode became {oct(mode)}", Silent)


@case("saves")
def save_through_symlink(tmp):
    d = copy_coop(tmp)
    real = tmp / "elsewhere.csv"
    shutil.move(d / "enemies.csv", real)
    (d / "enemies.csv").symlink_to(real)
    coop.load(d).set("enemies", "Rats", "health", 2).save()
    check((d / "enemies.csv").is_symlink(), "the link was replaced by a plain file", Silent)
    check("Rats,2," in real.read_text(), "the linked file was not written", Silent)


@case("saves")
def read_only_file(tmp):
    d = copy_coop(tmp)
    os.chmod(d / "enemies.csv", 0o444)
    before = snapshot(d)
    with expect("OSError", "enemies.csv", "read-only"):
        coop.load(d).set("enemies", "Rats", "health", 2).save()
    check(snapshot(d) == before, "files changed")


@case("saves")
def disk_full(tmp):
    import errno

    d = copy_coop(tmp)
    before = snapshot(d)
    cards = coop.load(d).set("enemies", "Rats", "health", 2).set("loot", "SW-B", "damage", 3)
    fsync = os.fsync

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    os.fsync = full
    try:
        with expect("OSError", ".csv", "disk is full"):
            cards.save()
    finally:
        os.fsync = fsync
    check(snapshot(d) == before, "files changed")


@case("saves")
def leftover_temporary_files_are_cleaned(tmp):
    d = copy_coop(tmp)
    (d / ".enemies.csv.dead1234.wbsave").write_text("half")
    coop.load(d)
    check(not (d / ".enemies.csv.dead1234.wbsave").exists(), "a temporary file was left", Silent)


@case("saves")
def a_journal_in_a_downloaded_folder_touches_nothing_outside_it(tmp):
    # A folder shared or downloaded with a save journal naming files elsewhere: as absolute
    # paths, with "..", through a link, and with a temporary file ready beside the victim.
    d = copy_coop(tmp)
    home = tmp / "home"
    home.mkdir()
    victim = home / ".bashrc"
    victim.write_text("mine")
    (home / "evil.wbsave").write_text("theirs")
    (home / "..bashrc.deadbeef.wbsave").write_text("theirs")
    (d / "link.csv").symlink_to(victim)
    (d / ".link.csv.deadbeef.wbsave").symlink_to(victim)
    (d / ".workbench-save.json").write_text(
        json.dumps(
            {
                "renames": [
                    [str(home / "evil.wbsave"), str(victim)],
                    ["../home/.bashrc", "deadbeef"],
                    ["link.csv", "deadbeef"],
                    [str(victim), "deadbeef"],
                ]
            }
        )
    )
    outside = snapshot(home)
    coop.load(d)
    check(snapshot(home) == outside, "a file outside the folder was replaced or removed", Lost)
    check(victim.read_text() == "mine", "the linked file was overwritten", Lost)


@case("saves")
def a_spreadsheet_save_killed_halfway_leaves_nothing_behind(tmp):
    d = copy_coop(tmp)
    book = tmp / "coop.xlsx"
    coop.load(d).save(book)
    (tmp / ".coop.xlsx.dead1234.wbsave").write_bytes(b"half")
    (tmp / ".other.xlsx.dead1234.wbsave").write_bytes(b"someone else's")
    coop.load(book)
    check(not (tmp / ".coop.xlsx.dead1234.wbsave").exists(), "a temporary file was left", Silent)
    check((tmp / ".other.xlsx.dead1234.wbsave").exists(), "another file's was removed", Lost)


@case("saves")
def a_folder_given_as_a_number(tmp):
    cards = wb.load_cards("coop")
    for bad in (5, True, ["cards"]):
        with expect("TypeError", "save", "folder", type(bad).__name__):
            cards.save(bad)
    with expect("TypeError", "force", "'yes'"):
        cards.save(tmp, force="yes")
    check(not any(tmp.iterdir()), "something was written")


@case("saves")
def a_file_that_cannot_be_written_stops_the_save_before_any_file(tmp):
    import errno

    d = copy_coop(tmp)
    cards = coop.load(d).set("classes", "Melee", "health", 13).set("enemies", "Brutes", "health", 8)
    before = snapshot(d)
    original = os.open

    def immutable(path, flags, *args, **kwargs):  # as `chattr +i` makes a file
        if str(path).endswith("enemies.csv") and flags & os.O_WRONLY:
            raise PermissionError(errno.EPERM, "Operation not permitted", str(path))
        return original(path, flags, *args, **kwargs)

    with (
        mock.patch.object(os, "open", immutable),
        expect("CardSaveError", "enemies.csv", "permission denied", "nothing was saved"),
    ):
        cards.save()
    check(snapshot(d) == before, "a file was written before the save stopped")


@case("saves")
def a_save_to_a_file_name_or_to_nothing(tmp):
    cards = wb.load_cards("coop").set("enemies", "Brutes", "health", 8)
    with expect("ValueError", "enemies.csv", "folder"):
        cards.save(tmp / "enemies.csv")
    for blank in ("", "  "):
        with expect("ValueError", "save", "folder"):
            cards.save(blank)
    check(not any(tmp.iterdir()), "something was written")


@case("saves")
def a_save_to_a_document_name(tmp):
    cards = wb.load_cards("coop")
    for name in ("cards.json", "cards.pdf", "cards.txt"):
        with expect("ValueError", name, "folder"):
            cards.save(tmp / name)
    check(not any(tmp.iterdir()), "a folder named like a document was made")


test_bad_input = area_test(__name__)
