"""What the Armies view shows each seat: its own hand and only the size of the other's, the
board with pieces, attached cards, threatened pieces and clickable legal targets."""

from __future__ import annotations

import re

import workbench as wb

from .helpers import BLACK, WHITE, labels, position


def _zone(view, start):
    return next(z for z in view.zones if z.title.startswith(start))


def test_a_hand_is_shown_to_its_owner_only():
    st = wb.play("armies", seed=3, first_player="White").state
    for seat, other in ((WHITE, BLACK), (BLACK, WHITE)):
        view = st.view(seat)
        # Its own hand is a zone of its own, beside its General's mat.
        mine = {c.name for c in _zone(view, f"{('White', 'Black')[seat]} hand").cards}
        assert mine == set(st.hands[seat])
        theirs = _zone(view, ("White", "Black")[other])
        assert theirs.title.endswith("face down")
        assert not {c.name for c in theirs.cards} & set(st.hands[other])
        assert [c.name for c in theirs.cards][-1] == "Hand"
    spectator = st.view(None)
    assert all(z.title.endswith("face down") for z in spectator.zones[:2])


def test_the_board_marks_leaders_cards_threats_and_clickable_legal_targets():
    st = position(
        [
            (WHITE, "R", "a1", {"leader": "Shield Bearers", "cards": [("Spirit of Fire", WHITE)]}),
            (BLACK, "R", "a8"),
        ],
        step="Move",
    )
    view = st.view(WHITE)
    svg = view.board.svg
    # Four pieces (two Generals, two rooks); the Leader and the Boon named on White's rook.
    assert len(re.findall(r'<circle[^>]*r="16"', svg)) == 4
    assert "Shield Bearers (ready)" in svg and "Spirit of Fire" in svg
    # White's rook on a1 stands where Black's rook can attack it, the only one of White's
    # pieces that does: one red dot.
    assert len(re.findall(r'r="4" fill="#d9534f"', svg)) == 1
    legal = set(labels(st))
    targets = view.board.targets
    assert targets and all(set(ls) <= legal for ls in targets.values())
    assert any(label.startswith("Rook a1 attacks") for label in targets["a8"])
    assert all(f'data-square="{sq}"' in svg for sq in targets)
