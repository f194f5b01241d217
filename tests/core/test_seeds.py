"""Run seeds are the generator's own getrandbits(48) draws, however a run reads them."""

import random

import pytest

from workbench.core.seeds import Seeds, game_seeds


def _one_by_one(seed: int, n: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.getrandbits(48) for _ in range(n)]


@pytest.mark.parametrize("seed", [0, 7, 2**47 + 3])
def test_seeds_are_the_draws_one_by_one(seed):
    expected = _one_by_one(seed, 5000)
    assert game_seeds(seed, 5000) == expected
    seeds = Seeds(seed, 5000)
    # Forwards in chunks of every size around the one-call threshold, then backwards.
    at, pieces = 0, []
    for size in (1, 63, 64, 65, 1000, 3807):
        pieces += seeds[at : at + size]
        at += size
    assert pieces == expected
    assert seeds[4000:4100] == expected[4000:4100]
    assert seeds[10:20] == expected[10:20]
    assert seeds[-1] == expected[-1]
