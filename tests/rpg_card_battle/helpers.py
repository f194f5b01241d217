"""Build RPG Card Battle positions directly, so each rule can be tested on its own."""

from __future__ import annotations

import workbench as wb
from workbench.core import CHANCE, get_game
from workbench.games.rpg_card_battle.rules import CHOOSE

GAME = get_game("rpg_card_battle")


def fresh(rules=None, cards=None, **setup):
    """A new game before the opening deal (Knight in seat 0, Rogue in seat 1 by default)."""
    cards = cards or wb.load_cards("rpg_card_battle")
    return GAME.new_state(cards, GAME.resolve_rules(rules), GAME.check_setup(setup))


def ready(hands, rules=None, empty_draw=(False, False), hp=(None, None), cards=None, **setup):
    """A position at the start of a turn with the given hands (left to right). Hand cards are
    taken from the draw pile; with `empty_draw` the rest of that pile is moved to Recycle."""
    st = fresh(rules, cards, **setup)
    st.pending = []
    st.stage = CHOOSE
    for p, hand, empty, life in zip(st.players, hands, empty_draw, hp, strict=True):
        for card in hand:
            assert card in p.draw, f"{card} is not in seat {p.seat}'s deck"
            p.draw.take(card)
        p.hand = list(hand)
        if empty:
            p.recycle.refill(p.draw)
        if life is not None:
            p.hp = life
    return st


def pick(st, seat, what):
    """Apply seat's choice: a card name (its first copy in the hand) or "basic" / "pass"."""
    assert st.to_move == seat
    legal = st.legal_actions()
    if what in ("basic", "pass"):
        action = next(a for a in legal if a.kind == what)
    else:
        action = next(a for a in legal if a.kind == "play" and a.args[1] == what)
    st.apply(action)
    return action


def turn(st, what0, what1):
    """Both seats choose; the turn resolves when seat 1 has chosen."""
    pick(st, 0, what0)
    pick(st, 1, what1)
    return st.last_turn()


def settle(st, draws=()):
    """Resolve pending draws with the given cards, then the first card of the pile."""
    draws = list(draws)
    while st.to_move == CHANCE:
        outcomes = st.chance().dist.outcomes
        card = draws.pop(0) if draws else outcomes[0]
        assert card in outcomes
        st.apply_chance(card)
    return st
