"""Which stats move the win rate most: each numeric stat a step down and a step up."""

from __future__ import annotations

from dataclasses import replace

import polars as pl

from ..core.errors import SetupError, shortened
from ..core.registry import get_game
from ..core.seeds import Seeds, check_seed
from . import guard
from .executors import run_batches
from .metrics import summarize
from .paths import label, placed, report, shadow_check
from .simulate import frame, prepare
from .sweep import default_bots


def sensitivity(
    game,
    table: str,
    n: int,
    *,
    step: int = 1,
    columns=None,
    cards_subset=None,
    seed=0,
    cards=None,
    rules=None,
    bots=None,
    executor="processes",
    progress=True,
    confirm=False,
    **setup,
) -> pl.DataFrame:
    """For every numeric column of every card in `table` (or the given columns and cards),
    play `n` games with the value `step` lower and `step` higher, and rank stats by the change
    in win rate. A value that would leave the schema's range is not played; that side is the
    unchanged cards' win rate (also returned, as `win_rate`). All points share the same seeds.
    `played_by` says which path played the games behind each row (see simulate). A run
    stopped early (Ctrl+C) returns what it played: `status` is "interrupted" on rows with
    fewer games than asked, and their effect is empty where a side has no games."""
    g = get_game(game)
    n = guard.whole(n, "n", 1)
    guard.flags(progress=progress, confirm=confirm)
    # A step of 0 compares every stat with itself and reports every effect as 0.
    step = guard.whole(step, "step", 1)
    seed = check_seed(seed)
    base = prepare(g.name, cards, rules, default_bots(g) if bots is None else bots, None, setup)
    if table not in base.cards.specs:
        raise SetupError(
            f"table: {g.name} has no card table {table!r}; tables: {', '.join(base.cards.specs)}"
        )
    spec = base.cards.specs[table]
    frame0 = base.cards[table]
    columns = _columns(columns, table, frame0, spec.key)
    names = _names(cards_subset, "cards_subset", frame0[spec.key].to_list())
    seeds = Seeds(seed, n)
    points = 1 + 2 * len(names) * len(columns)
    guard.check_size(
        n * points,
        lambda k: base.run(seeds[:k]),
        confirm=confirm,
        points=points,
        what=f"sensitivity of {table} ({len(names):,} cards x {len(columns):,} "
        f"columns x 2 directions + 1 = {points:,} points, each playing n={n:,})",
    )
    for card in names:
        base.cards.row(table, card)  # CardDataError naming an unknown card
    jobs, meta = _jobs(base, table, names, columns, step, seeds)
    results, _ = run_batches(jobs, placed(base, executor), progress=progress)
    shadow_check([(batch, results[key]) for key, batch, _ in jobs])
    report(g, results.values())
    rows = _rows(results, meta, n, seats=g.num_seats(base.setup), coop=g.traits.cooperative)
    # Rates are empty where an interrupted run played no games: typed, so they stay numbers.
    out = pl.DataFrame(
        rows,
        schema_overrides={
            c: pl.Float64 for c in ("win_rate", "win_rate_low", "win_rate_high", "effect")
        },
    )
    return out.with_columns(pl.col("effect").abs().alias("size")).sort(
        "size", descending=True, nulls_last=True
    )


def _columns(columns, table: str, frame0: pl.DataFrame, key: str) -> list:
    """The columns asked for (None: every numeric one but the key), each a numeric column."""
    numeric = [c for c, t in frame0.schema.items() if t.is_integer() and c != key]
    columns = _names(columns, "columns", numeric)
    unknown = [c for c in columns if c not in numeric]
    if unknown:
        raise SetupError(
            f"columns: {', '.join(map(repr, unknown))} is not a numeric column of "
            f"{table}; numeric columns: {', '.join(numeric)}"
        )
    return columns


def _jobs(base, table: str, names: list, columns: list, step: int, seeds) -> tuple[list, list]:
    """(the jobs to play, and for each what it changed: (card, column, direction, value
    before, value played), None for the unchanged cards)."""
    spec = base.cards.specs[table]
    # The unchanged cards are a point too: a stat that cannot move one way (already at its
    # schema's limit) is compared with them on that side.
    jobs = [(0, base, seeds)]
    meta = [None]
    for card in names:
        row = base.cards.row(table, card)
        for col in columns:
            hint = spec.hint(col)
            for direction, delta in (("down", -step), ("up", step)):
                value = row[col] + delta
                if (hint.get("min") is not None and value < hint["min"]) or (
                    hint.get("max") is not None and value > hint["max"]
                ):
                    continue
                try:
                    edited = base.cards.set(table, card, col, value)
                except ValueError:
                    continue  # a cross-table rule forbids this value: not a stat to vary here
                key = len(jobs)
                jobs.append((key, replace(base, cards=edited), seeds))
                meta.append((card, col, direction, row[col], value))
    if len(jobs) == 1:
        raise SetupError(
            f"step: {step:,} takes every stat of {table} chosen outside the range "
            "its schema allows, both down and up: there is nothing to compare; "
            "try a smaller step"
        )
    return jobs, meta


def _rows(results: dict, meta: list, n: int, *, seats: int, coop: bool) -> list[dict]:
    """A row per stat: its win rate a step down and a step up, and the effect between."""
    # An interrupted run has fewer games (or none) at some points: their rates are None and
    # so is any effect that needs them; `status` says which rows are whole.
    base_rate = summarize(frame(results[0]), seats=seats, cooperative=coop).get("win_rate")
    points, frames = {}, {}
    for key, m in enumerate(meta):
        if m is None:
            continue
        card, col, direction, old, value = m
        s = summarize(frame(results[key]), seats=seats, cooperative=coop)
        points.setdefault((card, col, old), {})[direction] = (value, s.get("win_rate"))
        frames.setdefault((card, col, old), [results[0]]).append(results[key])
    rows = []
    for (card, col, old), d in points.items():
        down = d.get("down", (old, base_rate))
        up = d.get("up", (old, base_rate))
        whole = all(f.height == n for f in frames[(card, col, old)])
        rows.append(
            {
                "card": card,
                "column": col,
                "value": old,
                "win_rate": base_rate,
                "low_value": down[0],
                "win_rate_low": down[1],
                "high_value": up[0],
                "win_rate_high": up[1],
                "effect": None if None in (up[1], down[1]) else up[1] - down[1],
                "stat": f"{card}.{col}",
                "played_by": label(frames[(card, col, old)]),
                "status": "done" if whole else "interrupted",
            }
        )
    return rows


def _names(given, name: str, every: list) -> list:
    """A name or a list of names (None: `every` one)."""
    if given is None:
        return list(every)
    if isinstance(given, str):
        return [given]
    if not isinstance(given, list | tuple) or not all(
        isinstance(g, str | int) and not isinstance(g, bool) for g in given
    ):
        raise SetupError(f"{name}: give a name or a list of names, not {shortened(given)}")
    return list(given)
