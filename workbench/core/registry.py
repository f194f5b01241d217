"""Registered designs by name: games (with rules) and designs that are data only.

A design registers itself with `@register` when its module is imported. A name not registered
yet is looked up in the finders added with `add_finder`: the package root adds the built-in
games package, so the engine never imports a game itself and asking for one game imports only
that one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from .errors import UnknownGame

# The package root adds its finder at import time, so this module must not pull in the game
# engine: Design and Game load when a design is first looked up.
if TYPE_CHECKING:
    from .game import Design, Game

_GAMES: dict[str, Design] = {}
_FINDERS: list[GameFinder] = []


class GameFinder(Protocol):
    def names(self) -> Iterable[str]:
        """The games it can load, named without importing any of them."""

    def load(self, name: str) -> None:
        """Import the game called `name`; importing it registers it."""


def register(design_cls: type[Design]) -> type[Design]:
    """Class decorator: register one instance of a Game (or data-only Design) subclass under
    its spec's name."""
    _GAMES[design_cls.spec.name] = design_cls()
    return design_cls


def add_finder(finder: GameFinder) -> None:
    """Let `get_game` and `list_games` load games from `finder` on demand."""
    if finder not in _FINDERS:
        _FINDERS.append(finder)


def get_design(name: str | Design) -> Design:
    """A registered design, with rules or without."""
    from .game import Design

    if isinstance(name, Design):
        return name
    if not isinstance(name, str):
        raise UnknownGame(f"a design is named by text, such as 'coop', not {name!r}")
    if name not in _GAMES:
        for finder in _FINDERS:
            if name in finder.names():
                finder.load(name)
                break
    try:
        return _GAMES[name]
    except KeyError:
        # Names are enough here: listing the designs must not import every one of them.
        known = sorted(set(_GAMES).union(*(finder.names() for finder in _FINDERS)))
        raise UnknownGame(
            f"no game called {name!r}; registered designs: {', '.join(known) or 'none'}"
        ) from None


def get_game(name: str | Game) -> Game:
    """A registered design that has rules, so it can be played and simulated."""
    from .game import Game

    design = get_design(name)
    if not isinstance(design, Game):
        raise UnknownGame(
            f"{design.name!r} is a design of tables and analyses with no rules "
            "to play: load_cards and its analyses work, play and simulate do not"
        )
    return design


def _load_all() -> None:
    for finder in _FINDERS:
        for name in finder.names():
            if name not in _GAMES:
                finder.load(name)


def list_games() -> list[str]:
    """The designs that can be played: the conformance suite checks each one."""
    from .game import Game

    _load_all()
    return sorted(name for name, d in _GAMES.items() if isinstance(d, Game))


def list_designs() -> list[dict]:
    """Every registered design: its name and title, what a designer can do with it
    (`supports`) and what it holds (`about`, the spec's doc)."""
    _load_all()
    return [
        {"name": name, "title": d.title, "supports": d.supports(), "about": d.spec.doc}
        for name, d in sorted(_GAMES.items())
    ]
