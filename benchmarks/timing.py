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


def spread(values: list[float]) -> str:
    """Median (min-max), as the benchmark lines print it."""
    return f"{statistics.median(values):,.0f} ({min(values):,.0f}-{max(values):,.0f})"


def simulate_rates(game: str, n: int, bots: str, runs: int = 5) -> None:
    """Print games and decisions per second of `n` games through `simulate` in one process,
    median (min-max) of `runs` runs, after a warm-up that loads the cards and catalog."""
    import workbench as wb

    cards = wb.load_cards(game)
    wb.simulate(game, 5, seed=0, cards=cards, bots=bots)
    games, decisions = [], []
    for _ in range(runs):
        t = time.perf_counter()
        frame = wb.simulate(game, n, seed=0, cards=cards, bots=bots)
        elapsed = time.perf_counter() - t
        games.append(n / elapsed)
        decisions.append(int(frame["length"].sum()) / elapsed)
    print(f"simulate, {bots:<9} bots, {n} games, one process: {spread(games)} games/s, "
          f"{spread(decisions)} decisions/s ({frame['length'].mean():.0f} decisions a game)",
          flush=True)
