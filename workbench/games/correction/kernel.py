"""Compiled batch play of Correction: the rules of rules.py and the bots of bots.py, decision
for decision, on one integer vector per position.

An exact copy, not an approximation, as the other games' kernels are: the same two Mersenne
Twister streams a Match draws from, the legal decisions listed in rules._options's order, and
the heuristic with bots.py's shortcuts: spawns scored without being played, a declaration and
each answer to it written on the position only while they are scored, and every position
reached evaluated from one scan of the position the bot looks on from, with evaluate.py's
floating-point sums made in the same order (tests/correction/test_same_choices.py holds the
shortcuts equal to the plain algorithm). So every game gives the very row the rules engine
gives (tests/correction/test_kernel.py plays both side by side). Tables are built in batch.py
(with `pack`), which hands anything the kernel does not copy back to the rules engine.

Everything a helper reads besides the position lives in two vectors: T (int64) holds the rule
numbers P, then the catalog's tables (each piece's lines from each square, which pieces take
tokens back, which lines reach the goal row and the squares they look at, the reserve counts)
at offsets its head records, then scratch rows (the list of decisions, the kinds and pieces
options() collects, the heuristic's scan); F (float64) holds the evaluation's points, the
heuristic's remembered Piece Denial values and the scan's running totals. Every array a
compiled call takes costs two atomic reference counts, which made up much of the heuristic's
time while evaluate, do and options took up to nine arrays and ran several times per option;
so helpers pass the position, T and F. The positions stay vectors of their own: with them
inside T as well, games took twice as long (likely as the compiler can then no longer keep a
position's writes apart from the tables it reads).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ...core.compiled import MT_SIZE, list_remove, mt_random, mt_seed, no_counts, tension

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
(
    RES_N,
    STOCK,
    SUPPLY,
    ACTIVE,
    TURN,
    PHASE,
    SPAWN_COUNT,
    OPTION,
    MUST,
    FROM,
    TO,
    WINNER,
    QUIET,
    PROGRESSED,
    FIRST,
    CAPTURES,
    SPAWNS,
    MOVE_DENIALS,
    BANISHES,
    RECOVERIES,
    N_SPAWNED,
    SPAWNED,
) = (
    RES_UNTIL + 2 * RES_CAP + i
    for i in (0, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23)
)
STATE_SIZE = SPAWNED + SPAWNED_CAP
INFINITE = -1  # SUPPLY of an unlimited token supply

PH_SPAWN, PH_MOVING, PH_RESPOND, PH_OVER = range(4)
OPT_NONE, OPT_SPAWNED, OPT_SINGLE = range(3)  # the R-9 option

# A decision: (kind, a, b), DECISION_W numbers in a list of decisions
D_SPAWN, D_MOVE, D_END, D_ALLOW, D_DENY, D_BANISH = range(6)  # spawn (kind, sq), move (from, to)
DECISION_W = 3

# T[...]: first the cards' numbers and the rule variants (P, as batch.py fills them in)
(
    P_SPAWN_LIMIT,
    P_SECOND_TOKENS,
    P_SPAWN_TOKENS,
    P_DENY_COST,
    P_BANISH_COST,
    P_SUPPLY,
    P_DRAW_AFTER,
    P_NO_TOKEN_GOAL,
    P_NO_TOKEN_OWN,
    P_DENY_OCCUPIED,
    P_BANISH_CAPTURED,
    P_FIRST,
    P_MAX_DECISIONS,
    P_TRACE,
) = range(14)
P_WIDTH = 14
# ... then where each table and scratch row of T starts, and the width of a line
(
    T_KINDS,
    T_COUNTS,
    T_ENTERS,
    T_FIRST_LINE,
    T_GOAL,
    T_LINES,
    T_LINE_W,
    T_KIND_LIST,
    T_POOL,
    T_OPTS,
    T_RESERVE,
    T_PIECES,
    T_LOOKERS,
    T_NEAR,
    T_TOTALS,
    T_LOOKS,
    T_REACH,
) = range(P_WIDTH, P_WIDTH + 17)
T_HEAD = P_WIDTH + 17
# Line i, T[T_LINE_W] numbers from T[T_LINES] + i * T[T_LINE_W]: its destination, mode, how
# many squares it passes over, and those squares. The lines of code c on square sq are lines
# T[T[T_FIRST_LINE] + c * 36 + sq] up to T[T[T_FIRST_LINE] + c * 36 + sq + 1]
# (catalog.targets), T[T[T_GOAL] + c * 36 + sq] says whether any of them ends on the owner's
# goal row (catalog.goal_lines), and T[T[T_LOOKS] + c * 36 + sq] has a bit set for each
# square those lines look at (evaluate._tables).
L_DEST, L_MODE, L_PASSED = range(3)
MOVE, CAPTURE, BOTH = 0, 1, 2  # catalog's modes

# F[...]: Piece Denial values the heuristic keeps per square, the points of each code on each
# square (evaluate._tables), from F[T[T_RESERVE]] the points of each kind in reserve, then
# from F[T[T_TOTALS]] _scan's running total of the pieces' points (SQUARES + 1 numbers) and
# each piece's points (SQUARES)
F_BANISHED = 0
F_POINTS = F_BANISHED + SQUARES

# out[...]: one game's result
(
    O_STATUS,
    O_OUTCOME,
    O_WINNER,
    O_LENGTH,
    O_FIRST,
    O_TURNS,
    O_CAPTURES,
    O_SPAWNS,
    O_MOVE_DENIALS,
    O_BANISHES,
    O_RECOVERIES,
    O_LEAD_CHANGES,
) = range(12)
OUT_WIDTH = 12
WIN, DRAW, TIMEOUT = 0, 1, 2
OK = 0  # every game fits the kernel's room
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


def pack(P, counts, first_line, lines, enters, goal, looks, points, reserve, max_options):
    """T and F for the kernel from P and the catalog's tables: `first_line` numbers rows of
    `lines` (one row a line, padded), `looks` holds for each code on each square the squares
    its lines to the goal row look at, as bits, and `max_options` is the longest list of
    decisions."""
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
    put(T_LOOKS, looks)
    put(T_FIRST_LINE, first_line)
    put(T_LINES, lines.reshape(-1))
    T[T_LINE_W] = width
    put(T_KIND_LIST, np.zeros(max(1, kinds)))
    put(T_POOL, np.zeros(SQUARES))
    put(T_OPTS, np.zeros(max_options * DECISION_W))
    put(T_PIECES, np.zeros(SQUARES))
    put(T_LOOKERS, np.zeros(SQUARES))
    put(T_NEAR, np.zeros(2 * SIZE))
    put(T_REACH, np.zeros(SQUARES))
    T = np.concatenate([T] + parts)
    F = np.concatenate(
        [
            np.zeros(SQUARES),
            np.asarray(points, np.float64),
            np.asarray(reserve, np.float64),
            np.zeros(2 * SQUARES + 1),
        ]
    )
    T[T_RESERVE] = F_POINTS + len(points)
    T[T_TOTALS] = T[T_RESERVE] + len(reserve)
    return T, F


@no_counts
def _home(seat):
    """catalog.HOME: the row of `seat`'s home squares, the other seat's goal."""
    return 0 if seat == 0 else SIZE - 1


# _passes and _can_move run in loops over pieces and lines: inlined where they are called,
# they save a call and its reference counts each time.
@no_counts(inline="always")
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


# Called, not inlined, here and in _evaluate_near below: numba types an inlined body again at
# every call site (this one has ten), and inlining the two made the kernel's first compile
# some two thirds longer, for a speed difference within the runs' spread
# (benchmarks/compile.py --against a checkout that inlines them).
@no_counts
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


@no_counts
def _spawned_at(S, sq):
    for k in range(S[N_SPAWNED]):
        if S[SPAWNED + k] == sq:
            return True
    return False


@no_counts
def _to_reserve(S, seat, kind, until):
    n = S[RES_N + seat]
    S[RES_KIND + seat * RES_CAP + n] = kind
    S[RES_UNTIL + seat * RES_CAP + n] = until
    S[RES_N + seat] = n + 1


@no_counts
def _gain(S, seat, n):
    if S[SUPPLY] != INFINITE:
        n = min(n, S[SUPPLY])
        S[SUPPLY] -= n
    S[STOCK + seat] += n


@no_counts
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


@no_counts
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
        if (
            code >= 0
            and code & 1 == active
            and not _spawned_at(S, sq)
            and _can_move(S, sq, T, False)
        ):
            return True
    return False


@no_counts
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


@no_counts
def _continue(S, T):
    S[PHASE] = PH_MOVING
    if not _can_declare(S, T):
        _end_turn(S, T)


@no_counts
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


@no_counts
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


@no_counts
def _put(T, at, n, kind, a, b):
    """Decision n of the list at T[at]."""
    d = at + n * DECISION_W
    T[d] = kind
    T[d + 1] = a
    T[d + 2] = b


@no_counts
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
            if code >= 0 and code & 1 == active and (phase == PH_SPAWN or not _spawned_at(S, sq)):
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


@no_counts
def _held(S, seat, F, reserve):
    """The points of `seat`'s reserve (F[reserve + kind]), added one by one in its order."""
    held = 0.0
    for i in range(S[RES_N + seat]):
        held += F[reserve + S[RES_KIND + seat * RES_CAP + i]]
    return held


@no_counts
def _kept(held, stock, cost):
    """evaluate._kept"""
    ready = stock // cost
    return held + TOKEN_POINTS * stock + BANISH_READY[ready if ready < 2 else 2]


@no_counts
def _threat_points(n, cover, to_move):
    v = THREAT_COVERED * (n if n < cover else cover)
    if n > cover:
        v += (n - cover) * (THREAT_OPEN_TO_MOVE if to_move else THREAT_OPEN)
    return v


@no_counts(inline="always")
def _finish(
    total,
    held_south,
    held_north,
    south,
    north,
    stock_south,
    stock_north,
    cost,
    active,
    open_turn,
    seat,
):
    """evaluate._finish, for `seat`: `total` for the pieces on the board, then the reserves
    and tokens, then the threats (`south` and `north` of them), in the documented order."""
    total = total + _kept(held_south, stock_south, cost) - _kept(held_north, stock_north, cost)
    if south:
        total += _threat_points(south, stock_north // cost, active == 0 and open_turn)
    if north:
        total -= _threat_points(north, stock_south // cost, active == 1 and open_turn)
    return total if seat == 0 else 0.0 - total


@no_counts(inline="always")
def _over(S, seat):
    w = S[WINNER]
    if w < 0:
        return 0.0
    return WIN_POINTS if w == seat else -WIN_POINTS


@no_counts
def evaluate(S, seat, T, F):
    """evaluate.evaluate: points for `seat`, South's sum made in the same order and negated
    for North."""
    if S[PHASE] == PH_OVER:
        return _over(S, seat)
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
    reserve = T[T_RESERVE]
    return _finish(
        total,
        _held(S, 0, F, reserve),
        _held(S, 1, F, reserve),
        south,
        north,
        S[STOCK],
        S[STOCK + 1],
        T[P_BANISH_COST],
        S[ACTIVE],
        S[FROM] < 0,
        seat,
    )


@no_counts
def _scan(S, T, F):
    """evaluate.scan of S, for the evaluations of positions one decision on from it: its
    pieces' squares in order (from T[T[T_PIECES]]), their points (from F[T[T_TOTALS]] +
    SQUARES + 1) and the running total of those points (from F[T[T_TOTALS]]), the squares of
    the pieces with lines to the goal row (from T[T[T_LOOKERS]]) and whether each reaches it
    now (from T[T[T_REACH]]), and each reserve's points. Returns (pieces, lookers, South's
    reserve points, North's, the reserves' lengths, the turn, and the squares holding a
    token placed in it, as bits)."""
    goal = T[T_GOAL]
    pieces_at = T[T_PIECES]
    lookers = T[T_LOOKERS]
    reach = T[T_REACH]
    totals = T[T_TOTALS]
    values = totals + SQUARES + 1
    pieces = 0
    looking = 0
    total = 0.0
    F[totals] = 0.0
    turn = S[TURN]
    placed = 0
    for sq in range(SQUARES):
        if S[TOKEN + sq] == turn:
            placed |= 1 << sq
        code = S[BOARD + sq]
        if code >= 0:
            at = code * SQUARES + sq
            v = F[F_POINTS + at]
            total += v
            T[pieces_at + pieces] = sq
            F[values + pieces] = v
            pieces += 1
            F[totals + pieces] = total
            if T[goal + at]:
                T[lookers + looking] = sq
                T[reach + looking] = _can_move(S, sq, T, True)
                looking += 1
    reserve = T[T_RESERVE]
    return (
        pieces,
        looking,
        _held(S, 0, F, reserve),
        _held(S, 1, F, reserve),
        S[RES_N],
        S[RES_N + 1],
        turn,
        placed,
    )


@no_counts  # not inlined: see _can_move
def _evaluate_near(X, seat, a, b, touched, T, F, seen):
    """evaluate(X, seat) for a position reached from the one `seen` = _scan() looked at,
    by decisions that changed the board only on squares a < b (either -1 when not changed),
    the tokens only on those or on the squares `touched` holds as bits, and the reserves
    only by pieces put at their ends: a move declared and the answer to it
    (evaluate.evaluate_near). The running total of the pieces' points is continued from
    before the first changed square, and of the threats of the pieces with lines to the
    goal row, only those whose lines look at a changed square are looked at again (a new
    turn changes the squares of the tokens placed in the last)."""
    if X[PHASE] == PH_OVER:
        return _over(X, seat)
    pieces, looking, held_south, held_north, south_size, north_size, turn, placed = seen
    goal = T[T_GOAL]
    pieces_at = T[T_PIECES]
    totals = T[T_TOTALS]
    values = totals + SQUARES + 1
    south = north = 0
    if b < 0:
        total = F[totals + pieces]
    else:
        first = a if a >= 0 else b
        n = 0
        while n < pieces and T[pieces_at + n] < first:
            n += 1
        total = F[totals + n]
        for j in range(2):
            sq = a if j == 0 else b
            if sq < 0:
                continue
            while n < pieces and T[pieces_at + n] < sq:
                total += F[values + n]
                n += 1
            if n < pieces and T[pieces_at + n] == sq:
                n += 1  # the piece that stood there, if one still does, is added here
            code = X[BOARD + sq]
            if code >= 0:
                at = code * SQUARES + sq
                total += F[F_POINTS + at]
                if T[goal + at] and _can_move(X, sq, T, True):
                    if code & 1:
                        north += 1
                    else:
                        south += 1
        for x in range(n, pieces):
            total += F[values + x]
    if a >= 0:
        touched |= 1 << a
    if b >= 0:
        touched |= 1 << b
    if X[TURN] != turn:
        touched |= placed
    lookers = T[T_LOOKERS]
    reach = T[T_REACH]
    looks = T[T_LOOKS]
    for x in range(looking):
        sq = T[lookers + x]
        if sq == a or sq == b:
            continue
        code = X[BOARD + sq]
        if T[looks + code * SQUARES + sq] & touched:
            reaches = _can_move(X, sq, T, True)
        else:
            reaches = T[reach + x] != 0
        if reaches:
            if code & 1:
                north += 1
            else:
                south += 1
    # Pieces only ever join the ends of the reserves here (captured or banished), and a new
    # turn keeps their order: the sums so far go on over the new ones.
    reserve = T[T_RESERVE]
    for r in range(south_size, X[RES_N]):
        held_south += F[reserve + X[RES_KIND + r]]
    for r in range(north_size, X[RES_N + 1]):
        held_north += F[reserve + X[RES_KIND + RES_CAP + r]]
    return _finish(
        total,
        held_south,
        held_north,
        south,
        north,
        X[STOCK],
        X[STOCK + 1],
        T[P_BANISH_COST],
        X[ACTIVE],
        X[FROM] < 0,
        seat,
    )


@no_counts
def _spawn_values(S, m, seat, bmt, T, F, seen):
    """The best of the first m decisions listed at T[T[T_OPTS]], all spawns, and its value
    with noise (one draw each, in order), as evaluate.after_spawns scores them: without
    playing them. A spawn only adds a piece on the home row, takes it from the reserve and
    gives the other seat tokens, so the running total of `seen` = _scan(S) is continued from
    just before the new piece (the very additions evaluate makes), and of the threats only
    those of the pieces with lines to the goal row are looked at again, once per square."""
    pieces, looking, held_south, held_north, _, _, _, _ = seen
    opts = T[T_OPTS]
    goal = T[T_GOAL]
    pieces_at = T[T_PIECES]
    lookers = T[T_LOOKERS]
    reach = T[T_REACH]
    looks = T[T_LOOKS]
    near = T[T_NEAR]
    totals = T[T_TOTALS]
    values = totals + SQUARES + 1
    # T[near + c]: the threats once a piece stands on home square c (-1 until worked out),
    # and T[near + SIZE + c] how many pieces stand before it
    for c in range(SIZE):
        T[near + c] = -1
    active = S[ACTIVE]
    gain = T[P_SPAWN_TOKENS]
    if S[SUPPLY] != INFINITE and S[SUPPLY] < gain:
        gain = S[SUPPLY]
    stock_south = S[STOCK] + (gain if active == 1 else 0)
    stock_north = S[STOCK + 1] + (gain if active == 0 else 0)
    cost = T[P_BANISH_COST]
    reserve = T[T_RESERVE]
    last_kind = -1
    turn = S[TURN]
    home = _home(active) * SIZE
    open_turn = S[FROM] < 0
    base = active * RES_CAP
    best = 0
    best_value = 0.0
    for i in range(m):
        d = opts + i * DECISION_W
        kind = T[d + 1]
        sq = T[d + 2]
        noise = NOISE * mt_random(bmt)
        if kind != last_kind:  # spawns are listed kind by kind
            # The reserve without the piece the spawn takes: the first of its kind standing.
            held = 0.0
            taken = False
            for r in range(S[RES_N + active]):
                k = S[RES_KIND + base + r]
                if not taken and k == kind and S[RES_UNTIL + base + r] < turn:
                    taken = True
                    continue
                held += F[reserve + k]
            if active == 0:
                held_south = held
            else:
                held_north = held
            last_kind = kind
        code = 2 * kind + active
        new = code * SQUARES + sq
        S[BOARD + sq] = code
        threats = T[near + sq - home]
        if threats < 0:
            # The other pieces' threats see only that a piece of the spawner stands on sq,
            # whatever its kind.
            south = north = 0
            for x in range(looking):
                at = T[lookers + x]
                code = S[BOARD + at]
                if T[looks + code * SQUARES + at] >> sq & 1:
                    reaches = _can_move(S, at, T, True)
                else:
                    reaches = T[reach + x] != 0
                if reaches:
                    if code & 1:
                        north += 1
                    else:
                        south += 1
            threats = T[near + sq - home] = south * (SQUARES + 1) + north
            n = 0
            while n < pieces and T[pieces_at + n] < sq:
                n += 1
            T[near + SIZE + sq - home] = n
        south = threats // (SQUARES + 1)
        north = threats % (SQUARES + 1)
        if T[goal + new] and _can_move(S, sq, T, True):
            if active:
                north += 1
            else:
                south += 1
        S[BOARD + sq] = -1
        n = T[near + SIZE + sq - home]
        total = F[totals + n] + F[F_POINTS + new]
        for x in range(n, pieces):
            total += F[values + x]
        value = (
            _finish(
                total,
                held_south,
                held_north,
                south,
                north,
                stock_south,
                stock_north,
                cost,
                active,
                open_turn,
                seat,
            )
            + noise
        )
        if i == 0 or value > best_value:
            best, best_value = i, value
    return best, best_value


@no_counts
def _copy(dst, src):
    # An element loop: numba's slice assignment took twice as long for these short vectors.
    for k in range(STATE_SIZE):
        dst[k] = src[k]


@no_counts
def _answer_value(S, o, seat, T, F, seen):
    """evaluate(after, seat), `after` being S (a declared move pending) once answer `o` is
    given, without giving it (bots._answer_value): S takes on only what the evaluation and
    the rule for the turn's end (may the mover declare again?) read, and gets its own back
    after. `seen` is the _scan of the position the heuristic looks on from."""
    f, t = S[FROM], S[TO]
    active = S[ACTIVE]
    code, occ, placed = S[BOARD + f], S[BOARD + t], S[TOKEN + t]
    south_stock, north_stock = S[STOCK], S[STOCK + 1]
    progressed = S[PROGRESSED]
    to_reserve = -1  # the seat whose reserve a piece goes to
    if o == D_ALLOW:  # _carry_out
        if t // SIZE == _home(1 - active):
            return WIN_POINTS if active == seat else -WIN_POINTS
        S[BOARD + f] = -1
        S[BOARD + t] = code
        if occ >= 0:
            to_reserve = occ & 1
            _to_reserve(S, to_reserve, occ >> 1, S[TURN] + 1)
            progressed = 1
        if placed >= 0 and T[T[T_ENTERS] + (code >> 1)]:
            S[TOKEN + t] = -1
            S[STOCK + active] += 1
            progressed = 1
        ends = S[OPTION] == OPT_SINGLE
        a, b = (f, t) if f < t else (t, f)
        touched = 0
    elif o == D_DENY:  # R-13b
        S[STOCK + 1 - active] -= T[P_DENY_COST]
        S[TOKEN + t] = S[TURN]
        ends = False
        a = b = -1
        touched = 1 << t
    else:  # R-13c
        S[STOCK + 1 - active] -= T[P_BANISH_COST]
        S[BOARD + f] = -1
        to_reserve = active
        _to_reserve(S, active, code >> 1, -1)
        ends = False
        a, b = -1, f
        touched = 0
    phase, turn, must = S[PHASE], S[TURN], S[MUST]
    S[FROM] = -1
    S[TO] = -1
    S[MUST] = f if o == D_DENY else -1
    gone = -1  # where f stood in the list of pieces spawned this turn, if it left it
    if not ends:  # _continue
        S[PHASE] = PH_MOVING
        if o != D_DENY:
            n = S[N_SPAWNED]
            for i in range(n):
                if S[SPAWNED + i] == f:
                    gone = i
                    for j in range(i, n - 1):
                        S[SPAWNED + j] = S[SPAWNED + j + 1]
                    S[N_SPAWNED] = n - 1
                    break
        ends = not _can_declare(S, T)
    drawn = False
    if ends:  # _end_turn
        quiet = 0 if progressed else S[QUIET] + 1
        if quiet >= T[P_DRAW_AFTER]:
            drawn = True
        else:
            S[TURN] = turn + 1
            S[ACTIVE] = 1 - active
    value = 0.0 if drawn else _evaluate_near(S, seat, a, b, touched, T, F, seen)
    S[BOARD + f], S[BOARD + t], S[TOKEN + t] = code, occ, placed
    S[STOCK], S[STOCK + 1] = south_stock, north_stock
    if to_reserve >= 0:
        S[RES_N + to_reserve] -= 1
    if gone >= 0:
        n = S[N_SPAWNED]
        for j in range(n, gone, -1):
            S[SPAWNED + j] = S[SPAWNED + j - 1]
        S[SPAWNED + gone] = f
        S[N_SPAWNED] = n + 1
    S[FROM], S[TO], S[MUST] = f, t, must
    S[PHASE], S[TURN], S[ACTIVE] = phase, turn, active
    return value


@no_counts(inline="always")
def _answer(S, me, T, F, beat, extra, seen, deny, banish):
    """bots._reply's answer of seat `me` to the declaration pending in S, and its evaluation
    for the mover (NaN when none was made: a declared winning move is stopped if at all
    possible, T-3). The answers are ALLOW, then DENY if `deny`, then BANISH if `banish`
    (options()'s list), scored by _answer_value on S itself; `seen` is the _scan of the
    position the heuristic looks on from (S, or S before the declaration).

    Unless `beat` is NaN: once ALLOW (always the first answer) is scored, if the mover's
    value of it plus `extra` is not above `beat`, ALLOW and that value, the other answers not
    looked at (bots._best_answer: an answer is chosen over ALLOW only when it leaves the
    mover less, so the declaration could not score above `beat` whatever the answer).
    `F[F_BANISHED + f]` keeps the evaluation of a Piece Denial of the piece on f once made
    (NaN before): it leaves the same position wherever the piece was going."""
    if not deny and not banish:
        return D_ALLOW, np.nan
    if S[TO] // SIZE == _home(me):
        return (D_BANISH if banish else D_DENY), np.nan
    best = D_ALLOW
    best_value = 0.0
    best_raw = 0.0
    banished = F_BANISHED + S[FROM]
    for i in range(3):
        o = D_ALLOW + i
        if (o == D_DENY and not deny) or (o == D_BANISH and not banish):
            continue
        if o == D_BANISH and not np.isnan(F[banished]):
            raw = F[banished]
        else:
            raw = _answer_value(S, o, me, T, F, seen)
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


@no_counts(inline="always")
def _declared_value(S, f, t, seat, T, F, beat, extra, seen):
    """The mover's evaluation of declaring f -> t in S and the opponent's likely answer
    (bots._declared), with `beat` and `extra` as for _answer: the declaration is written on S
    only while it is scored (do's rules._declare), a copy and a declaration played per option
    being most of a Move phase's cost."""
    phase, option = S[PHASE], S[OPTION]
    active = S[ACTIVE]
    if phase == PH_SPAWN:
        S[PHASE] = PH_MOVING
        S[OPTION] = OPT_SPAWNED if _spawned_at(S, f) else OPT_SINGLE
    S[FROM] = f
    S[TO] = t
    deny = _deny_ok(S, T, t)
    banish = S[STOCK + 1 - active] >= T[P_BANISH_COST]
    if deny or banish:
        S[PHASE] = PH_RESPOND
        answer, value = _answer(S, 1 - seat, T, F, beat, extra, seen, deny, banish)
        if np.isnan(value):
            value = _answer_value(S, answer, seat, T, F, seen)
    else:  # no window opens: the move is carried out at once
        value = _answer_value(S, D_ALLOW, seat, T, F, seen)
    S[PHASE], S[OPTION] = phase, option
    S[FROM] = -1
    S[TO] = -1
    return value


@no_counts
def heuristic(S, n, bmt, T, F, A):
    """bots.heuristic's choice among the n decisions listed at T[T[T_OPTS]] (n > 1), as
    bots._greedy makes it: spawns scored without being played (_spawn_values), declarations
    and their likely answers scored on S without being given (_declared_value), every
    position reached evaluated from a scan of this one (_evaluate_near); with _answer's
    `beat` and the Piece Denial values kept in F."""
    for sq in range(SQUARES):
        F[F_BANISHED + sq] = np.nan
    opts = T[T_OPTS]
    seen = _scan(S, T, F)
    if S[PHASE] == PH_RESPOND:
        o, _ = _answer(
            S,
            1 - S[ACTIVE],
            T,
            F,
            np.nan,
            0.0,
            seen,
            _deny_ok(S, T, S[TO]),
            S[STOCK + 1 - S[ACTIVE]] >= T[P_BANISH_COST],
        )
        for i in range(n):
            if T[opts + i * DECISION_W] == o:
                return i
    seat = S[ACTIVE]
    spawns = 0
    while spawns < n and T[opts + spawns * DECISION_W] == D_SPAWN:
        spawns += 1
    best = 0
    best_value = np.nan
    if spawns:
        best, best_value = _spawn_values(S, spawns, seat, bmt, T, F, seen)
    for i in range(spawns, n):
        # One draw per option, in order, whatever it is (bots._greedy).
        noise = NOISE * mt_random(bmt)
        d = opts + i * DECISION_W
        if T[d] == D_MOVE:
            value = _declared_value(S, T[d + 1], T[d + 2], seat, T, F, best_value, noise, seen)
        else:  # ending the turn: at most once a decision
            _copy(A, S)
            do(A, T[d], T[d + 1], T[d + 2], T)
            value = evaluate(A, seat, T, F)
        value += noise
        if i == 0 or value > best_value:
            best, best_value = i, value
    return best


@no_counts
def play_one(seed, bseed, BOTS, T, F, out, outf, g, S, A, scores, cmt, bmt):
    """One game from `seed` into out[g] and outf[g] (decisiveness, drama), drawing from the
    two streams `cmt` and `bmt`."""
    bmt[MT_SIZE - 1] = -1  # seeded on first use: a game with a fixed first player may never draw
    S[:] = 0
    S[BOARD : BOARD + SQUARES] = -1
    S[TOKEN : TOKEN + SQUARES] = -1
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
            i = heuristic(S, n, bmt, T, F, A)
        d = opts + i * DECISION_W
        do(S, T[d], T[d + 1], T[d + 2], T)
        decisions += 1
        if trace:  # State.score(0): evaluate.win_chance
            x = evaluate(S, 0, T, F)
            scores[decisions - 1] = (
                1.0
                if x >= WIN_POINTS
                else 0.0
                if x <= -WIN_POINTS
                else 1.0 / (1.0 + math.exp(-x / 3.0))
            )
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
    scores = np.zeros(T[P_MAX_DECISIONS] if T[P_TRACE] else 1, np.float64)
    cmt = np.empty(MT_SIZE, np.int64)
    bmt = np.empty(MT_SIZE, np.int64)
    for g in range(n):
        play_one(seeds[g], bot_seeds[g], BOTS, T, F, out, outf, g, S, A, scores, cmt, bmt)
    return out, outf
