"""Where a game's shipped card tables live, in a source checkout and in an installed wheel."""

from __future__ import annotations

from pathlib import Path

# workbench/ (this file is workbench/cards/paths.py). Taken from this file rather than from
# workbench.__file__ so it also works while the package is imported as a namespace package.
_PACKAGE = Path(__file__).resolve().parents[1]


def data_dir(game: str) -> Path:
    """The folder holding `game`'s CSV files.

    An installed wheel carries them as workbench/_data/<game>/; a source checkout keeps them
    at <repo>/data/<game>/, where designers edit them. The packaged copy wins when both exist,
    because then the package was installed and the repository beside it may be another version.
    """
    if not game or Path(game).name != game or game in (".", ".."):
        raise ValueError(f"{game!r} is not a game name")
    candidates = [_PACKAGE / "_data" / game, _PACKAGE.parent / "data" / game]
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        f"no card data for the game '{game}'; looked in " + " and ".join(map(str, candidates))
    )
