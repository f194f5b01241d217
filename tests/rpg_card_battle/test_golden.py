"""Golden playthroughs: whole logged games that must not change unless the rules do.

Regenerate after an intended rules change with WORKBENCH_REGEN_GOLDEN=1.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import workbench as wb
from tests import golden

GOLDEN = Path(__file__).parent / "golden"
GAMES = {
    "default_seed1_heuristic_vs_random": {"seed": 1, "bots": {0: "heuristic", 1: "random"}},
    "default_seed7_random": {"seed": 7, "bots": "random"},
    "undead_seed3_variants": {
        "seed": 3,
        "bots": "heuristic",
        "characters": ["Knight", "Rogue"],
        "classes": ["Undead", None],
        "class_sets": [["Undead Meat"] + ["Power Strike"] * 6, None],
        "level": [3, 2],
        "rules": {"defeat_check": "before_items", "poison_stacking": "refresh"},
    },
}


def _lines(spec: dict) -> list[str]:
    """The match log, with what each turn revealed (both picks, damage, poison, heals)
    written after the pick that resolved it."""
    m = wb.play("rpg_card_battle", **spec)
    lines = [e["text"] for e in m.log]
    seen = len(m.log)
    while m.bot_step() is not None:
        for e in m.log[seen:]:
            lines.append(e["text"])
            if e["kind"] == "action" and e["seat"] == 1:
                lines.append(f"REVEALED {json.dumps(m.state.last_turn(), sort_keys=True)}")
        seen = len(m.log)
    return lines + [golden.result_line(m)]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name):
    golden.check(GOLDEN / f"{name}.txt", _lines(GAMES[name]))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_game_replays_from_its_save(name):
    golden.check_replay("rpg_card_battle", GAMES[name])
