"""Thin notebook views. Each is an anywidget class with a sibling .js and .css; the logic they
show lives in plain Python (stepper.py, editor_logic.py,
whatif_logic.py, dice_logic.py, rune_logic.py)."""

from .card_editor import CardEditor
from .dice_calculator import DiceCalculator
from .rune_explorer import RuneExplorer
from .step_through import StepThrough
from .stepper import Stepper
from .whatif import WhatIf

__all__ = ["CardEditor", "DiceCalculator", "RuneExplorer", "StepThrough", "Stepper", "WhatIf"]
