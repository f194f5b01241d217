"""What-if questions about RPG Card Battle loadouts, answered with bot-played games.

    from workbench.games.rpg_card_battle.analysis import loadout_matrix, level_sweep
    loadout_matrix(["Knight", "Rogue", {"name": "Knight (dagger)", "character": "Knight",
                    "equipment": ["Poisoned Dagger", "Kite Shield", "Chainmail", "Pack"]}], 200)

Every cell plays the same seeds (common random numbers), so differences between cells come from
the loadouts and not from luck of the draw.
"""

from __future__ import annotations

import math

import polars as pl

from ...core import SetupError
from ...sim import simulate

GAME = "rpg_card_battle"
_KEYS = {"name", "character", "equipment", "class", "class_set", "level"}


def _side(spec) -> dict:
    """A loadout given as a character name or a dict of its parts, as one seat's options."""
    if isinstance(spec, str):
        return {
            "name": spec,
            "character": spec,
            "equipment": None,
            "class": None,
            "class_set": None,
            "level": None,
        }
    if not isinstance(spec, dict):
        raise SetupError(f"loadouts: give a character name or a dict, not {spec!r}")
    unknown = sorted(set(spec) - _KEYS)
    if unknown:
        raise SetupError(
            f"loadouts: unknown key {unknown[0]!r}; keys are {', '.join(sorted(_KEYS))}"
        )
    character = spec.get("character") or spec.get("name")
    if not isinstance(character, str):
        raise SetupError(f"loadouts: {spec!r} needs a 'character' from loadouts.csv")
    name = spec.get("name") or character
    return {
        "name": name,
        "character": character,
        "equipment": spec.get("equipment"),
        "class": spec.get("class"),
        "class_set": spec.get("class_set"),
        "level": spec.get("level"),
    }


def _setup(a: dict, b: dict, level) -> dict:
    return {
        "characters": [a["character"], b["character"]],
        "equipment": [a["equipment"], b["equipment"]],
        "classes": [a["class"], b["class"]],
        "class_sets": [a["class_set"], b["class_set"]],
        "level": [
            a["level"] if a["level"] is not None else level,
            b["level"] if b["level"] is not None else level,
        ],
    }


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _row(a: dict, b: dict, games: pl.DataFrame) -> dict:
    n = games.height
    wins = int((games["winner"] == 0).sum())
    losses = int((games["winner"] == 1).sum())
    low, high = wilson(wins, n)
    return {
        "row": a["name"],
        "column": b["name"],
        "games": n,
        "wins": wins,
        "losses": losses,
        "draws": n - wins - losses,
        "win_rate": wins / n if n else 0.0,
        "ci_low": low,
        "ci_high": high,
        "mean_turns": float(games["turns"].mean()) if n else 0.0,
    }


def matchup(
    a, b, n: int, seed: int = 0, *, level=None, bots="heuristic", rules=None, cards=None
) -> dict:
    """One cell: `a` in seat 1 against `b` in seat 2, `n` games."""
    sa, sb = _side(a), _side(b)
    games = simulate(
        GAME, n, seed=seed, cards=cards, rules=rules, bots=bots, **_setup(sa, sb, level)
    )
    return _row(sa, sb, games)


def loadout_matrix(
    loadouts, n: int, seed: int = 0, *, level=None, bots="heuristic", rules=None, cards=None
) -> pl.DataFrame:
    """Which loadout beats which: one row per (row loadout, column loadout) pair, the row's
    win rate against the column over `n` games (draws count as not won), with a 95% interval.

    `loadouts` are character names from loadouts.csv or dicts with a `name` and any of
    `character`, `equipment`, `class`, `class_set`, `level`. `level` sets every loadout's level
    that does not give its own (None: each character's level from loadouts.csv).
    """
    sides = [_side(x) for x in loadouts]
    names = [s["name"] for s in sides]
    if len(set(names)) != len(names):
        raise SetupError(f"loadouts: names must differ, got {names}")
    rows = []
    for a in sides:
        for b in sides:
            games = simulate(
                GAME, n, seed=seed, cards=cards, rules=rules, bots=bots, **_setup(a, b, level)
            )
            rows.append(_row(a, b, games))
    return pl.DataFrame(rows)


def level_sweep(
    a,
    b,
    levels=(1, 2, 3),
    n: int = 200,
    seed: int = 0,
    *,
    bots="heuristic",
    rules=None,
    cards=None,
    which: str = "both",
) -> pl.DataFrame:
    """How the level changes a matchup: `a` against `b` at each level. `which` says whose level
    moves ("both", "row" or "column"); the other keeps its own."""
    if which not in ("both", "row", "column"):
        raise SetupError(f"which: 'both', 'row' or 'column', not {which!r}")
    rows = []
    for level in levels:
        sa, sb = _side(a), _side(b)
        if which in ("both", "row"):
            sa["level"] = level
        if which in ("both", "column"):
            sb["level"] = level
        games = simulate(
            GAME, n, seed=seed, cards=cards, rules=rules, bots=bots, **_setup(sa, sb, None)
        )
        rows.append({"level": level, **_row(sa, sb, games)})
    return pl.DataFrame(rows)


def opening_hand_chance(character: str, wanted, *, cards=None, rules=None, hand: int = 5, **build):
    """Exact probability that a character's first `hand` cards hold at least one of `wanted`
    (card names), from its deck as built by the rules: a hypergeometric count, no sampling."""
    from fractions import Fraction
    from math import comb

    import workbench as wb
    from workbench.core import get_game

    from .catalog import catalog_for

    game = get_game("rpg_card_battle")
    cat = catalog_for(cards or wb.load_cards("rpg_card_battle"), game.resolve_rules(rules))
    deck = cat.build(character, **build).deck
    wanted = set([wanted] if isinstance(wanted, str) else wanted)
    names = {name for name, _ in deck}
    unknown = wanted - names
    if unknown:
        raise ValueError(
            f"{character}'s deck has no {sorted(unknown)[0]!r}; it holds {', '.join(sorted(names))}"
        )
    size = sum(n for _, n in deck)
    hits = sum(n for name, n in deck if name in wanted)
    draw = min(hand, size)
    return 1 - Fraction(comb(size - hits, draw), comb(size, draw))
