"""Games per second for every registered game: `simulate` (the batch path, compiled where the
game has a kernel) and `Match.auto` (the logged, undoable path), with the rules engine alone
(`play_out`, what `simulate` plays without a kernel) for logged play's cost per decision
against the engine's (goal: at most 2 times); random and heuristic bots; and random playouts
through the OpenSpiel adapter (our rules driven through pyspiel's API), OpenSpiel's own C++
games (hearts, backgammon) driven by the same random playout loop as the reference for what a
game engine reaches from Python, and each game's own search bots in self-play. Medians of 5
runs (3 for the search bots, on fewer games).

    .venv/bin/python benchmarks/simulate.py --reference   # only OpenSpiel's own games

    .venv/bin/python benchmarks/simulate.py [games] [game ...]
    .venv/bin/python benchmarks/simulate.py --against PATH [--runs N] [games] [game ...]

With --against, every game and bot kind is measured in fresh processes against this checkout
and the one at PATH, alternating run by run, and the ratio of the medians is printed (above 1:
this checkout plays more games per second). Scored two-seat games are also timed traced, as a
sweep plays them (the `traced` rows: a score after every decision, for the tension columns).
These rates are games per second of the process's own CPU time, so that other work on the
machine slows neither side.

Results go to benchmarks/RESULTS.md: a run of games writes "Games per second" and the
reference, --reference the reference alone, --against a section of its own.
"""

from __future__ import annotations

import gc
import math
import statistics
import sys
import time
from pathlib import Path

from checkouts import HERE, run, summary  # benchmarks/checkouts.py, beside this script
from results import echo, record  # benchmarks/results.py, beside this script
from timing import spread, timed  # benchmarks/timing.py, beside this script

import workbench as wb
from workbench.core import get_game
from workbench.core.bots import make_bots
from workbench.sim import game_seeds
from workbench.sim.simulate import play_out, prepare
from workbench.sim.sweep import tension_by_default


def bench(game: str, n: int, out: list[str], runs: int = 5) -> None:
    """Games and decisions per CPU second in this process: `simulate` (serial, in the compiled
    kernel where the game has one), `Match.auto`, and the rules engine alone, the bot kinds
    alternating run by run. Every run plays new seeds: the same games twice would find the
    rules' caches (legal actions by hand, for one) already filled, which flatters the
    cheaper bots most."""
    cards = wb.load_cards(game)
    g = get_game(game)
    bot_kinds = ["random"] + (["heuristic"] if g.heuristic_bot() else [])
    engines, logged_games = {}, {}
    for bots in bot_kinds:  # warm: cards read, kernels compiled
        wb.simulate(game, max(1, n // 10), seed=0, cards=cards, bots=bots, executor="serial")
        engines[bots] = _engine(game, cards, bots)
        engines[bots](game_seeds(0, 2))
        # Logged games per run: a fifth of n (it is the slower path), but enough for
        # LOGGED_CPU seconds, so that short games are not timed over a few milliseconds.
        seeds = game_seeds(1, 10)
        t = time.process_time()
        for s in seeds:
            wb.play(game, seed=s, cards=cards, bots=bots).auto()
        per_game = (time.process_time() - t) / len(seeds)
        logged_games[bots] = min(5 * n, max(1, n // 5, math.ceil(LOGGED_CPU / per_game)))
    rates = {
        (bots, k): []
        for bots in bot_kinds
        for k in ("games", "decisions", "engine", "match", "match decisions")
    }
    for rep in range(1, runs + 1):
        for bots in bot_kinds:
            # Each timed part starts with no garbage of the part before it to collect.
            gc.collect()
            t = time.process_time()
            frame = wb.simulate(game, n, seed=rep, cards=cards, bots=bots, executor="serial")
            dt = time.process_time() - t
            rates[bots, "games"].append(n / dt)
            rates[bots, "decisions"].append(int(frame["length"].sum()) / dt)
            # Other games than simulate's, for the same reason, and other games again for
            # the engine alone: played just before, the same games would fill the rules'
            # caches for Match.auto. The two are compared per decision.
            seeds = game_seeds(100 + rep, logged_games[bots])
            decisions = 0
            gc.collect()
            t = time.process_time()
            for s in seeds:  # one match at a time, as a designer keeps them
                match = wb.play(game, seed=s, cards=cards, bots=bots)
                match.auto()
                decisions += match.decisions
            dt = time.process_time() - t
            rates[bots, "match"].append(len(seeds) / dt)
            rates[bots, "match decisions"].append(decisions / dt)
            gc.collect()
            t = time.process_time()
            rows = engines[bots](game_seeds(200 + rep, len(seeds)))
            rates[bots, "engine"].append(sum(r["length"] for r in rows) / (time.process_time() - t))
    for bots in bot_kinds:
        games, engine, match = (rates[bots, k] for k in ("games", "engine", "match"))
        slower = statistics.median(games) / statistics.median(match)
        logged = statistics.median(engine) / statistics.median(rates[bots, "match decisions"])
        LOGGED.append((game, bots, logged))
        echo(
            out,
            f"{game:<16} {bots:<10} {spread(games):>20} "
            f"{spread(rates[bots, 'decisions']):>28} {spread(engine):>20} "
            f"{spread(match):>20} {slower:>8.1f}x {logged:>7.2f}x",
        )
    if len(bot_kinds) == 2:
        share = statistics.median(rates["heuristic", "decisions"]) / statistics.median(
            rates["random", "decisions"]
        )
        HEURISTIC_SHARE.append((game, share))


def _engine(game: str, cards, bots: str):
    """seeds -> their games played by the rules engine alone, as `simulate` plays a game
    without a kernel (and with no bot time limit to watch)."""
    batch = prepare(game, cards=cards, bots=bots)
    g = get_game(game)
    made = make_bots(bots, g, g.num_seats(batch.setup))

    def play(seeds):
        return [
            play_out(g, batch.cards, batch.rules, batch.setup, s, made, g.max_decisions)
            for s in seeds
        ]

    return play


# (game, heuristic decisions per second / random decisions per second), filled by bench
HEURISTIC_SHARE: list = []
GOAL_SHARE = 0.30
# (game, bots, logged play's time per decision / the rules engine's)
LOGGED: list = []
GOAL_LOGGED = 2.0
LOGGED_CPU = 0.5  # seconds of logged play per run at least

TITLE = "Games per second (benchmarks/simulate.py)"
# Its own section, so that `--reference` alone renews it without the games' figures.
REFERENCE_TITLE = "OpenSpiel's own games, the reference (benchmarks/simulate.py)"
AGAINST = "Games per second against another checkout (benchmarks/simulate.py)"


def bench_openspiel(game: str, n: int) -> float:
    """Random playouts through OpenSpiel's API on our game (chance sampled by its weights)."""
    import random

    from workbench.sim.openspiel import openspiel_game

    ps_game = openspiel_game(game)
    rng = random.Random(0)
    return n / timed(lambda: _random_playouts(ps_game, n, rng))


def _random_playouts(ps_game, n: int, rng) -> int:
    """n random playouts through OpenSpiel's API (chance sampled by its weights); returns the
    number of decisions made."""
    decisions = 0
    for _ in range(n):
        state = ps_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(
                    rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                )
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return decisions


REFERENCE = {"hearts": 200, "backgammon": 50}  # games per run


def bench_reference(out: list[str]) -> None:
    """OpenSpiel's own games, in its C++ engine, driven from Python by the same random
    playout loop: the reference for what decisions per second a game engine reaches from
    Python. Median (min-max) of 5 runs, per CPU second."""
    import random

    import pyspiel

    sizes = ", ".join(f"{name} {n}" for name, n in REFERENCE.items())
    echo(
        out,
        f"random playouts from Python, games per run: {sizes}; 5 runs, per CPU second, "
        "median (min-max)",
    )
    echo(out, f"{'OpenSpiel (C++)':<16} {'games/s':>22} {'decisions/s':>26}")
    for name, n in REFERENCE.items():
        ps_game = pyspiel.load_game(name)
        games, decisions = [], []
        for rep in range(5):
            t = time.process_time()
            d = _random_playouts(ps_game, n, random.Random(rep))
            dt = time.process_time() - t
            games.append(n / dt)
            decisions.append(d / dt)
        echo(out, f"{name:<16} {summary(games):>22} {summary(decisions):>26}")


def bench_named(game: str, n: int, out: list[str]) -> None:
    """Each of the game's named bots (search bots, much slower) playing itself: wall time,
    as a designer waits for it, median of 3 runs on new games each."""
    for name in get_game(game).named_bots():
        wb.simulate(game, max(1, n // 10), seed=0, bots=name)  # warm
        games, decisions = [], []
        for rep in range(1, 4):
            t = time.perf_counter()
            frame = wb.simulate(game, n, seed=rep, bots=name)
            dt = time.perf_counter() - t
            games.append(n / dt)
            decisions.append(int(frame["length"].sum()) / dt)
        echo(
            out,
            f"{game:<16} {name:<10} {statistics.median(games):>10.1f} "
            f"{statistics.median(decisions):>12.0f}",
        )


CHILD = """\
import time
import workbench as wb
from workbench.core import get_game
bots = {bots!r}
if bots == "heuristic" and get_game({game!r}).heuristic_bot() is None:
    answer = {{"skip": True}}
else:
    from workbench.sim import game_seeds  # where every version has it
    # Warm (cards loaded, kernels compiled) on other games than the measured ones, whose
    # repeats would find the rules' caches filled.
    wb.simulate({game!r}, {n}, seed=1, bots=bots)
    t = time.process_time()
    wb.simulate({game!r}, {n}, seed=0, bots=bots)
    rate = {n} / (time.process_time() - t)
    # Traced, as a sweep plays a game with tension columns (this checkout decides which:
    # see compare).
    traced = None
    if {trace!r}:
        import dataclasses
        from workbench.sim.simulate import prepare
        batch = dataclasses.replace(prepare({game!r}, bots=bots), trace=True)
        t = time.process_time()
        batch.run(game_seeds(2, {n}))
        traced = {n} / (time.process_time() - t)
    seeds = game_seeds(0, min(max(1, {n} // 5), 200))  # logged play is the slower path
    t = time.process_time()
    for s in seeds:
        wb.play({game!r}, seed=s, bots=bots).auto()
    answer = {{"rate": rate, "traced": traced,
              "match": len(seeds) / (time.process_time() - t)}}
"""


def compare(other: Path, n: int, games: list[str], runs: int) -> None:
    """Games per second of this checkout and `other`, fresh process per run, alternating."""
    checkouts = [HERE, other]
    out: list[str] = []
    echo(
        out,
        f"{n} games per run, default setup, {runs} runs per checkout, alternating; "
        f"games per CPU second, median (min-max); {HERE} against {other}",
    )
    echo(
        out, f"{'game':<16} {'bots':<10} {'path':<12} {HERE.name:>22} {other.name:>22} {'ratio':>7}"
    )
    for game in games:
        g = get_game(game)
        trace = tension_by_default(g, g.num_seats(g.check_setup(None)))
        for bots in ("random", "heuristic"):
            rates = {(c, k): [] for c in checkouts for k in ("rate", "traced", "match")}
            for _ in range(runs):
                for checkout in checkouts:
                    answer = run(checkout, CHILD.format(game=game, bots=bots, n=n, trace=trace))
                    if answer.get("skip"):
                        break
                    for k in ("rate", "traced", "match"):
                        if answer[k] is not None:
                            rates[checkout, k].append(answer[k])
            if not rates[HERE, "rate"]:
                continue
            for k, path in (("rate", "simulate"), ("traced", "traced"), ("match", "Match.auto")):
                mine, theirs = rates[HERE, k], rates[other, k]
                if not mine or not theirs:
                    continue
                ratio = statistics.median(mine) / statistics.median(theirs)
                echo(
                    out,
                    f"{game:<16} {bots:<10} {path:<12} {summary(mine):>22} "
                    f"{summary(theirs):>22} {ratio:>6.2f}x",
                )
    echo(out)
    echo(out, f"ratio: median of {HERE.name} / median of {other.name}")
    record(AGAINST, out)


def against(args: list[str]) -> None:
    """`--against OTHER [--runs R] [N] [GAME ...]`: this checkout against another one."""
    i = args.index("--against")
    other = Path(args[i + 1]).resolve()
    del args[i : i + 2]
    runs = 5
    if "--runs" in args:
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i : i + 2]
    n = int(args[0]) if args else 500
    compare(other, n, args[1:] or wb.list_games(), runs)


def echo_goals(out: list[str]) -> None:
    """The goals for logged play and for heuristic self-play, each met or missed."""
    echo(
        out,
        f"logged play (Match.auto) per decision, as a multiple of the rules engine's "
        f"(goal: at most {GOAL_LOGGED:g}x)",
    )
    for game, bots, logged in LOGGED:
        verdict = "met" if logged <= GOAL_LOGGED else "missed"
        echo(out, f"{game:<16} {bots:<10} {logged:>6.2f}x  {verdict}")
    echo(out)
    echo(
        out,
        f"heuristic self-play's decisions per second as a share of random play's "
        f"(goal {GOAL_SHARE:.0%})",
    )
    for game, share in HEURISTIC_SHARE:
        verdict = "met" if share >= GOAL_SHARE else "missed"
        echo(out, f"{game:<16} {share:>6.1%}  {verdict}")


def bench_pyspiel_api(n: int, games: list[str], out: list[str]) -> None:
    """Our rules driven through pyspiel's API: what OpenSpiel's algorithms get from our games."""
    echo(
        out,
        f"random bots, {n} games: simulate against random playouts through pyspiel's "
        "API on our rules; games per wall second, median of 5",
    )
    echo(out, f"{'game':<16} {'simulate/s':>10} {'pyspiel API/s':>14} {'simulate/API':>13}")
    for game in games:
        seeds = iter(range(1, 1000))  # new games each run, as in bench()
        ours = n / timed(
            lambda game=game, seeds=seeds: wb.simulate(game, n, seed=next(seeds), bots="random")
        )
        theirs = bench_openspiel(game, n)
        echo(out, f"{game:<16} {ours:>10.0f} {theirs:>14.0f} {ours / theirs:>12.1f}x")


def bench_search_bots(n: int, games: list[str], out: list[str]) -> None:
    """Search bots in self-play, for the games that have them."""
    searchers = [g for g in games if get_game(g).named_bots()]
    if searchers:
        k = min(n, 20)
        echo(out)
        echo(out, f"search bots, self-play, {k} games per run, median of 3")
        echo(out, f"{'game':<16} {'bots':<10} {'simulate/s':>10} {'decisions/s':>12}")
        for game in searchers:
            bench_named(game, k, out)


def main() -> None:
    args = sys.argv[1:]
    if "--against" in args:
        against(args)
        return
    if "--reference" in args:
        reference: list[str] = []
        bench_reference(reference)
        record(REFERENCE_TITLE, reference)
        return
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    games = sys.argv[2:] or wb.list_games()
    out: list[str] = []
    echo(
        out,
        f"{n} games per run, default setup, 5 runs with new seeds each, bot kinds "
        "alternating; per CPU second of this process, median (min-max)",
    )
    echo(
        out,
        f"{'game':<16} {'bots':<10} {'simulate games/s':>20} "
        f"{'simulate decisions/s':>28} {'engine decisions/s':>20} "
        f"{'Match.auto games/s':>20} {'slower':>9} {'logged':>8}",
    )
    for game in games:
        bench(game, n, out)
    echo(
        out,
        "slower: Match.auto's time per game over simulate's; logged: Match.auto's time "
        "per decision over the rules engine's",
    )
    echo(out)
    echo_goals(out)
    echo(out)
    bench_pyspiel_api(n, games, out)
    print()
    reference: list[str] = []
    bench_reference(reference)
    bench_search_bots(n, games, out)
    record(TITLE, out)
    record(REFERENCE_TITLE, reference)


if __name__ == "__main__":
    main()
