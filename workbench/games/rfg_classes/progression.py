"""How many plays it takes to unlock classes, for a levelling rate the designer sets.

A play is one match with one class; it raises that class's level and the player's general
level. A class unlocks when any line of unlocks.csv that names it is met: its class (or the
general level) reached the line's level. The search is exact: it tries every way of choosing,
for each class needed, the line that unlocks it (unlock graphs are small), and keeps the
cheapest. Plays come in whole matches, so each class's plays are rounded up.

The source leaves the general track's numbers open (A-R3); `every_class_at` is that
parameter: the general level at which every class unlocks, or None for no such level.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from .cards import GENERAL

# Ways of choosing unlock lines tried before giving up on an exact answer.
MOST_WAYS = 200_000


@dataclass(frozen=True)
class Levelling:
    """Plays from one level to the next: `plays_per_level` for the first level, then
    `extra_per_level` more for each level after it (0: a flat rate)."""

    plays_per_level: Fraction | float | int
    extra_per_level: Fraction | float | int = 0

    def __post_init__(self):
        for name in ("plays_per_level", "extra_per_level"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
                raise ValueError(f"{name} must be a number, not {value!r}")
            if value < 0 or (name == "plays_per_level" and value == 0):
                least = "above" if name == "plays_per_level" else "at least"
                raise ValueError(f"{name} must be {least} 0, not {value!r}")
            object.__setattr__(self, name, Fraction(value))

    def plays_to(self, level: int) -> int:
        """Whole plays from level 1 to `level`."""
        steps = level - 1
        exact = steps * self.plays_per_level + self.extra_per_level * steps * (steps - 1) / 2
        return math.ceil(exact)


@dataclass(frozen=True)
class Edge:
    source: str
    level: int
    target: str


@dataclass(frozen=True)
class Route:
    """The cheapest way found: total plays, the level each class is played to, the general
    level that must be reached (1 if none), and the plays the classes' levels take (fewer than
    `plays` when the general level asks for more)."""

    plays: int
    levels: Mapping[str, int]
    general: int
    played: int

    def describe(self) -> str:
        """In words: 'Recon and Tracker to level 5', classes grouped by the level played to."""
        by_level: dict[int, list[str]] = {}
        for cls, level in self.levels.items():
            if level > 1:
                by_level.setdefault(level, []).append(cls)
        steps = [f"{_and(names)} to level {level}" for level, names in by_level.items()]
        if self.general > 1:
            steps.append(f"general level {self.general}")
        return "; ".join(steps) or "playable from the start"


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


class Progression:
    """The unlock graph of a CardSet with a levelling rate (and one for the general level,
    by default the same)."""

    def __init__(
        self,
        cards,
        levelling: Levelling,
        general: Levelling | None = None,
        *,
        every_class_at: int | None = None,
    ):
        self.levelling = levelling
        self.general_levelling = general or levelling
        self.classes = cards["classes"]["name"].to_list()
        self.badge_level = dict(cards["classes"].select("name", "badge_level").iter_rows())
        self.into: dict[str, list[Edge]] = {c: [] for c in self.classes}
        for source, level, target in (
            cards["unlocks"].select("class", "level", "unlocks").iter_rows()
        ):
            self.into[target].append(Edge(source, level, target))
        if every_class_at is not None:
            if (
                isinstance(every_class_at, bool)
                or not isinstance(every_class_at, int)
                or every_class_at < 1
            ):
                raise ValueError(
                    f"every_class_at must be a general level from 1, not {every_class_at!r}"
                )
            for c in self.classes:
                self.into[c].append(Edge(GENERAL, every_class_at, c))

    def cheapest(
        self, targets: Iterable[str], floors: Mapping[str, int] | None = None
    ) -> Route | None:
        """The fewest plays that unlock every class in `targets` (and, with `floors`, bring
        those classes to at least that level); None if some target can never unlock."""
        floors = dict(floors or {})
        targets = list(dict.fromkeys(targets))
        unknown = [t for t in targets if t not in self.into]
        if unknown:
            raise ValueError(
                f"{unknown[0]!r} is not a class; the classes are {', '.join(self.classes)}"
            )
        best: list[Route | None] = [None]
        tried = [0]

        def search(chosen: dict[str, Edge], pending: list[str]) -> None:
            if not pending:
                tried[0] += 1
                if tried[0] > MOST_WAYS:
                    raise ValueError(
                        f"the unlock graph offers more than {MOST_WAYS} ways to "
                        "unlock these classes: too many to compare exactly"
                    )
                route = self._cost(chosen, floors)
                # Between two routes as cheap, the one that levels classes less is simpler
                # (the general level does the rest).
                if best[0] is None or (route.plays, route.played) < (best[0].plays, best[0].played):
                    best[0] = route
                return
            cls, rest = pending[0], pending[1:]
            for edge in self.into[cls]:
                if edge.source != GENERAL and self._leads_to(chosen, edge.source, cls):
                    continue  # the chosen lines would need `cls` to unlock itself
                more = (
                    []
                    if (
                        edge.source == GENERAL
                        or edge.source in chosen
                        or edge.source in rest
                        or edge.source == cls
                    )
                    else [edge.source]
                )
                search({**chosen, cls: edge}, rest + more)

        search({}, targets)
        return best[0]

    @staticmethod
    def _leads_to(chosen: Mapping[str, Edge], start: str, goal: str) -> bool:
        """Whether following the chosen lines back from `start` reaches `goal`."""
        seen = set()
        while start != GENERAL and start not in seen:
            if start == goal:
                return True
            seen.add(start)
            edge = chosen.get(start)
            if edge is None:
                return False
            start = edge.source
        return False

    def _cost(self, chosen: Mapping[str, Edge], floors: Mapping[str, int]) -> Route:
        levels = {c: max(1, floors.get(c, 1)) for c in chosen}
        general = 1
        for edge in chosen.values():
            if edge.source == GENERAL:
                general = max(general, edge.level)
            else:
                levels[edge.source] = max(levels[edge.source], edge.level)
        played = sum(self.levelling.plays_to(level) for level in levels.values())
        # Every play raises the general level too; plays beyond the classes' own are made
        # with any class already playable.
        plays = max(played, self.general_levelling.plays_to(general))
        order = {c: i for i, c in enumerate(self.classes)}
        return Route(
            plays, dict(sorted(levels.items(), key=lambda kv: order[kv[0]])), general, played
        )
