"""Co-op's play limits (cards.LIMITS): a value over one is refused by name; the limit itself
is not (other checks may still refuse it: a base of 100 needs 100 enemy cards)."""

from __future__ import annotations

import pytest

import workbench as wb
from workbench.cards import CardDataError
from workbench.games.coop.cards import LIMITS


@pytest.mark.parametrize("table,column", list(LIMITS), ids=lambda v: str(v))
def test_a_value_over_a_play_limit_is_refused_and_the_limit_is_taken(table, column):
    cards = wb.load_cards("coop")
    most = LIMITS[table, column]
    last = cards[table].height - 1  # the last row: the check must look past the first
    key = cards[table].row(last)[0]
    with pytest.raises(CardDataError) as refused:
        cards.set(table, key, column, most + 1)
    assert f"column '{column}': {most + 1} is more than play can use" in str(refused.value)
    assert f"at most {most}" in str(refused.value)
    try:
        cards.set(table, key, column, most)
    except CardDataError as other:
        assert "more than play can use" not in str(other)
