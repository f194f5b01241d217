"""Playing the same seeds through a game's compiled kernel and through its rules engine."""

from __future__ import annotations

import polars as pl
import pytest

import workbench as wb
from workbench.core.bots import make_bots
from workbench.core.registry import get_game
from workbench.sim.simulate import Batch, game_seeds, play_out, prepare


def both(
    name,
    n,
    *,
    bots="heuristic",
    rules=None,
    cards=None,
    max_decisions=None,
    seed=0,
    trace=False,
    **setup,
):
    """(kernel rows, or None if the kernel handed the batch back; engine rows) for the same
    n seeds. The kernel is called directly, whether or not its stamp matches the code: these
    are the equivalence tests a stamp is renewed on (core/stamps.py)."""
    game = get_game(name)
    b = prepare(name, cards, rules, bots, None, setup)
    made = make_bots(b.bots, game, game.num_seats(b.setup))
    limit = max_decisions or game.max_decisions
    seeds = game_seeds(seed, n)
    fast = game.play_batch(b.cards, b.rules, b.setup, made, limit, seeds, trace)
    slow = [play_out(game, b.cards, b.rules, b.setup, s, made, limit, trace) for s in seeds]
    return (fast.to_dicts() if isinstance(fast, pl.DataFrame) else None), slow


def declined(played) -> str:
    """The kernel's reason for handing a batch to the rules engine."""
    assert isinstance(played, str), f"the kernel played a batch it should hand back: {played}"
    return played


def assert_same(fast, slow):
    assert fast is not None, "the kernel handed back a batch it should play"
    assert len(fast) == len(slow)
    for f, s in zip(fast, slow, strict=True):
        assert f == s, f"seed {s['seed']}: " + ", ".join(
            f"{k}: kernel {f.get(k)!r}, engine {v!r}" for k, v in s.items() if f.get(k) != v
        )


def assert_ban_lists_played(name, n, bots, *, rules=None, trace=False):
    """The kernel plays seats with a ban list (BannedBot, core/restricted.py) as the engine
    does, and the lists reached it: its games are not the ones played without them."""
    fast, slow = both(name, n, bots=bots, rules=rules, trace=trace)
    assert_same(fast, slow)
    game = get_game(name)
    b = prepare(
        name, None, rules, {s: getattr(bot, "bot", bot) for s, bot in bots.items()}, None, {}
    )
    free = game.play_batch(
        b.cards,
        b.rules,
        b.setup,
        make_bots(b.bots, game, game.num_seats(b.setup)),
        game.max_decisions,
        game_seeds(0, n),
        trace,
    )
    assert free.to_dicts() != fast, "the ban lists changed no game"
    return fast


def assert_simulate_and_sweep_take_the_kernel(monkeypatch, name, vary, *, traced=True):
    """simulate and sweep give the same frames with the rules engine's batches patched to
    fail (the sweep with tension columns when `traced`), every row and point saying the
    kernel played it; a bot written in Python still reaches the engine. Needs the game's
    stamp to match its code (the `stamped` mark)."""
    expected = wb.simulate(name, 30, bots="heuristic", seed=9)
    swept = wb.sweep(name, vary, 30, bots="heuristic", executor="serial", progress=False)

    def engine(*args, **kwargs):
        raise AssertionError("the rules engine played a batch the kernel should play")

    # Batch's engine path, not play_out: that is code the kernel copies, and replacing it
    # would (rightly) send every batch to the engine.
    monkeypatch.setattr(Batch, "_engine", engine)
    again = wb.simulate(name, 30, bots="heuristic", seed=9)
    assert again.equals(expected) and set(again["played_by"]) == {"kernel"}
    again = wb.sweep(name, vary, 30, bots="heuristic", executor="serial", progress=False)
    assert again.equals(swept) and ("drama_mean" in again.columns) == traced
    assert set(again["played_by"]) == {"kernel"}
    with pytest.raises(AssertionError, match="rules engine"):
        wb.simulate(name, 2, bots=lambda s, seat, a, r: a[0])
