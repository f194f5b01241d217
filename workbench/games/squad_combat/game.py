"""Squad Combat (rules.md): the spec (squads, who starts, every rule variant), and the
opening position."""

from __future__ import annotations

from ...core import Game, GameSpec, Option, Traits, Variant, register
from .catalog import catalog_for
from .odds import ODDS
from .rules import SquadState

VARIANTS = (
    Variant(
        "sc.ruleset",
        "v1",
        "The rulebook: v1 (17 Sep 2013), or v0.5 (6 Sep 2013): the attack die against the "
        "defence die, Life removed at death (no death effects), pools rolled whole, pools "
        "set up before the first player is chosen.",
        "A-48",
        choices=("v1", "v0_5"),
    ),
    Variant(
        "sc.attack",
        "hit",
        "v1 attacks hit unless a reaction negates them; 'contest' plays v1 with v0.5's "
        "attack die + Hit modifier against defence die (v0.5 always contests).",
        "A-2",
        choices=("hit", "contest"),
    ),
    Variant(
        "sc.copy_limit",
        0,
        "Most copies of one card in a deck: 0 for no limit (the demo), 3 for constructed "
        "play (a whole number from 0 to 40).",
        "A-24",
        minimum=0,
        maximum=40,
    ),
    Variant(
        "sc.energy_reset",
        "end_of_turn",
        "All burden is removed at the end of each turn (as v0.5 says), or never (v1 as written).",
        "A-1",
        choices=("end_of_turn", "never"),
    ),
    Variant(
        "sc.first_player",
        "fixed",
        "The same first player every turn, as written, or it moves one seat to the left each turn.",
        "A-10",
        choices=("fixed", "rotate"),
    ),
    Variant(
        "sc.suppression",
        "blocks_reset",
        "A Suppression token keeps the character's burden at the next reset, or stops it "
        "from Refreshing; either way it goes when the next turn starts.",
        "A-13",
        choices=("blocks_reset", "blocks_refresh"),
    ),
    Variant(
        "sc.edge_stack",
        "none",
        "Edges resolve at once when played, or wait on a stack and resolve last in, first "
        "out once every player has declined.",
        "A-6",
        choices=("none", "lifo"),
    ),
    Variant(
        "sc.overcharge",
        "rolled",
        "The extra die of Overcharge is rolled, a 6, or a face the player chooses.",
        "A-14",
        choices=("rolled", "six", "chosen"),
    ),
    Variant(
        "sc.deckout",
        "reshuffle",
        "A player who must draw from an empty deck shuffles the discard pile into a new "
        "deck, or loses.",
        "A-22",
        choices=("reshuffle", "lose"),
    ),
    Variant(
        "sc.reactors",
        "any_friendly",
        "Who may act for a reaction: any living character of the defending player, or "
        "only the defender.",
        "A-5",
        choices=("any_friendly", "defender"),
    ),
    Variant(
        "sc.stun",
        "x",
        "Stun X takes X energy, or 1 as the design notes literally say.",
        "A-12",
        choices=("x", "one"),
    ),
    Variant(
        "sc.heal_compare",
        "effective",
        "Heal X removes a damage card whose effective damage (after Resistance) is X or "
        "less, or whose printed damage is.",
        "A-16",
        choices=("effective", "printed"),
    ),
    Variant(
        "sc.stalemate",
        "draw",
        "When no squad can ever deal damage again (every attack card left is under a "
        "character or unplayable), the game is a draw at the end of that turn, or play "
        "goes on to the turn limit.",
        "A-35",
        choices=("draw", "play_on"),
    ),
    Variant(
        "sc.repeat_window",
        "skip",
        "When every player has just declined in the window after a card, the next action "
        "phase opens no second window, or opens one anyway.",
        "A-36",
        choices=("skip", "open"),
    ),
    Variant(
        "sc.turn_limit",
        40,
        "The rules end a game only when a squad is dead; after this many turns it is a "
        "draw (0: no limit).",
        "R-10",
        minimum=0,
        maximum=1_000,
    ),
)


def _squads(value) -> list[str]:
    if (
        not isinstance(value, list | tuple)
        or not 2 <= len(value) <= 4
        or not all(isinstance(s, str) for s in value)
    ):
        raise ValueError(
            f"give two to four squad names from squads.csv, one per seat, not {value!r}"
        )
    return list(value)


def _first(value):
    if value == "random":
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return value
    raise ValueError(f"give 'random' or a seat number from 0, not {value!r}")


SPEC = GameSpec(
    name="squad_combat",
    title="Squad Combat",
    doc="Three characters a side with energy and stored dice; attack, action and edge cards "
    "paid in energy and dice; reactions and death effects.",
    seats=(2, 4),
    options=(
        Option(
            "squads",
            ["Red", "Blue"],
            "One squad per seat, names from squads.csv "
            "(two to four seats; the same squad twice is a mirror match).",
            read=_squads,
            example="['Red', 'Blue']",
        ),
        Option(
            "first_player",
            "random",
            "Who plays first: 'random' (R-4) or a seat number from 0.",
            read=_first,
            example="'random' or 0",
        ),
    ),
    variants=VARIANTS,
    tables=f"{__package__}.cards",
    analysis=f"{__package__}.analysis",
    bots=f"{__package__}.bots",
    batch=f"{__package__}.batch",
    render=f"{__package__}.render",
    traits=Traits(scored=True, turn_limit="sc.turn_limit", hidden_information=True, sides="squads"),
    rules_file="rules.md",
    odds=ODDS,
    # A random game takes a few hundred decisions; sc.turn_limit ends every game.
    max_decisions=20_000,
)


@register
class SquadCombat(Game):
    spec = SPEC

    def num_seats(self, setup: dict) -> int:
        return len(setup["squads"])

    def seat_names(self, setup: dict) -> list[str]:
        return [f"Seat {i + 1} ({name})" for i, name in enumerate(setup["squads"])]

    def new_state(self, cards, rules: dict, setup: dict) -> SquadState:
        first = setup["first_player"]
        seats = len(setup["squads"])
        if first != "random" and first >= seats:
            from ...core import SetupError

            raise SetupError(
                f"first_player: seat {first} does not exist; seats are 0 to {seats - 1}"
            )
        return SquadState(
            catalog_for(cards, rules), rules, setup["squads"], None if first == "random" else first
        )

    def decks(self):
        from ...core.spec import Decks

        return Decks("decks", "squad", "card", "copies", "cards")

    def ban_name(self, state, action):
        # A deck card played, or an ability used: what a designer edits in cards.csv and
        # abilities.csv. Discarding a card to pay is not playing it.
        return action.args[0] if action.kind in ("play", "use") else None

    def named_bots(self) -> dict:
        from .bots import search

        # "search" plays each option of an action phase or a target on with the heuristic.
        return {"search": search}

    def bot_ladder(self):
        from .bots import search

        return [("random", "random"), ("heuristic", "heuristic")] + [
            (f"search x{n}", search(samples=n)) for n in (1, 2, 4)
        ]
