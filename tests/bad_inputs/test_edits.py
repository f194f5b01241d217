"""Edits to cards in memory: a bad value is refused with table, card and column named, and the cards
before the edit are kept whole.
"""

from __future__ import annotations

from workbench.games.coop import cards as coop

from .cases import area_test, case, check, copy_coop, expect


@case("edits")
def negative_health(tmp):
    cards = coop.load()
    with expect("CardDataError", "enemies", "health"):
        cards.set("enemies", "Rats", "health", -3)
    check(cards == coop.load(), "cards changed")


@case("edits")
def unknown_column(tmp):
    cards = coop.load()
    with expect("CardDataError", "speed", "column"):
        cards.set("enemies", "Rats", "speed", 3)


@case("edits")
def unknown_card(tmp):
    cards = coop.load()
    with expect("CardDataError", "Dragons", "enemies"):
        cards.set("enemies", "Dragons", "health", 3)


@case("edits")
def billion_copies_in_memory(tmp):
    cards = coop.load()
    with expect("CardDataError", "copies", "at most"):
        cards.set("loot", "SW-B", "copies", 10**9)
    check(cards["loot"]["copies"][0] == 4, "cards changed")


@case("edits")
def edit_session_keeps_cards_after_bad_edit(tmp):
    from workbench.widgets.editor_logic import EditSession

    s = EditSession(coop.load(copy_coop(tmp)))
    before = s.cards
    with expect("CardDataError", "armor"):
        s.edit("enemies", "Rats", "armor", "lots")
    check(s.cards is before, "the session's cards changed")


test_bad_input = area_test(__name__)
