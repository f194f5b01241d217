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
    "mirror_seed7_random": {
        "seed": 7,
        "bots": "random",
        "squads": ["Red", "Red"],
        "rules": {"sc.turn_limit": 6},
    },
    "v05_seed3_heuristic_variants": {
        "seed": 3,
        "bots": "heuristic",
        "squads": ["Blue", "Red"],
        "rules": {
            "sc.ruleset": "v0_5",
            "sc.edge_stack": "lifo",
            "sc.first_player": "rotate",
            "sc.overcharge": "six",
            "sc.turn_limit": 12,
        },
    },
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name):
    golden.check(GOLDEN / f"{name}.txt", golden.event_lines("squad_combat", GAMES[name]))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_game_replays_from_its_save(name):
    golden.check_replay("squad_combat", GAMES[name])
