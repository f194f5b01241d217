"""What the checks on the compiled kernels cost, in one run (README, *Changing a rule*):

1. the shadow check: for every game with a kernel, the 10-point sweep of 2,000 games a point
   that benchmarks/sweep.py times (its key, from the current value up; the game's default
   bots; executor="processes", so a compiled game's batches play on threads of this
   process), with the check and without, alternating run by run in this process: the
   sweep's CPU time (every thread of the process) each way, and the check's own CPU time
   as a share of the sweep's (goal: at most 5%);
2. a sweep where games stall: Correction's piece denial cost from 1 to 10 (at 1 every game
   runs to the decision cap), 2,000 games a point, with the tension columns a two-seat sweep
   reports: wall and CPU time, every game played by the kernel;
3. with --against PATH (a checkout of another version, e.g. a worktree of the last main):
   the same sweep in a fresh process of each checkout in turn, alternating, timing the
   sweep call's CPU (its first sweep in the process, as a designer meets it; goal: within
   5% of the other checkout's), and checking that the kernel played every game here.

Medians (min-max) over --runs runs (at least 5). Results go to benchmarks/RESULTS.md.

    .venv/bin/python benchmarks/kernel_checks.py [--runs N] [--against PATH] [game ...]
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import subprocess
import time
from pathlib import Path

from checkouts import HERE, run, summary  # benchmarks/checkouts.py, beside this script
from results import record  # benchmarks/results.py
from sweep import sweep_key  # benchmarks/sweep.py

import workbench as wb
from workbench.sim import paths
from workbench.sim.kernels import SETUPS, compiled_games

GOAL = 0.05
GAMES = 2000


def shadow_cost(games: list[str], runs: int, out: list[str]) -> None:
    out.append(
        f"Shadow check: one {GAMES:,}-game x 10-point sweep each way, {runs} runs, "
        "alternating; CPU seconds of this process, median (min-max)"
    )
    out.append(
        f"{'game':16} {'with check':>22} {'without':>22} {'check alone':>22} "
        f"{'share':>7}  goal <= {GOAL:.0%}"
    )
    module = importlib.import_module("workbench.sim.sweep")
    real = paths.shadow_check
    spent: list[float] = []

    def timed_check(played):
        start = time.process_time()
        real(played)
        spent.append(time.process_time() - start)

    module.shadow_check = timed_check
    try:
        for game in games:
            key, values = sweep_key(game)
            setup = SETUPS.get(game, {})
            with_check, without, alone = [], [], []
            _sweep(game, key, values, setup, True)  # compiled code loaded, cards read
            for i in range(runs):
                for shadow in (True, False) if i % 2 == 0 else (False, True):
                    spent.clear()
                    took = _sweep(game, key, values, setup, shadow)
                    (with_check if shadow else without).append(took)
                    if shadow:
                        alone.append(spent[0])
            share = statistics.median(a / w for a, w in zip(alone, with_check, strict=True))
            verdict = "met" if share <= GOAL else "MISSED"
            out.append(
                f"{game:16} {summary(with_check, ' s', digits=2):>22} "
                f"{summary(without, ' s', digits=2):>22} "
                f"{summary(alone, ' s', digits=3):>22} {share:>7.2%}  {verdict}"
            )
            print(out[-1], flush=True)
    finally:
        module.shadow_check = real


def _sweep(game: str, key: str, values: list, setup: dict, shadow: bool) -> float:
    """The CPU seconds of one sweep, which the kernel must play throughout."""
    start = time.process_time()
    frame = wb.sweep(
        game, {key: values}, GAMES, seed=0, progress=False, confirm=True, shadow=shadow, **setup
    )
    took = time.process_time() - start
    assert set(frame["played_by"]) == {"kernel"}, frame["played_by"].to_list()
    return took


STALLED = {"params.piece_denial_cost.value": list(range(1, 11))}


def stalled(runs: int, out: list[str]) -> None:
    out.append("")
    out.append(
        f"Correction, piece denial cost 1 to 10 (every game at 1 stalls), {GAMES:,} games "
        f"a point, tension columns on; {runs} runs, median (min-max)"
    )
    wall, cpu = [], []
    for _ in range(runs):
        start, clock = time.perf_counter(), time.process_time()
        frame = wb.sweep("correction", STALLED, GAMES, seed=0, progress=False, confirm=True)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - clock)
        assert set(frame["played_by"]) == {"kernel"} and frame["timeout_rate"][0] == 1.0
    out.append(
        f"wall {summary(wall, ' s', digits=2)}, CPU {summary(cpu, ' s', digits=2)}; "
        "every point played by the kernel"
    )
    print(out[-1], flush=True)


CHILD = """\
import time
import workbench as wb
vary = {{{key!r}: {values!r}}}
start = time.process_time()
frame = wb.sweep({game!r}, vary, {games!r}, seed=0, progress=False, confirm=True, **{setup!r})
cpu = time.process_time() - start
paths = sorted(set(frame["played_by"])) if "played_by" in frame.columns else None
answer = {{"cpu": cpu, "paths": paths}}
"""


def against(games: list[str], runs: int, other: Path, out: list[str]) -> None:
    out.append("")
    out.append(
        f"A first sweep in a fresh process, this checkout ({_commit(HERE)}) against "
        f"{other} ({_commit(other)}): one "
        f"{GAMES:,}-game x 10-point sweep, {runs} runs each, alternating; CPU seconds "
        "of the sweep call, median (min-max)"
    )
    out.append(f"{'game':16} {'here':>22} {'other':>22} {'ratio':>7}  goal <= {1 + GOAL:.2f}")
    for game in games:
        key, values = sweep_key(game)
        code = CHILD.format(
            key=key, values=values, game=game, games=GAMES, setup=SETUPS.get(game, {})
        )
        here, there = [], []
        for i in range(runs):
            for checkout in (HERE, other) if i % 2 == 0 else (other, HERE):
                answer = run(checkout, code)
                if checkout == HERE:
                    assert answer["paths"] == ["kernel"], answer["paths"]
                    here.append(answer["cpu"])
                else:
                    there.append(answer["cpu"])
        ratio = statistics.median(here) / statistics.median(there)
        verdict = "met" if ratio <= 1 + GOAL else "MISSED"
        out.append(
            f"{game:16} {summary(here, ' s', digits=2):>22} "
            f"{summary(there, ' s', digits=2):>22} {ratio:>7.3f}  {verdict}"
        )
        print(out[-1], flush=True)


def _commit(checkout: Path) -> str:
    """The checkout's commit, and whether it has changes not committed."""

    def git(*args):
        return subprocess.run(
            ["git", "-C", str(checkout), *args], capture_output=True, text=True
        ).stdout.strip()

    changed = git("status", "--porcelain", "--", "workbench")
    return git("rev-parse", "--short", "HEAD") + (" with changes" if changed else "")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", type=Path, help="another checkout of the repository")
    args = parser.parse_args()
    if args.runs < 5:
        parser.error("--runs: at least 5, for a median of alternating runs")
    games = args.games or compiled_games()
    out: list[str] = []
    shadow_cost(games, args.runs, out)
    if "correction" in games:
        stalled(args.runs, out)
    if args.against is not None:
        against(games, args.runs, args.against.resolve(), out)
    record("Checks on the compiled kernels (benchmarks/kernel_checks.py)", out)


if __name__ == "__main__":
    main()
