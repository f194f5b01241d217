"""Correction (../shared/rules/correction.md): a 6x6 chess-like game of spawning and Denial."""

from .game import Correction
from .rules import CorrectionState

__all__ = ["Correction", "CorrectionState"]
