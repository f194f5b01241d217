"""The Rune System's rules as plain Python: which rune combinations make a spell, what a spell
costs in essence, and how much more damage the caster takes once it is cast.

A `Runebook` reads one CardSet; the analyses and the rune explorer ask it about combinations.
A combination is a set of distinct runes (a rune fills at most one slot of a spell; the
document lets one rune serve several spells at once, not fill two slots of one), written with
each alias resolved, elements first, then actions, then modifiers, each in table order.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from workbench.cards import param_values

from .cards import KINDS, RUNE_COLUMNS, WILDCARDS

MODELS = ("tiered", "proportional")


@dataclass(frozen=True)
class Rules:
    """rules.csv as numbers (see its doc column)."""

    slots: int
    max_elements: int
    max_actions: int
    max_modifiers: int
    modifier_with_element: int
    essence_bar: int
    rune_surcharge: int
    modifier_surcharge: int
    sections: int
    debuff: int
    proportional: int

    @classmethod
    def of(cls, cards) -> Rules:
        return cls(**param_values(cards, "rules"))

    def most(self, kind: str) -> int:
        return getattr(self, f"max_{kind}s")


@dataclass(frozen=True)
class Verdict:
    """Whether a combination is a spell under the rules, and the rule that says so."""

    valid: bool
    rule: str
    reason: str


@dataclass(frozen=True)
class Described:
    """A spell row that describes a combination; `wildcards` counts its 'any ...' cells."""

    name: str
    effect: str
    wildcards: int
    row: int


@dataclass(frozen=True)
class Cast:
    """Everything about one combination: what the rune explorer shows."""

    runes: tuple[str, ...]
    verdict: Verdict
    spells: tuple[Described, ...]
    essence: Fraction
    multiplier: Fraction
    cost: Fraction
    spent: Fraction
    debuffs: int
    damage: dict[str, Fraction]
    affordable: bool

    @property
    def spell(self) -> Described | None:
        """The spell a player gets: the most specific row (fewest 'any' cells), then the
        first in the table."""
        return self.spells[0] if self.spells else None


class Runebook:
    """The runes, the designed spells and the rules of one CardSet."""

    def __init__(self, cards):
        from workbench.core.registry import get_design

        cards = get_design("rune_system").checked_cards(cards)
        self.rules = Rules.of(cards)
        rows = list(cards["runes"].iter_rows(named=True))
        self.kind = {r["name"]: r["kind"] for r in rows}
        self.same = {r["name"]: r["alias_of"] or r["name"] for r in rows}
        self.runes = [r["name"] for r in rows if r["alias_of"] is None]
        self.aliases = {r["name"]: r["alias_of"] for r in rows if r["alias_of"] is not None}
        self.essence = {r["name"]: r["essence"] for r in rows if r["alias_of"] is None}
        self._place = {name: (KINDS.index(self.kind[name]), i) for i, name in enumerate(self.runes)}
        self.by_kind = {kind: [n for n in self.runes if self.kind[n] == kind] for kind in KINDS}
        self.described: dict[tuple[str, ...], list[Described]] = {}
        for i, row in enumerate(cards["spells"].iter_rows(named=True)):
            cells = [row[c] for c in RUNE_COLUMNS if row[c] is not None]
            spell = Described(row["name"], row["effect"], sum(c in WILDCARDS for c in cells), i)
            for combo in self._expand(cells):
                self.described.setdefault(combo, []).append(spell)
        for spells in self.described.values():
            spells.sort(key=lambda s: (s.wildcards, s.row))

    # -- combinations -------------------------------------------------------------------
    def combo(self, runes: Iterable[str]) -> tuple[str, ...]:
        """The runes with aliases resolved, in the book's order (a repeat is kept, so the
        rules can say why it is not a spell). ValueError for a name that is not a rune."""
        out = []
        for rune in runes:
            if rune not in self.same:
                raise ValueError(f"{rune!r} is not a rune; the runes are {', '.join(self.same)}")
            out.append(self.same[rune])
        return tuple(sorted(out, key=self._place.__getitem__))

    def label(self, combo: Iterable[str]) -> str:
        return " + ".join(combo)

    def combinations(self, slots: int | None = None) -> Iterator[tuple[str, ...]]:
        """Every set of 1 to `slots` distinct runes (default: the rules' slots), valid or not."""
        slots = self.rules.slots if slots is None else slots
        for size in range(1, slots + 1):
            yield from itertools.combinations(self.runes, size)

    def _expand(self, cells: list[str]) -> set[tuple[str, ...]]:
        """The combinations a spell row's cells stand for: each wildcard becomes every rune
        of its kind, and a choice that would repeat a rune is no combination."""
        choices = [self.by_kind[WILDCARDS[c]] if c in WILDCARDS else [self.same[c]] for c in cells]
        return {
            self.combo(pick) for pick in itertools.product(*choices) if len(set(pick)) == len(pick)
        }

    # -- the rules ------------------------------------------------------------------------
    def check(self, combo: tuple[str, ...], slots: int | None = None) -> Verdict:
        """Whether the combination is a spell, and the rule that decides it."""
        r = self.rules
        slots = r.slots if slots is None else slots
        if not combo:
            return Verdict(False, "empty", "no runes: pick at least one")
        repeated = sorted({x for x in combo if combo.count(x) > 1}, key=combo.index)
        if repeated:
            return Verdict(
                False, "repeat", f"{repeated[0]} fills two slots; a spell holds each rune once"
            )
        if len(combo) > slots:
            return Verdict(
                False, "slots", f"{len(combo)} runes, but a spell has {_count(slots, 'slot')}"
            )
        counts = {kind: sum(self.kind[x] == kind for x in combo) for kind in KINDS}
        for kind in KINDS:
            most = r.most(kind)
            if counts[kind] > most:
                why = (
                    " (A-U2: the document does not say what two of them make)"
                    if (kind != "modifier" and most == 1)
                    else ""
                )
                return Verdict(
                    False,
                    f"max_{kind}s",
                    f"{_count(counts[kind], kind)}, but a spell may hold "
                    f"{'no' if most == 0 else f'at most {most}'} {kind}"
                    f"{'' if most == 1 else 's'}{why}",
                )
        if counts["modifier"] and not counts["action"]:
            if not counts["element"]:
                return Verdict(
                    False, "modifier_needs_action", "a modifier alone has nothing to change"
                )
            if not r.modifier_with_element:
                return Verdict(
                    False,
                    "modifier_needs_action",
                    "a modifier needs an action rune to change (A-U6: with an "
                    "element alone it is not a spell unless modifier_with_element "
                    "is 1)",
                )
        if len(combo) == 1:  # a modifier alone was refused above
            kind = self.kind[combo[0]]
            return Verdict(
                True,
                f"{kind}_alone",
                "an element alone imbues the caster"
                if kind == "element"
                else "an action alone is allowed",
            )
        return Verdict(True, "valid", "a valid combination")

    # -- essence --------------------------------------------------------------------------
    def cost(self, combo: tuple[str, ...]) -> tuple[Fraction, Fraction, Fraction]:
        """(runes' essence, multiplier, cost): the runes' own essence, raised by the rune
        and modifier surcharges."""
        r = self.rules
        essence = Fraction(sum(self.essence[x] for x in combo))
        modifiers = sum(self.kind[x] == "modifier" for x in combo)
        multiplier = 1 + Fraction(
            r.rune_surcharge * max(len(combo) - 1, 0) + r.modifier_surcharge * modifiers, 100
        )
        return essence, multiplier, essence * multiplier

    def vulnerability(self, spent: Fraction) -> tuple[int, dict[str, Fraction]]:
        """(debuffs, damage multiplier per model) with this share of the essence bar spent."""
        r = self.rules
        spent = min(max(Fraction(spent), Fraction(0)), Fraction(1))
        debuffs = math.floor(spent * r.sections)
        return debuffs, {
            "tiered": 1 + Fraction(r.debuff * debuffs, 100),
            "proportional": 1 + Fraction(r.proportional, 100) * spent,
        }

    def cast(self, runes: Iterable[str], slots: int | None = None) -> Cast:
        """The combination of these runes: its verdict, its spell, its cost, and the damage
        the caster takes after casting it from a full essence bar."""
        combo = self.combo(runes)
        essence, multiplier, cost = self.cost(combo)
        spent = min(cost / self.rules.essence_bar, Fraction(1))
        debuffs, damage = self.vulnerability(spent)
        return Cast(
            combo,
            self.check(combo, slots),
            tuple(self.described.get(combo, ())),
            essence,
            multiplier,
            cost,
            spent,
            debuffs,
            damage,
            cost <= self.rules.essence_bar,
        )


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"
