"""Broken card files give one CardDataError that names file, line, column, value and the rule."""

from __future__ import annotations

import csv
import io
import shutil
import tempfile
from pathlib import Path

from _cardfiles import load_error, replace_line, set_cell
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.cards import CardDataError, Problem, data_dir
from workbench.games.coop import cards as coop


def only(error) -> Problem:
    assert len(error.problems) == 1, error.problems
    return error.problems[0]


def test_word_in_integer_column(coop_dir):
    set_cell(coop_dir / "enemies.csv", 3, "health", "ten")
    err = load_error(coop_dir)
    p = only(err)
    assert (p.file, p.table, p.row, p.card, p.column, p.value) == (
        "enemies.csv",
        "enemies",
        3,
        "Lankies",
        "health",
        "ten",
    )
    assert str(err) == (
        "enemies.csv line 3 (Lankies), column 'health': 'ten' is not a number; "
        "expected an integer >= 1"
    )


def test_negative_health(coop_dir):
    set_cell(coop_dir / "enemies.csv", 6, "health", "-2")
    err = load_error(coop_dir)
    p = only(err)
    assert (p.row, p.card, p.column, p.value) == (6, "Brutes", "health", -2)
    assert str(err) == (
        "enemies.csv line 6 (Brutes), column 'health': -2 is not allowed; expected an integer >= 1"
    )


def test_missing_column(coop_dir):
    path = coop_dir / "classes.csv"
    rows = [line.split(",") for line in path.read_text().splitlines()]
    path.write_text("\n".join(",".join(r[:3] + r[4:]) for r in rows) + "\n")  # drop dodge
    p = only(load_error(coop_dir))
    assert (p.file, p.column) == ("classes.csv", "dodge")
    assert "column 'dodge' is missing from the header" in str(p)
    assert "name,health,armor,dodge,damage,damage_type,dice,copies" in str(p)


def test_extra_column(coop_dir):
    path = coop_dir / "battles.csv"
    rows = path.read_text().splitlines()
    path.write_text("\n".join([rows[0] + ",notes"] + [r + ",x" for r in rows[1:]]) + "\n")
    p = only(load_error(coop_dir))
    assert (p.file, p.column) == ("battles.csv", "notes")
    assert str(p) == (
        "battles.csv: the column 'notes' is not part of the battles table; "
        "expected only the columns players,battles"
    )


def test_duplicate_name(coop_dir):
    replace_line(coop_dir / "enemies.csv", 7, "Rats,3,1,7,6,melee,3,10")
    err = load_error(coop_dir)
    p = only(err)
    assert (p.file, p.row, p.column, p.value) == ("enemies.csv", 7, "name", "Rats")
    assert "enemies.csv line 7 (Rats), column 'name': 'Rats' is already used on line 2" in str(err)


def test_unknown_enemy_in_encounters(coop_dir):
    set_cell(coop_dir / "encounters.csv", 8, "enemy", "Goblins")
    err = load_error(coop_dir)
    p = only(err)
    assert (p.file, p.row, p.card, p.column, p.value) == (
        "encounters.csv",
        8,
        "LAN-2",
        "enemy",
        "Goblins",
    )
    assert (
        "'Goblins' is not in enemies.csv; expected a name from enemies.csv (Rats, Lankies"
        in str(err)
    )


def test_bad_enum(coop_dir):
    set_cell(coop_dir / "classes.csv", 3, "damage_type", "magic")
    err = load_error(coop_dir)
    p = only(err)
    assert (p.file, p.row, p.card, p.column, p.value) == (
        "classes.csv",
        3,
        "Ranged",
        "damage_type",
        "magic",
    )
    assert str(err).endswith("'magic' is not allowed; expected one of melee, ranged")


def test_empty_file(coop_dir):
    (coop_dir / "loot.csv").write_text("")
    p = only(load_error(coop_dir))
    assert p.file == "loot.csv"
    assert str(p).startswith("loot.csv: the file is empty; expected a header line id,name,")


def test_header_without_cards(coop_dir):
    (coop_dir / "battles.csv").write_text("players,battles\n")
    p = only(load_error(coop_dir))
    assert str(p) == "battles.csv: has 0 card(s) below the header; expected at least 1"


def test_missing_file(coop_dir):
    (coop_dir / "battles.csv").unlink()
    p = only(load_error(coop_dir))
    assert p.file == "battles.csv"
    assert f"battles.csv: file not found in {coop_dir}" in str(p)


def test_blank_cell_in_required_column(coop_dir):
    set_cell(coop_dir / "encounters.csv", 12, "loot", "")
    p = only(load_error(coop_dir))
    assert (p.row, p.card, p.column, p.value) == (12, "STE-1", "loot", "")
    assert str(p) == (
        "encounters.csv line 12 (STE-1), column 'loot': a blank cell is not "
        "allowed; expected an integer >= 0"
    )


def test_float_in_integer_column(coop_dir):
    set_cell(coop_dir / "loot.csv", 4, "damage", "2.5")
    p = only(load_error(coop_dir))
    assert (p.file, p.row, p.card, p.column, p.value) == ("loot.csv", 4, "SW-S", "damage", "2.5")
    assert "'2.5' is not a whole number" in str(p)


def test_boolean_garbage(coop_dir):
    set_cell(coop_dir / "encounters.csv", 2, "first_allowed", "maybe")
    p = only(load_error(coop_dir))
    assert (p.row, p.card, p.column, p.value) == (2, "RAT-1", "first_allowed", "maybe")
    assert str(p).endswith("'maybe' is not true or false; expected true or false")


def test_dice_out_of_range(coop_dir):
    set_cell(coop_dir / "enemies.csv", 7, "dice", "7")
    p = only(load_error(coop_dir))
    assert (p.row, p.card, p.column, p.value) == (7, "Shankers", "dice", 7)
    assert str(p).endswith("7 is not allowed; expected an integer from 0 to 6")


def test_several_problems_in_several_files_are_all_reported(coop_dir):
    set_cell(coop_dir / "enemies.csv", 2, "armor", "-1")
    set_cell(coop_dir / "enemies.csv", 4, "dodge", "x")
    set_cell(coop_dir / "loot.csv", 10, "tier", "Epic")
    set_cell(coop_dir / "loot.csv", 11, "hands", "3")
    (coop_dir / "battles.csv").unlink()
    err = load_error(coop_dir)
    where = {(p.file, p.row, p.column) for p in err.problems}
    assert where == {
        ("enemies.csv", 2, "armor"),
        ("enemies.csv", 4, "dodge"),
        ("loot.csv", 10, "tier"),
        ("loot.csv", 11, "hands"),
        ("battles.csv", None, None),
    }
    text = str(err)
    assert text.startswith("5 problems in the card data:")
    for fragment in (
        "enemies.csv line 2 (Rats), column 'armor'",
        "'x' is not a number",
        "'Epic' is not allowed",
        "line 11 (BW-L), column 'hands': 3",
        "battles.csv: file not found",
    ):
        assert fragment in text


def test_line_with_too_many_cells(coop_dir):
    replace_line(
        coop_dir / "loot.csv",
        3,
        "SW-I,Iron Sword,Sword,Middle,3,1,1,4,melee,0,0,0,0,none,One hand, with an unquoted comma.",
    )
    p = only(load_error(coop_dir))
    assert (p.file, p.row) == ("loot.csv", 3)
    assert "this line has 16 cells but the header has 15 columns" in str(p)


def test_repeated_header_column(coop_dir):
    path = coop_dir / "battles.csv"
    path.write_text("players,battles,battles\n2,3,3\n3,5,5\n4,7,7\n5,10,10\n")
    p = only(load_error(coop_dir))
    assert "column 'battles' appears more than once in the header" in str(p)


def test_not_utf8(coop_dir):
    path = coop_dir / "classes.csv"
    path.write_bytes(path.read_bytes().replace(b"Melee", b"M\xe9l\xe9e"))
    p = only(load_error(coop_dir))
    assert (p.file, p.row) == ("classes.csv", 2)
    assert "is not UTF-8 text" in str(p)


def test_blank_lines_are_skipped_but_counted(coop_dir):
    path = coop_dir / "enemies.csv"
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:3] + ["", ",,,,,,,"] + lines[3:]) + "\n")
    set_cell(path, 7, "health", "0")  # Growlers, pushed down two lines
    p = only(load_error(coop_dir))
    assert (p.row, p.card, p.value) == (7, "Growlers", 0)


def test_quoted_text_with_line_break_keeps_line_numbers(coop_dir):
    path = coop_dir / "loot.csv"
    text = path.read_text().replace(
        "One hand. Roll 1 die; a hit adds 2 melee damage.", '"One hand.\nRoll 1 die."', 1
    )
    path.write_text(text)
    set_cell(path, 4, "copies", "-1")  # SW-I now starts on line 4
    p = only(load_error(coop_dir))
    assert (p.row, p.card, p.column) == (4, "SW-I", "copies")


def test_battles_must_cover_every_player_count(coop_dir):
    path = coop_dir / "battles.csv"
    path.write_text("players,battles\n2,3\n3,5\n4,7\n")
    p = only(load_error(coop_dir))
    assert (p.file, p.column) == ("battles.csv", "players")
    assert "no line for 5 players" in str(p)


def test_no_first_encounter_allowed(coop_dir):
    path = coop_dir / "encounters.csv"
    path.write_text(path.read_text().replace(",true", ",false"))
    p = only(load_error(coop_dir))
    assert (p.file, p.column) == ("encounters.csv", "first_allowed")


def test_encounter_needs_more_enemy_cards_than_exist(coop_dir):
    set_cell(coop_dir / "encounters.csv", 26, "base", "9")  # BRU-5: 9 + 2 reinforcements
    p = only(load_error(coop_dir))
    assert (p.row, p.card, p.column, p.value) == (26, "BRU-5", "base", 9)
    assert "needs 11 Brutes cards; expected at most 10" in str(p)


def test_heal_on_a_sword(coop_dir):
    set_cell(coop_dir / "loot.csv", 2, "heal", "2")
    p = only(load_error(coop_dir))
    assert (p.row, p.card, p.column, p.value) == (2, "SW-B", "heal", 2)
    assert "expected 0 (only spells heal)" in str(p)


def test_special_on_the_wrong_family(coop_dir):
    set_cell(coop_dir / "loot.csv", 2, "special", "reflect_half")
    p = only(load_error(coop_dir))
    assert (p.card, p.column, p.value) == ("SW-B", "special", "reflect_half")


def test_long_reports_are_shortened_but_complete(coop_dir):
    path = coop_dir / "encounters.csv"
    path.write_text(path.read_text().replace(",Rats,", ",Rat,").replace(",Brutes,", ",Brute,"))
    err = load_error(coop_dir)
    assert len(err.problems) == 10
    assert str(err).count("\n  - ") == 10


def test_spreadsheet_exports_are_accepted(coop_dir):
    # A byte-order mark, CRLF line ends, TRUE/FALSE and stray spaces are how Excel saves.
    path = coop_dir / "encounters.csv"
    text = path.read_text().replace("true", "TRUE").replace("false", " False ")
    path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())
    cards = coop.load(coop_dir)
    assert cards["encounters"]["first_allowed"].sum() == 11


@settings(max_examples=60, deadline=None)
@given(cell=st.text(max_size=12), column=st.sampled_from(["name", "health", "damage_type"]))
def test_any_cell_text_loads_or_is_reported(cell, column):
    # Whatever a designer types into a cell, the answer is cards or a CardDataError.
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp) / "coop"
        shutil.copytree(data_dir("coop"), directory)
        path = directory / "enemies.csv"
        rows = list(csv.reader(io.StringIO(path.read_text())))
        rows[3][rows[0].index(column)] = cell
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows(rows)
        path.write_text(out.getvalue(), encoding="utf-8", errors="surrogatepass")
        try:
            cards = coop.load(directory)
        except CardDataError as err:
            assert err.problems and all(str(p) for p in err.problems)
        else:
            assert cards["enemies"].height == 6
