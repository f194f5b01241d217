"""A priority window: seats in a fixed order each act or decline; after an act the next seat
has priority and every seat must decline again; the window closes once every seat has
declined in a row (edges and reactions in card games, Magic's priority, a denial window).

The rules keep the window and ask `next_seat(can_act)` whom to ask: seats with nothing they
may do are passed over as declines, so nobody is asked to decline for form's sake.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable


def turn_order(seats: int, start: int, skip: Callable[[int], bool] | None = None) -> list[int]:
    """Seats clockwise from `start` (0 .. seats-1 wrapping round), leaving out those `skip`
    names (seats that are out of the game)."""
    order = [(start + i) % seats for i in range(seats)]
    return [s for s in order if skip is None or not skip(s)]


class PriorityWindow:
    __slots__ = ("order", "at", "declines")

    def __init__(self, order: Iterable[int]):
        self.order = tuple(order)
        if not self.order:
            raise ValueError("a priority window needs at least one seat")
        self.at = 0
        self.declines = 0

    @property
    def seat(self) -> int:
        """The seat with priority now."""
        return self.order[self.at]

    @property
    def closed(self) -> bool:
        return self.declines >= len(self.order)

    def decline(self) -> None:
        self.declines += 1
        self.at = (self.at + 1) % len(self.order)

    def acted(self) -> None:
        """The seat with priority did something: priority moves on and the run of declines
        starts again, so every seat (this one too) may answer it."""
        self.declines = 0
        self.at = (self.at + 1) % len(self.order)

    def reopen(self) -> None:
        """Priority back to the first seat with no declines (after something resolves)."""
        self.at = 0
        self.declines = 0

    def next_seat(self, can_act: Callable[[int], bool]) -> int | None:
        """The seat to ask now, passing over seats that cannot act (each counts as a
        decline); None once the window has closed."""
        while not self.closed:
            seat = self.order[self.at]
            if can_act(seat):
                return seat
            self.decline()
        return None

    def copy(self) -> PriorityWindow:
        w = PriorityWindow.__new__(PriorityWindow)
        w.order, w.at, w.declines = self.order, self.at, self.declines
        return w

    def __deepcopy__(self, memo) -> PriorityWindow:
        return self.copy()

    def __repr__(self) -> str:
        return f"PriorityWindow(order={self.order}, at={self.at}, declines={self.declines})"
