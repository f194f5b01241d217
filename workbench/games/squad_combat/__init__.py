"""Squad Combat (rules.md): three characters a side with energy and stored dice, cards paid
in energy and dice, reactions in priority windows, keyword effects and death effects."""

from typing import TYPE_CHECKING

from ..._lazy import lazy_attributes
from .game import SquadCombat
from .rules import SquadState

if TYPE_CHECKING:
    from .analysis import (
        card_report,
        damage_budget,
        deck_plan,
        design_check,
        first_player_edge,
        matchup_matrix,
        refresh_odds,
        ruleset_comparison,
    )

ANALYSES = [
    "card_report",
    "damage_budget",
    "deck_plan",
    "design_check",
    "first_player_edge",
    "matchup_matrix",
    "refresh_odds",
    "ruleset_comparison",
]
# The analyses bring in the simulation layer; playing a match never needs them.
__getattr__, __dir__ = lazy_attributes(__name__, {".analysis": ANALYSES})

# Spelled out, not unpacked from ANALYSES, so that linters see the lazy names as exported.
__all__ = [
    "SquadCombat",
    "SquadState",
    "card_report",
    "damage_budget",
    "deck_plan",
    "design_check",
    "first_player_edge",
    "matchup_matrix",
    "refresh_odds",
    "ruleset_comparison",
]
