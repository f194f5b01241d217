"""Co-op Dungeon Cards (rules.md)."""

from typing import TYPE_CHECKING

from ..._lazy import lazy_attributes
from .game import Coop
from .rules import CoopState, hit_chance

if TYPE_CHECKING:
    from .analysis import (
        expected_rounds_to_defeat,
        rounds_to_defeat,
        rounds_to_knock_out,
        why_never,
    )

# The analyses bring in the dice engine; playing a match never needs them.
__getattr__, __dir__ = lazy_attributes(
    __name__,
    {
        ".analysis": [
            "expected_rounds_to_defeat",
            "rounds_to_defeat",
            "rounds_to_knock_out",
            "why_never",
        ],
    },
)

__all__ = [
    "Coop",
    "CoopState",
    "expected_rounds_to_defeat",
    "hit_chance",
    "rounds_to_defeat",
    "rounds_to_knock_out",
    "why_never",
]
