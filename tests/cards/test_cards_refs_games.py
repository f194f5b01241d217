"""Every reference every game declares: broken on load, broken by an edit, its card deleted."""

from __future__ import annotations

import csv
import importlib
import shutil
from pathlib import Path

import pytest

import workbench as wb
from workbench.cards import CardDataError, data_dir

GAMES = [
    "armies",
    "coop",
    "correction",
    "rpg_card_battle",
    "rfg_classes",
    "rune_system",
    "squad_combat",
]
TABLES = {g: importlib.import_module(f"workbench.games.{g}.cards").TABLES for g in GAMES}
# No shipped spell holds four runes, so no cell of rune_4 names a rune to break; the column
# is declared like rune_1 to rune_3, which are tested.
UNUSED = {("rune_system", "spells", "rune_4")}
REFS = [
    (game, table, column)
    for game, specs in TABLES.items()
    for table, spec in specs.items()
    for column in spec.refs
    if (game, table, column) not in UNUSED
]
BAD = "Nowhere Land"


@pytest.fixture(scope="module")
def shipped():
    return {game: wb.load_cards(game) for game in GAMES}


def test_the_references_the_rules_rely_on_are_declared():
    declared = {(g, t, c): TABLES[g][t].refs[c].target for g, t, c in [*REFS, *UNUSED]}
    runes = {("rune_system", "spells", f"rune_{i}"): "runes.name" for i in range(1, 5)}
    loadout_cards = {
        ("rpg_card_battle", "loadouts", f"class_{i}"): "class_pool.card" for i in range(1, 8)
    }
    slots = {
        ("rpg_card_battle", "loadouts", s): "equipment.name"
        for s in ("weapon", "shield", "armour", "pack")
    }
    assert declared == {
        ("armies", "abilities", "card"): "cards.name",
        ("armies", "deck_cards", "deck"): "decks.name",
        ("armies", "deck_cards", "card"): "cards.name",
        ("coop", "encounters", "enemy"): "enemies.name",
        ("correction", "offsets", "piece"): "pieces.name",
        ("rpg_card_battle", "item_cards", "item"): "equipment.name",
        ("rpg_card_battle", "item_cards", "card"): "cards.name",
        ("rpg_card_battle", "class_pool", "card"): "cards.name",
        ("rpg_card_battle", "class_pool", "class"): "classes.name",
        ("rpg_card_battle", "loadouts", "class"): "classes.name",
        **slots,
        **loadout_cards,
        ("rfg_classes", "unlocks", "class"): "classes.name",
        ("rfg_classes", "unlocks", "unlocks"): "classes.name",
        ("rune_system", "runes", "alias_of"): "runes.name",
        **runes,
        ("squad_combat", "cards", "character"): "characters.name",
        ("squad_combat", "abilities", "character"): "characters.name",
        **{("squad_combat", "squads", p): "characters.name" for p in ("left", "middle", "right")},
        ("squad_combat", "decks", "squad"): "squads.name",
        ("squad_combat", "decks", "card"): "cards.name",
    }
    assert TABLES["rpg_card_battle"]["class_pool"].refs["class"].also == ("any",)


def _referring_row(cards, table: str, column: str) -> int:
    """The last row whose cell names a real row (not a blank, not an extra like 'any')."""
    ref = cards.specs[table].refs[column]
    names = set(cards[ref.table][ref.column].to_list())
    hits = [i for i, v in enumerate(cards[table][column].to_list()) if v in names]
    assert hits, f"no row of {table} names a row of {ref.table}: the test needs one"
    return hits[-1]


def _break_on_disk(folder: Path, file: str, column: str, index: int) -> int:
    """Write BAD into one cell of a CSV; return the line (header = 1) that cell is on."""
    with (folder / file).open(newline="") as handle:
        reader = csv.reader(handle)
        records, starts = [], []
        for record in reader:
            starts.append(reader.line_num - sum(c.count("\n") for c in record))
            records.append(record)
    # Rows blank from end to end are not cards, so they do not count towards `index`.
    cards = [j for j, record in enumerate(records) if j and any(c.strip() for c in record)]
    records[cards[index]][records[0].index(column)] = BAD
    with (folder / file).open("w", newline="") as handle:
        csv.writer(handle, lineterminator="\n").writerows(records)
    return starts[cards[index]]


def _find(err: CardDataError, **fields):
    found = [p for p in err.problems if all(getattr(p, k) == v for k, v in fields.items())]
    assert len(found) == 1, f"expected one problem with {fields} in:\n{err}"
    return found[0]


def _names_words(cards, table: str, column: str) -> str:
    """The start of the allowed-names listing, as the message must show it."""
    ref = cards.specs[table].refs[column]
    first = cards[ref.table][ref.column].to_list()[:2]
    return f"expected a {ref.column} from {cards.specs[ref.table].file} ({', '.join(first)}"


@pytest.mark.parametrize("game, table, column", REFS)
def test_a_bad_reference_in_a_file_is_reported_where_it_is(shipped, tmp_path, game, table, column):
    cards, spec = shipped[game], TABLES[game][table]
    ref = spec.refs[column]
    index = _referring_row(cards, table, column)
    folder = tmp_path / game
    shutil.copytree(data_dir(game), folder)
    line = _break_on_disk(folder, spec.file, column, index)
    with pytest.raises(CardDataError) as info:
        wb.load_cards(game, folder)
    p = _find(info.value, column=column, value=BAD)
    # class_pool.card is both the key and a reference: the broken cell is then the card's name.
    key = BAD if column == spec.key else cards[table][spec.key][index]
    assert (p.file, p.table, p.row, p.card) == (spec.file, table, line, str(key))
    message = str(p)
    assert message.startswith(
        f"{spec.file} line {line} ({key}), column '{column}': "
        f"'{BAD}' is not in {TABLES[game][ref.table].file}; "
    )
    assert _names_words(cards, table, column) in message
    for extra in ref.also:
        assert f"or '{extra}'" in message


@pytest.mark.parametrize("game, table, column", REFS)
def test_an_edit_that_breaks_a_reference_is_refused(shipped, game, table, column):
    cards, spec = shipped[game], TABLES[game][table]
    index = _referring_row(cards, table, column)
    key = cards[table][spec.key][index]
    before = cards.fingerprint()
    with pytest.raises(CardDataError) as info:
        cards.set(table, key, column, BAD)
    p = _find(info.value, column=column, value=BAD)
    card = BAD if column == spec.key else str(key)
    assert (p.file, p.row, p.card) == (spec.file, index + 2, card)
    assert _names_words(cards, table, column) in str(p)
    assert cards.fingerprint() == before and cards.version == 0


@pytest.mark.parametrize("game, table, column", REFS)
def test_deleting_a_card_that_is_named_is_refused_naming_who_names_it(shipped, game, table, column):
    cards, spec = shipped[game], TABLES[game][table]
    ref = spec.refs[column]
    index = _referring_row(cards, table, column)
    value = cards[table][column][index]
    target = cards.specs[ref.table]
    named = cards[ref.table]
    card = named[target.key][named[ref.column].to_list().index(value)]
    before = cards.fingerprint()
    with pytest.raises(CardDataError) as info:
        cards.without_row(ref.table, card)
    # A table that names its own rows (an alias) moves up a line under a deleted row.
    moved = ref.table == table and named[target.key].to_list().index(card) < index
    p = _find(info.value, table=table, column=column, row=index + 2 - moved)
    assert (p.file, p.card, p.value) == (spec.file, str(cards[table][spec.key][index]), value)
    assert f"{value!r} is no longer in {target.file}" in str(p)
    assert str(info.value).startswith(f"Removing {ref.table} card {card!r} rejected")
    assert cards.fingerprint() == before


NULLABLE = [r for r in REFS if TABLES[r[0]][r[1]].schema.columns[r[2]].nullable]
EXTRAS = [(*r, extra) for r in REFS for extra in TABLES[r[0]][r[1]].refs[r[2]].also]


@pytest.mark.parametrize("game, table, column", NULLABLE)
def test_a_nullable_reference_may_be_blank(shipped, game, table, column):
    cards, spec = shipped[game], TABLES[game][table]
    key = cards[table][spec.key][_referring_row(cards, table, column)]
    assert cards.set(table, key, column, "").row(table, key)[column] is None


@pytest.mark.parametrize("game, table, column, extra", EXTRAS)
def test_a_declared_extra_value_is_accepted(shipped, game, table, column, extra):
    cards, spec = shipped[game], TABLES[game][table]
    key = cards[table][spec.key][_referring_row(cards, table, column)]
    assert cards.set(table, key, column, extra).row(table, key)[column] == extra


def test_there_is_something_to_test():
    # The parametrized tests above would pass vacuously with no blank or extra declared.
    assert NULLABLE and EXTRAS
