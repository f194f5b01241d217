"""Golden Correction playthroughs: whole logged games that must not change by accident."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import golden

GOLDEN = Path(__file__).parent / "golden"
GAMES = {
    "seed1_heuristic": dict(seed=1, bots="heuristic"),
    "seed4_random": dict(seed=4, bots="random"),
    "seed2_variants": dict(
        seed=2,
        bots="heuristic",
        rules={
            "token_supply": 20,
            "deny_occupied": False,
            "banish": "captured",
            "knight_side_L_capture_only": True,
        },
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthroughs(name):
    golden.check(GOLDEN / f"{name}.txt", golden.log_lines("correction", GAMES[name]))


def test_golden_games_replay_from_their_saved_form():
    golden.check_saved_form("correction", GAMES["seed1_heuristic"])
