"""What the position is made of: cards in play, the Locations and the mission under way."""

from __future__ import annotations

HQ = -1  # the `where` of a character at its owner's headquarters, at no Location


class Inst:
    """A card in play: a character (at HQ or a Location), an Asset, or an attached Modifier."""

    __slots__ = (
        "uid",
        "name",
        "owner",
        "where",
        "damage",
        "wounds",
        "mods",
        "host",
        "temp",
        "used",
        "prevent",
        "order",
    )

    def __init__(self, uid, name, owner, order):
        self.uid, self.name, self.owner, self.order = uid, name, owner, order
        self.where = HQ
        self.damage = self.wounds = 0
        self.mods: dict = {}  # subtype -> modifier uid
        self.host = None  # the character a modifier is attached to
        self.temp = [0, 0, 0]  # Atk, Def, Skl until end of turn
        self.used = False  # its ability this turn
        self.prevent = False  # combat damage prevented this turn (Sanctuary)

    def copy(self) -> Inst:
        c = Inst.__new__(Inst)
        c.uid, c.name, c.owner, c.order = self.uid, self.name, self.owner, self.order
        c.where, c.damage, c.wounds = self.where, self.damage, self.wounds
        c.mods, c.host, c.temp = dict(self.mods), self.host, list(self.temp)
        c.used, c.prevent = self.used, self.prevent
        return c


class Loc:
    __slots__ = ("name", "placed_by", "won_by", "vp")

    def __init__(self, name, placed_by):
        self.name, self.placed_by, self.won_by, self.vp = name, placed_by, None, [0, 0]

    def copy(self) -> Loc:
        c = Loc(self.name, self.placed_by)
        c.won_by, c.vp = self.won_by, list(self.vp)
        return c


class Combat:
    """One mission (3.7): the parties, the pairing loop and what combat has settled."""

    __slots__ = (
        "loc",
        "attacker",
        "attackers",
        "defenders",
        "A",
        "D",
        "pairs",
        "chooser",
        "challenger",
        "to_oppose",
        "giant_left",
        "gang",
        "split",
        "step",
    )

    def __init__(self, loc: int, attacker: int):
        self.loc, self.attacker = loc, attacker
        self.attackers: list = []
        self.defenders: list = []
        self.A: list = []
        self.D: list = []
        self.pairs: list = []  # (challenger uid, opposer uid)
        self.chooser = attacker  # who picks the next challenger
        self.challenger = None
        self.to_oppose = 0  # opposers still to assign to the challenger
        self.giant_left: dict = {}  # a Giant opposer -> pairings it may still take
        self.gang: dict = {}  # Gang uid -> the opposed friend it helps
        self.split: dict = {}  # Giant uid -> {opponent uid: damage}
        self.step = "R-23"

    def copy(self) -> Combat:
        c = Combat.__new__(Combat)
        for name in Combat.__slots__:
            value = getattr(self, name)
            setattr(c, name, value.copy() if isinstance(value, list | dict) else value)
        return c

    def side(self, seat: int) -> list:
        return self.attackers if seat == self.attacker else self.defenders

    def paired(self, uid) -> bool:
        return any(uid in p for p in self.pairs)

    def facing(self, uid) -> list:
        return [b if a == uid else a for a, b in self.pairs if uid in (a, b)]
