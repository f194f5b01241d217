"""Correction's registration: seats, the setup option and every rule variant."""

from __future__ import annotations

from ...core import Game, SetupError, Variant, register
from .catalog import SEATS, catalog_for
from .rules import CorrectionState

VARIANTS = (
    Variant("cor.token_supply", "inf",
            "Size of the shared Denial Token supply: unlimited, or a fixed pile ('inf' and 20 "
            "are the rules file's choices; 10 and 5 are there for what-if sweeps).", "A-10",
            ("inf", 20, 10, 5)),
    Variant("cor.draw_after", 60,
            "The game is drawn after this many consecutive turns with no capture, no spawn "
            "and no token recovered (any whole number from 1).", "R-18"),
    Variant("cor.knight_side_L_capture_only", False,
            "The Knight's sideways L (2 across, 1 ahead) may only capture.", "A-1",
            (False, True)),
    Variant("cor.spear_reach", "blocked",
            "The Spearman's 2-square capture needs the middle square free of pieces "
            "('blocked'), or reaches over a piece ('over').", "A-2", ("blocked", "over")),
    Variant("cor.no_token_rows", "both",
            "Home rows that cannot take a Move Denial token: both, only the moving piece's "
            "goal row (the denier's home row), or only the mover's own home row.", "A-4",
            ("both", "goal_only", "own_only")),
    Variant("cor.deny_occupied", True,
            "Move Denial may target a square holding the piece about to be captured (the "
            "token lies under it).", "A-6", (True, False)),
    Variant("cor.banish", "reserve",
            "A banished piece goes back to the reserve and may be spawned on its owner's next "
            "turn ('reserve'), or is laid down like a captured piece and skips that turn "
            "('captured').", "A-9", ("reserve", "captured")),
)

FIRST_CHOICES = {"random": None, "south": 0, "north": 1, 0: 0, 1: 1}


@register
class Correction(Game):
    name = "correction"
    title = "Correction"
    min_seats = 2
    max_seats = 2
    variants = VARIANTS
    rules_file = "correction.md"
    cards_module = f"{__package__}.cards"
    # Random playouts take a few hundred decisions; R-18 ends every game in finite time.
    max_decisions = 5_000

    def normalize_setup(self, setup: dict) -> dict:
        unknown = sorted(set(setup) - {"first_player"})
        if unknown:
            raise SetupError(f"correction has no setup option {unknown[0]!r}; "
                             "the only option is 'first_player'")
        first = setup.get("first_player", "random")
        key = first.lower() if isinstance(first, str) else first
        if isinstance(key, bool) or key not in FIRST_CHOICES:
            raise SetupError(f"first_player: give 'random', 'South', 'North', 0 or 1, "
                             f"not {first!r}")
        chosen = FIRST_CHOICES[key]
        return {"first_player": "random" if chosen is None else SEATS[chosen]}

    def seat_names(self, setup: dict) -> list[str]:
        return list(SEATS)

    def new_state(self, cards, rules: dict, setup: dict) -> CorrectionState:
        limit = rules["cor.draw_after"]
        if limit < 1:
            raise SetupError(f"rule variant 'cor.draw_after': {limit!r} is not allowed; "
                             "expected a whole number of turns from 1")
        first = setup.get("first_player", "random")
        seat = None if first == "random" else SEATS.index(first)
        return CorrectionState(catalog_for(cards, rules), rules, seat)

    def heuristic_bot(self):
        from .bots import heuristic

        return heuristic

    def named_bots(self) -> dict:
        from .bots import RolloutBot

        # "rollout-3" plays each option three times with noisy replies: slower, stronger.
        return {"rollout": RolloutBot,
                "rollout-3": lambda: RolloutBot(samples=3, noise=0.3)}

    def render(self, state, seat):
        from .render import render

        return render(state, seat)
