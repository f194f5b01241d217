"""The compiled Correction kernel plays exactly the games the rules engine plays: same seeds,
same rows (with the tension columns a sweep asks for), for every rule variant, bot, setup and
edited table it accepts."""

from __future__ import annotations

from collections import Counter

import pytest

import workbench as wb
from tests import kernels
from tests.kernels import assert_same, declined
from workbench.core.bots import random_bot
from workbench.core.registry import get_game
from workbench.games.correction.batch import play_batch
from workbench.games.correction.bots import RolloutBot
from workbench.games.correction.game import VARIANTS
from workbench.sim.simulate import game_seeds, prepare

GAME = get_game("correction")


def both(n, **kwargs):
    """(kernel rows, engine rows) for the same n seeds."""
    return kernels.both("correction", n, **kwargs)


BOTS = ["random", "heuristic", {0: "heuristic"}, {1: "heuristic"}]


@pytest.mark.parametrize("trace", [False, True], ids=["rows", "traced"])
@pytest.mark.parametrize("bots", BOTS, ids=["random", "heuristic", "h-vs-r", "r-vs-h"])
def test_kernel_plays_the_engines_games(bots, trace):
    fast, slow = both(150, bots=bots, trace=trace)
    assert_same(fast, slow)


def test_the_agreement_covers_every_kind_of_decision_and_ending():
    fast, slow = both(300, bots="random", trace=True, rules={"cor.draw_after": 4})
    assert_same(fast, slow)
    outcomes = Counter(r["outcome"] for r in slow)
    assert outcomes["South wins"] >= 10 and outcomes["North wins"] >= 10
    assert outcomes["draw"] >= 10
    for column in ("captures", "spawns", "move_denials", "banishes", "recoveries", "lead_changes"):
        assert any(r[column] for r in slow), column
    fast, slow = both(200, bots="heuristic", trace=True)
    assert_same(fast, slow)
    for column in ("move_denials", "banishes", "lead_changes"):
        assert any(r[column] for r in slow), column


VARIANT_CASES = [
    (v.key, value) for v in VARIANTS for value in (v.choices or ()) if value != v.default
] + [("cor.draw_after", 1), ("cor.draw_after", 5)]


@pytest.mark.parametrize("bots", ["random", "heuristic"])
@pytest.mark.parametrize(("key", "value"), VARIANT_CASES)
def test_kernel_plays_every_rule_variant(bots, key, value):
    fast, slow = both(100, bots=bots, rules={key: value}, trace=bots == "heuristic")
    assert_same(fast, slow)


@pytest.mark.parametrize("first", ["South", "North"])
def test_kernel_plays_a_chosen_first_player(first):
    fast, slow = both(60, bots={0: "heuristic"}, first_player=first)
    assert_same(fast, slow)
    assert {r["first"] for r in slow} == {("South", "North").index(first)}


def edited(cards):
    return [
        cards.set("params", "spawn_limit", "value", 1).set(
            "params", "piece_denial_cost", "value", 2
        ),
        cards.set("params", "second_player_tokens", "value", 6)
        .set("params", "move_denial_cost", "value", 2)
        .set("params", "spawn_tokens", "value", 3),
        cards.set("pieces", "Knight", "count", 3)
        .set("pieces", "Spearman", "jumps", True)
        .set("pieces", "Knight", "enters_tokens", True)
        .set("pieces", "Pawn", "count", 2),
        # A long straight line (three squares passed over), and a Pawn that may step ahead.
        cards.with_row(
            "offsets",
            {"id": "spear-far", "piece": "Spearman", "dx": 0, "forward": 4, "mode": "both"},
        ).with_row(
            "offsets", {"id": "pawn-ahead", "piece": "Pawn", "dx": 0, "forward": 1, "mode": "move"}
        ),
    ]


@pytest.mark.parametrize("case", range(4))
def test_kernel_plays_edited_tables(case):
    cards = edited(wb.load_cards("correction"))[case]
    # Traced with random bots only: some of these tables stall the heuristic into time-outs,
    # which a traced batch hands back.
    for bots in ("random", "heuristic"):
        fast, slow = both(80, bots=bots, cards=cards, seed=case, trace=bots == "random")
        assert_same(fast, slow)


def test_time_outs_agree_traced_or_not():
    fast, slow = both(40, bots="random", max_decisions=30)
    assert_same(fast, slow)
    assert any(r["outcome"] == "timeout" for r in slow)
    # Traced, as sweeps play them: a game with no winner has no tension (empty columns).
    fast, slow = both(40, bots="random", max_decisions=30, trace=True)
    assert_same(fast, slow)
    assert all(r["drama"] is None for r in slow if r["outcome"] == "timeout")


def test_bots_the_kernel_does_not_copy_go_to_the_engine():
    def cautious(state, seat, actions, rng):
        return actions[-1]

    b = prepare("correction", None, None, "random", None, {})
    for bot in (cautious, RolloutBot()):
        declined(play_batch(GAME, b.cards, b.rules, b.setup, {0: bot}, 2000, [1, 2]))
    assert play_batch(GAME, b.cards, b.rules, b.setup, {1: random_bot}, 2000, [1, 2])[
        "seed"
    ].to_list() == [1, 2]
    # ... and simulate still gives the engine's rows for them.
    frame = wb.simulate("correction", 20, bots=cautious, seed=4)
    assert frame["seed"].to_list() == game_seeds(4, 20)


@pytest.mark.stamped
def test_simulate_and_sweep_take_the_kernel(monkeypatch):
    kernels.assert_simulate_and_sweep_take_the_kernel(
        monkeypatch, "correction", {"params.second_player_tokens.value": [0, 3]}
    )


def test_setup_errors_are_the_engines():
    with pytest.raises(wb.SetupError, match="first_player"):
        wb.simulate("correction", 3, first_player="East")
