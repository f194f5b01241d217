"""Bots for Correction: a greedy heuristic and an alpha-beta search.

Both read the whole state, which is fair: Correction hides nothing. Both draw on `rng` only to
vary their play among near-equal choices, so a seeded match replays exactly, while self-play
still gives different games (the game's only chance event is who starts).
"""

from __future__ import annotations

from .catalog import HOME, SIZE
from .evaluate import WIN, evaluate
from .rules import ALLOW, BANISH, DENY, OVER, RESPOND

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


def heuristic(state, seat, actions, rng):
    """Greedy: the action whose result (after the opponent's likely response) scores best."""
    if len(actions) == 1:
        return actions[0]
    if state.phase == RESPOND:
        return state._action(respond(state))
    best, best_value = actions[0], None
    for a in actions:
        c = state.clone()
        c.do(state._decode(a))
        if c.phase == RESPOND:
            c.do(respond(c))
        value = evaluate(c, seat) + NOISE * rng.random()
        if best_value is None or value > best_value:
            best, best_value = a, value
    return best


class SearchBot:
    """Depth-limited alpha-beta over single decisions (spawns, declarations and responses
    alike), deepening until `nodes` positions have been searched.

    A node budget rather than a clock keeps games reproducible from their seed. At the root
    every move within `margin` points of the best is searched exactly, and one of them is
    picked at random, so self-play explores different games.
    """

    def __init__(self, nodes: int = 2000, max_depth: int = 4, margin: float = 0.1):
        self.nodes = nodes
        self.max_depth = max_depth
        self.margin = margin

    def __repr__(self) -> str:
        return f"SearchBot(nodes={self.nodes})"

    def __call__(self, state, seat, actions, rng):
        if len(actions) == 1:
            return actions[0]
        self.seat = seat
        self.count = 0
        root = state.clone()
        options = _ordered(root, root._options())
        choice = None
        for depth in range(1, self.max_depth + 1):
            try:
                scored = self._root(root, options, depth)
            except _OutOfNodes:
                break
            top = max(v for v, _ in scored)
            near = [o for v, o in scored if v >= top - self.margin]
            choice = near[int(rng.random() * len(near))]
            # Search the best first at the next depth.
            options = [o for _, o in sorted(scored, key=lambda vo: -vo[0])]
            if top >= WIN - 100 or top <= -WIN + 100:
                break
        if choice is None:
            choice = options[0]
        return state._action(choice)

    def _root(self, state, options, depth):
        scored = []
        best = -float("inf")
        for o in options:
            c = state.clone()
            c.do(o)
            v = self._search(c, depth - 1, best - self.margin, float("inf"), 1)
            scored.append((v, o))
            best = max(best, v)
        return scored

    def _search(self, state, depth, alpha, beta, ply):
        self.count += 1
        if self.count > self.nodes:
            raise _OutOfNodes
        if state.phase == OVER:
            if state.winner < 0:
                return 0.0
            return WIN - ply if state.winner == self.seat else -WIN + ply
        # A pending declaration is half a move: look at the answer before judging.
        if depth <= 0 and state.phase != RESPOND:
            return evaluate(state, self.seat)
        options = _ordered(state, state._options())
        if state.to_move == self.seat:
            value = -float("inf")
            for o in options:
                c = state.clone()
                c.do(o)
                value = max(value, self._search(c, depth - 1, alpha, beta, ply + 1))
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
            return value
        value = float("inf")
        for o in options:
            c = state.clone()
            c.do(o)
            value = min(value, self._search(c, depth - 1, alpha, beta, ply + 1))
            beta = min(beta, value)
            if alpha >= beta:
                break
        return value


class _OutOfNodes(Exception):
    pass


def _ordered(state, options):
    """Winning moves, then captures and denials, then the rest: alpha-beta cuts sooner."""
    if state.phase == RESPOND:
        return options[::-1]
    board = state.board
    goal = HOME[1 - state.active]

    def key(o):
        if o[0] != "m":
            return 2
        t = o[2]
        if t // SIZE == goal:
            return 0
        return 1 if board[t] >= 0 else 2

    return sorted(options, key=key)
