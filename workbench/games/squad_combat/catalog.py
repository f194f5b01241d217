"""The card tables turned into plain Python for the rules: costs, pools, traits and keywords
read once per (cards, rules) pair."""

from __future__ import annotations

from dataclasses import dataclass

from ...core import SetupError
from ...core.cache import CatalogCache
from ...core.kit import Effect
from .cards import POSITIONS, traits_of
from .effects import ATTACK_KEYWORDS, EFFECTS, PASSIVES
from .notation import Cost, Pool, parse_cost, parse_pool


@dataclass(frozen=True, slots=True)
class Source:
    """Something a player plays: a deck card (attack, action, edge) or an ability printed on
    a character. `actor_matters` is False for a card any character plays alike (no cost to
    pay, no effect on the acting character): the view then offers it once, not once per
    character."""

    name: str
    kind: str  # attack, action or edge
    traits: frozenset
    character: str | None  # character-specific card, or the ability's character
    cost: Cost
    atk: int
    damage: int
    target: str  # none, enemy, friendly
    targets: int
    timing: str  # for edges: any, before_reactions, reaction, after_hit
    actor: str  # any, defender, not_defender
    effects: tuple[Effect, ...]
    text: str
    ability: str = ""  # "" for a deck card; "alive" or "dead" for an ability
    resource: bool = False
    # Worked out once (below): the rules ask these in every priority window.
    is_attack: bool = False
    is_edge: bool = False
    actor_matters: bool = True

    def __post_init__(self):
        object.__setattr__(self, "is_attack", self.kind == "attack")
        object.__setattr__(self, "is_edge", self.kind == "edge")
        object.__setattr__(self, "actor_matters", self._actor_matters())

    @property
    def group(self) -> str:
        """Deck-building group (1.6): character-specific, trait-specific, generic, resource."""
        if self.character is not None:
            return "character"
        if self.traits:
            return "trait"
        return "resource" if self.resource else "generic"

    def _actor_matters(self) -> bool:
        return bool(
            self.cost.energy
            or self.cost.dice
            or self.is_attack
            or self.actor != "any"
            or self.ability
            or any(
                e.scope == "self"
                or e.keyword in ("Switch", "Taunt")
                or (e.scope == "" and self.target == "none" and e.keyword not in ATTACK_KEYWORDS)
                for e in self.effects
            )
        )


@dataclass(frozen=True, slots=True)
class Character:
    name: str
    traits: frozenset
    hp: int
    energy: int
    pool: Pool
    refresh: int
    resist: tuple[tuple[str, int], ...]  # (trait, X) of Resistance X
    hardened: tuple[tuple[str, int], ...]
    text: str
    abilities: tuple[Source, ...]  # printed abilities, death effects included


@dataclass(frozen=True, slots=True)
class Squad:
    name: str
    title: str
    characters: tuple[str, str, str]  # left to right
    deck: tuple[tuple[str, int], ...]  # (card, copies) in table order

    @property
    def size(self) -> int:
        return sum(n for _, n in self.deck)


class Catalog:
    """Everything the rules read from the cards, fixed for one (cards, rules) pair."""

    def __init__(self, cards, rules: dict):
        self.rules = rules
        abilities: dict[str, list[Source]] = {}
        for r in cards["abilities"].iter_rows(named=True):
            abilities.setdefault(r["character"], []).append(
                Source(
                    r["name"],
                    r["kind"],
                    frozenset(),
                    r["character"],
                    parse_cost(r["cost"]),
                    0,
                    0,
                    r["target"],
                    r["targets"],
                    "any" if r["kind"] == "edge" else "",
                    "any",
                    EFFECTS.parse(r["effects"]),
                    r["text"],
                    ability=r["when"],
                )
            )
        self.characters: dict[str, Character] = {}
        for r in cards["characters"].iter_rows(named=True):
            passives = PASSIVES.parse(r["passives"])
            self.characters[r["name"]] = Character(
                r["name"],
                frozenset(traits_of(r["traits"])),
                r["hp"],
                r["energy"],
                parse_pool(r["pool"]),
                r["refresh"],
                tuple((p.qualifier, p.amount) for p in passives if p.keyword == "Resistance"),
                tuple((p.qualifier, p.amount) for p in passives if p.keyword == "Hardened"),
                r["text"],
                tuple(abilities.get(r["name"], ())),
            )
        self.cards: dict[str, Source] = {}
        for r in cards["cards"].iter_rows(named=True):
            self.cards[r["name"]] = Source(
                r["name"],
                r["kind"],
                frozenset(traits_of(r["traits"])),
                r["character"],
                parse_cost(r["cost"]),
                r["atk"] or 0,
                r["damage"],
                r["target"],
                r["targets"],
                r["timing"] or "",
                r["actor"],
                EFFECTS.parse(r["effects"]),
                r["text"],
                resource=bool(r["resource"]),
            )
        decks: dict[str, list[tuple[str, int]]] = {}
        for r in cards["decks"].iter_rows(named=True):
            decks.setdefault(r["squad"], []).append((r["card"], r["copies"]))
        self.squads: dict[str, Squad] = {
            r["name"]: Squad(
                r["name"],
                r["title"],
                tuple(r[p] for p in POSITIONS),
                tuple(decks.get(r["name"], ())),
            )
            for r in cards["squads"].iter_rows(named=True)
        }

    def squad(self, name: str) -> Squad:
        """A squad to play, its deck checked against the copy limit of constructed play
        (R-2, A-24: none in the demo)."""
        squad = self.squads.get(name)
        if squad is None:
            raise SetupError(f"squads: no squad {name!r}; squads are {', '.join(self.squads)}")
        limit = self.rules["sc.copy_limit"]
        for card, n in squad.deck:
            if limit and n > limit:
                raise SetupError(
                    f"squads: {name}'s deck holds {n} copies of {card}; "
                    f"sc.copy_limit allows {limit} (R-2)"
                )
        return squad


# Cached per (cards, rules): simulations build thousands of states from the same pair.
catalog_for = CatalogCache(Catalog)
