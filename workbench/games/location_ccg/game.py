"""The Location CCG (rules.md): the spec, and the opening position."""

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
from .catalog import catalog_for
from .odds import ODDS
from .rules import LocationState

VARIANTS = (
    Variant(
        "loc.stack",
        "none",
        "Surprises and abilities resolve at once when played ('none'), or wait on a stack "
        "and resolve last in, first out when the window closes ('lifo').",
        "A-5",
        choices=("none", "lifo"),
    ),
    Variant(
        "loc.skill_count",
        "all_at_location",
        "The victory check totals every character at the Location, left from earlier "
        "missions too ('all_at_location'), or only this mission's parties "
        "('mission_only').",
        "A-7",
        choices=("all_at_location", "mission_only"),
    ),
    # No 0 for "no limit": nothing else ends a game two cautious players keep passing in.
    Variant(
        "loc.turn_limit",
        40,
        "The game ends after this many turns and the leader wins (loc.limit_leader); "
        "a tie is a draw.",
        "A-25",
        minimum=1,
        maximum=1_000,
    ),
    Variant(
        "loc.limit_leader",
        "locations_then_tokens",
        "At the turn limit, who leads: more Locations won, then more VP tokens on "
        "Locations nobody has won ('locations_then_tokens'), or those VP tokens alone "
        "('tokens', the older literal reading).",
        "A-25",
        choices=("locations_then_tokens", "tokens"),
    ),
    Variant(
        "loc.payment",
        "points",
        "A cost counts resource points, a card worth as many as its row has symbols "
        "('points'), or whole cards, one resource each ('cards').",
        "A-2",
        choices=("points", "cards"),
    ),
    Variant(
        "loc.cost_notation",
        "generic_plus_typed",
        "'3$' is 3 points of any type plus 1 $ ('generic_plus_typed'), or 3 $ points ('typed').",
        "A-3",
        choices=("generic_plus_typed", "typed"),
    ),
    Variant(
        "loc.cost_floor",
        "reduced_only",
        "Reductions never take a cost below 1 point, and a card printed at 0 costs 0 "
        "('reduced_only'); or every cost is at least 1 ('all').",
        "A-4",
        choices=("reduced_only", "all"),
    ),
    Variant(
        "loc.first_turn",
        "full",
        "The first turn of the game skips nothing ('full') or skips its Production phase "
        "('no_production').",
        "A-6",
        choices=("full", "no_production"),
    ),
    Variant(
        "loc.modifier_limit",
        "per_subtype",
        "A character holds one modifier of each subtype ('per_subtype') or one in all ('one').",
        "A-9",
        choices=("per_subtype", "one"),
    ),
    Variant(
        "loc.giant",
        "split",
        "Giant X as R-33 says, its Atk split among those it faces ('split'); its full Atk "
        "to each of them ('full_each'); or the keyword does nothing ('ignore').",
        "A-10",
        choices=("split", "full_each", "ignore"),
    ),
    Variant(
        "loc.long_range",
        "on_pairing",
        "Long Range deals its damage the moment it is paired ('on_pairing') or at the "
        "start of combat damage, before the rest ('combat_start').",
        "A-11",
        choices=("on_pairing", "combat_start"),
    ),
    Variant(
        "loc.min_attackers",
        1,
        "The fewest characters a mission may send (1; 0 allows an empty party).",
        "A-16",
        minimum=0,
        maximum=1,
    ),
    Variant(
        "loc.unique_leaves",
        "older",
        "When a second Unique copy comes into play the older copy leaves ('older') or "
        "the new one does ('newer').",
        "A-18",
        choices=("older", "newer"),
    ),
    Variant(
        "loc.mob_counts",
        "in_play_and_discard",
        "Mob counts visible copies in play and in discard piles "
        "('in_play_and_discard') or in play only ('in_play').",
        "A-19",
        choices=("in_play_and_discard", "in_play"),
    ),
    Variant(
        "loc.ability_limit",
        "per_card",
        "Each ability once per turn for each card in play ('per_card'), or once per turn "
        "for all your copies of a card ('per_name').",
        "A-21",
        choices=("per_card", "per_name"),
    ),
    Variant(
        "loc.deckout",
        "no_draw",
        "A player who must draw with an empty deck and discard pile draws nothing "
        "('no_draw') or loses ('lose').",
        "A-24",
        choices=("no_draw", "lose"),
    ),
)

DEFAULT_DECKS = ("Syndicate", "Order")


def _decks(value) -> list[str]:
    return two_decks(value, "seat 1's, then seat 2's")


def _first(value):
    if value == "random":
        return value
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return value
    raise ValueError(f"give 'random' or a seat number, 0 or 1, not {value!r}")


def _picks(value):
    if value is None:
        return []
    if (
        not isinstance(value, list | tuple)
        or len(value) > 3
        or not all(isinstance(v, str) for v in value)
    ):
        raise ValueError(
            f"give up to 3 Location names in the order R-8 places them (the "
            f"first player's, the second's, the first's), not {value!r}"
        )
    return list(value)


SPEC = GameSpec(
    name="location_ccg",
    title="Location CCG",
    doc="Any card can be banked as resources; missions against three Locations, fought "
    "challenge by challenge; the majority of Locations wins.",
    seats=(2, 2),
    options=(
        Option(
            "decks",
            list(DEFAULT_DECKS),
            "The deck each seat plays (seat 1's, then "
            "seat 2's), names from decks.csv; each brings its own 3 Locations.",
            read=_decks,
            example="['Syndicate', 'Order']",
        ),
        Option(
            "first_player",
            "random",
            "Who picks the first Location: 'random' (R-7) or a "
            "seat number, 0 or 1. The other seat takes the first turn (R-10).",
            read=_first,
            example="'random' or 0",
        ),
        Option(
            "locations",
            None,
            "Locations placed for the players, in R-8's order (the "
            "first player's, the second's, the first's); None lets the seats choose. Needs "
            "a fixed first_player.",
            read=_picks,
            example="['Radio Tower', 'Old Cathedral']",
        ),
    ),
    variants=VARIANTS,
    tables=f"{__package__}.cards",
    analysis=f"{__package__}.analysis",
    bots=f"{__package__}.bots",
    batch=f"{__package__}.batch",
    traits=Traits(scored=True, turn_limit="loc.turn_limit", hidden_information=True, sides="decks"),
    rules_file="rules.md",
    odds=ODDS,
    # loc.turn_limit ends every game; a random game takes a few thousand decisions at most.
    max_decisions=30_000,
)


@register
class LocationCCG(Game):
    spec = SPEC

    def seat_names(self, setup: dict) -> list[str]:
        return [f"Seat {s + 1} ({setup['decks'][s]})" for s in (0, 1)]

    def new_state(self, cards, rules: dict, setup: dict) -> LocationState:
        cat = catalog_for(cards, rules)
        decks = setup["decks"]
        known_decks(decks, cat.decks)
        first = setup["first_player"]
        picks = setup["locations"]
        if picks:
            if first == "random":
                raise SetupError(
                    "locations: placing Locations for the players needs a fixed "
                    "first_player (0 or 1), since the first player places first"
                )
            order = [first, 1 - first, first]
            for i, name in enumerate(picks):
                owner = order[i]
                if name not in cat.deck_locations[decks[owner]] or name in picks[:i]:
                    raise SetupError(
                        f"locations: pick {i + 1} is seat {owner + 1}'s; {name!r} is not one "
                        f"of its Locations left ({', '.join(cat.deck_locations[decks[owner]])})"
                    )
        return LocationState(cat, rules, decks, None if first == "random" else first, picks)

    def decks(self):
        from ...core.spec import Decks, Picks

        # A deck is its 40 cards and the 3 Locations it brings.
        return (
            Decks("deck_cards", "deck", "card", "copies", "cards"),
            Picks("deck_locations", "deck", "location", "locations"),
        )

    def ban_name(self, state, action):
        # A card played from hand, or the ability of one in play; banking a card to pay for
        # others is not playing it.
        if action.kind == "play":
            return action.args[0]
        if action.kind == "use":
            inst = state.inplay.get(action.args[0])
            return inst.name if inst else None
        return None

    def named_bots(self) -> dict:
        from .bots import search

        return {"search": search}

    def bot_ladder(self):
        from .bots import search

        return [("random", "random"), ("heuristic", "heuristic")] + [
            (f"search x{n}", search(samples=n)) for n in (1, 2, 4)
        ]
