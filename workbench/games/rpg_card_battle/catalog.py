"""The card tables turned into plain Python for the rules, and characters built from them."""

from __future__ import annotations

from dataclasses import dataclass

from ...core import SetupError
from ...core.cache import CatalogCache
from .cards import CLASS_COLUMNS, CLASS_SET_SIZE, MAX_LEVEL, SLOTS

ATTACKING = ("attack", "poison")
GUARDING = ("defend", "shield_bash")


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    kind: str
    attack: int
    attack_vs_guard: int | None
    defence: int
    reflect: int
    heal: int
    poison: int
    poison_turns: int
    guard: int
    guard_turns: int
    halve: bool
    weapon: str
    magic: bool
    after: str
    text: str
    is_class: bool  # from the class pool (A-12: class attacks may count as weapon attacks)

    @property
    def attacks(self) -> bool:
        return self.kind in ATTACKING

    @property
    def guards(self) -> bool:
        return self.kind in GUARDING

    @property
    def passive(self) -> bool:
        return self.kind == "passive"


@dataclass(frozen=True, slots=True)
class Build:
    """A character as it enters battle: stats and deck (R-1, A-9). Never changes in play."""

    name: str
    cls: str
    level: int
    attack: int
    defence: int
    hp: int
    weapon: str  # weapon type of the equipped weapon, "none" without one
    items: tuple[str, ...]
    class_set: tuple[str, ...]
    deck: tuple[tuple[str, int], ...]  # (card, copies), sorted by card name

    @property
    def deck_size(self) -> int:
        return sum(n for _, n in self.deck)


class Catalog:
    """Everything the rules read from the cards, fixed for one (cards, rules) pair."""

    def __init__(self, cards, rules: dict):
        self.rules = rules
        pool_rows = cards["class_pool"].to_dicts()
        self.pool = {r["card"]: (r["class"], r["level"]) for r in pool_rows}
        self.cards: dict[str, Card] = {}
        for r in cards["cards"].to_dicts():
            self.cards[r["name"]] = Card(
                r["name"],
                r["kind"],
                r["attack"],
                r["attack_vs_guard"],
                r["defence"],
                r["reflect"],
                r["heal"],
                r["poison"],
                r["poison_turns"],
                r["guard"],
                r["guard_turns"],
                bool(r["halve"]),
                r["weapon"],
                bool(r["magic"]),
                r["after"],
                r["text"],
                r["name"] in self.pool,
            )
        self.equipment = {r["name"]: r for r in cards["equipment"].to_dicts()}
        self.item_cards: dict[str, list[tuple[str, int]]] = {}
        for r in sorted(cards["item_cards"].to_dicts(), key=lambda r: (r["item"], r["position"])):
            self.item_cards.setdefault(r["item"], []).append((r["card"], r["level"]))
        self.classes = {r["name"]: r for r in cards["classes"].to_dicts()}
        self.loadouts = {r["name"]: r for r in cards["loadouts"].to_dicts()}
        self._builds: dict = {}
        self.actions: dict = {}  # hand -> legal actions (see BattleState.legal_actions)

    # -- characters ----------------------------------------------------------------------
    def build(
        self, character: str, *, level=None, cls=None, equipment=None, class_set=None
    ) -> Build:
        """A character from a loadout with any of its parts replaced; a SetupError names the
        setup option (e.g. "equipment") that is wrong."""
        key = (character, level, cls, _frozen(equipment), _frozen(class_set))
        try:
            hit = self._builds.get(key)
        except TypeError:  # an unhashable option: let the checks below name it
            hit, key = None, None
        if hit is None:
            hit = self._build(character, level, cls, equipment, class_set)
            if key is not None:
                self._builds[key] = hit
        return hit

    def _build(self, character, level, cls, equipment, class_set) -> Build:
        base = self.loadouts.get(character)
        if base is None:
            raise SetupError(
                f"characters: no character {character!r}; characters are {', '.join(self.loadouts)}"
            )
        cls = base["class"] if cls is None else cls
        if cls not in self.classes:
            raise SetupError(f"classes: no class {cls!r}; classes are {', '.join(self.classes)}")
        level = base["level"] if level is None else level
        if not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= MAX_LEVEL:
            raise SetupError(f"level: give a level from 1 to {MAX_LEVEL}, not {level!r}")
        if equipment is None:
            items = tuple(base[s] for s in SLOTS if base[s] is not None)
        else:
            items = self._check_equipment(equipment)
        if class_set is None:
            class_set = self._default_class_set(character, base, cls, level)
        else:
            class_set = self._check_class_set(class_set, cls, level)
        stats = self.classes[cls]
        atk, dfn, hp = stats["attack"], stats["defence"], stats["hp"]
        weapon = "none"
        deck: dict[str, int] = {}
        for item in items:
            row = self.equipment[item]
            atk, dfn, hp = atk + row["attack"], dfn + row["defence"], hp + row["hp"]
            if row["slot"] == "weapon":
                weapon = row["weapon"]
            for card, lock in self.item_cards.get(item, ()):
                if lock <= level:  # locked equipment cards stay out of the deck
                    deck[card] = deck.get(card, 0) + 1
        for card in class_set:
            deck[card] = deck.get(card, 0) + 1
        if hp < 1:
            raise SetupError(
                f"equipment: {character} would start with {hp} HP; a character needs at least 1"
            )
        return Build(
            character,
            cls,
            level,
            max(0, atk),
            max(0, dfn),
            hp,
            weapon,
            items,
            tuple(class_set),
            tuple(sorted(deck.items())),
        )

    def _check_equipment(self, equipment) -> tuple[str, ...]:
        if isinstance(equipment, str) or not isinstance(equipment, list | tuple):
            raise SetupError(f"equipment: give a list of item names, not {equipment!r}")
        used: dict[str, str] = {}
        for item in equipment:
            row = self.equipment.get(item)
            if row is None:
                raise SetupError(
                    f"equipment: no item {item!r}; items are {', '.join(self.equipment)}"
                )
            if row["slot"] in used:
                raise SetupError(
                    f"equipment: {item} and {used[row['slot']]} both take the "
                    f"{row['slot']} slot; one item per slot"
                )
            used[row["slot"]] = item
        return tuple(equipment)

    def _check_class_set(self, class_set, cls: str, level: int) -> tuple[str, ...]:
        if isinstance(class_set, str) or not isinstance(class_set, list | tuple):
            raise SetupError(
                f"class_sets: give a list of {CLASS_SET_SIZE} class cards, not {class_set!r}"
            )
        if len(class_set) != CLASS_SET_SIZE:
            raise SetupError(
                f"class_sets: a class set has exactly {CLASS_SET_SIZE} cards "
                f"(R-16), not {len(class_set)}"
            )
        for card in class_set:
            entry = self.pool.get(card)
            if entry is None:
                raise SetupError(f"class_sets: {card!r} is not in the class card pool")
            owner, lock = entry
            if owner not in ("any", cls):
                raise SetupError(f"class_sets: {card} is a {owner} card, not for a {cls}")
            if lock > level:
                raise SetupError(
                    f"class_sets: {card} needs level {lock}; the character is level {level} (R-16)"
                )
        return tuple(class_set)

    def _default_class_set(self, character: str, base: dict, cls: str, level: int):
        """The loadout's class set (or that of a loadout of the new class), with every card
        the level does not unlock swapped for the highest unlocked card of the class."""
        if cls == base["class"]:
            wanted = [base[c] for c in CLASS_COLUMNS]
        else:
            donor = next((r for r in self.loadouts.values() if r["class"] == cls), None)
            if donor is None:
                raise SetupError(
                    f"class_sets: give the {CLASS_SET_SIZE} class cards for "
                    f"{character} as a {cls}; no ready-made {cls} set exists"
                )
            wanted = [donor[c] for c in CLASS_COLUMNS]
        unlocked = [
            (lock, owner != "any", card)
            for card, (owner, lock) in self.pool.items()
            if owner in ("any", cls) and lock <= level
        ]
        if not unlocked:
            raise SetupError(f"level: no class card is unlocked for a level {level} {cls}")
        # Own-class cards first, then the highest level; pool order breaks ties.
        best = max(unlocked, key=lambda t: (t[1], t[0]))[2]
        out = []
        for card in wanted:
            owner, lock = self.pool[card]
            out.append(card if owner in ("any", cls) and lock <= level else best)
        return tuple(out)


def _frozen(value):
    return tuple(value) if isinstance(value, list) else value


# Cached per (cards, rules): simulations build thousands of states from the same pair.
catalog_for = CatalogCache(Catalog)
