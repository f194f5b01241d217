"""Correction (rules.md): a 6x6 chess-like game of spawning and Denial."""

from typing import TYPE_CHECKING

from ..._lazy import lazy_attributes
from .bots import RolloutBot
from .game import Correction
from .rules import CorrectionState

if TYPE_CHECKING:
    from .analysis import first_player_wins, head_to_head

# The analyses bring in the simulation layer; playing a match never needs them.
__getattr__, __dir__ = lazy_attributes(
    __name__,
    {
        ".analysis": ["first_player_wins", "head_to_head"],
    },
)

__all__ = ["Correction", "CorrectionState", "RolloutBot", "first_player_wins", "head_to_head"]
