"""Which path played a call's games, said and checked.

Every row says in `played_by` whether the game's compiled kernel played it ("kernel") or the
rules engine ("engine", with why where the game has a kernel: see core/stamps.py). A call that
the engine answered where a kernel exists says so once, as a KernelAside warning, with how much
slower the engine is. A call that a kernel answered plays one of the kernel's games again in
the rules engine and compares the two rows column by column (the shadow check): a difference
raises KernelMismatch, and the kernel's rows are not returned.
"""

from __future__ import annotations

import math
import random
import warnings
from collections import Counter

import polars as pl

from ..core import stamps
from ..core.bots import make_bots
from ..core.registry import get_game

KERNEL = "kernel"


def engine_label(why: str | None) -> str:
    """A row's `played_by` when the rules engine played it: with the reason, where the game
    has a kernel that stepped aside."""
    return f"engine: {why}" if why else "engine"


class KernelAside(UserWarning):
    """The rules engine played games that a game's compiled kernel would play faster, and
    why (an edited rule, a house rule, a variant or card the kernel does not copy, a bot)."""


class KernelMismatch(RuntimeError):
    """A compiled kernel gave a row that the rules engine does not give for the same game."""

    def __init__(self, game: str, seed: int, columns: dict):
        self.game, self.seed, self.columns = game, seed, columns
        shown = "; ".join(f"{k}: kernel {a!r}, engine {b!r}" for k, (a, b) in columns.items())
        super().__init__(
            f"the compiled kernel of {game} disagrees with its rules engine on the game of seed "
            f"{seed}: {shown}. Its rows were not returned. `python -m workbench.sim.stamps` "
            f"says whether the code changed since the kernel was checked; "
            f"wb.play({game!r}, seed={seed}, ...) replays the engine's game."
        )


# A different game each call, from no seed of the caller's: what it picks never changes what a
# call returns, only which game the kernel is checked on.
_PICK = random.SystemRandom()


def shadow_check(played) -> None:
    """Play one of the kernel's games in `played`, a list of (Batch, or a function making it;
    its rows), again through the rules engine in this process, and compare the rows."""
    kernel = [
        (b, rows)
        for b, rows in played
        if rows.height and "played_by" in rows.columns and (rows["played_by"] == KERNEL).any()
    ]
    if not kernel:
        return
    batch, rows = _PICK.choice(kernel)
    rows = rows.filter(pl.col("played_by") == KERNEL)
    row = rows.row(_PICK.randrange(rows.height), named=True)
    batch = batch() if callable(batch) else batch
    from .simulate import play_out

    game = get_game(batch.game)
    bots = make_bots(batch.bots, game, game.num_seats(batch.setup))
    limit = game.max_decisions if batch.max_decisions is None else batch.max_decisions
    try:
        engine = play_out(
            game, batch.cards, batch.rules, batch.setup, row["seed"], bots, limit, batch.trace
        )
    except KeyboardInterrupt:
        warnings.warn(
            "the check of the kernel's rows against the rules engine was "
            "interrupted: the rows are the kernel's, unchecked",
            RuntimeWarning,
            stacklevel=3,
        )
        return
    columns = {k: (row.get(k), v) for k, v in engine.items() if not _same(row.get(k), v)}
    columns.update(
        {
            k: (v, None)
            for k, v in row.items()
            if k not in engine and k != "played_by" and v is not None
        }
    )
    if columns:
        raise KernelMismatch(game.name, row["seed"], columns)


def _same(a, b) -> bool:
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return a == b


def label(frames) -> str:
    """How a group of rows was played, in one value: "kernel", the engine's label, or
    "mixed: ..." with each path's count."""
    played = counts(frames)
    if len(played) <= 1:
        return next(iter(played), "")  # "" for no games
    return "mixed: " + ", ".join(f"{n:,} {what}" for what, n in played.most_common())


def counts(frames) -> Counter:
    """How many of `frames`' games each path played, by `played_by` value."""
    played: Counter = Counter()
    for rows in frames:
        if rows.height and "played_by" in rows.columns:
            for what, n in rows["played_by"].value_counts().iter_rows():
                played[what] += n
    return played


def aside(game, played: Counter) -> str | None:
    """In words, when the rules engine played any games (`played`: how many each path played,
    see `counts`) for a game that has a kernel: how many, why, and how much slower the engine
    is; None when it did not."""
    g = get_game(game)
    owner = stamps.kernel_owner(g)
    if owner is None:
        return None
    engine = {what: n for what, n in played.items() if what != KERNEL}
    if not engine:
        return None
    why = "; ".join(
        f"{what.partition(': ')[2] or 'no reason given'}"
        + (f" ({n:,} games)" if len(engine) > 1 else "")
        for what, n in sorted(engine.items(), key=lambda kv: -kv[1])
    )
    stamp = stamps.read_stamp(owner)
    slower = (
        f" The engine takes about {stamp.slowdown:g} times the kernel's time per game."
        if stamp is not None and stamp.slowdown
        else ""
    )
    return (
        f"{g.name}: the rules engine played {sum(engine.values()):,} of "
        f"{sum(played.values()):,} games, not the compiled kernel: {why}.{slower}"
    )


def report(game, frames, stacklevel: int = 3) -> None:
    """Warn once (KernelAside) when the rules engine played games a kernel could have (see
    `aside`)."""
    words = aside(game, counts(frames))
    if words:
        warnings.warn(words, KernelAside, stacklevel=stacklevel)


def placed(batch, executor):
    """Where a call's games play: in this process when code the kernel copies was replaced
    here (a monkeypatch, a notebook's function in the package's place), which worker
    processes would not see; else on `executor`."""
    if executor in ("serial", None) or _threads(executor):
        return executor
    if stamps.replaced(get_game(batch.game)):
        return "serial"
    return executor


def _threads(executor) -> bool:
    from concurrent.futures import ThreadPoolExecutor

    return isinstance(executor, ThreadPoolExecutor)
