"""Exact odds for the seed games' own dice mechanics.

Rule numbers (R-n) and resolutions (A-n) refer to each game's rules document, which ships
beside its rules engine as ``workbench/games/<game>/rules.md``: the co-op game's (attacks that
wear Dodge down), Armies' (binary-dice contests), Squad Combat's (the v0.5 die contest,
``sc.attack = contest``) and the SAC dungeon's (d20 shots, ``workbench/games/sac/``). The
engines play these dice at their chance points; the functions here give the same odds without
playing a game, and the Armies and Squad Combat analyses read their tables from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from .api import exact
from .chains import AbsorbingChain
from .contests import armies_rolls
from .contests import binary as _binary
from .dist import Dist

# polars loads in the functions that make frames: exact answers need none of it.
if TYPE_CHECKING:
    import polars as pl

__all__ = [
    "armies_attack",
    "armies_table",
    "cavalry_chain",
    "squad_hit",
    "squad_table",
    "sac_shot",
    "sac_kill_probability",
    "dodge_erosion",
    "DEAD",
]


def _frac_str(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def _p_greater(a: Dist, d: Dist) -> Fraction:
    return a.compare(">", d).probability(1)


# ---- Armies (armies.md) ----------------------------------------------------------------------


def armies_attack(
    offense: int,
    defense: int,
    *,
    ranged: bool = False,
    power: int | None = None,
    hold_the_line: bool = False,
    bows_and_knives: bool = False,
    attack_modifier: int = 0,
    defense_modifier: int = 0,
) -> Fraction:
    """P(the attacker captures / destroys the target).

    * Melee (R-17): A = number of 1s on ``offense`` binary dice + 1 + modifiers.
    * Ranged (R-21): no +1. With a printed ``power`` P, A = P with no roll (A-1); otherwise A
      is the 1s on ``offense`` binary dice. Bows and Knives doubles A (R-21, A-31).
    * D = number of 1s on ``defense`` binary dice + modifiers; Hold the Line adds 2 (A-15).
    * The attack succeeds when A > D (R-18, R-21).
    """
    attack, defence = armies_rolls(
        offense,
        defense,
        ranged=ranged,
        power=power,
        hold_the_line=hold_the_line,
        bows_and_knives=bows_and_knives,
        attack_modifier=attack_modifier,
        defense_modifier=defense_modifier,
    )
    return _p_greater(attack, defence)


def armies_table(
    offenses: Sequence[int] = range(7),
    defenses: Sequence[int] = range(6),
    *,
    fixed_power: bool = False,
    **kwargs,
) -> pl.DataFrame:
    """:func:`armies_attack` for every (offense, defense) pair, as a tidy frame.

    ``fixed_power=True`` reads ``offenses`` as printed ranged powers (A = P, R-21, A-1), which
    reproduces the rules' second table. Other keywords go to :func:`armies_attack`.
    """
    if fixed_power:
        kwargs["ranged"] = True
    rows = []
    for o in offenses:
        for d in defenses:
            p = armies_attack(o, d, power=o if fixed_power else None, **kwargs)
            rows.append((o, d, float(p), _frac_str(p)))
    import polars as pl

    return pl.DataFrame(
        rows,
        schema={
            "offense": pl.Int64,
            "defense": pl.Int64,
            "p": pl.Float64,
            "probability": pl.String,
        },
        orient="row",
    )


def cavalry_chain(
    offense: int,
    defenses: Sequence[int],
    *,
    attack_modifier: int = 0,
    defense_modifier: int = 0,
) -> pl.DataFrame:
    """Distribution of extra captures in a cavalry charge (R-22).

    The first melee attack (R-17) hits ``defenses[0]``. After a capture with margin
    m = A - D > 2 the army attacks the next army in line, ``defenses[1]`` and so on, with a
    fixed A = m - 1 (no roll, no +1) against a fresh defence roll, for as long as each new
    margin is > 2. The army is assumed to keep charging whenever it may (the rules let it
    stop). Rows: ``first_capture``, ``extra_captures``, ``p``, ``probability`` (exact).
    """
    if not defenses:
        raise ValueError("cavalry_chain needs at least the first defender's defense")

    def defence(i: int) -> Dist:
        return _binary(defenses[i]) + defense_modifier

    @cache
    def follow(i: int, attack: int) -> dict[int, Fraction]:
        # Extra captures from attacking defenses[i] with a fixed attack value.
        out: dict[int, Fraction] = {}
        d = defence(i)
        for dv, w in d.items():
            p = Fraction(w, d.total)
            margin = attack - dv
            if margin <= 0:
                out[0] = out.get(0, 0) + p
            elif margin > 2 and i + 1 < len(defenses):
                for extra, q in follow(i + 1, margin - 1).items():
                    out[1 + extra] = out.get(1 + extra, 0) + p * q
            else:
                out[1] = out.get(1, 0) + p
        return out

    first_attack = _binary(offense) + 1 + attack_modifier
    first_def = defence(0)
    result: dict[tuple[bool, int], Fraction] = {}
    for av, wa in first_attack.items():
        for dv, wd in first_def.items():
            p = Fraction(wa * wd, first_attack.total * first_def.total)
            margin = av - dv
            if margin <= 0:
                key_p = [((False, 0), p)]
            elif margin > 2 and len(defenses) > 1:
                key_p = [((True, e), p * q) for e, q in follow(1, margin - 1).items()]
            else:
                key_p = [((True, 0), p)]
            for key, q in key_p:
                result[key] = result.get(key, 0) + q
    rows = [(k[0], k[1], float(p), _frac_str(p)) for k, p in sorted(result.items()) if p]
    import polars as pl

    return pl.DataFrame(
        rows,
        schema={
            "first_capture": pl.Boolean,
            "extra_captures": pl.Int64,
            "p": pl.Float64,
            "probability": pl.String,
        },
        orient="row",
    )


# ---- Squad Combat v0.5 contest (squad_combat.md 3.7) -----------------------------------------

DieChoice = int | str | None


def _choice(choice: DieChoice) -> Dist:
    """A spent die: a known face, a dice expression for an unknown one, or None (declined)."""
    if choice is None:
        return Dist.constant(0)  # declining means a = 0 (or d = 0)
    if isinstance(choice, int):
        if not 1 <= choice <= 6:
            raise ValueError(f"a stored die shows 1..6, not {choice} (R-15)")
        return Dist.constant(choice)
    return exact(choice)


def squad_hit(
    attack_die: DieChoice,
    defence_die: DieChoice = None,
    *,
    hit_modifier: int = 0,
    attack_modifier: int = 0,
    defence_modifier: int = 0,
) -> Fraction:
    """P(hit) in the v0.5 contest (``sc.attack = contest``).

    Each side spends one die or declines (R-20): pass the face it shows (``5``), ``None`` to
    decline (value 0), or a dice expression for a die whose value is not known yet, e.g.
    ``"d6"`` for one freshly rolled stored die or ``"3d6kh1"`` for the best of three (R-4
    v0.5 rolls every pool die as 1d6). Attack rating = a + Hit modifier + attack modifiers;
    defence rating = d + defence modifiers, 0 by default (R-21, A-31). Ties hit (R-22).
    """
    attack = _choice(attack_die) + hit_modifier + attack_modifier
    defence = _choice(defence_die) + defence_modifier
    return attack.compare(">=", defence).probability(1)


def squad_table(
    hit_modifiers: Sequence[int] = range(-3, 4),
    attack_choices: Sequence[DieChoice] = ("d6", "2d6kh1", "3d6kh1"),
    defence_choices: Sequence[DieChoice] = (None, "d6", "2d6kh1", "3d6kh1"),
) -> pl.DataFrame:
    """:func:`squad_hit` over Hit modifiers and die choices (``None`` shows as "decline")."""
    rows = []
    for h in hit_modifiers:
        for a in attack_choices:
            for d in defence_choices:
                p = squad_hit(a, d, hit_modifier=h)
                rows.append((h, _label(a), _label(d), float(p), _frac_str(p)))
    import polars as pl

    return pl.DataFrame(
        rows,
        schema={
            "hit_modifier": pl.Int64,
            "attack_die": pl.String,
            "defence_die": pl.String,
            "p": pl.Float64,
            "probability": pl.String,
        },
        orient="row",
    )


def _label(choice: DieChoice) -> str:
    return "decline" if choice is None else str(choice)


# ---- Soldiers! Aliens! Carnage! (sac_dungeon.md) ---------------------------------------------


def _shot(salvo: bool) -> Dist:
    # 1d20; a salvo is 3d20 added together.
    return exact("3d20" if salvo else "d20")


def sac_kill_probability(health: int, *, salvo: bool = False) -> Fraction:
    """P(one shot kills an enemy with ``health`` left): the roll is at least its health (R-18)."""
    return _shot(salvo).p_at_least(health)


def sac_shot(health: int, *, salvo: bool = False, variant: str = "default") -> pl.DataFrame:
    """Every result of shooting an enemy with ``health`` left (R-18).

    An enemy's health is its rank, 20 for a Joker. ``variant="default"`` (A-26): the enemy
    takes the roll and, if it survives, the shooter takes its remaining health.
    ``variant="miss_on_fail"`` (``sac.shot``): a shot that does not kill does nothing to the
    enemy and the shooter takes the enemy's full health. Rows: ``result`` ("kill" or
    "survives"), ``enemy_health`` after the shot, ``shooter_damage``, ``p``, ``probability``.
    """
    if health < 1:
        raise ValueError("an enemy in play has at least 1 health")
    if variant not in ("default", "miss_on_fail"):
        raise ValueError("variant is 'default' or 'miss_on_fail'")
    shot = _shot(salvo)
    acc: dict[tuple[str, int, int], int] = {}
    for roll, w in shot.items():
        if roll >= health:
            key = ("kill", 0, 0)
        elif variant == "default":
            key = ("survives", health - roll, health - roll)
        else:
            key = ("survives", health, health)
        acc[key] = acc.get(key, 0) + w
    rows = []
    for key in sorted(acc, key=lambda k: (k[0] != "kill", k[1])):
        p = Fraction(acc[key], shot.total)
        rows.append((*key, float(p), _frac_str(p)))
    import polars as pl

    return pl.DataFrame(
        rows,
        schema={
            "result": pl.String,
            "enemy_health": pl.Int64,
            "shooter_damage": pl.Int64,
            "p": pl.Float64,
            "probability": pl.String,
        },
        orient="row",
    )


# ---- Dodge erosion (coop.md) ------------------------------------------------

DEAD = (0, 0, 0, 0)
"""The absorbing state of :func:`dodge_erosion`: the target's Health reached 0."""


def dodge_erosion(
    dice: int,
    dodge: int,
    health: int,
    armor: int = 0,
    damage: int | str = 1,
    *,
    attacks_per_round: int = 1,
) -> AbsorbingChain:
    """Repeated attacks on one target until it dies, as an :class:`AbsorbingChain`.

    Each step is one attack: roll ``dice`` d6; a sum greater than the current Dodge hits
    (R-33.3), otherwise Dodge drops by 1, never below 0 (R-33.4). A hit deals ``damage`` (a
    number or a dice expression); Armor absorbs first, then Health (R-35). Armor returns to
    full after every ``attacks_per_round`` attacks (end of Round, R-18). The target dies when
    Health <= 0 (R-16). States are ``(dodge, health, armor_left, attacks_this_round)``;
    :data:`DEAD` is absorbing. ``mean_steps()`` is ``math.inf`` when it can never die (damage
    never beats the armor).
    """
    if dice < 1 or attacks_per_round < 1:
        raise ValueError("dice and attacks_per_round must be at least 1")
    roll = exact(f"{dice}d6")
    hurt = Dist.constant(damage) if isinstance(damage, int) else exact(damage)

    @cache
    def split(d: int) -> tuple[int, int]:
        hit = sum(w for o, w in roll.items() if o > d)
        return hit, roll.total - hit

    def advance(i: int, armor_left: int) -> tuple[int, int]:
        # (armor_left, attacks_this_round) after one more attack; a new Round restores Armor.
        i += 1
        return (armor, 0) if i == attacks_per_round else (armor_left, i)

    def step(state):
        if state == DEAD:
            return None
        d, h, a, i = state
        hit, miss = split(d)
        row: dict[tuple, int] = {}
        if miss:
            nxt = (max(0, d - 1), h) + advance(i, a)
            row[nxt] = row.get(nxt, 0) + miss * hurt.total
        if hit:
            for dmg, w in hurt.items():
                soak = min(a, max(dmg, 0))
                h2 = h - (dmg - soak)
                nxt = DEAD if h2 <= 0 else (d, h2) + advance(i, a - soak)
                row[nxt] = row.get(nxt, 0) + hit * w
        return row

    return AbsorbingChain.from_function((dodge, health, armor, 0), step, absorbing=DEAD.__eq__)
