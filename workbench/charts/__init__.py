"""Charts: pure functions from tidy polars frames to Altair charts.

The names load on first use: Altair takes a second or more to import, and a notebook that sets
up its charts at the top (`notebook_charts()`) may play a match long before its first chart.
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_attributes as _lazy_attributes

if TYPE_CHECKING:
    from .dice import VIEWS, dice_chart, exact_fractions, yes_no_chart
    from .notebook import notebook_charts
    from .sim import grid_heatmap, length_histogram, matchup_matrix, sweep_chart, tornado

__getattr__, __dir__ = _lazy_attributes(
    __name__,
    {
        ".dice": ["VIEWS", "dice_chart", "exact_fractions", "yes_no_chart"],
        ".notebook": ["notebook_charts"],
        ".sim": ["grid_heatmap", "length_histogram", "matchup_matrix", "sweep_chart", "tornado"],
    },
)

__all__ = [
    "VIEWS",
    "dice_chart",
    "exact_fractions",
    "grid_heatmap",
    "length_histogram",
    "matchup_matrix",
    "notebook_charts",
    "sweep_chart",
    "tornado",
    "yes_no_chart",
]
