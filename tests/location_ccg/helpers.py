"""Positions for rule tests: a table with both decks, hands and banks set by hand, and the
step machine pointed at the step under test."""

from __future__ import annotations

from workbench.core import CHANCE, get_game
from workbench.core.legality import resolve
from workbench.games.location_ccg.catalog import catalog_for
from workbench.games.location_ccg.rules import HQ, LocationState


def table(rules=None, decks=("Syndicate", "Order"), cards=None) -> LocationState:
    """Seat 1 placed first (its first two Locations, the second seat's first between them:
    Dockside Warehouse, Old Cathedral, Radio Tower for Syndicate against Order); hands, banks
    and piles emptied, nothing asked."""
    g = get_game("location_ccg")
    resolved = g.resolve_rules(rules)
    cards = g.load_cards() if cards is None else cards
    cat = catalog_for(cards, resolved)
    mine, theirs = cat.deck_locations[decks[0]], cat.deck_locations[decks[1]]
    picks = (mine[0], theirs[0] if theirs[0] != mine[0] else theirs[1], mine[1])
    st = LocationState(catalog_for(cards, resolved), resolved, list(decks), 0, list(picks))
    while st.to_move == CHANCE:
        st.apply_chance(st.chance().dist.outcomes[0])
    for s in (0, 1):
        for zone in ("hand", "bank", "discard", "void"):
            for name in st.zones[s, zone]:
                st.deck[s].put(name)
            st.zones[s, zone].clear()
        st.mulliganed[s] = True
    st.todo, st.ask, st.wait = [], None, None
    st.turn, st.active = 1, 0
    return st


def put(st, seat: int, name: str, where: int = HQ) -> int:
    """`name` in play for `seat` (taken from its deck when it is there)."""
    if name in st.deck[seat]:
        st.deck[seat].take(name)
    st._finish_play(seat, ("play", name, None))
    uid = st.next_uid - 1
    if uid in st.inplay:
        st.inplay[uid].where = where
    return uid


def give(st, seat: int, zone: str, *names: str) -> None:
    for name in names:
        if name in st.deck[seat]:
            st.deck[seat].take(name)
        st.zones[seat, zone].append(name)


def run(st, steps, *, active: int = 0, phase: str = "Mission") -> None:
    """Run `steps` and stop after them (a test's own step parks the machine as if waiting
    for a draw, so no new turn starts)."""
    st.active, st.phase = active, phase
    st._do_hold = lambda: setattr(st, "wait", ("hold",))
    st.todo = [*steps, ("hold",)]
    st.ask = st.wait = None
    st._run()


def do(st, label: str) -> None:
    st.apply(resolve(st, label))


def play(st, label: str) -> None:
    """Play something and pay with the first payment offered, if asked."""
    do(st, label)
    while st.ask is not None and st.ask[1] == "pay":
        st.apply(st.legal_actions()[0])


def labels(st) -> list[str]:
    return [a.label for a in st.legal_actions()]


def mission(st, loc: int, attackers, defenders=()) -> None:
    """Seat 1 sends `attackers` to Location `loc`; seat 2 defends with `defenders`."""
    run(st, [("mission",)], active=0)
    do(st, f"Mission to {st.locs[loc].name}")
    for uid in attackers:
        do(st, f"Send {st.label(uid)}")
    do(st, "Go with")
    for uid in defenders:
        do(st, f"Defend with {st.label(uid)}")
    if st.ask and st.ask[1] == "defenders":
        do(st, "No more defenders" if defenders else "Do not defend")
