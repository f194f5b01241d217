"""Golden playthroughs: whole logged games that must not change unless the rules do, and the
worked example's steps as the step-through shows them.

Regenerate after an intended rules change with WORKBENCH_REGEN_GOLDEN=1.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import golden

from .helpers import example

GOLDEN = Path(__file__).parent / "golden"
GAMES = {
    "seed1_heuristic": {"seed": 1, "bots": "heuristic"},
    "seed2_random": {"seed": 2, "bots": "random", "rules": {"sac.rounds": 12}},
    "seed5_variants": {
        "seed": 5,
        "bots": "heuristic",
        "rules": {
            "sac.suits": "legend",
            "sac.dead_end": "backtrack",
            "sac.shot": "miss_on_fail",
            "sac.door_order": "lifo",
            "sac.width": 10,
            "sac.height": 7,
        },
    },
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name):
    golden.check(GOLDEN / f"{name}.txt", golden.event_lines("sac", GAMES[name]))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_game_replays_from_its_save(name):
    golden.check_replay("sac", GAMES[name])


def test_the_worked_example_step_by_step():
    b = example()
    golden.check(
        GOLDEN / "worked_example.txt", [f"{n.step + 1}. {n.text}" for n in b.notes] + b.text_map()
    )
