"""The compiled Soldiers! Aliens! Carnage! kernel plays exactly the games the rules engine
plays: same seeds, same rows, for every rule variant, bot and edited table it accepts."""

from __future__ import annotations

from collections import Counter

import pytest

import workbench as wb
from tests import kernels
from tests.kernels import assert_same, declined
from workbench.core.bots import make_bots, random_bot
from workbench.core.registry import get_game
from workbench.games.sac.batch import play_batch
from workbench.games.sac.bots import heuristic, search
from workbench.games.sac.game import VARIANTS
from workbench.sim.simulate import game_seeds, play_out, prepare

GAME = get_game("sac")


def both(n, **kwargs):
    """(kernel rows, engine rows) for the same n seeds."""
    return kernels.both("sac", n, **kwargs)


@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_kernel_plays_the_engines_games(bots):
    fast, slow = both(200, bots=bots)
    assert_same(fast, slow)


def test_the_agreement_covers_every_kind_of_ending():
    fast, slow = both(300, bots="heuristic", rules={"sac.rounds": 15})
    assert_same(fast, slow)
    outcomes = Counter((r["outcome"], r["survived"]) for r in slow)
    assert outcomes["win", 1] >= 10 and outcomes["loss", 1] >= 10 and outcomes["loss", 0] >= 3
    for column in ("big_bads_killed", "doors_shot", "kills"):
        assert any(r[column] for r in slow), column


# Every other value of each choice, and a few of the numbers and the direction table.
VARIANT_CASES = [
    (v.key, value) for v in VARIANTS for value in (v.choices or ()) if value != v.default
] + [
    ("sac.dir_table", "DDRRUULLR"),
    ("sac.dir_table", "ullllrrrd"),
    ("sac.width", 3),
    ("sac.width", 5),
    ("sac.width", 26),
    ("sac.height", 3),
    ("sac.height", 20),
    ("sac.extra_cards", 2),
    ("sac.range", 0),
    ("sac.range", 3),
    ("sac.rounds", 3),
]


@pytest.mark.parametrize("bots", ["random", "heuristic"])
@pytest.mark.parametrize(("key", "value"), VARIANT_CASES)
def test_kernel_plays_every_rule_variant(bots, key, value):
    fast, slow = both(60 if bots == "random" else 120, bots=bots, rules={key: value})
    assert_same(fast, slow)


# Small tables stall and dead-end often: the backtracking and reshuffling builders, and the
# shapes they make, together.
MIXED = [
    {"sac.width": 4, "sac.height": 4, "sac.stall": "reshuffle"},
    {"sac.width": 5, "sac.height": 3, "sac.dead_end": "backtrack", "sac.start": "centre"},
    {
        "sac.width": 6,
        "sac.height": 4,
        "sac.stall": "reshuffle",
        "sac.dead_end": "backtrack",
        "sac.shift_card": "place",
        "sac.rotation": "per_card",
    },
    {
        "sac.suits": "legend",
        "sac.counter_timing": "immediate",
        "sac.dir6": "keep",
        "sac.corridor_dir": "first_card_each",
        "sac.cover_ranks": "6-10",
        "sac.shot": "miss_on_fail",
        "sac.range": 2,
    },
]


@pytest.mark.parametrize("bots", ["random", "heuristic"])
@pytest.mark.parametrize("case", range(len(MIXED)))
def test_kernel_plays_mixed_variants(bots, case):
    fast, slow = both(80, bots=bots, rules=MIXED[case], seed=case)
    assert_same(fast, slow)


def edited(cards):
    return [
        # A stronger soldier who rests, buys and salvoes differently.
        cards.set("params", "health", "value", 12)
        .set("params", "armor", "value", 4)
        .set("params", "actions", "value", 3)
        .set("params", "salvo_dice", "value", 2)
        .set("params", "salvo_actions", "value", 2)
        .set("params", "credits", "value", 15)
        .set("params", "respawn_every", "value", 2),
        # Tougher enemies that all drop loot, and a dearer shop.
        cards.set("enemies", "Joker", "health", 35)
        .set("enemies", "3", "drops", True)
        .set("enemies", "9", "credits", 1)
        .set("shop", "Ammunition", "price", 9)
        .set("shop", "Medkit", "amount", 12),
        # More cards: doubled rooms and corridors, three Jokers, and no Jack of clubs.
        cards.set("cards", "4S", "copies", 3)
        .set("cards", "9H", "copies", 2)
        .set("cards", "Joker", "copies", 3)
        .set("cards", "JC", "copies", 0)
        .set("cards", "AH", "copies", 2),
        # Fewer: one Joker and no healing stations.
        cards.set("cards", "Joker", "copies", 1)
        .set("cards", "AH", "copies", 0)
        .set("cards", "AD", "copies", 0),
        # Two corridor cards: pile 1 runs out.
        _without(
            cards,
            [
                f"{n}{s}"
                for n in range(2, 11)
                for s in "CH"
                if f"{n}{s}" != "5H" and f"{n}{s}" != "8C"
            ],
        ),
        # No corridor cards at all: the first room starts on the start cell itself.
        _without(cards, [f"{n}{s}" for n in range(2, 11) for s in "CH"]),
    ]


def _without(cards, names):
    for name in names:
        cards = cards.set("cards", name, "copies", 0)
    return cards


@pytest.mark.parametrize("case", range(6))
def test_kernel_plays_edited_tables(case):
    cards = edited(wb.load_cards("sac"))[case]
    for bots in ("random", "heuristic"):
        fast, slow = both(80, bots=bots, cards=cards, seed=case)
        assert_same(fast, slow)


def test_time_outs_agree():
    for bots in ("random", "heuristic"):
        fast, slow = both(40, bots=bots, max_decisions=15)
        assert_same(fast, slow)
        assert any(r["outcome"] == "timeout" for r in slow)


def test_bots_and_batches_the_kernel_does_not_copy_go_to_the_engine():
    def cautious(state, seat, actions, rng):
        return actions[-1]

    b = prepare("sac", None, None, "random", None, {})
    for bot in (cautious, search()):
        declined(play_batch(GAME, b.cards, b.rules, b.setup, {0: bot}, 2000, [1, 2]))
    declined(play_batch(GAME, b.cards, b.rules, b.setup, {0: random_bot}, 2000, [1, 2], trace=True))
    declined(play_batch(GAME, b.cards, b.rules, b.setup, {0: heuristic}, 2000, [2**63]))
    declined(play_batch(GAME, b.cards, b.rules, b.setup, {0: heuristic}, 10**13, [1]))
    assert "sac.new_rule" in declined(
        play_batch(
            GAME, b.cards, {**b.rules, "sac.new_rule": 1}, b.setup, {0: heuristic}, 2000, [1]
        )
    )
    assert play_batch(GAME, b.cards, b.rules, b.setup, {0: heuristic}, 2000, [1, 2])[
        "seed"
    ].to_list() == [1, 2]


def test_a_batch_handed_back_is_played_by_the_engine():
    def cautious(state, seat, actions, rng):
        return actions[-1] if len(actions) < 4 else actions[1]

    b = prepare("sac", None, None, cautious, None, {})
    made = make_bots(b.bots, GAME, 1)
    seeds = game_seeds(6, 15)
    declined(GAME.play_batch(b.cards, b.rules, b.setup, made, 2000, seeds))
    rows = [play_out(GAME, b.cards, b.rules, b.setup, s, made, GAME.max_decisions) for s in seeds]
    played = wb.simulate("sac", 15, bots=cautious, seed=6)
    assert played.drop("played_by").to_dicts() == rows
    assert played["played_by"][0].startswith("engine")


@pytest.mark.stamped
def test_simulate_and_sweep_take_the_kernel(monkeypatch):
    kernels.assert_simulate_and_sweep_take_the_kernel(
        monkeypatch, "sac", {"params.ammo.value": [10, 20]}, traced=False
    )


def test_setup_errors_are_the_engines():
    with pytest.raises(wb.SetupError, match="sac.dir_table"):
        wb.simulate("sac", 3, rules={"sac.dir_table": "UUUU"})
