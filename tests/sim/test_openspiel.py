"""Every registered game through the OpenSpiel adapter: OpenSpiel's own random-simulation test,
exact chance probabilities, and an OpenSpiel algorithm playing a move."""

from __future__ import annotations

import random

import numpy as np
import pyspiel  # the openspiel extra is part of the test extras: missing means a failure
import pytest

import workbench as wb
from workbench.sim.openspiel import openspiel_game


@pytest.mark.parametrize("name", wb.list_games())
def test_openspiel_random_simulation(name):
    game = openspiel_game(name)
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


@pytest.mark.parametrize("name", wb.list_games())
def test_playouts_match_the_engine(name):
    game = openspiel_game(name)
    rng = random.Random(1)
    for _ in range(5):
        state = game.new_initial_state()
        inner = state.inner
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                chance = inner.chance()
                for i, p in outcomes:
                    assert p == pytest.approx(float(chance.p(chance.dist.outcomes[i])))
                state.apply_action(
                    rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                )
            else:
                legal = state.legal_actions()
                labels = [state.action_to_string(state.current_player(), a) for a in legal]
                assert labels == [a.label for a in inner.legal_actions()]
                state.apply_action(rng.choice(legal))
        returns = state.returns()
        assert len(returns) == game.num_players() and all(r in (0.0, 1.0) for r in returns)


def test_an_openspiel_algorithm_plays_our_game():
    from open_spiel.python.algorithms import mcts

    game = openspiel_game("correction")
    bot = mcts.MCTSBot(
        game,
        1.4,
        30,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        random_state=np.random.RandomState(0),
    )
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    action = bot.step(state)
    assert action in state.legal_actions()
    assert state.action_to_string(state.current_player(), action)
