"""Seeds: one number replays a whole game, and one number a whole simulation.

A match draws chance results from `random.Random(seed)` and bot choices from a second
generator seeded with `bot_seed(seed)`, so that a bot thinking longer never shifts the dice;
a simulation of n games plays `game_seeds(seed, n)`, so game i of a simulation is
`play(game, seed=game_seeds(seed, n)[i])` played again.
"""

from __future__ import annotations

import operator
import random
import secrets
import sys
import warnings

from .errors import SetupError


class SeedNotice(UserWarning):
    """A run asked for a fresh seed (seed=None): says which one it drew, to replay it."""


def bot_seed(seed: int) -> int:
    """The seed of a match's bot generator."""
    return seed ^ 0x5EED


def check_seed(seed, where: str = "seed") -> int:
    """A seed as a whole number. None draws a fresh one, reported as a SeedNotice so the run
    can be replayed; booleans, floats and text are refused (they would seed *something*,
    silently unlike what was meant)."""
    if seed is None:
        fresh = secrets.randbits(48)
        warnings.warn(
            SeedNotice(
                f"{where}=None: drew the fresh seed {fresh}; pass "
                f"{where}={fresh} to get the same result again"
            ),
            stacklevel=3,
        )
        return fresh
    if isinstance(seed, bool):
        raise SetupError(f"{where}: give a whole number such as 0 or 12345, not {seed!r}")
    try:
        seed = operator.index(seed)  # ints, and numpy's integer types
    except TypeError:
        raise SetupError(
            f"{where}: give a whole number such as 0 or 12345 (or None for a "
            f"fresh one), not {type(seed).__name__} {_short(seed)}"
        ) from None
    if seed < 0:  # Python's generator seeds with the absolute value: -5 would replay 5
        raise SetupError(
            f"{where}: give a whole number 0 or more, not {seed}; {-seed} is another seed"
        )
    return seed


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def game_seeds(seed: int, n: int) -> list[int]:
    """Per-game seeds derived from one seed; `play(game, seed=s)` replays game s exactly."""
    return Seeds(seed, n)[:]


def _draws(rng: random.Random, n: int) -> list[int]:
    """[rng.getrandbits(48) for _ in range(n)], from one call: getrandbits(48) takes two 32-bit
    words, the first as the low word and the top 16 bits of the second as the high bits, and
    randbytes(8 * n) is the same 2n words in the same order, little-endian. A sweep's client
    would otherwise spend a tenth of a second per 200,000 games on the loop."""
    if n < 64 or sys.byteorder != "little":
        return [rng.getrandbits(48) for _ in range(n)]
    import numpy as np

    words = np.frombuffer(rng.randbytes(8 * n), dtype="<u4").astype(np.uint64)
    return ((words[1::2] >> np.uint64(16)) << np.uint64(32) | words[::2]).tolist()


class Seeds:
    """`game_seeds(seed, n)` made on demand: a long run never holds all its seeds at once.

    Slices are read in order by the runners; the generator's place after the last slice is
    kept, so reading a run chunk by chunk costs the same as making the list once."""

    __slots__ = ("seed", "n", "_at", "_state")

    def __init__(self, seed: int, n: int):
        self.seed, self.n = seed, n
        self._at, self._state = 0, random.Random(seed).getstate()

    def __len__(self) -> int:
        return self.n

    def __iter__(self):
        for start in range(0, self.n, 4096):
            yield from self[start : start + 4096]

    def __getitem__(self, index):
        if isinstance(index, slice):
            start, stop, step = index.indices(self.n)
            if step != 1:
                return self[start:stop][::step] if start < stop else []
            if stop <= start:
                return []
            rng = random.Random()
            if start >= self._at:
                rng.setstate(self._state)
                skip = start - self._at
            else:
                rng.seed(self.seed)
                skip = start
            if skip:
                rng.randbytes(8 * skip)  # the very words `skip` getrandbits(48) draw
            out = _draws(rng, stop - start)
            self._at, self._state = stop, rng.getstate()
            return out
        i = operator.index(index)
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError(f"game {index} of a run of {self.n}")
        return self[i : i + 1][0]

    def __repr__(self) -> str:
        return f"Seeds(seed={self.seed}, n={self.n})"

    def __reduce__(self):
        return (Seeds, (self.seed, self.n))
