"""The RPG Card Battle card tables: schemas, cross-table checks, and edits that reach the game."""

from __future__ import annotations

import pytest

import workbench as wb

GAME = "rpg_card_battle"


@pytest.fixture(scope="module")
def cards():
    return wb.load_cards(GAME)


def test_tables_load_with_the_demo_content(cards):
    assert set(cards.tables) == {
        "cards",
        "equipment",
        "item_cards",
        "classes",
        "class_pool",
        "loadouts",
    }
    assert cards["loadouts"]["name"].to_list() == ["Knight", "Rogue"]
    per_item = dict(cards["item_cards"].group_by("item").len().iter_rows())
    assert per_item == {
        "Longsword": 6,
        "Kite Shield": 5,
        "Chainmail": 5,
        "Pack": 5,
        "Poisoned Dagger": 6,
        "Leather Jerkin": 5,
    }
    assert cards.row("cards", "Envenom")["poison_turns"] == 3


@pytest.mark.parametrize(
    "table, card, column, value, words",
    [
        ("item_cards", "Longsword 2", "card", "Attack +9", "'Attack +9' is not in cards.csv"),
        ("item_cards", "Longsword 2", "item", "Excalibur", "'Excalibur' is not in equipment.csv"),
        ("item_cards", "Longsword 2", "card", "Power Strike", "is a class card"),
        ("item_cards", "Longsword 6", "level", 1, "locks rise along the list"),
        ("item_cards", "Longsword 6", "level", 11, "from 1 to 10"),
        ("class_pool", "Evasion", "class", "Wizard", "'Wizard' is not in classes.csv"),
        ("class_pool", "Evasion", "level", 4, "needs level 4"),
        ("loadouts", "Knight", "level", 2, "needs level 3"),
        ("loadouts", "Knight", "weapon", "Chainmail", "is for the armour slot"),
        ("loadouts", "Rogue", "class_1", "Sword Specialist", "is a Knight card"),
        (
            "equipment",
            "Leather Jerkin",
            "hp",
            -30,
            (
                "loadouts.csv line 3 (Rogue), column 'armour': 'Leather Jerkin' leaves Rogue "
                "starting with -8 HP; expected a loadout that starts with at least 1 HP"
            ),
        ),
        ("cards", "Parry", "reflect", 2, "only SHIELD BASH reflects"),
        ("cards", "Envenom", "poison_turns", 0, "poison and poison_turns"),
        ("cards", "Attack +1", "kind", "spell", "one of attack"),
    ],
)
def test_bad_edits_are_refused_with_where_and_what(cards, table, card, column, value, words):
    with pytest.raises(wb.CardDataError) as err:
        cards.set(table, card, column, value)
    assert words in str(err.value)


def test_an_item_needs_five_to_seven_cards(cards):
    with pytest.raises(wb.CardDataError, match="has 4 cards; expected 5 to 7"):
        cards.without_row("item_cards", "Kite Shield 5")


def test_edited_cards_change_the_game(cards):
    stronger = cards.set("equipment", "Poisoned Dagger", "attack", 4)
    m = wb.play(GAME, cards=stronger)
    assert m.state.players[1].build.attack == 6
    back = wb.load_match(m.to_json())
    assert back.cards == stronger
    locked = cards.set("item_cards", "Longsword 6", "level", 5)
    deck = dict(wb.play(GAME, cards=locked).state.players[0].build.deck)
    assert deck["Attack +2"] == 1  # the sixth Longsword card now needs level 5


@pytest.mark.parametrize(
    "table, card, column",
    [
        ("loadouts", "Knight", "class"),
        ("loadouts", "Knight", "weapon"),
        ("loadouts", "Knight", "class_1"),
        ("class_pool", "Shield Wall", "class"),
        ("item_cards", "Longsword 2", "card"),
    ],
)
def test_one_bad_reference_is_one_problem(cards, table, card, column):
    # The slot, class-set and level checks skip what the reference check already reported.
    with pytest.raises(wb.CardDataError) as err:
        cards.set(table, card, column, "Wizard")
    assert [(p.table, p.card, p.column, p.value) for p in err.value.problems] == [
        (table, card, column, "Wizard")
    ]


def test_loadout_equipment_and_class_cards_offer_their_names(cards):
    weapon = cards.hint("loadouts", "weapon")
    assert weapon["choices"] == [None, *cards["equipment"]["name"].to_list()]
    assert cards.allowed("class_pool", "class") == [*cards["classes"]["name"].to_list(), "any"]
    assert cards.allowed("loadouts", "class_3") == cards["class_pool"]["card"].to_list()
