"""Charts: pure functions from tidy polars frames to Altair charts."""

from .dice import VIEWS, dice_chart, exact_fractions, yes_no_chart
from .sim import grid_heatmap, length_histogram, matchup_matrix, sweep_chart, tornado

__all__ = ["VIEWS", "dice_chart", "exact_fractions", "grid_heatmap", "length_histogram",
           "matchup_matrix", "sweep_chart", "tornado", "yes_no_chart"]
