"""Parts that designs share, written for speed because they run inside every simulated game:
decks drawn one card per chance point, dice pools as chance points, square grids with one
board drawing, zones for cards in places, damage through armor, keyword effects read from
card text, and priority windows for edges and reactions."""

from .board import Mark, Piece, draw_board
from .damage import Vitals, through_armor
from .deck import Deck
from .dice import dice_chance, highest_of, pool_of, roll, sum_of
from .grid import BISHOP, KING, KNIGHT, ROOK, Grid
from .keywords import Effect, Keyword, KeywordError, Keywords
from .window import PriorityWindow, turn_order
from .zones import Zones

__all__ = ["BISHOP", "Deck", "Effect", "Grid", "KING", "KNIGHT", "Keyword", "KeywordError",
           "Keywords", "Mark", "Piece", "PriorityWindow", "ROOK", "Vitals", "Zones",
           "dice_chance", "draw_board", "highest_of", "pool_of", "roll", "sum_of",
           "through_armor", "turn_order"]
