"""The compiled co-op kernel plays exactly the games the rules engine plays: same seeds, same
rows, for every setup, rule variant, bot and edited card table it accepts."""

from __future__ import annotations

from collections import Counter

import pytest

import workbench as wb
from tests import kernels
from tests.kernels import assert_same, declined
from workbench.core.bots import make_bots, random_bot
from workbench.core.registry import get_game
from workbench.games.coop.batch import play_batch
from workbench.games.coop.game import VARIANTS
from workbench.sim.simulate import Batch, game_seeds, play_out, prepare

GAME = get_game("coop")


def both(n, **kwargs):
    """(kernel rows, engine rows) for the same n seeds."""
    return kernels.both("coop", n, **kwargs)


SETUPS = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {"players": ["Ranged", "Ranged", "Melee"]},
    {"players": 3, "first_encounter": "RAT-4"},
    {"players": 4, "easy_start": True},
]


@pytest.mark.parametrize("bots", ["random", "heuristic"])
@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: "-".join(map(str, s.values())))
def test_kernel_plays_the_engines_games(bots, setup):
    fast, slow = both(80, bots=bots, **setup)
    assert_same(fast, slow)


def test_the_agreement_covers_wins_losses_and_knockouts():
    fast, slow = both(200, bots="heuristic", players=3)
    assert_same(fast, slow)
    outcomes = Counter(r["outcome"] for r in slow)
    assert outcomes["win"] >= 10 and outcomes["loss"] >= 10
    assert sum(r["knockouts"] for r in slow) > 0
    assert any(r["used"] for r in slow)


VARIANT_CASES = [
    (v.key, value)
    for v in VARIANTS
    for value in (v.choices or ())
    if value != v.default and v.key != "coop.loot_policy"
]


@pytest.mark.parametrize("bots", ["random", "heuristic"])
@pytest.mark.parametrize(("key", "value"), VARIANT_CASES)
def test_kernel_plays_every_rule_variant(bots, key, value):
    players = 5 if key == "coop.placement" else 2 if key == "coop.battles_2p" else 3
    fast, slow = both(60, bots=bots, rules={key: value}, players=players)
    assert_same(fast, slow)


def edited(cards):
    return [
        cards.set("enemies", "Brutes", "health", 6),
        cards.set("enemies", "Growlers", "armor", 9).set("enemies", "Rats", "dice", 0),
        cards.set("enemies", "Lankies", "dodge", 0)
        .set("loot", "BW-U", "hits", 5)
        .set("loot", "SW-U", "dice", 3),
        cards.set("encounters", "RAT-2", "base", 1)
        .set("loot", "AR-R", "copies", 0)
        .set("classes", "Melee", "damage", 0),
    ]


@pytest.mark.parametrize("case", range(4))
def test_kernel_plays_edited_cards(case):
    cards = edited(wb.load_cards("coop"))[case]
    for bots in ("random", "heuristic"):
        fast, slow = both(60, bots=bots, cards=cards, players=3, seed=case)
        assert_same(fast, slow)


def test_time_outs_and_stalls_agree():
    fast, slow = both(60, bots="random", max_decisions=40, players=3)
    assert_same(fast, slow)
    assert any(r["outcome"] == "timeout" for r in slow)
    # Growlers with Armor 9 outlast bare hands: games stall and are called at round 50.
    cards = wb.load_cards("coop").set("enemies", "Growlers", "armor", 9)
    fast, slow = both(60, bots="heuristic", cards=cards, players=3)
    assert_same(fast, slow)
    assert any(r["outcome"] == "timeout" and r["length"] < GAME.max_decisions for r in slow)


def test_a_game_lost_as_the_shield_reflects_agrees():
    # The last standing player falls to the encounter's last enemy, whose reflected damage
    # would kill it: the game is lost rather than moving on with nobody standing.
    seed = 131293458544163
    b = prepare("coop", None, None, "random", None, {"players": 3})
    made = make_bots(b.bots, GAME, 3)
    fast = play_batch(GAME, b.cards, b.rules, b.setup, made, GAME.max_decisions, [seed])
    slow = play_out(GAME, b.cards, b.rules, b.setup, seed, made, GAME.max_decisions)
    assert slow["outcome"] == "loss"
    assert_same(fast.to_dicts(), [slow])


def test_bots_and_rules_the_kernel_does_not_copy_go_to_the_engine():
    def cautious(state, seat, actions, rng):
        return actions[-1]

    cards = wb.load_cards("coop")
    b = prepare("coop", cards, None, "random", None, {"players": 3})
    declined(play_batch(GAME, cards, b.rules, b.setup, {0: cautious}, 3000, [1, 2]))
    agent = GAME.resolve_rules({"coop.loot_policy": "agent"})
    declined(play_batch(GAME, cards, agent, b.setup, {0: random_bot}, 3000, [1, 2]))
    # ... and simulate still gives the engine's rows for them.
    frame = wb.simulate("coop", 20, bots=cautious, players=3, seed=4)
    assert frame["seed"].to_list() == game_seeds(4, 20)


@pytest.mark.stamped
def test_simulate_and_sweep_take_the_kernel(monkeypatch):
    expected = wb.simulate("coop", 30, bots="heuristic", players=3, seed=9)

    def engine(*args, **kwargs):
        raise AssertionError("the rules engine played a batch the kernel should play")

    # Batch's engine path, not play_out, which the kernel copies (see tests/kernels.py).
    monkeypatch.setattr(Batch, "_engine", engine)
    again = wb.simulate("coop", 30, bots="heuristic", players=3, seed=9)
    assert again.equals(expected) and set(again["played_by"]) == {"kernel"}
    swept = wb.sweep(
        "coop", {"enemies.Brutes.health": [6, 14]}, 30, players=3, executor="serial", progress=False
    )
    assert swept["n"].to_list() == [30, 30] and swept["played_by"].to_list() == ["kernel"] * 2
    with pytest.raises(AssertionError, match="rules engine"):
        wb.simulate("coop", 2, bots=lambda s, seat, a, r: a[0], players=3)


def test_setup_errors_are_the_engines():
    with pytest.raises(wb.SetupError, match="no encounter card"):
        wb.simulate("coop", 3, players=3, first_encounter="NOPE-1")


@pytest.mark.parametrize("bad", [0, -5, 2.5, "100", True])
def test_a_bad_decision_cap_is_named(bad):
    with pytest.raises(wb.SetupError, match="max_decisions"):
        wb.simulate("coop", 3, players=3, max_decisions=bad)
