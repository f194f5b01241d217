"""View data for the step-through widget: the 6x6 board as SVG, reserves and token stocks.

Correction hides nothing, so every seat sees the same picture; `seat` only marks "you".
"""

from __future__ import annotations

from html import escape

from .catalog import FILES, NAMES, SEATS, SIZE
from .rules import FIRST, MOVING, OVER, RESPOND, SPAWN, CorrectionState

CELL = 56
MARGIN = 22
FILL = ("#f4e3c1", "#d9bd8c")  # light and dark squares
COLOURS = (("#f7f7f2", "#3b3b3b"), ("#2f5d50", "#f2f2f2"))  # (disc, letter) South, North
LAST = "#f2d15c"
TARGET = "#5aa469"
PENDING = "#d9534f"


def _xy(sq: int) -> tuple[int, int]:
    """Top-left corner of a square; row 6 is drawn at the top, South's side at the bottom."""
    x, y = sq % SIZE, sq // SIZE
    return MARGIN + x * CELL, MARGIN + (SIZE - 1 - y) * CELL


def _targets(state: CorrectionState) -> set[int]:
    if state.phase not in (SPAWN, MOVING):
        return set()
    out = set()
    for o in state._options():
        if o[0] in ("m", "s"):
            out.add(o[2])
    return out


def board_svg(state: CorrectionState) -> str:
    cat = state.cat
    size = 2 * MARGIN + SIZE * CELL
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
             f'viewBox="0 0 {size} {size}" font-family="sans-serif">',
             f'<rect width="{size}" height="{size}" fill="#fbf8f1"/>']
    targets = _targets(state)
    last = set(state.last or ())
    for sq in range(SIZE * SIZE):
        x, y = _xy(sq)
        fill = FILL[(sq % SIZE + sq // SIZE + 1) % 2]
        if sq in last:
            fill = LAST
        parts.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}">'
                     f'<title>{NAMES[sq]}</title></rect>')
        if sq in targets:
            parts.append(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" '
                         f'fill="none" stroke="{TARGET}" stroke-width="3" rx="4"/>')
    if state.pending is not None:
        (fx, fy), (tx, ty) = (_xy(sq) for sq in state.pending)
        h = CELL // 2
        parts.append(f'<line x1="{fx + h}" y1="{fy + h}" x2="{tx + h}" y2="{ty + h}" '
                     f'stroke="{PENDING}" stroke-width="4" stroke-dasharray="6 4"/>')
        parts.append(f'<rect x="{tx + 2}" y="{ty + 2}" width="{CELL - 4}" height="{CELL - 4}" '
                     f'fill="none" stroke="{PENDING}" stroke-width="3" rx="4"/>')
    for sq, placed in enumerate(state.token):
        if placed < 0:
            continue
        x, y = _xy(sq)
        fresh = placed == state.turn
        # A token lies under any piece: drawn as a diamond in the square's corner.
        cx, cy, r = x + CELL - 12, y + 12, 8
        parts.append(f'<polygon points="{cx},{cy - r} {cx + r},{cy} {cx},{cy + r} {cx - r},{cy}" '
                     f'fill="{"#b22222" if fresh else "#7a1f5c"}" stroke="#fff" stroke-width="1">'
                     f'<title>Denial Token (placed on turn {placed})</title></polygon>')
    for sq, code in enumerate(state.board):
        if code < 0:
            continue
        x, y = _xy(sq)
        owner, kind = code & 1, code >> 1
        disc, ink = COLOURS[owner]
        ring = "#c0392b" if sq in state.spawned else "#222"
        cx, cy = x + CELL // 2, y + CELL // 2
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="{CELL // 2 - 8}" fill="{disc}" '
                     f'stroke="{ring}" stroke-width="2"><title>{SEATS[owner]} '
                     f'{escape(cat.kinds[kind])}</title></circle>')
        parts.append(f'<text x="{cx}" y="{cy + 7}" text-anchor="middle" font-size="20" '
                     f'font-weight="bold" fill="{ink}">{escape(cat.letters[kind])}</text>')
    for i in range(SIZE):
        x = MARGIN + i * CELL + CELL // 2
        y = MARGIN + (SIZE - 1 - i) * CELL + CELL // 2 + 5
        parts.append(f'<text x="{x}" y="{size - 6}" text-anchor="middle" font-size="13" '
                     f'fill="#555">{FILES[i]}</text>')
        parts.append(f'<text x="{MARGIN // 2}" y="{y}" text-anchor="middle" font-size="13" '
                     f'fill="#555">{i + 1}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _stat(label, value, top=None):
    out = {"label": label, "value": value}
    if top is not None:
        out["max"] = top
    return out


def render(state: CorrectionState, seat: int | None) -> dict:
    cat = state.cat
    zones = []
    for s in (0, 1):
        cards = [{"name": SEATS[s], "kind": "player",
                  "subtitle": "home row 1" if s == 0 else "home row 6",
                  "stats": [_stat("Denial Tokens", state.stock[s])],
                  "tags": (["to move"] if state.to_move == s else [])
                  + (["you"] if seat == s else []) + (["started"] if state.first == s else []),
                  "highlight": state.to_move == s, "text": "", "dim": False, "hidden": False}]
        for kind, until in sorted(state.reserve[s]):
            waiting = until >= state.turn
            cards.append({"name": cat.kinds[kind], "kind": "piece",
                          "subtitle": f"laid down until after turn {until}" if waiting
                          else "in reserve",
                          "text": cat.text[kind], "stats": [], "tags": [cat.letters[kind]],
                          "dim": waiting, "highlight": False, "hidden": False})
        zones.append({"title": f"{SEATS[s]} reserve", "active": state.to_move == s,
                      "cards": cards})
    subtitle = _subtitle(state)
    supply = "unlimited" if state.supply is None else state.supply
    return {
        "title": "Correction",
        "subtitle": subtitle,
        "trackers": [
            _stat("Turn", state.turn),
            _stat("Active", SEATS[state.active] if state.first >= 0 else "-"),
            _stat("South tokens", state.stock[0]),
            _stat("North tokens", state.stock[1]),
            _stat("Supply", supply),
            _stat("Quiet turns", state.quiet, state.rules["cor.draw_after"]),
        ],
        "svg": board_svg(state),
        "zones": zones,
    }


def _subtitle(state: CorrectionState) -> str:
    if state.phase == FIRST:
        return "Choosing the first player"
    if state.phase == OVER:
        result = state.result()
        return "Drawn (R-18)" if result["outcome"] == "draw" else result["outcome"]
    who = SEATS[state.active]
    if state.phase == RESPOND:
        f, t = state.pending
        return (f"{SEATS[1 - state.active]} may respond to {state._move_label(f, t)}")
    if state.phase == SPAWN:
        return f"Turn {state.turn}: {who} spawns ({state.spawn_count} so far) or moves"
    option = "spawned pieces" if state.option == "all_spawned" else "one piece"
    return f"Turn {state.turn}: {who} moves ({option})"
