"""Fast batch play: the same rules as a Match, without the log, snapshots or undo."""

from __future__ import annotations

import random
import warnings
from dataclasses import dataclass
from time import perf_counter

import polars as pl

from ..core import stamps
from ..core.bots import bot_name, decide, make_bots, random_bot
from ..core.errors import BotError, RulesError, SetupError
from ..core.game import CHANCE, TERMINAL
from ..core.registry import get_game
from ..core.seeds import Seeds, bot_seed, check_seed, game_seeds
from . import guard, stopping, warming
from .paths import KERNEL, engine_label, placed, report, shadow_check

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
    return {
        "lead_changes": changes,
        "decisiveness": (len(mine) - ahead_since) / len(mine),
        "drama": sum(max(0.0, 0.5 - x) for x in mine) / len(mine),
    }


def play_out(
    game,
    cards,
    rules,
    setup,
    seed: int,
    bots: dict,
    max_decisions: int,
    trace: bool = False,
    clock=None,
) -> dict:
    """Play one game to the end with the same chance stream a Match would use.

    Chance and bots draw from the same two seeded generators a Match uses, so
    `play(game, seed=seed, bots=...).auto()` replays this very game. Every bot decision is
    checked against the legal actions as a Match checks it (a label is taken as in
    `Match.auto`; anything else, or an error the bot raises, is a BotError naming the bot,
    seat, decision and seed; an error in the rules is a RulesError naming the decision and
    seed). A
    game whose spec says it can stall is asked every 64 decisions whether it still can end;
    one that cannot is reported as a time-out at once instead of playing to the decision cap.
    `clock` (from sim/stopping.py) times each decision against the bots' time limit.
    """
    decisions = 0
    try:
        state = game.new_state(cards, rules, setup)
        can_stall = game.traits.can_stall
        chance_rng = random.Random(seed)
        bot_rng = random.Random(bot_seed(seed))
        scores = [] if trace else None
        while True:
            mover = state.to_move
            if mover == CHANCE:
                state.apply_chance(state.chance().dist.pick(chance_rng.random()))
            elif mover == TERMINAL:
                break
            else:
                if decisions >= max_decisions or (
                    can_stall and decisions % 64 == 63 and state.stalled()
                ):
                    row = {
                        "seed": seed,
                        "outcome": "timeout",
                        "winner": -1,
                        "length": decisions,
                        **state.stats(),
                    }
                    if scores is not None:  # a game with no winner has no tension to measure
                        row.update(lead_changes=None, decisiveness=None, drama=None)
                    return row
                state.apply(_choice(state, mover, bots, bot_rng, decisions + 1, seed, clock))
                decisions += 1
                if scores is not None:
                    scores.append(state.score(0))
        result = state.result()
        # A single winning seat; -1 for draws, losses of a cooperative party, and shared wins.
        row = {
            "seed": seed,
            "outcome": result.outcome,
            "winner": result.winner,
            "length": decisions,
            **state.stats(),
        }
        if scores is not None:
            row.update(tension(scores, result.winner))
        return row
    except (BotError, SetupError):  # a bot's fault, or a setup the game refuses: said already
        raise
    except Exception as exc:  # stops and time-outs are BaseExceptions: they pass through
        raise RulesError(
            f"the rules of {game.name} raised {type(exc).__name__} ({str(exc)[:200]}) at "
            f"decision {decisions + 1} of the game of seed {seed}; play('{game.name}', "
            f"seed={seed}) with the same bots replays it to that position"
        ) from exc


def _choice(state, mover: int, bots: dict, bot_rng, decision: int, seed: int, clock):
    """What seat `mover`'s bot chooses at decision number `decision` of play_out's game of
    `seed`, checked as a Match checks it and timed on `clock` (if any)."""
    actions = state.legal_actions()
    bot = bots.get(mover, random_bot)
    if bot is random_bot:
        # Ours: it returns one of `actions` at once, so there is nothing to check or time
        # (about 5% of a random game's cost in the rules engine).
        return random_bot(state, mover, actions, bot_rng)
    if clock is None:
        return decide(bot, state, mover, actions, bot_rng, decision=decision, seed=seed)
    clock.who = (bot, mover, decision, seed)
    clock.started = perf_counter()
    chosen = decide(bot, state, mover, actions, bot_rng, decision=decision, seed=seed)
    clock.started = 0.0
    return chosen


# A bot that has not decided after this many seconds is taken to be hung (see bot_time_limit).
BOT_TIME_LIMIT = 60.0


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
    bot_time_limit: float | None = BOT_TIME_LIMIT  # seconds per decision; None: no limit

    def run(self, seeds, run: str | None = None) -> pl.DataFrame:
        """One row per seed, in order. A frame rather than a list of dicts: it is what crosses
        from a worker process or a Dask worker, and columns travel far more cheaply.
        `run` names the run, so cancelling it (sim/stopping.py) stops these games."""
        return self.play(seeds, run)[0]

    def play(self, seeds, run: str | None = None) -> tuple[pl.DataFrame, bool]:
        """run's rows, and whether the game's compiled code played them all (it lets other
        threads run meanwhile: see Game.play_batch) rather than the rules engine. Each row
        says in `played_by` which played it: "kernel", or "engine" with why the engine
        played where the game has a kernel (see core/stamps.py and Game.play_batch)."""
        g = get_game(self.game)
        bots = make_bots(self.bots, g, g.num_seats(self.setup))
        limit = g.max_decisions if self.max_decisions is None else self.max_decisions
        if stopping.cancelled(run):
            raise stopping.RunCancelled
        seeds = list(seeds)
        why = stamps.aside(g, self.rules) or warming.compiling(g)
        if why is None:
            # Compiled paths play their own built-in bots: nothing to check or time there.
            played = g.play_batch(
                self.cards, self.rules, self.setup, bots, limit, seeds, self.trace
            )
            if isinstance(played, pl.DataFrame):
                kernel = played.with_columns(played_by=pl.lit(KERNEL))
                if played.height == len(seeds):
                    return kernel, True
                return self._rest(g, bots, limit, seeds, run, kernel), False
            why = played
        rows = self._engine(g, bots, limit, seeds, run)
        return rows.with_columns(played_by=pl.lit(engine_label(why))), False

    def _rest(self, g, bots, limit, seeds, run, kernel: pl.DataFrame) -> pl.DataFrame:
        """The kernel's rows, with the games it had no room for (missing from its frame)
        played by the engine, in seed order."""
        got = kernel["seed"].to_list()
        mine, theirs, j = [], [], 0
        for i, s in enumerate(seeds):
            if j < len(got) and got[j] == s:
                mine.append(i)
                j += 1
            else:
                theirs.append(i)
        engine = self._engine(g, bots, limit, [seeds[i] for i in theirs], run).with_columns(
            played_by=pl.lit(engine_label("the game outgrew the kernel's room"))
        )
        return (
            pl.concat(
                [
                    kernel.with_columns(_at=pl.Series(mine)),
                    engine.with_columns(_at=pl.Series(theirs)),
                ],
                how="diagonal_relaxed",
            )
            .sort("_at")
            .drop("_at")
        )

    def _engine(self, g, bots, limit, seeds, run) -> pl.DataFrame:
        clock = stopping.watch(self.bot_time_limit, run)
        try:
            return frame(
                [
                    play_out(
                        g, self.cards, self.rules, self.setup, s, bots, limit, self.trace, clock
                    )
                    for s in seeds
                ]
            )
        except stopping.DecisionTimeout:
            bot, seat, decision, seed = clock.fired or clock.who
            raise BotError(
                f"bot {bot_name(bot)} for seat {seat + 1} had not decided after "
                f"{self.bot_time_limit:g} seconds at decision {decision} in the game of seed "
                f"{seed}; it looks hung (raise bot_time_limit if it needs longer)",
                bot=bot_name(bot),
                seat=seat,
                decision=decision,
                seed=seed,
            ) from None
        finally:
            clock.started = 0.0
            stopping.unwatch(clock)


def prepare(
    game,
    cards=None,
    rules=None,
    bots=None,
    max_decisions=None,
    setup=None,
    bot_time_limit=BOT_TIME_LIMIT,
) -> Batch:
    """Check every argument once, up front, and return the Batch that plays them."""
    g = get_game(game)
    setup = g.check_setup(setup)
    rules = g.resolve_rules(rules)
    cards = g.checked_cards(cards)
    seats = g.num_seats(setup)
    make_bots("random" if bots is None else bots, g, seats)  # raises early on a bad bot
    if max_decisions is not None:
        max_decisions = guard.whole(max_decisions, "max_decisions", 1)
    bot_time_limit = guard.positive(bot_time_limit, "bot_time_limit", allow_none=True)
    return Batch(
        g,
        cards,
        rules,
        setup,
        "random" if bots is None else bots,
        max_decisions,
        bot_time_limit=bot_time_limit,
    )


def frame(rows) -> pl.DataFrame:
    """Game rows (a list of dicts, or a frame already) as a frame."""
    if isinstance(rows, pl.DataFrame):
        return rows
    if not rows:
        return pl.DataFrame(
            schema={"seed": pl.Int64, "outcome": pl.Utf8, "winner": pl.Int64, "length": pl.Int64}
        )
    return pl.DataFrame(rows)


def simulate(
    game,
    n: int,
    *,
    seed=0,
    cards=None,
    rules=None,
    bots=None,
    max_decisions=None,
    executor=None,
    progress=False,
    bot_time_limit=BOT_TIME_LIMIT,
    confirm=False,
    **setup,
) -> pl.DataFrame:
    """Play `n` games with bots and return one row per game.

    Columns: `seed` (replay a game with `play(game, seed=...)`), `outcome`, `winner` (the single
    winning seat, or -1), `length` (number of decisions), the game's own statistics, and
    `played_by`: "kernel" where the game's compiled copy of the rules played it, else
    "engine" (with why, where the game has a kernel; a KernelAside warning says it once). A
    kernel's answer is checked on one of its games against the rules engine (KernelMismatch
    on a difference). Seats without a bot play at random. The same arguments always give the
    same frame, whatever the executor: games run in this process unless `executor` is given
    ("processes", any concurrent.futures.Executor, or a dask.distributed Client).
    `seed=None` draws a fresh seed and says which (a SeedNotice warning). A bot that takes
    more than `bot_time_limit` seconds over one decision raises BotError. More than
    `guard.max_games` games need `confirm=True`. Ctrl+C returns the games played so far,
    with a warning.
    """
    n = guard.whole(n, "n", 0)
    guard.flags(progress=progress, confirm=confirm)
    seed = check_seed(seed)
    batch = prepare(game, cards, rules, bots, max_decisions, setup, bot_time_limit)
    seeds = Seeds(seed, n)
    guard.check_size(
        n,
        lambda k: batch.run(seeds[:k]),
        confirm=confirm,
        what=f"simulate({get_game(game).name!r}, {n:,})",
    )
    from .executors import run_batches

    executor = placed(batch, executor)
    if executor is None and n <= CHUNK_SERIAL:
        rows = batch.run(seeds[:])
    else:
        done, complete = run_batches(
            [(0, batch, seeds)], "serial" if executor is None else executor, progress=progress
        )
        rows = frame(done[0])
        if not complete:
            warnings.warn(
                f"simulate was interrupted: the frame holds the first {len(rows)} of {n} games",
                RuntimeWarning,
                stacklevel=2,
            )
    shadow_check([(batch, rows)])
    report(batch.game, [rows])
    return rows


# Up to this many games, simulate plays in one piece; beyond, in chunks that Ctrl+C can stop
# between.
CHUNK_SERIAL = 250
