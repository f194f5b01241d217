"""The Location CCG (rules.md): any card banked as resources, missions against three
Locations fought challenge by challenge, and the majority of Locations wins."""

from typing import TYPE_CHECKING

from ..._lazy import lazy_attributes
from .game import LocationCCG
from .rules import LocationState

if TYPE_CHECKING:
    from .analysis import (
        first_player_edge,
        head_to_head,
        location_matrix,
        pay_by_turn,
        pay_chance,
        resource_curve,
        simulated_pay_rate,
        three_point_cards,
    )

ANALYSES = [
    "first_player_edge",
    "head_to_head",
    "location_matrix",
    "pay_by_turn",
    "pay_chance",
    "resource_curve",
    "simulated_pay_rate",
    "three_point_cards",
]
# The analyses bring in the simulation layer; playing a match never needs them.
__getattr__, __dir__ = lazy_attributes(__name__, {".analysis": ANALYSES})

# Spelled out, not unpacked from ANALYSES, so that linters see the lazy names as exported.
__all__ = [
    "LocationCCG",
    "LocationState",
    "first_player_edge",
    "head_to_head",
    "location_matrix",
    "pay_by_turn",
    "pay_chance",
    "resource_curve",
    "simulated_pay_rate",
    "three_point_cards",
]
