"""Why an action is not allowed now, with the rule that forbids it, and the actions a person
might try that the rules refuse (moves of pieces that may not attack, cards that cannot be
paid for or played now)."""

from __future__ import annotations

from ...core import Action
from .catalog import GRID, NAMES, SQUARE
from .moves import MOVES, forward
from .vocab import DOMAIN_NAMES, DOMAINS

STEP = "step"


def unusual_candidates(state) -> list[Action]:
    """Actions the rules refuse now that a person might still try."""
    seat, out = state.active, []
    for p in state.pieces:
        if p.owner != seat or p.sq < 0:
            continue
        kind = "K" if p.kind == "K" else p.kind
        for to in MOVES.threats(kind, p.sq, state.board, forward=forward(seat)):
            occ = state.board[to]
            if occ >= 0 and state.pieces[occ].owner != seat:
                out.append(
                    Action(
                        "move",
                        (NAMES[p.sq], NAMES[to]),
                        f"{p.name} {NAMES[p.sq]} attacks the "
                        f"{state.pieces[occ].name} on {NAMES[to]}",
                    )
                )
    general = state.general(seat)
    for name in dict.fromkeys(state.hands[seat]):
        card = state.cat.cards[name]
        if card.through:
            out.append(
                Action(
                    "play",
                    (name, NAMES[general.sq], NAMES[general.sq]),
                    f"Play {name} through the General on {NAMES[general.sq]}",
                )
            )
        elif card.type == "strategy":
            out.append(Action("play", (name, "", ""), f"Play {name}"))
        else:
            out.append(
                Action(
                    "play",
                    (name, "", NAMES[general.sq]),
                    f"Play {name} on the General on {NAMES[general.sq]}",
                )
            )
    return out


def explain(state, action: Action) -> tuple[str, str] | None:
    if state.phase in ("over", "first player", "draw", "roll", "run"):
        return None
    kind, args = action.kind, action.args
    try:
        if kind == "move":
            return _move(state, SQUARE[args[0]], SQUARE[args[1]])
        if kind == "play":
            return _play(state, args[0], args[1], args[2])
    except (KeyError, IndexError, TypeError):
        return None
    if kind == "rest" and state.phase == STEP and state.step == "Rest":
        return "R-8", "that piece has nothing to restore, or cannot rest (Broken Supply Chain)"
    if state.phase != STEP:
        return "A-41", f"{_waiting(state)} must be settled first"
    return None


def _waiting(state) -> str:
    return {
        "respond": "the response window",
        "pay": "the payment",
        "charge": "the charge",
        "lose skill": "the General's lost battle",
    }.get(state.phase, "the current decision")


def _move(state, frm: int, to: int) -> tuple[str, str]:
    if state.phase != STEP:
        return "A-41", f"{_waiting(state)} must be settled first"
    if state.step != "Move":
        return "R-5", f"pieces move in the Move step; it is the {state.step} step now"
    occ = state.board[frm]
    seat = state.active
    if occ < 0 or state.pieces[occ].owner != seat:
        return "R-7", f"no piece of yours stands on {NAMES[frm]}"
    p = state.pieces[occ]
    if p.stopped:
        return "A-53", (
            f"the {p.name} on {NAMES[frm]} was held back this turn (Unholy Bloodthirst)"
        )
    target = state.board[to]
    attack = target >= 0 and state.pieces[target].owner != seat
    if attack:
        traits = state.traits(p)
        if p.leader is not None and not p.ready:
            return "R-15", (
                f"the {p.name} on {NAMES[frm]} has a spent Leader ({p.leader}), so it cannot attack"
            )
        if "cannot_attack" in traits:
            return "A-53", (
                f"the {p.name} on {NAMES[frm]} is under a Non-aggression Order: it cannot attack"
            )
        if p.kind in "BRQ" and any(state.board[b] >= 0 for b in _between(frm, to)):
            if "stealth" in traits:
                return "R-23", "a stealth army that jumps a piece cannot attack in that move"
            return "R-10", "a piece stands in the way"
    moves = state.move_options(seat)
    if any(m[1] == occ and m[2] == to for m in moves):
        forced = state.forced_moves(moves)
        if forced:
            return "A-24", (
                "an army under Unholy Bloodthirst must move or attack this turn, since it can"
            )
        return "R-7", "that move needs a promotion: name the piece it becomes (R-29)"
    if state.weather() and p.kind != "N":
        return "A-32", ("Unseasonable Weather: no piece but knights moves more than one square")
    return "R-7", f"a {p.name} cannot go from {NAMES[frm]} to {NAMES[to]} now (chess movement)"


def _between(a: int, b: int) -> tuple[int, ...]:
    """The squares between two squares on a line, or none if they are not on one."""
    try:
        return GRID.between(a, b)
    except ValueError:
        return ()


def _play(state, name: str, through: str, target: str) -> tuple[str, str]:
    seat = state.to_move
    if name not in state.hands[seat]:
        return "R-11", f"{name} is not in your hand"
    card = state.cat.cards[name]
    if state.phase == "respond":
        if card.type != "technique":
            return "R-6", "only Techniques may answer in a response window"
    elif state.phase != STEP or state.step not in ("First Opportunity", "Second Opportunity"):
        return (
            "R-6",
            "cards are played in your own Opportunity steps (Techniques also in response windows)",
        )
    if card.major and state.major_used:
        return "R-6", "the turn's one major action is used"
    if (
        card.type == "training"
        and state.trainings >= 1
        and state.rules["arm.training_per_turn"] == 1
    ):
        return "A-4", "one Training per turn (arm.training_per_turn)"
    if card.type == "technique" and any(w in card.effects for w in ("defend", "ambush", "cancel")):
        return "A-14", f"{name} answers an attack or a card being played; there is none now"
    own = [p for p in state.pieces if p.owner == seat and p.sq >= 0]
    pool = [sum(p.cur[d] for p in own) for d in range(5)]
    short = [
        f"{n - pool[d]} {DOMAIN_NAMES[DOMAINS[d]]}"
        for d, n in enumerate(card.letters)
        if n > pool[d]
    ]
    if short or sum(pool) < card.cost:
        return "R-12", (
            f"{name} costs {card.cost} skill; your pieces are short of "
            f"{', '.join(short) or 'points'}"
        )
    if card.through:
        return "R-11", (
            f"{name} cannot be played through {through or 'that piece'} onto "
            f"{target or 'that square'}: the primary piece must threaten the "
            "square, pay at least 1 point itself with the pieces threatening it "
            "paying the rest (R-12), and the card needs a fitting target there"
        )
    return "R-11", f"{name} needs a fitting target"
