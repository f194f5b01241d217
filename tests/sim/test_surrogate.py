"""The regression rebalance steers by (sim/surrogate.py): fitted to win counts, it recovers
the rates they were drawn from and points at the change that reaches a target."""

from __future__ import annotations

import math

import pytest

from workbench.core import get_game
from workbench.sim.keys import parse_key
from workbench.sim.rebalance import _Cell, _params, _proposal
from workbench.sim.surrogate import Surrogate

GAME = get_game("squad_combat")
CARDS = GAME.load_cards()


def _cell(name, column, now, low=0, high=20):
    return _Cell(parse_key(f"cards.{name}.{column}", GAME, CARDS), now, low, high)


def _truth(changes, cells, a=-1.2, b=(2.0, -0.8)):
    """A known rate: logistic in each change as a share of its cell's span, added."""
    z = a + sum(
        b[i] * (v - cells[i].now) / cells[i].span
        for i, cell in enumerate(cells)
        for k, v in changes
        if k.text == cell.key.text
    )
    return 1 / (1 + math.exp(-z))


def _counts(p, n=200_000):
    return {"Red": (round(p * n), n)}


def test_the_fit_recovers_the_rates_its_counts_were_drawn_from():
    cells = [_cell("Jab", "damage", 4), _cell("Sap", "damage", 3)]
    fit = Surrogate({c.key.text: c for c in cells}, {"Red": 0.5})
    plays = [[]] + [[(c.key, v)] for c in cells for v in (c.now - 1, c.now + 2)]
    for changes in plays:
        fit.add(changes, _counts(_truth(changes, cells)))
    assert fit.fit()
    both = [(cells[0].key, 6), (cells[1].key, 1)]  # a combination it never saw
    assert fit.predict(both)["Red"] == pytest.approx(_truth(both, cells), abs=0.005)


def test_it_points_at_the_untried_change_that_reaches_the_target():
    cells = [_cell("Jab", "damage", 4), _cell("Sap", "damage", 3)]
    fit = Surrogate({c.key.text: c for c in cells}, {"Red": 0.5})
    for changes in [[]] + [[(c.key, c.now + 1)] for c in cells]:
        fit.add(changes, _counts(_truth(changes, cells)))
    fit.fit()
    # Alone, Jab's damage at 6.4 would give 50%: 6 is the nearest whole number.
    one = fit.best(max_changes=1, tried=set())
    assert one == [(cells[0].key, 6)]
    assert fit.best(max_changes=1, tried={tuple(one)}) != one
    # Two changes come closer still, and truly so.
    two = fit.best(max_changes=2, tried=set())
    assert len(two) == 2 and abs(_truth(two, cells) - 0.5) < abs(_truth(one, cells) - 0.5)
    assert abs(_truth(two, cells) - 0.5) < 0.02


def test_too_few_plays_fit_nothing_and_propose_nothing():
    cell = _cell("Jab", "damage", 4)
    fit = Surrogate({cell.key.text: cell}, {"Red": 0.5})
    fit.add([], _counts(0.3))
    assert not fit.fit() and fit.best(2, set()) is None


def test_a_proposal_round_trips_through_the_trial_parameters():
    cells = {c.key.text: c for c in (_cell("Jab", "damage", 4), _cell("Sap", "damage", 3))}
    changes = sorted(
        [(cells["cards.Jab.damage"].key, 7), (cells["cards.Sap.damage"].key, 1)],
        key=lambda kv: kv[0].text,
    )

    class Fixed:  # a trial that answers with the parameters given
        def __init__(self, params):
            self.params = params

        def suggest_categorical(self, name, choices):
            assert self.params[name] in choices
            return self.params[name]

        def suggest_float(self, name, low, high):
            assert low <= self.params[name] <= high
            return self.params[name]

    trial = Fixed(_params(changes, 3, cells))
    assert _proposal(trial, 3, ["none", *cells], cells) == changes


def test_screening_tries_a_stat_far_out_of_line_at_what_its_peers_have():
    # Sap at 30 damage kills at 15 as surely as at 30: half its value would show nothing.
    from workbench.sim.rebalance import _cells

    cards = CARDS.set("cards", "Sap", "damage", 30)
    (sap,) = _cells(GAME, cards, ["cards.Sap.damage"], {})
    middle = round(cards["cards"]["damage"].median())
    assert sap.peer == middle and middle < 10
    assert sap.steps() == sorted({middle, sap.at(-0.5), sap.at(0.5)} - {30})
    assert middle in sap.steps() and 15 in sap.steps()
    # A peer beyond the range a change may take is brought to its edge.
    assert _cell("Jab", "damage", 2, high=99).span == 2
    far = _Cell(_cell("Jab", "damage", 2).key, 2, 0, 99, peer=40)
    assert far.peer == 4 and far.steps() == [1, 3, 4]
