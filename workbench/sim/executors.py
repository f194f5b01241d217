"""Running batches of games on local processes, any concurrent.futures executor, or Dask.

Every game is a function of its seed, so the rows are the same whichever executor plays them;
results are put back in seed order before they are returned.
"""

from __future__ import annotations

import os
from concurrent.futures import Executor
from concurrent.futures import as_completed as futures_completed

import numpy as np

CHUNK = 250  # games per task: large enough to hide task overhead, small enough to show progress
MAX_CHUNK = 10_000
TASKS_PER_RUN = 16


def task_size(games: int, total: int) -> int:
    """Games per task for a job of `games` games in a run of `total`, on worker processes.

    With a compiled game a chunk of 250 plays in milliseconds, and sending tasks and results
    would cost more than a second worker gains. So a long run goes in about 16 tasks (at most
    10,000 games each), each job split into equal parts: a short last part would leave one
    worker idle at the end. Always a multiple of CHUNK."""
    if games <= CHUNK:
        return CHUNK
    target = max(CHUNK, min(MAX_CHUNK, total // TASKS_PER_RUN))
    parts = _ceil(games, target)
    return _ceil(_ceil(games, parts), CHUNK) * CHUNK


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


def _play(batch, seeds):
    return batch.run(seeds.tolist() if hasattr(seeds, "tolist") else seeds)


def _is_dask(executor) -> bool:
    return type(executor).__module__.startswith("distributed")


def _tasks(jobs, chunk):
    """(key, start, batch, seeds) per task; `chunk` is a size, or a function of a job's size."""
    for key, batch, seeds in jobs:
        size = chunk(len(seeds)) if callable(chunk) else chunk
        for start in range(0, len(seeds), size):
            yield key, start, batch, seeds[start:start + size]


def run_batches(jobs, executor="processes", *, progress=False, chunk=None, on_result=None):
    """Play `jobs`, a list of (key, Batch, seeds); returns ({key: frame of rows in seed order},
    complete).

    `on_result(key, rows)` is called with the unbroken run of rows a key has so far, in seed
    order, each time it grows; returning True stops that key (its other chunks are cancelled).
    Ctrl+C (or the notebook's interrupt) cancels what has not run yet and returns what has,
    with complete=False.
    """
    if chunk is None:
        run_games = sum(len(seeds) for _, _, seeds in jobs)
        # A run that may stop early (on_result) keeps small tasks, so it plays few games
        # past its stopping point.
        if executor == "serial" or on_result is not None:
            chunk = CHUNK
        else:
            def chunk(games):
                return task_size(games, run_games)
    tasks = list(_tasks(jobs, chunk))
    total = sum(len(t[3]) for t in tasks)
    pieces: dict = {key: {} for key, _, _ in jobs}
    bar = _bar(total) if progress else None
    stopped: set = set()
    complete = True

    def arrived(key, start, rows) -> bool:
        pieces[key][start] = rows
        if bar is not None:
            bar.update(len(rows))
        if on_result is None or key in stopped:
            return False
        if on_result(key, _prefix(pieces[key])):
            stopped.add(key)
            return True
        return False

    futures: dict = {}
    try:
        if executor == "serial":
            for key, start, batch, seeds in tasks:
                if key not in stopped:
                    arrived(key, start, _play(batch, seeds))
        else:
            if executor in ("processes", None):
                executor = local_processes()
            if _is_dask(executor):
                from distributed import as_completed

                def completed(fs):
                    # Results come with their futures, gathered in batches, instead of one
                    # round trip to a worker per task.
                    return as_completed(fs, with_results=True)

                # Each task carries its configuration (a few tens of KB; tasks are few and
                # large) rather than depending on a scattered copy: tasks without
                # dependencies are queued and handed to whichever worker is free, where a
                # dependency present on every worker let the scheduler load one worker with
                # most of them. Seeds go as an array: Dask would look inside a list, item by
                # item, for futures to resolve.
                futures = {executor.submit(_play, b, np.asarray(s, np.int64),
                                           pure=False): (k, st)
                           for k, st, b, s in tasks}
            elif isinstance(executor, Executor):
                def completed(fs):
                    return ((f, None) for f in futures_completed(fs))

                futures = {executor.submit(_play, b, s): (k, st) for k, st, b, s in tasks}
            else:
                raise TypeError("executor must be 'processes', 'serial', a concurrent.futures "
                                f"Executor or a dask.distributed Client, not {executor!r}")
            for fut, result in completed(list(futures)):
                if fut.cancelled():
                    continue
                key, start = futures[fut]
                if arrived(key, start, fut.result() if result is None else result):
                    for other, (k2, _) in futures.items():
                        if k2 == key and not other.done():
                            other.cancel()
    except KeyboardInterrupt:
        complete = False
        for fut in futures:
            fut.cancel()
    finally:
        if bar is not None:
            bar.close()
    return {key: _prefix(parts) for key, parts in pieces.items()}, complete


def local_processes():
    """One worker process per core, kept between runs so a re-run starts at once.

    Workers are started fresh rather than forked: polars' thread pool does not survive a fork
    (a forked worker can hang on its first frame), and fresh workers receive bots defined in
    a notebook cell by value, through cloudpickle. Idle workers exit after five minutes.
    """
    from loky import get_reusable_executor

    return get_reusable_executor(max_workers=os.cpu_count() or 1, timeout=300)


def _prefix(parts: dict):
    """The rows (one frame) of the unbroken run of chunks from the first seed on.

    Chunks can finish out of order; keeping only the prefix means a run cut short (stopped or
    interrupted) holds the first k seeds, exactly as a single process would have."""
    import polars as pl

    from .simulate import frame

    frames, start = [], 0
    while start in parts:
        frames.append(parts[start])
        start += len(parts[start])
    if not frames:
        return frame([])
    # Relaxed: a chunk may infer a narrower type (a list column with only empty lists).
    return pl.concat(frames, how="diagonal_relaxed") if len(frames) > 1 else frames[0]


def _bar(total: int):
    from tqdm.auto import tqdm

    return tqdm(total=total, unit="game", smoothing=0.1)
