"""Estimated microseconds for the arithmetic of :class:`~workbench.dice.dist.Dist`: the dice
engine charges them against its time budget before doing the work, and ``+`` weighs them to
choose between a dense convolution and a loop over pairs of outcomes.

The module loads on the first sum of two uncertain distributions or the first estimate, so that
the game engine's import of the distribution type stays small.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from . import _poly

if TYPE_CHECKING:
    from .dist import Dist

__all__ = ["add_cost", "mul_cost", "repeat_cost", "sparse_add_cost", "sparse_sum_cost"]

# A sparse pair loop costs about this much per pair of outcomes, plus about this much per
# distinct result (dict growth, sorting, new big ints).
_PAIR_US = 0.3
_RESULT_US = 3.0


def sparse_add_cost(na: int, nb: int, result_bound: int | None = None) -> float:
    """Estimated microseconds for combining every outcome pair of two sparse supports."""
    pairs = na * nb
    results = pairs if result_bound is None else min(pairs, result_bound)
    return _PAIR_US * pairs + _RESULT_US * results


def sparse_sum_cost(a: Dist, b: Dist) -> float:
    """Estimated microseconds for adding two distributions pair by pair. With weights of
    thousands of digits (hundreds of exploding dice) each pair is a big multiplication, and
    that, not the pair count, is what the time goes on."""
    cost = sparse_add_cost(len(a), len(b), a.span + b.span - 1)
    bits_a, bits_b = a._total.bit_length(), b._total.bit_length()
    if max(bits_a, bits_b) > 256:
        cost += len(a) * len(b) * _poly.mul_us(bits_a, bits_b)
    return cost


def add_cost(a: Dist, b: Dist) -> float:
    """Estimated microseconds for ``a + b``."""
    if len(a) == 1 or len(b) == 1:
        return 0.05 * (len(a) + len(b))
    bits = (a._total * b._total).bit_length()
    return min(
        _poly.convolve_cost(a.span, b.span, bits),
        sparse_sum_cost(a, b),
    )


def mul_cost(a: Dist, b: Dist) -> float:
    """Estimated microseconds for ``a * b`` (outcome products)."""
    if len(a) == 1 or len(b) == 1:
        return 0.2 * (len(a) + len(b))
    corners = [
        x * y
        for x in (a.min_outcome(), a.max_outcome())
        for y in (b.min_outcome(), b.max_outcome())
    ]
    return sparse_add_cost(len(a), len(b), max(corners) - min(corners) + 1)


def repeat_cost(a: Dist, n: int) -> float:
    """Estimated microseconds for ``a.repeat(n)``; ``a`` has sorted integer outcomes."""
    if n <= 1 or len(a) == 1:
        return 1.0
    if a.span * n <= 512:
        return 0.5 * a.span * n
    if a.span <= 4 * len(a) + 64:
        return _poly.power_cost(a._dense()[1], n)[1]

    # Sparse repeated squaring, dominated by the last squaring. A sum of m copies of an
    # s-outcome die has at most C(m+s-1, s-1) distinct values (multisets of faces).
    def support(m: int) -> int:
        return min(math.comb(m + len(a) - 1, len(a) - 1), (a.span - 1) * m + 1)

    half = support(max(1, n // 2))
    return sparse_add_cost(half, half, support(n)) * 2
