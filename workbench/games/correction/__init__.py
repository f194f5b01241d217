"""Correction (../shared/rules/correction.md): a 6x6 chess-like game of spawning and Denial."""

from .analysis import first_player_wins, head_to_head
from .bots import RolloutBot
from .game import Correction
from .rules import CorrectionState

__all__ = ["Correction", "CorrectionState", "RolloutBot", "first_player_wins", "head_to_head"]
