"""A search bot built on a game's own policy: flat Monte Carlo over one decision.

Each legal option is played on by the policy (usually the game's heuristic) for every seat for
`depth` decisions, `samples` times, and scored by the result or, while undecided, by the
state's `score(seat)` (games whose spec says they are `scored`). Every option meets the same
chance results (sample k draws from the same generator for each option), so options are
compared on the same luck. The policy's own choice wins unless another option beats it by more
than `margin`.

In games with hidden information it plays fair: sample k plays every option on from one
`determinize(seat)` of the position, a copy in which what the seat cannot see is dealt again at
random, shared by every option so that options still meet the same luck. `fair=False` plays
them on from the true position, as if it could see every hand.
"""

from __future__ import annotations

import random

from .game import CHANCE, TERMINAL
from .mcts import position_value
from .spec import Traits


class LookaheadBot:
    """A bot (state, seat, actions, rng) -> Action. `searched(state, actions)` says which
    decisions are worth the search (the others are left to the policy)."""

    def __init__(
        self,
        policy,
        *,
        traits: Traits | None = None,
        samples: int = 2,
        depth: int = 60,
        margin: float = 0.01,
        searched=None,
        fair: bool = True,
    ):
        for name, value in (("samples", samples), ("depth", depth)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(
                    f"LookaheadBot {name} must be a whole number from 1, not {value!r}"
                )
        self.policy = policy
        self.traits = Traits() if traits is None else traits
        self.samples = samples
        self.depth = depth
        self.margin = margin
        self.searched = searched
        self.fair = fair and self.traits.hidden_information

    def __repr__(self) -> str:
        return (
            f"LookaheadBot(samples={self.samples}, depth={self.depth}, "
            f"{'fair' if self.fair else 'sees the whole state'})"
        )

    def __call__(self, state, seat, actions, rng):
        if len(actions) == 1:
            return actions[0]
        preferred = self.policy(state, seat, actions, rng)
        if self.searched is not None and not self.searched(state, actions):
            return preferred
        seeds = [rng.getrandbits(32) for _ in range(self.samples)]
        # Sample k's position: the true one, or one dealing of what the seat cannot see.
        starts = (
            [state.determinize(seat, random.Random(f"deal {seed}")) for seed in seeds]
            if self.fair
            else [state] * len(seeds)
        )
        best, best_value = preferred, self._value(starts, seat, preferred, seeds) + self.margin
        for a in actions:
            if a == preferred:
                continue
            value = self._value(starts, seat, a, seeds)
            if value > best_value:
                best, best_value = a, value
        return best

    def _value(self, starts, seat: int, action, seeds) -> float:
        total = 0.0
        for start, seed in zip(starts, seeds, strict=True):
            rng = random.Random(seed)
            s = start.clone()
            s.apply(action)
            for _ in range(self.depth):
                mover = s.to_move
                if mover == TERMINAL:
                    break
                if mover == CHANCE:
                    s.apply_chance(s.chance().dist.pick(rng.random()))
                    continue
                s.apply(self.policy(s, mover, s.legal_actions(), rng))
            total += position_value(s, seat, self.traits)
        return total / len(seeds)
