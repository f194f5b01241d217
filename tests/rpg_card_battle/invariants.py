"""Invariants of an RPG Card Battle state that must hold after every decision."""

from collections import Counter

from workbench.core import CHANCE, TERMINAL
from workbench.games.rpg_card_battle.rules import CHOOSE, HAND_SIZE


def check(st):
    for p in st.players:
        # Card conservation: every card of the deck is in exactly one place.
        places = Counter(p.hand) + Counter(p.draw) + Counter(p.recycle) + Counter(p.spent)
        places.update(e.card for e in st.ongoing if e.owner == p.seat)
        assert places == Counter(dict(p.build.deck)), f"seat {p.seat}: cards appeared or vanished"
        assert p.draw_n == sum(p.draw.counts.values())
        assert all(n > 0 for pile in (p.draw, p.recycle, p.spent) for n in pile.counts.values())
        assert len(p.hand) <= HAND_SIZE
        # Spent cards are only ever one-use cards.
        assert all(st.cat.cards[c].after == "spent" for c in p.spent)
        if st.rules["rcb.overheal"] == "cap":
            assert p.hp <= p.build.hp
        if st.stage == CHOOSE and st.outcome is None:
            # a full hand while the pile lasts; R-11: never an empty hand and pile
            # with cards waiting in Recycle.
            if p.draw_n:
                assert len(p.hand) == HAND_SIZE
            assert p.hand or p.draw_n or not p.recycle
    for e in st.ongoing:
        assert e.turns >= 1 and e.effect in ("poison", "guard")
        assert (e.effect == "guard") == (e.owner == e.target)
    mover = st.to_move
    p0, p1 = st.players
    if mover == 0:
        assert p0.choice is None and p1.choice is None
    elif mover == 1:
        assert p0.choice is not None and p1.choice is None
    elif mover == CHANCE:
        assert st.pending
    elif mover == TERMINAL:
        limit = st.rules["rcb.turn_limit"]
        assert p0.hp <= 0 or p1.hp <= 0 or (limit and st.turn == limit)
    if st.outcome is None:
        assert p0.hp > 0 and p1.hp > 0
    # The secret pick is in no other seat's observation, nor a spectator's.
    for seat in (0, 1, None):
        obs = st.observation(seat)
        for q in obs["players"]:
            if q["seat"] != seat:
                assert q["choice"] is None
