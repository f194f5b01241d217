"""Squad Combat's speed: games and decisions per second through `simulate` with the random
and the heuristic bots, and the wall time of a 10-point x 2,000-game sweep (the aim is 5 s).

    .venv/bin/python benchmarks/squad_combat.py [games] [--runs N] [--sweep GAMES_PER_POINT]

The sweep varies Haymaker's damage over 10 values on the same seeds (see game_speed.py).
Results go to benchmarks/RESULTS.md.
"""

from __future__ import annotations

from game_speed import main

if __name__ == "__main__":
    main(
        "squad_combat",
        {"cards.Haymaker.damage": list(range(1, 11))},
        "Haymaker's damage",
        "Squad Combat's speed (benchmarks/squad_combat.py)",
    )
