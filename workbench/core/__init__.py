"""Game-agnostic engine: the game contract, chance points, matches, bots, errors."""

from .actions import Action
from .bots import make_bot, make_bots, random_bot
from .chance import Chance, Dist, counted, dice_highest, dice_sum, uniform
from .errors import IllegalAction, MatchFileError, SetupError, UnknownGame
from .game import CHANCE, TERMINAL, Game, State, Variant
from .legality import resolve, why_illegal
from .match import Match, load_match
from .registry import get_game, list_games, register

__all__ = [
    "Action", "CHANCE", "Chance", "Dist", "Game", "IllegalAction", "Match", "MatchFileError",
    "SetupError", "State", "TERMINAL", "UnknownGame", "Variant", "counted", "dice_highest",
    "dice_sum", "get_game", "list_games", "load_match", "make_bot", "make_bots", "random_bot",
    "register", "resolve", "uniform", "why_illegal",
]
