"""The compiled Armies kernel plays exactly the games the rules engine plays: same seeds, same
rows (with the tension columns a sweep asks for), for every rule variant, both bots, setups and
edited tables it accepts; anything else goes back to the engine."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import polars as pl
import pytest

import workbench as wb
from tests import kernels
from tests.kernels import assert_same, declined
from workbench.core import CHANCE, TERMINAL
from workbench.core.bots import make_bots, random_bot
from workbench.core.registry import get_game
from workbench.core.restricted import BannedBot
from workbench.core.seeds import bot_seed
from workbench.games.armies import kernel as K
from workbench.games.armies.batch import play_batch, tables_for
from workbench.games.armies.bots import RolloutBot
from workbench.games.armies.game import VARIANTS
from workbench.games.armies.vocab import ABILITY_FORMS
from workbench.sim.simulate import game_seeds, prepare

GAME = get_game("armies")


def both(n, **kwargs):
    """(kernel rows, engine rows) for the same n seeds."""
    return kernels.both("armies", n, **kwargs)


BOTS = ["random", "heuristic", {0: "heuristic"}, {1: "heuristic"}]


@pytest.mark.parametrize("trace", [False, True], ids=["rows", "traced"])
@pytest.mark.parametrize("bots", BOTS, ids=["random", "heuristic", "h-vs-r", "r-vs-h"])
def test_kernel_plays_the_engines_games(bots, trace):
    fast, slow = both(30, bots=bots, trace=trace)
    assert_same(fast, slow)


VARIANT_CASES = [
    (v.key, value) for v in VARIANTS for value in (v.choices or ()) if value != v.default
] + [("arm.draw_after", 1), ("arm.draw_after", 6)]


@pytest.mark.parametrize("bots", ["random", "heuristic"])
@pytest.mark.parametrize(("key", "value"), VARIANT_CASES)
def test_kernel_plays_every_rule_variant(bots, key, value):
    fast, slow = both(20, bots=bots, rules={key: value}, trace=bots == "heuristic", seed=1)
    assert_same(fast, slow)


def test_kernel_plays_the_variants_together():
    rules = {
        "arm.power": "dice",
        "arm.training_per_turn": "unlimited",
        "arm.ability_speed": "instant",
        "arm.cloak_scope": "leader_only",
        "arm.general_is_army_for_boons": True,
        "arm.sacrifice_from": "play_or_hand",
        "arm.deckout": "lose",
        "arm.draw_after": 30,
    }
    for bots in ("random", "heuristic", {1: "heuristic"}):
        fast, slow = both(30, bots=bots, rules=rules, seed=3)
        assert_same(fast, slow)


@pytest.mark.parametrize(
    "setup",
    [
        {"first_player": "White"},
        {"first_player": 1},
        {"decks": ["Shadow Court", "Horse and Bow"]},
        {"decks": ["Horse and Bow", "Horse and Bow"], "first_player": "Black"},
        {"decks": ["Shadow Court", "Shadow Court"]},
        {"generals": ["EEE", "TTS"]},
    ],
    ids=["first-white", "first-black", "swapped", "mirror-hb", "mirror-sc", "generals"],
)
def test_kernel_plays_setups(setup):
    for bots in ("random", "heuristic"):
        fast, slow = both(20, bots=bots, **setup)
        assert_same(fast, slow)
    if "first_player" in setup:
        assert {r["first"] for r in slow} == {0 if setup["first_player"] == "White" else 1}


def edited(cards):
    return [
        # Stats, powers and the opening hand.
        cards.set("cards", "Heavy Cavalry", "offense", 3)
        .set("cards", "Shield Bearers", "defense", 6)
        .set("cards", "Rain of Arrows", "effects", "ranged:2")
        .set("cards", "Hold the Line", "effects", "defend:3")
        .set("params", "opening_hand", "value", 5),
        # Traits and effects on cards that do not carry them: stealth, cavalry on a Boon and
        # a Leader that move as pawns and knights do, Politicians against two decks' wars,
        # other draws.
        cards.set("cards", "Cloaksworn Commander", "effects", "untargetable;stealth")
        .set("cards", "Shield Bearers", "subtypes", "Politician Soldiers")
        .set("cards", "Torani Cadet", "effects", "enters_ready;not_major;cavalry")
        .set("cards", "Spirit of Fire", "effects", "rest_after_capture;cavalry")
        .set("cards", "Know Thy Enemy", "effects", "draw:2")
        .set("cards", "Mind Fog", "effects", "spend_threatened_leaders;draw:domains")
        .set("deck_cards", "HB Double March", "card", "Unfavorable War"),
        # A new card with an activated ability in one deck, a card gone from the tables.
        cards.with_row(
            "cards",
            {
                "name": "War Drums",
                "type": "boon",
                "class": "army",
                "subtypes": "Military",
                "cost": "1G",
                "offense": 1,
                "defense": 0,
                "effects": "stealth;must_move",
                "text": "Drums.",
            },
        )
        .with_row(
            "abilities",
            {
                "id": "War Drums beat",
                "card": "War Drums",
                "kind": "activated",
                "cost": "G",
                "extra": None,
                "effect": "offense",
                "amount": 2,
                "text": "G: +2",
            },
        )
        .set("deck_cards", "HB Teachings of Gnar", "card", "War Drums")
        .set("deck_cards", "SC Mind Fog", "card", "Rain of Arrows")
        .without_row("cards", "Mind Fog"),
    ]


@pytest.mark.parametrize("case", range(3))
def test_kernel_plays_edited_tables(case):
    cards = edited(wb.load_cards("armies"))[case]
    for rules in (None, {"arm.ability_speed": "instant", "arm.sacrifice_from": "play_or_hand"}):
        for bots in ("random", "heuristic"):
            fast, slow = both(
                20, bots=bots, cards=cards, rules=rules, seed=case, trace=bots == "heuristic"
            )
            assert_same(fast, slow)


# Every form of an ability on an army that the card table accepts (vocab.ABILITY_FORMS): the
# kernel plays it, as the engine does.
ARMY_FORMS = sorted(f for f in ABILITY_FORMS if f[0] in ("activated", "enemy_major"))


@pytest.mark.parametrize(("kind", "extra", "effect"), ARMY_FORMS)
def test_kernel_plays_every_ability_the_table_accepts(kind, extra, effect):
    cards = (
        wb.load_cards("armies")
        .with_row(
            "cards",
            {
                "name": "War Drums",
                "type": "boon",
                "class": "army",
                "subtypes": "Military",
                "cost": "1",
                "offense": 1,
                "defense": 0,
                "effects": "",
                "text": "Drums.",
            },
        )
        .with_row(
            "abilities",
            {
                "id": "War Drums beat",
                "card": "War Drums",
                "kind": kind,
                "cost": "G",
                "extra": extra or None,
                "effect": effect,
                "amount": 2,
                "text": "Beat.",
            },
        )
        .set("deck_cards", "HB Teachings of Gnar", "card", "War Drums")
        .set("deck_cards", "SC Teachings of Gnar", "card", "War Drums")
    )
    for bots in ("random", "heuristic"):
        fast, slow = both(6, bots=bots, cards=cards, seed=3, trace=bots == "heuristic")
        assert_same(fast, slow)


def test_every_decision_is_the_engines():
    """Decision by decision, the kernel's phase, number of options, choice and seat are the
    engine's, and where it stops its hands hold the engine's cards."""
    for bots, index in (("random", 2), ("heuristic", 0)):
        b = prepare("armies", None, None, bots, None, {})
        made = make_bots(b.bots, GAME, 2)
        seed = game_seeds(0, index + 1)[index]
        log = np.full((K.OPTCAP, 4), -1, np.int64)
        play_batch(GAME, b.cards, b.rules, b.setup, made, 30_000, [seed], log=log)
        state = GAME.new_state(b.cards, b.rules, b.setup)
        chance, bot_rng = random.Random(seed), random.Random(bot_seed(seed))
        phases = {
            "step": K.PH_STEP,
            "pay": K.PH_PAY,
            "respond": K.PH_RESPOND,
            "charge": K.PH_CHARGE,
            "lose skill": K.PH_LOSE,
        }
        decisions = 0
        while decisions < 300 and state.to_move != TERMINAL:
            mover = state.to_move
            if mover == CHANCE:
                state.apply_chance(state.chance().dist.pick(chance.random()))
                continue
            actions = state.legal_actions()
            chosen = made.get(mover, random_bot)(state, mover, actions, bot_rng)
            i = next(k for k, a in enumerate(actions) if a == chosen)
            assert tuple(log[decisions]) == (phases[state.phase], len(actions), i, mover), decisions
            state.apply(chosen)
            decisions += 1
        W = play_batch(GAME, b.cards, b.rules, b.setup, made, 30_000, [seed], stop=decisions)
        names = list(tables_for(b.cards, b.rules).index)
        for seat in (0, 1):
            at = K.OFF_HAND + seat * K.HCAP
            assert [names[c] for c in W[at : at + W[K.G_HN0 + seat]]] == state.hands[seat]
        assert W[K.G_TURN] == state.turn


def test_time_outs_agree_traced_or_not():
    for bots in ("random", "heuristic"):
        fast, slow = both(20, bots=bots, max_decisions=40)
        assert_same(fast, slow)
        assert all(r["outcome"] == "timeout" for r in slow)
    # Traced, as sweeps play them: a game with no winner has no tension (empty columns).
    fast, slow = both(10, bots="random", max_decisions=40, trace=True)
    assert_same(fast, slow)
    assert all(r["drama"] is None for r in slow if r["outcome"] == "timeout")


def test_the_agreement_covers_every_kind_of_ending():
    fast, slow = both(100, bots="random", trace=True)
    assert_same(fast, slow)
    assert {r["outcome"] for r in slow} >= {"White wins", "Black wins"}
    assert {r["end"] for r in slow} >= {"general", "war"}
    for column in ("captures_0", "captures_1", "attacks_won", "disrupted", "lead_changes"):
        assert any(r[column] for r in slow), column
    fast, slow = both(30, bots="random", rules={"arm.deckout": "lose", "arm.draw_after": 3})
    assert_same(fast, slow)
    assert any(r["end"] == "draw" and r["outcome"] == "draw" for r in slow)
    fast, slow = both(30, bots="random", rules={"arm.deckout": "lose"}, seed=2)
    assert_same(fast, slow)
    assert any(r["end"] == "deck" for r in slow)


def test_bots_the_kernel_does_not_copy_go_to_the_engine():
    def cautious(state, seat, actions, rng):
        return actions[-1]

    b = prepare("armies", None, None, "random", None, {})
    declined(play_batch(GAME, b.cards, b.rules, b.setup, {0: cautious}, 2000, [1, 2]))
    declined(play_batch(GAME, b.cards, b.rules, b.setup, {1: RolloutBot()}, 2000, [1, 2]))
    assert play_batch(GAME, b.cards, b.rules, b.setup, {1: random_bot}, 2000, [1, 2])[
        "seed"
    ].to_list() == [1, 2]
    # ... and simulate still gives the engine's rows for them.
    frame = wb.simulate("armies", 3, bots=cautious, seed=4)
    assert frame["seed"].to_list() == game_seeds(4, 3)


def test_rules_and_tables_the_kernel_does_not_know_go_to_the_engine():
    b = prepare("armies", None, None, "random", None, {})
    bots = make_bots(b.bots, GAME, 2)
    seeds = [1, 2]
    assert isinstance(play_batch(GAME, b.cards, b.rules, b.setup, bots, 2000, seeds), pl.DataFrame)
    for rules in (
        {**b.rules, "arm.power": "loaded"},
        {**b.rules, "arm.draw_after": 0},
        {**b.rules, "arm.deckout": True},
        {**b.rules, "arm.new_rule": 1},
    ):
        declined(play_batch(GAME, b.cards, rules, b.setup, bots, 2000, seeds))
    # A sacrifice paid on an enemy major action, which no path plays as written: the card
    # table refuses it (and a kernel handed such tables past the checks hands them back).
    with pytest.raises(
        wb.CardDataError, match="sacrifice_leader on an ability of kind enemy_major"
    ):
        b.cards.with_row(
            "abilities",
            {
                "id": "Cultist's curse",
                "card": "Non-aggression Order",
                "kind": "enemy_major",
                "cost": None,
                "extra": "sacrifice_leader",
                "effect": "offense",
                "amount": 1,
                "text": "Odd.",
            },
        )


def test_setup_errors_are_the_engines():
    with pytest.raises(wb.SetupError, match="spreads 2 points"):
        wb.simulate("armies", 3, generals=["GG", None])
    b = prepare("armies", None, None, "random", None, {})
    with pytest.raises(wb.SetupError, match="spreads 4 points"):
        play_batch(
            GAME,
            b.cards,
            b.rules,
            {**b.setup, "generals": [None, "GGTT"]},
            make_bots(b.bots, GAME, 2),
            2000,
            [1],
        )


def _banned(names, bot="heuristic"):
    return BannedBot("armies", names, bot=bot)


EVERY_CARD = sorted(wb.load_cards("armies")["cards"]["name"])
BANS = {
    "first-no-three": (
        {0: _banned(["Torani Cadet", "Teachings of Gnar", "Teachings of Tor"]), 1: "heuristic"},
        {},
    ),
    "second-no-three": (
        {
            0: "heuristic",
            1: _banned(["Original Grimoire", "Teachings of Shives", "Know Thy Enemy"]),
        },
        {},
    ),
    "both-dice": (
        {0: _banned(["Torani Longbow Training"]), 1: _banned(["Blood Cultist"])},
        {"arm.power": "dice"},
    ),
    "every-card": ({0: _banned(EVERY_CARD), 1: "heuristic"}, {}),
    "random": ({0: _banned(["Torani Cadet", "Teachings of Lorin"], bot="random"), 1: "random"}, {}),
}


@pytest.mark.parametrize("trace", [False, True], ids=["rows", "traced"])
@pytest.mark.parametrize("case", list(BANS))
def test_kernel_plays_ban_lists_as_the_engine(case, trace):
    bots, rules = BANS[case]
    kernels.assert_ban_lists_played("armies", 20, bots, rules=rules, trace=trace)


@pytest.mark.stamped
def test_simulate_and_sweep_take_the_kernel(monkeypatch):
    kernels.assert_simulate_and_sweep_take_the_kernel(
        monkeypatch, "armies", {"cards.Heavy Cavalry.offense": [4, 6]}
    )


def test_wins_spread_over_both_seats():
    fast, slow = both(40, bots="heuristic", seed=11)
    assert_same(fast, slow)
    assert Counter(r["winner"] for r in slow).keys() >= {0, 1}
