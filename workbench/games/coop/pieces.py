"""What a co-op state is made of: the players and enemies at the table, who take damage through
armor as the kit's Vitals, and the attack groups a player rolls in a turn."""

from __future__ import annotations

from ...core.kit import Vitals

_VITALS = Vitals.__slots__


class Player(Vitals):
    __slots__ = ("seat", "cls", "dodge", "max_dodge", "hands", "body", "ko")

    def __init__(self, seat: int, cls):
        self.seat = seat
        self.cls = cls
        self.hands: list[str] = []
        self.body: str | None = None
        self.ko = False

    def items(self) -> list[str]:
        return self.hands + ([self.body] if self.body else [])

    def __deepcopy__(self, memo):
        p = Player.__new__(Player)
        for name in _VITALS + Player.__slots__:
            setattr(p, name, getattr(self, name))
        p.hands = list(self.hands)
        return p


class Enemy(Vitals):
    __slots__ = ("uid", "kind", "name", "dodge", "seat", "order")

    def __init__(self, uid: int, kind):
        super().__init__(kind.health, kind.armor)
        self.uid = uid
        self.kind = kind
        self.name = f"{kind.name} #{uid + 1}"
        self.dodge = kind.dodge
        self.seat: int | None = None
        self.order = 0

    @property
    def alive(self) -> bool:
        return self.health > 0

    def __deepcopy__(self, memo):
        e = Enemy.__new__(Enemy)
        for name in _VITALS + Enemy.__slots__:
            setattr(e, name, getattr(self, name))
        return e


class Group:
    """One attack roll's worth of sources (R-32), or the Unique Bow's automatic hits (R-36)."""

    __slots__ = (
        "sources",
        "dice",
        "dtype",
        "damage",
        "class_bonus",
        "double",
        "heal_on_hit",
        "auto_hits",
        "label",
    )

    def __init__(
        self, sources, dice, dtype, damage, class_bonus, double, heal_on_hit, auto_hits, label
    ):
        self.sources = sources
        self.dice = dice
        self.dtype = dtype
        self.damage = damage
        self.class_bonus = class_bonus
        self.double = double  # the Unique Sword's own damage, doubled on S >= 2 x Dodge
        self.heal_on_hit = heal_on_hit
        self.auto_hits = auto_hits
        self.label = label
