"""Parts that designs share, written for speed because they run inside every simulated game:
decks drawn one card per chance point, dice pools and opposed rolls as chance points, square
grids with chess movement and one board drawing, zones for cards in places, damage through
armor, response windows, keyword effects read from card text, and priority windows for edges
and reactions."""

from .board import Mark, Piece, draw_board
from .chess import ChessMoves, chess_moves, threat_map
from .damage import Vitals, through_armor
from .deck import Deck
from .dice import (
    binary_dice,
    contest,
    contest_chance,
    dice_chance,
    highest_of,
    pool_of,
    roll,
    sum_of,
)
from .grid import BISHOP, KING, KNIGHT, ROOK, Grid
from .hidden import redeal
from .keywords import Effect, Keyword, KeywordError, Keywords
from .respond import Responses
from .window import PriorityWindow, turn_order
from .zones import Zones

__all__ = [
    "BISHOP",
    "ChessMoves",
    "Deck",
    "Effect",
    "Grid",
    "KING",
    "KNIGHT",
    "Keyword",
    "KeywordError",
    "Keywords",
    "Mark",
    "Piece",
    "PriorityWindow",
    "ROOK",
    "Responses",
    "Vitals",
    "Zones",
    "binary_dice",
    "chess_moves",
    "contest",
    "contest_chance",
    "dice_chance",
    "draw_board",
    "highest_of",
    "pool_of",
    "redeal",
    "roll",
    "sum_of",
    "threat_map",
    "through_armor",
    "turn_order",
]
