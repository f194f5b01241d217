"""Dealing again what a seat cannot see, for search bots that play fair (State.determinize)."""

from __future__ import annotations

from .deck import Deck


def redeal(rng, deck: Deck, *unseen: list) -> None:
    """Deal again, at random, the cards a seat cannot tell apart: those left in `deck` and
    those in each list of `unseen` (another seat's hand, cards it put under its deck), all
    from that one pile. Each list keeps its length and the deck keeps the rest, in name
    order, so what comes out depends only on the cards the pile and the lists hold together
    (what the seat can know), never on where each of them truly was."""
    pool: dict = dict(deck.counts)
    for cards in unseen:
        for card in cards:
            pool[card] = pool.get(card, 0) + 1
    order = sorted(pool, key=str)
    flat = [card for card in order for _ in range(pool[card])]
    dealt = rng.sample(flat, sum(len(cards) for cards in unseen))
    at = 0
    for cards in unseen:
        taken = dealt[at : at + len(cards)]
        at += len(taken)
        cards[:] = taken
        for card in taken:
            pool[card] -= 1
    deck.counts = {card: pool[card] for card in order if pool[card]}
    deck.size = sum(deck.counts.values())
