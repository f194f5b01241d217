"""Co-op Dungeon Cards (../shared/rules/coop.md)."""

from .game import Coop
from .rules import CoopState, hit_chance

__all__ = ["Coop", "CoopState", "hit_chance"]
