"""Compile every game's batch kernel now (`python -m workbench.sim.kernels`): numba keeps the
machine code on disk, so a designer's first sweep does not wait for it. `make` and the Binder
build run this during setup."""

from __future__ import annotations

import time

from ..core import Game, get_game, list_games
from .simulate import simulate

# The setups the warm-up plays (a game not named here plays its default setup).
SETUPS = {"coop": {"players": 3}}


def compiled_games() -> list[str]:
    """The registered games that play batches in compiled code."""
    return [name for name in list_games()
            if type(get_game(name)).play_batch is not Game.play_batch]


def warm() -> None:
    for name in compiled_games():
        start = time.perf_counter()
        simulate(name, 2, bots="heuristic", **SETUPS.get(name, {}))
        print(f"{name} kernel ready in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    warm()
