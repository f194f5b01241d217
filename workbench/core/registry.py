"""Registered games by name. Games register when `workbench.games` is imported."""

from __future__ import annotations

from .errors import UnknownGame
from .game import Game

_GAMES: dict[str, Game] = {}


def register(game_cls: type[Game]) -> type[Game]:
    """Class decorator: register one instance of a Game subclass under its spec's name."""
    _GAMES[game_cls.spec.name] = game_cls()
    return game_cls


def get_game(name: str | Game) -> Game:
    if isinstance(name, Game):
        return name
    from .. import games  # noqa: F401  (importing registers the built-in games)

    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"no game called {name!r}; registered games: {known}") from None


def list_games() -> list[str]:
    from .. import games  # noqa: F401

    return sorted(_GAMES)
