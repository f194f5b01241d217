"""RFG Mod – Class Design (rules.md): a class stat table
and an unlock graph, as data and analyses, with no rules to play."""

from typing import TYPE_CHECKING

from ..._lazy import lazy_attributes
from .game import RfgClasses
from .progression import Levelling, Progression

if TYPE_CHECKING:
    from .analysis import (
        budget,
        budget_chart,
        check,
        every_class,
        unlock_chart,
        unlock_graph,
        unlock_plays,
    )

# The analyses bring in Altair and igraph; loading the cards never needs them.
__getattr__, __dir__ = lazy_attributes(
    __name__,
    {
        ".analysis": [
            "budget",
            "budget_chart",
            "check",
            "every_class",
            "unlock_chart",
            "unlock_graph",
            "unlock_plays",
        ],
    },
)

__all__ = [
    "Levelling",
    "Progression",
    "RfgClasses",
    "budget",
    "budget_chart",
    "check",
    "every_class",
    "unlock_chart",
    "unlock_graph",
    "unlock_plays",
]
