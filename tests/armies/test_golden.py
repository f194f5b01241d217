"""Golden Armies playthroughs: whole logged games that must not change by accident."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import golden

GOLDEN = Path(__file__).parent / "golden"
GAMES = {
    "heuristic": {"seed": 155524917330881, "bots": "heuristic"},
    "seed2_random": {"seed": 2, "bots": "random"},
    "seed5_variants": {
        "seed": 5,
        "bots": {0: "heuristic", 1: "random"},
        "decks": ["Shadow Court", "Horse and Bow"],
        "first_player": "White",
        "rules": {
            "power": "dice",
            "training_per_turn": "unlimited",
            "ability_speed": "instant",
            "cloak_scope": "leader_only",
            "general_is_army_for_boons": True,
            "sacrifice_from": "play_or_hand",
        },
    },
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthroughs(name):
    golden.check(GOLDEN / f"{name}.txt", golden.log_lines("armies", GAMES[name]))


def test_golden_games_replay_from_their_saved_form():
    golden.check_saved_form("armies", GAMES["seed2_random"])
