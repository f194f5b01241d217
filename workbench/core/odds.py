"""The odds of an action before it is taken, worked out exactly from the chance point it
would create.

Rules never sample, so applying an action to a copy of the state and reading the pending
chance point gives every outcome with its exact weight. The odds shown are the chance point's
own ("to hit") followed by the game's declared `Odds` ("expected damage", "to defeat"), each
weighed over the outcomes. Only views call this; simulations never pay for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .actions import Action
from .game import CHANCE, State
from .spec import Odds


def percent(p: Fraction) -> str:
    """A probability as people read it: whole percents, two figures below 1%."""
    value = float(p) * 100
    return f"{value:.0f}%" if value >= 1 or value == 0 else f"{value:.2g}%"


@dataclass(frozen=True, slots=True)
class OddsLine:
    """One number shown with an action or a roll: a chance (`expected` False) or a mean."""

    what: str
    value: Fraction
    expected: bool = False

    @property
    def text(self) -> str:
        if self.expected:
            return f"{float(self.value):.1f} {self.what}"
        return f"{percent(self.value)} {self.what}"

    def to_json(self) -> dict:
        return {
            "what": self.what,
            "value": str(self.value),
            "value_float": float(self.value),
            "expected": self.expected,
            "text": self.text,
        }


def odds_at(
    state: State, declared: tuple[Odds, ...] = (), seat: int | None = None
) -> tuple[OddsLine, ...]:
    """The odds of the chance point `state` waits on: its own, then the declared ones."""
    chance = state.chance()
    lines = [OddsLine(what, Fraction(p)) for what, p in chance.odds_list()]
    if not declared:
        return tuple(lines)
    dist = chance.dist
    active = list(declared)
    totals: dict[Odds, Fraction] = {}
    for outcome, weight in dist.items():
        after = state.clone()
        after.apply_chance(outcome)
        for odds in list(active):
            value = odds.measure(state, outcome, after, seat)
            if value is None:  # not this kind of chance point
                active.remove(odds)
                totals.pop(odds, None)
            else:
                totals[odds] = totals.get(odds, Fraction(0)) + weight * Fraction(value)
        if not active:
            break
    for odds in active:
        mean = totals[odds] / dist.total
        if odds.expected or mean > 0:
            lines.append(OddsLine(odds.what, mean, odds.expected))
    return tuple(lines)


@dataclass(frozen=True, slots=True)
class ActionOdds:
    """What an action's random result looks like before it is taken."""

    label: str  # the chance point it creates, e.g. "Seat 1 attacks Rats #3 ...: 1d6 vs Dodge 4"
    lines: tuple[OddsLine, ...]

    @property
    def text(self) -> str:
        return " · ".join(line.text for line in self.lines)

    def to_json(self) -> dict:
        return {
            "label": self.label,
            "text": self.text,
            "lines": [line.to_json() for line in self.lines],
        }


def action_odds(
    state: State, action: Action, declared: tuple[Odds, ...] = (), seat: int | None = None
) -> ActionOdds | None:
    """The odds of a legal action whose result is random, or None if its result is certain
    (or nothing about it is named)."""
    after = state.clone()
    after.apply(action)
    if after.to_move != CHANCE:
        return None
    lines = odds_at(after, declared, seat)
    if not lines:
        return None
    return ActionOdds(after.chance().label, lines)
