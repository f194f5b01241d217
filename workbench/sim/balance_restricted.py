"""The restricted-play part of a balance report: what each card is worth to the seat that
plays it (Jaffe et al. 2012).

A few games with the game's bot in every seat show what each seat (or side) plays, by
`Game.ban_name`: its cards, abilities or pieces, or the kinds of its actions. For each of the
most played, a seat whose bot never plays it (core/restricted.py) plays the game's bot in the
other seats, in every seat (or every seat order of the sides) on the report's own seeds, and
its win rate is set beside the usual one from the report's first part. A card the seat wins
as often without is never worth playing; one without which it collapses carries the seat. In
a cooperative or solo game every seat is restricted and the party's win rate compared.

The difference's interval is Newcombe's hybrid score interval (statsmodels) for two
independent rates: both play the same seeds, which only makes the true interval narrower,
so the one given errs wide.
"""

from __future__ import annotations

from collections import Counter

import polars as pl

from ..core.errors import SetupError, shortened
from ..core.restricted import BannedBot
from ..core.seeds import Seeds, game_seeds
from .executors import run_batches
from .paths import counts, placed
from .simulate import frame, play_out, prepare
from .stats import half_width, wilson

SAMPLE = {"full": 20, "fast": 4}  # games that show what each seat plays
ITEMS = {"full": 12, "fast": 3}  # most played cards tested, per seat or side
# The restricted seat's win rate moves by more than this (at the far end of its interval,
# and by its best estimate) for a card to be flagged: a collapse, or better without it.
COLLAPSE = 0.15
NOT_WORTH = 0.05


def played(g, *, cards, rules, setup: dict, seed: int, games: int, who) -> Counter:
    """How often each seat's bot plays each ban name in `games` games with the game's bot in
    every seat, by (who, name): `who(seat)` names the seat or its side."""
    bot = g.heuristic_bot()
    seen: Counter = Counter()

    def recording(state, seat, actions, rng):
        chosen = bot(state, seat, actions, rng)
        action = (
            next((a for a in actions if a.label == chosen), chosen)
            if isinstance(chosen, str)
            else chosen
        )
        name = g.ban_name(state, action)
        if name is not None:
            seen[who(seat), name] += 1
        return chosen

    seats = g.num_seats(setup)
    for s in game_seeds(seed, games):
        play_out(g, cards, rules, setup, s, dict.fromkeys(range(seats), recording), g.max_decisions)
    return seen


def restricted_play(
    g,
    report,
    *,
    cards,
    rules,
    setup: dict,
    sides: str | None,
    seed: int,
    games: int,
    mode: str,
    precision: float,
    executor,
    progress: bool,
    stop,
    only: list[str] | None = None,
) -> tuple[pl.DataFrame, str, set]:
    """(a row per seat or side and card: its win rate never playing it, the usual one, the
    change with its interval and what that says; why the part stopped; the paths that
    played it). `games` is the most per seat placement of each card; `only` names the cards
    to test (each for whoever plays it), else each seat's most played are."""
    first = prepare(g, cards, rules, "heuristic", None, setup)  # cards and rules resolved once
    cards, rules, checked = first.cards, first.rules, first.setup
    seats = g.num_seats(checked)
    together = g.traits.cooperative or seats == 1
    main = report.parts["part"][0]
    base = report.games.filter(pl.col("bots") == main)
    orders = base["order"].unique(maintain_order=True).to_list() if sides else [None]

    def who(seat):
        if together:
            return "the party" if seats > 1 else "the player"
        return checked[sides][seat] if sides else f"seat {seat + 1}"

    try:
        seen = played(
            g, cards=cards, rules=rules, setup=checked, seed=seed, games=SAMPLE[mode], who=who
        )
    except KeyboardInterrupt:  # stopped while finding what each seat plays: nothing to show
        return pl.DataFrame(), "interrupted", set()
    tested = _tested(seen, only, mode)
    jobs, where = _jobs(g, tested, orders, together, sides, checked, cards, rules, seed, games)
    if not jobs:
        return pl.DataFrame(), "nothing played to restrict", set()

    def precise(key, rows):
        won = _won(rows, where[key][2])
        return len(rows) % 50 == 0 and half_width(won, len(rows)) <= precision

    executor = placed(jobs[0][1], executor)
    results, complete = run_batches(
        jobs,
        "serial" if executor is None else executor,
        progress=progress,
        on_result=precise,
        stop=stop,
    )
    out = _rows(tested, where, results, base, SAMPLE[mode])
    why = (
        "interrupted"
        if not complete
        else (
            "precise enough"
            if all(len(frame(results[key])) < games for key in where)
            else "game budget spent"
        )
    )
    paths = {
        "kernel" if p == "kernel" else "rules engine"
        for p in counts([results[key] for key in where])
    }
    return pl.DataFrame(out), why, paths


def _jobs(g, tested, orders, together, sides, checked, cards, rules, seed, games):
    """(a job per card and placement: that seat's bot never plays the card, the game's bot
    the other seats; and each job's (card's place in `tested`, seat order, restricted seat))."""
    seats = g.num_seats(checked)
    jobs, where = [], {}
    for k, (w, name, _) in enumerate(tested):
        for order, seat in _placements(w, orders, together, sides):
            setup = dict(checked)
            if order is not None:
                setup[sides] = order.split(" v ")
            bots = (
                dict.fromkeys(range(seats), BannedBot(g, name))
                if seat is None
                else {s: BannedBot(g, name) if s == seat else "heuristic" for s in range(seats)}
            )
            batch = prepare(g, cards, rules, bots, None, setup)
            key = len(jobs)
            where[key] = (k, order, seat)
            jobs.append((key, batch, Seeds(seed, games)))
    return jobs, where


def _rows(tested, where: dict, results: dict, base: pl.DataFrame, sample: int) -> list[dict]:
    """A row per card that played any game (see _row), its placements' games together."""
    out = []
    for k, (w, name, n) in enumerate(tested):
        keys = [key for key, (kk, _, _) in where.items() if kk == k]
        rows = [frame(results[key]) for key in keys]
        games_played = sum(r.height for r in rows)
        if not games_played:
            continue
        wins = sum(_won(r, where[key][2]) for r, key in zip(rows, keys, strict=True))
        usual_wins, usual_n = _usual(base, [where[key] for key in keys])
        out.append(_row(w, name, n / sample, wins, games_played, usual_wins, usual_n))
    return out


def _won(rows, seat) -> int:
    """The wins of the restricted seat (None: the party's)."""
    if seat is None:
        return int((rows["outcome"] == "win").sum())
    return int((rows["winner"] == seat).sum())


def _tested(seen, only: list[str] | None, mode: str) -> list[tuple[str, int, int]]:
    """(who, card, times played) of each card to ban: those named in `only`, else each
    seat's or side's most played (SetupError for a named card the bot never played)."""
    by_who: dict[str, list[tuple[str, int]]] = {}
    for (w, name), n in seen.most_common():
        by_who.setdefault(w, []).append((name, n))
    if only is None:
        return [(w, name, n) for w, names in by_who.items() for name, n in names[: ITEMS[mode]]]
    tested = [(w, name, n) for w, names in by_who.items() for name, n in names if name in only]
    unseen = sorted(set(only) - {name for _, name, _ in tested})
    if unseen:
        known = sorted({name for _, name in seen})
        raise SetupError(
            f"restricted: the game's bot never played {', '.join(unseen)} in "
            f"{SAMPLE[mode]} games, so there is nothing to ban; it played "
            f"{shortened(', '.join(known), 300)}"
        )
    return tested


def _placements(w, orders, together, sides):
    """(seat order, the restricted seat) of each run of one card: the seat `w` (None: all of
    them, in a party) or, with sides, the side's seat in every order."""
    if together:
        return [(None, None)]
    if sides:
        return [(o, o.split(" v ").index(w)) for o in orders if w in o.split(" v ")]
    return [(None, int(w.removeprefix("seat ")) - 1)]


def _usual(base: pl.DataFrame, placements) -> tuple[int, int]:
    """Wins and games of the same seats with nothing banned, from the report's first part."""
    wins = n = 0
    for _, order, seat in placements:
        part = base if order is None else base.filter(pl.col("order") == order)
        n += part.height
        wins += int(
            (part["outcome"] == "win").sum() if seat is None else (part["winner"] == seat).sum()
        )
    return wins, n


def _row(who, name, per_game, wins, n, usual_wins, usual_n) -> dict:
    from statsmodels.stats.proportion import confint_proportions_2indep

    low, high = wilson(wins, n)
    rate, usual = wins / n, usual_wins / usual_n if usual_n else None
    if usual is None:
        change_low = change_high = None
    else:
        change_low, change_high = (
            float(x)
            for x in confint_proportions_2indep(
                wins, n, usual_wins, usual_n, method="newcomb", compare="diff"
            )
        )
    change = None if usual is None else rate - usual
    return {
        "who": who,
        "card": name,
        "played_per_game": per_game,
        "games": n,
        "wins": wins,
        "win_rate": rate,
        "ci_low": low,
        "ci_high": high,
        "usual_win_rate": usual,
        "change": change,
        "change_low": change_low,
        "change_high": change_high,
        "verdict": verdict(change, change_low, change_high),
    }


def verdict(change, low, high) -> str:
    """What a card's change says, in words."""
    if change is None:
        return "no usual rate to compare"
    if high < 0 and change <= -COLLAPSE:
        return "carries the seat: it collapses without it"
    if low > 0:
        return "better never played: the seat wins more without it"
    if low >= -NOT_WORTH:
        return "not worth playing: the seat wins as often without it"
    if high < 0:
        return "worth playing"
    return "not clear yet: more games would tell"
