"""The co-op card tables turned into plain Python for the rules, with variants applied."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.cache import CatalogCache

MELEE, RANGED = "melee", "ranged"
GLYPH = {MELEE: "■", RANGED: "▲", "none": ""}
WEAPON_FAMILIES = ("Sword", "Dagger", "Bow")


@dataclass(frozen=True, slots=True)
class Item:
    id: str
    name: str
    family: str
    tier: str
    hands: int
    dice: int
    damage: int
    dtype: str
    hits: int
    heal: int
    armor: int
    dodge: int
    special: str

    @property
    def is_source(self) -> bool:
        """Makes attack rolls (R-31): swords, daggers, bows and damage spells."""
        if self.special == "auto_hits":
            return False
        if self.family in WEAPON_FAMILIES:
            return True
        return self.family == "Spell" and self.heal == 0 and self.damage > 0

    def describe(self) -> str:
        bits = []
        if self.special == "auto_hits":
            bits.append(f"{self.hits} hits of {self.damage}{GLYPH[self.dtype]}")
        elif self.dice:
            bits.append(f"{self.dice}d6 +{self.damage}{GLYPH[self.dtype]}")
        if self.heal:
            bits.append(f"heal {self.heal}")
        if self.armor:
            bits.append(f"Armor +{self.armor}")
        if self.dodge:
            bits.append(f"Dodge {self.dodge:+d}")
        return ", ".join(bits)


@dataclass(frozen=True, slots=True)
class Fighter:
    name: str
    health: int
    armor: int
    dodge: int
    damage: int
    dtype: str
    dice: int
    copies: int


@dataclass(frozen=True, slots=True)
class EncounterCard:
    id: str
    enemy: str
    base: int
    k: int
    loot: int
    first_allowed: bool

    def describe(self) -> str:
        plus = f" + {self.k}" if self.k else ""
        return f"{self.id} ({self.enemy} ×{self.base}{plus}, loot {self.loot})"


class Catalog:
    """Everything the rules read from the cards, fixed for one (cards, rules) pair."""

    def __init__(self, cards, rules: dict):
        self.rules = rules
        self.classes = {r["name"]: _fighter(r) for r in cards["classes"].to_dicts()}
        self.enemies = {r["name"]: _fighter(r) for r in cards["enemies"].to_dicts()}
        self.encounters = {
            r["id"]: EncounterCard(
                r["id"],
                r["enemy"],
                r["base"],
                r["reinforcements"],
                r["loot"],
                bool(r["first_allowed"]),
            )
            for r in cards["encounters"].to_dicts()
        }
        self.battles = {r["players"]: r["battles"] for r in cards["battles"].to_dicts()}
        battles_2p = rules["coop.battles_2p"]
        self.battles[2] = battles_2p
        scale = rules["coop.spell_dodge_scale"]
        self.items: dict[str, Item] = {}
        copies: dict[str, int] = {}
        for r in cards["loot"].to_dicts():
            dice = r["dice"]
            if r["id"] == "SW-S":
                dice = rules["coop.steel_sword_dice"]
            elif r["id"] == "BW-L":
                dice = rules["coop.longbow_dice"]
            dodge = r["dodge"]
            if r["family"] == "Spell" and dodge > 0:
                dodge = int(dodge * scale)  # rounds down
            hands = r["hands"]
            if r["family"] == "Spell":
                hands = rules["coop.spell_hands"]
            self.items[r["id"]] = Item(
                r["id"],
                r["name"],
                r["family"],
                r["tier"],
                hands,
                dice,
                r["damage"],
                r["damage_type"],
                r["hits"],
                r["heal"],
                r["armor"],
                dodge,
                r["special"],
            )
            copies[r["id"]] = r["copies"]
        if rules["coop.loot_count"] == "header":
            # the printed family totals leave out one copy of each family's lowest tier.
            for family in ("Sword", "Dagger", "Bow", "Armor", "Spell", "Shield"):
                ids = [i for i, it in self.items.items() if it.family == family and copies[i] > 0]
                order = ("Low", "Minor", "Middle", "Major", "High", "Master", "Unique")
                ids.sort(
                    key=lambda i: (
                        order.index(self.items[i].tier) if self.items[i].tier in order else 99
                    )
                )
                if ids:
                    copies[ids[0]] -= 1
        self.loot_copies = {i: c for i, c in copies.items() if c > 0}


def _fighter(r: dict) -> Fighter:
    return Fighter(
        r["name"],
        r["health"],
        r["armor"],
        r["dodge"],
        r["damage"],
        r["damage_type"],
        r["dice"],
        r["copies"],
    )


# Cached per (cards, rules): simulations build thousands of states from the same pair.
catalog_for = CatalogCache(Catalog)
