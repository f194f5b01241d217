"""Invariants of a Squad Combat state that must hold after every decision."""

from collections import Counter

from workbench.core import CHANCE, TERMINAL


def check(st):
    for p in st.players:
        # Every card of the deck is in exactly one place: hand, deck, discard pile, under a
        # character, or being played.
        places = Counter(p.hand) + Counter(p.deck) + Counter(p.discard)
        places.update(
            r.name for c in st.chars for r in c.attached if r.owner == p.seat and not r.token
        )
        places.update(
            play.source.name for play in st.plays if play.seat == p.seat and not play.settled
        )
        assert places == Counter(dict(p.squad.deck)), f"seat {p.seat}: cards appeared or vanished"
        assert all(n > 0 for n in p.deck.counts.values())
    for c in st.chars:
        assert all(1 <= v <= 6 for v in c.dice), c.dice
        assert c.dice == sorted(c.dice, reverse=True)
        assert 0 <= c.burden <= c.d.energy
        if c.alive:
            assert st.damage(c) < c.d.hp, f"{c.d.name} should be dead"
        else:
            assert not c.dice and c.burden == 0
            if st.v05:
                assert c.removed and not c.attached
    mover = st.to_move
    if mover == TERMINAL:
        assert st.result() is not None and st.wait is None
    elif mover == CHANCE:
        assert st.wait[0] == "chance"
    else:
        assert st.legal_actions()
        assert not st.players[mover].out
    # Hands are hidden from every other seat and from spectators.
    for seat in (*range(st.num_seats), None):
        obs = st.observation(seat)
        for q in obs["players"]:
            assert isinstance(q["hand"], list) == (q["seat"] == seat)
