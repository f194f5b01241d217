"""Playing the same seeds through a game's compiled kernel and through its rules engine."""

from __future__ import annotations

from workbench.core.bots import make_bots
from workbench.core.registry import get_game
from workbench.sim.simulate import game_seeds, play_out, prepare


def both(name, n, *, bots="heuristic", rules=None, cards=None, max_decisions=None, seed=0,
         trace=False, **setup):
    """(kernel rows, or None if the kernel handed the batch back; engine rows) for the same
    n seeds."""
    game = get_game(name)
    b = prepare(name, cards, rules, bots, None, setup)
    made = make_bots(b.bots, game, game.num_seats(b.setup))
    limit = max_decisions or game.max_decisions
    seeds = game_seeds(seed, n)
    fast = game.play_batch(b.cards, b.rules, b.setup, made, limit, seeds, trace)
    slow = [play_out(game, b.cards, b.rules, b.setup, s, made, limit, trace) for s in seeds]
    return (None if fast is None else fast.to_dicts()), slow


def assert_same(fast, slow):
    assert fast is not None, "the kernel handed back a batch it should play"
    assert len(fast) == len(slow)
    for f, s in zip(fast, slow):
        assert f == s, f"seed {s['seed']}: " + ", ".join(
            f"{k}: kernel {f.get(k)!r}, engine {v!r}" for k, v in s.items() if f.get(k) != v)
