"""Golden playthroughs: whole logged games that must not change unless the rules do.

Regenerate after an intended rules change with WORKBENCH_REGEN_GOLDEN=1.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import golden

GOLDEN = Path(__file__).parent / "golden"
GAMES = {
    "default_seed1_heuristic_vs_random": {"seed": 1, "bots": {0: "heuristic", 1: "random"}},
    "mirror_seed4_heuristic": {"seed": 4, "bots": "heuristic", "decks": ["Order", "Syndicate"]},
    "variants_seed3_random": {
        "seed": 3,
        "bots": "random",
        "first_player": 0,
        "locations": ["City Hall", "Data Vault", "Dockside Warehouse"],
        "rules": {
            "loc.stack": "lifo",
            "loc.skill_count": "mission_only",
            "loc.giant": "full_each",
            "loc.turn_limit": 16,
        },
    },
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name):
    golden.check(GOLDEN / f"{name}.txt", golden.event_lines("location_ccg", GAMES[name]))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_game_replays_from_its_save(name):
    golden.check_replay("location_ccg", GAMES[name])
