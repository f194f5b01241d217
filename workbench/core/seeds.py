"""Seeds: one number replays a whole game, and one number a whole simulation.

A match draws chance results from `random.Random(seed)` and bot choices from a second
generator seeded with `bot_seed(seed)`, so that a bot thinking longer never shifts the dice;
a simulation of n games plays `game_seeds(seed, n)`, so game i of a simulation is
`play(game, seed=game_seeds(seed, n)[i])` played again.
"""

from __future__ import annotations

import random


def bot_seed(seed: int) -> int:
    """The seed of a match's bot generator."""
    return seed ^ 0x5EED


def game_seeds(seed: int, n: int) -> list[int]:
    """Per-game seeds derived from one seed; `play(game, seed=s)` replays game s exactly."""
    rng = random.Random(seed)
    return [rng.getrandbits(48) for _ in range(n)]
