"""Sweeps, metrics, intervals, the solver, sensitivity, and executors."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import polars as pl
import pytest

import workbench as wb
from workbench.charts.sim import grid_heatmap, length_histogram, sweep_chart, tornado
from workbench.sim import card_usage, executors, sensitivity, solve, sweep, wilson
from workbench.sim.executors import local_processes

from .testgames import register_coin, unregister_coin


@pytest.fixture
def coin(tmp_path):
    game = register_coin(tmp_path)
    yield game
    unregister_coin()


def test_wilson_matches_known_values():
    low, high = wilson(30, 100)
    assert low == pytest.approx(0.2189, abs=1e-4) and high == pytest.approx(0.3958, abs=1e-4)
    assert wilson(0, 10)[0] == 0 and wilson(10, 10)[1] == pytest.approx(1)


def test_interval_coverage_on_a_known_win_rate(coin):
    # 200 independent sweeps of 150 games at p = 0.3: about 95% of intervals must hold 0.3.
    covered = 0
    runs = 200
    for s in range(runs):
        row = sweep(
            "testcoin", {"rules.mode": ["coin"]}, 150, seed=s, executor="serial", progress=False
        ).row(0, named=True)
        covered += row["ci_low"] <= 0.3 <= row["ci_high"]
    # Binomial(200, 0.95): below 180 has probability far under 0.1%.
    assert covered >= 180, covered


def test_exact_dice_probability_falls_inside_the_simulated_interval(coin):
    from workbench.dice import probability

    exact = probability("3d6 > 2d8 + 2")
    assert exact == Fraction(317, 768)
    row = sweep(
        "testcoin", {"rules.mode": ["dice"]}, 4000, seed=1, executor="serial", progress=False
    ).row(0, named=True)
    assert row["ci_low"] <= float(exact) <= row["ci_high"]


def test_sweep_of_brutes_health_gives_intervals_and_same_seed_same_frame():
    vary = {"enemies.Brutes.health": [6, 10, 14]}
    a = sweep("coop", vary, 120, seed=3, players=3, executor="serial", progress=False)
    b = sweep("coop", vary, 120, seed=3, players=3, executor="serial", progress=False)
    assert a.equals(b)
    assert a["enemies.Brutes.health"].to_list() == [6, 10, 14]
    assert (a["ci_low"] <= a["win_rate"]).all() and (a["win_rate"] <= a["ci_high"]).all()
    assert {
        "battles_won_mean",
        "knockouts_mean",
        "rounds_per_encounter_mean",
        "items_equipped_mean",
        "length_q50",
        "timeout_rate",
    } <= set(a.columns)
    assert not a.equals(
        sweep("coop", vary, 120, seed=4, players=3, executor="serial", progress=False)
    )


def _housekeeping(dask_worker=None, dask_scheduler=None):
    """A Dask process's profiling, event-loop ticks and memory checks, with their periods in
    milliseconds (run by Client.run, which passes the worker or scheduler by name)."""
    server = dask_worker or dask_scheduler
    return sorted(
        f"{name} {round(pc.callback_time)}"
        for name, pc in server.periodic_callbacks.items()
        if name in ("profile", "profile-cycle", "tick", "memory_monitor")
    )


def test_seeds_reproduce_exactly_across_executors():
    vary = {"enemies.Rats.damage": [1, 3], "rules.coop.group_by": ["dice_and_type", "never"]}
    kwargs = dict(seed=7, players=3, bots="random", progress=False)
    serial = sweep("coop", vary, 300, executor="serial", **kwargs)
    assert serial.height == 4
    processes = sweep("coop", vary, 300, executor="processes", **kwargs)
    workers = sweep("coop", vary, 300, executor=local_processes(), **kwargs)
    with ThreadPoolExecutor(2) as pool:
        threads = sweep("coop", vary, 300, executor=pool, **kwargs)
    assert serial.equals(processes) and serial.equals(workers) and serial.equals(threads)
    from distributed import Client

    from workbench.sim import local_cluster

    back = 2

    def second_last(state, seat, actions, rng):
        return actions[-back] if len(actions) >= back else actions[0]

    with local_cluster(2) as cluster:
        # A client that is not the session's default is used as given.
        with Client(cluster, set_as_default=False) as client:
            own = sweep("coop", vary, 300, executor=client, **kwargs)
            # The cluster's own settings: no worker profiles its tasks, and no Dask process
            # wakes every few milliseconds to look at itself, a worker added later included.
            quiet = ["memory_monitor 1000", "tick 1000"]
            assert [_housekeeping(nanny) for nanny in cluster.workers.values()] == [quiet] * 2
            assert client.run_on_scheduler(_housekeeping) == ["tick 1000"]
            cluster.scale(3)
            client.wait_for_workers(3)
            assert list(client.run(_housekeeping).values()) == [quiet] * 3
            cluster.scale(2)
        with Client(cluster) as client:
            dask = sweep("coop", vary, 300, executor=client, **kwargs)
            # A bot written in a notebook cell (a closure: the standard pickler refuses it)
            # reaches the Dask workers too.
            picky = wb.simulate("correction", 300, seed=3, bots={0: second_last}, executor=client)
    assert serial.equals(dask) and serial.equals(own)
    assert picky.equals(
        wb.simulate("correction", 300, seed=3, bots={0: second_last}, executor="serial")
    )


def test_local_processes_take_notebook_bots_and_games(coin):
    # Workers start fresh: the coin game is registered only in this process, and the bot is
    # a closure, as if both were written in a notebook cell.
    serial = wb.simulate("testcoin", 600, seed=3)
    assert serial.equals(wb.simulate("testcoin", 600, seed=3, executor=local_processes()))
    last = -1

    def last_choice(state, seat, actions, rng):
        return actions[last]

    serial = wb.simulate("correction", 300, seed=3, bots={0: last_choice})
    processes = wb.simulate(
        "correction", 300, seed=3, bots={0: last_choice}, executor=local_processes()
    )
    assert serial.equals(processes)


def test_a_game_sent_to_workers_leaves_its_cached_cards_behind():
    import pickle

    from workbench.core import get_game

    game = get_game("coop")
    game.load_cards()
    copy = pickle.loads(pickle.dumps(game))
    assert "_default_cards" in vars(game) and "_default_cards" not in vars(copy)
    assert copy.tables.keys() == game.tables.keys()
    assert copy.load_cards().fingerprint() == game.load_cards().fingerprint()


def test_precision_stops_early_and_identically(coin):
    a = sweep(
        "testcoin",
        {"coins.fair.win_tenths": [0, 3, 5]},
        5000,
        precision=0.03,
        executor="serial",
        progress=False,
    )
    assert a["status"].to_list() == ["precise"] * 3
    assert (a["n"] < 5000).all()
    assert ((a["ci_high"] - a["ci_low"]) / 2 <= 0.03).all()
    with ThreadPoolExecutor(2) as pool:
        b = sweep(
            "testcoin",
            {"coins.fair.win_tenths": [0, 3, 5]},
            5000,
            precision=0.03,
            executor=pool,
            progress=False,
        )
    assert a.equals(b)


def test_bad_sweep_keys_name_the_problem():
    with pytest.raises(wb.SetupError, match="no table"):
        sweep("coop", {"monsters.Brutes.health": [1]}, 10, progress=False)
    with pytest.raises(wb.SetupError, match="no column"):
        sweep("coop", {"enemies.Brutes.wisdom": [1]}, 10, progress=False)
    with pytest.raises(wb.CardDataError, match="Goblins"):
        sweep("coop", {"enemies.Goblins.health": [1]}, 10, progress=False)
    with pytest.raises(wb.SetupError, match="no rule"):
        sweep("coop", {"rules.coop.weather": [1]}, 10, progress=False)
    with pytest.raises(wb.CardDataError, match="health"):
        sweep("coop", {"enemies.Brutes.health": [-3]}, 10, progress=False)


def test_solver_finds_the_value_closest_to_the_target(coin):
    result = solve("testcoin", "coins.fair.win_tenths", 0.7, (0, 10), step=200, max_games=2000)
    assert result["value"] == 7
    assert result["ci_low"] <= 0.7 <= result["ci_high"]
    # Clear-cut values stop early: far fewer games than max_games per value tried.
    assert result["games"] < 2000 * result["trace"].height
    assert result["in_range"] and result["message"].startswith("fair's win tenths 7 gives")


def test_solver_says_plainly_when_the_target_lies_outside_the_bounds(coin):
    # The coin wins tenths/10 of its games, so within 0..4 the win rate never passes 40%.
    result = solve("testcoin", "coins.fair.win_tenths", 0.7, (0, 4), step=200, max_games=1000)
    assert result["value"] == 4 and not result["in_range"]
    assert result["ci_high"] < 0.7
    message = result["message"]
    assert message.startswith(
        "No value of fair's win tenths from 0 to 4 reaches 70%: the "
        "nearest is 4, at the high end of the bounds"
    )
    assert "widen them past 4" in message
    # Its games are counted honestly: every game of every value tried, said in words.
    trace = result["trace"]
    assert result["games"] == trace["n"].sum()
    assert f"{result['games']:,} games in all" in message
    assert f"for each of the {trace.height} values tried" in message
    low = solve("testcoin", "coins.fair.win_tenths", 0.7, (8, 10), step=200, max_games=1000)
    assert low["value"] == 8 and not low["in_range"] and "at the low end" in low["message"]


def test_sensitivity_ranks_the_stat_that_matters(coin):
    out = sensitivity("testcoin", "coins", 600, step=2, executor="serial", progress=False)
    top = out.row(0, named=True)
    assert top["stat"] == "fair.win_tenths"
    assert top["effect"] == pytest.approx(0.4, abs=0.1)


def test_card_usage_and_charts_render(tmp_path):
    summary, games = sweep(
        "coop",
        {"enemies.Brutes.health": [8, 12]},
        60,
        players=3,
        executor="serial",
        progress=False,
        games=True,
    )
    usage = card_usage(games)
    assert {"card", "usage", "win_rate_when_used"} <= set(usage.columns)
    assert usage["usage"].max() <= 1
    import vl_convert as vlc

    for chart in (sweep_chart(summary), length_histogram(games)):
        png = vlc.vegalite_to_png(chart.to_json())
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
    grid = sweep(
        "coop",
        {"enemies.Brutes.health": [8, 12], "enemies.Rats.damage": [1, 2]},
        20,
        players=3,
        executor="serial",
        progress=False,
    )
    assert (
        vlc.vegalite_to_png(
            grid_heatmap(grid, "enemies.Brutes.health", "enemies.Rats.damage").to_json()
        )[:4]
        == b"\x89PNG"
    )
    sens = pl.DataFrame(
        {
            "stat": ["a.x", "b.y"],
            "win_rate_low": [0.2, 0.3],
            "win_rate_high": [0.4, 0.31],
            "effect": [0.2, 0.01],
            "low_value": [1, 1],
            "high_value": [3, 3],
            "value": [2, 2],
        }
    )
    assert vlc.vegalite_to_png(tornado(sens).to_json())[:4] == b"\x89PNG"


def test_tension_metrics_by_hand():
    from workbench.sim.simulate import tension

    # Seat 0 leads, falls behind, then wins from behind.
    t = tension([0.6, 0.7, 0.4, 0.3, 0.6, 0.9], winner=0)
    assert t["lead_changes"] == 2
    assert t["decisiveness"] == pytest.approx(2 / 6)
    assert t["drama"] == pytest.approx((0.1 + 0.2) / 6)
    wire = tension([0.6, 0.7, 0.8], winner=0)
    assert wire == {"lead_changes": 0, "decisiveness": 1.0, "drama": 0.0}


def test_two_seat_sweeps_report_tension():
    out = sweep(
        "rpg_card_battle", {"rules.rcb.turn_limit": [100]}, 40, executor="serial", progress=False
    )
    row = out.row(0, named=True)
    for col in (
        "lead_changes_mean",
        "decisiveness_mean",
        "drama_mean",
        "first_player_advantage",
        "balance",
        "win_rate_1",
    ):
        assert col in out.columns
    assert 0 <= row["decisiveness_mean"] <= 1 and row["drama_mean"] >= 0


def test_an_interrupted_run_returns_the_games_it_has(coin):
    from workbench.sim.executors import run_batches
    from workbench.sim.simulate import game_seeds, prepare

    batch = prepare("testcoin")
    calls = []

    def interrupt_after_first_chunk(key, rows):
        calls.append(len(rows))
        raise KeyboardInterrupt  # what Ctrl+C or the notebook's stop button raises

    rows, complete = run_batches(
        [(0, batch, game_seeds(0, 1000))],
        "serial",
        chunk=100,
        on_result=interrupt_after_first_chunk,
    )
    assert not complete and calls == [100]
    assert rows[0]["seed"].to_list() == game_seeds(0, 100)


def test_sensitivity_at_a_schema_limit_compares_with_the_unchanged_cards(tmp_path):
    register_coin(tmp_path, tenths=0)  # win_tenths is 0: it cannot go down
    try:
        out = sensitivity("testcoin", "coins", 400, step=3, executor="serial", progress=False)
    finally:
        unregister_coin()
    row = out.row(0, named=True)
    assert row["low_value"] == 0 and row["win_rate_low"] == row["win_rate"] == 0.0
    assert row["effect"] == pytest.approx(0.3, abs=0.07)


def test_long_runs_go_to_workers_in_few_equal_tasks():
    from workbench.sim.executors import CHUNK, task_size

    # 200,000 games over 10 points: a task of 20,000 per point, none left short.
    assert task_size(20_000, 200_000) == 20_000
    assert task_size(40_000, 400_000) == 20_000  # at most MAX_CHUNK
    assert task_size(2_000, 20_000) == 2_000
    assert task_size(3_000, 16_000) == 1_500  # about 8 tasks in all, in equal parts
    for games, total in [(20_000, 20_000), (7_000, 70_000), (2_100, 21_000), (300, 300)]:
        size = task_size(games, total)
        assert size % CHUNK == 0 and size >= CHUNK
        assert -(-games // size) <= max(1, -(-games // CHUNK))
    assert task_size(100, 100) == CHUNK
    # Slow games (a search bot's) are cut into tasks of about TASK_SECONDS, in equal parts.
    size = task_size(200, 200, per_game=0.04)
    assert size * 0.04 <= executors.TASK_SECONDS and -(-200 // size) * size - 200 < size
    assert task_size(20_000, 200_000, per_game=1e-5) == 20_000  # quick games: as before


def _slow_bot(state, seat, actions, rng):
    time.sleep(0.004)
    return actions[int(rng.random() * len(actions))]


@pytest.fixture
def task_sizes(monkeypatch):
    """The number of games of every task played from here on, in the order played."""
    sizes = []
    real_play = executors._played

    def counting_play(batch, seeds, run=None, parent=None):
        sizes.append(len(seeds))
        return real_play(batch, seeds, run, parent)

    monkeypatch.setattr(executors, "_played", counting_play)
    return sizes


def test_slow_games_are_shared_among_the_workers_in_small_tasks(coin, monkeypatch, task_sizes):
    monkeypatch.setattr(executors, "_workers_running", lambda: True)
    monkeypatch.setattr(executors, "local_processes", lambda: ThreadPoolExecutor(2))
    monkeypatch.setattr(executors, "TASK_SECONDS", 0.05)
    monkeypatch.setattr(executors, "cores", lambda: 2)
    serial = wb.simulate("testcoin", 60, seed=3, bots=_slow_bot, executor="serial")
    task_sizes.clear()
    assert serial.equals(wb.simulate("testcoin", 60, seed=3, bots=_slow_bot, executor="processes"))
    # A few games here to time one, then tasks far smaller than CHUNK (once: 250 games).
    sizes = task_sizes
    assert sum(sizes) == 60 and len(sizes) >= 6 and max(sizes) < 30, sizes


def test_a_short_run_on_processes_plays_here_without_starting_workers(coin, monkeypatch):
    def no_workers():
        raise AssertionError("workers were started for a run that ends sooner here")

    monkeypatch.setattr(executors, "_workers_running", lambda: False)
    monkeypatch.setattr(executors, "local_processes", no_workers)
    serial = wb.simulate("testcoin", 600, seed=3, executor="serial")
    assert serial.equals(wb.simulate("testcoin", 600, seed=3, executor="processes"))
    vary = {"coins.fair.win_tenths": [2, 5]}
    assert sweep("testcoin", vary, 300, seed=1, executor="serial", progress=False).equals(
        sweep("testcoin", vary, 300, seed=1, executor="processes", progress=False)
    )


def test_a_long_run_starts_workers_for_the_rest_with_the_same_rows(coin, monkeypatch):
    started = []

    def pool():
        started.append(True)
        return ThreadPoolExecutor(2)

    played_here = []
    real_play = executors._played

    def counting_play(batch, seeds, run=None, parent=None):
        if parent is None and not started:
            played_here.append(len(seeds))
        return real_play(batch, seeds, run, parent)

    monkeypatch.setattr(executors, "_workers_running", lambda: False)
    monkeypatch.setattr(executors, "local_processes", pool)
    monkeypatch.setattr(executors, "START_WORKERS", 0.0)  # workers cost nothing to start
    monkeypatch.setattr(executors, "PROBE", 0.0)
    monkeypatch.setattr(executors, "_played", counting_play)
    monkeypatch.setattr(executors, "cores", lambda: 2)
    serial = wb.simulate("testcoin", 3000, seed=3, executor="serial")
    played_here.clear()
    assert serial.equals(wb.simulate("testcoin", 3000, seed=3, executor="processes"))
    assert started and 0 < sum(played_here) < 3000


def test_a_compiled_game_goes_on_threads_here_without_starting_workers(monkeypatch):
    import threading

    def no_workers():
        raise AssertionError("workers were started for a game its compiled code plays")

    threads = []
    real_play = executors._played

    def naming_play(batch, seeds, run=None, parent=None):
        threads.append(threading.current_thread().name)
        return real_play(batch, seeds, run, parent)

    monkeypatch.setattr(executors, "_workers_running", lambda: False)
    monkeypatch.setattr(executors, "local_processes", no_workers)
    monkeypatch.setattr(executors, "PROBE", 0.0)
    monkeypatch.setattr(executors, "_played", naming_play)
    monkeypatch.setattr(executors, "cores", lambda: 2)
    serial = wb.simulate("coop", 6000, seed=3, players=3, bots="random", executor="serial")
    threads.clear()
    assert serial.equals(
        wb.simulate("coop", 6000, seed=3, players=3, bots="random", executor="processes")
    )
    assert any(name.startswith("workbench-games") for name in threads), threads


def test_a_run_on_threads_stops_when_asked_and_keeps_the_first_games(monkeypatch):
    import threading

    from workbench.sim.executors import run_batches
    from workbench.sim.simulate import game_seeds, prepare

    stop = threading.Event()
    real_play = executors._played

    def stop_on_a_thread(batch, seeds, run=None, parent=None):
        if threading.current_thread().name.startswith("workbench-games"):
            stop.set()  # a view's stop button, pressed once games play on threads
        return real_play(batch, seeds, run, parent)

    monkeypatch.setattr(executors, "PROBE", 0.0)
    monkeypatch.setattr(executors, "_played", stop_on_a_thread)
    monkeypatch.setattr(executors, "cores", lambda: 2)
    batch = prepare("coop", None, None, "random", None, {"players": 3})
    seeds = game_seeds(5, 200_000)
    rows, complete = run_batches([(0, batch, seeds)], "processes", stop=stop)
    assert not complete and 0 < len(rows[0]) < 200_000
    assert rows[0].equals(batch.run(seeds[: len(rows[0])]))


def test_local_runs_use_the_cores_this_process_may_use():
    import os
    import subprocess
    import sys

    # Pinned to one core (as a container's quota or a task set would allow), a run has one
    # worker, whatever the machine has.
    code = (
        "import os; os.sched_setaffinity(0, {min(os.sched_getaffinity(0))}); "
        "from workbench.sim import executors; "
        "print(executors.cores(), executors.local_threads()._max_workers)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["1", "1"]
    assert 1 <= executors.cores() <= len(os.sched_getaffinity(0))


def test_sweep_varies_a_setup_option_like_simulate_would_play_it():
    frame = wb.sweep(
        "location_ccg",
        {"setup.first_player": [0, 1]},
        6,
        seed=2,
        executor=None,
        progress=False,
        bots="random",
    )
    assert frame["setup.first_player"].to_list() == [0, 1]
    for first, rate in zip([0, 1], frame["win_rate"].to_list(), strict=True):
        games = wb.simulate("location_ccg", 6, seed=2, bots="random", first_player=first)
        assert rate == (games["winner"] == 0).sum() / 6


def test_setup_sweep_keys_are_checked_up_front():
    with pytest.raises(wb.SetupError, match="no setup option 'nope'"):
        wb.sweep("location_ccg", {"setup.nope": [1]}, 2, executor=None, progress=False)
    with pytest.raises(wb.SetupError, match="first_player"):
        wb.sweep("location_ccg", {"setup.first_player": [0, 7]}, 2, executor=None, progress=False)
    with pytest.raises(wb.SetupError, match="in a sweep only"):
        wb.solve("location_ccg", "setup.first_player", 0.5, (0, 1), max_games=2)


def test_first_player_share_counts_decided_games():
    import polars as pl

    from workbench.sim import first_player_share

    games = pl.DataFrame({"winner": [0, 1, 1, -1, 0], "first": [0, 0, 1, 1, 1]})
    share = first_player_share(games)
    assert share["decided"] == 4 and share["first_wins"] == 0.5
    assert share["draw_rate"] == pytest.approx(0.2)
    assert share["ci_low"] < 0.5 < share["ci_high"]


def test_a_one_key_sweep_plays_the_cards_it_checked_without_making_them_again(monkeypatch):
    import importlib

    sweep_module = importlib.import_module("workbench.sim.sweep")

    kwargs = dict(seed=2, players=3, bots="random", progress=False, executor="serial")
    one = sweep("coop", {"enemies.Brutes.health": [6, 12]}, 200, **kwargs)
    # A second key of one value makes the same points, each made when it is played.
    two = sweep(
        "coop",
        {"enemies.Brutes.health": [6, 12], "rules.coop.group_by": ["dice_and_type"]},
        200,
        **kwargs,
    )
    assert one.equals(two.drop("rules.coop.group_by"))
    calls = []
    real = sweep_module.apply
    monkeypatch.setattr(sweep_module, "apply", lambda *a: calls.append(a) or real(*a))
    again = sweep("coop", {"enemies.Brutes.health": [6, 12]}, 200, **kwargs)
    assert again.equals(one) and len(calls) == 2  # once per value, when checked


def test_a_dask_run_stops_when_asked_and_keeps_what_arrived(coin):
    import threading

    from distributed import Client, LocalCluster

    stop = threading.Event()
    done = []

    def stop_after_first_results(key, rows):
        done.append(len(rows))
        stop.set()  # a view's stop button, pressed once games arrive
        return False

    from workbench.sim.executors import run_batches
    from workbench.sim.simulate import game_seeds, prepare

    batch = prepare("testcoin", bots=_slow_bot)
    seeds = game_seeds(0, 4000)
    with (
        LocalCluster(
            n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        Client(cluster, set_as_default=False) as client,
    ):
        rows, complete = run_batches(
            [(0, batch, seeds)], client, chunk=20, on_result=stop_after_first_results, stop=stop
        )
    assert not complete and done
    played = rows[0]["seed"].to_list()
    assert 20 <= len(played) < 4000 and played == seeds[: len(played)]


def test_a_runs_last_tasks_are_cut_small_so_no_worker_waits_long(coin, task_sizes):
    from workbench.sim.executors import run_batches
    from workbench.sim.simulate import game_seeds, prepare

    sizes = task_sizes
    batch = prepare("testcoin")
    jobs = [(0, batch, game_seeds(0, 2000)), (1, batch, game_seeds(1, 1000))]
    serial, _ = run_batches(jobs, "serial")
    sizes.clear()
    with ThreadPoolExecutor(2) as pool:
        rows, complete = run_batches(jobs, pool)
    assert complete and all(rows[k].equals(serial[k]) for k in (0, 1))
    # Tasks of 500 games (about 8 for the run), but the last 2 x 500 games (two workers) in
    # quarters.
    assert sorted(sizes, reverse=True)[:4] == [500] * 4
    assert sum(sizes) == 3000 and set(sorted(sizes, reverse=True)[4:]) == {125}


def test_an_empty_vary_is_one_point_the_design_as_given():
    out = sweep("correction", {}, 60, executor="serial", progress=False)
    rows = wb.simulate("correction", 60, seed=0, bots="heuristic", executor="serial")
    assert out.height == 1 and out["n"][0] == 60
    assert out["win_rate"][0] == pytest.approx(float((rows["winner"] == 0).mean()))
