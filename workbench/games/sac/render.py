"""The map drawn by the kit's board (every placed card a disc named by its card, coloured by
its role; enemy counters as red marks; the soldier's card outlined; legal moves, doors and
shots clickable), and the step-through view around it: the soldier's sheet, what lies on its
card, the enemies in range, the piles and what just happened."""

from __future__ import annotations

from ...core import CardView, Glyph, Stat, View, Zone
from ...core.kit import Grid, Mark, Piece, draw_board
from ...core.kit.board import TARGET
from . import cards52 as C

FILL = {
    C.CORRIDOR: "#e9e4d8",
    C.ROOM: "#cfe3f4",
    C.SHOP: "#f6d7a7",
    C.HEALING: "#cdebc6",
    C.DOOR: "#8b5a2b",
    "open": "#d9c3a5",
    "discard": "#eee",
}
INK = {C.DOOR: "#fff"}
SOLDIER, ENEMY, BIG_BAD, DEAD = "#1f5fa8", "#c0392b", "#6d1a7a", "#9e9e9e"
CELL = 48  # 12 x 48 px: the map and the cards under it fit one screen at 1,000 px


def legend() -> tuple[Glyph, ...]:
    return (
        Glyph("", "corridor", FILL[C.CORRIDOR]),
        Glyph("", "room", FILL[C.ROOM]),
        Glyph("", "shop (black ace)", FILL[C.SHOP]),
        Glyph("", "healing station (red ace)", FILL[C.HEALING]),
        Glyph("", "closed door", FILL[C.DOOR]),
        Glyph("", "open door", FILL["open"]),
        Glyph("◆", "enemy counter (its health under the card)", ENEMY),
        Glyph("◆", "Big Bad", BIG_BAD),
        Glyph("", "the soldier's card (outline)", SOLDIER),
        Glyph("", "click: move, open a door or shoot", TARGET),
    )


def map_board(b, *, soldier=None, enemies=(), targets=None, cell: int = CELL):
    """The dungeon of builder `b` as a Board: rules cell (x, y) is the board's column x,
    row H - y (row 1 at the bottom, so the map reads as the rules file prints it)."""
    cfg = b.cfg
    grid = Grid(cfg.width, cfg.height)

    def sq(p):
        return grid.at(p[0], cfg.height - 1 - p[1])

    fills, pieces, marks = {}, [], []
    notes: dict = {}
    for e in enemies:
        if e.alive:
            notes.setdefault(e.pos, []).append("BB" if e.big else str(e.health))
            marks.append(
                Mark(
                    sq(e.pos),
                    BIG_BAD if e.big else ENEMY,
                    f"{e.name}: health {e.health}/{e.most}",
                    "ne" if len(notes[e.pos]) == 1 else "nw",
                )
            )
    for p, placed in b.cells.items():
        role = placed.role
        is_open = placed.door >= 0 and b.doors[placed.door].open
        fill = FILL["open"] if is_open else FILL.get(role, "#fff")
        fills[sq(p)] = fill
        title = f"{C.name(placed.card)}: {role}" + (" (open)" if is_open else "")
        pieces.append(
            Piece(
                sq(p),
                C.name(placed.card),
                fill=fill,
                ink=INK.get(role, "#222") if not is_open else "#222",
                ring=SOLDIER if soldier == p else "#555",
                title=title,
                note=" ".join(notes.get(p, ())),
            )
        )
    outlines = {sq(soldier): SOLDIER} if soldier is not None else {}
    shown = {sq(p): labels for p, labels in (targets or {}).items()}
    return draw_board(
        grid,
        pieces=pieces,
        marks=marks,
        fills=fills,
        outlines=outlines,
        targets=shown,
        cell=cell,
        colours=("#fbf8f1", "#f4efe4"),
    )


def _targets(state) -> dict:
    out: dict = {}
    for a in state.legal_actions():
        if a.kind in ("move", "door", "travel"):
            out.setdefault(tuple(a.args), []).append(a.label)
        elif a.kind in ("shoot", "salvo"):
            out.setdefault(state.enemies[a.args[0]].pos, []).append(a.label)
    return out


def view(state, seat) -> View:
    s, b, p = state.soldier, state.b, state.cat.params
    targets = _targets(state) if state.to_move == 0 else {}
    board = map_board(b, soldier=s.pos, enemies=state.enemies, targets=targets)
    here = b.cells[s.pos]
    sheet = CardView(
        "Soldier",
        "soldier",
        f"on {state._sq(s.pos)}",
        "",
        (
            Stat("Health", s.health, s.max_health),
            Stat("Armour", s.armor, s.max_armor),
            Stat("Ammo", s.ammo, p["most"]),
            Stat("Credits", s.credits),
            Stat("Actions", s.actions, p["actions"]),
        ),
        highlight=state.to_move == 0,
    )
    card = CardView(
        C.name(here.card),
        here.role,
        f"{state._what(s.pos)}, segment {here.seg + 1}",
        f"placed by {here.rule}",
        tags=tuple(
            t
            for t in (
                "searched" if s.pos in state.searched else "",
                "cover" if state._cover_at(s.pos) else "",
            )
            if t
        ),
    )
    foes = tuple(
        CardView(
            e.name,
            "enemy",
            f"on {state._sq(e.pos)}",
            "",
            (Stat("Health", e.health, e.most),),
            tags=("in range",) if e in state._in_range() else (),
        )
        for e in state.enemies
        if e.alive
    )
    piles = (b.piles[1], b.piles[2])
    dungeon = CardView(
        "Dungeon",
        "piles",
        "complete" if b.finished else "growing",
        f"closed doors: {len(b.closed_doors())}; discarded: "
        + (", ".join(C.name(c) for c in b.discards) or "none"),
        (
            Stat("Pile 1", len(piles[0])),
            Stat("Pile 2", len(piles[1])),
            Stat("Cards placed", len(b.cells)),
        ),
    )
    happened = CardView(
        "What happened", "log", f"round {state.round}", " · ".join(state.events[-3:])
    )
    zones = (
        Zone("Soldier", (sheet, card), state.to_move == 0, SOLDIER),
        Zone(f"Enemies ({len(foes)} alive)", foes or (CardView("None", "enemy"),)),
        Zone("Dungeon", (dungeon, happened)),
    )
    trackers = (
        Stat("Round", state.round, state.rules["sac.rounds"]),
        Stat("Health", s.health, s.max_health),
        Stat("Armour", s.armor, s.max_armor),
        Stat("Ammo", s.ammo),
        Stat("Credits", s.credits),
        Stat("Actions", s.actions, p["actions"]),
    )
    return View("Soldiers! Aliens! Carnage!", _subtitle(state), trackers, board, zones, legend())


def _subtitle(state) -> str:
    result = state.result()
    if result is not None:
        return f"{result.outcome}: {result.reason}, round {state.round}"
    if state.b.need is not None:
        return f"Dealing the dungeon: pile {state.b.need} gives the next {state.b.cur.kind} card"
    if state.rolls:
        return f"Round {state.round}: rolling"
    return f"Round {state.round}: {state.soldier.actions} actions left"
