"""Zones: cards in named places, per seat (hand, in play, bank, discard, ...).

Each zone is an ordered list, so a hand keeps the order cards entered it; moving a card that
is not where the rules think it is raises at once instead of quietly duplicating it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..view import CardView, Zone


class Zones:
    """`zones[seat, "hand"]` is that seat's hand (a list). `move(seat, card, "hand",
    "bank")` moves one card; `to_seat` moves it to another seat's zone."""

    __slots__ = ("names", "seats", "_lists")

    def __init__(self, seats: int, names: Iterable[str]):
        self.seats = seats
        self.names = tuple(names)
        self._lists = {(s, n): [] for s in range(seats) for n in self.names}

    def __getitem__(self, where: tuple[int, str]) -> list:
        try:
            return self._lists[where]
        except KeyError:
            raise KeyError(
                f"no zone {where!r}; zones are seats 0 to {self.seats - 1} with "
                f"{', '.join(self.names)}"
            ) from None

    def count(self, seat: int, name: str) -> int:
        return len(self[seat, name])

    def add(self, seat: int, name: str, card, *, front: bool = False) -> None:
        zone = self[seat, name]
        if front:
            zone.insert(0, card)
        else:
            zone.append(card)

    def move(self, seat: int, card, src: str, dst: str, *, to_seat: int | None = None) -> None:
        zone = self[seat, src]
        try:
            zone.remove(card)
        except ValueError:
            raise ValueError(f"{card!r} is not in seat {seat + 1}'s {src}") from None
        self[seat if to_seat is None else to_seat, dst].append(card)

    def where(self, card) -> list[tuple[int, str]]:
        """Every (seat, zone) holding `card`."""
        return [key for key, cards in self._lists.items() if card in cards]

    def copy(self) -> Zones:
        z = Zones.__new__(Zones)
        z.seats, z.names = self.seats, self.names
        z._lists = {k: list(v) for k, v in self._lists.items()}
        return z

    def __deepcopy__(self, memo) -> Zones:
        return self.copy()

    def __eq__(self, other) -> bool:
        return isinstance(other, Zones) and self._lists == other._lists

    def zone_view(
        self,
        seat: int,
        name: str,
        card: Callable[[object], CardView],
        *,
        title: str | None = None,
        hidden: bool = False,
        active: bool = False,
    ) -> Zone:
        """A zone for the step-through view; `hidden` draws every card face down."""
        cards = self[seat, name]
        shown = [CardView.face_down(name) for _ in cards] if hidden else [card(c) for c in cards]
        return Zone(title or f"Seat {seat + 1} {name} ({len(cards)})", tuple(shown), active)
