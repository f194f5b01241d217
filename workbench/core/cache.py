"""Per-(cards, rules) caching of what a game derives from its card tables."""

from __future__ import annotations


class CatalogCache:
    """Builds `factory(cards, rules)` once per (cards, rules) pair.

    Simulations create thousands of states from the same CardSet and variants; turning the
    polars tables into plain Python each time would dominate. CardSets are immutable, so their
    identity is a safe key as long as the CardSet itself is kept alive, which the entry does."""

    def __init__(self, factory, size: int = 32):
        self.factory = factory
        self.size = size
        self._entries: dict = {}

    def __call__(self, cards, rules: dict):
        key = (id(cards), tuple(sorted(rules.items(), key=lambda kv: kv[0])))
        hit = self._entries.get(key)
        if hit is not None and hit[0] is cards:
            return hit[1]
        if len(self._entries) >= self.size:
            self._entries.clear()
        built = self.factory(cards, rules)
        self._entries[key] = (cards, built)
        return built
