"""Co-op Dungeon Cards (../shared/rules/coop.md)."""

from .analysis import expected_rounds_to_defeat, rounds_to_defeat, rounds_to_knock_out, why_never
from .game import Coop
from .rules import CoopState, hit_chance

__all__ = ["Coop", "CoopState", "expected_rounds_to_defeat", "hit_chance", "rounds_to_defeat",
           "rounds_to_knock_out", "why_never"]
