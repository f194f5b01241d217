"""RPG Card Battle (rules.md): the spec (who fights with what, and
every rule variant), and the opening position."""

from __future__ import annotations

from ...core import Game, GameSpec, Option, Traits, Variant, register
from .catalog import catalog_for
from .rules import BattleState

VARIANTS = (
    Variant(
        "rcb.defeat_check",
        "after_items",
        "When defeat is checked: after items resolve, so a potion can save you, or "
        "before, so a player at 0 HP is out even if they drank a potion.",
        "A-5",
        choices=("after_items", "before_items"),
    ),
    Variant(
        "rcb.both_defeated",
        "draw",
        "Both players at 0 HP or less at once: a draw, or the one with more HP left wins "
        "(still a draw if equal).",
        "A-6",
        choices=("draw", "higher_hp"),
    ),
    Variant(
        "rcb.nothing_left",
        "bare_attack",
        "Empty hand, empty draw pile and empty Recycle: make a basic attack without giving "
        "up a card, or pass, until an Ongoing card returns to Recycle.",
        "A-7",
        choices=("bare_attack", "pass"),
    ),
    Variant(
        "rcb.class_attacks",
        "weapon",
        "Class ATTACK cards count as attacks with the equipped weapon (PARRY stops them, "
        "Sword Specialist boosts them), or as attacks of their own.",
        "A-12",
        choices=("weapon", "not_weapon"),
    ),
    Variant(
        "rcb.halve_rounding",
        "down",
        "Undead Meat halves damage rounding down or up.",
        "A-13",
        choices=("down", "up"),
    ),
    Variant(
        "rcb.poison_stacking",
        "stack",
        "A second poison on a poisoned target: each instance ticks separately, or the new "
        "one replaces the old (whose card leaves Ongoing at once).",
        "A-14",
        choices=("stack", "refresh"),
    ),
    Variant(
        "rcb.overheal",
        "cap",
        "Heals stop at maximum HP, or may go above it.",
        "A-16",
        choices=("cap", "allow"),
    ),
    Variant(
        "rcb.smoke_when_attacking",
        "applies",
        "Smoke Bomb's Ongoing +3 defence counts whether or not its holder attacks that "
        "turn, or not on a turn its holder attacks (R-6 read literally: an attacker's "
        "defence is unmodified apart from Passives).",
        "A-21",
        choices=("applies", "ignored"),
    ),
    Variant(
        "rcb.turn_limit",
        100,
        "The rules set no end other than defeat, and two players who only defend (or whose "
        "attacks cannot beat the other's defence) never finish: after this many turns the "
        "game is a draw. 0 means no limit.",
        "R-9",
        minimum=0,
        maximum=10_000,
    ),
)


def _per_seat(item_ok):
    """Reads a per-seat option as [seat 0, seat 1]: one value for both, a pair, or
    {seat: value}; None leaves a seat as its character has it."""
    return lambda value: _seats(value, item_ok)


def _seats(value, item_ok) -> list:
    if value is None:
        return [None, None]
    if isinstance(value, dict):
        bad = [k for k in value if k not in (0, 1, "0", "1")]
        if bad:
            raise ValueError(f"seats are 0 and 1, not {bad[0]!r}")
        out = [None, None]
        for k, v in value.items():
            out[int(k)] = v
        value = out
    elif item_ok(value):
        value = [value, value]
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError(f"give one value per seat, not {value!r}")
    for v in value:
        if v is not None and not item_ok(v):
            raise ValueError(f"{v!r} is not allowed")
    return [list(v) if isinstance(v, tuple) else v for v in value]


def _names(v) -> bool:
    return isinstance(v, list | tuple) and all(isinstance(x, str) for x in v)


def _level(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _characters(value) -> list[str]:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(c, str) for c in value)
    ):
        raise ValueError(f"give two character names from loadouts.csv, not {value!r}")
    return list(value)


SPEC = GameSpec(
    name="rpg_card_battle",
    title="RPG Card Battle",
    doc="A two-character duel of decks built from equipment "
    "and a class set, with secret simultaneous picks.",
    seats=(2, 2),
    options=(
        Option(
            "characters",
            ["Knight", "Rogue"],
            "The two characters, names from loadouts.csv.",
            read=_characters,
            example="['Knight', 'Rogue']",
        ),
        Option(
            "level",
            None,
            "Character level per seat (one for both, a pair, or "
            "{seat: level}); None keeps the loadout's.",
            read=_per_seat(_level),
            example="3 or [3, 2]",
        ),
        Option(
            "classes",
            None,
            "Class per seat instead of the loadout's.",
            read=_per_seat(lambda v: isinstance(v, str)),
            example="[None, 'Knight']",
        ),
        Option(
            "equipment",
            None,
            "Equipment per seat (a list of item names).",
            read=_per_seat(_names),
            example="[None, ['Longsword', 'Leather Jerkin', 'Pack']]",
        ),
        Option(
            "class_sets",
            None,
            "The 7 class cards per seat.",
            read=_per_seat(_names),
            example="[None, ['Power Strike', ...7 class cards]]",
        ),
    ),
    variants=VARIANTS,
    tables=f"{__package__}.cards",
    analysis=f"{__package__}.analysis",
    bots=f"{__package__}.bots",
    batch=f"{__package__}.batch",
    render=f"{__package__}.render",
    traits=Traits(
        scored=True,
        turn_limit="rcb.turn_limit",
        hidden_information=True,
        simultaneous=True,
        sides="characters",
    ),
    rules_file="rules.md",
    # A game lasts at most rcb.turn_limit turns of two decisions each; this bounds the
    # designer who switches the limit off (0) and builds two characters that cannot hurt
    # each other.
    max_decisions=2_000,
)


@register
class RpgCardBattle(Game):
    spec = SPEC

    def seat_names(self, setup: dict) -> list[str]:
        return [f"Seat {i + 1} ({c})" for i, c in enumerate(setup["characters"])]

    def builds(self, cards, rules: dict, setup: dict) -> list:
        cat = catalog_for(cards, rules)
        return [
            cat.build(
                setup["characters"][s],
                level=setup["level"][s],
                cls=setup["classes"][s],
                equipment=setup["equipment"][s],
                class_set=setup["class_sets"][s],
            )
            for s in (0, 1)
        ]

    def new_state(self, cards, rules: dict, setup: dict) -> BattleState:
        return BattleState(catalog_for(cards, rules), self.builds(cards, rules, setup))

    def ban_name(self, state, action):
        return action.args[1] if action.kind == "play" else None

    def decks(self):
        from ...core.spec import Choices
        from .cards import CLASS_COLUMNS, SLOTS

        # A character's loadout: an item per equipment slot and a 7-card class
        # set. Its class and level stay: they are who the character is, not a choice made
        # before a battle (A-18 leaves leveling outside the battle).
        return Choices("loadouts", slots=tuple(SLOTS), sets={"class set": tuple(CLASS_COLUMNS)})
