"""Batches of Armies games through the compiled kernel (kernel.py), when it can play them.

`play_batch` returns the frame the rules engine gives for the same seeds, or why the batch
needs the engine: a bot written in Python (the rollout bot among them), seeds or a decision
cap wider than its integers, a rule variant or value it does not know, or tables that outgrow
its room. A game that outgrew the kernel's room is left out of the frame, and the engine
plays it.
"""

from __future__ import annotations

from math import comb

import numpy as np
import polars as pl

from ...core.bots import random_bot
from ...core.cache import CatalogCache
from ...core.compiled import kept, kernel_bots, rule_numbers, tension_columns
from ...core.restricted import unbanned
from ...core.seeds import bot_seed
from . import kernel as K
from .bots import heuristic
from .catalog import SEATS, catalog_for
from .vocab import DOMAINS, ability_problem, unplayable_through

BOTS = {random_bot: K.BOT_RANDOM, heuristic: K.BOT_HEURISTIC}
TYPES = {
    "leader": K.TY_LEADER,
    "maneuver": K.TY_MANEUVER,
    "technique": K.TY_TECHNIQUE,
    "boon": K.TY_BOON,
    "curse": K.TY_CURSE,
    "training": K.TY_TRAINING,
    "strategy": K.TY_STRATEGY,
}
CLASSES = {
    "": K.KL_NONE,
    "hero": K.KL_HERO,
    "elite": K.KL_ELITE,
    "leader": K.KL_LEADER,
    "army": K.KL_ARMY,
    "general": K.KL_GENERAL,
}
KINDS = {
    "activated": K.AK_ACTIVATED,
    "major": K.AK_MAJOR,
    "enemy_major": K.AK_ENEMY_MAJOR,
    "global_major": K.AK_GLOBAL_MAJOR,
    "global": K.AK_GLOBAL,
    "granted_major": K.AK_GRANTED_MAJOR,
}
EXTRAS = {
    "": K.AX_NONE,
    "sacrifice_leader": K.AX_SACRIFICE,
    "discard_2": K.AX_DISCARD_2,
    "spend_politician": K.AX_POLITICIAN,
}
EFFECTS = {
    "offense": K.AE_OFFENSE,
    "stop_move": K.AE_STOP_MOVE,
    "destroy_curse": K.AE_DESTROY_CURSE,
    "skip_war": K.AE_SKIP_WAR,
    "ranged": K.AE_RANGED,
}
# Rule variants: key -> (R slot, {value: number}); None for a whole number.
RULES = {
    "arm.power": (K.R_POWER_DICE, {"fixed": 0, "dice": 1}),
    "arm.training_per_turn": (K.R_TRAINING_UNLIMITED, {1: 0, "unlimited": 1}),
    "arm.ability_speed": (K.R_INSTANT, {"sorcery": 0, "instant": 1}),
    "arm.cloak_scope": (K.R_CLOAK_ARMY, {"army": 1, "leader_only": 0}),
    "arm.deckout": (K.R_DECKOUT_LOSE, {"no_draw": 0, "lose": 1}),
    "arm.general_is_army_for_boons": (K.R_GENERAL_BOONS, {False: 0, True: 1}),
    "arm.sacrifice_from": (K.R_SACRIFICE_HAND, {"play": 0, "play_or_hand": 1}),
    "arm.draw_after": (K.R_DRAW_AFTER, None),
}
END = {
    K.RS_NONE: "",
    K.RS_DRAW: "draw",
    K.RS_WAR: "war",
    K.RS_DECK: "deck",
    K.RS_GENERAL: "general",
}
BIN = np.array(
    [[comb(n, k) for k in range(K.DICE_CAP + 1)] for n in range(K.DICE_CAP + 1)], np.int64
)


class Tables:
    """The catalog of one (cards, rules) pair as the kernel's arrays: cards and abilities in
    the catalog's order; `problem` says why the kernel cannot play them."""

    def __init__(self, cards, rules: dict):
        cat = catalog_for(cards, rules)
        self.cat = cat
        self.problem = None
        names = list(cat.cards)
        if len(names) > K.CARDCAP:
            self.problem = f"{len(names)} cards"
        self.index = {n: i for i, n in enumerate(names)}
        abilities = list(cat.abilities.values())
        aindex = {a.id: i for i, a in enumerate(abilities)}
        rank = {n: i for i, n in enumerate(sorted(names))}
        # One table: the cards' rows, then the abilities' (a card names its abilities by row).
        base = len(names)
        self.T = np.zeros((base + len(abilities), K.CT_W), np.int64)  # AT_W < CT_W
        for i, a in enumerate(abilities):
            # The card table refuses these (cards.py): a CardSet built past its checks.
            if ability_problem(a.kind, a.extra, a.effect):
                self.problem = f"ability {a.id!r}: {a.kind}, {a.extra or 'no extra'}, {a.effect}"
            row = self.T[base + i]
            row[K.AT_CARD] = self.index.get(a.card, -1)
            row[K.AT_KIND] = KINDS[a.kind]
            row[K.AT_GEN] = a.generic
            row[K.AT_LET : K.AT_LET + 5] = a.letters
            row[K.AT_EXTRA] = EXTRAS[a.extra]
            row[K.AT_EFFECT] = EFFECTS[a.effect]
            row[K.AT_AMOUNT] = a.amount
            row[K.AT_MAJOR] = a.major
        for i, name in enumerate(names):
            c = cat.cards[name]
            e = c.effects
            row = self.T[i]
            row[K.CT_TYPE] = TYPES[c.type]
            row[K.CT_KLASS] = CLASSES[c.klass]
            row[K.CT_GEN] = c.generic
            row[K.CT_LET : K.CT_LET + 5] = c.letters
            row[K.CT_OFF] = c.offense
            row[K.CT_DEF] = c.defense
            row[K.CT_FLAGS] = sum(1 << b for b, word in enumerate(K.FLAG_WORDS) if word in e)
            draw = e.get("draw")
            row[K.CT_DRAWKIND] = (
                K.DR_NONE
                if draw is None
                else K.DR_EXTRA_LEADERS
                if draw == "extra_leaders"
                else K.DR_DOMAINS
                if draw == "domains"
                else K.DR_COUNT
            )
            row[K.CT_DRAWN] = draw if isinstance(draw, int) else 0
            row[K.CT_RANGED] = e.get("ranged", 0)
            row[K.CT_DEFEND] = e.get("defend", 0)
            row[K.CT_TRAIN] = DOMAINS.index(e["train"]) if "train" in e else -1
            row[K.CT_TOKENS] = e.get("snow") or e.get("surprise") or 0
            row[K.CT_POLITICIAN] = "Politician" in c.subtypes
            if len(c.abilities) > K.ABCAP:
                self.problem = f"{name} has {len(c.abilities)} abilities"
            row[K.CT_NAB] = min(len(c.abilities), K.ABCAP)
            for k, a in enumerate(c.abilities[: K.ABCAP]):
                row[K.CT_AB + k] = base + aindex[a.id]
            row[K.CT_RANK] = rank[name]
            row[K.CT_MAJOR] = c.major
            row[K.CT_THROUGH] = c.through
            row[K.CT_COST] = c.cost
            row[K.CT_GRANTS] = bool(c.traits) or any(a.kind == "granted_major" for a in c.abilities)
            if unplayable_through(c.type, e):  # refused by the card table too
                self.problem = f"{name}: an effect on a piece it is not played through"


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
    log=None,
    stop: int = -1,
) -> pl.DataFrame | str:
    """The engine's rows for `seeds`, or None. For tests that follow a game inside: `log`
    (rows of 4) receives the first game's decisions as (phase, options, choice, seat), and
    with `stop` >= 0 the first game halts at that decision and its vector W comes back."""
    bots, banned = unbanned(bots)
    codes = kernel_bots(bots, 2, BOTS, seeds, max_decisions, trace)
    if isinstance(codes, str):
        return codes
    state = game.new_state(cards, rules, setup)  # the engine's own setup checks and errors
    t = tables_for(cards, rules)
    if t.problem is not None:
        return f"not compiled: {t.problem}"
    R = rule_numbers(rules, RULES, K.R_WIDTH, least=1)
    if isinstance(R, str):
        return R
    first = setup["first_player"]
    R[K.R_FIRST] = -1 if first == "random" else SEATS.index(first)
    R[K.R_OPENING] = t.cat.opening_hand
    R[K.R_MAX_DECISIONS] = max_decisions
    R[K.R_TRACE] = trace
    for seat in (0, 1):
        R[K.R_GENERALS + 5 * seat : K.R_GENERALS + 5 * seat + 5] = state.general(seat).maxs
    DKI = np.zeros((2, K.DCAP), np.int64)
    DKC = np.zeros((2, K.DCAP), np.int64)
    DKL = np.zeros(2, np.int64)
    for seat, deck in enumerate(setup["decks"]):
        counts = {c: n for c, n in t.cat.decks[deck].counts.items() if n}
        if (
            len(counts) > K.DCAP
            or sum(counts.values()) + t.cat.opening_hand > K.HCAP // 2
            or any(c not in t.index for c in counts)
        ):
            return f"not compiled: deck {deck} is larger than the kernel's room"
        for j, (card, n) in enumerate(counts.items()):
            DKI[seat, j] = t.index[card]
            DKC[seat, j] = n
        DKL[seat] = len(counts)
    # Game.ban_name names the card played; the kernel numbers cards in the catalog's order.
    BAN = np.array(
        [[seat in banned and name in banned[seat] for name in t.index] for seat in (0, 1)], np.bool_
    ).reshape(2, len(t.index))
    seeds = np.asarray(list(seeds), np.int64)
    out, outf, W = K.play_many(
        seeds,
        bot_seed(seeds),
        R,
        np.array(codes, np.int64),
        BAN,
        t.T,
        BIN,
        DKI,
        DKC,
        DKL,
        np.zeros((1, 4), np.int64) if log is None else log,
        stop,
    )
    if stop >= 0:
        return W
    return kept(_frame(seeds, out, outf, trace), out[:, K.O_STATUS] == K.OK)


def _frame(seeds, out, outf, trace: bool) -> pl.DataFrame:
    """The rows play_out builds from the engine (its row plus ArmiesState.stats), as
    columns."""
    outcome = [
        ("timeout" if o == K.TIMEOUT else "draw" if w < 0 else f"{SEATS[w]} wins")
        for o, w in zip(out[:, K.O_OUTCOME].tolist(), out[:, K.O_WINNER].tolist(), strict=True)
    ]
    columns = {
        "seed": seeds,
        "outcome": pl.Series(outcome, dtype=pl.String),
        "winner": out[:, K.O_WINNER],
        "length": out[:, K.O_LENGTH],
        "first": out[:, K.O_FIRST],
        "turns": out[:, K.O_TURNS],
        "end": pl.Series([END[e] for e in out[:, K.O_REASON].tolist()], dtype=pl.String),
    }
    for name, at in (
        ("captures_0", K.O_CAP0),
        ("captures_1", K.O_CAP1),
        ("cards_0", K.O_CARDS0),
        ("cards_1", K.O_CARDS1),
        ("general_losses_0", K.O_GL0),
        ("general_losses_1", K.O_GL1),
        ("attacks", K.O_ATTACKS),
        ("attacks_won", K.O_WON),
        ("disrupted", K.O_DISRUPTED),
    ):
        columns[name] = out[:, at]
    if trace:
        columns.update(
            tension_columns(out[:, K.O_LEAD_CHANGES], outf, out[:, K.O_OUTCOME] == K.TIMEOUT)
        )
    return pl.DataFrame(columns)
