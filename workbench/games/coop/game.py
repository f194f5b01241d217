"""The co-op game's registration: seats, setup options and every rule variant."""

from __future__ import annotations

from ...core import Game, SetupError, Variant, register
from .catalog import catalog_for
from .rules import CoopState

CLASS_ORDER = ("Melee", "Ranged")

VARIANTS = (
    Variant("coop.first_leader", "random", "How the first Encounter Leader is chosen.", "R-3",
            ("random", "choose")),
    Variant("coop.placement", "uniform_reroll",
            "Enemy placement: every active seat equally likely (unused d6 numbers rerolled), "
            "or fixed numbers with no rerolls (face f goes to the ((f-1) mod k)-th active seat "
            "from the leader, which favours the first seats with 4 or 5 players).", "A-17",
            ("uniform_reroll", "fixed_numbers")),
    Variant("coop.battles_2p", 3, "Battles needed to win with 2 players.", "A-19"),
    Variant("coop.loot_count", "breakdown",
            "Loot deck: the full breakdown (60 cards) or the printed headers (one copy fewer "
            "of each family's lowest tier).", "A-1", ("breakdown", "header")),
    Variant("coop.longbow_dice", 2, "Attack dice of the Longbow.", "A-2", (1, 2, 3)),
    Variant("coop.steel_sword_dice", 1, "Attack dice of the Steel Sword.", "A-3", (1, 2)),
    Variant("coop.spell_hands", 1,
            "Hands a spell takes; with 0 a player may carry one spell and no hand.", "A-7",
            (1, 0)),
    Variant("coop.healing", "action_heal",
            "Healing spells heal a player during the wielder's turn, or raise maximum Health.",
            "A-9", ("action_heal", "max_health_bonus")),
    Variant("coop.spell_dodge_scale", 1.0, "Scale of spells' Dodge bonuses (rounded down).",
            "A-10", (1.0, 0.5)),
    Variant("coop.roll", "sum", "How several attack dice combine.", "A-12", ("sum", "highest")),
    Variant("coop.group_by", "dice_and_type",
            "Which attack sources roll together.", "A-13",
            ("dice_and_type", "dice_only", "never")),
    Variant("coop.single_target_per_turn", False,
            "All of a player's rolls in a turn go at the first target while it stands.", "A-13",
            (False, True)),
    Variant("coop.melee_only_front", False,
            "Melee may never target another player's enemies.", "A-16", (False, True)),
    Variant("coop.orphans", "reroll",
            "Enemies of a knocked-out player are placed again at once, or wait idle.", "A-18",
            ("reroll", "idle")),
    Variant("coop.leader_passes", "per_encounter",
            "The Encounter Leader token passes after every Encounter, or after every Battle.",
            "A-23", ("per_encounter", "per_battle")),
    Variant("coop.loot_reshuffle", False,
            "When the Loot deck is empty, shuffle the unequipped stash back into it.", "A-24",
            (False, True)),
    Variant("coop.loot_policy", "draft",
            "Loot is drafted one card at a time from the leader, or the leader assigns it.",
            "R-24", ("draft", "agent")),
)


@register
class Coop(Game):
    name = "coop"
    title = "Co-op Dungeon Cards"
    min_seats = 2
    max_seats = 5
    variants = VARIANTS
    rules_file = "coop.md"
    cards_module = f"{__package__}.cards"
    # R-41 sets no limit on Rounds, and some positions never end (bare hands cannot get
    # through a Growler's 4 Armor, which recovers every Round, while a healer keeps the
    # party up). Past this many decisions a simulated game is reported as a time-out.
    max_decisions = 3_000

    def normalize_setup(self, setup: dict) -> dict:
        known = {"players", "first_encounter", "easy_start"}
        unknown = sorted(set(setup) - known)
        if unknown:
            raise SetupError(f"coop has no setup option {unknown[0]!r}; "
                             f"options are: {', '.join(sorted(known))}")
        players = setup.get("players", 3)
        if isinstance(players, int) and not isinstance(players, bool):
            if not 2 <= players <= 5:
                raise SetupError(f"players: coop is for 2 to 5 players, not {players}")
            classes = [CLASS_ORDER[i % 2] for i in range(players)]
        elif isinstance(players, list | tuple) and all(isinstance(c, str) for c in players):
            classes = [c.strip().capitalize() for c in players]
            if not 2 <= len(classes) <= 5:
                raise SetupError(f"players: coop is for 2 to 5 players, not {len(classes)}")
        else:
            raise SetupError("players: give a count from 2 to 5 or a list of class names "
                             "such as ['Melee', 'Melee', 'Ranged']")
        first = setup.get("first_encounter")
        if first is not None and not isinstance(first, str):
            raise SetupError(f"first_encounter: give an encounter id such as 'RAT-2', not {first!r}")
        easy = setup.get("easy_start", False)
        if not isinstance(easy, bool):
            raise SetupError(f"easy_start: give True or False, not {easy!r}")
        return {"players": classes, "first_encounter": first, "easy_start": easy}

    def num_seats(self, setup: dict) -> int:
        return len(setup["players"])

    def seat_names(self, setup: dict) -> list[str]:
        return [f"Seat {i + 1} ({c})" for i, c in enumerate(setup["players"])]

    def new_state(self, cards, rules: dict, setup: dict) -> CoopState:
        cat = catalog_for(cards, rules)
        classes = setup["players"]
        for c in classes:
            if c not in cat.classes:
                raise SetupError(f"players: no class {c!r}; classes are "
                                 f"{', '.join(cat.classes)}")
            limit = cat.classes[c].copies  # one player card per seat
            if classes.count(c) > limit:
                raise SetupError(f"players: at most {limit} players may take {c} (A-38)")
        first = setup["first_encounter"]
        if first is not None:
            card = cat.encounters.get(first)
            if card is None:
                raise SetupError(f"first_encounter: no encounter card {first!r}")
            if not card.first_allowed:
                raise SetupError(f"first_encounter: {first} is not allowed as the first "
                                 "Encounter (R-7 needs a Loot value of 2 or 3)")
        return CoopState(cat, list(classes), first, setup["easy_start"])

    def play_batch(self, cards, rules, setup, bots, max_decisions, seeds):
        from .batch import play_batch  # compiled on first use (numba caches it on disk)

        return play_batch(self, cards, rules, setup, bots, max_decisions, seeds)

    def heuristic_bot(self):
        from .bots import heuristic

        return heuristic

    def render(self, state, seat):
        from .render import render

        return render(state, seat)
