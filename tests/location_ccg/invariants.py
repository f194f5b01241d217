"""Invariants of a Location CCG state that must hold after every decision."""

from collections import Counter

from workbench.core import CHANCE, TERMINAL


def check(st):
    for s in (0, 1):
        # Every card of the deck list is in exactly one place (R-3 zones, or in play).
        places = Counter(st.deck[s]) + Counter(st.bottom[s])
        for zone in ("hand", "bank", "discard", "void"):
            places.update(st.zones[s, zone])
        places.update(i.name for i in st.inplay.values() if i.owner == s)
        assert places == Counter(st.cat.decks[st.decks[s]]), f"seat {s + 1}: cards moved wrongly"
        for uid in st.chars[s]:
            inst = st.inplay[uid]
            assert inst.owner == s and inst.host is None
            assert inst.where == -1 or 0 <= inst.where < len(st.locs)
            assert 0 <= inst.wounds <= st.card(uid).amount("Toughness")
            for m in inst.mods.values():
                assert st.inplay[m].host == uid
        assert not set(st.chars[s]) & set(st.assets[s])
    unique = [i.name for i in st.inplay.values() if st.cat.cards[i.name].has("Unique")]
    assert len(unique) == len(set(unique)), "two copies of a Unique card in play (R-38)"
    assert len(st.locs) <= 3
    for loc in st.locs:
        need = st.cat.locations[loc.name].vp
        assert all(0 <= v < need for v in loc.vp)
        if loc.won_by is not None:
            assert loc.vp == [0, 0]
    won = [sum(1 for x in st.locs if x.won_by == s) for s in (0, 1)]
    mover = st.to_move
    if mover == TERMINAL:
        assert st.result() is not None
    else:
        assert max(won) < 2, "a player with 2 Locations has won (R-29)"
        if mover == CHANCE:
            assert st.wait is not None
        else:
            assert st.legal_actions()
    for seat in (0, 1, None):
        obs = st.observation(seat)
        for q in obs["players"]:
            assert isinstance(q["hand"], list) == (q["seat"] == seat)
