"""Armies (rules.md): the spec, and the opening position."""

from __future__ import annotations

from ...core import (
    Game,
    GameSpec,
    Option,
    SetupError,
    Traits,
    Variant,
    known_decks,
    register,
    two_decks,
)
from .catalog import SEATS, catalog_for
from .odds import ODDS
from .rules import ArmiesState
from .vocab import DOMAINS

VARIANTS = (
    Variant(
        "arm.power",
        "fixed",
        "A printed ranged power P is the attack result with no roll ('fixed'), or the "
        "number of binary dice rolled ('dice').",
        "A-1",
        choices=("fixed", "dice"),
    ),
    Variant(
        "arm.training_per_turn",
        1,
        "Training cards a player may play per turn, in their own Opportunity steps: one, "
        "or any number.",
        "A-4",
        choices=(1, "unlimited"),
    ),
    Variant(
        "arm.ability_speed",
        "sorcery",
        "Activated abilities that are not major actions: in your own Opportunity steps and "
        "before the dice of your own attacks ('sorcery'), or at any time, in every response "
        "window ('instant').",
        "A-7",
        choices=("sorcery", "instant"),
    ),
    Variant(
        "arm.cloak_scope",
        "army",
        "What Cloaksworn Commander protects: cards and abilities aimed at it or at its army "
        "fail ('army'), or only those aimed at the Leader itself ('leader_only').",
        "A-10",
        choices=("army", "leader_only"),
    ),
    Variant(
        "arm.deckout",
        "no_draw",
        "A player who must draw from an empty deck draws nothing ('no_draw') or loses ('lose').",
        "A-22",
        choices=("no_draw", "lose"),
    ),
    Variant(
        "arm.general_is_army_for_boons",
        False,
        "Boons and Curses labelled 'Army' may go on the General too.",
        "A-26",
        choices=(False, True),
    ),
    Variant(
        "arm.sacrifice_from",
        "play",
        "Blood Cultist sacrifices a Leader in play ('play'), or one in play or in hand "
        "('play_or_hand').",
        "A-30",
        choices=("play", "play_or_hand"),
    ),
    Variant(
        "arm.draw_after",
        100,
        "The game is drawn after this many turns in a row with no capture and no card "
        "played (a whole number from 1 to 10,000).",
        "R-30",
        minimum=1,
        maximum=10_000,
    ),
)

FIRST_CHOICES = {"random": "random", "white": "White", "black": "Black", 0: "White", 1: "Black"}
DEFAULT_DECKS = ("Horse and Bow", "Shadow Court")


def _first(value) -> str:
    key = value.lower() if isinstance(value, str) else value
    if isinstance(key, bool) or key not in FIRST_CHOICES:
        raise ValueError(f"give 'random', 'White', 'Black', 0 or 1, not {value!r}")
    return FIRST_CHOICES[key]


def _decks(value) -> list[str]:
    return two_decks(value, "White's, then Black's")


def _generals(value) -> list[str | None]:
    if value is None or isinstance(value, str):
        value = [value, value]
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError(
            f"give each General's skill as domain letters (White's, then "
            f"Black's), e.g. ['GGT', 'ELS'], or None for the deck's, not {value!r}"
        )
    out = []
    for v in value:
        if v is not None and (not isinstance(v, str) or any(c not in DOMAINS for c in v.upper())):
            raise ValueError(
                f"{v!r} is not a spread of skill: write one letter per point from "
                f"{', '.join(DOMAINS)}, e.g. 'GGT'"
            )
        out.append(None if v is None else v.upper())
    return out


SPEC = GameSpec(
    name="armies",
    title="Armies",
    doc="Chess movement with Magic-like cards played through the pieces, and combat with "
    "binary dice.",
    seats=(2, 2),
    options=(
        Option(
            "decks",
            list(DEFAULT_DECKS),
            "The deck each seat plays (White's, then Black's), names from decks.csv.",
            read=_decks,
            example="['Horse and Bow', 'Shadow Court']",
        ),
        Option(
            "first_player",
            "random",
            "Who goes first: decided by a roll ('random', "
            "R-4), or 'White' or 'Black' (or seat 0 or 1).",
            read=_first,
        ),
        Option(
            "generals",
            None,
            "Each General's starting skill, one letter per point "
            "(R-2); None spreads it as the deck's row in decks.csv says.",
            read=_generals,
            example="['GGT', 'ELS']",
        ),
    ),
    variants=VARIANTS,
    tables=f"{__package__}.cards",
    analysis=f"{__package__}.analysis",
    bots=f"{__package__}.bots",
    batch=f"{__package__}.batch",
    traits=Traits(scored=True, turn_limit="arm.draw_after", hidden_information=True, sides="decks"),
    rules_file="rules.md",
    odds=ODDS,
    # R-30 ends every game; random play takes a few thousand decisions at most.
    max_decisions=30_000,
)


@register
class Armies(Game):
    spec = SPEC

    def seat_names(self, setup: dict) -> list[str]:
        return [f"{SEATS[s]} ({setup['decks'][s]})" for s in (0, 1)]

    def new_state(self, cards, rules: dict, setup: dict) -> ArmiesState:
        cat = catalog_for(cards, rules)
        decks = setup["decks"]
        known_decks(decks, cat.decks)
        generals = []
        for seat, spread in enumerate(setup["generals"]):
            if spread is None:
                generals.append(cat.decks[decks[seat]].general)
                continue
            if len(spread) != cat.general_skill:
                raise SetupError(
                    f"generals: {SEATS[seat]}'s {spread!r} spreads {len(spread)} "
                    f"points; a General starts with {cat.general_skill} (R-2)"
                )
            generals.append(tuple(spread.count(d) for d in DOMAINS))
        first = setup["first_player"]
        seat = None if first == "random" else SEATS.index(first)
        return ArmiesState(cat, rules, decks, generals, seat)

    def decks(self):
        from ...core.spec import Decks

        return Decks("deck_cards", "deck", "card", "copies", "cards")

    def ban_name(self, state, action):
        return action.args[0] if action.kind == "play" else None

    def named_bots(self) -> dict:
        from .bots import RolloutBot

        return {"rollout": RolloutBot}

    def bot_ladder(self):
        from .bots import RolloutBot

        return [("random", "random"), ("heuristic", "heuristic")] + [
            (f"rollout x{n}", RolloutBot(samples=n)) for n in (1, 2, 4)
        ]
