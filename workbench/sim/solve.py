"""Find the stat value whose win rate is closest to a target, with as few games as it can."""

from __future__ import annotations

import math
from dataclasses import replace

import polars as pl

from ..core.errors import SetupError
from ..core.registry import get_game
from ..core.seeds import Seeds, check_seed
from . import guard
from .executors import run_batches
from .keys import apply, key_label, parse_key
from .paths import label, placed, report, shadow_check
from .simulate import frame, prepare
from .stats import wilson
from .sweep import default_bots


def solve(
    game,
    stat_key: str,
    target_win_rate: float,
    bounds: tuple,
    *,
    seed=0,
    cards=None,
    rules=None,
    bots=None,
    executor="serial",
    step: int = 500,
    max_games: int = 4000,
    progress=False,
    confirm=False,
    **setup,
) -> dict:
    """The integer stat value in `bounds` (inclusive) whose win rate is closest to the target.

    Win rates are assumed monotone in the stat (more enemy Health, fewer wins). Bisection asks
    each candidate for games `step` at a time, on the same seeds for every candidate, and stops
    asking as soon as its 95% interval lies wholly on one side of the target (or `max_games`
    are played for that value); so clear-cut values cost few games and close calls get more.

    Returns the best value, its win rate and interval; `games`, every game played for every
    value tried (so it can exceed `max_games`, which caps one value); `in_range`, False when
    the 95% intervals at both ends of `bounds` lie on the same side of the target, so that no
    value in the bounds reaches it and `value` is only the nearest end; `message`, all of
    that in words; `trace`, a frame of every value tried; and `played_by`, which path played
    the games (see simulate: one of the kernel's games is checked against the rules engine).
    """
    g = get_game(game)
    lo, hi = _checked_bounds(target_win_rate, bounds)
    guard.flags(progress=progress, confirm=confirm)
    step = guard.whole(step, "step", 1)
    max_games = guard.whole(max_games, "max_games", 1)
    seed = check_seed(seed)
    base = prepare(g.name, cards, rules, default_bots(g) if bots is None else bots, None, setup)
    key = parse_key(stat_key, g, base.cards)
    seeds = Seeds(seed, max_games)
    tries = 2 + math.ceil(math.log2(hi - lo))
    guard.check_size(
        max_games * tries,
        lambda k: base.run(seeds[:k]),
        confirm=confirm,
        points=tries,
        what=f"solve (up to {max_games:,} games for each of up to {tries:,} values)",
    )
    executor = placed(base, executor)
    values = _Values(g, base, key, seeds, target_win_rate, step, max_games, executor, progress)
    results = _bisect(values.measure, lo, hi, target_win_rate)
    best = min(results, key=lambda v: (abs(results[v][0] - target_win_rate), v))
    rate, low, high, _n = results[best]
    ends = (results[lo], results[hi])
    in_range = not (
        all(e[1] > target_win_rate for e in ends) or all(e[2] < target_win_rate for e in ends)
    )
    tried = values.tried
    shadow_check([(values.batches[v], rows) for v, rows in tried.items()])
    report(g, tried.values())
    trace = _trace(results, tried)
    games = sum(len(r) for r in tried.values())
    message = _message(
        stat_key,
        target_win_rate,
        bounds,
        best,
        results[best],
        in_range,
        trace["n"].to_list(),
        games,
        max_games,
    )
    return {
        "key": stat_key,
        "value": best,
        "win_rate": rate,
        "ci_low": low,
        "ci_high": high,
        "games": games,
        "target": target_win_rate,
        "in_range": in_range,
        "message": message,
        "trace": trace,
        "played_by": label(tried.values()),
    }


def _checked_bounds(target_win_rate, bounds) -> tuple[int, int]:
    """The bounds as (low, high), once they and the target are ones solve can look between."""
    if (
        isinstance(target_win_rate, bool)
        or not isinstance(target_win_rate, int | float)
        or not 0 < target_win_rate < 1
    ):
        raise SetupError(f"target_win_rate must be between 0 and 1, not {target_win_rate!r}")
    if not isinstance(bounds, tuple | list) or len(bounds) != 2:
        raise SetupError(f"bounds: give two integers (low, high) with low < high, not {bounds!r}")
    lo, hi = bounds
    if not (
        isinstance(lo, int)
        and isinstance(hi, int)
        and not isinstance(lo, bool)
        and not isinstance(hi, bool)
        and lo < hi
    ):
        raise SetupError(f"bounds: give two integers (low, high) with low < high, not {bounds!r}")
    return lo, hi


class _Values:
    """The games of each stat value tried, all on the same seeds: `tried` (value -> rows)
    and `batches` (value -> the Batch that played them)."""

    def __init__(self, g, base, key, seeds, target, step, max_games, executor, progress):
        self.g, self.base, self.key, self.seeds = g, base, key, seeds
        self.target, self.step, self.max_games = target, step, max_games
        self.executor, self.progress = executor, progress
        self.tried: dict[int, pl.DataFrame] = {}
        self.batches: dict = {}

    def wins(self, rows) -> int:
        if not len(rows):
            return 0
        if self.g.traits.cooperative:
            return int((rows["outcome"] == "win").sum())
        return int((rows["winner"] == 0).sum())

    def measure(self, value: int) -> tuple[float, float, float, int]:
        """`value`'s (win rate, 95% interval, games), asking for games `step` at a time until
        the interval lies wholly on one side of the target or `max_games` are played."""
        rows = self.tried.setdefault(value, frame([]))
        point_cards, point_rules = apply(
            [self.key], (value,), self.base.cards, self.base.rules, self.g
        )
        batch = self.batches[value] = replace(self.base, cards=point_cards, rules=point_rules)
        while True:
            w, n = self.wins(rows), len(rows)
            if n:
                low, high = wilson(w, n)
                if low > self.target or high < self.target or n >= self.max_games:
                    return w / n, low, high, n
            more, complete = run_batches(
                [(0, batch, self.seeds[n : n + self.step])], self.executor, progress=self.progress
            )
            rows = self.tried[value] = pl.concat([rows, more[0]], how="diagonal_relaxed")
            if not complete:
                raise KeyboardInterrupt(f"solve was interrupted while measuring {value}")


def _bisect(measure, lo: int, hi: int, target: float) -> dict:
    """Each value tried, with what `measure` gave for it: both ends of the bounds, then the
    middle of the part of them the target lies in, until two neighbours are left."""
    results = {}
    for v in (lo, hi):
        results[v] = measure(v)
    increasing = results[hi][0] >= results[lo][0]
    a, b = lo, hi
    while b - a > 1:
        mid = (a + b) // 2
        results[mid] = measure(mid)
        above = results[mid][0] > target
        if above == increasing:
            b = mid
        else:
            a = mid
    return results


def _trace(results: dict, tried: dict) -> pl.DataFrame:
    """A row per value tried, lowest first: its win rate, interval, games and path."""
    return pl.DataFrame(
        [
            {
                "value": v,
                "win_rate": r[0],
                "ci_low": r[1],
                "ci_high": r[2],
                "n": r[3],
                "played_by": label([tried[v]]),
            }
            for v, r in sorted(results.items())
        ]
    )


def _message(key, target, bounds, best, result, in_range, counts, games, max_games) -> str:
    """What solve found, in words a designer reads: where the value lies, whether the target
    is reachable inside the bounds at all, and how many games it took."""
    lo, hi = bounds
    rate, low, high, _n = result
    name = key_label(key)
    found = f"{rate:.1%} (95% interval {low:.1%} to {high:.1%})"
    if in_range:
        text = f"{name} {best} gives the win rate nearest {_pct(target)}: {found}."
        if best in (lo, hi):
            text += (
                f" That is the {'low' if best == lo else 'high'} end of the bounds; values "
                "past it may come nearer."
            )
    else:
        side = "low" if best == lo else "high"
        text = (
            f"No value of {name} from {lo} to {hi} reaches {_pct(target)}: the nearest is "
            f"{best}, at the {side} end of the bounds, with {found}. The target lies "
            f"outside the bounds, if anywhere; widen them past {best} to look further."
        )
    spread = (
        f"{min(counts):,}" if min(counts) == max(counts) else f"{min(counts):,} to {max(counts):,}"
    )
    return (
        text + f" {games:,} games in all: {spread} for each of the {len(counts)} values "
        f"tried, on the same seeds (at most {max_games:,} for any one value)."
    )


def _pct(x: float) -> str:
    return f"{x * 100:g}%"  # 0.2 -> "20%", 0.225 -> "22.5%"
