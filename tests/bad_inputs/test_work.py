"""Work is counted before it is built: a call asking for more than a stated limit (points of a
sweep, a sensitivity or a what-if range, dice samples, steps of an explosion, playouts of a named
search bot) is refused at once with the argument, the amount asked for and the limit, before
anything is built or checked one by one; and laying out a card's text costs work in proportion
to its length.
"""

from __future__ import annotations

import json
from unittest import mock

import workbench as wb

from .cases import Silent, area_test, case, check, expect

HEALTHS = ("enemies.Rats.health", "enemies.Brutes.health", "enemies.Lankies.health")


@case("work")
def what_if_range_of_a_hundred_million_points(tmp):
    from workbench.widgets.whatif_logic import WhatIfSession

    session = WhatIfSession("coop", executor="serial")
    # 10**8 rather than 10**9: a version that builds the list first still fits in memory.
    with expect("ValueError", "range", "100,000,001 points", "10,000"):
        session.values(0, 10**8)
    check(session.values(8, 12, 2) == [8, 10, 12], "a small range changed", Silent)


@case("work")
def grid_of_a_million_points_of_one_game_each(tmp):
    vary = {key: list(range(1, 101)) for key in HEALTHS}
    with expect("SetupError", "vary", "1,000,000 points", "10,000", "confirm"):
        wb.sweep("coop", vary, 1, executor="serial", progress=False)


@case("work")
def grid_is_counted_before_its_values_are_checked(tmp):
    many = [1, 2, 3, 4, 5] * 20_000
    vary = {HEALTHS[0]: many, HEALTHS[1]: many, HEALTHS[2]: many + ["lots"]}
    # Sized first, the grid is refused for its size, not for "lots" 300,000 values later.
    with expect("SetupError", f"{100_000 * 100_000 * 100_001:,} points", "confirm"):
        wb.sweep("coop", vary, 1, executor="serial", progress=False)


@case("work")
def sensitivity_of_twenty_thousand_cards(tmp):
    with expect("SetupError", "20,000 cards", "points", "confirm"):
        wb.sensitivity(
            "coop", "enemies", 1, cards_subset=["Rats"] * 20_000, executor="serial", progress=False
        )


@case("work")
def sampling_more_than_fits_in_memory(tmp):
    from workbench import dice

    with expect("ValueError", "n", "100,000,000", "10,000,000"):
        dice.sample("d6", n=10**8)


@case("work")
def an_explosion_of_a_million_steps(tmp):
    from workbench import dice
    from workbench.dice import _poly

    steps = []
    real = _poly.convolve_cost

    def counted(*args):
        steps.append(args)
        return real(*args)

    with (
        mock.patch.object(_poly, "convolve_cost", counted),
        expect("DiceTooLarge", "exploding", "1000000 times", "budget"),
    ):
        dice.exact("d6!>=1:1000000")
    check(
        len(steps) < 1000,
        f"the estimate costed {len(steps):,} of the million steps one by one",
        Silent,
    )


def _characters_measured(text: str) -> int:
    """How many characters the font's widths are looked up for to print the coop loot sheet
    with `text` as one card's text."""
    from workbench.sheets import draw

    looked_up = [0]

    class Counting(dict):
        def get(self, key, default=None):
            looked_up[0] += 1
            return dict.get(self, key, default)

        def __getitem__(self, key):
            looked_up[0] += 1
            return dict.__getitem__(self, key)

    real = draw._metrics

    def counted(bold):
        widths, missing, em = real(bold)
        return Counting(widths), missing, em

    cards = wb.load_cards("coop").set("loot", "SW-B", "text", text)
    with mock.patch.object(draw, "_metrics", counted):
        cards.sheet("loot")
    return looked_up[0]


@case("work")
def card_text_is_laid_out_in_proportion_to_its_length(tmp):
    base = _characters_measured("x")
    for unit in ("x", "word "):  # one unbroken word, and many short ones
        once = _characters_measured(unit * (400 // len(unit))) - base
        twice = _characters_measured(unit * (800 // len(unit))) - base
        check(
            twice <= 2.2 * once,
            f"doubling {unit!r} text measured {twice / once:.1f} times as many characters",
            Silent,
        )
    sheet = wb.load_cards("coop").set("loot", "SW-B", "text", "word " * 2000).sheet("loot")
    check(sheet.overflow == [("loot", "SW-B")], "text past the card was not reported", Silent)


def _saved_with_a_search_bot(playouts: str) -> str:
    match = wb.play("correction", seed=1, bots={1: "mcts:20"})
    while not match.over and not any(e.get("bot") for e in match.log):
        if match.to_move in match.bots:
            match.bot_step()
        else:
            match.step(match.legal_actions()[0])
    text = match.to_json().replace('"mcts:20"', json.dumps(playouts))
    assert any(h.get("bot") for h in json.loads(text)["history"]), "no bot decision saved"
    return text


@case("work")
def saved_match_with_a_search_of_twenty_million_playouts(tmp):
    text = _saved_with_a_search_bot("mcts:20000000")
    with expect("MatchFileError", "mcts:20000000", "20,000,000 playouts", "20,000"):
        wb.load_match(text)


@case("work")
def match_with_a_search_of_twenty_million_playouts(tmp):
    with expect("SetupError", "mcts:20000000", "20,000,000 playouts", "20,000"):
        wb.play("correction", bots="mcts:20000000")
    with expect("SetupError", "mcts:20000000", "20,000"):
        wb.simulate("correction", 1, bots="mcts:20000000")


@case("work")
def a_run_of_fewer_games_that_would_still_take_hours(tmp):
    from workbench.sim import guard

    before = guard.max_hours
    guard.max_hours = 1e-6  # as a game a thousand times slower would meet the real limit
    try:
        with expect("SetupError", "30,000 games", "hour", "confirm=True"):
            wb.simulate("correction", 30_000, executor="serial")
    finally:
        guard.max_hours = before


@case("work")
def a_run_that_could_never_finish_even_confirmed(tmp):
    with expect("SetupError", "1,000,000,000,000 games", "days", "even confirmed"):
        wb.simulate("coop", 10**12, confirm=True)


test_bad_input = area_test(__name__)
