"""Batch simulation and what-if analysis."""

from .balance import BalanceReport, balance
from .cluster import DASK_SETTINGS, local_cluster
from .executors import run_batches
from .hunt import Hunt, hunt
from .metrics import card_usage, first_player_share, summarize
from .paths import KernelAside, KernelMismatch
from .rebalance import Rebalance, rebalance
from .report import readable, sensitivity_table, sweep_table
from .sensitivity import sensitivity
from .simulate import game_seeds, play_out, simulate
from .solve import solve
from .stats import wilson
from .sweep import sweep

__all__ = [
    "DASK_SETTINGS",
    "BalanceReport",
    "Hunt",
    "KernelAside",
    "KernelMismatch",
    "Rebalance",
    "balance",
    "card_usage",
    "first_player_share",
    "game_seeds",
    "hunt",
    "local_cluster",
    "play_out",
    "readable",
    "rebalance",
    "run_batches",
    "sensitivity",
    "sensitivity_table",
    "simulate",
    "solve",
    "summarize",
    "sweep",
    "sweep_table",
    "wilson",
]
