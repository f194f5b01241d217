"""Running batches of games on local processes, any concurrent.futures executor, or Dask.

Every game is a function of its seed, so the rows are the same whichever executor plays them;
results are put back in seed order before they are returned.
"""

from __future__ import annotations

import io
import os
import pickle
import time
from concurrent.futures import Executor

import numpy as np

CHUNK = 250  # games per task: large enough to hide task overhead, small enough to show progress
MAX_CHUNK = 20_000
TASKS_PER_RUN = 8


def task_size(games: int, total: int, per_game: float | None = None) -> int:
    """Games per task for a job of `games` games in a run of `total`, on worker processes.

    With a compiled game a chunk of 250 plays in milliseconds, and sending tasks and results
    would cost more than a second worker gains. So a long run goes in about 8 tasks (at most
    20,000 games each), each job split into equal parts: a short last part would leave one
    worker idle at the end; a multiple of CHUNK. Every task costs the client, a Dask
    scheduler and the worker a few milliseconds each, while the run's last tasks are cut
    smaller anyway (see _tasks). But a search bot can take a second a game,
    and 200 of its games in one task would leave every other worker idle: given `per_game`,
    the seconds a game took in this process, no task is planned to last much over
    TASK_SECONDS."""
    if games <= CHUNK:
        size = CHUNK
    else:
        target = max(CHUNK, min(MAX_CHUNK, total // TASKS_PER_RUN))
        size = _ceil(_ceil(games, _ceil(games, target)), CHUNK) * CHUNK
    if per_game and min(size, games) * per_game > TASK_SECONDS:
        quick = max(1, int(TASK_SECONDS / per_game))
        return _ceil(games, _ceil(games, quick))  # equal parts, as above
    return size


TASK_SECONDS = 0.5


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


def _play(batch, seeds, run=None, parent=None):
    return _played(batch, seeds, run, parent)[0]


def _played(batch, seeds, run=None, parent=None):
    """_play's rows, and whether compiled code played them (Batch.play)."""
    from .stopping import guard_parent

    guard_parent(parent)
    if callable(batch):
        batch = batch()
    return batch.play(seeds.tolist() if hasattr(seeds, "tolist") else seeds, run=run)


def _play_far(batch, seeds, run=None, parent=None):
    """_play in another process. The batch may come pickled already (by the client, once per
    point: a Dask scheduler then passes bytes on rather than unpickling and pickling every
    task's cards), and the rows go back packed."""
    if isinstance(batch, bytes):
        batch = pickle.loads(batch)
    return _pack(_play(batch, seeds, run, parent))


def _pack(rows):
    """A frame of rows as compressed Arrow IPC: game rows are small integers and a few
    repeated strings, a tenth of the size once compressed, and it is the receiving client's
    CPU (and a shared network's bytes) that a run of many tasks spends on them. The stream
    format: reading it back costs about half what the file format costs.

    Before packing, each integer column takes the narrowest type that holds its values, and
    text the codes of its distinct values (an Enum), and the client casts them back to the
    frame's own types (the schema goes along): decompressing is most of reading, and narrow
    columns leave a fraction of the bytes to decompress."""
    import polars as pl

    # IPC would keep a Python object's address, not the object (polars allows objects only
    # at the top level): such rows go as they are.
    if any(dtype == pl.Object for dtype in rows.schema.values()):
        return rows
    buf = io.BytesIO()
    _narrow(rows).write_ipc_stream(buf, compression="zstd")
    return Packed(buf.getvalue(), rows.schema)


def _narrow(rows):
    import polars as pl

    narrow = []
    for name, dtype in rows.schema.items():
        column = rows[name]
        if dtype.is_integer():
            narrow.append(column.shrink_dtype())
        elif dtype in (pl.String, pl.List(pl.String)):
            listed = dtype != pl.String
            codes = pl.Enum((column.explode() if listed else column).unique().drop_nulls().sort())
            narrow.append(column.cast(pl.List(codes) if listed else codes))
    return rows.with_columns(narrow) if narrow else rows


class Packed:
    """Rows packed by _pack (not a bytes subclass: Dask sends bytes as bytes, dropping the
    class), with the schema to give them back."""

    __slots__ = ("data", "schema")

    def __init__(self, data: bytes, schema):
        self.data = data
        self.schema = schema


def _unpack(rows):
    if isinstance(rows, Packed):
        import polars as pl

        return pl.read_ipc_stream(io.BytesIO(rows.data)).cast(rows.schema)
    return rows


def _is_dask(executor) -> bool:
    return type(executor).__module__.startswith("distributed")


def _tasks(jobs, chunk, stopped=(), played=None, workers: int = 1):
    """(key, start, batch, seeds) per task, made as they are needed; `chunk` is a size, or a
    function of a job's size. A job's batch may be a function that makes it (a sweep's grid
    builds each point's cards only when its games are sent). `played[key]` games of a job,
    from its first seed on, are already played and are skipped.

    With `workers` sharing the tasks, the run's last `workers` tasks' worth of games go in
    tasks a quarter the size: the last tasks end at different times (games differ in
    length, and a sweep's points more so), and a worker that is done waits idle for the
    others, for up to a whole task; a Dask sweep lost about a twentieth of its time so."""
    played = played or {}
    left = sum(len(seeds) - played.get(key, 0) for key, _, seeds in jobs)
    for key, batch, seeds in jobs:
        first = played.get(key, 0)
        size = chunk(len(seeds) - first) if callable(chunk) else chunk
        start = first
        while start < len(seeds) and key not in stopped:
            take = size if workers < 2 or left > workers * size else _ceil(size, 4)
            yield key, start, batch, seeds[start : start + take]
            left -= min(take, len(seeds) - start)
            start += take


def _serial_tasks(jobs, first: int = CHUNK, grow: int = 8):
    """Tasks for playing in this process: the first of `first` games, then each `grow` times
    the last while the last played in under SERIAL_STEP seconds (up to MAX_CHUNK), and a job's
    last few games joined to the task before them. A stop or Ctrl+C is noticed between tasks,
    yet a compiled game, which plays 250 games in milliseconds, is not cut into many calls
    and frames to join. The rows do not depend on the sizes."""
    size = first
    for key, batch, seeds in jobs:
        start = 0
        while start < len(seeds):
            began = time.perf_counter()
            rest = len(seeds) - start
            take = rest if rest <= min(2 * size, MAX_CHUNK) else size
            yield key, start, batch, seeds[start : start + take]
            start += take
            if time.perf_counter() - began < SERIAL_STEP:
                size = min(grow * size, MAX_CHUNK)


SERIAL_STEP = 0.25

# Seconds from asking for local worker processes to their first answer: each starts Python
# and imports the package, polars and the game (benchmarks/sweep.py prints the first run
# beside later ones). A run that would end sooner in this process than this plus its share
# of the work on the workers is played here.
START_WORKERS = 2.0


def _here_first(
    jobs, total: int, stop, arrived, run: str, starting: float
) -> tuple[dict, bool, float | None, bool]:
    """Play a run's first games in this process, and say whether the rest is worth local
    workers, `starting` being the seconds worker processes take to start (0 when they are
    running).

    Tasks start at one game and double while they are quick. The first pays this process's
    warm-up (cards, compiled kernels), and a task of under PROBE seconds is mostly overhead,
    so the estimate comes from the first later task that took PROBE or more: the rest goes
    to workers when it would take longer here than their start plus its share on them. A
    game its compiled code plays needs no worker processes: it goes on threads of this
    process, which start at once. Returns the games played per key (from its first seed
    on), whether to go on with workers, the seconds a game took in that estimate (None if
    there was none), and whether compiled code played every task here."""
    workers = cores()
    played: dict = {}
    done = 0
    per_game = None
    compiled = True
    for i, (key, start, batch, seeds) in enumerate(_serial_tasks(jobs, first=1, grow=2)):
        if stop is not None and stop.is_set():
            raise KeyboardInterrupt
        began = time.perf_counter()
        rows, fast = _played(batch, seeds, run)
        arrived(key, start, rows)
        took = time.perf_counter() - began
        compiled = compiled and fast
        played[key] = start + len(seeds)
        done += len(seeds)
        if i >= 1 and took >= PROBE:
            per_game = took / len(seeds)
            left = (total - done) * per_game
            wait = 0.0 if compiled else starting
            if workers > 1 and left > wait + left / workers:
                return played, True, per_game, compiled
    return played, False, per_game, compiled


PROBE = 0.02


# Seconds between looks at the futures of a run: Ctrl+C is noticed at the next look.
WAIT = 0.2


def run_batches(
    jobs, executor="processes", *, progress=False, chunk=None, on_result=None, stop=None
):
    """Play `jobs`, a list of (key, Batch, seeds); returns ({key: frame of rows in seed order},
    complete).

    "processes" plays a run's first games here, then the rest, if it is worth it, on local
    worker processes, or on threads of this process when the game's compiled code played
    those first games (see _here_first).

    `on_result(key, rows)` is called with the unbroken run of rows a key has so far, in seed
    order, each time it grows; returning True stops that key (its other chunks are cancelled).
    Ctrl+C (or the notebook's interrupt) returns the games played so far within about a
    second on every executor, with complete=False: tasks not started are cancelled, games
    under way in this process's threads are stopped, and local worker processes that are
    still busy are ended (they start again on the next run). Tasks are handed out a few at a
    time, so a long run never holds all its tasks or seeds at once. An error in a game (a
    bot's illegal move, or one out of time) cancels the rest and is raised. `stop`, a
    threading.Event set from another thread (a view's stop button), stops the run as Ctrl+C
    does.
    """
    import uuid

    from . import stopping

    jobs = list(jobs)
    sized = chunk is None  # sizes are ours to choose
    if chunk is None:
        chunk = _default_chunk(jobs, executor, on_result)
    total = sum(len(seeds) for _, _, seeds in jobs)
    arrived = _Arrivals(jobs, _bar(total) if progress else None, on_result)
    run = uuid.uuid4().hex
    tasks = _tasks(jobs, chunk, arrived.stopped)
    if stop is not None:
        stopping.stop_on(stop, run)
    complete = True
    futures: dict = {}
    ours = executor in ("processes", None)
    own_threads = None
    try:
        if executor == "serial":
            # A run that may stop early keeps equal tasks: where it stops must not depend on
            # how fast the machine is.
            _play_here(tasks if on_result else _serial_tasks(jobs), stop, arrived, run)
        else:
            executor, own_threads, tasks, go_on = _start(
                jobs, executor, tasks, chunk, sized, arrived, stop, run, total
            )
            submit, wait_some, window = _submitter(executor, go_on, run)
            _keep_submitting(tasks, futures, submit, wait_some, window, stop, arrived)
    except (KeyboardInterrupt, stopping.RunCancelled):
        complete = False
        _stop(futures, executor, run, ours)
    except BaseException:
        _stop(futures, executor, run, ours)
        raise
    finally:
        _end(own_threads, stop, run, arrived.bar)
    return {key: _prefix(parts) for key, parts in arrived.pieces.items()}, complete


def _default_chunk(jobs, executor, on_result):
    """The task size of a run that was given none: a number, or a function of a job's size."""
    run_games = sum(len(seeds) for _, _, seeds in jobs)
    # A run that may stop early (on_result) keeps small tasks, so it plays few games past
    # its stopping point.
    if executor == "serial" or on_result is not None:
        return CHUNK

    def chunk(games):
        return task_size(games, run_games)

    return chunk


class _Arrivals:
    """Where a run's rows go as they arrive: each key's pieces by their first seed's place,
    the progress bar, and the keys `on_result` stopped. Called with (key, start, rows);
    returns whether that key has just stopped."""

    def __init__(self, jobs, bar, on_result):
        self.pieces: dict = {key: {} for key, _, _ in jobs}
        self.bar = bar
        self.on_result = on_result
        self.stopped: set = set()

    def __call__(self, key, start, rows) -> bool:
        rows = _unpack(rows)
        self.pieces[key][start] = rows
        if self.bar is not None:
            self.bar.update(len(rows))
        if self.on_result is None or key in self.stopped:
            return False
        if self.on_result(key, _prefix(self.pieces[key])):
            self.stopped.add(key)
            return True
        return False


def _play_here(tasks, stop, arrived, run: str) -> None:
    """Play every task in this process, in order."""
    for key, start, batch, seeds in tasks:
        if stop is not None and stop.is_set():
            raise KeyboardInterrupt
        arrived(key, start, _play(batch, seeds, run))


def _start(jobs, executor, tasks, chunk, sized: bool, arrived, stop, run: str, total: int):
    """Where a run that is not serial plays: (the executor, the thread pool made for it or
    None, the tasks left to hand out, whether any are left). With "processes" (or None) and
    no on_result, the run's first games are played here first (see _here_first)."""
    ours = executor in ("processes", None)
    on_result = arrived.on_result
    go_on, played, own_threads = True, {}, None
    if ours and on_result is None:
        # A short run ends here sooner than workers start (and its rows are the same): play
        # here, and start workers only for what is worth it. The games played here also
        # time a game, which sizes the workers' tasks.
        starting = 0.0 if _workers_running() else START_WORKERS
        played, go_on, per_game, compiled = _here_first(jobs, total, stop, arrived, run, starting)
        if per_game is not None and sized:

            def chunk(games):
                return task_size(games, total, per_game)

        tasks = _tasks(jobs, chunk, arrived.stopped, played)
        if go_on and compiled:
            executor = own_threads = local_threads()
    if ours and go_on and own_threads is None:
        executor = local_processes()
    if sized and on_result is None and go_on:
        tasks = _tasks(jobs, chunk, arrived.stopped, played, workers=_workers(executor))
    return executor, own_threads, tasks, go_on


def _submitter(executor, go_on: bool, run: str):
    """(submit(batch, seeds) -> future, wait_some(futures) -> [(future, rows)] of those done,
    how many futures to keep in flight) for the executor."""
    if _is_dask(executor):
        return _dask_submitter(executor, run)
    if isinstance(executor, Executor):
        return _pool_submitter(executor, run)
    if not go_on:
        return None, None, 0  # every game was played here
    raise TypeError(
        "executor must be 'processes', 'serial', a concurrent.futures "
        f"Executor or a dask.distributed Client, not {executor!r}"
    )


def _dask_submitter(executor, run: str):
    import distributed

    parent = None  # Dask workers may be on other machines
    window = 64
    # Finished tasks arrive with their results through this client's own loop
    # (distributed.wait would look for a default client, which a Client made
    # with set_as_default=False is not).
    arrivals = distributed.as_completed(loop=executor.loop, with_results=True, raise_errors=False)

    # Dask's own pickling: the standard pickler's speed, and cloudpickle where
    # something (a bot, a game) was defined in the notebook itself.
    from distributed.protocol.pickle import dumps

    pickled = {}

    def submit(b, s):
        # Each task carries its configuration (a few tens of KB; tasks are few
        # and large) rather than depending on a scattered copy: tasks without
        # dependencies are queued and handed to whichever worker is free, where a
        # dependency present on every worker let the scheduler load one worker
        # with most of them. It goes pickled, once per batch (the tasks of a job
        # come one after another). Seeds go as an array: Dask would look inside
        # a list, item by item, for futures to resolve.
        if pickled.get("batch") is not b:
            pickled.update(batch=b, blob=dumps(b))
        future = executor.submit(
            _play_far, pickled["blob"], np.asarray(s, np.int64), run, parent, pure=False
        )
        arrivals.add(future)
        return future

    # Woken when a result arrives (as_completed signals this condition), else
    # after WAIT; a blocking wait would not see Ctrl+C.
    arrived_signal = getattr(arrivals, "thread_condition", None)

    def wait_some(fs):
        if arrived_signal is not None:
            with arrived_signal:
                if not arrivals.has_ready():
                    arrived_signal.wait(WAIT)
        else:
            deadline = time.monotonic() + WAIT
            while not arrivals.has_ready() and time.monotonic() < deadline:
                time.sleep(0.01)
        out, live = [], set(fs)
        for f, value in arrivals.next_batch(block=False):
            if f not in live:
                continue  # cancelled here, as its key had enough games
            if f.status == "finished":
                out.append((f, value))
            elif f.status != "cancelled":
                f.result()  # raises the task's error here
        return out

    return submit, wait_some, window


def _pool_submitter(executor, run: str):
    import concurrent.futures as cf

    parent = os.getpid() if not _is_threads(executor) else None
    window = 4 * _workers(executor) + 4

    far = not _is_threads(executor)

    def submit(b, s):
        return executor.submit(_play_far if far else _play, b, s, run, parent)

    def wait_some(fs):
        done, _ = cf.wait(fs, timeout=WAIT, return_when=cf.FIRST_COMPLETED)
        return [(f, f.result()) for f in done if not f.cancelled()]

    return submit, wait_some, window


def _keep_submitting(tasks, futures: dict, submit, wait_some, window: int, stop, arrived):
    """Keep up to `window` tasks in flight until all are played; `futures` maps each future
    in flight to its (key, start). A key that stops has its other futures cancelled."""
    more = True
    while True:
        while more and len(futures) < window:
            task = next(tasks, None)
            if task is None:
                more = False
                break
            key, start, b, s = task
            futures[submit(b, s)] = (key, start)
        if not futures:
            break
        if stop is not None and stop.is_set():
            raise KeyboardInterrupt
        for fut, result in wait_some(list(futures)):
            if fut not in futures:
                continue  # dropped below: its key stopped before this result came
            key, start = futures.pop(fut)
            if arrived(key, start, result):
                for other, (k2, _) in list(futures.items()):
                    if k2 == key:
                        other.cancel()
                        futures.pop(other)


def _end(own_threads, stop, run: str, bar) -> None:
    """What a run does however it ends: shut down its own thread pool, stop watching `stop`,
    close the progress bar."""
    from . import stopping

    if own_threads is not None:
        own_threads.shutdown(wait=False, cancel_futures=True)
    if stop is not None:
        stopping.stop_off(run)
    if bar is not None:
        bar.close()


def _stop(futures: dict, executor, run: str, ours: bool) -> None:
    """Cancel what has not started, stop what is under way, and do not wait for it."""
    from . import stopping

    stopping.cancel(run)  # games in this process's threads (serial, thread pools)
    running = False
    for fut in futures:
        fut.cancel()
        running = running or not fut.done()
    if _is_dask(executor) and futures:
        executor.cancel(list(futures))
    if ours and running and not _is_threads(executor):
        # A worker still busy (perhaps stuck in a bot) is ended; the next run starts afresh.
        # (A thread ends with its task: compiled code plays one in under a second or so.)
        executor.shutdown(wait=False, kill_workers=True)


def _is_threads(executor) -> bool:
    from concurrent.futures import ThreadPoolExecutor

    return isinstance(executor, ThreadPoolExecutor)


def _workers(executor) -> int:
    if _is_dask(executor):
        return sum(executor.nthreads().values()) or 1
    return getattr(executor, "_max_workers", None) or cores()


def _workers_running() -> bool:
    """Whether local worker processes are up: started by an earlier run, not yet idle long
    enough to exit. Asked of loky's own records; if they cannot be read, say no (the run then
    starts here, which costs at most one task's time)."""
    try:
        from loky.reusable_executor import _executor_storage

        executor = _executor_storage.executor
        return (
            executor is not None
            and not executor._flags.broken
            and not executor._flags.shutdown
            and any(p.is_alive() for p in executor._processes.values())
        )
    except (ImportError, AttributeError):
        return False


def cores() -> int:
    """The processors this process may use: the machine's, unless a container's CPU quota or
    the process's affinity allows fewer (a Binder session runs on a large machine, with the
    use of one or two of its cores). os.cpu_count counts the whole machine."""
    from loky import cpu_count

    return cpu_count()


def local_threads():
    """One thread per core in this process, for batches that compiled code plays: it
    releases the GIL, so threads play side by side with no processes to start and no
    compiled code to load again."""
    from concurrent.futures import ThreadPoolExecutor

    return ThreadPoolExecutor(cores(), thread_name_prefix="workbench-games")


def local_processes():
    """One worker process per core (see cores), kept between runs so a re-run starts at once.

    Workers are started fresh rather than forked: polars' thread pool does not survive a fork
    (a forked worker can hang on its first frame), and fresh workers receive bots defined in
    a notebook cell by value, through cloudpickle. Idle workers exit after five minutes.
    """
    from loky import get_reusable_executor

    return get_reusable_executor(max_workers=cores(), timeout=300)


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
    # Rechunked: one block of memory per column, so that sums and means over it add up in the
    # same order however the games were split into tasks (they agree to the last bit).
    return (
        pl.concat(frames, how="diagonal_relaxed", rechunk=True)
        if len(frames) > 1
        else frames[0].rechunk()
    )


def _bar(total: int):
    from tqdm.auto import tqdm

    return tqdm(total=total, unit="game", smoothing=0.1)
