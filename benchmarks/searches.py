"""How long rebalance and hunt take in full mode, cold, against the budgets they state.

`python benchmarks/searches.py [games] [--only rebalance hunt]`. Each search runs once per
game in a fresh process, since a designer waits for a first answer: the wall seconds from
the process's start to the result, the games it played, and whether it kept to its budget.

- `wb.rebalance(game)` on the design made lopsided on purpose (SKEWS: one card far too
  strong), with its defaults (every whole-number stat, at most 3 changes); goal: about 10
  minutes on this machine, the budget a designer was promised.
- `wb.hunt(game)`, every side's deck list or loadout; its docstring states at most a few
  minutes of compiled games per deck, taken here as 5 minutes a deck.

No tool a designer could run beside these offers either search (Ludii lists exploit
detection as future work), so each figure is set against its own stated budget. Results go
to benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

from results import record

REBALANCE_GOAL = 600.0
HUNT_GOAL_PER_DECK = 300.0
# The one card made far too strong, as an outside check of rebalance would: (table, card,
# column, value).
SKEWS = {
    "squad_combat": ("cards", "Sap", "damage", 30),
    "correction": ("params", "spawn_tokens", "value", 3),
}

RUN = """\
import json, time
start = time.perf_counter()
import workbench as wb
from workbench.core import get_game
search, game, skew = {search!r}, {game!r}, {skew!r}
cards = get_game(game).load_cards()
if search == "rebalance":
    cards = cards.set(*skew)
    r = wb.rebalance(game, cards=cards, mode="full", progress=False)
    what, decks = r.message, 1
else:
    r = wb.hunt(game, mode="full", progress=False)
    what, decks = r.message, r.findings["deck"].n_unique() if r.findings.height else 0
print(json.dumps({{"wall": time.perf_counter() - start, "games": r.games, "what": what,
                  "decks": decks}}))
"""


def _run(search: str, game: str) -> dict:
    code = RUN.format(search=search, game=game, skew=SKEWS.get(game))
    done = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", code], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*", default=["squad_combat"])
    parser.add_argument("--only", nargs="*", default=["rebalance", "hunt"])
    args = parser.parse_args()
    out = [
        f"Full mode, cold in a fresh process, one run each; load average "
        f"{os.getloadavg()[0]:.1f} at the start",
        f"{'game':14} {'search':10} {'wall':>7} {'games':>9}  goal and what it found",
    ]
    for game in args.games:
        for search in args.only:
            if search == "rebalance" and game not in SKEWS:
                continue
            answer = _run(search, game)
            goal = (
                REBALANCE_GOAL
                if search == "rebalance"
                else (HUNT_GOAL_PER_DECK * max(1, answer["decks"]))
            )
            verdict = "met" if answer["wall"] <= goal * 1.1 else "MISSED"
            out.append(
                f"{game:14} {search:10} {answer['wall']:>5.0f} s {answer['games']:>9,}  "
                f"{verdict} (goal {goal:.0f} s): {answer['what']}"
            )
            print(out[-1], flush=True)
    record("Rebalance and hunt in full mode (benchmarks/searches.py)", out)


if __name__ == "__main__":
    main()
