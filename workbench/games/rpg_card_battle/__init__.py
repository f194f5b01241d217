"""RPG Card Battle (rules.md): two characters, decks built from
equipment and a class set, a face-up hand of five that shifts left, simultaneous hidden picks."""

from .game import RpgCardBattle
from .rules import BattleState, damage

__all__ = ["BattleState", "RpgCardBattle", "damage"]
