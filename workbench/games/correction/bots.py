"""Bots for Correction: a greedy heuristic, and a rollout search built on it.

Both read the whole state, which is fair: Correction hides nothing. Both draw on `rng` only to
vary their play among near-equal choices, so a seeded match replays exactly, while self-play
still gives different games (the game's only chance event is who starts).
"""

from __future__ import annotations

import random

from .catalog import HOME, SIZE
from .evaluate import WIN, after_spawns, evaluate, evaluate_near, scan
from .rules import ALLOW, BANISH, DENY, LISTED, MOVING, OVER, RESPOND, SINGLE, SPAWN, SPAWNED

# What a denial is assumed to cost its author beyond the tokens: the mover then plays its
# next-best move, which a one-ply look does not see.
DENY_DISCOUNT = 0.35
BANISH_DISCOUNT = 0.5
NOISE = 0.08


def respond(state) -> tuple:
    """The inactive seat's answer to the pending declaration, by one-ply look-ahead."""
    return _reply(state)[0]


def _reply(state, spend: bool = False, options=None, seen=None) -> tuple:
    """(answer, the position after it, and the mover's evaluation of that position), the
    last two None when no position was looked at. The position after it is given only
    with `spend`, and is `state` itself. `options` are state._options(), and `seen` the
    scan() of the position the move was declared in (or of `state`: declaring changes
    neither board nor reserves), when known."""
    if options is None:
        options = state._options()
    if len(options) == 1:
        return options[0], None, None
    if not spend:
        # _answer_value writes on the state it scores: never on a match's own, which a view
        # may be reading from another thread.
        state = state.clone()
    f, t = state.pending
    me = 1 - state.active
    if t // SIZE == HOME[me]:
        # A declared winning move: stop it if at all possible (T-3).
        return (BANISH if BANISH in options else DENY if DENY in options else ALLOW), None, None
    if seen is None:
        seen = scan(state)
    best, best_raw = _best_answer(state, options, me, seen)
    if spend:
        state.do(best)
    # The evaluation is zero-sum to the last bit (evaluate's docstring), so the mover's
    # value needs no second look.
    return best, state if spend else None, -best_raw


def _best_answer(
    state,
    options,
    me: int,
    seen,
    again: bool | None = None,
    banished: dict | None = None,
    beat: float | None = None,
    extra: float | None = None,
) -> tuple:
    """(the answer of `options` that `me` likes best, and its evaluation for `me` before the
    discount), for a declaration pending on `state`, a private copy _answer_value may write
    on. Not for a declared winning move (_reply stops those first). `again` is as for
    _answer_value's Move Denial, when known. `banished` holds the evaluations of Piece
    Denials of other declarations in the same position, by the square of the piece: a
    banished piece leaves the same position wherever it was going.

    With `beat`, once ALLOW (always the first option) is scored: if the mover's value of
    it, plus `extra` if given, is not above `beat`, ALLOW and its evaluation, the others
    not looked at. Another answer is chosen only when it scores above ALLOW's evaluation
    even after its discount, so the mover's value of the chosen answer is at most that of
    ALLOW, and adding `extra` keeps the order (rounding is monotonic): the declaration
    could not score above `beat` whatever the answer."""
    best, best_value, best_raw = ALLOW, None, None
    for o in options:
        if o == BANISH and banished is not None:
            f = state.pending[0]
            raw = banished.get(f)
            if raw is None:
                raw = banished[f] = _answer_value(state, o, me, seen)
            value = raw
        else:
            raw = value = _answer_value(state, o, me, seen, again if o == DENY else None)
        if o == DENY:
            value -= DENY_DISCOUNT
        elif o == BANISH:
            value -= BANISH_DISCOUNT
        if best_value is None or value > best_value:
            best, best_value, best_raw = o, value, raw
        if beat is not None and o == ALLOW:
            mine = -raw if extra is None else -raw + extra
            if mine <= beat:
                return ALLOW, raw
    return best, best_raw


def _answer_value(state, o, seat: int, seen, again: bool | None = None) -> float:
    """evaluate(after, seat), `after` being `state` (a declared move pending) once answer `o`
    is given, without giving it: `state` takes on only what the evaluation and the rule for
    the turn's end (may the mover declare again?) read, and gets its own back after. A copy
    of the state per answer, and all the answer does besides, were most of an answer's cost.
    `seen` is as for _reply; `again`, when known, whether the mover may declare again once
    the answer is given (else the rules are asked)."""
    pending = f, t = state.pending
    active = state.active
    board, token, stock = state.board, state.token, state.stock
    code, occ, placed = board[f], board[t], token[t]
    cat = state.cat
    turn, phase, spawned, must = state.turn, state.phase, state.spawned, state.must
    progressed = state.progressed
    south_stock, north_stock = stock
    reserve = None  # the reserve a piece goes to
    kind = o[0]
    if kind == "a":  # _carry_out
        if t // SIZE == HOME[1 - active]:
            return WIN if active == seat else -WIN
        board[f] = -1
        board[t] = code
        if occ >= 0:
            reserve = state.reserve[occ & 1]
            reserve.append((occ >> 1, turn + 1))
            progressed = True
        if placed >= 0 and cat.enters_tokens[code >> 1]:
            token[t] = -1
            stock[active] += 1
            progressed = True
        ends = state.option == SINGLE
        changed = (f, t) if f < t else (t, f)
    elif kind == "d":  # _move_denial
        stock[1 - active] -= cat.deny_cost
        token[t] = turn
        ends = False
        changed = ()
    else:  # _piece_denial
        stock[1 - active] -= cat.banish_cost
        board[f] = -1
        reserve = state.reserve[active]
        reserve.append((code >> 1, -1))
        ends = False
        changed = (f,)
    try:
        state.pending = None
        state.must = f if kind == "d" else -1
        if not ends:  # _continue
            state.phase = MOVING
            if kind != "d" and f in spawned:
                state.spawned = [sq for sq in spawned if sq != f]
            ends = not (state._can_declare() if again is None else again)
        if ends:  # _end_turn
            quiet = 0 if progressed else state.quiet + 1
            if quiet >= state.rules["cor.draw_after"]:
                return 0.0
            state.turn = turn + 1
            state.active = 1 - active
        return evaluate_near(state, seat, seen, changed)
    finally:
        board[f], board[t], token[t] = code, occ, placed
        stock[0], stock[1] = south_stock, north_stock
        if reserve is not None:
            reserve.pop()
        state.pending, state.must = pending, must
        state.phase, state.turn, state.active, state.spawned = phase, turn, active, spawned


def _after(state, o) -> object:
    """The state after decision `o` and, if it declares a move, the opponent's likely answer."""
    return _answered(state, o)[0]


def _answered(state, o, seen=None, keep: bool = True) -> tuple:
    """(_after(state, o), the opponent's answer or None if there was none to give, and the
    mover's evaluation of that position when the answer already gave it, else None).
    `seen` is scan(state), when known. Without `keep`, the position is None when the
    evaluation is given (only the evaluation is wanted)."""
    c = state.clone()
    c.do(o)
    if c.phase != RESPOND:
        return c, None, None
    answer, after, value = _reply(c, spend=keep, seen=seen)
    if value is None:
        c.do(answer)
        return c, answer, None
    return after, answer, value


def _value(after, seat, seen, o) -> float:
    """evaluate(after, seat) where `after` follows decision `o` (not a spawn) in the position
    of scan `seen`."""
    if o[0] == "m":
        f, t = o[1], o[2]
        return evaluate_near(after, seat, seen, (f, t) if f < t else (t, f))
    return evaluate(after, seat)


def greedy(state, rng, noise: float = NOISE) -> tuple:
    """The heuristic's decision as an internal tuple: the option whose result scores best."""
    return _greedy(state, rng, noise)[0]


def _destinations(state, options, start: int = 0) -> tuple | None:
    """The squares the declarations among `options[start:]` lead to, as two sets: of the
    pieces not spawned this turn, and of those spawned. None when they are not all the
    declarations of those pieces (a denied piece that must move again has only its own).

    After a Move Denial the board is as it was and only the denied square is closed for the
    rest of the turn, so the mover may declare again exactly when the pieces it may then
    move (the spawned ones, or the others, by the R-9 option the declaration fixed) have a
    destination besides that square: when their set holds more than it."""
    if state.phase != SPAWN and state.must >= 0:
        return None
    spawned = state.spawned
    dests = (set(), set())
    for o in options[start:]:
        if o[0] == "m":
            dests[o[1] in spawned].add(o[2])
    return dests


def _declared(scratch, o, seen, dests=None, banished=None, beat=None, extra=None) -> tuple:
    """(the opponent's answer to declaration `o`, None if there is none to give, and the
    mover's evaluation of the position after it and its answer) for `o` (not a winning
    move), legal in `scratch`: a private copy of the state, which the declaration is written
    on only while it is scored. `seen` is scan(scratch); `dests` is _destinations() of the
    position, and `banished`, `beat` and `extra` as for _best_answer, when known (with
    `beat`, the answer and evaluation of a declaration that cannot beat it may be ALLOW's)."""
    f, t = o[1], o[2]
    phase, option, pending = scratch.phase, scratch.option, scratch.pending
    seat = scratch.active
    answers = scratch._answers((f, t))
    # What _declare writes.
    scratch.phase, scratch.pending = RESPOND, (f, t)
    if phase == SPAWN:
        scratch.option = SPAWNED if f in scratch.spawned else SINGLE
    try:
        if len(answers) == 1:
            # No window opens: the move is carried out at once, as an allowed one is.
            return None, _answer_value(scratch, ALLOW, seat, seen)
        again = None if dests is None else len(dests[f in scratch.spawned]) > 1
        answer, raw = _best_answer(scratch, answers, 1 - seat, seen, again, banished, beat, extra)
        return answer, -raw
    finally:
        scratch.phase, scratch.pending, scratch.option = phase, pending, option


def _greedy(state, rng, noise: float = NOISE, options=None, keep: bool = True) -> tuple:
    """(greedy's decision, and when it looked there, the position after it and the
    opponent's answer (else None), and that answer (None if there was none to give)).
    `options` are state._options(), when known; without `keep`, positions after are not
    kept (only the decision is wanted)."""
    if options is None:
        options = state._options()
    if len(options) == 1:
        return options[0], None, None
    if state.phase == RESPOND:
        return _reply(state, options=options)[0], None, None
    seat = state.active
    seen = scan(state)
    # Spawns, which come first, are scored without being played (most options of a Spawn
    # phase are spawns, and a copy of the state for each was most of their cost).
    spawns = 0
    while spawns < len(options) and options[spawns][0] == "s":
        spawns += 1
    best, best_value, best_after, best_answer = options[0], None, None, None
    if spawns:
        best, best_value = _best_spawn(state, seat, options[:spawns], seen, noise, rng)
    # Declarations (but winning ones) are scored on one private copy of the state, the
    # declaration written on it only for as long as it and its answers are scored: a copy
    # and a declaration played per option were most of what a Move phase cost.
    scratch = None
    goal = HOME[1 - seat]
    dests = _destinations(state, options, spawns)
    banished = {}
    for o in options[spawns:]:
        if o[0] == "m" and o[2] // SIZE != goal:
            if scratch is None:
                scratch = state.clone()
            # The noise is drawn first (one draw per option, in order, as ever), so that a
            # declaration that cannot beat the best so far even if allowed is given up
            # once that is scored.
            extra = noise * rng.random() if noise else None
            answer, value = _declared(scratch, o, seen, dests, banished, best_value, extra)
            after = None
            if noise:
                value += extra
        else:
            after, answer, value = _answered(state, o, seen, keep)
            if value is None:
                value = _value(after, seat, seen, o)
            if noise:
                value += noise * rng.random()
        if best_value is None or value > best_value:
            best, best_value, best_after, best_answer = o, value, after, answer
    if keep and best_after is None and best[0] == "m":
        # Played out only for the option chosen.
        best_after = state.clone()
        best_after.do(best)
        if best_answer is not None:
            best_after.do(best_answer)
    return best, best_after, best_answer


def _best_spawn(state, seat: int, spawns, seen, noise: float, rng) -> tuple:
    """(the best of these spawn options, its value), each scored without being played."""
    best, best_value = spawns[0], None
    n = 0
    for value in after_spawns(state, seat, spawns, seen):
        if noise:  # without noise the generator is not drawn on (x + 0.0 is x)
            value += noise * rng.random()
        if best_value is None or value > best_value:
            best, best_value = spawns[n], value
        n += 1
    return best, best_value


# The answer greedy expected to the move the heuristic declared last: (catalog, rules,
# position with that move pending, answer). One tuple, read and replaced whole, so that
# games played side by side in threads never mix two entries.
_ANSWER: list = [(None, None, None, None)]


def _declared_position(state, o) -> tuple:
    """The position once move `o` is declared in `state` and a response window opens on it,
    without a copy to declare it on: _declare then writes only the phase, the R-9 option
    and the pending move (position() holds them at 9, 12 and 14)."""
    f, t = o[1], o[2]
    p = state.position()
    option = state.option
    if state.phase == SPAWN:
        option = SPAWNED if f in state.spawned else SINGLE
    return p[:9] + (RESPOND,) + p[10:12] + (option,) + p[13:14] + ((f, t),) + p[15:]


def heuristic(state, seat, actions, rng):
    """Greedy: the action whose result (after the opponent's likely response) scores best."""
    if len(actions) == 1:
        return actions[0]
    # Bots are handed the list the state's legal_actions() has just returned (a list made
    # since would be another object), so its options are the ones it was made from; a list
    # that lost or gained an entry since is listed again.
    listed, options = LISTED[0]
    if listed is not actions or len(options) != len(actions):
        options = state._options()
        if len(options) != len(actions):  # a shortened list (a BannedBot's): only its options
            given = set(actions)
            options = [o for o in options if state._action(o) in given]
    if state.phase == RESPOND:
        # Usually the answer this bot worked out for the opponent a decision ago, when it
        # chose to declare this very move.
        cat, rules, position, answer = _ANSWER[0]
        if cat is not state.cat or rules != state.rules or position != state.position():
            answer = _reply(state, options=options)[0]
        o = answer
    else:
        o, _, answer = _greedy(state, rng, NOISE, options, keep=False)
        if answer is not None:
            _ANSWER[0] = state.cat, dict(state.rules), _declared_position(state, o), answer
    # The legal actions are the options in order: handing back the very Action spares
    # building one, and the caller's search for its equal.
    if len(actions) == len(options):
        a = actions[options.index(o)]
        if state._decode(a) == o:
            return a
    return state._action(o)


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

    Without noise a rollout is a function of the position it starts from, so the bot
    remembers where each position it has played on led (for the game's catalog, and for at
    most MEMORY positions): rollouts of neighbouring options, and of the next decision,
    often run into a position already played on and stop there with the same answer.
    """

    MEMORY = 100_000

    def __init__(
        self,
        horizon: int = 3,
        samples: int = 1,
        width: int = 8,
        noise: float = 0.0,
        margin: float = 0.05,
    ):
        for name, value in (("horizon", horizon), ("samples", samples), ("width", width)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"RolloutBot {name} must be a whole number from 1, not {value!r}")
        self.horizon = horizon
        self.samples = samples
        self.width = width
        self.noise = noise
        self.margin = margin
        self._memory: dict = {}
        self._cat = None

    def __repr__(self) -> str:
        return f"RolloutBot(horizon={self.horizon}, samples={self.samples})"

    def __getstate__(self):
        # What it remembers stays behind when the bot is sent to worker processes.
        return {**self.__dict__, "_memory": {}, "_cat": None}

    def __call__(self, state, seat, actions, rng):
        if len(actions) == 1:
            return actions[0]
        # Which options are worth a rollout: the heuristic's own one-ply scores, on the very
        # positions the rollouts then start from (the opponent's answer, when there is one,
        # is a rollout's first step).
        after = []
        seen = scan(state)
        for o in state._options():
            first, answer, value = _answered(state, o, seen)
            if value is None:
                value = evaluate(first, seat) if o[0] == "s" else _value(first, seat, seen, o)
            after.append((-value, o, first, answer is not None))
        liked = sorted(after, key=lambda item: item[0])
        scored = []
        for _, o, first, answered in liked[: self.width]:
            # Turns are counted from the position after the option; a declaration leaves the
            # turn as it was until the answer.
            stop = (state.turn if answered else first.turn) + self.horizon
            total = 0.0
            for k in range(self.samples):
                c = first if k == self.samples - 1 else first.clone()
                rollout_rng = random.Random(k) if self.noise else None
                total += self._play_on(c, seat, rollout_rng, int(answered), stop)
            scored.append((total / self.samples, o))
        top = max(v for v, _ in scored)
        near = [o for v, o in scored if v >= top - self.margin]
        return state._action(near[int(rng.random() * len(near))])

    def _play_on(self, state, seat, rng, steps: int, stop: int) -> float:
        memory = self._remembering(state)
        path = []
        end = None
        while state.phase != OVER and not (state.turn >= stop and state.phase == SPAWN):
            if memory is not None:
                key = (state.position(), stop, seat)
                end = memory.get(key)
                if end is not None:
                    break
                path.append((key, steps))
            o, after, answer = _greedy(state, rng, self.noise)
            if after is None:
                state.do(o)
                steps += 1
            else:
                # Greedy already played the option and the opponent's answer (the answer
                # the opponent's own greedy turn would give: respond() does not draw).
                state = after
                steps += 1 if answer is None else 2
        if end is None:
            value, steps = evaluate(state, seat), steps
        else:
            value, steps = end[0], steps + end[1]
        for key, at in path:
            memory[key] = (value, steps - at)
        # A win sooner is better than a win later, a loss later better than a loss sooner.
        if value >= WIN:
            return value - steps
        if value <= -WIN:
            return value + steps
        return value

    def _remembering(self, state) -> dict | None:
        """What the rollouts of this game's catalog led to, or None when rollouts are noisy
        (they then depend on the generator, not only on the position)."""
        if self.noise:
            return None
        if state.cat is not self._cat or len(self._memory) > self.MEMORY:
            self._memory = {}
            self._cat = state.cat
        return self._memory
