"""The heuristic bot against random play, and the loadout what-if analysis."""

from __future__ import annotations

import pytest

import workbench as wb
from workbench.games.rpg_card_battle.analysis import level_sweep, loadout_matrix, wilson

GAME = "rpg_card_battle"


@pytest.mark.parametrize("seat", [0, 1])
def test_heuristic_beats_random_in_a_mirror_match(seat):
    bots = {seat: "heuristic", 1 - seat: "random"}
    games = wb.simulate(GAME, 120, seed=0, bots=bots, characters=["Knight", "Knight"])
    assert (games["winner"] == seat).mean() > 0.85


def test_heuristic_lifts_the_weaker_character():
    random = wb.simulate(GAME, 150, seed=0, bots="random")
    helped = wb.simulate(GAME, 150, seed=0, bots={0: "random", 1: "heuristic"})
    assert (helped["winner"] == 1).mean() > (random["winner"] == 1).mean() + 0.15


def test_mcts_bot_plays_a_legal_game():
    m = wb.play(GAME, seed=2, bots={0: "mcts:30", 1: "random"})
    m.auto()
    assert m.over


def test_loadout_matrix_is_tidy_and_sensible():
    frame = loadout_matrix(["Knight", "Rogue"], 30, seed=4)
    assert frame.height == 4
    assert {
        "row",
        "column",
        "games",
        "wins",
        "losses",
        "draws",
        "win_rate",
        "ci_low",
        "ci_high",
    } <= set(frame.columns)
    assert (frame["wins"] + frame["losses"] + frame["draws"] == 30).all()
    cell = frame.filter((frame["row"] == "Knight") & (frame["column"] == "Rogue"))
    assert cell["win_rate"][0] > 0.7  # the Knight's 5 Attack against Defence 3 tells
    # Seats are symmetric, so a row's wins against a column are about that column's losses.
    back = frame.filter((frame["row"] == "Rogue") & (frame["column"] == "Knight"))
    assert back["win_rate"][0] < 0.3


def test_loadout_matrix_takes_custom_loadouts_and_is_reproducible():
    dagger_knight = {
        "name": "Knight (dagger)",
        "character": "Knight",
        "equipment": ["Poisoned Dagger", "Kite Shield", "Chainmail", "Pack"],
    }
    a = loadout_matrix(["Knight", dagger_knight, "Rogue"], 4, seed=9, level=2)
    assert a["row"].unique(maintain_order=True).to_list() == ["Knight", "Knight (dagger)", "Rogue"]
    assert a.equals(loadout_matrix(["Knight", dagger_knight, "Rogue"], 4, seed=9, level=2))


def test_level_sweep_changes_the_decks():
    frame = level_sweep("Knight", "Rogue", levels=(1, 3), n=20, seed=1)
    assert frame["level"].to_list() == [1, 3]
    assert frame["games"].to_list() == [20, 20]
    one = wb.simulate(GAME, 20, seed=1, bots="heuristic", level=1)
    assert frame["wins"][0] == int((one["winner"] == 0).sum())


def test_bad_loadouts_are_named():
    with pytest.raises(wb.SetupError, match="loadouts"):
        loadout_matrix(["Knight", {"nme": "x"}], 2)
    with pytest.raises(wb.SetupError, match="characters"):
        loadout_matrix(["Knight", "Paladin"], 2)
    with pytest.raises(wb.SetupError, match="names must differ"):
        loadout_matrix(["Knight", "Knight"], 2)


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low < 0.5 < high and round(high - low, 2) == 0.19
    assert wilson(0, 10)[0] == 0.0


def test_opening_hand_chance_is_exact_against_enumeration():
    import itertools
    from fractions import Fraction

    import workbench as wb
    from workbench.core import get_game
    from workbench.games.rpg_card_battle.analysis import opening_hand_chance
    from workbench.games.rpg_card_battle.catalog import catalog_for

    cat = catalog_for(
        wb.load_cards("rpg_card_battle"), get_game("rpg_card_battle").resolve_rules(None)
    )
    deck = [name for name, n in cat.build("Knight").deck for _ in range(n)]
    # Brute force over 3-card hands (small enough to enumerate every hand).
    hands = list(itertools.combinations(range(len(deck)), 3))
    hit = sum(any(deck[i] in ("Parry", "Shield Bash") for i in h) for h in hands)
    assert opening_hand_chance("Knight", ["Parry", "Shield Bash"], hand=3) == Fraction(
        hit, len(hands)
    )
    import pytest

    with pytest.raises(ValueError, match="no 'Fireball'"):
        opening_hand_chance("Knight", "Fireball")
