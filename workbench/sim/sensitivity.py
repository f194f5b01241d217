"""Which stats move the win rate most: each numeric stat a step down and a step up."""

from __future__ import annotations

import polars as pl

from ..core.registry import get_game
from .executors import run_batches
from .metrics import summarize
from .simulate import Batch, frame, game_seeds, prepare
from .sweep import default_bots


def sensitivity(game, table: str, n: int, *, step: int = 1, columns=None, cards_subset=None,
                seed=0, cards=None, rules=None, bots=None, executor="processes", progress=True,
                **setup) -> pl.DataFrame:
    """For every numeric column of every card in `table` (or the given columns and cards),
    play `n` games with the value `step` lower and `step` higher (kept inside the schema's
    range), and rank stats by the change in win rate. All points share the same seeds."""
    g = get_game(game)
    base = prepare(g.name, cards, rules, default_bots(g) if bots is None else bots, None, setup)
    spec = base.cards.specs[table]
    frame0 = base.cards[table]
    numeric = [c for c, t in frame0.schema.items() if t.is_integer() and c != spec.key]
    columns = list(columns) if columns is not None else numeric
    names = list(cards_subset) if cards_subset is not None else frame0[spec.key].to_list()
    seeds = game_seeds(seed, n)
    jobs, meta = [], []
    for card in names:
        row = base.cards.row(table, card)
        for col in columns:
            hint = spec.hint(col)
            for direction, delta in (("down", -step), ("up", step)):
                value = row[col] + delta
                if (hint.get("min") is not None and value < hint["min"]) or (
                        hint.get("max") is not None and value > hint["max"]):
                    continue
                try:
                    edited = base.cards.set(table, card, col, value)
                except ValueError:
                    continue  # a cross-table rule forbids this value: not a stat to vary here
                key = len(jobs)
                jobs.append((key, Batch(g.name, edited, base.rules, base.setup, base.bots), seeds))
                meta.append((card, col, direction, row[col], value))
    results, _ = run_batches(jobs, executor, progress=progress)
    state0 = g.new_state(base.cards, base.rules, base.setup)
    coop = bool(getattr(state0, "cooperative", False))
    seats = g.num_seats(base.setup)
    points = {}
    for key, (card, col, direction, old, value) in enumerate(meta):
        s = summarize(frame(results[key]), seats=seats, cooperative=coop)
        points.setdefault((card, col, old), {})[direction] = (value, s["win_rate"])
    rows = []
    for (card, col, old), d in points.items():
        down = d.get("down", (old, None))
        up = d.get("up", (old, None))
        rows.append({"card": card, "column": col, "value": old,
                     "low_value": down[0], "win_rate_low": down[1],
                     "high_value": up[0], "win_rate_high": up[1],
                     "effect": (up[1] if up[1] is not None else 0.0)
                     - (down[1] if down[1] is not None else 0.0),
                     "stat": f"{card}.{col}"})
    out = pl.DataFrame(rows)
    return out.with_columns(pl.col("effect").abs().alias("size")).sort("size", descending=True)
