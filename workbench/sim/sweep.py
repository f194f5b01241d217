"""What-if sweeps: vary card stats and rule variants, play many games per point, report win
rates with intervals and balance metrics."""

from __future__ import annotations

import itertools
from dataclasses import replace

import polars as pl

from ..core.errors import SetupError
from ..core.registry import get_game
from .executors import CHUNK, run_batches
from .keys import apply, parse_key
from .metrics import summarize
from .simulate import Batch, frame, game_seeds, prepare
from .stats import half_width


def default_bots(game) -> str:
    """Sweeps ask how a design plays, so seats play the heuristic bot where a game has one."""
    return "heuristic" if game.heuristic_bot() is not None else "random"


def sweep(game, vary: dict, n: int, *, seed=0, cards=None, rules=None, bots=None,
          executor="processes", precision=None, progress=True, max_decisions=None,
          games: bool = False, tension: bool | None = None, **setup) -> pl.DataFrame:
    """One row per combination of the values in `vary`.

    Keys are "<table>.<card name>.<column>" (e.g. "enemies.Brutes.health") or "rules.<key>";
    several keys make a grid. Every point plays the same `n` seeds (common random numbers, so
    differences between points are not luck of the draw); with `precision`, a point stops once
    its 95% interval is at most that wide on either side (checked every 250 games). Columns: the
    varied values, `n`, `win_rate`, `ci_low`, `ci_high` (Wilson 95%), then balance metrics and
    the means of the game's own statistics; for two-seat games with a score, the mean lead
    changes, decisiveness and drama (`tension`, on by default there). The same arguments give
    the same frame on any executor. `games=True` also returns every game's row, as
    (summary, games).
    """
    g = get_game(game)
    if not isinstance(vary, dict) or not vary:
        raise SetupError("vary: give a dict of key -> list of values, e.g. "
                         "{'enemies.Brutes.health': [8, 10, 12]}")
    if not isinstance(n, int) or n < 1:
        raise SetupError(f"n must be a positive integer, got {n!r}")
    base = prepare(g.name, cards, rules, default_bots(g) if bots is None else bots,
                   max_decisions, setup)
    keys = [parse_key(k, g, base.cards) for k in vary]
    values = []
    for k, vs in vary.items():
        if isinstance(vs, (str, bytes)) or not hasattr(vs, "__iter__"):
            raise SetupError(f"vary[{k!r}]: give a list of values, not {vs!r}")
        values.append(list(vs))
    points = list(itertools.product(*values))
    jobs = []
    seeds = game_seeds(seed, n)
    for i, point in enumerate(points):
        point_cards, point_rules = apply(keys, point, base.cards, base.rules, g)
        batch = Batch(g, point_cards, point_rules, base.setup, base.bots, max_decisions)
        jobs.append((i, batch, seeds))
    cooperative = g.traits.cooperative
    seats = g.num_seats(base.setup)
    if tension is None:
        tension = seats == 2 and not cooperative and g.traits.scored
    if tension:
        if not g.traits.scored or seats != 2:
            raise SetupError("tension metrics need a two-seat game whose spec says it is "
                             "scored")
        jobs = [(i, replace(b, trace=True), s) for i, b, s in jobs]

    def rate_of(rows):
        if cooperative:
            return int((rows["outcome"] == "win").sum())
        return int((rows["winner"] == 0).sum())

    on_result = None
    if precision is not None:
        if not 0 < precision < 0.5:
            raise SetupError(f"precision: give a half-width such as 0.02, not {precision!r}")

        def on_result(key, rows):
            return len(rows) % CHUNK == 0 and half_width(rate_of(rows), len(rows)) <= precision

    results, complete = run_batches(jobs, "serial" if executor is None else executor,
                                    progress=progress, on_result=on_result)
    out, every = [], []
    for i, point in enumerate(points):
        rows = results[i]
        if precision is not None:
            rows = _first_precise_prefix(rows, precision, rate_of)
        status = "done" if len(rows) == n else (
            "precise" if precision is not None and complete else "interrupted")
        summary = {k.text: v for k, v in zip(keys, point)}
        summary.update(summarize(frame(rows), seats=seats, cooperative=cooperative))
        summary["status"] = status
        out.append(summary)
        if games:
            every.append(frame(rows).with_columns(
                *[pl.lit(v).alias(k.text) for k, v in zip(keys, point)]))
    result = pl.DataFrame(out)
    if games:
        return result, pl.concat(every, how="diagonal_relaxed") if every else pl.DataFrame()
    return result


def _first_precise_prefix(rows, precision, rate_of):
    """Cut a point's games at the first chunk boundary where the interval was narrow enough,
    so every executor (which may have played a few chunks more) reports the same games."""
    for end in range(CHUNK, len(rows) + 1, CHUNK):
        head = rows[:end]
        if half_width(rate_of(head), end) <= precision:
            return head
    return rows
