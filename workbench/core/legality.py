"""Checking an action or a typed label against the legal actions, with reasons."""

from __future__ import annotations

from .actions import Action
from .errors import IllegalAction
from .game import CHANCE, TERMINAL, State


def _find(actions: list[Action], wanted) -> Action | None:
    if isinstance(wanted, Action):
        for a in actions:
            if a == wanted:
                return a
        return None
    text = str(wanted).strip()
    for a in actions:
        if a.label == text:
            return a
    folded = text.casefold()
    matches = [a for a in actions if a.label.casefold() == folded]
    return matches[0] if len(matches) == 1 else None


def resolve(state: State, wanted, seat: int | None = None) -> Action:
    """The legal action meant by `wanted` (an Action or its label), or IllegalAction."""
    reason = why_illegal(state, wanted, seat)
    if reason is not None:
        raise reason
    return _find(state.legal_actions(), wanted)


def why_illegal(state: State, wanted, seat: int | None = None) -> IllegalAction | None:
    """None if `wanted` is legal now, else an IllegalAction carrying the rule and reason."""
    mover = state.to_move
    if mover == TERMINAL:
        return IllegalAction("the game is over", rule="end", action=wanted)
    if mover == CHANCE:
        return IllegalAction("a random event must be resolved first", rule="chance", action=wanted)
    if seat is not None and seat != mover:
        return IllegalAction(
            f"it is seat {mover + 1}'s decision, not seat {seat + 1}'s", rule="turn", action=wanted
        )
    legal = state.legal_actions()
    if _find(legal, wanted) is not None:
        return None
    candidate = wanted if isinstance(wanted, Action) else _find(state.candidates(), wanted)
    if candidate is not None:
        explained = state.explain(candidate)
        if explained is not None:
            rule, reason = explained
            return IllegalAction(reason, rule=rule, action=candidate)
        return IllegalAction(
            f"'{candidate}' is not allowed now", rule="legal actions", action=candidate
        )
    shown = ", ".join(f"'{a.label}'" for a in legal[:8])
    more = f" and {len(legal) - 8} more" if len(legal) > 8 else ""
    return IllegalAction(
        f"no action called '{wanted}' now; legal actions: {shown}{more}",
        rule="legal actions",
        action=wanted,
    )
