"""The Location CCG's speed: games and decisions per second through `simulate` with the random
and the heuristic bots, and the wall time of a 10-point x 2,000-game sweep (the aim is 5 s).

    .venv/bin/python benchmarks/location_ccg.py [games] [--runs N] [--sweep GAMES_PER_POINT]

The sweep varies the Fixer's Atk from 0 to 9 on the same seeds (see game_speed.py).
"""

from __future__ import annotations

from game_speed import main

if __name__ == "__main__":
    main("location_ccg", {"cards.Fixer.atk": list(range(10))}, "the Fixer's Atk")
