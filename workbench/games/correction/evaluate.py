"""A static evaluation of Correction positions, shared by the bots and `State.score`.

Captured pieces return to their owner's reserve, so material is never lost for good: what
counts is how far pieces have advanced, which pieces threaten to reach the goal row next, and
whether the opponent holds enough tokens to banish every such threat.
"""

from __future__ import annotations

import math

from .catalog import SIZE, progress
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
    """Per catalog: points of each piece on each square as flat[code * 36 + sq], signed for
    each seat (a piece of the other seat counts negative), and of each kind in reserve."""
    if _LAST[0] is cat:
        return _LAST[1]
    hit = _TABLES.get(id(cat))
    if hit is None or hit[0] is not cat:
        values = [PIECE.get(k, 1.5) for k in cat.kinds]
        on_board = [values[code >> 1] + ADVANCE[progress(code & 1, sq)]
                    for code in range(2 * len(values)) for sq in range(SQUARES)]
        # x + (-v) is x - v exactly in floating point, so the signed tables give the very
        # sums that adding and subtracting the unsigned values gave.
        signed = tuple(tuple(v if (i // SQUARES) & 1 == seat else -v
                             for i, v in enumerate(on_board)) for seat in (0, 1))
        reserve = tuple(RESERVE * v for v in values)
        hit = _TABLES[id(cat)] = (cat, (signed, reserve))
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
    signed, reserve = _tables(cat)
    mine = signed[seat]
    goal_lines = cat.goal_lines
    total = 0.0
    counts = [0, 0]  # threats() of each seat, counted on the way
    for at, code in enumerate(state.board):
        if code >= 0:
            total += mine[code * SQUARES + at]
            lines = goal_lines[code][at]
            if lines and state.targets(at, lines):
                counts[code & 1] += 1
    cost = cat.banish_cost
    stock = state.stock
    for s in (0, 1):
        # Added one by one, left to right (as sum() did before Python 3.12, which compensates).
        held = 0.0
        for k, _ in state.reserve[s]:
            held += reserve[k]
        ready = stock[s] // cost
        v = held + TOKEN * stock[s] + BANISH_READY[ready if ready < 2 else 2]
        total += v if s == seat else -v
    for s in (0, 1):
        n = counts[s]
        if not n:
            continue
        cover = stock[1 - s] // cost
        open_ = n - cover
        v = THREAT_COVERED * (n if n < cover else cover)
        if open_ > 0:
            mine_to_move = state.active == s and state.pending is None
            v += open_ * (THREAT_OPEN_TO_MOVE if mine_to_move else THREAT_OPEN)
        total += v if s == seat else -v
    return total


def win_chance(state, seat: int) -> float:
    """The evaluation squashed into [0, 1]."""
    x = evaluate(state, seat)
    if x >= WIN:
        return 1.0
    if x <= -WIN:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x / 3.0))

