"""Print-and-play sheets of a design's cards (see layout.py): `cards.sheet(table, ...)`."""

from .layout import CARD_SIZES, PAPERS, Sheet, card_svg, card_view, make_sheet

__all__ = ["CARD_SIZES", "PAPERS", "Sheet", "card_svg", "card_view", "make_sheet"]
