"""The generator on its own: `generate_dungeon(seed=..., rules=...)` deals a whole dungeon in
generator mode (R-14) and returns the placed cards as a polars frame, the steps that placed
them, and the SVG map.

Cards are drawn exactly as a match draws them (one random number of the seed's generator per
card, picked from the pile's exact distribution), so a match with the same seed opens on the
same cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import polars as pl

from ...core.errors import SetupError
from ...core.registry import get_game
from ...core.seeds import check_seed
from . import cards52 as C
from .catalog import catalog_for
from .dungeon import Builder, Pile, piles_for


@dataclass(frozen=True)
class Dungeon:
    """A generated dungeon: `cards` (one row per placed card), `steps` (one row per card
    drawn or step taken, with the rule and the reason), `counters`, `discards`, the
    `builder` itself and the map as `svg`."""

    cards: pl.DataFrame
    steps: pl.DataFrame
    counters: pl.DataFrame
    discards: tuple[str, ...]
    builder: Builder
    svg: str

    def _repr_html_(self) -> str:
        return self.svg

    def text_map(self) -> str:
        return "\n".join(self.builder.text_map())


def build(
    cat,
    rng: random.Random | None = None,
    piles: tuple[Pile, Pile] | None = None,
    mode: str = "generator",
) -> Builder:
    """Deal and build a dungeon: `piles` fixed, or shuffled by `rng` card by card."""
    one, two = piles if piles is not None else piles_for(cat.deck, cat.cfg)
    b = Builder(cat.cfg, one, two, mode=mode)
    draw(b, rng)
    return b


def draw(b: Builder, rng: random.Random | None) -> None:
    """Feed the builder until it needs no more cards."""
    while b.need is not None:
        pile = b.piles[b.need]
        known = pile.known()
        u = rng.random() if rng is not None else 0.0
        b.feed(known if known is not None else pile.deck.dist().pick(u))


def generate_dungeon(
    seed: int = 0, rules: dict | None = None, cards=None, piles: tuple[list, list] | None = None
) -> Dungeon:
    """A whole dungeon, dealt from the shipped deck (or `cards`) with `seed`, under the rule
    variants `rules` (keys as in `workbench.rules("sac")`, with or without "sac."). `piles`
    deals fixed piles instead, top card first: (pile 1, pile 2); pile 2 lists its Jokers last."""
    seed = check_seed(seed)
    game = get_game("sac")
    resolved = game.resolve_rules(rules)
    cat = catalog_for(cards if cards is not None else game.load_cards(), resolved)
    fixed = None
    if piles is not None:
        fixed = tuple(Pile(p) for p in _checked_piles(piles, set(cat.deck)))
    b = build(cat, random.Random(seed), fixed)
    return describe(b)


def _checked_piles(piles, deck: set) -> tuple[list, list]:
    """The two fixed piles, every card named as in cards.csv."""

    def is_list(x):
        return isinstance(x, tuple | list)

    if not is_list(piles) or len(piles) != 2 or not all(is_list(p) for p in piles):
        raise SetupError(f"piles: give two lists of cards, (pile 1, pile 2), not {piles!r:.80}")
    for i, pile in enumerate(piles):
        for j, card in enumerate(pile):
            if card not in deck:
                raise SetupError(
                    f"piles: pile {i + 1}, card {j + 1}: {card!r} is not a card of "
                    "cards.csv; write cards as 4C, 10S, QH, AD or Joker"
                )
    return list(piles[0]), list(piles[1])


CARDS_SCHEMA = {
    "order": pl.Int64,
    "card": pl.String,
    "name": pl.String,
    "x": pl.Int64,
    "y": pl.Int64,
    "square": pl.String,
    "segment": pl.Int64,
    "segment_kind": pl.String,
    "role": pl.String,
    "rule": pl.String,
    "direction": pl.String,
    "door": pl.String,
    "enemies": pl.String,
}
STEPS_SCHEMA = {
    "step": pl.Int64,
    "card": pl.String,
    "pile": pl.Int64,
    "rule": pl.String,
    "segment": pl.Int64,
    "square": pl.String,
    "what": pl.String,
}
COUNTERS_SCHEMA = {
    "card": pl.String,
    "name": pl.String,
    "x": pl.Int64,
    "y": pl.Int64,
    "square": pl.String,
    "segment": pl.Int64,
}


def describe(b: Builder) -> Dungeon:
    """The built dungeon as frames (its cards, the steps, the counters) and its map."""
    return Dungeon(
        _cards_frame(b),
        _steps_frame(b),
        _counters_frame(b),
        tuple(b.discards),
        b,
        _map_svg(b),
    )


def _cards_frame(b: Builder) -> pl.DataFrame:
    """One row per placed card, in the order they were placed."""
    on: dict = {}
    for pos, card in b.counters:
        on.setdefault(pos, []).append("BB" if card == C.JOKER else C.name(card))
    rows = []
    for pos, placed in sorted(b.cells.items(), key=lambda kv: kv[1].order):
        seg = b.segs[placed.seg]
        door = ""
        if placed.door >= 0:
            door = "open" if b.doors[placed.door].open else "closed"
        rows.append(
            {
                "order": placed.order,
                "card": placed.card,
                "name": C.name(placed.card),
                "x": pos[0],
                "y": pos[1],
                "square": b.name_of(pos),
                "segment": placed.seg,
                "segment_kind": seg.kind,
                "role": placed.role,
                "rule": placed.rule,
                "direction": placed.dir or "",
                "door": door,
                "enemies": " ".join(on.get(pos, ())),
            }
        )
    return pl.DataFrame(rows, schema=CARDS_SCHEMA)


def _steps_frame(b: Builder) -> pl.DataFrame:
    """One row per note: the card drawn or the step taken, with its rule and reason."""
    return pl.DataFrame(
        [
            {
                "step": n.step,
                "card": C.name(n.card) if n.card else "",
                "pile": n.pile,
                "rule": n.rule,
                "segment": n.seg,
                "square": b.name_of(n.pos) if n.pos else "",
                "what": n.text,
            }
            for n in b.notes
        ],
        schema=STEPS_SCHEMA,
    )


def _counters_frame(b: Builder) -> pl.DataFrame:
    """One row per enemy counter, where it lies."""
    return pl.DataFrame(
        [
            {
                "card": c,
                "name": "Big Bad" if c == C.JOKER else C.name(c),
                "x": p[0],
                "y": p[1],
                "square": b.name_of(p),
                "segment": b.cells[p].seg if p in b.cells else -1,
            }
            for p, c in b.counters
        ],
        schema=COUNTERS_SCHEMA,
    )


class _Counter:  # the map's enemy marks read alive, big, pos, name, health, most
    __slots__ = ("pos", "big", "alive", "name", "health", "most")

    def __init__(self, pos, card):
        self.pos, self.big, self.alive = pos, card == C.JOKER, True
        self.name = "Big Bad" if self.big else C.name(card)
        self.health = self.most = 20 if self.big else C.number(card)


def _map_svg(b: Builder) -> str:
    from .render import map_board

    return map_board(b, enemies=[_Counter(p, c) for p, c in b.counters]).svg
