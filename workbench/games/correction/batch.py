"""Batches of Correction games through the compiled kernel (kernel.py), when it can play them.

`play_batch` returns the frame the rules engine gives for the same seeds, or why the batch
needs the engine: a bot written in Python (the rollout bots among them), seeds or a decision
cap wider than its integers, or more pieces than its room.
"""

from __future__ import annotations

import numpy as np
import polars as pl

from ...core.bots import random_bot
from ...core.cache import CatalogCache
from ...core.compiled import kernel_bots, tension_columns
from ...core.seeds import bot_seed
from . import kernel as K
from .bots import heuristic
from .catalog import SEATS, SIZE, catalog_for
from .evaluate import _tables

BOTS = {random_bot: K.BOT_RANDOM, heuristic: K.BOT_HEURISTIC}


class Tables:
    """The catalog of one (cards, rules) pair as the kernel's two vectors (kernel.pack): the
    numbers P starts from, each piece's lines from each square, and the evaluation's points."""

    def __init__(self, cards, rules: dict):
        cat = catalog_for(cards, rules)
        counts = np.array(cat.counts, np.int64)
        self.problem = f"{sum(cat.counts)} pieces a seat" if sum(cat.counts) > K.RES_CAP else None
        lines = [line for by_square in cat.targets for line in by_square]
        first_line = np.cumsum([0] + [len(ls) for ls in lines]).astype(np.int64)
        flat = [line for ls in lines for line in ls]
        passed = max((len(b) for _, _, b in flat), default=0)
        line_rows = np.zeros((max(1, len(flat)), K.L_PASSED + 1 + passed), np.int64)
        for i, (dest, mode, between) in enumerate(flat):
            line_rows[i, : K.L_PASSED + 1 + len(between)] = (dest, mode, len(between), *between)
        goal = np.array([bool(g) for by_square in cat.goal_lines for g in by_square], np.int64)
        enters = np.array(cat.enters_tokens, np.int64)
        points, _, seen, reserve, _ = _tables(cat)
        looks = np.array([sum(1 << sq for sq in squares) for squares in seen], np.int64)
        # Spawns (kinds x home squares), or declarations (at most every line of every piece),
        # or the end of the turn: the most decisions one position can offer.
        most = max((len(ls) for ls in lines), default=0)
        max_options = len(cat.kinds) * SIZE + SIZE * SIZE * most + 1
        P = np.zeros(K.P_WIDTH, np.int64)
        P[K.P_SPAWN_LIMIT] = cat.spawn_limit
        P[K.P_SECOND_TOKENS] = cat.second_tokens
        P[K.P_SPAWN_TOKENS] = cat.spawn_tokens
        P[K.P_DENY_COST] = cat.deny_cost
        P[K.P_BANISH_COST] = cat.banish_cost
        supply = rules["cor.token_supply"]
        P[K.P_SUPPLY] = K.INFINITE if supply == "inf" else supply
        P[K.P_DRAW_AFTER] = rules["cor.draw_after"]
        rows = rules["cor.no_token_rows"]
        P[K.P_NO_TOKEN_GOAL] = rows in ("both", "goal_only")
        P[K.P_NO_TOKEN_OWN] = rows in ("both", "own_only")
        P[K.P_DENY_OCCUPIED] = bool(rules["cor.deny_occupied"])
        P[K.P_BANISH_CAPTURED] = rules["cor.banish"] == "captured"
        self.T, self.F = K.pack(
            P,
            counts,
            first_line,
            line_rows,
            enters,
            goal,
            looks,
            np.array(points, np.float64),
            np.array(reserve, np.float64),
            max_options,
        )


tables_for = CatalogCache(Tables)


def play_batch(
    game,
    cards,
    rules: dict,
    setup: dict,
    bots: dict,
    max_decisions: int,
    seeds,
    trace: bool = False,
) -> pl.DataFrame | str:
    codes = kernel_bots(bots, 2, BOTS, seeds, max_decisions, trace)
    if isinstance(codes, str):
        return codes
    first = game.new_state(cards, rules, setup).first  # the engine's own setup checks
    t = tables_for(cards, rules)
    if t.problem is not None:
        return f"not compiled: {t.problem}"
    T = t.T.copy()
    T[K.P_FIRST] = first
    T[K.P_MAX_DECISIONS] = max_decisions
    T[K.P_TRACE] = trace
    seeds = np.asarray(list(seeds), np.int64)
    out, outf = K.play_many(seeds, bot_seed(seeds), np.array(codes, np.int64), T, t.F)
    return _frame(seeds, out, outf, trace)


def _frame(seeds, out, outf, trace: bool) -> pl.DataFrame:
    """The rows play_out builds from the engine (its row plus CorrectionState.stats), as
    columns."""
    outcome = np.where(
        out[:, K.O_OUTCOME] == K.TIMEOUT,
        "timeout",
        np.where(
            out[:, K.O_OUTCOME] == K.DRAW,
            "draw",
            np.where(out[:, K.O_WINNER] == 0, f"{SEATS[0]} wins", f"{SEATS[1]} wins"),
        ),
    )
    columns = {
        "seed": seeds,
        "outcome": pl.Series(outcome.astype(object), dtype=pl.String),
        "winner": out[:, K.O_WINNER],
        "length": out[:, K.O_LENGTH],
        "first": out[:, K.O_FIRST],
        "turns": out[:, K.O_TURNS],
        "captures": out[:, K.O_CAPTURES],
        "spawns": out[:, K.O_SPAWNS],
        "move_denials": out[:, K.O_MOVE_DENIALS],
        "banishes": out[:, K.O_BANISHES],
        "recoveries": out[:, K.O_RECOVERIES],
    }
    if trace:
        columns.update(
            tension_columns(out[:, K.O_LEAD_CHANGES], outf, out[:, K.O_OUTCOME] == K.TIMEOUT)
        )
    return pl.DataFrame(columns)
