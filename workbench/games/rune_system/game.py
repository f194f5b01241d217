"""Rune System (rules.md): a spell-combination table for an
action RPG, kept as data. Casting is real time and out of scope; the combinations, their
validity, their essence cost and the vulnerability that spent essence brings are not."""

from __future__ import annotations

from ...core import Design, DesignSpec, register

SPEC = DesignSpec(
    name="rune_system",
    title="Rune System",
    tables="workbench.games.rune_system.cards",
    analysis="workbench.games.rune_system.analysis",
    rules_file="rules.md",
    doc="Runes combined into spells: the combination space and what is left to design, "
    "essence costs, two vulnerability models compared; a rune explorer view.",
)


@register
class RuneSystem(Design):
    spec = SPEC
