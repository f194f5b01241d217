"""Restricted play in a balance report: a bot that never plays a card, its games recomputed
from simulate frames, the verdicts read against their thresholds, and a card made far too
strong found as the one a side cannot do without."""

from __future__ import annotations

import pickle
import random

import polars as pl
import pytest

import workbench as wb
from workbench.core import get_game
from workbench.core.restricted import BannedBot
from workbench.sim.balance_restricted import COLLAPSE, NOT_WORTH, verdict


class _Checked:
    """BannedBot, with every choice it makes checked against its ban list."""

    def __init__(self, bot: BannedBot):
        self.bot, self.chosen, self.forced = bot, 0, 0

    def __call__(self, state, seat, actions, rng):
        action = self.bot(state, seat, actions, rng)
        game = self.bot.game
        names = {game.ban_name(state, a) for a in actions}
        if names <= self.bot.banned:
            self.forced += 1
        else:
            assert game.ban_name(state, action) not in self.bot.banned, action
        self.chosen += 1
        return action


@pytest.mark.parametrize(
    ("game", "banned", "setup"),
    [
        ("squad_combat", "Quick Thrust", {}),
        ("rpg_card_battle", "Attack +2", {}),
        ("correction", "Knight", {}),
        ("sac", "shoot", {}),
    ],
)
def test_a_banned_card_is_never_played_unless_nothing_else_is_legal(game, banned, setup):
    checked = _Checked(BannedBot(game, banned))
    frame = wb.simulate(game, 6, seed=3, bots={0: checked}, executor="serial", **setup)
    assert frame.height == 6 and checked.chosen > 20


@pytest.mark.parametrize("game", ["armies", "correction"])
def test_a_heuristic_chooses_among_the_actions_it_is_handed(game):
    """These heuristics score the options the rules list; handed fewer (a BannedBot's list),
    they choose the best of those, so restricted play is the heuristic's best allowed move
    rather than a random one."""
    bot = get_game(game).heuristic_bot()
    checked = [0]

    def checking(state, seat, actions, rng):
        if len(actions) > 2:
            first = bot(state, seat, actions, random.Random(0))
            shorter = [a for a in actions if a != first]
            assert bot(state, seat, shorter, random.Random(0)) in shorter
            checked[0] += 1
        return bot(state, seat, actions, rng)

    wb.simulate(game, 2, seed=5, bots={0: checking, 1: "heuristic"}, executor="serial")
    assert checked[0] > 10


def test_the_bot_without_a_ban_plays_as_the_heuristic_does():
    free = wb.simulate(
        "correction",
        20,
        seed=1,
        bots={0: BannedBot("correction", []), 1: "heuristic"},
        executor="serial",
    )
    usual = wb.simulate("correction", 20, seed=1, bots="heuristic", executor="serial")
    assert free.drop("played_by").equals(usual.drop("played_by"))


def test_the_bot_pickles_by_names_and_names_what_is_wrong():
    bot = pickle.loads(pickle.dumps(BannedBot("squad_combat", ["Jab"])))
    assert bot.banned == {"Jab"} and bot.game.name == "squad_combat"
    assert "Jab" in repr(bot)
    with pytest.raises(wb.SetupError, match="unknown bot"):
        BannedBot("squad_combat", "Jab", bot="cleverest")
    with pytest.raises(wb.SetupError, match="banned"):
        BannedBot("squad_combat", [3])


@pytest.mark.parametrize(
    ("change", "low", "high", "words"),
    [
        (-0.4, -0.5, -0.3, "carries the seat"),
        (-0.1, -0.2, -0.01, "worth playing"),
        (0.1, 0.02, 0.2, "better never played"),
        (0.0, -NOT_WORTH + 0.01, 0.03, "not worth playing"),
        (-0.05, -0.2, 0.1, "not clear yet"),
        (-COLLAPSE + 0.01, -0.3, -0.01, "worth playing"),
    ],
)
def test_verdicts_read_the_change_and_its_interval(change, low, high, words):
    assert verdict(change, low, high).startswith(words)


@pytest.fixture(scope="module")
def correction():
    return wb.balance("correction", mode="fast", executor="serial", progress=False)


def test_restricted_figures_agree_with_simulate_frames(correction):
    banned = correction.restricted
    assert banned.height >= 2 and set(banned["who"]) <= {"seat 1", "seat 2"}
    part = correction.parts.filter(pl.col("part") == "restricted play").row(0, named=True)
    assert part["games"] == banned["games"].sum()
    base = correction.games.filter(pl.col("bots") == "the game's bots")
    for row in banned.iter_rows(named=True):
        seat = int(row["who"][-1]) - 1
        n = row["games"]
        bot = BannedBot("correction", row["card"])
        frame = wb.simulate(
            "correction",
            n,
            seed=correction.seed,
            bots={seat: bot, 1 - seat: "heuristic"},
            executor="serial",
        )
        assert row["wins"] == int((frame["winner"] == seat).sum())
        assert row["usual_win_rate"] == pytest.approx(float((base["winner"] == seat).mean()))
        assert row["change"] == pytest.approx(row["win_rate"] - row["usual_win_rate"])
        assert row["change_low"] <= row["change"] <= row["change_high"]
    page = correction.to_html()
    assert "Which cards matter" in page and page.count("<svg") == 3


def test_a_card_made_far_too_strong_is_one_a_side_cannot_do_without():
    cards = get_game("squad_combat").load_cards()
    cards = cards.set("cards", "Sap", "damage", 30)  # every hit kills
    report = wb.balance(
        "squad_combat",
        cards=cards,
        mode="fast",
        skill=False,
        restricted=["Sap", "Jab"],
        executor="serial",
        progress=False,
    )
    sap = report.restricted.filter((pl.col("card") == "Sap") & (pl.col("who") == "Blue"))
    assert sap.height == 1 and sap["verdict"][0].startswith("carries the seat")
    assert any(f.startswith("Blue needs Sap") for f in report.findings["finding"])
    assert set(report.restricted["card"]) <= {"Sap", "Jab"}
    # Squad Combat's kernel learns ban lists (core/restricted.unbanned), so it played them.
    part = report.parts.filter(pl.col("part") == "restricted play")
    assert part["played by"].to_list() == ["kernel"]


def test_a_party_is_restricted_whole():
    report = wb.balance("coop", mode="fast", executor="serial", progress=False, players=2)
    assert set(report.restricted["who"]) == {"the party"}
    assert report.restricted.height >= 1


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"restricted": ["No Such Card"]}, "never played No Such Card"),
        ({"restricted": [3]}, "list of card names"),
        ({"restricted": "yes"}, "True or False"),
        ({"restricted": True, "bots": "random"}, "bots left unset"),
    ],
)
def test_bad_restricted_arguments_are_named(kwargs, words):
    with pytest.raises(wb.SetupError, match=words):
        wb.balance(
            "correction", mode="fast", skill=False, executor="serial", progress=False, **kwargs
        )


def test_strengths_have_intervals_that_hold_them():
    from workbench.sim.balance_skill import ratings

    decided = [(1, 0)] * 30 + [(0, 1)] * 10 + [(2, 1)] * 22 + [(1, 2)] * 18
    once, again = ratings(["r", "h", "s"], decided), ratings(["r", "h", "s"], decided)
    assert once.equals(again)
    for row in once.to_dicts()[1:]:
        assert row["strength_low"] < row["strength"] < row["strength_high"]


def test_restricted_play_stopped_returns_what_it_has(correction):
    import threading

    from workbench.sim.balance_restricted import restricted_play

    stop = threading.Event()
    stop.set()
    rows, why, _ = restricted_play(
        get_game("correction"),
        correction,
        cards=None,
        rules=None,
        setup={},
        sides=None,
        seed=correction.seed,
        games=12,
        mode="fast",
        precision=0.05,
        executor="serial",
        progress=False,
        stop=stop,
    )
    assert why == "interrupted"
    assert rows.is_empty() or rows["games"].sum() < correction.restricted["games"].sum()
    assert "seconds" in correction.parts.columns and (correction.parts["seconds"] > 0).all()


def test_a_bot_that_cannot_do_without_an_action_still_never_plays_it():
    from workbench.core.actions import Action

    def needs_end(state, seat, actions, rng):  # looks the end of the turn up by its kind
        return {a.kind: a for a in actions}["end"]

    bot = BannedBot("sac", "end", bot=needs_end)
    actions = [
        Action("end", (), "End"),
        Action("search", (), "Search"),
        Action("move", (1, 2), "Move"),
    ]
    import random

    chosen = {bot(None, 0, actions, random.Random(s)).kind for s in range(20)}
    assert chosen <= {"search", "move"} and chosen
