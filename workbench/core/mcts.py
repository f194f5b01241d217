"""Monte Carlo tree search bot with a budget, for any registered game.

Open-loop UCT: chance points are sampled on the way down rather than stored as nodes, so the
tree branches only on decisions. Playouts use the random bot and are cut after `depth`
decisions; the position is then scored by the state's `score(seat)` if the game's spec says it
is `scored` (a number in [0, 1]), otherwise by the result so far (0.5 while undecided).

In games with hidden information it plays fair: information-set MCTS (Cowling, Powley and
Whitehouse 2012, single observer; OpenSpiel's `ismcts.py` is another): every iteration starts
from a new `determinize(seat)` of the position, a copy in which what the seat cannot see is
dealt again at random, and one tree gathers them all; an action is weighed against the times
it was available, since what the other seats may do differs between copies. `fair=False`
(the bot "mcts-omniscient") searches the true position instead, as if it could see every
hand; in games without hidden information the two are the same bot and play the same games.
"""

from __future__ import annotations

import math
import time

from .game import CHANCE, TERMINAL
from .spec import Traits


def position_value(state, seat: int, traits: Traits) -> float:
    """A position for `seat` in [0, 1]: 1 won, 0 lost, 0.5 drawn; while undecided the
    state's score(seat) if the game is scored, else 0.5."""
    result = state.result()
    if result is not None:
        if not result.winners:
            return 0.5 if result.outcome == "draw" else 0.0
        return 1.0 if seat in result.winners else 0.0
    return state.score(seat) if traits.scored else 0.5


class _Node:
    __slots__ = ("available", "children", "total", "visits")

    def __init__(self):
        self.children: dict = {}
        self.visits = 0
        self.total = 0.0
        self.available = 1  # iterations it could have been chosen in (fair search only)


class MCTSBot:
    """A bot (state, seat, actions, rng) -> Action that searches for `iterations` playouts or
    `seconds`, whichever ends first."""

    def __init__(
        self,
        iterations: int = 200,
        seconds: float | None = None,
        depth: int = 60,
        c: float = 1.4,
        traits: Traits | None = None,
        fair: bool = True,
    ):
        self.traits = Traits() if traits is None else traits
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.c = c
        # Fair search only where there is something to hide: elsewhere the same bot as before.
        self.fair = fair and self.traits.hidden_information

    def __repr__(self) -> str:
        return (
            f"MCTSBot(iterations={self.iterations}, "
            f"{'fair' if self.fair else 'sees the whole state'})"
        )

    def __call__(self, state, seat, actions, rng):
        if len(actions) == 1:
            return actions[0]
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for _ in range(self.iterations):
            if deadline is not None and time.perf_counter() > deadline:
                break
            start = state.determinize(seat, rng) if self.fair else state.clone()
            self._iterate(root, start, seat, rng)
        best = max(root.children.items(), key=lambda kv: kv[1].visits)[0]
        return next(a for a in actions if a == best)

    def _iterate(self, root: _Node, state, seat: int, rng) -> None:
        node, path = root, [root]
        while True:
            mover = state.to_move
            if mover == CHANCE:
                state.apply_chance(state.chance().dist.pick(rng.random()))
                continue
            if mover == TERMINAL:
                break
            legal = state.legal_actions()
            # Open loop: what is legal here can differ between visits after other chance
            # results, so expansion looks at the actions legal this time.
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[int(rng.random() * len(untried))]
                child = node.children[action] = _Node()
                state.apply(action)
                path.append(child)
                node = child
                break
            # Selection: values are kept from the searching seat's view; opponents minimise.
            sign = 1.0 if mover == seat or self.traits.cooperative else -1.0
            present = [a for a in legal if a in node.children]
            if self.fair:
                # Each child against the times it was there to choose (ISMCTS).
                for a in present:
                    node.children[a].available += 1
                action = max(
                    present,
                    key=lambda a: _ucb(
                        node.children[a], sign, math.log(node.children[a].available), self.c
                    ),
                )
            else:
                log_n = math.log(node.visits + 1)
                action = max(present, key=lambda a: _ucb(node.children[a], sign, log_n, self.c))
            state.apply(action)
            node = node.children[action]
            path.append(node)
        value = self._playout(state, seat, rng)
        for n in path:
            n.visits += 1
            n.total += value

    def _playout(self, state, seat: int, rng) -> float:
        for _ in range(self.depth):
            mover = state.to_move
            if mover == TERMINAL:
                break
            if mover == CHANCE:
                state.apply_chance(state.chance().dist.pick(rng.random()))
                continue
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        return position_value(state, seat, self.traits)


def _ucb(child: _Node, sign: float, log_n: float, c: float) -> float:
    mean = child.total / child.visits
    if sign < 0:
        mean = 1.0 - mean
    return mean + c * math.sqrt(log_n / child.visits)
