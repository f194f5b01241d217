"""Registered games by name.

A game registers itself with `@register` when its module is imported. A name not registered
yet is looked up in the finders added with `add_finder`: the package root adds the built-in
games package, so the engine never imports a game itself and asking for one game imports only
that one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from .errors import UnknownGame
from .game import Game

_GAMES: dict[str, Game] = {}
_FINDERS: list[GameFinder] = []


class GameFinder(Protocol):
    def names(self) -> Iterable[str]:
        """The games it can load, named without importing any of them."""

    def load(self, name: str) -> None:
        """Import the game called `name`; importing it registers it."""


def register(game_cls: type[Game]) -> type[Game]:
    """Class decorator: register one instance of a Game subclass under its spec's name."""
    _GAMES[game_cls.spec.name] = game_cls()
    return game_cls


def add_finder(finder: GameFinder) -> None:
    """Let `get_game` and `list_games` load games from `finder` on demand."""
    if finder not in _FINDERS:
        _FINDERS.append(finder)


def get_game(name: str | Game) -> Game:
    if isinstance(name, Game):
        return name
    if name not in _GAMES:
        for finder in _FINDERS:
            if name in finder.names():
                finder.load(name)
                break
    try:
        return _GAMES[name]
    except KeyError:
        # Names are enough here: listing the games must not import every one of them.
        known = sorted(set(_GAMES).union(*(finder.names() for finder in _FINDERS)))
        raise UnknownGame(
            f"no game called {name!r}; registered games: {', '.join(known) or 'none'}"
        ) from None


def list_games() -> list[str]:
    for finder in _FINDERS:
        for name in finder.names():
            if name not in _GAMES:
                finder.load(name)
    return sorted(_GAMES)
