"""Compiled batch play of Correction: the rules of rules.py and the bots of bots.py, decision
for decision, on one integer vector per position.

An exact copy, not an approximation, as the other games' kernels are: the same two Mersenne
Twister streams a Match draws from, the legal decisions listed in rules._options's order, and
the heuristic written as the plain algorithm bots.py's shortcuts stand for (a copy of the
position per option and a full evaluation of every position reached;
tests/correction/test_same_choices.py holds the two equal) with two of those shortcuts, and
evaluate.py's floating-point sums made in the same order. So every game gives the very row the
rules engine gives (tests/correction/test_kernel.py plays both side by side). Tables are built
in batch.py (with `pack`), which hands anything the kernel does not copy back to the rules
engine.

Everything a helper reads besides the position lives in two vectors: T (int64) holds the rule
numbers P, then the catalog's tables (each piece's lines from each square, which pieces take
tokens back, which lines reach the goal row, the reserve counts) at offsets its head records,
then scratch rows (two lists of decisions, the kinds and pieces options() collects); F
(float64) holds the evaluation's points and the heuristic's remembered Piece Denial values.
Every array a compiled call takes costs two atomic reference counts, which made up much of
the heuristic's time while evaluate, do and options took up to nine arrays and ran several
times per option; so helpers pass the position, T and F. The positions stay vectors of their
own: the heuristic copies one per option, and with the positions inside T as well its games
took twice as long (likely as the compiler can then no longer keep a copy's writes apart from
the tables it reads).
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

# A decision: (kind, a, b), DECISION_W numbers in a list of decisions
D_SPAWN, D_MOVE, D_END, D_ALLOW, D_DENY, D_BANISH = range(6)  # spawn (kind, sq), move (from, to)
DECISION_W = 3

# T[...]: first the cards' numbers and the rule variants (P, as batch.py fills them in)
(P_SPAWN_LIMIT, P_SECOND_TOKENS, P_SPAWN_TOKENS, P_DENY_COST, P_BANISH_COST, P_SUPPLY,
 P_DRAW_AFTER, P_NO_TOKEN_GOAL, P_NO_TOKEN_OWN, P_DENY_OCCUPIED, P_BANISH_CAPTURED, P_FIRST,
 P_MAX_DECISIONS, P_TRACE) = range(14)
P_WIDTH = 14
# ... then where each table and scratch row of T starts, and the width of a line
(T_KINDS, T_COUNTS, T_ENTERS, T_FIRST_LINE, T_GOAL, T_LINES, T_LINE_W, T_KIND_LIST, T_POOL,
 T_OPTS, T_WORK, T_RESERVE) = range(P_WIDTH, P_WIDTH + 12)
T_HEAD = P_WIDTH + 12
# Line i, T[T_LINE_W] numbers from T[T_LINES] + i * T[T_LINE_W]: its destination, mode, how
# many squares it passes over, and those squares. The lines of code c on square sq are lines
# T[T[T_FIRST_LINE] + c * 36 + sq] up to T[T[T_FIRST_LINE] + c * 36 + sq + 1]
# (catalog.targets), and T[T[T_GOAL] + c * 36 + sq] says whether any of them ends on the
# owner's goal row (catalog.goal_lines).
L_DEST, L_MODE, L_PASSED = range(3)
MOVE, CAPTURE, BOTH = 0, 1, 2  # catalog's modes

# F[...]: Piece Denial values the heuristic keeps per square, the points of each code on each
# square (evaluate._tables), then from F[T[T_RESERVE]] the points of each kind in reserve
F_BANISHED = 0
F_POINTS = F_BANISHED + SQUARES

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


def pack(P, counts, first_line, lines, enters, goal, points, reserve, max_options):
    """T and F for the kernel from P and the catalog's tables: `first_line` numbers rows of
    `lines` (one row a line, padded), `max_options` is the longest list of decisions."""
    kinds = len(counts)
    width = lines.shape[1]
    T = np.zeros(T_HEAD, np.int64)
    T[:P_WIDTH] = P
    parts = []
    at = T_HEAD

    def put(slot, values):
        nonlocal at
        T[slot] = at
        parts.append(np.asarray(values, np.int64))
        at += len(parts[-1])

    T[T_KINDS] = kinds
    put(T_COUNTS, counts)
    put(T_ENTERS, enters)
    put(T_GOAL, goal)
    put(T_FIRST_LINE, first_line)
    put(T_LINES, lines.reshape(-1))
    T[T_LINE_W] = width
    put(T_KIND_LIST, np.zeros(max(1, kinds)))
    put(T_POOL, np.zeros(SQUARES))
    put(T_OPTS, np.zeros(max_options * DECISION_W))
    put(T_WORK, np.zeros(max_options * DECISION_W))
    T = np.concatenate([T] + parts)
    F = np.concatenate([np.zeros(SQUARES), np.asarray(points, np.float64),
                        np.asarray(reserve, np.float64)])
    T[T_RESERVE] = F_POINTS + len(points)
    return T, F


@njit(cache=True)
def _home(seat):
    """catalog.HOME: the row of `seat`'s home squares, the other seat's goal."""
    return 0 if seat == 0 else SIZE - 1


# _passes and _can_move run in loops over pieces and lines: inlined where they are called,
# they save a call and its reference counts each time.
@njit(cache=True, inline="always")
def _passes(S, owner, enters, T, line):
    """Whether the line at T[line] of a piece of `owner` leads to a square it may move to now
    (rules.targets)."""
    dest = T[line + L_DEST]
    occ = S[BOARD + dest]
    if occ >= 0 and occ & 1 == owner:
        return False
    placed = S[TOKEN + dest]
    if placed >= 0 and (placed == S[TURN] or not enters):
        return False
    mode = T[line + L_MODE]
    if occ < 0:
        if mode == CAPTURE:
            return False
    elif mode == MOVE:
        return False
    for k in range(T[line + L_PASSED]):
        if S[BOARD + T[line + L_PASSED + 1 + k]] >= 0:
            return False
    return True


@njit(cache=True, inline="always")
def _can_move(S, sq, T, goal_only):
    """Whether the piece on `sq` has a legal move (onto its goal row only, with
    `goal_only`: evaluate._reaches)."""
    code = S[BOARD + sq]
    owner = code & 1
    enters = T[T[T_ENTERS] + (code >> 1)] != 0
    goal = _home(1 - owner)
    at = T[T_FIRST_LINE] + code * SQUARES + sq
    lines, width = T[T_LINES], T[T_LINE_W]
    # A loop over line numbers: one with a variable step divides to count its turns.
    for i in range(T[at], T[at + 1]):
        line = lines + i * width
        if goal_only and T[line + L_DEST] // SIZE != goal:
            continue
        if _passes(S, owner, enters, T, line):
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
def _deny_ok(S, T, t):
    """rules._deny_problem is None: the inactive seat may place a Move Denial on `t`."""
    active = S[ACTIVE]
    if S[STOCK + 1 - active] < T[P_DENY_COST]:
        return False
    row = t // SIZE
    if row == _home(1 - active) and T[P_NO_TOKEN_GOAL]:
        return False
    if row == _home(active) and T[P_NO_TOKEN_OWN]:
        return False
    if S[TOKEN + t] >= 0:
        return False
    return S[BOARD + t] < 0 or T[P_DENY_OCCUPIED] != 0


@njit(cache=True)
def _can_declare(S, T):
    """rules._can_declare, in the Move phase."""
    active = S[ACTIVE]
    if S[OPTION] == OPT_SPAWNED:
        for k in range(S[N_SPAWNED]):
            if _can_move(S, S[SPAWNED + k], T, False):
                return True
        return False
    for sq in range(SQUARES):
        code = S[BOARD + sq]
        if (code >= 0 and code & 1 == active and not _spawned_at(S, sq)
                and _can_move(S, sq, T, False)):
            return True
    return False


@njit(cache=True)
def _end_turn(S, T):
    """rules._end_turn (R-4, R-18). Laid-down pieces keep their wait: only `until < turn`
    is ever asked of it."""
    S[QUIET] = 0 if S[PROGRESSED] else S[QUIET] + 1
    if S[QUIET] >= T[P_DRAW_AFTER]:
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
def _continue(S, T):
    S[PHASE] = PH_MOVING
    if not _can_declare(S, T):
        _end_turn(S, T)


@njit(cache=True)
def _carry_out(S, T):
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
    if S[TOKEN + t] >= 0 and T[T[T_ENTERS] + (code >> 1)]:
        S[TOKEN + t] = -1
        S[STOCK + active] += 1
        S[PROGRESSED] = 1
        S[RECOVERIES] += 1
    list_remove(S, SPAWNED, N_SPAWNED, f)  # if it was spawned this turn
    if t // SIZE == _home(1 - active):
        S[WINNER] = active
        S[PHASE] = PH_OVER
    elif S[OPTION] == OPT_SINGLE:
        _end_turn(S, T)
    else:
        _continue(S, T)


@njit(cache=True)
def do(S, kind, a, b, T):
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
        _gain(S, 1 - active, T[P_SPAWN_TOKENS])
        S[PROGRESSED] = 1
        S[SPAWNS] += 1
    elif kind == D_MOVE:  # rules._declare
        if S[PHASE] == PH_SPAWN:
            S[PHASE] = PH_MOVING
            S[OPTION] = OPT_SPAWNED if _spawned_at(S, a) else OPT_SINGLE
        S[FROM] = a
        S[TO] = b
        # the response window opens only when the inactive seat can do more than allow
        if S[STOCK + 1 - active] >= T[P_BANISH_COST] or _deny_ok(S, T, b):
            S[PHASE] = PH_RESPOND
        else:
            _carry_out(S, T)
    elif kind == D_ALLOW:
        _carry_out(S, T)
    elif kind == D_DENY:  # R-13b
        cost = T[P_DENY_COST]
        S[STOCK + 1 - active] -= cost
        if S[SUPPLY] != INFINITE:
            S[SUPPLY] += cost - 1
        S[TOKEN + S[TO]] = S[TURN]
        S[MUST] = S[FROM]
        S[FROM] = -1
        S[TO] = -1
        S[MOVE_DENIALS] += 1
        _continue(S, T)
    elif kind == D_BANISH:  # R-13c, A-9
        cost = T[P_BANISH_COST]
        S[STOCK + 1 - active] -= cost
        if S[SUPPLY] != INFINITE:
            S[SUPPLY] += cost
        f = S[FROM]
        code = S[BOARD + f]
        S[BOARD + f] = -1
        _to_reserve(S, active, code >> 1, S[TURN] + 2 if T[P_BANISH_CAPTURED] else -1)
        list_remove(S, SPAWNED, N_SPAWNED, f)  # if it was spawned this turn
        S[FROM] = -1
        S[TO] = -1
        S[MUST] = -1
        S[BANISHES] += 1
        _continue(S, T)
    else:
        _end_turn(S, T)


@njit(cache=True)
def _put(T, at, n, kind, a, b):
    """Decision n of the list at T[at]."""
    d = at + n * DECISION_W
    T[d] = kind
    T[d + 1] = a
    T[d + 2] = b


@njit(cache=True)
def options(S, T, at):
    """rules._options into the list of decisions at T[at]: how many there are."""
    n = 0
    active = S[ACTIVE]
    phase = S[PHASE]
    if phase == PH_RESPOND:
        _put(T, at, 0, D_ALLOW, 0, 0)
        n = 1
        stock = S[STOCK + 1 - active]
        if stock >= T[P_DENY_COST] and _deny_ok(S, T, S[TO]):
            _put(T, at, n, D_DENY, 0, 0)
            n += 1
        if stock >= T[P_BANISH_COST]:
            _put(T, at, n, D_BANISH, 0, 0)
            n += 1
        return n
    if phase != PH_SPAWN and phase != PH_MOVING:
        return 0
    kinds = T[T_KIND_LIST]
    nk = 0
    home = _home(active) * SIZE
    if phase == PH_SPAWN and S[SPAWN_COUNT] < T[P_SPAWN_LIMIT]:
        base = active * RES_CAP
        for i in range(S[RES_N + active]):
            k = S[RES_KIND + base + i]
            if S[RES_UNTIL + base + i] >= S[TURN]:
                continue
            seen = False
            for j in range(nk):
                seen = seen or T[kinds + j] == k
            if not seen:
                T[kinds + nk] = k
                nk += 1
        for j in range(nk):
            for sq in range(home, home + SIZE):
                # A square holding a token is not empty for placing.
                if S[BOARD + sq] < 0 and S[TOKEN + sq] < 0:
                    _put(T, at, n, D_SPAWN, T[kinds + j], sq)
                    n += 1
    spawns = n
    # The pieces that may be declared (rules._movers), then their destinations
    pool = T[T_POOL]
    np_ = 0
    if phase == PH_MOVING and S[OPTION] == OPT_SPAWNED:
        for k in range(S[N_SPAWNED]):
            T[pool + np_] = S[SPAWNED + k]
            np_ += 1
    else:
        for sq in range(SQUARES):
            code = S[BOARD + sq]
            if code >= 0 and code & 1 == active and (phase == PH_SPAWN
                                                     or not _spawned_at(S, sq)):
                T[pool + np_] = sq
                np_ += 1
    must = S[MUST]
    if must >= 0:
        for k in range(np_):
            if T[pool + k] == must:
                if _can_move(S, must, T, False):
                    T[pool] = must
                    np_ = 1
                break
    enters_at = T[T_ENTERS]
    first_line = T[T_FIRST_LINE]
    lines, width = T[T_LINES], T[T_LINE_W]
    for k in range(np_):
        f = T[pool + k]
        code = S[BOARD + f]
        owner = code & 1
        enters = T[enters_at + (code >> 1)] != 0
        c = first_line + code * SQUARES + f
        for i in range(T[c], T[c + 1]):
            line = lines + i * width
            if _passes(S, owner, enters, T, line):
                _put(T, at, n, D_MOVE, f, T[line + L_DEST])
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
                    S[BOARD + sq] = 2 * T[kinds + j] + active
                    gives = _can_move(S, sq, T, False)
                    S[BOARD + sq] = -1
                    if gives:
                        break
        if not gives:
            _put(T, at, n, D_END, 0, 0)
            n += 1
    return n


@njit(cache=True)
def _held(S, seat, F, reserve):
    """The points of `seat`'s reserve (F[reserve + kind]), added one by one in its order."""
    held = 0.0
    for i in range(S[RES_N + seat]):
        held += F[reserve + S[RES_KIND + seat * RES_CAP + i]]
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
def evaluate(S, seat, T, F):
    """evaluate.evaluate: points for `seat`, South's sum made in the same order and negated
    for North."""
    if S[PHASE] == PH_OVER:
        w = S[WINNER]
        if w < 0:
            return 0.0
        return WIN_POINTS if w == seat else -WIN_POINTS
    total = 0.0
    south = north = 0  # pieces of each seat threatening to reach the goal row
    goal = T[T_GOAL]
    for sq in range(SQUARES):
        code = S[BOARD + sq]
        if code >= 0:
            at = code * SQUARES + sq
            total += F[F_POINTS + at]
            if T[goal + at] and _can_move(S, sq, T, True):
                if code & 1:
                    north += 1
                else:
                    south += 1
    cost = T[P_BANISH_COST]
    reserve = T[T_RESERVE]
    total = total + _kept(_held(S, 0, F, reserve), S[STOCK], cost) - _kept(
        _held(S, 1, F, reserve), S[STOCK + 1], cost)
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
def _answer(S, me, T, F, A, beat, extra):
    """bots._reply's answer of seat `me` to the declaration pending in S, and its evaluation
    for the mover (NaN when none was made: a declared winning move is stopped if at all
    possible, T-3). The answers are listed at T[T[T_WORK]].

    Unless `beat` is NaN: once ALLOW (always the first answer) is scored, if the mover's
    value of it plus `extra` is not above `beat`, ALLOW and that value, the other answers not
    looked at (bots._best_answer: an answer is chosen over ALLOW only when it leaves the
    mover less, so the declaration could not score above `beat` whatever the answer).
    `F[F_BANISHED + f]` keeps the evaluation of a Piece Denial of the piece on f once made
    (NaN before): it leaves the same position wherever the piece was going."""
    work = T[T_WORK]
    n = options(S, T, work)
    if n == 1:
        return D_ALLOW, np.nan
    if S[TO] // SIZE == _home(me):
        last = T[work + (n - 1) * DECISION_W]
        if last == D_BANISH:
            return D_BANISH, np.nan
        return (D_DENY if n > 1 and T[work + DECISION_W] == D_DENY else D_ALLOW), np.nan
    best = D_ALLOW
    best_value = 0.0
    best_raw = 0.0
    banished = F_BANISHED + S[FROM]
    for i in range(n):
        o = T[work + i * DECISION_W]
        if o == D_BANISH and not np.isnan(F[banished]):
            raw = F[banished]
        else:
            _copy(A, S)
            do(A, o, 0, 0, T)
            raw = evaluate(A, me, T, F)
            if o == D_BANISH:
                F[banished] = raw
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
def heuristic(S, n, bmt, T, F, A, B):
    """bots.heuristic's choice among the n decisions listed at T[T[T_OPTS]] (n > 1), by the
    plain algorithm (each option played on a copy, the opponent's likely answer too, and the
    result evaluated in full) with two of bots.py's shortcuts, _answer's `beat` and the
    Piece Denial values kept in F."""
    for sq in range(SQUARES):
        F[F_BANISHED + sq] = np.nan
    opts = T[T_OPTS]
    if S[PHASE] == PH_RESPOND:
        o, _ = _answer(S, 1 - S[ACTIVE], T, F, A, np.nan, 0.0)
        for i in range(n):
            if T[opts + i * DECISION_W] == o:
                return i
    seat = S[ACTIVE]
    best = 0
    best_value = np.nan
    for i in range(n):
        # One draw per option, in order, whatever it is (bots._greedy).
        noise = NOISE * mt_random(bmt)
        _copy(A, S)
        d = opts + i * DECISION_W
        do(A, T[d], T[d + 1], T[d + 2], T)
        value = np.nan
        if A[PHASE] == PH_RESPOND:
            answer, value = _answer(A, 1 - seat, T, F, B, best_value, noise)
            if np.isnan(value):
                do(A, answer, 0, 0, T)
        if np.isnan(value):
            value = evaluate(A, seat, T, F)
        value += noise
        if i == 0 or value > best_value:
            best, best_value = i, value
    return best


@njit(cache=True)
def play_one(seed, bseed, BOTS, T, F, out, outf, g, S, A, B, scores):
    """One game from `seed` into out[g] and outf[g] (decisiveness, drama)."""
    cmt = np.empty(MT_SIZE, np.int64)
    bmt = np.empty(MT_SIZE, np.int64)
    bmt[MT_SIZE - 1] = -1  # seeded on first use: a game with a fixed first player may never draw
    S[:] = 0
    S[BOARD:BOARD + SQUARES] = -1
    S[TOKEN:TOKEN + SQUARES] = -1
    counts = T[T_COUNTS]
    for s in range(2):
        for k in range(T[T_KINDS]):
            for _ in range(T[counts + k]):
                _to_reserve(S, s, k, -1)
    S[SUPPLY] = T[P_SUPPLY]
    S[MUST] = -1
    S[FROM] = -1
    S[TO] = -1
    S[WINNER] = -1
    first = T[P_FIRST]
    if first < 0:  # uniform((0, 1)), as Dist.pick walks it
        mt_seed(cmt, seed)
        first = 0 if int(mt_random(cmt) * 2) < 1 else 1
    S[FIRST] = first
    S[ACTIVE] = first
    _gain(S, 1 - first, T[P_SECOND_TOKENS])
    S[TURN] = 1
    S[PHASE] = PH_SPAWN
    trace = T[P_TRACE] != 0
    opts = T[T_OPTS]
    decisions = 0
    status = OK
    outcome = -1
    while S[PHASE] != PH_OVER:
        if decisions >= T[P_MAX_DECISIONS]:
            outcome = TIMEOUT
            break
        mover = 1 - S[ACTIVE] if S[PHASE] == PH_RESPOND else S[ACTIVE]
        n = options(S, T, opts)
        if BOTS[mover] == BOT_RANDOM:
            if bmt[MT_SIZE - 1] < 0:
                mt_seed(bmt, bseed)
            i = int(mt_random(bmt) * n)
        elif n == 1:
            i = 0
        else:
            if bmt[MT_SIZE - 1] < 0:
                mt_seed(bmt, bseed)
            i = heuristic(S, n, bmt, T, F, A, B)
        d = opts + i * DECISION_W
        do(S, T[d], T[d + 1], T[d + 2], T)
        decisions += 1
        if trace:  # State.score(0): evaluate.win_chance
            x = evaluate(S, 0, T, F)
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
def play_many(seeds, bot_seeds, BOTS, tables, points):
    """The games of `seeds` from `pack`'s two vectors (copied: the kernel writes scratch rows
    into them)."""
    n = len(seeds)
    out = np.zeros((n, OUT_WIDTH), np.int64)
    outf = np.zeros((n, 2), np.float64)
    T = tables.copy()
    F = points.copy()
    S = np.empty(STATE_SIZE, np.int64)
    A = np.empty(STATE_SIZE, np.int64)
    B = np.empty(STATE_SIZE, np.int64)
    scores = np.zeros(T[P_MAX_DECISIONS] if T[P_TRACE] else 1, np.float64)
    for g in range(n):
        play_one(seeds[g], bot_seeds[g], BOTS, T, F, out, outf, g, S, A, B, scores)
    return out, outf
