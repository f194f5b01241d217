"""The one place that imports icepool.

icepool 2.1.3 is pinned because its API moves between minor versions; keeping every call here
means an upgrade touches one file. It is imported lazily so ``import workbench.dice`` stays fast.
"""

from __future__ import annotations

from collections.abc import Sequence

from .dist import COMPARISONS, Dist

__all__ = ["to_icepool", "from_icepool", "kept_count"]


def _icepool():
    import icepool

    return icepool


def to_icepool(dist: Dist):
    """An ``icepool.Die`` with the same outcomes and weights."""
    return _icepool().Die(dict(dist.items()))


def from_icepool(die) -> Dist:
    """A :class:`Dist` from an ``icepool.Die`` with integer (or bool) outcomes."""
    return Dist({int(o): int(w) for o, w in die.items()})


def kept_count(
    groups: Sequence[tuple[Dist, int]], k: int, highest: bool, op: str, threshold: int
) -> Dist:
    """Number of the ``k`` kept dice whose face satisfies ``op threshold``."""
    icepool = _icepool()
    dice = []
    for dist, n in groups:
        dice.extend([to_icepool(dist)] * n)
    pool = icepool.Pool(dice)
    kept = pool.highest(k) if highest else pool.lowest(k)
    test = COMPARISONS[op]
    return from_icepool(kept.keep_outcomes(lambda o: test(o, threshold)).size())
