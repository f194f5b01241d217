"""Ctrl+C during a run: on every executor the run stops within seconds and returns the games it has
played, marked interrupted.
"""

from __future__ import annotations

import workbench as wb

from .cases import Silent, area_test, case, check, interrupted, spin_bot, supported


def _interrupted_sweep(executor):
    """Ctrl+C one second into a sweep whose bot hangs: the games played so far come back."""
    out = interrupted(
        lambda: wb.sweep(
            "correction",
            {"rules.cor.draw_after": [60]},
            500,
            bots=spin_bot,
            executor=executor,
            progress=False,
            **supported(wb.sweep, bot_time_limit=600),
        )
    )
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

    with (
        LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        _interrupted_sweep(client)


@case("interrupts")
def ctrl_c_in_the_what_if_view(tmp):
    from workbench.widgets.whatif_logic import WhatIfSession

    session = WhatIfSession("correction", bots=spin_bot, executor="serial")
    key = session.stats()[0]
    now = session.current(key)
    out = interrupted(lambda: session.run(key, [now, now + 1, now + 2], 500))
    check(session.stopped and not session.running, "an interrupted run says it stopped", Silent)
    check(out.height <= 1, f"the run went on past Ctrl+C ({out.height} points)", Silent)


@case("interrupts")
def ctrl_c_in_sensitivity(tmp):
    out = interrupted(
        lambda: wb.sensitivity(
            "correction",
            wb.load_cards("correction").tables[0],
            400,
            bots=spin_bot,
            executor="serial",
            progress=False,
        )
    )
    check("interrupted" in out["status"].to_list(), "interrupted rows are not marked", Silent)


test_bad_input = area_test(__name__)
