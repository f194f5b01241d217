"""The timer the benchmark scripts share."""

from __future__ import annotations

import statistics
import time


def timed(fn, repeats: int = 5) -> float:
    """Median wall time of `repeats` calls of fn(), in seconds."""
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)
