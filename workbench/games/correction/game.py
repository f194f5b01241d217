"""Correction (rules.md): the spec, and the opening position."""

from __future__ import annotations

from ...core import Game, GameSpec, Option, Traits, Variant, register
from .catalog import SEATS, catalog_for
from .rules import CorrectionState

VARIANTS = (
    Variant(
        "cor.token_supply",
        "inf",
        "Size of the shared Denial Token supply: unlimited, or a fixed pile ('inf' and 20 "
        "are the rules file's choices; 10 and 5 are there for what-if sweeps).",
        "A-10",
        choices=("inf", 20, 10, 5),
    ),
    Variant(
        "cor.draw_after",
        60,
        "The game is drawn after this many consecutive turns with no capture, no spawn "
        "and no token recovered (a whole number from 1 to 10,000).",
        "R-18",
        minimum=1,
        maximum=10_000,
    ),
    Variant(
        "cor.knight_side_L_capture_only",
        False,
        "The Knight's sideways L (2 across, 1 ahead) may only capture.",
        "A-1",
        choices=(False, True),
    ),
    Variant(
        "cor.spear_reach",
        "blocked",
        "The Spearman's 2-square capture needs the middle square free of pieces "
        "('blocked'), or reaches over a piece ('over').",
        "A-2",
        choices=("blocked", "over"),
    ),
    Variant(
        "cor.no_token_rows",
        "both",
        "Home rows that cannot take a Move Denial token: both, only the moving piece's "
        "goal row (the denier's home row), or only the mover's own home row.",
        "A-4",
        choices=("both", "goal_only", "own_only"),
    ),
    Variant(
        "cor.deny_occupied",
        True,
        "Move Denial may target a square holding the piece about to be captured (the "
        "token lies under it).",
        "A-6",
        choices=(True, False),
    ),
    Variant(
        "cor.banish",
        "reserve",
        "A banished piece goes back to the reserve and may be spawned on its owner's next "
        "turn ('reserve'), or is laid down like a captured piece and skips that turn "
        "('captured').",
        "A-9",
        choices=("reserve", "captured"),
    ),
)

FIRST_CHOICES = {"random": "random", "south": "South", "north": "North", 0: "South", 1: "North"}


def _first(value) -> str:
    key = value.lower() if isinstance(value, str) else value
    if isinstance(key, (bool, float)) or key not in FIRST_CHOICES:  # 0.0 is no seat
        raise ValueError(f"give 'random', 'South', 'North', 0 or 1, not {value!r}")
    return FIRST_CHOICES[key]


SPEC = GameSpec(
    name="correction",
    title="Correction",
    doc="A two-player 6×6 chess-like game of spawning pieces and Denial tokens.",
    seats=(2, 2),
    options=(
        Option(
            "first_player",
            "random",
            "Who starts: 'random' (R-2), 'South' or 'North' (or seat 0 or 1).",
            read=_first,
        ),
    ),
    variants=VARIANTS,
    tables=f"{__package__}.cards",
    analysis=f"{__package__}.analysis",
    bots=f"{__package__}.bots",
    batch=f"{__package__}.batch",
    traits=Traits(scored=True, turn_limit="cor.draw_after"),
    rules_file="rules.md",
    # Random playouts take a few hundred decisions; R-18 ends every game in finite time.
    max_decisions=5_000,
)


@register
class Correction(Game):
    spec = SPEC

    def seat_names(self, setup: dict) -> list[str]:
        return list(SEATS)

    def new_state(self, cards, rules: dict, setup: dict) -> CorrectionState:
        first = setup["first_player"]
        seat = None if first == "random" else SEATS.index(first)
        return CorrectionState(catalog_for(cards, rules), rules, seat)

    def ban_name(self, state, action):
        return action.args[0] if action.kind == "spawn" else None

    def named_bots(self) -> dict:
        from .bots import RolloutBot

        # "rollout-3" plays each option three times with noisy replies: slower, stronger.
        return {"rollout": RolloutBot, "rollout-3": lambda: RolloutBot(samples=3, noise=0.3)}

    def bot_ladder(self):
        return [
            ("random", "random"),
            ("heuristic", "heuristic"),
            ("rollout", "rollout"),
            ("rollout-3", "rollout-3"),
        ]
