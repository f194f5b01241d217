"""Compiled batch play of Correction: the rules of rules.py and the bots of bots.py, decision
for decision, on one integer vector per position.

An exact copy, not an approximation, as the other games' kernels are: the same two Mersenne
Twister streams a Match draws from, the legal decisions listed in rules._options's order, and
the heuristic written as the plain algorithm bots.py's shortcuts stand for (a copy of the
position per option and a full evaluation of every position reached;
tests/correction/test_same_choices.py holds the two equal) with two of those shortcuts, and
evaluate.py's floating-point sums made in the same order. So every game gives the very row the rules engine gives
(tests/correction/test_kernel.py plays both side by side). Tables are built in batch.py,
which hands anything the kernel does not copy back to the rules engine.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ...core.compiled import MT_SIZE, list_remove, mt_random, mt_seed, tension

SIZE = 6
SQUARES = SIZE * SIZE
RES_CAP = 36  # pieces of one seat: a reserve never holds more
SPAWNED_CAP = SIZE  # pieces spawned in a turn stand on the home row

# The position, one int64 vector: board (piece code 2 * kind + owner, or -1), the turn each
# square's token was placed in (or -1), each seat's reserve as (kind, laid down until) pairs
# in order, then the scalars, then the squares of the pieces spawned this turn in order.
BOARD = 0
TOKEN = BOARD + SQUARES
RES_KIND = TOKEN + SQUARES
RES_UNTIL = RES_KIND + 2 * RES_CAP
(RES_N, STOCK, SUPPLY, ACTIVE, TURN, PHASE, SPAWN_COUNT, OPTION, MUST, FROM, TO, WINNER,
 QUIET, PROGRESSED, FIRST, CAPTURES, SPAWNS, MOVE_DENIALS, BANISHES, RECOVERIES,
 N_SPAWNED, SPAWNED) = (RES_UNTIL + 2 * RES_CAP + i for i in
                        (0, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
                         20, 21, 22, 23))
STATE_SIZE = SPAWNED + SPAWNED_CAP
INFINITE = -1  # SUPPLY of an unlimited token supply

PH_SPAWN, PH_MOVING, PH_RESPOND, PH_OVER = range(4)
OPT_NONE, OPT_SPAWNED, OPT_SINGLE = range(3)  # the R-9 option

# A decision: (kind, a, b)
D_SPAWN, D_MOVE, D_END, D_ALLOW, D_DENY, D_BANISH = range(6)  # spawn (kind, sq), move (from, to)

# LINES[i, ...]: catalog.targets flattened; the lines of code c on square sq are
# LINES[FIRST_LINE[c * 36 + sq]:FIRST_LINE[c * 36 + sq + 1]], and GOAL[c * 36 + sq] says whether
# any of them ends on the owner's goal row (catalog.goal_lines)
L_DEST, L_MODE, L_PASSED = range(3)  # then the squares passed over
MOVE, CAPTURE, BOTH = 0, 1, 2  # catalog's modes

# P[...]: the cards' numbers and the rule variants
(P_SPAWN_LIMIT, P_SECOND_TOKENS, P_SPAWN_TOKENS, P_DENY_COST, P_BANISH_COST, P_SUPPLY,
 P_DRAW_AFTER, P_NO_TOKEN_GOAL, P_NO_TOKEN_OWN, P_DENY_OCCUPIED, P_BANISH_CAPTURED, P_FIRST,
 P_MAX_DECISIONS, P_TRACE) = range(14)
P_WIDTH = 14

# out[...]: one game's result
(O_STATUS, O_OUTCOME, O_WINNER, O_LENGTH, O_FIRST, O_TURNS, O_CAPTURES, O_SPAWNS,
 O_MOVE_DENIALS, O_BANISHES, O_RECOVERIES, O_LEAD_CHANGES) = range(12)
OUT_WIDTH = 12
WIN, DRAW, TIMEOUT = 0, 1, 2
OK, UNSUPPORTED = 0, 1  # UNSUPPORTED: a traced game timed out (the engine's row has no tension)
BOT_RANDOM, BOT_HEURISTIC = 0, 1

# evaluate.py and bots.py
TOKEN_POINTS = 0.3
BANISH_READY = (0.0, 1.2, 1.8)
THREAT_COVERED = 0.8
THREAT_OPEN_TO_MOVE = 40.0
THREAT_OPEN = 4.0
WIN_POINTS = 1000.0
DENY_DISCOUNT = 0.35
BANISH_DISCOUNT = 0.5
NOISE = 0.08


@njit(cache=True)
def _home(seat):
    """catalog.HOME: the row of `seat`'s home squares, the other seat's goal."""
    return 0 if seat == 0 else SIZE - 1


@njit(cache=True)
def _passes(S, owner, enters, LINES, i):
    """Whether line i of a piece of `owner` leads to a square it may move to now
    (rules.targets)."""
    dest = LINES[i, L_DEST]
    occ = S[BOARD + dest]
    if occ >= 0 and occ & 1 == owner:
        return False
    placed = S[TOKEN + dest]
    if placed >= 0 and (placed == S[TURN] or not enters):
        return False
    mode = LINES[i, L_MODE]
    if occ < 0:
        if mode == CAPTURE:
            return False
    elif mode == MOVE:
        return False
    for k in range(LINES[i, L_PASSED]):
        if S[BOARD + LINES[i, L_PASSED + 1 + k]] >= 0:
            return False
    return True


@njit(cache=True)
def _can_move(S, sq, FIRST_LINE, LINES, ENTERS, goal_only):
    """Whether the piece on `sq` has a legal move (onto its goal row only, with
    `goal_only`: evaluate._reaches)."""
    code = S[BOARD + sq]
    owner = code & 1
    enters = ENTERS[code >> 1]
    goal = _home(1 - owner)
    at = code * SQUARES + sq
    for i in range(FIRST_LINE[at], FIRST_LINE[at + 1]):
        if goal_only and LINES[i, L_DEST] // SIZE != goal:
            continue
        if _passes(S, owner, enters, LINES, i):
            return True
    return False


@njit(cache=True)
def _spawned_at(S, sq):
    for k in range(S[N_SPAWNED]):
        if S[SPAWNED + k] == sq:
            return True
    return False


@njit(cache=True)
def _to_reserve(S, seat, kind, until):
    n = S[RES_N + seat]
    S[RES_KIND + seat * RES_CAP + n] = kind
    S[RES_UNTIL + seat * RES_CAP + n] = until
    S[RES_N + seat] = n + 1


@njit(cache=True)
def _gain(S, seat, n):
    if S[SUPPLY] != INFINITE:
        n = min(n, S[SUPPLY])
        S[SUPPLY] -= n
    S[STOCK + seat] += n


@njit(cache=True)
def _deny_ok(S, P, t):
    """rules._deny_problem is None: the inactive seat may place a Move Denial on `t`."""
    active = S[ACTIVE]
    if S[STOCK + 1 - active] < P[P_DENY_COST]:
        return False
    row = t // SIZE
    if row == _home(1 - active) and P[P_NO_TOKEN_GOAL]:
        return False
    if row == _home(active) and P[P_NO_TOKEN_OWN]:
        return False
    if S[TOKEN + t] >= 0:
        return False
    return S[BOARD + t] < 0 or P[P_DENY_OCCUPIED] != 0


@njit(cache=True)
def _can_declare(S, FIRST_LINE, LINES, ENTERS):
    """rules._can_declare, in the Move phase."""
    active = S[ACTIVE]
    if S[OPTION] == OPT_SPAWNED:
        for k in range(S[N_SPAWNED]):
            if _can_move(S, S[SPAWNED + k], FIRST_LINE, LINES, ENTERS, False):
                return True
        return False
    for sq in range(SQUARES):
        code = S[BOARD + sq]
        if (code >= 0 and code & 1 == active and not _spawned_at(S, sq)
                and _can_move(S, sq, FIRST_LINE, LINES, ENTERS, False)):
            return True
    return False


@njit(cache=True)
def _end_turn(S, P):
    """rules._end_turn (R-4, R-18). Laid-down pieces keep their wait: only `until < turn`
    is ever asked of it."""
    S[QUIET] = 0 if S[PROGRESSED] else S[QUIET] + 1
    if S[QUIET] >= P[P_DRAW_AFTER]:
        S[PHASE] = PH_OVER
        return
    S[TURN] += 1
    S[ACTIVE] = 1 - S[ACTIVE]
    S[PHASE] = PH_SPAWN
    S[N_SPAWNED] = 0
    S[SPAWN_COUNT] = 0
    S[OPTION] = OPT_NONE
    S[MUST] = -1
    S[FROM] = -1
    S[TO] = -1
    S[PROGRESSED] = 0


@njit(cache=True)
def _continue(S, P, FIRST_LINE, LINES, ENTERS):
    S[PHASE] = PH_MOVING
    if not _can_declare(S, FIRST_LINE, LINES, ENTERS):
        _end_turn(S, P)


@njit(cache=True)
def _carry_out(S, P, FIRST_LINE, LINES, ENTERS):
    """R-16: move, capture, recover a token (R-15), then check for a win (R-17)."""
    f, t = S[FROM], S[TO]
    S[FROM] = -1
    S[TO] = -1
    S[MUST] = -1
    active = S[ACTIVE]
    code = S[BOARD + f]
    occ = S[BOARD + t]
    S[BOARD + f] = -1
    if occ >= 0:
        _to_reserve(S, occ & 1, occ >> 1, S[TURN] + 1)
        S[PROGRESSED] = 1
        S[CAPTURES] += 1
    S[BOARD + t] = code
    if S[TOKEN + t] >= 0 and ENTERS[code >> 1]:
        S[TOKEN + t] = -1
        S[STOCK + active] += 1
        S[PROGRESSED] = 1
        S[RECOVERIES] += 1
    list_remove(S, SPAWNED, N_SPAWNED, f)  # if it was spawned this turn
    if t // SIZE == _home(1 - active):
        S[WINNER] = active
        S[PHASE] = PH_OVER
    elif S[OPTION] == OPT_SINGLE:
        _end_turn(S, P)
    else:
        _continue(S, P, FIRST_LINE, LINES, ENTERS)


@njit(cache=True)
def do(S, kind, a, b, P, FIRST_LINE, LINES, ENTERS):
    """rules.do: apply a legal decision."""
    active = S[ACTIVE]
    if kind == D_SPAWN:
        turn = S[TURN]
        base = active * RES_CAP
        n = S[RES_N + active]
        for i in range(n):
            if S[RES_KIND + base + i] == a and S[RES_UNTIL + base + i] < turn:
                for j in range(i, n - 1):
                    S[RES_KIND + base + j] = S[RES_KIND + base + j + 1]
                    S[RES_UNTIL + base + j] = S[RES_UNTIL + base + j + 1]
                S[RES_N + active] = n - 1
                break
        S[BOARD + b] = 2 * a + active
        S[SPAWNED + S[N_SPAWNED]] = b
        S[N_SPAWNED] += 1
        S[SPAWN_COUNT] += 1
        _gain(S, 1 - active, P[P_SPAWN_TOKENS])
        S[PROGRESSED] = 1
        S[SPAWNS] += 1
    elif kind == D_MOVE:  # rules._declare
        if S[PHASE] == PH_SPAWN:
            S[PHASE] = PH_MOVING
            S[OPTION] = OPT_SPAWNED if _spawned_at(S, a) else OPT_SINGLE
        S[FROM] = a
        S[TO] = b
        # the response window opens only when the inactive seat can do more than allow
        if S[STOCK + 1 - active] >= P[P_BANISH_COST] or _deny_ok(S, P, b):
            S[PHASE] = PH_RESPOND
        else:
            _carry_out(S, P, FIRST_LINE, LINES, ENTERS)
    elif kind == D_ALLOW:
        _carry_out(S, P, FIRST_LINE, LINES, ENTERS)
    elif kind == D_DENY:  # R-13b
        cost = P[P_DENY_COST]
        S[STOCK + 1 - active] -= cost
        if S[SUPPLY] != INFINITE:
            S[SUPPLY] += cost - 1
        S[TOKEN + S[TO]] = S[TURN]
        S[MUST] = S[FROM]
        S[FROM] = -1
        S[TO] = -1
        S[MOVE_DENIALS] += 1
        _continue(S, P, FIRST_LINE, LINES, ENTERS)
    elif kind == D_BANISH:  # R-13c, A-9
        cost = P[P_BANISH_COST]
        S[STOCK + 1 - active] -= cost
        if S[SUPPLY] != INFINITE:
            S[SUPPLY] += cost
        f = S[FROM]
        code = S[BOARD + f]
        S[BOARD + f] = -1
        _to_reserve(S, active, code >> 1, S[TURN] + 2 if P[P_BANISH_CAPTURED] else -1)
        list_remove(S, SPAWNED, N_SPAWNED, f)  # if it was spawned this turn
        S[FROM] = -1
        S[TO] = -1
        S[MUST] = -1
        S[BANISHES] += 1
        _continue(S, P, FIRST_LINE, LINES, ENTERS)
    else:
        _end_turn(S, P)


@njit(cache=True)
def options(S, P, FIRST_LINE, LINES, ENTERS, OPTS, kinds, pool):
    """rules._options into OPTS: how many there are."""
    n = 0
    active = S[ACTIVE]
    phase = S[PHASE]
    if phase == PH_RESPOND:
        OPTS[0, 0] = D_ALLOW
        n = 1
        stock = S[STOCK + 1 - active]
        if stock >= P[P_DENY_COST] and _deny_ok(S, P, S[TO]):
            OPTS[n, 0] = D_DENY
            n += 1
        if stock >= P[P_BANISH_COST]:
            OPTS[n, 0] = D_BANISH
            n += 1
        return n
    if phase != PH_SPAWN and phase != PH_MOVING:
        return 0
    nk = 0
    home = _home(active) * SIZE
    if phase == PH_SPAWN and S[SPAWN_COUNT] < P[P_SPAWN_LIMIT]:
        base = active * RES_CAP
        for i in range(S[RES_N + active]):
            k = S[RES_KIND + base + i]
            if S[RES_UNTIL + base + i] >= S[TURN]:
                continue
            seen = False
            for j in range(nk):
                seen = seen or kinds[j] == k
            if not seen:
                kinds[nk] = k
                nk += 1
        for j in range(nk):
            for sq in range(home, home + SIZE):
                # A square holding a token is not empty for placing.
                if S[BOARD + sq] < 0 and S[TOKEN + sq] < 0:
                    OPTS[n, 0] = D_SPAWN
                    OPTS[n, 1] = kinds[j]
                    OPTS[n, 2] = sq
                    n += 1
    spawns = n
    # The pieces that may be declared (rules._movers), then their destinations
    np_ = 0
    if phase == PH_MOVING and S[OPTION] == OPT_SPAWNED:
        for k in range(S[N_SPAWNED]):
            pool[np_] = S[SPAWNED + k]
            np_ += 1
    else:
        for sq in range(SQUARES):
            code = S[BOARD + sq]
            if code >= 0 and code & 1 == active and (phase == PH_SPAWN
                                                     or not _spawned_at(S, sq)):
                pool[np_] = sq
                np_ += 1
    must = S[MUST]
    if must >= 0:
        for k in range(np_):
            if pool[k] == must:
                if _can_move(S, must, FIRST_LINE, LINES, ENTERS, False):
                    pool[0] = must
                    np_ = 1
                break
    for k in range(np_):
        f = pool[k]
        code = S[BOARD + f]
        owner = code & 1
        enters = ENTERS[code >> 1]
        at = code * SQUARES + f
        for i in range(FIRST_LINE[at], FIRST_LINE[at + 1]):
            if _passes(S, owner, enters, LINES, i):
                OPTS[n, 0] = D_MOVE
                OPTS[n, 1] = f
                OPTS[n, 2] = LINES[i, L_DEST]
                n += 1
    if phase == PH_SPAWN and n == spawns:
        # with no move on the board, the turn may end without one only when no
        # spawn could give a piece a legal move.
        gives = False
        for j in range(nk):
            if gives:
                break
            for sq in range(home, home + SIZE):
                if S[BOARD + sq] < 0 and S[TOKEN + sq] < 0:
                    S[BOARD + sq] = 2 * kinds[j] + active
                    gives = _can_move(S, sq, FIRST_LINE, LINES, ENTERS, False)
                    S[BOARD + sq] = -1
                    if gives:
                        break
        if not gives:
            OPTS[n, 0] = D_END
            n += 1
    return n


@njit(cache=True)
def _held(S, seat, RESERVE):
    """The points of `seat`'s reserve, added one by one in its order."""
    held = 0.0
    for i in range(S[RES_N + seat]):
        held += RESERVE[S[RES_KIND + seat * RES_CAP + i]]
    return held


@njit(cache=True)
def _kept(held, stock, cost):
    """evaluate._kept"""
    ready = stock // cost
    return held + TOKEN_POINTS * stock + BANISH_READY[ready if ready < 2 else 2]


@njit(cache=True)
def _threat_points(n, cover, to_move):
    v = THREAT_COVERED * (n if n < cover else cover)
    if n > cover:
        v += (n - cover) * (THREAT_OPEN_TO_MOVE if to_move else THREAT_OPEN)
    return v


@njit(cache=True)
def evaluate(S, seat, P, FIRST_LINE, LINES, ENTERS, GOAL, POINTS, RESERVE):
    """evaluate.evaluate: points for `seat`, South's sum made in the same order and negated
    for North."""
    if S[PHASE] == PH_OVER:
        w = S[WINNER]
        if w < 0:
            return 0.0
        return WIN_POINTS if w == seat else -WIN_POINTS
    total = 0.0
    south = north = 0  # pieces of each seat threatening to reach the goal row
    for sq in range(SQUARES):
        code = S[BOARD + sq]
        if code >= 0:
            at = code * SQUARES + sq
            total += POINTS[at]
            if GOAL[at] and _can_move(S, sq, FIRST_LINE, LINES, ENTERS, True):
                if code & 1:
                    north += 1
                else:
                    south += 1
    cost = P[P_BANISH_COST]
    total = total + _kept(_held(S, 0, RESERVE), S[STOCK], cost) - _kept(
        _held(S, 1, RESERVE), S[STOCK + 1], cost)
    open_turn = S[FROM] < 0
    if south:
        total += _threat_points(south, S[STOCK + 1] // cost, S[ACTIVE] == 0 and open_turn)
    if north:
        total -= _threat_points(north, S[STOCK] // cost, S[ACTIVE] == 1 and open_turn)
    return total if seat == 0 else 0.0 - total


@njit(cache=True)
def _copy(dst, src):
    # An element loop: numba's slice assignment took twice as long for these short vectors.
    for k in range(STATE_SIZE):
        dst[k] = src[k]


@njit(cache=True)
def _answer(S, me, P, FIRST_LINE, LINES, ENTERS, GOAL, POINTS, RESERVE, OPTS, kinds, pool, A,
            banished, beat, extra):
    """bots._reply's answer of seat `me` to the declaration pending in S, and its evaluation
    for the mover (NaN when none was made: a declared winning move is stopped if at all
    possible, T-3).

    Unless `beat` is NaN: once ALLOW (always the first answer) is scored, if the mover's
    value of it plus `extra` is not above `beat`, ALLOW and that value, the other answers not
    looked at (bots._best_answer: an answer is chosen over ALLOW only when it leaves the
    mover less, so the declaration could not score above `beat` whatever the answer).
    `banished[f]` keeps the evaluation of a Piece Denial of the piece on f once made (NaN
    before): it leaves the same position wherever the piece was going."""
    n = options(S, P, FIRST_LINE, LINES, ENTERS, OPTS, kinds, pool)
    if n == 1:
        return D_ALLOW, np.nan
    if S[TO] // SIZE == _home(me):
        last = OPTS[n - 1, 0]
        if last == D_BANISH:
            return D_BANISH, np.nan
        return (D_DENY if n > 1 and OPTS[1, 0] == D_DENY else D_ALLOW), np.nan
    best = D_ALLOW
    best_value = 0.0
    best_raw = 0.0
    f = S[FROM]
    for i in range(n):
        o = OPTS[i, 0]
        if o == D_BANISH and not np.isnan(banished[f]):
            raw = banished[f]
        else:
            _copy(A, S)
            do(A, o, 0, 0, P, FIRST_LINE, LINES, ENTERS)
            raw = evaluate(A, me, P, FIRST_LINE, LINES, ENTERS, GOAL, POINTS, RESERVE)
            if o == D_BANISH:
                banished[f] = raw
        value = raw
        if o == D_DENY:
            value -= DENY_DISCOUNT
        elif o == D_BANISH:
            value -= BANISH_DISCOUNT
        if i == 0 or value > best_value:
            best, best_value, best_raw = o, value, raw
        if i == 0 and -raw + extra <= beat:
            return D_ALLOW, -raw
    return best, -best_raw


@njit(cache=True)
def heuristic(S, n, OPTS, bmt, P, FIRST_LINE, LINES, ENTERS, GOAL, POINTS, RESERVE, work, A,
              B, kinds, pool, banished):
    """bots.heuristic's choice among the n decisions in OPTS (n > 1), by the plain
    algorithm (each option played on a copy, the opponent's likely answer too, and the
    result evaluated in full) with two of bots.py's shortcuts, _answer's `beat` and
    `banished`."""
    banished[:] = np.nan
    if S[PHASE] == PH_RESPOND:
        o, _ = _answer(S, 1 - S[ACTIVE], P, FIRST_LINE, LINES, ENTERS, GOAL, POINTS, RESERVE,
                       work, kinds, pool, A, banished, np.nan, 0.0)
        for i in range(n):
            if OPTS[i, 0] == o:
                return i
    seat = S[ACTIVE]
    best = 0
    best_value = np.nan
    for i in range(n):
        # One draw per option, in order, whatever it is (bots._greedy).
        noise = NOISE * mt_random(bmt)
        _copy(A, S)
        do(A, OPTS[i, 0], OPTS[i, 1], OPTS[i, 2], P, FIRST_LINE, LINES, ENTERS)
        value = np.nan
        if A[PHASE] == PH_RESPOND:
            answer, value = _answer(A, 1 - seat, P, FIRST_LINE, LINES, ENTERS, GOAL, POINTS,
                                    RESERVE, work, kinds, pool, B, banished, best_value,
                                    noise)
            if np.isnan(value):
                do(A, answer, 0, 0, P, FIRST_LINE, LINES, ENTERS)
        if np.isnan(value):
            value = evaluate(A, seat, P, FIRST_LINE, LINES, ENTERS, GOAL, POINTS, RESERVE)
        value += noise
        if i == 0 or value > best_value:
            best, best_value = i, value
    return best


@njit(cache=True)
def play_one(seed, bseed, P, BOTS, COUNTS, FIRST_LINE, LINES, ENTERS, GOAL, POINTS, RESERVE,
             out, outf, g, S, OPTS, work, A, B, kinds, pool, banished, scores):
    """One game from `seed` into out[g] and outf[g] (decisiveness, drama)."""
    cmt = np.empty(MT_SIZE, np.int64)
    bmt = np.empty(MT_SIZE, np.int64)
    bmt[MT_SIZE - 1] = -1  # seeded on first use: a game with a fixed first player may never draw
    S[:] = 0
    S[BOARD:BOARD + SQUARES] = -1
    S[TOKEN:TOKEN + SQUARES] = -1
    for s in range(2):
        for k in range(len(COUNTS)):
            for _ in range(COUNTS[k]):
                _to_reserve(S, s, k, -1)
    S[SUPPLY] = P[P_SUPPLY]
    S[MUST] = -1
    S[FROM] = -1
    S[TO] = -1
    S[WINNER] = -1
    first = P[P_FIRST]
    if first < 0:  # uniform((0, 1)), as Dist.pick walks it
        mt_seed(cmt, seed)
        first = 0 if int(mt_random(cmt) * 2) < 1 else 1
    S[FIRST] = first
    S[ACTIVE] = first
    _gain(S, 1 - first, P[P_SECOND_TOKENS])
    S[TURN] = 1
    S[PHASE] = PH_SPAWN
    trace = P[P_TRACE] != 0
    decisions = 0
    status = OK
    outcome = -1
    while S[PHASE] != PH_OVER:
        if decisions >= P[P_MAX_DECISIONS]:
            outcome = TIMEOUT
            break
        mover = 1 - S[ACTIVE] if S[PHASE] == PH_RESPOND else S[ACTIVE]
        n = options(S, P, FIRST_LINE, LINES, ENTERS, OPTS, kinds, pool)
        if BOTS[mover] == BOT_RANDOM:
            if bmt[MT_SIZE - 1] < 0:
                mt_seed(bmt, bseed)
            i = int(mt_random(bmt) * n)
        elif n == 1:
            i = 0
        else:
            if bmt[MT_SIZE - 1] < 0:
                mt_seed(bmt, bseed)
            i = heuristic(S, n, OPTS, bmt, P, FIRST_LINE, LINES, ENTERS, GOAL, POINTS,
                          RESERVE, work, A, B, kinds, pool, banished)
        do(S, OPTS[i, 0], OPTS[i, 1], OPTS[i, 2], P, FIRST_LINE, LINES, ENTERS)
        decisions += 1
        if trace:  # State.score(0): evaluate.win_chance
            x = evaluate(S, 0, P, FIRST_LINE, LINES, ENTERS, GOAL, POINTS, RESERVE)
            scores[decisions - 1] = (1.0 if x >= WIN_POINTS else 0.0 if x <= -WIN_POINTS
                                     else 1.0 / (1.0 + math.exp(-x / 3.0)))
    winner = S[WINNER] if outcome != TIMEOUT else -1
    if outcome != TIMEOUT:
        outcome = DRAW if winner < 0 else WIN
    out[g, O_STATUS] = status
    out[g, O_OUTCOME] = outcome
    out[g, O_WINNER] = winner
    out[g, O_LENGTH] = decisions
    out[g, O_FIRST] = S[FIRST]
    out[g, O_TURNS] = S[TURN]
    out[g, O_CAPTURES] = S[CAPTURES]
    out[g, O_SPAWNS] = S[SPAWNS]
    out[g, O_MOVE_DENIALS] = S[MOVE_DENIALS]
    out[g, O_BANISHES] = S[BANISHES]
    out[g, O_RECOVERIES] = S[RECOVERIES]
    if trace:
        if outcome == TIMEOUT:
            out[g, O_STATUS] = UNSUPPORTED  # the engine's time-out rows have no tension
        out[g, O_LEAD_CHANGES], outf[g, 0], outf[g, 1] = tension(scores, decisions, winner)


@njit(cache=True, nogil=True)
def play_many(seeds, bot_seeds, P, BOTS, COUNTS, FIRST_LINE, LINES, ENTERS, GOAL, POINTS,
              RESERVE, max_options):
    n = len(seeds)
    out = np.zeros((n, OUT_WIDTH), np.int64)
    outf = np.zeros((n, 2), np.float64)
    S = np.empty(STATE_SIZE, np.int64)
    A = np.empty(STATE_SIZE, np.int64)
    B = np.empty(STATE_SIZE, np.int64)
    OPTS = np.zeros((max_options, 3), np.int64)
    work = np.zeros((max_options, 3), np.int64)
    kinds = np.zeros(max(1, len(COUNTS)), np.int64)
    pool = np.zeros(SQUARES, np.int64)
    banished = np.zeros(SQUARES, np.float64)
    scores = np.zeros(P[P_MAX_DECISIONS] if P[P_TRACE] else 1, np.float64)
    for g in range(n):
        play_one(seeds[g], bot_seeds[g], P, BOTS, COUNTS, FIRST_LINE, LINES, ENTERS, GOAL,
                 POINTS, RESERVE, out, outf, g, S, OPTS, work, A, B, kinds, pool, banished,
                 scores)
    return out, outf
