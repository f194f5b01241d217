"""Interval estimates for rates."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion: well behaved near 0 and 1 and for small n,
    where the plain normal interval is too narrow."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def half_width(successes: float, n: int) -> float:
    low, high = wilson(successes, n)
    return (high - low) / 2
