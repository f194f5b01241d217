"""The two piles the dungeon is dealt from (rules.md 1.3): cards in a known order, shuffled
cards drawn at random, and cards known to come last."""

from __future__ import annotations

from ...core.kit import Deck
from . import cards52 as C
from .table import Config


class Pile:
    """A pile the generator draws from: `top`, cards in a known order (a fixed deal); then
    `deck`, shuffled cards drawn at random; then `bottom`, cards known to come last (the
    Jokers, doors sent under pile 1 by R-3)."""

    __slots__ = ("top", "deck", "bottom")

    def __init__(self, top=(), deck: Deck | None = None, bottom=()):
        self.top, self.deck, self.bottom = list(top), deck or Deck(), list(bottom)

    def __len__(self) -> int:
        return len(self.top) + len(self.deck) + len(self.bottom)

    def known(self) -> str | None:
        """The next card when it is not random, else None."""
        if self.top:
            return self.top[0]
        if self.deck:
            return None
        return self.bottom[0] if self.bottom else None

    def take(self, card: str) -> None:
        if self.top:
            if self.top[0] != card:
                raise ValueError(f"the next card of this pile is {self.top[0]}, not {card}")
            self.top.pop(0)
        elif self.deck:
            self.deck.take(card)
        elif self.bottom and self.bottom[0] == card:
            self.bottom.pop(0)
        else:
            raise ValueError(f"{card} is not the next card of this pile")

    def cards(self) -> list[str]:
        return [*self.top, *self.deck, *self.bottom]

    def __deepcopy__(self, memo):
        return Pile(self.top, self.deck.copy(), self.bottom)


def piles_for(deck: list[str], cfg: Config) -> tuple[Pile, Pile]:
    """1.3: the two piles of a deck, shuffled (as Decks drawn at random); the Jokers at the
    bottom of pile 2."""
    one = [c for c in deck if C.pile_of(c, cfg.suits) == 1]
    two = [c for c in deck if C.pile_of(c, cfg.suits) == 2]
    jokers = [c for c in deck if C.pile_of(c, cfg.suits) == 0]
    return Pile(deck=Deck(one)), Pile(deck=Deck(two), bottom=jokers)
