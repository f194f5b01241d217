"""The compiled RPG Card Battle kernel plays exactly the games the rules engine plays: same
seeds, same rows (with the tension columns a sweep asks for), for every rule variant, bot,
setup and edited card table it accepts."""

from __future__ import annotations

from collections import Counter

import pytest

import workbench as wb
from tests import kernels
from tests.kernels import assert_same, declined
from workbench.core.bots import random_bot
from workbench.core.registry import get_game
from workbench.games.rpg_card_battle.batch import play_batch
from workbench.games.rpg_card_battle.game import VARIANTS
from workbench.sim.simulate import game_seeds, prepare

GAME = get_game("rpg_card_battle")


def both(n, **kwargs):
    """(kernel rows, engine rows) for the same n seeds."""
    return kernels.both("rpg_card_battle", n, **kwargs)


BOTS = ["random", "heuristic", {0: "heuristic"}, {1: "heuristic"}]


@pytest.mark.parametrize("trace", [False, True], ids=["rows", "traced"])
@pytest.mark.parametrize("bots", BOTS, ids=["random", "heuristic", "h-vs-r", "r-vs-h"])
def test_kernel_plays_the_engines_games(bots, trace):
    fast, slow = both(150, bots=bots, trace=trace)
    assert_same(fast, slow)


def test_the_agreement_covers_both_winners_draws_and_reshuffles():
    fast, slow = both(300, bots="random", trace=True)
    assert_same(fast, slow)
    outcomes = Counter(r["outcome"] for r in slow)
    assert outcomes["seat 1 wins"] >= 10 and outcomes["seat 2 wins"] >= 10
    assert outcomes["draw"] >= 1
    assert any(r["reshuffles"] for r in slow) and any(r["lead_changes"] for r in slow)


UNDEAD = {
    "classes": [None, "Undead"],
    "class_sets": [None, ["Undead Meat", "Undead Meat"] + ["Power Strike"] * 5],
}
VARIANT_CASES = [
    (v.key, value) for v in VARIANTS for value in (v.choices or ()) if value != v.default
] + [("rcb.turn_limit", 12), ("rcb.turn_limit", 0)]


@pytest.mark.parametrize("bots", ["random", "heuristic"])
@pytest.mark.parametrize(("key", "value"), VARIANT_CASES)
def test_kernel_plays_every_rule_variant(bots, key, value):
    # Undead Meat (halving) is in the Undead's deck; Envenom stacks in the Rogue's.
    setup = UNDEAD if key == "rcb.halve_rounding" else {}
    fast, slow = both(80, bots=bots, rules={key: value}, trace=bots == "heuristic", **setup)
    assert_same(fast, slow)


SETUPS = [
    {"characters": ["Rogue", "Knight"]},
    {"characters": ["Knight", "Knight"], "level": 1},
    {
        "level": [3, 2],
        "classes": ["Undead", None],
        "class_sets": [["Undead Meat"] + ["Power Strike"] * 6, None],
    },
    {"equipment": [["Poisoned Dagger", "Chainmail"], ["Longsword", "Kite Shield"]]},
]


@pytest.mark.parametrize("setup", SETUPS, ids=range(len(SETUPS)))
def test_kernel_plays_every_setup(setup):
    for bots in ("random", "heuristic"):
        fast, slow = both(80, bots=bots, **setup)
        assert_same(fast, slow)


def edited(cards):
    return [
        cards.set("classes", "Knight", "hp", 8).set("classes", "Rogue", "attack", 6),
        cards.set("cards", "Envenom", "poison", 4)
        .set("cards", "Shield Bash", "reflect", 5)
        .set("cards", "Backstab", "attack_vs_guard", 9),
        cards.set("cards", "Healing Potion", "heal", 20)
        .set("cards", "Smoke Bomb", "guard_turns", 4)
        .set("cards", "Rally Cry", "after", "spent"),
        cards.set("cards", "Sword Specialist", "attack", 5)
        .set("cards", "Evasion", "defence", 4)
        .set("equipment", "Longsword", "attack", 0),
    ]


@pytest.mark.parametrize("case", range(4))
def test_kernel_plays_edited_cards(case):
    cards = edited(wb.load_cards("rpg_card_battle"))[case]
    for bots in ("random", "heuristic"):
        fast, slow = both(80, bots=bots, cards=cards, seed=case, trace=True)
        assert_same(fast, slow)


def every_card_spent(cards):
    for name in cards["cards"]["name"]:
        cards = cards.set("cards", name, "after", "spent")
    return cards


NO_PASSIVES = [["Shield Wall"] * 2 + ["Power Strike"] * 5, ["Backstab"] * 2 + ["Power Strike"] * 5]


@pytest.mark.parametrize("nothing_left", ["bare_attack", "pass"])
def test_empty_hands_with_nothing_to_draw_agree(nothing_left):
    # Every card played is gone for good, no Passive is left to give up again and again, and
    # the characters last: hands, draw piles and Recycle run dry.
    cards = every_card_spent(wb.load_cards("rpg_card_battle"))
    cards = cards.set("classes", "Knight", "hp", 150).set("classes", "Rogue", "hp", 150)
    for bots in ("random", "heuristic"):
        fast, slow = both(
            60,
            bots=bots,
            cards=cards,
            rules={"rcb.nothing_left": nothing_left},
            class_sets=NO_PASSIVES,
        )
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

    b = prepare("rpg_card_battle", None, None, "random", None, {})
    declined(play_batch(GAME, b.cards, b.rules, b.setup, {0: cautious}, 2000, [1, 2]))
    assert play_batch(GAME, b.cards, b.rules, b.setup, {1: random_bot}, 2000, [1, 2])[
        "seed"
    ].to_list() == [1, 2]
    # ... and simulate still gives the engine's rows for them.
    frame = wb.simulate("rpg_card_battle", 20, bots=cautious, seed=4)
    assert frame["seed"].to_list() == game_seeds(4, 20)


@pytest.mark.stamped
def test_simulate_and_sweep_take_the_kernel(monkeypatch):
    kernels.assert_simulate_and_sweep_take_the_kernel(
        monkeypatch, "rpg_card_battle", {"classes.Knight.hp": [12, 30]}
    )


def test_setup_errors_are_the_engines():
    with pytest.raises(wb.SetupError, match="no character"):
        wb.simulate("rpg_card_battle", 3, characters=["Knight", "Wizard"])
