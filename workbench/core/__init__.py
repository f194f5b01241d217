"""Game-agnostic engine: the design spec, chance points, matches, bots, typed views, errors.
The parts designs share (decks, dice pools, grids, zones, damage) are in `core.kit`."""

from .actions import Action
from .bots import make_bot, make_bots, random_bot
from .chance import Chance, Dist, counted, dice_highest, dice_sum, uniform
from .errors import IllegalAction, MatchFileError, SetupError, UnknownGame
from .game import CHANCE, TERMINAL, Design, Game, State
from .legality import resolve, why_illegal
from .match import Match, load_match
from .registry import get_design, get_game, list_designs, list_games, register
from .seeds import bot_seed, game_seeds
from .spec import DesignSpec, GameSpec, Odds, Option, Traits, Variant
from .view import Board, CardView, ChanceSummary, Glyph, Result, Stat, View, Zone

__all__ = [
    "Action", "Board", "CHANCE", "CardView", "Chance", "ChanceSummary", "Design",
    "DesignSpec", "Dist", "Game", "GameSpec", "Glyph", "IllegalAction", "Match",
    "MatchFileError", "Odds", "Option", "Result", "SetupError", "Stat", "State", "TERMINAL",
    "Traits", "UnknownGame", "Variant", "View", "Zone", "bot_seed", "counted", "dice_highest",
    "dice_sum", "game_seeds", "get_design", "get_game", "list_designs", "list_games",
    "load_match", "make_bot", "make_bots", "random_bot", "register", "resolve", "uniform",
    "why_illegal",
]
