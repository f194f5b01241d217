"""Game-agnostic engine: the design spec, chance points, matches, bots, typed views, errors.
The parts designs share (decks, dice pools, grids, zones, damage) are in `core.kit`."""

# Every name loads with its module on first use (PEP 562): `import workbench.dice` passes
# through this package (the game engine and the dice share `Dist`), and a designer's first
# dice answer should not wait for the match, bot and view machinery.
from .._lazy import lazy_attributes

__getattr__, __dir__ = lazy_attributes(__name__, {
    ".actions": ["Action"],
    ".bots": ["make_bot", "make_bots", "random_bot"],
    ".chance": ["Chance", "Dist", "counted", "dice_highest", "dice_sum", "uniform"],
    ".errors": ["IllegalAction", "MatchFileError", "SetupError", "UnknownGame"],
    ".game": ["CHANCE", "TERMINAL", "Design", "Game", "State"],
    ".legality": ["resolve", "why_illegal"],
    ".match": ["Match", "load_match"],
    ".registry": ["get_design", "get_game", "list_designs", "list_games", "register"],
    ".seeds": ["bot_seed", "game_seeds"],
    ".spec": ["DesignSpec", "GameSpec", "Odds", "Option", "Traits", "Variant", "known_decks",
              "two_decks"],
    ".view": ["Board", "CardView", "ChanceSummary", "Glyph", "Result", "Stat", "View", "Zone"],
})

__all__ = [
    "Action", "Board", "CHANCE", "CardView", "Chance", "ChanceSummary", "Design",
    "DesignSpec", "Dist", "Game", "GameSpec", "Glyph", "IllegalAction", "Match",
    "MatchFileError", "Odds", "Option", "Result", "SetupError", "Stat", "State", "TERMINAL",
    "Traits", "UnknownGame", "Variant", "View", "Zone", "bot_seed", "counted", "dice_highest",
    "dice_sum", "game_seeds", "get_design", "get_game", "known_decks", "list_designs",
    "list_games", "load_match", "make_bot", "make_bots", "random_bot", "register", "resolve",
    "two_decks", "uniform", "why_illegal",
]
