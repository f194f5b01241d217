"""Compile every game's batch kernel now (`python -m workbench.sim.kernels`): numba keeps the
machine code on disk, so a designer's first sweep does not wait for it. `make test` and the
Binder build run this during setup, one game per processor at a time; `make lab` runs it in
the background beside JupyterLab (`--background`, see sim/warming.py)."""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import os
import signal
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from ..core import Game, get_game, list_games
from ..core.bots import make_bots
from . import warming
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
    games = [name for name in list_games() if _compiles(get_game(name))]
    return sorted(games, key=_kernel_size, reverse=True)


def _compiles(game) -> bool:
    # A built-in game names its batch module; a game written in a notebook may override
    # play_batch instead.
    return game.spec.batch is not None or type(game).play_batch is not Game.play_batch


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
    game.play_batch(
        b.cards,
        b.rules,
        b.setup,
        make_bots(b.bots, game, game.num_seats(b.setup)),
        game.max_decisions,
        [0, 1],
    )
    return time.perf_counter() - start


def warm(processes: int | None = None) -> None:
    games = compiled_games()
    workers = min(len(games), processes or cores())
    if workers < 2:
        for name in games:
            print(f"{name} kernel ready in {compile_kernel(name):.1f} s", flush=True)
            warming.mark_ready(name)
        return
    # Compiling is one core's work per game, so games compile side by side. Fresh processes:
    # polars' threads do not survive fork. numba writes each cache file whole, then renames
    # it, so two processes compiling a shared function leave one good copy.
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        ready = {pool.submit(compile_kernel, name): name for name in games}
        for done in as_completed(ready):
            print(f"{ready[done]} kernel ready in {done.result():.1f} s", flush=True)
            warming.mark_ready(ready[done])


def background() -> None:
    """Compile as `warm` does, beside JupyterLab: at low priority, so the designer's cells
    come first, and ending cleanly on SIGTERM (the lab stopping: see sim/warming.py)."""
    os.nice(warming.NICENESS)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    start = time.perf_counter()
    warm()
    print(f"every kernel ready in {time.perf_counter() - start:.1f} s", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m workbench.sim.kernels",
        description="Compile every game's batch kernel now, or beside a command (the lab).",
    )
    parser.add_argument(
        "--background",
        action="store_true",
        help="at low priority, reporting each game ready (sim/warming.py)",
    )
    parser.add_argument(
        "--beside",
        metavar="LOG",
        help="compile in the background, output added to LOG, while running "
        "the command given after --, and stop when it ends",
    )
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if args.beside:
        if not command:
            parser.error("--beside needs the command to run after --")
        return warming.run(command, args.beside)
    if command:
        parser.error(f"unexpected {' '.join(command)!r} (a command goes with --beside)")
    if args.background:
        background()
    else:
        warm()
    return 0


if __name__ == "__main__":
    sys.exit(main())
