"""What-if questions about the Location CCG: the resource curve answered exactly, and
bot-played games for the first player's edge and the Location picks.

    from workbench.games.location_ccg.analysis import resource_curve, location_matrix
    resource_curve()                    # exact chance to pay the 3-point cards by turn 1-3
    location_matrix(200)                # the first picks of both seats, win rates and intervals

The exact chances follow one plan for the 3 production points of a turn (R-18): draw 1 card
and bank 2. By the Deploy phase of a player's own turn t the player has then seen the opening
7 cards and t more, and banked up to 2t of them. A card "can be paid" when the cards seen hold
a copy of it and, among the others, at most 2t cards whose resource rows pay its cost (R-11).
The deck is shuffled uniformly (4.), so the cards seen are a uniform sample of the deck and the
chance is a multivariate hypergeometric sum over how many cards of each resource row the
sample holds. Simulated cells play the same seeds (common random numbers).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import comb

import polars as pl

from ...core import get_game
from ...sim import first_player_share, sweep, wilson
from .costs import Cost, covers

GAME = "location_ccg"


def _catalog(cards=None, rules=None):
    from .catalog import catalog_for

    game = get_game(GAME)
    return catalog_for(cards if cards is not None else game.load_cards(), game.resolve_rules(rules))


# -- exact odds -----------------------------------------------------------------------------


def pay_chance(
    deck: dict, rows: dict, targets: dict, seen: int, banked: int, payment: str = "points"
) -> Fraction:
    """Chance that `seen` cards drawn from `deck` ({name: copies}) hold a copy of one of the
    `targets` ({name: Cost}) and, among the other cards seen, at most `banked` cards whose
    resource rows (`rows`: name -> symbols) pay that card's cost (R-11)."""
    total = sum(deck.values())
    if not 0 <= seen <= total:
        raise ValueError(f"seen: give a number of cards from 0 to the deck's {total}, not {seen}")
    # Cards that are alike for this question: each target by name, the rest by their row.
    groups: Counter = Counter()
    for name, n in deck.items():
        groups[(name if name in targets else "", rows[name])] += n
    kinds = list(groups)
    sizes = [groups[k] for k in kinds]
    good = 0
    for counts in _compositions(sizes, seen):
        if _pays(tuple(kinds), counts, tuple(targets.items()), banked, payment):
            ways = 1
            for size, k in zip(sizes, counts, strict=True):
                ways *= comb(size, k)
            good += ways
    return Fraction(good, comb(total, seen))


def _compositions(sizes, total):
    """Every way to take `total` cards from groups of these sizes, as counts per group."""
    if not sizes:
        if total == 0:
            yield ()
        return
    head, rest = sizes[0], sizes[1:]
    room = sum(rest)
    for k in range(max(0, total - room), min(head, total) + 1):
        for tail in _compositions(rest, total - k):
            yield (k, *tail)


@lru_cache(maxsize=200_000)
def _pays(kinds, counts, targets, banked, payment) -> bool:
    for name, cost in targets:
        here = [(row, n - (kind == name)) for (kind, row), n in zip(kinds, counts, strict=True)]
        if not any(kind == name and n for (kind, _), n in zip(kinds, counts, strict=True)):
            continue
        if _coverable(tuple((row, n) for row, n in here if n > 0), cost, banked, payment):
            return True
    return False


def _coverable(available, cost: Cost, banked: int, payment: str) -> bool:
    """Whether at most `banked` of these cards (row, copies) pay `cost`."""
    rows = [row for row, _ in available]
    for take in product(*[range(min(n, banked) + 1) for _, n in available]):
        if sum(take) <= banked and covers(
            [r for r, k in zip(rows, take, strict=True) for _ in range(k)], cost, payment
        ):
            return True
    return False


def three_point_cards(deck: str, points: int = 3, *, cards=None, rules=None) -> dict:
    """The cards of a deck whose cost comes to `points` points in all (R-11), with their
    costs; `*` costs (production points) are not paid from the bank and are left out."""
    cat = _catalog(cards, rules)
    return {
        name: cat.cards[name].cost
        for name in cat.decks[deck]
        if cat.cards[name].cost.points == points and not cat.cards[name].cost.stars
    }


def pay_by_turn(
    deck: str,
    card: str | None = None,
    turn: int = 3,
    *,
    points: int = 3,
    draws_per_turn: int = 1,
    cards=None,
    rules=None,
) -> Fraction:
    """Exact chance that `deck` can pay `card` (or, with None, any of its `points`-point
    cards) by the Deploy phase of its own turn `turn`, drawing `draws_per_turn` cards a turn
    and banking the rest of its production points."""
    cat = _catalog(cards, rules)
    if deck not in cat.decks:
        raise ValueError(f"deck: no deck called {deck!r}; decks: {', '.join(cat.decks)}")
    if card is None:
        targets = three_point_cards(deck, points, cards=cards, rules=rules)
    else:
        if card not in cat.decks[deck]:
            raise ValueError(f"card: {card!r} is not in {deck}")
        targets = {card: cat.cards[card].cost}
    if not 0 <= draws_per_turn <= cat.production:
        raise ValueError(f"draws_per_turn: give 0 to {cat.production}, not {draws_per_turn}")
    deck_list = cat.decks[deck]
    rows = {name: cat.cards[name].resources for name in deck_list}
    seen = min(sum(deck_list.values()), cat.hand_size + draws_per_turn * turn)
    banked = (cat.production - draws_per_turn) * turn
    payment = get_game(GAME).resolve_rules(rules)["loc.payment"]
    return pay_chance(deck_list, rows, targets, seen, banked, payment)


def resource_curve(
    decks=("Syndicate", "Order"), turns=(1, 2, 3), *, points: int = 3, cards=None, rules=None
) -> pl.DataFrame:
    """For each deck, each of its `points`-point cards and any of them: the exact chance to
    be able to pay it by each turn (as a fraction and a share)."""
    out = []
    for deck in decks:
        names = list(three_point_cards(deck, points, cards=cards, rules=rules))
        for card in [*names, None]:
            for t in turns:
                p = pay_by_turn(deck, card, t, points=points, cards=cards, rules=rules)
                out.append(
                    {
                        "deck": deck,
                        "card": card or f"any {points}-point card",
                        "turn": t,
                        "chance": float(p),
                        "exact": f"{p.numerator}/{p.denominator}",
                    }
                )
    return pl.DataFrame(out)


def simulated_pay_rate(
    n: int = 200,
    seed: int = 0,
    *,
    turn: int = 3,
    points: int = 3,
    bots="heuristic",
    decks=("Syndicate", "Order"),
    cards=None,
    rules=None,
) -> pl.DataFrame:
    """How often each deck actually plays one of its `points`-point cards by its own turn
    `turn` in bot-played games, with a 95% interval, beside the exact chance that it could."""
    from ... import play

    counted = {d: 0 for d in decks}
    for i in range(n):
        m = play(GAME, seed=seed + i, bots=bots, cards=cards, rules=rules, decks=list(decks))
        m.auto()
        st = m.state
        for s, deck in enumerate(decks):
            targets = three_point_cards(deck, points, cards=cards, rules=rules)
            if any(t <= turn for name, t in st.first_played[s].items() if name in targets):
                counted[deck] += 1
    out = []
    for deck in decks:
        low, high = wilson(counted[deck], n)
        exact = pay_by_turn(deck, None, turn, points=points, cards=cards, rules=rules)
        out.append(
            {
                "deck": deck,
                "games": n,
                "played_by_turn": counted[deck] / n,
                "ci_low": low,
                "ci_high": high,
                "exact_can_pay": float(exact),
            }
        )
    return pl.DataFrame(out)


# -- simulated questions --------------------------------------------------------------------


def first_player_edge(
    n: int = 400,
    seed: int = 0,
    *,
    bots="heuristic",
    rules=None,
    cards=None,
    decks=("Syndicate", "Order"),
    executor=None,
) -> dict:
    """How much picking the first Location is worth (the other seat takes the first turn,
    R-10): a sweep of `first_player` over both seats on the same seeds; the first player's
    share of decided games with a 95% interval, and seat 1's win rate either way."""
    summary, games = sweep(
        GAME,
        {"setup.first_player": [0, 1]},
        n,
        seed=seed,
        bots=bots,
        rules=rules,
        cards=cards,
        executor=executor,
        progress=False,
        games=True,
        decks=list(decks),
    )
    return {
        **first_player_share(games, "setup.first_player"),
        "seat1_when_first": summary["win_rate"][0],
        "seat1_when_second": summary["win_rate"][1],
    }


def location_matrix(
    n: int = 200,
    seed: int = 0,
    *,
    first_player: int = 0,
    bots="heuristic",
    rules=None,
    cards=None,
    decks=("Syndicate", "Order"),
    executor=None,
) -> pl.DataFrame:
    """Which Location choice helps whom: the first player's first pick (rows) against the
    second player's pick (columns), the third Location picked by the bots (R-8); seat 1's
    win rate in each cell with a 95% interval, from one sweep of the `locations` option."""
    cat = _catalog(cards, rules)
    first, second = decks[first_player], decks[1 - first_player]
    points = [[a, b] for a in cat.deck_locations[first] for b in cat.deck_locations[second]]
    summary = sweep(
        GAME,
        {"setup.locations": points},
        n,
        seed=seed,
        bots=bots,
        rules=rules,
        cards=cards,
        executor=executor,
        progress=False,
        decks=list(decks),
        first_player=first_player,
    )
    picks = summary["setup.locations"].to_list()
    return pl.DataFrame(
        {
            f"{first} picks": [p[0] for p in picks],
            f"{second} picks": [p[1] for p in picks],
            "games": summary["n"],
            f"seat 1 ({decks[0]}) wins": summary["win_rate"],
            "ci_low": summary["ci_low"],
            "ci_high": summary["ci_high"],
        }
    )


def head_to_head(
    bot: str = "search",
    against: str = "heuristic",
    n: int = 12,
    seed: int = 0,
    *,
    decks=("Syndicate", "Order"),
    rules=None,
    cards=None,
    executor=None,
) -> pl.DataFrame:
    """One bot against another, `n` games with the bot in each seat: its wins with a 95%
    interval, seat by seat."""
    from ...sim import simulate

    rows = []
    for seat in (0, 1):
        games = simulate(
            GAME,
            n,
            seed=seed + seat,
            bots={seat: bot, 1 - seat: against},
            rules=rules,
            cards=cards,
            decks=list(decks),
            executor=executor,
        )
        wins = int((games["winner"] == seat).sum())
        low, high = wilson(wins, n)
        rows.append(
            {
                "bot": bot,
                "plays": decks[seat],
                "seat": seat + 1,
                "games": n,
                "wins": wins,
                "win_rate": wins / n,
                "ci_low": low,
                "ci_high": high,
            }
        )
    return pl.DataFrame(rows)
