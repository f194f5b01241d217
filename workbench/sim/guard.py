"""Arguments checked where they enter, and work sized before it starts.

`max_games` is how many games one call may play without `confirm=True`; above it the call is
refused with an estimate of its time, measured by playing a few of its games first, and so is
a shorter run estimated to take more than `max_hours`. `max_points` is how many points (sets
of cards, each built, played and summarised on its own, however few its games) a sweep may
set out; above it the call is refused at once. Change them for a session with
`workbench.sim.guard.max_games = ...` (or `max_points`, `max_hours`).
"""

from __future__ import annotations

import math
import operator
import time

from ..core.errors import SetupError

max_games = 1_000_000
max_points = 10_000  # at about 8 ms a point besides its games (coop), 80 seconds
max_hours = 1.0  # a run estimated to take longer asks first
NEVER_DAYS = 30  # a run estimated to take longer is refused, confirmed or not
PROBE_FROM = 20_000  # runs of this many games or more have their time estimated first
PROBE_GAMES = 16  # games played to estimate the time of a run


def whole(value, name: str, minimum: int = 0) -> int:
    """`value` as a whole number from `minimum`; booleans are not numbers here."""
    if isinstance(value, bool):
        raise SetupError(f"{name}: give a whole number from {minimum}, not {value!r}")
    try:
        value = operator.index(value)
    except TypeError:
        raise SetupError(
            f"{name}: give a whole number from {minimum}, not "
            f"{type(value).__name__} {_short(value)}"
        ) from None
    if value < minimum:
        raise SetupError(f"{name}: give a whole number from {minimum}, not {value}")
    return value


def flags(**values) -> None:
    """Each of `values` is True or False (or None where the name ends in "_or_none"): a 1, a
    "no" or a list is refused rather than read as yes or no."""
    for name, value in values.items():
        if name.endswith("_or_none"):
            if value is None:
                continue
            name = name.removesuffix("_or_none")
        if not isinstance(value, bool):
            raise SetupError(f"{name}: give True or False, not {_short(value)}")


def positive(value, name: str, *, allow_none: bool = False) -> float | None:
    """A finite number above 0 (seconds, budgets); None when `allow_none`."""
    if value is None and allow_none:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not (math.isfinite(value) and value > 0)
    ):
        extra = " (or None for no limit)" if allow_none else ""
        raise SetupError(f"{name}: give a finite number above 0{extra}, not {_short(value)}")
    return float(value)


def check_size(
    games: int, probe, *, confirm: bool, what: str, workers: int = 1, points: int = 1
) -> None:
    """Refuse a run of more than `max_points` points, more than `max_games` games, or more
    than `max_hours` of play unless confirmed, and one of more than `NEVER_DAYS` even then,
    saying how long it would take: `probe(k)` plays k of its games and the time is scaled up
    (for runs of PROBE_FROM games or more). Callers count games and points from the sizes
    they were given, before building or checking anything one by one."""
    if points > max_points and not confirm:
        raise SetupError(
            f"{what} would set out {points:,} points, more than the {max_points:,} a call "
            "sets out without asking (each point builds, plays and sums up its own cards, "
            "however few its games). Pass confirm=True to run it anyway, or vary fewer values."
        )
    if games < PROBE_FROM or (confirm and games <= max_games):
        return
    k = min(PROBE_GAMES, games)
    start = time.perf_counter()
    probe(k)
    per_game = (time.perf_counter() - start) / k
    estimate = per_game * games / max(1, workers)
    at = f"at {per_game * 1000:.2g} ms a game here that is about {_duration(estimate)}"
    if estimate > NEVER_DAYS * 86400:
        raise SetupError(
            f"{what} would play {games:,} games: {at}, longer than any run is "
            f"let go ({NEVER_DAYS} days), even confirmed. Ask for fewer games."
        )
    if confirm:
        return
    if games > max_games:
        raise SetupError(
            f"{what} would play {games:,} games, more than the {max_games:,} a call plays "
            f"without asking; {at}. Pass confirm=True to run it anyway, or ask for fewer games."
        )
    if estimate > max_hours * 3600:
        raise SetupError(
            f"{what} would play {games:,} games: {at}, more than the {max_hours:g} hour a call "
            "plays without asking. Pass confirm=True to run it anyway, or ask for fewer games."
        )


def _duration(seconds: float) -> str:
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= 2 * size:
            return f"{seconds / size:,.0f} {unit}"
    return f"{seconds:,.0f} seconds"


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
