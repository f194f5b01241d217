"""A response window: cards or effects played in answer to each other, resolved last in,
first out (the "stack" of Magic: the Gathering, Armies' A-41).

Who may answer next is `asking`. Playing something (`push`) hands the question to the next
seat; a seat that lets things be (`pass_`) hands it on too, and once every seat has passed in
a row the window closes (`asking` is None) and the items resolve from the top. A seat with
nothing it could answer is passed for by the rules, so only real choices reach a player.
"""

from __future__ import annotations


class Responses:
    """The pending items (each as (seat, item), oldest first) and whose answer is awaited."""

    __slots__ = ("seats", "stack", "asking", "passes")

    def __init__(self, seats: int = 2):
        self.seats = seats
        self.stack: list[tuple[int, object]] = []
        self.asking: int | None = None
        self.passes = 0

    def copy(self) -> Responses:
        r = Responses.__new__(Responses)
        r.seats, r.stack = self.seats, list(self.stack)
        r.asking, r.passes = self.asking, self.passes
        return r

    def __deepcopy__(self, memo) -> Responses:
        return self.copy()

    def __eq__(self, other) -> bool:
        return isinstance(other, Responses) and (self.stack, self.asking, self.passes) == (
            other.stack,
            other.asking,
            other.passes,
        )

    @property
    def open(self) -> bool:
        return self.asking is not None

    def ask(self, seat: int, passes: int = 0) -> None:
        """Open (or reopen) the window with `seat` to answer; `passes` counts the seats that
        are taken to have let things be already (1 when the one who acted may not answer
        itself first)."""
        self.asking = seat
        self.passes = passes
        self._close_if_done()

    def push(self, seat: int, item) -> None:
        """`seat` plays `item`; the next seat may answer it."""
        self.stack.append((seat, item))
        self.asking = (seat + 1) % self.seats
        self.passes = 1
        self._close_if_done()

    def pass_(self) -> None:
        """The seat asked lets things be."""
        if self.asking is None:
            raise ValueError("no response window is open")
        self.passes += 1
        self.asking = (self.asking + 1) % self.seats
        self._close_if_done()

    def pop(self) -> tuple[int, object]:
        """The newest item, to resolve first."""
        return self.stack.pop()

    def _close_if_done(self) -> None:
        if self.passes >= self.seats:
            self.asking = None
            self.passes = 0
