"""Invariants of a Soldiers! Aliens! Carnage! state that must hold after every decision."""

from collections import Counter

from workbench.core import CHANCE, TERMINAL
from workbench.games.sac import cards52 as C


def check(st):
    b, s, p = st.b, st.soldier, st.cat.params
    # Every card of the deck is in exactly one place: a pile, the table, the discards or set
    # aside as a counter (or waiting in the segment being built).
    where = Counter(b.piles[1].cards()) + Counter(b.piles[2].cards())
    where.update(c.card for c in b.cells.values())
    where.update(b.discards)
    where.update(card for _, card in b.counters)
    if b.cur is not None:
        where.update(b.cur.pending)
    assert where == Counter(st.cat.deck), (
        where - Counter(st.cat.deck),
        Counter(st.cat.deck) - where,
    )
    # Cards lie inside the table, one per cell, and every card but the first was placed next
    # to the cell it grew from.
    for pos, placed in b.cells.items():
        assert b.inside(pos)
        if placed.origin is not None:
            assert abs(pos[0] - placed.origin[0]) + abs(pos[1] - placed.origin[1]) == 1
    # Counters sit on placed non-door cards (or the start cell); enemies mirror them.
    assert len(st.enemies) == len(b.counters)
    for e, (pos, card) in zip(st.enemies, b.counters, strict=True):
        assert e.card == card and e.pos == pos
        assert pos in b.cells and b.cells[pos].role != C.DOOR
        assert 0 <= e.health <= e.most and (e.health > 0) == e.alive
    # The soldier stands on a passable card it can reach, within its numbers.
    assert s.pos in b.cells and st._open(s.pos)
    assert 0 <= s.health <= s.max_health and 0 <= s.armor <= s.max_armor
    assert 0 <= s.ammo <= max(p["most"], p["ammo"]) and s.credits >= 0
    assert 0 <= s.actions <= p["actions"]
    assert 0 <= st.round <= st.rules["sac.rounds"]
    mover = st.to_move
    if mover == TERMINAL:
        assert st.result() is not None
    elif mover == CHANCE:
        assert b.need is not None or st.rolls
    else:
        assert s.actions > 0 and st.legal_actions()
