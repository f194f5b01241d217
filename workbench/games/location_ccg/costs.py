"""Costs and paying them from a bank (R-11 .. R-13, A-2 .. A-4).

A cost is written `3$`: generic points, then one typed symbol per typed point, or `*` for a
production point. A bank card is worth the points of its resource row (`$$` is 2 Money
points); a payment is a set of whole bank cards, discarded together (R-11).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

SYMBOLS = "$@!ΩΑ#"
NAMES = {"$": "Money", "@": "Technology", "!": "Power", "Ω": "Omega", "Α": "Alpha", "#": "Magic"}
# Look-alike letters a designer may type for the two Greek symbols.
ALIASES = {"A": "Α", "O": "Ω", "\u2126": "Ω"}


class CostError(ValueError):
    """A cost or resource row that cannot be read, with what would be right."""


@dataclass(frozen=True, slots=True)
class Cost:
    generic: int = 0
    typed: tuple[str, ...] = ()  # one symbol per typed point, sorted
    stars: int = 0  # production points

    @property
    def points(self) -> int:
        return self.generic + len(self.typed)

    def __str__(self) -> str:
        if self.stars and not self.points:
            return "*" * self.stars
        text = (str(self.generic) if self.generic or not self.typed else "") + "".join(self.typed)
        return text + "*" * self.stars


def symbols_of(text: str | None, what: str = "resource row") -> str:
    """The symbols of a resource row such as `$$`, checked."""
    out = []
    for ch in (text or "").strip():
        ch = ALIASES.get(ch, ch)
        if ch not in SYMBOLS:
            raise CostError(
                f"{ch!r} is not a resource symbol; a {what} is written with {' '.join(SYMBOLS)}"
            )
        out.append(ch)
    return "".join(out)


def parse_cost(text, notation: str = "generic_plus_typed") -> Cost:
    """`3$` is 3 generic points and 1 `$` (A-3); with notation 'typed' the number counts
    points of the first symbol (3 `$`). `*` is a production point."""
    text = "" if text is None else str(text).strip()
    if not text:
        return Cost()
    digits = ""
    i = 0
    while i < len(text) and text[i].isdigit():
        digits += text[i]
        i += 1
    stars = text[i:].count("*")
    typed = symbols_of(text[i:].replace("*", ""), "cost")
    generic = int(digits) if digits else 0
    if notation == "typed" and typed and generic:
        typed = typed[0] * generic + typed
        generic = 0
    return Cost(generic, tuple(sorted(typed)), stars)


def row_points(row: str, payment: str = "points") -> int:
    return len(row) if payment == "points" else 1


def covers(rows: list[str], cost: Cost, payment: str = "points") -> bool:
    """Whether bank cards with these resource rows pay `cost` (R-11): enough points, and
    every typed point covered by a matching symbol. With payment 'cards' (A-2) each card is
    one resource and covers at most one typed point."""
    need = cost.points
    if payment == "points":
        if sum(len(r) for r in rows) < need:
            return False
        have = Counter("".join(rows))
        return all(have[s] >= n for s, n in Counter(cost.typed).items())
    if len(rows) < need:
        return False
    return _match(list(cost.typed), [set(r) for r in rows])


def _match(wanted: list[str], cards: list[set]) -> bool:
    """Each wanted symbol gets its own card holding it (a small bipartite matching)."""
    if not wanted:
        return True
    first, rest = wanted[0], wanted[1:]
    for i, symbols in enumerate(cards):
        if first in symbols and _match(rest, cards[:i] + cards[i + 1 :]):
            return True
    return False


def payments(bank: list[str], row_of, cost: Cost, payment: str = "points") -> list[tuple]:
    """Every minimal payment for `cost` from a bank of card names: sets of (name, copies)
    that pay it and pay nothing once any one card is left out. A set with a card more only
    loses points (R-11), so these are the choices worth offering."""
    counts = Counter(bank)
    names = sorted(counts)
    rows = {n: row_of(n) for n in names}
    found: list[tuple] = []
    if not covers([rows[n] for n in bank], cost, payment):
        return found
    picked: list[str] = []

    def walk(i: int) -> None:
        chosen_rows = [rows[n] for n in picked]
        if covers(chosen_rows, cost, payment):
            if all(
                not covers(chosen_rows[:j] + chosen_rows[j + 1 :], cost, payment)
                for j in range(len(chosen_rows))
            ):
                found.append(tuple(sorted(Counter(picked).items())))
            return
        if i == len(names) or len(picked) >= max(cost.points, 1):
            return
        name = names[i]
        walk(i + 1)
        for _ in range(1, counts[name] + 1):
            picked.append(name)
            walk(i + 1)
        del picked[len(picked) - counts[name] :]

    if cost.points == 0:
        return [()]
    walk(0)
    return found


def reduced(cost: Cost, by: int, floor: bool = True) -> list[Cost]:
    """The costs left after `by` reductions (R-12): generic points go first, then a typed
    point of the payer's choice (one cost per choice); never below 1 point when `floor`."""
    if by <= 0:
        return [cost]
    keep = 1 if floor and cost.points else 0
    generic = cost.generic
    cut = min(by, generic, max(0, cost.points - keep))
    generic -= cut
    left = min(by - cut, max(0, generic + len(cost.typed) - keep))
    if not left:
        return [Cost(generic, cost.typed, cost.stars)]
    from itertools import combinations

    out = []
    for drop in sorted(set(combinations(range(len(cost.typed)), left))):
        typed = tuple(s for j, s in enumerate(cost.typed) if j not in drop)
        c = Cost(generic, typed, cost.stars)
        if c not in out:
            out.append(c)
    return out
