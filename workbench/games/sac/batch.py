"""Batches of Soldiers! Aliens! Carnage! games through the compiled kernel (kernel.py), when it
can play them.

`play_batch` returns the frame the rules engine gives for the same seeds, or why the batch
needs the engine: a bot written in Python (the search bot among them), a traced batch, seeds
or a decision cap wider than its integers, a rule variant it does not know, or an enemy card
with no enemies row. A game that outgrew the kernel's room is left out of the frame, and the
engine plays it.
"""

from __future__ import annotations

import numpy as np
import polars as pl

from ...core.bots import random_bot
from ...core.cache import CatalogCache
from ...core.chance import dice_sum
from ...core.compiled import kept, kernel_bots
from ...core.seeds import bot_seed
from . import cards52 as C
from . import kernel as K
from .bots import heuristic
from .catalog import catalog_for
from .dungeon import DIRS

BOTS = {random_bot: K.BOT_RANDOM, heuristic: K.BOT_HEURISTIC}
ROLES = {
    C.CORRIDOR: K.R_CORRIDOR,
    C.ROOM: K.R_ROOM,
    C.ENEMY: K.R_ENEMY,
    C.DOOR: K.R_DOOR,
    C.SHOP: K.R_SHOP,
    C.HEALING: K.R_HEALING,
    C.BIG_BAD: K.R_BIG_BAD,
}
STATS = {"health": K.ST_HEALTH, "armor": K.ST_ARMOR, "ammo": K.ST_AMMO}
# The rule variants the kernel plays, every value of each. door_order only orders the doors
# generator mode opens by itself; in a game the soldier opens them.
RULES = {
    "sac.suits",
    "sac.dir_table",
    "sac.dir6",
    "sac.rotation",
    "sac.shift_card",
    "sac.corridor_dir",
    "sac.counter_timing",
    "sac.width",
    "sac.height",
    "sac.start",
    "sac.dead_end",
    "sac.door_order",
    "sac.cover_ranks",
    "sac.shot",
    "sac.extra_cards",
    "sac.stall",
    "sac.range",
    "sac.rounds",
}


# The numbers of the params table, and where each goes in the kernel's parameter vector.
PARAMS = (
    ("health", K.P_HEALTH),
    ("armor", K.P_ARMOR),
    ("ammo", K.P_AMMO),
    ("most", K.P_MOST),
    ("actions", K.P_ACTIONS),
    ("salvo_actions", K.P_SALVO_ACTIONS),
    ("salvo_ammo", K.P_SALVO_AMMO),
    ("salvo_dice", K.P_SALVO_DICE),
    ("heal", K.P_HEAL),
    ("respawn_every", K.P_RESPAWN),
    ("search_credits", K.P_SEARCH_CREDITS),
    ("drop_amount", K.P_DROP_AMOUNT),
    ("cover", K.P_COVER),
    ("credits", K.P_CREDITS),
)
# The heuristic buys by these names (bots.heuristic).
BUYS = (
    ("Ammunition", K.P_BUY_AMMO),
    ("Medkit", K.P_BUY_MEDKIT),
    ("Armour", K.P_BUY_ARMOUR),
)


def _dist(n: int, sides: int):
    d = dice_sum(n, sides)
    return (
        np.array(d.outcomes, np.int64),
        np.cumsum(np.array(d.weights, np.int64)).astype(np.int64),
    )


class Tables:
    """The catalog of one (cards, rules) pair as the kernel's arrays: the distinct cards in
    the order they enter the deck, each pile's cards and copies, and the numbers; `problem`
    says why the kernel cannot play them."""

    def __init__(self, cards, rules: dict):
        cat = catalog_for(cards, rules)
        cfg = cat.cfg
        self.problem = None
        if set(rules) - RULES:
            self.problem = f"rule variants {sorted(set(rules) - RULES)}"
        distinct = list(dict.fromkeys(cat.deck))
        self.card = self._card_table(cat, distinct)
        self._pile_tables(cat, distinct)
        self.shop = np.array(
            [[STATS[r["stat"]], r["amount"], r["price"]] for r in cat.shop], np.int64
        ).reshape(len(cat.shop), 3)
        self.dirt = np.array([DIRS.index(d) for d in cfg.dir_table], np.int64)
        self.P = _params(cat, rules)
        self.d20 = _dist(1, 20)
        self.salvo = _dist(cat.params["salvo_dice"], 20)
        self.d6 = _dist(1, 6)

    def _card_table(self, cat, distinct: list) -> np.ndarray:
        """One row per distinct card: its role, colour, number and cost, an enemy's numbers
        and a room's cover; an enemy card with no enemies row is the batch's `problem`."""
        card = np.zeros((max(1, len(distinct)), K.CARD_WIDTH), np.int64)
        for i, c in enumerate(distinct):
            role = C.role(c, cat.cfg.suits)
            row = card[i]
            row[K.K_ROLE] = ROLES[role]
            row[K.K_RED] = K.RED if C.is_red(c) else K.BLACK
            row[K.K_NUMBER] = C.number(c)
            row[K.K_COST] = C.FACES.get(C.rank(c), 0)
            if role in (C.ENEMY, C.BIG_BAD):
                enemy = cat.enemies.get(C.rank(c))
                if enemy is None:
                    self.problem = f"{c} has no enemies row"
                    continue
                row[K.K_HEALTH] = enemy["health"]
                row[K.K_CREDITS] = enemy["credits"]
                row[K.K_DROPS] = bool(enemy["drops"])
            row[K.K_COVER] = role == C.ROOM and C.number(c) in cat.cover
        return card

    def _pile_tables(self, cat, distinct: list) -> None:
        """Each pile's distinct cards (as rows of the card table) and their copies, and the
        Jokers at the bottom of pile 2."""
        suits = cat.cfg.suits
        index = {c: i for i, c in enumerate(distinct)}
        piles = [[c for c in distinct if C.pile_of(c, suits) == k] for k in (1, 2)]
        width = max(1, max(len(p) for p in piles))
        self.pile = np.zeros((2, width), np.int64)
        self.pile_count = np.zeros((2, width), np.int64)
        for k, pile in enumerate(piles):
            for i, c in enumerate(pile):
                self.pile[k, i] = index[c]
                self.pile_count[k, i] = cat.deck.count(c)
        jokers = [c for c in distinct if C.pile_of(c, suits) == 0]
        self.joker = np.array(
            [index[jokers[0]] if jokers else 0, cat.deck.count(C.JOKER)], np.int64
        )


def _params(cat, rules: dict) -> np.ndarray:
    """The kernel's parameter vector: the table, the rule variants and the numbers (the
    decision cap is set per batch)."""
    cfg = cat.cfg
    w, h = cfg.width, cfg.height
    sx, sy = cfg.start_cell()
    P = np.zeros(K.P_WIDTH, np.int64)
    P[K.P_TABLE_WIDTH] = w
    P[K.P_TABLE_HEIGHT] = h
    P[K.P_START] = sx * h + sy
    P[K.P_DIR6_KEEP] = cfg.dir6 == "keep"
    P[K.P_PER_CARD] = cfg.rotation == "per_card"
    P[K.P_SHIFT_PLACE] = cfg.shift_card == "place"
    P[K.P_FIRST_EACH] = cfg.corridor_dir == "first_card_each"
    P[K.P_IMMEDIATE] = cfg.counter_timing == "immediate"
    P[K.P_BACKTRACK] = cfg.dead_end == "backtrack"
    P[K.P_RESHUFFLE] = cfg.stall == "reshuffle"
    P[K.P_MISS] = rules["sac.shot"] == "miss_on_fail"
    P[K.P_RANGE] = rules["sac.range"]
    P[K.P_ROUNDS] = rules["sac.rounds"]
    for key, at in PARAMS:
        P[at] = cat.params[key]
    P[K.P_JOKERS] = cat.jokers
    names = [r["item"] for r in cat.shop]
    for item, at in BUYS:
        P[at] = names.index(item) if item in names else -1
    return P


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
    codes = kernel_bots(bots, 1, BOTS, seeds, max_decisions, trace)
    if isinstance(codes, str):
        return codes
    if trace:
        return "one seat has no tension columns to trace"
    game.new_state(cards, rules, setup)  # the engine's own setup checks
    t = tables_for(cards, rules)
    if t.problem is not None:
        return f"not compiled: {t.problem}"
    P = t.P.copy()
    P[K.P_MAX_DECISIONS] = max_decisions
    seeds = np.asarray(list(seeds), np.int64)
    out = K.play_many(
        seeds,
        bot_seed(seeds),
        P,
        np.array(codes, np.int64),
        t.dirt,
        t.card,
        t.pile,
        t.pile_count,
        t.joker,
        t.shop,
        *t.d20,
        *t.salvo,
        *t.d6,
    )
    return kept(_frame(seeds, out), out[:, K.O_STATUS] == K.OK)


def _frame(seeds, out) -> pl.DataFrame:
    """The rows play_out builds from the engine (its row plus SacState.stats), as columns."""
    outcome = np.where(
        out[:, K.O_OUTCOME] == K.TIMEOUT,
        "timeout",
        np.where(out[:, K.O_OUTCOME] == K.WIN, "win", "loss"),
    )
    return pl.DataFrame(
        {
            "seed": seeds,
            "outcome": pl.Series(outcome.astype(object), dtype=pl.String),
            "winner": out[:, K.O_WINNER],
            "length": out[:, K.O_LENGTH],
            "rounds": out[:, K.O_ROUNDS],
            "health": out[:, K.O_HEALTH],
            "ammo": out[:, K.O_AMMO],
            "credits": out[:, K.O_CREDITS],
            "kills": out[:, K.O_KILLS],
            "big_bads_killed": out[:, K.O_BIG_KILLS],
            "doors_shot": out[:, K.O_DOORS_SHOT],
            "cards_placed": out[:, K.O_CARDS_PLACED],
            "survived": out[:, K.O_SURVIVED],
        }
    )
