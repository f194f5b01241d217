"""Armies (rules.md): chess movement, Magic-like cards played through the pieces, and
binary-dice combat."""

from typing import TYPE_CHECKING

from ..._lazy import lazy_attributes
from .game import Armies
from .rules import ArmiesState

if TYPE_CHECKING:
    from .analysis import (
        deck_matchup,
        first_player_wins,
        how_games_end,
        matchup_games,
        odds_table,
    )

# The analyses bring in the simulation layer; playing a match never needs them.
__getattr__, __dir__ = lazy_attributes(
    __name__,
    {
        ".analysis": [
            "deck_matchup",
            "first_player_wins",
            "how_games_end",
            "matchup_games",
            "odds_table",
        ],
    },
)

__all__ = [
    "Armies",
    "ArmiesState",
    "deck_matchup",
    "first_player_wins",
    "how_games_end",
    "matchup_games",
    "odds_table",
]
