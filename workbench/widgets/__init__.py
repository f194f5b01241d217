"""Thin notebook views. Each is an anywidget class with a sibling .js and .css; the logic they
show lives in plain Python (stepper.py, editor_logic.py,
whatif_logic.py, dice_logic.py, rune_logic.py).

The views load on first use: a match shown as a step-through view needs none of the others,
and the what-if view alone brings in the whole simulation layer."""

from typing import TYPE_CHECKING

from .._lazy import lazy_attributes as _lazy_attributes

if TYPE_CHECKING:
    from .card_editor import CardEditor
    from .dice_calculator import DiceCalculator
    from .rune_explorer import RuneExplorer
    from .step_through import StepThrough
    from .stepper import Stepper
    from .whatif import WhatIf

__getattr__, __dir__ = _lazy_attributes(
    __name__,
    {
        ".card_editor": ["CardEditor"],
        ".dice_calculator": ["DiceCalculator"],
        ".rune_explorer": ["RuneExplorer"],
        ".step_through": ["StepThrough"],
        ".stepper": ["Stepper"],
        ".whatif": ["WhatIf"],
    },
)

__all__ = ["CardEditor", "DiceCalculator", "RuneExplorer", "StepThrough", "Stepper", "WhatIf"]
