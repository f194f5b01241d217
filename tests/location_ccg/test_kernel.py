"""The compiled Location CCG kernel plays exactly the games the rules engine plays: same seeds,
same rows (with the tension columns a sweep asks for), for every rule variant, both bots,
setups and edited tables it accepts; anything else goes back to the engine."""

from __future__ import annotations

from collections import Counter

import polars as pl
import pytest

import workbench as wb
from tests import kernels
from tests.kernels import assert_same, declined
from workbench.core.bots import make_bots, random_bot
from workbench.core.errors import SetupError
from workbench.core.registry import get_game
from workbench.core.restricted import BannedBot
from workbench.games.location_ccg import batch
from workbench.games.location_ccg.batch import play_batch
from workbench.games.location_ccg.bots import heuristic, search
from workbench.games.location_ccg.game import VARIANTS
from workbench.sim.simulate import game_seeds, play_out, prepare

GAME = get_game("location_ccg")


def both(n, **kwargs):
    """(kernel rows, engine rows) for the same n seeds."""
    return kernels.both("location_ccg", n, **kwargs)


BOTS = ["random", "heuristic", {0: "heuristic"}, {1: "heuristic"}]


@pytest.mark.parametrize("trace", [False, True], ids=["rows", "traced"])
@pytest.mark.parametrize("bots", BOTS, ids=["random", "heuristic", "h-vs-r", "r-vs-h"])
def test_kernel_plays_the_engines_games(bots, trace):
    fast, slow = both(60, bots=bots, trace=trace)
    assert_same(fast, slow)


VARIANT_CASES = [
    (v.key, value) for v in VARIANTS for value in (v.choices or ()) if value != v.default
] + [("loc.turn_limit", 1), ("loc.turn_limit", 6), ("loc.min_attackers", 0)]


@pytest.mark.parametrize("bots", ["random", "heuristic"])
@pytest.mark.parametrize(("key", "value"), VARIANT_CASES)
def test_kernel_plays_every_rule_variant(bots, key, value):
    fast, slow = both(40, bots=bots, rules={key: value}, trace=bots == "heuristic")
    assert_same(fast, slow)


MIXED = [
    {
        "loc.stack": "lifo",
        "loc.payment": "cards",
        "loc.giant": "full_each",
        "loc.modifier_limit": "one",
        "loc.ability_limit": "per_name",
    },
    {
        "loc.cost_notation": "typed",
        "loc.cost_floor": "all",
        "loc.skill_count": "mission_only",
        "loc.long_range": "combat_start",
        "loc.unique_leaves": "newer",
        "loc.deckout": "lose",
        "loc.mob_counts": "in_play",
        "loc.first_turn": "no_production",
        "loc.turn_limit": 60,
        "loc.limit_leader": "tokens",
    },
]


@pytest.mark.parametrize("case", range(len(MIXED)))
def test_kernel_plays_variants_together(case):
    for bots in ("random", "heuristic", {1: "heuristic"}):
        fast, slow = both(40, bots=bots, rules=MIXED[case], seed=case)
        assert_same(fast, slow)


@pytest.mark.parametrize(
    "setup",
    [
        {"first_player": 0},
        {"first_player": 1},
        {"first_player": 1, "locations": ["Power Plant", "City Hall", "Data Vault"]},
        {"first_player": 0, "locations": ["Radio Tower"]},
        {"decks": ["Order", "Syndicate"]},
        {"decks": ["Order", "Order"], "first_player": 0},
    ],
    ids=["first-0", "first-1", "placed", "one-placed", "order-first", "mirror"],
)
def test_kernel_plays_setups(setup):
    for bots in ("random", "heuristic"):
        fast, slow = both(30, bots=bots, **setup)
        assert_same(fast, slow)
    if "first_player" in setup:
        assert {r["first"] for r in slow} == {setup["first_player"]}
    if "locations" in setup:
        assert all(r["locations"].startswith(setup["locations"][0]) for r in slow)


@pytest.mark.parametrize("leaves", ["older", "newer"])
def test_kernel_plays_unique_copies_of_both_seats(leaves):
    # Only a mirror match puts two copies of a Unique card (one a deck) in play.
    for decks in (["Syndicate", "Syndicate"], ["Order", "Order"]):
        for bots in ("random", "heuristic"):
            fast, slow = both(30, bots=bots, rules={"loc.unique_leaves": leaves}, decks=decks)
            assert_same(fast, slow)


def edited(cards):
    return [
        # Recur (nothing in the demo has it), a Mob card with a typed cost, a stronger
        # Enforcer, a bigger Giant, and modifiers whose Def destroys when they come or go
        # (A-E10).
        cards.set("cards", "Hired Muscle", "keywords", "Gang; Recur")
        .set("cards", "Brass Knuckles", "def", -1)
        .set("cards", "Kevlar Vest", "keywords", "Recur")
        .set("cards", "Lookout", "keywords", "Shielded; Recur")
        .set("cards", "Street Runner", "cost", "1$")
        .set("cards", "Enforcer", "atk", 5)
        .set("cards", "Ogre Bouncer", "keywords", "Giant 3")
        .set("cards", "Militia", "keywords", "Mob; Gang; Recur"),
        # Two new cards in a deck (one a Surprise with two effects, one an Asset whose
        # ability helps the contested Location) and one card gone from deck and table.
        cards.with_row(
            "cards",
            {
                "name": "Ambush",
                "type": "surprise",
                "cost": "2!",
                "target": "damaged",
                "effect": "Destroy; Draw 1",
                "resources": "!!",
                "text": "Destroy a damaged character.",
            },
        )
        .with_row(
            "cards",
            {
                "name": "War Room",
                "type": "asset",
                "subtype": "building",
                "cost": "1",
                "target": "none",
                "ability_cost": "1",
                "effect": "Skl 1 each friendly here",
                "resources": "$",
                "text": "1: your characters here get +0/+0/+1.",
            },
        )
        .with_row(
            "deck_cards",
            {"id": "Syndicate: Ambush", "deck": "Syndicate", "card": "Ambush", "copies": 2},
        )
        .with_row(
            "deck_cards",
            {"id": "Syndicate: War Room", "deck": "Syndicate", "card": "War Room", "copies": 2},
        )
        .without_row("deck_cards", "Syndicate: Smoke Screen")
        .without_row("cards", "Smoke Screen"),
        # A Mob card whose reductions leave a choice of typed points, more keywords on one
        # card, more draws and cards to the bottom, an ability that also aims at a friendly
        # character, and a dearer Giant Golem.
        cards.set("cards", "Paladin", "cost", "2ΑΑ#")
        .set("cards", "Paladin", "keywords", "Mob; Toughness 1")
        .set("cards", "Watchman", "keywords", "Gang; Long Range")
        .set("cards", "Insight", "effect", "Draw 3; Bottom 2")
        .set("cards", "Archive", "target", "friendly")
        .set("cards", "Archive", "effect", "Draw 1; Atk 1")
        .set("cards", "Golem", "keywords", "Upkeep 2; Giant 2"),
    ]


@pytest.mark.parametrize("case", range(3))
def test_kernel_plays_edited_tables(case):
    cards = edited(wb.load_cards("location_ccg"))[case]
    for rules in (None, MIXED[0], MIXED[1]):
        for bots in ("random", "heuristic", {1: "heuristic"}):
            fast, slow = both(
                30, bots=bots, cards=cards, rules=rules, seed=case, trace=bots == "heuristic"
            )
            assert_same(fast, slow)


def test_time_outs_agree_traced_or_not():
    for bots in ("random", "heuristic"):
        fast, slow = both(30, bots=bots, max_decisions=40)
        assert_same(fast, slow)
        assert all(r["outcome"] == "timeout" for r in slow)
    # Traced, as sweeps play them: a game with no winner has no tension (empty columns).
    fast, slow = both(10, bots="random", max_decisions=40, trace=True)
    assert_same(fast, slow)
    assert all(r["drama"] is None for r in slow if r["outcome"] == "timeout")


def test_bots_and_batches_the_kernel_does_not_copy_go_to_the_engine(monkeypatch):
    def cautious(state, seat, actions, rng):
        return actions[-1]

    b = prepare("location_ccg", None, None, "random", None, {})
    for bot in (cautious, search()):
        declined(play_batch(GAME, b.cards, b.rules, b.setup, {0: bot}, 2000, [1, 2]))
    declined(play_batch(GAME, b.cards, b.rules, b.setup, {0: heuristic}, 2000, [2**63]))
    declined(play_batch(GAME, b.cards, b.rules, b.setup, {0: heuristic}, 10**13, [1]))
    assert "loc.new_rule" in declined(
        play_batch(
            GAME, b.cards, {**b.rules, "loc.new_rule": 1}, b.setup, {0: heuristic}, 2000, [1]
        )
    )
    assert "'double'" in declined(
        play_batch(
            GAME, b.cards, {**b.rules, "loc.giant": "double"}, b.setup, {0: heuristic}, 2000, [1]
        )
    )
    assert play_batch(GAME, b.cards, b.rules, b.setup, {1: random_bot}, 2000, [1, 2])[
        "seed"
    ].to_list() == [1, 2]
    # A keyword or effect the kernel does not copy (as a new one in effects.py would be).
    monkeypatch.setattr(batch, "KEYWORDS", batch.KEYWORDS - {"Giant"})
    cards = b.cards.set("cards", "Enforcer", "atk", 5)  # tables read afresh
    declined(play_batch(GAME, cards, b.rules, b.setup, {0: heuristic}, 2000, [1]))
    monkeypatch.setattr(
        batch, "EFFECTS", {k: v for k, v in batch.EFFECTS.items() if k != "Destroy"}
    )
    monkeypatch.setattr(batch, "KEYWORDS", batch.KEYWORDS | {"Giant"})
    cards = b.cards.set("cards", "Enforcer", "atk", 6)
    declined(play_batch(GAME, cards, b.rules, b.setup, {0: heuristic}, 2000, [1]))
    # ... and simulate still gives the engine's rows for them.
    made = make_bots({0: cautious}, GAME, 2)
    rows = [
        play_out(GAME, b.cards, b.rules, b.setup, s, made, GAME.max_decisions)
        for s in game_seeds(4, 5)
    ]
    played = wb.simulate("location_ccg", 5, bots={0: cautious}, seed=4)
    assert played.drop("played_by").to_dicts() == rows
    assert played["played_by"][0].startswith("engine")


def test_a_setup_the_engine_refuses_is_refused_here_too():
    b = prepare("location_ccg", None, None, "random", None, {})
    setup = {**b.setup, "locations": ["Radio Tower"]}  # needs a fixed first player
    made = make_bots("heuristic", GAME, 2)
    with pytest.raises(SetupError, match="fixed first_player"):
        play_batch(GAME, b.cards, b.rules, setup, made, 2000, [1])
    with pytest.raises(SetupError, match="fixed first_player"):
        play_out(GAME, b.cards, b.rules, setup, 1, made, 2000)


def _banned(names, bot="heuristic"):
    return BannedBot("location_ccg", names, bot=bot)


EVERY_CARD = sorted(wb.load_cards("location_ccg")["cards"]["name"])
BANS = {
    "first-no-three": ({0: _banned(["Lookout", "Hired Muscle", "Safehouse"]), 1: "heuristic"}, {}),
    "second-no-three": ({0: "heuristic", 1: _banned(["Watchman", "Insight", "Acolyte"])}, {}),
    "both-lifo": (
        {0: _banned(["Brass Knuckles", "Scavenge"]), 1: _banned(["Militia"])},
        {"loc.stack": "lifo"},
    ),
    "every-card": ({0: _banned(EVERY_CARD), 1: "heuristic"}, {}),
    "random": ({0: _banned(["Lookout", "Street Runner"], bot="random"), 1: "random"}, {}),
}


@pytest.mark.parametrize("trace", [False, True], ids=["rows", "traced"])
@pytest.mark.parametrize("case", list(BANS))
def test_kernel_plays_ban_lists_as_the_engine(case, trace):
    bots, rules = BANS[case]
    kernels.assert_ban_lists_played("location_ccg", 40, bots, rules=rules, trace=trace)


@pytest.mark.stamped
def test_simulate_and_sweep_take_the_kernel(monkeypatch):
    kernels.assert_simulate_and_sweep_take_the_kernel(
        monkeypatch, "location_ccg", {"cards.Enforcer.atk": [3, 5]}
    )


def test_the_agreement_covers_every_kind_of_ending():
    fast, slow = both(150, bots="random", trace=True)
    assert_same(fast, slow)
    outcomes = Counter(r["outcome"] for r in slow)
    assert outcomes["Seat 1 wins"] >= 10 and outcomes["Seat 2 wins"] >= 10
    for column in (
        "missions_0",
        "missions_1",
        "vp_0",
        "vp_1",
        "destroyed_0",
        "destroyed_1",
        "lead_changes",
    ):
        assert any(r[column] for r in slow), column
    assert {r["first"] for r in slow} == {0, 1}
    # Turn limits: draws, and wins on VP tokens.
    fast, slow = both(60, bots="heuristic", rules={"loc.turn_limit": 4})
    assert_same(fast, slow)
    assert Counter(r["outcome"] for r in slow)["draw"] >= 1
    assert any(r["outcome"] != "draw" for r in slow)
    # Deck-out with a nine-card deck: a player who cannot draw loses, where
    # otherwise play goes on.
    cards = small_deck(wb.load_cards("location_ccg"))
    for bots in ("random", "heuristic"):
        fast, slow = both(30, bots=bots, cards=cards, rules={"loc.deckout": "lose"})
        assert_same(fast, slow)
        fast, drawn_on = both(30, bots=bots, cards=cards)
        assert_same(fast, drawn_on)
        assert sum(a["turns"] < b["turns"] for a, b in zip(slow, drawn_on, strict=True)) >= 10


def small_deck(cards):
    """Syndicate cut down to Street Runner, Hired Muscle and Fixer (9 cards)."""
    cards = cards.set("params", "min_deck", "value", 8)
    for card in cards["deck_cards"].filter(pl.col("deck") == "Syndicate")["card"].to_list():
        if card not in ("Street Runner", "Hired Muscle", "Fixer"):
            cards = cards.without_row("deck_cards", f"Syndicate: {card}")
    return cards
