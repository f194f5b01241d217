"""The card tables as plain Python for the rules, read once per (cards, rules) pair."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import param_values
from ...core.cache import CatalogCache
from ...core.kit import Effect
from .cards import deck_lists
from .costs import Cost, parse_cost, symbols_of
from .effects import EFFECTS, KEYWORDS


@dataclass(frozen=True, slots=True)
class CardDef:
    name: str
    type: str
    subtype: str
    cost: Cost
    atk: int
    def_: int
    skl: int
    keywords: dict  # keyword name -> amount (None for a plain keyword)
    phase: str  # "" for any time
    target: str
    effects: tuple[Effect, ...]
    ability_cost: Cost | None
    resources: str
    text: str

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def amount(self, keyword: str) -> int:
        return self.keywords.get(keyword) or 0

    def passive(self, effect: str) -> int:
        return next((e.amount for e in self.effects if e.keyword == effect), 0)

    @property
    def typeline(self) -> str:
        word = self.type.capitalize()
        sub = self.subtype or self.phase
        return f"{word}- {sub}" if sub else word


@dataclass(frozen=True, slots=True)
class Location:
    name: str
    skill: int
    vp: int
    text: str


@dataclass(frozen=True, slots=True)
class Catalog:
    cards: dict[str, CardDef]
    locations: dict[str, Location]
    decks: dict[str, dict[str, int]]  # deck -> {card: copies}, in deck_cards.csv order
    deck_locations: dict[str, tuple[str, ...]]
    hand_size: int
    production: int


def _build(cards, rules: dict) -> Catalog:
    notation = rules.get("loc.cost_notation", "generic_plus_typed")
    defs = {}
    for r in cards["cards"].iter_rows(named=True):
        kws = {e.keyword: e.amount for e in KEYWORDS.parse(r["keywords"])}
        defs[r["name"]] = CardDef(
            name=r["name"],
            type=r["type"],
            subtype=r["subtype"] or "",
            cost=parse_cost(r["cost"], notation),
            atk=r["atk"] or 0,
            def_=r["def"] or 0,
            skl=r["skl"] or 0,
            keywords=kws,
            phase=r["phase"] or "",
            target=r["target"] or "none",
            effects=EFFECTS.parse(r["effect"]),
            ability_cost=None
            if r["ability_cost"] is None
            else parse_cost(r["ability_cost"], notation),
            resources=symbols_of(r["resources"]),
            text=r["text"],
        )
    locations = {
        r["name"]: Location(r["name"], r["skill"], r["vp"], r["text"])
        for r in cards["locations"].iter_rows(named=True)
    }
    decks = {name: dict(counter) for name, counter in deck_lists(cards).items()}
    for name in cards["decks"]["name"].to_list():
        decks.setdefault(name, {})
    brought: dict[str, list] = {name: [] for name in decks}
    for r in cards["deck_locations"].iter_rows(named=True):
        brought[r["deck"]].append(r["location"])
    params = param_values(cards, "params")
    return Catalog(
        defs,
        locations,
        decks,
        {k: tuple(v) for k, v in brought.items()},
        params["hand_size"],
        params["production"],
    )


catalog_for = CatalogCache(_build)
