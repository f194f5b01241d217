"""The Location CCG's card tables: the demo set loads, deck rules (R-6, R-39) hold, and a cell
the rules cannot read is named with its file, line and column."""

from __future__ import annotations

from collections import Counter

import pytest

import workbench as wb
from workbench.cards import CardDataError
from workbench.games.location_ccg.cards import deck_lists
from workbench.games.location_ccg.costs import CostError, parse_cost, symbols_of


@pytest.fixture(scope="module")
def cards():
    return wb.load_cards("location_ccg")


def test_demo_decks_are_the_rules_file_lists(cards):
    lists = deck_lists(cards)
    assert sum(lists["Syndicate"].values()) == sum(lists["Order"].values()) == 40
    assert lists["Syndicate"]["The Boss"] == 1 and lists["Order"]["Shrine"] == 1
    assert max(max(c.values()) for c in lists.values()) == 3
    locations = {r["deck"]: [] for r in cards["deck_locations"].iter_rows(named=True)}
    for r in cards["deck_locations"].iter_rows(named=True):
        locations[r["deck"]].append(r["location"])
    assert locations == {
        "Syndicate": ["Dockside Warehouse", "Radio Tower", "City Hall"],
        "Order": ["Power Plant", "Old Cathedral", "Data Vault"],
    }
    assert cards["cards"].height == 33 and cards["locations"].height == 6


def test_costs_and_rows_are_read_as_written():
    assert str(parse_cost("4$Ω")) == "4$Ω" and str(parse_cost("*")) == "*"
    assert symbols_of("ΑΑ") == "ΑΑ" and symbols_of("AA") == "ΑΑ"  # a Latin A is taken
    with pytest.raises(CostError, match="'x' is not a resource symbol"):
        parse_cost("3x")


def test_a_fourth_copy_breaks_r6(cards):
    with pytest.raises(
        CardDataError,
        match=r"makes 4 copies of Fixer in Syndicate.*at most "
        r"3",
    ):
        cards.set("deck_cards", "Syndicate: Fixer", "copies", 4)


def test_a_second_limited_copy_breaks_r39(cards):
    with pytest.raises(CardDataError, match=r"at most 1: Limited \(R-39\)"):
        cards.set("deck_cards", "Order: Shrine", "copies", 2)


def test_a_deck_under_40_cards_is_named(cards):
    with pytest.raises(
        CardDataError,
        match=r"decks.csv line 2 \(Syndicate\).*39 cards.*at "
        r"least 40",
    ):
        cards.set("deck_cards", "Syndicate: Fixer", "copies", 2)


def test_an_unreadable_cost_names_file_line_and_column(cards):
    with pytest.raises(CardDataError, match=r"cards.csv line 4 \(Fixer\), column 'cost'"):
        cards.set("cards", "Fixer", "cost", "2%")


def test_an_unknown_keyword_is_named_with_a_suggestion(cards):
    with pytest.raises(CardDataError, match="did you mean 'Toughness'"):
        cards.set("cards", "Enforcer", "keywords", "Toughnes 1")


@pytest.mark.parametrize(
    ("effect", "keyword"),
    [
        ("Destroy", "Destroy"),
        ("Atk 2", "Atk"),
        ("Prevent Damage", "Prevent Damage"),
        ("Send Home", "Send Home"),
    ],
)
@pytest.mark.parametrize("target", ["none", "discard"])
def test_an_effect_on_a_character_without_one_to_target_is_refused(cards, effect, keyword, target):
    # The rules would look for the character only when the card resolves, mid-game.
    card = cards.set("cards", "Purge", "effect", f"{effect}; Draw 1")
    with pytest.raises(
        CardDataError,
        match=rf"line 32 \(Purge\), column 'target'.*is not a "
        rf"character, and {keyword} acts on one",
    ):
        card.set("cards", "Purge", "target", target)


def test_an_effect_on_each_friendly_character_here_needs_no_target(cards):
    edited = cards.set("cards", "Purge", "effect", "Skl 1 each friendly here").set(
        "cards", "Purge", "target", "none"
    )
    assert edited.row("cards", "Purge")["target"] == "none"
    # A player's effect, such as Return From Discard, takes its card from the discard pile.
    again = cards.set("cards", "Purge", "effect", "Return From Discard").set(
        "cards", "Purge", "target", "discard"
    )
    assert again.row("cards", "Purge")["effect"] == "Return From Discard"


def test_a_location_brought_twice_is_refused(cards):
    with pytest.raises(CardDataError, match="3 different Locations"):
        cards.set("deck_locations", "Order: Data Vault", "location", "Power Plant")


def test_a_reference_to_a_missing_card_is_refused(cards):
    with pytest.raises(CardDataError, match="Fixxer"):
        cards.set("deck_cards", "Syndicate: Fixer", "card", "Fixxer")


def test_a_changed_card_plays(cards):
    edited = cards.set("cards", "Street Runner", "atk", 2)
    m = wb.play("location_ccg", cards=edited, seed=1, bots="random")
    m.auto()
    assert m.over
    assert Counter(edited["cards"]["type"].to_list())["character"] == 17
