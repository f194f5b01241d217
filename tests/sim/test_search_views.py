"""What a designer does with a rebalance proposal or a hunt finding: put it in a card editor as
one undoable change, open a game that shows it, and see it drawn."""

from __future__ import annotations

import pytest

import workbench as wb
from workbench.widgets.editor_logic import EditSession


@pytest.fixture(scope="module")
def proposals(skewed_correction):
    return skewed_correction[1]


@pytest.fixture(scope="module")
def found(skewed_squad_hunt):
    return skewed_squad_hunt[1]


def test_a_proposal_opens_one_of_the_games_it_was_verified_on(proposals):
    n = 400  # fast mode's verification games per seat order
    stream = 4 + 1  # verified on fresh seeds: the next stream after the search's
    games = wb.simulate(
        "correction", n, seed=stream, cards=proposals.cards(0), bots="heuristic", executor="serial"
    )
    for k in (0, 7):
        match = proposals.match(0, k)
        match.auto()
        assert match.seed == games["seed"][k]
        assert match.state.result().winner == games["winner"][k]
    with pytest.raises(wb.SetupError, match="does not exist"):
        proposals.match(99)
    with pytest.raises(wb.SetupError, match="not a game"):
        proposals.match(0, n)


def test_a_finding_goes_into_a_card_editor_as_one_undoable_change(skewed_squad_hunt):
    cards, found = skewed_squad_hunt
    session = EditSession(cards)
    session.replace_cards(cards.set("cards", "Jab", "damage", 5), "the designer's own edit")
    before = session.cards
    after = found.apply_to(session, 0)
    # The finding's deck lists, and the designer's edit kept.
    assert after["decks"].equals(found.cards(0)["decks"])
    assert after.row("cards", "Jab")["damage"] == 5 and after != before
    session.undo()
    assert session.cards == before
    with pytest.raises(wb.SetupError, match="does not exist"):
        found.apply_to(session, 99)


def test_a_hunt_draws_each_finding_beside_its_deck_as_shipped(found):
    spec = found.chart().to_dict()
    rows = next(iter(spec["datasets"].values()))
    shown = {(r["label"], r["group"]) for r in rows}
    for r in found.findings.iter_rows(named=True):
        label = f"{r['rank']}. {r['deck']}: {r['changes']}"
        assert (label, "this list") in shown and (label, "as shipped") in shown
    mine = [r for r in rows if r["group"] == "this list"]
    assert all(r["low"] <= r["rate"] <= r["high"] for r in mine)
    assert "65%" in str(spec["title"])
