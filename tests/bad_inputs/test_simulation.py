"""Simulations, sweeps and solves: arguments are checked for their type and range before any game
is played, work is counted before it is built, and a bot that misbehaves is named with its
seat, decision and seed.
"""

from __future__ import annotations

import warnings

import workbench as wb

from .cases import Lost, Silent, Unclear, area_test, case, check, expect, spin_bot, supported


@case("simulation")
def a_negative_seed_is_not_another_seed(tmp):
    with expect("SetupError", "seed", "0 or more", "-5"):
        wb.simulate("correction", 5, seed=-5)


def _illegal_bot(state, seat, actions, rng):
    from workbench import Action

    return Action("teleport", (99,), "Teleport")


def _none_bot(state, seat, actions, rng):
    return None


def _junk_bot(state, seat, actions, rng):
    return 5


def _label_bot(state, seat, actions, rng):
    return actions[int(rng.random() * len(actions))].label


def _action_bot(state, seat, actions, rng):
    return actions[int(rng.random() * len(actions))]


@case("simulation")
def illegal_bot_action(tmp):
    with expect("IllegalAction", "_illegal_bot", "seat 1", "decision", "seed"):
        wb.simulate("correction", 3, bots={0: _illegal_bot})


@case("simulation")
def bot_returns_none(tmp):
    with expect("IllegalAction", "_none_bot", "None", "seat", "seed"):
        wb.simulate("correction", 3, bots={0: _none_bot})


@case("simulation")
def bot_returns_junk(tmp):
    with expect("IllegalAction", "_junk_bot", "int", "seat", "seed"):
        wb.simulate("correction", 3, bots={0: _junk_bot})


@case("simulation")
def bot_returns_a_label(tmp):
    try:
        by_label = wb.simulate("correction", 5, bots={0: _label_bot, 1: _action_bot})
    except Exception as exc:
        raise Unclear(f"a label was refused: {str(exc)[:200]}") from exc
    by_action = wb.simulate("correction", 5, bots={0: _action_bot, 1: _action_bot})
    # The games, not which bot `played_by` names as the reason the engine played them.
    check(
        by_label.drop("played_by").equals(by_action.drop("played_by")),
        "a label played differently from its action",
        Silent,
    )


@case("simulation")
def battles_zero(tmp):
    with expect("SetupError", "battles_2p"):
        wb.simulate("coop", 2, rules={"coop.battles_2p": 0}, players=2)


@case("simulation")
def battles_negative(tmp):
    with expect("SetupError", "battles_2p"):
        wb.simulate("coop", 2, rules={"coop.battles_2p": -5}, players=2)


@case("simulation")
def rules_as_text(tmp):
    with expect("SetupError", "rules"):
        wb.simulate("coop", 2, rules="fast")


@case("simulation")
def seed_text(tmp):
    with expect("SetupError", "seed", "whole number"):
        wb.simulate("coop", 2, seed="abc")


@case("simulation")
def seed_float(tmp):
    with expect("SetupError", "seed", "whole number"):
        wb.simulate("coop", 2, seed=1.5)


@case("simulation")
def seed_bool(tmp):
    with expect("SetupError", "seed", "whole number"):
        wb.simulate("coop", 2, seed=True)


@case("simulation")
def sweep_seed_text(tmp):
    with expect("SetupError", "seed"):
        wb.sweep(
            "coop",
            {"enemies.Rats.health": [1, 2]},
            2,
            seed="abc",
            executor="serial",
            progress=False,
        )


@case("simulation")
def seed_none_gives_a_replayable_frame(tmp):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        first = wb.simulate("correction", 3, seed=None)
    told = [w for w in seen if "seed" in str(w.message)]
    check(bool(told), "the fresh seed was not reported", Silent)
    seed = int(str(told[0].message).split("seed ")[1].split(";")[0])
    check(wb.simulate("correction", 3, seed=seed).equals(first), "not replayable", Silent)


@case("simulation")
def n_true(tmp):
    with expect("SetupError", "n"):
        wb.simulate("coop", True)


@case("simulation")
def max_decisions_true(tmp):
    with expect("SetupError", "max_decisions"):
        wb.simulate("coop", 2, max_decisions=True)


@case("simulation")
def mcts_zero(tmp):
    with expect("SetupError", "mcts:0", "playouts"):
        wb.simulate("correction", 1, bots="mcts:0")


@case("simulation")
def sensitivity_step_zero(tmp):
    with expect("SetupError", "step"):
        wb.sensitivity("coop", "enemies", 10, step=0, executor="serial", progress=False)


@case("simulation")
def sensitivity_unknown_table(tmp):
    with expect("SetupError", "dragons", "table"):
        wb.sensitivity("coop", "dragons", 10, executor="serial", progress=False)


@case("simulation")
def sensitivity_unknown_column(tmp):
    with expect("SetupError", "speed", "column"):
        wb.sensitivity("coop", "enemies", 10, columns=["speed"], executor="serial", progress=False)


@case("simulation")
def sensitivity_n_zero(tmp):
    with expect("SetupError", "n"):
        wb.sensitivity("coop", "enemies", 0, executor="serial", progress=False)


@case("simulation")
def solve_step_negative(tmp):
    with expect("SetupError", "step"):
        wb.solve("coop", "enemies.Brutes.health", 0.5, (5, 15), step=-1)


@case("simulation")
def solve_step_zero(tmp):
    with expect("SetupError", "step"):
        wb.solve("coop", "enemies.Brutes.health", 0.5, (5, 15), step=0)


@case("simulation")
def solve_max_games_zero(tmp):
    with expect("SetupError", "max_games"):
        wb.solve("coop", "enemies.Brutes.health", 0.5, (5, 15), max_games=0)


@case("simulation")
def a_billion_games(tmp):
    with expect("SetupError", "1,000,000,000", "confirm"):
        wb.simulate("coop", 10**9)


@case("simulation")
def sweep_of_ten_million(tmp):
    with expect("SetupError", "confirm"):
        wb.sweep(
            "coop", {"enemies.Rats.health": [1, 2]}, 5 * 10**6, executor="serial", progress=False
        )


@case("simulation")
def grid_of_a_million_points(tmp):
    vary = {
        "enemies.Rats.health": list(range(1, 101)),
        "enemies.Brutes.health": list(range(1, 101)),
        "enemies.Lankies.health": list(range(1, 101)),
    }
    with expect("SetupError", "1,000,000 points", "confirm"):
        wb.sweep("coop", vary, 10, executor="serial", progress=False)


def _hung_sweep(executor):
    from workbench.sim import simulate as sim

    kw = supported(wb.sweep, bot_time_limit=0.5)
    if not kw:  # a version without a time limit: it would wait as long as the bot does
        sim.BOT_TIME_LIMIT = 0.5
    with expect("IllegalAction", "spin_bot", "seat", "seed"):
        wb.sweep(
            "correction",
            {"rules.cor.draw_after": [60]},
            4,
            bots=spin_bot,
            executor=executor,
            progress=False,
            **kw,
        )


@case("simulation")
def hung_bot_in_threads(tmp):
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(2) as pool:
        _hung_sweep(pool)


@case("simulation")
def hung_bot_in_processes(tmp):
    _hung_sweep("processes")


@case("simulation")
def local_cluster_of_no_workers(tmp):
    from workbench.sim import local_cluster

    for workers in (0, -2, 1.5, "two"):
        with expect("ValueError", "local_cluster", "workers", repr(workers)):
            local_cluster(workers)


@case("simulation")
def hung_bot_on_dask(tmp):
    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        _hung_sweep(client)


def _raising_bot(state, seat, actions, rng):
    return actions[len(actions) // 0]


@case("simulation")
def a_bot_that_raises_is_named(tmp):
    for executor in ("serial", "processes"):
        with expect("BotError", "_raising_bot", "seat 1", "decision", "seed", "ZeroDivisionError"):
            wb.simulate("correction", 5, bots={0: _raising_bot}, executor=executor, progress=False)


@case("simulation")
def a_rule_that_raises_is_named(tmp):
    from workbench.games.correction.rules import CorrectionState

    original = CorrectionState.stats
    CorrectionState.stats = lambda self: {"turns": 1 // 0}  # a rule written with a mistake
    try:
        with expect("RulesError", "correction", "ZeroDivisionError", "decision", "of seed"):
            wb.simulate("correction", 5, executor="serial", progress=False)
    finally:
        CorrectionState.stats = original


@case("simulation")
def a_step_that_takes_every_stat_out_of_range(tmp):
    with expect("SetupError", "step", "1,000,000", "range"):
        wb.sensitivity("coop", "enemies", 10, step=10**6, executor="serial", progress=False)


@case("simulation")
def bots_that_are_not_bots(tmp):
    for bad in (5, ["random", "random"]):
        with expect("SetupError", "bots", type(bad).__name__):
            wb.simulate("correction", 5, bots=bad, executor="serial")
        with expect("SetupError", "bots", type(bad).__name__):
            wb.play("correction", bots=bad)


@case("simulation")
def cards_given_as_a_name(tmp):
    with expect("SetupError", "cards", "CardSet", "str"):
        wb.simulate("correction", 5, cards="correction", executor="serial")


@case("simulation")
def a_word_or_a_number_is_not_yes_or_no(tmp):
    with expect("SetupError", "progress", "'no'"):
        wb.simulate("correction", 5, executor="serial", progress="no")
    with expect("SetupError", "tension", "'yes'"):
        wb.sweep("correction", {}, 5, executor="serial", tension="yes")
    with expect("SetupError", "games", "1"):
        wb.sweep("correction", {}, 5, executor="serial", games=1)
    with expect("SetupError", "skill", "'no'"):
        wb.balance("correction", skill="no")


@case("simulation")
def sensitivity_of_columns_given_as_a_number(tmp):
    with expect("SetupError", "columns", "5"):
        wb.sensitivity("coop", "enemies", 5, columns=5, executor="serial")
    with expect("SetupError", "cards_subset", "5"):
        wb.sensitivity("coop", "enemies", 5, cards_subset=5, executor="serial")


@case("simulation")
def the_what_if_view_checks_its_arguments(tmp):
    from workbench.widgets.whatif_logic import WhatIfSession

    with expect("SetupError", "seed", "True"):
        WhatIfSession("correction", seed=True)
    with expect("SetupError", "cards", "CardSet"):
        WhatIfSession("correction", cards={"pieces": []})
    session = WhatIfSession("coop")
    with expect("SetupError", "values", "int"):
        session.run(session.stats()[0], 5, 5)
    check(session.runs == 0 and not session.running, "a refused run left its mark", Lost)


@case("simulation")
def a_stop_that_is_not_an_event(tmp):
    with expect("SetupError", "stop", "threading.Event", "'yes'"):
        wb.sweep("coop", {"enemies.Brutes.health": [6, 8]}, 50, stop="yes", executor="serial")


@case("simulation")
def a_what_if_run_of_no_values(tmp):
    from workbench.widgets.whatif_logic import WhatIfSession

    session = WhatIfSession("coop", players=3, executor="serial")
    with expect("SetupError", "values", "[8, 10, 12]"):
        session.run("enemies.Brutes.health", [], 50)


@case("simulation")
def a_cluster_option_that_does_not_exist(tmp):
    from workbench.sim import local_cluster

    with expect("ValueError", "local_cluster", "'bogus_option'"):
        local_cluster(1, bogus_option=3)


test_bad_input = area_test(__name__)
