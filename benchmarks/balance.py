"""How long a balance report takes, cold, for every compiled game.

`python benchmarks/balance.py [games] [--runs 3]`. Each run is a fresh process that imports
workbench and calls `wb.balance(game, skill=False)` (precision 0.02, full mode; the bot ladder has its own budget): the wall
time from the process's start to the report, which is what a designer waits for on a first
answer. Beside it, alternating, the same figures the way they are got without the report:
`simulate` at a fixed 4,000 games per seat order for the heuristic bots and 2,000 for the
random ones (the report's most), then the same seat and side counts. No peer computes such a
report offline: Ludii's metrics need Java and its game files, which the package registries do
not hold. Goal: at most 60 s for every compiled game. Results go to benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

from results import record
from timing import spread

from workbench.sim.kernels import compiled_games

GOAL = 60.0

REPORT = """\
import json, time
start = time.perf_counter()
import workbench as wb
r = wb.balance({game!r}, skill=False, progress=False)
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
    done = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    games = args.games or compiled_games()
    head = (f"A balance report (seats, outcomes, length) at precision 0.02, cold in a fresh "
            f"process, against the same figures from simulate at the report's most games; "
            f"{args.runs} alternating runs, wall seconds, median (min-max); goal <= {GOAL:.0f} s")
    columns = (f"{'game':16} {'report':>20} {'games':>7} {'fixed simulate':>20} {'games':>7} "
               f"{'ratio':>6}  goal")
    out = [head, columns]
    for game in games:
        report, fixed, played, paths = [], [], 0, set()
        for i in range(args.runs):
            for which in (("report", "fixed") if i % 2 == 0 else ("fixed", "report")):
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
        out.append(f"{game:16} {spread(report) + ' s':>20} {played:>7,} "
                   f"{spread(fixed) + ' s':>20} {fixed_games:>7,} {ratio:>6.2f}  {verdict}"
                   + ("" if paths <= {"kernel"} else f" (played by: {', '.join(sorted(paths))})"))
        print(out[-1], flush=True)
    record("Balance reports (benchmarks/balance.py)", out)


if __name__ == "__main__":
    main()
