"""RPG Card Battle's registration: setup options (who fights with what) and every rule variant."""

from __future__ import annotations

from ...core import Game, SetupError, Variant, register
from .catalog import catalog_for
from .rules import BattleState

VARIANTS = (
    Variant("rcb.defeat_check", "after_items",
            "When defeat is checked: after items resolve, so a potion can save you, or "
            "before, so a player at 0 HP is out even if they drank a potion.", "A-5",
            ("after_items", "before_items")),
    Variant("rcb.both_defeated", "draw",
            "Both players at 0 HP or less at once: a draw, or the one with more HP left wins "
            "(still a draw if equal).", "A-6", ("draw", "higher_hp")),
    Variant("rcb.nothing_left", "bare_attack",
            "Empty hand, empty draw pile and empty Recycle: make a basic attack without giving "
            "up a card, or pass, until an Ongoing card returns to Recycle.", "A-7",
            ("bare_attack", "pass")),
    Variant("rcb.class_attacks", "weapon",
            "Class ATTACK cards count as attacks with the equipped weapon (PARRY stops them, "
            "Sword Specialist boosts them), or as attacks of their own.", "A-12",
            ("weapon", "not_weapon")),
    Variant("rcb.halve_rounding", "down", "Undead Meat halves damage rounding down or up.",
            "A-13", ("down", "up")),
    Variant("rcb.poison_stacking", "stack",
            "A second poison on a poisoned target: each instance ticks separately, or the new "
            "one replaces the old (whose card leaves Ongoing at once).", "A-14",
            ("stack", "refresh")),
    Variant("rcb.overheal", "cap", "Heals stop at maximum HP, or may go above it.", "A-16",
            ("cap", "allow")),
    Variant("rcb.turn_limit", 100,
            "The rules set no end other than defeat, and two players who only defend (or whose "
            "attacks cannot beat the other's defence) never finish: after this many turns the "
            "game is a draw. 0 means no limit.", "R-9"),
)

SETUP_OPTIONS = ("characters", "level", "classes", "equipment", "class_sets")
DEFAULT_CHARACTERS = ["Knight", "Rogue"]


def _per_seat(name: str, value, item_ok, example: str) -> list:
    """A per-seat option as [seat 0, seat 1]: one value for both, a pair, or {seat: value}."""
    if value is None:
        return [None, None]
    if isinstance(value, dict):
        bad = [k for k in value if k not in (0, 1, "0", "1")]
        if bad:
            raise SetupError(f"{name}: seats are 0 and 1, not {bad[0]!r}")
        out = [None, None]
        for k, v in value.items():
            out[int(k)] = v
        value = out
    elif item_ok(value):
        value = [value, value]
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise SetupError(f"{name}: give one value per seat, e.g. {example}, not {value!r}")
    for v in value:
        if v is not None and not item_ok(v):
            raise SetupError(f"{name}: {v!r} is not allowed; e.g. {example}")
    return [list(v) if isinstance(v, tuple) else v for v in value]


def _names(v) -> bool:
    return isinstance(v, list | tuple) and all(isinstance(x, str) for x in v)


def _level(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@register
class RpgCardBattle(Game):
    name = "rpg_card_battle"
    title = "RPG Card Battle"
    min_seats = 2
    max_seats = 2
    variants = VARIANTS
    rules_file = "rpg_card_battle.md"
    cards_module = f"{__package__}.cards"
    # A game lasts at most rcb.turn_limit turns of two decisions each; this bounds the
    # designer who switches the limit off (0) and builds two characters that cannot hurt
    # each other.
    max_decisions = 2_000

    def normalize_setup(self, setup: dict) -> dict:
        unknown = sorted(set(setup) - set(SETUP_OPTIONS))
        if unknown:
            raise SetupError(f"rpg_card_battle has no setup option {unknown[0]!r}; "
                             f"options are: {', '.join(SETUP_OPTIONS)}")
        chars = setup.get("characters")
        if chars is None:
            chars = list(DEFAULT_CHARACTERS)
        if (not isinstance(chars, list | tuple) or len(chars) != 2
                or not all(isinstance(c, str) for c in chars)):
            raise SetupError("characters: give two character names from loadouts.csv, "
                             f"e.g. ['Knight', 'Rogue'], not {chars!r}")
        return {
            "characters": list(chars),
            "level": _per_seat("level", setup.get("level"), _level, "3 or [3, 2]"),
            "classes": _per_seat("classes", setup.get("classes"),
                                 lambda v: isinstance(v, str), "[None, 'Knight']"),
            "equipment": _per_seat("equipment", setup.get("equipment"), _names,
                                   "[None, ['Longsword', 'Leather Jerkin', 'Pack']]"),
            "class_sets": _per_seat("class_sets", setup.get("class_sets"), _names,
                                    "[None, ['Power Strike', ...7 class cards]]"),
        }

    def seat_names(self, setup: dict) -> list[str]:
        return [f"Seat {i + 1} ({c})" for i, c in enumerate(setup["characters"])]

    def builds(self, cards, rules: dict, setup: dict) -> list:
        cat = catalog_for(cards, rules)
        return [cat.build(setup["characters"][s], level=setup["level"][s],
                          cls=setup["classes"][s], equipment=setup["equipment"][s],
                          class_set=setup["class_sets"][s]) for s in (0, 1)]

    def new_state(self, cards, rules: dict, setup: dict) -> BattleState:
        if rules["rcb.turn_limit"] < 0:
            raise SetupError("rule variant 'rcb.turn_limit': give 0 (no limit) or a number of "
                             f"turns, not {rules['rcb.turn_limit']}")
        return BattleState(catalog_for(cards, rules), self.builds(cards, rules, setup))

    def heuristic_bot(self):
        from .bots import heuristic

        return heuristic

    def render(self, state, seat):
        from .render import render

        return render(state, seat)
