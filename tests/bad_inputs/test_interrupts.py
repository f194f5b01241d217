"""Ctrl+C during a run: on every executor the run stops within seconds and returns the games it has
played, marked interrupted.
"""

from __future__ import annotations

import _thread
import threading

import workbench as wb

from .cases import Lost, Silent, area_test, case, check, spin_bot, supported


def _interrupted_sweep(executor):
    """Ctrl+C one second into a sweep whose bot hangs: the games played so far come back."""
    import signal

    # Ctrl+C as a notebook sends it, even where this process was started with SIGINT ignored
    # (a background job), where interrupt_main would do nothing.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(1.0, _thread.interrupt_main)
    timer.start()
    try:
        out = wb.sweep("correction", {"rules.cor.draw_after": [60]}, 500, bots=spin_bot,
                       executor=executor, progress=False,
                       **supported(wb.sweep, bot_time_limit=600))
    except KeyboardInterrupt as exc:
        raise Lost("Ctrl+C lost every game played") from exc
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    check(out["status"][0] == "interrupted", "an interrupted sweep says it is done", Silent)


@case("interrupts")
def ctrl_c_serial(tmp):
    _interrupted_sweep("serial")


@case("interrupts")
def ctrl_c_threads(tmp):
    from concurrent.futures import ThreadPoolExecutor

    pool = ThreadPoolExecutor(2)
    try:
        _interrupted_sweep(pool)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


@case("interrupts")
def ctrl_c_processes(tmp):
    _interrupted_sweep("processes")


@case("interrupts")
def ctrl_c_dask(tmp):
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        _interrupted_sweep(client)


test_bad_input = area_test(__name__)
