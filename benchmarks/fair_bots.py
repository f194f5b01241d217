"""Fair search against the heuristic and against its omniscient double, for every game with
hidden information, in one run:

1. strength: the game's search bot (Armies' rollout, the Location CCG's and Squad Combat's
   search, tree search for RPG Card Battle), which now searches what its seat could know,
   against the heuristic, and against the same search reading every hand
   ("<name>-omniscient"); each bot in each seat for half the games, through `simulate` on
   local worker processes; wins with 95% intervals (bot_duel.py);
2. speed: the time a decision takes, fair against omniscient at the same budget, on the same
   positions (taken from heuristic games), alternating position by position; median (min-max)
   of the per-position ratios, beside the machine's own figures (goal: at most 2 times).

Results go to benchmarks/RESULTS.md.

    .venv/bin/python benchmarks/fair_bots.py [--games N] [--positions P] [game ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import warnings

from bot_duel import duel  # benchmarks/bot_duel.py, beside this script
from checkouts import summary  # benchmarks/checkouts.py
from results import record  # benchmarks/results.py

import workbench as wb
from workbench.core import get_game
from workbench.core.bots import make_bot
from workbench.sim import wilson

SEARCH = {
    "armies": "rollout",
    "location_ccg": "search",
    "rpg_card_battle": "mcts",
    "squad_combat": "search",
}
GOAL = 2.0


def rate(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{wins / games:.0%} ({low:.0%}-{high:.0%}) of {games}"


def positions(game: str, count: int) -> list:
    """(state, seat) where a seat of a heuristic game decides among several options."""
    found = []
    seed = 0
    while len(found) < count:
        m = wb.play(game, seed=seed, bots="heuristic")
        step = 0
        while not m.over and len(found) < count:
            m.auto(max_steps=1)
            step += 1
            if m.to_move is not None and step % 7 == 0 and len(m.legal_actions()) > 2:
                found.append((m.state.clone(), m.to_move))  # the match plays on in place
        seed += 1
    return found


def speed(game: str, name: str, count: int) -> list[float]:
    g = get_game(game)
    fair, seen = make_bot(name, g), make_bot(f"{name}-omniscient", g)
    ratios = []
    for i, (state, seat) in enumerate(positions(game, count)):
        took = {}
        for label, bot in (
            (("fair", fair), ("seen", seen)) if i % 2 == 0 else (("seen", seen), ("fair", fair))
        ):
            start = time.process_time()
            bot(state, seat, state.legal_actions(), random.Random(i))
            took[label] = time.process_time() - start
        if took["seen"] > 0:
            ratios.append(took["fair"] / took["seen"])
    return ratios


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*")
    parser.add_argument(
        "--games", dest="per_side", type=int, default=40, help="games per side in each duel"
    )
    parser.add_argument("--positions", type=int, default=30)
    args = parser.parse_args()
    warnings.simplefilter("ignore", wb.KernelAside)  # search bots are the engine's, as said
    games = args.games or list(SEARCH)
    out = [
        f"Each duel {args.per_side} games a side; win rates of the first bot (95% interval); "
        f"speed over {args.positions} positions, median (min-max) of fair / omniscient "
        "CPU time per decision",
        f"{'game':16} {'search':8} {'fair vs heuristic':>22} {'fair vs omniscient':>22} "
        f"{'time, fair / omniscient':>24}  goal <= {GOAL:g}",
    ]
    for game in games:
        name = SEARCH[game]
        heur = duel(game, name, "heuristic", args.per_side, 500)
        seen = duel(game, name, f"{name}-omniscient", args.per_side, 700)
        ratios = speed(game, name, args.positions)
        verdict = "met" if statistics.median(ratios) <= GOAL else "MISSED"
        out.append(
            f"{game:16} {name:8} {rate(heur[0], heur[2]):>22} "
            f"{rate(seen[0], seen[2]):>22} {summary(ratios, 'x', digits=2):>24}  "
            f"{verdict}"
        )
        print(out[-1], flush=True)
    record("Fair search bots (benchmarks/fair_bots.py)", out)


if __name__ == "__main__":
    main()
