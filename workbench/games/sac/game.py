"""Soldiers! Aliens! Carnage! (rules.md): the spec, and the opening position."""

from __future__ import annotations

from ...core import Game, GameSpec, SetupError, Traits, Variant, register
from .catalog import COVER, catalog_for
from .dungeon import DEFAULT_TABLE, STARTS, check_dir_table
from .odds import ODDS
from .rules import SacState

VARIANTS = (
    Variant(
        "sac.suits",
        "example",
        "Which suits are rooms and enemies: spades rooms and "
        "diamonds enemies, as the worked example plays ('example'), or the suit list as "
        "printed ('legend').",
        "A-1",
        choices=("example", "legend"),
    ),
    Variant(
        "sac.dir_table",
        DEFAULT_TABLE,
        "The direction each rank 2 to 10 gives, as nine letters U, R, D, L (table 1.4).",
        "A-2",
        kinds=(str,),
    ),
    Variant(
        "sac.dir6",
        "table",
        "A 6 points Left as the table says ('table'), or keeps the "
        "current direction as an ace does ('keep').",
        "A-2",
        choices=("table", "keep"),
    ),
    Variant(
        "sac.rotation",
        "segment",
        "A room turns the way its segment's sense says "
        "('segment'), or by the colour of each card ('per_card').",
        "A-3",
        choices=("segment", "per_card"),
    ),
    Variant(
        "sac.shift_card",
        "discard",
        "The card that shifts a corridor's colour is "
        "discarded ('discard') or placed as the corridor's last card ('place').",
        "A-5",
        choices=("discard", "place"),
    ),
    Variant(
        "sac.corridor_dir",
        "door",
        "A corridor behind a door keeps the door's direction "
        "('door'), or takes it from its first card ('first_card_each').",
        "A-7",
        choices=("door", "first_card_each"),
    ),
    Variant(
        "sac.counter_timing",
        "segment_end",
        "Enemy counters go on the segment's last "
        "card when it ends ('segment_end') or on the last card placed when drawn "
        "('immediate').",
        "A-10",
        choices=("segment_end", "immediate"),
    ),
    Variant("sac.width", 12, "Table width in cards.", "A-14", minimum=3, maximum=26),
    Variant("sac.height", 8, "Table height in cards.", "A-14", minimum=3, maximum=26),
    Variant(
        "sac.start", "top_right", "The start cell of the first corridor.", "A-14", choices=STARTS
    ),
    Variant(
        "sac.dead_end",
        "close",
        "A card with nowhere to go closes its segment ('close') "
        "or is tried from each earlier cell of the segment ('backtrack').",
        "A-15",
        choices=("close", "backtrack"),
    ),
    Variant(
        "sac.door_order",
        "fifo",
        "Generator mode opens closed doors first in, first "
        "out ('fifo') or last in, first out ('lifo').",
        "A-16",
        choices=("fifo", "lifo"),
    ),
    Variant("sac.cover_ranks", "8-10", "Room cards that give cover.", "A-18", choices=tuple(COVER)),
    Variant(
        "sac.shot",
        "remaining",
        "A shot that does not kill takes the roll off the enemy "
        "and the shooter takes its remaining health ('remaining'), or does nothing and the "
        "shooter takes the enemy's full health ('miss_on_fail').",
        "A-26",
        choices=("remaining", "miss_on_fail"),
    ),
    Variant(
        "sac.extra_cards",
        0,
        "Extra copies of every room card dealt into pile 2, for bigger dungeons.",
        "A-30",
        minimum=0,
        maximum=4,
    ),
    Variant(
        "sac.stall",
        "big_bad_room",
        "When every branch is closed with pile 2 not empty: "
        "the rest of pile 2 is drawn and the Big Bads go on the last room ('big_bad_room'),"
        " or building starts again from the latest dead end ('reshuffle').",
        "A-31",
        choices=("big_bad_room", "reshuffle"),
    ),
    Variant(
        "sac.range",
        1,
        "How many moves away along the build path a soldier can shoot.",
        "A-32",
        minimum=0,
        maximum=3,
    ),
    Variant(
        "sac.rounds",
        40,
        "Rounds the soldier has to kill the Big Bads.",
        "A-34",
        minimum=1,
        maximum=500,
    ),
)

SPEC = GameSpec(
    name="sac",
    title="Soldiers! Aliens! Carnage!",
    doc="A dungeon dealt from a poker deck, card by card, and one soldier fighting through it "
    "with a d20.",
    seats=(1, 1),
    variants=VARIANTS,
    tables=f"{__package__}.cards",
    analysis=f"{__package__}.analysis",
    bots=f"{__package__}.bots",
    batch=f"{__package__}.batch",
    traits=Traits(cooperative=True, turn_limit="sac.rounds"),
    rules_file="rules.md",
    odds=ODDS,
    # A round is at most a few dozen decisions and chance points.
    max_decisions=20_000,
)


@register
class Sac(Game):
    spec = SPEC

    def seat_names(self, setup: dict) -> list[str]:
        return ["Soldier"]

    def new_state(self, cards, rules: dict, setup: dict) -> SacState:
        try:
            check_dir_table(rules["sac.dir_table"])
        except ValueError as exc:
            raise SetupError(str(exc)) from None
        return SacState(catalog_for(cards, rules), rules)

    def named_bots(self) -> dict:
        from .bots import search

        return {"search": search}

    def bot_ladder(self):
        from .bots import search

        return [("random", "random"), ("heuristic", "heuristic")] + [
            (f"search x{n}", search(samples=n)) for n in (1, 2, 4)
        ]
