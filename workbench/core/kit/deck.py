"""Decks: face-down piles drawn one card per chance point.

A deck is a multiset (card -> copies left), not a shuffled list: drawing is a chance point
over the cards left, which is the same distribution as drawing the top card of a shuffled
pile, needs no hidden order, and gives exact odds. Outcomes keep the order in which cards
first entered the deck, so the same seed draws the same cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from ..chance import Chance, Dist
from ..view import CardView, Stat


class Deck:
    """A face-down pile: `take` a card a draw produced, `put` cards back, `refill` from a
    discard pile to reshuffle. Counts are never zero, so `counts` lists exactly what is left.
    """

    __slots__ = ("counts", "size")

    def __init__(self, cards: Mapping[str, int] | Iterable = ()):
        counts: dict = {}
        if isinstance(cards, Mapping):
            for card, n in cards.items():
                if n < 0:
                    raise ValueError(f"a deck cannot hold {n} copies of {card!r}")
                if n:
                    counts[card] = n
        else:
            for card in cards:
                counts[card] = counts.get(card, 0) + 1
        self.counts = counts
        self.size = sum(counts.values())

    # -- reading -----------------------------------------------------------------------
    def __len__(self) -> int:
        return self.size

    def __bool__(self) -> bool:
        return self.size > 0

    def __contains__(self, card) -> bool:
        return card in self.counts

    def __iter__(self) -> Iterator:
        """Every card left, copies repeated, in the order they entered the deck."""
        for card, n in self.counts.items():
            for _ in range(n):
                yield card

    def __getitem__(self, card) -> int:
        """Copies of `card` left (0 if none)."""
        return self.counts.get(card, 0)

    def __eq__(self, other) -> bool:
        # A deck is the multiset it holds: equal to another deck or a {card: copies} mapping.
        if isinstance(other, Deck):
            return self.counts == other.counts
        if isinstance(other, Mapping):
            return self.counts == {k: n for k, n in other.items() if n}
        return NotImplemented

    def __repr__(self) -> str:
        return f"Deck({self.counts!r})"

    def copy(self) -> Deck:
        d = Deck.__new__(Deck)
        d.counts = dict(self.counts)
        d.size = self.size
        return d

    def __deepcopy__(self, memo) -> Deck:
        return self.copy()

    # -- drawing -----------------------------------------------------------------------
    def dist(self) -> Dist:
        """The next card drawn, with exact weights: the copies left of each card."""
        if not self.size:
            raise ValueError("the deck is empty: nothing to draw")
        return Dist(tuple(self.counts), tuple(self.counts.values()))

    def draw(
        self, label: str, names=None, odds=(), seen_by: int | None = None, said=None
    ) -> Chance:
        """Drawing one card as a chance point; the rules `take` the card it produced.
        `seen_by`: the seat whose hidden hand the card goes to (others see only a draw);
        `said`: see Chance."""
        counts = self.counts  # built inline: this runs for every card of every simulated game
        if not counts:
            raise ValueError("the deck is empty: nothing to draw")
        # Counts are never zero, so the trusted constructor's checks would find nothing.
        return Chance(
            Dist._ordered(tuple(counts), tuple(counts.values())), label, odds, names, seen_by, said
        )

    def take(self, card) -> None:
        """Remove one copy of `card` (the result of a draw, or a card searched out)."""
        counts = self.counts
        try:
            left = counts[card] - 1
        except KeyError:
            raise ValueError(f"{card!r} is not in the deck") from None
        if left:
            counts[card] = left
        else:
            del counts[card]
        self.size -= 1

    def put(self, card, copies: int = 1) -> None:
        """Shuffle `copies` of `card` into the deck."""
        if copies < 0:
            raise ValueError(f"cannot put {copies} copies of {card!r} into a deck")
        if copies:
            self.counts[card] = self.counts.get(card, 0) + copies
            self.size += copies

    def refill(self, cards: Iterable) -> None:
        """Shuffle a discard pile (a list, or another Deck, which is emptied) into the deck."""
        for card in cards:
            self.put(card)
        if isinstance(cards, Deck):
            cards.counts.clear()
            cards.size = 0
        elif isinstance(cards, list):
            cards.clear()

    def draws_to(self, hand_size: int, held: int) -> int:
        """How many cards drawing up to `hand_size` takes with `held` in hand: as many as
        are missing, and no more than the deck holds."""
        return max(0, min(hand_size - held, self.size))

    # -- showing -----------------------------------------------------------------------
    def card_view(self, title: str, *, face_up: bool = False, names=None) -> CardView:
        """The pile as one card in a view: its size, and its contents if it lies face up
        (`names` turns a card into words)."""
        text = ""
        if face_up and self.size:
            name = names or str
            text = ", ".join(
                f"{name(c)}" + (f" ×{n}" if n > 1 else "") for c, n in self.counts.items()
            )
        return CardView(
            name=title,
            kind="pile",
            subtitle=f"{self.size} cards",
            text=text,
            stats=(Stat("cards", self.size),),
            dim=self.size == 0,
        )
