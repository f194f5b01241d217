"""A Dask cluster on this machine, set up for sweeps.

Dask's defaults suit a cluster someone watches on its dashboard while it works: every worker
samples its running task's stack every 10 ms for the dashboard's profile, every Dask process
(scheduler, nanny, worker) checks its own event loop every 20 ms, and a nanny reads its
worker's memory every 100 ms.
Idle on a 2-core machine (`benchmarks/sweep.py --parts dask`), that came to 2.7-3.9% of a
core for a worker, 1.7-2.1% for its nanny and 1.6-2.6% for the scheduler: with two workers,
10-15% of one core taken from the games. A sweep's tasks are long and alike, and nobody
profiles them, so these settings sample nothing and look once a second: the same processes
then idled at 0.4-0.5%, 0.1-0.3% and 0.6-0.8%, and two workers played a sweep 1.81 times as
fast as one, against 1.72 times with Dask's defaults.
"""

from __future__ import annotations

DASK_SETTINGS = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.worker.memory.monitor-interval": "1s",
}


def local_cluster(workers: int | None = None, **kwargs):
    """A `distributed.LocalCluster` of `workers` processes (one per core by default) with one
    thread each, started with DASK_SETTINGS; pass it to `distributed.Client`, and the client
    to a sweep as its `executor`. Other keywords go to LocalCluster as they are.

    A cluster started elsewhere (the `dask worker` command, a cloud service) gets the same
    settings from a Dask configuration file or environment variables, e.g.
    DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED=False."""
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or workers < 1
    ):
        raise ValueError(
            f"local_cluster: workers must be a whole number of at least 1 (or None "
            f"for one per core), not {workers!r}"
        )
    try:
        import dask
        from distributed import LocalCluster
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError("local_cluster needs Dask: pip install 'workbench[dask]'") from exc

    from .executors import cores

    unknown = sorted(set(kwargs) - _cluster_options())
    if unknown:  # LocalCluster hands them to its workers, which would fail to start
        raise ValueError(
            f"local_cluster: {unknown[0]!r} is not an option of a Dask LocalCluster "
            "or of its workers"
        )
    options = {
        "n_workers": workers or cores(),
        "threads_per_worker": 1,
        "processes": True,
        # The dashboard needs bokeh, which workbench does not install.
        "dashboard_address": None,
    }
    options.update(kwargs)
    if options["processes"]:
        # Workers added later (cluster.scale) get their settings from this, not from the
        # block below, which is over by then.
        options.setdefault("config", DASK_SETTINGS)
    with dask.config.set(DASK_SETTINGS):
        return LocalCluster(**options)


def _cluster_options() -> set[str]:
    import inspect

    from distributed import LocalCluster, Nanny, Worker

    return {
        name
        for cls in (LocalCluster, Nanny, Worker)
        for name in inspect.signature(cls).parameters
        if name != "kwargs"
    }
