"""The timers the benchmark scripts share."""

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


def _figure(value: float) -> str:
    # Three significant figures for small rates, so 0.7 games/s is not printed as 1.
    return f"{value:,.0f}" if value >= 100 else f"{value:.3g}"


def spread(values: list[float]) -> str:
    """Median (min-max), as the benchmark lines print it."""
    return f"{_figure(statistics.median(values))} ({_figure(min(values))}-{_figure(max(values))})"
