"""The Correction bots only read the state they are given: a match's own state may be drawn by
a view from another thread while a bot decides, so not even a brief write is allowed."""

from __future__ import annotations

import random

import pytest

import workbench as wb
from workbench.games.correction.bots import RolloutBot, heuristic, respond
from workbench.games.correction.rules import RESPOND, CorrectionState


class Written(AssertionError):
    pass


class _Frozen(list):
    def _refuse(self, *args, **kwargs):
        raise Written("a bot wrote on the state it was given")

    __setitem__ = __delitem__ = __iadd__ = append = pop = extend = insert = remove = _refuse
    clear = sort = reverse = _refuse


class _Watched(CorrectionState):
    """The state's fields, refusing every write (its clones are ordinary states)."""

    __slots__ = ()

    def __setattr__(self, name, value):
        raise Written(f"a bot set {name} on the state it was given")


def _watched(state: CorrectionState) -> _Watched:
    w = object.__new__(_Watched)
    for name in CorrectionState.__slots__:
        value = getattr(state, name)
        if name in ("board", "token", "stock", "spawned"):
            value = _Frozen(value)
        elif name == "reserve":
            value = [_Frozen(value[0]), _Frozen(value[1])]
        object.__setattr__(w, name, value)
    return w


@pytest.mark.parametrize("bot", ["heuristic", "rollout"])
def test_bots_do_not_write_on_the_state_they_are_given(bot):
    decide = heuristic if bot == "heuristic" else RolloutBot(horizon=1, width=2)
    rng = random.Random(0)
    decisions = responses = 0
    for seed in range(6 if bot == "heuristic" else 2):
        match = wb.play("correction", seed=seed, bots="random")
        state = match.state
        while match.to_move is not None and decisions < 400:
            seat = match.to_move
            actions = state.legal_actions()
            before = state.position()
            chosen = decide(_watched(state), seat, actions, rng)
            if state.phase == RESPOND:
                respond(_watched(state))
                responses += 1
            assert state.position() == before
            assert chosen in actions
            match.step(random.Random(decisions).choice(actions))
            state = match.state
            decisions += 1
    assert decisions > 50 and responses > 5, (decisions, responses)
