"""The step-through view of Armies: the 8x8 board drawn by the kit (pieces with their stat
lines, attached cards as corner marks, squares the other side threatens as dots, legal targets
clickable), each side's General, strategies and hand (face down to the other seat), the armies
with cards, and what is being played or fought over.
"""

from __future__ import annotations

from ...core import CardView, Glyph, Stat, View, Zone
from ...core.kit import Mark, Piece, draw_board
from ...core.kit.board import TARGET
from .catalog import GRID, NAMES, SEATS
from .moves import MOVES, forward
from .vocab import DOMAINS

COLOURS = (("#f7f7f2", "#3b3b3b"), ("#2b2b2b", "#f2f2f2"))  # (disc, letter) White, Black
READY, SPENT = "#d4a017", "#8c8c8c"
BOON, CURSE, SKILL = "#2e7d32", "#b22222", "#1f5fa8"
LAST, PENDING, DANGER = "#f2d15c", "#d9534f", "#d9534f"
CELL = 48  # px per square: the board and the zones beside it fit at 1,000 px


def legend() -> tuple[Glyph, ...]:
    return (
        Glyph("", "White", COLOURS[0][0]),
        Glyph("", "Black", COLOURS[1][0]),
        Glyph("G", "General (the king)"),
        Glyph("6/5", "an army's offense/defense"),
        Glyph("", "ready Leader (ring)", READY),
        Glyph("", "spent Leader (ring)", SPENT),
        Glyph("◆", "Boon", BOON),
        Glyph("◆", "Curse", CURSE),
        Glyph("◆", "trained skill", SKILL),
        Glyph("●", "your piece the other side can attack", DANGER),
        Glyph("", "last move", LAST),
        Glyph("", "a square to click: move, attack or play a card there", TARGET),
    )


def skill_text(maxs, cur=None) -> str:
    parts = []
    for d, name in enumerate(DOMAINS):
        if maxs[d] or (cur is not None and cur[d]):
            parts.append(
                f"{name}{cur[d]}/{maxs[d]}"
                if cur is not None and cur[d] != maxs[d]
                else f"{name}{maxs[d]}"
            )
    return " ".join(parts) or "no skill"


def describe(state, p) -> str:
    """One piece in words, for hover titles and the observation."""
    words = [f"{SEATS[p.owner]} {p.name}"]
    if p.leader:
        words.append(f"{p.leader} ({'ready' if p.ready else 'spent'})")
    words += [c for c, _, _ in p.cards]
    if p.kind != "K" or state.offense(p) or state.defense(p):
        words.append(f"offense {state.offense(p)}, defense {state.defense(p)}")
    if any(p.maxs) or any(p.cur):
        words.append(f"skill {skill_text(p.maxs, p.cur)}")
    if p.hope:
        words.append(f"{p.hope} Hope")
    return ", ".join(words)


def _targets(state) -> dict[int, list[str]]:
    """Square -> labels of the legal actions aimed at it."""
    out: dict[int, list[str]] = {}
    if state.phase not in ("step", "respond", "charge", "pay"):
        return out
    for o in state._options():
        kind = o[0]
        if kind == "move" or kind == "charge":
            sq = o[2] if kind == "move" else o[1]
        elif kind in ("play", "ability"):
            sq = o[3]
        elif kind == "rest":
            sq = state.pieces[o[1]].sq
        else:
            continue
        if sq >= 0:
            out.setdefault(sq, []).append(state.label(o))
    return out


def board(state, seat):
    pieces, marks = [], []
    for p in state.pieces:
        if p.sq < 0:
            continue
        disc, ink = COLOURS[p.owner]
        ring = "#222" if p.leader is None else READY if p.ready else SPENT
        note = ""
        if p.kind != "K" and (state.offense(p) or state.defense(p)):
            note = f"{state.offense(p)}/{state.defense(p)}"
        pieces.append(
            Piece(p.sq, "G" if p.kind == "K" else p.kind, disc, ink, ring, describe(state, p), note)
        )
        boons = [c for c, _, _ in p.cards if state.cat.cards[c].type == "boon"]
        curses = [c for c, _, _ in p.cards if state.cat.cards[c].type == "curse"]
        if boons:
            marks.append(Mark(p.sq, BOON, ", ".join(boons), "ne"))
        if curses:
            marks.append(Mark(p.sq, CURSE, ", ".join(curses), "nw"))
        if any(p.maxs) and p.kind != "K":
            marks.append(Mark(p.sq, SKILL, f"skill {skill_text(p.maxs, p.cur)}", "se"))
    # The deciding side's pieces that the other side could attack (R-10, the General
    # king-like): a red dot in the square's corner.
    mover = state.to_move if state.to_move in (0, 1) else state.active
    attacked = set()
    for p in state.pieces:
        if p.sq >= 0 and p.owner != mover:
            attacked.update(MOVES.threats(p.kind, p.sq, state.board, forward=forward(p.owner)))
    dots = {
        p.sq: DANGER for p in state.pieces if p.sq >= 0 and p.owner == mover and p.sq in attacked
    }
    arrows, outlines = [], {}
    c = state.combat
    if c is not None and state.pieces[c.attacker].sq >= 0 and state.pieces[c.defender].sq >= 0:
        arrows.append((state.pieces[c.attacker].sq, state.pieces[c.defender].sq, PENDING))
        outlines[state.pieces[c.defender].sq] = PENDING
    return draw_board(
        GRID,
        pieces=pieces,
        marks=marks,
        fills={sq: LAST for sq in state.last or ()},
        outlines=outlines,
        arrows=arrows,
        dots=dots,
        targets=_targets(state),
        cell=CELL,
    )


def _card(state, name: str, tags=(), **extra) -> CardView:
    card = state.cat.cards[name]
    cost = (
        f"{card.generic or ''}" + "".join(d * n for d, n in zip(DOMAINS, card.letters, strict=True))
    ) or "free"
    stats = (Stat("Off", card.offense), Stat("Def", card.defense)) if card.type == "leader" else ()
    kind = f"{card.klass} {card.type}".strip() if card.klass else card.type
    # The cost first: a hand drawn one line per card cuts the end of a long subtitle.
    return CardView(
        name, card.type, f"{cost} · {kind}", card.text, stats, tuple(tags), id=name, **extra
    )


def _side(state, s: int, seat) -> list[Zone]:
    general = state.general(s)
    tags = (
        (["to move"] if state.to_move == s else [])
        + (["you"] if seat == s else [])
        + (["went first"] if state.first == s else [])
    )
    mat = CardView(
        f"{SEATS[s]}: {state.deck_names[s]}",
        "player",
        f"General {skill_text(general.maxs, general.cur)}",
        stats=(
            Stat("Hand", len(state.hands[s])),
            Stat("Deck", len(state.decks[s])),
            Stat("Discard", len(state.discards[s])),
        ),
        tags=tuple(tags),
        highlight=state.to_move == s,
    )
    cards = [mat]
    for strat in state.strategies:
        if strat[1] == s:
            tokens = f" · {strat[2]} tokens" if strat[2] else ""
            cards.append(_card(state, strat[0], tags=(f"in play{tokens}",)))
    # A hand is seen by its owner only (alike cards side by side, which the view draws once
    # with their count), as a zone of its own that the view keeps in sight; others, and a
    # spectator, see how many cards it holds.
    hand = state.hands[s]
    side = f"{SEATS[s]} ({state.deck_names[s]})"
    if seat != s:
        if hand:
            cards.append(
                CardView(
                    "Hand",
                    "pile",
                    f"{len(hand)} cards, face down",
                    stats=(Stat("cards", len(hand)),),
                )
            )
        return [
            Zone(
                f"{side}: hand of {len(hand)}, face down",
                tuple(cards),
                state.to_move == s,
                COLOURS[s][0],
            )
        ]
    shown = tuple(_card(state, name) for name in sorted(hand))
    return [
        Zone(side, tuple(cards), state.to_move == s, COLOURS[s][0]),
        Zone(f"{SEATS[s]} hand ({len(hand)})", shown, state.to_move == s, COLOURS[s][0], hand=True),
    ]


def _armies(state) -> Zone:
    cards = []
    for p in state.pieces:
        if p.sq < 0 or p.kind == "K" or not (p.leader or p.cards or any(p.maxs)):
            continue
        name = p.leader or p.name
        tags = ((("ready" if p.ready else "spent"),) if p.leader else ()) + tuple(
            c for c, _, _ in p.cards
        )
        cards.append(
            CardView(
                name,
                "army",
                f"{SEATS[p.owner]} {p.name} on {NAMES[p.sq]}",
                f"skill {skill_text(p.maxs, p.cur)}" if any(p.maxs) else "",
                (Stat("Off", state.offense(p)), Stat("Def", state.defense(p))),
                tags,
                highlight=p.leader is not None and p.ready,
            )
        )
    return Zone(f"Armies with cards or skill ({len(cards)})", tuple(cards))


def _fight(state) -> Zone | None:
    cards = []
    for s, play in state.window.stack:
        cards.append(_card(state, play[1], tags=(f"played by {SEATS[s]}",), highlight=True))
    c = state.combat
    if (
        c is not None
        and not c.cancelled
        and state.pieces[c.attacker].sq >= 0
        and state.pieces[c.defender].sq >= 0
    ):
        att, dfd = state.pieces[c.attacker], state.pieces[c.defender]
        attack, defence = state.attack_rolls(c)
        p = attack.compare(">", defence).probability(1)
        stats = [Stat("to win", f"{float(p):.0%}")]
        if c.roll is not None:
            stats += [Stat("A", c.roll[0]), Stat("D", c.roll[1] + c.htl - c.htl_rolled)]
        cards.append(
            CardView(
                f"{att.name} {NAMES[att.sq]} → {dfd.name} {NAMES[dfd.sq]}",
                "attack",
                state.dice_words(c),
                "",
                tuple(stats),
                highlight=True,
            )
        )
    if not cards:
        return None
    return Zone("Being played and fought", tuple(cards), True)


def render(state, seat) -> View:
    zones = [z for z in (_fight(state),) if z is not None]
    zones += [z for s in (1, 0) for z in _side(state, s, seat)]
    armies = _armies(state)
    if armies.cards:
        zones.append(armies)
    return View(
        title="Armies",
        subtitle=subtitle(state),
        trackers=(
            Stat("Turn", state.turn),
            Stat("Step", state.step),
            Stat("Major action", "used" if state.major_used else "free"),
            Stat("Quiet turns", state.quiet, state.rules["arm.draw_after"]),
        ),
        board=board(state, seat),
        zones=tuple(zones),
        legend=legend(),
    )


def subtitle(state) -> str:
    phase = state.phase
    if phase == "first player":
        return "Rolling for who goes first (R-4)"
    if phase == "over":
        result = state.result()
        return f"{result.outcome}: {result.reason}"
    who = SEATS[state.to_move] if state.to_move in (0, 1) else SEATS[state.active]
    if phase == "respond":
        return f"{who} may answer (A-41)"
    if phase == "pay":
        return f"{who} chooses who pays for {state.paying[1][1]} (R-12)"
    if phase == "charge":
        return f"{who}'s cavalry may charge on (R-22)"
    if phase == "lose skill":
        return f"{who}'s General lost a battle: which domain loses a point? (R-25)"
    return f"Turn {state.turn}: {SEATS[state.active]}, {state.step}"


def observation(state, seat) -> dict:
    """What `seat` sees: the whole board, its own hand, the sizes of the hidden piles."""
    return {
        "turn": state.turn,
        "active": SEATS[state.active] if state.first >= 0 else None,
        "step": state.step,
        "phase": state.phase,
        "board": {NAMES[p.sq]: describe(state, p) for p in state.pieces if p.sq >= 0},
        "hands": {
            SEATS[s]: (sorted(state.hands[s]) if seat is None or seat == s else len(state.hands[s]))
            for s in (0, 1)
        },
        "decks": {SEATS[s]: len(state.decks[s]) for s in (0, 1)},
        "discards": {SEATS[s]: list(state.discards[s]) for s in (0, 1)},
        "strategies": [
            {"card": c, "owner": SEATS[o], "tokens": t} for c, o, t, _ in state.strategies
        ],
        "stack": [{"card": play[1], "by": SEATS[s]} for s, play in state.window.stack],
        "major_action_used": state.major_used,
        "quiet_turns": state.quiet,
    }
