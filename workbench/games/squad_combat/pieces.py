"""The pieces of a Squad Combat position: damage cards under characters, characters in play,
players, and the card (or ability) being played. Plain mutable objects that copy cheaply."""

from __future__ import annotations

from ...core.kit import Deck
from .catalog import Source


class Attached:
    """A damage card (or damage token) under a character: its printed damage, the trait it
    carries for Resistance and Hardened, and the tokens put on it (Brace -2, Gambit +2)."""

    __slots__ = ("uid", "name", "owner", "printed", "traits", "mod", "token")

    def __init__(self, uid, name, owner, printed, traits, mod=0, token=False):
        self.uid, self.name, self.owner, self.printed = uid, name, owner, printed
        self.traits, self.mod, self.token = traits, mod, token

    def copy(self) -> Attached:
        return Attached(
            self.uid, self.name, self.owner, self.printed, self.traits, self.mod, self.token
        )


class Char:
    """A character in play: burden tokens, the dice on it (highest first), attached cards,
    a Suppression token, alive or dead (v1: face down; v0.5: removed)."""

    __slots__ = ("ci", "seat", "d", "burden", "dice", "attached", "suppressed", "alive", "removed")

    def __init__(self, ci: int, seat: int, definition):
        self.ci, self.seat, self.d = ci, seat, definition
        self.burden = 0
        self.dice: list[int] = []
        self.attached: list[Attached] = []
        self.suppressed = False
        self.alive = True
        self.removed = False

    @property
    def energy(self) -> int:
        return self.d.energy - self.burden

    def copy(self) -> Char:
        c = Char.__new__(Char)
        c.ci, c.seat, c.d, c.burden = self.ci, self.seat, self.d, self.burden
        c.dice = self.dice[:]
        c.attached = [a.copy() for a in self.attached]
        c.suppressed, c.alive, c.removed = self.suppressed, self.alive, self.removed
        return c


class Player:
    __slots__ = ("seat", "squad", "hand", "deck", "discard", "passed", "out", "order", "played")

    def __init__(self, seat: int, squad, deck: Deck):
        self.seat, self.squad, self.deck = seat, squad, deck
        self.hand: list[str] = []
        self.discard = Deck()
        self.passed = False
        self.out = False
        self.order: list[int] = []  # character indexes, left to right
        self.played: set[str] = set()  # names of cards and abilities played (statistics)

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.seat, p.squad, p.deck = self.seat, self.squad, self.deck.copy()
        p.hand, p.discard = self.hand[:], self.discard.copy()
        p.passed, p.out, p.order, p.played = self.passed, self.out, self.order[:], set(self.played)
        return p


class Play:
    """A card or ability being played: who plays it, the acting character, what was paid, its
    targets, and for an attack its state (Atk, tokens, negated, hit, contest dice). `ctx` is
    the play an edge answers (the attack in a reaction window)."""

    __slots__ = (
        "seat",
        "source",
        "actor",
        "paid",
        "targets",
        "ctx",
        "atk",
        "defence",
        "mod",
        "negated",
        "reacted",
        "hit",
        "attached",
        "adie",
        "ddie",
        "from_hand",
        "settled",
    )

    def __init__(self, seat: int, source: Source, actor: int, ctx: int, from_hand: bool):
        self.seat, self.source, self.actor, self.ctx = seat, source, actor, ctx
        self.paid: tuple[int, ...] = ()
        self.targets: list[int] = []
        self.atk, self.defence, self.mod = source.atk, 0, 0
        self.negated = self.reacted = self.hit = False
        self.attached: int | None = None
        self.adie = self.ddie = 0
        self.from_hand = from_hand
        self.settled = not from_hand  # True once the card is discarded or attached

    def copy(self) -> Play:
        p = Play.__new__(Play)
        for name in Play.__slots__:
            setattr(p, name, getattr(self, name))
        p.targets = self.targets[:]
        return p
