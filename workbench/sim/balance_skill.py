"""The skill part of a balance report: the game's bot ladder (Game.bot_ladder: random, the
heuristic, then fair search at doubling budgets) played rung against rung.

In a game of two seats each rung plays the rung below it, half the games in each seat, on
the same seeds: how often the stronger rung wins (with its 95% interval) shows whether more
thought wins more, where that stops (the skill depth) and how often the weaker side wins
anyway (the luck share). A Bradley-Terry fit of every decided game (choix) gives each rung
one strength, random play at 0. In a cooperative or solo game each rung plays every seat,
and the party's win rate per rung is the skill curve.
"""

from __future__ import annotations

import math
import warnings

import polars as pl

from .paths import KernelAside
from .simulate import simulate
from .stats import wilson


def ladder(
    g, *, cards, rules, setup: dict, seed: int, games: int, executor, together: bool
) -> tuple[pl.DataFrame, pl.DataFrame, str, set]:
    """(a row per pair of rungs, or per rung when `together`; a strength per rung; why the
    part stopped; which paths played). `games` is per pair (per rung when `together`)."""
    rungs = g.bot_ladder()
    seats = g.num_seats(g.check_setup(setup))
    rows, decided = [], []  # decided: (winner rung, loser rung) for every decided game
    paths: set = set()
    stopped = "game budget spent"
    try:
        if together:
            for k, (name, bot) in enumerate(rungs):
                frame = _play(
                    g,
                    games,
                    seed,
                    {s: bot for s in range(seats)},
                    cards,
                    rules,
                    setup,
                    executor,
                    paths,
                )
                won = int((frame["outcome"] == "win").sum())
                low, high = wilson(won, frame.height)
                rows.append(
                    {
                        "rung": k,
                        "bot": name,
                        "games": frame.height,
                        "wins": won,
                        "win_rate": won / frame.height if frame.height else None,
                        "ci_low": low,
                        "ci_high": high,
                    }
                )
        else:
            for k in range(1, len(rungs)):
                rows.append(
                    _pair(g, rungs, k, games, seed, cards, rules, setup, executor, decided, paths)
                )
    except KeyboardInterrupt:
        stopped = "interrupted"
    pairs = pl.DataFrame(rows)
    names = [name for name, _ in rungs]
    strength = ratings(names, decided) if decided else pl.DataFrame()
    return pairs, strength, stopped, paths


def _play(g, n, seed, bots, cards, rules, setup, executor, paths: set) -> pl.DataFrame:
    with warnings.catch_warnings():
        # Search bots are played by the rules engine; the part's row says so once.
        warnings.simplefilter("ignore", KernelAside)
        frame = simulate(
            g.name, n, seed=seed, bots=bots, cards=cards, rules=rules, executor=executor, **setup
        )
    paths.update("kernel" if p == "kernel" else "rules engine" for p in frame["played_by"].unique())
    return frame


def _pair(g, rungs, k, games, seed, cards, rules, setup, executor, decided, paths) -> dict:
    """Rung k against rung k - 1, half the games each way round (the same seeds)."""
    (strong_name, strong), (weak_name, weak) = rungs[k], rungs[k - 1]
    half = max(1, games // 2)
    first = _play(g, half, seed, {0: strong, 1: weak}, cards, rules, setup, executor, paths)
    second = _play(g, half, seed, {0: weak, 1: strong}, cards, rules, setup, executor, paths)
    strong_wins = int((first["winner"] == 0).sum() + (second["winner"] == 1).sum())
    weak_wins = int((first["winner"] == 1).sum() + (second["winner"] == 0).sum())
    decided.extend([(k, k - 1)] * strong_wins + [(k - 1, k)] * weak_wins)
    n = first.height + second.height
    both = strong_wins + weak_wins
    low, high = wilson(strong_wins, both)
    return {
        "rung": k,
        "bot": strong_name,
        "against": weak_name,
        "games": n,
        "wins": strong_wins,
        "losses": weak_wins,
        "draws": n - both,
        "win_share": strong_wins / both if both else None,
        "ci_low": low,
        "ci_high": high,
    }


RESAMPLES = 200  # bootstrap fits behind each strength's interval


def ratings(names: list[str], decided: list[tuple[int, int]]) -> pl.DataFrame:
    """Each rung's Bradley-Terry strength fitted to the decided games (choix's maximum
    likelihood by iterative Luce spectral ranking on the table of wins; a small
    regularisation keeps a rung that never lost finite), random play at 0, with a 95%
    interval from refitting `RESAMPLES` resamples of the games (scipy's percentile
    bootstrap, seeded: the same games give the same interval), and the share of games it
    would win against random play."""
    import choix
    import numpy as np
    from scipy.stats import bootstrap

    games = np.asarray(decided, dtype=np.int64)

    def fit(pairs) -> np.ndarray:
        wins = np.zeros((len(names), len(names)))
        np.add.at(wins, (pairs[:, 0], pairs[:, 1]), 1)
        strengths = choix.ilsr_pairwise_dense(wins, alpha=0.01)
        return strengths - strengths[0]

    def statistic(index, axis=-1):  # one refit per resample of the games
        index = np.atleast_2d(index).astype(np.int64)
        return np.stack([fit(games[row]) for row in index], axis=-1)

    fitted = fit(games)
    low, high = fitted, fitted
    if len(decided) > 1:
        ci = bootstrap(
            (np.arange(len(decided)),),
            statistic,
            n_resamples=RESAMPLES,
            method="percentile",
            vectorized=True,
            batch=RESAMPLES,
            random_state=np.random.default_rng(0),
        ).confidence_interval
        low, high = ci.low, ci.high
    return pl.DataFrame(
        {
            "rung": list(range(len(names))),
            "bot": names,
            "strength": [float(x) for x in fitted],
            "strength_low": [float(x) for x in low],
            "strength_high": [float(x) for x in high],
            "wins_against_random": [1 / (1 + math.exp(-x)) for x in fitted],
        }
    )


def depth(pairs: pl.DataFrame) -> tuple[str | None, str | None]:
    """(the strongest rung that still beats the one below it, with 95% confidence; the first
    rung that does not), from a two-seat ladder."""
    best, flat = None, None
    for row in pairs.iter_rows(named=True):
        if row["win_share"] is not None and row["ci_low"] > 0.5:
            if flat is None:
                best = row["bot"]
        elif flat is None:
            flat = row["bot"]
    return best, flat


def luck(pairs: pl.DataFrame) -> tuple[float, float, float, int] | None:
    """How often the weaker rung won a decided game, over every pair: (share, low, high, n)."""
    if pairs.is_empty():
        return None
    weak, n = int(pairs["losses"].sum()), int((pairs["wins"] + pairs["losses"]).sum())
    if not n:
        return None
    low, high = wilson(weak, n)
    return weak / n, low, high, n
