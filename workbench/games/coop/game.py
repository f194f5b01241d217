"""Co-op Dungeon Cards (rules.md): the spec, and the opening position."""

from __future__ import annotations

from ...core import Game, GameSpec, Option, SetupError, Traits, Variant, register
from .catalog import catalog_for
from .odds import ODDS
from .rules import CoopState

CLASS_ORDER = ("Melee", "Ranged")


def _players(value) -> list[str]:
    """A player count (classes alternate Melee, Ranged, ...) or a list of class names."""
    if isinstance(value, int) and not isinstance(value, bool):
        if not 2 <= value <= 5:
            raise ValueError(f"coop is for 2 to 5 players, not {value}")
        return [CLASS_ORDER[i % 2] for i in range(value)]
    if isinstance(value, list | tuple) and all(isinstance(c, str) for c in value):
        if not 2 <= len(value) <= 5:
            raise ValueError(f"coop is for 2 to 5 players, not {len(value)}")
        return [c.strip().capitalize() for c in value]
    raise ValueError(f"give a count from 2 to 5 or a list of class names, not {value!r}")


def _encounter(value) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise ValueError(f"give an encounter id, not {value!r}")


VARIANTS = (
    Variant(
        "coop.first_leader",
        "random",
        "How the first Encounter Leader is chosen.",
        "R-3",
        choices=("random", "choose"),
    ),
    Variant(
        "coop.placement",
        "uniform_reroll",
        "Enemy placement: every active seat equally likely (unused d6 numbers rerolled), "
        "or fixed numbers with no rerolls (face f goes to the ((f-1) mod k)-th active seat "
        "from the leader, which favours the first seats with 4 or 5 players).",
        "A-17",
        choices=("uniform_reroll", "fixed_numbers"),
    ),
    Variant(
        "coop.battles_2p",
        3,
        "Battles needed to win with 2 players.",
        "A-19",
        minimum=1,
        maximum=100,
    ),
    Variant(
        "coop.loot_count",
        "breakdown",
        "Loot deck: the full breakdown (60 cards) or the printed headers (one copy fewer "
        "of each family's lowest tier).",
        "A-1",
        choices=("breakdown", "header"),
    ),
    Variant("coop.longbow_dice", 2, "Attack dice of the Longbow.", "A-2", choices=(1, 2, 3)),
    Variant("coop.steel_sword_dice", 1, "Attack dice of the Steel Sword.", "A-3", choices=(1, 2)),
    Variant(
        "coop.spell_hands",
        1,
        "Hands a spell takes; with 0 a player may carry one spell and no hand.",
        "A-7",
        choices=(1, 0),
    ),
    Variant(
        "coop.healing",
        "action_heal",
        "Healing spells heal a player during the wielder's turn, or raise maximum Health.",
        "A-9",
        choices=("action_heal", "max_health_bonus"),
    ),
    Variant(
        "coop.spell_dodge_scale",
        1.0,
        "Scale of spells' Dodge bonuses (rounded down).",
        "A-10",
        choices=(1.0, 0.5),
    ),
    Variant(
        "coop.roll", "sum", "How several attack dice combine.", "A-12", choices=("sum", "highest")
    ),
    Variant(
        "coop.group_by",
        "dice_and_type",
        "Which attack sources roll together.",
        "A-13",
        choices=("dice_and_type", "dice_only", "never"),
    ),
    Variant(
        "coop.single_target_per_turn",
        False,
        "All of a player's rolls in a turn go at the first target while it stands.",
        "A-13",
        choices=(False, True),
    ),
    Variant(
        "coop.melee_only_front",
        False,
        "Melee may never target another player's enemies.",
        "A-16",
        choices=(False, True),
    ),
    Variant(
        "coop.melee_front_scope",
        "every_melee_group",
        "Who must attack an enemy in front first: every melee attack group (R-33 as "
        "written), or only a player whose attacks are all melee (the source's reading: "
        "a player with any ranged source aims melee anywhere).",
        "A-39",
        choices=("every_melee_group", "melee_only_players"),
    ),
    Variant(
        "coop.orphans",
        "reroll",
        "Enemies of a knocked-out player are placed again at once, or wait idle.",
        "A-18",
        choices=("reroll", "idle"),
    ),
    Variant(
        "coop.leader_passes",
        "per_encounter",
        "The Encounter Leader token passes after every Encounter, or after every Battle.",
        "A-23",
        choices=("per_encounter", "per_battle"),
    ),
    Variant(
        "coop.loot_reshuffle",
        False,
        "When the Loot deck is empty, shuffle the unequipped stash back into it.",
        "A-24",
        choices=(False, True),
    ),
    Variant(
        "coop.loot_policy",
        "draft",
        "Loot is drafted one card at a time from the leader, or the leader assigns it.",
        "R-24",
        choices=("draft", "agent"),
    ),
)


SPEC = GameSpec(
    name="coop",
    title="Co-op Dungeon Cards",
    doc="A co-operative dungeon crawl for 2 to 5 players: encounters, dice combat, loot.",
    seats=(2, 5),
    options=(
        Option(
            "players",
            3,
            "Players: a count from 2 to 5 (classes alternate Melee, "
            "Ranged, ...) or a list of class names.",
            read=_players,
            example="3 or ['Melee', 'Melee', 'Ranged']",
        ),
        Option(
            "first_encounter",
            None,
            "The first Encounter card (R-7); None lets the leader choose.",
            read=_encounter,
            example="'RAT-2'",
        ),
        Option(
            "easy_start",
            False,
            "Share out one Loot card per player before Battle 1 (R-6).",
            kinds=(bool,),
        ),
    ),
    variants=VARIANTS,
    tables=f"{__package__}.cards",
    analysis=f"{__package__}.analysis",
    bots=f"{__package__}.bots",
    batch=f"{__package__}.batch",
    render=f"{__package__}.render",
    traits=Traits(cooperative=True, scored=True, can_stall=True),
    rules_file="rules.md",
    odds=ODDS,
    # R-41 sets no limit on Rounds, and some positions never end (bare hands cannot get
    # through a Growler's 4 Armor, which recovers every Round, while a healer keeps the
    # party up). Past this many decisions a simulated game is reported as a time-out.
    max_decisions=3_000,
)


@register
class Coop(Game):
    spec = SPEC

    def num_seats(self, setup: dict) -> int:
        return len(setup["players"])

    def seat_names(self, setup: dict) -> list[str]:
        return [f"Seat {i + 1} ({c})" for i, c in enumerate(setup["players"])]

    def new_state(self, cards, rules: dict, setup: dict) -> CoopState:
        cat = catalog_for(cards, rules)
        classes = setup["players"]
        for c in classes:
            if c not in cat.classes:
                raise SetupError(f"players: no class {c!r}; classes are {', '.join(cat.classes)}")
            limit = cat.classes[c].copies  # one player card per seat
            if classes.count(c) > limit:
                raise SetupError(f"players: at most {limit} players may take {c} (A-38)")
        first = setup["first_encounter"]
        if first is not None:
            card = cat.encounters.get(first)
            if card is None:
                raise SetupError(f"first_encounter: no encounter card {first!r}")
            if not card.first_allowed:
                raise SetupError(
                    f"first_encounter: {first} is not allowed as the first "
                    "Encounter (R-7 needs a Loot value of 2 or 3)"
                )
        return CoopState(cat, list(classes), first, setup["easy_start"])

    def ban_name(self, state, action):
        # The item an attack rolls with (a group of several names them all) or heals with.
        if action.kind == "attack":
            return (
                " + ".join(state.cat.items[i].name for i in state.groups[action.args[0]].sources)
                or None
            )
        if action.kind == "heal":
            return state.cat.items[action.args[0]].name
        return None
