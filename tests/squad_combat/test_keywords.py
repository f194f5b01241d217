"""Every keyword of the design notes works on a card written only in the cards table: a new
generic action that names it in its `effects` cell plays and does what the keyword says."""

from __future__ import annotations

import pytest

import workbench as wb

from .helpers import attach, char, decline_all, play, position, settle

FRIENDLY, ENEMY, NONE = "Target Brakka (Seat 1)", "Target Dessa (Seat 2)", None


def order(st):
    return [st.chars[ci].d.name for ci in st.players[0].order]


CASES = {  # effects cell: (target, check of the position after the card resolved)
    "Heal 3": (FRIENDLY, lambda st: char(st, "Brakka").attached == []),
    "Stun 2": (ENEMY, lambda st: char(st, "Dessa").burden == 2),
    "Recover 2": (FRIENDLY, lambda st: char(st, "Brakka").burden == 1),
    "Power Up": (FRIENDLY, lambda st: char(st, "Brakka").dice == [5, 2]),
    "Power Down": (ENEMY, lambda st: char(st, "Dessa").dice == [5, 2]),
    "Overcharge": (FRIENDLY, lambda st: sorted(char(st, "Brakka").dice) == [1, 2, 4]),
    "Reroll": (FRIENDLY, lambda st: char(st, "Brakka").dice == [2, 1]),
    "Drain": (ENEMY, lambda st: char(st, "Dessa").dice == [2]),
    "Disarm": (ENEMY, lambda st: char(st, "Dessa").dice == [2]),
    "Suppress": (ENEMY, lambda st: char(st, "Dessa").suppressed),
    "Switch": (FRIENDLY, lambda st: order(st)[:2] == ["Vell", "Brakka"]),
    "Wound 2": (
        ENEMY,
        lambda st: [(r.printed, r.token) for r in char(st, "Dessa").attached] == [(2, True)],
    ),
    "Draw 2": (NONE, lambda st: len(st.players[0].hand) == 2),
}


@pytest.mark.parametrize("effects", sorted(CASES))
def test_a_keyword_written_in_the_table_is_a_card_that_plays(effects):
    target, check = CASES[effects]
    cards = wb.load_cards("squad_combat")
    row = {
        **cards.row("cards", "Focus"),
        "name": "Trick",
        "cost": "<1>",
        "effects": effects,
        "target": {FRIENDLY: "friendly", ENEMY: "enemy", NONE: "none"}[target],
        "targets": 0 if target is NONE else 1,
        "text": effects,
    }
    cards = cards.with_row("cards", row).with_row(
        "decks", {"id": "Red: Trick", "squad": "Red", "card": "Trick", "copies": 1}
    )
    st = position(
        cards=cards,
        hands={0: ["Trick"], 1: []},
        burden={"Brakka": 3},
        dice={"Brakka": [4, 2], "Dessa": [6, 2], "Vell": [5]},
    )
    attach(st, "Brakka", "Sap")  # 2 damage, within Heal 3
    assert not check(st)
    play(st, "Play Trick with Vell")
    if target is not None:
        play(st, target)
    for _ in range(10):  # windows declined, every choice the keyword asks taken first
        decline_all(st)
        if st.wait[0] == "action":
            break
        play(st, st.legal_actions()[0].label)
        settle(st)
    assert st.wait[0] == "action" and st.players[0].discard == {"Trick": 1}
    assert check(st), effects
