"""The odds play shows before an attack are the exact table (rules.md section 4), checked
against every roll of the binary dice; and the analyses built on simulated games."""

from __future__ import annotations

import itertools
from fractions import Fraction

import polars as pl
import pytest

from workbench.core import get_game
from workbench.core.odds import action_odds
from workbench.dice.mechanics import armies_attack
from workbench.games.armies import analysis

from .helpers import BLACK, WHITE, at, play, position

# The rules file's melee table (section 4), offense 0-6 by defense 0-5, in percent.
PRINTED = [
    [100, 50, 25, 12, 6, 3],
    [100, 75, 50, 31, 19, 11],
    [100, 88, 69, 50, 34, 23],
    [100, 94, 81, 66, 50, 36],
    [100, 97, 89, 77, 64, 50],
    [100, 98, 94, 86, 75, 62],
    [100, 99, 96, 91, 83, 73],
]
PRINTED_RANGED = [
    [0] * 6,
    [100, 50, 25, 12, 6, 3],
    [100, 100, 75, 50, 31, 19],
    [100, 100, 100, 88, 69, 50],
    [100, 100, 100, 100, 94, 81],
]


def brute_force(offense: int, defense: int, *, power: int | None = None) -> Fraction:
    """Every equally likely roll of every binary die, counted."""
    wins = total = 0
    attack_rolls = [()] if power is not None else itertools.product((0, 1), repeat=offense)
    for a in attack_rolls:
        for d in itertools.product((0, 1), repeat=defense):
            attack = power if power is not None else sum(a) + 1
            wins += attack > sum(d)
            total += 1
    return Fraction(wins, total)


def shown_before_the_roll(offense: int, defense: int) -> tuple[str, Fraction]:
    """Set up an attack with these stats and read the odds its chance point shows."""
    st = position([(WHITE, "R", "a1"), (BLACK, "N", "a5")], step="Move")
    at(st, "a1").temp = offense  # until end of turn, as Blood Cultist's rite gives it
    at(st, "a5").hope = defense  # Hope tokens count on defence
    st.changed()
    play(st, "Rook a1 attacks the Knight on a5")
    assert st.phase == "roll"
    ((what, p),) = st.chance().odds_list()
    return what, p


@pytest.mark.parametrize("offense", range(7))
def test_play_shows_the_exact_table_before_every_melee_attack(offense):
    for defense in range(6):
        what, shown = shown_before_the_roll(offense, defense)
        exact = brute_force(offense, defense)
        assert what == "to capture"
        assert shown == exact == armies_attack(offense, defense)
        assert abs(float(shown) * 100 - PRINTED[offense][defense]) < 1  # printed rounded


def test_fixed_power_ranged_odds_match_the_printed_table_and_brute_force():
    for power in range(5):
        for defense in range(6):
            exact = brute_force(0, defense, power=power)
            assert armies_attack(0, defense, ranged=True, power=power) == exact
            assert abs(float(exact) * 100 - PRINTED_RANGED[power][defense]) < 1


def test_the_odds_table_is_the_printed_one():
    table = analysis.odds_table()
    assert table.columns == ["offense", *(f"defense {d}" for d in range(6))]
    for row in table.iter_rows(named=True):
        printed = PRINTED[row["offense"]]
        assert all(abs(row[f"defense {d}"] - printed[d]) <= 1 for d in range(6))


@pytest.fixture(scope="module")
def games():
    return analysis.matchup_games(8, bots="random", seed=4)


def test_matchup_games_play_each_deck_on_each_side(games):
    assert games.height == 8
    assert games.filter(pl.col("white_deck") == "Horse and Bow").height == 4
    decided = games.filter(pl.col("winner") >= 0)
    assert (decided["winning_deck"].is_not_null()).all()


def test_deck_matchup_first_player_and_endings_add_up(games):
    table = analysis.deck_matchup(games, "Horse and Bow")
    assert table["side"].to_list() == ["as White", "as Black", "either side"]
    white, black, both = table.iter_rows(named=True)
    assert white["wins"] + black["wins"] == both["wins"]
    assert white["games"] + black["games"] == both["games"]
    assert both["ci_low"] <= both["rate"] <= both["ci_high"]
    first = analysis.first_player_wins(games)
    assert first["verdict"] in ("first player ahead", "second player ahead", "no clear advantage")
    ends = analysis.how_games_end(games)
    assert ends["games"].sum() == games.height and abs(ends["share"].sum() - 1) < 1e-9


def test_a_cavalry_attack_shows_its_chance_to_charge_on_before_the_roll():
    st = position(
        [(WHITE, "R", "a1", {"leader": "Heavy Cavalry"}), (BLACK, "P", "a4"), (BLACK, "N", "a7")],
        step="Move",
    )
    attack = next(a for a in st.legal_actions() if a.label.startswith("Rook a1 attacks"))
    odds = action_odds(st, attack, get_game("armies").spec.odds, WHITE)
    lines = {line.what: line.value for line in odds.lines}
    # A = 1 + the 1s on six dice, D = 0: a margin above 2 needs two or more 1s.
    charge = Fraction(sum(1 for a in itertools.product((0, 1), repeat=6) if sum(a) + 1 - 0 > 2), 64)
    assert lines == {"to capture": 1, "to charge on": charge}
    st = position([(WHITE, "R", "a1"), (BLACK, "P", "a4")], step="Move")
    attack = next(a for a in st.legal_actions() if a.label.startswith("Rook a1 attacks"))
    assert [line.what for line in action_odds(st, attack, (), WHITE).lines] == ["to capture"]
