"""How long a balance report takes, cold, for every compiled game.

`python benchmarks/balance.py [games] [--runs 3]`. Each run is a fresh process that imports
workbench and calls `wb.balance(game, skill=False, restricted=False)` (precision 0.02, full
mode; the bot ladder and restricted play have budgets of their own): the wall
time from the process's start to the report, which is what a designer waits for on a first
answer. Beside it, alternating, the same figures the way they are got without the report:
`simulate` at a fixed 4,000 games per seat order for the heuristic bots and 2,000 for the
random ones (the report's most), then the same seat and side counts. No peer computes such a
report offline: Ludii's metrics need Java and its game files, which the package registries do
not hold. Goal: at most 60 s for every compiled game. Results go to benchmarks/RESULTS.md.

`--parts` times a whole report in full mode instead (skill ladder and restricted play too),
one fresh process per game, each part's seconds and games as the report's `parts` frame
records them; goal: about 10 minutes a seed design.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

from results import record
from timing import spread

from workbench.sim.kernels import compiled_games

GOAL = 60.0
WHOLE_GOAL = 600.0

WHOLE = """\
import json, time
start = time.perf_counter()
import workbench as wb
r = wb.balance({game!r}, progress=False, **({setup!r}))
print(json.dumps({{"wall": time.perf_counter() - start, "parts": r.parts.to_dicts()}}))
"""
SETUPS = {"coop": {"players": 3}}

REPORT = """\
import json, time
start = time.perf_counter()
import workbench as wb
r = wb.balance({game!r}, skill=False, restricted=False, progress=False)
print(json.dumps({{"wall": time.perf_counter() - start, "games": int(r.parts["games"].sum()),
                  "paths": sorted(set(r.parts["played by"]))}}))
"""

FIXED = """\
import json, time
start = time.perf_counter()
import workbench as wb
from workbench.core import get_game
g = get_game({game!r})
setup = g.check_setup({{}})
sides = g.traits.sides
orders = [None] if not sides else [list(setup[sides]), list(reversed(setup[sides]))]
games = 0
for bots, n in (("heuristic" if g.heuristic_bot() else "random", 4000), ("random", 2000)):
    for order in orders:
        frame = wb.simulate({game!r}, n, seed=0, bots=bots, progress=False,
                            **({{sides: order}} if order else {{}}))
        games += frame.height
        counts = frame.group_by("winner").len()
print(json.dumps({{"wall": time.perf_counter() - start, "games": games, "paths": []}}))
"""


def _run(code: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", code], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.splitlines()[-1])


def whole(games: list[str]) -> None:
    head = (
        f"A whole balance report in full mode (seats, skill ladder, restricted play), cold "
        f"in a fresh process, one run per game; wall seconds and each part's; goal about "
        f"{WHOLE_GOAL:.0f} s a design; load average {os.getloadavg()[0]:.1f} at the start"
    )
    out = [head, f"{'game':16} {'whole':>8}  parts (seconds, games, played by)"]
    for k, game in enumerate(games):
        answer = _run(WHOLE.format(game=game, setup=SETUPS.get(game, {})))
        parts = "; ".join(
            f"{p['part']} {p['seconds']:.0f} s, {p['games']:,} games, {p['played by']}"
            for p in answer["parts"]
        )
        verdict = "met" if answer["wall"] <= WHOLE_GOAL * 1.1 else "MISSED"
        out.append(f"{game:16} {answer['wall']:>6.0f} s  {verdict}: {parts}")
        print(out[-1], flush=True)
        # Written after each game: a run stopped part way keeps what it measured.
        left = games[k + 1 :]
        record(
            "Whole balance reports (benchmarks/balance.py --parts)",
            out + [f"not run yet: {', '.join(left)}"] * bool(left),
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--parts", action="store_true")
    args = parser.parse_args()
    games = args.games or compiled_games()
    if args.parts:
        whole(games)
        return
    head = (
        f"A balance report (seats, outcomes, length) at precision 0.02, cold in a fresh "
        f"process, against the same figures from simulate at the report's most games; "
        f"{args.runs} alternating runs, wall seconds, median (min-max); goal <= {GOAL:.0f} s"
    )
    columns = (
        f"{'game':16} {'report':>20} {'games':>7} {'fixed simulate':>20} {'games':>7} "
        f"{'ratio':>6}  goal"
    )
    out = [head, columns]
    for game in games:
        report, fixed, played, paths = [], [], 0, set()
        for i in range(args.runs):
            for which in ("report", "fixed") if i % 2 == 0 else ("fixed", "report"):
                code = (REPORT if which == "report" else FIXED).format(game=game)
                answer = _run(code)
                if which == "report":
                    report.append(answer["wall"])
                    played = answer["games"]
                    paths |= set(answer["paths"])
                else:
                    fixed.append(answer["wall"])
                    fixed_games = answer["games"]
        ratio = statistics.median(report) / statistics.median(fixed)
        verdict = "met" if max(report) <= GOAL else "MISSED"
        out.append(
            f"{game:16} {spread(report) + ' s':>20} {played:>7,} "
            f"{spread(fixed) + ' s':>20} {fixed_games:>7,} {ratio:>6.2f}  {verdict}"
            + ("" if paths <= {"kernel"} else f" (played by: {', '.join(sorted(paths))})")
        )
        print(out[-1], flush=True)
    record("Balance reports (benchmarks/balance.py)", out)


if __name__ == "__main__":
    main()
