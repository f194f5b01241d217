"""What-if speed, in one run:

1. for each game with a compiled kernel (co-op, Correction, RPG Card Battle, Soldiers! Aliens!
   Carnage!, Squad Combat, Location CCG, Armies; those of them named, when games are named), the
   rules engine beside the kernel on the same 2,000 games (or --kernel-games; the rows are
   checked to be identical), the two alternating run by run: games per second and the ratio,
   median (min-max);
2. for every registered game, a 10-point sweep of one card stat with 2,000 games per point and
   the game's default bots with executor="processes" (a compiled game's batches then play on
   threads of the sweeping process; goal: at most 5 s), each run in a fresh process (with
   Python's bytecode caches, as an installed package has them: checkouts.child_env) so the
   first sweep of a session is measured as a designer meets it, then a second sweep in
   the same process (a sweep of over a minute is timed once: see LONG); co-op also on one
   process, alternating with the above. Before each run, another fresh process times what a
   first sweep does before its games: the imports, the cards, and a first game (which loads
   numba and the compiled code). After each run, one process does steps of plain
   arithmetic and two processes do two lots of them: the machine's own speed at the time on
   one core and on two (a compiled game's sweep plays on both), printed beside the game, so
   that runs of the same code on a machine busy from outside can be told from slower code;
3. Dask: co-op sweeps of 10 points on one cluster scaled to one worker and to two in turn, its
   sweeps alternating, with the client's own CPU time per sweep (goal: at most 0.2 s); first
   with the default bots (heuristic), as a designer's sweep plays, then with random bots,
   whose shorter games let what a sweep costs beside its games weigh more (--dask-bots
   picks). Beside it, in the same loop, three
   ceilings: Dask's own (as many tasks of plain Python arithmetic on the same cluster) and the
   machine's (two processes against one, doing plain arithmetic, and playing the same games in
   the co-op kernel: compiled code may gain less from a second core than the interpreter). The
   scheduler runs in its own process, as on any real cluster (a LocalCluster would host it in
   the client's process and charge its work to the client); the client's CPU is given for the
   whole process (our code and Dask's communication thread) and for our code's thread alone.
   Every process's CPU per sweep is measured too (workers with their nannies, scheduler,
   client), and from it the most two workers could gain if that CPU were spread perfectly over
   the two cores; and, before the sweeps, what each process takes idle. The cluster's
   processes start with the settings `workbench.sim.local_cluster` gives its own
   (DASK_SETTINGS), or with Dask's defaults given --dask-settings dask.

Results go to benchmarks/RESULTS.md, a section for each part (and for each of the Dask
part's bots), so that a run of one part leaves the others' figures.

    .venv/bin/python benchmarks/sweep.py [--runs N] [--dask-games G] [--parts P]
                                         [--kernel-games G] [--sweep-games G]
                                         [--dask-settings workbench|dask]
                                         [--dask-bots heuristic,random] [game ...]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import time
from dataclasses import dataclass, field
from functools import partial

from checkouts import HERE, run, summary  # benchmarks/checkouts.py, beside this script
from results import echo, record  # benchmarks/results.py, beside this script
from timing import spread, timed  # benchmarks/timing.py, beside this script

import workbench as wb
from workbench.core import get_game
from workbench.core.bots import make_bots
from workbench.core.errors import SetupError
from workbench.sim import DASK_SETTINGS, game_seeds
from workbench.sim.kernels import SETUPS, compiled_games
from workbench.sim.simulate import play_out, prepare

# The stat each game's sweep varies; a game not named here sweeps its first card stat.
KEYS = {
    "coop": "enemies.Brutes.health",
    "correction": "params.second_player_tokens.value",
    "rpg_card_battle": "classes.Knight.hp",
    "sac": "params.ammo.value",
}
GOAL = 5.0
GOAL_CLIENT = 0.2  # seconds of the client's CPU per Dask sweep, at most
GOAL_SPEEDUP = 1.8  # two Dask workers over one, at least

TITLES = {
    "kernel": "What-if speed: rules engine against kernel (benchmarks/sweep.py)",
    "sweeps": "What-if speed: each game's first and second sweep (benchmarks/sweep.py)",
}


def dask_title(bots: str, settings: str) -> str:
    # Each bots' and each settings' figures keep their own section: a run of one leaves the
    # others.
    own = ", Dask's own settings" if settings == "dask" else ""
    return f"What-if speed: Dask, {bots} bots{own} (benchmarks/sweep.py)"


def engine_vs_kernel(runs: int, games: list[str], out: list[str], n: int = 2000) -> None:
    echo(
        out,
        f"each compiled game's rules engine and kernel on the same {n:,} games (rows "
        f"checked identical), alternating, {runs} runs; games per wall second, median "
        "(min-max), and kernel / engine",
    )
    for name in games:
        game = get_game(name)
        for bots in ("random", "heuristic"):
            b = prepare(name, None, None, bots, None, SETUPS.get(name, {}))
            made = make_bots(b.bots, game, game.num_seats(b.setup))
            seeds = game_seeds(0, n)

            def engine(game=game, b=b, made=made, seeds=seeds):
                return [
                    play_out(game, b.cards, b.rules, b.setup, s, made, game.max_decisions)
                    for s in seeds
                ]

            def kernel(game=game, b=b, made=made, seeds=seeds):
                return game.play_batch(b.cards, b.rules, b.setup, made, game.max_decisions, seeds)

            assert kernel().to_dicts() == engine(), f"{name}: the kernel and the engine disagree"
            rates = {engine: [], kernel: []}
            for _ in range(runs):  # alternating run by run
                for play in (engine, kernel):
                    rates[play].append(n / timed(play, repeats=1))
            ratios = [k / e for e, k in zip(rates[engine], rates[kernel], strict=True)]
            echo(
                out,
                f"{name:<16} {bots:<9} bots, {n:,} games: rules engine "
                f"{spread(rates[engine])} games/s, kernel {spread(rates[kernel])} "
                f"games/s, {summary(ratios, 'x', digits=1)}",
            )


def sweep_key(game: str) -> tuple[str, list[int]]:
    """The key a game's sweep varies and its ten values, from the current value up."""
    from workbench.widgets.whatif_logic import WhatIfSession

    logic = WhatIfSession(game, executor="serial")
    key = KEYS.get(game) or logic.stats()[0]
    start = int(logic.current(key))
    return key, list(range(start, start + 10))


# A sweep that takes longer than this is timed once: a second sweep, or a second run, would
# take minutes to say what the first says (start-up is a fraction of a percent of it).
LONG = 60.0

CHILD = """\
import time
import workbench as wb
vary = {{{key!r}: {values!r}}}
times = []
while len(times) < 2 and (not times or times[0] <= {long!r}):
    t = time.perf_counter()
    wb.sweep({game!r}, vary, {games!r}, seed=0, executor={executor!r}, progress=False,
             confirm=True)
    times.append(time.perf_counter() - t)
answer = {{"first": times[0], "second": times[-1] if len(times) > 1 else None}}
"""

# What a first sweep does before its games, step by step, in a fresh process of its own.
START = """\
import time
t0 = time.perf_counter()
import workbench.sim
from workbench.core import get_game
get_game({game!r})
t1 = time.perf_counter()
from workbench.sim.simulate import prepare
batch = prepare({game!r}, bots={bots!r})
t2 = time.perf_counter()
batch.play([0])
t3 = time.perf_counter()
answer = {{"imports": t1 - t0, "cards": t2 - t1, "first game": t3 - t2}}
"""
STEPS = {
    "imports": "importing workbench.sim and the game",
    "cards": "loading and checking its cards",
    "first game": "its first game (numba and the compiled code loaded)",
}


def game_sweeps(games: list[str], runs: int, out: list[str], per_point: int = 2000) -> None:
    echo(
        out,
        f"10-point sweeps, {per_point:,} games per point, the game's default bots; a "
        f"fresh process per run, {runs} runs; seconds, median (min-max); goal: at most "
        f"{GOAL:g} s at 2,000 games per point",
    )
    echo(
        out,
        f"{'game':<16} {'bots':<10} {'executor':<10} {'first sweep':>20} "
        f"{'second sweep':>20}  goal",
    )
    pool = multiprocessing.get_context("spawn").Pool(2)
    try:
        for game in games:
            _game_sweeps(game, runs, pool, out, per_point)
    finally:
        pool.terminate()


def _game_sweeps(game: str, runs: int, pool, out: list[str], per_point: int) -> None:
    from workbench.sim.sweep import default_bots

    key, values = sweep_key(game)
    bots = default_bots(get_game(game))
    executors = ["processes", "serial"] if game == "coop" else ["processes"]
    times = {(e, k): [] for e in executors for k in ("first", "second")}
    steps = {k: [] for k in STEPS}
    spins, tops = [], []
    for _ in range(runs):
        answer = run(HERE, START.format(game=game, bots=bots))
        for k in steps:
            steps[k].append(answer[k])
        for executor in executors:  # alternating run by run
            answer = run(
                HERE,
                CHILD.format(
                    game=game, key=key, values=values, executor=executor, long=LONG, games=per_point
                ),
            )
            # A compiled game's sweep plays on both cores: the machine's speed on one and
            # what a second one gives, just after it.
            one, top = two_against_one(pool, 2 * SPIN)
            spins.append(one / 2)
            tops.append(top)
            for k in ("first", "second"):
                if answer[k] is not None:
                    times[executor, k].append(answer[k])
        if all(t > LONG for e in executors for t in times[e, "first"]):
            break  # timed once, see LONG
    for executor in executors:
        first, second = times[executor, "first"], times[executor, "second"]
        worst = max(sorted(t)[len(t) // 2] for t in (first, second) if t)
        verdict = "met" if worst <= GOAL else f"missed by {worst / GOAL:.1f}x"
        if per_point != 2000:  # a sweep's start-up does not scale with its games
            verdict = f"not judged at {per_point:,} games a point"
        second_text = summary(second, " s", digits=2) if second else "(timed once)"
        echo(
            out,
            f"{game:<16} {bots:<10} {executor:<10} {summary(first, ' s', digits=2):>20} "
            f"{second_text:>20}  {verdict}",
        )
    echo(out, f"{'':<16} (varied: {key}, {values[0]} to {values[-1]})")
    echo(
        out,
        f"{'':<16} (before a first sweep's games, in a fresh process: "
        + "; ".join(f"{STEPS[k]} {summary(v, ' s', digits=2)}" for k, v in steps.items())
        + ")",
    )
    echo(
        out,
        f"{'':<16} (the machine meanwhile: {SPIN:,} steps of plain arithmetic took "
        f"{summary(spins, ' s', digits=2)}; two processes did two lots of them "
        f"{summary(tops, 'x', digits=2)} as fast as one)",
    )


def _spin(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i % 7
    return total


SPIN = 3_000_000  # steps of plain arithmetic: about a third of a second


def _play_coop(n: int, bots: str = "random") -> int:
    """n co-op games through the compiled kernel, as a sweep's tasks play them."""
    batch = prepare("coop", None, None, bots, None, {"players": 3})
    return len(batch.run(game_seeds(0, n)))


def machine_ceiling(pool, work, task=_spin) -> float:
    """How much faster two processes do two halves of `work` than one does them both: the
    most that two workers can gain on this machine as it is now. The work is about as long
    as a sweep on one worker: a short ceiling is mostly noise."""
    return two_against_one(pool, work, task)[1]


def two_against_one(pool, work, task=_spin) -> tuple[float, float]:
    """The seconds one process takes for both halves of `work`, and how many times faster
    two processes do a half each."""
    half = work // 2
    t = time.perf_counter()
    pool.apply(task, (half,))
    pool.apply(task, (half,))
    one = time.perf_counter() - t
    t = time.perf_counter()
    pool.map(task, [half, half], chunksize=1)
    return one, one / (time.perf_counter() - t)


def dask_speedup(
    cards, per_point: int, runs: int, settings: str, bots: str, out: list[str]
) -> None:
    """One cluster, scaled to one worker and to two in turn: a second cluster standing idle
    beside the one timed would take its share of the two cores (each Dask process wakes
    many times a second)."""
    import psutil
    from distributed import Client
    from distributed.deploy.subprocess import SubprocessCluster

    vary = {"enemies.Brutes.health": list(range(6, 16))}
    # The cluster's processes read their settings from the environment they start in.
    os.environ.update({} if settings == "dask" else _environment(DASK_SETTINGS))
    cluster = SubprocessCluster(n_workers=2, worker_kwargs={"nthreads": 1}, dashboard_address=None)
    client = Client(cluster, set_as_default=False)
    pool = multiprocessing.get_context("spawn").Pool(2)
    times = _DaskTimes()
    scheduler = psutil.Process(client.run_on_scheduler(os.getpid))
    client.wait_for_workers(2)
    idle = _idle(client, scheduler)
    who = "Dask's default" if settings == "dask" else "local_cluster's"
    echo(
        out,
        f"Co-op sweeps with {bots} bots, {runs} runs, median (min-max). Dask with {who} "
        f"settings, each process idle, as a share of one core: {idle}",
    )
    tops, kernel_tops = [], []
    play = partial(_play_coop, bots=bots)
    sweep = partial(
        wb.sweep, "coop", vary, players=3, cards=cards, bots=bots, executor=client, progress=False
    )
    try:
        pool.map(play, [100, 100])  # started, the kernel loaded
        # Plain arithmetic about as long as a sweep's games on one worker.
        spin = timed(lambda: pool.apply(_spin, (SPIN,)), repeats=3)
        games = timed(lambda: pool.apply(play, (2000,)), repeats=3)
        work = int(SPIN * games / spin * 10 * per_point / 2000)
        for _ in range(runs):
            for w in (1, 2):  # alternating run by run
                _scale_to(client, cluster, w)
                _time_sweep(client, scheduler, w, sweep, per_point, work, times)
            cluster.scale(0)  # the machine's ceiling without Dask's workers beside it
            while client.scheduler_info()["workers"]:
                time.sleep(0.05)
            tops.append(machine_ceiling(pool, work))
            kernel_tops.append(machine_ceiling(pool, 10 * per_point, play))
    finally:
        pool.terminate()
        client.close()
        cluster.close()
    _report_speedup(out, per_point, times, tops, kernel_tops)


@dataclass
class _DaskTimes:
    """What each timed sweep took, by the number of workers (1 or 2) that played it."""

    wall: dict = field(default_factory=lambda: {1: [], 2: []})
    cpu: dict = field(default_factory=lambda: {1: [], 2: []})  # the client's process
    ours: dict = field(default_factory=lambda: {1: [], 2: []})  # the client's calling thread
    plain: dict = field(default_factory=lambda: {1: [], 2: []})  # Dask on plain arithmetic
    on_workers: dict = field(default_factory=lambda: {1: [], 2: []})
    on_scheduler: dict = field(default_factory=lambda: {1: [], 2: []})
    bound: dict = field(default_factory=lambda: {1: [], 2: []})


def _scale_to(client, cluster, w: int) -> None:
    """Scale the cluster to `w` workers and wait until the scheduler counts exactly those."""
    cluster.scale(w)
    client.wait_for_workers(w)
    while len(client.scheduler_info()["workers"]) != w:  # one has left
        time.sleep(0.05)


def _time_sweep(client, scheduler, w: int, sweep, per_point: int, work: int, times) -> None:
    """Time one sweep on `w` workers, and as many tasks of plain arithmetic after it."""
    # A small sweep first, with tasks for every worker: a worker just started
    # pays its first task's imports and first calls there, not in the timing.
    sweep(1000)
    workers = _workers_and_nannies(client)
    used = [_cpu(p) for p in workers] + [_cpu(scheduler)]
    t, c, m = time.perf_counter(), time.process_time(), time.thread_time()
    sweep(per_point)
    times.wall[w].append(time.perf_counter() - t)
    times.cpu[w].append(time.process_time() - c)
    times.ours[w].append(time.thread_time() - m)
    used = [_cpu(p) - u for p, u in zip([*workers, scheduler], used, strict=True)]
    times.on_workers[w].append(sum(used[:-1]))
    times.on_scheduler[w].append(used[-1])
    # Two cores can do no better than halve all the CPU the sweep took.
    times.bound[w].append(sum(used) + times.cpu[w][-1])
    # As many tasks of plain arithmetic, about as long as the sweep on one
    # worker: what Dask itself lets two workers gain here.
    tasks = _task_count(per_point, w)
    t = time.perf_counter()
    client.gather(client.map(_spin, [work // tasks] * tasks, pure=False))
    times.plain[w].append(time.perf_counter() - t)


def _report_speedup(out: list[str], per_point: int, times, tops, kernel_tops) -> None:
    """Echo what the sweeps took on one worker and on two, and the speed-ups beside them."""
    for w in (1, 2):
        client_cpu = statistics.median(times.cpu[w])
        echo(
            out,
            f"Dask, scheduler and {w} worker(s) in their own processes, "
            f"{10 * per_point:,} games: {summary(times.wall[w], ' s', digits=2)}; client CPU "
            f"per sweep {summary(times.cpu[w], ' s', digits=2)} (goal: at most "
            f"{GOAL_CLIENT:g} s: {_met(client_cpu <= GOAL_CLIENT)}), of which our "
            f"code's thread {summary(times.ours[w], ' s', digits=2)}",
        )
        echo(
            out,
            f"  CPU per sweep on {w} worker(s): the workers with their nannies "
            f"{summary(times.on_workers[w], ' s', digits=2)} in all, the scheduler "
            f"{summary(times.on_scheduler[w], ' s', digits=2)}",
        )
    speedups = [a / b for a, b in zip(times.wall[1], times.wall[2], strict=True)]
    most = [a / (b / 2) for a, b in zip(times.wall[1], times.bound[2], strict=True)]
    dask_top = [a / b for a, b in zip(times.plain[1], times.plain[2], strict=True)]
    echo(
        out,
        f"Dask speed-up, 2 workers over 1: {summary(speedups, 'x', digits=2)} (goal: at "
        f"least {GOAL_SPEEDUP:g}x: {_met(statistics.median(speedups) >= GOAL_SPEEDUP)})",
    )
    echo(
        out,
        f"the most 2 workers could gain with the CPU they, the scheduler and the client "
        f"took, spread perfectly over two cores: {summary(most, 'x', digits=2)}",
    )
    echo(
        out,
        f"Dask's own, as many tasks of plain arithmetic on the same cluster "
        f"({_task_count(per_point, 1)} and {_task_count(per_point, 2)}): "
        f"{summary(dask_top, 'x', digits=2)}",
    )
    echo(
        out,
        f"this machine's ceiling, 2 processes over 1: {summary(tops, 'x', digits=2)} "
        f"with plain arithmetic, {summary(kernel_tops, 'x', digits=2)} playing the "
        f"sweep's {10 * per_point:,} games in the co-op kernel (no Dask)",
    )


def _met(done: bool) -> str:
    return "met" if done else "MISSED"


def _cpu(process) -> float:
    times = process.cpu_times()
    return times.user + times.system


def _workers_and_nannies(client) -> list:
    """Each worker's process and its nanny's: a nanny watches its worker, and its CPU is
    the worker's cost too."""
    import psutil

    workers = [psutil.Process(pid) for pid in client.run(os.getpid).values()]
    return workers + [w.parent() for w in workers]


def _idle(client, scheduler, seconds: float = 5.0) -> str:
    """What each Dask process takes doing nothing, as a share of one core."""
    workers = _workers_and_nannies(client)
    half = len(workers) // 2
    before = [_cpu(p) for p in [*workers, scheduler]]
    time.sleep(seconds)
    used = [(_cpu(p) - b) / seconds for p, b in zip([*workers, scheduler], before, strict=True)]
    return (
        f"a worker {100 * sum(used[:half]) / half:.1f}%, its nanny "
        f"{100 * sum(used[half:-1]) / half:.1f}%, the scheduler {100 * used[-1]:.1f}%"
    )


def _environment(settings: dict) -> dict:
    """Dask settings as the environment variables Dask reads them from."""
    return {
        "DASK_" + key.upper().replace(".", "__").replace("-", "_"): str(value)
        for key, value in settings.items()
    }


def _task_count(per_point: int, workers: int) -> int:
    """How many tasks a 10-point sweep of `per_point` games goes in, for `workers`."""
    from workbench.sim.executors import _tasks, task_size

    jobs = [(i, None, range(per_point)) for i in range(10)]
    return sum(
        1 for _ in _tasks(jobs, lambda games: task_size(games, 10 * per_point), workers=workers)
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dask-games", type=int, default=20_000, help="games per point")
    parser.add_argument(
        "--kernel-games",
        type=int,
        default=2000,
        help="games per run of engine and kernel (Armies' engine plays ~20/s)",
    )
    parser.add_argument(
        "--sweep-games",
        type=int,
        default=2000,
        help="games per point of each game's sweeps (the goal is put at 2,000)",
    )
    parser.add_argument(
        "--parts",
        default="kernel,sweeps,dask",
        help="which of the three parts to run, e.g. 'sweeps' or 'sweeps,dask'",
    )
    parser.add_argument(
        "--dask-bots",
        default="heuristic,random",
        help="the bots of the Dask sweeps, each measured in turn: the default "
        "(heuristic) and random bots, whose shorter games let what a "
        "sweep costs beside its games weigh more",
    )
    parser.add_argument(
        "--dask-settings",
        choices=("workbench", "dask"),
        default="workbench",
        help="the Dask cluster's: local_cluster's (DASK_SETTINGS) or Dask's own",
    )
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    dask_bots = args.dask_bots.split(",")
    if "dask" in parts:
        for bots in dask_bots:  # named now, not after the other parts have run for minutes
            try:
                prepare("coop", None, None, bots, None, {"players": 3})
            except SetupError as err:
                parser.error(f"--dask-bots: {err}")
    cards = wb.load_cards("coop")
    # Each part is recorded as it ends, so a later part that fails loses only its own.
    if "kernel" in parts:
        out: list[str] = []
        engine_vs_kernel(
            args.runs,
            [g for g in compiled_games() if not args.games or g in args.games],
            out,
            args.kernel_games,
        )
        record(TITLES["kernel"], out)
        print()
    if "sweeps" in parts:
        out = []
        game_sweeps(args.games or wb.list_games(), args.runs, out, args.sweep_games)
        record(TITLES["sweeps"], out)
        print()
    if "dask" in parts:
        for bots in dask_bots:
            out = []
            dask_speedup(cards, args.dask_games, args.runs, args.dask_settings, bots, out)
            record(dask_title(bots, args.dask_settings), out)


if __name__ == "__main__":
    main()
