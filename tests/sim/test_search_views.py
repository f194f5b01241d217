"""What a designer does with a rebalance proposal or a hunt finding: put it in a card editor as
one undoable change, open a game that shows it, and see it drawn."""

from __future__ import annotations

import pytest

import workbench as wb
from workbench.core import get_game
from workbench.widgets.editor_logic import EditSession


@pytest.fixture(scope="module")
def proposals():
    cards = get_game("correction").load_cards().set("params", "spawn_tokens", "value", 3)
    return wb.rebalance(
        "correction",
        cards=cards,
        stats=["params.value"],
        max_changes=2,
        mode="fast",
        seed=4,
        executor="serial",
        progress=False,
    )


@pytest.fixture(scope="module")
def found():
    cards = get_game("squad_combat").load_cards().set("cards", "Sap", "damage", 30)
    return wb.hunt(
        "squad_combat", cards=cards, mode="fast", seed=2, executor="serial", progress=False
    )


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


def test_a_finding_goes_into_a_card_editor_as_one_undoable_change(found):
    session = EditSession(wb.load_cards("squad_combat").set("cards", "Sap", "damage", 30))
    before = session.cards
    after = found.apply_to(session, 0)
    assert after == found.cards(0) and after != before
    session.undo()
    assert session.cards == before
    with pytest.raises(wb.SetupError, match="does not exist"):
        found.apply_to(session, 99)


def test_a_hunt_draws_each_finding_beside_its_deck_as_shipped(found):
    spec = found.chart().to_dict()
    rows = next(iter(spec["datasets"].values()))
    shown = {(r["finding"], r["what"]) for r in rows}
    for r in found.findings.iter_rows(named=True):
        label = f"{r['rank']}. {r['deck']}: {r['changes']}"
        assert (label, "this list") in shown and (label, "as shipped") in shown
    mine = [r for r in rows if r["what"] == "this list"]
    assert all(r["low"] <= r["rate"] <= r["high"] for r in mine)
    assert "65%" in str(spec["title"])
