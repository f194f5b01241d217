"""Fast batch play: the same rules as a Match, without the log, snapshots or labels' use."""

from __future__ import annotations

import random

import polars as pl

from ..core.bots import make_bots, random_bot
from ..core.errors import SetupError
from ..core.game import CHANCE, TERMINAL
from ..core.match import bot_seed
from ..core.registry import get_game


def game_seeds(seed: int, n: int) -> list[int]:
    """Per-game seeds derived from one seed; `play(game, seed=s)` replays game s exactly."""
    rng = random.Random(seed)
    return [rng.getrandbits(48) for _ in range(n)]


def play_out(game, cards, rules, setup, seed: int, bots: dict, max_decisions: int) -> dict:
    """Play one game to the end with the same chance stream a Match would use.

    Chance and bots draw from the same two seeded generators a Match uses, so
    `play(game, seed=seed, bots=...).auto()` replays this very game.
    """
    state = game.new_state(cards, rules, setup)
    chance_rng = random.Random(seed)
    bot_rng = random.Random(bot_seed(seed))
    decisions = 0
    while True:
        mover = state.to_move
        if mover == CHANCE:
            state.apply_chance(state.chance().dist.pick(chance_rng.random()))
        elif mover == TERMINAL:
            break
        else:
            if decisions >= max_decisions:
                return {"seed": seed, "outcome": "timeout", "length": decisions, **state.stats()}
            actions = state.legal_actions()
            state.apply(bots.get(mover, random_bot)(state, mover, actions, bot_rng))
            decisions += 1
    result = state.result()
    return {"seed": seed, "outcome": result["outcome"], "length": decisions, **state.stats()}


def simulate(game, n: int, *, seed=0, cards=None, rules=None, bots=None, max_decisions=None,
             **setup) -> pl.DataFrame:
    """Play `n` games with bots and return one row per game.

    Columns: `seed` (replay a game with `play(game, seed=...)`), `outcome`, `length` (number of
    decisions), plus the game's own statistics. Seats without a bot play at random. The same
    arguments always give the same frame.
    """
    g = get_game(game)
    if not isinstance(n, int) or n < 0:
        raise SetupError(f"n must be a non-negative integer, got {n!r}")
    setup = g.normalize_setup(setup)
    rules = g.resolve_rules(rules)
    cards = g.load_cards() if cards is None else cards
    seats = g.num_seats(setup)
    made = make_bots("random" if bots is None else bots, g, seats)
    limit = g.max_decisions if max_decisions is None else max_decisions
    rows = [play_out(g, cards, rules, setup, s, made, limit) for s in game_seeds(seed, n)]
    if not rows:
        return pl.DataFrame(schema={"seed": pl.Int64, "outcome": pl.Utf8, "length": pl.Int64})
    return pl.DataFrame(rows)
