"""Armies' tables turned into plain Python for the rules: cards with their costs and effects
parsed, abilities, decks and the deck rules' numbers."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import param_values
from ...core.cache import CatalogCache
from ...core.kit import Grid
from .vocab import DOMAINS, parse_cost, parse_effects

GRID = Grid(8, 8)
NAMES = GRID.names
SQUARE = {name: sq for sq, name in enumerate(NAMES)}
SEATS = ("White", "Black")
PIECE_NAMES = {"P": "Pawn", "N": "Knight", "B": "Bishop", "R": "Rook", "Q": "Queen", "K": "General"}

# Effect words that describe the army a card is attached to (or the piece a Training gives
# them to) rather than what happens when the card resolves.
TRAITS = frozenset(
    (
        "cavalry",
        "stealth",
        "rest_after_capture",
        "must_move",
        "cannot_attack",
        "cannot_rest",
        "untargetable",
        "shielded",
    )
)
# Cards Disruption may cancel, which is why they wait in a response window.
STACKED = frozenset(("maneuver", "technique", "boon", "curse"))


@dataclass(frozen=True, slots=True)
class Ability:
    id: str
    card: str
    kind: str
    generic: int
    letters: tuple[int, ...]
    extra: str
    effect: str
    amount: int
    text: str

    @property
    def major(self) -> bool:
        return self.kind in ("major", "enemy_major", "global_major", "granted_major")


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    type: str
    klass: str
    subtypes: tuple[str, ...]
    generic: int
    letters: tuple[int, ...]
    offense: int
    defense: int
    effects: dict
    text: str
    abilities: tuple[Ability, ...]
    traits: frozenset

    @property
    def major(self) -> bool:
        """R-6: every card but a Technique or Training is a major action, unless it says
        otherwise (Torani Cadet)."""
        return self.type not in ("technique", "training") and "not_major" not in self.effects

    @property
    def through(self) -> bool:
        """R-11, R-13: Training and Strategies are not played through a piece."""
        return self.type not in ("training", "strategy")

    @property
    def cost(self) -> int:
        return self.generic + sum(self.letters)


@dataclass(frozen=True, slots=True)
class DeckList:
    name: str
    general: tuple[int, ...]  # max skill per domain, GELTS order
    counts: dict


class Catalog:
    """Everything the rules read from the cards."""

    def __init__(self, cards, rules: dict):
        self.rules = rules
        abilities: dict[str, list[Ability]] = {}
        for row in cards["abilities"].iter_rows(named=True):
            generic, letters = parse_cost(row["cost"])
            abilities.setdefault(row["card"], []).append(
                Ability(
                    row["id"],
                    row["card"],
                    row["kind"],
                    generic,
                    letters,
                    row["extra"] or "",
                    row["effect"],
                    row["amount"],
                    row["text"] or "",
                )
            )
        self.cards: dict[str, Card] = {}
        for row in cards["cards"].iter_rows(named=True):
            generic, letters = parse_cost(row["cost"])
            effects = parse_effects(row["effects"])
            subtypes = tuple(s.strip() for s in (row["subtypes"] or "").split() if s.strip())
            self.cards[row["name"]] = Card(
                row["name"],
                row["type"],
                row["class"] or "",
                subtypes,
                generic,
                letters,
                row["offense"],
                row["defense"],
                effects,
                row["text"] or "",
                tuple(abilities.get(row["name"], ())),
                TRAITS.intersection(effects),
            )
        self.abilities = {a.id: a for group in abilities.values() for a in group}
        lists: dict[str, dict] = {}
        for row in cards["deck_cards"].iter_rows(named=True):
            lists.setdefault(row["deck"], {})[row["card"]] = row["copies"]
        self.decks = {
            row["name"]: DeckList(
                row["name"],
                tuple(row["general"].count(d) for d in DOMAINS),
                lists.get(row["name"], {}),
            )
            for row in cards["decks"].iter_rows(named=True)
        }
        params = param_values(cards, "params")
        self.opening_hand = params["opening_hand"]
        self.general_skill = params["general_skill"]


# Cached per (cards, rules): simulations build thousands of states from the same pair.
catalog_for = CatalogCache(Catalog)
