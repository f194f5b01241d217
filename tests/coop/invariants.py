"""Invariants of a co-op state that must hold after every decision."""

from collections import Counter


def check(st):
    cat = st.cat
    # Card conservation: every Loot card is in the deck, offered, in the stash or equipped.
    held = Counter(st.loot_deck)
    for p in st.players:
        held.update(p.items())
    held.update(st.stash)
    held.update(c for c in st.offered if c in cat.items)
    assert held == Counter(cat.loot_copies), "loot cards appeared or vanished"
    # Encounter cards: deck + discard + this Battle's cards + face-up ones = 30, no repeats.
    places = (
        list(st.encounter_deck)
        + st.encounter_discard
        + st.battle_cards
        + [c for c in st.offered if c in cat.encounters]
    )
    assert len(places) == len(set(places)) == len(cat.encounters)
    for p in st.players:
        assert 0 <= p.health <= p.max_health
        assert 0 <= p.armor <= p.max_armor
        assert 0 <= p.dodge <= p.max_dodge
        assert p.ko == (p.health == 0) or (not p.ko and p.health > 0)
        hands = sum(cat.items[i].hands for i in p.hands)
        assert hands <= 2
        assert p.body is None or cat.items[p.body].family == "Armor"
    for e in st.enemies:
        assert 0 <= e.health <= e.kind.health
        assert 0 <= e.armor <= e.max_armor
        assert 0 <= e.dodge <= e.kind.dodge
        if e.health > 0 and e.seat is not None and st.rules["coop.orphans"] == "reroll":
            assert not st.players[e.seat].ko, (
                "a living enemy waits in front of a knocked-out player"
            )
    assert 0 <= st.battles_won <= st.battles_needed
