"""Batch simulation and what-if analysis."""

from .executors import run_batches
from .metrics import card_usage, summarize
from .sensitivity import sensitivity
from .simulate import game_seeds, play_out, simulate
from .solve import solve
from .stats import wilson
from .sweep import sweep

__all__ = ["card_usage", "game_seeds", "play_out", "run_batches", "sensitivity", "simulate",
           "solve", "summarize", "sweep", "wilson"]
