"""Soldiers! Aliens! Carnage! (rules.md): a dungeon dealt from a poker deck card by card, and
one soldier's skirmish through it with a d20. The generator also works on its own:
`generate_dungeon(seed=..., rules=...)`."""

from typing import TYPE_CHECKING

from ..._lazy import lazy_attributes
from .game import Sac
from .generate import Dungeon, generate_dungeon
from .rules import SacState

if TYPE_CHECKING:
    from .analysis import (
        ammo_survival,
        deal_stats,
        kill_within,
        salvo_odds,
        shot_odds,
        table_sufficiency,
    )

# The analyses bring in the simulation layer; playing a match never needs them.
__getattr__, __dir__ = lazy_attributes(
    __name__,
    {
        ".analysis": [
            "ammo_survival",
            "deal_stats",
            "kill_within",
            "salvo_odds",
            "shot_odds",
            "table_sufficiency",
        ],
    },
)

__all__ = [
    "Dungeon",
    "Sac",
    "SacState",
    "ammo_survival",
    "deal_stats",
    "generate_dungeon",
    "kill_within",
    "salvo_odds",
    "shot_odds",
    "table_sufficiency",
]
