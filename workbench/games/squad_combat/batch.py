"""Batches of Squad Combat games through the compiled kernel (kernel.py), when it can play them.

`play_batch` returns the frame the rules engine gives for the same seeds, or why the batch
needs the engine: a bot written in Python, a keyword, timing or rule value the kernel does not
know, card tables whose names the kernel could not tell apart as the engine does, or seeds or
a decision cap wider than its integers. A game that outgrew the kernel's room is left out of
the frame, and the engine plays it.
"""

from __future__ import annotations

import numpy as np
import polars as pl

from ...core.bots import random_bot
from ...core.cache import CatalogCache
from ...core.compiled import kept, kernel_bots, rule_numbers, tension_columns
from ...core.kit import pool_of
from ...core.restricted import unbanned
from ...core.seeds import bot_seed
from . import kernel as K
from .bots import heuristic
from .catalog import catalog_for
from .effects import TRAITS

BOTS = {random_bot: K.BOT_RANDOM, heuristic: K.BOT_HEURISTIC}
KINDS = {"attack": K.ATTACK, "action": K.ACTION, "edge": K.EDGE}
TARGETS = {"none": K.TG_NONE, "enemy": K.TG_ENEMY, "friendly": K.TG_FRIENDLY}
TIMINGS = {
    "any": K.T_ANY,
    "before_reactions": K.T_BEFORE,
    "reaction": K.T_REACTION,
    "after_hit": K.T_AFTER_HIT,
    "": K.T_OTHER,
}
ACTORS = {"any": K.AC_ANY, "defender": K.AC_DEFENDER, "not_defender": K.AC_NOT_DEFENDER}
ABILITIES = {"": K.AB_NONE, "alive": K.AB_ALIVE, "dead": K.AB_DEAD}
KEYWORDS = {
    "Heal": K.K_HEAL,
    "Stun": K.K_STUN,
    "Recover": K.K_RECOVER,
    "Power Up": K.K_POWER_UP,
    "Power Down": K.K_POWER_DOWN,
    "Overcharge": K.K_OVERCHARGE,
    "Reroll": K.K_REROLL,
    "Drain": K.K_DRAIN,
    "Disarm": K.K_DISARM,
    "Suppress": K.K_SUPPRESS,
    "Switch": K.K_SWITCH,
    "Wound": K.K_WOUND,
    "Draw": K.K_DRAW,
    "Dodge": K.K_DODGE,
    "Soak": K.K_SOAK,
    "Boost": K.K_BOOST,
    "Aim": K.K_AIM,
    "Guard": K.K_GUARD,
    "Taunt": K.K_TAUNT,
}
SCOPES = {
    "": K.SC_DEFAULT,
    "target": K.SC_TARGET,
    "self": K.SC_SELF,
    "each friendly": K.SC_FRIENDLY,
    "each enemy": K.SC_ENEMY,
}
# The rule variants the kernel plays, each value as the number R holds (None: any number).
RULES = {
    "sc.ruleset": (K.R_V05, {"v1": 0, "v0_5": 1}),
    "sc.attack": (K.R_CONTEST, {"hit": 0, "contest": 1}),
    "sc.copy_limit": (None, None),  # checked by the engine's setup (Catalog.squad)
    "sc.energy_reset": (K.R_RESET_NEVER, {"end_of_turn": 0, "never": 1}),
    "sc.first_player": (K.R_ROTATE, {"fixed": 0, "rotate": 1}),
    "sc.suppression": (K.R_BLOCKS_REFRESH, {"blocks_reset": 0, "blocks_refresh": 1}),
    "sc.edge_stack": (K.R_LIFO, {"none": 0, "lifo": 1}),
    "sc.overcharge": (
        K.R_OVERCHARGE,
        {"rolled": K.OC_ROLLED, "six": K.OC_SIX, "chosen": K.OC_CHOSEN},
    ),
    "sc.deckout": (K.R_DECK_LOSE, {"reshuffle": 0, "lose": 1}),
    "sc.reactors": (K.R_REACT_DEFENDER, {"any_friendly": 0, "defender": 1}),
    "sc.stun": (K.R_STUN_ONE, {"x": 0, "one": 1}),
    "sc.heal_compare": (K.R_HEAL_PRINTED, {"effective": 0, "printed": 1}),
    "sc.stalemate": (K.R_STALE_DRAW, {"play_on": 0, "draw": 1}),
    "sc.repeat_window": (K.R_REPEAT_SKIP, {"open": 0, "skip": 1}),
    "sc.turn_limit": (K.R_TURN_LIMIT, None),
}


def _pool_tables():
    """pool_of(k) for every pool size: faces highest first, cumulative weights, in order."""
    dists = [pool_of(k) for k in range(K.POOL_CAP + 1)]
    most = max(len(d.outcomes) for d in dists)
    faces = np.zeros((K.POOL_CAP + 1, most, K.POOL_CAP), np.int64)
    cum = np.zeros((K.POOL_CAP + 1, most), np.int64)
    count = np.zeros(K.POOL_CAP + 1, np.int64)
    for k, d in enumerate(dists):
        count[k] = len(d.outcomes)
        cum[k, : count[k]] = np.cumsum(d.weights)
        for i, o in enumerate(d.outcomes):
            faces[k, i, : len(o)] = o
    return faces, cum, count


POOL_FACES, POOL_CUM, POOL_N = _pool_tables()


def _traits(names) -> int:
    return sum(1 << TRAITS.index(t) for t in names)


class Tables:
    """The catalog of one (cards, rules) pair as the kernel's integer tables: the cards in
    table order, then each character's abilities; `problem` says why the kernel cannot play
    them."""

    def __init__(self, cards, rules: dict):
        cat = catalog_for(cards, rules)
        self.problem = None
        self.chars = {name: i for i, name in enumerate(cat.characters)}
        sources = self._number_sources(cat)
        # The first problem met, or None; the tables after it are not made.
        self.problem = (
            self._room(cat, sources) or self._source_rows(sources) or self._character_rows(cat)
        )
        if self.problem is None:
            self.cat = cat

    def _number_sources(self, cat) -> list:
        """The cards in table order, then each character's abilities: their numbers in SRC."""
        sources = list(cat.cards.values())
        self.ability = {}
        for cname, ch in cat.characters.items():
            for ab in ch.abilities:
                self.ability[(cname, ab.name)] = len(sources)
                sources.append(ab)
        self.names = [s.name for s in sources]
        self.number = {s.name: i for i, s in enumerate(sources) if not s.ability}
        return sources

    def _room(self, cat, sources: list) -> str | None:
        """Why the kernel cannot tell the sources apart or hold them, or None."""
        taken = set(self.names)
        # The engine tells cards, abilities and damage tokens apart by name alone.
        if len(taken) != len(self.names) or any(f"{n} token" in taken for n in self.names):
            return "two sources share a name"
        if len(sources) > K.SRC_CAP:
            return f"{len(sources)} cards and abilities"
        if len(cat.characters) > K.DEF_CAP:
            return f"{len(cat.characters)} characters"
        return None

    def _source_rows(self, sources: list) -> str | None:
        """The cards and abilities (SRC) and their keywords (EFF), or why one cannot be
        played."""
        effects = []
        self.SRC = np.zeros((max(1, len(sources)), K.SRC_W), np.int64)
        for i, s in enumerate(sources):
            problem = _source_problem(s)
            if problem is not None:
                return problem
            row = self.SRC[i]
            row[K.SK_KIND] = KINDS[s.kind]
            row[K.SK_TRAITS] = _traits(s.traits)
            row[K.SK_CHAR] = -1 if s.character is None else self.chars.get(s.character, -2)
            row[K.SK_ENERGY] = s.cost.energy
            row[K.SK_NDICE] = len(s.cost.dice)
            row[K.SK_DICE : K.SK_DICE + len(s.cost.dice)] = s.cost.dice
            row[K.SK_CARDS] = s.cost.cards
            row[K.SK_ATK] = s.atk
            row[K.SK_DAMAGE] = s.damage
            row[K.SK_TARGET] = TARGETS[s.target]
            row[K.SK_TARGETS] = s.targets
            row[K.SK_TIMING] = TIMINGS[s.timing]
            row[K.SK_ACTOR] = ACTORS[s.actor]
            row[K.SK_ABILITY] = ABILITIES[s.ability]
            row[K.SK_MATTERS] = s.actor_matters
            row[K.SK_NEFF] = len(s.effects)
            row[K.SK_EFF] = len(effects)
            for e in s.effects:
                effects.append((KEYWORDS[e.keyword], e.amount or 0, SCOPES[e.scope]))
        self.EFF = np.array(effects or [(0, 0, 0)], np.int64)
        return None

    def _character_rows(self, cat) -> str | None:
        """The characters' cards (CHD), or why one cannot be played."""
        self.CHD = np.zeros((max(1, len(cat.characters)), K.CHD_W), np.int64)
        for d, (cname, ch) in enumerate(cat.characters.items()):
            if (
                len(ch.pool.fixed) + ch.pool.random > K.POOL_CAP
                or len(ch.resist) > 8
                or len(ch.hardened) > 8
                or len(ch.abilities) > 8
                or any(t not in TRAITS for t in ch.traits)
                or any(t not in TRAITS for t, _ in ch.resist + ch.hardened)
            ):
                return f"{cname}: a pool, passive or ability list"
            row = self.CHD[d]
            row[K.D_TRAITS] = _traits(ch.traits)
            row[K.D_HP] = ch.hp
            row[K.D_ENERGY] = ch.energy
            row[K.D_NFIXED] = len(ch.pool.fixed)
            row[K.D_FIXED : K.D_FIXED + len(ch.pool.fixed)] = ch.pool.fixed
            row[K.D_RANDOM] = ch.pool.random
            row[K.D_REFRESH] = ch.refresh
            row[K.D_NRES] = len(ch.resist)
            for k, (t, x) in enumerate(ch.resist):
                row[K.D_RES + 2 * k : K.D_RES + 2 * k + 2] = (TRAITS.index(t), x)
            row[K.D_NHARD] = len(ch.hardened)
            for k, (t, x) in enumerate(ch.hardened):
                row[K.D_HARD + 2 * k : K.D_HARD + 2 * k + 2] = (TRAITS.index(t), x)
            row[K.D_NAB] = len(ch.abilities)
            for k, ab in enumerate(ch.abilities):
                row[K.D_AB + k] = self.ability[(cname, ab.name)]
        return None


def _source_problem(s) -> str | None:
    """Why the kernel cannot play a card or ability, or None."""
    if (
        s.kind not in KINDS
        or s.target not in TARGETS
        or s.timing not in TIMINGS
        or s.actor not in ACTORS
        or s.ability not in ABILITIES
        or len(s.cost.dice) > K.COST_DICE_CAP
        or any(t not in TRAITS for t in s.traits)
    ):
        return f"{s.name}: a kind, target, timing, actor or cost"
    for e in s.effects:
        if e.keyword not in KEYWORDS or e.scope not in SCOPES or e.qualifier:
            return f"{s.name}: keyword {e}"
    names = {e.keyword for e in s.effects}
    if names & {"Dodge", "Taunt"} and not s.actor_matters:
        return f"{s.name}: the heuristic reads its acting character"
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
) -> pl.DataFrame | str:
    squads = list(setup["squads"])
    seats = len(squads)
    bots, banned = unbanned(bots)
    codes = kernel_bots(bots, seats, BOTS, seeds, max_decisions, trace)
    if isinstance(codes, str):
        return codes
    if not 2 <= seats <= K.SEATS_CAP:
        return f"{seats} squads are more than the kernel's room ({K.SEATS_CAP})"
    state = game.new_state(cards, rules, setup)  # the engine's own setup checks and errors
    t = tables_for(cards, rules)
    if t.problem is not None:
        return f"not compiled: {t.problem}"
    R = rule_numbers(rules, RULES, K.R_WIDTH)
    if isinstance(R, str):
        return R
    R[K.R_CONTEST] = R[K.R_CONTEST] or R[K.R_V05]  # v0.5 always contests (R-19 .. R-22)
    R[K.R_SEATS] = seats
    R[K.R_FIXED_FIRST] = -1 if state.fixed_first is None else state.fixed_first
    R[K.R_MAX_DECISIONS] = max_decisions
    R[K.R_TRACE] = trace
    SQ_CHARS = np.zeros((seats, 3), np.int64)
    SQ_DECK = np.zeros((seats, K.PILE_CAP, 2), np.int64)
    SQ_DN = np.zeros(seats, np.int64)
    for s, name in enumerate(squads):
        squad = t.cat.squads[name]
        if len(set(squad.characters)) != 3:  # the engine finds a character by name
            return f"not compiled: squad {name} names a character twice"
        SQ_CHARS[s] = [t.chars[c] for c in squad.characters]
        counts: dict[str, int] = {}
        for card, n in squad.deck:
            counts[card] = counts.get(card, 0) + n
        counts = {c: n for c, n in counts.items() if n}
        if (
            len(counts) > K.PILE_CAP
            or sum(counts.values()) > K.HAND_CAP
            or any(c not in t.number for c in counts)
        ):
            return f"not compiled: squad {name}'s deck (too large, or a card it cannot copy)"
        for j, (card, n) in enumerate(counts.items()):
            SQ_DECK[s, j] = (t.number[card], n)
        SQ_DN[s] = len(counts)
    # Game.ban_name names a played card or a used ability: a source, by its unique name.
    BAN = np.array(
        [[seat in banned and name in banned[seat] for name in t.names] for seat in range(seats)],
        np.bool_,
    ).reshape(seats, len(t.names))
    seeds = np.asarray(list(seeds), np.int64)
    out, outf, played = K.play_many(
        seeds,
        bot_seed(seeds),
        R,
        np.array(codes, np.int64),
        BAN,
        t.SRC,
        t.EFF,
        t.CHD,
        SQ_CHARS,
        SQ_DECK,
        SQ_DN,
        POOL_FACES,
        POOL_CUM,
        POOL_N,
    )
    return kept(_frame(seeds, out, outf, played, seats, t.names, trace), out[:, K.O_STATUS] == K.OK)


def _frame(seeds, out, outf, played, seats: int, names, trace: bool) -> pl.DataFrame:
    """The rows play_out builds from the engine (its row plus SquadState.stats), as columns."""
    outcome = [
        ("timeout" if o == K.TIMEOUT else "draw" if w < 0 else f"Seat {w + 1} wins")
        for o, w in zip(out[:, K.O_OUTCOME].tolist(), out[:, K.O_WINNER].tolist(), strict=True)
    ]
    columns = {
        "seed": seeds,
        "outcome": pl.Series(outcome, dtype=pl.String),
        "winner": out[:, K.O_WINNER],
        "length": out[:, K.O_LENGTH],
        "first": out[:, K.O_FIRST],
        "turns": out[:, K.O_TURNS],
        "hits": out[:, K.O_HITS],
        "misses": out[:, K.O_MISSES],
        "negated": out[:, K.O_NEGATED],
        "deaths": out[:, K.O_DEATHS],
        "refreshes": out[:, K.O_REFRESHES],
        "edges": out[:, K.O_EDGES],
    }
    order = np.argsort(np.array(names, dtype=object), kind="stable")
    for s in range(seats):
        columns[f"alive_{s}"] = out[:, K.O_ALIVE + s]
        columns[f"hp_{s}"] = out[:, K.O_HP + s]
        columns[f"played_{s}"] = pl.Series(
            ["|".join(names[k] for k in order if row[k]) for row in played[:, s, : len(names)]],
            dtype=pl.String,
        )
    if trace:
        columns.update(
            tension_columns(out[:, K.O_LEAD_CHANGES], outf, out[:, K.O_OUTCOME] == K.TIMEOUT)
        )
    return pl.DataFrame(columns)
