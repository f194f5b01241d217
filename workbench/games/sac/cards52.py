"""The poker deck as the generator reads it: card ids ("4C", "10S", "QH", "AS", "Joker"),
their names for people ("4♣"), colours, and the role each card plays under a suit reading
(rules.md 1.2, A-1)."""

from __future__ import annotations

SUITS = "CDHS"
GLYPH = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RED = frozenset("DH")
FACES = {"J": 1, "Q": 2, "K": 3}  # door difficulty (1.6)
JOKER = "Joker"

# Roles (1.2).
CORRIDOR, ROOM, ENEMY, DOOR, SHOP, HEALING, BIG_BAD = (
    "corridor",
    "room",
    "enemy",
    "door",
    "shop",
    "healing",
    "big_bad",
)
ACES = (SHOP, HEALING)


def rank(card: str) -> str:
    return JOKER if card == JOKER else card[:-1]


def suit(card: str) -> str:
    return "" if card == JOKER else card[-1]


def number(card: str) -> int:
    """The rank of a number card (2-10); 0 for any other card."""
    r = rank(card)
    return int(r) if r.isdigit() else 0


def is_red(card: str) -> bool:
    return suit(card) in RED


def colour(card: str) -> str:
    return "red" if is_red(card) else "black"


def name(card: str) -> str:
    """A card as people write it: "4♣", "Q♠", "A♥" or "Joker"."""
    return JOKER if card == JOKER else rank(card) + GLYPH[suit(card)]


def room_suit(suits: str) -> str:
    """Spades are rooms in the worked example's reading, diamonds in the printed legend."""
    return "S" if suits == "example" else "D"


def role(card: str, suits: str = "example") -> str:
    if card == JOKER:
        return BIG_BAD
    r, s = rank(card), suit(card)
    if r in FACES:
        return DOOR
    if r == "A":
        return SHOP if s in "CS" else HEALING
    if s in "CH":
        return CORRIDOR
    return ROOM if s == room_suit(suits) else ENEMY


def pile_of(card: str, suits: str = "example") -> int:
    """1.3: pile 1 holds the corridors, the red doors and the enemies 2-4; pile 2 the rest
    (the Jokers go under pile 2 apart, 0 here)."""
    kind = role(card, suits)
    if kind == BIG_BAD:
        return 0
    if kind == CORRIDOR or (kind == DOOR and is_red(card)):
        return 1
    if kind == ENEMY and number(card) <= 4:
        return 1
    return 2


def full_deck() -> list[str]:
    """The 54 cards: 2-10, J, Q, K, A of each suit, and two Jokers."""
    ranks = [str(n) for n in range(2, 11)] + ["J", "Q", "K", "A"]
    return [r + s for s in SUITS for r in ranks] + [JOKER, JOKER]
