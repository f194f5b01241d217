"""What-if questions about Squad Combat: exact dice odds, the demo decks against the design
notes' numbers, and bot-played games (matchups, first-player edge, the two rulebooks, which
card earns its cost).

    from workbench.games.squad_combat.analysis import refresh_odds, matchup_matrix
    refresh_odds("34R", cost="[5]")                 # Fraction(...)
    matchup_matrix(["Red", "Blue"], 200)

Every simulated cell plays the same seeds (common random numbers), so differences between
cells come from what changed and not from the luck of the draw.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import polars as pl

from ...core import get_game
from ...core.kit import pool_of
from ...sim import card_usage, first_player_share, simulate, wilson
from .notation import can_pay, parse_cost, parse_pool

GAME = "squad_combat"
# Design-note numbers (rules 1.3) and the demo plan for a 3-character deck (1.6).
TARGETS = {
    "energy": (7, 9),
    "pool": (3, 4),
    "refresh": 4,
    "hp": (12, 15),
    "damage": 4,
    "attack_energy": 4,
}
DEMO_PLAN = {"character": 3, "trait": 15, "generic": 12, "resource": 3}


def _catalog(cards=None, rules=None):
    from .catalog import catalog_for

    game = get_game(GAME)
    return catalog_for(cards if cards is not None else game.load_cards(), game.resolve_rules(rules))


# -- exact odds -----------------------------------------------------------------------------


def refresh_odds(pool: str, held=(), cost: str = "[5]", *, ruleset: str = "v1") -> Fraction:
    """Chance that a character can pay `cost`'s dice right after a Refresh (R-16): the dice
    it held, the pool's fixed faces and its rolled dice, keeping the best up to the pool size
    (keeping the highest dice pays any dice cost that some choice of dice pays). v0.5 rolls
    the whole pool."""
    spec = parse_pool(pool)
    needs = parse_cost(cost).dice
    fixed = () if ruleset == "v0_5" else spec.fixed
    rolled = spec.size if ruleset == "v0_5" else spec.random
    base = tuple(held) + fixed
    dist = pool_of(rolled)
    good = 0
    for faces, weight in zip(dist.outcomes, dist.weights, strict=True):
        kept = sorted(base + faces, reverse=True)[: spec.size]
        if can_pay(kept, needs):
            good += weight
    return Fraction(good, dist.total)


def refresh_table(
    pools=("RRR", "RRRR", "34R", "4RR", "3RR"),
    costs=("[4]", "[5]", "[6]", "[2][2]", "[4][2]"),
    held=(),
) -> pl.DataFrame:
    """refresh_odds over pools and costs, as a table for people."""
    rows = []
    for pool in pools:
        row = {"pool": pool}
        for cost in costs:
            row[f"pays {cost}"] = float(refresh_odds(pool, held, cost))
        rows.append(row)
    return pl.DataFrame(rows)


def contest_odds(
    hit_modifiers=range(-2, 4), attack=("d6", "3d6kh1"), defence=(None, "d6", "2d6kh1")
) -> pl.DataFrame:
    """The v0.5 contest (R-20 .. R-22): chance to hit for a Hit modifier, the attack die
    (a fresh die, or the best of a pool) and the defence die; the dice calculator's
    `squad_table`, which the engine's own contest is checked against."""
    from ...dice.mechanics import squad_table

    return squad_table(hit_modifiers, attack, defence)


def dodge_odds(atk: int, dice: int, *, need: int = 4) -> Fraction:
    """Chance that a defender holding `dice` freshly rolled dice can pay Dodge Roll's [1]
    with a die of at least need + Atk (the demo's Dodge Roll, A-2)."""
    target = need + atk
    if target > 6 or dice == 0:
        return Fraction(0)
    if target <= 1:
        return Fraction(1)
    return 1 - Fraction(target - 1, 6) ** dice


# -- the tables against the design notes ----------------------------------------------------


def design_check(cards=None) -> pl.DataFrame:
    """Every character and attack against the design notes' numbers (rules 1.3): energy 7-9,
    pools of 3-4 dice, refresh 4 (more for bigger or fixed pools), HP 12-15; attacks of about
    4 energy and median damage 4."""
    cat = _catalog(cards)
    rows = []
    low_e, high_e = TARGETS["energy"]
    low_h, high_h = TARGETS["hp"]
    for c in cat.characters.values():
        notes = []
        if not low_e <= c.energy <= high_e:
            notes.append(f"energy {c.energy} outside {low_e}-{high_e}")
        if not TARGETS["pool"][0] <= c.pool.size <= TARGETS["pool"][1]:
            notes.append(f"{c.pool.size} dice outside 3-4")
        fair = TARGETS["refresh"] + (c.pool.size > 3) + bool(c.pool.fixed)
        if c.refresh < fair:
            notes.append(f"refresh {c.refresh} below {fair} for this pool")
        if not low_h <= c.hp <= high_h:
            notes.append(f"HP {c.hp} outside {low_h}-{high_h}")
        rows.append(
            {
                "what": "character",
                "name": c.name,
                "numbers": f"HP {c.hp}, energy {c.energy}, pool {c.pool}, refresh {c.refresh}",
                "verdict": "; ".join(notes) or "in line",
            }
        )
    for src in cat.cards.values():
        if not src.is_attack:
            continue
        notes = []
        if src.damage <= 2 and not src.effects:
            notes.append("1-2 damage with nothing else going for it")
        rows.append(
            {
                "what": "attack",
                "name": src.name,
                "numbers": f"{src.cost}, Atk {src.atk:+d}, {src.damage} damage",
                "verdict": "; ".join(notes) or "in line",
            }
        )
    return pl.DataFrame(rows)


def deck_plan(cards=None) -> pl.DataFrame:
    """Each squad's deck by group (character-specific, trait-specific, generic, resource)
    beside the demo plan for three characters (rules 1.6): 3 + 15 + 12 + 3 = 33."""
    cat = _catalog(cards)
    rows = []
    for squad in cat.squads.values():
        counts = dict.fromkeys(DEMO_PLAN, 0)
        for card, n in squad.deck:
            counts[cat.cards[card].group] += n
        rows.append(
            {
                "squad": squad.name,
                **counts,
                "total": sum(counts.values()),
                "matches plan": counts == DEMO_PLAN,
            }
        )
    rows.append(
        {"squad": "plan (1.6)", **DEMO_PLAN, "total": sum(DEMO_PLAN.values()), "matches plan": True}
    )
    return pl.DataFrame(rows)


def damage_budget(cards=None) -> pl.DataFrame:
    """The damage each deck can ever put on the table against the HP it must take away.
    In v1 an attack that hits stays under its target (A-19), and only a heal sends it back,
    so a deck whose attacks add up to less than the other squad's HP cannot win by damage
    alone; in v0.5 a death discards the cards, so they come round again."""
    cat = _catalog(cards)
    rows = []
    for a in cat.squads.values():
        damage = sum(cat.cards[c].damage * n for c, n in a.deck if cat.cards[c].is_attack)
        attacks = sum(n for c, n in a.deck if cat.cards[c].is_attack)
        for b in cat.squads.values():
            hp = sum(cat.characters[name].hp for name in b.characters)
            rows.append(
                {
                    "squad": a.name,
                    "against": b.name,
                    "attack cards": attacks,
                    "damage in deck": damage,
                    "HP to take": hp,
                    "enough in v1": damage >= hp,
                }
            )
    return pl.DataFrame(rows)


# -- bot-played games -------------------------------------------------------------------------


def _rates(games: pl.DataFrame, seat: int = 0) -> dict:
    n = games.height
    wins = int((games["winner"] == seat).sum())
    draws = int((games["winner"] == -1).sum())
    low, high = wilson(wins, n)
    return {
        "games": n,
        "wins": wins,
        "draws": draws,
        "losses": n - wins - draws,
        "win_rate": wins / n if n else 0.0,
        "ci_low": low,
        "ci_high": high,
        "draw_rate": draws / n if n else 0.0,
        "mean_turns": float(games["turns"].mean()) if n else 0.0,
        "mean_decisions": float(games["length"].mean()) if n else 0.0,
    }


def matchup_matrix(
    squads=("Red", "Blue"),
    n: int = 200,
    seed: int = 0,
    *,
    bots="heuristic",
    rules=None,
    cards=None,
    executor=None,
) -> pl.DataFrame:
    """Which squad beats which, mirrors included: the row squad in seat 1 against the column
    squad in seat 2, n games each with the first player drawn at random; its win rate with a
    95% interval, draws and game length."""
    rows = []
    for a in squads:
        for b in squads:
            games = simulate(
                GAME,
                n,
                seed=seed,
                bots=bots,
                rules=rules,
                cards=cards,
                squads=[a, b],
                executor=executor,
            )
            rows.append({"row": a, "column": b, **_rates(games)})
    return pl.DataFrame(rows)


def first_player_edge(
    n: int = 400,
    seed: int = 0,
    *,
    squads=("Red", "Red"),
    bots="heuristic",
    rules=None,
    cards=None,
    executor=None,
) -> dict:
    """How much going first is worth: the first player's share of decided games and of all
    games, with 95% intervals (a mirror match by default, so the squads cancel out)."""
    games = simulate(
        GAME,
        n,
        seed=seed,
        bots=bots,
        rules=rules,
        cards=cards,
        squads=list(squads),
        executor=executor,
    )
    return _first_edge(games)


def _first_edge(games: pl.DataFrame) -> dict:
    return first_player_share(games)


RULESETS = {
    "v1": {},
    "v1 with the die contest": {"sc.attack": "contest"},
    "v0.5": {"sc.ruleset": "v0_5"},
}


def ruleset_comparison(
    n: int = 200,
    seed: int = 0,
    *,
    squads=("Red", "Blue"),
    bots="heuristic",
    cards=None,
    rulesets=None,
    executor=None,
) -> pl.DataFrame:
    """v1 against the v0.5 die contest: for each ruleset, seat 1's win rate, draws, game
    length and the first player's edge, on the same seeds."""
    rows = []
    for name, rules in (rulesets or RULESETS).items():
        games = simulate(
            GAME,
            n,
            seed=seed,
            bots=bots,
            rules=rules,
            cards=cards,
            squads=list(squads),
            executor=executor,
        )
        edge = _first_edge(games)
        rows.append(
            {
                "ruleset": name,
                **_rates(games),
                "first_wins": edge["first_wins"],
                "first_ci_low": edge["ci_low"],
                "first_ci_high": edge["ci_high"],
            }
        )
    return pl.DataFrame(rows)


def card_report(
    n: int = 300,
    seed: int = 0,
    *,
    squads=("Red", "Blue"),
    bots="heuristic",
    rules=None,
    cards=None,
    executor=None,
) -> pl.DataFrame:
    """Per card of the squads' decks: how often its squad played it, the squad's win rate
    in games it was played and in games it was not (with 95% intervals), and its numbers
    against the design notes' (typical cost 4 energy, median damage 4). The difference
    between the two win rates says how much the card is worth in play: a card whose games
    go much better than its squad's others is under-costed, one whose games go worse,
    over-costed. Both seats of a mirror match count."""
    games = simulate(
        GAME,
        n,
        seed=seed,
        bots=bots,
        rules=rules,
        cards=cards,
        squads=list(squads),
        executor=executor,
    )
    cat = _catalog(cards, rules)
    rows = []
    seats = range(len(squads))
    per_seat = pl.concat(
        [
            games.select(
                (pl.col("seed").cast(pl.String) + f"-{s}").alias("seed"),
                pl.when(pl.col("winner") == s)
                .then(pl.lit("win"))
                .otherwise(pl.lit("loss"))
                .alias("outcome"),
                pl.col(f"played_{s}").str.split("|").alias("used"),
                pl.lit(squads[s]).alias("squad"),
            )
            for s in seats
        ]
    )
    for squad in dict.fromkeys(squads):
        mine = per_seat.filter(pl.col("squad") == squad)
        usage = {r["card"]: r for r in card_usage(mine).iter_rows(named=True)}
        total = mine.height
        wins_all = int((mine["outcome"] == "win").sum())
        for card, copies in cat.squads[squad].deck:
            src = cat.cards[card]
            used = usage.get(card)
            games_used = used["games"] if used else 0
            wins_used = round(used["win_rate_when_used"] * games_used) if used else 0
            rest = total - games_used
            wins_rest = wins_all - wins_used
            lo, hi = wilson(wins_used, games_used)
            lo2, hi2 = wilson(wins_rest, rest)
            rows.append(
                {
                    "squad": squad,
                    "card": card,
                    "kind": src.kind,
                    "copies": copies,
                    "cost": str(src.cost),
                    "damage": src.damage if src.is_attack else None,
                    "played in": games_used / total if total else 0.0,
                    "win rate when played": wins_used / games_used if games_used else None,
                    "ci_low": lo,
                    "ci_high": hi,
                    "win rate when not played": wins_rest / rest if rest else None,
                    "rest_ci_low": lo2,
                    "rest_ci_high": hi2,
                    "note": _cost_note(src),
                }
            )
    return pl.DataFrame(rows)


def _cost_note(src) -> str:
    """The card against the notes: an attack of 4 energy and no other cost deals about 4."""
    if not src.is_attack:
        return ""
    dice = len(src.cost.dice)
    price = src.cost.energy + dice
    if src.damage > price:
        return f"{src.damage} damage for {price} (energy + dice): cheap by the notes"
    if src.damage < price - 1:
        return f"{src.damage} damage for {price} (energy + dice): dear by the notes"
    return f"{src.damage} damage for {price}: as the notes price it"


def head_to_head(
    bot="heuristic",
    against="random",
    n: int = 100,
    seed: int = 0,
    *,
    squads=("Red", "Blue"),
    rules=None,
    cards=None,
    executor=None,
) -> pl.DataFrame:
    """One bot against another, in each seat and for each pairing of the squads given: wins,
    draws and losses of `bot`'s seat, its win rate with a 95% interval, and game length."""
    rows = []
    for a, b in product(squads, repeat=2):
        for seat in (0, 1):
            games = simulate(
                GAME,
                n,
                seed=seed,
                bots={seat: bot, 1 - seat: against},
                rules=rules,
                cards=cards,
                squads=[a, b],
                executor=executor,
            )
            rows.append(
                {
                    "plays": [a, b][seat],
                    "against": [a, b][1 - seat],
                    "seat": seat + 1,
                    **_rates(games, seat),
                }
            )
    return pl.DataFrame(rows)
