"""Batches of Location CCG games through the compiled kernel (kernel.py), when it can play them.

`play_batch` returns the frame the rules engine gives for the same seeds, or why the batch
needs the engine: a bot written in Python (the search bot too), a keyword, effect or rule
value the kernel does not know, card tables it cannot hold, or seeds or a decision cap wider
than its integers. A game that outgrew the kernel's room is left out of the frame, and the
engine plays it.
"""

from __future__ import annotations

import numpy as np
import polars as pl

from ...core.bots import random_bot
from ...core.cache import CatalogCache
from ...core.compiled import kept, kernel_bots, rule_numbers, tension_columns
from ...core.restricted import unbanned
from ...core.seeds import bot_seed
from . import kernel as K
from .bots import heuristic, value
from .catalog import catalog_for
from .costs import SYMBOLS, Cost, reduced

BOTS = {random_bot: K.BOT_RANDOM, heuristic: K.BOT_HEURISTIC}
TYPES = {
    "character": K.TY_CHAR,
    "modifier": K.TY_MOD,
    "surprise": K.TY_SURPRISE,
    "asset": K.TY_ASSET,
}
PHASES = {"": K.PH_ANY, "mission": K.PH_MISSION_WORD, "production": K.PH_PRODUCTION_WORD}
TARGETS = {
    "none": K.TG_NONE,
    "character": K.TG_CHARACTER,
    "friendly": K.TG_FRIENDLY,
    "defender": K.TG_DEFENDER,
    "damaged": K.TG_DAMAGED,
    "discard": K.TG_DISCARD,
}
EFFECTS = {
    "Atk": K.K_ATK,
    "Def": K.K_DEF,
    "Skl": K.K_SKL,
    "Send Home": K.K_SEND_HOME,
    "Prevent Damage": K.K_PREVENT,
    "Destroy": K.K_DESTROY,
    "Return From Discard": K.K_RETURN,
    "Draw": K.K_DRAW,
    "Bottom": K.K_BOTTOM,
    "Extra Production": K.K_PASSIVE,
    "Shrine Save": K.K_PASSIVE,
}
KEYWORDS = {
    "Mob",
    "Unique",
    "Limited",
    "Gang",
    "Shielded",
    "Recur",
    "Long Range",
    "Toughness",
    "Upkeep",
    "Giant",
}
# The rule variants the kernel plays, each value as the number R holds (None: any number).
RULES = {
    "loc.stack": (K.R_LIFO, {"none": 0, "lifo": 1}),
    "loc.skill_count": (K.R_MISSION_ONLY, {"all_at_location": 0, "mission_only": 1}),
    "loc.turn_limit": (K.R_TURN_LIMIT, None),
    "loc.limit_leader": (K.R_LIMIT_TOKENS, {"locations_then_tokens": 0, "tokens": 1}),
    "loc.payment": (K.R_PAY_CARDS, {"points": 0, "cards": 1}),
    "loc.cost_notation": (None, {"generic_plus_typed": 0, "typed": 1}),  # in the catalog
    "loc.cost_floor": (None, {"reduced_only": 0, "all": 1}),  # in the cost table
    "loc.first_turn": (K.R_NO_PROD, {"full": 0, "no_production": 1}),
    "loc.modifier_limit": (K.R_MOD_ONE, {"per_subtype": 0, "one": 1}),
    "loc.giant": (
        K.R_GIANT,
        {"split": K.GI_SPLIT, "full_each": K.GI_FULL_EACH, "ignore": K.GI_IGNORE},
    ),
    "loc.long_range": (K.R_LR_START, {"on_pairing": 0, "combat_start": 1}),
    "loc.min_attackers": (K.R_MIN_ATT, {0: 0, 1: 1}),
    "loc.unique_leaves": (K.R_UNIQUE_NEWER, {"older": 0, "newer": 1}),
    "loc.mob_counts": (K.R_MOB_IN_PLAY, {"in_play_and_discard": 0, "in_play": 1}),
    "loc.ability_limit": (K.R_PER_NAME, {"per_card": 0, "per_name": 1}),
    "loc.deckout": (K.R_DECK_LOSE, {"no_draw": 0, "lose": 1}),
}


class _Reader:
    """What bots.value reads of a state: its catalog."""

    def __init__(self, cat):
        self.cat = cat


class Tables:
    """The catalog of one (cards, rules) pair as the kernel's tables: cards numbered in the
    order of their names, their costs after every number of Mob reductions, and the
    Locations; `problem` says why the kernel cannot play them."""

    def __init__(self, cards, rules: dict):
        cat = catalog_for(cards, rules)
        self.cat = cat
        self.problem = None
        self.names = sorted(cat.cards)
        self.number = {n: i for i, n in enumerate(self.names)}
        self.locs = sorted(cat.locations)
        self.loc_number = {n: i for i, n in enumerate(self.locs)}
        self.problem = self._card_rows(cat, rules)
        if self.problem is not None:
            return
        self.L = np.zeros((max(1, len(self.locs)), 2), np.int64)
        for i, name in enumerate(self.locs):
            loc = cat.locations[name]
            self.L[i] = (loc.skill, loc.vp)

    def _card_rows(self, cat, rules: dict) -> str | None:
        """The card table (C), each card's costs by visible copies (CL, rows of K) and its
        value to the heuristic (V); or why the kernel cannot hold them."""
        if len(self.names) > K.CARD_CAP:
            return f"{len(self.names)} cards"
        subtypes = sorted({d.subtype for d in cat.cards.values()} | {"modifier"})
        if any(s.endswith("+new") for s in subtypes):
            return "a subtype the rules' modifier keys could mistake"
        sub_id = {s: i for i, s in enumerate(subtypes)}
        self.one_key = sub_id["modifier"]
        most = max((n for deck in cat.decks.values() for n in deck.values()), default=0)
        self.most_by = 2 * most  # the most copies of one card two decks can show
        floor_all = rules.get("loc.cost_floor", "reduced_only") == "all"
        costs: list[Cost] = []
        self.CL = np.zeros((max(1, len(self.names)), self.most_by + 1, 2), np.int64)
        C = np.zeros((max(1, len(self.names)), K.CARD_W), np.int64)
        self.V = np.zeros(max(1, len(self.names)), np.float64)
        reader = _Reader(cat)
        most_x = 0
        for c, name in enumerate(self.names):
            d = cat.cards[name]
            problem = _card_problem(name, d)
            if problem is not None:
                return problem
            r = C[c]
            _card_row(r, name, d, sub_id[d.subtype])
            most_x = max(most_x, r[K.F_UPKEEP], r[K.F_SHRINE])
            if d.ability_cost is not None:
                r[K.F_HAS_AB] = 1
                r[K.F_AB_ROW] = _cost_row(costs, d.ability_cost)
            problem = self._costs_by_copies(c, name, d, costs, floor_all)
            if problem is not None:
                return problem
            self.V[c] = value(reader, name)
        self.gen_row = len(costs)
        for x in range(most_x + 1):
            _cost_row(costs, Cost(x))
        self.K = np.zeros((len(costs), K.COST_W), np.int64)
        for k, cost in enumerate(costs):
            self.K[k, K.CO_GEN] = cost.generic
            self.K[k, K.CO_STARS] = cost.stars
            self.K[k, K.CO_NT] = len(cost.typed)
            for j, ch in enumerate(cost.typed):
                self.K[k, K.CO_T + j] = SYMBOLS.index(ch)
        self.C = C
        return None

    def _costs_by_copies(self, c: int, name: str, d, costs: list, floor_all: bool) -> str | None:
        """CL[c, by]: where card c's costs start in `costs` when `by` copies are visible, and
        how many there are; or why one is too wide."""
        for by in range(self.most_by + 1):
            if not d.has("Mob") and by:
                self.CL[c, by] = self.CL[c, 0]
                continue
            # RulesState.costs_of for `by` visible copies
            if not by and floor_all and d.cost.points == 0 and not d.cost.stars:
                these = [Cost(1)]
            else:
                these = reduced(d.cost, by, floor=True)
            if any(len(x.typed) > K.TYPED_CAP for x in these):
                return f"{name}: a reduced cost too wide"
            self.CL[c, by] = (len(costs), len(these))
            costs.extend(these)
        return None


def _cost_row(costs: list, cost: Cost) -> int:
    """The row of K a cost takes: the next one."""
    costs.append(cost)
    return len(costs) - 1


def _card_problem(name: str, d) -> str | None:
    """Why the kernel cannot play card `d`, or None."""
    if (
        d.type not in TYPES
        or d.phase not in PHASES
        or d.target not in TARGETS
        or any(k not in KEYWORDS for k in d.keywords)
        or len(d.effects) > K.EFF_CAP
    ):
        return f"{name}: a type, phase, target, keyword or effect"
    for e in d.effects:
        if e.keyword not in EFFECTS or e.qualifier or e.scope not in ("", "each friendly here"):
            return f"{name}: effect {e}"
        # (An effect on a character without one as its target is a card problem.)
        if e.keyword == "Return From Discard" and d.target != "discard":
            return f"{name}: Return From Discard with target {d.target}"
    if name == "Scavenge" and d.target != "discard":
        return "the heuristic reads Scavenge's target as a card name"
    typed = [d.cost.typed]
    if d.ability_cost is not None:
        typed.append(d.ability_cost.typed)
    if any(len(t) > K.TYPED_CAP for t in typed):
        return f"{name}: a cost of more than {K.TYPED_CAP} typed points"
    return None


def _card_row(r, name: str, d, sub: int) -> None:
    """Card `d`'s row of the card table (C), but for its ability's cost (a row of K)."""
    r[K.F_TYPE] = TYPES[d.type]
    r[K.F_SUB] = sub
    r[K.F_PHASE] = PHASES[d.phase]
    r[K.F_TARGET] = TARGETS[d.target]
    r[K.F_ATK], r[K.F_DEF], r[K.F_SKL] = d.atk, d.def_, d.skl
    r[K.F_ROWLEN] = len(d.resources)
    for ch in d.resources:
        r[K.F_ROW + SYMBOLS.index(ch)] += 1
    r[K.F_MOB] = d.has("Mob")
    r[K.F_UNIQUE] = d.has("Unique")
    r[K.F_GANG] = d.has("Gang")
    r[K.F_SHIELD] = d.has("Shielded")
    r[K.F_RECUR] = d.has("Recur")
    r[K.F_LR] = d.has("Long Range")
    r[K.F_TOUGH] = d.amount("Toughness")
    r[K.F_HAS_UPKEEP] = d.has("Upkeep")
    r[K.F_UPKEEP] = d.amount("Upkeep")
    r[K.F_GIANT] = d.amount("Giant")
    r[K.F_PSTARS] = d.cost.stars
    r[K.F_PPOINTS] = d.cost.points
    r[K.F_HERE] = any(e.scope == "each friendly here" for e in d.effects)
    r[K.F_XPROD] = d.passive("Extra Production")
    r[K.F_SHRINE] = d.passive("Shrine Save")
    r[K.F_RACKET] = name == "Protection Racket"
    r[K.F_SCAVENGE] = name == "Scavenge"
    r[K.F_NEFF] = len(d.effects)
    for j, e in enumerate(d.effects):
        r[K.F_EFF + 3 * j] = EFFECTS[e.keyword]
        r[K.F_EFF + 3 * j + 1] = e.amount or 0
        r[K.F_EFF + 3 * j + 2] = e.scope == "each friendly here"


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
    bots, banned = unbanned(bots)
    codes = kernel_bots(bots, 2, BOTS, seeds, max_decisions, trace)
    if isinstance(codes, str):
        return codes
    game.new_state(cards, rules, setup)  # the engine's own setup checks and errors
    t = tables_for(cards, rules)
    if t.problem is not None:
        return f"not compiled: {t.problem}"
    R = rule_numbers(rules, RULES, K.R_WIDTH)
    if isinstance(R, str):
        return R
    cat = t.cat
    decks = list(setup["decks"])
    first = setup["first_player"]
    picks = setup["locations"] or []
    R[K.R_FIRST] = -1 if first == "random" else first
    R[K.R_NPICKS] = len(picks)
    for i, name in enumerate(picks):
        R[K.R_PICK + i] = t.loc_number[name]
    R[K.R_HAND] = cat.hand_size
    R[K.R_PROD] = cat.production
    R[K.R_MAX_DECISIONS] = max_decisions
    R[K.R_TRACE] = trace
    R[K.R_NCARDS] = len(t.names)
    R[K.R_ONE_KEY] = t.one_key
    R[K.R_GEN_ROW] = t.gen_row
    DECK = np.zeros((2, K.CARD_CAP, 2), np.int64)
    DECK_N = np.zeros(2, np.int64)
    BROUGHT = np.zeros((2, 3), np.int64)
    for s, deck in enumerate(decks):
        counts = {c: n for c, n in cat.decks[deck].items() if n}
        if (
            len(counts) > K.CARD_CAP
            or sum(counts.values()) > K.ZONE_CAP
            or any(n < 0 for n in counts.values())
        ):
            return f"not compiled: deck {deck} is larger than the kernel's room"
        for j, (card, n) in enumerate(counts.items()):
            DECK[s, j] = (t.number[card], n)
        DECK_N[s] = len(counts)
        brought = cat.deck_locations[deck]
        if len(brought) != 3:
            return f"not compiled: deck {deck} brings {len(brought)} Locations, not 3"
        BROUGHT[s] = [t.loc_number[x] for x in brought]
    # Game.ban_name names the card played, or the card whose ability is used.
    BAN = np.array(
        [[seat in banned and name in banned[seat] for name in t.names] for seat in range(2)],
        np.bool_,
    ).reshape(2, len(t.names))
    seeds = np.asarray(list(seeds), np.int64)
    out, outf = K.play_many(
        seeds,
        bot_seed(seeds),
        R,
        np.array(codes, np.int64),
        BAN,
        t.C,
        t.K,
        t.CL,
        t.L,
        t.V,
        DECK,
        DECK_N,
        BROUGHT,
    )
    return kept(_frame(seeds, out, outf, t.locs, trace), out[:, K.O_STATUS] == K.OK)


def _frame(seeds, out, outf, locs, trace: bool) -> pl.DataFrame:
    """The rows play_out builds from the engine (its row plus LocationState.stats)."""
    outcome = [
        ("timeout" if o == K.TIMEOUT else "draw" if w < 0 else f"Seat {w + 1} wins")
        for o, w in zip(out[:, K.O_OUTCOME].tolist(), out[:, K.O_WINNER].tolist(), strict=True)
    ]
    placed = [
        "; ".join(locs[i] for i in row if i >= 0)
        for row in out[:, K.O_LOCS : K.O_LOCS + 3].tolist()
    ]
    columns = {
        "seed": seeds,
        "outcome": pl.Series(outcome, dtype=pl.String),
        "winner": out[:, K.O_WINNER],
        "length": out[:, K.O_LENGTH],
        "turns": out[:, K.O_TURNS],
        "first": out[:, K.O_FIRST],
        "missions_0": out[:, K.O_MISSIONS],
        "missions_1": out[:, K.O_MISSIONS + 1],
        "vp_0": out[:, K.O_VP],
        "vp_1": out[:, K.O_VP + 1],
        "destroyed_0": out[:, K.O_DESTROYED],
        "destroyed_1": out[:, K.O_DESTROYED + 1],
        "locations": pl.Series(placed, dtype=pl.String),
    }
    if trace:
        columns.update(
            tension_columns(out[:, K.O_LEAD_CHANGES], outf, out[:, K.O_OUTCOME] == K.TIMEOUT)
        )
    return pl.DataFrame(columns)
