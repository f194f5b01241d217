"""The tables and rule variants of Soldiers! Aliens! Carnage! turned into plain Python: the
deck to deal, the generator's configuration, enemies by rank, the shop and the numbers."""

from __future__ import annotations

from ...cards import param_values
from ...core.cache import CatalogCache
from . import cards52 as C
from .dungeon import Config, check_dir_table

COVER = {"8-10": (8, 9, 10), "9-10": (9, 10), "10": (10,), "6-10": (6, 7, 8, 9, 10), "none": ()}


class Catalog:
    def __init__(self, cards, rules: dict):
        self.rules = rules
        self.cfg = Config.from_rules(
            {**rules, "sac.dir_table": check_dir_table(rules["sac.dir_table"])}
        )
        deck = []
        room = C.room_suit(self.cfg.suits)
        for row in cards["cards"].iter_rows(named=True):
            copies = row["copies"]
            card = row["card"]
            if C.role(card, self.cfg.suits) == C.ROOM and card.endswith(room):
                copies += rules["sac.extra_cards"]  # bigger dungeons, more room cards
            deck += [card] * copies
        self.deck = deck
        self.jokers = deck.count(C.JOKER)
        self.enemies = {r["rank"]: r for r in cards["enemies"].iter_rows(named=True)}
        self.shop = list(cards["shop"].iter_rows(named=True))
        self.shop_by_item = {r["item"]: r for r in self.shop}
        self.params = param_values(cards, "params")
        self.cover = COVER[rules["sac.cover_ranks"]]


catalog_for = CatalogCache(Catalog)
