"""Fixtures the search tests share."""

from __future__ import annotations

import pytest

import workbench as wb
from workbench.core import get_game


@pytest.fixture(scope="session")
def skewed_correction():
    """Correction made lopsided (three denial tokens for every piece spawned: the first
    player never wins) and `rebalance`'s answer to it: (cards, result)."""
    cards = get_game("correction").load_cards().set("params", "spawn_tokens", "value", 3)
    result = wb.rebalance(
        "correction",
        cards=cards,
        stats=["params.value"],
        max_changes=2,
        mode="fast",
        seed=4,
        executor="serial",
        progress=False,
    )
    return cards, result


@pytest.fixture(scope="session")
def skewed_squad_hunt():
    """Squad Combat with Sap (Blue's deck) made far too strong (it stuns, and now hits more
    often and kills with every hit) and `hunt`'s answer to it: (cards, result)."""
    cards = (
        get_game("squad_combat")
        .load_cards()
        .set("cards", "Sap", "damage", 30)
        .set("cards", "Sap", "atk", 3)
    )
    return cards, wb.hunt(
        "squad_combat", cards=cards, mode="fast", seed=2, executor="serial", progress=False
    )
