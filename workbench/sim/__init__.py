"""Batch simulation and analysis."""

from .simulate import game_seeds, play_out, simulate

__all__ = ["game_seeds", "play_out", "simulate"]
