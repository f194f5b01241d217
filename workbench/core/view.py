"""Typed values for what a game shows and reports: the step-through view of a position (View,
Zone, CardView, Stat, Board, ChanceSummary) and a finished game's Result.

A game builds these; the step-through widget draws `View.to_json()`, a notebook draws
`View._repr_html_()` without a live kernel, and the conformance suite checks every game's
views and results with `problems()`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import Any

Number = int | float


@dataclass(frozen=True, slots=True)
class Stat:
    """A labelled number on a card or in the header: Health 7/10, Turn 4, Leader Seat 2."""

    label: str
    value: int | float | str
    max: int | float | None = None

    def to_json(self) -> dict:
        out = {"label": self.label, "value": self.value}
        if self.max is not None:
            out["max"] = self.max
        return out


@dataclass(frozen=True, slots=True)
class CardView:
    """One card, player mat, pile or piece as people see it.

    A card another seat cannot see is made with `CardView.face_down(kind)`: it carries no
    name, text or stats, so nothing hidden reaches the browser.
    """

    name: str = ""
    kind: str = "card"
    subtitle: str = ""
    text: str = ""
    stats: Sequence[Stat] = ()
    tags: Sequence[str] = ()
    highlight: bool = False
    dim: bool = False
    hidden: bool = False
    id: str | None = None  # the card's key in its table, when it has one

    @classmethod
    def face_down(cls, kind: str, tags: Sequence[str] = ()) -> CardView:
        return cls(kind=kind, tags=tuple(tags), hidden=True)

    def to_json(self) -> dict:
        if self.hidden:
            return {"hidden": True, "kind": self.kind, "tags": list(self.tags)}
        out = {
            "name": self.name,
            "kind": self.kind,
            "subtitle": self.subtitle,
            "text": self.text,
            "stats": [s.to_json() for s in self.stats],
            "tags": list(self.tags),
            "highlight": self.highlight,
            "dim": self.dim,
            "hidden": False,
        }
        if self.id is not None:
            out["id"] = self.id
        return out


@dataclass(frozen=True, slots=True)
class Zone:
    """A place cards are in: a seat's hand, a reserve, the enemies in front, a face-up row.
    `colour` (a CSS colour) marks whose side a zone belongs to, as the legend names it.
    `hand` marks a seat's hand of cards (or their backs), which the step-through view keeps
    whole in sight, a line per card, however the rest of the board scrolls."""

    title: str
    cards: Sequence[CardView] = ()
    active: bool = False
    colour: str = ""
    hand: bool = False

    def to_json(self) -> dict:
        out = {
            "title": self.title,
            "active": self.active,
            "cards": [c.to_json() for c in self.cards],
        }
        if self.colour:
            out["colour"] = self.colour
        if self.hand:
            out["hand"] = True
        return out


@dataclass(frozen=True, slots=True)
class Glyph:
    """One entry of a view's legend: what a symbol or a colour means ("■": "melee damage";
    a disc coloured `colour`: "South, home row 1")."""

    symbol: str
    meaning: str
    colour: str = ""

    def to_json(self) -> dict:
        out = {"symbol": self.symbol, "meaning": self.meaning}
        if self.colour:
            out["colour"] = self.colour
        return out


@dataclass(frozen=True, slots=True)
class Board:
    """A board drawn as one <svg> element. `targets` maps a square's name to the labels of
    the legal actions that clicking it would play (the kit's board drawing marks them)."""

    svg: str
    targets: Mapping[str, Sequence[str]] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"svg": self.svg, "targets": {k: list(v) for k, v in self.targets.items()}}


@dataclass(frozen=True, slots=True)
class ChanceSummary:
    """A random event with the odds that matter, e.g. "3d6 vs Dodge 8": 35% to hit; after it
    is resolved, `result` says what happened and `p` how likely that exact result was."""

    label: str
    odds: Sequence[tuple[str, Fraction]] = ()
    result: str = ""
    p: Fraction | None = None

    def to_json(self) -> dict:
        return chance_json(self.label, self.odds, self.result, self.p)


def chance_json(label: str, odds, result: str = "", p: Fraction | None = None) -> dict:
    """A ChanceSummary's JSON form, built without the value itself: a match logs one for every
    chance point it resolves."""
    return {
        "label": label,
        "result": result,
        "p": None if p is None else str(p),
        "p_float": None if p is None else float(p),
        "odds": [{"what": w, "p": str(q), "p_float": float(q)} for w, q in odds],
    }


@dataclass(frozen=True, slots=True)
class View:
    """What the step-through view draws for one seat (None: a spectator). `legend` says what
    the view's symbols and side colours mean."""

    title: str
    subtitle: str = ""
    trackers: Sequence[Stat] = ()
    board: Board | None = None
    zones: Sequence[Zone] = ()
    legend: Sequence[Glyph] = ()

    def to_json(self) -> dict:
        board = self.board.to_json() if self.board is not None else {"svg": None, "targets": {}}
        return {
            "title": self.title,
            "subtitle": self.subtitle,
            "trackers": [t.to_json() for t in self.trackers],
            **board,
            "zones": [z.to_json() for z in self.zones],
            "legend": [g.to_json() for g in self.legend],
        }

    def _repr_html_(self) -> str:
        return html(self)


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended: `outcome` in words ("win", "South wins", "draw"), the
    winning seats (every seat for a cooperative win, none for a draw or a party's loss), why
    it ended when that is worth saying, and numbers people read (battles won, turns, HP)."""

    outcome: str
    winners: tuple[int, ...] = ()
    reason: str = ""
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winner(self) -> int:
        """The single winning seat, or -1 (a draw, a shared win, a party's loss)."""
        return self.winners[0] if len(self.winners) == 1 else -1

    def to_json(self) -> dict:
        reason = {"reason": self.reason} if self.reason else {}
        return {"outcome": self.outcome, "winners": list(self.winners), **reason, **self.details}


# -- checking ------------------------------------------------------------------------------

_SCALAR = (int, float, str)


def problems(value, where: str = "view") -> list[str]:
    """Everything in a View or Result that is not of its declared type, as 'where: what'
    lines (empty when the value is well formed). The conformance suite runs it on every game;
    an author can call it too."""
    out: list[str] = []
    _check(value, where, out)
    return out


def _check(value, where: str, out: list[str]) -> None:
    for kind, check in _CHECKS:
        if isinstance(value, kind):
            check(value, where, out)
            return
    out.append(f"{where}: expected a typed view value, got {type(value).__name__}")


def _check_view(value: View, where: str, out: list[str]) -> None:
    _text(value.title, f"{where}.title", out)
    _text(value.subtitle, f"{where}.subtitle", out)
    _each(value.trackers, Stat, f"{where}.trackers", out)
    if value.board is not None:
        _check(value.board, f"{where}.board", out)
    _each(value.zones, Zone, f"{where}.zones", out)
    _each(value.legend, Glyph, f"{where}.legend", out)


def _check_zone(value: Zone, where: str, out: list[str]) -> None:
    _text(value.title, f"{where}.title", out)
    _flag(value.active, f"{where}.active", out)
    _text(value.colour, f"{where}.colour", out)
    _each(value.cards, CardView, f"{where}.cards", out)


def _check_glyph(value: Glyph, where: str, out: list[str]) -> None:
    for name in ("symbol", "meaning", "colour"):
        _text(getattr(value, name), f"{where}.{name}", out)


def _check_card(value: CardView, where: str, out: list[str]) -> None:
    for name in ("name", "kind", "subtitle", "text"):
        _text(getattr(value, name), f"{where}.{name}", out)
    for name in ("highlight", "dim", "hidden"):
        _flag(getattr(value, name), f"{where}.{name}", out)
    _each(value.stats, Stat, f"{where}.stats", out)
    for i, tag in enumerate(value.tags):
        _text(tag, f"{where}.tags[{i}]", out)
    if value.hidden and (value.name or value.text or value.stats or value.subtitle):
        out.append(f"{where}: a face-down card must not carry its name, text or stats")


def _check_stat(value: Stat, where: str, out: list[str]) -> None:
    _text(value.label, f"{where}.label", out)
    if isinstance(value.value, bool) or not isinstance(value.value, _SCALAR):
        out.append(f"{where}.value: expected a number or text, got {value.value!r}")
    if value.max is not None and (isinstance(value.max, bool) or not isinstance(value.max, Number)):
        out.append(f"{where}.max: expected a number or None, got {value.max!r}")


def _check_board(value: Board, where: str, out: list[str]) -> None:
    if not (isinstance(value.svg, str) and value.svg.lstrip().startswith("<svg")):
        out.append(f"{where}.svg: expected an <svg> element as text")
    for square, labels in value.targets.items():
        if (
            not isinstance(square, str)
            or isinstance(labels, str)
            or not all(isinstance(x, str) for x in labels)
        ):
            out.append(f"{where}.targets[{square!r}]: expected square name -> labels")


def _check_result(value: Result, where: str, out: list[str]) -> None:
    _text(value.outcome, f"{where}.outcome", out)
    _text(value.reason, f"{where}.reason", out)
    if not isinstance(value.winners, tuple) or not all(
        isinstance(s, int) and not isinstance(s, bool) for s in value.winners
    ):
        out.append(f"{where}.winners: expected a tuple of seat numbers, got {value.winners!r}")
    for k, v in value.details.items():
        if not _plain(v):
            out.append(f"{where}.details[{k!r}]: expected numbers or text, got {v!r}")


# In the order `_check` tries them: the first kind the value is an instance of checks it.
_CHECKS = (
    (View, _check_view),
    (Zone, _check_zone),
    (Glyph, _check_glyph),
    (CardView, _check_card),
    (Stat, _check_stat),
    (Board, _check_board),
    (Result, _check_result),
)


def _plain(v) -> bool:
    if isinstance(v, list | tuple):
        return all(_plain(x) for x in v)
    return v is None or isinstance(v, _SCALAR)


def _text(value, where: str, out: list[str]) -> None:
    if not isinstance(value, str):
        out.append(f"{where}: expected text, got {value!r}")


def _flag(value, where: str, out: list[str]) -> None:
    if not isinstance(value, bool):
        out.append(f"{where}: expected True or False, got {value!r}")


def _each(values, kind: type, where: str, out: list[str]) -> None:
    if isinstance(values, str | bytes) or not isinstance(values, Sequence):
        out.append(f"{where}: expected a list of {kind.__name__}, got {values!r}")
        return
    for i, v in enumerate(values):
        if not isinstance(v, kind):
            out.append(f"{where}[{i}]: expected a {kind.__name__}, got {type(v).__name__}")
        else:
            _check(v, f"{where}[{i}]", out)


# -- drawing without a kernel ---------------------------------------------------------------

_CARD = (
    "display:inline-block;vertical-align:top;width:150px;margin:3px;padding:6px;"
    "border:1px solid #bbb;border-radius:6px;background:#fffdf8;color:#222;"
    "font:12px/1.35 sans-serif"
)


def _stat_html(s: Stat) -> str:
    top = "" if s.max is None else f"/{s.max}"
    return (
        f"<span style='margin-right:8px'><b>{escape(s.label)}</b> "
        f"{escape(str(s.value))}{top}</span>"
    )


def _card_html(c: CardView) -> str:
    style = (
        _CARD
        + (";opacity:.5" if c.dim else "")
        + (";border:2px solid #d4a017" if c.highlight else "")
    )
    if c.hidden:
        return (
            f"<div style='{style};background:#6b7b8c;color:#fff'><b>?</b> ({escape(c.kind)})</div>"
        )
    parts = [f"<div style='{style}'><div><b>{escape(c.name)}</b></div>"]
    if c.subtitle:
        parts.append(f"<div style='color:#666'>{escape(c.subtitle)}</div>")
    if c.stats:
        parts.append("<div>" + "".join(_stat_html(s) for s in c.stats) + "</div>")
    if c.text:
        parts.append(f"<div style='margin-top:3px'>{escape(c.text)}</div>")
    if c.tags:
        parts.append(
            "<div style='color:#555;font-style:italic'>"
            + ", ".join(escape(t) for t in c.tags)
            + "</div>"
        )
    return "".join(parts) + "</div>"


def _glyph_html(g: Glyph) -> str:
    symbol = escape(g.symbol)
    if g.colour:
        symbol = (
            f"<span style='display:inline-block;min-width:1em;text-align:center;"
            f"border-radius:50%;border:1px solid #333;background:{g.colour}'>"
            f"{symbol}</span>"
        )
    return f"{symbol} {escape(g.meaning)}"


def html(view: View) -> str:
    """A View as self-contained HTML (inline styles, no scripts), so a saved notebook shows
    the position wherever it is opened."""
    parts = [
        "<div style='font:13px sans-serif;max-width:1000px'>",
        f"<div><b style='font-size:15px'>{escape(view.title)}</b> "
        f"<span style='color:#666'>{escape(view.subtitle)}</span></div>",
    ]
    if view.trackers:
        parts.append(
            "<div style='margin:4px 0'>" + "".join(_stat_html(t) for t in view.trackers) + "</div>"
        )
    if view.legend:
        parts.append(
            "<div style='margin:4px 0;color:#555'>"
            + " · ".join(_glyph_html(g) for g in view.legend)
            + "</div>"
        )
    if view.board is not None:
        parts.append(f"<div>{view.board.svg}</div>")
    for zone in view.zones:
        mark = " ◀" if zone.active else ""
        stripe = f";border-left:4px solid {zone.colour};padding-left:4px" if zone.colour else ""
        parts.append(
            f"<div style='margin-top:6px{stripe}'>"
            f"<div><b>{escape(zone.title)}</b>{mark}</div>"
            + "".join(_card_html(c) for c in zone.cards)
            + "</div>"
        )
    return "".join(parts) + "</div>"


__all__ = [
    "Board",
    "CardView",
    "ChanceSummary",
    "Glyph",
    "Result",
    "Stat",
    "View",
    "Zone",
    "html",
    "problems",
]
