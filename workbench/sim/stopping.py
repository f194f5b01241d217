"""Stopping games that will not stop by themselves.

Three things, all cheap while nothing is wrong:
- a per-decision time limit for bots: the playing thread marks when a bot starts deciding,
  and a watchdog thread (one per process, waking a few times a second) raises
  `DecisionTimeout` inside a bot that has run past its limit, so a hung bot becomes an error
  that names it instead of a run that never ends;
- cancelling a run's games in this process's worker threads (`cancel(run)`), which is how
  Ctrl+C stops a thread-pool run even while one of its games is stuck in a bot;
- `guard_parent(pid)`: a worker process ends itself once the process that started the run
  is gone, so killing a notebook's kernel does not leave its workers playing.

The exceptions derive from BaseException so that a bot's own `except Exception` cannot
swallow them.
"""

from __future__ import annotations

import ctypes
import os
import threading
import time

POLL = 0.1  # seconds between the watchdog's looks


class DecisionTimeout(BaseException):
    """Raised inside a bot that has decided for longer than its time limit."""


class RunCancelled(BaseException):
    """Raised inside a game of a run that was cancelled (Ctrl+C in the process that runs it)."""


class Clock:
    """The playing thread's side: when the current decision started, and whose it is."""

    __slots__ = ("fired", "limit", "run", "started", "thread", "who")

    def __init__(self, limit: float | None, run: str | None):
        self.started = 0.0
        self.limit = limit
        self.run = run
        self.thread = threading.get_ident()
        self.who = None  # (bot, seat, decision, seed) of the decision under way
        self.fired = None  # the `who` of a decision that ran out of time


_clocks: dict[int, Clock] = {}
_cancelled: set[str] = set()
_events: dict = {}
_lock = threading.Lock()
_watchdog: threading.Thread | None = None


def watch(limit: float | None, run: str | None = None) -> Clock:
    """Register the current thread's games; pair with `unwatch`."""
    clock = Clock(limit, run)
    with _lock:
        _clocks[clock.thread] = clock
    _start_watchdog()
    return clock


def unwatch(clock: Clock) -> None:
    with _lock:
        if _clocks.get(clock.thread) is clock:
            del _clocks[clock.thread]


def cancel(run: str) -> None:
    """Stop every game of `run` playing in this process's threads."""
    with _lock:
        _cancelled.add(run)


def stop_on(event, run: str) -> None:
    """Cancel `run` once `event` (a threading.Event, e.g. a view's stop button) is set."""
    with _lock:
        _events[run] = event
    _start_watchdog()


def stop_off(run: str) -> None:
    with _lock:
        _events.pop(run, None)


def cancelled(run: str | None) -> bool:
    return run is not None and run in _cancelled


def _start_watchdog() -> None:
    global _watchdog
    with _lock:
        if _watchdog is not None and _watchdog.is_alive():
            return
        _watchdog = threading.Thread(target=_patrol, name="workbench-watchdog", daemon=True)
        _watchdog.start()


def _patrol() -> None:
    while True:
        time.sleep(POLL)
        now = time.perf_counter()
        with _lock:
            _cancelled.update(run for run, event in _events.items() if event.is_set())
            clocks = list(_clocks.values())
            stop = set(_cancelled)
            # A cancelled run with no game left under way here is done with.
            _cancelled.intersection_update(c.run for c in clocks)
        for clock in clocks:
            if clock.run is not None and clock.run in stop:
                _raise_in(clock.thread, RunCancelled)
            elif (
                clock.limit is not None
                and clock.started
                and clock.fired is None
                and now - clock.started > clock.limit
            ):
                clock.fired = clock.who
                _raise_in(clock.thread, DecisionTimeout)


def _raise_in(thread: int, exc: type[BaseException]) -> None:
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), ctypes.py_object(exc))


_guarded: int | None = None


def guard_parent(pid: int | None) -> None:
    """In a worker process: exit as soon as process `pid` (the one that started the run) has
    gone. Checked twice a second by a daemon thread; started once per process."""
    global _guarded
    if pid is None or pid == os.getpid() or _guarded == pid:
        return
    _guarded = pid

    def patrol():
        while True:
            time.sleep(0.5)
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                os._exit(1)
            except OSError:
                pass  # exists, but not ours to signal: still alive

    threading.Thread(target=patrol, name="workbench-parent-guard", daemon=True).start()
