"""The compiled Squad Combat kernel plays exactly the games the rules engine plays: same seeds,
same rows (with the tension columns a sweep asks for), for every rule variant under both
rulebooks, both bots, setups and edited tables it accepts; anything else goes back to the
engine."""

from __future__ import annotations

from collections import Counter

import pytest

import workbench as wb
from tests import kernels
from tests.kernels import assert_same, declined
from workbench.core.bots import random_bot
from workbench.core.registry import get_game
from workbench.core.restricted import BannedBot
from workbench.games.squad_combat.batch import play_batch
from workbench.games.squad_combat.game import VARIANTS
from workbench.sim.simulate import game_seeds, prepare

GAME = get_game("squad_combat")
V05 = {"sc.ruleset": "v0_5"}


def both(n, **kwargs):
    """(kernel rows, engine rows) for the same n seeds."""
    return kernels.both("squad_combat", n, **kwargs)


BOTS = ["random", "heuristic", {0: "heuristic"}, {1: "heuristic"}]


@pytest.mark.parametrize("trace", [False, True], ids=["rows", "traced"])
@pytest.mark.parametrize("bots", BOTS, ids=["random", "heuristic", "h-vs-r", "r-vs-h"])
def test_kernel_plays_the_engines_games(bots, trace):
    fast, slow = both(100, bots=bots, trace=trace)
    assert_same(fast, slow)


VARIANT_CASES = [
    (v.key, value)
    for v in VARIANTS
    for value in (v.choices or ())
    if value != v.default and v.key != "sc.ruleset"
] + [("sc.turn_limit", 3), ("sc.turn_limit", 12), ("sc.copy_limit", 6)]


@pytest.mark.parametrize("ruleset", ["v1", "v0_5"])
@pytest.mark.parametrize("bots", ["random", "heuristic"])
@pytest.mark.parametrize(("key", "value"), VARIANT_CASES)
def test_kernel_plays_every_rule_variant(bots, key, value, ruleset):
    rules = {"sc.ruleset": ruleset, key: value}
    fast, slow = both(40, bots=bots, rules=rules, trace=bots == "heuristic")
    assert_same(fast, slow)


def test_kernel_plays_the_v05_rulebook_with_variants_together():
    rules = {
        **V05,
        "sc.edge_stack": "lifo",
        "sc.overcharge": "chosen",
        "sc.first_player": "rotate",
        "sc.repeat_window": "open",
        "sc.stun": "one",
    }
    for bots in ("random", "heuristic", {1: "heuristic"}):
        fast, slow = both(60, bots=bots, rules=rules, seed=3)
        assert_same(fast, slow)


@pytest.mark.parametrize(
    "setup",
    [
        {"first_player": 0},
        {"first_player": 1},
        {"squads": ["Blue", "Red"]},
        {"squads": ["Blue", "Blue"], "first_player": 1},
        {"squads": ["Red", "Blue", "Red"]},
        {"squads": ["Red", "Blue", "Blue", "Red"], "first_player": 2},
    ],
    ids=["first-0", "first-1", "blue-red", "mirror", "three-seats", "four-seats"],
)
def test_kernel_plays_setups(setup):
    for bots in ("random", "heuristic"):
        fast, slow = both(40, bots=bots, **setup)
        assert_same(fast, slow)
    if "first_player" in setup:
        assert {r["first"] for r in slow} == {setup["first_player"]}


def edited(cards):
    return [
        # Keywords the demo's cards do not use, and Resistance and Hardened on more characters.
        cards.set("cards", "Focus", "effects", "Power Up self; Draw 1")
        .set("cards", "Sap", "effects", "Stun 2; Wound 1")
        .set("cards", "Brace", "effects", "Soak 2; Guard 2")
        .set("cards", "Quick Thrust", "effects", "Disarm; Reroll")
        .set("characters", "Brakka", "passives", "Beta Hardened 2")
        .set("characters", "Gale", "passives", "Alpha Resistance 1; Delta Hardened 1"),
        # Scopes over several characters, Switch and Suppress, and other decks.
        cards.set("cards", "Gale's Tempo", "effects", "Overcharge; Switch")
        .set("cards", "Second Wind", "effects", "Recover 2; Suppress")
        .set("cards", "Rally Strike", "effects", "Power Up each friendly; Wound 1 each enemy")
        .set("abilities", "Corin's Last Orders", "effects", "Draw 2; Recover 1 each friendly")
        .set("decks", "Red: Haymaker", "copies", 6)
        .set("decks", "Blue: Sap", "copies", 1),
        # Abilities of living characters, one an edge that pays for itself (long chains of
        # edges in one window), and more choices of dice.
        cards.with_row(
            "abilities",
            {
                "name": "Vell's Focus",
                "character": "Vell",
                "when": "alive",
                "kind": "action",
                "cost": "<2>",
                "target": "none",
                "targets": 0,
                "effects": "Power Up self",
                "text": "Power Up.",
            },
        )
        .with_row(
            "abilities",
            {
                "name": "Ember's Ward",
                "character": "Ember",
                "when": "alive",
                "kind": "edge",
                "cost": "<1>",
                "target": "friendly",
                "targets": 1,
                "effects": "Recover 1",
                "text": "Recover 1.",
            },
        )
        .set("cards", "Jab", "effects", "Power Down; Drain")
        .set("cards", "Patch Up", "effects", "Heal 3; Draw 1"),
    ]


@pytest.mark.parametrize("case", range(3))
def test_kernel_plays_edited_tables(case):
    cards = edited(wb.load_cards("squad_combat"))[case]
    for rules in (
        None,
        V05,
        {"sc.overcharge": "chosen", "sc.edge_stack": "lifo", "sc.heal_compare": "printed"},
    ):
        for bots in ("random", "heuristic", {0: "heuristic"}):
            fast, slow = both(
                40, bots=bots, cards=cards, rules=rules, seed=case, trace=bots == "heuristic"
            )
            assert_same(fast, slow)


def test_time_outs_agree_traced_or_not():
    for bots in ("random", "heuristic"):
        fast, slow = both(40, bots=bots, max_decisions=30)
        assert_same(fast, slow)
        assert all(r["outcome"] == "timeout" for r in slow)
    # Traced, as sweeps play them: a game with no winner has no tension (empty columns).
    fast, slow = both(20, bots="random", max_decisions=30, trace=True)
    assert_same(fast, slow)
    assert all(r["drama"] is None for r in slow if r["outcome"] == "timeout")


def test_bots_the_kernel_does_not_copy_go_to_the_engine():
    def cautious(state, seat, actions, rng):
        return actions[-1]

    b = prepare("squad_combat", None, None, "random", None, {})
    declined(play_batch(GAME, b.cards, b.rules, b.setup, {0: cautious}, 2000, [1, 2]))
    assert play_batch(GAME, b.cards, b.rules, b.setup, {1: random_bot}, 2000, [1, 2])[
        "seed"
    ].to_list() == [1, 2]
    # ... and simulate still gives the engine's rows for them.
    frame = wb.simulate("squad_combat", 10, bots=cautious, seed=4)
    assert frame["seed"].to_list() == game_seeds(4, 10)


EVERYTHING = sorted(
    set(wb.load_cards("squad_combat")["cards"]["name"])
    | set(wb.load_cards("squad_combat")["abilities"]["name"])
)
BANS = {
    "red-no-jab": ({0: BannedBot("squad_combat", ["Jab"]), 1: "heuristic"}, {}),
    "blue-no-three": (
        {
            0: "heuristic",
            1: BannedBot("squad_combat", ["Rally Strike", "Dodge Roll", "Vell's Parting Shot"]),
        },
        {},
    ),
    "both-banned-v05": (
        {
            0: BannedBot("squad_combat", ["Haymaker", "Brace"]),
            1: BannedBot("squad_combat", ["Sap"]),
        },
        V05,
    ),
    "everything-banned": ({0: BannedBot("squad_combat", EVERYTHING), 1: "heuristic"}, {}),
    "random-banned": (
        {0: BannedBot("squad_combat", ["Jab", "Haymaker"], bot="random"), 1: "random"},
        {},
    ),
}


@pytest.mark.parametrize("trace", [False, True], ids=["rows", "traced"])
@pytest.mark.parametrize("case", list(BANS))
def test_kernel_plays_ban_lists_as_the_engine(case, trace):
    bots, rules = BANS[case]
    fast = kernels.assert_ban_lists_played("squad_combat", 60, bots, rules=rules, trace=trace)
    if case == "red-no-jab":  # Red never played Jab, Blue did
        assert all("Jab" not in r["played_0"].split("|") for r in fast)
        assert any("Jab" in r["played_1"].split("|") for r in fast)
    if case == "everything-banned":
        assert all(r["played_0"] == "" for r in fast)


def test_other_kernels_hand_ban_lists_to_the_engine():
    b = prepare("squad_combat", None, None, "random", None, {})
    made = {0: BannedBot("squad_combat", ["Jab"], bot="mcts:5"), 1: random_bot}
    assert "not compiled" in declined(
        play_batch(GAME, b.cards, b.rules, b.setup, made, 2000, [1, 2])
    )


@pytest.mark.stamped
def test_simulate_and_sweep_take_the_kernel(monkeypatch):
    kernels.assert_simulate_and_sweep_take_the_kernel(
        monkeypatch, "squad_combat", {"cards.Haymaker.damage": [4, 6]}
    )


def test_the_agreement_covers_every_kind_of_ending():
    fast, slow = both(200, bots="random", trace=True)
    assert_same(fast, slow)
    outcomes = Counter(r["outcome"] for r in slow)
    assert outcomes["Seat 1 wins"] >= 10 and outcomes["draw"] >= 1
    for column in ("hits", "misses", "negated", "deaths", "refreshes", "edges", "lead_changes"):
        assert any(r[column] for r in slow), column
    fast, slow = both(100, bots="heuristic", rules={"sc.turn_limit": 6})
    assert_same(fast, slow)
    assert any(r["outcome"] == "draw" for r in slow)
    fast, slow = both(100, bots={1: "heuristic"}, squads=["Blue", "Red"])
    assert_same(fast, slow)
    assert any(r["outcome"] == "Seat 2 wins" for r in slow)


def test_setup_errors_are_the_engines():
    with pytest.raises(wb.SetupError, match="no squad 'Green'"):
        wb.simulate("squad_combat", 3, squads=["Red", "Green"])


def test_tables_past_the_kernels_room_go_to_the_engine():
    from workbench.games.squad_combat import kernel

    cards = wb.load_cards("squad_combat")
    row = cards.row("characters", "Brakka")
    for i in range(kernel.DEF_CAP + 1 - cards["characters"].height):
        cards = cards.with_row("characters", {**row, "name": f"Brakka {i + 2}"})
    why = declined(
        play_batch(GAME, cards, GAME.default_rules(), GAME.check_setup({}), {}, 2000, [1])
    )
    assert "characters" in why
    # One character fewer fits.
    fast, slow = both(3, cards=cards.without_row("characters", f"Brakka {i + 2}"))
    assert_same(fast, slow)
