"""Build Soldiers! Aliens! Carnage! dungeons and positions from fixed piles, so each rule can
be tested on its own."""

from __future__ import annotations

import workbench as wb
from workbench.core import CHANCE, get_game, resolve
from workbench.games.sac import cards52 as C
from workbench.games.sac.catalog import catalog_for
from workbench.games.sac.dungeon import Builder, Config, Pile
from workbench.games.sac.rules import SacState

GAME = get_game("sac")

# The worked example of rules.md section 8 (8 x 6 table), filled cards included; pile 1 and
# pile 2 go on with cards the example never reaches.
EXAMPLE_1 = ["4C", "7C", "9C", "3D", "5H", "6C", "8H", "2C", "3C"]
EXAMPLE_2 = [
    "AS",
    "2S",
    "JC",
    "QS",
    "JS",
    "3S",
    "4S",
    "10S",
    "7S",
    "AH",
    "6D",
    "KC",
    "5S",
    "Joker",
    "Joker",
]
EXAMPLE_MAP = [
    "   .    .    .   2S   AS   9C   7C   4C",
    "   .    .    .  JC*   4S  10S    .    .",
    "   .    .   JS   6C   3S   7S   AH   KC",
    "   .    .    .   QS    .    .    .    .",
    "   .    .    .    .    .    .    .    .",
    "   .    .    .    .    .    .    .    .",
]


def rules(given=None, **short) -> dict:
    return GAME.resolve_rules({**(given or {}), **short})


def piles(one, two) -> tuple[Pile, Pile]:
    jokers = [c for c in two if c == C.JOKER]
    return Pile(one), Pile([c for c in two if c != C.JOKER], bottom=jokers)


def builder(one, two, mode="game", width=8, height=6, **variants) -> Builder:
    """A builder on fixed piles, fed until it needs no card (game mode: up to the doors)."""
    cfg = Config.from_rules(rules({"sac.width": width, "sac.height": height, **variants}))
    b = Builder(cfg, *piles(one, two), mode=mode)
    feed(b)
    return b


def feed(b: Builder, stop: str | None = None) -> None:
    """Feed the known cards until the builder needs none (or the next card is `stop`)."""
    while b.need is not None:
        card = b.piles[b.need].known()
        if card is None or card == stop:
            return
        b.feed(card)


def example(**variants) -> Builder:
    """The worked example up to the end of room 2: J♣ shot open, then the cards to K♣."""
    b = builder(EXAMPLE_1, EXAMPLE_2, **variants)
    b.open_door(b.doors[0])
    feed(b, stop="5S")
    return b


def state(one, two, width=8, height=6, cards=None, **variants) -> SacState:
    """A match position on fixed piles, its opening build done."""
    r = rules({"sac.width": width, "sac.height": height, **variants})
    cat = catalog_for(cards or wb.load_cards("sac"), r)
    st = SacState(cat, r, *piles(one, two))
    settle(st)
    return st


def settle(st, outcomes=()) -> None:
    """Resolve chance points: dealt cards are known; rolls take `outcomes` in order."""
    outcomes = list(outcomes)
    while st.to_move == CHANCE:
        dist = st.chance().dist
        if len(dist.outcomes) == 1:
            st.apply_chance(dist.outcomes[0])
        else:
            assert outcomes, f"a roll needs an outcome: {st.chance().label}"
            st.apply_chance(outcomes.pop(0))
    assert not outcomes, f"unused outcomes {outcomes}"


def act(st, label: str, outcomes=()) -> None:
    st.apply(resolve(st, label))
    settle(st, outcomes)


def start(st, label: str) -> None:
    """Take an action and stop at the roll it starts."""
    st.apply(resolve(st, label))


def labels(st) -> list[str]:
    return [a.label for a in st.legal_actions()]


def reason(st, label_start: str) -> tuple[str, str]:
    """(rule, reason) of the candidate whose label starts with `label_start`."""
    for a in st.candidates():
        if a.label.startswith(label_start):
            return st.explain(a)
    raise AssertionError(f"no candidate {label_start!r} in {[a.label for a in st.candidates()]}")
