"""The Location CCG's speed: games and decisions per second through `simulate` with the random
and the heuristic bots, and the wall time of a 10-point x 2,000-game sweep (the aim is 5 s).

    .venv/bin/python benchmarks/location_ccg.py [games] [--runs N] [--sweep GAMES_PER_POINT]

The sweep varies the Fixer's Atk from 0 to 9 on the same seeds (see game_speed.py).
Results go to benchmarks/RESULTS.md.

Measured 2026-11-23 (200 games, 3 runs, the 2-core machine with other work on it): random bots
153 games/s wall, 153 games/s and 35,400 decisions/s CPU (231 decisions a game); heuristic bots
90 games/s wall, 132 games/s and 32,600 decisions/s CPU (247 decisions a game). The 10 x 2,000
sweep took 191 s in one process and 83 s on local processes: 17 times the 5 s aim, since the
Python rules engine spends about 30 us a decision and a game takes about 240 of them.
"""

from __future__ import annotations

from game_speed import main

if __name__ == "__main__":
    main(
        "location_ccg",
        {"cards.Fixer.atk": list(range(10))},
        "the Fixer's Atk",
        "The Location CCG's speed (benchmarks/location_ccg.py)",
    )
