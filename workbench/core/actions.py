"""Actions: what a seat can do, each with a label people read."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Action:
    """One decision a seat can take.

    `kind` groups actions for people (buttons are grouped by kind) and `args` holds the
    parameters; both must be JSON-friendly (str, int, bool, tuples of those) because a saved
    match stores them. Two actions are equal when kind and args are equal; the label is for
    people and is not part of identity.
    """

    kind: str
    args: tuple = ()
    label: str = field(default="", compare=False)
    # A choice made in secret (simultaneous play): other seats see only that a choice was made.
    secret: bool = field(default=False, compare=False)
    # What other seats are told of it, for an action whose label names a card they may never
    # see (a card banked face down, one put back under a deck); empty: the label is public.
    public: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.label or f"{self.kind}{self.args}"

    def to_json(self) -> dict:
        return {"kind": self.kind, "args": _jsonable(self.args)}


def _jsonable(value):
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


def _tupled(value):
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def action_key(data: dict) -> tuple[str, tuple]:
    """(kind, args) of an action stored as JSON, for matching against legal actions."""
    return data["kind"], _tupled(data.get("args", []))
