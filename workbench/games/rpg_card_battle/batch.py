"""Batches of RPG Card Battle games through the compiled kernel (kernel.py), when it can play
them.

`play_batch` returns the frame the rules engine gives for the same seeds, or why the batch
needs the engine: a bot written in Python, a card kind the kernel does not know, seeds or a
decision cap wider than its integers. A game that outgrew the kernel's room is left out of
the frame, and the engine plays it.
"""

from __future__ import annotations

import numpy as np
import polars as pl

from ...core.bots import random_bot
from ...core.cache import CatalogCache
from ...core.compiled import kept, kernel_bots, tension_columns
from ...core.seeds import bot_seed
from . import kernel as K
from .bots import heuristic
from .catalog import catalog_for

KINDS = {
    "attack": K.K_ATTACK,
    "poison": K.K_POISON,
    "defend": K.K_DEFEND,
    "shield_bash": K.K_SHIELD_BASH,
    "parry": K.K_PARRY,
    "item": K.K_ITEM,
    "passive": K.K_PASSIVE,
}
BOTS = {random_bot: K.BOT_RANDOM, heuristic: K.BOT_HEURISTIC}


class Tables:
    """The cards of one (cards, rules) pair as the kernel's integer table, numbered in name
    order; `problem` says why the kernel cannot play them."""

    def __init__(self, cards, rules: dict):
        cat = catalog_for(cards, rules)
        self.problem = None
        self.names = sorted(cat.cards)
        self.number = {name: i for i, name in enumerate(self.names)}
        self.weapons = {"any": K.W_ANY, "none": K.W_NONE}
        self.CARD = np.zeros((len(self.names), K.CARD_WIDTH), np.int64)
        for i, name in enumerate(self.names):
            c = cat.cards[name]
            if c.kind not in KINDS:
                self.problem = f"card {name}: kind {c.kind}"
                return
            self.CARD[i] = (
                KINDS[c.kind],
                c.attack,
                c.attack_vs_guard or 0,
                c.attack_vs_guard is not None,
                c.defence,
                c.reflect,
                c.heal,
                c.poison,
                c.poison_turns,
                c.guard,
                c.guard_turns,
                c.halve,
                self.weapon(c.weapon),
                c.magic,
                c.after == "spent",
                c.is_class,
            )

    def weapon(self, name: str) -> int:
        return self.weapons.setdefault(name, len(self.weapons))


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
    builds = game.builds(cards, rules, setup)  # the engine's own setup checks and errors
    t = tables_for(cards, rules)
    if t.problem is not None:
        return f"not compiled: {t.problem}"
    unknown = [c for b in builds for c, _ in b.deck if c not in t.number]
    if unknown:
        return f"not compiled: card {unknown[0]}, which is in no card table"
    SEAT = np.array([[b.attack, b.defence, b.hp, t.weapon(b.weapon)] for b in builds], np.int64)
    DECK = np.zeros((2, len(t.names)), np.int64)
    for s, b in enumerate(builds):
        for card, copies in b.deck:
            DECK[s, t.number[card]] = copies
    CFG = np.zeros(K.CFG_WIDTH, np.int64)
    CFG[K.G_BEFORE_ITEMS] = rules["rcb.defeat_check"] == "before_items"
    CFG[K.G_HIGHER_HP] = rules["rcb.both_defeated"] == "higher_hp"
    CFG[K.G_BARE_ATTACK] = rules["rcb.nothing_left"] == "bare_attack"
    CFG[K.G_CLASS_WEAPON] = rules["rcb.class_attacks"] == "weapon"
    CFG[K.G_HALVE_UP] = rules["rcb.halve_rounding"] == "up"
    CFG[K.G_REFRESH] = rules["rcb.poison_stacking"] == "refresh"
    CFG[K.G_CAP] = rules["rcb.overheal"] == "cap"
    CFG[K.G_SMOKE_IGNORED] = rules["rcb.smoke_when_attacking"] == "ignored"
    CFG[K.G_TURN_LIMIT] = rules["rcb.turn_limit"]
    CFG[K.G_MAX_DECISIONS] = max_decisions
    CFG[K.G_TRACE] = trace
    seeds = np.asarray(list(seeds), np.int64)
    out, outf = K.play_many(
        seeds, bot_seed(seeds), CFG, np.array(codes, np.int64), t.CARD, SEAT, DECK
    )
    return kept(_frame(seeds, out, outf, trace), out[:, K.O_STATUS] == K.OK)


# By K.O_OUTCOME and K.O_WINNER: the engine's Result.outcome in words
OUTCOMES = {
    (K.WIN, 0): "seat 1 wins",
    (K.WIN, 1): "seat 2 wins",
    (K.DRAW, -1): "draw",
    (K.TIMEOUT, -1): "timeout",
}


def _frame(seeds, out, outf, trace: bool) -> pl.DataFrame:
    """The rows play_out builds from the engine (its row plus BattleState.stats), as
    columns."""
    words = np.array(list(OUTCOMES.values()), dtype=object)
    code = np.select(
        [(out[:, K.O_OUTCOME] == o) & (out[:, K.O_WINNER] == w) for o, w in OUTCOMES],
        np.arange(len(OUTCOMES)),
    )
    columns = {
        "seed": seeds,
        "outcome": pl.Series(words[code], dtype=pl.String),
        "winner": out[:, K.O_WINNER],
        "length": out[:, K.O_LENGTH],
        "turns": out[:, K.O_TURNS],
        "hp_0": out[:, K.O_HP0],
        "hp_1": out[:, K.O_HP1],
        "reshuffles": out[:, K.O_RESHUFFLES],
    }
    if trace:
        columns.update(
            tension_columns(out[:, K.O_LEAD_CHANGES], outf, out[:, K.O_OUTCOME] == K.TIMEOUT)
        )
    return pl.DataFrame(columns)
