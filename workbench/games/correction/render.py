"""The step-through view of Correction: the 6x6 board drawn by the kit (legal destinations
clickable), reserves and token stocks.

Correction hides nothing, so every seat sees the same picture; `seat` only marks "you".
"""

from __future__ import annotations

from ...core import CardView, Glyph, Stat, View, Zone
from ...core.kit import Mark, Piece, draw_board
from ...core.kit.board import TARGET
from .catalog import GRID, HOME, SEATS
from .rules import FIRST, MOVING, OVER, RESPOND, SPAWN, CorrectionState

COLOURS = (("#f7f7f2", "#3b3b3b"), ("#2f5d50", "#f2f2f2"))  # (disc, letter) South, North
LAST = "#f2d15c"
PENDING = "#d9534f"
SPAWNED = "#c0392b"
TOKEN = "#b22222"
CELL = 48  # px per square: the board and both reserves fit side by side at 1,000 px


def legend(state: CorrectionState) -> tuple[Glyph, ...]:
    sides = tuple(Glyph("", f"{SEATS[s]} (home row {HOME[s] + 1})", COLOURS[s][0]) for s in (0, 1))
    pieces = tuple(
        Glyph(letter, kind) for letter, kind in zip(state.cat.letters, state.cat.kinds, strict=True)
    )
    return (
        *sides,
        *pieces,
        Glyph("◆", "Denial Token"),
        Glyph("", "last move", LAST),
        Glyph("", "a square to click: move or spawn there", TARGET),
    )


def _targets(state: CorrectionState) -> dict[int, list[str]]:
    """Destination square -> labels of the legal moves and spawns that end there."""
    if state.phase not in (SPAWN, MOVING):
        return {}
    out: dict[int, list[str]] = {}
    for o in state._options():
        if o[0] in ("m", "s"):
            out.setdefault(o[2], []).append(state._action(o).label)
    return out


def board(state: CorrectionState):
    cat = state.cat
    pieces = []
    for sq, code in enumerate(state.board):
        if code >= 0:
            owner, kind = code & 1, code >> 1
            disc, ink = COLOURS[owner]
            pieces.append(
                Piece(
                    sq,
                    cat.letters[kind],
                    disc,
                    ink,
                    SPAWNED if sq in state.spawned else "#222",
                    f"{SEATS[owner]} {cat.kinds[kind]}",
                )
            )
    marks = [
        Mark(
            sq,
            TOKEN if placed == state.turn else "#7a1f5c",
            f"Denial Token (placed on turn {placed})",
        )
        for sq, placed in enumerate(state.token)
        if placed >= 0
    ]
    arrows, outlines = [], {}
    if state.pending is not None:
        arrows.append((*state.pending, PENDING))
        outlines[state.pending[1]] = PENDING
    return draw_board(
        GRID,
        pieces=pieces,
        marks=marks,
        fills={sq: LAST for sq in state.last or ()},
        outlines=outlines,
        arrows=arrows,
        targets=_targets(state),
        cell=CELL,
    )


def render(state: CorrectionState, seat: int | None) -> View:
    cat = state.cat
    zones = []
    for s in (0, 1):
        tags = (
            (["to move"] if state.to_move == s else [])
            + (["you"] if seat == s else [])
            + (["started"] if state.first == s else [])
        )
        cards = [
            CardView(
                SEATS[s],
                "player",
                "home row 1" if s == 0 else "home row 6",
                stats=(Stat("Denial Tokens", state.stock[s]),),
                tags=tuple(tags),
                highlight=state.to_move == s,
            )
        ]
        # Alike pieces lie side by side, so the view draws each kind once with its count.
        for kind, until in sorted(state.reserve[s]):
            waiting = until >= state.turn
            cards.append(
                CardView(
                    f"{cat.kinds[kind]} ({cat.letters[kind]})",
                    "piece",
                    f"laid down until after turn {until}" if waiting else "in reserve",
                    cat.text[kind],
                    dim=waiting,
                )
            )
        zones.append(Zone(f"{SEATS[s]} reserve", tuple(cards), state.to_move == s, COLOURS[s][0]))
    supply = "unlimited" if state.supply is None else state.supply
    return View(
        title="Correction",
        subtitle=_subtitle(state),
        trackers=(
            Stat("Turn", state.turn),
            Stat("Active", SEATS[state.active] if state.first >= 0 else "-"),
            Stat("South tokens", state.stock[0]),
            Stat("North tokens", state.stock[1]),
            Stat("Supply", supply),
            Stat("Quiet turns", state.quiet, state.rules["cor.draw_after"]),
        ),
        board=board(state),
        zones=tuple(zones),
        legend=legend(state),
    )


def _subtitle(state: CorrectionState) -> str:
    if state.phase == FIRST:
        return "Choosing the first player"
    if state.phase == OVER:
        result = state.result()
        return "Drawn (R-18)" if result.outcome == "draw" else result.outcome
    who = SEATS[state.active]
    if state.phase == RESPOND:
        f, t = state.pending
        return f"{SEATS[1 - state.active]} may respond to {state._move_label(f, t)}"
    if state.phase == SPAWN:
        return f"Turn {state.turn}: {who} spawns ({state.spawn_count} so far) or moves"
    option = "spawned pieces" if state.option == "all_spawned" else "one piece"
    return f"Turn {state.turn}: {who} moves ({option})"
