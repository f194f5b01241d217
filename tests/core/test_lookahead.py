"""The look-ahead bot: it overrules its policy only where playing on shows a better option."""

from __future__ import annotations

import random

import pytest

from workbench.core import CHANCE, TERMINAL, Action, Chance, Result, uniform
from workbench.core.lookahead import LookaheadBot


class Race:
    """Two players take 1 or 2 from a pile; whoever takes the last wins. A die roll of 1 to 2
    is added to the pile after each of seat 1's moves, so chance is in the playouts too."""

    def __init__(self, pile: int, roll: bool = False):
        self.pile, self.roll, self.mover, self.rolling = pile, roll, 0, False

    @property
    def to_move(self):
        if self.pile == 0:
            return TERMINAL
        return CHANCE if self.rolling else self.mover

    def legal_actions(self):
        return [Action("take", (n,), f"Take {n}") for n in (1, 2) if n <= self.pile]

    def apply(self, action):
        self.pile -= action.args[0]
        self.rolling = self.roll and self.mover == 1 and self.pile > 0
        self.mover = 1 - self.mover if self.pile else self.mover

    def chance(self):
        return Chance(uniform([1, 2]), "1 or 2 more")

    def apply_chance(self, outcome):
        self.pile += outcome
        self.rolling = False

    def clone(self):
        c = Race(self.pile, self.roll)
        c.mover, c.rolling = self.mover, self.rolling
        return c

    def result(self):
        return Result("win", (self.mover,)) if self.pile == 0 else None


def take_one(state, seat, actions, rng):
    return actions[0]


def test_it_finds_the_move_its_policy_misses():
    # From 2, taking 1 loses to the reply; only a look ahead sees that taking 2 wins.
    bot = LookaheadBot(take_one, depth=4)
    assert bot(Race(2), 0, Race(2).legal_actions(), random.Random(0)).label == "Take 2"
    # From 3, taking 1 leaves 2, which the reply cannot win: the policy's choice stands.
    assert bot(Race(3), 0, Race(3).legal_actions(), random.Random(0)).label == "Take 1"


def test_decisions_it_is_not_asked_to_search_are_the_policys():
    bot = LookaheadBot(take_one, depth=4, searched=lambda state, actions: False)
    assert bot(Race(2), 0, Race(2).legal_actions(), random.Random(0)).label == "Take 1"


def test_the_same_generator_gives_the_same_choices_through_chance():
    bot = LookaheadBot(take_one, samples=3, depth=10)
    picks = [
        [
            bot(Race(p, roll=True), 0, Race(p, roll=True).legal_actions(), random.Random(s)).label
            for p in range(2, 9)
        ]
        for s in (1, 1)
    ]
    assert picks[0] == picks[1]


@pytest.mark.parametrize("bad", [{"samples": 0}, {"depth": 1.5}, {"samples": True}])
def test_a_bad_budget_is_named(bad):
    with pytest.raises(ValueError, match=next(iter(bad))):
        LookaheadBot(take_one, **bad)
