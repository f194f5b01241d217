"""What-if questions about Soldiers! Aliens! Carnage!: the exact d20 odds of shots and salvos,
what 10,000 deals of the poker deck build, how big a table they need, and how the soldier's
survival changes with starting ammunition.

    from workbench.games.sac.analysis import shot_odds, deal_stats, ammo_survival
    shot_odds()                       # kill chance and expected damage back, per enemy
    deals = deal_stats(10_000)        # one row per deal
    ammo_survival([5, 10, 20], 400)   # a sweep of params.ammo.value
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache

import polars as pl

from ...core import get_game
from ...core.kit import sum_of
from ...core.seeds import check_seed
from ...sim import sweep, wilson
from ...sim.guard import whole
from . import cards52 as C
from .catalog import catalog_for
from .generate import build

GAME = "sac"


# -- exact odds -------------------------------------------------------------------------------


def shot(
    health: int, dice: int = 1, cover: int = 0, rule: str = "remaining"
) -> tuple[Fraction, Fraction]:
    """One shot (dice = 1) or salvo (dice = 3) at an enemy with `health` (R-18): the chance it
    kills, and the damage the shooter should expect back (the enemy's remaining health when it
    survives; its whole health under `miss_on_fail`)."""
    dist = sum_of(dice, 20)
    kill, back = 0, 0
    for total, weight in zip(dist.outcomes, dist.weights, strict=True):
        damage = max(0, total - cover)
        if damage >= health:
            kill += weight
        else:
            back += weight * (health if rule == "miss_on_fail" else health - damage)
    return Fraction(kill, dist.total), Fraction(back, dist.total)


def kill_within(health: int, shots: int, cover: int = 0) -> Fraction:
    """The chance that single shots kill an enemy of `health` within `shots` shots, each
    taking its roll off the enemy's health (R-18)."""
    return _kill_within(health, shots, cover)


@lru_cache(maxsize=4096)
def _kill_within(health: int, shots: int, cover: int) -> Fraction:
    if shots == 0:
        return Fraction(0)
    p = Fraction(0)
    for roll in range(1, 21):
        damage = max(0, roll - cover)
        p += Fraction(1, 20) * (
            1 if damage >= health else _kill_within(health - damage, shots - 1, cover)
        )
    return p


def shot_odds(healths=(2, 3, 4, 5, 6, 7, 8, 9, 10, 20), cover: int = 0) -> pl.DataFrame:
    """For each enemy health (the ranks, and 20 for a Big Bad): a shot's and a salvo's chance
    to kill and expected damage back, and the chance that three single shots (the same ammo
    as a salvo) kill it; as floats for people (`shot` and `kill_within` give the fractions)."""
    rows = []
    for h in healths:
        p1, back1 = shot(h, 1, cover)
        p3, back3 = shot(h, 3, cover)
        rows.append(
            {
                "enemy health": h,
                "shot kills": float(p1),
                "shot: damage back": float(back1),
                "salvo kills": float(p3),
                "salvo: damage back": float(back3),
                "3 shots kill": float(kill_within(h, 3, cover)),
            }
        )
    return pl.DataFrame(rows)


def salvo_odds(health: int, cover: int = 0) -> Fraction:
    """The chance a salvo (3d20 added, A-25) kills an enemy of `health`."""
    return shot(health, 3, cover)[0]


# -- 10,000 deals -------------------------------------------------------------------------------


def deal_stats(
    n: int = 10_000, seed: int = 0, rules: dict | None = None, cards=None
) -> pl.DataFrame:
    """One row per deal, built in generator mode (R-14): cards placed, room and corridor
    segments, doors, enemies, enemies per segment that has any, dead ends, stalls (R-14a),
    cards left in pile 1, how often the table's edge turned a card, and the dungeon's extent
    (the smallest rectangle holding it). Deal i uses random.Random(seed + i)."""
    n, seed = whole(n, "n"), check_seed(seed)
    game = get_game(GAME)
    cat = catalog_for(cards if cards is not None else game.load_cards(), game.resolve_rules(rules))
    rows = []
    for i in range(n):
        b = build(cat, random.Random(seed + i))
        xs = [p[0] for p in b.cells]
        ys = [p[1] for p in b.cells]
        kinds = [s.kind for s in b.segs if s.cells]
        per_seg: dict = {}
        for pos, _ in b.counters:
            seg = b.cells[pos].seg if pos in b.cells else -1
            per_seg[seg] = per_seg.get(seg, 0) + 1
        rows.append(
            {
                "deal": seed + i,
                "cards": len(b.cells),
                "rooms": kinds.count("room"),
                "corridors": kinds.count("corridor"),
                "doors": len(b.doors),
                "doors_left_closed": len(b.closed_doors()),
                "enemies": sum(c != C.JOKER for _, c in b.counters),
                "most_enemies_on_a_segment": max(per_seg.values(), default=0),
                "enemies_per_segment": (sum(per_seg.values()) / len(per_seg)) if per_seg else 0.0,
                "dead_ends": sum(s.ended == "dead end" for s in b.segs),
                "stalled": b.stalled,
                "pile1_left": len(b.piles[1]),
                "edge_turns": sum(n.text.count("off the table") > 0 for n in b.notes),
                "extent_w": max(xs) - min(xs) + 1,
                "extent_h": max(ys) - min(ys) + 1,
            }
        )
    return pl.DataFrame(rows)


def table_sufficiency(
    n: int = 10_000,
    seed: int = 0,
    sizes=((8, 6), (10, 8), (12, 8), (14, 10), (16, 12), (20, 14)),
    rules: dict | None = None,
) -> pl.DataFrame:
    """How often a table of each size is enough: the deals are built on a table too big to
    matter (26 x 26, starting in the middle), and a table is enough for a deal when the
    dungeon's extent fits in it, turned either way. With the 95% interval."""
    free = {"sac.width": 26, "sac.height": 26, "sac.start": "centre", **(rules or {})}
    deals = deal_stats(n, seed, free)
    w, h = deals["extent_w"], deals["extent_h"]
    rows = []
    for W, H in sizes:
        fits = int((((w <= W) & (h <= H)) | ((w <= H) & (h <= W))).sum())
        low, high = wilson(fits, n)
        rows.append(
            {
                "table": f"{W} x {H}",
                "width": W,
                "height": H,
                "enough": fits / n,
                "ci_low": low,
                "ci_high": high,
            }
        )
    return pl.DataFrame(rows)


def summary(deals: pl.DataFrame) -> pl.DataFrame:
    """Mean, quartiles and range of each number of deal_stats, for people."""
    rows = []
    for col in (
        "cards",
        "rooms",
        "corridors",
        "doors",
        "enemies",
        "enemies_per_segment",
        "dead_ends",
        "pile1_left",
        "edge_turns",
    ):
        s = deals[col].cast(pl.Float64)
        rows.append(
            {
                "what": col.replace("_", " "),
                "mean": round(s.mean(), 2),
                "lowest": s.min(),
                "quartile 1": s.quantile(0.25, "lower"),
                "median": s.quantile(0.5, "lower"),
                "quartile 3": s.quantile(0.75, "lower"),
                "highest": s.max(),
            }
        )
    return pl.DataFrame(rows)


# -- survival against starting ammunition ------------------------------------------------------


def ammo_survival(
    values=(4, 8, 12, 16, 20, 24, 28, 32, 36, 40),
    n: int = 2000,
    seed: int = 0,
    bots="heuristic",
    executor="processes",
    rules: dict | None = None,
    progress: bool = False,
) -> pl.DataFrame:
    """A sweep of the soldier's starting ammunition (params.ammo.value): per value, the win
    rate (every Big Bad dead, A-34) and the share of games survived (not killed; out of time
    counts as survived), each with its 95% interval. The same seeds at every point."""
    frame = sweep(
        GAME,
        {"params.ammo.value": list(values)},
        n,
        seed=seed,
        bots=bots,
        executor=executor,
        rules=rules,
        progress=progress,
    )
    survived = (frame["survived_mean"] * frame["n"]).round().cast(pl.Int64)
    bounds = [wilson(s, k) for s, k in zip(survived.to_list(), frame["n"].to_list(), strict=True)]
    return frame.with_columns(
        pl.Series("survival", (survived / frame["n"]).to_list()),
        pl.Series("survival_low", [b[0] for b in bounds]),
        pl.Series("survival_high", [b[1] for b in bounds]),
    )


__all__ = [
    "ammo_survival",
    "deal_stats",
    "kill_within",
    "salvo_odds",
    "shot",
    "shot_odds",
    "summary",
    "table_sufficiency",
]
