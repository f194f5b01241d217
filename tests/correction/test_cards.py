"""Correction's card tables: offsets name pieces, and every piece needs a movement line."""

from __future__ import annotations

import pytest

import workbench as wb


@pytest.fixture(scope="module")
def cards():
    return wb.load_cards("correction")


def test_a_line_for_a_piece_that_does_not_exist_is_one_problem(cards):
    with pytest.raises(wb.CardDataError) as err:
        cards.set("offsets", "pawn-left", "piece", "Queen")
    assert str(err.value).splitlines()[1:] == [
        "  - offsets.csv line 2 (pawn-left), column 'piece': 'Queen' is not in pieces.csv; "
        "expected a name from pieces.csv (Pawn, Spearman, Knight)"
    ]


def test_a_piece_with_movement_lines_cannot_be_removed(cards):
    with pytest.raises(wb.CardDataError) as err:
        cards.without_row("pieces", "Spearman")
    lines = cards["offsets"].filter(piece="Spearman")["id"].to_list()
    assert [p.card for p in err.value.problems] == lines
    assert all(p.issue == "is no longer in pieces.csv" for p in err.value.problems)


def test_a_piece_still_needs_a_movement_line(cards):
    bishop = {
        "name": "Bishop",
        "letter": "B",
        "count": 1,
        "jumps": False,
        "enters_tokens": False,
        "text": "Slides diagonally",
    }
    with pytest.raises(
        wb.CardDataError, match="line 5 .Bishop., column 'name': 'Bishop' has no movement line"
    ):
        cards.with_row("pieces", bishop)
