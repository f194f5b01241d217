"""Fast batch play: the same rules as a Match, without the log, snapshots or undo."""

from __future__ import annotations

import random
from dataclasses import dataclass

import polars as pl

from ..core.bots import make_bots, random_bot
from ..core.errors import SetupError
from ..core.game import CHANCE, TERMINAL
from ..core.registry import get_game
from ..core.seeds import bot_seed, game_seeds

__all__ = ["Batch", "frame", "game_seeds", "play_out", "prepare", "simulate", "tension"]


def tension(scores: list[float], winner: int) -> dict:
    """Lead changes, decisiveness and drama of one two-seat game, from seat 0's score after
    every decision (a number in [0, 1] where above 0.5 means seat 0 is ahead).

    lead_changes counts the times the lead passed from one seat to the other; decisiveness is
    the share of the game, counted from the end, during which the eventual winner was ahead
    all along; drama is the mean, over decisions, of how far behind the eventual winner was
    (0 when the winner led from start to finish)."""
    if not scores:
        return {"lead_changes": 0, "decisiveness": 0.0, "drama": 0.0}
    leader = [1 if x > 0.5 else -1 if x < 0.5 else 0 for x in scores]
    changes, last = 0, 0
    for sign in leader:
        if sign and last and sign != last:
            changes += 1
        last = sign or last
    if winner not in (0, 1):
        return {"lead_changes": changes, "decisiveness": 0.0, "drama": 0.0}
    mine = [x if winner == 0 else 1 - x for x in scores]
    ahead_since = len(mine)
    while ahead_since > 0 and mine[ahead_since - 1] > 0.5:
        ahead_since -= 1
    return {"lead_changes": changes,
            "decisiveness": (len(mine) - ahead_since) / len(mine),
            "drama": sum(max(0.0, 0.5 - x) for x in mine) / len(mine)}


def play_out(game, cards, rules, setup, seed: int, bots: dict, max_decisions: int,
             trace: bool = False) -> dict:
    """Play one game to the end with the same chance stream a Match would use.

    Chance and bots draw from the same two seeded generators a Match uses, so
    `play(game, seed=seed, bots=...).auto()` replays this very game. A game whose spec says
    it can stall is asked every 64 decisions whether it still can end; one that cannot is
    reported as a time-out at once instead of playing to the decision cap.
    """
    state = game.new_state(cards, rules, setup)
    can_stall = game.traits.can_stall
    chance_rng = random.Random(seed)
    bot_rng = random.Random(bot_seed(seed))
    decisions = 0
    scores = [] if trace else None
    while True:
        mover = state.to_move
        if mover == CHANCE:
            state.apply_chance(state.chance().dist.pick(chance_rng.random()))
        elif mover == TERMINAL:
            break
        else:
            if decisions >= max_decisions or (can_stall and decisions % 64 == 63
                                              and state.stalled()):
                return {"seed": seed, "outcome": "timeout", "winner": -1, "length": decisions,
                        **state.stats()}
            actions = state.legal_actions()
            state.apply(bots.get(mover, random_bot)(state, mover, actions, bot_rng))
            decisions += 1
            if scores is not None:
                scores.append(state.score(0))
    result = state.result()
    # A single winning seat; -1 for draws, losses of a cooperative party, and shared wins.
    row = {"seed": seed, "outcome": result.outcome, "winner": result.winner,
           "length": decisions, **state.stats()}
    if scores is not None:
        row.update(tension(scores, result.winner))
    return row


@dataclass(frozen=True)
class Batch:
    """Everything needed to play games of one configuration; picklable, so it can be sent to
    worker processes or a Dask cluster. The Game itself travels with the batch, so a game
    registered in a notebook plays in fresh workers too."""

    game: object  # a Game, or a registered name
    cards: object
    rules: dict
    setup: dict
    bots: object = "random"
    max_decisions: int | None = None
    trace: bool = False  # record lead changes, decisiveness and drama (needs a scored game)

    def run(self, seeds) -> pl.DataFrame:
        """One row per seed, in order. A frame rather than a list of dicts: it is what crosses
        from a worker process or a Dask worker, and columns travel far more cheaply."""
        g = get_game(self.game)
        bots = make_bots(self.bots, g, g.num_seats(self.setup))
        limit = g.max_decisions if self.max_decisions is None else self.max_decisions
        if not self.trace:
            played = g.play_batch(self.cards, self.rules, self.setup, bots, limit, seeds)
            if played is not None:
                return played
        return frame([play_out(g, self.cards, self.rules, self.setup, s, bots, limit, self.trace)
                      for s in seeds])


def prepare(game, cards=None, rules=None, bots=None, max_decisions=None, setup=None) -> Batch:
    """Check every argument once, up front, and return the Batch that plays them."""
    g = get_game(game)
    setup = g.check_setup(setup)
    rules = g.resolve_rules(rules)
    cards = g.load_cards() if cards is None else cards
    seats = g.num_seats(setup)
    make_bots("random" if bots is None else bots, g, seats)  # raises early on a bad bot
    if max_decisions is not None and (not isinstance(max_decisions, int)
                                      or isinstance(max_decisions, bool) or max_decisions < 1):
        raise SetupError(f"max_decisions: give a whole number of decisions from 1, "
                         f"not {max_decisions!r}")
    return Batch(g, cards, rules, setup, "random" if bots is None else bots, max_decisions)


def frame(rows) -> pl.DataFrame:
    """Game rows (a list of dicts, or a frame already) as a frame."""
    if isinstance(rows, pl.DataFrame):
        return rows
    if not rows:
        return pl.DataFrame(schema={"seed": pl.Int64, "outcome": pl.Utf8, "winner": pl.Int64,
                                    "length": pl.Int64})
    return pl.DataFrame(rows)


def simulate(game, n: int, *, seed=0, cards=None, rules=None, bots=None, max_decisions=None,
             executor=None, progress=False, **setup) -> pl.DataFrame:
    """Play `n` games with bots and return one row per game.

    Columns: `seed` (replay a game with `play(game, seed=...)`), `outcome`, `winner` (the single
    winning seat, or -1), `length` (number of decisions), plus the game's own statistics. Seats
    without a bot play at random. The same arguments always give the same frame, whatever the
    executor: games run in this process unless `executor` is given ("processes", any
    concurrent.futures.Executor, or a dask.distributed Client).
    """
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise SetupError(f"n must be a non-negative integer, got {n!r}")
    batch = prepare(game, cards, rules, bots, max_decisions, setup)
    seeds = game_seeds(seed, n)
    if executor is None:
        return batch.run(seeds)
    from .executors import run_batches

    rows, _complete = run_batches([(0, batch, seeds)], executor, progress=progress)
    return frame(rows[0])
