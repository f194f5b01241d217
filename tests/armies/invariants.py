"""Invariants of an Armies state that must hold after every decision."""

from collections import Counter

from workbench.games.armies.catalog import STACKED


def check(st):
    _check_board(st)
    # Each side keeps exactly one General on the board while the game goes on.
    for seat in (0, 1):
        generals = [p for p in st.pieces if p.owner == seat and p.kind == "K" and p.sq >= 0]
        assert len(generals) == 1
    for seat in (0, 1):
        _check_cards_conserved(st, seat)
    # The response stack holds only cards Disruption can cancel, and only while a window is
    # open or resolving.
    for _, play in st.window.stack:
        assert st.cat.cards[play[1]].type in STACKED
    assert st.trainings <= 1 or st.rules["arm.training_per_turn"] == "unlimited"
    assert 0 <= st.quiet <= st.rules["arm.draw_after"]
    if st.phase == "over":
        assert st.winner in (-1, 0, 1) and st.reason
    if st.phase == "respond":
        assert st.window.open
    if st.phase == "pay":
        assert st.paying is not None and not st.paying[2].done
    if st.phase == "charge":
        assert st.combat is not None and st.charge > 2


def _check_board(st):
    # Board and pieces agree: every piece on the board once, where it says it is.
    for sq, pid in enumerate(st.board):
        if pid >= 0:
            assert st.pieces[pid].sq == sq, f"piece {pid} is not where the board says"
    for p in st.pieces:
        if p.sq >= 0:
            assert st.board[p.sq] == p.id
            # Skill never negative, never above max; a General never takes a Leader.
            assert all(0 <= c <= m for c, m in zip(p.cur, p.maxs, strict=True)), (p, p.cur, p.maxs)
            if p.kind == "K":
                assert p.leader is None
            if p.leader is None:
                assert p.hope == 0 and not any(on_leader for _, _, on_leader in p.cards)
        else:
            assert p.leader is None and not p.cards


def _check_cards_conserved(st, seat):
    # Cards are conserved: every card of the seat's deck is in exactly one place.
    where = Counter(st.decks[seat].counts)
    where.update(st.hands[seat])
    where.update(st.discards[seat])
    where.update(st.removed[seat])
    where.update(c for c, o, _, _ in st.strategies if o == seat)
    for p in st.pieces:
        if p.leader is not None and p.owner == seat:
            where[p.leader] += 1
        where.update(c for c, o, _ in p.cards if o == seat)
    where.update(play[1] for s, play in st.window.stack if s == seat and play[0] == "play")
    if st.paying is not None and st.paying[0] == seat and st.paying[1][0] == "play":
        where[st.paying[1][1]] += 1
    assert where == Counter(st.cat.decks[st.deck_names[seat]].counts), (
        f"seat {seat}: {where - Counter(st.cat.decks[st.deck_names[seat]].counts)} "
        f"{Counter(st.cat.decks[st.deck_names[seat]].counts) - where}"
    )
