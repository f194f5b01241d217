"""What the Correction bots rely on to be quick: a zero-sum evaluation, positions that say
everything the rules read, and a rollout memory that changes no choice."""

from __future__ import annotations

import random

import pytest

import workbench as wb
from workbench.games.correction.bots import RolloutBot
from workbench.games.correction.evaluate import evaluate
from workbench.games.correction.rules import CorrectionState


def _positions(games: int = 6):
    """Every state of a few random games (clones, in order)."""
    for seed in range(games):
        m = wb.play("correction", seed=seed)
        state = m.state.clone()
        rng = random.Random(seed)
        while not state.over:
            yield state.clone()
            options = state._options()
            state.do(options[int(rng.random() * len(options))])
        yield state


def test_evaluation_is_zero_sum_to_the_last_bit():
    seen = 0
    for state in _positions():
        assert evaluate(state, 1) == -evaluate(state, 0)
        seen += 1
    assert seen > 300


def test_position_holds_every_field_the_rules_read():
    assert set(CorrectionState.PLAY) | set(CorrectionState.RECORD) == set(CorrectionState.__slots__)
    assert not set(CorrectionState.PLAY) & set(CorrectionState.RECORD)
    by_position = {}
    for state in _positions():
        key = state.position()
        hash(key)
        seen = (state._options(), evaluate(state, 0), state.to_move)
        assert by_position.setdefault(key, seen) == seen
    # Changing any field the rules read changes the position.
    state = next(s for s in _positions(1) if s.phase == "spawn" and s.turn > 2)
    for name in CorrectionState.PLAY:
        other = state.clone()
        value = getattr(other, name)
        if isinstance(value, list) and value and isinstance(value[0], list):
            value[0].append((0, -1))  # one piece more in a reserve
        elif isinstance(value, list) and value:
            value[0] += 100
        elif isinstance(value, list):
            value.append(9)
        else:
            setattr(other, name, (value, 1))
        assert other.position() != state.position(), name


class _Forgetful(RolloutBot):
    def _remembering(self, state):
        return None


@pytest.mark.parametrize("seed", [0, 5])
def test_the_rollout_memory_changes_no_choice(seed):
    remembering = wb.simulate("correction", 3, seed=seed, bots=RolloutBot())
    forgetful = wb.simulate("correction", 3, seed=seed, bots=_Forgetful())
    # The games (`played_by` names which bot sent them to the rules engine).
    assert remembering.drop("played_by").equals(forgetful.drop("played_by"))
    assert remembering["length"].sum() > 60
