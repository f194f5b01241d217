"""Compile every game's batch kernel now (`python -m workbench.sim.kernels`): numba keeps the
machine code on disk, so a designer's first sweep does not wait for it. `make` and the Binder
build run this during setup, one game per processor at a time."""

from __future__ import annotations

import importlib.util
import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from ..core import Game, get_game, list_games
from ..core.bots import make_bots
from .executors import cores
from .simulate import prepare

# The setups the warm-up plays (a game not named here plays its default setup).
SETUPS = {"coop": {"players": 3}}


def compiled_games() -> list[str]:
    """The registered games that play batches in compiled code, the largest kernel first.

    Compiling is one core's work per game, and the largest kernel takes nearly as long as
    the four smallest together: started first, it compiles beside the others rather than
    after them, and a compile of every game two at a time ends sooner. A kernel's source
    size ranks the games' compile times as `python -m workbench.sim.kernels` prints them."""
    games = [name for name in list_games()
             if type(get_game(name)).play_batch is not Game.play_batch]
    return sorted(games, key=_kernel_size, reverse=True)


def _kernel_size(name: str) -> int:
    package = type(get_game(name)).__module__.rpartition(".")[0]
    spec = importlib.util.find_spec(f"{package}.kernel") if package else None
    return os.path.getsize(spec.origin) if spec is not None and spec.origin else 0


def compile_kernel(name: str) -> float:
    """Compile one game's kernel (playing two games in it, whether or not its stamp matches
    the code: see core/stamps.py); the seconds it took."""
    start = time.perf_counter()
    b = prepare(name, None, None, "heuristic", None, SETUPS.get(name, {}))
    game = get_game(name)
    game.play_batch(b.cards, b.rules, b.setup, make_bots(b.bots, game, game.num_seats(b.setup)),
                    game.max_decisions, [0, 1])
    return time.perf_counter() - start


def warm(processes: int | None = None) -> None:
    games = compiled_games()
    workers = min(len(games), processes or cores())
    if workers < 2:
        for name in games:
            print(f"{name} kernel ready in {compile_kernel(name):.1f} s", flush=True)
        return
    # Compiling is one core's work per game, so games compile side by side. Fresh processes:
    # polars' threads do not survive fork. numba writes each cache file whole, then renames
    # it, so two processes compiling a shared function leave one good copy.
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        ready = {pool.submit(compile_kernel, name): name for name in games}
        for done in as_completed(ready):
            print(f"{ready[done]} kernel ready in {done.result():.1f} s", flush=True)


if __name__ == "__main__":
    warm()
