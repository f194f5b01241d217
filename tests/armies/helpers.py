"""Build Armies positions directly, so each rule can be tested on its own."""

from __future__ import annotations

import workbench as wb
from workbench.core import Action, get_game, resolve, why_illegal
from workbench.games.armies.army import Piece
from workbench.games.armies.catalog import NAMES, SQUARE
from workbench.games.armies.vocab import DOMAINS

GAME = get_game("armies")
WHITE, BLACK = 0, 1


def fresh(rules=None, first="White", cards=None, **setup):
    """The opening position with White to start (its hands still being drawn)."""
    setup = GAME.check_setup({"first_player": first, **setup})
    return GAME.new_state(cards or wb.load_cards("armies"), GAME.resolve_rules(rules), setup)


def position(
    pieces=(),
    hands=((), ()),
    active=WHITE,
    step="First Opportunity",
    rules=None,
    turn=5,
    strategies=(),
    cards=None,
    **setup,
):
    """An empty board but for `pieces` (see put), the Generals on e1 and e8 unless placed,
    the given hands (taken out of the decks), `strategies` in play as (card, owner, tokens),
    `active` deciding in `step`."""
    st = fresh(rules, cards=cards, **setup)
    st.draws.clear()
    for p in st.pieces:
        p.sq = -1
    st.board = [-1] * 64
    placed = {spec[0] for spec in pieces if spec[1] == "K"}
    for seat, sq in ((WHITE, "e1"), (BLACK, "e8")):
        if seat not in placed:
            put(st, seat, "K", sq)
    for spec in pieces:
        put(st, *spec[:3], **(spec[3] if len(spec) > 3 else {}))
    for seat in (WHITE, BLACK):
        st.hands[seat] = []
        for card in hands[seat]:
            _take(st, seat, card)
            st.hands[seat].append(card)
    for card, owner, tokens in strategies:
        _take(st, owner, card)
        st.strategies.append([card, owner, tokens, None])
    st.active, st.turn, st.first, st.step = active, turn, WHITE, step
    st.phase = "run"
    st.changed()
    st._run()
    return st


def put(
    st,
    seat,
    kind,
    square,
    *,
    skill="",
    cur=None,
    leader=None,
    ready=True,
    cards=(),
    granted=(),
    moved=True,
):
    """A piece of `seat` on `square`: `skill` its max skill as letters ('GGT'), `cur` its
    current skill if lower, a Leader (ready or not), attached cards as (card, owner) and
    Training it was given; cards come out of their owner's deck."""
    if kind == "K":
        p = st.general(seat)
    else:
        p = Piece(len(st.pieces), seat, kind, -1)
        st.pieces.append(p)
    p.sq = SQUARE[square]
    st.board[p.sq] = p.id
    p.moved = moved
    p.maxs = [skill.count(d) for d in DOMAINS]
    p.cur = [(cur if cur is not None else skill).count(d) for d in DOMAINS]
    if leader:
        _take(st, seat, leader)
        p.leader, p.ready = leader, ready
    for card, owner in cards:
        _take(st, owner, card)
        on_leader = st.cat.cards[card].klass == "leader"
        p.cards.append((card, owner, on_leader))
    for card in granted:
        _take(st, seat, card)
        st.discards[seat].append(card)
        p.granted = (*p.granted, card)
    st.changed()
    return p


def _take(st, seat, card):
    """Take a card placed by hand out of its owner's deck, if that deck holds one (tests use
    cards from either demo deck on either side)."""
    if card in st.decks[seat]:
        st.decks[seat].take(card)


def at(st, square):
    """The piece on a square, or None."""
    pid = st.board[SQUARE[square]]
    return None if pid < 0 else st.pieces[pid]


def labels(st):
    return [a.label for a in st.legal_actions()]


def play(st, label):
    """Apply the legal action with this label, or the one legal action whose label starts with
    it (attack labels end with their odds); IllegalAction with the reason if none."""
    starts = [a for a in st.legal_actions() if a.label.startswith(label)]
    st.apply(starts[0] if len(starts) == 1 else resolve(st, label))


def choose(st, start):
    """Apply the one legal action whose label starts with `start`."""
    found = [a for a in st.legal_actions() if a.label.startswith(start)]
    assert len(found) == 1, (start, labels(st))
    st.apply(found[0])


def reason(st, kind, *args):
    """(rule, reason) why an action is illegal now, or None if it is legal."""
    problem = why_illegal(st, Action(kind, tuple(args)))
    return None if problem is None else (problem.rule, problem.reason)


def roll(st, attack, defence):
    """Resolve the pending roll with these results."""
    assert st.phase == "roll", st.phase
    assert (attack, defence) in st.chance().dist.outcomes, st.chance().dist.outcomes
    st.apply_chance((attack, defence))


def draw(st, card):
    assert st.phase == "draw", st.phase
    st.apply_chance(card)


def go_to(st, step):
    """Pass the active seat's steps until `step`."""
    while st.step != step:
        choose(
            st,
            {
                "First Opportunity": "Go to the Move",
                "Move": "Skip the move",
                "Second Opportunity": "Go to Rest",
                "Rest": "Rest no piece",
            }[st.step],
        )


def names(squares):
    return [NAMES[s] for s in squares]
