"""Build Correction positions directly, so each rule can be tested on its own."""

from __future__ import annotations

import workbench as wb
from workbench.core import get_game, resolve
from workbench.games.correction.catalog import SQUARE

GAME = get_game("correction")
SOUTH, NORTH = 0, 1


def fresh(rules=None, cards=None, first="South"):
    cards = cards or wb.load_cards("correction")
    setup = GAME.check_setup({"first_player": first})
    return GAME.new_state(cards, GAME.resolve_rules(rules), setup)


def position(pieces=(), active=SOUTH, turn=5, stock=(0, 0), rules=None, cards=None):
    """An empty board on `turn` with `active` about to spawn, then `pieces` placed as
    (seat, kind, square); they are taken out of their owner's reserve."""
    st = fresh(rules, cards)
    st.active, st.turn, st.stock = active, turn, list(stock)
    for seat, kind, square in pieces:
        put(st, seat, kind, square)
    return st


def put(st, seat, kind, square):
    k = st.cat.index[kind]
    reserve = st.reserve[seat]
    reserve.remove(next(e for e in reserve if e[0] == k))
    st.board[SQUARE[square]] = 2 * k + seat


def token(st, square, placed):
    st.token[SQUARE[square]] = placed


def at(st, square):
    """(seat, kind) on a square, or None."""
    code = st.board[SQUARE[square]]
    return None if code < 0 else (code & 1, st.cat.kinds[code >> 1])


def labels(st):
    return [a.label for a in st.legal_actions()]


def moves_from(st, square):
    """Destinations of the legal declarations from `square`, as square names."""
    return sorted(a.args[1] for a in st.legal_actions() if a.kind == "move" and a.args[0] == square)


def play(st, label):
    """Apply the legal action with this label (IllegalAction with the reason if none)."""
    st.apply(resolve(st, label))


def reason(st, kind, *args):
    """(rule, reason) why an action is illegal now, or None if it is legal."""
    from workbench.core import Action, why_illegal

    problem = why_illegal(st, Action(kind, tuple(args)))
    return None if problem is None else (problem.rule, problem.reason)
