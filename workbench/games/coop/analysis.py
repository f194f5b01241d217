"""Exact co-op odds: how many Rounds a group of players needs to defeat one enemy, and how many
Rounds one enemy needs to knock a player out, under the real rules (absorbing Markov chains).

Attackers are class names ("Melee") or loadouts {"class": "Melee", "items": ["SW-I", "SH-I"]}
with loot ids or names. Each Round every attacker makes each of its attack rolls in seat order
(R-31 .. R-33: a miss lowers the enemy's Dodge by 1); Armor absorbs first (R-35) and comes back
at the end of every Round (R-18). The enemy does not fight back here, and each player's Dodge
is its printed value: this is the question "how long does this take", not a whole battle.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import polars as pl

from ...core import dice_highest, dice_sum
from ...core.registry import get_game
from ...dice.chains import AbsorbingChain
from .catalog import catalog_for
from .rules import CoopState, Player

DEAD = "defeated"
MAX_ROUNDS = 60


def _setup(cards, rules):
    import workbench as wb

    game = get_game("coop")
    cards = wb.load_cards("coop") if cards is None else cards
    rules = game.resolve_rules(rules)
    cat = catalog_for(cards, rules)
    state = CoopState(cat, ["Melee", "Ranged"], None, False)
    return cat, state, rules


def _enemy(cat, name: str):
    kind = cat.enemies.get(name)
    if kind is None:
        raise ValueError(f"no enemy {name!r}; enemies are {', '.join(cat.enemies)}")
    return kind


def _loadout(spec, cat, state) -> Player:
    if isinstance(spec, str):
        spec = {"class": spec, "items": []}
    if not isinstance(spec, dict) or "class" not in spec:
        raise ValueError(
            f"an attacker is a class name or {{'class': ..., 'items': [...]}}, not {spec!r}"
        )
    cls = cat.classes.get(str(spec["class"]).capitalize())
    if cls is None:
        raise ValueError(f"no class {spec['class']!r}; classes are {', '.join(cat.classes)}")
    p = Player(0, cls)
    by_name = {it.name.casefold(): i for i, it in cat.items.items()}
    for item in spec.get("items", []):
        item_id = item if item in cat.items else by_name.get(str(item).casefold())
        if item_id is None:
            raise ValueError(f"no loot card {item!r}")
        problem = state.equip_problem(p, item_id)
        if problem:
            raise ValueError(
                f"{spec['class']} cannot carry {cat.items[item_id].name}: "
                f"{problem[1]} ({problem[0]})"
            )
        if cat.items[item_id].family == "Armor":
            p.body = item_id
        else:
            p.hands.append(item_id)
    state._derive(p)
    return p


def _attacks(attackers, cat, state) -> list:
    if isinstance(attackers, (str, dict)):
        raise ValueError(f"attackers: give a list, e.g. ['Melee', 'Ranged'], not {attackers!r}")
    seq = []
    for spec in attackers:
        p = _loadout(spec, cat, state)
        seq.extend(state.groups_for(p.cls, p.hands))
    if not seq:
        raise ValueError("give at least one attacker")
    return seq


def _chain(enemy: str, attackers, cards, rules):
    cat, state, rules = _setup(cards, rules)
    kind = _enemy(cat, enemy)
    seq = _attacks(attackers, cat, state)
    roll = dice_sum if rules["coop.roll"] == "sum" else dice_highest
    full = kind.armor

    def step(s):
        d, h, a, k = s
        g = seq[k]
        nk = (k + 1) % len(seq)
        out: dict = {}

        def land(dmg, dodge, weight):
            taken = min(a, dmg)
            nh = h - (dmg - taken)
            na = a - taken
            if nh <= 0:
                nxt = DEAD
            else:
                nxt = (dodge, nh, full if nk == 0 else na, nk)
            out[nxt] = out.get(nxt, 0) + weight

        if g.auto_hits:
            land(g.damage + g.class_bonus, d, 1)
            return out
        dist = roll(g.dice)
        for total, w in zip(dist.outcomes, dist.weights, strict=True):
            if total > d:
                dmg = g.damage + g.class_bonus + (g.double if g.double and total >= 2 * d else 0)
                land(dmg, d, w)
            else:
                nxt = (max(0, d - 1), h, full if nk == 0 else a, nk)
                out[nxt] = out.get(nxt, 0) + w
        return out

    chain = AbsorbingChain.from_function(
        (kind.dodge, kind.health, kind.armor, 0), step, absorbing=lambda s: s == DEAD
    )
    return chain, len(seq), kind, seq


def rounds_to_defeat(
    enemy: str,
    attackers: list,
    cards=None,
    rules=None,
    max_rounds: int = MAX_ROUNDS,
    order: str = "given",
) -> pl.DataFrame:
    """Exact distribution of the Round in which `attackers` defeat one `enemy`: columns
    `round`, `p` (defeated in that Round) and `p_cum` (by the end of it). If the enemy can
    never fall, every p is 0 (see expected_rounds_to_defeat for why).

    `attackers` is the attack order: each Round they roll in the order listed, and the order
    matters (every miss lowers Dodge, so a Unique Sword rolled after a dagger is likelier to
    double its damage): Shankers against [DG-B, SW-U] fall in 1.50 Rounds on average, against
    [SW-U, DG-B] in 1.76. `order="best"` uses the order that defeats the enemy soonest on
    average."""
    attackers = _ordered(enemy, attackers, cards, rules, order)
    chain, per_round, _kind, _seq = _chain(enemy, attackers, cards, rules)
    cum = chain.absorbed_by(max_rounds * per_round)
    by_round = [cum[r * per_round] for r in range(max_rounds + 1)]
    return pl.DataFrame(
        {
            "round": list(range(1, max_rounds + 1)),
            "p": [float(b - a) for a, b in itertools.pairwise(by_round)],
            "p_cum": [float(x) for x in by_round[1:]],
        }
    )


def expected_rounds_to_defeat(
    enemy: str, attackers: list, cards=None, rules=None, order: str = "given"
) -> float:
    """Mean number of Rounds to defeat `enemy` (the Round in which it falls counts in full),
    or math.inf when it can never fall, e.g. when the party's damage in one Round never gets
    through Armor that recovers every Round (R-18). `attackers` is the attack order (see
    rounds_to_defeat); `order="best"` takes the order that is fastest on average."""
    attackers = _ordered(enemy, attackers, cards, rules, order)
    chain, per_round, _kind, _seq = _chain(enemy, attackers, cards, rules)
    if not chain.absorbs_surely():
        return math.inf
    # E[ceil(T / L)] from the exact tail sums: sum over r >= 0 of P(T > r * L).
    total = Fraction(0)
    r = 0
    cum = chain.absorbed_by(per_round * 400)
    while r * per_round < len(cum):
        tail = 1 - cum[r * per_round]
        if tail < Fraction(1, 10**12):
            break
        total += tail
        r += 1
    return float(total)


def _ordered(enemy, attackers, cards, rules, order: str):
    """The attackers in the order asked for: as listed (players in list order, each one's
    items in list order), or the order that defeats the enemy soonest on average."""
    if order == "given":
        return attackers
    if order != "best":
        raise ValueError(
            f"order: 'given' (the lists are the attack order) or 'best', not {order!r}"
        )
    _attacks(attackers, *_setup(cards, rules)[:2])  # a bad attacker is named as usual
    options = []
    for spec in attackers:
        items = spec.get("items", []) if isinstance(spec, dict) else []
        options.append(
            [spec]
            if len(items) < 2
            else [{**spec, "items": list(p)} for p in dict.fromkeys(itertools.permutations(items))]
        )
    count = math.factorial(len(attackers)) * math.prod(len(o) for o in options)
    if count > 720:
        raise ValueError(
            f"order='best' tries every order, and these attackers have {count:,}; "
            "give fewer attackers or items"
        )
    candidates = [
        list(players)
        for choice in itertools.product(*options)
        for players in itertools.permutations(choice)
    ]
    return min(candidates, key=lambda a: expected_rounds_to_defeat(enemy, a, cards, rules))


def why_never(enemy: str, attackers: list, cards=None, rules=None) -> str | None:
    """A sentence naming the rule that keeps `enemy` standing forever, or None."""
    chain, _per_round, kind, seq = _chain(enemy, attackers, cards, rules)
    if chain.absorbs_surely():
        return None
    best = sum(g.damage + g.class_bonus + g.double for g in seq)
    return (
        f"{kind.name} recover all {kind.armor} Armor at the end of every Round (R-18), and "
        f"these attackers deal at most {best} damage in a Round, so Health is never reached"
    )


def rounds_to_knock_out(
    enemy: str, player, cards=None, rules=None, max_rounds: int = MAX_ROUNDS
) -> pl.DataFrame:
    """The mirror question: one enemy attacking one player (a class name or loadout) once per
    Round (R-38): a hit deals the enemy's Damage through the player's Armor, a miss lowers the
    player's Dodge by 1, Armor recovers every Round. Columns `round`, `p`, `p_cum`."""
    cat, state, rules = _setup(cards, rules)
    kind = _enemy(cat, enemy)
    p = _loadout(player, cat, state)
    roll = dice_sum if rules["coop.roll"] == "sum" else dice_highest
    dist = roll(kind.dice)

    def step(s):
        d, h = s
        out: dict = {}
        for total, w in zip(dist.outcomes, dist.weights, strict=True):
            if total > d:
                nh = h - max(0, kind.damage - p.max_armor)
                nxt = DEAD if nh <= 0 else (d, nh)
            else:
                nxt = (max(0, d - 1), h)
            out[nxt] = out.get(nxt, 0) + w
        return out

    chain = AbsorbingChain.from_function(
        (p.max_dodge, p.max_health), step, absorbing=lambda s: s == DEAD
    )
    cum = chain.absorbed_by(max_rounds)
    return pl.DataFrame(
        {
            "round": list(range(1, max_rounds + 1)),
            "p": [float(b - a) for a, b in itertools.pairwise(cum)],
            "p_cum": [float(x) for x in cum[1:]],
        }
    )
