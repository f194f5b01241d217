"""Checking an action or a typed label against the legal actions, with reasons.

A typed label is matched forgivingly, the same way wherever a label is accepted (Match.step,
the step-through view's text box): first exactly, then ignoring case, then ignoring
everything but letters and digits (spaces, punctuation and glyphs such as ■ ▲ →), and last as
the unique beginning of one label (never ending inside a number: "Rats #1" is not the
beginning of "Rats #11"). A label that is not legal now is read the same way
against the game's candidates (State.candidates) and answered with the game's reason; when
it could mean several of them, the first in the game's order is named and explained. A miss
names the closest legal labels.
"""

from __future__ import annotations

import difflib
import unicodedata

from .actions import Action
from .errors import IllegalAction, shortened
from .game import CHANCE, TERMINAL, State

SUGGESTIONS = 3


def fold(label: str) -> str:
    """A label as typed matching sees it: letters and digits only, case and accents folded,
    so "attack rats 1 with bare hands 1d6 2" and "Attack Rats #1 with bare hands (1d6, 2■)"
    fold to the same text."""
    text = unicodedata.normalize("NFKD", str(label)).casefold()
    return "".join(ch for ch in text if ch.isalnum())


def match_label(actions: list[Action], typed: str) -> tuple[Action | None, list[Action]]:
    """The one action `typed` means, or (None, the actions it could mean) when it is
    ambiguous, or (None, []) when it means none of them."""
    text = str(typed).strip()
    for a in actions:
        if a.label == text:
            return a, []
    folded_case, folded = text.casefold(), fold(text)
    for test in (
        lambda a: a.label.casefold() == folded_case,
        lambda a: fold(a.label) == folded,
        lambda a: _begins(a.label, folded),
    ):
        found = [a for a in actions if test(a)]
        if len(found) == 1:
            return found[0], []
        if found:
            return None, found
    return None, []


def _begins(label: str, typed: str) -> bool:
    """Whether `typed` (folded) begins `label` without splitting a number of it: "Attack
    Rats #1" does not mean "Attack Rats #11 with bare hands" (Rats #1 may have just died), but
    "Send Hired Muscle [1]" means "Send Hired Muscle [1] (3/2/0)"."""
    if not typed or not fold(label).startswith(typed):
        return False
    seen = 0
    for i, ch in enumerate(label):  # where the typed text ends in the label as written
        seen += len(fold(ch))
        if seen >= len(typed):
            after = label[i + 1 : i + 2]
            return not (typed[-1].isdigit() and after.isdigit())
    return True


def closest(actions: list[Action], typed: str, n: int = SUGGESTIONS) -> list[str]:
    """The labels nearest to a typed text that matched none, best first."""
    if len(typed) > 500:  # far longer than any label: nothing is near, and comparing is slow
        return []
    by_fold: dict[str, str] = {}
    for a in actions:
        by_fold.setdefault(fold(a.label), a.label)
    near = difflib.get_close_matches(fold(typed), list(by_fold), n=n, cutoff=0.4)
    return [by_fold[f] for f in near]


def _find(actions: list[Action], wanted) -> Action | None:
    if isinstance(wanted, Action):
        for a in actions:
            if a == wanted:
                return a
        return None
    return match_label(actions, wanted)[0]


def resolve(state: State, wanted, seat: int | None = None) -> Action:
    """The legal action meant by `wanted` (an Action or its label), or IllegalAction."""
    reason = why_illegal(state, wanted, seat)
    if reason is not None:
        raise reason
    return _find(state.legal_actions(), wanted)


def _quoted(labels) -> str:
    return ", ".join(f"'{label}'" for label in labels)


def why_illegal(state: State, wanted, seat: int | None = None) -> IllegalAction | None:
    """None if `wanted` is legal now, else an IllegalAction carrying the rule and reason."""
    mover = state.to_move
    if mover == TERMINAL:
        return IllegalAction("the game is over", rule="end", action=wanted)
    if mover == CHANCE:
        return IllegalAction("a random event must be resolved first", rule="chance", action=wanted)
    seats = getattr(state, "num_seats", None)
    if seat is not None and seats is not None and not (type(seat) is int and 0 <= seat < seats):
        return IllegalAction(
            f"seat {seat!r} does not exist; seats are numbered 0 to {seats - 1}",
            rule="turn",
            action=wanted,
        )
    if seat is not None and seat != mover:
        return IllegalAction(
            f"it is seat {mover + 1}'s decision, not seat {seat + 1}'s", rule="turn", action=wanted
        )
    if not isinstance(wanted, (Action, str)):
        return IllegalAction(
            f"give an Action or its label as text, not {type(wanted).__name__} {shortened(wanted)}",
            rule="legal actions",
            action=None,
        )
    legal = state.legal_actions()
    named = ""
    if isinstance(wanted, Action):
        if _find(legal, wanted) is not None:
            return None
        candidate = wanted
    else:
        found, several = match_label(legal, wanted)
        if found is not None:
            return None
        if several:
            shown = _quoted(a.label for a in several[:4])
            more = f" and {len(several) - 4} more" if len(several) > 4 else ""
            return IllegalAction(
                f"'{shortened(wanted)}' could mean {len(several)} actions: {shown}{more}; "
                "type more of the label",
                rule="legal actions",
                action=wanted,
            )
        candidate, several = match_label(state.candidates(), wanted)
        if candidate is None and several:
            # The game lists the likeliest first: answer for it, and say which it is.
            candidate = several[0]
            named = f"'{candidate.label}': "
    if candidate is not None:
        explained = state.explain(candidate)
        if explained is not None:
            rule, reason = explained
            return IllegalAction(named + reason, rule=rule, action=candidate)
        return IllegalAction(
            f"'{candidate}' is not allowed now", rule="legal actions", action=candidate
        )
    near = closest(legal, str(wanted))
    if near:
        hint = "did you mean " + " or ".join(f"'{x}'" for x in near) + "?"
    else:
        hint = f"legal actions: {_quoted(a.label for a in legal[:8])}" + (
            f" and {len(legal) - 8} more" if len(legal) > 8 else ""
        )
    return IllegalAction(
        f"no action called '{shortened(wanted)}' now; {hint}", rule="legal actions", action=wanted
    )
