"""What-if sweeps: vary card stats and rule variants, play many games per point, report win
rates with intervals and balance metrics."""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from functools import partial

import polars as pl

from ..core.errors import SetupError, shortened
from ..core.registry import get_game
from ..core.seeds import Seeds, check_seed
from . import guard
from .executors import CHUNK, run_batches
from .keys import apply, parse_key, point_setup
from .metrics import summarize
from .paths import label, placed, report, shadow_check
from .simulate import BOT_TIME_LIMIT, Batch, frame, prepare
from .stats import half_width


def default_bots(game) -> str:
    """Sweeps ask how a design plays, so seats play the heuristic bot where a game has one."""
    return "heuristic" if game.heuristic_bot() is not None else "random"


def tension_by_default(g, seats: int) -> bool:
    """Whether a sweep reports lead changes, decisiveness and drama unless told: for a scored
    game of two seats playing against each other."""
    return seats == 2 and not g.traits.cooperative and g.traits.scored


def sweep(
    game,
    vary: dict,
    n: int,
    *,
    seed=0,
    cards=None,
    rules=None,
    bots=None,
    executor="processes",
    precision=None,
    progress=True,
    max_decisions=None,
    games: bool = False,
    tension: bool | None = None,
    bot_time_limit=BOT_TIME_LIMIT,
    confirm=False,
    stop=None,
    shadow: bool = True,
    quiet: bool = False,
    **setup,
) -> pl.DataFrame:
    """One row per combination of the values in `vary` (`{}`: one row, the design as given).

    Keys are "<table>.<card name>.<column>" (e.g. "enemies.Brutes.health"), "rules.<key>" or
    "setup.<option>" (e.g. "setup.first_player": who goes first);
    several keys make a grid. Every point plays the same `n` seeds (common random numbers, so
    differences between points are not luck of the draw); with `precision`, a point stops once
    its 95% interval is at most that wide on either side (checked every 250 games). Columns: the
    varied values, `n`, `win_rate`, `ci_low`, `ci_high` (Wilson 95%), then balance metrics and
    the means of the game's own statistics; for two-seat games with a score, the mean lead
    changes, decisiveness and drama (`tension`, on by default there). The same arguments give
    the same frame on any executor. `games=True` also returns every game's row, as
    (summary, games). Each point's cards are built when its games are sent, so a large grid
    costs no memory up front; more than `guard.max_games` games in all need `confirm=True`.
    A bot deciding for longer than `bot_time_limit` seconds raises BotError; Ctrl+C, or
    setting the threading.Event `stop`, returns the points played so far ("interrupted").
    `played_by` says which path played each point's games ("kernel", "engine: why", or
    "mixed: ..."; see simulate), and a KernelAside warning says why the engine played where
    a kernel exists (unless `quiet`: a view says it itself); with `shadow`, one of the
    kernel's games is played again in the rules engine and compared (KernelMismatch on a
    difference).
    """
    g = get_game(game)
    _check_vary(vary)
    n = guard.whole(n, "n", 1)
    guard.flags(
        progress=progress,
        games=games,
        tension_or_none=tension,
        confirm=confirm,
        shadow=shadow,
        quiet=quiet,
    )
    _check_stop(stop)
    seed = check_seed(seed)
    bots = default_bots(g) if bots is None else bots
    base = prepare(g.name, cards, rules, bots, max_decisions, setup, bot_time_limit)
    keys = [parse_key(k, g, base.cards, setup=True) for k in vary]
    values = _vary_values(vary)
    seeds = Seeds(seed, n)
    _check_size(values, n, base, seeds, confirm)
    made = _made_up_front(keys, values, base, setup, g)
    points = list(itertools.product(*values))
    cooperative = g.traits.cooperative
    seats = g.num_seats(base.setup)
    tension = _checked_tension(tension, g, seats)
    jobs = _jobs(keys, points, base, g, setup, bool(tension), made, seeds)
    rate_of = partial(_wins, cooperative)
    on_result = _precise_enough(precision, rate_of)
    executor = placed(base, executor)
    results, complete = run_batches(
        jobs,
        "serial" if executor is None else executor,
        progress=progress,
        on_result=on_result,
        stop=stop,
    )
    out, every, played = [], [], []
    for i, point in enumerate(points):
        rows = results[i]
        if precision is not None:
            rows = _first_precise_prefix(rows, precision, rate_of)
        played.append((jobs[i][1], rows))
        status = _status(rows, n, precision, complete)
        out.append(_summary(keys, point, rows, seats, cooperative, status))
        if games:
            every.append(_games(keys, point, rows))
    if shadow:
        shadow_check(played)
    if not quiet:
        report(g, [rows for _, rows in played])
    result = pl.DataFrame(out)
    if games:
        return result, pl.concat(every, how="diagonal_relaxed") if every else pl.DataFrame()
    return result


def _check_vary(vary) -> None:
    if not isinstance(vary, dict):
        raise SetupError(
            "vary: give a dict of key -> list of values, e.g. "
            "{'enemies.Brutes.health': [8, 10, 12]}, or {} for one point"
        )


def _check_stop(stop) -> None:
    if stop is not None and not callable(getattr(stop, "is_set", None)):
        raise SetupError(
            f"stop: give a threading.Event (set it to stop the run), not {shortened(repr(stop))}"
        )


def _check_size(values, n: int, base, seeds, confirm: bool) -> None:
    """Ask for `confirm` (guard.check_size) before a sweep of more games than it allows."""
    count = math.prod(len(vs) for vs in values)
    sizes = " x ".join(f"{len(vs):,}" for vs in values)
    guard.check_size(
        count * n,
        lambda k: base.run(seeds[:k]),
        confirm=confirm,
        points=count,
        what=f"this sweep ({count:,} points from vary's {sizes} values, each playing n={n:,})"
        if values
        else f"this sweep (one point, n={n:,})",
    )


def _jobs(keys, points, base, g, setup, trace: bool, made, seeds) -> list:
    """A job per point, its Batch made when its games are sent (see _point)."""
    # With one key the points are the values just checked: their cards are made already (a
    # table edited once each, sharing the rest), and are not made again.
    return [
        (
            i,
            partial(
                _point, keys, point, base, g, setup, trace, made[i] if len(keys) == 1 else None
            ),
            seeds,
        )
        for i, point in enumerate(points)
    ]


def _wins(cooperative: bool, rows) -> int:
    """The wins a point's win rate counts: the party's, or the first seat's."""
    if cooperative:
        return int((rows["outcome"] == "win").sum())
    return int((rows["winner"] == 0).sum())


def _precise_enough(precision, rate_of):
    """With `precision`, what tells run_batches a point has played enough: its interval at
    most that wide on either side, at a chunk boundary; None without."""
    if precision is None:
        return None
    if not 0 < precision < 0.5:
        raise SetupError(f"precision: give a half-width such as 0.02, not {precision!r}")

    def on_result(key, rows):
        return len(rows) % CHUNK == 0 and half_width(rate_of(rows), len(rows)) <= precision

    return on_result


def _checked_tension(tension: bool | None, g, seats: int) -> bool:
    """Whether to report tension metrics: as asked, or by default for the game."""
    if tension is None:
        tension = tension_by_default(g, seats)
    if tension and (not g.traits.scored or seats != 2):
        raise SetupError("tension metrics need a two-seat game whose spec says it is scored")
    return tension


def _status(rows, n: int, precision, complete: bool) -> str:
    if len(rows) == n:
        return "done"
    return "precise" if precision is not None and complete else "interrupted"


def _summary(keys, point, rows, seats: int, cooperative: bool, status: str) -> dict:
    """A point's row of the sweep's frame: its values, its games' summary, how it ended."""
    summary = {k.text: v for k, v in zip(keys, point, strict=True)}
    summary.update(summarize(frame(rows), seats=seats, cooperative=cooperative))
    summary["status"] = status
    summary["played_by"] = label([rows])
    return summary


def _games(keys, point, rows) -> pl.DataFrame:
    """A point's games, a row each, with the point's values beside them."""
    return frame(rows).with_columns(
        *[pl.lit(v).alias(k.text) for k, v in zip(keys, point, strict=True)]
    )


def _vary_values(vary: dict) -> list:
    """Each key's values, as given or (an iterable without a length) as a list."""
    values = []
    for k, vs in vary.items():
        if isinstance(vs, (str, bytes)) or not hasattr(vs, "__iter__"):
            raise SetupError(f"vary[{k!r}]: give a list of values, not {vs!r}")
        vs = vs if hasattr(vs, "__len__") else list(vs)  # a range is counted, not built
        if not len(vs):
            raise SetupError(f"vary[{k!r}]: give at least one value")
        values.append(vs)
    return values


def _made_up_front(keys, values, base, setup, g) -> list | None:
    """Check each value of each key alone, up front, so a bad one is named before any game;
    the cards and rules of the last key's values (those of the points when there is one key),
    or None without keys."""
    made = None
    for key, vs in zip(keys, values, strict=True):
        made = []  # each value's cards and rules, checked
        for v in vs:
            made.append(apply([key], (v,), base.cards, base.rules, g))
            point_setup([key], (v,), setup, g)
    return made


def _point(keys, point, base, g, setup, trace=False, made=None) -> Batch:
    """The Batch of one grid point, made where and when its games are played (from `made`,
    its cards and rules, when they are made already)."""
    point_cards, point_rules = made or apply(keys, point, base.cards, base.rules, g)
    batch = replace(base, cards=point_cards, rules=point_rules, trace=trace)
    if any(k.kind == "setup" for k in keys):
        batch = replace(batch, setup=point_setup(keys, point, setup, g))
    return batch


def _first_precise_prefix(rows, precision, rate_of):
    """Cut a point's games at the first chunk boundary where the interval was narrow enough,
    so every executor (which may have played a few chunks more) reports the same games."""
    for end in range(CHUNK, len(rows) + 1, CHUNK):
        head = rows[:end]
        if half_width(rate_of(head), end) <= precision:
            return head
    return rows
