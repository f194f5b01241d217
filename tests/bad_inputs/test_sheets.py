"""Print-and-play sheets: options are checked for their type (a number is not a yes or no), and a
sheet saved to a name the user gave goes where that name points, never over a read-only file.
"""

from __future__ import annotations

import os

import workbench as wb

from .cases import Lost, Silent, area_test, case, check, expect


@case("sheets")
def copies_is_yes_or_no(tmp):
    cards = wb.load_cards("coop")
    for bad in (10**6, "none", 0):
        with expect("TypeError", "copies", repr(bad)):
            cards.sheet("enemies", copies=bad)
    with expect("TypeError", "bleed"):
        cards.sheet("enemies", bleed=True)


@case("sheets")
def a_sheet_saved_over_a_read_only_file(tmp):
    target = tmp / "cards.pdf"
    target.write_bytes(b"the last printed sheet")
    os.chmod(target, 0o444)
    with expect("PermissionError", "cards.pdf", "read-only"):
        wb.load_cards("coop").sheet("enemies").save(target)
    check(target.read_bytes() == b"the last printed sheet", "the read-only file was replaced")


@case("sheets")
def a_sheet_saved_through_a_link(tmp):
    real = tmp / "printing" / "cards.pdf"
    real.parent.mkdir()
    real.write_bytes(b"old")
    os.chmod(real, 0o640)
    link = tmp / "cards.pdf"
    link.symlink_to(real)
    wb.load_cards("coop").sheet("enemies").save(link)
    check(link.is_symlink(), "the link was replaced by a plain file", Silent)
    check(real.read_bytes().startswith(b"%PDF"), "the linked file was not written", Silent)
    check(os.stat(real).st_mode & 0o777 == 0o640, "the file's permissions changed", Lost)


@case("sheets")
def a_table_named_by_a_number(tmp):
    with expect("TypeError", "table", "enemies", "5"):
        wb.load_cards("coop").sheet(5)


@case("sheets")
def a_page_the_sheet_does_not_have(tmp):
    sheet = wb.load_cards("coop").sheet("enemies")
    with expect("ValueError", "page 99", f"0 to {len(sheet.pages) - 1}"):
        sheet.svg(99)


@case("sheets")
def changes_since_another_games_cards(tmp):
    with expect("ValueError", "since", "coop", "correction"):
        wb.load_cards("coop").sheet("enemies", since=wb.load_cards("correction"))


test_bad_input = area_test(__name__)
