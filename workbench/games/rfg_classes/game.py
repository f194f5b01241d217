"""RFG Mod – Class Design (rules.md): multiplayer classes for
a Red Faction: Guerrilla mod, kept as data. The combat is real time and out of scope; the class
stat table and the unlock graph are not."""

from __future__ import annotations

from ...core import Design, DesignSpec, register

SPEC = DesignSpec(
    name="rfg_classes",
    title="RFG Mod – Class Design",
    tables="workbench.games.rfg_classes.cards",
    analysis="workbench.games.rfg_classes.analysis",
    rules_file="rules.md",
    doc="A class stat table and its unlock graph: validation, the health and speed budget, "
    "the graph drawn, and the plays needed to unlock every class.",
)


@register
class RfgClasses(Design):
    spec = SPEC
