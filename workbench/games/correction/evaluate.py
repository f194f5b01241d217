"""A static evaluation of Correction positions, shared by the bots and `State.score`.

Captured pieces return to their owner's reserve, so material is never lost for good: what
counts is how far pieces have advanced, which pieces threaten to reach the goal row next, and
whether the opponent holds enough tokens to banish every such threat.
"""

from __future__ import annotations

import math
from bisect import bisect_left

from .catalog import CAPTURE, MOVE, SIZE, progress
from .rules import OVER

SQUARES = SIZE * SIZE

# Points of a piece on the board by kind name; unknown kinds (added in the CSV) count as 1.5.
PIECE = {"Pawn": 1.0, "Spearman": 1.6, "Knight": 2.2}
RESERVE = 0.45  # a piece in reserve is worth this share of its board value
ADVANCE = (0.0, 0.15, 0.45, 0.9, 1.6, 0.0)  # by rows advanced
TOKEN = 0.3
# Each Piece Denial a player can afford is insurance against a winning move; the first two
# matter most.
BANISH_READY = (0.0, 1.2, 1.8)
THREAT_COVERED = 0.8  # a threat the opponent can still banish ties up their tokens
THREAT_OPEN_TO_MOVE = 40.0  # a threat nobody can stop on the owner's own turn
THREAT_OPEN = 4.0
WIN = 1000.0


_TABLES: dict = {}
_LAST: list = [None, None]  # the catalog asked for last, and its tables


def _tables(cat):
    """Per catalog, indexed by code * 36 + sq for a piece on the board: its points for South
    (a North piece counts negative), its lines to the goal row (catalog.goal_lines) and the
    squares those lines look at; then the points of each kind in reserve, and whether each
    code may enter a token's square."""
    if _LAST[0] is cat:
        return _LAST[1]
    hit = _TABLES.get(id(cat))
    if hit is None or hit[0] is not cat:
        values = [PIECE.get(k, 1.5) for k in cat.kinds]
        codes = range(2 * len(values))
        on_board = [
            values[code >> 1] + ADVANCE[progress(code & 1, sq)]
            for code in codes
            for sq in range(SQUARES)
        ]
        # x + (-v) is x - v exactly in floating point, so the signed table gives the very
        # sums that adding and subtracting the unsigned values gave.
        points = tuple(-v if (i // SQUARES) & 1 else v for i, v in enumerate(on_board))
        goal = tuple(cat.goal_lines[code][sq] for code in codes for sq in range(SQUARES))
        seen = tuple(
            frozenset(sq for dest, _, between in lines for sq in (dest, *between)) for lines in goal
        )
        reserve = tuple(RESERVE * v for v in values)
        enters = tuple(bool(cat.enters_tokens[code >> 1]) for code in codes)
        hit = _TABLES[id(cat)] = (cat, (points, goal, seen, reserve, enters))
    _LAST[:] = hit
    return hit[1]


def threats(state, seat: int) -> int:
    """Pieces of `seat` with a legal move onto the goal row (ignoring whose turn it is)."""
    return _threats(state)[seat]


def _threats(state) -> list[int]:
    """threats() of both seats."""
    goal_lines = state.cat.goal_lines
    n = [0, 0]
    for sq, code in enumerate(state.board):
        if code >= 0:
            lines = goal_lines[code][sq]
            if lines and state.targets(sq, lines):
                n[code & 1] += 1
    return n


def _reaches(board, token, turn, enters, owner, lines) -> bool:
    """Whether state.targets(sq, lines) is non-empty for a piece of `owner` on sq: the same
    tests, stopping at the first line that passes."""
    for dest, mode, between in lines:
        occ = board[dest]
        if occ >= 0:
            if occ & 1 == owner or mode == MOVE:
                continue
        elif mode == CAPTURE:
            continue
        placed = token[dest]
        if placed >= 0 and (placed == turn or not enters):
            continue
        for b in between:
            if board[b] >= 0:
                break
        else:
            return True
    return False


def _kept(held: float, stock: int, cost: int) -> float:
    """What a seat's reserve (worth `held`) and tokens are worth."""
    ready = stock // cost
    return held + TOKEN * stock + BANISH_READY[ready if ready < 2 else 2]


def _finish(total, kept_south, kept_north, south, north, stock, cost, active, pending) -> float:
    """South's points: `total` for the pieces on the board, then the reserves and tokens
    (_kept), then the threats (`south` and `north` of them), in the documented order."""
    total = total + kept_south - kept_north
    if south:
        cover = stock[1] // cost
        v = THREAT_COVERED * (south if south < cover else cover)
        if south > cover:
            v += (south - cover) * (
                THREAT_OPEN_TO_MOVE if active == 0 and pending is None else THREAT_OPEN
            )
        total += v
    if north:
        cover = stock[0] // cost
        v = THREAT_COVERED * (north if north < cover else cover)
        if north > cover:
            v += (north - cover) * (
                THREAT_OPEN_TO_MOVE if active == 1 and pending is None else THREAT_OPEN
            )
        total -= v
    return total


def evaluate(state, seat: int) -> float:
    """Points for `seat` (positive is good); a decided game is +-WIN.

    Zero-sum to the last bit: every term is added for one seat and the very same number
    subtracted for the other, in the same order, and floating-point rounding is symmetric,
    so evaluate(state, 1) == -evaluate(state, 0) exactly (the bots rely on it)."""
    if state.phase == OVER:
        if state.winner < 0:
            return 0.0
        return WIN if state.winner == seat else -WIN
    cat = state.cat
    points, goal, _, reserve, enters = _LAST[1] if _LAST[0] is cat else _tables(cat)
    board = state.board
    total = 0.0
    south = north = 0  # threats() of each seat, counted on the way
    at = -1
    for code in board:
        at += 1
        if code >= 0:
            i = code * SQUARES + at
            total += points[i]
            lines = goal[i]
            if lines and _reaches(board, state.token, state.turn, enters[code], code & 1, lines):
                if code & 1:
                    north += 1
                else:
                    south += 1
    # Reserves are added one by one, left to right (as sum() did before Python 3.12, which
    # compensates).
    held = 0.0
    for k, _ in state.reserve[0]:
        held += reserve[k]
    held_north = 0.0
    for k, _ in state.reserve[1]:
        held_north += reserve[k]
    stock, cost = state.stock, cat.banish_cost
    total = _finish(
        total,
        _kept(held, stock[0], cost),
        _kept(held_north, stock[1], cost),
        south,
        north,
        stock,
        cost,
        state.active,
        state.pending,
    )
    # Summed for North, every partial sum is the negation of South's, except that a zero
    # stays +0.0 (sums start from 0.0, and x + -x is +0.0): 0.0 - total is that number.
    return total if seat == 0 else 0.0 - total


def scan(state) -> tuple:
    """What the evaluations of positions one decision on from `state` (a game not over) can
    take from it: its pieces in square order with their points and the running total of
    those points, the pieces with lines to the goal row and whether each reaches it now,
    and each reserve's points and length. For after_spawns and evaluate_near."""
    cat = state.cat
    points, goal, _, reserve, enters = _LAST[1] if _LAST[0] is cat else _tables(cat)
    board, token, turn = state.board, state.token, state.turn
    squares = []
    values = []
    totals = [0.0]
    lookers = []  # (square, table index, owner, reaches now, enters tokens, goal lines)
    total = 0.0
    at = -1
    for code in board:
        at += 1
        if code >= 0:
            i = code * SQUARES + at
            total += points[i]
            squares.append(at)
            values.append(points[i])
            totals.append(total)
            lines = goal[i]
            if lines:
                enter = enters[code]
                lookers.append(
                    (
                        at,
                        i,
                        code & 1,
                        _reaches(board, token, turn, enter, code & 1, lines),
                        enter,
                        lines,
                    )
                )
    held = []
    for s in (0, 1):
        h = 0.0
        for k, _ in state.reserve[s]:
            h += reserve[k]
        held.append(h)
    return (
        cat,
        squares,
        values,
        totals,
        lookers,
        held,
        (len(state.reserve[0]), len(state.reserve[1])),
    )


def _held_after_spawn(state, kind: int, reserve) -> float:
    """The points of the active seat's reserve without the piece _spawn takes from it: the
    first of its kind standing."""
    held = 0.0
    taken = False
    turn = state.turn
    for k, until in state.reserve[state.active]:
        if not taken and k == kind and until < turn:
            taken = True
            continue
        held += reserve[k]
    return held


def _threats_beside(board, token, turn, sq, seen, lookers, counts) -> tuple[int, int]:
    """The threats (South's, North's) of the pieces already on `board` once a piece of the
    spawner stands on `sq`: `counts` with those of the pieces whose lines look at `sq`
    looked at again. They see only that a piece stands there, whatever its kind."""
    south, north = counts
    for _, i, owner, reaches, enter, lines in lookers:
        if sq in seen[i]:
            now = _reaches(board, token, turn, enter, owner, lines)
            if now != reaches:
                change = 1 if now else -1
                if owner:
                    north += change
                else:
                    south += change
    return south, north


def _total_with(totals, values, n: int, value: float) -> float:
    """The points of the pieces with one of `value` joining them at place `n` in square
    order, added in that order (as evaluate adds them)."""
    total = totals[n] + value
    for x in range(n, len(values)):
        total += values[x]
    return total


def after_spawns(state, seat: int, spawns, seen_state: tuple | None = None) -> list[float]:
    """evaluate(after, seat) for each ("s", kind, sq) decision of `spawns`, legal now, where
    `after` is the state once that spawn is made; without making it. `seen_state` is
    scan(state), when known.

    A spawn adds one piece on the spawner's home row, takes it from the reserve and gives
    the other seat tokens; nothing else the evaluation reads changes. So the board is looked
    at once: the running total of the pieces' points in square order is continued from just
    before the new piece (the very additions evaluate makes), and of the threats only those
    of the pieces whose lines the new piece stands on are looked at again."""
    cat = state.cat
    points, goal, seen, reserve, enters = _LAST[1] if _LAST[0] is cat else _tables(cat)
    _, squares, values, totals, lookers, _, _ = seen_state or scan(state)
    # A copy to stand each new piece on: the state itself is only read (a view may be
    # reading a match's state from another thread while a bot decides).
    board, token, turn = state.board[:], state.token, state.turn
    active = state.active
    counts = [0, 0]
    for _, _, owner, reaches, _, _ in lookers:
        counts[owner] += reaches
    stock = state.stock[:]
    gain = cat.spawn_tokens if state.supply is None else min(cat.spawn_tokens, state.supply)
    stock[1 - active] += gain
    cost = cat.banish_cost
    kept = {}
    near = {}  # by square: where the new piece joins the pieces, and the threats then
    # By where the new piece joins the pieces and its points: the total of all of them. On
    # the home row a kind's points are the same on every square, so squares with no piece
    # between them give the very same additions.
    sums = {}
    done = {}  # the evaluations, by all they are made of
    out = []
    other = 1 - active
    held_other = 0.0  # the other seat's reserve, as it is
    for k, _ in state.reserve[other]:
        held_other += reserve[k]
    kept_other = _kept(held_other, stock[other], cost)
    pending = state.pending
    for _, kind, sq in spawns:
        pair = kept.get(kind)
        if pair is None:
            mine = _kept(_held_after_spawn(state, kind, reserve), stock[active], cost)
            pair = kept[kind] = (kept_other, mine) if active else (mine, kept_other)
        code = 2 * kind + active
        new = code * SQUARES + sq
        board[sq] = code
        at = near.get(sq)
        if at is None:
            at = near[sq] = (
                bisect_left(squares, sq),
                *_threats_beside(board, token, turn, sq, seen, lookers, counts),
            )
        n, south, north = at
        lines = goal[new]
        if lines and _reaches(board, token, turn, enters[code], active, lines):
            if active:
                north += 1
            else:
                south += 1
        board[sq] = -1
        value = points[new]
        key = (n, value, kind, south, north)
        total = done.get(key)
        if total is None:
            total = sums.get((n, value))
            if total is None:
                total = sums[n, value] = _total_with(totals, values, n, value)
            total = done[key] = _finish(
                total, pair[0], pair[1], south, north, stock, cost, active, pending
            )
        out.append(total if seat == 0 else 0.0 - total)
    return out


def _changed_total(state, changed, squares, values, totals, points, goal, enters):
    """The pieces' points summed in square order, continued from before the first changed
    square, and the threats of the pieces now on changed squares: (total, south, north)."""
    board, token, turn = state.board, state.token, state.turn
    pieces = len(squares)
    south = north = 0
    n = bisect_left(squares, changed[0])
    total = totals[n]
    for sq in changed:
        while n < pieces and squares[n] < sq:
            total += values[n]
            n += 1
        if n < pieces and squares[n] == sq:
            n += 1  # the piece that stood there, if one still does, is added here
        code = board[sq]
        if code >= 0:
            i = code * SQUARES + sq
            total += points[i]
            lines = goal[i]
            if lines and _reaches(board, token, turn, enters[code], code & 1, lines):
                if code & 1:
                    north += 1
                else:
                    south += 1
    for x in range(n, pieces):
        total += values[x]
    return total, south, north


def evaluate_near(state, seat: int, seen_state: tuple, changed: tuple) -> float:
    """evaluate(state, seat) for a position reached from the one `seen_state` (its scan())
    holds by decisions that changed the board only on the squares `changed` (in increasing
    order), and the reserves only by pieces put at their ends: a move declared and the
    answer to it.

    The running total of the pieces' points is continued from before the first changed
    square, and only the threats of the pieces with lines to the goal row are looked at
    again (a token or a new turn may have changed those of pieces that did not move)."""
    if state.phase == OVER:
        if state.winner < 0:
            return 0.0
        return WIN if state.winner == seat else -WIN
    cat, squares, values, totals, lookers, held, sizes = seen_state
    points, goal, _, reserve, enters = _LAST[1] if _LAST[0] is cat else _tables(cat)
    board, token, turn = state.board, state.token, state.turn
    if changed:
        total, south, north = _changed_total(
            state, changed, squares, values, totals, points, goal, enters
        )
    else:
        total, south, north = totals[len(squares)], 0, 0
    for sq, _, owner, _, enter, lines in lookers:
        if sq not in changed and _reaches(board, token, turn, enter, owner, lines):
            if owner:
                north += 1
            else:
                south += 1
    # Pieces only ever join the ends of the reserves here (captured or banished), and a new
    # turn keeps their order: the sums so far go on over the new ones.
    stock, cost = state.stock, cat.banish_cost
    held_south, held_north = held
    r = state.reserve[0]
    for x in range(sizes[0], len(r)):
        held_south += reserve[r[x][0]]
    r = state.reserve[1]
    for x in range(sizes[1], len(r)):
        held_north += reserve[r[x][0]]
    total = _finish(
        total,
        _kept(held_south, stock[0], cost),
        _kept(held_north, stock[1], cost),
        south,
        north,
        stock,
        cost,
        state.active,
        state.pending,
    )
    return total if seat == 0 else 0.0 - total


def win_chance(state, seat: int) -> float:
    """The evaluation squashed into [0, 1]."""
    x = evaluate(state, seat)
    if x >= WIN:
        return 1.0
    if x <= -WIN:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x / 3.0))
