"""Rune System (rules.md): runes combined into spells, as
data and analyses, with no rules to play."""

from typing import TYPE_CHECKING

from ..._lazy import lazy_attributes
from .game import RuneSystem
from .spells import Runebook

if TYPE_CHECKING:
    from .analysis import (
        break_even,
        combinations,
        cost_chart,
        design_grid,
        duplicates,
        misfits,
        summary,
        to_design,
        vulnerability,
        vulnerability_chart,
    )

# The analyses bring in Altair; loading the cards never needs them.
__getattr__, __dir__ = lazy_attributes(
    __name__,
    {
        ".analysis": [
            "break_even",
            "combinations",
            "cost_chart",
            "design_grid",
            "duplicates",
            "misfits",
            "summary",
            "to_design",
            "vulnerability",
            "vulnerability_chart",
        ],
    },
)

__all__ = [
    "Runebook",
    "RuneSystem",
    "break_even",
    "combinations",
    "cost_chart",
    "design_grid",
    "duplicates",
    "misfits",
    "summary",
    "to_design",
    "vulnerability",
    "vulnerability_chart",
]
