"""Check and renew the stamps of the games' compiled kernels (core/stamps.py says what a
stamp is and how it is used).

    python -m workbench.sim.stamps                     # which stamps match the code, and why not
    python -m workbench.sim.stamps --renew GAME ...    # or --renew all

--renew runs the game's equivalence tests (`tests/<game>/test_kernel.py`, so it needs a
checkout of the repository, not an installed package) and writes the stamp only if they pass,
with the rules engine's time per game over the kernel's, measured on the spot; then the bounds
check (sim/bounds.py), whose result the stamp records. When only
comments, layout or docstrings changed since the stamp (every syntax tree is the same), the
code the tests passed on is unchanged: the stamp is renewed without running them, and says so.
Every change to a game's rules or kernel ends with this command; `tests/core/test_stamps.py`
fails while a stamp differs from the code.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

from ..core import stamps
from ..core.bots import make_bots
from ..core.registry import get_game
from . import bounds
from .kernels import SETUPS, compiled_games
from .simulate import game_seeds, play_out, prepare

REPOSITORY = Path(__file__).resolve().parents[2]


def stamp_for(name: str) -> stamps.Stamp:
    """The stamp the code of game `name` would get now (tests and speed not yet filled in)."""
    game = get_game(name)
    owner = stamps.kernel_owner(game)
    if owner is None or not stamps.ours(owner):
        raise SystemExit(f"{name} has no compiled kernel of the package's own to stamp")
    units = stamps.units_of(owner)
    return stamps.Stamp(
        name,
        f"{owner.__module__}:{owner.__qualname__}",
        stamps.fingerprint(units),
        stamps.variants_of(game),
        path=stamps.stamp_path(owner),
    )


def stale(name: str) -> str | None:
    """Why game `name`'s stamp does not match its code, or None when it does."""
    now = stamp_for(name)
    if not now.path.exists():
        return f"{name} has no stamp"
    kept = stamps.Stamp.read(now.path)
    if kept.cls != now.cls:
        return f"the stamp is of {kept.cls}, the game's class is {now.cls}"
    if list(kept.units) != list(now.units):
        gone = [u for u in kept.units if u not in now.units]
        new = [u for u in now.units if u not in kept.units]
        return "the kernel copies other code now: " + "; ".join(
            [f"no longer {', '.join(gone)}"] * bool(gone) + [f"also {', '.join(new)}"] * bool(new)
        )
    for unit, hashes in now.units.items():
        if kept.units[unit]["text"] != hashes["text"]:
            return f"{stamps.where(unit, name)} changed"
    if kept.variants != now.variants:
        return "the rule variants changed"
    return None


def _same_code(kept: stamps.Stamp, now: stamps.Stamp) -> bool:
    return (
        kept.cls == now.cls
        and list(kept.units) == list(now.units)
        and kept.variants == now.variants
        and all(kept.units[u]["code"] == h["code"] for u, h in now.units.items())
    )


def renew(name: str) -> bool:
    """Renew game `name`'s stamp as the module docstring says; False when its tests fail."""
    now = stamp_for(name)
    kept = stamps.Stamp.read(now.path) if now.path.exists() else None
    if kept is not None and _same_code(kept, now):
        if stale(name) is None:
            print(f"{name}: the stamp matches the code")
            return True
        now.tests, now.slowdown, now.bounds = kept.tests, kept.slowdown, kept.bounds
        now.path.write_text(now.to_json(), encoding="utf-8")
        print(
            f"{name}: only comments, layout or docstrings changed; stamp renewed without "
            "running the tests again"
        )
        return True
    tests = REPOSITORY / "tests" / name / "test_kernel.py"
    if not tests.exists():
        raise SystemExit(
            f"{tests} is missing: renewing a stamp needs a checkout of the "
            "repository, with its tests"
        )
    print(f"{name}: running {tests.relative_to(REPOSITORY)} ...", flush=True)
    # The tests marked `stamped` need a current stamp (they check that simulate and sweep
    # take the kernel): they run once it is written.
    passed = _pytest(tests, "not stamped")
    if passed is None:
        print(f"{name}: the equivalence tests failed; the stamp is left as it was")
        return False
    now.tests = f"{tests.relative_to(REPOSITORY).as_posix()}: {passed} passed"
    now.slowdown = round(engine_slowdown(name), 1)
    now.path.write_text(now.to_json(), encoding="utf-8")
    stamps.read_stamp.cache_clear()
    if _pytest(tests, "stamped") is None:
        print(f"{name}: the stamp is written, but the tests that need it failed")
        return False
    # The probes play through simulate, which takes the kernel only once the stamp is current.
    why, now.bounds = bounds.check(name)
    if why is not None:
        print(f"{name}: the stamp is written without a bounds check, which failed: {why}")
        return False
    now.path.write_text(now.to_json(), encoding="utf-8")
    stamps.read_stamp.cache_clear()
    print(
        f"{name}: {passed} tests passed; stamp written ({now.path.relative_to(REPOSITORY)}); "
        f"the rules engine takes {now.slowdown:g} times the kernel's time per game"
    )
    return True


def _pytest(path: Path, marks: str) -> int | None:
    """How many tests of `path` with `marks` passed, or None if any failed."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", marks, str(path)],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
    )
    tail = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    if done.returncode not in (0, 5):  # 5: no tests with these marks
        print(done.stdout[-3000:], done.stderr[-2000:], sep="\n")
        return None
    found = re.search(r"(\d+) passed", tail)
    return int(found.group(1)) if found else 0


def engine_slowdown(name: str, kernel_games: int = 400, engine_games: int = 10) -> float:
    """The rules engine's CPU time per game over the kernel's, with the game's default bots
    and setup (the kernel's compiled code loaded first)."""
    from .sweep import default_bots

    game = get_game(name)
    batch = prepare(name, None, None, default_bots(game), None, SETUPS.get(name, {}))
    bots = make_bots(batch.bots, game, game.num_seats(batch.setup))
    limit = game.max_decisions
    game.play_batch(batch.cards, batch.rules, batch.setup, bots, limit, [0])  # load it
    start = time.process_time()
    game.play_batch(batch.cards, batch.rules, batch.setup, bots, limit, game_seeds(1, kernel_games))
    kernel = (time.process_time() - start) / kernel_games
    start = time.process_time()
    for s in game_seeds(2, engine_games):
        play_out(game, batch.cards, batch.rules, batch.setup, s, bots, limit)
    engine = (time.process_time() - start) / engine_games
    return engine / kernel


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m workbench.sim.stamps", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--renew",
        nargs="+",
        metavar="GAME",
        help="run the games' equivalence tests and stamp them ('all': every game with a kernel)",
    )
    args = parser.parse_args(argv)
    games = compiled_games()
    if not args.renew:
        bad = 0
        for name in sorted(games):
            why = stale(name)
            bad += why is not None
            print(f"{name}: {'current' if why is None else 'stale: ' + why}")
        return 1 if bad else 0
    chosen = games if args.renew == ["all"] else args.renew
    unknown = [g for g in chosen if g not in games]
    if unknown:
        parser.error(
            f"no compiled game {unknown[0]!r}; games with a kernel: {', '.join(sorted(games))}"
        )
    return 0 if all([renew(name) for name in chosen]) else 1


if __name__ == "__main__":
    sys.exit(main())
