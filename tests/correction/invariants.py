"""Invariants of a Correction state that must hold after every decision."""

from collections import Counter

from workbench.games.correction.catalog import HOME, SIZE
from workbench.games.correction.rules import OVER, RESPOND, SPAWN


def check(st):
    cat = st.cat
    # Every piece is on the board or in its owner's reserve, never both, never lost.
    for seat in (0, 1):
        where = Counter(c >> 1 for c in st.board if c >= 0 and c & 1 == seat)
        where.update(k for k, _ in st.reserve[seat])
        assert where == Counter({k: n for k, n in enumerate(cat.counts) if n}), "pieces vanished"
    # Tokens: never negative; a fixed supply is conserved.
    assert min(st.stock) >= 0
    on_board = sum(1 for t in st.token if t >= 0)
    if st.supply is not None:
        total = st.rules["cor.token_supply"]
        assert st.supply >= 0 and st.supply + sum(st.stock) + on_board == total
    for sq, placed in enumerate(st.token):
        if placed >= 0:
            assert 1 <= placed <= st.turn
            # A-4 default: no token on a home row.
            if st.rules["cor.no_token_rows"] == "both":
                assert sq // SIZE not in HOME
            if not st.rules["cor.deny_occupied"] and placed == st.turn and st.board[sq] >= 0:
                raise AssertionError("a token was placed under a piece")
    # Nothing but the winner's piece stands on a goal row (R-17 ends the game at once).
    for sq, c in enumerate(st.board):
        if c >= 0 and sq // SIZE == HOME[1 - (c & 1)]:
            assert st.phase == OVER and st.winner == c & 1
    # laid-down pieces wait at most until after their owner's next Spawn phase.
    for seat in (0, 1):
        for _, until in st.reserve[seat]:
            assert until == -1 or st.turn <= until <= st.turn + 2
    assert st.spawn_count <= cat.spawn_limit
    assert len(st.spawned) <= st.spawn_count
    for sq in st.spawned:
        assert st.board[sq] >= 0 and st.board[sq] & 1 == st.active
    if st.phase == RESPOND:
        f, t = st.pending
        assert st.board[f] >= 0 and st.board[f] & 1 == st.active
        assert t in st.targets(f)
    else:
        assert st.pending is None
    if st.phase == SPAWN:
        assert st.option is None
    assert 0 <= st.quiet <= st.rules["cor.draw_after"]
    if st.phase == OVER:
        assert st.winner >= 0 or st.quiet >= st.rules["cor.draw_after"]
