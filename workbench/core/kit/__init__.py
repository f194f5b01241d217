"""Parts that designs share, written for speed because they run inside every simulated game:
decks drawn one card per chance point, dice pools as chance points, square grids with one
board drawing, zones for cards in places, and damage through armor."""

from .board import Mark, Piece, draw_board
from .damage import Vitals, through_armor
from .deck import Deck
from .dice import dice_chance, highest_of, roll, sum_of
from .grid import BISHOP, KING, KNIGHT, ROOK, Grid
from .zones import Zones

__all__ = ["BISHOP", "Deck", "Grid", "KING", "KNIGHT", "Mark", "Piece", "ROOK", "Vitals",
           "Zones", "dice_chance", "draw_board", "highest_of", "roll", "sum_of",
           "through_armor"]
