"""A kernel's first compile, and its speed once compiled, this checkout beside another.

For each game named (every game with a kernel when none is), each run starts a fresh process
with an empty numba cache (NUMBA_CACHE_DIR a new temporary folder), compiles the game's kernel
as `python -m workbench.sim.kernels` does and times it: what a designer's first sweep of the
game waits for. The same process then plays three batches of GAMES games with the game's
default bots straight in the kernel; the fastest batch gives its games a second. With
`--against PATH` (another checkout, e.g. a `git worktree` of the last main) the two alternate
run by run, so that other load on the machine falls on both alike. Median (min-max) of the
runs, and the load average before and after. Compiling is one core's work, so runs go one at
a time.

    .venv/bin/python benchmarks/compile.py [GAME ...] [--against PATH] [--runs N] [--games N]

Results go to benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
from pathlib import Path
from statistics import median

from checkouts import HERE, run, summary  # benchmarks/checkouts.py, beside this script
from results import echo, record  # benchmarks/results.py, beside this script

TITLE = "A kernel's first compile (benchmarks/compile.py)"

# play_batch is called as the warm-up calls it, not through simulate: the kernel is timed
# whether or not its stamp matches the code, so a checkout with a kernel not yet re-checked
# can be measured too.
CHILD = """\
import time
from workbench.core import get_game
from workbench.core.bots import make_bots
from workbench.sim.kernels import SETUPS, compile_kernel
from workbench.sim.simulate import prepare

name, games = {name!r}, {games}
compile_s = compile_kernel(name)
b = prepare(name, None, None, "heuristic", None, SETUPS.get(name, {{}}))
game = get_game(name)
bots = make_bots(b.bots, game, game.num_seats(b.setup))
batches = []
for k in range(3):
    start = time.perf_counter()
    game.play_batch(b.cards, b.rules, b.setup, bots, game.max_decisions,
                    list(range(k * games, (k + 1) * games)))
    batches.append(time.perf_counter() - start)
answer = {{"compile": compile_s, "batch": min(batches)}}
"""


def measure(checkout: Path, name: str, games: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
        os.environ["NUMBA_CACHE_DIR"] = cache
        try:
            return run(checkout, CHILD.format(name=name, games=games))
        finally:
            del os.environ["NUMBA_CACHE_DIR"]


def _revision(path: Path) -> str:
    """The commit a checkout is at, and whether its files differ from it."""
    head = subprocess.run(
        ["git", "-C", str(path), "log", "-1", "--format=%h %s"], capture_output=True, text=True
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "-C", str(path), "status", "--porcelain", "--untracked-files=no"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    return (head[:72] or "no git history") + (" (with changes not committed)" if dirty else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games to compile (default: every kernel)")
    parser.add_argument("--against", type=Path, help="another checkout, measured in turn")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=2000, dest="batch")
    args = parser.parse_args()
    if args.against is not None and not (args.against / "workbench").is_dir():
        parser.error(f"--against {args.against}: no workbench/ folder there")
    from workbench.sim.kernels import compiled_games

    known = compiled_games()
    names = args.games or known
    unknown = [n for n in names if n not in known]
    if unknown:
        parser.error(f"no kernel for {unknown[0]!r}; games with a kernel: {', '.join(known)}")
    sides = {"this checkout": HERE}
    if args.against is not None:
        sides["against"] = args.against.resolve()
    out: list[str] = []
    echo(out, f"load average before: {os.getloadavg()[0]:.2f}")
    for side, path in sides.items():
        echo(out, f"{side}: {path} at {_revision(path)}")
    echo(out, f"{args.runs} runs each, cold (empty numba cache), one process at a time")
    echo(out, f"speed: games a second in the fastest of 3 batches of {args.batch:,}")
    echo(out)
    for name in names:
        got: dict = {side: [] for side in sides}
        for _ in range(args.runs):
            for side, path in sides.items():
                got[side].append(measure(path, name, args.batch))
        for side, rows in got.items():
            compile_s = summary([r["compile"] for r in rows], " s", digits=1)
            speed = summary([args.batch / r["batch"] for r in rows], " games/s")
            echo(out, f"{name:16} {side:14} first compile {compile_s}; then {speed}")
        if len(got) == 2:
            mine, theirs = (median(r["compile"] for r in rows) for rows in got.values())
            ratio = theirs / mine
            echo(out, f"{name:16} the other checkout's median compile / this one's: {ratio:.2f}")
    echo(out)
    echo(out, f"load average after: {os.getloadavg()[0]:.2f}")
    record(TITLE, out)


if __name__ == "__main__":
    main()
