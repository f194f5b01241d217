"""The heuristic soldier: legal, replayable, and clearly better than the random bot."""

from __future__ import annotations

import workbench as wb
from workbench.sim import wilson


def test_the_heuristic_wins_far_more_often_than_the_random_bot():
    n = 150
    heuristic = wb.simulate("sac", n, seed=40, bots="heuristic")
    random_bot = wb.simulate("sac", n, seed=40, bots="random")
    wins = int((heuristic["outcome"] == "win").sum())
    chance = int((random_bot["outcome"] == "win").sum())
    # Measured over 1,000 deals: 43% against 0.2%. The intervals of these 150 do not meet.
    assert wilson(wins, n)[0] > wilson(chance, n)[1]
    assert heuristic["kills"].mean() > random_bot["kills"].mean()


def test_the_heuristic_replays_the_same_game_under_a_seed():
    a = wb.play("sac", seed=9, bots="heuristic")
    b = wb.play("sac", seed=9, bots="heuristic")
    a.auto()
    b.auto()
    assert a.log == b.log and a.over
