"""A state's clone (a logged match's snapshot; undo and scrubbing start from one) plays on alone
exactly as a full deep copy of the state does, and playing it on leaves the state cloned
untouched."""

from __future__ import annotations

import copy
import random

from workbench.core import CHANCE, TERMINAL


def random_steps(state, rng, steps: int) -> None:
    """Up to `steps` steps of random play (chance by its weights), stopping at the end."""
    for _ in range(steps):
        if state.to_move == TERMINAL:
            return
        if state.to_move == CHANCE:
            state.apply_chance(state.chance().dist.pick(rng.random()))
        else:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])


def compare_clones(new_game, shows, *, games: int, every: int, steps: int, limit: int = 400) -> int:
    """Random play of `games` games (`new_game(i)` the i-th, its moves seeded by i). Every
    `every` steps, a clone and a full deep copy of the state are each played on `steps` random
    steps with the same generator, and `shows(state)` (everything the state shows) must agree
    for the two, and be unchanged for the state cloned. Returns how many clones were
    compared."""
    compared = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(seed)
        for step in range(limit):
            if state.to_move == TERMINAL:
                break
            if step % every == 0:
                before = shows(state)
                clone, full = state.clone(), copy.deepcopy(state)
                random_steps(clone, random.Random(step), steps)
                random_steps(full, random.Random(step), steps)
                assert shows(clone) == shows(full)
                assert shows(state) == before  # the original is untouched
                compared += 1
            random_steps(state, rng, 1)
    return compared
