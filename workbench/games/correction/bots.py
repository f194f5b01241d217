"""Bots for Correction: a greedy heuristic, and a rollout search built on it.

Both read the whole state, which is fair: Correction hides nothing. Both draw on `rng` only to
vary their play among near-equal choices, so a seeded match replays exactly, while self-play
still gives different games (the game's only chance event is who starts).
"""

from __future__ import annotations

import random

from .catalog import HOME, SIZE
from .evaluate import WIN, evaluate
from .rules import ALLOW, BANISH, DENY, OVER, RESPOND, SPAWN

# What a denial is assumed to cost its author beyond the tokens: the mover then plays its
# next-best move, which a one-ply look does not see.
DENY_DISCOUNT = 0.35
BANISH_DISCOUNT = 0.5
NOISE = 0.08


def respond(state) -> tuple:
    """The inactive seat's answer to the pending declaration, by one-ply look-ahead."""
    options = state._options()
    if len(options) == 1:
        return options[0]
    f, t = state.pending
    me = 1 - state.active
    if t // SIZE == HOME[me]:
        # A declared winning move: stop it if at all possible (T-3).
        return BANISH if BANISH in options else DENY if DENY in options else ALLOW
    best, best_value = ALLOW, None
    for o in options:
        c = state.clone()
        c.do(o)
        value = evaluate(c, me)
        if o == DENY:
            value -= DENY_DISCOUNT
        elif o == BANISH:
            value -= BANISH_DISCOUNT
        if best_value is None or value > best_value:
            best, best_value = o, value
    return best


def _after(state, o) -> object:
    """The state after decision `o` and, if it declares a move, the opponent's likely answer."""
    c = state.clone()
    c.do(o)
    if c.phase == RESPOND:
        c.do(respond(c))
    return c


def greedy(state, rng, noise: float = NOISE) -> tuple:
    """The heuristic's decision as an internal tuple: the option whose result scores best."""
    options = state._options()
    if len(options) == 1:
        return options[0]
    if state.phase == RESPOND:
        return respond(state)
    seat = state.active
    best, best_value = options[0], None
    for o in options:
        value = evaluate(_after(state, o), seat) + noise * rng.random()
        if best_value is None or value > best_value:
            best, best_value = o, value
    return best


def heuristic(state, seat, actions, rng):
    """Greedy: the action whose result (after the opponent's likely response) scores best."""
    if len(actions) == 1:
        return actions[0]
    return state._action(greedy(state, rng))


class RolloutBot:
    """Rollout search: each of the `width` options the heuristic likes best is played on by
    the heuristic for both seats until `horizon` more turns have begun (or the game ends),
    and the option whose resulting positions score best on average is chosen.

    Looking three turns on, past the opponent's best reply and one's own follow-up, is what
    the one-ply heuristic cannot do; an odd horizon stops with the opponent to move, so a
    threat left open is judged from the side that can use it. `samples` > 1 plays each
    option several times with `noise` added to the heuristic's scores, averaging over
    plausible replies instead of trusting a single one. Rollouts draw on their own
    generators seeded by sample number, so a choice depends only on the position and `rng`.
    """

    def __init__(self, horizon: int = 3, samples: int = 1, width: int = 8,
                 noise: float = 0.0, margin: float = 0.05):
        for name, value in (("horizon", horizon), ("samples", samples), ("width", width)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"RolloutBot {name} must be a whole number from 1, "
                                 f"not {value!r}")
        self.horizon = horizon
        self.samples = samples
        self.width = width
        self.noise = noise
        self.margin = margin

    def __repr__(self) -> str:
        return f"RolloutBot(horizon={self.horizon}, samples={self.samples})"

    def __call__(self, state, seat, actions, rng):
        if len(actions) == 1:
            return actions[0]
        # Which options are worth a rollout: the heuristic's own one-ply scores.
        liked = sorted(state._options(), key=lambda o: -evaluate(_after(state, o), seat))
        scored = []
        for o in liked[:self.width]:
            total = 0.0
            for k in range(self.samples):
                c = state.clone()
                c.do(o)
                total += self._play_on(c, seat, random.Random(k))
            scored.append((total / self.samples, o))
        top = max(v for v, _ in scored)
        near = [o for v, o in scored if v >= top - self.margin]
        return state._action(near[int(rng.random() * len(near))])

    def _play_on(self, state, seat, rng) -> float:
        stop = state.turn + self.horizon
        steps = 0
        while state.phase != OVER and not (state.turn >= stop and state.phase == SPAWN):
            state.do(greedy(state, rng, self.noise))
            steps += 1
        value = evaluate(state, seat)
        # A win sooner is better than a win later, a loss later better than a loss sooner.
        if value >= WIN:
            return value - steps
        if value <= -WIN:
            return value + steps
        return value

