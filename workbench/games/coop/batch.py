"""Batches of co-op games through the compiled kernel (kernel.py), when it can play them.

`play_batch` returns the frame `simulate` would build from the rules engine, or why the batch
needs the engine: a bot written in Python, the `agent` loot policy, or cards the kernel does
not copy. A game that reaches a position the kernel does not copy is left out of the frame,
and the engine plays it (and says what is wrong).
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import polars as pl

from ...core.bots import random_bot
from ...core.cache import CatalogCache
from ...core.chance import dice_highest, dice_sum
from ...core.compiled import kept, kernel_bots
from ...core.seeds import bot_seed
from . import kernel as K
from .bots import _encounter_threat, _item_value, _p_hit, heuristic
from .catalog import MELEE, RANGED, catalog_for

FAMILIES = {
    "Sword": K.F_SWORD,
    "Dagger": K.F_DAGGER,
    "Bow": K.F_BOW,
    "Armor": K.F_ARMOR,
    "Spell": K.F_SPELL,
    "Shield": K.F_SHIELD,
}
SPECIALS = {
    "none": K.SP_NONE,
    "ranged_dagger": K.SP_NONE,
    "auto_hits": K.SP_AUTO,
    "double_own_damage": K.SP_DOUBLE,
    "heal_on_hit": K.SP_HEAL_ON_HIT,
    "regen_round": K.SP_REGEN,
    "reflect_half": K.SP_REFLECT,
}
GROUP_BY = {"dice_and_type": 0, "dice_only": 1, "never": 2}
BOTS = {random_bot: K.BOT_RANDOM, heuristic: K.BOT_HEURISTIC}
MAX_ITEMS = 62  # the items a game ends with travel as bits of one integer


class Tables:
    """The catalog of one (cards, rules) pair as the kernel's integer tables."""

    def __init__(self, cards, rules: dict):
        cat = catalog_for(cards, rules)
        self.dtypes = {MELEE: K.MELEE, RANGED: K.RANGED}
        items = list(cat.items.values())
        self.item_ids = [it.id for it in items]
        self.item_index = {it.id: i for i, it in enumerate(items)}
        self.problem = self._item_table(items) or self._enemy_tables(cat)
        if self.problem is not None:
            return
        self._judgements(cat)
        self.LOOT_ITEMS = np.array([self.item_index[i] for i in cat.loot_copies], np.int64)
        self.LOOT_COPIES = np.array(list(cat.loot_copies.values()), np.int64)
        roll = rules["coop.roll"]
        dice = [1, *(it.dice for it in items), *(e.dice for e in cat.enemies.values())]
        top = max(dice)
        self._roll_tables(top, roll)
        self.problem = self._hit_table(cat, items, top, roll)
        if self.problem is not None:
            return
        self.enemy_cap = max([1, *(c.base + c.k for c in cat.encounters.values())])
        self.card_cap = int(self.LOOT_COPIES.sum()) + 8

        self.item_id_array = np.array(self.item_ids, dtype=object)
        self.sorted_items = np.argsort(self.item_id_array, kind="stable").astype(np.int64)

    def dtype_code(self, name: str) -> int:
        return self.dtypes.setdefault(name, len(self.dtypes))

    def _item_table(self, items: list) -> str | None:
        """ITEM: one row per loot item; or why the kernel cannot copy them."""
        if len(items) > MAX_ITEMS:
            return f"more than {MAX_ITEMS} loot items"
        self.ITEM = np.zeros((len(items), 11), np.int64)
        for i, it in enumerate(items):
            if it.family not in FAMILIES or it.special not in SPECIALS:
                return f"item {it.id}: {it.family} / {it.special}"
            self.ITEM[i] = (
                FAMILIES[it.family],
                it.hands,
                it.dice,
                it.damage,
                self.dtype_code(it.dtype),
                it.hits,
                it.heal,
                it.armor,
                it.dodge,
                SPECIALS[it.special],
                it.is_source,
            )
        return None

    def _enemy_tables(self, cat) -> str | None:
        """KIND (one row per enemy kind) and ENC (one per encounter card); or why not."""
        kinds = list(cat.enemies)
        self.KIND = np.array(
            [[e.health, e.armor, e.dodge, e.damage, e.dice] for e in cat.enemies.values()], np.int64
        ).reshape(-1, 5)
        cards_ = list(cat.encounters.values())
        self.enc_ids = [c.id for c in cards_]
        self.ENC = np.array(
            [
                [
                    kinds.index(c.enemy) if c.enemy in kinds else -1,
                    c.base,
                    c.k,
                    c.loot,
                    c.first_allowed,
                ]
                for c in cards_
            ],
            np.int64,
        ).reshape(-1, 5)
        if (self.ENC[:, K.E_KIND] < 0).any():
            return "an encounter names an unknown enemy"
        return None

    def _judgements(self, cat) -> None:
        # The heuristic's card judgements read only the catalog: take them from the heuristic
        # itself, so both paths compare exactly the same floats.
        judge = SimpleNamespace(cat=cat)
        self.ITEM_VALUE = np.array([_item_value(judge, i) for i in self.item_ids], np.float64)
        self.ENC_THREAT = np.array([_encounter_threat(judge, c) for c in self.enc_ids], np.float64)

    def _roll_tables(self, top: int, roll: str) -> None:
        """DOUT, DCUM and DLEN: the outcomes and cumulative weights of each roll of 0 to `top`
        dice (none for a roll that does not exist)."""
        width = 6 * top + 1
        self.DOUT = np.zeros((top + 1, width), np.int64)
        self.DCUM = np.zeros((top + 1, width), np.int64)
        self.DLEN = np.zeros(top + 1, np.int64)
        for n in range(top + 1):
            try:
                dist = dice_sum(n) if roll == "sum" else dice_highest(n)
            except ValueError:
                continue  # no such roll (highest of 0 dice); the kernel hands it back
            m = len(dist.outcomes)
            self.DOUT[n, :m] = dist.outcomes
            self.DCUM[n, :m] = dist.cum
            self.DLEN[n] = m

    def _hit_table(self, cat, items: list, top: int, roll: str) -> str | None:
        """PHIT: the chance that n dice hit each dodge; or why not (an attack source rolls a
        number of dice that has no roll)."""
        dodges = max([4, *(2 * e.dodge for e in cat.enemies.values())])
        self.PHIT = np.full((top + 1, dodges + 3), np.nan)
        for n in range(top + 1):
            if self.DLEN[n]:
                self.PHIT[n] = [_p_hit(n, d, roll) for d in range(-1, dodges + 2)]
            elif any(it.dice == n and it.is_source for it in items):
                return f"no {n}-dice roll under coop.roll = {roll}"
        return None


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
) -> pl.DataFrame | str | None:
    if trace:  # a party wins or loses together: there is no lead to trace
        return None
    if rules["coop.loot_policy"] != "draft":
        return f"variant coop.loot_policy = {rules['coop.loot_policy']!r} is not compiled"
    codes = kernel_bots(bots, len(setup["players"]), BOTS, seeds, max_decisions, False)
    if isinstance(codes, str):
        return codes
    state = game.new_state(cards, rules, setup)  # the engine's own setup checks and errors
    t = tables_for(cards, rules)
    if t.problem is not None:
        return f"not compiled: {t.problem}"
    n = state.num_seats
    CLS = np.array(
        [
            [p.cls.health, p.cls.armor, p.cls.dodge, p.cls.damage, t.dtype_code(p.cls.dtype)]
            for p in state.players
        ],
        np.int64,
    )
    first = setup["first_encounter"]
    CFG = np.zeros(K.CFG_WIDTH, np.int64)
    CFG[K.G_SEATS] = n
    CFG[K.G_NEEDED] = state.battles_needed
    CFG[K.G_FIRST_ENC] = -1 if first is None else t.enc_ids.index(first)
    CFG[K.G_EASY] = setup["easy_start"]
    CFG[K.G_LEADER_CHOOSE] = rules["coop.first_leader"] == "choose"
    CFG[K.G_PLACE_FIXED] = rules["coop.placement"] == "fixed_numbers"
    CFG[K.G_GROUP_BY] = GROUP_BY[rules["coop.group_by"]]
    CFG[K.G_ACTION_HEAL] = rules["coop.healing"] == "action_heal"
    CFG[K.G_SINGLE_TARGET] = bool(rules["coop.single_target_per_turn"])
    CFG[K.G_MELEE_FRONT] = bool(rules["coop.melee_only_front"])
    CFG[K.G_MELEE_SCOPE] = rules["coop.melee_front_scope"] == "melee_only_players"
    CFG[K.G_ORPHANS_IDLE] = rules["coop.orphans"] != "reroll"
    CFG[K.G_LEADER_PER_BATTLE] = rules["coop.leader_passes"] == "per_battle"
    CFG[K.G_LOOT_RESHUFFLE] = bool(rules["coop.loot_reshuffle"])
    CFG[K.G_MAX_DECISIONS] = max_decisions
    CFG[K.G_ENEMY_CAP] = t.enemy_cap
    CFG[K.G_CARD_CAP] = t.card_cap
    seeds = np.asarray(list(seeds), np.int64)
    out = K.play_many(
        seeds,
        bot_seed(seeds),
        CFG,
        np.array(codes, np.int64),
        CLS,
        t.ITEM,
        t.ITEM_VALUE,
        t.KIND,
        t.ENC,
        t.ENC_THREAT,
        t.LOOT_ITEMS,
        t.LOOT_COPIES,
        t.DOUT,
        t.DCUM,
        t.DLEN,
        t.PHIT,
    )
    return kept(_frame(t, seeds, out), out[:, K.O_STATUS] == K.OK)


OUTCOME_NAMES = np.array(["win", "loss", "timeout"], dtype=object)  # by K.WIN, K.LOSS, ...
COLUMNS = {
    "battles_won": K.O_BATTLES_WON,
    "rounds": K.O_ROUNDS,
    "encounters": K.O_ENCOUNTERS,
    "encounters_won": K.O_ENCOUNTERS_WON,
    "knockouts": K.O_KNOCKOUTS,
    "loot_drawn": K.O_LOOT_DRAWN,
    "enemies_defeated": K.O_DEFEATED,
}


def _frame(t: Tables, seeds, out) -> pl.DataFrame:
    """The rows simulate builds from the engine (play_out plus CoopState.stats), as columns."""
    n = len(seeds)
    games = pl.DataFrame(
        {
            "seed": seeds,
            "outcome": pl.Series(OUTCOME_NAMES[out[:, K.O_OUTCOME]], dtype=pl.String),
            "winner": np.full(n, -1, np.int64),  # a co-op party wins or loses together
            "length": out[:, K.O_LENGTH],
            **{name: out[:, col] for name, col in COLUMNS.items()},
            "rounds_per_encounter": out[:, K.O_ROUNDS] / np.maximum(1, out[:, K.O_ENCOUNTERS]),
            "items_equipped": out[:, K.O_ITEMS],
        }
    )
    # The items equipped at the end, as sorted ids: one (row, item) pair per set bit of the
    # kernel's mask, the items taken in sorted-id order so each row's list comes out sorted.
    order = t.sorted_items
    bits = (out[:, K.O_USED, None] >> order[None, :]) & 1
    rows, cols = np.nonzero(bits)
    pairs = pl.DataFrame(
        {
            "row": rows.astype(np.int64),
            "used": pl.Series(t.item_id_array[order][cols], dtype=pl.String),
        }
    )
    used = pairs.group_by("row", maintain_order=True).agg("used")
    games = games.with_row_index("row").with_columns(pl.col("row").cast(pl.Int64))
    games = games.join(used, on="row", how="left", maintain_order="left").drop("row")
    return games.with_columns(pl.col("used").fill_null(pl.lit([], dtype=pl.List(pl.String))))
